"""``tabletop tutorial``: start a lesson, list lessons, or check them all."""

from __future__ import annotations

from tabletop.engine.errors import TabletopError
from tabletop.engine.registry import all_games, get_game

from .lesson import check_lesson, list_lessons, load_lesson


def main(args) -> int:
    if args.check:
        games = [get_game(args.game)] if args.game else list(all_games().values())
        passed = failed = 0
        for game in games:
            for path in list_lessons(game):
                problem = check_lesson(game, path)
                if problem is None:
                    passed += 1
                    print(f"PASS {game.id}/{path.name}")
                else:
                    failed += 1
                    print(f"FAIL {game.id}/{path.name}: {problem}")
        print(f"{passed} passed, {failed} failed")
        return 0 if failed == 0 else 1
    if not args.game:
        raise TabletopError("tutorial needs a game (or --check); installed: " + ", ".join(all_games()))
    game = get_game(args.game)
    lessons = list_lessons(game)
    if args.list:
        if not lessons:
            print(f"{game.id}: no lessons installed")
        from .progress import completed, lesson_key

        done = completed()
        for i, path in enumerate(lessons, 1):
            lesson = load_lesson(path)
            mark = "[done]" if lesson_key(game.id, path) in done else "[    ]"
            print(f"{mark} {i}. {path.stem}: {lesson.title} - {lesson.summary}")
        return 0
    if not lessons:
        raise TabletopError(f"{game.id} has no lessons installed")
    chosen = lessons[0]
    if args.lesson:
        match = [p for i, p in enumerate(lessons, 1) if args.lesson in (p.stem, str(i)) or p.stem.endswith(args.lesson)]
        if not match:
            raise TabletopError(f"{game.id} has no lesson {args.lesson!r} (see tabletop tutorial {game.id} --list)")
        chosen = match[0]
    load_lesson(chosen)  # a malformed lesson stops here with its message
    from tabletop.ui.app import run_app

    return run_app(game=game.id, lesson=str(chosen))
