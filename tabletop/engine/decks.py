"""Decks as the kit knows them: a deck's sections, the problems that make it
illegal (each naming its construction rule), and the plain-text deck list a
person can read and edit.

A game says which sections its decks have (``Game.deck_sections``: key and
title, e.g. ``("main", "Main Deck")``), which section each card goes in
(``Game.section_of``), which cards a deck may hold (``Game.card_pool``) and
checks a whole deck (``Game.check_deck(deck) -> list[DeckProblem]``); the
rules themselves live in each game's ``deck_rules.py``.

The deck list format::

    Game: rush_duel
    Name: Ember Beatdown

    # Main Deck
    3 Pebble Squire
    2x M05
    # Extra Deck
    1 Steelwing Paladin

The first line names the game (its id or its title). ``Name:`` is optional.
A line ``# TITLE`` starts a section (a section's title or key, any case);
cards before any header go where ``section_of`` puts them. A card line is
``COUNT NAME-OR-ID`` (``3x`` also reads), or a bare name for one copy. Lines
starting with ``//`` are comments. Nothing else is accepted: a line that is
not one of these is an error naming the file and the line.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import TabletopError

MAX_COUNT = 99          # copies on one line: more is a typing slip, not a deck
MAX_LIST_BYTES = 256 * 1024


@dataclass(frozen=True)
class DeckProblem:
    """One broken construction rule: ``rule`` as the rulebook names it
    ("Main Deck (103.2)"), ``message`` what is wrong in players' words."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass
class Deck:
    """A deck: its game, its name, and its cards by section (ordered, one id
    per copy). ``ids()`` is the flat list a set-up takes, sections in the
    game's order."""

    game: str
    name: str = ""
    sections: dict[str, list[str]] = field(default_factory=dict)

    def ids(self, order: list[str] | None = None) -> list[str]:
        keys = list(order or []) + [k for k in self.sections if k not in (order or [])]
        return [c for k in keys for c in self.sections.get(k, [])]

    def count(self, section: str | None = None) -> int:
        if section is not None:
            return len(self.sections.get(section, []))
        return sum(len(v) for v in self.sections.values())

    def add(self, section: str, card_id: str) -> None:
        self.sections.setdefault(section, []).append(card_id)

    def remove(self, section: str, card_id: str) -> bool:
        cards = self.sections.get(section, [])
        if card_id in cards:
            # the last copy goes, so the order of the others stays
            del cards[len(cards) - 1 - cards[::-1].index(card_id)]
            return True
        return False

    def copy(self) -> "Deck":
        return Deck(self.game, self.name, {k: list(v) for k, v in self.sections.items()})


class DeckFileError(TabletopError):
    """A deck list that can't be read: names the file and the problem."""

    def __init__(self, detail: str, path=None, line: int | None = None):
        self.detail, self.path, self.line = detail, path, line
        where = f"{path}" if path is not None else "deck list"
        if line is not None:
            where += f", line {line}"
        super().__init__(f"{where}: {detail}")


# -- sorting a flat list into sections ------------------------------------------------

def deck_from_ids(game, card_ids: list[str], name: str = "") -> Deck:
    """A deck whose cards are sorted into sections by ``game.section_of``."""
    sections = {k: [] for k, _ in game.deck_sections}
    section_of = game.section_of
    for cid in card_ids:  # Deck.add, inlined: a set-up checks its decks this way
        key = section_of(cid)
        cards = sections.get(key)
        if cards is None:
            cards = sections[key] = []
        cards.append(cid)
    return Deck(game.id, name, sections)


def preconstructed(game, name: str | None = None) -> Deck:
    """A preconstructed deck by name; without a name, the first (as listed)."""
    decks = game.decks
    if not decks:
        raise TabletopError(f"{game.title or game.id} has no preconstructed decks")
    if name is None:
        name = next(iter(decks))
    if name not in decks:
        raise TabletopError(f"no preconstructed deck {name!r} in {game.title or game.id} "
                            f"(decks: {', '.join(decks)})")
    return game.deck_from_ids(list(decks[name]), name)


# -- the deck list text ---------------------------------------------------------------

def card_names(game) -> dict[str, list[str]]:
    """Card name (folded) -> ids of the deck-building pool with that name."""
    out: dict[str, list[str]] = {}
    for cid in game.card_pool():
        out.setdefault(_fold(game.cards[cid]["name"]), []).append(cid)
    return out


def _fold(s: str) -> str:
    return " ".join(str(s).split()).casefold()


def format_deck(game, deck: Deck) -> str:
    """The deck list text: the game line, the name, then each non-empty section
    under its header, one ``COUNT name`` line per card (the id where two cards
    of the pool share a name), in the order the cards first appear."""
    names = card_names(game)
    lines = [f"Game: {game.id}"]
    if deck.name:
        lines.append(f"Name: {deck.name}")
    titles = dict(game.deck_sections)
    for key in list(titles) + [k for k in deck.sections if k not in titles]:
        cards = deck.sections.get(key, [])
        if not cards:
            continue
        lines += ["", f"# {titles.get(key, key)}"]
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        for cid, n in counts.items():
            nm = game.cards[cid]["name"]
            lines.append(f"{n} {nm if len(names.get(_fold(nm), [])) == 1 else cid}")
    return "\n".join(lines) + "\n"


_CARD_LINE = re.compile(r"^(\d+)\s*[xX]?\s+(.+)$")


def read_game_line(text: str, path=None) -> str:
    """The game named on the first line (``Game: ID-OR-TITLE``), as written."""
    for i, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("//"):
            continue
        m = re.match(r"^game\s*[:=]\s*(.+)$", line, re.IGNORECASE)
        if not m:
            raise DeckFileError("not a deck list: the first line must name the game, like 'Game: rush_duel'", path, i)
        return m.group(1).strip()
    raise DeckFileError("not a deck list: the file is empty", path)


def find_game(games: dict, named: str, path=None):
    """The installed game a deck list names by id or title."""
    if named in games:
        return games[named]
    for g in games.values():
        if _fold(g.title) == _fold(named):
            return g
    raise DeckFileError(f"unknown game {named!r} (installed: {', '.join(sorted(games))})", path, 1)


def parse_deck(game, text: str, path=None) -> Deck:
    """Read a deck list for ``game`` (see the module text). Every problem of
    reading (not a deck list, another game, an unknown card or section, a bad
    count) raises DeckFileError naming the file and the line; the rules are
    checked separately (``game.check_deck``)."""
    named = read_game_line(text, path)
    if named != game.id and _fold(named) != _fold(game.title):
        raise DeckFileError(f"this deck list is for {named!r}, not for {game.title or game.id}", path, 1)
    titles = {}
    for key, title in game.deck_sections:
        titles[_fold(key)] = key
        titles[_fold(title)] = key
    names = card_names(game)
    pool = set(game.card_pool())
    deck = Deck(game.id, "", {k: [] for k, _ in game.deck_sections})
    section = None
    seen_game = False
    for i, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("//"):
            continue
        if not seen_game:
            seen_game = True
            continue
        m = re.match(r"^name\s*[:=]\s*(.*)$", line, re.IGNORECASE)
        if m and not deck.count():
            deck.name = m.group(1).strip()
            continue
        if line.startswith("#"):
            head = _fold(line.lstrip("#"))
            if head not in titles:
                known = ", ".join(t for _, t in game.deck_sections)
                raise DeckFileError(f"unknown section {line.lstrip('#').strip()!r} (sections: {known})", path, i)
            section = titles[head]
            continue
        m = _CARD_LINE.match(line)
        count, what = (int(m.group(1)), m.group(2).strip()) if m else (1, line)
        if not 1 <= count <= MAX_COUNT:
            raise DeckFileError(f"a count must be 1 to {MAX_COUNT}, not {count}", path, i)
        cid = _card_id(game, what, names, pool)
        if cid is None:
            raise DeckFileError(f"unknown card {what!r} in {game.title or game.id}", path, i)
        for _ in range(count):
            deck.add(section or game.section_of(cid), cid)
    if not seen_game:
        raise DeckFileError("not a deck list: the file is empty", path)
    return deck


def _card_id(game, what: str, names: dict, pool: set) -> str | None:
    if what in pool:
        return what
    ids = names.get(_fold(what))
    if ids:
        return ids[0]
    up = what.upper()
    return up if up in pool else None


def read_deck_file(path: str | os.PathLike, games: dict):
    """(game, deck) from a deck list file; DeckFileError for a file that can't
    be read, names no installed game, or holds an unknown card."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_LIST_BYTES:
            raise DeckFileError(f"not a deck list: the file is over {MAX_LIST_BYTES // 1024} KB", p)
        text = p.read_text(encoding="utf-8")
    except DeckFileError:
        raise
    except UnicodeDecodeError:
        raise DeckFileError("not a deck list: the file is not text (UTF-8)", p) from None
    except OSError as exc:
        raise DeckFileError(f"can't read the file ({exc.strerror or exc})", p) from None
    game = find_game(games, read_game_line(text, p), p)
    return game, parse_deck(game, text, p)
