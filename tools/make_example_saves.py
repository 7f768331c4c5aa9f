"""Regenerate the example saves in saves/ (run after a rules change that
changes choice ids or outcomes): greedy vs greedy from a fixed set-up and
seed, stopped mid-game. Usage: python tools/make_example_saves.py [GAME...]"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop.ai.agents import GreedyAgent
from tabletop.engine.registry import get_game
from tabletop.saves import Match

ROOT = Path(__file__).resolve().parent.parent

# game id -> (name, seed, decks, extra set-up, stop at this turn [, and in this phase])
EXAMPLES = {
    "rush_duel": ("Example: Rush Duel mid-game", 4, ("Ember Beatdown", "Tideguard Control"), {}, 4),
    "riftbound": ("Example: Riftbound mid-game", 1, ("Ember Vanguard (Kestra)", "Tideguard (Orrin)"), {}, 6),
    "lumen_condenser": ("Example: Lumen Condenser mid-battle", 1, ("Marrow Forge", "Kestrel Chain"), {"timed": False}, 6,
                        "battle"),
    "aquarian_age": ("Example: Aquarian Age mid-game", 2044,
                     ("Darklore and Arayashiki: Night Parade", "E.G.O. and Arayashiki: School of Spirits"), {}, 8),
}


def make(game_id: str) -> Path:
    name, seed, decks, extra, stop_turn, *phase = EXAMPLES[game_id]
    game = get_game(game_id)
    setup = {"players": [{"name": f"Player {i + 1}", "deck": d} for i, d in enumerate(decks)], **extra}
    match = Match(game, setup, seed)
    agents = [GreedyAgent(seed * 2 + 1), GreedyAgent(seed * 2 + 2)]
    def going_on() -> bool:
        if match.state.turn < stop_turn:
            return True
        return bool(phase) and match.state.view(None)["phase"] != phase[0]

    while match.state.decision is not None and going_on():
        d = match.state.decision
        match.apply(agents[d.players[0]].choose(match.state, d.players[0]))
    if match.state.decision is None:
        raise SystemExit(f"{game_id}: the example game ended before turn {stop_turn}")
    match.name = name
    path = ROOT / "saves" / f"{game_id}-midgame.toml"
    match.save(path, keep_backup=False)
    return path


if __name__ == "__main__":
    for gid in sys.argv[1:] or list(EXAMPLES):
        print("wrote", make(gid))
