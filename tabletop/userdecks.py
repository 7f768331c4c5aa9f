"""The player's own decks: deck list files (tabletop/engine/decks.py) in the
user data folder, one folder per game, written atomically like saves (a
temporary file, the old file hard-linked to ``.bak``, one ``os.replace``).

The folder is ``$TABLETOP_DECKS`` if set, else ``decks/`` in the platform's
user data folder (beside ``saves/``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from .engine.decks import Deck, DeckFileError, format_deck, parse_deck
from .i18n import _
from .saves import atomic_write_text, backup_path

SUFFIX = ".txt"


def decks_dir(game_id: str | None = None) -> Path:
    env = os.environ.get("TABLETOP_DECKS")
    if env:
        root = Path(env)
    else:
        import platformdirs

        root = Path(platformdirs.user_data_dir("tabletop", appauthor=False)) / "decks"
    return root / game_id if game_id else root


def file_name(name: str) -> str:
    """A file name for a deck name: letters, digits, spaces, - and _ kept."""
    stem = re.sub(r"[^\w\- ]+", "", name, flags=re.UNICODE).strip().replace(" ", "_")[:60]
    return (stem or "deck") + SUFFIX


def list_decks(game) -> list[dict]:
    """The player's decks for ``game``, by name: each ``{name, path, deck}``,
    or ``{name, path, error}`` for a file that can't be read (shown, never
    offered to play)."""
    folder = decks_dir(game.id)
    out = []
    if not folder.is_dir():
        return out
    for p in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            text = p.read_text(encoding="utf-8")
            deck = parse_deck(game, text, p)
            deck.name = deck.name or p.stem.replace("_", " ")
            out.append({"name": deck.name, "path": p, "deck": deck})
        except (DeckFileError, OSError, UnicodeDecodeError) as exc:
            out.append({"name": p.stem.replace("_", " "), "path": p, "error": str(exc)})
    out.sort(key=lambda e: e["name"].casefold())
    return out


def find_deck(game, name: str) -> Deck | None:
    for e in list_decks(game):
        if e["name"] == name and "deck" in e:
            return e["deck"]
    return None


def save_deck(game, deck: Deck, path: str | os.PathLike | None = None) -> Path:
    """Write ``deck`` (named) to ``path``, or to a new file named after it in
    the game's folder (never over another deck's file)."""
    if not deck.name.strip():
        raise DeckFileError(_("a deck needs a name to be saved"))
    if path is None:
        folder = decks_dir(game.id)
        path = folder / file_name(deck.name)
        n = 2
        while path.exists():
            path = folder / (Path(file_name(deck.name)).stem + f"_{n}{SUFFIX}")
            n += 1
    path = Path(path)
    atomic_write_text(path, format_deck(game, deck))
    return path


def delete_deck(path: str | os.PathLike) -> None:
    """Remove a deck file (its ``.bak`` stays, so a deletion can be undone by hand)."""
    p = Path(path)
    if p.exists():
        atomic_write_text(backup_path(p), p.read_text(encoding="utf-8"), keep_backup=False)
        p.unlink()
