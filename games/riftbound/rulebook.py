"""The rules every procedure cites, as the rulebook names them.

Sources: the user's seed (riftbound.seed.ja.txt, "the seed"; it wins where
sources differ) and the digest of Core Rules v1.3 with the FAQs (digest
sections given as "digest N"). Rule numbers move between versions, so rules
are cited by name and version ("Core Rules v1.3, Cleanup").
"""

from __future__ import annotations

from .carddb import DOMAINS, KEYWORDS

VICTORY_SCORE = 8  # Core Rules v1.3, Duel: Victory Score 8 (digest 1.2)
POOL_INDEX = {d: i + 1 for i, d in enumerate(DOMAINS)}  # rune pool index of each domain (0 is energy)
# keywords with a value whose instances add together (Assault, Shield, Deflect, Hunt; digest 18)
NUMERIC_KEYWORDS = frozenset(k for k, num in KEYWORDS.items() if num and k not in ("equip", "repeat"))

R_SETUP = "seed 'before the first Awaken'; Core Rules v1.3 Setup and Duel (digest 6)"
R_MULL = "seed setup 7-8; Core Rules v1.3 Mulligan (digest 6.6)"
R_TURN = "seed 'the six phases'; Core Rules v1.3 Turn structure and HOT FEPR (digest 7, 9.2)"
R_AWAKEN = "seed phase 1 Awaken; Core Rules v1.3 Awaken Phase (digest 7.1)"
R_BEGIN = "seed phase 2 Beginning; Core Rules v1.3 Beginning Phase (digest 7.2)"
R_HOLD = "seed phase 2 (scoring step); Core Rules v1.3 Hold (digest 14.2)"
R_CHANNEL = "seed phase 3 Channel; Core Rules v1.3 Channel Phase and Duel first-turn rune (digest 6.8, 7.3)"
R_DRAW = "seed phase 4 Draw; Core Rules v1.3 Draw Phase (digest 7.4)"
R_MAIN = "seed phase 5 Main; Core Rules v1.3 Main Phase (digest 7.5)"
R_END = "seed phase 6 Ending; Core Rules v1.3 Ending Phase (digest 7.6)"
R_POOL = "Core Rules v1.3 Rune Pool empties (digest 5.5)"
R_COST = "Core Rules v1.3 Costs and Add abilities (digest 5.3-5.8)"
R_PLAY = "Core Rules v1.3 Playing a card (digest 9.1)"
R_CHAIN = "seed 'Open/Closed, Priority'; Core Rules v1.3 Chain (HOT FEPR, digest 9.2)"
R_TRIGGER = "Core Rules v1.3 Triggered abilities (digest 17.4)"
R_FOCUS = "seed 'Focus'; Core Rules v1.3 Showdowns, Focus (digest 12.3-12.5)"
R_MOVE = "seed phase 5 (moving); Core Rules v1.3 Standard Move (digest 11.1)"
R_CLEAN = "seed 'invisible Cleanup'; Core Rules v1.3 Cleanup (digest 10)"
R_SD = "Core Rules v1.3 Showdowns (digest 12)"
R_COMBAT = "Core Rules v1.3 Combat (digest 13)"
R_ASSIGN = "Core Rules v1.3 Combat Damage: assignment (digest 13.3)"
R_CONQ = "Core Rules v1.3 Conquer and the final point (digest 14.1, 1.5)"
R_WIN = "Core Rules v1.3 Win check: Victory Score 8 and more points (digest 1.4)"
R_BURN = "Core Rules v1.3 Burn Out (digest 14.6)"
R_HIDE = "Core Rules v1.3 Hidden (digest 19)"
R_EFFECT = "Core Rules v1.3 Resolution of spells and abilities (digest 9.3)"
R_KW = "Core Rules v1.3 Keywords (digest 18)"
