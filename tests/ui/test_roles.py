"""The table, auto-pass, confirmations, undo and the agents read what a
choice means from its role (core.ROLES), never from its kind name."""

from __future__ import annotations

from tabletop.ai.agents import RandomAgent, playing_choices
from tabletop.engine.core import Choice, Decision
from tabletop.engine.registry import get_game
from tabletop.saves import Match
from tabletop.ui.controller import Controller, is_resign, moves_on, passes_or_ends
from tabletop.ui.table import is_group_add, is_group_done
from tabletop.ui.undo import real_decision


def test_kind_names_mean_nothing_only_roles_do():
    # kinds that an old guess would have read as pass, end, resign or group moves
    for kind in ("pass", "end_turn", "surrender", "move_add", "move_done", "no_response", "timeout"):
        c = Choice(kind, {"card": 3} if kind.endswith("add") else {})
        assert not (moves_on(c) or is_resign(c) or passes_or_ends(c) or is_group_add(c) or is_group_done(c)), kind
    assert moves_on(Choice("onward", role="pass")) and passes_or_ends(Choice("onward", role="pass"))
    assert moves_on(Choice("fin", role="end")) and passes_or_ends(Choice("fin", role="end"))
    assert moves_on(Choice("ok", role="confirm")) and not passes_or_ends(Choice("ok", role="confirm"))
    assert is_resign(Choice("white_flag", role="resign")) and not moves_on(Choice("white_flag", role="resign"))
    assert is_group_add(Choice("also", {"card": 4}, role="group_add")) and not is_group_add(Choice("also", role="group_add"))
    assert is_group_done(Choice("go", role="group_done")) and moves_on(Choice("go", role="group_done"))


class _Fixed:
    """A state whose decision is a given list of choices for player 0."""

    def __init__(self, choices):
        self.decision = Decision([0], "act", "act", choices)

    def view(self, player):
        return {"active": 1}


def _controller(choices):
    ctl = Controller(Match.new(get_game("mini"), seed=3), autosave=False)
    ctl.match.state = _Fixed(choices)
    return ctl


def test_auto_pass_takes_a_lone_choice_that_moves_the_game_on():
    onward = Choice("onward", {}, 0, role="pass")
    flag = Choice("white_flag", {}, 0, role="resign")
    assert _controller([onward, flag]).auto_choice(0, "never") == onward
    assert _controller([Choice("pass", {}, 0), flag]).auto_choice(0, "never") is None   # no role: a real move
    assert _controller([onward, Choice("strike", {"card": 1}, 0)]).auto_choice(0, "never") is None
    assert _controller([onward]).auto_choice(0, "always") is None


def test_confirmation_for_ending_while_moves_remain_and_always_for_resigning():
    fin = Choice("fin", {}, 0, role="end")
    strike = Choice("strike", {"card": 1}, 0)
    clock = Choice("clock", {}, 0, role="timeout")
    assert _controller([fin, strike]).needs_confirm(fin)
    assert not _controller([fin, clock]).needs_confirm(fin)    # the timeout is not the player's move
    assert not _controller([Choice("end_turn", {}, 0), strike]).needs_confirm(Choice("end_turn", {}, 0))
    flag = Choice("white_flag", {}, 0, role="resign")
    assert _controller([flag, fin]).needs_confirm(flag)


def test_undo_and_the_random_agent_leave_resigning_aside():
    flag = Choice("white_flag", {}, 0, role="resign")
    strike = Choice("strike", {"card": 1}, 0)
    # a player's resign choice comes after their others (the engine contract)
    assert not real_decision(_Fixed([strike, flag]), 0)
    assert real_decision(_Fixed([strike, Choice("fin", {}, 0, role="end"), flag]), 0)
    assert playing_choices([strike, flag]) == [strike] and playing_choices([flag]) == [flag]
    agent = RandomAgent(5)
    assert all(agent.choose(_Fixed([strike, Choice("surrender", {}, 0), flag]), 0) != flag for _ in range(40))


def test_the_engines_own_answer_is_the_gold_button():
    # Riftbound asks how to pay where payments differ; the usual payment (role
    # "default") is one click away, lit like moving on, the others beside it
    import random

    from uihelp import DT, make_app

    game = get_game("riftbound")
    m = Match.new(game, seed=1)
    rng = random.Random(1)
    for _ in range(400):
        d = m.state.decision
        if d is None or (d.kind == "pay_cost" and list(d.players) == [0]):
            break
        m.apply(rng.choice(playing_choices(d.choices_for(d.players[0]))))
    d = m.state.decision
    assert d is not None and d.kind == "pay_cost"
    app = make_app()
    table = app.start_match(m, ("human", "human"))
    table.handoff_for = None
    app.run_frames(3, DT)
    buttons = {b.payload.id: b for b in table.bar_buttons if b.payload is not None}
    default = next(c for c in d.choices_for(0) if c.role == "default")
    others = [c for c in d.choices_for(0) if c.role != "default"]
    assert others and default.id in buttons and buttons[default.id].accent
    assert all(c.id in buttons and not buttons[c.id].accent for c in others)
