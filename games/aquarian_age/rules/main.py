"""The main phase (seed 4.3): place characters (①), break (②), permanents
(③), projects (④), fast cards (⑤), effects (⑥) and attacks (digest A.7.21);
paying costs in power cards and resolving what was played."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_choice, make_event
from tabletop.engine.heap import MEMO_FEW
from tabletop.engine.kitstate import OnePlayerDecision
from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..board import ATT, DAMAGE, DISCARD, DOMINION, HAND, ONE, STACK_OF
from ..carddb import FACTION_NAMES
from ..effects import run_effects
from ..legality import break_target_problem, break_targets_of, permanent_target_problem, permanent_targets, \
    place_problem
from .attack import start_attack
from .procedures import PROCS
from .turn import open_phase
from .windows import activate_choices, card_play_choices, declare_card, pass_priority, play_fast

# choices that never change, made once (a decision lists the same objects each time)
_END_MAIN = tuple(Choice("end_main", {}, p, "End the main phase", role="end") for p in (0, 1))
# a choice listed decision after decision with the same cards, players and words is the
# same value, so it is made once: placing a character (by player, then iid, kept with the
# card id it names), the attacks of an attacker (by player, then iid, kept with the card id
# and the opponent's name: the attack on the opponent and, by target, those on its own
# actives), a break or a permanent on a target. A determinized copy's cards have other
# ids, so the card id kept is checked.
_MADE: dict = {}
_PLACES: tuple = ({}, {})  # [player][iid] -> (card id, choice)
_ATTACKS: tuple = ({}, {})  # [player][iid] -> (card id, opponent's name, choice, {target: (card id, choice)})


def _made(key, kind: str, args: dict, p: int, label: str) -> Choice:
    if len(_MADE) > MEMO_FEW:
        _MADE.clear()
    c = _MADE[key] = make_choice(kind, args, p, label)
    return c


def main_choices(state, p: int) -> list:
    """Everything the active player may do in the main phase (seed 4.3 ①-⑥, digest A.7.21)."""
    table = state.table
    db, card = state.db, table.card
    made = _MADE
    places = _PLACES[p]
    ch = []
    tp = -1  # the total power, counted when a card asks for it
    factors = None  # the factor of each faction, counted when a card asks for it
    for h in table.zones[HAND[p]]:
        cid = card[h]
        c = db[cid]
        typ = c["type"]
        if typ == "character":
            # place_problem: only a name-level character may be kept off the field
            if not c["name_level"] or place_problem(state, p, h, c) is None:
                pc = places.get(h)
                if pc is None or pc[0] != cid:
                    pc = places[h] = (cid, make_choice("place", {"card": h, "to": STACK_OF[p][c["faction"]]}, p,
                                                       f"Place {c['name']} in {FACTION_NAMES[c['faction']]}"))
                ch.append(pc[1])
            continue
        if c["factor"] > 0:
            if factors is None:
                factors = state.factors(p)
            if factors.get(c["faction"], 0) < c["factor"]:
                continue
        if tp < 0:
            tp = state.total_power(p)
        if tp < c["cost"]:
            continue
        if typ == "break":
            for t in break_targets_of(state, p, cid, c):  # its factor and cost are met (above)
                key = ("break", h, t, p, cid, card[t])
                bc = made.get(key)
                if bc is None:
                    bc = _made(key, "break", {"card": h, "target": t}, p, f"Break {state.name_of(t)} with {c['name']}")
                ch.append(bc)
        elif typ == "permanent":
            for t in permanent_targets(state, p, h):
                key = ("permanent", h, t, p, cid, card[t])
                pc = made.get(key)
                if pc is None:
                    pc = _made(key, "permanent", {"card": h, "target": t}, p, f"Attach {c['name']} to {state.name_of(t)}")
                ch.append(pc)
        elif typ == "project" or (typ == "fast" and c["timing"] == "any"):
            ch.extend(card_play_choices(state, p, h, c, typ))
    zones, owner, face = table.zones, table.owner, table.face
    dom = zones[DOMINION[p]]
    ch.extend(activate_choices(state, p))
    acts = None
    opp = state.names[1 - p]
    attacks = _ATTACKS[p]
    for d in dom:
        # attacker_problem: your own dominated character holding a power card (face down under it)
        if owner[d] != p:
            continue
        att = zones.get(ATT[d])
        if not att:
            continue
        for a in att:
            if not face[a]:
                break
        else:
            continue
        cd = card[d]
        mine = attacks.get(d)
        if mine is None or mine[0] != cd or mine[1] != opp:
            mine = attacks[d] = (cd, opp, make_choice("attack", {"card": d, "to": DAMAGE[1 - p]}, p,
                                                      f"Attack {opp} with {db[cd]['name']}"), {})
        ch.append(mine[2])
        if acts is None:
            acts = state.actives(p)
        own = mine[3]
        for t in acts:
            ct = card[t]
            ac = own.get(t)
            if ac is None or ac[0] != ct:
                ac = own[t] = (ct, make_choice("attack", {"card": d, "target": t}, p,
                                               f"Attack your own {db[ct]['name']} with {db[cd]['name']}"))
            ch.append(ac[1])
    ch.append(_END_MAIN[p])
    return ch


@PROCS.decision("main_phase", rule="Main phase (seed 4.3)")
class MainPhase:
    """The active player acts until ending the phase; what they play is paid,
    answered (the opponent's window, windows.py) and resolved (pushed above
    this step) before they act again. Ending the phase is the active player's
    pass: the opponent still has a window before the phase ends (seed 4.3 ⑤⑥)."""

    def run(state, step, events):
        if step.stage:
            open_phase(state, step, events, "main")
        return WAIT

    def decide(state, step):
        p = state.active
        return OnePlayerDecision(ONE[p], "main", "Main phase: place, break, play cards, attack, or end the phase", main_choices(state, p))

    def choose(state, step, choice, events):
        p = state.active
        k = choice.kind
        a = choice.args
        if k == "end_main":
            events.append(make_event("main.end", f"{state.names[p]} ends the main phase", "seed 4.3", {"player": p}))
            pass_priority(state, "main_end", p)
            return DONE
        if k == "place":
            place_character(state, p, a["card"], events)
            pass_priority(state, "action", p, "{player} placed {card}".format(player=state.names[p], card=state.name_of(a["card"])))
        elif k == "attack":
            declare_attack(state, p, a["card"], a.get("target"), events)
        elif k in ("break", "permanent"):
            c = state.card(a["card"])
            declare_card(state, p, a["card"], a["target"], "seed 4.3 ②" if k == "break" else "seed 4.3 ③", events)
            state.push("resolve", player=p, card=a["card"], target=a["target"], host=-1, ability=-1)
            pass_priority(state, "card", p, c["name"])
            state.push("pay_cost", player=p, count=c["cost"], why=c["name"])
        elif k in ("project", "fast", "activate"):
            play_fast(state, choice, events, window=False)
        return AGAIN


def place_character(state, p: int, h: int, events: list) -> None:
    """Place a character card in its faction's stack as the new active (seed 4.3 ①)."""
    c = state.card(h)
    events.append(state.move(h, STACK_OF[p][c["faction"]], face=1,
                               caption=f"{state.names[p]} places {c['name']} in {FACTION_NAMES[c['faction']]}", rule="seed 4.3 ①"))
    events.append(make_event("main.place", f"{c['name']} is the new {FACTION_NAMES[c['faction']]} active character", "seed 4.3 ①",
                    {"card": h, "faction": c["faction"], "player": p}))


def declare_attack(state, p: int, d: int, target, events: list) -> None:
    """Attack declaration: a dominated character pays 1 power card and attacks
    the opponent or one of your own faction-area actives (digest A.7.21)."""
    pw = state.power_ids(d)
    if target is None:
        said = "{card} attacks {player}".format(card=state.name_of(d), player=state.names[1 - p])
    else:
        said = "{card} attacks {player}'s own {target}".format(card=state.name_of(d), player=state.names[p],
                                                               target=state.name_of(target))
    events.append(make_event("attack.declare", said, "digest A.7.21",
                    {"card": d, "target": target if target is not None else f"p{1 - p}"}))
    events.append(state.move(pw[-1], DISCARD[p], face=1, caption="Attack cost: 1 power card", rule="digest A.7.21 attack cost"))
    if target is None:
        start_attack(state, d, 1 - p, "player", faction=False, events=events)
    else:
        start_attack(state, d, p, target, faction=False, events=events)


def _pay_sources(state, p):
    return [d for d in state.dominated(p) if state.power(d) > 0]


def _pay_one(state, p, d, events, pw, left: int):
    """One power card of ``d`` paid; ``left`` is what remains to pay after it."""
    if left:
        said = f"Cost: a power card of {state.name_of(d)}, {left} more to pay"
    else:
        said = f"Cost: a power card of {state.name_of(d)}"
    events.append(state.move(pw, DISCARD[p], face=1, caption=said,
                               rule="seed 4.3 ② cost"))


@PROCS.decision("pay_cost", rule="Paying a cost in power cards (seed 4.3 ② cost)")
class PayCost:
    """Costs are paid in power cards from any of your dominated characters,
    split as you like (seed 4.3 ② cost); ``count`` is what is left to pay.
    With one source, or no more than the cost in all, the payment is made
    without asking."""

    def run(state, step, events):
        p, n = step.args["player"], step.args["count"]
        if n <= 0:
            return DONE
        src = _pay_sources(state, p)
        total = sum(state.power(d) for d in src)
        if len(src) == 1 or total <= n:
            for d in src:
                for pw in reversed(state.power_ids(d)):
                    if n <= 0:
                        break
                    n -= 1
                    _pay_one(state, p, d, events, pw, n)
            return DONE
        return WAIT

    def decide(state, step):
        p, n = step.args["player"], step.args["count"]
        return OnePlayerDecision(ONE[p], "pay", f"Pay {n} more power card(s) for {step.args.get('why', 'the cost')}: from which character?",
                        [Choice("pay", {"card": d}, p, f"Pay from {state.name_of(d)} ({state.power(d)})")
                         for d in _pay_sources(state, p)])

    def choose(state, step, choice, events):
        d = choice.args["card"]
        p = step.args["player"]
        step.args["count"] -= 1
        _pay_one(state, p, d, events, state.power_ids(d)[-1], step.args["count"])
        return AGAIN


@PROCS.step("resolve", rule="Resolving a card or an effect (seed 4.3 ②-⑥)")
def resolve(state, step, events):
    """A paid card or ability resolves: an ability (``host`` >= 0) if its
    character is still on the field, a break or a permanent on its target, a
    project or fast card's effects (seed 4.3 ②-⑥)."""
    args = step.args
    p, h, tgt = args["player"], args["card"], args["target"]
    if args["host"] >= 0:
        host = args["host"]
        if not state.on_field(host):
            events.append(make_event("effect.fizzle", "The character left the field: its ability does nothing", "seed 4.3 ⑥", {}))
            return DONE
        ab = state.card(host)["ability"][args["ability"]]
        events.append(make_event("effect.resolve", f"{state.name_of(host)}'s ability resolves", "seed 4.3 ⑥", {"card": host}))
        run_effects(state, p, ab["effect"], tgt if tgt >= 0 else None, host, events)
        return DONE
    c = state.card(h)
    typ = c["type"]
    if typ == "break":
        resolve_break(state, p, h, tgt, events)
    elif typ == "permanent":
        if permanent_target_problem(state, p, h, tgt):
            events.append(state.move(h, DISCARD[p], face=1, caption=f"{c['name']} has no character to go on: discarded",
                                       rule="seed 4.3 ③"))
            return DONE
        events.append(state.move(h, ATT[tgt], face=1, caption=f"{c['name']} is attached to {state.name_of(tgt)}",
                                   rule="seed 4.3 ③"))
        events.append(make_event("permanent.attach", f"{c['name']} stays on {state.name_of(tgt)}", "seed 4.3 ③, digest A.10.32",
                        {"card": h, "target": tgt}))
    else:
        events.append(make_event(f"{typ}.resolve", "{card} resolves".format(card=c["name"]), "seed 4.3 ④⑤", {"card": h}))
        events.append(state.move(h, DISCARD[p], face=1, caption=f"{c['name']} goes to the discard pile", rule="seed 4.3 ④⑤"))
        run_effects(state, p, c["effect"], tgt if tgt >= 0 else None, None, events)
    return DONE


def resolve_break(state, p: int, h: int, t: int, events: list) -> None:
    """Break (seed 4.3 ②): on your own character the break card goes on top and
    its stats and skills replace the old ones (a faction-area active moves to the
    dominion area); an opponent's character is discarded and the break card
    enters your dominion area."""
    c = state.card(h)
    table = state.table
    if break_target_problem(state, p, h, t):
        events.append(table.move(h, HAND[p], caption=f"{c['name']} has no target and returns to the hand", rule="seed 4.3 ②"))
        return
    rule = "seed 4.3 ②"
    if table.owner[t] != p:
        events.append(make_event("break.discard_target", f"{state.name_of(t)} (no power card) is broken and discarded", "seed 4.3 ②ㄷ",
                        {"card": t, "by": h}))
        state.remove_from_field(t, DISCARD[table.owner[t]], events, "seed 4.3 ②ㄷ", f"{state.name_of(t)} is discarded")
        events.append(table.move(h, DOMINION[p], face=1, caption=f"{c['name']} enters {state.names[p]}'s dominion area",
                                 rule="seed 4.3 ②ㄷ"))
        events.append(make_event("break.enter", f"{c['name']} is dominated with no power card", "seed 4.3 ②ㄷ", {"card": h}))
        return
    zone = table.zone[t]
    idx = table.zones[zone].index(t)
    events.append(table.move(h, zone, index=idx + 1, face=1, caption=f"{c['name']} is set on {state.name_of(t)}", rule=rule))
    for a in list(table.zones.get(ATT[t], [])):
        events.append(table.move(a, ATT[h], caption=f"{state.name_of(a) if table.face[a] else 'A power card'} moves onto "
                             f"{c['name']}", rule=rule))
    events.append(table.move(t, ATT[h], index=0, face=1, caption=f"{state.name_of(t)} is now under {c['name']}", rule=rule))
    state.clear_modifiers(t)
    events.append(make_event("break.replace", f"{c['name']} replaces the stats and skills of the broken character", rule,
                    {"card": h, "under": t}))
    if ".faction." in zone:
        state.move_to_dominion(h, events, "seed 4.3 ②ㄴ (a broken faction-area active is dominated)")
