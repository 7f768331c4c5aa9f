"""Riftbound cleanups where nothing changed: a cleanup is not run again while nothing it
looks at has changed since a cleanup whose pass changed nothing (rules/cleanup.py,
``cleanup_quiet``). These check that a phase or step that does change something a cleanup
looks at (a point scored by Hold or by a burn out) still gets its cleanup, whose win check
ends the game there, before the next phase begins."""

from __future__ import annotations

from games.riftbound import GAME

_DECK = ["B-U02"] * 5
_RUNES = ["RN-BODY"] * 4


def _end_turn_into(ann: dict, bo: dict, control=(-1, -1)):
    """Bo (player 1) ends the Main Phase; Ann's turn runs from its Awaken Phase on."""
    pos = {"turn": 4, "active": 1, "first": 0, "phase": "main", "battlefields": ["BF-CROSS", "BF-CROSS"],
           "control": list(control),
           "players": [dict({"name": "Ann", "deck": list(_DECK), "runedeck": list(_RUNES)}, **ann),
                       dict({"name": "Bo", "deck": list(_DECK), "runedeck": list(_RUNES)}, **bo)]}
    s = GAME.from_position(pos)
    d = s.decision
    ev = s.apply(d.find("end_turn", 1))
    return s, [(e.kind, e.data) for e in ev]


def _index(events, kind, **data):
    for i, (k, d) in enumerate(events):
        if k == kind and all(d.get(x) == v for x, v in data.items()):
            return i
    raise AssertionError(f"no {kind} {data} in {[k for k, _ in events]}")


def test_hold_to_the_victory_score_wins_before_the_channel_phase():
    s, events = _end_turn_into({"points": 7, "bf0": ["B-U02"]}, {}, control=(0, -1))
    assert s.winner == 0 and s.points[0] == 8
    win = _index(events, "cleanup.win_check", player=0)
    assert _index(events, "counter.change", player=0, counter="points", value=8) < win
    # the scoring step's own cleanup ends the game: the Channel Phase never begins
    assert not any(k == "phase.begin" and d.get("phase") == "channel" for k, d in events)


def test_a_burn_out_point_to_the_victory_score_wins_before_the_main_phase():
    s, events = _end_turn_into({"deck": [], "trash": ["B-U02", "B-U01"]}, {"points": 7})
    assert s.winner == 1 and s.points[1] == 8
    win = _index(events, "cleanup.win_check", player=1)
    assert _index(events, "burnout", player=0) < win
    # the Draw Phase's cleanup ends the game: the Main Phase never begins
    assert not any(k == "phase.begin" and d.get("phase") == "main" for k, d in events)


def test_quiet_phases_still_reach_the_next_decision_with_nothing_staged():
    s, events = _end_turn_into({}, {})
    d = s.decision
    assert d is not None and d.kind == "main_action" and d.players == (0,)
    assert not any(k.startswith("cleanup.") for k, _ in events)
    assert s.cleanup_quiet
