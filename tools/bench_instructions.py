"""Count the instructions the rules execute, this working tree against an earlier commit.

Wall-clock benches swing with whatever else the machine runs; the number of
machine instructions the interpreter executes for the same games does not.
For each game, the same random self-play games ``tabletop bench`` plays
(seeds 1..N, set-up included) run under ``valgrind --tool=cachegrind
--cache-sim=no``, once with the games and once without them (start-up,
imports, card loading), and the difference is the rules' work. The earlier
commit is exported (``git archive``) and run with this environment's
interpreter, so both sides use the same Python and libraries.

    python tools/bench_instructions.py BASE_COMMIT [GAME ...] [--games 3] [--write]

``--write`` puts the table into docs/PERFORMANCE.md between its
"bench-instructions" markers. Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_compare import write_doc  # tools/ is this script's folder

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- bench-instructions:begin -->"
END = "<!-- bench-instructions:end -->"

# run inside valgrind: the tree to import comes first on sys.path
PLAY = """
import sys
sys.path.insert(0, sys.argv[1])
from tabletop.bench import _random_game
from tabletop.engine.registry import get_game
from tabletop.selfplay import selfplay_setup
game = get_game(sys.argv[2])
game.cards, game.decks, selfplay_setup(game, 1)
n = 0
for seed in range(1, int(sys.argv[3]) + 1):
    n += _random_game(game, seed)[1]
print(n)
"""


def instructions(tree: Path, game: str, games: int, cwd: Path) -> tuple[int, int]:
    """Instructions executed for ``games`` random games of ``game`` under ``tree``, and their decisions."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", PLAY, str(tree), game, str(games)],
                         capture_output=True, text=True, env=env, cwd=str(cwd))
    if out.returncode != 0:
        raise RuntimeError(f"{game} under {tree}: {out.stderr.strip()[-2000:]}")
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if m is None:
        raise RuntimeError(f"no instruction count in valgrind's output for {game}")
    return int(m.group(1).replace(",", "")), int(out.stdout.split()[-1])


def work(tree: Path, game: str, games: int, cwd: Path) -> tuple[int, int]:
    """The instructions of ``games`` games, start-up taken off, and their decisions."""
    total, n = instructions(tree, game, games, cwd)
    return total - instructions(tree, game, 0, cwd)[0], n


def markdown(rows: dict, base: str, head: str, games: int) -> str:
    lines = [f"Base `{base}` against this tree (`{head}`): instructions executed for random self-play games 1 to "
             f"{games} of `tabletop bench` (set-up included, start-up taken off), counted by "
             "`valgrind --tool=cachegrind --cache-sim=no`. Where deck lists changed between the two trees the "
             "games differ in length, so the ratio that stands for decisions per second is the one per decision. "
             "Ratios are the base over this tree: above 1 is less work now.",
             "",
             "| game | decisions base / now | instructions base | instructions now | ratio | "
             "per decision base | per decision now | ratio per decision |",
             "|---|---|---|---|---|---|---|---|"]
    for g, ((b, nb), (h, nh)) in rows.items():
        pb, ph = b / max(1, nb), h / max(1, nh)
        lines.append(f"| {g} | {nb} / {nh} | {b / 1e6:,.1f} M | {h / 1e6:,.1f} M | {b / h:.2f} | "
                     f"{pb / 1e3:,.0f} k | {ph / 1e3:,.0f} k | {pb / ph:.2f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", help="the commit to compare against")
    ap.add_argument("games_ids", nargs="*", metavar="GAME", help="game ids (default: the four built-in games)")
    ap.add_argument("--games", type=int, default=3, help="random games per game id (default 3)")
    ap.add_argument("--write", action="store_true", help="write the table into docs/PERFORMANCE.md")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("bench_instructions: valgrind is not installed", file=sys.stderr)
        return 2
    if args.games < 1:
        print("bench_instructions: --games must be at least 1", file=sys.stderr)
        return 2
    ids = args.games_ids or ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]
    sys.path.insert(0, str(ROOT))
    from tabletop.engine.registry import all_games

    unknown = [g for g in ids if g not in all_games()]
    if unknown:
        print(f"bench_instructions: unknown game {unknown[0]!r} (known: {', '.join(sorted(all_games()))})",
              file=sys.stderr)
        return 2
    try:
        base = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.base], check=True,
                              capture_output=True, text=True).stdout.strip()
    except subprocess.CalledProcessError:
        print(f"bench_instructions: {args.base!r} is not a commit of this repository", file=sys.stderr)
        return 2
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    rows = {}
    with tempfile.TemporaryDirectory(prefix="tabletop-instr-") as tmp:
        tree = Path(tmp) / "base"
        tree.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", base], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        try:
            for g in ids:
                rows[g] = (work(tree, g, args.games, Path(tmp)), work(ROOT, g, args.games, Path(tmp)))
                print(f"{g} done", file=sys.stderr)
        except RuntimeError as exc:
            print(f"bench_instructions: {exc}", file=sys.stderr)
            return 1
    text = markdown(rows, base, head, args.games)
    print(text)
    if args.write:
        cmd = "python tools/bench_instructions.py " + " ".join([args.base] + args.games_ids) + \
              f" --games {args.games} --write"
        write_doc(text, cmd, BEGIN, END, "Instructions against the previous main")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
