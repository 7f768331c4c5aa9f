"""Riftbound's effect primitives, each registered once in :data:`EFFECTS`.

A spell's or ability's effect is a list of operations ``{op = NAME, ...}``
(Core Rules v1.3 Resolution of spells and abilities, digest 9.3). Every
primitive is written in one module of this package with its argument schema
(checked when cards.toml loads, naming the file and the card), its card text
and its resolver side by side:

=================  ====================================================
module             primitives
=================  ====================================================
``damage``         damage, kill, heal
``status``         stun, buff, might, grant, ready, exhaust
``movement``       recall, move_base, move_bf
``resources``      draw, channel, add, ready_runes, token
``scoring``        point, xp
``chain``          counter
``keywords``       vision, attach_to (Quick-Draw), attach (Weaponmaster)
=================  ====================================================

The objects an operation acts on are named by ``to``: ``target`` (the item's
chosen target, still legal on resolution) or a group (:data:`GROUPS`).
Every operation may carry ``if``, a condition (:data:`CONDITIONS`) checked as
it resolves.
"""

from __future__ import annotations

from tabletop.engine.effects import OPTIONAL, Effects

EFFECTS = Effects("riftbound")

CONDITIONS = ("", "legion", "hand_le_1", "level_3", "mighty", "alone")
TOKENS = {"recruit": ("TK-RECRUIT", 1), "sprite": ("TK-SPRITE", 3)}
# the rules' names as the log shows them; sources: Core Rules v1.3 Resolution of spells and
# abilities (digest 9.3), Keywords (digest 18), Costs and Add abilities (digest 5.3-5.8),
# Moves by effects (digest 11.2)
R_EFFECT = "Resolving spells and abilities"
R_KW = "Keywords"
R_COST = "Costs and runes"
R_EFFECT_MOVE = "Moves by effects"

# card text of the groups an operation's "to" may name
GROUPS = {"self": "me", "enemy_units_here": "each enemy unit here", "units_here": "each unit here",
          "enemy_units_bf": "each enemy unit at a battlefield", "friendly_units": "each friendly unit",
          "friendly_units_here": "each friendly unit here", "enemy_units": "each enemy unit"}


class OneOf(frozenset):
    """Schema type: one of the listed words."""

    def __new__(cls, *values):
        obj = super().__new__(cls, values)
        obj.__name__ = "one of " + ", ".join(repr(v) for v in values if v)
        return obj


def to_arg(*values) -> tuple:
    """Schema of ``to``: the objects the operation may act on (optional, "target" by default)."""
    return (OneOf(*values), OPTIONAL)


IF = (OneOf(*CONDITIONS), OPTIONAL)
NUMBER = (int, OPTIONAL)


def primitive(name: str, text, **args):
    """Register a primitive: ``args`` is its schema (every primitive also takes ``if``);
    ``text(op, who, n)`` its words, where ``who`` is what it acts on, in words."""
    schema = dict(args)
    schema["if"] = IF
    return EFFECTS.primitive(name, args=schema, text=text)


def acts_on_target(op: dict) -> bool:
    """Does this operation act on the item's chosen target?"""
    prim = EFFECTS.table[op["op"]]
    return "to" in prim.args and op.get("to", "target") == "target"


def resolve(state, item: dict, op: dict, events: list) -> None:
    """Resolve one operation of a chain item (or an Add ability), then a cleanup is due."""
    EFFECTS.table[op["op"]].resolve(state, item, op, events)
    state.cleanup_due = True


from . import chain, damage, keywords, movement, resources, scoring, status  # noqa: E402,F401 (registers)

# primitives only the keyword abilities use (Quick-Draw, Weaponmaster): not for card files
KEYWORD_ONLY = ("attach_to", "attach")
