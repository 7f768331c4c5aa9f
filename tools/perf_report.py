"""Measure every budget of DESIGN.md and write docs/PERFORMANCE.md.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/perf_report.py [--selfplay-games 500]

Runs, for each installed game: ``tabletop bench GAME --json`` (random
self-play decisions/s, ms per game, clone time, save-load time) and
``tabletop selfplay GAME --games N --seed 1 --agents random,greedy --json``;
then ``tabletop bench --ui --load tools/ui_bench/rush_duel.toml --json`` (frame time) and the start-up time to the
main menu (a fresh interpreter, wall clock, best of three). Every command runs
in its own process, one after another, on one core's worth of work.

It rewrites only its own part of docs/PERFORMANCE.md, between the
``perf-report`` markers at the top; the notes below them and the sections
other tools write (``bench_compare.py``, ``bench_instructions.py``,
``realwindow_perf.py``, each between its own markers) are kept as they are.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from bench_compare import put_between  # tools/ is this script's folder

ROOT = Path(__file__).resolve().parent.parent
# the table bench position: full decks spread over the table (a save; any game's save will do)
UI_BENCH_SAVE = ROOT / "tools" / "ui_bench" / "rush_duel.toml"
TABLETOP = [sys.executable, "-m", "tabletop"]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")

STARTUP = """
import time
t0 = time.perf_counter()
from tabletop.ui.app import App
from tabletop.ui.scenes import MenuScene
app = App(); app.reset_to(MenuScene(app)); app.step([])
print(time.perf_counter() - t0)
"""


#: the part of docs/PERFORMANCE.md this script writes; the rest of the file (the notes,
#: and the sections other tools write between their own markers) is kept as it is
BEGIN, END = "<!-- perf-report:begin -->", "<!-- perf-report:end -->"


def put_report(doc: str, report: str) -> str:
    """``doc`` with the text between its report markers replaced by ``report``; a
    document without them gets the report first, everything it held kept below it."""
    block = f"{BEGIN}\n{report}\n{END}"
    new = put_between(doc, BEGIN, END, block)
    if new is None:
        new = block + "\n" + ("\n" + doc if doc else "")
    return new


def run_json(args: list[str]) -> dict:
    out = subprocess.run(TABLETOP + args, capture_output=True, text=True, env=ENV, cwd=ROOT, check=True).stdout
    return json.loads(out)


def startup_seconds() -> float:
    best = None
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", STARTUP], capture_output=True, text=True, env=ENV, cwd=ROOT, check=True)
        wall = time.perf_counter() - t0
        best = wall if best is None else min(best, wall)
    return best


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--selfplay-games", type=int, default=500)
    ap.add_argument("--out", default=str(ROOT / "docs" / "PERFORMANCE.md"))
    args = ap.parse_args()
    from tabletop.engine.registry import all_games

    games = list(all_games())
    bench = {g: run_json(["bench", g, "--json"]) for g in games}
    selfplay = {g: run_json(["selfplay", g, "--games", str(args.selfplay_games), "--seed", "1",
                             "--agents", "random,greedy", "--json"]) for g in games}
    ui_save = UI_BENCH_SAVE.relative_to(ROOT).as_posix()
    ui = run_json(["bench", "--ui", "--load", ui_save, "--json", "--frames", "1200"])
    start = startup_seconds()

    lines = [
        "# Performance",
        "",
        f"Measured {dt.date.today().isoformat()} on this project's machine ({os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}), "
        "no display (SDL dummy driver), each command alone in its own process.",
        "The figures of this part, up to the table's, are regenerated with the command below;",
        "it leaves the rest of this file as it is (each section after them names its own command):",
        "",
        "    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/perf_report.py",
        "",
        "## Rules engines (budgets from DESIGN.md)",
        "",
        "Command: `tabletop bench GAME --json` (random agents that never resign, one process, one core).",
        "",
        "| game | decisions/s (>= 10,000) | median ms per game | clone() us (<= 50) | save load ms per 1,000 choices (<= 300) |",
        "|---|---|---|---|---|",
    ]
    for g, b in bench.items():
        lines.append(f"| {g} | {b['decisions_per_second']:,.0f} | {b['median_ms_per_game']} | {b['clone_us']} | "
                     f"{b['save_load_ms_per_1000_choices']} (longest game {b['save_choices']} choices, "
                     f"loaded in {b['save_load_ms']} ms) |")
    lines += [
        "",
        "The save-load figure replays the longest benchmark game from its save file (parse, replay every",
        "choice, check the digest). Random games are shorter than 1,000 choices, so the time is scaled",
        "linearly to 1,000 choices (replay is linear in the number of choices).",
        "",
        "## Self-play",
        "",
        f"Command: `tabletop selfplay GAME --games {args.selfplay_games} --seed 1 --agents random,greedy --json`"
        " (agents swap seats every game; invariants checked after every choice).",
        "",
        "| game | games | finished | errors | violations | greedy wins | random wins | draws | mean turns | decisions/s (with greedy look-ahead) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for g, s in selfplay.items():
        gw, rw = s["wins"].get("greedy", 0), s["wins"].get("random", 0)
        lines.append(f"| {g} | {s['games']} | {s['finished']} | {s['errors']} | {s['violations']} | "
                     f"{gw} ({100.0 * gw / s['games']:.1f}%) | {rw} | {s['draws']} | {s['turns_mean']} | "
                     f"{s['decisions_per_second']:,.0f} |")
    lines += [
        "",
        "## Table",
        "",
        f"Command: `tabletop bench --ui --load {ui_save} --json --frames 1200` (the {ui['game']} table of that "
        f"save at 1600x900 with {ui['cards_on_table']} cards, animating the whole time; then the computer "
        "playing while frames are timed).",
        "",
        "| figure | measured | budget |",
        "|---|---|---|",
        f"| frame time p50 | {ui['frame_ms_p50']} ms | |",
        f"| frame time p95 | {ui['frame_ms_p95']} ms | |",
        f"| frame time p99 | {ui['frame_ms_p99']} ms | <= 8 ms |",
        f"| longest frame | {ui['frame_ms_max']} ms | |",
        f"| longest frame while the computer thinks | {ui['max_frame_ms_while_computer_thinks']} ms | <= 50 ms |",
        f"| start-up to the main menu (fresh interpreter, best of 3) | {start:.2f} s | <= 1.5 s |",
    ]
    out = Path(args.out)
    old = out.read_text(encoding="utf-8") if out.exists() else ""
    out.write_text(put_report(old, "\n".join(lines)), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
