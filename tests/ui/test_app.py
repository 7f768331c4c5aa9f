"""Menus, loading, settings, scaling, the screenshot command and a monkey test."""

import os

import pygame
import pytest

from tabletop.engine.core import Event
from tabletop.engine.rng import PCG32
from tabletop.saves import Match, saves_dir
from tabletop.ui.anim import AnimQueue, patch
from tabletop.ui.scenes import LoadScene, MenuScene, NewGameScene, SettingsScene
from tabletop.ui.settings import Settings, load_settings
from tabletop.ui.table import TableScene
from uihelp import DT, click, make_app, open_settings, start


def test_menu_new_game_starts_a_table():
    app = make_app()
    app.reset_to(MenuScene(app))
    app.run_frames(2, DT)
    assert not app.top.buttons["Continue"].is_enabled  # no autosave yet
    click(app, app.top.buttons["New game"].rect.center)
    app.run_frames(2, DT)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    scene.gid = "mini"
    app._rebuild()
    app.run_frames(1, DT)
    start_btn = next(b for b in scene.actions if b.text == "Start")
    click(app, start_btn.rect.center)
    app.run_frames(2, DT)
    assert isinstance(app.top, TableScene) and app.top.game.id == "mini"


def test_the_load_screen_names_the_saves_folder_and_a_bad_save_from_the_home_folder(monkeypatch):
    # the saves folder under the player's home folder: the screen writes it from "~"
    home = saves_dir().parent
    monkeypatch.setenv("HOME", str(home))
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.toml").write_text("format = 1\ngame = 'mini'\nthis is not toml", encoding="utf-8")
    app = make_app()
    app.reset_to(MenuScene(app))
    app.push(LoadScene(app))
    app.run_frames(2, DT)
    scene = app.top
    said = [el.text for el in app.ui.get_sprite_group().sprites() if isinstance(getattr(el, "text", None), str)]
    where = next(t for t in said if t.startswith("Your saves are in"))
    assert where.startswith(f"Your saves are in ~{os.sep}{folder.name};"), where
    assert str(home) not in where
    i = next(i for i, s in enumerate(scene.labels) if "broken" in s)
    click(app, scene.list.item_list_container.elements[i].rect.center)
    app.run_frames(2, DT)
    assert f"~{os.sep}{folder.name}{os.sep}broken.toml" in scene.info.html_text
    assert str(home) not in scene.info.html_text
    # and so does a message at the bottom of the window
    app.toast(f"Can't write {folder / 'deck.toml'}: the disk is full")
    assert app.toast_text == f"Can't write ~{os.sep}{folder.name}{os.sep}deck.toml: the disk is full"


def test_load_screen_lists_saves_and_shows_a_bad_one_without_crashing():
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.toml").write_text("format = 1\ngame = 'mini'\nthis is not toml", encoding="utf-8")
    from tabletop.engine.registry import get_game
    m = Match.new(get_game("mini"), seed=2)
    m.apply(m.state.decision.choices[0])
    m.save(folder / "good.toml")
    app = make_app()
    app.reset_to(MenuScene(app))
    app.push(LoadScene(app))
    app.run_frames(2, DT)
    scene = app.top
    assert any("broken" in s and "can't be loaded" in s for s in scene.labels)
    assert any(s.startswith("good") and "Mini Duel" in s for s in scene.labels)  # the game's title
    # choose the broken one, press Load: the error is shown in the window
    i = next(i for i, s in enumerate(scene.labels) if "broken" in s)
    item = scene.list.item_list_container.elements[i]
    click(app, item.rect.center)
    app.run_frames(2, DT)
    load_btn = next(b for b in scene.actions if b.text == "Load")
    click(app, load_btn.rect.center)
    app.run_frames(2, DT)
    assert isinstance(app.top, LoadScene)
    assert "not valid TOML" in scene.info.html_text
    # the good one loads to a table
    i = next(i for i, s in enumerate(scene.labels) if s.startswith("good"))
    click(app, scene.list.item_list_container.elements[i].rect.center)
    app.run_frames(2, DT)
    click(app, load_btn.rect.center)
    app.run_frames(2, DT)
    assert isinstance(app.top, TableScene)
    assert app.top.ctl.match.log == m.log


def test_settings_are_applied_and_kept_in_settings_toml():
    app, scene = open_settings()
    conf = next(b for b in scene.actions if b.text.startswith("Ask before"))
    click(app, conf.rect.center)
    app.run_frames(2, DT)
    assert app.settings.confirmations is False
    # a drop-down choice: window size
    app.settings.window = "1280x720"
    app.apply_settings()
    assert app.window.get_size() == (1280, 720)
    s = load_settings()
    assert s.confirmations is False and s.window == "1280x720"
    text = (os.environ["TABLETOP_CONFIG"] + "/settings.toml")
    assert "confirmations = false" in open(text, encoding="utf-8").read()


def test_bad_settings_file_gives_defaults(tmp_path):
    p = tmp_path / "s.toml"
    p.write_text("speed = 'warp'\nwindow = 12\nconfirmations = 'yes'\n[[[", encoding="utf-8")
    assert load_settings(p) == Settings()
    p.write_text("speed = 'warp'\nautopass_stop = 'own_turn'\n", encoding="utf-8")
    s = load_settings(p)
    assert s.speed == "normal" and s.autopass_stop == "own_turn"


@pytest.mark.parametrize("size", [(1024, 640), (3840, 2160), (1280, 1024)])
def test_letterboxed_scaling_keeps_hit_testing(size):
    app, table = start(size=size, autopass_stop="always")
    v = (800, 450)
    w = app.to_window(v)
    back = app.to_virtual(w)
    assert abs(back[0] - v[0]) <= 1 and abs(back[1] - v[1]) <= 1
    # every part of the virtual space lands inside the window
    tl, br = app.to_window((0, 0)), app.to_window((1600, 900))
    assert tl[0] >= 0 and tl[1] >= 0 and br[0] <= size[0] and br[1] <= size[1]
    end = next(c for c in table.ctl.state.decision.choices if c.kind == "end_phase")
    b = next(b for b in table.bar_buttons if b.payload.id == end.id)
    app.settings.confirmations = False
    click(app, b.rect.center)
    assert table.ctl.match.log[-1] == (0, "end_phase")


def test_screenshot_command_writes_a_png(tmp_path):
    from tabletop.cli import main
    out = tmp_path / "t.png"
    assert main(["screenshot", "mini", "--out", str(out), "--size", "1024x640"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 640)


def test_patch_moves_flips_and_counts():
    view = {"zones": {"p0.hand": [{"iid": None, "card": None, "hidden": True}, {"iid": None, "card": None, "hidden": True}],
                      "p0.monster": [], "p0.deck": [{"iid": None, "card": None}]},
            "players": [{"counters": {"lp": 100}}, {"counters": {"lp": 100}}], "phase": "main"}
    ev = Event("card.move", "", "", {"card": 7, "card_id": "ember", "from": "p0.hand", "from_index": 1, "to": "p0.monster",
                                     "index": 2, "face": "down", "orient": "upright"})
    card = patch(view, ev, {"p0.monster"})
    assert len(view["zones"]["p0.hand"]) == 1 and view["zones"]["p0.monster"] == [card]
    assert card["slot"] == 2 and card["face"] == "down"
    patch(view, Event("card.flip", "", "", {"card": 7, "card_id": "ember", "face": "up"}))
    assert view["zones"]["p0.monster"][0]["face"] == "up"
    patch(view, Event("card.turn", "", "", {"card": 7, "orient": "sideways"}))
    assert view["zones"]["p0.monster"][0]["orient"] == "sideways"
    patch(view, Event("counter.change", "", "", {"player": 1, "counter": "lp", "delta": -30, "value": 70}))
    assert view["players"][1]["counters"]["lp"] == 70
    patch(view, Event("phase.begin", "", "", {"phase": "battle", "player": 1}))
    assert view["phase"] == "battle" and view["active"] == 1
    # odd data never raises
    patch(view, Event("card.move", "", "", {"card": None, "from": "nowhere", "to": 5}))
    q = AnimQueue()
    started = []
    q.push([Event("a"), Event("card.move"), Event("b")])
    q.update(0.0, 1.0, started.append)
    assert [e.kind for e in started] == ["a"]
    q.update(100.0, 0.0, started.append)
    assert [e.kind for e in started] == ["a", "card.move", "b"] and not q.busy


def _hot_spots(app):
    """Points worth hitting: cards, buttons, popup items (so the monkey also plays)."""
    top = app.top
    pts = []
    if isinstance(top, TableScene):
        pts += [(sp.x, sp.y) for sp in top.order if sp.order >= 0]
        pts += [b.rect.center for b in top.bar_buttons]
        pts += [z.rect.center for z in top.layout.zones]
        if top.popup is not None:
            pts += [top.popup.item_rect(i).center for i in range(len(top.popup.items))]
        if top.dialog is not None:
            pts += [top.dialog[0].confirm_button.rect.center, top.dialog[0].cancel_button.rect.center]
        if top.handoff_for is not None:
            pts.append((800, 450))
    pts += [b.rect.center for b in getattr(top, "actions", {})]
    return [app.to_window(p) for p in pts]


@pytest.mark.parametrize("start_in", ["menu", "hotseat", "computer"])
def test_monkey_random_events_never_raise(start_in):
    """5,000 random mouse and key events (clicks, drags, resizes, menu keys), from
    the menu, a table at one screen, and a table against the computer."""
    app = make_app(autopass_stop="never", speed="fast")
    if start_in == "menu":
        app.reset_to(MenuScene(app))
    else:
        from tabletop.engine.registry import get_game
        seats = ("human", "computer") if start_in == "computer" else ("human", "human")
        app.start_match(Match.new(get_game("mini"), seed=9), seats)
    rng = PCG32(20260 + len(start_in))
    keys = [pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_TAB, pygame.K_a, pygame.K_1,
            pygame.K_BACKSPACE, pygame.K_DOWN, pygame.K_UP, pygame.K_F11, pygame.K_z]
    held = False
    sent = 0
    while sent < 5000:
        r = rng.randbelow(100)
        w, h = app.window.get_size()
        pos = (rng.randbelow(w), rng.randbelow(h))
        spots = _hot_spots(app) if rng.randbelow(2) else []
        if spots:
            pos = rng.choice(spots)
        if r < 30:
            evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, -2), buttons=(1 if held else 0, 0, 0))]
        elif r < 55:
            held = not held
            typ = pygame.MOUSEBUTTONDOWN if held else pygame.MOUSEBUTTONUP
            evs = [pygame.event.Event(typ, pos=pos, button=1)]
        elif r < 63 and isinstance(app.top, TableScene) and app.top.order:
            sp = rng.choice(app.top.order)
            zd = rng.choice(app.top.layout.zones)
            a, b = app.to_window((sp.x, sp.y)), app.to_window(zd.rect.center)
            evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)]
            app.step(evs, dt=DT)
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(5, 5), buttons=(1, 0, 0))], dt=DT)
            sent += 3
            evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(5, 5), buttons=(1, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)]
        elif r < 70:
            evs = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        elif r < 74:
            b = 3 if rng.randbelow(2) else 1
            evs = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=b)]
        elif r < 77:
            evs = [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.randint(-3, 3), flipped=False, precise_x=0.0, precise_y=0.0)]
        elif r < 95:
            k = rng.choice(keys)
            mod = pygame.KMOD_LCTRL if k == pygame.K_z else 0  # Ctrl+Z: undo / take-back
            evs = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="a" if k == pygame.K_a else "", scancode=0),
                   pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]
        else:
            evs = [pygame.event.Event(pygame.VIDEORESIZE, w=rng.randint(640, 2600), h=rng.randint(400, 1500),
                                      size=(0, 0))]
        app.step(evs, dt=DT)
        sent += len(evs)
        if isinstance(app.top, TableScene) and app.top.ctl.thinking:
            app.top.ctl.wait_computer(2.0)
        if not app.running:  # Quit pressed: the window would close; carry on testing
            app.running = True
    assert app.top is not None


def test_computer_strength_setting_picks_the_agent():
    from tabletop.ai.agents import GreedyAgent
    from tabletop.ai.expert import ExpertAgent
    from tabletop.ai.ismcts import HardAgent
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from tabletop.ui.controller import Controller
    from tabletop.ui.settings import Settings

    game = get_game("rush_duel")
    m = Match(game, game.default_setup(), 3)
    assert isinstance(Controller(m, ("human", "computer"), autosave=False).agent, ExpertAgent)  # Normal
    assert isinstance(Controller(m, ("human", "computer"), autosave=False, computer="easy").agent, GreedyAgent)
    hard = Controller(m, ("human", "computer"), autosave=False, computer="hard", think_ms=2000).agent
    assert isinstance(hard, HardAgent) and hard.budget_ms == 2000
    assert Settings(computer="wizard").fixed().computer == "normal"
    # settings files of earlier versions named the computers greedy and expert
    assert Settings(computer="greedy").fixed().computer == "easy"
    assert Settings(computer="expert").fixed().computer == "normal"
    assert Settings(think_ms="soon").fixed().think_ms == 1000 and Settings(think_ms=777).fixed().think_ms == 1000


def test_the_window_takes_the_interpreter_back_soon_while_the_computer_thinks():
    # the computer's search holds the interpreter on its worker thread; the drawing
    # thread asks for it back many times a frame and waits up to the switch interval each
    # time: the app keeps that interval at 1 ms rather than Python's 5 ms
    import sys

    from tabletop.ui import app as app_module

    sys.setswitchinterval(0.005)
    try:
        make_app()
        assert sys.getswitchinterval() == pytest.approx(app_module.SWITCH_S)
        assert app_module.SWITCH_S <= 0.001
    finally:
        sys.setswitchinterval(0.005)
