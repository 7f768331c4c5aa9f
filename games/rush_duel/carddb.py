"""The Rush Duel card schema, the card-file loader and deck validation.

Cards are data (digest 1.E rule 22): a card lists its [REQUIREMENT]
(``requirement`` conditions and ``cost`` steps), its [EFFECT] (``effect`` steps),
its [MULTI-CHOICE EFFECT] (``modes``, each with its own ``effect``) and its
[CONTINUOUS EFFECT] (``continuous`` auras), composed from the vocabulary in
:mod:`games.rush_duel.effects`. A malformed file stops with one
:class:`CardFileError` naming the file, the card id, the field and the line.
"""

from __future__ import annotations

import os
from sys import intern

from tabletop.engine import tomlio
from tabletop.engine.cards import CardFileContext, Field, index_cards, interned, read_card_file
from tabletop.engine.errors import CardFileError

from . import effects as fx

KINDS = ("monster", "spell", "trap")
SUBTYPES = {
    "monster": ("normal", "effect", "fusion", "maximum"),
    "spell": ("normal", "field", "equip", "fusion"),
    "trap": ("normal",),
}
ATTRIBUTES = ("DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND")
PIECES = ("left", "centre", "right")

FIELDS = [
    Field("id", str, True),
    Field("name", str, True),
    Field("kind", str, True, choices=KINDS),
    Field("subtype", str, True),
    Field("text", str, True),
    Field("level", int, min=1, max=12, required=True, when=lambda c: c.get("kind") == "monster"),
    Field("atk", int, min=0, max=9999, required=True, when=lambda c: c.get("kind") == "monster"),
    Field("def", int, min=0, max=9999, required=True, when=lambda c: c.get("kind") == "monster"),
    Field("attribute", str, choices=ATTRIBUTES, required=True, when=lambda c: c.get("kind") == "monster"),
    Field("race", str, required=True, when=lambda c: c.get("kind") == "monster"),
    Field("legend", bool, default=False),
    Field("keywords", list, default=list),
    Field("materials", list, required=True, when=lambda c: c.get("subtype") == "fusion" and c.get("kind") == "monster"),
    Field("max_set", str, required=True, when=lambda c: c.get("subtype") == "maximum"),
    Field("max_piece", str, choices=PIECES, required=True, when=lambda c: c.get("subtype") == "maximum"),
    Field("max_atk", int, min=0, max=99999, required=True,
          when=lambda c: c.get("subtype") == "maximum" and c.get("max_piece") == "centre"),
    Field("requirement", list, default=list),
    Field("cost", list, default=list),
    Field("effect", list, default=list),
    Field("modes", list, default=list),
    Field("continuous", list, default=list),
    Field("trigger", dict),
    Field("target", (dict, str)),
]


def _check_steps(ctx: CardFileContext, cid: str, field: str, steps, vocab: dict, key: str) -> None:
    """Check a list of effect/cost/condition tables against the vocabulary."""
    if not isinstance(steps, list):
        ctx.fail("must be a list of tables", cid, field)
    for n, st in enumerate(steps, 1):
        if not isinstance(st, dict):
            ctx.fail(f"entry {n} must be a table like {{{key} = \"...\"}}", cid, field)
        name = st.get(key)
        if name not in vocab:
            ctx.fail(f"entry {n}: {key} {name!r} is not one of {', '.join(sorted(vocab))}", cid, field)
        allowed = vocab[name]
        for k, v in st.items():
            if k == key:
                continue
            if k not in allowed:
                ctx.fail(f"entry {n} ({name}): unknown key {k!r} (allowed: {', '.join(sorted(allowed)) or 'none'})", cid, field)
            want = allowed[k]
            if want is int and (not isinstance(v, int) or isinstance(v, bool)):
                ctx.fail(f"entry {n} ({name}): {k} must be an integer, not {v!r}", cid, field)
            if want is str and not isinstance(v, str):
                ctx.fail(f"entry {n} ({name}): {k} must be text, not {v!r}", cid, field)
            if want is dict:
                if not isinstance(v, dict):
                    ctx.fail(f"entry {n} ({name}): {k} must be a table, not {v!r}", cid, field)
                _check_filter(ctx, cid, field, v)
            if isinstance(want, tuple) and v not in want:
                ctx.fail(f"entry {n} ({name}): {k} {v!r} is not one of {', '.join(want)}", cid, field)


def _check_filter(ctx, cid, field, flt) -> None:
    for k, v in flt.items():
        if k not in fx.FILTER_KEYS:
            ctx.fail(f"filter key {k!r} is not one of {', '.join(sorted(fx.FILTER_KEYS))}", cid, field)
        want = fx.FILTER_KEYS[k]
        if want is int and (not isinstance(v, int) or isinstance(v, bool)):
            ctx.fail(f"filter {k} must be an integer, not {v!r}", cid, field)
        if want is str and not isinstance(v, str):
            ctx.fail(f"filter {k} must be text, not {v!r}", cid, field)


def validate_card(ctx: CardFileContext, card: dict, cid: str) -> dict:
    """Check one card table (fields, subtype, effect vocabulary) and normalise it."""
    c = card
    kind = c["kind"]
    if c["subtype"] not in SUBTYPES[kind]:
        ctx.fail(f"{c['subtype']!r} is not a {kind} subtype ({', '.join(SUBTYPES[kind])})", cid, "subtype")
    for k in ("requirement",):
        _check_steps(ctx, cid, k, c[k], fx.CONDITIONS, "if")
    _check_steps(ctx, cid, "cost", c["cost"], fx.COSTS, "op")
    _check_steps(ctx, cid, "effect", c["effect"], fx.OPS, "op")
    _check_steps(ctx, cid, "continuous", c["continuous"], fx.CONTINUOUS, "op")
    if "target" in c:
        why = fx.check_card_target(c["target"])
        if why is not None:
            ctx.fail(why, cid, "target")
    for n, m in enumerate(c["modes"], 1):
        if not isinstance(m, dict) or "label" not in m or "effect" not in m:
            ctx.fail(f"mode {n} must be a table with label and effect", cid, "modes")
        for k in m:
            if k not in ("label", "effect", "target"):
                ctx.fail(f"mode {n}: unknown key {k!r}", cid, "modes")
        if "target" in m:
            why = fx.check_card_target(m["target"])
            if why is not None:
                ctx.fail(f"mode {n}: {why}", cid, "modes")
        _check_steps(ctx, cid, "modes", m["effect"], fx.OPS, "op")
    if kind == "trap":
        trig = c.get("trigger")
        if not isinstance(trig, dict):
            ctx.fail("a trap needs a trigger table, e.g. {event = \"attack\", by = \"opp\"}", cid, "trigger")
        if trig.get("event") not in fx.TRIGGER_EVENTS:
            ctx.fail(f"event {trig.get('event')!r} is not one of {', '.join(fx.TRIGGER_EVENTS)}", cid, "trigger")
        if trig.get("by", "opp") not in ("self", "opp", "any"):
            ctx.fail(f"by {trig.get('by')!r} is not one of self, opp, any", cid, "trigger")
        _check_filter(ctx, cid, "trigger", {k: v for k, v in trig.items() if k not in ("event", "by")})
    elif "trigger" in c:
        ctx.fail("only traps have a trigger", cid, "trigger")
    if kind == "monster":
        if c["subtype"] == "normal" and (c["effect"] or c["modes"] or c["continuous"]):
            ctx.fail("a normal monster has no effect (use subtype 'effect')", cid, "subtype")
    for k in c["keywords"]:
        if k not in fx.KEYWORDS:
            ctx.fail(f"keyword {k!r} is not one of {', '.join(fx.KEYWORDS)}", cid, "keywords")
    # derived, for speed
    c["has_aura"] = bool(c["continuous"])
    c["pierce"] = "piercing" in c["keywords"]
    return c


def _cross_check(ctx: CardFileContext, cards: dict) -> None:
    sets: dict[str, dict] = {}
    for cid, c in cards.items():
        if c["kind"] == "monster" and c["subtype"] == "fusion":
            for m in c["materials"]:
                if m not in cards:
                    ctx.fail(f"material {m!r} is not a card in this file", cid, "materials")
        if c["subtype"] == "maximum":
            pieces = sets.setdefault(c["max_set"], {})
            if c["max_piece"] in pieces:
                ctx.fail(f"set {c['max_set']!r} has two {c['max_piece']} pieces", cid, "max_piece")
            pieces[c["max_piece"]] = cid
    for name, pieces in sets.items():
        if len(pieces) != 3:
            cid = next(iter(pieces.values()))
            ctx.fail(f"Maximum set {name!r} needs left, centre and right pieces (has {', '.join(sorted(pieces))})", cid, "max_set")
    for c in cards.values():
        if c["subtype"] == "maximum":
            c["max_pieces"] = [sets[c["max_set"]][p] for p in PIECES]


def index_extra(cards: list, base: dict, path: str = "<extra cards>") -> dict[str, dict]:
    """Validate extra card definitions (a position's ``cards`` list, same schema
    as cards.toml) and return ``base`` merged with them."""
    ctx = CardFileContext(path, "")
    out = index_cards(ctx, cards, FIELDS)
    merged = dict(base)
    for cid, c in out.items():
        merged[cid] = validate_card(ctx, c, cid)
    _cross_check(ctx, merged)
    for cid in out:
        merged[cid] = interned(merged[cid])
    return merged


def load_card_file(path) -> tuple[dict[str, dict], dict[str, dict]]:
    """Load cards.toml: returns (cards by id, decks by name). Raises CardFileError."""
    path = os.fspath(path)
    data, ctx = read_card_file(path)
    raw = data.get("card", [])
    ids = index_cards(ctx, raw, FIELDS)
    cards = {cid: validate_card(ctx, c, cid) for cid, c in ids.items()}
    _cross_check(ctx, cards)
    cards = {cid: interned(c) for cid, c in cards.items()}
    decks: dict[str, dict] = {}
    for n, d in enumerate(data.get("deck", []), 1):
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            raise CardFileError(f"deck {n} needs a text 'name'", path)
        name = d["name"]
        ids_list: list[str] = []
        for part in ("main", "extra"):
            tbl = d.get(part, {})
            if not isinstance(tbl, dict):
                raise CardFileError(f"deck {name!r}: '{part}' must be a table of card id = copies", path)
            for cid, k in tbl.items():
                if cid not in cards:
                    line = tomlio.line_of(ctx.text, f'name = "{name}"')
                    raise CardFileError(f"deck {name!r} (line {line}): unknown card {cid!r} in {part}", path)
                if not isinstance(k, int) or isinstance(k, bool) or k < 1:
                    raise CardFileError(f"deck {name!r}: {cid} copies must be a positive integer", path)
                ids_list.extend([intern(cid)] * k)  # the very string the cards are keyed by (index_cards)
        decks[name] = {"cards": ids_list, "style": str(d.get("style", "")), "description": str(d.get("description", ""))}
    return cards, decks


def is_extra(card: dict) -> bool:
    """Fusion monsters live in the Extra Deck (digest 1.B rule 5)."""
    return card["kind"] == "monster" and card["subtype"] == "fusion"
