"""Every rule scenario under tests/scenarios/ passes."""

from pathlib import Path

import pytest

from tabletop.scenario import run_scenario

FILES = sorted(Path(__file__).parent.joinpath("scenarios").rglob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario(path):
    r = run_scenario(str(path))
    assert r.passed, r.message
    assert r.rules, "a scenario names the rule it checks"


def test_every_game_has_scenarios():
    from tabletop.engine.registry import all_games

    for gid in all_games():
        assert list(Path(__file__).parent.joinpath("scenarios", gid).glob("*.toml")), gid
