"""Stun, buff, this-turn Might and keywords, ready and exhaust (Core Rules v1.3
Stun and Buff, digest 15; Layers, digest 21)."""

from __future__ import annotations

from ..carddb import KEYWORD_TEXT, KEYWORDS
from . import NUMBER, R_EFFECT, OneOf, primitive, to_arg

# the caption of a ready or exhaust effect, by verb
_ORIENT_TEXT = {"ready": "{source}: {unit} readies", "exhaust": "{source}: {unit} exhausts"}

# the caption of a keyword given until the end of the turn, by keyword
_GAINS = {
    "accelerate": "{unit} gains accelerate this turn",
    "action": "{unit} gains action this turn",
    "reaction": "{unit} gains reaction this turn",
    "assault": "{unit} gains assault this turn",
    "shield": "{unit} gains shield this turn",
    "deflect": "{unit} gains deflect this turn",
    "ganking": "{unit} gains ganking this turn",
    "hidden": "{unit} gains hidden this turn",
    "temporary": "{unit} gains temporary this turn",
    "vision": "{unit} gains vision this turn",
    "tank": "{unit} gains tank this turn",
    "backline": "{unit} gains backline this turn",
    "ambush": "{unit} gains ambush this turn",
    "unique": "{unit} gains unique this turn",
    "equip": "{unit} gains equip this turn",
    "quickdraw": "{unit} gains quickdraw this turn",
    "repeat": "{unit} gains repeat this turn",
    "hunt": "{unit} gains hunt this turn",
    "legion": "{unit} gains legion this turn",
    "deathknell": "{unit} gains deathknell this turn",
    "weaponmaster": "{unit} gains weaponmaster this turn",
}


@primitive("stun", lambda op, who, n: "stun {who}".format(who=who), to=to_arg("target", "self", "enemy_units_here"))
def stun(state, item, op, events):
    """A stunned unit deals no combat damage; stun wears off in the Ending step."""
    src_name = state.card_db[item["card"]]["name"]
    for u in state._to(item, op.get("to", "target")):
        if not state.counter(u, "stun"):
            state.set_counter(u, "stun", 1)
            state._ev(events, "effect.stun", "{source} stuns {unit}".format(source=src_name, unit=state.name(u)), R_EFFECT, card=u)


@primitive("buff", lambda op, who, n: "buff {who}".format(who=who), to=to_arg("target", "self", "friendly_units_here", "friendly_units"))
def buff(state, item, op, events):
    """A buff is +1 Might; at most one buff per unit (digest 15)."""
    src_name = state.card_db[item["card"]]["name"]
    for u in state._to(item, op.get("to", "target")):
        if not state.counter(u, "buff"):
            state.set_counter(u, "buff", 1)
            state._ev(events, "effect.buff", "{source} buffs {unit}".format(source=src_name, unit=state.name(u)), R_EFFECT, card=u)


@primitive("might", lambda op, who, n: "give {who} {n} Might this turn".format(who=who, n=format(n, "+d")),
           to=to_arg("target", "self", "friendly_units", "friendly_units_here", "enemy_units_here"), n=NUMBER)
def might(state, item, op, events):
    """+N (or -N) Might until the end of the turn."""
    n = op.get("n", 1)
    for u in state._to(item, op.get("to", "target")):
        state.this_turn_effects = state.this_turn_effects + [[u, "might", n]]
        state._ev(events, "effect.might", f"{state.name(u)} gets {n:+d} Might this turn", R_EFFECT, card=u, amount=n)


@primitive("grant", lambda op, who, n: f"give {who} {KEYWORD_TEXT[op['kw']]} this turn",
           to=to_arg("target", "self", "friendly_units_here"), kw=OneOf(*KEYWORDS))
def grant(state, item, op, events):
    """A keyword until the end of the turn."""
    for u in state._to(item, op.get("to", "target")):
        state.this_turn_effects = state.this_turn_effects + [[u, "kw", op["kw"]]]
        state._ev(events, "effect.grant", _GAINS[op["kw"]].format(unit=state.name(u)), R_EFFECT, card=u, keyword=op["kw"])


def _orient(state, item, op, events, orient: int, verb: str) -> None:
    src_name = state.card_db[item["card"]]["name"]
    for u in state._to(item, op.get("to", "target")):
        events.append(state.table.set_orient(u, orient, _ORIENT_TEXT[verb].format(source=src_name, unit=state.name(u)), R_EFFECT))


@primitive("ready", lambda op, who, n: "ready {who}".format(who=who), to=to_arg("target", "self"))
def ready(state, item, op, events):
    """Ready (turn upright)."""
    _orient(state, item, op, events, 0, "ready")


@primitive("exhaust", lambda op, who, n: "exhaust {who}".format(who=who), to=to_arg("target", "self"))
def exhaust(state, item, op, events):
    """Exhaust (turn sideways)."""
    _orient(state, item, op, events, 1, "exhaust")
