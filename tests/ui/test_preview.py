"""The large card the table shows for the card pointed at, the hint's panel
and a step banner docked in the side panel lie over the log: no log entry
shows half covered beneath any of them, and no log line shows between the
card and its legend. The docked banner leaves the players' panels in view."""

from pathlib import Path

from tabletop.saves import load_match
from tabletop.ui import gfx
from tabletop.ui.table_geom import RIGHT, ZOOM_POS
from uihelp import DT, click, make_app, move, settle

ROOT = Path(__file__).resolve().parents[2]


def _rows_clear(window, x0, x1, y0, y1) -> bool:
    back = gfx.PANEL_BACK
    return all(tuple(window.get_at((x, y)))[:3] == back for y in range(y0, y1) for x in range(x0, x1, 2))


def _open(match):
    """The table of ``match`` at one screen, past the hand-off screen, settled."""
    app = make_app()
    table = app.start_match(match, ("human", "human"))
    app.run_frames(2, DT)
    if table.handoff_for is not None:
        click(app, (800, 450))
    settle(app, table)
    return app, table


def _midgame():
    return _open(load_match(ROOT / "saves" / "rush_duel-midgame.toml"))


def _straddled(app, table, bottom: int) -> bool:
    """Whether a log entry starts under a panel reaching down to ``bottom`` and
    runs past its edge; if so, the check that none of it shows there."""
    tops = sorted(table.log_tops)
    above = [t for t in tops if t < bottom]
    below = [t for t in tops if t >= bottom]
    assert below
    if above and below[0] > bottom:
        assert _rows_clear(app.window, RIGHT.x + 12, RIGHT.right - 12, bottom, below[0])
        return True
    return False


def test_the_preview_leaves_no_log_entry_half_covered():
    app, table = _midgame()
    assert len(table.log) >= 12  # a log long enough to run beneath the preview
    card = next(sp for sp in table.order if sp.order >= 0 and sp.card.get("card") is not None)
    straddled = 0
    for scroll in range(6):  # entries of different heights meet the preview's edge at different places
        table.log_scroll, table._right = scroll, None
        move(app, (card.x, card.y))
        app.step(dt=DT)
        card = table.sprites[table.hover_key]
        assert card.card.get("card") is not None
        z, lg = table._preview_pictures(card.card)
        # no log line between the card and its legend
        assert _rows_clear(app.window, RIGHT.x + 12, RIGHT.right - 12, ZOOM_POS[1] + z.get_height(),
                           ZOOM_POS[1] + z.get_height() + 4)
        straddled += _straddled(app, table, ZOOM_POS[1] + z.get_height() + 4 + lg.get_height())
    assert straddled >= 1


def test_the_hint_panel_leaves_no_log_entry_half_covered():
    app, table = _midgame()
    move(app, (5, 5))  # pointing at no card: no preview
    straddled = 0
    for lines in range(1, 7):  # panels of different heights meet the log's entries at different places
        table.hint = {"tag": table.ctl.position_tag(table.viewer), "hint": None, "lang": "en",
                      "error": " ".join(["The search could not finish this time."] * lines)}
        table._right = None
        app.step(dt=DT)
        straddled += _straddled(app, table, table.hint_rect.bottom)
    assert straddled >= 1


def _aquarian_turns():
    """An Aquarian Age game some turns in (its step banners dock in the side panel), at
    one screen, pointing at no card (no preview)."""
    from tabletop.ai.agents import GreedyAgent
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from tabletop.selfplay import play_decision, selfplay_setup

    game = get_game("aquarian_age")
    match = Match(game, selfplay_setup(game, 7), 7)
    agents = [GreedyAgent(7), GreedyAgent(8)]
    for _ in range(29):
        play_decision(match, agents)
    app, table = _open(match)
    move(app, (5, 5))
    return app, table


def test_a_step_banner_in_the_side_panel_leaves_no_log_entry_half_covered():
    # Aquarian Age's step banners dock at the top of the side panel, over the log
    app, table = _aquarian_turns()
    step = next(e0 for e0, _e1 in reversed(table.log) if e0.kind not in ("phase.begin", "step.begin"))
    straddled = 0
    for scroll in range(6):  # entries of different heights meet the banner's edge at different places
        table.log_scroll, table._right = scroll, None
        table.banner = [step, 0.1, 60.0]
        app.step(dt=DT)
        assert table.banner is not None
        box = table._banner_pic[3][0].get_rect(center=table.layout.banner.center)
        if box.h > table.layout.banner.h:
            box.top = table.layout.banner.top
        box.top = max(box.top, table.players_bottom + 6)  # below the players' panels
        assert box.left > RIGHT.x
        straddled += _straddled(app, table, box.bottom)
    assert straddled >= 1


def test_a_step_banner_in_the_side_panel_leaves_the_players_panels_in_view():
    # a step changes what the players' panels count (damage, cards in hand): the banner
    # docked in the side panel goes below them, never over them
    app, table = _aquarian_turns()
    panels = (RIGHT.x + 1, RIGHT.y, RIGHT.w - 1, table.players_bottom - RIGHT.y)
    before = app.window.subsurface(panels).copy()
    step = next(e0 for e0, _e1 in reversed(table.log) if e0.kind not in ("phase.begin", "step.begin"))
    for small in (False, True):  # a step's banner, and a phase's (shorter: centred higher in its area)
        table.banner = [step if not small else next(e0 for e0, _e1 in table.log if e0.kind == "phase.begin"),
                        0.1, 60.0]
        app.step(dt=DT)
        assert table._banner_pic is not None and table._banner_pic[0] is table.banner[0]
        after = app.window.subsurface(panels)
        assert all(before.get_at((x, y)) == after.get_at((x, y))
                   for y in range(0, panels[3], 3) for x in range(0, panels[2], 3))
