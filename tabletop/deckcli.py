"""``tabletop deck export`` and ``tabletop deck check``: deck list files from
the command line. Exit codes of ``check``: 0 a legal deck; 1 a deck that
breaks rules (every broken rule is printed, named); 2 a file that can't be
read, names no installed game, or holds a card the game doesn't have."""

from __future__ import annotations

from pathlib import Path

from .engine.decks import DeckFileError, format_deck, preconstructed, read_deck_file
from .engine.errors import TabletopError


def add_parsers(sub) -> None:
    dp = sub.add_parser("deck", help="export a deck list, or check one against its game's deck rules")
    dsub = dp.add_subparsers(dest="deck_cmd", parser_class=type(dp))
    sp = dsub.add_parser("export", help="write a deck list file")
    sp.add_argument("game")
    sp.add_argument("--deck", metavar="NAME", help="a preconstructed deck or one of your decks (default: the first preconstructed)")
    sp.add_argument("--out", metavar="FILE", required=True)
    sp = dsub.add_parser("check", help="check a deck list file: exit 0 legal, 1 rules broken, 2 unreadable")
    sp.add_argument("file")


def cmd_deck(args) -> int:
    from .engine.registry import all_games

    games = all_games()
    if args.deck_cmd == "export":
        if args.game not in games:
            raise TabletopError(f"unknown game {args.game!r} (installed: {', '.join(sorted(games))})")
        game = games[args.game]
        if args.deck is not None and args.deck not in game.decks:
            from .userdecks import find_deck

            deck = find_deck(game, args.deck)
            if deck is None:
                raise TabletopError(f"no deck {args.deck!r} in {game.title} (preconstructed: {', '.join(game.decks)})")
        else:
            deck = preconstructed(game, args.deck)
        out = Path(args.out)
        if out.is_dir():
            raise TabletopError(f"{out}: is a folder; give a file to write")
        from .saves import atomic_write_text

        try:
            atomic_write_text(out, format_deck(game, deck), keep_backup=False)
        except OSError as exc:
            raise TabletopError(f"{out}: can't write the file ({exc.strerror or exc})") from None
        print(f"wrote {deck.name or 'the deck'} ({deck.count()} cards) to {out}")
        return 0
    if args.deck_cmd == "check":
        try:
            game, deck = read_deck_file(args.file, games)
        except DeckFileError as exc:
            raise TabletopError(str(exc)) from None
        problems = game.check_deck(deck)
        counts = ", ".join(f"{title} {deck.count(k)}" for k, title in game.deck_sections if deck.count(k))
        label = f"{args.file}: {game.title}" + (f", {deck.name}" if deck.name else "") + f" ({counts})"
        if not problems:
            print(f"{label}: legal")
            return 0
        print(f"{label}: {len(problems)} rule{'s' if len(problems) != 1 else ''} broken")
        for p in problems:
            print(f"  {p.rule}: {p.message}")
        return 1
    raise TabletopError("give a deck command: export or check")
