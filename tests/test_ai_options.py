"""Hard's root options searched once when they come to the same thing
(tabletop/ai/equiv.py), and the lazy weighing of a planned turn's choices
(tabletop/ai/plan.py, ``lazy_step``). Reproducible: fixed seeds and
iteration counts, no timing."""

from __future__ import annotations

import copy
import importlib

import pytest

from tabletop.ai import HardAgent
from tabletop.ai.agents import apply_with_defaults
from tabletop.ai.equiv import distinct, distinct_options, position_of
from tabletop.ai.expert import _playing
from tabletop.engine.rng import PCG32
from tabletop.saves import Match
from tabletop.selfplay import selfplay_setup

from aihelp import OnlyPublic, StepClock

GAMES = ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]


def game_of(name):
    return importlib.import_module(f"games.{name}").GAME


# p0 in its Main Phase with two copies of Pebble Squire (M01) in hand
TWO_COPIES = {
    "turn": 2, "active": 0, "phase": "main", "lp": [8000, 8000],
    "p0": {"deck": ["M01", "M02", "M03"], "hand": ["M01", "M01", "M02"], "monster": [{"card": "M04"}]},
    "p1": {"deck": ["M01", "M02", "M03"], "hand": ["M05", "M06", "M14"]},
}


def after(s, c, player):
    t = s.clone()
    apply_with_defaults(t, t.decision.find(c.id, player))
    return t


def test_two_copies_played_alike_are_one_option():
    s = game_of("rush_duel").from_position(TWO_COPIES, 0)
    opts = _playing(s.decision, 0)
    kept = distinct_options(s, 0, opts, PCG32(1))
    dropped = [c for c in opts if c not in kept]
    # the second copy's summon and set go; every other option stays, in order
    assert len(dropped) == 2 and len(kept) == len(opts) - 2
    assert kept == [c for c in opts if c in kept]
    for c in dropped:
        twin = next(k for k in kept if k.label == c.label)
        assert twin.id != c.id
        assert position_of(after(s, c, 0), 0) == position_of(after(s, twin, 0), 0)
    # options with different labels are never merged, whatever their positions
    labels = [c.label for c in kept]
    assert len(set(labels)) == len(labels)


def test_options_named_alike_that_lead_apart_are_kept():
    s = game_of("rush_duel").from_position(TWO_COPIES, 0)
    opts = _playing(s.decision, 0)
    summon = next(c for c in opts if c.kind == "summon")
    set_ = next(c for c in opts if c.kind == "set")
    named_alike = copy.copy(set_)
    named_alike.label = summon.label
    looked = [[summon, after(s, summon, 0)], [named_alike, after(s, set_, 0)]]
    assert [x[0] for x in distinct(looked, 0)] == [summon, named_alike]


def test_a_decision_without_shared_labels_costs_no_world():
    s = game_of("rush_duel").from_position(TWO_COPIES, 0)
    opts = [c for c in _playing(s.decision, 0) if c.label != "Summon Pebble Squire in the centre Monster Zone"
            and not c.label.startswith("Set Pebble")]
    rng = PCG32(5)
    state = rng.copy()
    assert distinct_options(s, 0, opts, rng) == opts
    assert rng.next_u32() == state.next_u32()   # nothing drawn


@pytest.mark.parametrize("name", GAMES)
def test_hard_merging_equal_options_plays_legally_on_its_own_view(name):
    game = game_of(name)
    match = Match(game, selfplay_setup(game, 4), 4)
    agent = HardAgent(3, budget_ms=None, iterations=4, merge_equal=True, plan_lazy=True)
    steps = 0
    while match.state.decision is not None and steps < 60:
        d = match.state.decision
        if len(d.players) > 1:
            from tabletop.ai.agents import apply_picks
            apply_picks(match.state, [agent.choose(OnlyPublic(match.state), q) for q in d.players])
        else:
            p = d.players[0]
            c = agent.choose(OnlyPublic(match.state), p)
            assert match.state.decision.find(c.id, p) is not None
            assert c.role != "resign"
            match.apply(c)
        steps += 1
    assert steps == 60 or match.state.decision is None


def test_lazy_step_with_nothing_weighed_before_is_the_greedy_step():
    from tabletop.ai.expert import _one_step
    from tabletop.ai.plan import greedy_step, lazy_step

    game = game_of("rush_duel")
    s = game.from_position(TWO_COPIES, 0)
    opts = _playing(s.decision, 0)
    gains = {}
    c, t, v = lazy_step(game, s, 0, opts, _one_step(game, s, 0), gains)
    g, gt = greedy_step(game, s, 0, opts)
    assert c is g and t.digest() == gt.digest() and v == _one_step(game, gt, 0)
    assert len(gains) == len(opts)   # every option weighed once
    # from the position after it, the options are weighed best-gain first and
    # the weighing stops once the best found beats what every option left
    # unweighed added before (each of those is still at its old gain)
    opts2 = _playing(t.decision, 0)
    before = dict(gains)
    c2, _t2, v2 = lazy_step(game, t, 0, opts2, v, gains)
    assert c2 in opts2
    for o in opts2:
        k = (0, o.id)
        if k in before and gains[k] == before[k] and o is not c2:
            assert v + before[k] <= v2


def test_lazy_finish_turn_still_takes_the_win_in_the_turn():
    from tabletop.ai.plan import finish_turn

    lethal = {"turn": 2, "active": 0, "phase": "main", "lp": [8000, 1500],
              "p0": {"deck": ["M01", "M02", "M03"], "hand": ["M01"], "monster": [{"card": "M04"}]},
              "p1": {"deck": ["M01", "M02", "M03"], "hand": ["M05", "M06", "M14"]}}
    s = game_of("rush_duel").from_position(lethal, 0)
    t, done = finish_turn(s.clone(), 0, lazy=True)
    assert done and t.winner == 0


def test_a_turn_that_handed_a_root_over_hands_the_next_over_at_once():
    # ``handover_turn``: once a root of this turn was too big to plan, a later
    # one of the same turn that the plans' measured cost says is too big too
    # goes to the rollouts without planning first: more rollouts in its budget
    s = game_of("rush_duel").from_position(
        {"turn": 2, "active": 0, "phase": "main", "lp": [8000, 8000],
         "p0": {"deck": ["M01", "M02", "M03"], "hand": ["M01", "M02"], "monster": [{"card": "M04"}]},
         "p1": {"deck": ["M01", "M02", "M03"], "hand": ["M05", "M06", "M14"]}}, 0)
    legal = [c for c in s.decision.agent_choices(0) if c.role != "resign"]

    def second(again):
        agent = HardAgent(1, budget_ms=30, prior_worlds=1, handover_turn=again)
        agent.clock = StepClock(0.001)
        agent.choose(OnlyPublic(s), 0)
        first = agent.last_stats["rollouts"]["rollouts"]
        c = agent.choose(OnlyPublic(s), 0)
        assert c in legal and set(agent.last_stats) == {"rollouts"}
        return first, agent.last_stats["rollouts"]["rollouts"]

    (f1, s1), (f2, s2) = second(False), second(True)
    assert f1 == f2 and s2 > s1
