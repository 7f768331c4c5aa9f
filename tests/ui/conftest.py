"""Headless UI tests: the dummy video driver, a private saves/config folder,
and the throwaway test game ``mini`` registered for these tests only."""

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

HERE = os.path.dirname(__file__)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


def register_mini():
    from tabletop.engine import registry
    from minigame import GAME

    games = registry.all_games()
    games.setdefault("mini", GAME)
    return GAME


@pytest.fixture(autouse=True)
def _folders(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("TABLETOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("TABLETOP_DECKS", str(tmp_path / "decks"))
    register_mini()
    yield
