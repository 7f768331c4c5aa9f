"""The turn (seed 4): Draw -> Faction -> Main -> Power card -> Discard. The
faction phase starts from the second turn (seed 4.2).

One ``turn`` step lives at the bottom of the stack for the whole game; its
stage says how far the current turn has got: 0, the turn begins; k, the
k-th phase of the turn is next; past the last phase, the turn ends and the
next one begins. When a turn begins the steps of all its phases are pushed
at once, in order, so the turn step runs once a turn. The first step
of each phase opens it (its stage is OPENING): it sets the phase and
announces it before doing its own work (``open_phase``)."""

from __future__ import annotations

from tabletop.engine.core import make_event
from tabletop.engine.procedure import AGAIN, Step

from .procedures import PROCS

# the order of phases and of the steps each runs, in one place
TURN_STRUCTURE = (
    ("draw", (("draw_phase", {}),)),
    ("faction", (("faction_check", {"index": 0}),)),
    ("main", (("main_phase", {}),)),
    ("power", (("power_card_phase", {}),)),  # Charge, power cards, domination
    ("discard", (("discard_phase", {}),)),
)
PHASES = tuple(name for name, _ in TURN_STRUCTURE)
FIRST_FACTION_TURN = 2  # no faction phase on the first turn (seed 4.2)
OPENING = "opening"  # the stage of a phase's first step before the phase is announced
TURN_BEGINS = 0  # the turn step's stage when a turn is about to begin

# the phases of a turn without and with the faction phase
_PHASES_OF_TURN = {with_faction: tuple(p for p in TURN_STRUCTURE if with_faction or p[0] != "faction")
                   for with_faction in (False, True)}


def phases_of_turn(turn: int) -> tuple:
    """The (phase, steps) entries a turn runs, in order."""
    return _PHASES_OF_TURN[turn >= FIRST_FACTION_TURN]


def turn_step(turn: int, from_phase: str | None = None) -> Step:
    """The turn step: at the beginning of a turn, or (``from_phase``) about to
    run that phase, or the first phase after it this turn runs."""
    if from_phase is None:
        return Step("turn", TURN_BEGINS)
    order = PHASES.index(from_phase)
    phases = phases_of_turn(turn)
    k = next((n for n, (name, _) in enumerate(phases) if PHASES.index(name) >= order), len(phases))
    return Step("turn", k + 1)

# each phase's caption, whole
PHASE_CAPTIONS = {"draw": "Draw phase", "faction": "Faction phase", "power": "Power phase",
                  "main": "Main phase", "discard": "Discard phase"}
# each phase's data, by turn player, made once (an event's data is read, never changed)
PHASE_DATA = {name: ({"phase": name, "player": 0}, {"phase": name, "player": 1}) for name in PHASE_CAPTIONS}


def open_phase(state, step, events, name: str) -> None:
    """The phase ``name`` begins, if ``step`` is its opening step (seed 4)."""
    if step.stage == OPENING:
        step.stage = 0
        state.phase = name
        events.append(make_event("phase.begin", PHASE_CAPTIONS[name], "seed 4", PHASE_DATA[name][state.active]))


def _begin_turn(state, events) -> None:
    p = state.active
    events.append(make_event("turn.begin", f"Turn {state.turn}: {state.names[p]}", "seed 4", {"turn": state.turn, "player": p}))


def _end_turn(state, events) -> None:
    """Until-end-of-turn effects end; the other player's turn comes."""
    events.append(make_event("turn.end", f"End of turn {state.turn}", "seed 4", {"turn": state.turn}))
    state.modifiers = []
    state.faction_index = -1
    state.active = 1 - state.active
    state.turn += 1


@PROCS.step("turn", rule="Turn (seed 4)")
def turn(state, step, events):
    """The turn begins and the steps of its phases are pushed, all at once and
    in order (each phase opens when its first step runs); when they are all
    done the turn ends and the next one begins. A turn step at stage k (a
    position's, or a save's from before) pushes the phases from the k-th on."""
    stage = step.stage
    phases = _PHASES_OF_TURN[state.turn >= FIRST_FACTION_TURN]
    if stage > len(phases):
        _end_turn(state, events)
        stage = TURN_BEGINS
        phases = _PHASES_OF_TURN[state.turn >= FIRST_FACTION_TURN]
    if stage == TURN_BEGINS:
        _begin_turn(state, events)
        stage = 1
    push = state.steps.append
    for proc, st, args in _PUSHED[(len(phases), stage)]:
        s = _new(Step)  # no initialiser call: the fields are set here
        s.proc = proc
        s.stage = st
        s.args = dict(args)
        push(s)
    step.stage = len(phases) + 1
    return AGAIN


def _pushed(phases: tuple, stage: int) -> tuple:
    """The steps the turn step pushes at ``stage`` (phases from the stage-th on),
    as (procedure, stage, args), the last phase's lowest, the next one's on top."""
    out = []
    for k in range(len(phases) - 1, stage - 2, -1):
        steps = phases[k][1]
        for n in range(len(steps) - 1, -1, -1):
            proc, args = steps[n]
            out.append((proc, OPENING if n == 0 else 0, args))
    return tuple(out)


_new = object.__new__
# by (the number of phases of the turn, the turn step's stage): what it pushes
_PUSHED = {(len(ph), stage): _pushed(ph, stage) for ph in _PHASES_OF_TURN.values() for stage in range(1, len(ph) + 1)}
