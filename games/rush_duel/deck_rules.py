"""Rush Duel deck construction (digest 1.B rules 4-7; the Legend rule of
January 2023), one check per rule, each problem naming its rule.

- Main Deck: 40 to 60 cards (rule 4).
- Extra Deck: at most 15 cards; it holds the Fusion monsters, and only they
  go there (rule 5).
- At most 3 copies of a card with the same name, Main and Extra Deck
  together (rule 6).
- Legend cards: at most one Legend monster, one Legend spell and one Legend
  trap (rule 7).
"""

from __future__ import annotations

from tabletop.engine.decks import Deck, DeckProblem

from .carddb import KINDS, is_extra

SECTIONS = (("main", "Main Deck"), ("extra", "Extra Deck"))
R_MAIN = "Main Deck (40 to 60 cards)"
R_EXTRA = "Extra Deck (up to 15 cards)"
R_COPIES = "Three copies of a name"
R_LEGEND = "Legend cards"
MAIN_MIN, MAIN_MAX, EXTRA_MAX, COPIES = 40, 60, 15, 3


def section_of(card: dict) -> str:
    """Fusion monsters go in the Extra Deck, every other card in the Main Deck (rule 5)."""
    return "extra" if is_extra(card) else "main"


def check(cards: dict, deck: Deck) -> list[DeckProblem]:
    out: list[DeckProblem] = []
    main, extra = deck.sections.get("main", []), deck.sections.get("extra", [])
    out += _sections(cards, deck)
    if not MAIN_MIN <= len(main) <= MAIN_MAX:
        if len(main) == 1:
            out.append(DeckProblem(R_MAIN, f"the Main Deck has 1 card; it must hold {MAIN_MIN} to {MAIN_MAX}"))
        else:
            out.append(DeckProblem(R_MAIN, f"the Main Deck has {len(main)} cards; it must hold {MAIN_MIN} to {MAIN_MAX}"))
    if len(extra) > EXTRA_MAX:
        out.append(DeckProblem(R_EXTRA, f"the Extra Deck has {len(extra)} cards; it holds at most {EXTRA_MAX}"))
    names: dict[str, int] = {}
    for c in main + extra:
        names[cards[c]["name"]] = names.get(cards[c]["name"], 0) + 1
    for name, k in names.items():
        if k > COPIES:
            out.append(DeckProblem(R_COPIES, f"{k} copies of {name}; at most {COPIES} of a name"))
    for kind in KINDS:
        legends = [c for c in main + extra if cards[c]["legend"] and cards[c]["kind"] == kind]
        if len(legends) > 1:
            out.append(DeckProblem(R_LEGEND, f"{len(legends)} Legend {kind} cards; at most one Legend {kind} per deck"))
    return out


def _sections(cards: dict, deck: Deck) -> list[DeckProblem]:
    out = []
    for key, ids in deck.sections.items():
        for cid in dict.fromkeys(ids):
            want = section_of(cards[cid])
            if want != key:
                where = dict(SECTIONS)[want]
                rule = R_EXTRA if want == "extra" or key == "extra" else R_MAIN
                out.append(DeckProblem(rule, f"{cards[cid]['name']} goes in the {where}"))
    return out


def facets(card: dict) -> dict:
    """Type, Attribute, Type of monster (race), Level and Legend, for the deck builder's filters."""
    out = {"Card type": card["kind"].title(), "Kind": card["subtype"].title()}
    if card["kind"] == "monster":
        out["Attribute"] = card["attribute"]
        out["Monster type"] = card["race"]
        out["Level"] = card["level"]
    out["Legend"] = "Legend" if card["legend"] else "Not Legend"
    return out
