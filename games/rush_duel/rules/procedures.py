"""The procedure table of Rush Duel: every phase, step, window and resolution is a
named procedure run by the kit's processor over the state's step stack."""

from __future__ import annotations

from tabletop.engine.procedure import Procedures, Processor

PROCS = Procedures("rush_duel")
PROCESSOR = Processor(PROCS)
push = PROCESSOR.push
