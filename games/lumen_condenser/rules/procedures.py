"""The procedure table of Lumen Condenser and the processor that runs it.

Every phase, step and resolution of the rules is one procedure registered in
:data:`PROCS` with the rule it implements; the state keeps the pending steps
(kit :class:`~tabletop.engine.procedure.Step` records) and
:data:`PROCESSOR` runs them.
"""

from __future__ import annotations

from tabletop.engine.procedure import Processor, Procedures, Step

PROCS = Procedures("lumen_condenser")
PROCESSOR = Processor(PROCS)


_PLAIN: dict[str, Step] = {}  # one shared record per step without arguments


def push(state, *steps) -> None:
    """Push steps so that the first one named runs first. Each is a
    procedure name or a ``(name, args)`` pair. Steps are never changed in
    place, so a step without arguments is one shared record (no procedure
    pushes its own name while it runs, so the processor never confuses two)."""
    stack = state.steps
    for s in reversed(steps):
        if s.__class__ is str:
            step = _PLAIN.get(s)
            if step is None:
                step = _PLAIN[s] = Step(s)
            stack.append(step)
        else:
            stack.append(Step(s[0], 0, s[1]))  # the args dict is the caller's fresh literal


def top_is(state, *names: str) -> bool:
    """True when the game goes on and the top step is one of ``names``."""
    return state.outcome is None and bool(state.steps) and state.steps[-1].proc in names
