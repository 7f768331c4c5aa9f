"""Lumen Condenser's heuristic at the Ready phase (games/lumen_condenser/ai.py):
the hidden pick is judged against the opponent's equilibrium mix, and the
computer mixes its own picks."""

from collections import Counter

from games.lumen_condenser.ai import solve_matrix
from tabletop.ai.agents import GreedyAgent
from tabletop.engine.registry import get_game

GAME = get_game("lumen_condenser")


def _ready(turn: int, mine: list[str], theirs: list[str]):
    players = [{"character": "LC-C01", "hand": mine, "list": ["LC-N03"], "side": []},
               {"character": "LC-C02", "hand": theirs, "list": ["LC-N03"], "side": []}]
    return GAME.from_position({"phase": "ready", "turn": turn, "players": players}, seed=turn)


def test_solver_finds_the_mixed_equilibrium():
    # the row player gains 3 on (0, 0) and 1 on (1, 1): each plays 0 a quarter of the time
    x, y = solve_matrix([[3.0, 0.0], [0.0, 1.0]], iterations=400)
    assert abs(x[0] - 0.25) < 0.02 and abs(y[0] - 0.25) < 0.02
    # rock, paper, scissors: a third each
    x, _ = solve_matrix([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], iterations=400)
    assert all(abs(p - 1 / 3) < 0.02 for p in x)


def test_greedy_mixes_a_high_and_a_low_attack_against_two_blocks():
    """Straight Punch (high, 350) and Sweep (low, 500) against High Block
    (guards high and mid) and Low Block (guards mid and low), the opponent's
    hand known (no side deck). Against each block as likely, Sweep is always
    better; but each attack is guarded by one block, so a player who always
    sweeps is always blocked. Over 30 Ready phases both attacks are readied
    (equilibrium: Straight Punch about 59%), and the defender mixes its blocks."""
    agent = GreedyAgent(4)
    picks, blocks = Counter(), Counter()
    for turn in range(1, 31):
        s = _ready(turn, ["LC-N01", "LC-N05"], ["LC-N13", "LC-N14"])
        c = agent.choose(s, 0)
        picks[s.table.card[c.args["card"]]] += 1
        b = agent.choose(s, 1)
        blocks[s.table.card[b.args["card"]]] += 1
    assert picks["LC-N01"] >= 8 and picks["LC-N05"] >= 6, picks
    assert blocks["LC-N13"] >= 6 and blocks["LC-N14"] >= 6, blocks


def _grip(counter: int, phase: str = "ready"):
    """Dov Carrow (player 2) holding ``counter`` Grip, both players at full HP."""
    players = [{"character": "LC-C02", "hand": ["LC-203", "LC-205"], "list": ["LC-N03"], "side": []},
               {"character": "LC-C03", "hand": ["LC-310", "LC-301"], "list": ["LC-N13"], "side": [],
                "counter": counter, "hp": 4000}]
    return GAME.from_position({"phase": phase, "turn": 12, "players": players}, seed=12)


def test_hard_counts_a_trait_counter_as_what_its_ability_will_pay_for():
    # three Grip recover 400 HP (Iron Grip): at Hard's leaves a Grip is worth a
    # share of that to Dov's player, and as much against the other player; the
    # heuristic (greedy, Normal) leaves counters out
    none, three = _grip(0), _grip(3)
    assert GAME.heuristic(three, 1) == GAME.heuristic(none, 1)
    gain = GAME.leaf_value(three, 1) - GAME.leaf_value(none, 1)
    assert gain == 3 * 0.75 * 400 / 3
    assert GAME.leaf_value(three, 0) - GAME.leaf_value(none, 0) == -gain
    # still less than the 400 HP a use recovers: using the ability is worth more than keeping the Grip
    assert gain < 400


def test_a_character_whose_ability_pays_with_fp_counts_its_counter_by_fp():
    # Marrow Vesk: three Heat pay for 2 FP (45 a point, as the heuristic counts FP)
    players = [{"character": "LC-C01", "hand": ["LC-N01"], "list": ["LC-N03"], "side": [], "counter": 3},
               {"character": "LC-C02", "hand": ["LC-N13"], "list": ["LC-N03"], "side": []}]
    s = GAME.from_position({"phase": "ready", "turn": 3, "players": players}, seed=3)
    assert GAME.leaf_value(s, 0) - GAME.heuristic(s, 0) == 0.75 * 2 * 45
