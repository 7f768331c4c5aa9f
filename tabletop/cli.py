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
from .i18n import N_, _, core_catalog, game_text, language_from_env, set_language

EXIT_BAD_INPUT = 2

# the problems the rules kit names most often (reading a file, naming a game), as
# the templates it writes them from: they are said in the language in use too
KIT_PROBLEMS = (
    N_("can't read the file ({0})"), N_("is a folder, not a file"), N_("is {0} MB, larger than the {1} MB limit"),
    N_("is not UTF-8 text (byte {0})"), N_("not valid TOML ({0})"), N_("no game {0} is installed (installed: {1})"),
)


# argparse's own words (usage, its errors), said in the language in use too
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("the following arguments are required: %s"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"), N_("not allowed with argument %s"), N_("invalid %(type)s value: %(value)r"),
    N_("one of the arguments %s is required"), N_("ambiguous option: %(option)s could match %(matches)s"),
)


def _argparse_in_language() -> None:
    """argparse's words (looked up through its module's ``_`` at use) from our catalog."""
    argparse._ = lambda s: _(s) if s in ARGPARSE_WORDS else s


def problem_text(exc: TabletopError) -> str:
    """An error's message in the language in use, the file it names kept as it is."""
    detail = getattr(exc, "detail", None) or str(exc)
    said = core_catalog().text(detail)
    return f"{exc.path}: {said}" if getattr(exc, "path", None) else said


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
        raise argparse.ArgumentTypeError(_("{value} is not a size like 1600x900 (320x240 to 8192x8192)").format(
            value=repr(text))) from None


def _nonneg(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a whole number").format(value=repr(text))) from None
    if v < 0:
        raise argparse.ArgumentTypeError(_("{value} must be 0 or more").format(value=repr(text)))
    return v


def _positive_ms(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a number of milliseconds").format(value=repr(text))) from None
    if not 1 <= v <= 600000:
        raise argparse.ArgumentTypeError(_("{value} must be between 1 and 600000 milliseconds").format(value=repr(text)))
    return v


def build_parser() -> argparse.ArgumentParser:
    # the help texts are in the language in use (main() sets it before building the parser)
    p = _Parser(prog="tabletop", description=_("Rules-enforced card games on a desktop table."))
    p.add_argument("--saves", metavar="DIR", help=_("folder for saves (default: user data folder, or $TABLETOP_SAVES)"))
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser)

    sub.add_parser("games", help=_("list the installed games"))

    sp = sub.add_parser("play", help=_("go straight to a table"))
    sp.add_argument("game")
    mode = sp.add_mutually_exclusive_group()
    mode.add_argument("--hotseat", action="store_true", help=_("two players at this screen (default)"))
    mode.add_argument("--vs", choices=["computer"], help=_("play against the computer"))
    sp.add_argument("--deck", help=_("your preconstructed deck"))
    sp.add_argument("--seed", type=_nonneg)
    sp.add_argument("--load", metavar="SAVE", help=_("continue a save"))
    sp.add_argument("--size", type=_size, help=_("window size, e.g. 1600x900"))

    sp = sub.add_parser("scenario", help=_("run rule scenarios; ends with 'N passed, M failed'"))
    sp.add_argument("files", nargs="+", help=_("scenario files or folders"))
    sp.add_argument("-v", "--verbose", action="store_true", help=_("print every scenario, not only failures"))

    sp = sub.add_parser("selfplay", help=_("play whole games headless and check invariants"))
    sp.add_argument("game")
    sp.add_argument("--games", type=_nonneg, default=100)
    sp.add_argument("--seed", type=_nonneg, default=1)
    sp.add_argument("--agents", default="random,random",
                    help=_("two agents: random, greedy, easy, normal (or expert), hard; e.g. hard,expert; "
                           "NAME@MS gives a searching agent its own budget per decision, e.g. expert@500,expert@50"))
    sp.add_argument("--think-ms", type=_positive_ms, metavar="MS",
                    help=_("search budget per decision for the agents that search (expert, hard); "
                           "without it they use a fixed, reproducible amount of search"))
    sp.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                    help=_("what --think-ms counts: cpu (default: the searching thread's computing time, "
                           "the same for both agents however busy the computer is) or wall (elapsed time, "
                           "as at the table)"))
    sp.add_argument("--save-dir", metavar="DIR", help=_("write each game as a save file"))
    sp.add_argument("--json", action="store_true")

    sp = sub.add_parser("replay", help=_("replay a save; or render it after a given choice"))
    sp.add_argument("save")
    sp.add_argument("--verify", action="store_true", help=_("exit 0 only when the replay reproduces the stored digest"))
    sp.add_argument("--at", type=_nonneg, metavar="N", help=_("the position after the first N choices (default: the end)"))
    sp.add_argument("--screenshot", metavar="FILE.png", help=_("render the table at that position to a PNG, with no display"))
    sp.add_argument("--view", choices=["1", "2", "all"],
                    help=_("whose view the picture shows (default: everything for a finished game, else player 1's)"))
    sp.add_argument("--size", type=_size, default=(1600, 900), help=_("picture size, e.g. 1600x900"))

    sp = sub.add_parser("bench", help=_("measure rules (or table) performance"))
    sp.add_argument("game", nargs="?")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--seconds", type=float, default=5.0)
    sp.add_argument("--ui", action="store_true", help=_("measure table frame time instead"))
    sp.add_argument("--frames", type=_nonneg, default=600)
    sp.add_argument("--load", metavar="SAVE", help=_("with --ui: bench the table of this save (default: a new game)"))
    sp.add_argument("--window", action="store_true", help=_("with --ui: time frames in a real window (default: no display)"))

    sp = sub.add_parser("screenshot", help=_("render a table to a PNG with no display"))
    sp.add_argument("game")
    sp.add_argument("--out", required=True)
    sp.add_argument("--load", metavar="SAVE")
    sp.add_argument("--size", type=_size, default=(1600, 900))
    sp.add_argument("--seed", type=_nonneg, default=1)

    sp = sub.add_parser("rules", help=_("print a game's rules reference, or one entry of it"))
    sp.add_argument("game")
    sp.add_argument("entry", nargs="?", help=_("a rule name, an entry id or a keyword"))
    sp.add_argument("--file", metavar="TOML", help=_("read this reference file instead of the game's own"))

    sp = sub.add_parser("tutorial", help=_("start a lesson, a puzzle or the guided game; list them; check them all"))
    sp.add_argument("game", nargs="?")
    sp.add_argument("lesson", nargs="?")
    sp.add_argument("--list", action="store_true", help=_("list the game's lessons, guided game and puzzles"))
    sp.add_argument("--check", action="store_true", help=_("play every lesson, puzzle and guided game headless"))
    sp.add_argument("--strict", action="store_true", help=_("with --check: old-format lessons fail the stricter checks too"))
    sp.add_argument("--puzzle", metavar="N", help=_("start puzzle N (its number or name)"))
    sp.add_argument("--guided", action="store_true", help=_("start the guided first game"))

    from .deckcli import add_parsers
    add_parsers(sub)
    from .i18n.cli import add_parser as add_i18n
    add_i18n(sub)
    return p


def cmd_games(args) -> int:
    from .engine.registry import all_games

    games = all_games()
    if not games:
        print(_("no games installed"))
        return 0
    w = max(len(g) for g in games)
    for gid, g in games.items():
        rules = _("(rules {version})").format(version=g.rules_version)
        print(f"{gid:<{w}}  {game_text(g.title, gid)}  {rules}")
    return 0


def cmd_scenario(args) -> int:
    from .scenario import expand, run_scenario

    files = expand(args.files)
    missing = [f for f in files if not os.path.exists(f)]
    if missing:
        print("tabletop: " + _("{file}: no such file").format(file=missing[0]), file=sys.stderr)
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
    print(_("{passed} passed, {failed} failed").format(passed=passed, failed=failed))
    if failed:
        return EXIT_BAD_INPUT if bad_input else 1
    return 0


def cmd_selfplay(args) -> int:
    from . import selfplay
    from .ai.agents import AGENTS
    from .engine.registry import get_game

    game = get_game(args.game)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    parts = [a.partition("@") for a in agents]  # NAME or NAME@MS (selfplay.agent_spec)
    if not 1 <= len(agents) <= 2 or any(name not in AGENTS for name, _, _ in parts):
        raise TabletopError(_("--agents {value}: give one or two of {agents}, comma-separated").format(
            value=repr(args.agents), agents=", ".join(AGENTS)))
    for a, (_name, at, ms) in zip(agents, parts):  # that agent's own budget, checked as --think-ms is
        if at:
            try:
                _positive_ms(ms)
            except argparse.ArgumentTypeError as exc:
                raise TabletopError(_("--agents {value}: {problem}").format(value=repr(a), problem=exc)) from None
    if args.save_dir:
        os.makedirs(args.save_dir, exist_ok=True)
    report = selfplay.run(game, args.games, args.seed, agents, args.save_dir, think_ms=args.think_ms,
                           clock=args.clock)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(_("game {game}: {games} games, {finished} finished, {errors} errors, {violations} invariant violations").format(
            game=report["game"], games=report["games"], finished=report["finished"], errors=report["errors"],
            violations=report["violations"]))
        print(_("decisions {decisions}, {rate}/s, mean turns {turns}").format(
            decisions=report["decisions"], rate=f"{report['decisions_per_second']:.0f}", turns=report["turns_mean"]))
        for name, w in report["wins"].items():
            pct = 100.0 * w / report["games"] if report["games"] else 0.0
            print(_("wins {agent}: {wins} ({percent}%)").format(agent=name, wins=w, percent=f"{pct:.1f}"))
        print(_("draws {draws}").format(draws=report["draws"]))
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
    if st.decision is not None:
        status = _("in progress")
    elif isinstance(st.winner, int):
        status = _("over, winner: player {n}").format(n=st.winner + 1)
    else:
        status = _("over, result: {result}").format(result=game_text(str(st.winner), match.game.id))
    print(f"{args.save}: " + _("{game}, {n} choices, turn {turn}, {status}").format(
        game=match.game.id, n=len(match.log), turn=st.turn, status=status))
    rep = match.replay
    if rep is not None:
        print(rep.for_cli())
        if not rep.complete:
            print(_("loaded up to choice {n}; the game goes on from there (the file is not changed)").format(n=rep.replayed))
    if args.screenshot is not None or args.at is not None:
        _replay_position(args, match)
    if args.verify:
        if rep is not None:
            if rep.complete and rep.same_position:
                print(_("verified: every choice replays under the installed rules and reproduces the stored digest"))
                return 0
            print(_("not verified: the save was made under other rules and its replay differs from the saved game"))
            return EXIT_NOT_VERIFIED
        if match.upgraded_from is not None:
            print(_("verified: every choice of this format-{format} save replays legally "
                    "(it is upgraded to the current format when saved)").format(format=match.upgraded_from))
        else:
            print(_("verified: the replay reproduces the stored digest"))
    return 0


def _replay_position(args, match) -> None:
    """``replay --at N [--screenshot FILE.png]``: say where the game stands
    after N choices, and render the table there (no display needed)."""
    from .replay import Replay

    if args.screenshot is not None and not args.screenshot.lower().endswith(".png"):
        raise TabletopError(_("the picture must be a .png file"), args.screenshot)
    replay = Replay.from_match(match, source=args.save)
    n = replay.n if args.at is None else args.at
    if n > replay.n:
        has = (_("the save has {n} choices").format(n=replay.n) if match.replay is None or match.replay.complete else
               _("{n} of the save's {total} choices replay under the installed rules").format(
                   n=replay.n, total=match.replay.total))
        raise TabletopError(_("--at {n} is out of range: {why} (0 to {last})").format(n=n, why=has, last=replay.n), args.save)
    viewer = {"1": 0, "2": 1, "all": None}.get(args.view, "default")
    if viewer != "default" and not replay.view_allowed(viewer):
        why = (_("everything is shown only for a finished game") if viewer is None else
               _("player {n} is the computer and the game is not over").format(n=viewer + 1))
        raise TabletopError(_("--view {view}: {why}").format(view=args.view, why=why), args.save)
    pos = replay.at_choice(n)
    caption = game_text(replay.caption(pos, replay.default_viewer() if viewer == "default" else viewer), match.game.id)
    print(_("after choice {n}: turn {turn}; {caption}").format(n=n, turn=replay.turn_at(pos), caption=caption))
    if args.screenshot is None:
        return
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # no display needed, none used
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .ui.replay_scene import render_png

    render_png(replay, n, args.screenshot, size=args.size, viewer=viewer)
    print(_("wrote {file}").format(file=args.screenshot))


def cmd_bench(args) -> int:
    if args.ui:
        from .ui.bench import run_ui_bench

        # the game named, or the save's, or the first installed game
        report = run_ui_bench(args.game, frames=args.frames, load=args.load, window=args.window)
    else:
        from . import bench
        from .engine.registry import all_games, get_game

        if not args.game:
            raise TabletopError(_("bench needs a game (installed: {games}) or --ui").format(games=", ".join(all_games())))
        if args.load:
            raise TabletopError(_("--load goes with --ui (the rules bench plays new games)"))
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
        raise TabletopError(_("{game} has no rules reference").format(game=args.game))
    from .reference_words import entry_paragraphs, entry_title, ref_title

    gid = game.id
    if args.entry:
        e = ref.get(args.entry) or ref.lookup(args.entry)
        if e is None:
            raise TabletopError(_("the {reference} have no entry for {entry}").format(
                reference=ref_title(ref, gid), entry=repr(args.entry)))
        entries = [e]
    else:
        print(ref_title(ref, gid))
        entries = ref.entries()
    for e in entries:
        print()
        title = entry_title(ref, e, gid)
        print((f"{title} ({e.number})" if e.number else title) if not e.keyword else _("{title} (keyword)").format(title=title))
        for para in entry_paragraphs(ref, e, gid):
            print(_fill(para, "  " if para.startswith("- ") else ""))
    return 0


def _fill(text: str, indent: str) -> str:
    """A paragraph wrapped at 100 columns; Korean and Japanese text counts its
    wide characters twice (as a terminal shows them)."""
    if text.isascii():
        return textwrap.fill(text, 100, subsequent_indent=indent)
    import unicodedata

    lines, cur, width = [], "", 0
    for word in text.split(" "):
        w = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in word)
        if cur and width + 1 + w > 100:
            lines.append(cur)
            cur, width = indent + word, len(indent) + w
        else:
            cur, width = (cur + " " + word, width + 1 + w) if cur else (word, w)
    lines.append(cur)
    return "\n".join(lines)


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
    set_language(language_from_env())  # the messages follow TABLETOP_LANG, else the system's locale
    _argparse_in_language()
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
        print(f"tabletop: {problem_text(exc)}", file=sys.stderr)
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
