"""Riftbound deck construction (Core Rules 101-103 and 825; digest 2), one
check per rule, each problem naming its rule by the rulebook's number.

- Champion Legend (103.1): exactly one; its domains are the Domain Identity.
- Domain Identity (103.1.b): every card's domains (a rune's domain) within it;
  a card of several domains only if all of them are.
- Chosen Champion (103.2.a): a champion unit carrying the legend's champion tag.
- Main Deck (103.2): at least 40 cards, the Chosen Champion included.
- Copies of a name (103.2.b): at most 3 of a full name, the champion included.
- Signature cards (103.2.d): at most 3 in all, each with the legend's tag.
- Unique (825): at most 1 copy of that name.
- Rune Deck (103.3): exactly 12 runes (no per-name limit).
- Battlefields (103.4): 3, with different names.

A deck list keeps the Chosen Champion in its own section; a flat list (a
preconstructed deck, a save's set-up) has it as the first champion unit with
the legend's tag, the one set-up places in the Champion Zone.
"""

from __future__ import annotations

from tabletop.engine.decks import Deck, DeckProblem

SECTIONS = (("legend", "Legend"), ("champion", "Chosen Champion"), ("main", "Main Deck"),
            ("runes", "Rune Deck"), ("battlefields", "Battlefields"))
R_LEGEND = "Champion Legend (103.1)"
R_IDENTITY = "Domain Identity (103.1.b)"
R_CHAMPION = "Chosen Champion (103.2.a)"
R_MAIN = "Main Deck (103.2)"
R_COPIES = "Copies of a name (103.2.b)"
R_SIGNATURE = "Signature cards (103.2.d)"
R_UNIQUE = "Unique (825)"
R_RUNES = "Rune Deck (103.3)"
R_BATTLEFIELDS = "Battlefields (103.4)"
R_TOKENS = "Tokens"
MAIN_MIN, RUNES, BATTLEFIELDS, COPIES, SIGNATURES = 40, 12, 3, 3, 3
DOMAIN_WORDS = {"fury": "Fury", "calm": "Calm", "mind": "Mind", "body": "Body", "chaos": "Chaos", "order": "Order"}


_SECTION_OF_TYPE = {"legend": "legend", "rune": "runes", "battlefield": "battlefields"}  # the rest: main


def section_of(card: dict) -> str:
    return _SECTION_OF_TYPE.get(card["type"], "main")


def is_champion_for(card: dict, tag: str) -> bool:
    return card["type"] == "unit" and "champion" in card["supertype"] and card["champion"] == tag


def section_for(cards: dict, card_id: str, deck: Deck) -> str:
    """A champion unit of the deck's legend goes in as the Chosen Champion
    while there is none yet; every other card where section_of puts it."""
    legends = deck.sections.get("legend", [])
    if (len(legends) == 1 and not deck.sections.get("champion")
            and is_champion_for(cards[card_id], cards[legends[0]]["champion"])):
        return "champion"
    return section_of(cards[card_id])


def sort_flat(cards: dict, deck: Deck) -> Deck:
    """Move the Chosen Champion of a flat list (the first champion unit with
    the legend's tag, as set-up picks it) into its own section."""
    legends = deck.sections.get("legend", [])
    if deck.sections.get("champion") or len(legends) != 1:
        return deck
    tag = cards[legends[0]]["champion"]
    main = deck.sections.get("main", [])
    champ = next((c for c in main if is_champion_for(cards[c], tag)), None)
    if champ is not None:
        main.remove(champ)
        deck.sections["champion"] = [champ]
    return deck


def check(cards: dict, deck: Deck) -> list[DeckProblem]:
    out: list[DeckProblem] = []
    sec = {k: list(deck.sections.get(k, [])) for k, _ in SECTIONS}
    for key, ids in deck.sections.items():
        for cid in dict.fromkeys(ids):
            want = section_of(cards[cid])
            if cards[cid]["type"] == "token":
                out.append(DeckProblem(R_TOKENS, f"{cards[cid]['name']} is a token: tokens are not cards and can't be in a deck"))
            elif want != key and not (key == "champion" and want == "main"):
                out.append(DeckProblem(_rule_of(want), f"{cards[cid]['name']} goes in the {dict(SECTIONS)[want]}"))
    legends = sec["legend"]
    if len(legends) != 1:
        out.append(DeckProblem(R_LEGEND, f"a deck has exactly 1 Champion Legend (this one has {len(legends)})"))
        leg = None
    else:
        leg = cards[legends[0]]
    ident = set(leg["domain"]) if leg else None
    champion = sec["champion"]
    main = champion + sec["main"]
    if leg is not None:
        tag = leg["champion"]
        if len(champion) != 1:
            out.append(DeckProblem(R_CHAMPION, f"choose exactly 1 Chosen Champion, a champion unit of {tag} "
                                               f"(this deck has {len(champion)})"))
        for c in champion:
            if not is_champion_for(cards[c], tag):
                out.append(DeckProblem(R_CHAMPION, f"{cards[c]['name']} is not a champion unit of {tag}"))
        outside = [c for c in dict.fromkeys(main + sec["runes"]) if not _within(cards[c], ident)]
        for c in outside:
            out.append(DeckProblem(R_IDENTITY, f"{cards[c]['name']} is outside the domain identity "
                                               f"({', '.join(DOMAIN_WORDS.get(d, d) for d in sorted(ident))})"))
        sig = [c for c in main if "signature" in cards[c]["supertype"]]
        if len(sig) > SIGNATURES:
            out.append(DeckProblem(R_SIGNATURE, f"{len(sig)} signature cards; at most {SIGNATURES} in a deck"))
        for c in dict.fromkeys(sig):
            if cards[c]["champion"] != tag:
                out.append(DeckProblem(R_SIGNATURE, f"{cards[c]['name']} is a signature card of another champion"))
    if len(main) < MAIN_MIN:
        out.append(DeckProblem(R_MAIN, f"the main deck has at least {MAIN_MIN} cards including the chosen champion "
                                       f"(this one has {len(main)})"))
    names: dict[str, int] = {}
    for c in main:
        names[cards[c]["name"]] = names.get(cards[c]["name"], 0) + 1
    for n, k in names.items():
        if k > COPIES:
            out.append(DeckProblem(R_COPIES, f"{k} copies of {n}; at most {COPIES} copies of a name"))
    for c in dict.fromkeys(main):
        if cards[c]["kw"].get("unique") and names[cards[c]["name"]] > 1:
            out.append(DeckProblem(R_UNIQUE, f"{cards[c]['name']} is Unique: at most 1 copy"))
    if len(sec["runes"]) != RUNES:
        out.append(DeckProblem(R_RUNES, f"the rune deck has exactly {RUNES} runes (this one has {len(sec['runes'])})"))
    bfs = sec["battlefields"]
    if len(bfs) != BATTLEFIELDS or len({cards[c]["name"] for c in bfs}) != len(bfs):
        out.append(DeckProblem(R_BATTLEFIELDS, f"a deck has {BATTLEFIELDS} battlefields with different names "
                                               f"(this one has {len(bfs)}, {len({cards[c]['name'] for c in bfs})} names)"))
    return out


def _rule_of(section: str) -> str:
    return {"legend": R_LEGEND, "runes": R_RUNES, "battlefields": R_BATTLEFIELDS}.get(section, R_MAIN)


def _within(card: dict, ident: set) -> bool:
    doms = [card["rune"]] if card["type"] == "rune" else list(card["domain"])
    return set(doms) <= ident


def facets(card: dict) -> dict:
    """Type, Domain, Cost, Might and Champion for the deck builder's filters."""
    out = {"Card type": card["type"].title()}
    doms = [card["rune"]] if card["type"] == "rune" else list(card["domain"])
    if doms:
        out["Domain"] = " / ".join(DOMAIN_WORDS.get(d, d) for d in doms)
    if card["type"] in ("unit", "spell", "gear"):
        out["Cost"] = card["cost"]
    if card["type"] == "unit":
        out["Might"] = card["might"]
    if card.get("champion"):
        out["Champion"] = card["champion"]
    return out
