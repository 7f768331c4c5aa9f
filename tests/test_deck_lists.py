"""Deck list files: the plain-text format, import/export round trips, the
player's deck folder, and `tabletop deck export` / `tabletop deck check`
with their exit codes (0 legal, 1 rules broken, 2 unreadable)."""

import os

import pytest

from tabletop.cli import main
from tabletop.engine.decks import DeckFileError, format_deck, parse_deck, preconstructed, read_deck_file
from tabletop.engine.registry import all_games, get_game

GAMES = ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]


@pytest.fixture(autouse=True)
def _own_decks_folder(tmp_path, monkeypatch):
    """The player's decks folder is private to each test."""
    monkeypatch.setenv("TABLETOP_DECKS", str(tmp_path / "my_decks"))


@pytest.mark.parametrize("gid", GAMES)
def test_every_preconstructed_deck_round_trips_through_its_list(gid):
    game = get_game(gid)
    for name in game.decks:
        deck = preconstructed(game, name)
        text = format_deck(game, deck)
        assert text.splitlines()[0] == f"Game: {gid}"
        back = parse_deck(game, text)
        assert back.name == name
        assert {k: sorted(v) for k, v in back.sections.items()} == {k: sorted(v) for k, v in deck.sections.items()}
        assert game.check_deck(back) == []


def test_names_ids_counts_and_sections_are_read():
    game = get_game("rush_duel")
    text = ("Game: Yu-Gi-Oh! Rush Duel\nName: Mine\n// a comment\n\n"
            "3 pebble squire\n2x M02\nM03\n# Extra Deck\n1 F01\n")
    deck = parse_deck(game, text)
    assert deck.name == "Mine"
    assert deck.sections["main"] == ["M01"] * 3 + ["M02"] * 2 + ["M03"]
    assert deck.sections["extra"] == ["F01"]


def test_a_card_written_in_the_wrong_section_is_a_rule_problem_not_a_read_error():
    game = get_game("rush_duel")
    deck = parse_deck(game, "Game: rush_duel\n# Main Deck\n1 F01\n")
    assert any(p.rule == "Extra Deck (up to 15 cards)" and "goes in the Extra Deck" in p.message
               for p in game.check_deck(deck))


@pytest.mark.parametrize("text,needle", [
    ("", "the file is empty"),
    ("hello there\n3 M01\n", "the first line must name the game"),
    ("Game: chess\n1 pawn\n", "unknown game 'chess'"),
    ("Game: rush_duel\n3 Nonexistent Dragon\n", "unknown card 'Nonexistent Dragon'"),
    ("Game: rush_duel\n# Graveyard\n", "unknown section 'Graveyard'"),
    ("Game: rush_duel\n0 M01\n", "a count must be 1 to 99"),
])
def test_unreadable_lists_name_the_file_and_line(tmp_path, text, needle):
    p = tmp_path / "bad.txt"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(DeckFileError) as exc:
        read_deck_file(p, all_games())
    assert needle in str(exc.value) and "bad.txt" in str(exc.value)


def test_a_binary_file_is_not_a_deck(tmp_path):
    p = tmp_path / "img.txt"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    with pytest.raises(DeckFileError, match="not text"):
        read_deck_file(p, all_games())


# -- the command line -----------------------------------------------------------------------

def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_export_writes_the_first_preconstructed_deck_and_check_passes_it(tmp_path, capsys):
    out = tmp_path / "rd.txt"
    code, so, _ = run(capsys, "deck", "export", "rush_duel", "--out", str(out))
    assert code == 0
    first = next(iter(get_game("rush_duel").decks))
    assert f"Name: {first}" in out.read_text()
    code, so, _ = run(capsys, "deck", "check", str(out))
    assert code == 0 and "legal" in so


@pytest.mark.parametrize("gid", GAMES)
def test_export_named_deck_then_check_each_game(tmp_path, capsys, gid):
    game = get_game(gid)
    name = list(game.decks)[-1]
    out = tmp_path / "d.txt"
    assert run(capsys, "deck", "export", gid, "--deck", name, "--out", str(out))[0] == 0
    assert run(capsys, "deck", "check", str(out))[0] == 0


def test_check_too_many_copies_exits_1_naming_every_broken_rule(tmp_path, capsys):
    out = tmp_path / "rd.txt"
    run(capsys, "deck", "export", "rush_duel", "--out", str(out))
    text = out.read_text().replace("\n3 ", "\n4 ")
    out.write_text(text)
    code, so, err = run(capsys, "deck", "check", str(out))
    assert code == 1 and not err
    lines = [l for l in so.splitlines() if l.startswith("  ")]
    assert len(lines) == text.count("\n4 ") == 7
    assert all(l.strip().startswith("Three copies of a name: 4 copies of") for l in lines)


def test_check_an_unknown_card_exits_2_with_one_message(tmp_path, capsys):
    p = tmp_path / "d.txt"
    p.write_text("Game: riftbound\n# Legend\n1 Kestra, Ember Marshal\n# Main Deck\n3 Flaming Llama\n")
    code, so, err = run(capsys, "deck", "check", str(p))
    assert code == 2 and "Flaming Llama" in err and "d.txt" in err and "line 5" in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_check_the_wrong_game_exits_2(tmp_path, capsys):
    p = tmp_path / "d.txt"
    p.write_text("Game: rush_duel\n3 Orrin, Tide Warden\n")   # a Riftbound card in a Rush Duel list
    code, _, err = run(capsys, "deck", "check", str(p))
    assert code == 2 and "unknown card 'Orrin, Tide Warden'" in err
    p.write_text("Game: monopoly\n1 Boardwalk\n")
    code, _, err = run(capsys, "deck", "check", str(p))
    assert code == 2 and "unknown game 'monopoly'" in err


def test_check_not_a_deck_and_a_missing_file_exit_2(tmp_path, capsys):
    p = tmp_path / "save.toml"
    p.write_text('format = 2\ngame = "rush_duel"\n')
    code, _, err = run(capsys, "deck", "check", str(p))
    assert code == 2 and "not a deck list" in err
    code, _, err = run(capsys, "deck", "check", str(tmp_path / "missing.txt"))
    assert code == 2 and "missing.txt" in err


def test_export_bad_arguments_exit_2_and_overwrite_nothing(tmp_path, capsys):
    out = tmp_path / "keep.txt"
    out.write_text("mine")
    assert run(capsys, "deck", "export", "chess", "--out", str(out))[0] == 2
    code, _, err = run(capsys, "deck", "export", "rush_duel", "--deck", "No Such Deck", "--out", str(out))
    assert code == 2 and "No Such Deck" in err
    assert out.read_text() == "mine"


# -- the player's decks folder ----------------------------------------------------------------

def test_user_decks_save_list_overwrite_with_backup_and_delete(tmp_path, monkeypatch):
    from tabletop import userdecks

    monkeypatch.setenv("TABLETOP_DECKS", str(tmp_path / "decks"))
    game = get_game("aquarian_age")
    deck = preconstructed(game)
    deck.name = "My / Deck"
    path = userdecks.save_deck(game, deck)
    assert path.parent == tmp_path / "decks" / "aquarian_age" and path.name == "My__Deck.txt"
    other = userdecks.save_deck(game, deck)             # the same name again: a new file, nothing overwritten
    assert other != path and path.exists()
    listed = userdecks.list_decks(game)
    assert [e["name"] for e in listed] == ["My / Deck", "My / Deck"]
    assert listed[0]["deck"].ids() == deck.ids()
    deck.sections["deck"].pop()
    userdecks.save_deck(game, deck, path)              # Save over: the old file becomes .bak
    assert len(parse_deck(game, (path.with_name(path.name + ".bak")).read_text()).ids()) == 40
    assert len(parse_deck(game, path.read_text()).ids()) == 39
    (tmp_path / "decks" / "aquarian_age" / "broken.txt").write_text("Game: aquarian_age\n2 Nobody\n")
    broken = [e for e in userdecks.list_decks(game) if "error" in e]
    assert len(broken) == 1 and "Nobody" in broken[0]["error"]
    userdecks.delete_deck(path)
    assert not path.exists() and os.path.exists(str(path) + ".bak")


def test_export_reads_a_user_deck_by_name(tmp_path, monkeypatch, capsys):
    from tabletop import userdecks

    monkeypatch.setenv("TABLETOP_DECKS", str(tmp_path / "decks"))
    game = get_game("lumen_condenser")
    deck = preconstructed(game)
    deck.name = "Practice"
    userdecks.save_deck(game, deck)
    out = tmp_path / "x.txt"
    assert run(capsys, "deck", "export", "lumen_condenser", "--deck", "Practice", "--out", str(out))[0] == 0
    assert "Name: Practice" in out.read_text()


def test_play_with_one_of_your_decks_and_refuse_one_that_breaks_a_rule(tmp_path, monkeypatch):
    from tabletop import userdecks
    from tabletop.engine.errors import TabletopError
    from tabletop.ui.app import _new_match

    monkeypatch.setenv("TABLETOP_DECKS", str(tmp_path / "decks"))
    game = get_game("riftbound")
    deck = preconstructed(game, list(game.decks)[2])
    deck.name = "Mine"
    userdecks.save_deck(game, deck)
    match = _new_match("riftbound", True, "Mine", 4)
    ids = deck.ids([k for k, _ in game.deck_sections])
    assert match.setup["players"][0]["cards"] == ids
    assert match.state.decision is not None
    # the chosen champion set-up places is the deck's Chosen Champion
    champ = match.state.view(None)["zones"]["p0.champion"]
    assert [c["card"] for c in champ] == deck.sections["champion"]
    deck.name = "Broken"
    deck.sections["runes"].pop()
    userdecks.save_deck(game, deck)
    with pytest.raises(TabletopError, match=r"Rune Deck \(103.3\)"):
        _new_match("riftbound", True, "Broken", 4)


def test_a_list_for_another_game_is_refused_by_this_games_reader():
    rush, rift = get_game("rush_duel"), get_game("riftbound")
    text = format_deck(rift, preconstructed(rift))
    with pytest.raises(DeckFileError, match=r"this deck list is for 'riftbound', not for Yu-Gi-Oh! Rush Duel"):
        parse_deck(rush, text, "rb.txt")
