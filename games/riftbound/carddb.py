"""Riftbound card data: schema, validation, the effect vocabulary and card text.

Cards are data (cards.toml). Every effect is a list of *primitives* (``op``)
registered in :mod:`.effects`; a spell's or ability's ``target`` is written in
the kit's target format (:func:`check_card_target`); triggers come from
:data:`TRIGGERS`. Keywords are the v1.3 keywords of Core Rules section 800
(digest section 18) written in lower case, with a number after a colon where
the keyword has one (``assault:2``, ``deflect:1``, ``equip:2``).
"""

from __future__ import annotations

import os
from sys import intern

from tabletop.engine.cards import CardFileContext, Field, index_cards, interned, read_card_file
from tabletop.engine.effects import check_target
from tabletop.engine.errors import CardFileError

DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")
# the rules' shorthand for each domain (digest section 5.1)
DOMAIN_CODE = {"fury": "R", "calm": "G", "mind": "B", "body": "O", "chaos": "P", "order": "Y"}
DOMAIN_COLOR = {"fury": "#b8402f", "calm": "#3f8f4f", "mind": "#3462a8", "body": "#c77a2a",
                "chaos": "#7a4a9c", "order": "#c8a83a"}
TYPES = ("unit", "spell", "gear", "legend", "battlefield", "rune", "token")
# a card's type and supertypes as the table prints them (the ids title-cased on the type line)
TYPE_WORDS = {"unit": "Unit", "spell": "Spell", "gear": "Gear", "legend": "Legend", "battlefield": "Battlefield", "rune": "Rune",
              "token": "Token", "champion": "Champion", "signature": "Signature"}

# keyword -> takes a number
KEYWORDS = {
    "accelerate": False, "action": False, "reaction": False, "assault": True, "shield": True,
    "deflect": True, "ganking": False, "hidden": False, "temporary": False, "vision": False,
    "tank": False, "backline": False, "ambush": False, "unique": False, "equip": True,
    "quickdraw": False, "repeat": True, "hunt": True, "legion": False, "deathknell": False,
    "weaponmaster": False,
}

TRIGGERS = ("play", "death", "conquer", "hold", "attack", "defend", "turn_start", "turn_end", "healed", "activate")

# What a spell or ability may choose (digest 9.3: a chosen object is a target), in the
# kit's target format: ``target = {who = "opponent", zone = "battlefield"}``. ``zone`` is
# where the chosen card is: on the ``board`` (a base or a battlefield), at a ``base``, at a
# ``battlefield`` (units), or on the ``chain`` (spells); ``who`` is whose it is (``self``:
# friendly, ``opponent``: enemy, ``any``: the first player's then the second's);
# ``filter`` narrows it: ``here`` (at the location of the card whose ability it is),
# ``other`` (not that card), ``max_might`` (N Might or less). One card is chosen, so
# ``count``, if written, is 1 and ``choose`` is true.
TARGET_ZONES = ("board", "base", "battlefield", "chain")
TARGET_FILTER = {"here": bool, "other": bool, "max_might": int}
# the locations of each unit zone: -1 the base, 0 and 1 the battlefields
TARGET_LOCS = {"board": (-1, 0, 1), "base": (-1,), "battlefield": (0, 1)}
# Quick-Draw attaches the gear to a unit you control
QUICKDRAW_TARGET = {"who": "self", "zone": "board"}


def check_card_target(target) -> str | None:
    """None for a target a Riftbound spell or ability can take, else what is wrong with it
    (the kit's target format, narrowed to one unit on the board or one spell on the chain)."""
    why = check_target(target)
    if why is not None:
        return why
    if isinstance(target, str):
        return (f"{target!r} names no card to choose; a Riftbound target is a table like "
                '{who = "opponent", zone = "battlefield"}')
    zone = target.get("zone")
    if zone not in TARGET_ZONES:
        return f"the target's zone must be one of {', '.join(TARGET_ZONES)}, not {zone!r}"
    if target.get("count", 1) != 1:
        return "a spell or ability chooses one target (count = 1)"
    if not target.get("choose", True):
        return "the target of a spell or ability is chosen (choose = true)"
    flt = target.get("filter", {})
    for k, v in flt.items():
        if k not in TARGET_FILTER:
            return f"the target's filter key {k!r} is not one of {', '.join(TARGET_FILTER)}"
        want = TARGET_FILTER[k]
        if not isinstance(v, want) or (want is int and isinstance(v, bool)):
            return f"the target's filter {k} must be {'a whole number' if want is int else 'true or false'}, not {v!r}"
    if zone == "chain" and flt:
        return "a spell on the chain takes no filter"
    if flt.get("max_might", 0) < 0:
        return "the target's filter max_might must be 0 or more"
    return None


# the target in words, a whole phrase for each side, "another" and place (here, at a battlefield,
# at a base)
_TARGET_WORDS = {
    ("self", False, ""): "a friendly unit", ("self", False, "here"): "a friendly unit here",
    ("self", False, "battlefield"): "a friendly unit at a battlefield", ("self", False, "base"): "a friendly unit at your base",
    ("self", True, ""): "another friendly unit", ("self", True, "here"): "another friendly unit here",
    ("self", True, "battlefield"): "another friendly unit at a battlefield", ("self", True, "base"): "another friendly unit at your base",
    ("opponent", False, ""): "an enemy unit", ("opponent", False, "here"): "an enemy unit here",
    ("opponent", False, "battlefield"): "an enemy unit at a battlefield", ("opponent", False, "base"): "an enemy unit at your opponent's base",
    ("opponent", True, ""): "another enemy unit", ("opponent", True, "here"): "another enemy unit here",
    ("opponent", True, "battlefield"): "another enemy unit at a battlefield", ("opponent", True, "base"): "another enemy unit at your opponent's base",
    ("any", False, ""): "a unit", ("any", False, "here"): "a unit here",
    ("any", False, "battlefield"): "a unit at a battlefield", ("any", False, "base"): "a unit at a base",
    ("any", True, ""): "another unit", ("any", True, "here"): "another unit here",
    ("any", True, "battlefield"): "another unit at a battlefield", ("any", True, "base"): "another unit at a base",
}
_SPELL_NOUN = {"self": "a friendly spell", "opponent": "an enemy spell", "any": "a spell"}


def target_text(target: dict | None) -> str:
    """The target in words, as the card text says it: "an enemy unit at a battlefield",
    "another friendly unit", "an enemy unit with 3 Might or less"; "" for none."""
    if not target:
        return ""
    who, zone, flt = target.get("who", "any"), target["zone"], target.get("filter", {})
    if zone == "chain":
        return _SPELL_NOUN[who]
    place = "here" if flt.get("here") else zone if zone in ("battlefield", "base") else ""
    words = _TARGET_WORDS[(who, bool(flt.get("other")), place)]
    if "max_might" in flt:
        words = "{unit} with {n} Might or less".format(unit=words, n=flt["max_might"])
    return words


STATICS = ("defend_alone", "bf_might")

_ABIL_FIELDS = {"on", "target", "effect", "cost", "power", "exhaust", "timing", "if", "kill_self", "spend_buff", "text"}


def parse_kw(words: list[str]) -> dict:
    out = {}
    for w in words:
        name, _, num = w.partition(":")
        out[name] = out.get(name, 0) + (int(num) if num else 1) if KEYWORDS.get(name) else 1
    return out


FIELDS = [
    Field("id", str, required=True),
    Field("name", str, required=True),
    Field("type", str, required=True, choices=TYPES),
    Field("domain", list, default=list),
    Field("cost", int, default=0, min=0, max=12),
    Field("power", list, default=list),
    Field("might", int, default=0, min=-5, max=20),
    Field("keywords", list, default=list),
    Field("tags", list, default=list),
    Field("champion", str, default=""),
    Field("supertype", list, default=list),
    Field("text", str, default=""),
    Field("flavor", str, default=""),
    Field("target", (dict, str)),
    Field("effect", list, default=list),
    Field("ability", list, default=list),
    Field("static", list, default=list),
    Field("here_might", int, default=0),
    Field("here_kw", str, default=""),
    Field("bonus", int, default=0),
    Field("equip_power", list, default=list),
    Field("rune", str, default=""),
]


def _check_effect(ctx, cid, field, effect):
    """Each operation against its primitive's schema (effects/), naming the file and the card."""
    from .effects import EFFECTS, KEYWORD_ONLY

    if not isinstance(effect, list):
        ctx.fail("must be a list of effect tables", cid, field)
    for i, op in enumerate(effect):
        if not isinstance(op, dict) or "op" not in op:
            ctx.fail(f"entry {i + 1} needs an 'op' (one of {', '.join(n for n in EFFECTS.table if n not in KEYWORD_ONLY)})",
                     cid, field)
        name = op["op"]
        if name in KEYWORD_ONLY:
            ctx.fail(f"op {name!r} belongs to a keyword ability and is not written in a card file", cid, field)
        problems = EFFECTS.problems(op)
        if problems:
            ctx.fail(f"entry {i + 1}: {problems[0]}", cid, field)
        if name == "vision" and i != len(effect) - 1:
            ctx.fail("a 'vision' op must be the last op of its effect", cid, field)
        for p in op.get("power", []):
            if p not in DOMAINS and p != "any":
                ctx.fail(f"power {p!r} is not a domain", cid, field)


def validate(ctx: CardFileContext, card: dict) -> dict:
    """Check one card beyond the field types; return it with parsed helpers."""
    cid = card["id"]
    for d in card["domain"]:
        if d not in DOMAINS:
            ctx.fail(f"{d!r} is not a domain ({', '.join(DOMAINS)})", cid, "domain")
    for p in card["power"]:
        if p not in DOMAINS and p != "any":
            ctx.fail(f"{p!r} is not a domain or 'any'", cid, "power")
    for p in card["equip_power"]:
        if p not in DOMAINS and p != "any":
            ctx.fail(f"{p!r} is not a domain or 'any'", cid, "equip_power")
    for k in card["keywords"]:
        if not isinstance(k, str) or k.partition(":")[0] not in KEYWORDS:
            ctx.fail(f"unknown keyword {k!r} (known: {', '.join(KEYWORDS)})", cid, "keywords")
        name, _, num = k.partition(":")
        if KEYWORDS[name] and num and not num.isdigit():
            ctx.fail(f"keyword {k!r} needs a whole number after ':'", cid, "keywords")
    t = card["type"]
    if t in ("unit", "token") and "might" not in card:
        ctx.fail("a unit needs 'might'", cid, "might")
    if t == "rune" and card["rune"] not in DOMAINS:
        ctx.fail("a rune needs 'rune' = its domain", cid, "rune")
    if t == "legend" and (not card["champion"] or len(card["domain"]) < 1):
        ctx.fail("a legend needs a 'champion' tag and its domains", cid, "champion")
    if "target" in card:
        why = check_card_target(card["target"])
        if why is not None:
            ctx.fail(why, cid, "target")
    if card["effect"]:
        _check_effect(ctx, cid, "effect", card["effect"])
    for a in card["ability"]:
        if not isinstance(a, dict):
            ctx.fail("each ability must be a table", cid, "ability")
        extra = set(a) - _ABIL_FIELDS
        if extra:
            ctx.fail(f"ability has unknown field(s) {', '.join(sorted(extra))}", cid, "ability")
        if a.get("on") not in TRIGGERS:
            ctx.fail(f"ability 'on' must be one of {', '.join(TRIGGERS)}", cid, "ability")
        if "target" in a:
            why = check_card_target(a["target"])
            if why is not None:
                ctx.fail(f"target: {why}", cid, "ability")
        if a.get("timing", "") not in ("", "action", "reaction"):
            ctx.fail("ability timing must be 'action' or 'reaction'", cid, "ability")
        if a.get("if", "") not in _conditions():
            ctx.fail(f"unknown condition {a.get('if')!r}", cid, "ability")
        _check_effect(ctx, cid, "ability", a.get("effect", []))
    for s in card["static"]:
        if not isinstance(s, dict) or s.get("kind") not in STATICS:
            ctx.fail(f"static must be a table with kind in {', '.join(STATICS)}", cid, "static")
    if card["here_kw"] and card["here_kw"] not in KEYWORDS:
        ctx.fail(f"unknown keyword {card['here_kw']!r}", cid, "here_kw")
    out = dict(card)
    out["target"] = card.get("target")  # None: the card chooses no target
    out["kw"] = parse_kw(card["keywords"])
    if any(a["on"] == "death" for a in card["ability"]):
        out["kw"]["deathknell"] = 1
    abil = [dict(a) for a in card["ability"]]
    kw = out["kw"]
    if kw.get("temporary"):
        abil.append({"on": "turn_start", "effect": [{"op": "kill", "to": "self"}], "kwsyn": "temporary"})
    if kw.get("vision"):
        abil.append({"on": "play", "effect": [{"op": "vision"}], "kwsyn": "vision"})
    if kw.get("quickdraw"):
        # Quick-Draw (digest 18): "when you play this, attach it to a unit you control" is a
        # triggered ability; the unit is picked with the play (the choice carries it)
        abil.append({"on": "quickdraw", "target": QUICKDRAW_TARGET, "effect": [{"op": "attach_to"}],
                     "kwsyn": "quickdraw"})
    if kw.get("weaponmaster"):
        # Weaponmaster (Core Rules v1.3 821; Spiritforged FAQ): an optional play trigger whose
        # cost (an Equipment's Equip cost less [A]) is paid when it goes on the chain
        abil.append({"on": "play", "may": True, "wm": True, "effect": [{"op": "attach"}], "kwsyn": "weaponmaster"})
    if kw.get("hunt"):
        for on in ("conquer", "hold"):
            abil.append({"on": on, "effect": [{"op": "xp", "n": kw["hunt"]}], "kwsyn": "hunt"})
    out["abil"] = abil
    if not out["text"]:
        out["text"] = render_text(out)
    return out


def _conditions() -> tuple:
    from .effects import CONDITIONS

    return CONDITIONS


def load(path) -> tuple[dict, dict]:
    """Load cards.toml: (cards by id, decks by name). Raises CardFileError."""
    data, ctx = read_card_file(path)
    raw = index_cards(ctx, data.get("card", []), FIELDS)
    cards = {cid: interned(validate(ctx, c)) for cid, c in raw.items()}
    decks = {}
    for name, d in (data.get("deck") or {}).items():
        if not isinstance(d, dict):
            raise CardFileError(f"deck {name!r} must be a table", os.fspath(path))
        flat = []
        for key in ("legend", "battlefields", "runes", "main"):
            v = d.get(key)
            if v is None:
                raise CardFileError(f"deck {name!r} has no {key!r}", os.fspath(path))
            items = [v] if isinstance(v, str) else list(v)
            for item in items:
                cid, _, n = str(item).partition("*")
                cid = cid.strip()
                if cid not in cards:
                    raise CardFileError(f"deck {name!r} names the unknown card {cid!r}", os.fspath(path))
                flat.extend([intern(cid)] * (int(n) if n else 1))  # the very string the cards are keyed by
        decks[name] = flat
    return cards, decks


def extra_cards(cards: dict, extra: list[dict] | None, where: str = "scenario") -> dict:
    """Cards from a scenario's [[cards]] tables merged over the pool."""
    if not extra:
        return cards
    ctx = CardFileContext(where, "")
    add = index_cards(ctx, extra, FIELDS)
    out = dict(cards)
    for cid, c in add.items():
        out[cid] = interned(validate(ctx, c))
    return out


# -- card text ------------------------------------------------------------------

KEYWORD_TEXT = {
    "accelerate": "Accelerate", "action": "Action", "reaction": "Reaction", "assault": "Assault",
    "shield": "Shield", "deflect": "Deflect", "ganking": "Ganking", "hidden": "Hidden",
    "temporary": "Temporary", "vision": "Vision", "tank": "Tank", "backline": "Backline",
    "ambush": "Ambush", "unique": "Unique", "equip": "Equip", "quickdraw": "Quick-Draw",
    "repeat": "Repeat", "hunt": "Hunt", "legion": "Legion", "deathknell": "Deathknell",
    "weaponmaster": "Weaponmaster",
}
_CONDITION_TEXT = {"": "{effect}", "legion": "Legion: {effect}", "hand_le_1": "If you have 1 or fewer cards in hand, {effect}",
                   "level_3": "if you have 3+ XP, {effect}", "mighty": "If it is Mighty, {effect}", "alone": "If I am alone, {effect}"}
# the words an effect's text names its objects by: the chosen target named again, the card itself
PRONOUN_WORDS = {"target": "it", "self": "me"}


def _op_text(op: dict, tgt: str) -> str:
    """One operation in words (``tgt``: the target in words): its condition, then its
    primitive's text (effects/)."""
    from .effects import EFFECTS, GROUPS

    to = op.get("to", "target")
    who = tgt if to == "target" else GROUPS.get(to, to)
    prim = EFFECTS.table.get(op["op"])
    s = prim.text(op, who, op.get("n", 1)) if prim is not None else op["op"]
    return _CONDITION_TEXT.get(op.get("if", ""), "{effect}").format(effect=s)


def _cost_text(energy: int, power: list) -> str:
    parts = [f"[{energy}]"] if energy else []
    parts += ["[A]" if p == "any" else f"[{DOMAIN_CODE[p]}]" for p in power]
    return " ".join(parts)


def effect_text(effect: list, target: dict | None) -> str:
    """The effect in words; a spell or ability has one target, so after its first mention it is "it"."""
    from .effects import acts_on_target

    parts = []
    named = False
    words = target_text(target)
    for op in effect:
        is_tg = acts_on_target(op)
        parts.append(_op_text(op, PRONOUN_WORDS["target"] if (is_tg and named) else words))
        named = named or is_tg
    s = "{first}, then {then}".format(first=parts[0], then=parts[1]) if len(parts) == 2 else ", then ".join(parts)
    return s[:1].upper() + s[1:] + "." if s else ""


_ON_TEXT = {"play": "When you play me, ", "death": "Deathknell - ", "conquer": "When I conquer, ",
            "hold": "When I hold, ", "attack": "When I attack, ", "defend": "When I defend, ",
            "turn_start": "At the start of your Beginning Phase, ", "turn_end": "At the end of your turn, ",
            "healed": "When I'm healed, "}


# keywords of a gear that are its own (not given to the unit it is attached to)
_GEAR_OWN_KW = ("equip", "quickdraw", "hidden", "reaction", "action", "unique")


def render_text(card: dict) -> str:
    """Card text generated from the data, so text and effect never disagree."""
    out = []
    kws = []
    given = []  # an Equipment's keywords belong to the unit it is attached to (digest 18 Attachment)
    equipment = card["type"] == "gear" and "equip" in card["kw"]
    for k, v in card["kw"].items():
        if k == "deathknell":
            continue
        if KEYWORDS[k]:
            if k == "equip":
                w = f"{KEYWORD_TEXT[k]} {_cost_text(v, card.get('equip_power', []))}"
            else:
                w = f"{KEYWORD_TEXT[k]} {v}" if k != "repeat" else f"{KEYWORD_TEXT[k]} [{v}]"
        else:
            w = KEYWORD_TEXT[k]
        if equipment and k not in _GEAR_OWN_KW:
            given.append(w)
        else:
            kws.append(w)
    if kws:
        out.append(". ".join(kws) + ".")
    if card["kw"].get("weaponmaster"):
        out.append("(When you play me, you may pay the Equip cost of an Equipment you control, less [A], "
                   "to attach it to me.)")
    if card["type"] == "spell" and card["effect"]:
        out.append(effect_text(card["effect"], card["target"]))
    if card["type"] == "battlefield":
        if card["here_might"]:
            out.append(f"Units here have +{card['here_might']} Might.")
        if card["here_kw"]:
            out.append(f"Units here have {KEYWORD_TEXT[card['here_kw']]}.")
    for s in card["static"]:
        if s["kind"] == "defend_alone":
            out.append(f"A friendly unit defending alone has +{s.get('n', 1)} Might.")
        elif s["kind"] == "bf_might":
            out.append(f"Friendly units at battlefields have +{s.get('n', 1)} Might.")
    if card["type"] == "gear" and (card["bonus"] or given):
        has = ([f"+{card['bonus']} Might"] if card["bonus"] else []) + given
        out.append(f"The equipped unit has {' and '.join(has)}.")
    for a in card["ability"]:
        body = effect_text(a.get("effect", []), a.get("target"))
        if a["on"] == "activate":
            cost = _cost_text(a.get("cost", 0), a.get("power", []))
            bits = [cost] if cost else []
            if a.get("exhaust"):
                bits.append("[E]")
            if a.get("kill_self"):
                bits.append("Kill this")
            if a.get("spend_buff"):
                bits.append("Spend a buff")
            tm = {"action": "[Action] ", "reaction": "[Reaction] "}.get(a.get("timing", ""), "")
            out.append(f"{', '.join(bits)}: {tm}{body}")
        elif card["type"] == "battlefield" and a["on"] in ("hold", "conquer"):
            out.append(f"When you {a['on']} here, {_lower_first(body)}")
        else:
            lead = _ON_TEXT.get(a["on"], "")
            cond = a.get("if", "")
            if cond == "legion":
                lead = "Legion - " + lead
            elif cond:  # an "if" condition checked when the trigger would go on the chain (digest 17.4)
                lead += _IF_TEXT[cond]
            out.append(lead + (_lower_first(body) if lead else body))
    return " ".join(out)


_IF_TEXT = {"hand_le_1": "if you have 1 or fewer cards in hand, ", "level_3": "if you have 3+ XP, ",
            "mighty": "if it is Mighty, ", "alone": "if I am alone, "}


def _lower_first(body: str) -> str:
    """Lower-case the first letter after a lead-in, keeping keyword names (Legion) capitalised."""
    return body if body.startswith("Legion") else body[:1].lower() + body[1:]
