"""Primitives of keyword abilities: Vision, Quick-Draw's attach and
Weaponmaster's attach (Core Rules v1.3 Keywords, digest 18)."""

from __future__ import annotations

from ..rules import push
from ..zones import ASIDE, BASE, DECK, ZLOC, att
from . import R_KW, primitive


@primitive("vision", lambda op, who, n: "look at the top card of your deck; you may recycle it")
def vision(state, item, op, events):
    """Vision: look at the top card; its controller keeps it on top or recycles it."""
    p = item["controller"]
    t = state.table
    deck = t.zones[DECK[p]]
    if deck:
        top = deck[0]
        events.append(t.move(top, ASIDE[p], caption=f"{state.player_name(p)} looks at the top card of the deck (Vision)",
                             rule=R_KW))
        push(state, "vision", player=p, card=top)


@primitive("attach_to", lambda op, who, n: "attach me to {who}".format(who=who))
def attach_to(state, item, op, events):
    """Quick-Draw: attach this gear (still unattached on the board) to the target unit."""
    g = item["source"]
    if state.table.zone[g] in ZLOC:
        for u in state._to(item, "target"):
            state._attach(g, u, events)


@primitive("attach", lambda op, who, n: "attach one of your Equipment to me")
def attach(state, item, op, events):
    """Weaponmaster: attach the chosen Equipment to this unit, if both are still on the
    board under this player's control (attaching is not a move, digest 11.2)."""
    p = item["controller"]
    t = state.table
    g, u = item["target"], item["source"]
    gz = t.zone[g] if g >= 0 else ""
    owner_ok = gz == BASE[p] or (gz.startswith("att.") and ZLOC.get(t.zone[int(gz[4:])], (-1,))[0] == p)
    if owner_ok and ZLOC.get(t.zone[u], (-1,))[0] == p and gz != att(u):
        state._attach(g, u, events)
