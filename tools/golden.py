"""Golden traces: today's behaviour of every game, pinned.

For each game, ``GAMES_PER_GAME`` seeded self-play games (random against
greedy, seats swapped every game) are played. After every choice the trace
records the player, the choice id, the kinds of the events it produced and a
short hash of ``view(None)``, ``view(0)`` and ``view(1)``. The traces live in
``tests/golden/<game>.txt.gz``; ``tests/test_golden.py`` replays them.

A refactor keeps them identical. An intended rules change regenerates them in
its own commit that says why (and raises the game's rules_version)::

    python tools/golden.py            # check every game (exit 1 on a difference)
    python tools/golden.py --write    # regenerate every game's trace
    python tools/golden.py --write rush_duel
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop.ai.agents import make_agent  # noqa: E402
from tabletop.engine.core import canonical_json  # noqa: E402
from tabletop.engine.registry import all_games, get_game  # noqa: E402
from tabletop.selfplay import selfplay_setup  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden"
GAMES_PER_GAME = 40
FIRST_SEED = 1000
AGENTS = ("random", "greedy")
MAX_CHOICES = 5000


def _views_hash(state) -> str:
    h = hashlib.sha256()
    for viewer in (None, 0, 1):
        h.update(canonical_json(state.view(viewer)).encode())
        h.update(b"|")
    return h.hexdigest()[:16]


def trace_game(game, index: int) -> list[str]:
    """The trace lines of self-play game ``index`` of ``game``."""
    seed = FIRST_SEED + index
    seats = list(AGENTS) if index % 2 == 0 else list(reversed(AGENTS))
    agents = [make_agent(name, seed * 2 + i + 1) for i, name in enumerate(seats)]
    state = game.new_state(selfplay_setup(game, seed), seed)
    lines = [f"game {index} seed {seed} {seats[0]},{seats[1]} start {_views_hash(state)}"]
    for _ in range(MAX_CHOICES):
        d = state.decision
        if d is None:
            break
        player = d.players[0]
        choice = agents[player].choose(state, player)
        events = state.apply(choice)
        kinds = ",".join(e.kind for e in events)
        lines.append(f"{choice.player} {choice.id} [{kinds}] {_views_hash(state)}")
    lines.append(f"end winner={state.winner} turn={state.turn}")
    return lines


def trace(game_id: str, games: int = GAMES_PER_GAME) -> list[str]:
    game = get_game(game_id)
    out = [f"golden {game_id}"]
    for i in range(games):
        out.extend(trace_game(game, i))
    return out


def path_for(game_id: str) -> Path:
    return GOLDEN_DIR / f"{game_id}.txt.gz"


def read(game_id: str) -> list[str]:
    with gzip.open(path_for(game_id), "rt", encoding="utf-8") as fh:
        return fh.read().splitlines()


def write(game_id: str, lines: list[str]) -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    data = ("\n".join(lines) + "\n").encode("utf-8")
    # mtime=0 keeps the file byte-identical when the trace is
    with open(path_for(game_id), "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as fh:
        fh.write(data)


def first_difference(expected: list[str], actual: list[str]) -> str | None:
    """None when equal, else where the traces part."""
    game_line = ""
    for n, (a, b) in enumerate(zip(expected, actual)):
        if a.startswith("game "):
            game_line = a
        if a != b:
            return f"line {n + 1} ({game_line or 'header'}):\n  expected {a}\n  actual   {b}"
    if len(expected) != len(actual):
        return f"length differs: expected {len(expected)} lines, got {len(actual)}"
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="game ids (default: every built-in game)")
    ap.add_argument("--write", action="store_true", help="regenerate the traces")
    args = ap.parse_args(argv)
    ids = args.games or [g for g in all_games() if path_for(g).exists() or args.write]
    bad = 0
    for gid in ids:
        lines = trace(gid)
        if args.write:
            write(gid, lines)
            print(f"{gid}: wrote {len(lines)} lines to {path_for(gid).relative_to(ROOT)}")
            continue
        diff = first_difference(read(gid), lines)
        if diff:
            bad += 1
            print(f"{gid}: DIFFERS at {diff}")
        else:
            print(f"{gid}: identical ({len(lines)} lines)")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
