"""Saves written by earlier releases keep loading (tests/legacy_saves/: the
first release's example saves and self-play saves, save format 1)."""

from pathlib import Path

import pytest
import tomli_w

from tabletop.engine.errors import SaveError
from tabletop.saves import FORMAT_VERSION, load_match, read_save

LEGACY = sorted((Path(__file__).parent / "legacy_saves").glob("*.toml"))


def test_there_are_legacy_saves_of_every_game():
    assert {read_save(p)["game"] for p in LEGACY} == {"rush_duel", "riftbound", "lumen_condenser", "aquarian_age"}


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.stem)
def test_legacy_save_loads_and_upgrades(path, tmp_path):
    data = read_save(path)
    match = load_match(path)
    assert len(match.log) == len(data["choices"]) > 0
    assert match.state.turn == data["turn"]
    if data["format"] < FORMAT_VERSION:
        assert match.upgraded_from == data["format"]
        # written again, it is a current save that verifies by digest
        out = match.save(tmp_path / path.name)
        again = load_match(out)
        assert again.upgraded_from is None
        assert again.state.digest() == match.state.digest()


def test_legacy_save_with_an_edited_choice_is_refused(tmp_path):
    path = LEGACY[0]
    data = read_save(path)
    assert data["format"] == 1
    data["choices"][3][1] = "no_such_choice"
    bad = tmp_path / "edited.toml"
    bad.write_text(tomli_w.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="not legal"):
        load_match(bad)
