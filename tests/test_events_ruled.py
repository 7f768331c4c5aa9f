"""A game whose processor is told that every event carries its rule
(``Processor(..., events_ruled=True)``: nothing tags events afterwards) must
keep that promise: no event of its random games lacks the rule the log shows
under it."""

from __future__ import annotations

import importlib

import pytest

from tabletop.ai.agents import GreedyAgent, RandomAgent
from tabletop.engine.registry import get_game
from tabletop.saves import Match
from tabletop.selfplay import selfplay_setup

RULED = {"rush_duel": "games.rush_duel.rules.procedures",
         "lumen_condenser": "games.lumen_condenser.rules.procedures",
         "aquarian_age": "games.aquarian_age.rules",
         "riftbound": "games.riftbound.rules"}


@pytest.mark.parametrize("game_id", sorted(RULED))
def test_every_event_carries_its_rule(game_id):
    assert importlib.import_module(RULED[game_id]).PROCESSOR.events_ruled
    game = get_game(game_id)
    seen = 0
    for seed in range(1, 9):
        match = Match(game, selfplay_setup(game, seed), seed)
        agents = [RandomAgent(seed), GreedyAgent(seed) if seed % 2 else RandomAgent(seed + 50)]
        for _ in range(3000):
            d = match.state.decision
            if d is None:
                break
            p = d.players[0]
            for e in match.apply(agents[p].choose(match.state, p)):
                seen += 1
                assert e.rule, (game_id, seed, e.kind, e.caption)
    assert seen > 1000
