"""The procedure table of Aquarian Age: every phase, step, window and
resolution registers here under its name, with the rule it implements."""

from tabletop.engine.procedure import Procedures

PROCS = Procedures("aquarian_age")
