"""Sudden death (seed 8): both HP at 0 in the same step start it at once;
the rest of that turn is dropped, both go to 1000 HP and FP 0, each fills
the hand from the List, then 3 more turns (the end-of-game check in
``LumenState.check_outcome`` ends it)."""

from __future__ import annotations


from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..zones import HAND, LIST
from .decision import LumenDecision
from .get import take_choices
from .procedures import PROCS, push

SUDDEN_DEATH_HP = 1000   # seed 8
SUDDEN_DEATH_TURNS = 3   # seed 8


def start_sudden_death(state) -> None:
    """Seed 8: both at 1000 HP, each takes techniques from the List up to
    the hand limit, then 3 more turns."""
    state.event("sudden_death.begin", "Both HP reach 0 together: sudden death! HP 1000 each, "
                f"hands filled from the List, {SUDDEN_DEATH_TURNS} more turns", "seed 8", {})
    state.steps = []
    state.battle_to_hand("seed 8")
    state.reset_battle()
    state.combo_cards = []
    state.combo_player = -1
    state.combo_count = 0
    for p in (0, 1):
        state.set_hp(p, SUDDEN_DEATH_HP, "sudden death", "seed 8")
        state.set_fp(p, 0, "sudden death", "seed 8")
    state.in_sudden_death = True
    state.sudden_death_turns = SUDDEN_DEATH_TURNS
    state.outcome_due = True
    state.defence_over_count = 0
    push(state, *[("sudden_death_get", {"player": p}) for p in state.effect_order()], "turn_start")


@PROCS.decision("sudden_death_get", rule="Sudden death (seed 8)")
class SuddenDeathGet:
    """Seed 8 sudden death: each player, from the priority holder, takes
    techniques of their choice from their List until the hand reaches its
    limit ("최대 패 매수만큼 리스트에서 기술을 획득한다"; the seed does not say
    who picks, so the owner does, as in the Get phase). When the List
    holds no more than are needed, all of it is taken without asking."""

    @staticmethod
    def run(state, step, events):
        p = step.args["player"]
        need = state.limit(p) - len(state.table.zones[HAND[p]])
        lst = state.table.zones[LIST[p]]
        if need <= 0 or not lst:
            return DONE
        if need >= len(lst):
            for iid in list(lst):
                state.to_hand(iid, "seed 8", f"{state.names[p]} takes {state.tech(iid).name} from the List (sudden death)")
            return DONE
        return WAIT

    @staticmethod
    def decide(state, step):
        p = step.args["player"]
        need = state.limit(p) - len(state.table.zones[HAND[p]])
        return LumenDecision.of(p, "get", f"Sudden death: take {need} more technique(s) from your List",
                                take_choices(state, p, sudden_death=True))

    @staticmethod
    def choose(state, step, c, events):
        p = c.player
        iid = c.args["card"]
        state.to_hand(iid, "seed 8", f"{state.names[p]} takes {state.tech(iid).name} from the List (sudden death)")
        return AGAIN
