"""Lumen Condenser card data: loading, validation and deck rules.

Cards live in ``cards.toml`` as ``[[card]]`` tables with ``type`` one of
``character``, ``attack``, ``defence``, ``special``; decks as
``[deck.NAME]`` tables (``character`` and ``cards``). Every problem raises
CardFileError naming the file, the card id, the field and the line.

Effects are data (see README.md, "Effects"): each effect is a table
``{when, do, amount, target, value, if_*}`` read from a small vocabulary.
"""

from __future__ import annotations

import os
from sys import intern

from tabletop.engine.cards import CardFileContext, Field, check_fields, index_cards, read_card_file
from tabletop.engine.errors import CardFileError

from .effects import EFFECTS, effect_problems

POSITIONS = ("high", "mid", "low")
DEF_ENTRIES = ("guard", "evade", "offset", "none")
TYPES = ("character", "attack", "defence", "special")

# When an effect applies (seed 3.4 keywords and 5.3 judgment steps).
WHEN = ("pre", "hit", "counter", "guard", "guarded", "evade", "evaded", "offset", "offsetted", "combo", "post",
        "grab_broken", "use")
# What an effect does: the primitives registered in effects/primitives.py.
DO = tuple(EFFECTS.table)

DECK_SIZE = 20          # digest B.3 rule 11: exactly 20 techniques (ultimate not counted)
HAND_START = 5          # seed 4.2 step 2
LIST_START = 9          # seed 4.2 step 3
START_HP = 5000         # seed 4.2: every character starts at 5000

CARD_FIELDS = [
    Field("id", str, True), Field("name", str, True), Field("type", str, True, choices=TYPES),
    Field("text", str), Field("char", str),
    # character
    Field("bands", list), Field("limits", list), Field("trait", str), Field("trait_text", str),
    Field("counter_name", str), Field("counter_max", int, min=0, max=99), Field("abilities", list),
    Field("trait_effects", list),
    # attack
    Field("speed", int, min=1, max=30), Field("damage", int, min=0, max=5000),
    Field("pos", str, choices=POSITIONS), Field("hit", (int, str)), Field("counter", (int, str)),
    Field("guard", int, min=-20, max=20), Field("evade", list), Field("offset", list),
    Field("grab", bool), Field("fixed", bool), Field("ultimate", bool),
    # defence
    Field("high", str, choices=DEF_ENTRIES), Field("mid", str, choices=DEF_ENTRIES),
    Field("low", str, choices=DEF_ENTRIES),
    # special / abilities
    Field("timing", str, choices=("lumen", "recovery")),
    Field("effects", list),
]

EFFECT_FIELDS = [
    Field("when", str, choices=WHEN), Field("do", str, True, choices=DO), Field("amount", int, min=-5000, max=5000),
    Field("target", str, choices=("self", "opponent")), Field("value", str, choices=("attack", "defence")),
    Field("if_opp", str, choices=("attack", "defence")), Field("if_fp_min", int), Field("if_hp_max", int),
    Field("if_counter_min", int), Field("if_opp_pos", str, choices=POSITIONS), Field("cost", int, min=0, max=99),
    Field("timing", str, choices=("lumen", "recovery")), Field("if_opp_hp_max", int),
]

DECK_FIELDS = [Field("character", str, True), Field("cards", list, True), Field("name", str), Field("text", str)]


class Tech:
    """A technique's rule numbers, flattened for speed (built once per card id)."""

    __slots__ = ("id", "name", "type", "char", "speed", "damage", "pos", "hit", "counter", "guard",
                 "evade", "offset", "grab", "fixed", "ultimate", "defence_table", "effects_at", "timing", "special",
                 "special_at")

    def __init__(self, c: dict):
        self.id = c["id"]
        self.name = c["name"]
        self.type = c["type"]
        self.char = c.get("char", "neutral")
        self.speed = c.get("speed", 0)
        self.damage = c.get("damage", 0)
        self.pos = c.get("pos", "")
        self.hit = c.get("hit", 0)
        self.counter = c.get("counter", 0)
        self.guard = c.get("guard", 0)
        self.evade = tuple(c.get("evade", ()))
        self.offset = tuple(c.get("offset", ()))
        self.grab = bool(c.get("grab", False))
        self.fixed = bool(c.get("fixed", False))
        self.ultimate = bool(c.get("ultimate", False))
        self.defence_table = {p: c.get(p, "none") for p in POSITIONS} if self.type == "defence" else {}
        self.special = self.type == "special"
        self.timing = c.get("timing", "")
        self.special_at = self.timing if self.special else None  # the window a special technique is used in
        by_timing: dict[str, list] = {}
        for e in c.get("effects", []):
            by_timing.setdefault(e.get("when", "use"), []).append(e)
        self.effects_at = by_timing


class Character:
    """A character card: start HP, HP bands with hand limits, a trait."""

    __slots__ = ("id", "name", "hp", "bands", "limits", "trait", "trait_text", "counter_name", "counter_max",
                 "abilities", "ability_timings", "trait_effects_at", "_limit_at")

    def __init__(self, c: dict):
        self.id = c["id"]
        self.name = c["name"]
        self.bands = list(c["bands"])
        self.limits = list(c["limits"])
        self.hp = self.bands[0]
        self.trait = c.get("trait", "")
        self.trait_text = c.get("trait_text", "")
        self.counter_name = c.get("counter_name", "")
        self.counter_max = c.get("counter_max", 0)
        self.abilities = list(c.get("abilities", []))
        self.ability_timings = frozenset(e["timing"] for e in self.abilities)  # the windows an ability opens in
        by_timing: dict[str, list] = {}
        for e in c.get("trait_effects", []):
            by_timing.setdefault(e.get("when", "use"), []).append(e)
        self.trait_effects_at = by_timing
        self._limit_at: dict[int, int] = {}  # HP -> hand limit, filled as asked

    def limit(self, hp: int) -> int:
        """Seed 2.1 (2): at or below a band's HP, that band's number is the hand limit."""
        lim = self._limit_at.get(hp)
        if lim is None:
            lim = self._limit_at[hp] = self._band_limit(hp)
        return lim

    def _band_limit(self, hp: int) -> int:
        lim = self.limits[0]
        for band, n in zip(self.bands, self.limits):
            if hp <= band:
                lim = n
        return lim


def _check_effects(ctx: CardFileContext, cid: str, field: str, effects, default_when=None) -> list[dict]:
    if not isinstance(effects, list):
        ctx.fail("must be a list of tables", cid, field)
    out = []
    for n, e in enumerate(effects, 1):
        if not isinstance(e, dict):
            ctx.fail(f"entry {n} is not a table", cid, field)
        try:
            e = check_fields(ctx, e, EFFECT_FIELDS, cid)
        except CardFileError as exc:
            raise CardFileError(f"{exc.detail} (in {field} entry {n})", ctx.path) from None
        if "when" not in e:
            if default_when is None:
                ctx.fail(f"entry {n} needs 'when'", cid, field)
            e["when"] = default_when
        problems = effect_problems(e)  # the primitive's own arguments (effects/primitives.py)
        if problems:
            ctx.fail(f"entry {n}: {problems[0]}", cid, field)
        out.append(e)
    return out


def validate_card(ctx: CardFileContext, c: dict, chars: set) -> dict:
    """Per-type checks on top of the field checks (seed section 2)."""
    cid = c["id"]
    t = c["type"]

    def need(*names):
        for n in names:
            if n not in c:
                ctx.fail(f"is missing (a {t} card needs it)", cid, n)

    if t == "character":
        need("bands", "limits", "trait")
        bands, limits = c["bands"], c["limits"]
        if not bands or not all(isinstance(b, int) and not isinstance(b, bool) for b in bands):
            ctx.fail("must be a list of HP values", cid, "bands")
        if sorted(bands, reverse=True) != bands or len(set(bands)) != len(bands):
            ctx.fail("must go from the start HP downwards, each value once", cid, "bands")
        if len(limits) != len(bands) or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 15 for x in limits):
            ctx.fail("needs one hand limit (1-15) per HP band", cid, "limits")
        if bands[0] != START_HP:
            ctx.fail(f"the first band is the start HP and must be {START_HP} (seed 4.2)", cid, "bands")
        c["abilities"] = _check_effects(ctx, cid, "abilities", c.get("abilities", []), "use")
        for e in c["abilities"]:
            if "timing" not in e:
                ctx.fail("each ability needs timing = \"lumen\" or \"recovery\"", cid, "abilities")
        c["trait_effects"] = _check_effects(ctx, cid, "trait_effects", c.get("trait_effects", []))
        return c
    ch = c.get("char", "")
    if not ch:
        ctx.fail("is missing (whose technique: a character id or \"neutral\")", cid, "char")
    if ch != "neutral" and ch not in chars:
        ctx.fail(f"{ch!r} is not a character id or \"neutral\"", cid, "char")
    c["effects"] = _check_effects(ctx, cid, "effects", c.get("effects", []),
                                  "use" if t == "special" else None)
    if t == "attack":
        need("speed", "damage", "pos", "hit", "counter", "guard")
        for f in ("hit", "counter"):
            v = c[f]
            if isinstance(v, str) and v != "combo":
                ctx.fail(f"must be an FP number or \"combo\", not {v!r}", cid, f)
        for f in ("evade", "offset"):
            for x in c.get(f, []):
                if x not in POSITIONS:
                    ctx.fail(f"{x!r} is not one of high, mid, low", cid, f)
    elif t == "defence":
        need("high", "mid", "low")
        for f in ("speed", "damage", "pos", "hit", "counter", "guard", "evade", "offset", "grab"):
            if f in c:
                ctx.fail("a defence technique has no such field (its table is high/mid/low)", cid, f)
    elif t == "special":
        need("timing")
        if not c["effects"]:
            ctx.fail("a special technique needs at least one effect", cid, "effects")
    if c.get("ultimate") and t != "attack":
        ctx.fail("only attack techniques can be ultimate", cid, "ultimate")
    return c


class CardDB:
    """The card pool and decks of ``cards.toml``."""

    def __init__(self, path: str):
        self.path = os.fspath(path)
        data, ctx = read_card_file(self.path)
        raw = data.get("card", [])
        chars = {c.get("id") for c in raw if isinstance(c, dict) and c.get("type") == "character"}
        self.cards = index_cards(ctx, raw, CARD_FIELDS)
        for cid, c in self.cards.items():
            validate_card(ctx, c, chars)
        self.chars = {cid: Character(c) for cid, c in self.cards.items() if c["type"] == "character"}
        self.techs = {cid: Tech(c) for cid, c in self.cards.items() if c["type"] != "character"}
        self.decks: dict[str, list[str]] = {}
        for name, d in (data.get("deck") or {}).items():
            if not isinstance(d, dict):
                raise CardFileError(f"[deck.{name}] must be a table", self.path)
            try:
                d = check_fields(ctx, d, DECK_FIELDS, f"deck.{name}")
            except CardFileError as exc:
                raise CardFileError(f"deck {name!r}: {exc.detail}", self.path) from None
            ids = [d["character"]] + list(d["cards"])
            problems = validate_deck(self, ids)
            if problems:
                raise CardFileError(f"deck {name!r}: {problems[0]}", self.path)
            self.decks[name] = [intern(c) for c in ids]  # the very strings the cards are keyed by (index_cards)

    def with_extra(self, extra: list[dict] | None) -> "CardDB":
        """A copy with extra card definitions (scenarios); same schema as cards.toml."""
        if not extra:
            return self
        ctx = CardFileContext("<scenario cards>", "")
        new = CardDB.__new__(CardDB)
        new.path = self.path
        chars = set(self.chars) | {c.get("id") for c in extra if isinstance(c, dict) and c.get("type") == "character"}
        add = index_cards(ctx, extra, CARD_FIELDS)
        for cid, c in add.items():
            validate_card(ctx, c, chars)
        new.cards = dict(self.cards)
        new.cards.update(add)
        new.chars = dict(self.chars)
        new.techs = dict(self.techs)
        for cid, c in add.items():
            if c["type"] == "character":
                new.chars[cid] = Character(c)
            else:
                new.techs[cid] = Tech(c)
        new.decks = self.decks
        return new


def validate_deck(db: CardDB, card_ids: list[str]) -> list[str]:
    """The deck rules (deck_rules.py) on a flat list of ids, as text."""
    from tabletop.engine.decks import Deck

    from .deck_rules import check, section_of

    unknown = [c for c in card_ids if c not in db.cards]
    if unknown:
        return [f"unknown card id {unknown[0]!r}"]
    deck = Deck("lumen_condenser")
    for c in card_ids:
        deck.add(section_of(db, c), c)
    return [str(p) for p in check(db, deck)]
