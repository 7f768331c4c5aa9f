"""The turn structure (seed 5): the phases repeat Lumen -> Ready -> Battle
-> Get -> Recovery, every turn (README, rule choices).

:data:`TURN_STRUCTURE` is the order the turn runs in: ``turn_start``
pushes it as it stands. The battle's own order is
:data:`~.battle.BATTLE_STEPS` (with the judgment in
:data:`~.judgment.JUDGMENT`).
"""

from __future__ import annotations

from tabletop.engine.procedure import DONE

from .procedures import PROCS, push, run_in_place

# phase name (the view's "phase") -> the procedure that runs it, in turn order
PHASE_PROCEDURES = (
    ("lumen", "lumen_phase"),         # seed 5.1   rules/windows.py
    ("ready", "ready_phase"),         # seed 5.2   rules/ready.py
    ("battle", "battle_phase"),       # seed 5.3   rules/battle.py, judgment.py, combo.py, catch.py, cleanup.py
    ("get", "get_phase"),             # seed 5.4   rules/get.py
    ("recovery", "recovery_phase"),   # seed 5.5   rules/recovery.py
)
PHASES = tuple(name for name, _ in PHASE_PROCEDURES)
TURN_STRUCTURE = tuple(proc for _, proc in PHASE_PROCEDURES) + ("turn_end",)


def resume_at(phase: str) -> tuple:
    """The rest of a turn from the start of ``phase`` (positions begin there)."""
    return TURN_STRUCTURE[PHASES.index(phase):]


def turn_caption(turn: int, sudden_death: bool, left: int) -> str:
    """A turn's beginning, in words."""
    return f"Turn {turn} (sudden death, {left} left)" if sudden_death else f"Turn {turn}"


@PROCS.step("turn_start", rule="Turn structure (seed 5)")
def turn_start(state, step, events):
    """Seed 5: a new turn; this turn's restrictions, Get skips and used
    abilities are forgotten, then the phases run in order (run in place
    up to the first that waits for a player)."""
    state.turn_number += 1
    # in place (a state's lists are its own: a clone copies them, and no event keeps one)
    x = state.restrictions
    x[0] = x[1] = ""
    x = state.skips_get
    x[0] = x[1] = 0
    x = state.abilities_used
    x[0] = x[1] = 0
    state.told("turn.begin", (turn_caption, state.turn_number, state.in_sudden_death, state.sudden_death_turns),
               "seed 5", ("turn", state.turn_number))  # its caption and data written when read
    run_in_place(state, events, TURN_STRUCTURE)
    return DONE


@PROCS.step("turn_end", rule="End of the turn (seed 5, seed 8)")
def turn_end(state, step, events):
    """The next turn starts; in sudden death one of its turns is used up
    (when none are left the end-of-game check ends the game, seed 8)."""
    if state.in_sudden_death:
        state.sudden_death_turns -= 1
        state.outcome_due = True
        if state.sudden_death_turns <= 0:
            return DONE
    run_in_place(state, events, ("turn_start",))
    return DONE
