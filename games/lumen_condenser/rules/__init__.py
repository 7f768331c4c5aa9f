"""The rules of Lumen Condenser as procedures, one module per part of the
rulebook (see the README's "Where each rule lives"):

* turn.py: the turn structure (TURN_STRUCTURE), turn start and end (seed 5)
* windows.py: the Lumen phase and the ability windows (seed 5.1, 3.2)
* ready.py: the Ready phase and no response (seed 5.2, 5.3.8)
* battle.py: the Battle phase order (BATTLE_STEPS), reveal, grab (seed 5.3, 7)
* judgment.py: the judgment steps in order (JUDGMENT, seed 5.3.1-5.3.9)
* combo.py: combo time (seed 6); catch.py: catch time (seed 5.3.10)
* cleanup.py: the battle's clean-up and defence over (seed 8)
* breaks.py: breaking and the break replenishment (seed 3.3)
* get.py: the Get phase (seed 5.4); recovery.py: the Recovery phase (seed 5.5)
* sudden_death.py: sudden death (seed 8); setup.py: set-up (seed 4.2)
* decision.py, made.py: the decisions and the choices they list (no rule)
"""

from . import battle, breaks, catch, cleanup, combo, get, judgment, ready, recovery, sudden_death, turn, windows  # noqa: F401
from .procedures import PROCESSOR, PROCS, prepare

# the step tables run in place, made ready once every procedure is registered
prepare(turn.TURN_STRUCTURE, ("turn_start",), battle.BATTLE_STEPS)

__all__ = ["PROCESSOR", "PROCS"]
