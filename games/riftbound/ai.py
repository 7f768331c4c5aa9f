"""The computer player's judgement of a position (``Game.heuristic``)."""

from __future__ import annotations


def heuristic(state, player: int) -> float:
    """Points first, then board presence at battlefields, then cards, runes, gear and
    facedown cards; a running showdown or combat counts by its likely result (a point
    about to be conquered is worth most of a point)."""
    s = state
    while s.steps[-1].proc in ("move_with", "pay_cost") and s.outcome is None:
        # a group move still being formed: judge it as if the units moved now; a cost still
        # to be paid: as if paid the engine's way (the first choice), so a play counts at once
        s = s.clone()
        d = s.decision
        s.apply(d.find("move_done", d.players[0]) if s.steps[-1].proc == "move_with" else d.choices[0])
        if s.outcome is not None:
            return 1e6 if s.winner == player else -1e6
    q = 1 - player
    v = 100.0 * (s.points[player] - s.points[q])
    t = s.table
    zones = t.zones
    for p, sign in ((player, 1.0), (q, -1.0)):
        for b in (0, 1):
            us = s.units_at(p, b)
            m = 0
            for u in us:
                m += max(0, s.might(u)) - s.counter(u, "dmg") * 0.5
            v += sign * (4.0 * m + (25.0 if s.battlefield_controller[b] == p else 0.0) + (6.0 if us else 0.0))
            if zones[f"p{p}.hidden{b}"]:
                v += sign * 3.0  # a facedown card: a free Reaction later
        gear = 0
        for u in zones[f"p{p}.base"]:
            if s.is_unit(u):
                v += sign * (2.5 * max(0, s.might(u)) + (1.0 if not t.orient[u] else 0.0))
            else:
                gear += 1
        v += sign * (2.0 * len(zones[f"p{p}.hand"]) + 1.5 * len(zones[f"p{p}.runes"]) + 0.5 * s.xp[p]
                     + 1.0 * gear - 1.0 * len(zones[f"p{p}.champion"]))
    showdown = s.showdown
    if showdown:
        b = showdown["battlefield"]
        mine = sum(max(0, s.might(u)) for u in s.units_at(player, b) if not s.counter(u, "stun"))
        theirs = sum(max(0, s.might(u)) for u in s.units_at(q, b) if not s.counter(u, "stun"))
        v += 3.0 * (mine - theirs)
        att = showdown["attacker"]
        a_units, d_units = s.units_at(att, b), s.units_at(1 - att, b)
        if a_units and s.battlefield_controller[b] != att and not s.scored[att] & (1 << b):
            a_tot = mine if att == player else theirs
            d_tot = theirs if att == player else mine
            d_need = sum(s._lethal(u) for u in d_units)
            if not d_units or (a_tot >= d_need and a_tot > d_tot):
                v += (60.0 if att == player else -60.0)  # the attacker is about to conquer
    return v
