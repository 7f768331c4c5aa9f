"""``tabletop replay SAVE --at N --screenshot FILE.png``: the table after
choice N rendered with no display and written whole; a bad save, an N out of
range or a file that can't be written is one message naming the file, exit
2, no traceback, nothing overwritten. The old meaning of ``replay`` stays."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parent.parent
RUSH = ROOT / "saves" / "rush_duel-midgame.toml"


def _png_size(path):
    return pygame.image.load(str(path)).get_size()


def test_the_table_after_choice_n_is_written_as_a_png(tmp_path, capsys):
    out = tmp_path / "at12.png"
    assert main(["replay", str(RUSH), "--at", "12", "--screenshot", str(out), "--size", "1024x640"]) == 0
    text = capsys.readouterr().out
    assert "after choice 12" in text and str(out) in text
    assert _png_size(out) == (1024, 640)
    assert [p.name for p in tmp_path.iterdir()] == ["at12.png"]  # no temporary file left behind


def test_without_a_display_the_command_sets_the_dummy_driver_itself(tmp_path):
    out = tmp_path / "end.png"
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    r = subprocess.run([sys.executable, "-m", "tabletop", "replay", str(RUSH), "--at", "33", "--screenshot", str(out)],
                       capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    assert _png_size(out) == (1600, 900)


@pytest.mark.parametrize("args, words", [
    (["--at", "34"], "out of range"),
    (["--at", "999"], "33 choices"),
    (["--view", "all"], "finished"),
])
def test_a_position_out_of_range_is_exit_2_and_nothing_is_overwritten(tmp_path, capsys, args, words):
    out = tmp_path / "keep.png"
    out.write_bytes(b"an older picture")
    code = main(["replay", str(RUSH), *args, "--screenshot", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and words in err and "rush_duel-midgame.toml" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert out.read_bytes() == b"an older picture"


def test_a_bad_save_is_exit_2_naming_it(tmp_path, capsys):
    bad = tmp_path / "broken.toml"
    bad.write_text("format = 2\ngame = 'rush_duel'\n")
    out = tmp_path / "x.png"
    assert main(["replay", str(bad), "--at", "0", "--screenshot", str(out)]) == 2
    err = capsys.readouterr().err
    assert "broken.toml" in err and "Traceback" not in err and not out.exists()


def test_a_file_that_cant_be_written_is_exit_2_naming_it(tmp_path, capsys):
    folder = tmp_path / "a-folder.png"
    folder.mkdir()
    assert main(["replay", str(RUSH), "--at", "3", "--screenshot", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "a-folder.png" in err and "Traceback" not in err and folder.is_dir() and not any(folder.iterdir())
    missing = tmp_path / "no" / "such" / "x.png"
    assert main(["replay", str(RUSH), "--at", "3", "--screenshot", str(missing)]) == 2
    err = capsys.readouterr().err
    assert "x.png" in err and "does not exist" in err and not missing.parent.exists()
    assert main(["replay", str(RUSH), "--at", "3", "--screenshot", str(tmp_path / "x.jpg")]) == 2
    assert "x.jpg" in capsys.readouterr().err


def test_replay_without_a_position_keeps_its_meaning(capsys):
    assert main(["replay", str(RUSH)]) == 0
    assert main(["replay", str(RUSH), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "33 choices" in out and "verified" in out and "wrote" not in out
