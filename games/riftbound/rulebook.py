"""The rules every procedure cites, as the rulebook names them.

Sources: the user's seed (riftbound.seed.ja.txt, "the seed"; it wins where
sources differ) and the digest of Core Rules v1.3 with the FAQs (digest
sections given as "digest N"). Rule numbers move between versions, so rules
are cited by name and version ("Core Rules v1.3, Cleanup").

Each constant is the rule's name as a player reads it in the log ("rule: Cleanup");
the comment above it names the sources.
"""

from __future__ import annotations

from .carddb import DOMAINS, KEYWORDS

VICTORY_SCORE = 8  # Core Rules v1.3, Duel: Victory Score 8 (digest 1.2)
POOL_INDEX = {d: i + 1 for i, d in enumerate(DOMAINS)}  # rune pool index of each domain (0 is energy)
# keywords with a value whose instances add together (Assault, Shield, Deflect, Hunt; digest 18)
NUMERIC_KEYWORDS = frozenset(k for k, num in KEYWORDS.items() if num and k not in ("equip", "repeat"))

# seed 'before the first Awaken'; Core Rules v1.3 Setup and Duel (digest 6)
R_SETUP = "Set-up"
# seed setup 7-8; Core Rules v1.3 Mulligan (digest 6.6)
R_MULL = "Set-up: Mulligan"
# seed 'the six phases'; Core Rules v1.3 Turn structure and HOT FEPR (digest 7, 9.2)
R_TURN = "Turn structure"
# seed phase 1 Awaken; Core Rules v1.3 Awaken Phase (digest 7.1)
R_AWAKEN = "Awaken Phase"
# seed phase 2 Beginning; Core Rules v1.3 Beginning Phase (digest 7.2)
R_BEGIN = "Beginning Phase"
# seed phase 2 (scoring step); Core Rules v1.3 Hold (digest 14.2)
R_HOLD = "Beginning Phase: scoring step (Hold)"
# seed phase 3 Channel; Core Rules v1.3 Channel Phase and Duel first-turn rune (digest 6.8, 7.3)
R_CHANNEL = "Channel Phase"
# seed phase 4 Draw; Core Rules v1.3 Draw Phase (digest 7.4)
R_DRAW = "Draw Phase"
# seed phase 5 Main; Core Rules v1.3 Main Phase (digest 7.5)
R_MAIN = "Main Phase"
# seed phase 6 Ending; Core Rules v1.3 Ending Phase (digest 7.6)
R_END = "Ending Phase"
# Core Rules v1.3 Rune Pool empties (digest 5.5)
R_POOL = "Rune Pool"
# Core Rules v1.3 Costs and Add abilities (digest 5.3-5.8)
R_COST = "Costs and runes"
# Core Rules v1.3 Playing a card (digest 9.1)
R_PLAY = "Playing a card"
# seed 'Open/Closed, Priority'; Core Rules v1.3 Chain (HOT FEPR, digest 9.2)
R_CHAIN = "The chain and priority"
# Core Rules v1.3 Triggered abilities (digest 17.4)
R_TRIGGER = "Triggered abilities"
# seed 'Focus'; Core Rules v1.3 Showdowns, Focus (digest 12.3-12.5)
R_FOCUS = "Showdowns: focus"
# seed phase 5 (moving); Core Rules v1.3 Standard Move (digest 11.1)
R_MOVE = "Standard Move"
# seed 'invisible Cleanup'; Core Rules v1.3 Cleanup (digest 10)
R_CLEAN = "Cleanup"
# Core Rules v1.3 Showdowns (digest 12)
R_SD = "Showdowns"
# Core Rules v1.3 Combat (digest 13)
R_COMBAT = "Combat"
# Core Rules v1.3 Combat Damage: assignment (digest 13.3)
R_ASSIGN = "Combat damage: assignment"
# Core Rules v1.3 Conquer and the final point (digest 14.1, 1.5)
R_CONQ = "Conquer and the final point"
# Core Rules v1.3 Win check: Victory Score 8 and more points (digest 1.4)
R_WIN = "Winning the game"
# Core Rules v1.3 Burn Out (digest 14.6)
R_BURN = "Burn Out"
# Core Rules v1.3 Hidden (digest 19)
R_HIDE = "Hidden"
# Core Rules v1.3 Resolution of spells and abilities (digest 9.3)
R_EFFECT = "Resolving spells and abilities"
# Core Rules v1.3 Keywords (digest 18)
R_KW = "Keywords"
