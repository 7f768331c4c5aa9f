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
