"""Undo against the computer (Ctrl+Z, the game menu's Undo), take-back at one
screen (the other player accepts, the table hidden meanwhile), and the rule
that undo never crosses hidden information the undoing player has seen."""

import pygame

from tabletop.engine.registry import get_game
from tabletop.saves import Match, autosave_dir, load_match
from tabletop.ui.controller import Controller
from tabletop.ui.undo import plan_undo
from uihelp import DT, click, ctrl_z, key, perform, settle, start


def _choose(table, kind, player=0):
    d = table.ctl.state.decision
    return next(c for c in d.choices_for(player) if c.kind == kind)


def _apply(match, kind, player=None):
    d = match.state.decision
    p = d.players[0] if player is None else player
    match.apply(next(c for c in d.choices_for(p) if c.kind == kind))


def _autosave_digest():
    (path,) = autosave_dir().glob("*.toml")  # the one game's autosave
    return load_match(path).state.digest()


def test_ctrl_z_against_the_computer_takes_back_the_move_and_the_replies():
    app, table = start(seats=("human", "computer"), keep=False, autopass_stop="always")
    match = table.ctl.match
    settle(app, table)  # the opening hands are chosen at once: the computer's pick comes first, hidden
    assert len(match.log) == 1 and match.log[0][0] == 1
    first = match.state.digest()
    perform(app, table, _choose(table, "keep"))
    settle(app, table)
    assert len(match.log) == 2 and match.log[1][0] == 0
    before = match.state.digest()
    perform(app, table, _choose(table, "summon"))
    settle(app, table)
    assert len(match.log) == 3
    ctrl_z(app)                                  # the summon alone
    assert match.state.digest() == before and len(match.log) == 2
    assert _autosave_digest() == before          # the autosave follows
    assert "Took back: Summon" in app.toast_text
    ctrl_z(app)                                  # the keep (the computer's pick before it stays)
    assert match.state.digest() == first and len(match.log) == 1
    assert "Took back: Keep" in app.toast_text
    ctrl_z(app)                                  # nothing of the person's left to take back
    assert len(match.log) == 1 and "nothing to take back" in app.toast_text
    app.run_frames(3, DT)
    assert table.can_act()                       # the person decides again at the restored position


def test_undo_from_the_game_menu_and_the_setting_that_turns_it_off():
    app, table = start(seats=("human", "computer"), autopass_stop="always")
    match = table.ctl.match
    n, before = len(match.log), match.state.digest()
    perform(app, table, _choose(table, "summon"))
    settle(app, table)
    table.open_menu()
    app.run_frames(2, DT)
    undo = next(b for b in table.actions if b.text == "Undo (Ctrl+Z)")
    click(app, undo.rect.center)
    app.run_frames(2, DT)
    assert match.state.digest() == before and len(match.log) == n and not table.menu_open
    # switched off in the settings: no menu entry, Ctrl+Z says so and changes nothing
    perform(app, table, _choose(table, "summon"))
    settle(app, table)
    app.settings.allow_undo = False
    ctrl_z(app)
    assert len(match.log) == n + 1 and "switched off" in app.toast_text
    table.open_menu()
    app.run_frames(2, DT)
    assert not any(b.text.startswith("Undo") for b in table.actions)


def test_undo_is_refused_after_the_player_drew_a_card():
    """After the computer's turn the human has drawn: taking back their end of
    turn would let them redo it knowing the card, so nothing is taken back."""
    app, table = start(seats=("human", "computer"), autopass_stop="always")
    match = table.ctl.match
    perform(app, table, _choose(table, "summon"))
    settle(app, table)
    perform(app, table, _choose(table, "end_phase"))
    settle(app, table)
    perform(app, table, _choose(table, "end_turn"))
    for _ in range(60):                          # the computer's whole turn, up to the human's draw
        settle(app, table)
        if table.ctl.decider() == 0 and match.state.turn == 3:
            break
    assert table.ctl.decider() == 0 and match.state.turn == 3
    n, digest = len(match.log), match.state.digest()
    ctrl_z(app)
    assert len(match.log) == n and match.state.digest() == digest
    assert "Can't take that back" in app.toast_text and "Player 1 draws a card" in app.toast_text
    assert "hidden" in app.toast_text


def test_undo_stops_just_after_a_card_the_player_saw():
    """The computer summoned face up (a card from its hand, now known) and then
    went to battle: the undo goes back only to just after the summon."""
    game = get_game("mini")
    match = Match.new(game, seed=3)
    _apply(match, "keep", 0)
    _apply(match, "keep", 1)
    _apply(match, "summon")
    _apply(match, "end_phase")
    _apply(match, "end_turn")                    # player 2 draws: hidden from player 1
    assert match.state.decision.players == (1,)
    _apply(match, "summon")                      # shown to player 1
    _apply(match, "end_phase")
    ctl = Controller(match, ("human", "computer"), autosave=False)
    plan = ctl.undo_plan(0)
    assert plan.ok and plan.limited and plan.target == 6 and plan.current == 7
    assert "only to just after" in plan.message and "Player 2 summons a monster" in plan.message
    want = Match.new(game, seed=3)
    want.log = list(match.log[:6])
    want.replay_to(6)
    assert ctl.undo(plan)
    assert len(match.log) == 6 and match.state.digest() == want.state.digest()
    # nothing hidden seen since the last choice: the whole move is taken back
    plan = plan_undo(match, 1)
    assert plan.ok and not plan.limited and plan.target == 5


def test_take_back_at_one_screen_needs_the_other_players_yes():
    app, table = start(seats=("human", "human"), autopass_stop="always")
    match = table.ctl.match
    n, before = len(match.log), match.state.digest()
    perform(app, table, _choose(table, "summon"))
    settle(app, table)
    after = match.state.digest()
    hand = next(sp for sp in table.order if sp.zone == "p0.hand" and sp.order >= 0)
    ctrl_z(app)
    assert table.takeback is not None and table.dialog is not None
    assert match.state.digest() == after          # nothing happens before the answer
    app.run_frames(2, DT)
    assert tuple(app.canvas.get_at((int(hand.x), int(hand.y))))[:3] == (14, 18, 26)  # the table is hidden
    assert "Player 2, do you accept?" in table.dialog[0].confirmation_text.html_text
    # declined: the move stands and the screen goes back to the one who asked
    click(app, table.dialog[0].cancel_button.rect.center)
    app.run_frames(2, DT)
    assert table.takeback is None and match.state.digest() == after and len(match.log) == n + 1
    assert "declined" in app.toast_text and table.handoff_for == 0
    click(app, (800, 450))
    # asked again and accepted: back to before the summon
    ctrl_z(app)
    click(app, table.dialog[0].confirm_button.rect.center)
    app.run_frames(2, DT)
    assert match.state.digest() == before and len(match.log) == n
    assert table.takeback is None and table.handoff_for == 0 and "accepted" in app.toast_text
    click(app, (800, 450))
    assert table.viewer == 0 and table.can_act()


def test_esc_on_a_take_back_request_declines_it():
    app, table = start(seats=("human", "human"), autopass_stop="always")
    match = table.ctl.match
    perform(app, table, _choose(table, "summon"))
    settle(app, table)
    n = len(match.log)
    ctrl_z(app)
    assert table.takeback is not None
    key(app, pygame.K_ESCAPE)
    app.run_frames(2, DT)
    assert table.takeback is None and table.dialog is None and len(match.log) == n


def test_monkey_with_undo_never_raises():
    """Random Ctrl+Z, clicks and Esc against the computer: undo and the
    computer's worker thread never leave the table broken."""
    from tabletop.engine.rng import PCG32

    app, table = start(seats=("human", "computer"), autopass_stop="always", speed="fast")
    rng = PCG32(77)
    match = table.ctl.match
    for i in range(300):
        r = rng.randbelow(10)
        if r < 3:
            ctrl_z(app)
        elif r < 4:
            key(app, pygame.K_ESCAPE)
        elif table.can_act() and table.my_choices():
            c = rng.choice(table.my_choices())
            if c.role != "resign":
                table.apply_choice(c, confirm=False)
        app.step(dt=DT)
        if table.ctl.thinking:
            table.ctl.wait_computer(2.0)
        replay = Match.new(get_game("mini"), seed=match.seed)
        replay.log = list(match.log)
        replay.replay_to(len(replay.log))
        assert replay.state.digest() == match.state.digest()


def test_the_log_rebuilt_after_a_take_back_has_no_uncaptioned_steps():
    # Rush Duel animates its card moves without a caption (the summon's own
    # line says it); rebuilt after an undo, the log still leaves them out
    app, table = start("rush_duel", seats=("human", "computer"), keep=True, autopass_stop="always")
    settle(app, table)
    summon = next((c for c in table.ctl.state.decision.choices_for(0) if c.kind == "summon"), None)
    assert summon is not None
    perform(app, table, summon)
    settle(app, table)
    perform(app, table, next(c for c in table.ctl.state.decision.choices_for(0) if c.kind != "summon"))
    settle(app, table)
    ctrl_z(app)
    assert "Took back" in app.toast_text
    assert table.log, "the rebuilt log shows the summon"
    assert all(e0.caption or e1.caption for e0, e1 in table.log)
