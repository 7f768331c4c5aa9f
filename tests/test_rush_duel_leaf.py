"""Rush Duel's leaf_value (games/rush_duel/ai.py): where Hard's search stops, the player's hand
is counted as their next Draw Phase leaves it (draw until 5, seed 3.1), so a card played this
turn is not counted as lost."""

from __future__ import annotations

import games.rush_duel as rd
from games.rush_duel.ai import heuristic

GAME = rd.GAME


def _end_of_turn(hand: list[str], spell: list[str]) -> object:
    """Player 0's Main Phase on turn 3 with ``hand`` and ``spell`` (set face down)."""
    return GAME.from_position({"turn": 3, "active": 0, "phase": "main",
                               "p0": {"deck": ["M01"] * 8, "hand": hand,
                                      "spell": [{"card": c, "face": "down"} for c in spell]},
                               "p1": {"deck": ["M01"] * 8, "monster": ["M04"]}})


def test_a_trap_set_from_a_small_hand_is_not_a_card_lost():
    # The same cards; in B the trap was set. The hand is refilled to 5 at the next Draw Phase
    # either way, so the set trap is pure gain: the heuristic, counting the hand as it stands,
    # prefers to keep it in hand only when the hand weighs more than a set trap.
    kept = _end_of_turn(["T01", "M02", "M03"], [])
    set_ = _end_of_turn(["M02", "M03"], ["T01"])
    assert heuristic(set_, 0) - heuristic(kept, 0) < GAME.leaf_value(set_, 0) - GAME.leaf_value(kept, 0)
    assert GAME.leaf_value(set_, 0) > GAME.leaf_value(kept, 0)


def test_a_hand_of_five_or_more_still_counts_each_card():
    # With 5 or more in hand the Draw Phase draws 1: a card played is one fewer then.
    six = _end_of_turn(["M01", "M02", "M03", "M04", "M05", "T01"], [])
    five = _end_of_turn(["M01", "M02", "M03", "M04", "M05"], [])
    three = _end_of_turn(["M01", "M02", "M03"], [])
    four = _end_of_turn(["M01", "M02", "M03", "M04"], [])
    assert GAME.leaf_value(six, 0) - GAME.leaf_value(five, 0) == heuristic(six, 0) - heuristic(five, 0) > 0
    assert GAME.leaf_value(four, 0) == GAME.leaf_value(three, 0)
    assert heuristic(four, 0) > heuristic(three, 0)


def test_hards_turn_plans_weigh_their_choices_by_the_leaf_value(monkeypatch):
    # Rush Duel's hard_options["plan_leaf"]: the rest of a turn Hard plays out is chosen by the
    # leaf value, so a spell is set rather than kept in a hand the Draw Phase refills; weighed
    # by the heuristic (hand as it stands), the plan keeps it.
    from tabletop.ai.plan import finish_turn

    def planned(options: dict) -> tuple[int, list]:
        monkeypatch.setattr(GAME, "hard_options", options)
        s = GAME.from_position({"turn": 3, "active": 0, "phase": "main",
                                "p0": {"deck": ["M01"] * 8, "hand": ["S01", "M02"]},
                                "p1": {"deck": ["M01"] * 8, "monster": ["M04"]}})
        t, done = finish_turn(s, 0, 12, True)
        assert done
        return len(t.table.zones["p0.hand"]), [t.card_data(i)["id"] for i in t.table.zones["p0.spell"] if i is not None]

    assert GAME.hard_options.get("plan_leaf") is True
    assert planned({}) == (1, [])
    assert planned({"plan_leaf": True}) == (0, ["S01"])
