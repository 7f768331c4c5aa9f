"""The golden traces (tools/golden.py) pin every game's behaviour: after every
choice of 40 seeded random-against-greedy games, the choice, the kinds of its
events and a hash of the three views must be what they were when the traces
were written. An intended rules change regenerates them in its own commit."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import golden  # noqa: E402

GAMES = sorted(p.name.split(".")[0] for p in golden.GOLDEN_DIR.glob("*.txt.gz"))


def test_every_builtin_game_has_a_trace():
    assert set(GAMES) >= {"rush_duel", "riftbound", "lumen_condenser", "aquarian_age"}


@pytest.mark.parametrize("game_id", GAMES)
def test_trace_is_identical(game_id):
    expected = golden.read(game_id)
    assert sum(1 for line in expected if line.startswith("game ")) == golden.GAMES_PER_GAME
    diff = golden.first_difference(expected, golden.trace(game_id))
    assert diff is None, f"{game_id} behaviour changed at {diff}"
