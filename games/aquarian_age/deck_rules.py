"""Aquarian Age deck construction (the official beginner guide's deck rules;
digest A.3 rule 8), one check per rule, each problem naming its rule.

- Deck of 40 cards: exactly 40.
- Four copies of a name: at most 4 cards of the same name; cards of another
  number with the same name count toward the 4.

The guide's advice (about two factions, about 20 characters and 20 break
cards) is advice, not a rule: a deck with no character is legal, it just
can't win; the deck builder shows the counts so a player sees it.
"""

from __future__ import annotations

from tabletop.engine.decks import Deck, DeckProblem

from .carddb import FACTION_NAMES

SECTIONS = (("deck", "Deck"),)
R_SIZE = "Deck of 40 cards"
R_COPIES = "Four copies of a name"
DECK_SIZE, MAX_COPIES = 40, 4


def check(cards: dict, deck: Deck) -> list[DeckProblem]:
    out: list[DeckProblem] = []
    ids = deck.ids()
    if len(ids) != DECK_SIZE:
        out.append(DeckProblem(R_SIZE, f"a deck has exactly {DECK_SIZE} cards (this one has {len(ids)})"))
    by_name: dict[str, int] = {}
    for cid in ids:
        by_name[cards[cid]["name"]] = by_name.get(cards[cid]["name"], 0) + 1
    for n, k in by_name.items():
        if k > MAX_COPIES:
            out.append(DeckProblem(R_COPIES, f"{k} copies of {n}; at most {MAX_COPIES} of a name"))
    return out


def facets(card: dict) -> dict:
    """Type, Faction, Cost, Mental and Icon, for the deck builder's filters."""
    out = {"Card type": card["type"].title(), "Faction": FACTION_NAMES.get(card["faction"], card["faction"])}
    if card["type"] != "character":
        out["Cost"] = card["cost"]
    if card["type"] in ("character", "break"):
        out["Mental"] = card["mental"]
    if card["icons"]:
        out["Icon"] = card["icons"][0].title()
    return out
