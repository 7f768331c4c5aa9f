"""The hint on the table (table_hint.py): H or the Hint button shows the
search's suggestion for the person's decision, thought out on a worker thread,
with the suggested card or button outlined and the reason in a panel."""

from __future__ import annotations

import pygame

from tabletop.ui.table_hint import HINT_BTN
from uihelp import DT, click, key, perform, settle, start


def open_decision(app, table, limit=30):
    """Play on (the person taking the first non-resigning choice) until the
    person at the screen weighs several ordinary choices."""
    for _ in range(limit):
        settle(app, table)
        if table.ctl.over:
            break
        mine = [c for c in table.my_choices() if c.role in ("", "group_add")]
        if len(mine) >= 2:
            return
        perform(app, table, next(c for c in table.my_choices() if c.role != "resign"))
    raise AssertionError("no open decision for the person")


def wait_hint(app, table):
    table.ctl.wait_hint(30.0)
    app.step(dt=DT)
    assert table.hint is not None and table.hint["hint"] is not None, table.hint


def test_h_shows_the_hint_for_the_persons_decision_against_the_computer():
    app, table = start("rush_duel", seed=5, seats=("human", "computer"), think_ms=500, autopass_stop="always")
    open_decision(app, table)
    seat = table.viewer
    key(app, pygame.K_h, "h")
    # thought out off the drawing loop: the key returned while the search goes on
    assert table.hint_thinking and table.ctl.hinting
    assert not table.is_idle()  # the window keeps stepping to pick it up
    app.step(dt=DT)
    wait_hint(app, table)
    hint = table.hint["hint"]
    c = table.hint_choice()
    assert c is not None and c.player == seat and c.id == hint.choice.id
    assert hint.reason.startswith(c.label[:1].upper())
    # the suggested choice is outlined where a person makes it (its button or card)
    plan = table.plan(c)
    assert plan is not None
    assert any(r.inflate(12, 12).collidepoint(plan[1]) for r in table.hint_marks())
    app.step(dt=DT)  # draws the panel and the marks
    # H again hides it
    key(app, pygame.K_h, "h")
    assert table.hint is None
    key(app, pygame.K_h, "h")
    wait_hint(app, table)
    # making a move puts the hint away
    perform(app, table, c)
    app.step(dt=DT)
    assert table.hint is None


def test_the_hint_button_at_one_screen_is_for_the_seat_to_move():
    app, table = start("rush_duel", seed=8, seats=("human", "human"), think_ms=500, autopass_stop="always")
    open_decision(app, table)
    click(app, HINT_BTN.center)
    assert table.hint is not None
    wait_hint(app, table)
    c = table.hint_choice()
    assert c is not None and c.player == table.viewer == table.ctl.decider()
    assert table.hint_marks()


def test_no_hint_while_the_computer_is_to_move():
    app, table = start("rush_duel", seed=5, seats=("human", "computer"), think_ms=500, autopass_stop="always")
    open_decision(app, table)
    table.ctl.seats[table.viewer] = "computer"  # the person's seat handed to the computer: nothing to hint at
    assert not table.hint_offered()
    key(app, pygame.K_h, "h")
    assert table.hint is None
    assert app.toast_t > 0


def test_no_table_hint_beside_a_coach():
    # the guided first game's coach suggests moves in its own panel: the table
    # offers no Hint button of its own there, and H does not open one
    from pathlib import Path

    from tabletop.engine.registry import get_game
    from tabletop.ui.guided_coach import start_guided
    from uihelp import make_app

    app = make_app(think_ms=500)
    path = Path(get_game("rush_duel").package_dir) / "guided.toml"
    table = start_guided(app, "rush_duel", str(path))
    settle(app, table)
    assert table.can_act() and table.my_choices()
    assert not table.hint_offered()
    key(app, pygame.K_h, "h")
    assert table.hint is None


def test_a_hint_shown_is_worded_again_when_the_language_changes():
    from tabletop import i18n

    app, table = start("rush_duel", seed=5, seats=("human", "computer"), think_ms=300, autopass_stop="always")
    try:
        open_decision(app, table)
        key(app, pygame.K_h, "h")
        wait_hint(app, table)
        english = table.hint["hint"].reason
        assert not any("\uac00" <= ch <= "\ud7a3" for ch in english)
        app.settings.language = "ko"
        app.apply_language()
        app.step(dt=DT)
        assert table.hint_thinking  # thought out again, not left in English
        wait_hint(app, table)
        korean = table.hint["hint"].reason
        assert any("\uac00" <= ch <= "\ud7a3" for ch in korean), korean
    finally:
        i18n.set_language("en")


def test_the_hint_panel_leaves_the_players_counters_in_sight():
    # Lumen Condenser's players' panels hold two lines of counters each: the hint goes below them
    app, table = start("lumen_condenser", seed=5, seats=("human", "computer"), think_ms=200, autopass_stop="always")
    open_decision(app, table)
    key(app, pygame.K_h, "h")
    wait_hint(app, table)
    app.step(dt=DT)
    from tabletop.ui.table_geom import ZOOM_POS

    panels_bottom = table.players_bottom
    assert panels_bottom > ZOOM_POS[1]  # taller than where the panel began before the players' were drawn
    assert table.hint_rect is not None and table.hint_rect.top >= panels_bottom
