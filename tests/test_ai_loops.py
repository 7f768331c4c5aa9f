"""Games that go round without progress: the agents steer away (``Agent.steer``).

The recording (tests/recorded/lumen_condenser-guard-loop.toml) is a Lumen
Condenser game between Normal (player 1) and Hard (player 2) at 50 ms a
decision that reached the 300-turn cap. From turn 5 on, player 2, 300 HP
ahead, readies Granite Wall every turn; player 1's attacks are guarded, the
guard's negative FP goes back to 0 in the Recovery phase (digest B.4 rule 19),
and nothing that counts toward winning changes. Yet no position comes back
exactly: each Get takes a technique and discards one (player 1's hand
changes, the List is reordered), and the last battle's speeds and results
differ."""

from collections import Counter
from pathlib import Path

from tabletop.ai.agents import RandomAgent, position_key
from tabletop.engine.core import canonical_json
from tabletop.engine.rng import PCG32
from tabletop.saves import load_match

RECORDED = Path(__file__).parent / "recorded" / "lumen_condenser-guard-loop.toml"
LOOP_PICK = "Ready Granite Wall"


def _replay_from(turn: int):
    """The recording's match rewound to its start, with its choices; the
    choices before ``turn`` already applied."""
    m = load_match(RECORDED)
    log = list(m.log)
    m.replay_to(0)
    n = 0
    while m.state.turn < turn:
        p, cid = log[n]
        m.apply(m.state.decision.find(cid, p))
        n += 1
    return m, log[n:]


def _exact(s, player) -> str:
    """The whole view of ``player``, the turn number and the prompt aside."""
    v = {k: val for k, val in s.view(player).items() if k not in ("turn", "decision")}
    return canonical_json(v)


def test_the_recorded_game_goes_round_without_an_exact_repetition():
    m, rest = _replay_from(40)
    exact, coarse, loop = set(), [], 0
    hp = list(m.state.hp)
    for p, cid in rest:
        s = m.state
        if s.decision.kind == "ready" and p == 1:
            exact.add(_exact(s, 1))
            coarse.append(position_key(s, 1))
            loop += s.decision.find(cid, p).label == LOOP_PICK
        m.apply(s.decision.find(cid, p))
    assert m.state.hp == hp                    # nothing counted toward winning
    assert len(coarse) >= 20 and loop == len(coarse)
    assert len(exact) == len(coarse)           # no position seen twice, in full
    # as far as progress goes the same few positions (player 1's trait counter
    # rises and is spent, player 2's hand now and then holds another attack)
    assert max(Counter(coarse).values()) >= 4 and len(set(coarse)) <= len(coarse) // 2


def test_an_agent_in_the_recorded_loop_tries_other_techniques():
    # player 2's decisions from turn 40, as recorded (the agent is told its
    # recorded choice each time): the agent that would steer soon finds the
    # Ready phase it keeps coming back to and keeps only the techniques it
    # has not readied there, never resigning
    m, rest = _replay_from(40)
    agent = RandomAgent(3)
    rng = PCG32(5)
    steered = []
    for p, cid in rest:
        s = m.state
        d = s.decision
        if p == 1 and len([c for c in d.choices_for(1) if c.role != "resign"]) > 1:
            choices = d.agent_choices(1)
            kept = agent.steer(s.determinize(1, rng), 1, choices)
            assert kept == choices or (kept and all(c.role != "resign" for c in kept))
            if d.kind == "ready" and len(kept) < len(choices):
                steered.append((s.turn, sorted(c.label for c in kept)))
            agent.chose(d.find(cid, p))
        m.apply(d.find(cid, p))
    assert steered, "the loop was never noticed"
    first_turn, labels = steered[0]
    assert first_turn <= 50
    assert LOOP_PICK not in labels and labels
    assert all(LOOP_PICK not in labels for _, labels in steered)


def test_the_position_key_leaves_out_what_changes_without_progress():
    from tabletop.engine.registry import get_game

    game = get_game("lumen_condenser")

    def ready(hand, lst, hp=None, turn=41):
        players = [{"character": "LC-C01", "hand": hand, "list": lst, "side": []},
                   {"character": "LC-C02", "hand": ["LC-N13", "LC-N14"], "list": ["LC-N03"], "side": []}]
        if hp is not None:
            players[0]["hp"] = hp
        return game.from_position({"phase": "ready", "turn": turn, "players": players}, seed=turn)

    base = position_key(ready(["LC-N01", "LC-N05"], ["LC-N03", "LC-N13"]), 0)
    # the hand and the List in another order, another turn: the same position
    assert position_key(ready(["LC-N05", "LC-N01"], ["LC-N13", "LC-N03"], turn=57), 0) == base
    # another technique in hand (another choice), or less HP: not the same
    assert position_key(ready(["LC-N01", "LC-N13"], ["LC-N03", "LC-N05"]), 0) != base
    assert position_key(ready(["LC-N01", "LC-N05"], ["LC-N03", "LC-N13"], hp=3000), 0) != base


def _granite_wall_ready():
    """A Lumen Condenser Ready phase: player 2 (Dov Carrow) holds Granite Wall
    (guards every position) among seven techniques, player 1 (Ilsa Thornwake)
    five attacks."""
    from tabletop.engine.registry import get_game

    game = get_game("lumen_condenser")
    players = [{"character": "LC-C02", "hand": ["LC-203", "LC-205", "LC-202", "LC-204", "LC-206"],
                "list": ["LC-N03"], "side": []},
               {"character": "LC-C03", "hand": ["LC-301", "LC-303", "LC-305", "LC-310", "LC-302", "LC-304", "LC-306"],
                "list": ["LC-N13"], "side": []}]
    return game, game.from_position({"phase": "ready", "turn": 41, "players": players}, seed=41)


def test_normal_rollouts_give_a_hidden_pick_its_best_answer():
    # in Normal's rollouts the other player's hidden pick is the best of all
    # its options by the heuristic (epsilon aside), whatever the dice: weighing
    # a sample of three, Dov readied Granite Wall in only some rollouts, and an
    # attack into it looked safe
    from tabletop.ai.agents import apply_with_defaults
    from tabletop.ai.expert import ExpertAgent, _one_step, _playing

    game, s = _granite_wall_ready()
    assert s.decision.kind == "ready" and tuple(s.decision.players) == (0, 1)
    opts = _playing(s.decision, 1)
    values = {}
    for c in opts:
        t = s.clone()
        apply_with_defaults(t, t.decision.find(c.id, 1))
        values[c.label] = _one_step(game, t, 1)
    assert len(opts) == 7 and max(values, key=values.get) == "Ready Granite Wall"
    agent = ExpertAgent(0, budget_ms=None, rollouts=10, epsilon=0.0)
    hidden = {agent._hidden_pick(game, s, 1, opts, PCG32(k)).label for k in range(20)}
    assert hidden == {"Ready Granite Wall"}
    # a decision of one player still weighs a sample (what keeps a rollout cheap)
    sampled = [agent._policy(game, s, 1, opts, PCG32(k)).label for k in range(20)]
    assert sampled.count("Ready Granite Wall") < 20


def test_normal_gets_past_a_guard_everything_defence():
    # Normal (reproducible mode) with Ilsa Drift against greedy with Dov
    # Grapple: game 9 of `tabletop selfplay lumen_condenser --agents
    # expert,greedy --games 10 --seed 11`. Greedy readies Granite Wall every
    # battle; Normal, its rollouts missing that answer, attacked into it: each
    # guard gave Dov a Grip, three Grip healed 400 HP, and the game reached
    # the 300-turn cap (at turn 100 both players still held 3,500 HP or more)
    from tabletop.engine.registry import get_game
    from tabletop.ai.agents import make_agent
    from tabletop.saves import Match
    from tabletop.selfplay import play_decision, selfplay_setup

    game = get_game("lumen_condenser")
    setup = selfplay_setup(game, 19)
    assert [p["deck"] for p in setup["players"]] == ["Ilsa Drift", "Dov Grapple"]
    match = Match(game, setup, 19)
    agents = [make_agent("expert", 19 * 2 + 1), make_agent("greedy", 19 * 2 + 2)]
    state = match.state
    while state.decision is not None and state.turn <= 100:
        state = play_decision(match, agents)
    assert state.decision is None and state.winner == 0


def test_an_agent_in_a_slow_circle_tries_what_it_has_tried_least():
    # from turn 40 on, player 2's HP goes round between two values (healed back)
    # while player 1's stays put, its Heat goes round from 0 to 4 and the hands
    # change (no position repeats in 30 turns): from turn 44 (the last new
    # extreme, Heat 4) nothing goes beyond its highest or lowest; STALL_TURNS later the
    # agent counts its choices by the decision's kind and tries the technique it
    # has readied least, whatever the hand
    from tabletop.engine.registry import get_game

    game = get_game("lumen_condenser")
    hands = [["LC-N01", "LC-N05", "LC-N13"], ["LC-N01", "LC-N05", "LC-N14"]]

    def ready(turn):
        players = [{"character": "LC-C01", "hand": hands[turn % 2], "list": ["LC-N03"], "side": [], "hp": 2000,
                    "counter": turn % 5},
                   {"character": "LC-C03", "hand": ["LC-N13", "LC-N14"], "list": ["LC-N03"], "side": [],
                    "hp": 4600 if turn % 3 else 5000}]
        return game.from_position({"phase": "ready", "turn": turn, "players": players}, seed=turn)

    agent = RandomAgent(3)
    habit = "Ready Straight Punch"
    first_steered = None
    for turn in range(40, 70):
        s = ready(turn)
        choices = s.decision.agent_choices(0)
        assert habit in {c.label for c in choices}
        kept = agent.steer(s, 0, choices)
        if len(kept) < len(choices) and first_steered is None:
            first_steered = turn
        # the habit whenever the agent is free to keep it
        agent.chose(next((c for c in kept if c.label == habit), kept[0]))
    # (the stall's first REPEATS choices are recorded before any is steered)
    assert first_steered == 44 + agent.STALL_TURNS + agent.REPEATS
    # in the stall every technique of the hands was tried, the habit no more than the others
    tried = agent.seen[canonical_json(["stall", "ready"])]
    assert set(tried) >= {"Ready Straight Punch", "Ready Sweep"} and max(tried.values()) - min(tried.values()) <= 2
