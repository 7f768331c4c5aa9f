"""Saves written by earlier releases keep loading (tests/legacy_saves/: the
first release's example saves and self-play saves in save format 1, and an
example save of Rush Duel's rules version 1 in format 2), under the
contract for saves of other rules:

- made under the installed rules version of its game, a save replays exactly
  (every choice legal; a current-format save reproduces its digest);
- made under another rules version, it replays its choices as far as they stay
  legal under the installed rules and reports where it stopped and why.

A rules change is faked here on the example plugin Tidecall (its field made
smaller and its rules version raised) to show a partial replay with its
message, in the window's words and on the command line."""

from __future__ import annotations

import hashlib
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w
import tomllib

from tabletop.engine import registry
from tabletop.engine.errors import SaveError
from tabletop.saves import FORMAT_VERSION, Match, dealt_setup, load_match, read_save

LEGACY = sorted((Path(__file__).parent / "legacy_saves").glob("*.toml"))


def _sha(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_there_are_legacy_saves_of_every_game():
    assert {read_save(p)["game"] for p in LEGACY} == {"rush_duel", "riftbound", "lumen_condenser", "aquarian_age"}


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.stem)
def test_legacy_save_loads_under_the_contract(path, tmp_path):
    data = read_save(path)
    before = _sha(path)
    match = load_match(path)
    # format-1 saves are upgraded on load; a format-2 save of older rules is not
    assert match.upgraded_from == (data["format"] if data["format"] < FORMAT_VERSION else None)
    choices = [tuple(c) for c in data["choices"]]
    if data["rules_version"] == match.game.rules_version:
        # the same rules: every choice replays, to the very turn saved
        assert match.replay is None and not match.notes
        assert match.log == choices and match.state.turn == data["turn"]
    else:
        rep = match.replay
        assert rep is not None and rep.saved_version == data["rules_version"]
        assert rep.installed_version == match.game.rules_version and rep.total == len(choices)
        assert match.log == choices[:rep.replayed]  # every choice up to the stop replayed legally
        assert f"rules version {data['rules_version']}" in match.notes[0]
        assert rep.for_cli().startswith(f"saved under {data['game']} rules version {data['rules_version']}")
        if not rep.complete:  # it stopped where the next choice is not legal (or the game ended)
            player, cid = choices[rep.replayed]
            d = match.state.decision
            assert rep.choice == (player, cid)
            assert (d is None) if rep.reason == "ended" else (d is not None and d.find(cid, player) is None)
            assert f"move {rep.replayed + 1} of {rep.total}" in match.notes[0]
    assert _sha(path) == before  # loading writes nothing
    # written again, it is a current save of the installed rules that verifies by digest
    out = match.save(tmp_path / path.name)
    again = load_match(out)
    assert again.upgraded_from is None and again.replay is None
    assert again.state.digest() == match.state.digest() and again.log == match.log


def test_legacy_save_with_an_edited_choice_is_refused(tmp_path):
    """Under its own rules version a choice that is not legal is damage: refused, not a partial load."""
    path = LEGACY[0]
    data = read_save(path)
    assert data["format"] == 1
    data["rules_version"] = registry.get_game(data["game"]).rules_version
    data["choices"][3][1] = "no_such_choice"
    bad = tmp_path / "edited.toml"
    bad.write_text(tomli_w.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="not legal"):
        load_match(bad)


# -- a rules change, faked on the example plugin -------------------------------------------

@pytest.fixture(scope="module")
def tidecall(tmp_path_factory):
    from test_example_plugin import install_plugin

    paths = install_plugin(tmp_path_factory.mktemp("site"))
    sys.path[:0] = paths
    importlib.invalidate_caches()
    registry.refresh()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    yield registry.get_game("tidecall"), env
    for p in paths:
        sys.path.remove(p)
    registry.refresh()


def _summons_twice(game) -> tuple[Match, int, dict]:
    """A game in which a player has two creatures on the field at once;
    returns it, the index of the choice that put the second one there and its arguments."""
    for seed in range(1, 60):
        match = Match.new(game, seed=seed)
        while match.state.decision is not None and len(match.log) < 60:
            d = match.state.decision
            mine = [c for c in d.choices if c.role != "resign"]
            c = next((c for c in mine if c.kind == "summon"), None) or next(c for c in mine if c.kind != "attack") \
                if len(match.log) < 40 else next(c for c in mine)
            match.apply(c)
            p = c.player
            if c.kind == "summon" and match.state.table.count(f"p{p}.field") == 2:
                return match, len(match.log) - 1, dict(c.args)
    raise AssertionError("no seed gives a second creature on a field")


def test_a_rules_change_stops_the_replay_where_the_new_rules_refuse(tidecall, tmp_path, monkeypatch):
    game, env = tidecall
    rules = importlib.import_module("tidecall.rules")
    match, second, args = _summons_twice(game)
    for _ in range(3):  # a little more of the game after the second creature
        if match.state.decision is not None:
            match.apply(next(c for c in match.state.decision.choices if c.role != "resign"))
    path = tmp_path / "tidecall-old.toml"
    match.name = "by the sea"
    match.save(path, keep_backup=False)
    before = _sha(path)
    assert load_match(path).replay is None  # the same rules: exact

    # the new rules: one creature on a field, and the rules version says so
    monkeypatch.setattr(rules, "FIELD_SLOTS", 1)
    monkeypatch.setattr(game, "rules_version", "2-one-slot", raising=False)
    again = load_match(path)
    rep = again.replay
    assert rep.reason == "illegal" and rep.replayed == second and rep.choice == match.log[second]
    assert again.log == match.log[:second]
    player, cid = match.log[second]
    assert again.state.decision.find(cid, player) is None
    assert "already holds 1 creatures" in rules.LEGAL.why_not(again.state, "summon", args, player)
    words = again.notes[0]
    assert "rules version 1" in words and "version 2-one-slot" in words
    assert f"It replays up to move {second} of {len(match.log)}" in words and "not allowed under the new rules" in words
    assert again.name == "by the sea (rules 2-one-slot)"
    assert _sha(path) == before


def test_the_command_line_reports_a_rules_change(tidecall, tmp_path):
    """In a separate process the installed rules are Tidecall's own: the save
    says it was made under an older rules version whose last choices the
    installed rules refuse (the field held more creatures then)."""
    game, env = tidecall
    match, second, _ = _summons_twice(game)
    path = tmp_path / "tidecall-older.toml"
    saved = tomllib.loads(match.to_toml())
    saved["rules_version"] = "0.9-older"
    # the older rules let a card be played twice: its second play is the choice the installed rules refuse
    saved["choices"].append(list(saved["choices"][second]))
    path.write_text(tomli_w.dumps(saved))
    before = _sha(path)
    r = subprocess.run([sys.executable, "-m", "tabletop", "replay", str(path)], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"replayed {len(saved['choices']) - 1} of {len(saved['choices'])} choices" in r.stdout
    assert "rules version 0.9-older" in r.stdout and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "tabletop", "replay", str(path), "--verify"], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 1 and "not verified" in r.stdout and "Traceback" not in r.stderr
    assert _sha(path) == before


# -- preconstructed deck lists that changed -------------------------------------------

CHANGED_DECK_GAMES = ("rush_duel", "aquarian_age", "lumen_condenser")


def _first_choices(match: Match, n: int = 12) -> Match:
    """``match`` after up to ``n`` choices, each the first one listed for the player to decide."""
    for _ in range(n):
        d = match.state.decision
        if d is None:
            break
        match.apply(d.choices_for(d.players[0])[0])
    return match

def test_a_save_records_the_deck_lists_it_was_dealt_from(tmp_path):
    game = registry.get_game("rush_duel")
    match = Match.new(game, seed=3)
    assert tomllib.loads(match.to_toml())["deck_lists"] == game.deck_lists_version != "1"
    again = load_match(match.save(tmp_path / "now.toml"))
    assert again.setup == match.setup  # today's lists: nothing to deal differently


@pytest.mark.parametrize("gid", CHANGED_DECK_GAMES)
def test_a_save_made_before_a_deck_list_changed_is_dealt_the_old_list(gid, tmp_path):
    """A save names its preconstructed decks. One made before their lists
    changed (no ``deck_lists``: edition 1) is dealt the list it was made with
    (former_decks.toml), so its game is the same game; one made now, today's."""
    game = registry.get_game(gid)
    changed = [n for n in sorted(game.decks) if game.former_deck(n, "1") is not None]
    assert changed
    for name in changed:
        old = game.former_deck(name, "1")
        assert sorted(old) != sorted(game.decks[name]) and not game.validate_deck(old)
        assert game.former_deck(name, game.deck_lists_version) is None
        setup = {"players": [{"name": "A", "deck": name}, {"name": "B", "deck": name}]}
        then = dealt_setup(game, setup, "1")
        assert [p["cards"] for p in then["players"]] == [old, old] and "cards" not in setup["players"][0]
        assert dealt_setup(game, setup, game.deck_lists_version) is setup
        assert game.new_state(then, 5).digest() != game.new_state(setup, 5).digest()
        # written by the release before the change: the same game comes back
        match = _first_choices(Match(game, then, 5))
        saved = tomllib.loads(match.to_toml())
        saved.pop("deck_lists")
        saved["setup"] = setup
        path = tmp_path / f"{gid}-before.toml"
        path.write_text(tomli_w.dumps(saved))
        again = load_match(path)
        assert again.replay is None and again.state.digest() == match.state.digest()
        assert again.log == match.log


def test_a_save_made_under_an_edition_between_is_dealt_that_editions_list(tmp_path):
    """Lumen Condenser's lists changed twice. A save made under edition 2 is
    dealt the edition-2 list of a deck that changed again (not edition 1's,
    not today's), and replays to the same game; a deck that changed only
    once is dealt today's list under edition 2."""
    game = registry.get_game("lumen_condenser")
    assert int(game.deck_lists_version) >= 3
    second = [n for n in sorted(game.decks) if game.former_deck(n, "2") is not None]
    assert second
    for name in second:
        old2, old1 = game.former_deck(name, "2"), game.former_deck(name, "1")
        assert old2 != old1 and old2 != game.decks[name] and not game.validate_deck(old2)
        setup = {"players": [{"name": "A", "deck": name}, {"name": "B", "deck": "Dov Grapple"}]}
        then = dealt_setup(game, setup, "2")
        assert then["players"][0]["cards"] == old2 and "cards" not in then["players"][1]
        match = _first_choices(Match(game, then, 7))
        saved = tomllib.loads(match.to_toml())
        saved["deck_lists"] = "2"
        saved["setup"] = setup
        path = tmp_path / f"{name}-edition-2.toml"
        path.write_text(tomli_w.dumps(saved))
        again = load_match(path)
        assert again.state.digest() == match.state.digest() and again.log == match.log
    assert game.former_deck("Dov Grapple", "2") is None and game.former_deck("Dov Grapple", "1") is not None


def test_a_save_made_under_edition_3_keeps_ilsa_drifts_hop():
    """Edition 4 swapped Ilsa Drift's Hop for High Block (docs/BALANCE.md). A
    save made under edition 3 is dealt the list with Hop; edition 2's list is
    still edition 2's, and a deck unchanged since is dealt today's list."""
    game = registry.get_game("lumen_condenser")
    assert game.deck_lists_version == "4"
    old3 = game.former_deck("Ilsa Drift", "3")
    assert old3 is not None and "LC-N16" in old3 and "LC-N13" not in old3
    now = game.decks["Ilsa Drift"]
    assert "LC-N13" in now and "LC-N16" not in now
    assert [a for a, b in zip(old3, now) if a != b] == ["LC-N16"] and not game.validate_deck(old3)
    assert game.former_deck("Ilsa Drift", "2") != old3
    setup = {"players": [{"name": "A", "deck": "Ilsa Drift"}, {"name": "B", "deck": "Kestrel Chain"}]}
    then = dealt_setup(game, setup, "3")
    assert then["players"][0]["cards"] == old3 and "cards" not in then["players"][1]
    assert "cards" not in dealt_setup(game, setup, "4")["players"][0]
