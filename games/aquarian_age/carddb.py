"""Aquarian Age card database: schema, validation and normalisation.

A card file holds ``[[card]]`` tables and ``[deck.NAME]`` tables (``cards`` =
list of ``[count, id]`` pairs or plain ids). Every card is checked field by
field; the first problem raises :class:`CardFileError` naming the file, the
card id, the field and the line (tabletop.engine.cards).

Card types (digest A.1.1): ``character``, ``break`` (a break character),
``permanent``, ``project``, ``fast``. Characters and break cards carry mental /
attack / durability (digest A.1.2), a faction, classification icons and skills;
break, permanent, project and fast cards carry a factor and a cost (seed 3.2).
Characters and break cards also print a guard cost (seed 4.2 "방어 비용", digest
A.7.23 "that character's guard cost"), 1 power card unless the card says otherwise.
"""

from __future__ import annotations

import re
from sys import intern

from tabletop.engine.cards import CardFileContext, Field, check_fields, index_cards, interned, read_card_file
from tabletop.engine.effects import check_target
from tabletop.engine.errors import CardFileError

FACTIONS = ("ego", "arayashiki", "wizdom", "darklore", "eraser")
FACTION_NAMES = {"ego": "E.G.O.", "arayashiki": "Arayashiki", "wizdom": "WIZ-DOM",
                 "darklore": "Darklore", "eraser": "Eraser"}
TYPES = ("character", "break", "permanent", "project", "fast")
ICONS = ("student", "worker", "athlete", "scholar", "talent", "ghost", "medium", "creature",
         "mystic", "vampire", "ogre", "monster", "devil", "android", "angel", "dragoon",
         "cyborg", "machine", "warrior", "scanner", "undead", "shiki", "flame", "marionette")

# skills: name -> kind ("flag": no number, "signed": +X/-X, "count": X >= 1)
SKILLS = {
    "aggressive": "flag", "intercept": "flag", "initiative": "flag", "breakthrough": "flag",
    "draw": "signed", "permanent": "signed", "capacity": "signed",
    "charge": "count", "bind": "count",
}
SKILL_TITLES = {"aggressive": "Aggressive (▼)", "intercept": "Intercept", "initiative": "Initiative",
                "breakthrough": "Breakthrough", "draw": "Draw", "permanent": "Permanent",
                "capacity": "Capacity", "charge": "Charge", "bind": "Bind"}
_SKILL_RE = re.compile(r"^\s*([A-Za-z]+|▼)\s*([+-]?\s*\d+)?\s*$")

STATS = ("mental", "attack", "durability")
# targets use the kit's format (tabletop.engine.effects): who = self|opponent|any,
# zone = the area the character stands in (omitted: either), filter = conditions
TARGET_ZONES = ("faction", "dominion")
TARGET_FILTERS = {"max_mental": int, "min_mental": int, "max_attack": int, "no_power": bool,
                  "faction": FACTIONS, "aggressive": bool}


def parse_skill(text: str) -> tuple[str, int]:
    """"Draw+1" -> ("draw", 1); "Charge 2" -> ("charge", 2); "▼" -> ("aggressive", 1).
    Raises ValueError with a sentence on a bad skill."""
    m = _SKILL_RE.match(text)
    if not m:
        raise ValueError(f"{text!r} is not a skill (write e.g. \"Aggressive\", \"Draw+1\", \"Charge1\", \"Bind 1\")")
    name = "aggressive" if m.group(1) == "▼" else m.group(1).lower()
    num = m.group(2)
    if name not in SKILLS:
        raise ValueError(f"unknown skill {m.group(1)!r} (known: {', '.join(SKILL_TITLES.values())})")
    kind = SKILLS[name]
    if kind == "flag":
        if num is not None:
            raise ValueError(f"the skill {m.group(1)} takes no number")
        return name, 1
    if num is None:
        raise ValueError(f"the skill {m.group(1)} needs a number ({m.group(1)}+1 / {m.group(1)}1)")
    value = int(num.replace(" ", ""))
    if kind == "count" and value < 1:
        raise ValueError(f"the skill {m.group(1)} needs a number of at least 1")
    if kind == "signed" and value == 0:
        raise ValueError(f"the skill {m.group(1)} needs a non-zero number")
    return name, value


def skill_text(name: str, value: int) -> str:
    kind = SKILLS[name]
    if kind == "flag":
        return SKILL_TITLES[name]
    if kind == "signed":
        return f"{SKILL_TITLES[name]}{value:+d}"
    return f"{SKILL_TITLES[name]} {value}"


CARD_FIELDS = [
    Field("id", str, required=True),
    Field("name", str, required=True),
    Field("type", str, required=True, choices=TYPES),
    Field("faction", str, required=True, choices=FACTIONS),
    Field("mental", int, min=0, max=9, when=lambda c: c.get("type") in ("character", "break"), required=True),
    Field("attack", int, min=0, max=9, when=lambda c: c.get("type") in ("character", "break"), required=True),
    Field("durability", int, min=1, max=9, when=lambda c: c.get("type") in ("character", "break"), required=True),
    Field("mental_attack", bool, default=False),
    Field("guard_cost", int, min=0, max=9, when=lambda c: c.get("type") in ("character", "break"), default=1),
    Field("icons", list, default=list),
    Field("extra_icons", list, default=list),
    Field("skills", list, default=list),
    Field("name_level", bool, default=False),
    Field("factor", int, min=0, max=9, when=lambda c: c.get("type") != "character", required=True),
    Field("cost", int, min=0, max=9, when=lambda c: c.get("type") != "character", required=True),
    Field("effect", list, default=list),
    Field("target", (dict, str)),
    Field("static", list, default=list),
    Field("ability", list, default=list),
    Field("attach_to", str, choices=("own", "opp", "any"), default="own"),
    Field("timing", str, choices=("any", "attack"), default="any"),
    Field("text", str, default=""),
]


def _check_effects(ctx: CardFileContext, cid: str, field: str, effects) -> list[dict]:
    """Each operation is checked against its primitive's registered arguments
    (effects/primitives.py); a count is never negative and a granted skill is
    one of the skills."""
    from .effects import EFFECTS

    if not isinstance(effects, list):
        ctx.fail("must be a list of effect tables", cid, field)
    out = []
    for e in effects:
        problems = EFFECTS.problems(e)
        if problems:
            ctx.fail(problems[0], cid, field)
        op = e["op"]
        if "n" in e and e["n"] < 0:
            ctx.fail(f"effect {op!r}: 'n' must be a whole number >= 0", cid, field)
        if op == "grant":
            try:
                parse_skill(e["keyword"])
            except ValueError as exc:
                ctx.fail(f"effect 'grant': {exc}", cid, field)
        out.append(dict(e))
    return out


def _check_target(ctx: CardFileContext, cid: str, field: str, tgt) -> dict:
    """A target in the kit's format, aimed at one chosen character on the field:
    ``{who, zone, filter}`` (the shorthands "self" and "opponent" name a side).
    Returns it as ``{"who", "filter"[, "zone"]}``."""
    problem = check_target(tgt)
    if problem:
        ctx.fail(problem, cid, field)
    if isinstance(tgt, str):
        if tgt == "this":
            ctx.fail("a target aims at a character on the field; an ability aims at its own character "
                     "with on = \"self\" in the effect", cid, field)
        tgt = {"who": tgt}
    out = {"who": tgt.get("who", "any"), "filter": {}}
    if "zone" in tgt:
        if tgt["zone"] not in TARGET_ZONES:
            ctx.fail(f"target zone must be one of {', '.join(TARGET_ZONES)} (omit it for either)", cid, field)
        out["zone"] = tgt["zone"]
    if tgt.get("count", 1) != 1:
        ctx.fail("a target is one character: its count must be 1", cid, field)
    if tgt.get("choose", True) is not True:
        ctx.fail("a target is a character the player chooses: choose must be true", cid, field)
    for k, v in tgt.get("filter", {}).items():
        want = TARGET_FILTERS.get(k)
        if want is None:
            ctx.fail(f"unknown target filter {k!r} (filters: {', '.join(TARGET_FILTERS)})", cid, field)
        if isinstance(want, tuple):
            if v not in want:
                ctx.fail(f"target filter {k} must be one of {', '.join(want)}", cid, field)
        elif want is int and (not isinstance(v, int) or isinstance(v, bool)):
            ctx.fail(f"target filter {k} must be an integer", cid, field)
        elif want is bool and not isinstance(v, bool):
            ctx.fail(f"target filter {k} must be true/false", cid, field)
        out["filter"][k] = v
    return out


def normalise(ctx: CardFileContext, raw: dict) -> dict:
    """Check one card's cross-field rules and return its normalised dict."""
    from .effects import TARGETED

    cid = raw["id"]
    c = check_fields(ctx, raw, CARD_FIELDS, cid)
    typ = c["type"]
    for f in ("icons", "extra_icons"):
        for ic in c[f]:
            if ic not in ICONS:
                ctx.fail(f"{ic!r} is not a classification icon (known: {', '.join(ICONS)})", cid, f)
    if typ in ("character", "break") and not c["icons"]:
        ctx.fail("a character or break card needs at least one classification icon", cid, "icons")
    skills = {}
    for s in c["skills"]:
        if not isinstance(s, str):
            ctx.fail("skills must be text like \"Draw+1\"", cid, "skills")
        try:
            k, v = parse_skill(s)
        except ValueError as exc:
            ctx.fail(str(exc), cid, "skills")
        skills[k] = skills.get(k, 0) + v
    c["skills"] = skills
    c["effect"] = _check_effects(ctx, cid, "effect", c["effect"])
    needs_target = any(e["op"] in TARGETED and e.get("on", "target") == "target" for e in c["effect"])
    if typ in ("project", "fast"):
        if needs_target and "target" not in c:
            ctx.fail("an effect that aims at a character needs a 'target' table", cid, "target")
    if "target" in c:
        c["target"] = _check_target(ctx, cid, "target", c["target"])
    else:
        c["target"] = None
    stat = []
    for s in c["static"]:
        if not isinstance(s, dict):
            ctx.fail("each static entry must be a table", cid, "static")
        if "stat" in s:
            if s["stat"] not in STATS or not isinstance(s.get("delta"), int):
                ctx.fail(f"static stat must be one of {STATS} with an integer delta", cid, "static")
            stat.append(("stat", s["stat"], s["delta"]))
        elif "keyword" in s:
            try:
                k, v = parse_skill(s["keyword"])
            except ValueError as exc:
                ctx.fail(str(exc), cid, "static")
            stat.append(("kw", k, v))
        else:
            ctx.fail("a static entry needs 'stat' or 'keyword'", cid, "static")
    c["static"] = stat
    if typ == "permanent" and not stat:
        ctx.fail("a permanent needs at least one static entry", cid, "static")
    abilities = []
    for a in c["ability"]:
        if not isinstance(a, dict):
            ctx.fail("each ability must be a table", cid, "ability")
        cost = a.get("cost")
        if not isinstance(cost, int) or isinstance(cost, bool) or cost < 1:
            ctx.fail("an activated ability needs a cost of at least 1 power card", cid, "ability")
        eff = _check_effects(ctx, cid, "ability", a.get("effect", []))
        if not eff:
            ctx.fail("an activated ability needs an effect", cid, "ability")
        tgt = _check_target(ctx, cid, "ability", a["target"]) if "target" in a else None
        if tgt is None and any(e["op"] in TARGETED and e.get("on", "target") == "target" for e in eff):
            ctx.fail("an ability effect that aims at a character needs a 'target'", cid, "ability")
        abilities.append({"cost": cost, "effect": eff, "target": tgt, "text": str(a.get("text", ""))})
    c["ability"] = abilities
    if typ not in ("character", "break"):
        c["guard_cost"] = 0
        c.setdefault("mental", 0)
        c.setdefault("attack", 0)
        c.setdefault("durability", 0)
    else:
        c.setdefault("factor", 0)
        c.setdefault("cost", 0)
    return interned(c)


def load_card_file(path) -> tuple[dict[str, dict], dict[str, list[str]]]:
    """Load cards.toml: (cards by id, decks by name). Raises CardFileError."""
    data, ctx = read_card_file(path)
    raw = index_cards(ctx, data.get("card", []), CARD_FIELDS)
    cards = {intern(cid): normalise(ctx, c) for cid, c in raw.items()}
    decks = {}
    for name, d in (data.get("deck") or {}).items():
        if not isinstance(d, dict) or not isinstance(d.get("cards"), list):
            ctx.fail(f"deck {name!r} needs a 'cards' list")
        ids = []
        for entry in d["cards"]:
            if isinstance(entry, str):
                ids.append(intern(entry))  # the very string the cards are keyed by
            elif isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int) and isinstance(entry[1], str):
                ids.extend([intern(entry[1])] * entry[0])
            else:
                ctx.fail(f"deck {name!r}: entries must be card ids or [count, id] pairs, not {entry!r}")
        for cid in ids:
            if cid not in cards:
                ctx.fail(f"deck {name!r} names an unknown card {cid!r}")
        decks[name] = ids
    return cards, decks


def normalise_extra(cards: list[dict], base: dict[str, dict], where: str = "extra cards") -> dict[str, dict]:
    """Normalise extra card definitions (scenarios, positions) against the schema."""
    ctx = CardFileContext(where, "")
    out = dict(base)
    if not isinstance(cards, list):
        raise CardFileError("extra cards must be a list of card tables", where)
    for i, c in enumerate(cards):
        if not isinstance(c, dict) or not isinstance(c.get("id"), str):
            raise CardFileError(f"extra card {i + 1} has no text 'id'", where)
        out[intern(c["id"])] = normalise(ctx, c)
    return out
