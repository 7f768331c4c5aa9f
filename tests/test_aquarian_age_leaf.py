"""Aquarian Age: Hard's leaf judgement (``leaf_value``, log-odds of winning
fitted to self-play games over ``leaf_features``) looks at what the player
about to act can do with its attacks before the other player acts again and
at the deck-out race; the heuristic that greedy and Normal use is left as it is."""

from __future__ import annotations

from games.aquarian_age import GAME
from games.aquarian_age.ai import heuristic, leaf_features

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
    # the same field with player 1 to act: player 1's Ronin holds no power card to
    # attack with now; player 2's Ronin attacks in the turn after (the reply term)
    f = leaf_features(_position([RONIN], active=0), 0)
    assert f["threat_now"] == 0.0 and f["threat_reply"] < 0.0
    g = leaf_features(_position([RONIN], active=1), 0)
    assert g["threat_now"] < 0.0 and g["threat_reply"] == 0.0


def test_no_power_no_threat():
    f = leaf_features(_position([RONIN], p1_power=0), 0)
    assert f["threat_now"] == f["threat_reply"] == 0.0


def test_the_leaf_is_zero_sum():
    # every term is one player's figure less the other's: the other side's value
    # is the negative, and the mirrored terms are the negated ones
    for s in (_position([GARGOYLE]), _position([RONIN], active=0), _position([RONIN], p1_power=0)):
        assert abs(GAME.leaf_value(s, 0) + GAME.leaf_value(s, 1)) < 1e-9
        f, g = leaf_features(s, 0), leaf_features(s, 1)
        assert set(f) == set(g) and all(f[k] == -g[k] for k in f)


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


def test_the_race_counts_who_draws_next():
    # equal decks of 5: the player who has drawn this turn (the player to act) is
    # half a round ahead in the deck-out race; the heuristic cannot tell them apart
    def pos(active: int):
        return GAME.from_position({
            "turn": 20, "active": active, "first": 0, "phase": "main",
            "players": [{"deck": [J] * 5, "hand": [J, J]}, {"deck": [J] * 5, "hand": [J, J]}]}, seed=3)
    a, b = pos(0), pos(1)
    assert heuristic(a, 0) == heuristic(b, 0)
    assert leaf_features(a, 0)["race_margin"] == 0.5 == -leaf_features(b, 0)["race_margin"]
    assert GAME.leaf_value(a, 0) > GAME.leaf_value(b, 0)
