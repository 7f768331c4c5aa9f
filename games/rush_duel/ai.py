"""The computer opponent's view of a position: a heuristic score for the greedy and
expert players."""

from __future__ import annotations

from .effects import F_ATTACKED
from .rules.turn import HAND_TARGET
from .state import RushState
from .zones import Z

#: what the heuristic counts a card in the player's own hand
HAND_WEIGHT = 0.25


def heuristic(state: RushState, player: int) -> float:
    """LP difference, board strength, cards in hand and set cards (bigger is better).

    The position is first carried past the sub-decisions that follow the choice
    being weighed (:func:`settle`), so the one-step look-ahead sees what an
    attack or an advance summon really leads to, not a paused trap window."""
    s = settle(state)
    w = s.winner
    if w is not None:
        return 0.0 if w == "draw" else (1e6 if w == player else -1e6)
    me, op = player, 1 - player
    t = s.table
    score = (s.life_points[me] - s.life_points[op]) / 1000.0
    if s.life_points[op] <= 2000:
        score += (2000 - s.life_points[op]) / 500.0
    for p, sign in ((me, 1.0), (op, -1.0)):
        board = 0.0
        for i in s.units(p):
            board += 0.6 + unit_value(s, i, player) / 1000.0
        sets = 0.0
        for i in t.zones[Z[p]["spell"]]:
            if i is not None and not t.face[i]:
                # a set trap waits for its timing; a set spell only hides what it is
                sets += 0.35 if p != player or s.card_data(i)["kind"] == "trap" else 0.15
        # own cards in hand are options kept; the rival's hand is not counted, since
        # every turn ends with their Draw Phase (seed 3.1) whatever was chosen
        hand = len(t.zones[Z[p]["hand"]]) if p == player else 0
        score += sign * (board * 1.2 + HAND_WEIGHT * hand + sets)
    if s.active == me and s.phase in ("main", "battle") and s.turn != 1:
        # attacks still to come this turn (seed 3.3): go to battle rather than end the turn
        score += 0.05 * sum(1 for i in s.units(me) if t.face[i] and s.is_attack(i)
                            and not s.card_flags.get(i, 0) & F_ATTACKED)
    return score


def unit_value(s: RushState, i: int, viewer: int) -> float:
    """What a monster on the field is worth, as ``viewer`` knows it: its ATK in
    attack position, its DEF as a wall in defense; the viewer's own face-down
    monster by its real stats, the opponent's by a typical value."""
    t = s.table
    if t.face[i]:
        return s.atk(i) if s.is_attack(i) else max(s.defense(i), s.atk(i) * 0.6)
    if t.owner[i] == viewer:
        c = s.card_data(i)
        return max(c["def"], c["atk"] * 0.6)
    return 900.0


def settle(state: RushState) -> RushState:
    """The position after the automatic answers to pending sub-decisions: trap
    windows pass, tributes are the tributing player's weakest monsters, a card
    pick takes the first card. Returns ``state`` itself when nothing is pending
    (never changes it; works on a clone)."""
    s = state
    for _ in range(16):
        d = s.decision
        if d is None or d.kind in ("main_action", "battle_action"):
            break
        if s is state:
            s = state.clone()
        if d.kind == "trap_response":
            c = next(c for c in d.choices if c.kind == "pass")
        elif d.kind == "choose_tributes":
            who = d.players[0]
            c = min((c for c in d.choices if c.kind == "tribute"),
                    key=lambda c: unit_value(s, c.args["card"], who))
        else:
            c = next(c for c in d.choices if c.kind != "surrender")
        s._apply(c)
    return s


def leaf_value(state: RushState, player: int) -> float:
    """Where Hard's search stops (``Game.leaf_value``), mostly at the end of a
    turn: the heuristic, with the player's hand counted as it will be after
    their next Draw Phase, which draws until the hand holds 5 (seed 3.1). A
    card played this turn is drawn back then, so playing it costs no card in
    hand unless the hand would still hold 5 or more; counting the hand as it
    stands made the search keep cards it could have played. (Normal's
    rollouts stop after that Draw Phase and see the same.)"""
    s = settle(state)
    v = heuristic(s, player)
    if s.winner is not None:
        return v
    h = len(s.table.zones[Z[player]["hand"]])
    drawn_to = h + 1 if h >= HAND_TARGET else HAND_TARGET
    return v + HAND_WEIGHT * (drawn_to - h)
