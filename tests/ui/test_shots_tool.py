"""tools/shots.py: the screenshot list is well formed, and its flows run on
any game (here the test game) with nothing about a game in the script."""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.engine import tomlio
from tabletop.engine.registry import all_games
from tabletop.ui.scenes import list_lessons

from toolhelp import load_tool

ROOT = Path(__file__).resolve().parents[2]


def test_every_shot_names_an_installed_game_a_known_flow_and_known_steps():
    tool = load_tool("shots")
    data = tomlio.load(ROOT / "tools" / "shots.toml")
    lessons = {(entry["game"], entry["id"]) for entry in list_lessons()}
    names = [s["name"] for s in data["shot"]]
    assert len(names) == len(set(names))
    for spec in data["shot"]:
        assert spec.get("flow", "table") in tool.FLOWS, spec["name"]
        if "game" in spec:
            assert spec["game"] in all_games(), spec["name"]
        if "lesson" in spec:
            assert (spec["game"], spec["lesson"]) in lessons, spec["name"]
        for game_id, lesson in spec.get("completed", []) + ([spec["select"]] if spec.get("flow") == "tutorial_list" else []):
            assert (game_id, lesson) in lessons, spec["name"]
        for step in spec.get("steps", []):
            assert any(k in step for k in tool.STEP_KEYS), (spec["name"], step)
    for save in data["save"]:
        assert save.get("game") in all_games() or save.get("from"), save


def test_every_choice_a_table_shot_names_is_legal_when_its_moment_comes():
    """The shots name choices by id after the greedy players' opening: when a
    game's rules or decks change, a shot whose choice is no longer legal is
    found here, not when the screenshots are next taken (the engine only,
    nothing drawn)."""
    tool = load_tool("shots")
    data = tomlio.load(ROOT / "tools" / "shots.toml")
    checked = 0
    for spec in data["shot"]:
        if spec.get("flow", "table") not in ("table", "replay") or "game" not in spec:
            continue
        match = tool._match(spec)  # its greedy opening and its "apply" list (ShotError when illegal)
        for step in spec.get("steps", []):
            if "play" in step or "apply" in step:
                match.apply(tool._find(match, step.get("play", step.get("apply")), step.get("player")))
                checked += 1
            elif any(k in step for k in ("greedy_until", "until_handoff", "until_pause", "to_first_move", "next")):
                break  # the game goes on at the table from here
        checked += len(spec.get("apply", []))
    assert checked >= 3


def test_a_table_shot_runs_on_any_game(tmp_path):
    tool = load_tool("shots")
    spec = {"name": "mini.png", "game": "mini", "seed": 3, "play": 6,
            "steps": [{"log": 5}, {"hover": [".monster", ".hand"]}, {"frames": 2}]}
    app = tool.FLOWS["table"](spec)
    out = tmp_path / "mini.png"
    pygame.image.save(app.window, str(out))
    assert out.stat().st_size > 1000


def test_a_step_whose_moment_never_comes_is_reported(tmp_path):
    tool = load_tool("shots")
    spec = {"name": "x.png", "game": "mini", "seed": 3, "steps": [{"hover": [".no_such_zone"]}]}
    try:
        tool.FLOWS["table"](spec)
    except tool.ShotError as exc:
        assert "no_such_zone" in str(exc)
    else:
        raise AssertionError("an impossible hover was not reported")


def test_a_replay_shot_runs_on_any_game(tmp_path):
    tool = load_tool("shots")
    spec = {"name": "r.png", "flow": "replay", "game": "mini", "seed": 3, "play": 10, "at": 6, "event": 1, "view": "all"}
    app = tool.FLOWS["replay"](spec)
    scene = app.top
    assert scene.everything and scene.pos.choice in (6, 7)
    out = tmp_path / "r.png"
    pygame.image.save(app.window, str(out))
    assert out.stat().st_size > 1000


def test_the_deck_builder_shot_runs_on_any_game(tmp_path):
    tool = load_tool("shots")
    game = all_games()["mini"]
    first = next(iter(game.card_pool()))
    app = tool.FLOWS["deck_builder"]({"name": "db.png", "game": "mini", "add": [first], "hover": 0})
    scene = app.top
    assert scene.model.copies(first) >= 1 and scene.hover == (scene.pool_cards()[0][0], "pool")
    out = tmp_path / "db.png"
    pygame.image.save(app.window, str(out))
    assert out.stat().st_size > 1000


def test_the_hint_step_shows_the_search_s_suggestion_on_any_game():
    tool = load_tool("shots")
    spec = {"name": "hint.png", "game": "mini", "seed": 3, "play": 6}
    match = tool._match(spec)
    app = tool._new_app()
    app.settings.think_ms = 100  # the shot thinks the Settings' time; a test need not wait a second
    table = tool._seat(app, match)
    tool.run_steps(app, table, match, [{"hint": True}])
    assert table.hint is not None and table.hint["hint"] is not None
    assert table.hint_choice() is not None  # the suggestion is one of the viewer's choices at the table
