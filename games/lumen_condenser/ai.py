"""The computer opponent's evaluation of a position (``Game.heuristic``)."""

from __future__ import annotations

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
        opts = ready_cards(s, q)
        if opts:
            a = s.ready_picks[player]
            tot = 0.0
            for b in opts:
                tot += quick_outcome(s, a, b, player)
            v += tot / len(opts)
    return v

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


def quick_outcome(s, a: int, b: int, me: int) -> float:
    """A fast estimate (no effects) of readying ``a`` against the opponent's
    ``b``: damage dealt minus damage taken plus FP value, for the heuristic."""
    T = s.card_db.techs
    ta, tb = T[s.table.card[a]], T[s.table.card[b]]
    fa, fb = s.fp[me], s.fp[1 - me]
    if ta.type == "defence" and tb.type == "defence":
        return 0.0
    if ta.type == "attack" and tb.type == "defence":
        e = tb.defence_table[ta.pos]
        return _attack_vs_defence(ta, e)
    if ta.type == "defence" and tb.type == "attack":
        e = ta.defence_table[tb.pos]
        return -_attack_vs_defence(tb, e)
    ea, eb = tb.pos in ta.evade, ta.pos in tb.evade
    if ea and eb:
        return 0.0
    if ea:
        return _win(ta)
    if eb:
        return -_win(tb)
    sa = ta.speed if ta.fixed else max(1, ta.speed - fa)
    sb = tb.speed if tb.fixed else max(1, tb.speed - fb)
    if sa == sb:
        return ta.damage - tb.damage + 40.0 * (_fpv(ta.hit) - _fpv(tb.hit))
    if sa < sb:
        if tb.pos and ta.pos in tb.offset:
            return float(ta.damage - tb.damage) if ta.damage != tb.damage else 0.0
        return _win(ta)
    if tb.pos in ta.offset:
        return float(ta.damage - tb.damage)
    return -_win(tb)


def _fpv(v) -> float:
    return 8.0 if v == "combo" else float(v)


def _win(t) -> float:
    return t.damage + 40.0 * _fpv(t.counter) + (250.0 if t.counter == "combo" else 0.0)


def _attack_vs_defence(t, entry: str) -> float:
    if entry == "evade":
        return -50.0
    if entry == "guard":
        return 40.0 * t.guard
    if entry == "offset":
        return t.damage * 0.8 + 40.0 * _fpv(t.hit)
    return t.damage + 40.0 * _fpv(t.hit) + (250.0 if t.hit == "combo" else 0.0)
