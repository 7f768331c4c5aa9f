"""Card effects (seed 3.4): data in ``cards.toml``, each primitive registered
once in :data:`EFFECTS` with its argument schema, card text and resolver.

An effect is a table ``{when, do, amount, target, value, if_*}``: ``when``
(the timing, seed 3.4 keywords and the judgment steps of seed 5.3) and the
``if_*`` conditions are common to every effect (:mod:`.conditions`); ``do``
names the primitive and the rest are its arguments (:mod:`.primitives`).
"""

from .conditions import CONDITIONS, condition_holds, conflicts
from .primitives import EFFECTS, COMMON_KEYS, apply_effect, effect_problems, effect_text, effects_both

__all__ = ["CONDITIONS", "COMMON_KEYS", "EFFECTS", "apply_effect", "condition_holds", "conflicts",
           "effect_problems", "effect_text", "effects_both"]
