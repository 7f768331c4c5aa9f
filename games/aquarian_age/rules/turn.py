"""The turn (seed 4): Draw -> Faction -> Main -> Power card -> Discard. The
faction phase starts from the second turn (seed 4.2)."""

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


def turn_steps(turn: int, from_phase: str = "draw") -> list[Step]:
    """The steps of a turn from ``from_phase`` on, in play order (first = runs first)."""
    out = []
    started = False
    for name, steps in TURN_STRUCTURE:
        started = started or name == from_phase
        if not started or (name == "faction" and turn < FIRST_FACTION_TURN):
            continue
        out.append(Step("phase_begin", 0, {"name": name}))
        out.extend(Step(proc, 0, dict(args)) for proc, args in steps)
    out.append(Step("turn_end"))
    return out


def stack_for_turn(turn: int, from_phase: str = "draw") -> list[Step]:
    """The same steps as a stack (top last)."""
    return list(reversed(turn_steps(turn, from_phase)))


@PROCS.step("turn_begin", rule=RULE_TURN)
def turn_begin(state, step, ev):
    """A turn begins: its phases are pushed in order (seed 4)."""
    p = state.active
    ev.append(Event("turn.begin", f"Turn {state.turn}: Player {p + 1}", "seed 4", {"turn": state.turn, "player": p}))
    state.steps.extend(stack_for_turn(state.turn))
    return DONE


@PROCS.step("phase_begin", rule=RULE_TURN)
def phase_begin(state, step, ev):
    name = step.args["name"]
    state.phase = name
    ev.append(Event("phase.begin", f"{name.capitalize()} phase", "seed 4", {"phase": name, "player": state.active}))
    return DONE


@PROCS.step("turn_end", rule="End of the turn (seed 4)")
def turn_end(state, step, ev):
    """Until-end-of-turn effects end; the other player's turn begins."""
    ev.append(Event("turn.end", f"End of turn {state.turn}", "seed 4", {"turn": state.turn}))
    state.modifiers = []
    state.faction_index = -1
    state.active = 1 - state.active
    state.turn += 1
    state.push("turn_begin")
    return DONE
