"""Riftbound's leaf_value (games/riftbound/ai.py): where Hard's search stops it looks at the
round that follows, which the heuristic (a static count) does not see."""

from __future__ import annotations

import games.riftbound as rb
from games.riftbound.ai import heuristic, round_value

GAME = rb.GAME


def _pos(p0: dict, p1: dict, control, points=(2, 2), scored1=()) -> dict:
    """Player 1's Main Phase on turn 4 (player 0 went first): the position player 0 left."""
    deck = ["B-U02"] * 4
    return {"turn": 4, "active": 1, "first": 0, "phase": "main", "battlefields": ["BF-CROSS", "BF-CROSS"],
            "control": list(control),
            "players": [dict({"deck": deck, "points": points[0]}, **p0),
                        dict({"deck": deck, "points": points[1], "scored": list(scored1)}, **p1)]}


def test_a_lone_defender_facing_a_ready_attacker_is_worth_less():
    # A: player 0 holds battlefield 0 with a 2-Might unit; player 1's 4-Might unit is ready at
    # its base and takes the battlefield this turn. B: player 1's unit sits at battlefield 1,
    # already held this turn, and cannot reach battlefield 0: player 0 holds it next turn.
    # The heuristic counts a unit at a battlefield above one at base and prefers A.
    a = GAME.from_position(_pos({"bf0": ["B-U02"]}, {"base": ["F-U05"]}, [0, -1]))
    b = GAME.from_position(_pos({"bf0": ["B-U02"]}, {"bf1": ["F-U05"]}, [0, 1], scored1=[1]))
    assert list(a.decision.players) == [1] == list(b.decision.players)
    assert heuristic(a, 0) > heuristic(b, 0)
    assert GAME.leaf_value(a, 0) < GAME.leaf_value(b, 0)
    # the round from player 1's side: it conquers battlefield 0 and holds it next turn in A
    assert round_value(a, 1) > round_value(b, 1)


def test_the_final_point_threat():
    # Player 1 has 7 points and held battlefield 1 this turn: conquering battlefield 0 gives it
    # the final point (every battlefield scored this turn). Player 0's 3 Might there holds off
    # a 2-Might attacker (C), not a 4-Might one (D). In C player 1 still wins by holding
    # battlefield 1 next turn, unless player 0 takes it first: a smaller bonus.
    c = GAME.from_position(_pos({"bf0": ["B-U01"]}, {"base": ["B-U02"], "bf1": ["B-U02"]}, [0, 1], (5, 7), [1]))
    d = GAME.from_position(_pos({"bf0": ["B-U01"]}, {"base": ["F-U05"], "bf1": ["B-U02"]}, [0, 1], (5, 7), [1]))
    assert round_value(d, 1) >= 300 + round_value(c, 1) / 2 > 300
    assert GAME.leaf_value(d, 0) < GAME.leaf_value(c, 0) - 100


def test_leaf_value_is_the_heuristic_in_a_showdown_and_at_the_end():
    s = GAME.from_position(_pos({"base": ["B-U02"]}, {"base": ["B-U01"]}, [-1, -1]))
    u = s.table.zones["p1.base"][0]
    s.apply(s.decision.find(f"move(card={u},to=p1.bf0)", 1))
    assert s.showdown and round_value(s, 1) is None
    assert GAME.leaf_value(s, 0) == heuristic(s, 0)
    assert GAME.leaf_value(s, 1) == heuristic(s, 1)


def test_a_might_spell_the_attacker_can_pay_for():
    # Player 1's 2-Might unit can't take battlefield 0 from player 0's 3 Might, unless it has a
    # ready rune to pay for the +3 Might Action in its hand.
    p1 = {"base": ["B-U02"], "hand": ["B-S01"]}
    broke = GAME.from_position(_pos({"bf0": ["B-U01"]}, p1, [0, -1]))
    paid = GAME.from_position(_pos({"bf0": ["B-U01"]}, dict(p1, runes=["RN-BODY"]), [0, -1]))
    assert round_value(paid, 1) >= round_value(broke, 1) + 100
    assert GAME.leaf_value(paid, 0) < GAME.leaf_value(broke, 0) - 50


def test_hard_hands_over_to_rollouts_that_stop_at_the_end_of_its_turn(monkeypatch):
    # Riftbound's hard_options: the hand-over rollouts end at the searching player's turn's end,
    # where leaf_value plays the reply turn on the board; a game without the option keeps Normal's
    from tabletop.ai import HardAgent
    from tabletop.ai.expert import _playing
    from tabletop.ai.turns import by_rollouts

    s = GAME.from_position(_pos({"bf0": ["B-U01"]}, {"base": ["B-U02", "F-U05"], "hand": ["B-S01"],
                                                      "runes": ["RN-BODY"]}, [0, -1]))
    agent = HardAgent(2, budget_ms=None, iterations=4)
    choice = by_rollouts(agent, s, 1, _playing(s.decision, 1), 0.0)
    assert choice in s.decision.choices
    assert agent._normal.horizon_turns == GAME.hard_options["rollout_turns"] == 1
    assert agent.last_stats["rollouts"]["candidates"]
    monkeypatch.setattr(type(GAME), "hard_options", {})
    by_rollouts(agent, s, 1, _playing(s.decision, 1), 0.0)
    assert agent._normal.horizon_turns == 2
