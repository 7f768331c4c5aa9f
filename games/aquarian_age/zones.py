"""The Aquarian Age table: every zone and what a card's place on it means.

Zones per player ``p`` (seed 3, digest A.1-A.2):

- ``pP.deck``: the deck, face down (top = index 0);
- ``pP.hand``: the hand, seen by its owner;
- ``pP.faction.<faction>``: one stack per faction in the faction area (last =
  the active character, the only one that can be broken, powered or attacked);
- ``pP.dominion``: the dominion area (dominated characters);
- ``pP.damage``: the damage zone (10 cards lose the game, digest A.4.11a);
- ``pP.discard``: the discard pile;
- ``pP.limbo``: a declared card (project, fast card, break card or
  permanent) waiting for its response window to close (digest A.7.25).

Cards under a character live in ``att.<iid>``: face down they are its power
cards (digest A.1.1); face up they are the character a break card was set on,
or a permanent (seed 4.3 ②③).
"""

from __future__ import annotations

from sys import intern

from tabletop.engine.table import ZoneSpec

from .carddb import FACTIONS

AREAS = ("dominion", "damage", "discard", "limbo")


def zone_specs() -> list[ZoneSpec]:
    # the keys are interned, as the rules' own zone keys are (board.py): a zone looked up
    # by the very key the table holds is found without comparing the text
    specs = []
    for p in (0, 1):
        specs.append(ZoneSpec(intern(f"p{p}.deck"), p, "secret"))
        specs.append(ZoneSpec(intern(f"p{p}.hand"), p, "owner"))
        for f in FACTIONS:
            specs.append(ZoneSpec(intern(f"p{p}.faction.{f}"), p))
        for z in AREAS:
            specs.append(ZoneSpec(intern(f"p{p}.{z}"), p))
    return specs


def intern_table(table) -> None:
    """Intern the card ids and zone keys of a table read from data or built from a
    position, as a new game's are (carddb.py, zone_specs, board.py): the rules then
    find them in the card and zone dicts without comparing their text."""
    table.card = list(map(intern, table.card))  # a table just made: no copy shares this list
    table.zones = {intern(k): v for k, v in table.zones.items()}
    table.zone = list(map(intern, table.zone))


SPECS = zone_specs()
# the field: every faction stack and both dominion areas
FIELD_ZONES = tuple(intern(f"p{p}.faction.{f}") for p in (0, 1) for f in FACTIONS) + (intern("p0.dominion"), intern("p1.dominion"))
