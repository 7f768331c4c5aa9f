"""Tutorial lessons: every shipped lesson plays through; bad lessons name the file and step."""

from __future__ import annotations

import pytest

from tabletop.cli import main
from tabletop.engine.errors import LessonError
from tabletop.engine.registry import all_games
from tabletop.tutorial.lesson import LessonRun, check_lesson, list_lessons, load_lesson


def test_tutorial_check_passes(capsys):
    # --strict: the shipped lessons are all in the current format, so the
    # stricter checks (learn, word and pause limits) fail them, not warn
    code = main(["tutorial", "--check", "--strict"])
    out = capsys.readouterr().out
    last = out.strip().splitlines()[-1]
    assert " 0 failed" in last and "FAIL " not in out and "WARN " not in out, out
    assert code == 0


@pytest.mark.parametrize("gid", sorted(all_games()))
def test_every_game_has_four_lessons(gid):
    assert len(list_lessons(all_games()[gid])) >= 4


@pytest.mark.parametrize("text,needles", [
    ("title = 'x'\n", ["game", "missing"]),
    ("title = 'x'\ngame = 'rush_duel'\nsteps = []\n[position]\n", ["at least one step"]),
    ("title = 'x'\ngame = 'rush_duel'\n[position]\n[[steps]]\ncaption = ''\n", ["step 1", "caption"]),
    ("title = 'x'\ngame = 'rush_duel'\n[position]\n[[steps]]\ncaption = 'a'\ndo = { player = 5, kind = 'x' }\n",
     ["step 1", "player"]),
    ("title = [\n", ["TOML"]),
])
def test_malformed_lessons(tmp_path, text, needles):
    p = tmp_path / "bad.toml"
    p.write_text(text)
    with pytest.raises(LessonError) as exc:
        load_lesson(p)
    msg = str(exc.value)
    assert "bad.toml" in msg
    for n in needles:
        assert n in msg, msg


def test_script_that_does_not_fit_names_the_step(tmp_path):
    game = all_games()[sorted(all_games())[0]]
    lessons = list_lessons(game)
    assert lessons
    text = lessons[0].read_text()
    text += '\n[[steps]]\ncaption = "an impossible step"\ndo = { player = 0, kind = "no_such_kind" }\n'
    p = tmp_path / "misfit.toml"
    p.write_text(text)
    problem = check_lesson(game, p)
    assert problem is not None and "misfit.toml" in problem and f"step {len(load_lesson(p).steps)}" in problem


def test_cli_bad_lesson_exit_2(capsys):
    code = main(["tutorial", "no_such_game"])
    assert code == 2 and "no_such_game" in capsys.readouterr().err


def test_progress_is_kept_in_the_config_folder(tmp_path, monkeypatch, capsys):
    from tabletop.tutorial import progress

    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path))
    game = all_games()["rush_duel"]
    first = list_lessons(game)[0]
    assert not progress.is_completed("rush_duel", first)
    progress.mark_completed("rush_duel", first)
    assert progress.is_completed("rush_duel", first)
    assert (tmp_path / "tutorial.toml").exists()
    main(["tutorial", "rush_duel", "--list"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("[done]") and not lines[1].startswith("[done]")
    (tmp_path / "tutorial.toml").write_text("completed = [")  # damaged: no progress, no crash
    assert progress.completed() == set()


def test_a_one_turn_survive_puzzle_names_this_turn():
    """Aquarian Age's "Hold the line" is survived in the learner's own turn
    (their ▼ characters attack them): the goal must not speak of the rival's turn."""
    from tabletop.tutorial.puzzle import load_puzzle

    game = all_games()["aquarian_age"]
    path = next(p for p in (list_lessons(game)[0].parent.parent / "puzzles").glob("*.toml") if "hold-the-line" in p.name)
    pz = load_puzzle(path)
    assert pz.goal == "survive" and pz.turns == 1 and pz.position["active"] == 0
    assert pz.goal_text == "Survive this turn"
