"""The Recovery phase (seed 5.5): the ability window, then negative FP back
to 0 and a hand over its limit discarded down to it (digest B.4 rule 19)."""

from __future__ import annotations

from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..zones import HAND
from .get import discard_decision
from .procedures import PROCS, push
from .windows import open_window


@PROCS.step("recovery_phase", rule="Recovery phase (seed 5.5)")
def recovery_phase(state, step, events):
    """Seed 5.5: from the priority holder, each checks Recovery-phase abilities."""
    state.phase = "recovery"
    state.battle_step = ""
    state.told("phase.begin", "Recovery phase", "seed 5.5", ("phase", "recovery"))  # its data written when read
    push(state, "recovery_end")
    open_window(state, "recovery", "seed 5.5")
    return DONE


@PROCS.step("recovery_end", rule="Recovery (digest B.4 rule 19)")
def recovery_end(state, step, events):
    """Digest B.4 rule 19: negative FP goes back to 0 at Recovery (kept
    when the opponent declined a catch, digest B.7 rule 34); a hand over
    the limit is discarded down to it."""
    for p in (0, 1):
        if state.fp[p] < 0 and not state.keeps_negative_fp[p]:
            state.set_fp(p, 0, "negative FP recovers", "digest B.4 rule 19")
    state.keeps_negative_fp = [0, 0]
    for p in state.effect_order():  # the priority holder's discards are pushed first, so run last
        if over_limit(state, p):
            push(state, ("hand_limit", {"player": p}))
    return DONE


def over_limit(state, p: int) -> bool:
    return len(state.table.zones[HAND[p]]) > state.limit(p)


@PROCS.decision("hand_limit", rule="Hand limit (digest B.4 rule 19)")
class HandLimit:
    """A hand over its limit discards one technique at a time (to the List)."""

    @staticmethod
    def run(state, step, events):
        p = step.args["player"]
        return WAIT if over_limit(state, p) else DONE

    @staticmethod
    def decide(state, step):
        return discard_decision(state, step.args["player"])

    @staticmethod
    def choose(state, step, c, events):
        state.to_list(c.args["card"], "digest B.4 rule 19")
        return AGAIN
