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


def play(game_id: str, seed: int, max_choices: int = 3000):
    """Greedy against greedy from the example's set-up; the match at the stop, or None."""
    name, _seed, decks, extra, stop_turn, *phase = EXAMPLES[game_id]
    game = get_game(game_id)
    setup = {"players": [{"name": f"Player {i + 1}", "deck": d} for i, d in enumerate(decks)], **extra}
    match = Match(game, setup, seed)
    agents = [GreedyAgent(seed * 2 + 1), GreedyAgent(seed * 2 + 2)]
    for _ in range(max_choices):
        st = match.state
        if st.decision is None:
            return None
        if st.turn >= stop_turn and (not phase or st.view(None)["phase"] == phase[0]):
            match.name = name
            return match
        d = st.decision
        match.apply(agents[d.players[0]].choose(st, d.players[0]))
    return None


def make(game_id: str) -> Path:
    """The example from its seed; when that game ends (or stalls) before the
    stop, the next seeds are tried in order."""
    seed = EXAMPLES[game_id][1]
    for s in range(seed, seed + 50):
        match = play(game_id, s)
        if match is not None:
            path = ROOT / "saves" / f"{game_id}-midgame.toml"
            match.save(path, keep_backup=False)
            return path
    raise SystemExit(f"{game_id}: no example game reached its stop")


if __name__ == "__main__":
    for gid in sys.argv[1:] or list(EXAMPLES):
        print("wrote", make(gid))
