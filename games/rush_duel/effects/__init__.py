"""The card-effect vocabulary of Rush Duel (digest 1.E rules 22-24, 1.F rules 25-28).

A card's text is composed in cards.toml from these primitives:

* ``requirement``: conditions (``{if = "...", ...}``) that must hold to activate
  (the [REQUIREMENT] without its cost);
* ``cost``: steps paid in full when the card is activated (the cost part of the
  [REQUIREMENT], digest rule 23);
* ``effect``: steps resolved at once after the cost ([EFFECT]);
* ``modes``: a [MULTI-CHOICE EFFECT]: one requirement, then one of several
  ``effect`` lists, picked when activating (digest rule 22);
* ``continuous``: [CONTINUOUS EFFECT] auras that apply while the card is face up
  (never activated, so no once-per-turn limit);
* ``trigger`` (traps only): the timing a trap answers (digest rules 26-27).

This module holds the vocabulary (names and allowed keys, checked when a card
file loads), the flag bits and the card filters. The [EFFECT] and cost steps are
registered, each once with its argument schema and resolver, in primitives.py
and costs.py (kit Effects tables); resolution.py runs them in order. Nothing is
written for one card.
"""

from __future__ import annotations

from tabletop.engine.effects import check_target

# -- vocabulary ----------------------------------------------------------------------------

#: what a card's activation may aim at (one target chosen when activating), in the kit's
#: target format: ``target = {who = "opponent", zone = "monster", filter = {face = "up"}}``.
#: ``zone`` is a Monster Zone (``monster``) or a Spell & Trap Zone, the Field Zone
#: included (``spell_trap``); ``who`` is the side (``self``, ``opponent``, ``any``: self
#: first); ``filter`` takes ``face`` ("up"/"down"), ``position`` ("attack"/"defense") and
#: the keys of FILTER_KEYS. One card is chosen: ``count`` is 1 and ``choose`` true.
TARGET_ZONES = ("monster", "spell_trap")
FACES = ("up", "down")
POSITIONS = ("attack", "defense")

#: keys of a filter table (on a card, or on a monster on the field)
FILTER_KEYS = {
    "kind": str, "subtype": str, "min_level": int, "max_level": int, "attribute": str, "race": str,
    "min_atk": int, "max_atk": int, "max_def": int, "position": str, "card": str,
}
#: keys of a target's filter: the filter keys and the card's face
TARGET_FILTER_KEYS = {**FILTER_KEYS, "face": str}


def check_card_target(target) -> str | None:
    """None for a target a Rush Duel activation can take, else what is wrong with it
    (the kit's target format, narrowed to one card in a Monster or Spell & Trap Zone)."""
    why = check_target(target)
    if why is not None:
        return why
    if isinstance(target, str):
        return (f"{target!r} names no card to choose; a Rush Duel target is a table like "
                '{who = "opponent", zone = "monster"}')
    zone = target.get("zone")
    if zone not in TARGET_ZONES:
        return f"the target's zone must be one of {', '.join(TARGET_ZONES)}, not {zone!r}"
    if target.get("count", 1) != 1:
        return "an activation takes one target (count = 1)"
    if not target.get("choose", True):
        return "the target of an activation is chosen (choose = true)"
    for k, v in target.get("filter", {}).items():
        if k not in TARGET_FILTER_KEYS:
            return f"the target's filter key {k!r} is not one of {', '.join(sorted(TARGET_FILTER_KEYS))}"
        want = TARGET_FILTER_KEYS[k]
        if not isinstance(v, want) or isinstance(v, bool):
            return f"the target's filter {k} must be {'an integer' if want is int else 'text'}, not {v!r}"
        if k == "face" and v not in FACES:
            return f"the target's filter face must be one of {', '.join(FACES)}, not {v!r}"
        if k == "position" and v not in POSITIONS:
            return f"the target's filter position must be one of {', '.join(POSITIONS)}, not {v!r}"
    return None


#: a target's card in words, by its filter's position or face and its zone
TARGET_NOUN_WORDS = {
    ("", "monster"): "monster", ("", "spell_trap"): "spell or trap",
    ("attack", "monster"): "attack-position monster", ("attack", "spell_trap"): "attack-position spell or trap",
    ("defense", "monster"): "defense-position monster", ("defense", "spell_trap"): "defense-position spell or trap",
    ("up", "monster"): "face-up monster", ("up", "spell_trap"): "face-up spell or trap",
    ("down", "monster"): "face-down monster", ("down", "spell_trap"): "face-down spell or trap",
}
#: a target in words, whole, by its side and the article its card's words take
TARGET_PHRASES = {
    ("self", "a"): "a {card} you control", ("self", "an"): "an {card} you control",
    ("opponent", "a"): "a {card} your opponent controls", ("opponent", "an"): "an {card} your opponent controls",
    ("any", "a"): "a {card} on the field", ("any", "an"): "an {card} on the field",
}


def target_text(target: dict) -> str:
    """The target in words, as the rules explanations say it: "a face-up monster your
    opponent controls", "an attack-position monster your opponent controls"."""
    flt = target.get("filter", {})
    adj = flt["position"] if "position" in flt else flt.get("face", "")
    card = TARGET_NOUN_WORDS[(adj, target["zone"])]
    return TARGET_PHRASES[(target.get("who", "any"), "an" if card[0] in "aeiou" else "a")].format(card=card)

WHAT = ("target", "self", "attacker", "summoned", "all_opp_monsters", "all_own_monsters", "all_monsters",
        "all_opp_spell_traps", "all_own_others")
WHO = ("self", "opp")

#: [REQUIREMENT] conditions: name -> allowed keys
CONDITIONS = {
    "hand_at_least": {"n": int},
    "hand_at_most": {"n": int},
    "own_monsters_at_most": {"n": int},
    "opp_monsters_at_least": {"n": int},
    "lp_at_most": {"n": int},
    "opp_lp_at_least": {"n": int},
    "lp_behind": {},
    "grave_at_least": {"n": int, "filter": dict},
    "deck_at_least": {"n": int},
    "summoned_this_turn": {},
    "own_monster_exists": {"filter": dict},
    "opp_spell_traps_at_least": {"n": int},
}

#: [CONTINUOUS EFFECT] auras
CONTINUOUS = {
    "aura": {"side": ("self", "own", "opp", "all"), "atk": int, "def": int, "filter": dict},
}

KEYWORDS = ("piercing",)
TRIGGER_EVENTS = ("attack", "summon", "effect")

# flag bits kept per card instance (once-per-turn flags, digest rules 18, 24, 28)
F_SUMMONED = 1   # summoned or set this turn (seed 3.2.2)
F_CHANGED = 2    # battle position changed this turn (seed 3.2.2)
F_ATTACKED = 4   # declared an attack this turn (seed 3.3)
F_USED = 8       # once-per-turn effect used (digest rule 24)
F_SETTURN = 16   # spell/trap set this turn (seed 3.2.5)
F_TURN_BITS = F_SUMMONED | F_CHANGED | F_ATTACKED | F_USED | F_SETTURN


# -- filters --------------------------------------------------------------------------------

def card_matches(c: dict, flt: dict) -> bool:
    """Does the card definition ``c`` match a filter (on printed values)?"""
    if not flt:
        return True
    for k, v in flt.items():
        if k == "kind":
            if c["kind"] != v:
                return False
        elif k == "subtype":
            if c["subtype"] != v:
                return False
        elif k == "card":
            if c["id"] != v:
                return False
        elif k == "attribute":
            if c.get("attribute") != v:
                return False
        elif k == "race":
            if c.get("race") != v:
                return False
        elif k in ("min_level", "max_level", "min_atk", "max_atk", "max_def"):
            if c["kind"] != "monster":
                return False
            if k == "min_level" and c["level"] < v:
                return False
            if k == "max_level" and c["level"] > v:
                return False
            if k == "min_atk" and c["atk"] < v:
                return False
            if k == "max_atk" and c["atk"] > v:
                return False
            if k == "max_def" and c["def"] > v:
                return False
    return True


# -- the registered steps (their schemas, as the card-file checker reads them) ---------------
from .primitives import COST_STEPS, EFFECTS  # noqa: E402 (the primitives use the vocabulary above)
from . import costs  # noqa: E402,F401 (registers the cost steps)

#: [EFFECT] steps: name -> allowed keys
OPS = {name: prim.args for name, prim in EFFECTS.table.items()}
#: cost steps (paid in full at activation, digest rule 23): name -> allowed keys
COSTS = {name: prim.args for name, prim in COST_STEPS.table.items()}
