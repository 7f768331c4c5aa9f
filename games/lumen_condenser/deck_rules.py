"""Lumen Condenser deck construction (seed 4.1 Deck construction, 4.2
Preparing the game; the deck size from digest B.3 rule 11), one check per
rule, each problem naming its rule.

- Character: exactly one character card.
- Techniques: exactly 20 techniques besides the ultimate.
- Ultimate technique: at most one, not counted in the 20.
- One copy of a name (4.1).
- Own and neutral techniques only (4.1): no other character's techniques.
- Half your own (4.1): at least half the techniques, rounded up, are the
  character's own.
- First hand, List and side deck (4.2): 5 techniques start in hand and 9 in
  the List, none of them special; the rest (every special included) form the
  side deck. So a deck needs 14 techniques that are not special.
"""

from __future__ import annotations

import math

from tabletop.engine.decks import Deck, DeckProblem

SECTIONS = (("character", "Character"), ("techniques", "Techniques"), ("ultimate", "Ultimate"))
R_CHARACTER = "Character (4.1)"
R_SIZE = "Deck size (20 techniques)"
R_ULTIMATE = "Ultimate technique"
R_NAME = "One copy of a name (4.1)"
R_OWN = "Own and neutral techniques (4.1)"
R_HALF = "Own techniques: at least half (4.1)"
R_LIST = "First hand, List and side deck (4.2)"


def section_of(db, card_id: str) -> str:
    if card_id in db.chars:
        return "character"
    return "ultimate" if db.techs[card_id].ultimate else "techniques"


def check(db, deck: Deck) -> list[DeckProblem]:
    from .cards import DECK_SIZE, HAND_START, LIST_START

    out: list[DeckProblem] = []
    for key, ids in deck.sections.items():
        for cid in dict.fromkeys(ids):
            want = section_of(db, cid)
            if want != key:
                rule = {"character": R_CHARACTER, "ultimate": R_ULTIMATE}.get(want if want != "techniques" else key, R_SIZE)
                out.append(DeckProblem(rule, f"{db.cards[cid]['name']} goes under {dict(SECTIONS)[want]}"))
    chars = [c for c in deck.ids() if c in db.chars]
    if len(chars) != 1:
        out.append(DeckProblem(R_CHARACTER, f"a deck has exactly one character card (this one has {len(chars)})"))
    ch = chars[0] if len(chars) == 1 else None
    techs = [db.techs[c] for c in deck.ids() if c in db.techs]
    ults = [t for t in techs if t.ultimate]
    normal = [t for t in techs if not t.ultimate]
    if len(ults) > 1:
        out.append(DeckProblem(R_ULTIMATE, f"at most one ultimate technique (this deck has {len(ults)})"))
    if len(normal) != DECK_SIZE:
        out.append(DeckProblem(R_SIZE, f"a deck has exactly {DECK_SIZE} techniques besides the ultimate (this one has {len(normal)})"))
    seen: dict[str, int] = {}
    for t in techs:
        seen[t.name] = seen.get(t.name, 0) + 1
    for name, k in seen.items():
        if k > 1:
            out.append(DeckProblem(R_NAME, f"only one copy of each name: {name} appears {k} times"))
    if ch is not None:
        own_name = db.chars[ch].name
        for t in {t.id: t for t in techs}.values():
            if t.char != "neutral" and t.char != ch:
                out.append(DeckProblem(R_OWN, f"{t.name} belongs to another character; only {own_name}'s own and "
                                              f"neutral techniques are allowed"))
        own = sum(1 for t in normal if t.char == ch)
        need = math.ceil(len(normal) / 2)
        if own < need:
            out.append(DeckProblem(R_HALF, f"at least half (rounded up) of the deck, {need} techniques, must be "
                                           f"{own_name}'s own (this one has {own})"))
    usable = sum(1 for t in normal if not t.special)
    if usable < HAND_START + LIST_START:
        out.append(DeckProblem(R_LIST, f"the first hand ({HAND_START}) and the List ({LIST_START}) need "
                                       f"{HAND_START + LIST_START} non-special techniques (this deck has {usable}); "
                                       f"the rest form the side deck"))
    return out


POS_WORDS = {"high": "High", "mid": "Middle", "low": "Low"}


def facets(db, card_id: str) -> dict:
    """Type, whose technique, Speed, Position and Ultimate, for the deck builder's filters."""
    c = db.cards[card_id]
    if c["type"] == "character":
        return {"Card type": "Character"}
    owner = c.get("char", "neutral")
    out = {"Card type": {"defence": "Defence"}.get(c["type"], c["type"].title()),
           "Technique of": "Neutral" if owner == "neutral" else db.cards[owner]["name"]}
    if c["type"] == "attack":
        out["Speed"] = c["speed"]
        out["Position"] = POS_WORDS.get(c["pos"], c["pos"])
    out["Ultimate"] = "Ultimate" if c.get("ultimate") else "Not ultimate"
    return out
