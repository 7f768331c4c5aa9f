"""Damage, kill and heal (Core Rules v1.3 Damage and Kill, digest 15)."""

from __future__ import annotations

from . import NUMBER, R_EFFECT, primitive, to_arg


@primitive("damage", lambda op, who, n: f"deal {n} to {who}",
           to=to_arg("target", "self", "enemy_units_here", "units_here", "enemy_units_bf", "enemy_units"), n=NUMBER)
def damage(state, item, op, events):
    """Mark damage on each unit (lethal damage kills at the next cleanup, digest 10)."""
    n = op.get("n", 1)
    src_name = state.card_db[item["card"]]["name"]
    for u in state._to(item, op.get("to", "target")):
        d = state.counter(u, "dmg") + n
        state.set_counter(u, "dmg", d)
        state._ev(events, "effect.damage", f"{src_name} deals {n} to {state.name(u)}", R_EFFECT, card=u, amount=n, total=d)


@primitive("kill", lambda op, who, n: "kill {who}".format(who=who), to=to_arg("target", "self"))
def kill(state, item, op, events):
    """Kill: the unit goes to its owner's trash (digest 15)."""
    src_name = state.card_db[item["card"]]["name"]
    for u in state._to(item, op.get("to", "target")):
        state.kill(u, events, f"killed by {src_name}")


@primitive("heal", lambda op, who, n: "heal {who}".format(who=who), to=to_arg("target", "self", "friendly_units"))
def heal(state, item, op, events):
    """Heal: remove all damage; a healed unit's "when I'm healed" triggers."""
    from ..zones import ZLOC

    src_name = state.card_db[item["card"]]["name"]
    t = state.table
    for u in state._to(item, op.get("to", "target")):
        if state.counter(u, "dmg"):
            state.set_counter(u, "dmg", 0)
            state._ev(events, "effect.heal", "{source} heals {unit}".format(source=src_name, unit=state.name(u)), R_EFFECT, card=u)
            w = ZLOC[t.zone[u]]
            state._queue_card(u, "healed", w[0], w[1], state.played[w[0]] >= 1)
