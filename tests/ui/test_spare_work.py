"""Work a table does ahead in a frame's spare time: pointing at a card never
draws its large face in that frame, and a table waiting for a click sleeps
only once that work is done."""

import time

from uihelp import DT, move, settle, start


def _known_cards(table):
    return [sp for sp in table.order if sp.order >= 0 and sp.card.get("card") is not None]


def test_pointing_at_a_card_after_the_spare_work_draws_no_face():
    app, table = start("rush_duel", seats=("human", "human"), autopass_stop="always")
    settle(app, table)
    for _ in range(600):
        if not table.spare_left():
            break
        app.step(dt=DT)
    assert not table.spare_left()
    drawn = []
    real_face = table.art._face
    table.art._face = lambda *a, **kw: drawn.append(a[0].get("name")) or real_face(*a, **kw)
    pointed = 0
    for sp in _known_cards(table):
        move(app, (sp.x, sp.y))
        app.step(dt=DT)
        pointed += table.hover_key == sp.key
    assert pointed >= 5
    assert drawn == []


def test_the_spare_work_keeps_the_window_awake_until_it_is_done():
    app, table = start("rush_duel", seats=("human", "human"), autopass_stop="always")
    settle(app, table)
    table._spare_sig = None          # the table changed: its cards' large faces are to be drawn ahead
    table.art._cache.clear()
    assert table.is_idle() and table.spare_left()
    app._last_input = 0.0
    assert app.sleep_time() is None  # not asleep while work ahead is left
    for _ in range(600):
        if not table.spare_left():
            break
        table.spare(time.perf_counter() + 0.01)
    assert not table.spare_left()
    app.sleep_time()
    assert app.sleep_time() is not None  # then the waiting table sleeps


def test_spare_work_stops_at_the_frame_s_time():
    app, table = start("rush_duel", seats=("human", "human"), autopass_stop="always")
    settle(app, table)
    table._spare_sig = None
    table.art._cache.clear()
    table.spare(time.perf_counter() - 1.0)  # no time left: nothing is drawn ahead
    left = len(table._spare_todo)
    assert left >= 5
    table.spare(time.perf_counter() + 5.0)  # time enough: all of it
    assert table._spare_todo == []


def test_the_window_s_own_frames_do_the_spare_work_after_waiting_for_their_turn():
    # App.step without dt waits for the frame's turn (30 a second on a still
    # table): the spare time is counted from the end of that wait
    app, table = start("rush_duel", seats=("human", "human"), autopass_stop="always")
    settle(app, table)
    table._spare_sig = None
    table.art._cache.clear()
    assert table.is_idle()
    for _ in range(60):
        app.step()
        if not table.spare_left():
            break
    assert not table.spare_left()


def test_a_bar_out_of_date_waits_one_frame_on_a_frame_that_redraws_the_table():
    # a frame that redraws part of the still table shows the side panel's last
    # picture; the next frame draws it afresh (no frame does both)
    app, table = start("rush_duel", seats=("human", "human"), autopass_stop="always")
    settle(app, table)
    table._draw_right(app.canvas)
    old = table._right
    assert old is not None
    table._stale, table._right, table._heavy = {"right": old}, None, True
    table._draw_right(app.canvas)
    assert table._right is None
    table._draw_right(app.canvas)
    assert table._right is not None and table._right is not old
    table._stale, table._right, table._heavy = {"right": old}, None, False
    table._draw_right(app.canvas)  # a light frame draws it at once
    assert table._right is not None and table._right is not old
