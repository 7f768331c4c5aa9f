"""Bench this working tree against an earlier commit, side by side in one run.

The earlier commit is exported (``git archive``) and installed into a
temporary virtual environment; then ``tabletop bench GAME --json`` runs
alternately in the two environments (the order flips every round, so a slow
spell of the machine hits both), and the medians and their ratio (this tree
over the earlier commit) are printed. ``--write`` puts the table into
docs/PERFORMANCE.md between its "bench-compare" markers.

    python tools/bench_compare.py BASE_COMMIT [GAME ...] [--head COMMIT] [--rounds 5] [--seconds 2] [--write]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PERF_DOC = ROOT / "docs" / "PERFORMANCE.md"
BEGIN = "<!-- bench-compare:begin -->"
END = "<!-- bench-compare:end -->"
METRICS = (("decisions_per_second", "decisions/s", True), ("clone_us", "clone µs", False))


def _run(cmd: list[str], **kw) -> str:
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def install_commit(commit: str, workdir: Path) -> Path:
    """Export ``commit`` into ``workdir`` and install it (not editable) into a
    new venv there; returns the venv's python."""
    workdir.mkdir(parents=True, exist_ok=True)
    src = workdir / "src"
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    env_dir = workdir / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    _run([str(py), "-m", "pip", "install", "-q", str(src)])
    return py


def bench(python: str, game: str, seconds: float, cwd: Path) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = _run([python, "-m", "tabletop", "bench", game, "--json", "--seconds", str(seconds)], cwd=str(cwd), env=env)
    return json.loads(out[out.index("{"):])


def compare(base_python: str, games: list[str], rounds: int, seconds: float, base_cwd: Path,
            head_python: str | None = None, head_cwd: Path = ROOT) -> dict:
    here = head_python or sys.executable
    results: dict = {g: {"base": [], "head": []} for g in games}
    for r in range(rounds):
        for g in games:
            order = (("base", base_python, base_cwd), ("head", here, head_cwd))
            for side, py, cwd in (order if r % 2 == 0 else order[::-1]):
                results[g][side].append(bench(py, g, seconds, cwd))
            print(f"round {r + 1}/{rounds} {g} done", file=sys.stderr)
    table = {}
    for g in games:
        row = {}
        for key, _label, _higher in METRICS:
            b = statistics.median(x[key] for x in results[g]["base"])
            h = statistics.median(x[key] for x in results[g]["head"])
            row[key] = {"base": b, "head": h, "ratio": h / b if b else float("nan")}
        # each round ran the two back to back: the spread of the rounds' own ratios
        # shows how far the machine moved the figure (the median ratio above is the figure)
        pairs = [h["decisions_per_second"] / b["decisions_per_second"]
                 for b, h in zip(results[g]["base"], results[g]["head"]) if b["decisions_per_second"]]
        row["decisions_per_second"]["rounds"] = (min(pairs), max(pairs)) if pairs else (float("nan"),) * 2
        table[g] = row
    return table


def markdown(table: dict, base: str, head: str, rounds: int, seconds: float) -> str:
    lines = [f"Base `{base}` against this tree (`{head}`), {rounds} interleaved rounds of "
             f"`tabletop bench GAME --json --seconds {seconds:g}` each; medians. "
             "Ratio is this tree over the base: above 1 is faster for decisions/s, below 1 is faster for clone µs; "
             "the rounds' ratios are those of each round's two runs, lowest and highest.",
             "",
             "| game | decisions/s base | decisions/s now | ratio | rounds' ratios | clone µs base | clone µs now | ratio |",
             "|---|---|---|---|---|---|---|---|"]
    for g, row in table.items():
        d, c = row["decisions_per_second"], row["clone_us"]
        low, high = d["rounds"]
        lines.append(f"| {g} | {d['base']:,.0f} | {d['head']:,.0f} | {d['ratio']:.2f} | {low:.2f}–{high:.2f} | "
                     f"{c['base']:.2f} | {c['head']:.2f} | {c['ratio']:.2f} |")
    return "\n".join(lines)


def put_between(doc: str, begin: str, end: str, block: str) -> str | None:
    """``doc`` with everything from its ``begin`` marker to its ``end`` marker
    replaced by ``block`` (which holds the markers again), or None when ``doc``
    lacks them. The tools that write a part of docs/PERFORMANCE.md use it, so the
    rest of the document is never touched."""
    if begin in doc and end in doc:
        return doc[:doc.index(begin)] + block + doc[doc.index(end) + len(end):]
    return None


def write_section(block: str, begin: str, end: str, heading: str) -> None:
    """Put ``block`` (its markers included) in place of the one between ``begin`` and
    ``end`` in docs/PERFORMANCE.md (a new section under ``heading`` the first time)."""
    doc = PERF_DOC.read_text(encoding="utf-8")
    new = put_between(doc, begin, end, block)
    if new is None:
        new = doc.rstrip("\n") + f"\n\n## {heading}\n\n" + block + "\n"
    PERF_DOC.write_text(new, encoding="utf-8")


def write_doc(text: str, command: str, begin: str = BEGIN, end: str = END,
              heading: str = "Against the previous main") -> None:
    """Put ``text`` and its command between the ``begin`` and ``end`` markers
    of docs/PERFORMANCE.md (a new section under ``heading`` the first time)."""
    write_section(f"{begin}\nCommand: `{command}`\n\n{text}\n{end}", begin, end, heading)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", help="the commit to compare against (e.g. a tag or a hash)")
    ap.add_argument("games", nargs="*", help="game ids (default: the four built-in games)")
    ap.add_argument("--head", help="compare this commit instead of the working tree")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--write", action="store_true", help="write the table into docs/PERFORMANCE.md")
    args = ap.parse_args(argv)
    games = args.games or ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]
    try:
        base = _run(["git", "-C", str(ROOT), "rev-parse", "--short", args.base]).strip()
    except subprocess.CalledProcessError:
        print(f"bench_compare: {args.base!r} is not a commit of this repository", file=sys.stderr)
        return 2
    head = _run(["git", "-C", str(ROOT), "rev-parse", "--short", args.head or "HEAD"]).strip()
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        try:
            base_python = install_commit(base, Path(tmp) / "base")
            head_python = install_commit(head, Path(tmp) / "head") if args.head else None
            table = compare(str(base_python), games, args.rounds, args.seconds, Path(tmp) / "base",
                            str(head_python) if head_python else None, Path(tmp) / "head" if args.head else ROOT)
        except subprocess.CalledProcessError as exc:
            tail = (exc.stderr or b"")
            tail = tail.decode(errors="replace") if isinstance(tail, bytes) else tail
            print(f"bench_compare: {' '.join(map(str, exc.cmd))} failed:\n{tail.strip()[-2000:]}", file=sys.stderr)
            return 1
    text = markdown(table, base, head, args.rounds, args.seconds)
    print(text)
    if args.write:
        cmd = "python tools/bench_compare.py " + " ".join([args.base] + args.games) + \
              (f" --head {args.head}" if args.head else "") + \
              f" --rounds {args.rounds} --seconds {args.seconds:g} --write"
        write_doc(text, cmd)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
