"""Rules benchmark: random self-play speed, clone time, save-load time."""

from __future__ import annotations

import os
import statistics
import tempfile
import time

from .ai.agents import RandomAgent
from .engine.core import Game
from .saves import Match, load_match
from .selfplay import selfplay_setup


def _random_game(game: Game, seed: int):
    match = Match(game, selfplay_setup(game, seed), seed)
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    states = []
    n = 0
    t0 = time.perf_counter()
    while match.state.decision is not None and n < 100000:
        d = match.state.decision
        p = d.players[0]
        match.apply(agents[p].choose(match.state, p))
        n += 1
        if n % 7 == 0:
            states.append(match.state)
            match.state = match.state.clone()
    return match, n, time.perf_counter() - t0, states


def run(game: Game, seconds: float = 5.0, seed: int = 1) -> dict:
    # decisions per second and per-game time (random agents, one core)
    total_n = 0
    total_t = 0.0
    per_game = []
    longest = None
    sample_states = []
    i = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or i < 3:
        match, n, t, states = _random_game(game, seed + i)
        total_n += n
        total_t += t
        per_game.append(t * 1000.0)
        if longest is None or len(match.log) > len(longest.log):
            longest = match
        if len(sample_states) < 400:
            sample_states.extend(states[:40])
        i += 1
    # clone time
    reps = 0
    t0 = time.perf_counter()
    while reps < 5000:
        for s in sample_states:
            s.clone()
            reps += 1
    clone_us = (time.perf_counter() - t0) / reps * 1e6
    # save-load time, scaled to 1,000 choices when no game was that long
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.toml")
        longest.save(path, keep_backup=False)
        loads = []
        for _ in range(5):
            t0 = time.perf_counter()
            load_match(path)
            loads.append(time.perf_counter() - t0)
    n_choices = len(longest.log)
    load_ms = min(loads) * 1000.0
    load_ms_1000 = load_ms * 1000.0 / max(1, n_choices)
    return {
        "game": game.id,
        "games": i,
        "decisions": total_n,
        "decisions_per_second": round(total_n / total_t, 1),
        "median_ms_per_game": round(statistics.median(per_game), 2),
        "clone_us": round(clone_us, 2),
        "save_choices": n_choices,
        "save_load_ms": round(load_ms, 2),
        "save_load_ms_per_1000_choices": round(load_ms_1000 if n_choices < 1000 else load_ms, 2),
        "budgets": {"decisions_per_second": 10000, "clone_us": 50, "save_load_ms_per_1000_choices": 300},
    }
