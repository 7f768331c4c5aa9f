"""Headless self-play with invariant checks after every choice."""

from __future__ import annotations

import time
import traceback
from pathlib import Path

from .ai.agents import make_agent
from .engine.choiceid import resign_order_violations
from .engine.core import Game, State
from .engine.rng import PCG32
from .saves import Match


def selfplay_setup(game: Game, seed: int) -> dict:
    """A set-up with two preconstructed decks drawn at random from the game's list."""
    rng = PCG32(seed, stream=31)
    names = sorted(game.decks)
    setup = game.default_setup()
    if names:
        for p in setup.get("players", []):
            p["deck"] = rng.choice(names)
    return setup


def play_decision(match: Match, agents: list) -> State:
    """Let the players of the pending decision choose (``agents`` by seat) and apply
    their picks; returns the state after them. Every player of a simultaneous
    decision picks on the same position, before any pick is applied (neither may
    see the other's pick, and asking the second one after the first pick would
    give it a one-step look-ahead that resolves the battle while the first had none)."""
    state = match.state
    picks = [agents[p].choose(state, p) for p in state.decision.players]
    match.apply(picks[0])
    for extra in picks[1:]:
        nd = match.state.decision
        if nd is None or extra.player not in nd.players:
            break
        match.apply(nd.find(extra.id, extra.player) or extra)
    return match.state


def agent_spec(text: str) -> tuple[str, float | None]:
    """An agent as the command line names it: ``NAME`` or ``NAME@MS``, where MS
    is that agent's own search budget per decision in milliseconds (over
    ``think_ms``). Returns (name, MS or None); the caller checks both."""
    name, at, ms = text.partition("@")
    return name, (float(ms) if at else None)


def play_one(game: Game, agent_names: list[str], seed: int, check: bool = True, max_decisions: int = 200000,
             think_ms: float | None = None, setup: dict | None = None, clock: str = "cpu") -> dict:
    """Play one game; agent_names[i] sits at player i. Returns a result dict.
    ``think_ms`` is the time budget per decision of the agents that search
    (None: their reproducible fixed-count mode), counted on ``clock``: "cpu"
    (the searching thread's computing time, by default, so that both agents
    get the same computing however loaded the machine is) or "wall". ``setup``: the set-up (decks)
    to play; by default two preconstructed decks drawn from the seed. An agent
    named ``NAME@MS`` searches MS milliseconds per decision whatever ``think_ms``
    says (``agent_spec``), so that one budget can be measured against another."""
    if setup is None:
        setup = selfplay_setup(game, seed)
    result = {"seed": seed, "agents": list(agent_names), "decisions": 0, "winner": None,
              "finished": False, "error": None, "violations": [], "turns": 0, "match": None}
    try:
        match = Match(game, setup, seed)
    except Exception as exc:  # an engine bug is counted, not fatal
        result["error"] = f"set-up: {type(exc).__name__}: {exc}"
        return result
    result["match"] = match
    agents = []
    for i, n in enumerate(agent_names):
        name, own_ms = agent_spec(n)
        agents.append(make_agent(name, seed * 2 + i + 1, think_ms if own_ms is None else own_ms, clock))
    state = match.state
    try:
        while True:
            d = state.decision
            if d is None:
                break
            if result["decisions"] >= max_decisions:
                result["violations"].append(f"no end after {max_decisions} decisions")
                break
            state = play_decision(match, agents)
            result["decisions"] += 1
            if check:
                v = state.invariant_violations()
                if state.decision is None and state.winner is None:
                    v = v + ["no decision is pending but the game has no result"]
                if state.decision is not None:
                    v = v + (resign_order_violations(state.decision) if state.decision.choices
                             else ["a decision with no legal choice"])
                if state.turn > game.turn_cap:
                    v = v + [f"turn cap {game.turn_cap} reached"]
                if v:
                    result["violations"].extend(f"decision {result['decisions']}: {x}" for x in v)
                    break
    except Exception as exc:
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        result["error"] = f"{type(exc).__name__}: {exc} ({Path(tb.filename).name}:{tb.lineno})"
    result["winner"] = state.winner
    result["finished"] = state.decision is None and state.winner is not None
    result["turns"] = state.turn
    return result


def run(game: Game, games: int, seed: int, agents: list[str], save_dir: str | None = None,
        progress=None, think_ms: float | None = None, clock: str = "cpu") -> dict:
    """Play ``games`` games; agents swap seats every game. Returns the report.
    ``think_ms``: the search budget per decision of the agents that search,
    counted on ``clock`` ("cpu" or "wall", see ``play_one``)."""
    if len(agents) == 1:
        agents = agents * 2
    wins = {name: 0 for name in agents}
    if len(set(agents)) == 1:
        wins = {f"{agents[0]} (player 1)": 0, f"{agents[0]} (player 2)": 0}
    report = {"game": game.id, "games": games, "finished": 0, "errors": 0, "violations": 0,
              "decisions": 0, "seconds": 0.0, "decisions_per_second": 0.0, "draws": 0,
              "wins": wins, "turns_mean": 0.0, "problems": [], "agents": list(agents), "think_ms": think_ms,
              "clock": clock if think_ms is not None or any(agent_spec(a)[1] for a in agents) else None,
              "capped": 0, "seat_wins": [0, 0]}
    turns = 0
    t0 = time.perf_counter()
    for i in range(games):
        seats = agents if i % 2 == 0 else list(reversed(agents))
        r = play_one(game, seats, seed + i, think_ms=think_ms, clock=clock)
        report["decisions"] += r["decisions"]
        turns += r["turns"]
        if r["error"]:
            report["errors"] += 1
            report["problems"].append(f"game {i} (seed {seed + i}): error {r['error']}")
        if r["violations"]:
            report["violations"] += len(r["violations"])
            report["capped"] += any("turn cap" in v for v in r["violations"])
            report["problems"].append(f"game {i} (seed {seed + i}): {r['violations'][0]}")
        if r["finished"]:
            report["finished"] += 1
            w = r["winner"]
            if w == "draw":
                report["draws"] += 1
            elif isinstance(w, int):
                report["seat_wins"][w] += 1
                if len(set(agents)) == 1:
                    report["wins"][f"{agents[0]} (player {w + 1})"] += 1
                else:
                    report["wins"][seats[w]] += 1
        if save_dir and r["match"] is not None:
            m = r["match"]
            m.name = f"selfplay {game.id} seed {seed + i}"
            m.save(Path(save_dir) / f"{game.id}-{seed + i:06d}.toml", keep_backup=False)
        if progress:
            progress(i + 1, games)
    report["seconds"] = round(time.perf_counter() - t0, 3)
    report["decisions_per_second"] = round(report["decisions"] / report["seconds"], 1) if report["seconds"] else 0.0
    report["turns_mean"] = round(turns / games, 2) if games else 0.0
    report["problems"] = report["problems"][:20]
    return report
