"""Measure the table in a real window: idle CPU at the main menu and at a
table waiting for the player, start-up to a drawn menu, and frame times.

    xvfb-run -a -s "-screen 0 1600x900x24" .venv/bin/python tools/realwindow_perf.py [--write]

Needs an X display (Xvfb will do). Each figure comes from its own fresh
process: idle CPU is the process's user + system time (from /proc/PID/stat)
over 15 seconds after the window settled, as a share of one core; start-up is
the wall clock from starting the interpreter to the first menu frame on
screen, best of three; frame times are ``tabletop bench --ui --window``.
``--write`` puts the figures in docs/PERFORMANCE.md (tools/perf_report.py
keeps that section when it rewrites the file).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from bench_compare import write_section  # tools/ is this script's folder

ROOT = Path(__file__).resolve().parent.parent
UI_BENCH_SAVE = "tools/ui_bench/rush_duel.toml"
BEGIN, END = "<!-- realwindow:begin -->", "<!-- realwindow:end -->"
IDLE_SECONDS = 15.0
SETTLE_SECONDS = 12.0

STARTUP = """
import time, sys
t0 = float(sys.argv[1])
from tabletop.ui.app import App
from tabletop.ui.scenes import MenuScene
app = App(persist_settings=False); app.reset_to(MenuScene(app)); app.step([])
print(time.time() - t0)
"""


def env(tmp: Path) -> dict:
    e = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
             TABLETOP_SAVES=str(tmp / "saves"), TABLETOP_CONFIG=str(tmp / "config"))
    e.pop("SDL_VIDEODRIVER", None)
    return e


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu(args: list[str], e: dict, settle: float = SETTLE_SECONDS) -> float:
    """Share of one core used by ``tabletop ARGS`` over IDLE_SECONDS, once settled."""
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", *args], env=e, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(settle)
        if proc.poll() is not None:
            raise SystemExit(f"tabletop {' '.join(args)} ended early")
        c0, t0 = cpu_seconds(proc.pid), time.monotonic()
        time.sleep(IDLE_SECONDS)
        c1, t1 = cpu_seconds(proc.pid), time.monotonic()
    finally:
        proc.terminate()
        proc.wait(10)
    return 100.0 * (c1 - c0) / (t1 - t0)


def startup(e: dict) -> float:
    best = None
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", STARTUP, repr(time.time())], env=e, cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        s = float(out.strip().splitlines()[-1])
        best = s if best is None else min(best, s)
    return best


def bench(e: dict, window: bool = True) -> dict:
    args = ["bench", "--ui", "--load", UI_BENCH_SAVE, "--json", "--frames", "1200"] + (["--window"] if window else [])
    out = subprocess.run([sys.executable, "-m", "tabletop", *args], env=e, cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out)


def _bench_or_none(e: dict, window: bool = True) -> dict:
    try:
        return bench(e, window)
    except subprocess.CalledProcessError as exc:
        print(exc.stderr, file=sys.stderr)
        return {k: "n/a" for k in ("frame_ms_p50", "frame_ms_p99", "max_frame_ms_while_computer_thinks")}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--game", default="rush_duel", help="the game of the waiting table (against the computer)")
    a = ap.parse_args()
    if not os.environ.get("DISPLAY"):
        print("realwindow_perf: needs a display (run it under xvfb-run)", file=sys.stderr)
        return 2
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        e = env(Path(tmp))
        menu = idle_cpu([], e)
        # the computer may move first: its turn plays out before the table waits
        table = idle_cpu(["play", a.game, "--vs", "computer", "--seed", "1"], e, settle=2.5 * SETTLE_SECONDS)
        start = startup(e)
        ui = _bench_or_none(e)
        dummy = _bench_or_none(e, window=False)
        load = os.getloadavg()[0]
    rows = [
        ("idle CPU at the main menu (15 s)", f"{menu:.1f}% of one core", "<= 3%"),
        (f"idle CPU at a {a.game} table waiting for the player (15 s)", f"{table:.1f}% of one core", "<= 3%"),
        ("start-up to a drawn main menu (fresh interpreter, best of 3)", f"{start:.2f} s", "<= 1.0 s"),
        ("frame time p50 (bench --ui --window)", f"{ui['frame_ms_p50']} ms", ""),
        ("frame time p99 (bench --ui --window)", f"{ui['frame_ms_p99']} ms", "<= 8 ms"),
        ("longest frame while the computer thinks", f"{ui['max_frame_ms_while_computer_thinks']} ms", "<= 50 ms"),
        ("frame time p50 / p99, no display (bench --ui)", f"{dummy['frame_ms_p50']} / {dummy['frame_ms_p99']} ms", ""),
    ]
    text = "\n".join([
        BEGIN,
        "Command: `xvfb-run -a -s \"-screen 0 1600x900x24\" .venv/bin/python tools/realwindow_perf.py --write`",
        "",
        "A real window on an X server (Xvfb), each figure from a fresh process. Idle CPU is user + system",
        "time from /proc/PID/stat over 15 s, after 12 s to settle (30 s at the table, where the computer\nmay move first); frame times are",
        f"`tabletop bench --ui --window --load {UI_BENCH_SAVE} --json --frames 1200`.",
        "",
        f"Load average of the machine when measured: {load:.1f} on {os.cpu_count()} cores"
        + (" (other work running)." if load >= 1.0 else "."),
        "",
        "| figure | measured | budget |",
        "|---|---|---|",
        *[f"| {f} | {m} | {b} |" for f, m, b in rows],
        *(["", "The load was above the number of cores: the frame times measure the busy machine more than",
           "the table (the same bench gave p99 5.8 ms with no display on a quiet machine, see Table above);",
           "rerun on a quiet machine to check the 8 ms budget in a real window."] if load > (os.cpu_count() or 1) else []),
        END,
    ])
    print(text)
    if a.write:
        write_section(text, BEGIN, END, "In a real window")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
