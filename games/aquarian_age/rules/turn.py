"""The turn (seed 4): Draw -> Faction -> Main -> Power card -> Discard. The
faction phase starts from the second turn (seed 4.2).

The first step of each phase opens it (its stage is OPENING): it sets the
phase and announces it before doing its own work (``open_phase``)."""

from __future__ import annotations

from tabletop.engine.core import Event
from tabletop.engine.procedure import DONE, Step

from .procedures import PROCS

RULE_TURN = "Turn (seed 4)"

# the order of phases and of the steps each runs, in one place
TURN_STRUCTURE = (
    ("draw", (("draw_phase", {}),)),
    ("faction", (("faction_check", {"index": 0}),)),
    ("main", (("main_phase", {}),)),
    ("power", (("charge", {}), ("power_card_phase", {}), ("domination_check", {}))),
    ("discard", (("discard_phase", {}),)),
)
PHASES = tuple(name for name, _ in TURN_STRUCTURE)
FIRST_FACTION_TURN = 2  # no faction phase on the first turn (seed 4.2)
OPENING = "opening"  # the stage of a phase's first step before the phase is announced


def turn_steps(turn: int, from_phase: str = "draw") -> list[tuple]:
    """The steps of a turn from ``from_phase`` on, in play order (first = runs
    first), as (procedure, stage, args) records."""
    out = []
    started = False
    for name, steps in TURN_STRUCTURE:
        started = started or name == from_phase
        if not started or (name == "faction" and turn < FIRST_FACTION_TURN):
            continue
        out.extend((proc, OPENING if n == 0 else 0, args) for n, (proc, args) in enumerate(steps))
    out.append(("turn_end", 0, {}))
    return out


# a whole turn's stack, built once per kind of turn (with or without the faction phase)
_WHOLE_TURN = {with_faction: tuple(reversed(turn_steps(FIRST_FACTION_TURN if with_faction else 1)))
               for with_faction in (True, False)}


def stack_for_turn(turn: int, from_phase: str = "draw") -> list[Step]:
    """The steps of a turn from ``from_phase`` on as a stack (top last)."""
    records = _WHOLE_TURN[turn >= FIRST_FACTION_TURN] if from_phase == "draw" else reversed(turn_steps(turn, from_phase))
    return [Step(proc, stage, dict(args)) for proc, stage, args in records]


def open_phase(state, step, events, name: str) -> None:
    """The phase ``name`` begins, if ``step`` is its opening step (seed 4)."""
    if step.stage == OPENING:
        step.stage = 0
        state.phase = name
        events.append(Event("phase.begin", f"{name.capitalize()} phase", "seed 4", {"phase": name, "player": state.active}))


def begin_turn(state, events) -> None:
    """A turn begins: its phases are pushed in order (seed 4)."""
    p = state.active
    events.append(Event("turn.begin", f"Turn {state.turn}: Player {p + 1}", "seed 4", {"turn": state.turn, "player": p}))
    state.steps.extend(stack_for_turn(state.turn))


@PROCS.step("turn_begin", rule=RULE_TURN)
def turn_begin(state, step, events):
    """The first turn begins, after the set-up."""
    begin_turn(state, events)
    return DONE


@PROCS.step("turn_end", rule="End of the turn (seed 4)")
def turn_end(state, step, events):
    """Until-end-of-turn effects end; the other player's turn begins."""
    events.append(Event("turn.end", f"End of turn {state.turn}", "seed 4", {"turn": state.turn}))
    state.modifiers = []
    state.faction_index = -1
    state.active = 1 - state.active
    state.turn += 1
    begin_turn(state, events)
    return DONE
