"""The computer opponent's evaluation of a position (``Game.heuristic``)."""

from __future__ import annotations

from tabletop.engine.rng import PCG32

from .rules.procedures import top_is
from .rules.ready import ready_cards
from .zones import HAND, LIST


def heuristic(state, player: int) -> float:
    """HP difference, FP, no-responses, hand size and
    options (attack strength, defence coverage of the three positions),
    the best technique left in the List, and the expected outcome of a
    pending hidden pick against each technique the opponent could ready."""
    q = 1 - player
    s = state
    v = float(s.hp[player] - s.hp[q])
    v += 45.0 * (s.fp[player] - s.fp[q])
    v -= 900.0 * (s.no_responses[player] - s.no_responses[q])
    hp_, hq = len(s.table.zones[HAND[player]]), len(s.table.zones[HAND[q]])
    v += 30.0 * (min(hp_, 8) - min(hq, 8))
    v += hand_value(s, player) - hand_value(s, q)
    # the List feeds the Get phase: a small share of its best techniques
    # (this also ranks break-replenishment and discard choices)
    v += 0.25 * (list_value(s, player) - list_value(s, q))
    if top_is(s, "ready_declarations") and s.ready_picks[player] >= 0 and not s.declared[q]:
        v += hidden_pick_value(s, player, s.ready_picks[player])
    return v


# -- where Hard's search stops (``Game.leaf_value``) ----------------------------------------------
# A trait counter is what the character's ability will be paid with: Dov
# Carrow's Grip is HP to come, Marrow Vesk's Heat FP. The heuristic leaves it
# out (the greedy and Normal players judge positions without it); at Hard's
# leaves, without it, an attack guarded by Dov looked free (the attacker's
# lost FP comes back at Recovery) while each guard earned a Grip and three
# Grip healed 400 HP: Hard fed Dov HP for hundreds of turns.

COUNTER_SHARE = 0.75      # a counter's share of what a use yields: using the ability stays better than keeping it
RESTRICT_WORTH = 90.0     # a restriction of the opponent's Ready, in heuristic units (two FP)
_COUNTER_WORTH: dict = {}  # character id -> the worth of one counter


def leaf_value(state, player: int) -> float:
    """The heuristic, with each player's trait counters at their worth (``counter_value``)."""
    return heuristic(state, player) + counter_value(state, player) - counter_value(state, 1 - player)


def counter_value(s, p: int) -> float:
    """What player ``p``'s trait counters are worth: ``COUNTER_SHARE`` of
    what the character's ability yields per counter paid (HP recovered, 45 a
    point of FP as the heuristic counts FP, ``RESTRICT_WORTH`` a
    restriction), at its best rate."""
    n = s.trait_counters[p]
    if not n:
        return 0.0
    cid = s.characters[p]
    worth = _COUNTER_WORTH.get(cid)
    if worth is None:
        ch = s.card_db.chars.get(cid)
        worth = 0.0
        for e in ch.abilities if ch is not None else ():
            do, amount, cost = e.get("do"), e.get("amount", 0) or 0, e.get("cost", 0) or 0
            if cost > 0:
                use = amount if do == "heal" else 45.0 * amount if do == "fp" else RESTRICT_WORTH if do == "restrict" else 0.0
                worth = max(worth, COUNTER_SHARE * use / cost)
        _COUNTER_WORTH[cid] = worth
    return n * worth


def list_value(s, p) -> float:
    T = s.card_db.techs
    cn = s.table.card
    best = 0.0
    for iid in s.table.zones[LIST[p]]:
        t = T[cn[iid]]
        x = (t.damage / 20.0 + max(0, 14 - t.speed) * 3.0) if t.type == "attack" else 30.0
        if x > best:
            best = x
    return best

def hand_value(s, p) -> float:
    T = s.card_db.techs
    cn = s.table.card
    v = 0.0
    dcov = 0
    cover = set()
    for iid in s.table.zones[HAND[p]]:
        t = T[cn[iid]]
        if t.type == "attack":
            v += t.damage / 20.0 + max(0, 14 - t.speed) * 3.0
        elif t.type == "defence":
            dcov += 1
            for pos, e in t.defence_table.items():
                if e != "none":
                    cover.add(pos)
    # defences count, and more so when together they answer every position
    return v + 25.0 * min(dcov, 3) + 30.0 * len(cover)


# -- the hidden pick (seed 5.2) ------------------------------------------------------------------
# Both players ready at once, neither seeing the other's pick: a game of
# matching. Judging a pick against every technique the opponent could ready,
# each as likely, makes one technique per deck look best; an agent that
# readies it every battle is beaten every battle by the opponent's answer to
# it (and two such agents can trade the same guarded attack for hundreds of
# turns). So the pick is judged against the opponent's equilibrium mix of the
# matching game (each side's readiable techniques, scored by
# ``outcome``), and the agent mixes too: of the techniques its own
# equilibrium mix readies, the one a draw from that mix names gets a bonus
# (the draw is a hash of the position, the same in every world the agent
# imagines, different from turn to turn).

SOLVE_ITERATIONS = 96    # regret-matching+ rounds (the games are at most 10 x 10)
MIX_BONUS = 120.0        # the drawn technique's bonus: more than the solver's error, less than a clear gap
_SOLVED: dict = {}       # (my card ids, the opponent's, my FP, theirs) -> (ids, my mix, values)


def hidden_pick_value(s, me: int, pick: int) -> float:
    """The value of readying ``pick`` while the opponent's pick is hidden:
    its expected outcome against the opponent's equilibrium mix, plus
    ``MIX_BONUS`` when it is the technique drawn from this player's own mix."""
    q = 1 - me
    theirs = ready_cards(s, q)
    if not theirs:
        return 0.0
    cn = s.table.card
    mine = ready_cards(s, me)
    a_ids = sorted({cn[i] for i in mine})
    b_ids = sorted({cn[i] for i in theirs})
    key = (tuple(a_ids), tuple(b_ids), s.fp[me], s.fp[q])
    hit = _SOLVED.get(key)
    if hit is None:
        T = s.card_db.techs
        fa, fb = s.fp[me], s.fp[q]
        M = [[outcome(T[a], T[b], fa, fb) for b in b_ids] for a in a_ids]
        x, y = solve_matrix(M)
        values = {a: sum(yj * mj for yj, mj in zip(y, row)) for a, row in zip(a_ids, M)}
        if len(_SOLVED) > 50000:
            _SOLVED.clear()
        hit = _SOLVED[key] = (a_ids, x, values)
    a_ids, x, values = hit
    card = cn[pick]
    v = values.get(card, 0.0)
    if len(a_ids) > 1 and card == _draw(a_ids, x, _position_coin(s, me)):
        v += MIX_BONUS
    return v


def solve_matrix(M: list[list[float]], iterations: int = SOLVE_ITERATIONS) -> tuple[list[float], list[float]]:
    """Approximate equilibrium mixes ``(x, y)`` of the zero-sum game ``M``
    (the row player gains ``M[i][j]``), by regret matching+ with alternating
    updates and linearly weighted averages."""
    m, n = len(M), len(M[0])
    cols = list(zip(*M))
    rx, ry = [0.0] * m, [0.0] * n
    x, y = [1.0 / m] * m, [1.0 / n] * n
    ax, ay = [0.0] * m, [0.0] * n
    for t in range(1, iterations + 1):
        u = [sum(a * b for a, b in zip(row, y)) for row in M]
        ev = sum(a * b for a, b in zip(x, u))
        rx = [max(0.0, r + ui - ev) for r, ui in zip(rx, u)]
        x = _normalised(rx, m)
        w = [sum(a * b for a, b in zip(col, x)) for col in cols]
        ev = sum(a * b for a, b in zip(y, w))
        ry = [max(0.0, r + ev - wj) for r, wj in zip(ry, w)]
        y = _normalised(ry, n)
        ax = [a + t * b for a, b in zip(ax, x)]
        ay = [a + t * b for a, b in zip(ay, y)]
    return _normalised(ax, m), _normalised(ay, n)


def _normalised(v: list[float], n: int) -> list[float]:
    tot = sum(v)
    return [a / tot for a in v] if tot > 0 else [1.0 / n] * n


def _draw(ids: list, mix: list[float], u: float):
    acc = 0.0
    for i, p in zip(ids, mix):
        acc += p
        if u < acc:
            return i
    return ids[-1]


def _position_coin(s, me: int) -> float:
    """A number in [0, 1) from what ``me`` knows of the position (turn, HP,
    FP, own hand): the same in every world ``me`` imagines."""
    h = s.turn * 1000003 + s.hp[0] * 8191 + s.hp[1] * 131 + (s.fp[0] + 16) * 31 + s.fp[1] + 16 + me * 7919
    for iid in s.table.zones[HAND[me]]:
        h = (h * 16777619 + iid + 1) & 0xFFFFFFFFFFFF
    return PCG32(h, stream=61).random()


def quick_outcome(s, a: int, b: int, me: int) -> float:
    """``outcome`` of readying card ``a`` against the opponent's card ``b``."""
    T = s.card_db.techs
    return outcome(T[s.table.card[a]], T[s.table.card[b]], s.fp[me], s.fp[1 - me])


def outcome(ta, tb, fa: int, fb: int) -> float:
    """A fast estimate of readying ``ta`` against the opponent's ``tb``
    (``fa``, ``fb``: the two players' FP): damage dealt minus damage taken
    plus FP value, with the techniques' own damage, heal and FP effects of
    the result; a before-judgment nullify wins outright. For the heuristic."""
    na, nb = _nullifies(ta, tb), _nullifies(tb, ta)
    if na or nb:
        if na and nb:
            return 0.0
        return _hit(ta, tb) if na else -_hit(tb, ta)
    if ta.type == "defence" and tb.type == "defence":
        return 0.0
    if ta.type == "attack" and tb.type == "defence":
        return _attack_vs_defence(ta, tb)
    if ta.type == "defence" and tb.type == "attack":
        return -_attack_vs_defence(tb, ta)
    ea, eb = tb.pos in ta.evade, ta.pos in tb.evade
    if ea and eb:
        return 0.0
    if ea:
        return _win(ta, tb) + _fx(ta, "evade", tb)
    if eb:
        return -_win(tb, ta) - _fx(tb, "evade", ta)
    sa = ta.speed if ta.fixed else max(1, ta.speed - fa)
    sb = tb.speed if tb.fixed else max(1, tb.speed - fb)
    sa += _fx_speed(ta, tb)
    sb += _fx_speed(tb, ta)
    if sa == sb:
        return ta.damage - tb.damage + 40.0 * (_fpv(ta.hit) - _fpv(tb.hit)) + _fx(ta, "hit", tb) - _fx(tb, "hit", ta)
    if sa < sb:
        if tb.pos and ta.pos in tb.offset:
            return float(ta.damage - tb.damage) - _fx(tb, "offset", ta) if ta.damage != tb.damage else 0.0
        return _win(ta, tb)
    if tb.pos in ta.offset:
        return float(ta.damage - tb.damage) + _fx(ta, "offset", tb)
    return -_win(tb, ta)


_FX: dict = {}


def _fx(t, when: str, o) -> float:
    """What ``t``'s own effects at ``when``, against the opponent's technique
    ``o``, are worth to its player: damage dealt, HP recovered, 40 a point of
    FP (own gained, or the opponent's lost). Effects whose condition needs
    more than the two techniques (HP, FP, counters) are left out."""
    key = (t.id, when, o.type, o.pos)
    v = _FX.get(key)
    if v is None:
        v = 0.0
        for e in t.effects_at.get(when, ()):
            if not _applies(e, o):
                continue
            do, n, to_opp = e.get("do"), e.get("amount", 0) or 0, e.get("target") == "opponent"
            if do == "damage":
                v += -n if e.get("target") == "self" else n
            elif do == "heal":
                v += -n if to_opp else n
            elif do == "fp":
                v += 40.0 * (-n if to_opp else n)
            elif do == "power":
                v += n
        _FX[key] = v
    return v


def _applies(e, o) -> bool:
    """Whether effect ``e``'s conditions hold against the opponent's technique ``o``
    (False for a condition on anything else)."""
    for k in e:
        if k.startswith("if_"):
            if k == "if_opp":
                if o.type != e[k]:
                    return False
            elif k == "if_opp_pos":
                if o.pos != e[k]:
                    return False
            else:
                return False
    return True


def _fx_speed(t, o) -> int:
    return sum(e.get("amount", 0) or 0 for e in t.effects_at.get("pre", ()) if e.get("do") == "speed" and _applies(e, o))


def _nullifies(t, o) -> bool:
    return any(e.get("do") == "nullify" and _applies(e, o) for e in t.effects_at.get("pre", ()))


def _hit(t, o) -> float:
    """``t`` hits (an opponent with no technique, or an open position)."""
    return t.damage + 40.0 * _fpv(t.hit) + (250.0 if t.hit == "combo" else 0.0) + _fx(t, "hit", o)


def _fpv(v) -> float:
    return 8.0 if v == "combo" else float(v)


def _win(t, o) -> float:
    """``t`` wins the judgment against the attack ``o`` (a counter)."""
    return t.damage + 40.0 * _fpv(t.counter) + (250.0 if t.counter == "combo" else 0.0) + _fx(t, "counter", o)


def _attack_vs_defence(t, d) -> float:
    """Attack ``t`` against defence ``d``, for the attacker."""
    entry = d.defence_table[t.pos]
    if entry == "evade":
        return -50.0 - _fx(d, "evade", t)
    if entry == "guard":
        return 40.0 * t.guard + _fx(t, "guarded", d) - _fx(d, "guard", t)
    if entry == "offset":
        return t.damage * 0.8 + 40.0 * _fpv(t.hit) - _fx(d, "offset", t)
    return _hit(t, d)
