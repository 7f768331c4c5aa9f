"""Bugs found playing in a real window (Xvfb + xdotool), each pinned by a test."""

import pygame

from tabletop.engine.core import Event
from uihelp import DT, click, drag, move, post, start


def _to_battle_with_a_target(seed=3):
    """Mini: both players summon a monster face up; player 2 goes to battle,
    where their monster may attack player 1's."""
    app, table = start(seed=seed, autopass_stop="always")
    for kinds in (("summon",), ("end_phase",), ("end_turn",), ("summon",), ("end_phase",)):
        d = table.ctl.state.decision
        c = next(c for c in d.choices if c.kind in kinds)
        table.apply_choice(c, confirm=False)
        table.skip()
        app.run_frames(2, DT)
        if table.handoff_for is not None:
            click(app, (800, 450))
    return app, table


def test_an_attacker_dropped_beside_its_target_but_covering_it_attacks_it():
    app, table = _to_battle_with_a_target()
    d = table.ctl.state.decision
    att = next(c for c in d.choices if c.kind == "attack" and c.args.get("target") is not None)
    me, foe = table.sprites[att.args["card"]], table.sprites[att.args["target"]]
    fr = foe.rect()
    # let go with the pointer just past the target's right edge, grabbed near the
    # attacker's right edge: the pointer misses the target, the card covers it
    grab = (me.x + me.rect().w * 0.4, me.y)
    drop = (fr.right + 6, fr.centery)
    assert table.sprite_at(drop) is None or table.sprite_at(drop).key != foe.key
    n = len(table.ctl.match.log)
    drag(app, grab, drop, steps=12)
    app.run_frames(30, DT)
    assert len(table.ctl.match.log) == n + 1, app.toast_text
    assert table.ctl.match.log[-1] == (att.player, att.id)


def test_a_drop_covering_no_target_still_goes_back():
    app, table = _to_battle_with_a_target()
    d = table.ctl.state.decision
    att = next(c for c in d.choices if c.kind == "attack" and c.args.get("target") is not None)
    me = table.sprites[att.args["card"]]
    n = len(table.ctl.match.log)
    drag(app, (me.x, me.y), (700, 395), steps=12)
    app.run_frames(5, DT)
    assert len(table.ctl.match.log) == n


def _toast_fill(app):
    app.render()
    r, _ = app.toast_rect()
    return tuple(app.canvas.get_at((r.x + 5, r.centery)))[:3]


def test_saving_says_so_calmly_and_a_refused_drop_in_red():
    app, table = start(seed=4, autopass_stop="always")
    from uihelp import key
    key(app, pygame.K_ESCAPE)
    click(app, next(b for b in table.actions if b.text == "Save game").rect.center)
    app.step(dt=DT)
    table.name_entry.set_text("calm")
    click(app, next(b for b in table.actions if b.text == "Save").rect.center)
    app.run_frames(2, DT)
    assert app.toast_text == "Saved as calm.toml"
    r, g, b = _toast_fill(app)
    assert g > r, "a saved game is news, not an error: the toast must not be red"
    summon = next(c for c in table.ctl.state.decision.choices if c.kind == "summon")
    sp = table.sprites[summon.args["card"]]
    zr = next(zd.rect for zd in table.layout.zones if table.zone_key(zd) == "p1.monster")
    drag(app, (sp.x, sp.y), zr.center)
    assert "own monster zone" in app.toast_text
    r, g, b = _toast_fill(app)
    assert r > g, "a refused move is shown in red"


def test_the_preview_follows_the_pointer_when_the_hovered_card_leaves():
    app, table = start(seed=4, autopass_stop="always")
    summon = next(c for c in table.ctl.state.decision.choices if c.kind == "summon")
    sp = table.sprites[summon.args["card"]]
    home = (sp.x, sp.y)
    move(app, home)
    assert table.hover_key == sp.key
    table.apply_choice(summon, confirm=False)   # the card leaves the hand; the pointer stays
    table.skip()
    app.run_frames(40, DT)
    assert (sp.x, sp.y) != home
    under = table.sprite_at(app.vmouse)
    assert table.hover_key == (under.key if under is not None else None)
    assert table.hover_key != sp.key


def test_continue_shows_the_log_of_the_game_so_far():
    from tabletop.saves import unfinished_games
    from tabletop.ui.scenes import MenuScene

    app, table = start(seed=4, autopass_stop="always")
    summon = next(c for c in table.ctl.state.decision.choices if c.kind == "summon")
    table.apply_choice(summon, confirm=False)
    table.skip()
    app.run_frames(3, DT)
    before = [a.caption for a, _ in table.log]
    assert any("Summon" in c or "summon" in c for c in before)
    assert [e["path"] for e in unfinished_games()] == [str(table.ctl.match.autosave_path)]
    app.reset_to(MenuScene(app))     # as after a crash: a fresh table from the autosave
    app.run_frames(2, DT)
    click(app, app.top.buttons["Continue"].rect.center)
    app.run_frames(2, DT)
    again = app.top
    assert again is not table and again.ctl.state.digest() == table.ctl.state.digest()
    shown = [a.caption for a, _ in again.log]
    assert shown[-len(before):] == before    # the log goes on where the game was left


def test_a_zoomed_card_does_not_repeat_a_keyword_its_text_spells_out():
    from tabletop.engine.registry import get_game
    from tabletop.ui.cards import rules_body

    rb = get_game("riftbound")
    d = rb.describe_card("F-U02")  # Ashfang Raider: keyword Assault, text "Assault 1."
    assert d["keywords"] == ["Assault"] and d["text"] == "Assault 1."
    assert rules_body(d) == "Assault 1."
    assert rules_body({"text": "Destroy a Tank unit.", "keywords": ["Tank"]}) == "Tank.\nDestroy a Tank unit."
    assert rules_body({"text": "", "keywords": ["Initiative", "Guard"]}) == "Initiative, Guard."


def test_a_known_card_put_face_down_on_the_deck_shows_its_back():
    """Riftbound's mulligan puts the set-aside cards on the bottom of the deck:
    while that move played, the pile showed the card's face on top."""
    from tabletop.engine.core import Event as Ev
    from tabletop.ui.anim import patch

    app, table = start(seed=4, autopass_stop="always")
    hand = table.view["zones"]["p0.hand"]
    card = dict(hand[0])
    ev = Ev("card.move", "Player 1 recycles a card to the bottom", "test",
            {"card": card["iid"], "card_id": card["card"], "from": "p0.hand", "to": "p0.deck",
             "index": len(table.view["zones"]["p0.deck"]), "face": "down"})
    patch(table.view, ev, table.slot_zones)
    table.relayout(snap=True)
    sp = table.sprites[card["iid"]]
    assert sp.zone == "p0.deck" and sp.card["card"] == card["card"] and sp.order == 0
    w, h = sp.w, sp.h
    assert table._card_surface(sp, w, h, False) is table.art.get(None, w, h, False, False)
    # a face-up card on a pile (a graveyard) still shows its face
    sp.card = dict(sp.card, face="up")
    assert table._card_surface(sp, w, h, False) is not table.art.get(None, w, h, False, False)


def test_a_lesson_keeps_the_step_made_on_the_panel_while_its_events_play():
    """A Lumen Condenser lesson: the learner readies Straight Punch; while
    the battle plays, the panel once said the next step's caption too early."""
    from pathlib import Path

    from tabletop.ui.coach import start_lesson
    from uihelp import make_app, perform

    app = make_app(speed="normal")
    path = Path(__file__).resolve().parents[2] / "games" / "lumen_condenser" / "lessons" / "02-ready-and-judgment.toml"
    table = start_lesson(app, "lumen_condenser", str(path))
    app.run_frames(2, DT)
    run, coach = table.ctl.run, table.coach
    for _ in range(200):            # Next up to the first step that asks for a move
        app.step(dt=DT)
        if coach.pause_caption:
            coach.resume()
        elif not table.queue.busy and run.step.do is None:
            coach.next()
        elif not table.queue.busy:
            break
    k = run.step_index
    made = run.lesson.steps[k]
    perform(app, table, run.expected_choice())
    app.step(dt=DT)
    assert table.queue.busy and run.step_index == k + 1
    assert coach.shown_caption == made.caption
    assert coach.shown_caption != run.step.caption
    for _ in range(3000):           # once everything has played, the next step's caption
        app.step(dt=DT)
        if coach.pause_caption:
            coach.resume()
        if not table.queue.busy:
            break
    app.step(dt=DT)
    assert coach.shown_caption == run.step.caption


def test_a_one_line_number_counter_shows_its_whole_label():
    """Lumen Condenser's "Trait counter" (140 x 26, a number) read "Trait coun..."."""
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from tabletop.ui import gfx
    from tabletop.ui.table import TableScene
    from uihelp import make_app

    app = make_app()
    table = app.start_match(Match.new(get_game("lumen_condenser"), seed=1), ("human", "human"))
    app.run_frames(2, DT)
    cd = next(c for c in table.layout.counters if c.key == "trait" and c.owner == "self")
    assert cd.rect.h < 44 and cd.style == "number" and cd.label == "Trait counter"
    num = gfx.text("0", 22, gfx.TEXT, True).get_rect(midright=(cd.rect.right - 8, cd.rect.centery))
    assert TableScene.compact_label(cd, num, graph=False) == "Trait counter"


def test_the_turn_number_moves_on_with_the_turn_banner():
    """Rush Duel: the top bar said "Turn 1" under a "Turn 2: Player 1's turn" banner
    until every event of the computer's turn had played."""
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from uihelp import make_app

    app = make_app(speed="normal")
    match = Match.new(get_game("rush_duel"), seed=7)
    table = app.start_match(match, ("human", "human"))
    app.run_frames(2, DT)
    st = table.ctl.state
    before = table.view["turn"]
    for _ in range(40):   # end turns until a turn.begin event comes out of a choice
        d = st.decision
        c = next((c for c in d.choices if c.role == "end"), None) or next(
            c for c in d.choices if c.role != "resign")
        table.apply_choice(c, confirm=False)
        evs = [e for e in table.queue.items] + ([table.queue.current] if table.queue.current else [])
        if any(e.kind == "turn.begin" for e in evs):
            break
        table.skip()
    for _ in range(2000):
        app.step(dt=DT)
        cur = table.queue.current
        if cur is not None and cur.kind == "turn.begin":
            break
    assert cur is not None and cur.kind == "turn.begin"
    assert table.view["turn"] == cur.data["turn"] != before
    assert table.view["active"] == cur.data["player"]


def test_a_held_card_comes_to_rest_under_a_still_pointer():
    """At 60 frames a second the mouse body overshot by a frame's travel and
    bounced for ever: a card held still jumped about, up to 150 px away."""
    from tabletop.ui.physics import HeldCard

    h = HeldCard("k", (425, 495), (72, 100), (425, 495))
    try:
        p = (425.0, 495.0)
        for i in range(1, 9):               # a quick flick up, a pointer move every other frame...
            p = (425 + 6 * i, 495 - 18 * i)
            for _ in range(2):
                h.move_mouse(p, 1 / 60)
                h.step(1 / 60)
        for _ in range(60):                 # ...then the pointer stays still for a second
            h.move_mouse(p, 1 / 60)
            h.step(1 / 60)
        x, y = h.pos
        assert abs(x - p[0]) < 2 and abs(y - p[1]) < 2, (x, y, p)
        assert abs(h.angle_deg) < 1
    finally:
        h.dispose()


def test_a_card_held_on_the_table_stays_under_the_pointer():
    app, table = start(seed=4, autopass_stop="always", speed="normal")
    summon = next(c for c in table.ctl.state.decision.choices if c.kind == "summon")
    sp = table.sprites[summon.args["card"]]
    a = (sp.x, sp.y)
    move(app, a)
    post(app, pygame.MOUSEBUTTONDOWN, a, button=1)
    app.step(dt=DT)
    b = a
    for i in range(1, 9):
        b = (a[0] + 6 * i, a[1] - 22 * i)
        post(app, pygame.MOUSEMOTION, b, rel=(6, -22), buttons=(1, 0, 0))
        app.step(dt=DT)
        app.step(dt=DT)                     # the pointer reports every other frame
    assert table.held is not None
    app.run_frames(60, DT)                  # the pointer rests for a second
    x, y = table.held.pos
    assert abs(x - b[0]) < 3 and abs(y - b[1]) < 3, (x, y, b)
    post(app, pygame.MOUSEBUTTONUP, b, button=1)
    app.step(dt=DT)


def _timed_lumen(speed):
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from uihelp import make_app

    game = get_game("lumen_condenser")
    setup = game.default_setup()
    setup["timed"] = True
    setup["players"][1]["name"] = "Computer"
    app = make_app(speed=speed)
    return app, app.start_match(Match(game, setup, 5), ("human", "computer"))


def test_timed_lumen_against_the_computer_puts_the_person_on_the_clock():
    """Simultaneous readies were always taken from the person first, so in timed
    play the computer answered at once and the person never saw a countdown."""
    app, table = _timed_lumen("instant")
    from uihelp import settle
    settle(app, table)               # the computer's lumen timing, then the ready phase
    d = table.ctl.state.decision
    assert d.kind == "ready" and table.can_act()
    assert table.ctl.match.log[-1][0] == 1 and "ready" in table.ctl.match.log[-1][1]  # the computer readied first
    info = table._countdown_info()
    assert info is not None and info[0] == 0  # and the person is on the clock
    app.run_frames(30, DT)
    assert table.countdown is not None and table.countdown[1] < table.countdown[2]


def test_the_countdown_goes_away_once_the_person_has_readied():
    """It stayed on screen, frozen at the seconds left, while the battle played."""
    from uihelp import settle

    app, table = _timed_lumen("normal")
    settle(app, table, frames=3000)
    assert table._countdown_info() is not None
    app.run_frames(5, DT)
    assert table.countdown is not None
    ready = next(c for c in table.ctl.state.decision.choices_for(0) if c.kind == "ready")
    table.apply_choice(ready, confirm=False)
    app.step(dt=DT)
    assert table.queue.busy and table.countdown is None


def test_a_long_cost_fits_its_badge():
    """Riftbound's "7RR" (Inferno Colossus) was cut to "RR" by a round badge."""
    from tabletop.engine.registry import get_game
    from tabletop.ui import gfx
    from tabletop.ui.cards import CardArt, draw_cost_badge

    rb = get_game("riftbound")
    d = rb.describe_card("F-U14")
    assert d["cost"] == "7RR"
    s = pygame.Surface((72, 100), pygame.SRCALPHA)
    band = pygame.Rect(3, 3, 66, 14)
    r = draw_cost_badge(s, band, d["cost"], 11)
    assert r.w >= gfx.text("7RR", 11, (255, 255, 255), True).get_width() + 4
    assert r.x >= 0 and r.right < band.right
    one = draw_cost_badge(s, band, "2", 11)
    assert one.w == one.h                          # a one-digit cost keeps its round badge
    CardArt(rb).get("F-U14", 72, 100)               # and the face still renders


def test_enter_on_a_step_that_asks_for_a_move_says_so_not_the_wrong_move_hint():
    """Rush Duel lesson 1 step 2: Enter showed "Setting would put Ridgeback Wolf
    face down ..." although nothing had been set."""
    from tabletop.ui.coach import start_lesson
    from tabletop.ui.scenes import list_lessons
    from uihelp import key, make_app

    lesson = next(l for l in list_lessons() if l["game"] == "rush_duel")
    app = make_app(speed="instant")
    table = start_lesson(app, "rush_duel", lesson["path"])
    app.run_frames(2, DT)
    run = table.ctl.run
    for _ in range(50):
        if run.step is not None and run.step.do is not None and not table.queue.busy:
            break
        key(app, pygame.K_RETURN)
        app.run_frames(3, DT)
    assert run.step.do is not None and run.step.hint
    n = len(run.history)
    key(app, pygame.K_RETURN)
    assert len(run.history) == n
    assert run.step.hint not in app.toast_text
    assert "asks for a move" in app.toast_text


def test_the_coach_does_not_ring_the_gap_a_held_card_left():
    """Rush Duel lesson 1 step 2 points at Ridgeback Wolf: while it was held, an
    orange ring outlined the empty place in the hand."""
    from tabletop.ui.coach import start_lesson
    from tabletop.ui.scenes import list_lessons
    from uihelp import key, make_app

    lesson = next(l for l in list_lessons() if l["game"] == "rush_duel")
    app = make_app(speed="instant")
    table = start_lesson(app, "rush_duel", lesson["path"])
    app.run_frames(2, DT)
    run, coach = table.ctl.run, table.coach
    for _ in range(50):
        if run.step is not None and run.step.do is not None and not table.queue.busy:
            break
        key(app, pygame.K_RETURN)
        app.run_frames(3, DT)
    want = run.expected_choice()
    sp = table.sprites[want.args["card"]]
    assert sp.rect() in coach.points()
    move(app, (sp.x, sp.y))
    post(app, pygame.MOUSEBUTTONDOWN, (sp.x, sp.y), button=1)
    app.step(dt=DT)
    post(app, pygame.MOUSEMOTION, (sp.x + 30, sp.y - 90), rel=(1, 1), buttons=(1, 0, 0))
    app.step(dt=DT)
    assert table.held_card is sp
    assert sp.rect() not in coach.points()
    assert coach.points()                       # the zone it goes to is still pointed at


def test_a_waiting_table_draws_fewer_frames():
    """A table waiting for a person kept 60% of a core busy at 60 frames a second."""
    from tabletop.ui.app import FPS, IDLE_FPS

    app, table = start(seed=4, autopass_stop="always", speed="normal")
    app.run_frames(120, DT)
    assert table.can_act() and table.is_idle()
    assert app.frame_rate() == IDLE_FPS < FPS
    summon = next(c for c in table.ctl.state.decision.choices if c.kind == "summon")
    sp = table.sprites[summon.args["card"]]
    move(app, (sp.x, sp.y))
    post(app, pygame.MOUSEBUTTONDOWN, (sp.x, sp.y), button=1)
    app.step(dt=DT)
    post(app, pygame.MOUSEMOTION, (sp.x + 30, sp.y - 90), rel=(1, 1), buttons=(1, 0, 0))
    app.step(dt=DT)
    assert table.held is not None and app.frame_rate() == FPS   # a held card swings at full rate
    from uihelp import key
    key(app, pygame.K_ESCAPE)
    assert not table.is_idle()                                  # it slides home
    app.run_frames(120, DT)
    assert table.is_idle()
    table.apply_choice(summon, confirm=False)
    app.step(dt=DT)
    assert table.queue.busy and app.frame_rate() == FPS         # the steps play at full rate
    from tabletop.ui.scenes import MenuScene
    app.reset_to(MenuScene(app))
    assert app.frame_rate() == FPS                              # menus are unchanged


def _quiet(app) -> None:
    """As if the last input came long ago (the widgets' hover has settled)."""
    app._last_input = float("-inf")


def test_a_waiting_table_and_the_menu_sleep_until_input():
    """The window blocks on input while nothing moves: drawing a still
    picture over and over kept most of a core busy at the menu."""
    app, table = start(seed=4, autopass_stop="always", speed="normal")
    app.run_frames(120, DT)
    _quiet(app)
    assert table.can_act() and table.is_idle()
    app.sleep_time()
    assert app.sleep_time() is not None                         # a waiting table sleeps
    app.toast("Saved", 2.0, ok=True)
    assert app.sleep_time() <= 2.01                             # ... and wakes when a toast ends
    app.toast_t = 0
    summon = next(c for c in table.ctl.state.decision.choices if c.kind == "summon")
    sp = table.sprites[summon.args["card"]]
    move(app, (sp.x, sp.y))
    assert app.sleep_time() is None                             # just moved the mouse: hover settles
    post(app, pygame.MOUSEBUTTONDOWN, (sp.x, sp.y), button=1)
    app.step(dt=DT)
    post(app, pygame.MOUSEMOTION, (sp.x + 30, sp.y - 90), rel=(1, 1), buttons=(1, 0, 0))
    app.step(dt=DT)
    _quiet(app)
    assert table.held is not None and app.sleep_time() is None  # a held card swings
    from uihelp import key
    key(app, pygame.K_ESCAPE)
    app.run_frames(120, DT)
    table.apply_choice(summon, confirm=False)
    app.step(dt=DT)
    _quiet(app)
    assert table.queue.busy and app.sleep_time() is None        # the steps play
    from tabletop.ui.scenes import MenuScene
    menu = MenuScene(app)
    app.reset_to(menu)
    if menu._finding is not None:
        menu._finding.join()
    app.step(dt=DT)
    _quiet(app)
    app.sleep_time()
    assert app.sleep_time() is not None                         # the menu is a still picture
    assert "installed" in menu.games_label.text                 # found in the background


def test_settings_offer_only_window_sizes_that_fit_the_screen(monkeypatch):
    from tabletop.ui import scenes
    from uihelp import make_app

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1600, 900)])
    assert scenes.fitting_sizes() == ["1024x640", "1280x720", "1600x900"]
    app = make_app()
    app.reset_to(scenes.SettingsScene(app))
    app.run_frames(2, DT)
    opts = app.top.size.options_list
    names = [o[0] if isinstance(o, tuple) else o for o in opts]
    assert "1920x1080" not in names and "1600x900" in names


def test_the_load_list_names_the_game_by_its_title():
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match, saves_dir
    from tabletop.ui.scenes import LoadScene
    from uihelp import make_app

    m = Match.new(get_game("rush_duel"), seed=2)
    m.name = "mine"
    m.save(saves_dir() / "mine.toml")
    app = make_app()
    app.reset_to(LoadScene(app))
    app.run_frames(2, DT)
    row = next(l for l in app.top.labels if l.startswith("mine"))
    assert get_game("rush_duel").title in row and " rush_duel " not in row
