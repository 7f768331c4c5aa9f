"""The Aquarian Age rules, laid out as the rulebook divides a turn (seed 4):

- turn.py: the turn structure (TURN_STRUCTURE), phase beginnings, the turn's end;
- setup.py: the opening redraw (digest A.3.10);
- draw.py: the draw phase (seed 4.1);
- faction.py: the faction phase and the aggressive (▼) attack (seed 4.2);
- main.py: the main phase, costs and resolving cards and effects (seed 4.3);
- windows.py: the response window, fast cards and effects (digest A.7.25, seed 4.3 ⑤⑥);
- attack.py: attacks, the guard, the damage judgment (digest A.7, A.9);
- battle.py: battle and a character leaving the field, Bind (digest A.8, A.11.35);
- power.py: the power card phase, Charge and domination (seed 4.4, digest A.5.17);
- end.py: the discard phase and the end of the turn (seed 4.5).

Each module registers its procedures in PROCS; PROCESSOR runs them.
"""

from . import attack, battle, draw, end, faction, main, power, setup, turn, windows  # noqa: F401 (registers)
from .procedures import PROCS, AAProcessor

# the end-of-game checks are made where what they read changes (AAState.judge_defeat), so
# the processor's check after each step is never due (AAState.outcome_due)
PROCESSOR = AAProcessor(PROCS)

__all__ = ["PROCS", "PROCESSOR"]
