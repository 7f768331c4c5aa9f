"""Points and XP gained by effects (Core Rules v1.3 Scoring, digest 14; Level and XP, digest 18)."""

from __future__ import annotations

from . import NUMBER, R_EFFECT, R_KW, primitive


@primitive("point", lambda op, who, n: f"gain {n} point{'s' if n > 1 else ''}", n=NUMBER)
def point(state, item, op, events):
    """Gain N points (the win check is the next cleanup's first step)."""
    p, n = item["controller"], op.get("n", 1)
    state.points[p] += n
    state.outcome_due = True  # the processor's end-of-game check reads the points
    state._ev(events, "counter.change", f"{state.player_name(p)} gains {n} point(s) from {state.card_db[item['card']]['name']}",
              R_EFFECT, player=p, counter="points", delta=n, value=state.points[p])


@primitive("xp", lambda op, who, n: f"gain {n} XP", n=NUMBER)
def xp(state, item, op, events):
    """Gain N XP (Hunt, Level; digest 18)."""
    p, n = item["controller"], op.get("n", 1)
    state.xp[p] += n
    state._ev(events, "counter.change", f"{state.player_name(p)} gains {n} XP", R_KW, player=p, counter="xp", delta=n,
              value=state.xp[p])
