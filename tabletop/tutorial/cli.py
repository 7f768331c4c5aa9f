"""``tabletop tutorial``: start a lesson, a puzzle or the guided first game,
list them, or check them all (``--check``: exit 1 when one fails, 2 when a
file can't be read at all, as ``tabletop scenario``)."""

from __future__ import annotations

from tabletop.engine.errors import TabletopError
from tabletop.engine.registry import all_games, get_game
from tabletop.i18n import _, game_text

from .guided import check_guided, guided_path, load_guided
from .lesson import check_lesson_full, list_lessons, load_lesson
from .puzzle import check_puzzle_full, list_puzzles, load_puzzle


def check(games, strict: bool = False, guided: bool = True) -> int:
    """Check every lesson, puzzle and guided game of ``games``; print one line
    each (PASS, FAIL, and WARN for what the stricter checks find in lessons
    still in the old format). Returns the number of failures; ``check.malformed``
    tells whether a file could not be read at all."""
    passed = failed = warned = 0
    check.malformed = False

    def report(name: str, problems: list[str], warnings: list[str], loader=None, path=None) -> None:
        nonlocal passed, failed, warned
        if loader is not None:
            try:
                loader(path)
            except TabletopError:
                check.malformed = True
        if problems:
            failed += 1
            print(f"FAIL {name}: {'; '.join(problems)}")
        else:
            passed += 1
            print(f"PASS {name}")
        for w in warnings:
            warned += 1
            print(f"WARN {name}: {w}")

    for game in games:
        for path in list_lessons(game):
            report(f"{game.id}/{path.name}", *check_lesson_full(game, path, strict), load_lesson, path)
        for path in list_puzzles(game):
            report(f"{game.id}/puzzles/{path.name}", *check_puzzle_full(game, path), load_puzzle, path)
        gp = guided_path(game) if guided else None
        if gp is not None:
            problem = check_guided(game, gp)
            report(f"{game.id}/{gp.name}", [problem] if problem else [], [], load_guided, gp)
    if warned:
        print(_("{passed} passed, {failed} failed, {warned} warnings").format(passed=passed, failed=failed, warned=warned))
    else:
        print(_("{passed} passed, {failed} failed").format(passed=passed, failed=failed))
    return failed


def _ordered_lessons(game) -> list:
    """``[(path, lesson)]`` in the order they are listed and numbered: advanced
    lessons last, file order otherwise."""
    lessons = [(p, load_lesson(p)) for p in list_lessons(game)]
    lessons.sort(key=lambda t: t[1].advanced)
    return lessons


def _list(game) -> None:
    from .progress import completed, lesson_key, puzzle_key

    done = completed()
    gid = game.id
    lessons = _ordered_lessons(game)
    if not lessons:
        print(_("{game}: no lessons installed").format(game=gid))
    yes, no = "[" + _("done") + "]", "[    ]"
    for i, (path, lesson) in enumerate(lessons, 1):
        mark = yes if lesson_key(gid, path) in done else no
        adv = " " + _("(advanced)") if lesson.advanced else ""
        print(f"{mark} {i}. {path.stem}: {game_text(lesson.title, gid)}{adv} - {game_text(lesson.summary, gid)}")
    gp = guided_path(game)
    if gp is not None:
        g = load_guided(gp)
        mark = yes if lesson_key(gid, gp) in done else no
        print(f"{mark} --guided: {game_text(g.title, gid)}")
    for i, path in enumerate(list_puzzles(game), 1):
        pz = load_puzzle(path)
        mark = yes if puzzle_key(gid, path) in done else no
        print(f"{mark} --puzzle {i}: {game_text(pz.title, gid)} ({game_text(pz.goal_text, gid)}) - {game_text(pz.summary, gid)}")


def _pick(paths, wanted: str, what: str, game) -> str:
    match = [p for i, p in enumerate(paths, 1) if wanted in (p.stem, str(i)) or p.stem.endswith(wanted)]
    if not match:
        raise TabletopError((_("{game} has no lesson {name} (see tabletop tutorial {game} --list)") if what == "lesson" else
                             _("{game} has no puzzle {name} (see tabletop tutorial {game} --list)")).format(
                                 game=game.id, name=repr(wanted)))
    return str(match[0])


def main(args) -> int:
    if args.check:
        games = [get_game(args.game)] if args.game else list(all_games().values())
        failed = check(games, strict=getattr(args, "strict", False))
        return 2 if check.malformed else (1 if failed else 0)
    if not args.game:
        raise TabletopError(_("tutorial needs a game (or --check); installed: {games}").format(games=", ".join(all_games())))
    game = get_game(args.game)
    if args.list:
        _list(game)
        return 0
    from tabletop.ui.app import run_app

    if getattr(args, "puzzle", None):
        chosen = _pick(list_puzzles(game), args.puzzle, "puzzle", game)
        load_puzzle(chosen)  # a malformed puzzle stops here with its message
        return run_app(game=game.id, puzzle=chosen)
    if getattr(args, "guided", False):
        gp = guided_path(game)
        if gp is None:
            raise TabletopError(_("{game} has no guided first game installed").format(game=game.id))
        load_guided(gp)
        return run_app(game=game.id, guided=str(gp))
    lessons = [p for p, _lesson in _ordered_lessons(game)]
    if not lessons:
        raise TabletopError(_("{game} has no lessons installed").format(game=game.id))
    chosen = str(lessons[0])
    if args.lesson:
        chosen = _pick(lessons, args.lesson, "lesson", game)
    load_lesson(chosen)  # a malformed lesson stops here with its message
    return run_app(game=game.id, lesson=chosen)
