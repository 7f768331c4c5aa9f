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

# -- vocabulary ----------------------------------------------------------------------------

#: what a card's activation may aim at (one target chosen when activating)
TARGETS = {
    "opp_monster": "a monster your opponent controls",
    "opp_faceup_monster": "a face-up monster your opponent controls",
    "opp_attack_monster": "an attack-position monster your opponent controls",
    "own_monster": "a monster you control",
    "own_faceup_monster": "a face-up monster you control",
    "any_faceup_monster": "a face-up monster on the field",
    "opp_spell_trap": "a spell or trap your opponent controls",
}

#: keys of a filter table (on a card, or on a monster on the field)
FILTER_KEYS = {
    "kind": str, "subtype": str, "min_level": int, "max_level": int, "attribute": str, "race": str,
    "min_atk": int, "max_atk": int, "max_def": int, "position": str, "card": str,
}

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
