"""The ``tabletop`` command line.

Every user-facing problem (bad file, bad argument) prints one message naming
what is wrong and exits with code 2; no traceback. ``replay --verify`` exits 1
(not 2) for a sound save of another rules version that its replay can't
reproduce.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap

from .engine.errors import TabletopError

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # exit 2 with one clear line (argparse does too, but keep it short)
        self.print_usage(sys.stderr)
        print(f"tabletop: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        w, h = int(w), int(h)
        if w < 320 or h < 240 or w > 8192 or h > 8192:
            raise ValueError
        return w, h
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1600x900 (320x240 to 8192x8192)") from None


def _nonneg(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return v


def _positive_ms(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of milliseconds") from None
    if not 1 <= v <= 600000:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 1 and 600000 milliseconds")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tabletop", description="Rules-enforced card games on a desktop table.")
    p.add_argument("--saves", metavar="DIR", help="folder for saves (default: user data folder, or $TABLETOP_SAVES)")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser)

    sub.add_parser("games", help="list the installed games")

    sp = sub.add_parser("play", help="go straight to a table")
    sp.add_argument("game")
    mode = sp.add_mutually_exclusive_group()
    mode.add_argument("--hotseat", action="store_true", help="two players at this screen (default)")
    mode.add_argument("--vs", choices=["computer"], help="play against the computer")
    sp.add_argument("--deck", help="your preconstructed deck")
    sp.add_argument("--seed", type=_nonneg)
    sp.add_argument("--load", metavar="SAVE", help="continue a save")
    sp.add_argument("--size", type=_size, help="window size, e.g. 1600x900")

    sp = sub.add_parser("scenario", help="run rule scenarios; ends with 'N passed, M failed'")
    sp.add_argument("files", nargs="+", help="scenario files or folders")
    sp.add_argument("-v", "--verbose", action="store_true", help="print every scenario, not only failures")

    sp = sub.add_parser("selfplay", help="play whole games headless and check invariants")
    sp.add_argument("game")
    sp.add_argument("--games", type=_nonneg, default=100)
    sp.add_argument("--seed", type=_nonneg, default=1)
    sp.add_argument("--agents", default="random,random",
                    help="two agents: random, greedy, easy, normal (or expert), hard; e.g. hard,expert")
    sp.add_argument("--think-ms", type=_positive_ms, metavar="MS",
                    help="search budget per decision for the agents that search (expert, hard); "
                         "without it they use a fixed, reproducible amount of search")
    sp.add_argument("--save-dir", metavar="DIR", help="write each game as a save file")
    sp.add_argument("--json", action="store_true")

    sp = sub.add_parser("replay", help="replay a save; or render it after a given choice")
    sp.add_argument("save")
    sp.add_argument("--verify", action="store_true", help="exit 0 only when the replay reproduces the stored digest")
    sp.add_argument("--at", type=_nonneg, metavar="N", help="the position after the first N choices (default: the end)")
    sp.add_argument("--screenshot", metavar="FILE.png", help="render the table at that position to a PNG, with no display")
    sp.add_argument("--view", choices=["1", "2", "all"],
                    help="whose view the picture shows (default: everything for a finished game, else player 1's)")
    sp.add_argument("--size", type=_size, default=(1600, 900), help="picture size, e.g. 1600x900")

    sp = sub.add_parser("bench", help="measure rules (or table) performance")
    sp.add_argument("game", nargs="?")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--seconds", type=float, default=5.0)
    sp.add_argument("--ui", action="store_true", help="measure table frame time instead")
    sp.add_argument("--frames", type=_nonneg, default=600)
    sp.add_argument("--load", metavar="SAVE", help="with --ui: bench the table of this save (default: a new game)")
    sp.add_argument("--window", action="store_true", help="with --ui: time frames in a real window (default: no display)")

    sp = sub.add_parser("screenshot", help="render a table to a PNG with no display")
    sp.add_argument("game")
    sp.add_argument("--out", required=True)
    sp.add_argument("--load", metavar="SAVE")
    sp.add_argument("--size", type=_size, default=(1600, 900))
    sp.add_argument("--seed", type=_nonneg, default=1)

    sp = sub.add_parser("rules", help="print a game's rules reference, or one entry of it")
    sp.add_argument("game")
    sp.add_argument("entry", nargs="?", help="a rule name, an entry id or a keyword")
    sp.add_argument("--file", metavar="TOML", help="read this reference file instead of the game's own")

    sp = sub.add_parser("tutorial", help="start a lesson, a puzzle or the guided game; list them; check them all")
    sp.add_argument("game", nargs="?")
    sp.add_argument("lesson", nargs="?")
    sp.add_argument("--list", action="store_true", help="list the game's lessons, guided game and puzzles")
    sp.add_argument("--check", action="store_true", help="play every lesson, puzzle and guided game headless")
    sp.add_argument("--strict", action="store_true", help="with --check: old-format lessons fail the stricter checks too")
    sp.add_argument("--puzzle", metavar="N", help="start puzzle N (its number or name)")
    sp.add_argument("--guided", action="store_true", help="start the guided first game")

    from .deckcli import add_parsers
    add_parsers(sub)
    from .i18n.cli import add_parser as add_i18n
    add_i18n(sub)
    return p


def cmd_games(args) -> int:
    from .engine.registry import all_games

    games = all_games()
    if not games:
        print("no games installed")
        return 0
    w = max(len(g) for g in games)
    for gid, g in games.items():
        print(f"{gid:<{w}}  {g.title}  (rules {g.rules_version})")
    return 0


def cmd_scenario(args) -> int:
    from .scenario import expand, run_scenario

    files = expand(args.files)
    missing = [f for f in files if not os.path.exists(f)]
    if missing:
        print(f"tabletop: {missing[0]}: no such file", file=sys.stderr)
        return EXIT_BAD_INPUT
    passed = failed = 0
    bad_input = False
    for f in files:
        r = run_scenario(f)
        if r.passed:
            passed += 1
            if args.verbose:
                print(f"PASS {f}: {r.name}")
        else:
            failed += 1
            bad_input = bad_input or r.message.startswith("bad scenario")
            print(f"FAIL {f}: {r.name}\n     {r.message}")
    print(f"{passed} passed, {failed} failed")
    if failed:
        return EXIT_BAD_INPUT if bad_input else 1
    return 0


def cmd_selfplay(args) -> int:
    from . import selfplay
    from .ai.agents import AGENTS
    from .engine.registry import get_game

    game = get_game(args.game)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if not 1 <= len(agents) <= 2 or any(a not in AGENTS for a in agents):
        raise TabletopError(f"--agents {args.agents!r}: give one or two of {', '.join(AGENTS)}, comma-separated")
    if args.save_dir:
        os.makedirs(args.save_dir, exist_ok=True)
    report = selfplay.run(game, args.games, args.seed, agents, args.save_dir, think_ms=args.think_ms)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"game {report['game']}: {report['games']} games, {report['finished']} finished, "
              f"{report['errors']} errors, {report['violations']} invariant violations")
        print(f"decisions {report['decisions']}, {report['decisions_per_second']:.0f}/s, mean turns {report['turns_mean']}")
        for name, w in report["wins"].items():
            pct = 100.0 * w / report["games"] if report["games"] else 0.0
            print(f"wins {name}: {w} ({pct:.1f}%)")
        print(f"draws {report['draws']}")
        for prob in report["problems"]:
            print(f"  {prob}")
    return 0 if report["errors"] == 0 and report["violations"] == 0 else 1


EXIT_NOT_VERIFIED = 1


def cmd_replay(args) -> int:
    """Replay a save. Exit 0 when it loads (to its end, or, for a save of other
    rules, to where its choices stop being legal); with ``--verify``, exit 0
    only when the replay reproduces the save exactly, 1 when a save of another
    rules version does not (explained), 2 when the file is bad."""
    from .saves import load_match

    match = load_match(args.save)
    st = match.state
    status = "over, " + (f"winner: player {st.winner + 1}" if isinstance(st.winner, int) else f"result: {st.winner}") if st.decision is None else "in progress"
    print(f"{args.save}: {match.game.id}, {len(match.log)} choices, turn {st.turn}, {status}")
    rep = match.replay
    if rep is not None:
        print(rep.for_cli())
        if not rep.complete:
            print(f"loaded up to choice {rep.replayed}; the game goes on from there (the file is not changed)")
    if args.screenshot is not None or args.at is not None:
        _replay_position(args, match)
    if args.verify:
        if rep is not None:
            if rep.complete and rep.same_position:
                print("verified: every choice replays under the installed rules and reproduces the stored digest")
                return 0
            print("not verified: the save was made under other rules and its replay differs from the saved game")
            return EXIT_NOT_VERIFIED
        if match.upgraded_from is not None:
            print(f"verified: every choice of this format-{match.upgraded_from} save replays legally "
                  "(it is upgraded to the current format when saved)")
        else:
            print("verified: the replay reproduces the stored digest")
    return 0


def _replay_position(args, match) -> None:
    """``replay --at N [--screenshot FILE.png]``: say where the game stands
    after N choices, and render the table there (no display needed)."""
    from .replay import Replay

    if args.screenshot is not None and not args.screenshot.lower().endswith(".png"):
        raise TabletopError("the picture must be a .png file", args.screenshot)
    replay = Replay.from_match(match, source=args.save)
    n = replay.n if args.at is None else args.at
    if n > replay.n:
        has = (f"the save has {replay.n} choices" if match.replay is None or match.replay.complete else
               f"{replay.n} of the save's {match.replay.total} choices replay under the installed rules")
        raise TabletopError(f"--at {n} is out of range: {has} (0 to {replay.n})", args.save)
    viewer = {"1": 0, "2": 1, "all": None}.get(args.view, "default")
    if viewer != "default" and not replay.view_allowed(viewer):
        why = ("everything is shown only for a finished game" if viewer is None else
               f"player {viewer + 1} is the computer and the game is not over")
        raise TabletopError(f"--view {args.view}: {why}", args.save)
    pos = replay.at_choice(n)
    print(f"after choice {n}: turn {replay.turn_at(pos)}; {replay.caption(pos, replay.default_viewer() if viewer == 'default' else viewer)}")
    if args.screenshot is None:
        return
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # no display needed, none used
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .ui.replay_scene import render_png

    render_png(replay, n, args.screenshot, size=args.size, viewer=viewer)
    print(f"wrote {args.screenshot}")


def cmd_bench(args) -> int:
    if args.ui:
        from .ui.bench import run_ui_bench

        # the game named, or the save's, or the first installed game
        report = run_ui_bench(args.game, frames=args.frames, load=args.load, window=args.window)
    else:
        from . import bench
        from .engine.registry import all_games, get_game

        if not args.game:
            raise TabletopError(f"bench needs a game (installed: {', '.join(all_games())}) or --ui")
        if args.load:
            raise TabletopError("--load goes with --ui (the rules bench plays new games)")
        report = bench.run(get_game(args.game), seconds=args.seconds)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0


def cmd_play(args) -> int:
    from .ui.app import run_app

    return run_app(game=args.game, vs_computer=args.vs == "computer", deck=args.deck, seed=args.seed,
                   load=args.load, size=args.size, saves=args.saves)


def cmd_screenshot(args) -> int:
    from .ui.app import screenshot

    return screenshot(args.game, args.out, load=args.load, size=args.size, seed=args.seed)


def cmd_rules(args) -> int:
    from .engine.reference import load_reference, reference_for
    from .engine.registry import get_game

    game = get_game(args.game)
    ref = load_reference(args.file) if args.file else reference_for(game)
    if ref is None:
        raise TabletopError(f"{args.game} has no rules reference")
    if args.entry:
        e = ref.get(args.entry) or ref.lookup(args.entry)
        if e is None:
            raise TabletopError(f"the {ref.title} have no entry for {args.entry!r}")
        entries = [e]
    else:
        print(ref.title)
        entries = ref.entries()
    for e in entries:
        print()
        print(e.heading() if not e.keyword else f"{e.title} (keyword)")
        for para in e.paragraphs():
            print(textwrap.fill(para, 100, subsequent_indent="  " if para.startswith("- ") else ""))
    return 0


def cmd_tutorial(args) -> int:
    from .tutorial import cli as tcli

    return tcli.main(args)


def cmd_i18n(args) -> int:
    from .i18n.cli import main as run

    return run(args)


def cmd_deck(args) -> int:
    from .deckcli import cmd_deck as run

    return run(args)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.cmd is None:
            from .ui.app import run_app

            return run_app(saves=args.saves)
        handler = {
            "games": cmd_games, "scenario": cmd_scenario, "selfplay": cmd_selfplay,
            "replay": cmd_replay, "bench": cmd_bench, "play": cmd_play,
            "screenshot": cmd_screenshot, "tutorial": cmd_tutorial, "rules": cmd_rules, "deck": cmd_deck,
            "i18n": cmd_i18n,
        }[args.cmd]
        return handler(args)
    except TabletopError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
