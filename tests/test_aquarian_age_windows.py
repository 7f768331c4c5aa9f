"""Aquarian Age: the windows of seed 4.3 ⑤⑥ (priority after each action in the
faction and main phases), windows with only a pass not asked, and the
player-facing text (names from the set-up, no zone keys, no line twice)."""

from __future__ import annotations

import re

from games.aquarian_age import GAME
from games.aquarian_age.state import number_repeats
from tabletop.ai.agents import make_agent
from tabletop.engine.core import Event
from tabletop.selfplay import selfplay_setup

ZONE_KEY = re.compile(r"\bp[01]\.[a-z]|\batt\.\d")


def _position(**over):
    pos = {
        "turn": 3, "active": 0, "first": 0, "phase": "main",
        "players": [
            {"name": "Ann", "deck": ["EGO-J1"] * 6, "hand": ["EGO-05"],
             "dominion": [{"card": "EGO-09", "power": ["EGO-J1", "EGO-J1"]}]},
            {"name": "Ben", "deck": ["EGO-J1"] * 6, "hand": ["ARA-F2"],
             "dominion": [{"card": "ARA-03", "power": ["EGO-J1", "EGO-J1"]}, "ARA-04"]},
        ],
    }
    pos.update(over)
    return pos


def _choose(state, kind, **args):
    d = state.decision
    for c in d.choices:
        if c.kind == kind and all(c.args.get(k) == v for k, v in args.items()):
            return state.apply(c)
    raise AssertionError(f"no {kind} {args} in {[c.id for c in d.choices]}")


def test_every_window_pass_has_the_pass_role():
    s = GAME.from_position(_position())
    place = next(c for c in s.decision.choices if c.kind == "place")
    s.apply(place)
    d = s.decision
    assert d.kind == "respond" and d.players == (1,)
    assert d.prompt.startswith("Ann placed Idol Trainee")
    passes = [c for c in d.choices if c.kind == "pass"]
    assert len(passes) == 1 and passes[0].role == "pass"
    assert any(c.kind == "fast" for c in d.choices)


def test_opponent_pass_after_a_placement_gives_the_turn_back():
    s = GAME.from_position(_position())
    s.apply(next(c for c in s.decision.choices if c.kind == "place"))
    events = _choose(s, "pass")
    assert [e.kind for e in events] == ["response.pass"]
    assert s.decision.kind == "main" and s.decision.players == (0,)


def test_a_window_with_only_pass_is_not_asked():
    pos = _position()
    pos["players"][1]["hand"] = ["EGO-J1"]  # no fast card, no ① effect
    s = GAME.from_position(pos)
    s.apply(next(c for c in s.decision.choices if c.kind == "place"))
    assert s.decision.kind == "main" and s.decision.players == (0,)


def test_ending_the_main_phase_asks_the_opponent_once():
    s = GAME.from_position(_position())
    _choose(s, "end_main")
    assert s.phase != "main"  # Spirit Arrow has no target: Ben is not asked
    s = GAME.from_position(_position())
    s.apply(next(c for c in s.decision.choices if c.kind == "place"))
    _choose(s, "pass")
    _choose(s, "end_main")
    assert s.decision.kind == "respond" and s.decision.players == (1,)
    _choose(s, "pass")
    assert s.phase != "main"


def test_names_come_from_the_setup():
    setup = GAME.default_setup()
    setup["players"][0]["name"] = "Ann"
    setup["players"][1]["name"] = "Computer"
    s = GAME.new_state(setup, 7)
    assert [p["name"] for p in s.view(None)["players"]] == ["Ann", "Computer"]
    pos_setup = {"players": [{"name": "Ann"}, {"name": "Computer"}], "position": _position()}
    s = GAME.new_state(pos_setup, 0)
    assert [p["name"] for p in s.view(0)["players"]] == ["Ann", "Computer"]
    labels = [c.label for c in s.decision.choices if c.kind == "attack" and "to" in c.args]
    assert labels and all("Computer" in x and "Player" not in x for x in labels)


def test_numbering_repeated_captions():
    ev = [Event("card.move", "A draws a card"), Event("card.move", "A draws a card"), Event("x", "other")]
    number_repeats(ev)
    assert [e.caption for e in ev] == ["A draws a card (1 of 2)", "A draws a card (2 of 2)", "other"]


def test_selfplay_text_names_players_and_never_repeats_or_shows_zone_keys():
    bad = []
    for seed in range(6):
        setup = selfplay_setup(GAME, seed)
        setup["players"][0]["name"] = "Ann"
        setup["players"][1]["name"] = "Computer"
        s = GAME.new_state(setup, seed)
        agents = [make_agent("greedy", seed * 2 + 1), make_agent("random", seed * 2 + 2)]
        prev = None
        for _ in range(1500):
            d = s.decision
            if d is None:
                break
            for c in d.choices:
                if ZONE_KEY.search(c.label) or "Player " in c.label:
                    bad.append(("label", c.label))
            for e in s.apply(agents[d.players[0]].choose(s, d.players[0])):
                if ZONE_KEY.search(e.caption) or "Player " in e.caption:
                    bad.append(("caption", e.caption))
                if e.caption and e.caption == prev:
                    bad.append(("twice", e.caption))
                prev = e.caption
    assert not bad, bad[:5]
