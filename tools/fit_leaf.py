"""Fit a game's leaf value (where Hard's search stops) to who wins.

The game's ``ai`` module exposes ``leaf_features(state, player) -> dict[str, float]``:
the terms a position is described by, from ``player``'s side. ``collect`` plays
self-play games and records, at the first decision of every turn, each player's
features and whether that player went on to win; ``fit`` fits a logistic
regression (win ~ features, Newton's method with a small ridge penalty; no
numpy) and reports its log-loss and accuracy on held-out games, beside one-term
fits of the reference terms (e.g. the heuristic, or the leaf value in use).

Usage:
  python tools/fit_leaf.py collect GAME --games N --seed S --agents A,B --out rows.jsonl
      (an agent may carry a budget: ``expert:5`` thinks 5 ms of computing a decision)
  python tools/fit_leaf.py fit rows.jsonl [more.jsonl ...] [--drop NAME,...] [--ref TERM,...]
      [--test other.jsonl ...]

Inputs: the rows written by ``collect`` (one JSON object a line: game seed,
player, turn, won (1, 0, or 0.5 for a draw), features). ``fit`` prints the
weights by feature (on the features' own scale) and the held-out figures:
every fifth game (by seed) is held out, or with ``--test`` all the rows given
first are fitted on and the ``--test`` rows scored. A ``--ref`` term (a
feature, or a weighted sum such as ``heuristic+deck*2.5``) is fitted alone
(one weight, its scale) on the same rows and scored the same way: e.g. the
heuristic, or the leaf value in use written over the features. A game's leaf
value can then be the fitted log-odds divided by the heuristic's own scale.

Aquarian Age's weights (games/aquarian_age/ai.py, LEAF_WEIGHTS) came from
``collect aquarian_age --games 160 --seed 4000 --agents hard:10,expert:10``,
scored on ``--games 60 --seed 3000`` of the same agents.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.ai.agents import make_agent  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.selfplay import play_decision, selfplay_setup  # noqa: E402
from tabletop.saves import Match  # noqa: E402


def _features_of(game):
    """The game's ``leaf_features`` (its package's ai module)."""
    pkg = type(game).__module__.rsplit(".", 1)[0]
    return importlib.import_module(pkg + ".ai").leaf_features


def _agent(spec: str, seed: int):
    name, _, ms = spec.partition(":")
    return make_agent(name, seed, float(ms) if ms else None, "cpu")


def collect(game_name: str, games: int, seed: int, agents: list[str], max_decisions: int = 20000) -> list[dict]:
    """Play ``games`` games from ``seed`` on (seats swapped every game) and
    return the rows: at the first decision of every turn, each player's
    features and whether that player won."""
    game = get_game(game_name)
    features = _features_of(game)
    rows = []
    for i in range(games):
        g = seed + i
        seats = agents if i % 2 == 0 else list(reversed(agents))
        match = Match(game, selfplay_setup(game, g), g)
        players = [_agent(n, g * 2 + k + 1) for k, n in enumerate(seats)]
        state = match.state
        seen_turn = None
        here = []
        for _ in range(max_decisions):
            d = state.decision
            if d is None or state.winner is not None:
                break
            if state.turn != seen_turn:
                seen_turn = state.turn
                for p in (0, 1):
                    here.append({"game": g, "player": p, "turn": state.turn,
                                 "features": {k: float(v) for k, v in features(state, p).items()}})
            state = play_decision(match, players)
        w = state.winner
        if w is None:
            continue  # unfinished: no label
        for r in here:
            r["won"] = 0.5 if not isinstance(w, int) else float(w == r["player"])
            rows.append(r)
    return rows


def _newton(xs: list[list[float]], ys: list[float], ridge: float = 1e-3, iters: int = 30) -> list[float]:
    """Logistic regression weights (no intercept) by Newton's method."""
    n = len(xs[0]) if xs else 0
    w = [0.0] * n
    for _ in range(iters):
        g = [ridge * wi for wi in w]
        h = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys):
            z = sum(wi * xi for wi, xi in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            e = p - y
            v = p * (1.0 - p)
            for i in range(n):
                xi = x[i]
                if xi:
                    g[i] += e * xi
                    hi = h[i]
                    vx = v * xi
                    for j in range(n):
                        hi[j] += vx * x[j]
        step = _solve(h, g)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        if abs(m[r][r]) < 1e-12:
            continue
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def _score(w: list[float], xs, ys) -> tuple[float, float]:
    """(mean log-loss, accuracy) of weights w on the rows."""
    loss = hit = 0.0
    for x, y in zip(xs, ys):
        z = sum(wi * xi for wi, xi in zip(w, x))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        hit += 1.0 if (p > 0.5) == (y > 0.5) else 0.5 if p == 0.5 else 0.0
    n = max(1, len(ys))
    return loss / n, hit / n


def fit(rows: list[dict], names: list[str] | None = None, refs: tuple = (), holdout: int = 5,
        test_rows: list[dict] | None = None) -> dict:
    """Fit win ~ features on the rows of games whose seed is not a multiple of
    ``holdout`` and score it on the others (with ``test_rows``: fit on all the
    rows, score on those). ``names``: the features used (all
    by default); ``refs``: features (or ``a+b*...`` sums of weighted features,
    ``name*w``) judged alone as one-term fits, for comparison. Returns
    {"weights", "train", "test", "refs"} (log-loss and accuracy pairs)."""
    rows = [r for r in rows if r["won"] != 0.5]
    names = names or sorted(rows[0]["features"])
    if test_rows is None:
        train = [r for r in rows if r["game"] % holdout]
        test = [r for r in rows if not r["game"] % holdout]
    else:
        train, test = rows, [r for r in test_rows if r["won"] != 0.5]

    def xy(rs, cols):
        return [[_term(r["features"], c) for c in cols] for r in rs], [r["won"] for r in rs]

    xs, ys = xy(train, names)
    w = _newton(xs, ys)
    out = {"weights": dict(zip(names, w)), "train": _score(w, xs, ys), "test": _score(w, *xy(test, names)),
           "rows": (len(train), len(test)), "refs": {}}
    for ref in refs:
        rx, ry = xy(train, [ref])
        rw = _newton(rx, ry)
        out["refs"][ref] = {"scale": rw[0], "test": _score(rw, *xy(test, [ref]))}
    return out


def _term(f: dict, spec: str) -> float:
    """A feature, or a weighted sum written ``a*1.5+b*-2``."""
    if "*" not in spec and "+" not in spec:
        return f[spec]
    v = 0.0
    for part in spec.split("+"):
        name, _, k = part.partition("*")
        v += f[name] * (float(k) if k else 1.0)
    return v


def _read(paths: list[str]) -> list[dict]:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            rows += [json.loads(line) for line in fh if line.strip()]
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("game")
    c.add_argument("--games", type=int, default=100)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--agents", default="greedy,greedy")
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("rows", nargs="+")
    f.add_argument("--drop", default="", help="features left out, comma separated")
    f.add_argument("--ref", default="", help="terms judged alone, comma separated (name or a*w+b*w)")
    f.add_argument("--test", nargs="*", help="rows to score on (then every row given first is fitted on)")
    a = ap.parse_args(argv)
    if a.cmd == "collect":
        rows = collect(a.game, a.games, a.seed, a.agents.split(","))
        with open(a.out, "a", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r) + "\n")
        print(f"{len(rows)} rows from {a.games} games")
        return
    rows, test = _read(a.rows), _read(a.test) if a.test else None
    drop = set(filter(None, a.drop.split(",")))
    names = [n for n in sorted(rows[0]["features"]) if n not in drop]
    res = fit(rows, names, tuple(filter(None, a.ref.split(","))), test_rows=test)
    print(f"rows: {res['rows'][0]} training, {res['rows'][1]} held out")
    for n, w in res["weights"].items():
        print(f"  {n:16s} {w:+.5f}")
    print(f"fit: train log-loss {res['train'][0]:.4f} acc {res['train'][1]:.3f}; "
          f"held out log-loss {res['test'][0]:.4f} acc {res['test'][1]:.3f}")
    for ref, r in res["refs"].items():
        print(f"ref {ref}: scale {r['scale']:+.5f}, held out log-loss {r['test'][0]:.4f} acc {r['test'][1]:.3f}")


if __name__ == "__main__":
    main()
