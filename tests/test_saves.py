"""Save files: atomic writes, and bad saves that give one clear message, exit
code 2, no traceback, and overwrite nothing."""

from __future__ import annotations

import hashlib
import os

import pytest
import tomli_w

from tabletop.cli import main
from tabletop.engine import tomlio
from tabletop.engine.errors import SaveError
from tabletop.engine.registry import all_games
from tabletop.saves import FORMAT_VERSION, Match, atomic_write_text, load_match, list_saves
from tabletop.selfplay import play_one

GAME_ID = "rush_duel" if "rush_duel" in all_games() else sorted(all_games())[0]


@pytest.fixture(scope="module")
def good_save(tmp_path_factory):
    game = all_games()[GAME_ID]
    r = play_one(game, ["random", "random"], 3)
    match: Match = r["match"]
    match.replay_to(min(60, len(match.log)))
    path = tmp_path_factory.mktemp("saves") / "good.toml"
    match.save(path, keep_backup=False)
    return path


def _sha(path) -> str:
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def _run_bad(path, capsys) -> str:
    before = _sha(path)
    code = main(["replay", str(path), "--verify"])
    out = capsys.readouterr()
    assert code == 2
    assert "Traceback" not in out.err + out.out
    assert str(path) in out.err
    assert _sha(path) == before, "a bad save must never be overwritten"
    assert not os.path.exists(str(path) + ".bak")
    return out.err


def test_good_save_verifies(good_save, capsys):
    assert main(["replay", str(good_save), "--verify"]) == 0
    assert "verified" in capsys.readouterr().out


def test_not_toml(tmp_path, capsys):
    p = tmp_path / "junk.toml"
    p.write_bytes(b"\x00\x01 this is { not toml")
    err = _run_bad(p, capsys)
    assert "TOML" in err or "UTF-8" in err


def test_truncated(good_save, tmp_path, capsys):
    text = good_save.read_text()
    p = tmp_path / "cut.toml"
    p.write_text(text[: len(text) // 2])
    err = _run_bad(p, capsys)
    assert "TOML" in err or "missing" in err or "not legal" in err or "digest" in err


def test_edited_choice_list(good_save, tmp_path, capsys):
    data = tomlio.load(good_save)
    data["choices"] = data["choices"][:5] + [[data["choices"][5][0], "no_such_choice(card=999)"]] + data["choices"][6:]
    p = tmp_path / "edited.toml"
    p.write_text(tomli_w.dumps(data))
    err = _run_bad(p, capsys)
    assert "choice 6" in err and "edited" in err


def test_dropped_choice_changes_digest(good_save, tmp_path, capsys):
    data = tomlio.load(good_save)
    data["choices"] = data["choices"][:-1]
    p = tmp_path / "short.toml"
    p.write_text(tomli_w.dumps(data))
    err = _run_bad(p, capsys)
    assert "digest" in err or "not legal" in err


def test_edited_digest(good_save, tmp_path, capsys):
    data = tomlio.load(good_save)
    data["digest"] = "0" * 64
    p = tmp_path / "digest.toml"
    p.write_text(tomli_w.dumps(data))
    assert "digest" in _run_bad(p, capsys)


def test_another_game(good_save, tmp_path, capsys):
    data = tomlio.load(good_save)
    data["game"] = "chess_960"
    p = tmp_path / "other.toml"
    p.write_text(tomli_w.dumps(data))
    assert "not installed" in _run_bad(p, capsys)


def test_expected_game_mismatch(good_save):
    other = "riftbound" if GAME_ID != "riftbound" else "rush_duel"
    with pytest.raises(SaveError, match="not of"):
        load_match(good_save, expect_game=other)


def test_newer_format(good_save, tmp_path, capsys):
    data = tomlio.load(good_save)
    data["format"] = FORMAT_VERSION + 1
    p = tmp_path / "newer.toml"
    p.write_text(tomli_w.dumps(data))
    assert "newer" in _run_bad(p, capsys)


def test_other_rules_version(good_save, tmp_path, capsys):
    data = tomlio.load(good_save)
    data["rules_version"] = "999"
    p = tmp_path / "rules.toml"
    p.write_text(tomli_w.dumps(data))
    assert "rules version" in _run_bad(p, capsys)


def test_huge_file(tmp_path, capsys):
    p = tmp_path / "huge.toml"
    with open(p, "wb") as fh:
        fh.truncate(100 * 1024 * 1024)
    assert "MB" in _run_bad(p, capsys)


def test_missing_file(tmp_path, capsys):
    code = main(["replay", str(tmp_path / "nope.toml"), "--verify"])
    err = capsys.readouterr().err
    assert code == 2 and "nope.toml" in err and "Traceback" not in err


def test_atomic_write_keeps_backup(tmp_path):
    p = tmp_path / "a.toml"
    atomic_write_text(p, "one = 1\n")
    atomic_write_text(p, "two = 2\n")
    assert p.read_text() == "two = 2\n"
    assert (tmp_path / "a.toml.bak").read_text() == "one = 1\n"
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


def test_autosave_after_every_choice(tmp_path):
    game = all_games()[GAME_ID]
    match = Match(game, game.default_setup(), 4)
    match.autosave_path = tmp_path / "autosave.toml"
    for _ in range(3):
        match.apply(match.state.decision.choices[0])
        assert load_match(match.autosave_path).state.digest() == match.state.digest()


def test_list_saves_reports_bad_ones(good_save, tmp_path):
    (tmp_path / "ok.toml").write_text(good_save.read_text())
    (tmp_path / "bad.toml").write_text("format = ")
    entries = {e["name"]: e for e in list_saves(tmp_path)}
    assert entries["bad"]["error"] and "TOML" in entries["bad"]["error"]
    assert any(e["error"] is None and e["game"] == GAME_ID for e in entries.values())


def test_shipped_example_saves_verify():
    from tabletop.saves import examples_dir

    files = sorted(examples_dir().glob("*.toml"))
    assert files, "the repository ships example saves"
    for f in files:
        if load_match_game_installed(f):
            load_match(f)


def load_match_game_installed(path) -> bool:
    return tomlio.load(path).get("game") in all_games()
