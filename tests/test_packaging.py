"""A plain (non-editable) install carries everything the app reads: the
assets (card art named by every card, sounds, credits), every game's layout,
faces and lessons, and the example saves; and the app finds them there when
run from another folder."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _build(tmp_path) -> Path:
    out = tmp_path / "lib"
    subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(out)], cwd=ROOT, check=True,
                   capture_output=True, text=True)
    return out


def test_install_tree_holds_what_the_app_reads(tmp_path):
    lib = _build(tmp_path)
    assert (lib / "tabletop" / "assets" / "CREDITS.md").is_file()
    for name in ("draw", "place", "flip", "attack", "damage", "step", "win", "lose"):
        assert (lib / "tabletop" / "assets" / "sounds" / f"{name}.wav").is_file(), name
    games = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "cards.toml").is_file())
    assert len(games) >= 4
    for g in games:
        for f in ("cards.toml", "layout.toml", "faces.toml"):
            assert (lib / "games" / g / f).is_file(), f"{g}/{f}"
        lessons = sorted(p.name for p in (ROOT / "games" / g / "lessons").glob("*.toml"))
        assert lessons and lessons == sorted(p.name for p in (lib / "games" / g / "lessons").glob("*.toml")), g
        arts = set(re.findall(r'^art = "([a-z0-9-]+)"', (ROOT / "games" / g / "cards.toml").read_text(encoding="utf-8"), re.M))
        assert arts, g
        missing = [a for a in arts if not (lib / "tabletop" / "assets" / "art" / f"{a}.svg").is_file()]
        assert not missing, f"{g}: art not installed: {missing[:5]}"
    # every data file of every game (lessons, puzzles, the guided game, the rules reference...)
    data = [p.relative_to(ROOT) for p in (ROOT / "games").rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    missing = [str(p) for p in data if not (lib / p).is_file()]
    assert not missing, f"game files not installed: {missing[:8]}"
    saves = sorted(p.name for p in (ROOT / "saves").glob("*.toml"))
    assert saves and saves == sorted(p.name for p in (lib / "tabletop" / "example_saves").glob("*.toml"))


def test_installed_app_finds_its_files_from_another_folder(tmp_path):
    lib = _build(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("from tabletop.engine.assets import assets_dir\n"
            "from tabletop.saves import examples_dir\n"
            "from tabletop.engine.registry import get_game\n"
            "from tabletop.ui.layout import game_dir\n"
            "print(assets_dir()); print(examples_dir()); print(game_dir(get_game('rush_duel')))\n"
            "import tabletop; print(tabletop.__file__)\n")
    env = dict(os.environ, PYTHONPATH=str(lib), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env, capture_output=True, text=True, check=True)
    assets, examples, gdir, pkg = r.stdout.split()
    assert Path(pkg).resolve().is_relative_to(lib.resolve())
    for p in (assets, examples, gdir):
        assert Path(p).resolve().is_relative_to(lib.resolve()), p
    assert (Path(examples) / "rush_duel-midgame.toml").is_file()
