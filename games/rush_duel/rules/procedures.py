"""The procedure table of Rush Duel: every phase, step, window and resolution is a
named procedure run by the kit's processor over the state's step stack."""

from __future__ import annotations

from tabletop.engine.procedure import Procedures, Processor

PROCS = Procedures("rush_duel")
# the end of the duel is checked after a step only when a fact it reads changed (LP, a
# failed draw: RushState.check_outcome), flagged by ``outcome_due``; every event is made
# with its rule, so the processor never looks for events without one
PROCESSOR = Processor(PROCS, outcome_when_due=True, events_ruled=True)
push = PROCESSOR.push
