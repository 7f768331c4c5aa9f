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
from tabletop import saves
from tabletop.saves import (AUTOSAVE_NAME, FORMAT_VERSION, Match, atomic_write_text, backup_path, delete_save,
                            list_saves,
                            load_match, load_with_backup, unfinished_games)
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


def _other_rules(good_save, tmp_path, name, edit=None):
    data = tomlio.load(good_save)
    data["rules_version"] = "0.1-old"
    if edit:
        edit(data)
    p = tmp_path / name
    p.write_text(tomli_w.dumps(data))
    return p, data


def test_other_rules_version_that_replays_whole_verifies(good_save, tmp_path, capsys):
    p, data = _other_rules(good_save, tmp_path, "rules.toml")
    before = _sha(p)
    assert main(["replay", str(p), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "rules version 0.1-old" in out and f"all {len(data['choices'])} choices replay legally" in out
    assert "same position" in out and "verified" in out
    assert _sha(p) == before and not os.path.exists(str(p) + ".bak")


def test_other_rules_version_stops_where_a_choice_is_no_longer_legal(good_save, tmp_path, capsys):
    """A save of other rules whose choice 6 the installed rules don't offer: it
    loads up to choice 5 and says so; --verify explains and exits 1 (the file
    is sound: not bad input); nothing is written."""
    def edit(data):
        data["choices"][5][1] = "no_such_choice(card=999)"
    p, data = _other_rules(good_save, tmp_path, "diverged.toml", edit)
    before = _sha(p)
    match = load_match(p)
    rep = match.replay
    assert rep is not None and not rep.complete and rep.reason == "illegal"
    assert rep.replayed == 5 and rep.total == len(data["choices"])
    assert match.log == [tuple(c) for c in data["choices"][:5]]
    assert match.state.decision is not None and match.state.decision.find("no_such_choice(card=999)") is None
    words = match.notes[0]
    assert "rules version 0.1-old" in words and "up to move 5 of" in words and "move 6" in words
    assert "no_such_choice" not in words and "card=" not in words  # players' words: no choice ids
    assert match.name.endswith(f"(rules {match.game.rules_version})")  # a Save does not go over the old file

    assert main(["replay", str(p)]) == 0
    out = capsys.readouterr()
    assert "replayed 5 of" in out.out and "stopped at choice 6 (no_such_choice(card=999) by player" in out.out
    assert "loaded up to choice 5" in out.out and "Traceback" not in out.out + out.err
    assert main(["replay", str(p), "--verify"]) == 1
    out = capsys.readouterr()
    assert "not verified" in out.out and "stopped at choice 6" in out.out and "Traceback" not in out.err
    assert _sha(p) == before and not os.path.exists(str(p) + ".bak")


def test_other_rules_version_where_the_game_ends_sooner(good_save, tmp_path, capsys):
    """Choices after the game ended under the installed rules: replayed up to the end."""
    def edit(data):
        data["choices"] += [[0, "end_turn"]]
    full = load_match(good_save)
    while full.state.decision is not None:  # play the saved game to its end, then add one more choice
        full.apply(full.state.decision.choices[0])
    tmp = tmp_path / "ended-src.toml"
    full.save(tmp, keep_backup=False)
    p, data = _other_rules(tmp, tmp_path, "ended.toml", edit)
    match = load_match(p)
    assert match.replay.reason == "ended" and match.replay.replayed == len(data["choices"]) - 1
    assert match.state.decision is None and "already over" in match.notes[0]
    assert main(["replay", str(p), "--verify"]) == 1
    assert "the game ends before it" in capsys.readouterr().out


def test_other_rules_version_where_the_rules_fail_on_a_choice(good_save, tmp_path, monkeypatch, capsys):
    """The installed rules raise on choice 4: the replay stops after choice 3
    with the state rebuilt, says so, and never shows a traceback."""
    p, data = _other_rules(good_save, tmp_path, "fails.toml")
    state_cls = type(load_match(good_save).state)
    real, calls = state_cls._apply, []

    def failing(self, choice):
        calls.append(choice.id)
        if len(calls) == 4:
            raise RuntimeError("a rule the new version got wrong")
        return real(self, choice)
    monkeypatch.setattr(state_cls, "_apply", failing)
    match = load_match(p)
    rep = match.replay
    assert rep.reason == "failed" and rep.replayed == 3 and "RuntimeError" in rep.detail
    assert match.log == [tuple(c) for c in data["choices"][:3]]
    calls.clear()
    expected = Match(match.game, data["setup"], data["seed"])
    for player, cid in data["choices"][:3]:
        expected.state.apply_id(cid, player)
    assert match.state.digest() == expected.state.digest()  # rebuilt, not half-applied
    assert "could not be replayed" in match.notes[0]
    calls.clear()
    assert main(["replay", str(p)]) == 0
    out = capsys.readouterr()
    assert "the rules failed on it (RuntimeError: a rule the new version got wrong)" in out.out
    assert "Traceback" not in out.out + out.err
    calls.clear()
    monkeypatch.setattr(state_cls, "_apply", lambda self, choice: calls.append(1) or (
        real(self, choice) if len(calls) < 4 else 1 / 0))  # from choice 4 on the rules always fail
    err = _run_bad(p, capsys)  # nothing playable is left: one message, exit 2
    assert "the installed rules fail on it at choice 4" in err and "ZeroDivisionError" in err
    monkeypatch.setattr(state_cls, "_apply", failing)
    calls.clear()
    same = tmp_path / "same-fails.toml"
    same.write_text(good_save.read_text())
    with pytest.raises(SaveError, match="the rules failed while replaying choice 4"):
        load_match(same)  # under its own rules it is an error, one message, no traceback


def test_other_rules_version_whose_set_up_is_gone(good_save, tmp_path, capsys):
    """Nothing of it can be replayed: one message naming the file and both versions, exit 2."""
    def edit(data):
        data["setup"]["players"][0]["deck"] = "a deck that no longer exists"
    p, _ = _other_rules(good_save, tmp_path, "nodeck.toml", edit)
    err = _run_bad(p, capsys)
    assert "rules version 0.1-old" in err and "set-up" in err


def test_the_same_rules_still_verify_exactly(good_save, tmp_path, capsys):
    """Under the same rules version a choice that is not legal is damage (exit 2), never a partial load."""
    data = tomlio.load(good_save)
    data["choices"][5][1] = "no_such_choice(card=999)"
    p = tmp_path / "same.toml"
    p.write_text(tomli_w.dumps(data))
    with pytest.raises(SaveError, match="choice 6"):
        load_match(p)
    assert load_match(good_save).replay is None


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


def test_the_save_path_holds_a_whole_file_at_every_instant(tmp_path, monkeypatch):
    """Each rename and link of a write happens while the path holds a whole
    save; the old file is never moved away from it."""
    p = tmp_path / "a.toml"
    atomic_write_text(p, "one = 1\n")
    seen = []
    real_replace, real_link = os.replace, os.link

    def check(name, real):
        def wrapped(src, dst, *a, **kw):
            seen.append((name, os.path.basename(src), os.path.basename(dst), p.read_text()))
            real(src, dst, *a, **kw)
            seen.append((name + " done", "", "", p.read_text()))
        return wrapped
    monkeypatch.setattr(saves.os, "replace", check("replace", real_replace))
    monkeypatch.setattr(saves.os, "link", check("link", real_link))
    atomic_write_text(p, "two = 2\n")
    assert all(text in ("one = 1\n", "two = 2\n") for *_, text in seen)
    assert [s[0] for s in seen] == ["link", "link done", "replace", "replace done", "replace", "replace done"]
    assert seen[-2][1].endswith(".tmp") and seen[-2][2] == "a.toml"  # one rename puts the new file in place
    assert p.read_text() == "two = 2\n" and (tmp_path / "a.toml.bak").read_text() == "one = 1\n"


def test_a_crash_before_the_last_rename_leaves_the_old_save(tmp_path, monkeypatch):
    p = tmp_path / "a.toml"
    atomic_write_text(p, "one = 1\n")
    real_replace = os.replace

    def crash(src, dst):
        if os.path.basename(dst) == "a.toml":
            raise OSError("power cut")
        real_replace(src, dst)
    monkeypatch.setattr(saves.os, "replace", crash)
    with pytest.raises(OSError):
        atomic_write_text(p, "two = 2\n")
    assert p.read_text() == "one = 1\n" and (tmp_path / "a.toml.bak").read_text() == "one = 1\n"
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


def test_the_backup_is_copied_where_hard_links_are_refused(tmp_path, monkeypatch):
    p = tmp_path / "a.toml"
    atomic_write_text(p, "one = 1\n")

    def no_links(src, dst):
        raise OSError("links not supported")
    monkeypatch.setattr(saves.os, "link", no_links)
    atomic_write_text(p, "two = 2\n")
    assert p.read_text() == "two = 2\n" and (tmp_path / "a.toml.bak").read_text() == "one = 1\n"
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


def test_autosave_after_every_choice(tmp_path):
    game = all_games()[GAME_ID]
    match = Match(game, game.default_setup(), 4)
    match.autosave_path = tmp_path / "autosave.toml"
    previous = None
    for _ in range(3):
        match.apply(match.state.decision.choices[0])
        assert load_match(match.autosave_path).state.digest() == match.state.digest()
        if previous is not None:  # the autosave before this choice is its .bak
            assert load_match(backup_path(match.autosave_path)).state.digest() == previous
        previous = match.state.digest()


def _started(tmp_path, seed, moves=2):
    from tabletop.ui.controller import Controller

    game = all_games()[GAME_ID]
    ctl = Controller(Match(game, game.default_setup(), seed), saves=str(tmp_path))
    for _ in range(moves):
        ctl.apply(next(c for c in ctl.state.decision.choices if c.role != "resign"))
    return ctl


def test_each_unfinished_game_keeps_its_own_autosave(tmp_path):
    """Starting another game does not overwrite an unfinished one; Continue
    lists both, the most recent first."""
    first = _started(tmp_path, 5)
    second = _started(tmp_path, 6)
    assert first.match.autosave_path != second.match.autosave_path
    os.utime(first.match.autosave_path, (1, 1))  # the first one was played longer ago
    listed = unfinished_games(str(tmp_path))
    assert [e["path"] for e in listed] == [str(second.match.autosave_path), str(first.match.autosave_path)]
    for e, ctl in zip(listed, (second, first)):
        assert load_match(e["path"]).state.digest() == ctl.state.digest() and e["over"] is False


def test_a_conceded_or_finished_game_is_never_offered(tmp_path):
    conceded = _started(tmp_path, 5)
    conceded.concede(0)
    assert not conceded.match.autosave_path.exists()
    finished = _started(tmp_path, 6)
    while finished.state.decision is not None:
        finished.apply(next(c for c in finished.state.decision.choices if c.role != "resign"))
    assert not finished.match.autosave_path.exists()
    assert unfinished_games(str(tmp_path)) == []
    going = _started(tmp_path, 7)
    assert [e["path"] for e in unfinished_games(str(tmp_path))] == [str(going.match.autosave_path)]


def test_only_the_most_recent_finished_games_are_kept(tmp_path, monkeypatch):
    """A game that ends is kept in finished/, and the oldest kept game goes
    once more than FINISHED_KEEP are there (the folder does not grow for ever)."""
    saves_mod = saves
    monkeypatch.setattr(saves_mod, "FINISHED_KEEP", 2)
    kept = []
    for i, seed in enumerate((5, 6, 7)):
        ctl = _started(tmp_path, seed)
        ctl.concede(0)
        path = saves_mod.finished_path_for(ctl.match.autosave_path)
        assert path.exists()
        os.utime(path, (100 + i, 100 + i))  # in the order they ended
        kept.append(path)
    ctl = _started(tmp_path, 8)
    ctl.concede(1)
    assert [e["path"] for e in saves_mod.finished_games(str(tmp_path))] == \
        [str(saves_mod.finished_path_for(ctl.match.autosave_path)), str(kept[2])]
    assert len(list(kept[0].parent.glob("*.toml"))) == 2  # the two oldest went (a name may be used again)


def test_delete_save_removes_the_file_and_its_backup(tmp_path):
    ctl = _started(tmp_path, 5, moves=3)
    path = ctl.match.autosave_path
    assert path.exists() and backup_path(path).exists()
    delete_save(path)
    assert not path.exists() and not backup_path(path).exists()
    delete_save(path)  # already gone: no error
    assert unfinished_games(str(tmp_path)) == []


def test_the_single_autosave_of_earlier_releases_is_offered_unless_conceded(tmp_path, good_save):
    legacy = tmp_path / AUTOSAVE_NAME
    data = tomlio.load(good_save)
    data.pop("over", None)  # written before the field existed
    legacy.write_text(tomli_w.dumps(data))
    assert [e["path"] for e in unfinished_games(str(tmp_path))] == [str(legacy)]
    data["ui"] = {"conceded": 1}
    legacy.write_text(tomli_w.dumps(data))
    assert unfinished_games(str(tmp_path)) == []


def test_a_damaged_save_falls_back_to_its_backup(tmp_path):
    ctl = _started(tmp_path, 5, moves=3)
    path = ctl.match.autosave_path
    good_before = load_match(backup_path(path)).state.digest()
    text = path.read_text()
    path.write_text(text[: len(text) // 2])  # cut short (a disk that failed mid-write)
    damaged = path.read_bytes()
    with pytest.raises(SaveError):
        load_match(path)  # the command line reports the damage
    match = load_with_backup(path)
    assert match.state.digest() == good_before and len(match.log) == 2
    assert "is damaged" in match.notes[0] and "backup" in match.notes[0]
    assert path.read_bytes() == damaged  # loading writes nothing
    (entry,) = unfinished_games(str(tmp_path))
    assert entry["error"] is None and entry["damaged"] and entry["turn"] == match.state.turn
    # playing on from the backup replaces the damaged file, and keeps the good backup
    match.autosave_path = path
    match.apply(next(c for c in match.state.decision.choices if c.role != "resign"))
    assert load_match(path).state.digest() == match.state.digest()
    assert load_match(backup_path(path)).state.digest() == good_before
    backup_path(path).write_text("format = ")
    path.write_bytes(damaged)
    with pytest.raises(SaveError, match="not a complete save|TOML"):
        load_with_backup(path)  # neither loads: the file's own error


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


def test_home_short_writes_the_home_folder_as_a_tilde(monkeypatch, tmp_path):
    home = tmp_path / "ana"
    monkeypatch.setenv("HOME", str(home))
    inside = home / ".local" / "share" / "tabletop" / "saves"
    assert saves.home_short(str(inside)) == os.sep.join(["~", ".local", "share", "tabletop", "saves"])
    assert saves.home_short(f"{inside / 'x.toml'}: not a save") == os.sep.join(["~", ".local", "share", "tabletop",
                                                                                 "saves", "x.toml: not a save"])
    assert saves.home_short(str(home)) == "~"
    # a folder beside the home folder whose name begins the same is not inside it
    beside = str(tmp_path / "anabel" / "saves")
    assert saves.home_short(beside) == beside
