"""The cost primitives (cards.toml ``cost`` steps), paid in full when a card is
activated (digest 1.E rule 23); ``mill`` is registered with the [EFFECT] steps in
primitives.py, as both."""

from __future__ import annotations

from tabletop.engine.core import make_event

from ..zones import Z
from . import card_matches
from .primitives import COST_STEPS


@COST_STEPS.primitive("discard", args={"n": int, "filter": dict})  # send n cards from your hand to the graveyard (you pick)
def discard(state, effect, op, events) -> bool:
    """Cost: send n cards from your hand to the graveyard, picked by you (digest 1.E rule 23)."""
    p = effect["player"]
    t = state.table
    n = op.get("n", 1)
    picked = effect["picked"]
    if len(picked) < n:
        opts = [i for i in t.zones[Z[p]["hand"]] if i != effect["source"] and i not in picked
                and card_matches(state.card_data(i), op.get("filter", {}))]
        if len(opts) + len(picked) > n:
            state._pick(effect, p, opts, "Send", f"Choose a card to send from your hand to the graveyard (cost of {state.name(effect['source'])})")
            return False
        picked = picked + opts
    for i in picked[:n]:
        state.send_hand_to_grave(i, events, f"{state.name(i)} is sent from the hand to the graveyard as a cost",
                                "digest 1.E rule 23 (cost)")
    return True


@COST_STEPS.primitive("pay_lp", args={"n": int})
def pay_lp(state, effect, op, events) -> bool:
    """Cost: pay n LP (more than n must be left, README rule choice 11; digest 1.E rule 23)."""
    p = effect["player"]
    events.append(make_event("effect.cost", f"{state.names[p]} pays {op['n']} LP", "digest 1.E rule 23 (cost)", {"player": p}))
    state._lp_change(p, -op["n"], events, "digest 1.E rule 23 (cost)")
    return True


@COST_STEPS.primitive("self_to_defense", args={})  # change this attack-position monster to face-up defense position
def self_to_defense(state, effect, op, events) -> bool:
    """Cost: change this attack-position monster to defense position (digest 1.E rule 23)."""
    i = effect["source"]
    events.append(state.table.set_orient(i, 1, caption=f"{state.name(i)} changes to defense position as a cost",
                                        rule="digest 1.E rule 23 (cost)"))
    return True
