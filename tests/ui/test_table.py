"""The table driven through posted mouse and key events."""

import pygame
import pytest

from tabletop.ai.agents import GreedyAgent, RandomAgent
from tabletop.saves import load_match, saves_dir
from uihelp import DT, click, drag, key, move, perform, settle, start


def _zone_rect(table, key):
    for zd in table.layout.zones:
        if table.zone_key(zd) == key:
            return zd.rect
    raise AssertionError(key)


def test_drag_from_hand_to_monster_zone_applies_the_matching_choice():
    app, table = start(autopass_stop="always")
    st = table.ctl.state
    summon = next(c for c in st.decision.choices if c.kind == "summon")
    iid = summon.args["card"]
    sp = table.sprites[iid]
    target = _zone_rect(table, "p0.monster").center
    drag(app, (sp.x, sp.y), target)
    # summon face up and set share the drop: a popup asks which
    assert table.popup is not None
    labels = [c.kind for c in table.popup.choices]
    assert sorted(labels) == ["set", "summon"]
    i = [c.id for c in table.popup.choices].index(summon.id)
    click(app, table.popup.item_rect(i).center)
    assert table.ctl.match.log[-1] == (0, summon.id)
    app.run_frames(3, DT)
    v = table.ctl.state.view(0)
    assert [c["iid"] for c in v["zones"]["p0.monster"]] == [iid]
    assert v["zones"]["p0.monster"][0]["face"] == "up"
    assert [c["iid"] for c in table.view["zones"]["p0.monster"]] == [iid]


def test_drop_on_an_illegal_zone_changes_nothing_and_says_why():
    app, table = start(speed="normal", autopass_stop="always")
    st = table.ctl.state
    before = st.digest()
    summon = next(c for c in st.decision.choices if c.kind == "summon")
    sp = table.sprites[summon.args["card"]]
    home = (sp.tx, sp.ty)
    drag(app, (sp.x, sp.y), _zone_rect(table, "p1.monster").center)
    assert len(table.ctl.match.log) == 2  # only the two opening "keep"s
    assert table.ctl.state.digest() == before
    assert "own monster zone (mini 2.3)" in app.toast_text
    assert table.popup is None and table.held is None
    # the card slides back on its spring
    app.run_frames(120, DT)
    assert not table.returning
    assert abs(sp.tx - home[0]) < 1 and abs(sp.ty - home[1]) < 1
    # dropping on empty table space: no legal move there
    drag(app, (sp.x, sp.y), (700, 395))
    assert len(table.ctl.match.log) == 2
    assert "no legal move" in app.toast_text.lower()


def test_lit_zones_while_a_card_is_held():
    app, table = start(autopass_stop="always")
    summon = next(c for c in table.ctl.state.decision.choices if c.kind == "summon")
    sp = table.sprites[summon.args["card"]]
    move(app, (sp.x, sp.y))
    from uihelp import post
    post(app, pygame.MOUSEBUTTONDOWN, (sp.x, sp.y), button=1)
    app.step(dt=DT)
    post(app, pygame.MOUSEMOTION, (sp.x + 40, sp.y - 80), rel=(1, 1), buttons=(1, 0, 0))
    app.step(dt=DT)
    assert table.held is not None
    zones, targets = table.lit_for(summon.args["card"])
    assert zones == {"p0.monster"}
    key(app, pygame.K_ESCAPE)  # Esc sends it back
    assert table.held is None and len(table.ctl.match.log) == 2


def test_click_card_popup_and_action_bar():
    app, table = start(seed=5, autopass_stop="always")
    st = table.ctl.state
    end = next(c for c in st.decision.choices if c.kind == "end_phase")
    # the action bar has the phase button; with other moves left it asks first
    b = next(b for b in table.bar_buttons if b.payload is not None and b.payload.id == end.id)
    click(app, b.rect.center)
    assert table.dialog is not None and len(table.ctl.match.log) == 2
    key(app, pygame.K_ESCAPE)
    assert table.dialog is None and len(table.ctl.match.log) == 2
    perform(app, table, end)
    assert table.ctl.match.log[-1] == (0, "end_phase")


def _play_through_ui(game_id, seed, max_choices=3000):
    app, table = start(game_id, seed=seed)
    agents = [GreedyAgent(seed), RandomAgent(seed + 1)]
    made = 0
    settle(app, table)
    while not table.ctl.over and made < max_choices:
        p = table.viewer
        assert table.can_act(), "the table waits but nobody can act"
        c = agents[p].choose(table.ctl.state, p)
        if c.role == "resign":  # the random player would give up at random: play on
            mine = [x for x in table.ctl.state.decision.choices_for(p) if x.role != "resign"]
            c = agents[p].rng.choice(mine) if mine else c
        n = len(table.ctl.match.log)
        perform(app, table, c)
        assert table.ctl.match.log[n] == (p, c.id), f"the UI applied {table.ctl.match.log[n:]} for {c}"
        made += 1
        settle(app, table)
    return app, table, made


def test_a_whole_game_at_one_screen_through_the_ui():
    app, table, made = _play_through_ui("mini", 11)
    assert table.ctl.over and made > 5
    assert table.view["winner"] == table.ctl.state.winner
    # the game-over panel offers a new game, watching this one again, and the menu
    app.run_frames(90, DT)
    assert len(table.over_buttons) == 3


def test_a_whole_rush_duel_game_at_one_screen_through_the_ui():
    app, table, made = _play_through_ui("rush_duel", 5)
    assert table.ctl.over, f"not over after {made} choices"
    st = table.ctl.state
    assert st.winner is not None and table.view["winner"] == st.winner
    assert not st.invariant_violations()
    # every choice went through the table's own hit-testing; the game saves and loads whole, and
    # the finished game's autosave is gone (Continue never offers a finished game)
    from tabletop.saves import load_match, unfinished_games
    path = table.ctl.match.save(saves_dir() / "whole.toml")
    assert load_match(path).state.digest() == st.digest()
    assert not table.ctl.match.autosave_path.exists() and unfinished_games() == []


def test_simultaneous_decision_is_taken_one_player_at_a_time_behind_the_hand_off():
    app, table = start(keep=False, autopass_stop="always")
    d = table.ctl.state.decision
    assert d.kind == "opening_hand" and d.players == (0, 1)
    assert table.viewer == 0 and table.handoff_for is None
    redraw = next(c for c in d.choices_for(0) if c.kind == "redraw")
    perform(app, table, redraw)
    app.run_frames(3, DT)
    assert table.ctl.match.log == [(0, redraw.id)]
    # player 2 still has to pick: the table hides behind the hand-off screen first
    assert table.handoff_for == 1
    click(app, (800, 450))
    assert table.viewer == 1
    keep = next(c for c in table.ctl.state.decision.choices_for(1) if c.kind == "keep")
    perform(app, table, keep)
    app.run_frames(3, DT)
    assert table.ctl.match.log == [(0, redraw.id), (1, keep.id)]
    assert table.ctl.state.decision.kind == "main_action"


def test_space_skips_the_animations_and_right_click_zooms():
    app, table = start(speed="slow", autopass_stop="always")
    st = table.ctl.state
    end = next(c for c in st.decision.choices if c.kind == "end_phase")
    app.settings.confirmations = False
    table.apply_choice(end)
    app.step(dt=DT)
    assert table.queue.busy
    key(app, pygame.K_SPACE)
    assert not table.queue.busy and table.view["phase"] == "battle"
    assert table.view == table.ctl.state.view(table.viewer)
    sp = next(s for s in table.order if s.zone == "p0.hand")
    move(app, (sp.x, sp.y))
    from uihelp import post
    post(app, pygame.MOUSEBUTTONDOWN, (sp.x, sp.y), button=3)
    app.step(dt=DT)
    assert table.zoom_big == sp.card["card"]
    key(app, pygame.K_ESCAPE)
    assert table.zoom_big is None and not table.menu_open


def test_events_enter_the_shown_view_and_log_one_at_a_time():
    app, table = start(speed="normal", autopass_stop="always")
    app.settings.confirmations = False
    table.apply_choice(next(c for c in table.ctl.state.decision.choices if c.kind == "end_phase"))
    for _ in range(200):
        app.step(dt=DT)
        if not table.queue.busy:
            break
    assert table.view["phase"] == "battle"
    log0 = len(table.log)
    table.apply_choice(next(c for c in table.ctl.state.decision.choices if c.kind == "end_turn"))
    # end phase, player 2's draw phase, the draw, main phase: played one by one
    frames = []
    for _ in range(600):
        app.step(dt=DT)
        cur = table.queue.current.kind if table.queue.current else None
        frames.append((table.view["phase"], len(table.view["zones"]["p1.hand"]), len(table.log) - log0, cur))
        if not table.queue.busy:
            break
    phases = []
    for ph, _, _, _ in frames:
        if not phases or phases[-1] != ph:
            phases.append(ph)
    assert phases == ["end", "draw", "main"]
    # the drawn card shows in player 2's hand only once its card.move plays
    hands = [(h, cur) for _, h, _, cur in frames]
    first5 = next(i for i, (h, _) in enumerate(hands) if h == 5)
    assert hands[first5][1] == "card.move" and all(h == 4 for h, _ in hands[:first5])
    # the log grows one entry per played event, never ahead
    logs = [n for _, _, n, _ in frames]
    assert logs == sorted(logs) and logs[0] == 1 and logs[-1] == 4
    assert table.view == table.ctl.state.view(table.viewer)


def _other_games():
    from tabletop.engine.registry import all_games
    return sorted(g for g in all_games() if g not in ("mini", "rush_duel"))


@pytest.mark.parametrize("game_id", _other_games())
def test_every_installed_game_plays_to_its_end_through_the_table(game_id):
    """The table is generic: each plugin's game is played whole through its layout."""
    app, table, made = _play_through_ui(game_id, 3, max_choices=800)
    assert table.ctl.over, f"{game_id} not over after {made} choices"
    assert table.view["winner"] == table.ctl.state.winner


def test_hand_off_screen_between_two_players():
    app, table = start(autopass_stop="always")
    st = table.ctl.state
    perform(app, table, next(c for c in st.decision.choices if c.kind == "end_phase"))
    app.run_frames(2, DT)
    perform(app, table, next(c for c in table.ctl.state.decision.choices if c.kind == "end_turn"))
    app.run_frames(3, DT)
    assert table.handoff_for == 1 and table.viewer == 0
    click(app, (800, 450))
    assert table.handoff_for is None and table.viewer == 1
    # player 2 now sees their own hand, and not player 1's
    assert all(not c["hidden"] for c in table.view["zones"]["p1.hand"])
    assert all(c["hidden"] for c in table.view["zones"]["p0.hand"])


def test_against_the_computer_its_moves_play_through_the_queue():
    app, table = start(seats=("human", "computer"), speed="fast", autopass_stop="always")
    st = table.ctl.state
    perform(app, table, next(c for c in st.decision.choices if c.kind == "end_phase"))
    settle(app, table)
    perform(app, table, next(c for c in table.ctl.state.decision.choices if c.kind == "end_turn"))
    # the computer's turn: it thinks on a worker thread, the window keeps stepping
    for _ in range(2000):
        app.step(dt=DT)
        if table.ctl.decider() == 0 and not table.queue.busy:
            break
        table.ctl.wait_computer(0.01)
    assert table.ctl.decider() == 0
    assert any(p == 1 for p, _ in table.ctl.match.log)
    assert table.viewer == 0 and table.handoff_for is None


def test_save_quit_and_continue():
    app, table = start(seed=4, autopass_stop="always")
    st = table.ctl.state
    perform(app, table, next(c for c in st.decision.choices if c.kind == "summon"))
    app.run_frames(3, DT)
    digest = table.ctl.state.digest()
    # Esc -> Save -> name -> Save
    key(app, pygame.K_ESCAPE)
    assert table.menu_open
    save_btn = next(b for b, a in table.actions.items() if b.text == "Save game")
    click(app, save_btn.rect.center)
    app.step(dt=DT)
    table.name_entry.set_text("my game")
    ok = next(b for b, a in table.actions.items() if b.text == "Save")
    click(app, ok.rect.center)
    app.run_frames(2, DT)
    folder = saves_dir()
    assert (folder / "my_game.toml").exists()
    assert load_match(folder / "my_game.toml").state.digest() == digest
    assert table.ctl.match.autosave_path.exists()
    # Quit to menu, then Continue
    key(app, pygame.K_ESCAPE)
    quit_btn = next(b for b, a in table.actions.items() if b.text == "Quit to menu")
    click(app, quit_btn.rect.center)
    app.run_frames(2, DT)
    from tabletop.ui.scenes import MenuScene
    menu = app.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["Continue"].rect.center)
    app.run_frames(2, DT)
    from tabletop.ui.table import TableScene
    assert isinstance(app.top, TableScene)
    assert app.top.ctl.state.digest() == digest


def test_the_frame_time_bench_spreads_any_games_piles_over_the_table():
    from tabletop.ui.bench import _busy_view

    app, table = start(seed=3)
    drawn = _busy_view(table, min_cards=60)
    assert drawn >= 60
    zones = table.view["zones"]
    for zd in table.layout.zones:
        if zd.kind == "pile":
            assert len(zones.get(table.zone_key(zd), [])) <= 1, zd.key
    assert all(c.get("face") == "up" for zd in table.layout.zones if zd.kind != "pile"
               for c in zones.get(table.zone_key(zd), []) if isinstance(c.get("iid"), str))


def test_the_large_zoom_shows_the_current_values_and_the_legend():
    # a card whose ATK was raised on the table: the right-click zoom is drawn
    # from the card as the table shows it (printed and current side by side)
    app, table = start("rush_duel", seats=("human", "human"), autopass_stop="always")
    summon = next(c for c in table.ctl.state.decision.choices_for(0) if c.kind == "summon")
    perform(app, table, summon)
    settle(app, table)
    sp = next(s for s in table.order if s.zone.startswith("p0.") and "monster" in s.zone and s.card.get("card"))
    sp.card["stats"] = dict(sp.card.get("stats") or {}, atk=9900)
    calls = []
    real_get, real_legend = table.art.get, table.art.legend
    table.art.get = lambda cid, w, h, *a, **kw: calls.append((cid, h, kw.get("live"))) or real_get(cid, w, h, *a, **kw)
    table.art.legend = lambda cid, *a: calls.append(("legend", cid)) or real_legend(cid, *a)
    from uihelp import post
    post(app, pygame.MOUSEBUTTONDOWN, (sp.x, sp.y), button=3)
    app.step(dt=DT)
    assert table.zoom_big == sp.card["card"]
    big = [c for c in calls if c[0] == sp.card["card"] and c[1] == 588]
    assert big and big[-1][2] is sp.card and big[-1][2]["stats"]["atk"] == 9900
    assert ("legend", sp.card["card"]) in calls


def test_the_still_layer_redrawn_in_part_matches_a_whole_redraw():
    # cards that start or stop moving redraw only the part of the still layer
    # they cover (clipped, in their order): the picture must be the one a
    # whole redraw gives
    app, table = start("rush_duel", seats=("human", "human"), speed="normal", autopass_stop="always")
    for _ in range(3):
        d = table.ctl.state.decision
        c = next((c for c in d.choices_for(d.players[0]) if c.kind in ("summon", "set")), None)
        if c is None:
            break
        table.apply_choice(c, confirm=False)
        for _ in range(200):          # the hand closes up card by card: partial redraws
            app.step(dt=DT)
            if not table.queue.busy and not any(abs(s.x - s.tx) > 1 or abs(s.y - s.ty) > 1 for s in table.order):
                break
        app.step(dt=DT)
        app.step(dt=DT)
        part = pygame.image.tobytes(table._still_layer[2], "RGB")
        table._still_layer = None
        app.step(dt=DT)
        assert pygame.image.tobytes(table._still_layer[2], "RGB") == part
