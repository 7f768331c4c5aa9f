"""The difficulty levels (tabletop/ai): the registry, the hard agent (ISMCTS) and
the easy one. Every search here runs a fixed iteration count, so the tests are
reproducible and assert no timing."""

from __future__ import annotations

import json

import pytest

from tabletop.ai import (AGENTS, EasyAgent, ExpertAgent, GreedyAgent, HardAgent, RandomAgent, agent_label,
                         difficulty_levels, make_agent, searches)
from tabletop.cli import main
from tabletop.engine.core import Game
from tabletop.saves import Match
from tabletop.selfplay import selfplay_setup

from aihelp import GAMES, LETHAL, OnlyPublic, StepClock, game_of, hidden_hand_pair, play_decisions, rush


def hard(seed: int, iterations: int = 12, **kw) -> HardAgent:
    return HardAgent(seed, budget_ms=None, iterations=iterations, **kw)


# -- the registry ----------------------------------------------------------------------------------

def test_levels_and_names():
    assert difficulty_levels() == [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]
    assert AGENTS["normal"] is ExpertAgent and AGENTS["expert"] is ExpertAgent
    assert AGENTS["hard"] is HardAgent and AGENTS["easy"] is EasyAgent
    assert [agent_label(n) for n in ("easy", "normal", "expert", "hard")] == ["Easy", "Normal", "Normal", "Hard"]
    assert searches("hard") and searches("expert") and not searches("greedy") and not searches("easy")


def test_make_agent_modes():
    h = make_agent("hard", 3)
    assert isinstance(h, HardAgent) and h.iterations == HardAgent.SELFPLAY_ITERATIONS and h.budget_ms is None
    h = make_agent("hard", 3, think_ms=80)
    assert h.iterations is None and h.budget_ms == 80
    e = make_agent("normal", 3, think_ms=80)
    assert isinstance(e, ExpertAgent) and e.rollouts is None and e.budget_ms == 80
    assert isinstance(make_agent("greedy", 3, think_ms=80), GreedyAgent)
    assert HardAgent(1).budget_ms == 1000.0        # the table's default: 1 s per decision


# -- the hard agent --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_hard_only_legal_choices_and_never_resigns(name):
    game = game_of(name)
    m = Match(game, selfplay_setup(game, 3), 3)
    agents = [hard(1, 3, plan_steps=4), hard(2, 3, plan_steps=4)]
    checked = simultaneous = 0
    for _ in range(40):
        s = m.state
        d = s.decision
        if d is None:
            break
        simultaneous += len(d.players) > 1
        for p in d.players:
            c = agents[p].choose(s, p)
            assert c.player == p
            assert c in d.choices_for(p), f"{name}: {c} is not legal for p{p}"
            others = [x for x in d.choices_for(p) if x.role != "resign"]
            assert c.role != "resign" or not others
            checked += 1
        p = d.players[0]
        m.apply(agents[p].choose(s, p))
    assert checked >= 30
    if name == "lumen_condenser":
        assert simultaneous, "the game's simultaneous decisions were exercised"
    assert m.state.invariant_violations() == []


@pytest.mark.parametrize("name", GAMES)
def test_hard_plays_a_whole_game_headless(name):
    game = game_of(name)
    m = Match(game, selfplay_setup(game, 21), 21)
    agents = [hard(5, 2, plan_steps=4), RandomAgent(6)]
    n = 0
    while m.state.decision is not None:
        s = m.state
        p = s.decision.players[0]
        c = agents[p].choose(s, p)
        m.apply(c)
        n += 1
        assert m.state.invariant_violations() == []
        assert n < 5000
    assert m.state.winner is not None
    assert m.state.turn <= game.turn_cap


def test_the_budget_is_counted_on_the_agents_clock():
    import time

    # the table counts wall clock; self-play the searching thread's computing time
    assert make_agent("hard", 3, think_ms=80).clock is time.perf_counter
    assert make_agent("normal", 3, think_ms=80).clock is time.perf_counter
    assert make_agent("hard", 3, think_ms=80, clock="cpu").clock is time.thread_time
    assert make_agent("expert", 3, think_ms=80, clock="cpu").clock is time.thread_time
    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000]))
    # a clock moving 1 ms a reading: a 40 ms budget is spent after a few dozen
    # iterations (judged one step ahead: the turn planning reads the clock at every step)
    agent = HardAgent(1, budget_ms=40, plan=False, min_iterations=2)
    agent.clock = StepClock(0.001)
    agent.choose(s, 0)
    assert 30 <= agent.last_stats["iterations"] <= 42
    # a clock moving 1 s a reading: the budget is gone at once (two iterations at least if asked)
    agent = HardAgent(1, budget_ms=40, plan=False, min_iterations=2)
    agent.clock = StepClock(1.0)
    agent.choose(s, 0)
    assert agent.last_stats["iterations"] == 2
    # with turn planning (the default) and the budget gone at once: no iteration,
    # no turn played out, every option still judged one step ahead (``fallback="one_step"``)
    agent = HardAgent(1, budget_ms=40, fallback="one_step")
    agent.clock = StepClock(1.0)
    c = agent.choose(s, 0)
    assert agent.last_stats["iterations"] == 0 and c in s.decision.choices_for(0)
    playing = [x for x in s.decision.agent_choices(0) if x.role != "resign"]
    assert len(agent.last_stats["choices"]) == len(playing)
    # or, by default, handed to Normal's rollouts, which stop as soon as the budget is gone
    agent = HardAgent(1, budget_ms=40)
    agent.clock = StepClock(1.0)
    c = agent.choose(s, 0)
    assert c in s.decision.choices_for(0) and set(agent.last_stats) == {"rollouts"}
    assert agent.last_stats["rollouts"].get("rollouts", 0) <= 2
    expert = ExpertAgent(1, budget_ms=40)
    expert.clock = StepClock(1.0)
    c = expert.choose(s, 0)
    assert c in s.decision.choices_for(0) and expert.last_stats.get("rollouts", 0) <= 2


def test_selfplay_counts_think_ms_on_computing_time_unless_told(capsys):
    code = main(["selfplay", "rush_duel", "--games", "1", "--seed", "2", "--agents", "hard,greedy",
                 "--think-ms", "3", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["clock"] == "cpu"
    code = main(["selfplay", "rush_duel", "--games", "1", "--seed", "2", "--agents", "hard,greedy",
                 "--think-ms", "3", "--clock", "wall", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["clock"] == "wall"


def test_hard_takes_a_forced_choice_without_search():
    s = rush({"turn": 2, "active": 0, "phase": "battle",
              "p0": {"deck": ["M01"], "monster": [{"card": "M06", "position": "def"}]},
              "p1": {"deck": ["M01"]}})
    choices = s.decision.choices_for(0)
    mine = [c for c in choices if c.role != "resign"]
    assert len(mine) == 1 and len(choices) == 2       # surrendering is the other one
    agent = HardAgent(1, budget_ms=5000)
    before = agent.rng.to_data()
    assert agent.choose(s, 0) == mine[0]
    assert agent.last_stats == {"forced": True}
    assert agent.rng.to_data() == before               # no determinization at all


def test_hard_takes_the_win_on_the_spot_and_two_decisions_away():
    s = rush(LETHAL)
    for seed in range(3):
        c = hard(seed, 10).choose(s, 0)
        t = s.clone()
        t.apply(c)
        assert t.winner == 0, (c, )
    # from the Main Phase: going to battle first keeps the win one decision away
    s = rush(dict(LETHAL, phase="main", p0={"deck": ["M01", "M02", "M03"], "monster": [{"card": "M04"}]}))
    agent = hard(3, 20)
    c = agent.choose(s, 0)
    t = s.clone()
    t.apply(c)
    assert any(x.kind == "direct_attack" for x in t.decision.choices_for(0)), (c, agent.last_stats)


@pytest.mark.parametrize("name", ["rush_duel", "lumen_condenser"])
def test_hard_is_reproducible_for_a_seed_and_iteration_count(name):
    def play(seed):
        agents = [hard(seed, 4, plan_steps=4), hard(seed + 1, 4, plan_steps=4)]
        return play_decisions(name, agents.__getitem__, 25, seed=8)

    first = play(11)
    assert play(11) == first
    assert len(first[0]) >= 20


@pytest.mark.parametrize("name", GAMES)
def test_hard_reads_the_true_state_only_through_determinize(name):
    ids, _ = play_decisions(name, lambda _p: hard(7, 3, plan_steps=4), 25, public=True)
    assert len(ids) >= 20


def test_hard_chooses_the_same_whatever_the_opponent_hides():
    a, b = hidden_hand_pair()  # the same re-draws for both: only the hidden truth differs
    for seed in range(3):
        ha, hb = hard(seed, 15), hard(seed, 15)
        assert ha.choose(a, 0) == hb.choose(b, 0)
        assert ha.last_stats == hb.last_stats and ha.last_stats["iterations"] == 15


def _first_searched_decision(name: str):
    """A position of ``name``'s self-play (greedy players) where one player has a
    real choice: two or more options that do not resign, none of them the engine's."""
    game = game_of(name)
    m = Match(game, selfplay_setup(game, 5), 5)
    greedy = [GreedyAgent(5), GreedyAgent(6)]
    while True:
        d = m.state.decision
        if len(d.players) == 1:
            playing = [c for c in d.choices_for(d.players[0]) if c.role != "resign"]
            if len(playing) >= 2 and all(c.role != "default" for c in playing):
                return m.state, d.players[0]
        m.apply(greedy[d.players[0]].choose(m.state, d.players[0]))


@pytest.mark.parametrize("name, worlds", [("aquarian_age", 4), ("rush_duel", 2), ("riftbound", 2)])
def test_hard_first_look_averages_the_worlds_its_game_asks_for(name, worlds):
    # Aquarian Age asks for four worlds (hard_options["prior_worlds"]), the others keep two;
    # an agent built with prior_worlds keeps its own. With no iterations, each world the
    # first look draws is one determinization (the agent's count of worlds drawn).
    s, p = _first_searched_decision(name)
    agent = hard(3, 0)
    agent.choose(s, p)
    assert agent.first_look_worlds(s.game) == worlds and agent._drawn == worlds
    own = hard(3, 0, prior_worlds=3)
    own.choose(s, p)
    assert own.first_look_worlds(s.game) == 3 and own._drawn == 3


def test_hard_searches_the_opponents_replies():
    # from p0's Main Phase, the tree goes past p0's end of turn into p1's turn:
    # some node below the root holds p1's options with their own statistics
    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000],
                  p0={"deck": ["M01", "M02", "M03"], "monster": [{"card": "M04"}]}))
    agent = hard(2, 60)
    agent.choose(s, 0)
    assert agent.last_stats["iterations"] == 60
    # each iteration visits one root option once, on top of the first (one-step)
    # visits of each, one per world of the first look (prior_worlds)
    n_opts = len([c for c in s.decision.choices_for(0) if c.role != "resign"])
    assert sum(v for _, v, _ in agent.last_stats["choices"]) == 60 + n_opts * agent.first_look_worlds(s.game)

    def players(node, depth=0):
        found = {p for p, _ in node.edges}
        for child in node.children.values():
            found |= players(child, depth + 1)
        return found

    assert {p for p, _ in agent.root.edges} == {0}
    assert players(agent.root) == {0, 1}


# -- the easy agent --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_easy_is_legal_never_resigns_and_finishes(name):
    game = game_of(name)
    m = Match(game, selfplay_setup(game, 13), 13)
    agents = [EasyAgent(1), GreedyAgent(2)]
    n = 0
    while m.state.decision is not None and n < 5000:
        s = m.state
        p = s.decision.players[0]
        c = agents[p].choose(s, p)
        assert c in s.decision.choices_for(p)
        assert c.role != "resign" or all(x.role == "resign" for x in s.decision.choices_for(p))
        m.apply(c)
        n += 1
    assert m.state.winner is not None


def test_easy_makes_mistakes_greedy_would_not():
    # over many unforced decisions of one game the easy agent departs from the
    # greedy choice now and then, but not always
    game = game_of("rush_duel")
    m = Match(game, selfplay_setup(game, 4), 4)
    mover = GreedyAgent(9)
    same = differ = 0
    for _ in range(150):
        s = m.state
        d = s.decision
        if d is None:
            break
        p = d.players[0]
        if len([c for c in d.choices_for(p) if c.role != "resign"]) > 2:
            for seed in range(4):
                e, g = EasyAgent(seed).choose(s, p), GreedyAgent(seed).choose(s, p)
                same += e == g
                differ += e != g
        m.apply(mover.choose(s, p))
    assert differ >= 3 and same >= 3, (same, differ)


# -- the command line ------------------------------------------------------------------------------

def test_selfplay_think_ms_counts_wins_by_agent(capsys):
    code = main(["selfplay", "lumen_condenser", "--games", "2", "--seed", "3", "--agents", "hard,greedy",
                 "--think-ms", "4", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report["problems"]
    assert set(report["wins"]) == {"hard", "greedy"} and report["think_ms"] == 4
    assert sum(report["wins"].values()) + report["draws"] == report["finished"] == 2
    assert report["errors"] == 0 and report["violations"] == 0


def test_selfplay_gives_an_agent_named_with_a_budget_its_own(monkeypatch, capsys):
    import tabletop.selfplay as sp

    made = []
    real = sp.make_agent

    def spy(name, seed, think_ms, clock):
        made.append((name, think_ms))
        return real(name, seed, think_ms, clock)

    monkeypatch.setattr(sp, "make_agent", spy)
    code = main(["selfplay", "lumen_condenser", "--games", "2", "--seed", "3", "--agents", "expert@6,expert",
                 "--think-ms", "2", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report["problems"]
    assert set(report["wins"]) == {"expert@6", "expert"} and report["clock"] == "cpu"
    assert sum(report["wins"].values()) + report["draws"] == report["finished"] == 2
    # seats swap: the agent named with 6 ms gets 6 ms in either seat, the other --think-ms
    assert made == [("expert", 6.0), ("expert", 2.0), ("expert", 2.0), ("expert", 6.0)]


@pytest.mark.parametrize("value", ["expert@0", "expert@soon", "wizard@50", "expert@"])
def test_selfplay_bad_agent_budget_exits_2(value, capsys):
    code = main(["selfplay", "rush_duel", "--agents", f"{value},expert", "--games", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "--agents" in err and value in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["0", "fast", "-5"])
def test_selfplay_bad_think_ms_exits_2(value, capsys):
    try:
        code = main(["selfplay", "rush_duel", "--agents", "hard,expert", "--think-ms", value])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and "think-ms" in err and "Traceback" not in err


# -- loops and simultaneous decisions ----------------------------------------------------------------

@pytest.mark.parametrize("make", [lambda: GreedyAgent(1), lambda: EasyAgent(1), lambda: hard(1, 4, plan_steps=4),
                                  lambda: ExpertAgent(1, budget_ms=None, rollouts=6, max_depth=10)])
def test_a_position_met_again_and_again_gets_other_choices(make):
    # the same position over and over (what a loop in the rules looks like to
    # the agent): after REPEATS visits it tries what it tried least, never resigning
    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000],
                  p0={"deck": ["M01", "M02", "M03"], "hand": ["M01", "M02"], "monster": [{"card": "M04"}]}))
    # the choices the agents weigh (a summon into another free zone is the same to them)
    playing = [c for c in s.decision.agent_choices(0) if c.role != "resign"]
    assert len(playing) >= 3
    agent = make()
    assert agent.STEER_FROM_TURN > s.turn
    assert len({agent.choose(s, 0).id for _ in range(3)}) <= 2 or isinstance(agent, EasyAgent)
    agent = make()
    agent.STEER_FROM_TURN = 0     # (only long games are watched for loops)
    picks = [agent.choose(s, 0) for _ in range(2 + len(playing))]
    assert all(c.role != "resign" for c in picks)
    assert len({c.id for c in picks}) >= 3, picks
    # every choice has been tried by the time each was tried once more than the rest
    assert {c.id for c in picks} == {c.id for c in playing}


def test_selfplay_asks_both_players_of_a_simultaneous_decision_on_the_same_position(monkeypatch):
    import tabletop.selfplay as sp

    seen = []

    class Recorder(RandomAgent):
        def choose(self, state, player):
            d = state.decision
            if d.kind == "ready":
                seen.append((player, d.players, state.digest()))
            return super().choose(state, player)

    monkeypatch.setattr(sp, "make_agent", lambda name, seed, think_ms=None, clock="wall": Recorder(seed))
    r = sp.play_one(game_of("lumen_condenser"), ["random", "random"], 6)
    assert r["finished"] and r["error"] is None and not r["violations"]
    firsts = [x for x in seen if x[0] == 0]
    assert firsts and all(players == (0, 1) for _, players, _ in seen)
    # the two picks of each Ready phase were made on one and the same position
    by_pos = {}
    for p, _, dg in seen:
        by_pos.setdefault(dg, set()).add(p)
    assert all(ps == {0, 1} for ps in by_pos.values())


def test_hard_tries_the_other_players_best_hidden_pick_first():
    # at a simultaneous decision the other player's pick is hidden: of its
    # options the search tries first the one its one-step value likes best
    # (what a greedy player readies), not one at random
    from tabletop.ai.agents import apply_with_defaults
    from tabletop.ai.expert import _one_step, _playing

    game = game_of("lumen_condenser")
    m = Match(game, selfplay_setup(game, 4), 4)
    walkers = [RandomAgent(1), RandomAgent(2)]
    checked = 0
    while m.state.decision is not None and checked < 6:
        s = m.state
        d = s.decision
        if len(d.players) > 1:
            agent = hard(checked + 1, 1, plan_steps=2)
            agent.choose(s, 0)
            tried = [cid for (p, cid), e in agent.root.edges.items() if p == 1 and e.visits]
            world = agent._pool[(agent._drawn - 1) % agent.worlds]  # the iteration's world
            opts = _playing(world.decision, 1)
            values = []
            for c in opts:
                t = world.clone()
                apply_with_defaults(t, c)
                values.append(_one_step(game, t, 1))
            if len(set(values)) > 1:
                assert tried == [opts[values.index(max(values))].id]
                checked += 1
            m.state._apply(walkers[0].choose(s, 0))
            d = m.state.decision
            if d is not None and 1 in d.players:
                m.state._apply(walkers[1].choose(m.state, 1))
            continue
        m.state._apply(walkers[d.players[0]].choose(s, d.players[0]))
    assert checked >= 4


# -- turn planning (plan.py) -------------------------------------------------------------------------

def test_finish_turn_plays_the_movers_turn_out_greedily():
    from tabletop.ai.plan import finish_turn

    # from the Main Phase with lethal on board, the rest of the turn played
    # greedily goes to battle and attacks directly: the game is won
    s = rush(dict(LETHAL, phase="main"))
    before = s.digest()
    t, done = finish_turn(s.clone(), 0)
    assert t.winner == 0 and done
    assert s.digest() == before
    # without lethal, the turn is played to its end (the attack made) and no further:
    # the position reached is the opponent's, in the next turn, nothing of theirs chosen
    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000]))
    t, done = finish_turn(s.clone(), 0)
    assert done and t.winner is None and t.turn == s.turn + 1 and t.decision.players == (1,)
    assert t.life_points[1] < 8000
    assert t.decision.kind == "main_action"
    # a cap on the choices stops it early, still in the mover's turn
    t, done = finish_turn(s.clone(), 0, max_steps=1)
    assert done and t.turn == s.turn and t.decision.players == (0,)
    # out of time before the first step: nothing is played, and it says so
    t, done = finish_turn(s.clone(), 0, until=lambda: True)
    assert not done and t.digest() == s.digest()


def test_finish_turn_stops_at_the_other_players_decision():
    from tabletop.ai.plan import finish_turn

    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000]))
    # it is p1's turn at the end: asked to finish p1's turn from p0's decision, nothing is played
    t, done = finish_turn(s, 1)
    assert done and t is s and t.decision.players == (0,)


def test_an_option_that_ends_the_turn_is_judged_where_the_others_are():
    from tabletop.ai.plan import finish_turn

    # ending the turn already leaves p0's turn: finishing "the turn it was chosen in"
    # plays nothing, so p1's whole next turn (its summons and attacks, answered
    # greedily) is not played out for this option alone
    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000]))
    t = s.clone()
    t.apply(t.decision.find("end_turn", 0))
    assert t.turn == s.turn + 1 and t.decision.players == (1,)
    after, done = finish_turn(t.clone(), 0, answers=True, turn=s.turn)
    assert done and after.digest() == t.digest()
    # (counted from the position itself, p1's turn would be played out)
    played, _ = finish_turn(t.clone(), 0, answers=True)
    assert played.digest() != t.digest()
    # Hard's leaf of that option is the position at the start of p1's turn
    agent = hard(2, answers=True)
    agent._root_turn = s.turn
    assert agent._leaf(t.clone(), 0, 0, s.turn) == (False, float(t.game.leaf_value(t, 0)))


def test_hard_with_turn_planning_judges_root_options_at_the_end_of_the_turn():
    # with ``plan`` the root options' first look is the end of the turn: going
    # to battle (the attack follows) is rated a win, ending the turn is not
    s = rush(dict(LETHAL, phase="main"))
    agent = hard(4, 0, plan=True, prior_worlds=1)
    c = agent.choose(s, 0)
    stats = {cid: (v, m) for cid, v, m in agent.last_stats["choices"]}
    assert stats["battle_phase"][1] == 1.0 and stats["end_turn"][1] < 1.0
    # the choice made keeps the win within the turn
    from tabletop.ai.plan import finish_turn

    t = s.clone()
    t.apply(c)
    assert finish_turn(t, 0)[0].winner == 0


def test_hard_never_compares_planned_and_one_step_values_at_the_root():
    # a budget (a clock moving 1 ms a reading) that runs out while the root's
    # options are being played out: by default (``plan_all``) every option is
    # then judged one step ahead, exactly as without planning; with
    # ``plan_all=False`` only the options played out are judged (at least two)
    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000],
                  p0={"deck": ["M01", "M02", "M03"], "hand": ["M01", "M02"], "monster": [{"card": "M04"}]}))
    n = len([c for c in s.decision.agent_choices(0) if c.role != "resign"])

    def first_look(budget_ms, then_search=False, **kw):
        agent = HardAgent(1, budget_ms=budget_ms, prior_worlds=1, **kw)
        agent.clock = StepClock(0.001)
        agent.choose(s, 0)
        assert then_search or agent.last_stats["iterations"] == 0
        return agent.last_stats["choices"]

    one_step = first_look(1, plan=False)
    assert len(one_step) == n
    cut = first_look(20, fallback="one_step")
    assert cut == one_step
    partial = first_look(20, plan_all=False, fallback="one_step")
    assert 2 <= len(partial) < n
    # with time enough every option is played out, and the values differ from one step ahead
    # (and the search goes on with what is left of the budget)
    full = first_look(40, then_search=True, fallback="one_step")
    assert len(full) == n and full != one_step


def test_hard_hands_a_root_too_big_to_plan_in_time_to_normals_rollouts():
    # ``fallback="rollouts"`` (the default): when the first plans' cost shows
    # that the root's turns cannot all be played out within the budget, the
    # decision goes to Normal's rollouts (through the reply turn) among the
    # same options; ``fallback="one_step"`` judges them one step ahead instead
    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000],
                  p0={"deck": ["M01", "M02", "M03"], "hand": ["M01", "M02"], "monster": [{"card": "M04"}]}))
    legal = [c for c in s.decision.agent_choices(0) if c.role != "resign"]

    def decide(budget_ms, **kw):
        agent = HardAgent(1, budget_ms=budget_ms, prior_worlds=1, **kw)
        agent.clock = StepClock(0.001)
        c = agent.choose(OnlyPublic(s), 0)
        assert c in legal
        return agent

    handed = decide(20, fallback="rollouts")
    assert set(handed.last_stats) == {"rollouts"}
    ran = handed.last_stats["rollouts"]
    assert ran["rollouts"] >= 2 and len(ran["candidates"]) >= 2
    # the root's edges carry the rollouts' statistics (the hint reads them)
    assert {cid for (_p, cid) in handed.root.edges} == {cid for cid, _v, _m in ran["candidates"]}
    assert "iterations" in decide(20, fallback="one_step").last_stats   # or judged one step ahead
    # with time enough to play every turn out, the plans are kept
    assert "iterations" in decide(400, fallback="rollouts").last_stats


def test_hard_hands_over_as_soon_as_a_running_plan_shows_the_root_too_big():
    # ``early_handover`` (the default): the hand-over to Normal's rollouts is
    # decided while a plan still runs, once the plans have cost more than their
    # share of the budget, so the rollouts get the time the rest of that plan
    # would have taken: the same hand-over, more rollouts
    s = rush(dict(LETHAL, phase="main", lp=[8000, 8000],
                  p0={"deck": ["M01", "M02", "M03"], "hand": ["M01", "M02"], "monster": [{"card": "M04"}]}))

    def rollouts(early):
        agent = HardAgent(1, budget_ms=30, prior_worlds=1, early_handover=early, quick_rollouts=False)
        agent.clock = StepClock(0.001)
        agent.choose(OnlyPublic(s), 0)
        assert set(agent.last_stats) == {"rollouts"}
        return agent.last_stats["rollouts"]["rollouts"]

    assert rollouts(True) > rollouts(False)


@pytest.mark.parametrize("name", ["riftbound", "aquarian_age"])
def test_quick_rollouts_play_the_same_rollouts_with_fewer_engine_steps(name, monkeypatch):
    # ``turns.QuickRollouts`` (Hard's hand-over, ``quick_rollouts``): the
    # position the rollout policy weighed is played on instead of the pick
    # being applied again: with a fixed rollout count Normal's statistics and
    # choice come out the same, for fewer choices applied by the engine
    from tabletop.ai.turns import QuickRollouts

    game = game_of(name)
    # Normal ends its rollouts at the heuristic, Hard's hand-over at the game's
    # leaf_value: judged alike here, so that only the engine steps differ
    monkeypatch.setattr(game, "leaf_value", game.heuristic)
    m = Match(game, selfplay_setup(game, 5), 5)
    cls = type(m.state)
    applied = [0]
    real = cls._apply

    def counted(self, c):
        applied[0] += 1
        return real(self, c)

    monkeypatch.setattr(cls, "_apply", counted)
    searched = 0
    for _ in range(40):
        d = m.state.decision
        if d is None:
            break
        p = d.players[0]
        runs = []
        for make in (ExpertAgent, QuickRollouts):
            agent = make(3, budget_ms=None, rollouts=24)
            applied[0] = 0
            c = agent.choose(OnlyPublic(m.state), p)
            runs.append((c.id, agent.last_stats, applied[0]))
        (c0, st0, n0), (c1, st1, n1) = runs
        assert c0 == c1 and st0.get("candidates") == st1.get("candidates")
        if "rollouts" in st0:
            searched += 1
            assert n1 < n0
        m.apply(c)
    assert searched >= 3


def test_hard_judges_its_leaves_by_the_games_leaf_value(monkeypatch):
    # the leaves of Hard's search (the ends of the turns it plays out) are
    # judged by ``Game.leaf_value``: by the heuristic Hard plays its monster
    # from the hand; a game whose leaves value only the cards kept in hand
    # turns that choice around
    s = rush(dict(LETHAL, phase="main", lp=[8000, 4000]))
    game = s.game
    seen = []

    def leaf_value(state, player):
        seen.append(state.turn)
        return 100.0 * len(state.table.zones["p0.hand"])

    assert Game.leaf_value(game, s, 0) == game.heuristic(s, 0)  # the kit's default is the heuristic
    assert hard(4, 0, plan=True, prior_worlds=1).choose(s, 0).args.get("card") == 4
    monkeypatch.setattr(game, "leaf_value", leaf_value)
    c = hard(4, 0, plan=True, prior_worlds=1).choose(s, 0)
    assert seen and c.args.get("card") != 4
