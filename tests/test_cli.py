"""The command line: clear messages and exit code 2 for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tabletop.cli import main
from tabletop.engine.registry import all_games

GAME_ID = "rush_duel" if "rush_duel" in all_games() else sorted(all_games())[0]


def test_games_lists_every_installed_game(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for gid, g in all_games().items():
        assert gid in out and g.title in out


@pytest.mark.parametrize("argv", [
    ["selfplay", "no_such_game"],
    ["selfplay", GAME_ID, "--games", "-3"],
    ["selfplay", GAME_ID, "--agents", "random,wizard"],
    ["screenshot", GAME_ID, "--out", "x.png", "--size", "huge"],
    ["frobnicate"],
    ["bench"],
    ["bench", GAME_ID, "--load", "x.toml"],
])
def test_bad_arguments_exit_2_without_traceback(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    captured = capsys.readouterr()
    assert code == 2
    assert "Traceback" not in captured.err
    assert captured.err.strip()


def test_scenario_runner_counts_and_fails_nonzero(tmp_path, capsys):
    bad = tmp_path / "broken.toml"
    bad.write_text("name = 'x'\ngame = \n")
    code = main(["scenario", str(bad)])
    out = capsys.readouterr().out
    assert code != 0
    assert out.strip().splitlines()[-1] == "0 passed, 1 failed"
    assert "broken.toml" in out


def test_scenario_missing_file(tmp_path, capsys):
    assert main(["scenario", str(tmp_path / "none.toml")]) == 2
    assert "none.toml" in capsys.readouterr().err


def test_selfplay_json_report_and_saves(tmp_path, capsys):
    code = main(["selfplay", GAME_ID, "--games", "4", "--seed", "3", "--agents", "random,greedy",
                 "--json", "--save-dir", str(tmp_path)])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report["problems"]
    assert report["games"] == 4 and report["errors"] == 0 and report["violations"] == 0
    assert report["decisions"] > 0 and set(report["wins"]) == {"random", "greedy"}
    saves = sorted(tmp_path.glob("*.toml"))
    assert len(saves) == 4
    assert main(["replay", str(saves[0]), "--verify"]) == 0


def test_bench_json(capsys):
    assert main(["bench", GAME_ID, "--json", "--seconds", "0.3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["decisions_per_second"] > 0 and report["clone_us"] > 0


def test_python_dash_m_runs():
    r = subprocess.run([sys.executable, "-m", "tabletop", "games"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and GAME_ID in r.stdout
