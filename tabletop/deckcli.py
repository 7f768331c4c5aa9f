"""``tabletop deck export`` and ``tabletop deck check``: deck list files from
the command line. Exit codes of ``check``: 0 a legal deck; 1 a deck that
breaks rules (every broken rule is printed, named); 2 a file that can't be
read, names no installed game, or holds a card the game doesn't have."""

from __future__ import annotations

from pathlib import Path

from .engine.decks import DeckFileError, format_deck, preconstructed, read_deck_file
from .engine.errors import TabletopError
from .i18n import _, game_text, ngettext


def add_parsers(sub) -> None:
    dp = sub.add_parser("deck", help=_("export a deck list, or check one against its game's deck rules"))
    dsub = dp.add_subparsers(dest="deck_cmd", parser_class=type(dp))
    sp = dsub.add_parser("export", help=_("write a deck list file"))
    sp.add_argument("game")
    sp.add_argument("--deck", metavar="NAME",
                    help=_("a preconstructed deck or one of your decks (default: the first preconstructed)"))
    sp.add_argument("--out", metavar="FILE", required=True)
    sp = dsub.add_parser("check", help=_("check a deck list file: exit 0 legal, 1 rules broken, 2 unreadable"))
    sp.add_argument("file")


def cmd_deck(args) -> int:
    from .engine.registry import all_games

    games = all_games()
    if args.deck_cmd == "export":
        if args.game not in games:
            raise TabletopError(_("unknown game {game} (installed: {games})").format(
                game=repr(args.game), games=", ".join(sorted(games))))
        game = games[args.game]
        if args.deck is not None and args.deck not in game.decks:
            from .userdecks import find_deck

            deck = find_deck(game, args.deck)
            if deck is None:
                raise TabletopError(_("no deck {deck} in {game} (preconstructed: {decks})").format(
                    deck=repr(args.deck), game=game_text(game.title, game.id), decks=", ".join(game.decks)))
        else:
            deck = preconstructed(game, args.deck)
        out = Path(args.out)
        if out.is_dir():
            raise TabletopError(_("is a folder; give a file to write"), out)
        from .saves import atomic_write_text

        try:
            atomic_write_text(out, format_deck(game, deck), keep_backup=False)
        except OSError as exc:
            raise TabletopError(_("can't write the file ({problem})").format(problem=exc.strerror or exc), out) from None
        n = deck.count()
        print(ngettext("wrote {deck} ({n} card) to {file}", "wrote {deck} ({n} cards) to {file}", n).format(
            deck=deck.name or _("the deck"), n=n, file=out))
        return 0
    if args.deck_cmd == "check":
        try:
            game, deck = read_deck_file(args.file, games)
        except DeckFileError as exc:
            raise TabletopError(str(exc)) from None
        problems = game.check_deck(deck)
        gid = game.id
        counts = ", ".join(f"{game_text(title, gid)} {deck.count(k)}" for k, title in game.deck_sections if deck.count(k))
        label = f"{args.file}: {game_text(game.title, gid)}" + (f", {deck.name}" if deck.name else "") + f" ({counts})"
        if not problems:
            print(f"{label}: " + _("legal"))
            return 0
        print(f"{label}: " + ngettext("{n} rule broken", "{n} rules broken", len(problems)).format(n=len(problems)))
        for p in problems:
            print(f"  {game_text(p.rule, gid)}: {game_text(p.message, gid)}")
        return 1
    raise TabletopError(_("give a deck command: export or check"))
