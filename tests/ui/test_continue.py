"""Continue and Load in the window: one autosave per unfinished game, listed
most recent first (a finished or conceded game never); a damaged autosave
falls back to its backup and says so; a save of other rules says where its
replay stopped before play goes on."""

from __future__ import annotations

import hashlib
import os

import pygame
import tomli_w

from tabletop.engine import tomlio
from tabletop.engine.registry import get_game
from tabletop.saves import Match, autosave_dir, backup_path, saves_dir, unfinished_games
from tabletop.ui.scenes import ContinueScene, LoadScene, MenuScene
from tabletop.ui.table import TableScene
from uihelp import DT, click, make_app

SHOTS = os.environ.get("TABLETOP_SHOTS")  # a folder: keep the screens drawn here, to look at


def _shot(app, name):
    if SHOTS:
        pygame.image.save(app.window, os.path.join(SHOTS, name))


def _play(app, seed, moves=2):
    """A new game at the table (as New game starts one), a few choices made."""
    table = app.start_match(Match.new(get_game("mini"), seed=seed), ("human", "human"))
    for _ in range(moves):
        d = table.ctl.state.decision
        table.ctl.apply(next(c for c in d.choices_for(d.players[0]) if c.role != "resign"))
    return table


def _menu(app):
    app.reset_to(MenuScene(app))
    app.run_frames(2, DT)
    return app.top


def _pick(app, scene, i):
    click(app, scene.list.item_list_container.elements[i].rect.center)
    app.run_frames(2, DT)


def _press(app, scene, text):
    click(app, next(b for b in scene.actions if b.text == text).rect.center)
    app.run_frames(2, DT)


def test_starting_another_game_keeps_the_unfinished_one_and_continue_lists_both():
    app = make_app()
    first = _play(app, 3)
    os.utime(first.ctl.match.autosave_path, (1, 1))  # played longer ago
    second = _play(app, 4, moves=3)
    menu = _menu(app)
    assert menu.buttons["Continue"].is_enabled
    click(app, menu.buttons["Continue"].rect.center)
    app.run_frames(2, DT)
    scene = app.top
    assert isinstance(scene, ContinueScene) and len(scene.labels) == 2
    assert all(row.startswith("Mini Duel") and "autosave" not in row and "mini-" not in row for row in scene.labels)
    _shot(app, "continue.png")
    _pick(app, scene, 1)  # the older one, second in the list
    _press(app, scene, "Load")
    table = app.top
    assert isinstance(table, TableScene) and table.ctl.match.log[:2] == first.ctl.match.log[:2]
    assert table.ctl.match.autosave_path == first.ctl.match.autosave_path  # it plays on in its own autosave
    d = table.ctl.state.decision
    table.ctl.apply(next(c for c in d.choices_for(d.players[0]) if c.role != "resign"))
    assert [e["path"] for e in unfinished_games()] == [str(first.ctl.match.autosave_path),  # played last
                                                        str(second.ctl.match.autosave_path)]


def test_continue_never_offers_a_conceded_game():
    app = make_app()
    going = _play(app, 3)
    conceded = _play(app, 4)
    conceded.ctl.concede(0)
    menu = _menu(app)
    click(app, menu.buttons["Continue"].rect.center)  # the one unfinished game: straight to its table
    app.run_frames(2, DT)
    table = app.top
    assert isinstance(table, TableScene) and not table.ctl.over
    assert table.ctl.match.autosave_path == going.ctl.match.autosave_path
    assert table.ctl.match.log[:2] == going.ctl.match.log
    going.ctl.concede(1)
    assert not _menu(app).buttons["Continue"].is_enabled


def test_continue_falls_back_to_the_backup_of_a_damaged_autosave_and_says_so():
    app = make_app()
    table = _play(app, 3, moves=3)
    path = table.ctl.match.autosave_path
    good = Match.new(get_game("mini"), seed=3)
    for p, cid in table.ctl.match.log[:2]:
        good.apply(good.state.decision.find(cid, p))
    path.write_text(path.read_text()[:200])  # cut short
    damaged = hashlib.sha256(path.read_bytes()).hexdigest()
    menu = _menu(app)
    click(app, menu.buttons["Continue"].rect.center)
    app.run_frames(2, DT)
    scene = app.top
    assert isinstance(scene, ContinueScene) and "damaged: its backup is used" in scene.labels[0]
    _pick(app, scene, 0)
    assert "its backup will be loaded" in scene.info.html_text
    _press(app, scene, "Load")
    assert "is damaged" in scene.info.html_text and "backup" in scene.info.html_text
    assert hashlib.sha256(path.read_bytes()).hexdigest() == damaged  # nothing written on loading
    _shot(app, "continue_backup.png")
    _press(app, scene, "Play on")
    table = app.top
    assert isinstance(table, TableScene) and table.ctl.match.log[:2] == good.log
    assert "backup" in app.toast_text


def test_load_says_where_a_save_of_other_rules_stopped_before_play_goes_on():
    m = Match.new(get_game("mini"), seed=5)
    while len(m.log) < 8 and m.state.decision is not None:
        d = m.state.decision
        m.apply(next(c for c in d.choices_for(d.players[0]) if c.role != "resign"))
    folder = saves_dir()
    m.name = "old rules"
    m.save(folder / "old.toml")
    data = tomlio.load(folder / "old.toml")
    data["rules_version"] = "0.5"
    data["choices"][6][1] = "a_move_the_new_rules_dropped"
    (folder / "old.toml").write_text(tomli_w.dumps(data))
    before = hashlib.sha256((folder / "old.toml").read_bytes()).hexdigest()
    app = make_app()
    app.reset_to(LoadScene(app))
    app.run_frames(2, DT)
    scene = app.top
    _pick(app, scene, next(i for i, s in enumerate(scene.labels) if s.startswith("old rules")))
    _press(app, scene, "Load")
    assert isinstance(app.top, LoadScene)  # first the message
    text = scene.info.html_text
    assert "rules version 0.5" in text and "up to move 6 of 8" in text and "move 7 of 8" in text
    assert "a_move_the_new_rules_dropped" not in text
    _shot(app, "load_other_rules.png")
    _press(app, scene, "Play on")
    table = app.top
    assert isinstance(table, TableScene) and len(table.ctl.match.log) == 6
    assert "up to move 6 of 8" in app.toast_text
    app.run_frames(2, DT)
    _shot(app, "table_other_rules.png")
    d = table.ctl.state.decision
    table.ctl.apply(next(c for c in d.choices_for(d.players[0]) if c.role != "resign"))
    assert hashlib.sha256((folder / "old.toml").read_bytes()).hexdigest() == before  # the file is not changed
    assert not backup_path(folder / "old.toml").exists()
    assert table.ctl.match.autosave_path.parent == autosave_dir()


def _answer(app, scene, which):
    win = scene.dialog
    click(app, (win.yes_button if which == "yes" else win.no_button).rect.center)
    app.run_frames(2, DT)


def test_delete_removes_the_chosen_game_once_the_player_agrees():
    app = make_app()
    keep = _play(app, 3)
    gone = _play(app, 4, moves=3)
    os.utime(keep.ctl.match.autosave_path, (1, 1))  # the older one: second in the list
    app.reset_to(ContinueScene(app))
    app.run_frames(2, DT)
    scene = app.top
    assert not scene.delete_button.is_enabled  # nothing chosen yet
    _pick(app, scene, 0)
    _press(app, scene, "Delete")
    assert scene.dialog is not None and scene.labels[0] in scene.dialog.text_box.html_text
    _shot(app, "continue_delete.png")
    _answer(app, scene, "no")  # Cancel: nothing is removed
    assert gone.ctl.match.autosave_path.exists() and len(app.top.labels) == 2
    scene = app.top
    assert scene.selected is not None and scene.delete_button.is_enabled  # still chosen
    _press(app, scene, "Delete")
    _answer(app, scene, "yes")
    path = gone.ctl.match.autosave_path
    assert not path.exists() and not backup_path(path).exists()
    assert [e["path"] for e in unfinished_games()] == [str(keep.ctl.match.autosave_path)]
    assert len(app.top.labels) == 1 and "Deleted" in app.toast_text


def test_the_examples_can_not_be_deleted():
    app = make_app()
    app.reset_to(LoadScene(app))
    app.run_frames(2, DT)
    scene = app.top
    i = next(i for i, e in enumerate(scene.entries) if e.get("example"))
    _pick(app, scene, i)
    assert not scene.delete_button.is_enabled
