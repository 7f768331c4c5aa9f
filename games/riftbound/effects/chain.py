"""Counter a spell on the chain (Core Rules v1.3 Chain, digest 9.2-9.3)."""

from __future__ import annotations

from ..zones import TRASH
from . import R_EFFECT, primitive, to_arg


@primitive("counter", lambda op, who, n: "counter {who}".format(who=who), to=to_arg("target"))
def counter(state, item, op, events):
    """The countered spell leaves the chain for its owner's trash without resolving."""
    t = state.table
    src_name = state.card_db[item["card"]]["name"]
    for s in state._to(item, "target"):
        state.chain = [c for c in state.chain if not (c["kind"] == "spell" and c["source"] == s)]
        events.append(t.move(s, TRASH[t.owner[s]], caption="{source} counters {spell}".format(source=src_name, spell=state.name(s)), rule=R_EFFECT))
        state._ev(events, "effect.counter", f"{state.name(s)} is countered (it was not played)", R_EFFECT, card=s)
