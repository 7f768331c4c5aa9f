"""Riftbound's zones (Core Rules v1.3 Zones, digest 3).

Each player has a hand, a main deck and a rune deck (secret), runes, a base,
a legend zone, a champion zone, a trash, a place at each of the two
battlefields (``bf0``, ``bf1``), a facedown zone at each battlefield
(``hidden0``, ``hidden1``; Hidden, digest 19), and two set-aside zones
(``aside``: mulligan and Vision; ``bfaside``: the battlefields not chosen).
Shared: the two battlefield cards, the chain, and ``gone`` (tokens that
ceased to exist). Gear attached to a unit sits in ``att.<unit>``.
"""

from __future__ import annotations

from sys import intern

from tabletop.engine.table import ZoneSpec


def _zone(key: str, *spec) -> ZoneSpec:
    """A zone's spec, keyed by the interned key: the tables of keys below are interned
    too, so a table's zone is found by identity, without comparing the text."""
    return ZoneSpec(intern(key), *spec)


def zone_specs() -> list[ZoneSpec]:
    """Zone keys: pN.hand/deck/runedeck/runes/base/legend/champion/trash/bf0/bf1/
    hidden0/hidden1/aside/bfaside; shared.bf0/bf1/chain/gone."""
    specs = []
    for p in (0, 1):
        specs += [
            _zone(f"p{p}.hand", p, "owner"), _zone(f"p{p}.deck", p, "secret"),
            _zone(f"p{p}.runedeck", p, "secret"), _zone(f"p{p}.runes", p),
            _zone(f"p{p}.base", p), _zone(f"p{p}.legend", p), _zone(f"p{p}.champion", p),
            _zone(f"p{p}.trash", p), _zone(f"p{p}.bf0", p), _zone(f"p{p}.bf1", p),
            _zone(f"p{p}.hidden0", p, "public", True), _zone(f"p{p}.hidden1", p, "public", True),
            _zone(f"p{p}.aside", p, "owner"), _zone(f"p{p}.bfaside", p, "owner"),
        ]
    specs += [_zone("shared.bf0", None), _zone("shared.bf1", None), _zone("shared.chain", None),
              _zone("shared.gone", None)]
    return specs


SPECS = zone_specs()
# a table's zones are these, plus one att.<unit> zone for each unit with gear attached
N_ZONES = len(SPECS)
# board location of a zone: (controller, location) with location -1 = base, 0/1 = battlefield
ZLOC = {}
for _p in (0, 1):
    ZLOC[intern(f"p{_p}.base")] = (_p, -1)
    ZLOC[intern(f"p{_p}.bf0")] = (_p, 0)
    ZLOC[intern(f"p{_p}.bf1")] = (_p, 1)
LOCZ = [[intern(f"p{p}.base"), intern(f"p{p}.bf0"), intern(f"p{p}.bf1")] for p in (0, 1)]  # LOCZ[p][loc+1]
BOARD_ORDER = {z: i for i, z in enumerate(LOCZ[0] + LOCZ[1])}  # player 0 base, bf0, bf1, then player 1


def lz(p: int, loc: int) -> str:
    """The zone of player ``p``'s units at ``loc`` (-1 base, 0 or 1 a battlefield)."""
    return LOCZ[p][loc + 1]


# each player's zone keys, by name (the hot paths use these rather than formatting keys)
def _per_player(name: str) -> tuple:
    return (intern(f"p0.{name}"), intern(f"p1.{name}"))


HAND, CHAMPION, LEGEND, BASE, RUNES, DECK, RUNEDECK, TRASH, ASIDE, BFASIDE = (
    _per_player(n) for n in ("hand", "champion", "legend", "base", "runes", "deck", "runedeck", "trash", "aside", "bfaside"))
HIDDEN = tuple((intern(f"p{p}.hidden0"), intern(f"p{p}.hidden1")) for p in (0, 1))  # HIDDEN[player][battlefield]
BATTLEFIELD = (intern("shared.bf0"), intern("shared.bf1"))  # the battlefield cards' zones
CHAIN, GONE = intern("shared.chain"), intern("shared.gone")  # the chain; tokens that ceased to exist
ATT = tuple(intern(f"att.{i}") for i in range(512))  # ATT[unit]: the zone of the gear attached to a unit


def att(u: int) -> str:
    """The zone of the gear attached to the unit ``u`` (``att.<unit>``)."""
    return ATT[u] if u < 512 else f"att.{u}"
