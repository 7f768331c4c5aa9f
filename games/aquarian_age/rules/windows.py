"""The response window (digest A.7.25) and what may be used in it: fast
cards (seed 4.3 ⑤) and dominated characters' activated effects (seed 4.3 ⑥)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, Event
from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..legality import targets
from .procedures import PROCS

# what a response window is for (step arg ``window``)
WINDOWS = ("attack", "card", "faction")


def card_play_choices(state, p, h, c, kind):
    if c["target"] is None:
        return [Choice(kind, {"card": h}, p, f"Play {c['name']}")]
    return [Choice(kind, {"card": h, "target": t}, p, f"Play {c['name']} on {state.name_of(t)}")
            for t in targets(state, p, c["target"])]


def activate_choices(state, p: int) -> list:
    """Activated effects ①: a dominated character's ability paid in power cards (seed 4.3 ⑥)."""
    out = []
    tp = None
    for d in state.dominated(p):
        abil = state.db[state.table.card[d]]["ability"]
        if not abil:
            continue
        if tp is None:
            tp = state.total_power(p)
        for n, a in enumerate(abil):
            if tp < a["cost"]:
                continue
            if a["target"] is None:
                out.append(Choice("activate", {"card": d, "ability": n}, p, f"Use {state.name_of(d)}: {a['text']}"))
            else:
                for t in targets(state, p, a["target"]):
                    out.append(Choice("activate", {"card": d, "ability": n, "target": t}, p,
                                      f"Use {state.name_of(d)} on {state.name_of(t)}"))
    return out


def fast_choices(state, p: int, in_attack: bool) -> list:
    """Fast cards and activated effects usable in a window (seed 4.3 ⑤⑥)."""
    out = []
    tp = state.total_power(p)
    for h in state.table.zones[f"p{p}.hand"]:
        c = state.db[state.table.card[h]]
        if c["type"] != "fast" or tp < c["cost"] or state.factor(p, c["faction"]) < c["factor"]:
            continue
        if c["timing"] == "attack" and not in_attack:
            continue
        out.extend(card_play_choices(state, p, h, c, "fast"))
    out.extend(activate_choices(state, p))
    return out


def play_fast(state, choice: Choice, events: list, window: bool) -> None:
    """Projects, fast cards and activated effects (seed 4.3 ④⑤⑥): pay the cost,
    then resolve. A project or a fast card played outside a window opens a
    response window first (digest A.7.25)."""
    p = choice.player
    a = choice.args
    tgt = a.get("target", -1)
    if choice.kind == "activate":
        host = a["card"]
        ab = state.card(host)["ability"][a["ability"]]
        events.append(Event("effect.activate", f"{state.name_of(host)} uses its ability ({ab['cost']} power)", "seed 4.3 ⑥",
                        {"card": host, "ability": a["ability"], "target": tgt}))
        state.push("resolve", player=p, card=-1, target=tgt, host=host, ability=a["ability"])
        state.push("pay_cost", player=p, count=ab["cost"], why="ability")
        return
    h = a["card"]
    c = state.card(h)
    events.append(state.table.move(h, f"p{p}.limbo", face=1, caption=f"Player {p + 1} plays {c['name']}", rule="digest A.7.25"))
    events.append(Event(f"{c['type']}.declare", f"Player {p + 1} plays {c['name']}" +
                    (f" on {state.name_of(tgt)}" if tgt >= 0 else ""), "seed 4.3 ④" if c["type"] == "project" else "seed 4.3 ⑤",
                    {"card": h, "target": tgt}))
    state.push("resolve", player=p, card=h, target=tgt, host=-1, ability=-1)
    if not window:
        state.push("response_window", priority=1 - p, passes=0, window="card")
    state.push("pay_cost", player=p, count=c["cost"], why=c["name"])


def _window_choices(state, step):
    p = step.args["priority"]
    ch = fast_choices(state, p, in_attack=step.args["window"] == "attack")
    if ch:
        ch.insert(0, Choice("pass", {}, p, "Pass", role="pass"))
    return ch


@PROCS.decision("response_window", rule="Response window (digest A.7.25)")
class ResponseWindow:
    """Players alternate (``priority``); two passes in a row close it (digest
    A.7.25). ``window`` "attack": an attack's window; "card": a declared
    project or fast card waits in limbo; "faction": the faction phase, before
    an aggressive (▼) character attacks its owner (seed 4.3 ⑤ fast cards
    "세력 페이즈에도 사용 가능", ⑥ effects "세력 페이즈와 메인 페이즈라면
    아무때나"); the owner has the first say. A player with nothing to use
    passes without being asked."""

    def run(state, step, events):
        args = step.args
        if args["window"] == "attack" and (state.attack is None or state.attack["cancelled"]):
            return DONE
        if args["passes"] >= 2:
            return DONE
        ch = _window_choices(state, step)
        if not ch:
            args["passes"] += 1
            args["priority"] = 1 - args["priority"]
            return AGAIN
        state.decision_cache = Decision([args["priority"]], "respond", "Respond with a fast card or an effect, or pass", ch)
        return WAIT

    def decide(state, step):
        return Decision([step.args["priority"]], "respond", "Respond with a fast card or an effect, or pass",
                        _window_choices(state, step))

    def choose(state, step, choice, events):
        args = step.args
        p = args["priority"]
        if choice.kind == "pass":
            args["passes"] += 1
            args["priority"] = 1 - p
            events.append(Event("response.pass", f"Player {p + 1} passes", "digest A.7.25", {"player": p}))
            return AGAIN
        args["passes"] = 0
        args["priority"] = 1 - p
        play_fast(state, choice, events, window=True)
        return AGAIN
