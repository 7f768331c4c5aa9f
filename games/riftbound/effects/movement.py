"""Moves caused by effects: recall, to base, to the showdown's battlefield
(Core Rules v1.3 Recall and Moves caused by effects, digest 11.2-11.3)."""

from __future__ import annotations

from . import R_EFFECT_MOVE, primitive, to_arg

R_RECALL = "Recall"  # Core Rules v1.3 Recall (digest 11.3)
_RECALLED = "{unit} is recalled to base"
_MOVES_BASE = "{unit} moves to base"


def _to_base(state, item, op, events, recall: bool) -> None:
    from ..zones import ZLOC, lz

    t = state.table
    for u in state._to(item, op.get("to", "target")):
        w = ZLOC[t.zone[u]]
        if w[1] >= 0:
            events.append(t.move(u, lz(w[0], -1), caption=(_RECALLED if recall else _MOVES_BASE).format(unit=state.name(u)),
                                 rule=R_RECALL if recall else R_EFFECT_MOVE))


@primitive("recall", lambda op, who, n: "recall {who}".format(who=who), to=to_arg("target", "self"))
def recall(state, item, op, events):
    """Recall: to its base; not a move (digest 11.3)."""
    _to_base(state, item, op, events, True)


@primitive("move_base", lambda op, who, n: f"move {who} to its base", to=to_arg("target", "self"))
def move_base(state, item, op, events):
    """A move by an effect to its base (digest 11.2)."""
    _to_base(state, item, op, events, False)


@primitive("move_bf", lambda op, who, n: f"move {who} to the battlefield where a showdown is happening",
           to=to_arg("target"))
def move_bf(state, item, op, events):
    """A move by an effect: no exhaust; the destination is the running showdown's
    battlefield (digest 11.2)."""
    from ..zones import ZLOC, lz

    t = state.table
    showdown = state.showdown
    for u in state._to(item, "target"):
        w = ZLOC[t.zone[u]]
        if showdown and w[1] != showdown["battlefield"]:
            b = showdown["battlefield"]
            events.append(t.move(u, lz(w[0], b), caption=f"{state.name(u)} moves to {state.bf_name(b)}", rule=R_EFFECT_MOVE))
            state._ev(events, "move.complete", f"Move complete: {state.name(u)} is at {state.bf_name(b)}", R_EFFECT_MOVE,
                      player=w[0], cards=[u], to=lz(w[0], b))
            state._arrive(w[0], b, events)
