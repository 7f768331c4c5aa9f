"""What a newcomer hit at the table, driven through the real app: the
hand-off before the first hot-seat decision, a refused pick-up that says why,
a direct attack and a Get made by dragging, the end/pass question, conceding,
the first turn's log line and the New game screen's memory."""

from __future__ import annotations

import random

import pygame

from tabletop.engine.registry import get_game
from tabletop.saves import Match, load_match
from uihelp import DT, click, drag, key, make_app, settle, start

SEATS = ("human", "human")


def _hand_hidden(table) -> bool:
    return table.handoff_for is not None and not table.can_act()


def test_a_new_hot_seat_game_opens_behind_the_hand_off_screen():
    from tabletop.ui.scenes import NewGameScene

    app = make_app()
    scene = NewGameScene(app, "rush_duel")
    app.push(scene)
    app.run_frames(2, DT)
    scene.start()
    table = app.top
    app.run_frames(3, DT)
    assert _hand_hidden(table)                       # nobody's cards show yet
    assert table.handoff_for == table.ctl.decider()  # the first decider is asked to sit down
    click(app, (800, 450))
    assert table.handoff_for is None and table.can_act()


def test_a_loaded_hot_seat_game_opens_behind_the_hand_off_screen(tmp_path):
    m = Match.new(get_game("rush_duel"), seed=5)
    for _ in range(6):
        d = m.state.decision
        m.apply(next(c for c in d.choices_for(d.players[0]) if c.role != "resign"))
    path = tmp_path / "g.toml"
    m.save(path)
    app = make_app()
    table = app.start_match(load_match(path), SEATS)
    app.run_frames(3, DT)
    assert _hand_hidden(table)


def _rush_main_with_stuck_card():
    """A Rush Duel Main Phase where a card in the deciding player's hand has no move."""
    game = get_game("rush_duel")
    for seed in range(1, 60):
        m = Match.new(game, seed=seed)
        d = m.state.decision
        p = d.players[0]
        hand = [c["iid"] for c in m.state.view(p)["zones"][f"p{p}.hand"]]
        movable = {c.args.get("card") for c in d.choices_for(p)}
        stuck = [i for i in hand if i not in movable]
        if d.kind == "main_action" and stuck:
            return m, stuck[0]
    raise AssertionError("no Rush Duel opening with a card that can't be played")


def test_a_card_with_no_move_says_why_when_picked_up():
    m, iid = _rush_main_with_stuck_card()
    app = make_app()
    table = app.start_match(m, SEATS)
    settle(app, table)
    sp = table.sprites[iid]
    app.toast_text = ""
    drag(app, (sp.x, sp.y), (sp.x, sp.y - 200))
    assert table.held is None                         # it doesn't lift
    reason = app.toast_text
    expected = table.rule_text(m.state.why_not("move", {"card": iid}, table.viewer))
    assert reason and reason.lower() == expected.lower()  # the game's own reason
    assert "seed" not in reason and "digest" not in reason


def _battle_with_direct_attack():
    """The minigame at a battle decision with a direct attack for the player."""
    app, table = start(seed=3)
    for _ in range(40):
        d = table.ctl.state.decision
        direct = [c for c in table.my_choices() if c.kind == "attack" and c.args.get("to")]
        if direct:
            return app, table, direct[0]
        p = d.players[0]
        # the first player summons, the second never does: its field stays empty
        ch = ([c for c in d.choices_for(p) if c.kind == "summon"] if p == 0 else []) or \
             [c for c in d.choices_for(p) if c.role in ("end", "confirm")] or \
             [c for c in d.choices_for(p) if c.role != "resign"]
        table.apply_choice(ch[0], confirm=False)
        settle(app, table)
    raise AssertionError("the minigame never offered a direct attack")


def test_a_direct_attack_is_dragged_onto_the_rivals_empty_zone():
    app, table, att = _battle_with_direct_attack()
    n = len(table.ctl.match.log)
    plan = table.plan(att)
    assert plan[0] == "drag"
    drag(app, plan[1], plan[2])
    settle(app, table)
    assert len(table.ctl.match.log) == n + 1 and table.ctl.match.log[-1][1] == att.id


def test_a_direct_attack_is_dragged_onto_the_rivals_life_points():
    app, table, att = _battle_with_direct_attack()
    n = len(table.ctl.match.log)
    sp = table.sprites[att.args["card"]]
    box = next(cd.rect for cd in table.layout.counters if cd.owner == "opp" and cd.key == "lp")
    drag(app, (sp.x, sp.y), box.center)
    settle(app, table)
    assert len(table.ctl.match.log) == n + 1 and table.ctl.match.log[-1][1] == att.id


def _lumen_at_get():
    game = get_game("lumen_condenser")
    for seed in range(1, 40):
        m = Match.new(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            d = m.state.decision
            if d is None:
                break
            p = d.players[0]
            gets = [c for c in d.choices_for(p) if c.kind == "get"]
            if gets:
                return m, p
            ch = [c for c in d.choices_for(p) if c.role != "resign"]
            m.apply(rng.choice(ch))
    raise AssertionError("no Get phase reached")


def test_a_get_drags_a_lit_list_card_to_the_hand():
    m, p = _lumen_at_get()
    app = make_app()
    table = app.start_match(m, SEATS)
    settle(app, table)
    assert table.viewer == p and table.can_act()
    get = next(c for c in table.my_choices() if c.kind == "get")
    assert get.args["to"] == f"p{p}.hand"            # the layout's [drops] sends a Get to the hand
    sp = table.sprites[get.args["card"]]
    hand = next(z for z in table.layout.zones if table.zone_key(z) == f"p{p}.hand")
    n = len(table.ctl.match.log)
    drag(app, (sp.x, sp.y), hand.rect.center)
    settle(app, table)
    assert len(table.ctl.match.log) == n + 1 and table.ctl.match.log[-1][1] == get.id
    assert any(c.get("iid") == get.args["card"] for c in table.ctl.state.view(p)["zones"][f"p{p}.hand"])


def test_ending_asks_only_when_a_move_is_given_up_and_names_it():
    app, table = start(seed=3)
    d = table.ctl.state.decision
    end = next(c for c in table.my_choices() if c.role == "end")
    lost = table.ctl.given_up(end)
    assert lost                                           # the main phase still offers a summon
    table.apply_choice(end)
    dlg = table.dialog[0]
    assert lost[0].label in dlg.text_box.html_text       # the question names what is given up
    assert dlg.yes_button.rect.h >= 40 and dlg.yes_button.rect.w >= 150  # normal-size buttons
    key(app, pygame.K_RETURN)                             # Enter confirms
    settle(app, table)
    assert table.dialog is None and table.ctl.state.decision is not d
    # the battle: ending the turn with no attack left asks nothing
    for _ in range(5):
        end = next((c for c in table.my_choices() if c.role == "end"), None)
        if end is None or table.ctl.given_up(end):
            break
        table.apply_choice(end)
        assert table.dialog is None
        settle(app, table)


def test_dont_ask_again_ends_and_stops_the_question():
    app, table = start(seed=3)
    end = next(c for c in table.my_choices() if c.role == "end")
    n = len(table.ctl.match.log)
    table.apply_choice(end)
    dlg = table.dialog[0]
    click(app, dlg.never_button.rect.center)
    settle(app, table)
    assert table.dialog is None and not app.settings.confirmations
    assert table.ctl.match.log[n][1] == end.id


def test_after_conceding_the_bar_offers_no_end_turn():
    app, table = start(seed=3)
    assert any(c.role == "end" for c in table.bar_choices())
    table._concede(table.viewer)
    app.run_frames(5, DT)
    assert table.ctl.over
    assert not table.bar_choices() and not [b for b in table.bar_buttons if b.payload is not None]
    assert table.top_message()[0].startswith("Game over")


def test_the_log_starts_with_the_first_turn():
    app = make_app()
    table = app.start_match(Match.new(get_game("rush_duel"), seed=2), SEATS)
    assert table.shown_log() and table.shown_log()[0][0].startswith("Turn 1")


def test_new_game_remembers_the_last_choices():
    from tabletop.ui.scenes import NewGameScene

    app = make_app()
    scene = NewGameScene(app, "lumen_condenser")
    app.push(scene)
    app.run_frames(2, DT)
    scene.mode = "computer"
    scene.start()
    again = NewGameScene(app)
    assert again.gid == "lumen_condenser" and again.mode == "computer"


def test_new_game_against_the_computer_names_your_deck_and_the_computers():
    from tabletop.ui.scenes import NewGameScene

    app = make_app()
    scene = NewGameScene(app, "rush_duel")
    app.reset_to(scene)
    for mode, words in (("computer", ("Your deck", "Computer's deck")),
                        ("hotseat", ("Player 1's deck", "Player 2's deck"))):
        scene.mode = mode
        app._rebuild()
        app.run_frames(1, DT)
        said = {el.text for el in app.ui.get_sprite_group().sprites() if isinstance(getattr(el, "text", None), str)}
        assert set(words) <= said, (mode, said)


def test_a_continued_hot_seat_game_opens_behind_the_hand_off_screen():
    from tabletop.saves import AUTOSAVE_NAME, saves_dir
    from tabletop.ui.scenes import MenuScene

    app = make_app()
    m = Match.new(get_game("lumen_condenser"), seed=3)
    m.ui["seats"] = list(SEATS)
    path = saves_dir(app.saves) / AUTOSAVE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    m.save(path)
    menu = MenuScene(app)
    app.reset_to(menu)
    menu.cont()
    table = app.top
    app.run_frames(3, DT)
    assert table is not menu and _hand_hidden(table)


def test_a_toast_on_the_table_covers_neither_the_hand_nor_the_log():
    from tabletop.ui.table_geom import RIGHT

    app, table = start(seed=3)
    app.toast("A long sentence about a refused move that names its rule and says what to do instead. " * 2)
    r, _ = app.toast_rect()
    hand = next(z.rect for z in table.layout.zones if z.key == "self.hand")
    assert not r.colliderect(hand) and not r.colliderect(RIGHT)


def test_the_game_menu_and_the_save_panel_fit_what_they_hold():
    app, table = start(seed=3)
    for mode in ("main", "save"):
        table.open_menu()
        if mode == "save":
            table._menu_save()
        app.run_frames(2, DT)
        panel = table.menu_rect()
        rects = [b.rect for b in table.actions]
        top, bottom = min(r.top for r in rects), max(r.bottom for r in rects)
        assert panel.top < top and bottom < panel.bottom
        assert panel.bottom - bottom <= 40 and top - panel.top <= 130   # no empty band (a heading sits above the buttons)
        table.close_menu()
        app.run_frames(2, DT)


def test_a_lessons_step_count_moves_on_at_next():
    from tabletop.ui.coach import start_lesson
    from tabletop.ui.scenes import list_lessons

    app = make_app(speed="normal")
    lesson = next(l for l in list_lessons() if l["game"] == "rush_duel")
    table = start_lesson(app, "rush_duel", lesson["path"])
    app.run_frames(5, DT)
    coach = table.coach
    assert coach.step_text().startswith("Step 1 of")
    assert coach.run.step is not None and coach.run.step.do is None   # the first step is read, then Next
    coach.next()
    app.step(dt=DT)
    assert coach.step_text().startswith("Step 2 of")
