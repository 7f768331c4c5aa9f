"""Response windows (digest A.7.25): when fast cards (seed 4.3 ⑤) and the
① effects of dominated characters (seed 4.3 ⑥) are used, and by whom.

Seed 4.3 ⑤: 「패스트 카드는 세력 페이즈에도 사용 가능하고 심지어는 상대방의
세력 페이즈와 메인 페이즈 때에도 사용이 가능하다」 (fast cards in the faction
phase too, and even in the opponent's faction and main phases); seed 4.3 ⑥:
「사용 시기는 패스트 카드와 같이 세력 페이즈와 메인 페이즈라면 아무때나
가능하다」 (effects, like fast cards, at any time in the faction and main
phases). So priority passes after each action in those phases:

- main phase: after each action of the turn player the opponent has a
  window: a declared card (project, fast card, break card, permanent) or a
  declared ① effect waits in it and resolves when it closes (digest A.7.25,
  declarations open a response window; seed 4.3 ④ 「중간에 반응이 들어오면
  그것에 대한 사항을 처리해 주어야 한다」); a placed character is already on
  the field (window ``action``); an attack has its own windows (attack.py);
  ending the main phase counts as the turn player's pass, and the phase ends
  when the opponent passes too (window ``main_end``); likewise each action
  counts as the turn player's pass, so one pass of the opponent closes the
  window, and an answer reopens the exchange;
- faction phase: a window before each aggressive (▼) attack, the owner first
  (seed 4.2 「공격을 받는 즉시 캐릭터의 주인은 ... 패스트 카드를 사용할지 등의
  반응을 결정한다」), and one after the last faction check, the turn player
  first (window ``faction_end``): the phase ends when both pass in succession.

In a window the players alternate; two passes in a row close it. What is
used inside a window resolves at once and priority passes on. A player whose
only legal choice is to pass is not asked."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_event
from tabletop.engine.heap import MEMO_FEW
from tabletop.engine.kitstate import OnePlayerDecision
from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..board import DOMINION, HAND, LAST_HELD, LIMBO, ONE, held_kinds
from ..legality import targets
from .procedures import PROCS

# choices that never change, made once (a decision lists the same objects each time)
_PASS = tuple(Choice("pass", {}, p, "Pass", role="pass") for p in (0, 1))

RULE = "seed 4.3 ⑤⑥, digest A.7.25"

# what a response window is for (step arg ``window``) and the question it asks
WINDOWS = {
    "attack": "Respond to the attack with a fast card or an effect, or pass",
    "card": "{what} waits to resolve: respond with a fast card or an effect, or pass",
    "action": "{what}: respond with a fast card or an effect, or pass",
    "faction": "Before {what} attacks (▼): use a fast card or an effect, or pass",
    "faction_end": "Faction phase: use a fast card or an effect before the main phase, or pass",
    "main_end": "The main phase is ending: use a fast card or an effect, or pass",
}


def open_window(state, window: str, first: int, passes: int = 0, what: str = "") -> None:
    """Push a response window in which ``first`` has priority first (``passes``:
    the passes already made, 1 when the action before it counts as the other
    player's pass); ``what`` names what it answers, for the question asked.

    A window runs before anything changes what its players hold (it is pushed
    on top, or under the payment of the cost of the card it answers, which
    only moves power cards). So a window in which no player it would ask holds
    anything a window can use (``may_answer``) is not opened: each of them
    could only pass and would not be asked, and it would close at once, with
    nothing said."""
    # may_answer(state, first) or (passes == 0 and may_answer(state, 1 - first)), without its calls
    table = state.table
    zones, card = table.zones, table.card
    held = LAST_HELD[0]
    if held.card is not card:
        held = held_kinds(card, state.db)
    fast, ability = held.fast, held.ability
    if not (fast.isdisjoint(zones[HAND[first]]) and ability.isdisjoint(zones[DOMINION[first]])) \
            or (passes == 0 and not (fast.isdisjoint(zones[HAND[1 - first]])
                                     and ability.isdisjoint(zones[DOMINION[1 - first]]))):
        state.push("response_window", priority=first, passes=passes, window=window, what=what)


def pass_priority(state, window: str, actor: int, what: str = "") -> None:
    """After an action of the turn player in the main phase, priority passes
    to the opponent (seed 4.3 ⑤⑥): the action counts as the actor's pass, so
    the window closes as soon as the opponent passes too."""
    open_window(state, window, 1 - actor, passes=1, what=what)


def _prompt(args: dict) -> str:
    what = args.get("what") or ""
    if not what and args["window"] in ("card", "action"):
        return WINDOWS["action"].format(what="Your turn to answer")
    if not what and args["window"] == "faction":
        what = "the aggressive character"
    return WINDOWS.get(args["window"], WINDOWS["faction_end"]).format(what=what)


# a card or an effect listed decision after decision with the same cards, players and
# words is the same choice, made once; kept by (kind, player, iid, target), with the card
# ids its words name (a determinized copy's cards have other ids)
_MADE: dict = {}


def _keep(key, names: tuple, choice: Choice) -> Choice:
    if len(_MADE) > MEMO_FEW:
        _MADE.clear()
    _MADE[key] = (names, choice)
    return choice


def card_play_choices(state, p, h, c, kind):
    card = state.table.card
    made = _MADE
    if c["target"] is None:
        key, names = (kind, p, h, -1), (card[h],)
        m = made.get(key)
        if m is not None and m[0] == names:
            return [m[1]]
        return [_keep(key, names, Choice(kind, {"card": h}, p, f"Play {c['name']}"))]
    out = []
    for t in targets(state, p, c["target"]):
        key, names = (kind, p, h, t), (card[h], card[t])
        m = made.get(key)
        out.append(m[1] if m is not None and m[0] == names else
                   _keep(key, names, Choice(kind, {"card": h, "target": t}, p, f"Play {c['name']} on {state.name_of(t)}")))
    return out


def activate_choices(state, p: int) -> list:
    """Activated effects ①: a dominated character's ability paid in power cards (seed 4.3 ⑥)."""
    out = []
    table = state.table
    dom = table.zones[DOMINION[p]]
    db, card = state.db, table.card
    if not dom:
        return out
    held = LAST_HELD[0]
    if held.card is not card:
        held = held_kinds(card, db)
    if held.ability.isdisjoint(dom):
        return out
    made = _MADE
    tp = None
    for d in dom:
        abil = db[card[d]]["ability"]
        if not abil:
            continue
        if tp is None:
            tp = state.total_power(p)
        for n, a in enumerate(abil):
            if tp < a["cost"]:
                continue
            if a["target"] is None:
                key, names = ("activate", p, d, n, -1), (card[d],)
                m = made.get(key)
                out.append(m[1] if m is not None and m[0] == names else
                           _keep(key, names, Choice("activate", {"card": d, "ability": n}, p,
                                                    f"Use {state.name_of(d)}: {a['text']}")))
            else:
                for t in targets(state, p, a["target"]):
                    key, names = ("activate", p, d, n, t), (card[d], card[t])
                    m = made.get(key)
                    out.append(m[1] if m is not None and m[0] == names else
                               _keep(key, names, Choice("activate", {"card": d, "ability": n, "target": t}, p,
                                                        f"Use {state.name_of(d)} on {state.name_of(t)}")))
    return out


def fast_choices(state, p: int, in_attack: bool) -> list:
    """Fast cards and activated effects usable in a window (seed 4.3 ⑤⑥)."""
    out = []
    tp = -1  # the total power, counted when a fast card asks for it
    db, card = state.db, state.table.card
    hand = state.table.zones[HAND[p]]
    held = LAST_HELD[0]
    if held.card is not card:
        held = held_kinds(card, db)
    if held.fast.isdisjoint(hand):
        hand = ()  # no fast card in hand
    for h in hand:
        c = db[card[h]]
        if c["type"] != "fast":
            continue
        if tp < 0:
            tp = state.total_power(p)
        if tp < c["cost"] or state.factor(p, c["faction"]) < c["factor"]:
            continue
        if c["timing"] == "attack" and not in_attack:
            continue
        out.extend(card_play_choices(state, p, h, c, "fast"))
    out.extend(activate_choices(state, p))
    return out


def play_fast(state, choice: Choice, events: list, window: bool) -> None:
    """Projects, fast cards and activated effects (seed 4.3 ④⑤⑥): pay the cost,
    then resolve. Declared outside a window (the turn player's main phase), the
    card waits in limbo, or the effect waits, while the opponent has a window
    (digest A.7.25); inside a window it resolves at once."""
    p = choice.player
    a = choice.args
    tgt = a.get("target", -1)
    if choice.kind == "activate":
        host = a["card"]
        ab = state.card(host)["ability"][a["ability"]]
        if tgt >= 0:
            said = f"{state.name_of(host)} uses its ability on {state.name_of(tgt)} ({ab['cost']} power)"
        else:
            said = f"{state.name_of(host)} uses its ability ({ab['cost']} power)"
        events.append(make_event("effect.activate", said, "seed 4.3 ⑥",
                        {"card": host, "ability": a["ability"], "target": tgt}))
        state.push("resolve", player=p, card=-1, target=tgt, host=host, ability=a["ability"])
        if not window:
            pass_priority(state, "card", p, f"{state.name_of(host)}'s ability")
        state.push("pay_cost", player=p, count=ab["cost"], why=f"{state.name_of(host)}'s ability")
        return
    c = state.card(a["card"])
    declare_card(state, p, a["card"], tgt, "seed 4.3 ④" if c["type"] == "project" else "seed 4.3 ⑤", events)
    state.push("resolve", player=p, card=a["card"], target=tgt, host=-1, ability=-1)
    if not window:
        pass_priority(state, "card", p, c["name"])
    state.push("pay_cost", player=p, count=c["cost"], why=c["name"])


def declare_card(state, p: int, h: int, tgt: int, rule: str, events: list) -> None:
    """A card is declared: it waits in limbo until it resolves (digest A.7.25)."""
    c = state.card(h)
    if tgt >= 0:
        said = f"{state.names[p]} plays {c['name']} on {state.name_of(tgt)}"
    else:
        said = "{player} plays {card}".format(player=state.names[p], card=c["name"])
    events.append(state.move(h, LIMBO[p], face=1, caption=said, rule=rule))
    events.append(make_event(f"{c['type']}.declare", f"{c['name']} waits to resolve", rule, {"card": h, "target": tgt}))


def may_answer(state, p: int) -> bool:
    """Whether ``p`` holds anything a window can use: a fast card in hand (seed
    4.3 ⑤) or a dominated character with a ① effect (seed 4.3 ⑥). Without
    either, passing is the only choice (told apart in C, without a list)."""
    table = state.table
    card, zones = table.card, table.zones
    held = LAST_HELD[0]
    if held.card is not card:
        held = held_kinds(card, state.db)
    return not (held.fast.isdisjoint(zones[HAND[p]]) and held.ability.isdisjoint(zones[DOMINION[p]]))


def window_choices(state, step) -> list:
    """The priority player's choices: pass (role ``pass``), then every fast card
    and effect they can use now."""
    args = step.args
    p = args["priority"]
    ch = [_PASS[p]]
    more = fast_choices(state, p, args["window"] == "attack")
    if more:
        ch.extend(more)
    return ch


def only_pass(choices: list) -> bool:
    """A decision not worth asking: its one legal choice is to pass."""
    return len(choices) == 1 and choices[0].role == "pass"


@PROCS.decision("response_window", rule="Response window (seed 4.3 ⑤⑥, digest A.7.25)")
class ResponseWindow:
    """Players alternate (``priority``); two passes in a row close it (digest
    A.7.25). ``window`` says what it follows (WINDOWS). A player whose only
    legal choice is to pass passes without being asked."""

    def run(state, step, events):
        args = step.args
        if args["window"] == "attack" and (state.attack is None or state.attack["cancelled"]):
            return DONE
        while args["passes"] < 2:
            p = args["priority"]
            if may_answer(state, p):
                ch = window_choices(state, step)
                if not only_pass(ch):
                    state.decision = OnePlayerDecision(ONE[p], "respond", _prompt(args), ch)
                    return WAIT
            args["passes"] += 1
            args["priority"] = 1 - p
        return DONE

    def decide(state, step):
        return OnePlayerDecision(ONE[step.args["priority"]], "respond", _prompt(step.args), window_choices(state, step))

    def choose(state, step, choice, events):
        args = step.args
        p = args["priority"]
        args["priority"] = 1 - p
        if choice.kind == "pass":
            args["passes"] += 1
            events.append(make_event("response.pass", "{player} passes".format(player=state.names[p]), RULE, {"player": p}))
            return AGAIN
        args["passes"] = 0
        play_fast(state, choice, events, window=True)
        return AGAIN
