"""The Get phase (seed 5.4): in priority order each takes one technique
from the List (or the ultimate); below the hand limit taking is mandatory,
at the limit take-and-discard or skip; a priority tie skips the phase."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_choice
from tabletop.engine.procedure import DONE, WAIT

from ..captions import writer
from ..zones import HAND, LIST, ULTIMATE
from .decision import LumenDecision
from .made import choice_list, fill, made_for
from .procedures import PROCS, push


@PROCS.step("get_phase", rule="Get phase (seed 5.4)")
def get_phase(state, step, events):
    """Seed 5.4: in priority order each takes one technique from the List;
    a priority tie skips the Get phase at once."""
    state.phase = "get"
    state.battle_step = ""
    state.told("phase.begin", "Get phase", "seed 5.4", ("phase", "get"))  # its data written when read
    pr = state.priority()
    if pr is None:
        state.event("priority.tie_skip", "Priority is tied: the Get phase is skipped", "seed 5.4", {"timing": "get"})
        return DONE
    push(state, ("get_pick", {"player": pr}), ("get_pick", {"player": 1 - pr}))
    return DONE


def get_options(state, p: int, sudden_death: bool = False) -> list[int]:
    """The List's techniques, and the ultimate (digest B.1 rule 5); only
    the List when filling the hand for sudden death (seed 8). Each passes
    :func:`get_refusal` (the zone is the whole rule)."""
    if sudden_death:
        return list(state.table.zones[LIST[p]])
    return list(state.table.zones[LIST[p]]) + list(state.table.zones[ULTIMATE[p]])


def get_refusal(state, p: int, iid, sudden_death: bool = False) -> str | None:
    """Why ``p`` may not take ``iid`` now, or None: a technique of p's own
    List or p's ultimate (seed 5.4, digest B.1 rule 5); in sudden death only
    the List (seed 8)."""
    z = state.table.zone[iid]
    if z == LIST[p]:
        return None
    if sudden_death:
        return "sudden death: take techniques from your own List until your hand reaches its limit (seed 8)"
    if z == ULTIMATE[p]:
        return None
    return "only a technique from your own List (or your ultimate) can be taken (seed 5.4)"


def discard_refusal(state, p: int, iid) -> str | None:
    """Why ``p`` may not discard ``iid`` now, or None: a technique of p's
    own hand (seed 5.4, digest B.4 rule 19). :func:`discard_decision` lists
    the hand, which is this rule."""
    if state.table.zone[iid] != HAND[p]:
        return "discard a technique from your own hand (seed 5.4)"
    return None


def hand_full(state, p: int) -> bool:
    """At the hand limit (seed 2.1): the Get may be skipped, and a take is followed by a discard."""
    return len(state.table.zones[HAND[p]]) >= state.limit(p)


TAKES = "{player} takes {card}"
WRITE_TAKES = writer(TAKES)
_SKIP = tuple(Choice("get_skip", {}, p, "Skip the Get (hand at its limit)", role="pass") for p in (0, 1))
# the take and discard choices of each player's cards, made once (made.py)
_KEYS = {"get": (("get", 0), ("get", 1)), "discard": (("discard", 0), ("discard", 1))}
_MAKE = {
    key: (lambda i, t, kind=key[0], p=key[1]:
          make_choice(kind, {"card": i}, p, f"Take {t.name}" if kind == "get" else f"Discard {t.name}"))
    for keys in _KEYS.values() for key in keys
}


def _card_choices(state, kind: str, p: int, iids) -> list[Choice]:
    """A ``kind`` choice (take or discard) of ``p`` for each card of ``iids``."""
    m = state.made_memo
    if m is None or m.cards is not state.table.card:
        m = made_for(state)
    key = _KEYS[kind][p]
    lst = m.lists.get(key) or choice_list(m, key)
    make = _MAKE[key]
    return [lst[i] or fill(m, lst, key, i, make) for i in iids]


def take_choices(state, p: int, sudden_death: bool = False) -> list[Choice]:
    """A take for each of :func:`get_options`, in its order."""
    zones = state.table.zones
    iids = zones[LIST[p]]
    if not sudden_death and zones[ULTIMATE[p]]:
        iids = iids + zones[ULTIMATE[p]]
    return _card_choices(state, "get", p, iids)


@PROCS.decision("get_pick", rule="Get phase (seed 5.4)")
class GetPick:
    """One player's Get: skipped after a no response (digest B.4 rule 16)
    or with nothing to take; at the hand limit it may be skipped."""

    @staticmethod
    def run(state, step, events):
        p = step.args["player"]
        if state.skips_get[p]:
            state.event("get.skip", f"{state.names[p]} made no response this turn and skips the Get",
                        "digest B.4 rule 16", {"player": p})
            return DONE
        zones = state.table.zones
        if not (zones[LIST[p]] or zones[ULTIMATE[p]]):  # get_options is empty
            state.event("get.skip", f"{state.names[p]}'s List is empty: nothing to take", "seed 5.4", {"player": p})
            return DONE
        return WAIT

    @staticmethod
    def decide(state, step):
        p = step.args["player"]
        ch = take_choices(state, p)
        if hand_full(state, p):
            ch.append(_SKIP[p])
        return LumenDecision.of(p, "get", "Get: take a technique from your List", ch)

    @staticmethod
    def choose(state, step, c, events):
        """Seed 5.4: take one technique; at the limit, discard one at once."""
        p = c.player
        if c.kind == "get_skip":
            state.event("get.skip", f"{state.names[p]} skips the Get (hand at its limit)", "seed 5.4", {"player": p})
            return DONE
        iid = c.args["card"]
        t = state.table
        state.move(iid, HAND[t.owner[iid]], 0,
                   (WRITE_TAKES, state.names[p], state.card_db.techs[t.card[iid]].name), "seed 5.4")  # said when read
        if len(t.zones[HAND[p]]) > state.limit(p):  # it was full: discard one
            push(state, ("get_discard", {"player": p}))
        return DONE


def discard_decision(state, p: int) -> LumenDecision:
    ch = _card_choices(state, "discard", p, state.table.zones[HAND[p]])
    return LumenDecision.of(p, "discard", "Discard a technique (hand over its limit)", ch)


@PROCS.decision("get_discard", rule="Get phase (seed 5.4)")
class GetDiscard:
    """Seed 5.4: taking at the hand limit discards a technique at once (to the List)."""

    @staticmethod
    def decide(state, step):
        return discard_decision(state, step.args["player"])

    @staticmethod
    def choose(state, step, c, events):
        state.to_list(c.args["card"], "seed 5.4")
        return DONE
