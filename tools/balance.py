"""Seat balance and the preconstructed deck matrix, between equal agents.

    nice -n 10 .venv/bin/python tools/balance.py [--games 200] [--agents greedy] [--seed 1] [GAME ...]

For each game, ``--games`` games between two copies of one agent (greedy by
default: cheap, and it plays every deck the same way). Game ``i`` (seed
``seed + i``) deals the ordered deck pair ``i`` of the list of all ordered
pairs of the game's preconstructed decks (mirror pairs included), round
robin, so every deck meets every other from both seats. One set of games
gives both tables: how often each seat wins, and how often each deck wins
its games against the other decks (mirror games left out). Prints JSON
lines; ``--markdown FILE`` also writes the tables (``--from-json`` writes
them from the lines of earlier runs instead of playing).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time

from tabletop.engine.registry import get_game
from tabletop.selfplay import play_one

GAMES = ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]


def measure(game_id: str, games: int, agent: str, seed: int) -> dict:
    game = get_game(game_id)
    decks = sorted(game.decks)
    pairs = list(itertools.product(decks, decks))
    seat_wins = [0, 0]
    draws = capped = errors = 0
    cells: dict = {}  # (deck, other) -> [wins of deck, games]
    turns = 0
    t0 = time.perf_counter()
    for i in range(games):
        a, b = pairs[i % len(pairs)]
        setup = game.default_setup()
        setup["players"][0]["deck"], setup["players"][1]["deck"] = a, b
        r = play_one(game, [agent, agent], seed + i, setup=setup)
        turns += r["turns"]
        if r["error"]:
            errors += 1
            continue
        if any("turn cap" in v for v in r["violations"]):
            capped += 1
        w = r["winner"]
        if not r["finished"]:
            continue
        if w == "draw":
            draws += 1
        elif isinstance(w, int):
            seat_wins[w] += 1
        if a != b:
            for me, other, p in ((a, b, 0), (b, a, 1)):
                c = cells.setdefault(f"{me} | {other}", [0, 0])
                c[1] += 1
                c[0] += 1 if w == p else (0.5 if w == "draw" else 0)
    per_deck = {}
    for d in decks:
        won = sum(v[0] for k, v in cells.items() if k.split(" | ")[0] == d)
        played = sum(v[1] for k, v in cells.items() if k.split(" | ")[0] == d)
        per_deck[d] = [won, played]
    return {"game": game_id, "games": games, "agent": agent, "seed": seed, "seat_wins": seat_wins, "draws": draws,
            "capped": capped, "errors": errors, "turns_mean": round(turns / max(1, games), 1),
            "decks": per_deck, "cells": cells, "seconds": round(time.perf_counter() - t0, 1)}


def pct(won, played) -> str:
    return f"{100 * won / played:.0f}%" if played else "-"


def markdown(results: list[dict]) -> str:
    out = ["### Seat balance, equal agents", "",
           "| game | agents | games | player 1 wins | player 2 wins | draws | player 1 share of decided | at the turn cap | errors | mean turns |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        s1, s2 = r["seat_wins"]
        out.append(f"| {r['game']} | {r['agent']},{r['agent']} | {r['games']} | {s1} | {s2} | {r['draws']} | "
                   f"{pct(s1, s1 + s2)} | {r['capped']} | {r['errors']} | {r['turns_mean']} |")
    out += ["", "### Preconstructed decks, each against the others (mirror games left out)", ""]
    for r in results:
        decks = sorted(r["decks"])
        out += [f"**{r['game']}** ({r['agent']} against {r['agent']}; a cell is the row deck's wins / games against the column deck)", "",
                "| deck | wins / games | share | " + " | ".join(decks) + " |",
                "|---|---|---|" + "---|" * len(decks)]
        for d in decks:
            won, played = r["decks"][d]
            row = [f"{r['cells'][f'{d} | {o}'][0]:g}/{r['cells'][f'{d} | {o}'][1]}" if f"{d} | {o}" in r["cells"] else "-"
                   for o in decks]
            out.append(f"| {d} | {won:g}/{played} | {pct(won, played)} | " + " | ".join(row) + " |")
        out.append("")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("games_ids", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--agents", default="greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--markdown", metavar="FILE")
    ap.add_argument("--from-json", nargs="+", metavar="JSONL",
                    help="no games: write --markdown from the JSON lines of earlier runs")
    args = ap.parse_args(argv)
    results = []
    if args.from_json:
        for path in args.from_json:
            with open(path) as f:
                results += [json.loads(line) for line in f if line.strip().startswith("{")]
        with open(args.markdown or "/dev/stdout", "w") as f:
            f.write(markdown(results) + "\n")
        return 0
    for g in args.games_ids or GAMES:
        r = measure(g, args.games, args.agents, args.seed)
        results.append(r)
        print(json.dumps(r), flush=True)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(results) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
