"""tools/fit_leaf.py: the positions it collects and the logistic fit of who wins."""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import fit_leaf  # noqa: E402

from tabletop.engine.rng import PCG32  # noqa: E402


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))


def test_the_fit_finds_the_weights_the_results_were_drawn_with():
    rng = PCG32(5, stream=1)
    rows = []
    for i in range(3000):
        a, b = rng.random() * 4 - 2, rng.random() * 4 - 2
        won = 1.0 if rng.random() < _sigmoid(1.5 * a - 0.5 * b) else 0.0
        rows.append({"game": i, "player": 0, "turn": 1, "won": won, "features": {"a": a, "b": b}})
    res = fit_leaf.fit(rows, refs=("a",))
    w = res["weights"]
    assert abs(w["a"] - 1.5) < 0.2 and abs(w["b"] + 0.5) < 0.15
    assert res["rows"] == (2400, 600)
    loss, acc = res["test"]
    assert loss < math.log(2) and acc > 0.7
    # the one-term fit of ``a`` alone predicts worse than both terms together
    assert res["refs"]["a"]["test"][0] > loss


def test_collect_records_both_players_features_and_who_won():
    rows = fit_leaf.collect("aquarian_age", 2, 3, ["greedy", "greedy"])
    assert {r["game"] for r in rows} <= {3, 4} and rows
    for g in {r["game"] for r in rows}:
        mine = [r for r in rows if r["game"] == g]
        assert {r["player"] for r in mine} == {0, 1}
        # one player won and the other lost, at every turn recorded
        by_turn = {}
        for r in mine:
            by_turn.setdefault(r["turn"], []).append(r["won"])
        assert all(sorted(v) == [0.0, 1.0] for v in by_turn.values())
    keys = set(rows[0]["features"])
    assert all(set(r["features"]) == keys for r in rows)
    # the terms are seen from each side: the other player's are their negatives
    first = [r for r in rows if r["game"] == rows[0]["game"] and r["turn"] == rows[0]["turn"]]
    assert all(math.isclose(first[0]["features"][k], -first[1]["features"][k], abs_tol=1e-9) for k in keys)
