"""Aquarian Age: Hard's leaf judgement (``leaf_value``) looks at what the
player about to act can do with its attacks before the other player acts
again; the heuristic that greedy and Normal use is left as it is."""

from __future__ import annotations

from games.aquarian_age import GAME
from games.aquarian_age.ai import heuristic

J = "EGO-J1"   # a project: a damage judgment puts it in the damage zone
RONIN = "ARA-09"      # Iron Fan Ronin 3/3/3
GARGOYLE = "DKL-07"   # Castle Gargoyle 0/0/4, Intercept (guards at no cost)


def _position(p0_dominion, p1_power: int = 2, active: int = 1):
    """Player 2 (to act when ``active`` = 1) holds a Ronin with ``p1_power`` power
    cards; player 1 holds ``p0_dominion`` and a deck of projects."""
    return GAME.from_position({
        "turn": 6, "active": active, "first": 0, "phase": "main",
        "players": [
            {"deck": [J] * 12, "hand": [J, J], "dominion": p0_dominion},
            {"deck": [J] * 12, "hand": [J, J], "dominion": [{"card": RONIN, "power": [J] * p1_power}]},
        ]}, seed=3)


def test_leaf_prefers_the_guard_that_stops_the_reply_attacks():
    # A: player 1 keeps a Gargoyle that guards the Ronin for free and survives it.
    # B: player 1 keeps a stronger Ronin of its own with no power card: the heuristic
    # likes it more, but it cannot guard, and the other Ronin is about to attack twice.
    a = _position([GARGOYLE])
    b = _position([RONIN])
    assert heuristic(b, 0) > heuristic(a, 0)
    assert GAME.leaf_value(a, 0) > GAME.leaf_value(b, 0)
    # seen from the attacker's side the order turns round as well
    assert GAME.leaf_value(b, 1) > GAME.leaf_value(a, 1)


def test_threat_counts_only_for_the_player_to_act():
    # the same field with player 1 to act: player 2's Ronin cannot attack before
    # player 1 acts, and player 1's Ronin holds no power card to attack with
    s = _position([RONIN], active=0)
    assert GAME.leaf_value(s, 0) == heuristic(s, 0)


def test_no_power_no_threat():
    s = _position([RONIN], p1_power=0)
    assert GAME.leaf_value(s, 0) == heuristic(s, 0)


def test_the_heuristic_is_unchanged_by_the_leaf():
    s = _position([RONIN])
    h = heuristic(s, 0)
    GAME.leaf_value(s, 0)
    assert GAME.heuristic(s, 0) == h
    assert GAME.leaf_value(s, 0) < h  # two unguarded attacks of 3 are coming


def test_leaf_counts_the_deck_that_decides_the_race():
    # games end by deck-out: a deck of 20 with 3 damage cards outlasts a deck of 16
    # with none, though the heuristic (damage 5 a card, the deck only near its end)
    # prefers the second
    def pos(deck: int, damage: int):
        return GAME.from_position({
            "turn": 6, "active": 1, "first": 0, "phase": "main",
            "players": [{"deck": [J] * deck, "damage": [J] * damage, "hand": [J, J]},
                        {"deck": [J] * 16, "hand": [J, J]}]}, seed=3)
    a, b = pos(20, 3), pos(16, 0)
    assert heuristic(b, 0) > heuristic(a, 0)
    assert GAME.leaf_value(a, 0) > GAME.leaf_value(b, 0)
