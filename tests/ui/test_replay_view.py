"""The replay viewer in the real app (headless): finished games are kept and
listed in the main menu; the buttons, keys and timeline move through the
game; who may see what; "Take over from here" starts a new game from a
mid-game moment, which then plays on, and leaves the file watched alone."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from tabletop.engine.registry import get_game
from tabletop.replay import Pos, Replay
from tabletop.saves import Match, finished_dir, finished_games, list_saves, new_autosave_path, saves_dir, unfinished_games
from tabletop.ui.replay_bar import BACK_BTN, TAKE_BTN, TRACK, VIEW_BTNS, nav_rects
from tabletop.ui.replay_scene import ReplayScene
from tabletop.ui.savescenes import FinishedScene, LoadScene
from tabletop.ui.scenes import MenuScene
from tabletop.ui.table import TableScene
from uihelp import DT, click, key, make_app, perform, settle

ROOT = Path(__file__).resolve().parents[2]
RUSH = ROOT / "saves" / "rush_duel-midgame.toml"
SHOTS = os.environ.get("TABLETOP_SHOTS")  # a folder: keep the screens drawn here, to look at


def _shot(app, name):
    if SHOTS:
        pygame.image.save(app.window, os.path.join(SHOTS, name))


def _finish_mini(seed=3) -> Match:
    """A mini game played to its end the way the table plays it (autosaved after every choice)."""
    m = Match.new(get_game("mini"), seed=seed)
    m.autosave_path = new_autosave_path(m)
    m.ui["seats"] = ["human", "human"]
    while m.state.decision is not None:
        d = m.state.decision
        mine = [c for c in d.choices_for(d.players[0]) if c.role != "resign"]
        attack = [c for c in mine if c.kind in ("attack", "summon", "spark")]
        m.apply((attack or mine)[0])
        assert len(m.log) < 2000
    return m


def _open(app, path, handoff=True) -> ReplayScene:
    """Load game, choose the save, Watch (and pass the hand-off screen, unless ``handoff`` is false)."""
    app.reset_to(MenuScene(app))
    app.run_frames(2, DT)
    click(app, app.top.buttons["Load game"].rect.center)
    app.run_frames(2, DT)
    scene = app.top
    assert isinstance(scene, LoadScene)
    scene.selected = next(e for e in scene.entries if Path(e["path"]) == Path(path))
    click(app, scene.watch_button.rect.center)
    app.run_frames(2, DT)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    if handoff and scene.handoff_for is not None:  # an unfinished game at one screen opens behind the hand-off screen
        click(app, (800, 450))
    return scene


def test_a_finished_game_is_kept_and_watched_from_the_main_menu():
    m = _finish_mini()
    kept = finished_dir() / m.autosave_path.name
    assert kept.is_file() and not m.autosave_path.exists()  # kept, and its autosave gone
    assert unfinished_games() == []                          # Continue never offers it
    assert [e["path"] for e in finished_games()] == [str(kept)]
    app = make_app()
    app.reset_to(MenuScene(app))
    app.run_frames(2, DT)
    click(app, app.top.buttons["Finished games"].rect.center)
    app.run_frames(2, DT)
    lst = app.top
    assert isinstance(lst, FinishedScene) and len(lst.entries) == 1
    lst.selected = lst.entries[0]
    click(app, lst.load_button.rect.center)  # its main button is Watch
    app.run_frames(2, DT)
    view = app.top
    assert isinstance(view, ReplayScene) and view.replay.finished and view.replay.n == len(m.log)
    assert view.everything and view.pos == view.replay.start()  # a finished game shows everything, from the start
    _shot(app, "replay_finished_start.png")
    key(app, pygame.K_END)
    assert view.pos == view.replay.end() and view.ctl.over
    assert view.ctl.state.digest() == m.state.digest()
    assert "Game over" in view.top_message()[0]
    click(app, BACK_BTN.center)
    assert app.top is lst


def test_a_finished_game_whose_end_is_taken_back_is_no_longer_kept_as_finished():
    m = _finish_mini(seed=8)
    kept = finished_dir() / m.autosave_path.name
    assert kept.is_file()
    m.replay_to(len(m.log) - 1)  # an undo after the end
    m.autosave()
    assert not kept.exists() and m.autosave_path.is_file() and len(unfinished_games()) == 1


def test_buttons_keys_and_timeline_move_through_the_game():
    app = make_app()
    view = _open(app, RUSH)
    r = view.replay
    assert view.pos == r.end() and not r.finished  # a save opens where it was saved
    key(app, pygame.K_HOME)
    assert view.pos == r.start()
    key(app, pygame.K_RIGHT)
    assert view.pos == r.next_event(r.start())
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_LSHIFT)
    assert view.pos == Pos(1, 0)
    key(app, pygame.K_PAGEDOWN)
    assert view.pos == Pos(r.turn_starts()[1], 0)
    assert view.ctl.state.digest() == r.state_at(r.turn_starts()[1]).digest()
    click(app, nav_rects()["choice_fwd"].center)
    click(app, nav_rects()["choice_fwd"].center)
    assert view.pos == Pos(r.turn_starts()[1] + 2, 0)
    click(app, nav_rects()["choice_back"].center)
    assert view.pos == Pos(r.turn_starts()[1] + 1, 0)
    click(app, nav_rects()["turn_back"].center)
    assert view.pos == Pos(r.turn_starts()[1], 0)
    click(app, nav_rects()["event_back"].center)
    assert view.pos == r.prev_event(Pos(r.turn_starts()[1], 0))
    key(app, pygame.K_PAGEUP)
    assert view.pos == r.start()
    # the timeline: a click goes to the move under it, a drag scrubs
    x = view.track_x(20)
    click(app, (x, TRACK.centery))
    assert view.pos == Pos(20, 0) and view.ctl.state.digest() == r.state_at(20).digest()
    _shot(app, "replay_timeline.png")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window((view.track_x(5), TRACK.centery)), button=1))
    app.step(dt=DT)
    assert view.pos == Pos(5, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.to_window((view.track_x(30), TRACK.centery)),
                                         rel=(1, 0), buttons=(1, 0, 0)))
    app.step(dt=DT)
    assert view.pos == Pos(30, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.to_window((view.track_x(30), TRACK.centery)), button=1))
    app.step(dt=DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.to_window((view.track_x(2), TRACK.centery)),
                                         rel=(1, 0), buttons=(0, 0, 0)))
    app.step(dt=DT)
    assert view.pos == Pos(30, 0)  # the drag ended
    # the log holds what happened up to the position, no more
    assert [e[0] for e in view.log] == [e.for_player(0) for e in r.events_before(view.pos) if e.caption][-500:]


def test_stepping_by_event_shows_each_step_on_the_table():
    app = make_app()
    view = _open(app, RUSH)
    r = view.replay
    c, k = next((i, j) for i, s in enumerate(r.steps) for j, e in enumerate(s.events)
                if e.kind == "card.move" and j + 1 < len(s.events) and s.player == 0
                and (e.data or {}).get("card_id") and (e.data or {}).get("to", "").startswith("p0."))
    ev = r.steps[c].events[k]
    view.go(Pos(c, 0))
    assert view.shown_view()["zones"] == r.state_at(c).view(0)["zones"]
    for _ in range(k + 1):
        key(app, pygame.K_RIGHT)
    assert view.pos == Pos(c, k + 1)
    moved = [x.get("iid") for x in view.view["zones"][ev.data["to"]]]
    assert ev.data["card"] in moved                                   # the card is where the step put it
    before = [x.get("iid") for x in r.state_at(c).view(0)["zones"].get(ev.data["to"], [])]
    assert ev.data["card"] not in before                              # and it was not there before the move
    assert r.caption(view.pos, 0) in view.top_message()[0] or view.top_message()[0].startswith("Move")
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_LSHIFT)                 # the rest of the move
    app.run_frames(3, DT)
    assert view.pos == Pos(c + 1, 0) and view.view["zones"] == r.state_at(c + 1).view(0)["zones"]


def test_views_hide_what_they_must_and_everything_needs_both_players_at_one_screen():
    app = make_app()
    view = _open(app, RUSH, handoff=False)
    r = view.replay
    # an unfinished game at one screen opens behind the hand-off screen: no hand shows yet
    assert view.handoff_for == 0 and not view.everything
    _shot(app, "replay_open_handoff.png")
    click(app, (800, 450))
    assert view.handoff_for is None and view.viewer == 0 and not view.everything
    assert all(c.get("card") is None for c in view.view["zones"]["p1.hand"])  # the other hand stays hidden
    # the other player's view of an unfinished game at one screen: behind the hand-off screen
    click(app, VIEW_BTNS[1].center)
    assert view.handoff_for == 1 and view.viewer == 0
    _shot(app, "replay_handoff.png")
    click(app, (800, 450))
    assert view.handoff_for is None and view.viewer == 1
    assert all(c.get("card") is None for c in view.view["zones"]["p0.hand"])
    # everything: both must agree, one after the other; a no stops it
    click(app, VIEW_BTNS[2].center)
    assert view.dialog is not None
    click(app, view.dialog[0].cancel_button.rect.center)
    app.run_frames(2, DT)
    assert not view.everything and not r.agreed
    click(app, VIEW_BTNS[2].center)
    click(app, view.dialog[0].confirm_button.rect.center)
    app.run_frames(2, DT)
    assert view.dialog is not None and not view.everything  # now the other player
    _shot(app, "replay_agree.png")
    click(app, view.dialog[0].confirm_button.rect.center)
    app.run_frames(2, DT)
    assert view.everything and r.agreed
    assert any(c.get("card") is not None for c in view.view["zones"]["p0.hand"] + view.view["zones"]["p1.hand"])
    assert all(c.get("card") is not None for c in view.view["zones"]["p1.hand"])


def test_the_computers_cards_stay_hidden_while_a_game_against_it_can_be_taken_over(tmp_path):
    m = Match.new(get_game("mini"), seed=5)
    m.ui["seats"] = ["human", "computer"]
    for _ in range(4):
        d = m.state.decision
        m.apply(next(c for c in d.choices_for(d.players[0]) if c.role != "resign"))
    path = m.save(tmp_path / "vs.toml")
    app = make_app()
    view = ReplayScene(app, Replay.from_save(path))
    app.push(view)
    app.run_frames(2, DT)
    click(app, VIEW_BTNS[1].center)
    assert view.viewer == 0 and view.handoff_for is None and "hidden" in app.toast_text
    click(app, VIEW_BTNS[2].center)
    assert not view.everything and view.dialog is None


def test_take_over_from_a_mid_game_moment_and_play_on():
    before = RUSH.read_bytes()
    app = make_app()
    view = _open(app, RUSH)
    r = view.replay
    n = r.turn_starts()[2] + 1
    view.go(Pos(n, 0))
    click(app, TAKE_BTN.center)
    app.run_frames(2, DT)
    assert view.takeover_open
    _shot(app, "replay_takeover.png")
    decider = r.state_at(n).decision.players[0]
    seats = ("human", "computer") if decider == 0 else ("computer", "human")
    button = view.takeover_buttons[decider]
    assert f"Play {r.player_name(decider)}" in button.text
    click(app, button.rect.center)
    app.run_frames(2, DT)
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table, ReplayScene)
    m = table.ctl.match
    assert list(m.log) == [(s.player, s.choice_id) for s in r.steps[:n]]
    assert tuple(table.ctl.seats) == seats and m.state.digest() == r.state_at(n).digest()
    # a new save, never the file watched
    saved = [e for e in list_saves(saves_dir()) if "taken over" in (e["name"] or "")]
    assert len(saved) == 1 and Path(saved[0]["path"]) != RUSH and saved[0]["error"] is None
    assert RUSH.read_bytes() == before
    # and the game plays on: the person moves, the computer answers
    settle(app, table)
    for _ in range(4):
        if table.ctl.over:
            break
        d = table.ctl.state.decision
        mine = [c for c in d.choices_for(table.viewer) if c.role != "resign"]
        perform(app, table, mine[0])
        settle(app, table)
    assert len(m.log) > n + 2
    assert m.autosave_path is not None and m.autosave_path.is_file()
    assert RUSH.read_bytes() == before
    _shot(app, "replay_taken_over_table.png")


def test_no_take_over_where_the_game_is_over():
    m = _finish_mini(seed=4)
    app = make_app()
    view = ReplayScene(app, Replay.from_save(finished_dir() / m.autosave_path.name))
    app.push(view)
    key(app, pygame.K_END)
    click(app, TAKE_BTN.center)
    assert not view.takeover_open and "over" in app.toast_text
    key(app, pygame.K_LEFT)
    click(app, TAKE_BTN.center)
    assert view.takeover_open


def test_play_steps_through_the_game_by_itself_and_space_pauses():
    app = make_app()
    view = _open(app, RUSH)
    view.go(view.replay.start())
    key(app, pygame.K_SPACE)
    assert view.playing
    for _ in range(200):
        app.step(dt=DT)
    assert view.pos > view.replay.start()
    key(app, pygame.K_SPACE)
    at = view.pos
    for _ in range(100):
        app.step(dt=DT)
    assert not view.playing and view.pos == at


def test_watch_again_from_the_game_over_panel_and_back_to_the_table():
    m = _finish_mini(seed=6)
    app = make_app()
    table = app.start_match(m, ("human", "human"))
    app.run_frames(120, DT)
    rect, _ = table.over_buttons[1]
    click(app, rect.center)
    view = app.top
    assert isinstance(view, ReplayScene) and view.replay.n == len(m.log) and view.replay.finished
    key(app, pygame.K_END)
    assert view.ctl.state.digest() == m.state.digest()
    key(app, pygame.K_ESCAPE)
    assert app.top is table
