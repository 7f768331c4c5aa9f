"""Driving the real app with posted pygame events (through its own hit-testing)."""

from __future__ import annotations

import pygame

from tabletop.engine.registry import get_game
from tabletop.saves import Match
from tabletop.ui.app import App
from tabletop.ui.settings import Settings

DT = 1 / 60


def make_app(size=(1600, 900), speed="instant", **kw) -> App:
    kw.setdefault("confirmations", True)
    kw.setdefault("computer", "easy")  # the quick computer keeps the tests quick
    return App(size=size, settings=Settings(speed=speed, **kw), persist_settings=False)


def start(game_id="mini", seed=3, seats=("human", "human"), speed="instant", size=(1600, 900), keep=True, **kw):
    app = make_app(size, speed, **kw)
    match = Match.new(get_game(game_id), seed=seed)
    while keep and match.state.decision is not None and match.state.decision.kind == "opening_hand":
        d = match.state.decision
        match.apply(next(c for c in d.choices_for(d.players[0]) if c.kind == "keep"))
    table = app.start_match(match, seats)
    app.run_frames(2, DT)
    if table.handoff_for is not None:  # a game with choices made opens behind the hand-off screen
        click(app, (800, 450))
    return app, table


def post(app, typ, vpos, **kw):
    pygame.event.post(pygame.event.Event(typ, pos=app.to_window(vpos), **kw))


def move(app, p):
    post(app, pygame.MOUSEMOTION, p, rel=(0, 0), buttons=(0, 0, 0))
    app.step(dt=DT)


def click(app, p, button=1):
    move(app, p)
    post(app, pygame.MOUSEBUTTONDOWN, p, button=button)
    app.step(dt=DT)
    post(app, pygame.MOUSEBUTTONUP, p, button=button)
    app.step(dt=DT)


def drag(app, a, b, steps=8):
    move(app, a)
    post(app, pygame.MOUSEBUTTONDOWN, a, button=1)
    app.step(dt=DT)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        post(app, pygame.MOUSEMOTION, p, rel=(1, 1), buttons=(1, 0, 0))
        app.step(dt=DT)
    post(app, pygame.MOUSEBUTTONUP, b, button=1)
    app.step(dt=DT)


def key(app, k, unicode="", mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    app.step(dt=DT)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    app.step(dt=DT)


def ctrl_z(app):
    key(app, pygame.K_z, "z", mod=pygame.KMOD_LCTRL)


def pick_popup(app, table, choice) -> bool:
    pop = table.popup
    if pop is None:
        return False
    for i, c in enumerate(pop.choices):
        if c.id == choice.id:
            click(app, pop.item_rect(i).center)
            return True
    return False


def perform(app, table, choice) -> None:
    """Make ``choice`` the way a person would: drag, click a card, press a button."""
    plan = table.plan(choice)
    assert plan is not None, f"the table offers no way to make {choice}"
    if plan[0] == "drag":
        drag(app, plan[1], plan[2])
    elif plan[0] in ("click_card", "button", "more"):
        click(app, plan[1])
    if table.popup is not None:
        assert pick_popup(app, table, choice), f"{choice} is not in the popup {[c.id for c in table.popup.choices]}"
    if table.dialog is not None:  # misclick protection: say yes
        dlg = table.dialog[0]
        click(app, dlg.confirm_button.rect.center)
        app.run_frames(3, DT)


def settle(app, table, frames=400):
    """Step until nothing plays and the game waits for a person at the screen."""
    for _ in range(frames):
        app.step(dt=DT)
        if table.handoff_for is not None:
            click(app, (800, 450))
            continue
        if not table.queue.busy and (table.ctl.over or table.can_act()):
            return
        if table.ctl.thinking:
            table.ctl.wait_computer(5.0)


def open_settings(**kw):
    """An app (settings kept in settings.toml) showing the Settings screen over the menu."""
    from tabletop.ui.scenes import MenuScene, SettingsScene

    app = make_app(**kw)
    app.persist_settings = True
    app.reset_to(MenuScene(app))
    app.push(SettingsScene(app))
    app.run_frames(2, DT)
    return app, app.top
