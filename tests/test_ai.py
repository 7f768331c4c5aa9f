"""The expert agent (tabletop/ai/expert.py): legal, reproducible, blind to hidden
cards, quick on forced choices, and it takes a win it can see."""

from __future__ import annotations

import pytest

from tabletop.ai.agents import AGENTS, RandomAgent, make_agent, obvious_choice, playing_choices
from tabletop.ai.expert import ExpertAgent
from tabletop.engine.choiceid import resign_order_violations
from tabletop.engine.core import Choice, Decision
from tabletop.saves import Match
from tabletop.selfplay import selfplay_setup

from aihelp import GAMES, LETHAL, game_of, hidden_hand_pair, play_decisions, rush


def fast_expert(seed: int, rollouts: int = 12) -> ExpertAgent:
    return ExpertAgent(seed, budget_ms=None, rollouts=rollouts, max_depth=20)


def test_registered_for_selfplay_and_reproducible_mode():
    assert AGENTS["expert"] is ExpertAgent
    a = make_agent("expert", 5)
    assert isinstance(a, ExpertAgent)
    assert a.rollouts == ExpertAgent.SELFPLAY_ROLLOUTS and a.budget_ms is None


@pytest.mark.parametrize("name", GAMES)
def test_only_legal_choices_of_its_own_player(name):
    game = game_of(name)
    m = Match(game, selfplay_setup(game, 3), 3)
    agents = [fast_expert(1, 6), fast_expert(2, 6)]
    checked = 0
    for _ in range(40):
        s = m.state
        d = s.decision
        if d is None:
            break
        for p in d.players:
            c = agents[p].choose(s, p)
            assert c.player == p
            assert c in d.choices_for(p), f"{name}: {c} is not legal for p{p}"
            checked += 1
        p = d.players[0]
        m.apply(agents[p].choose(s, p))
    assert checked >= 30
    assert m.state.invariant_violations() == []


@pytest.mark.parametrize("name", ["rush_duel", "lumen_condenser"])
def test_deterministic_for_a_fixed_seed_and_rollout_count(name):
    def play(seed):
        agents = [fast_expert(seed), fast_expert(seed + 1)]
        return play_decisions(name, agents.__getitem__, 25, seed=8)

    first = play(11)
    assert play(11) == first
    assert len(first[0]) >= 20


def test_forced_choice_is_taken_without_search():
    # p0 in its Battle Phase, no monster that can attack: ending the battle is all
    s = rush({"turn": 2, "active": 0, "phase": "battle",
              "p0": {"deck": ["M01"], "monster": [{"card": "M06", "position": "def"}]},
              "p1": {"deck": ["M01"]}})
    mine = [c for c in s.decision.choices_for(0) if c.role != "resign"]
    assert len(mine) == 1
    agent = ExpertAgent(1, budget_ms=5000)      # a long budget it must not spend
    rng_before = agent.rng.to_data()
    assert agent.choose(s, 0) == mine[0]
    assert agent.last_stats == {"forced": True}
    assert agent.rng.to_data() == rng_before    # no determinization, no rollout


def test_unforced_choice_does_search():
    # the same position with a monster in attack position: attacking is possible,
    # so the expert determinizes and rolls out (its generator moves on)
    s = rush({"turn": 2, "active": 0, "phase": "battle",
              "p0": {"deck": ["M01"], "monster": [{"card": "M06"}]},
              "p1": {"deck": ["M01"]}})
    assert len([c for c in s.decision.choices_for(0) if c.role != "resign"]) > 1
    agent = ExpertAgent(1, budget_ms=None, rollouts=4)
    rng_before = agent.rng.to_data()
    agent.choose(s, 0)
    assert agent.last_stats.get("forced") is not True
    assert agent.rng.to_data() != rng_before


def test_finds_and_prefers_an_immediate_win():
    s = rush(LETHAL)
    choices = s.decision.choices_for(0)
    win = [c for c in choices if c.kind == "direct_attack"]
    assert win and len(choices) >= 2        # the win is one of several options
    for seed in range(3):
        c = fast_expert(seed).choose(s, 0)
        assert c.kind == "direct_attack"
        t = s.clone()
        t.apply(c)
        assert t.winner == 0


def test_finds_a_win_two_decisions_away_by_rollouts():
    # the same lethal, seen from the Main Phase with an empty hand: the win needs
    # "go to the Battle Phase" first, then the direct attack; ending the turn or
    # changing the monster to defense position gives it away
    pos = dict(LETHAL, phase="main", p0={"deck": ["M01", "M02", "M03"], "monster": [{"card": "M04"}]})
    s = rush(pos)
    kinds = {c.kind for c in s.decision.choices_for(0) if c.role != "resign"}
    assert len(kinds) >= 2, kinds
    agent = ExpertAgent(3, budget_ms=None, rollouts=40)
    c = agent.choose(s, 0)
    t = s.clone()
    t.apply(c)
    # after the expert's choice, the win is still one decision away
    assert any(x.kind == "direct_attack" for x in t.decision.choices_for(0)), (c, agent.last_stats)


@pytest.mark.parametrize("name", GAMES)
def test_reads_the_true_state_only_through_determinize(name):
    ids, _ = play_decisions(name, lambda _p: fast_expert(7, 6), 30, public=True)
    assert len(ids) >= 20


def test_same_choice_whatever_the_opponent_hides():
    # p1's hand differs between the two states. The agent sees both only through
    # determinize (here the one of the first state, so the re-drawn worlds are
    # identical draws): the choice and every rollout must then be the same.
    # Reading p1's real hand anywhere (a clone, the heuristic of the true state)
    # would tell them apart.
    a, b = hidden_hand_pair()
    for seed in range(3):
        ea, eb = fast_expert(seed, 24), fast_expert(seed, 24)
        assert ea.choose(a, 0) == eb.choose(b, 0)
        assert ea.last_stats == eb.last_stats


def test_wall_clock_budget_is_kept():
    game = game_of("aquarian_age")
    m = Match(game, selfplay_setup(game, 4), 4)
    agent = ExpertAgent(2, budget_ms=60)
    mover = RandomAgent(3)
    thought = 0
    for _ in range(200):
        s = m.state
        d = s.decision
        if d is None or thought >= 4:
            break
        p = d.players[0]
        if p == 0:
            c = agent.choose(s, p)
            assert c in d.choices_for(p)
            if agent.last_stats.get("rollouts"):
                thought += 1
                assert agent.think_times[-1] < 0.06 + 0.4   # one last sweep of rollouts at most
        else:
            c = mover.choose(s, p)
        m.apply(c)
    assert thought >= 1


def test_ucb_allocation_also_finds_the_win():
    s = rush(dict(LETHAL, phase="main", p0={"deck": ["M01", "M02", "M03"], "monster": [{"card": "M04"}]}))
    agent = ExpertAgent(5, budget_ms=None, rollouts=40, allocation="ucb")
    c = agent.choose(s, 0)
    t = s.clone()
    t.apply(c)
    assert any(x.kind == "direct_attack" for x in t.decision.choices_for(0)), (c, agent.last_stats)


def test_the_players_leave_resigning_aside_and_the_engine_keeps_it_last():
    """A resign choice comes after its player's other choices (the engine contract
    the agents' playing_choices relies on); the check names a decision that breaks it."""
    play = Choice("end_turn", {}, 0, "End the turn", role="end")
    other = Choice("end_turn", {}, 1, "End the turn", role="end")
    resign = Choice("concede", {}, 0, "Concede", role="resign")
    assert playing_choices([play, resign]) == [play]
    assert playing_choices([resign]) == [resign]
    assert obvious_choice([play, resign]) == (play, "forced")
    assert resign_order_violations(Decision([0], "main", "", [play, resign])) == []
    assert resign_order_violations(Decision([0, 1], "pick", "", [play, resign, other])) == []
    assert resign_order_violations(Decision([0], "main", "", [resign, play])) == [
        "decision main: the resign choice of player 1 is not their last choice"]
    assert resign_order_violations(Decision([0], "main", "", [play, resign, resign]))
