"""The zones of each player (seed 4.2, digest B.2 rule 7).

Per player ``p0.`` / ``p1.``: the character card, the battle zone, the hand
(its owner sees it), the List (public, face up, at most 14 cards), the side
deck (its owner sees it), the break zone and the ultimate zone (public).
"""

from __future__ import annotations

from sys import intern

from tabletop.engine.table import ZoneSpec

ZONE_NAMES = ("character", "battle", "hand", "list", "side", "break", "ultimate")
#: each player's zone keys, interned: the specs are made from them, so a table's zone is found by
#: identity, without comparing the text (a saved game's keys are interned as they are read)
ZONES = {name: (intern(f"p0.{name}"), intern(f"p1.{name}")) for name in ZONE_NAMES}
CHARACTER = ZONES["character"]
BATTLE = ZONES["battle"]
HAND = ZONES["hand"]
LIST = ZONES["list"]
SIDE = ZONES["side"]
BREAK = ZONES["break"]
ULTIMATE = ZONES["ultimate"]

LIST_MAX = 14  # digest B.2 rule 8: the List holds at most 14 techniques


def zone_specs() -> list[ZoneSpec]:
    """Each player's zones: character, battle zone, hand (private), List
    (public, face up), side deck (its owner sees it), break zone and
    ultimate zone (public)."""
    out = []
    for p in (0, 1):
        out += [ZoneSpec(CHARACTER[p], p), ZoneSpec(BATTLE[p], p), ZoneSpec(HAND[p], p, "owner"),
                ZoneSpec(LIST[p], p), ZoneSpec(SIDE[p], p, "owner"), ZoneSpec(BREAK[p], p),
                ZoneSpec(ULTIMATE[p], p)]
    return out


SPECS = zone_specs()
