"""Shared reading of positions (``Game.from_position``).

Every game's position is a TOML table with ``[[position.players]]`` and
game-specific keys. :class:`PositionReader` reads the common parts the same
way in every game, with one wording for errors: a player's table, whole
numbers, choices from a set, card lists (a card is an id, or a table with
``card``, ``face``, ``orient``, ``slot``, ``counters``), and slot rows.
Extra card definitions a position brings (``extra_cards``) are merged into a
copy of the game's card database by :func:`merge_extra_cards`.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from .errors import PositionError


class CardEntry:
    """One card of a position's card list."""

    __slots__ = ("card", "face", "orient", "slot", "counters")

    def __init__(self, card: str, face: int | None = None, orient: int = 0, slot: int | None = None,
                 counters: dict | None = None):
        self.card = card
        self.face = face
        self.orient = orient
        self.slot = slot
        self.counters = counters or {}


class PositionReader:
    """Reads one position; every error names where in the position it is."""

    def __init__(self, position: Any, players: int = 2, player_keys: tuple[str, ...] | None = None):
        """Player tables are the list ``players`` (``[[position.players]]``),
        or, with ``player_keys`` (e.g. ``("p0", "p1")``), one optional table
        under each key."""
        if not isinstance(position, dict):
            raise PositionError("a position must be a table")
        self.position = position
        if player_keys is not None:
            pl = [position.get(k, {}) for k in player_keys]
            for k, p in zip(player_keys, pl):
                if not isinstance(p, dict):
                    raise PositionError(f"{k} must be a table")
            self.players: list[dict] = pl
            return
        pl = position.get("players")
        if not isinstance(pl, list) or len(pl) != players:
            raise PositionError(f"the position needs {players} [[position.players]] tables")
        for i, p in enumerate(pl):
            if not isinstance(p, dict):
                raise PositionError(f"player {i + 1} must be a table")
        self.players = pl

    # -- error wording -------------------------------------------------------------
    @staticmethod
    def where(player: int | None, key: str) -> str:
        return key if player is None else f"player {player + 1}: {key}"

    def fail(self, player: int | None, key: str, problem: str):
        raise PositionError(f"{self.where(player, key)}: {problem}")

    # -- values --------------------------------------------------------------------
    def _table(self, player: int | None) -> dict:
        return self.position if player is None else self.players[player]

    def integer(self, player: int | None, key: str, default: int = 0, low: int | None = None,
                high: int | None = None) -> int:
        value = self._table(player).get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            try:
                if isinstance(value, bool) or isinstance(value, float):
                    raise ValueError
                value = int(value)
            except (TypeError, ValueError):
                self.fail(player, key, f"{value!r} is not a whole number")
        if low is not None and value < low or high is not None and value > high:
            if high is None:
                self.fail(player, key, f"{value} must be at least {low}")
            if low is None:
                self.fail(player, key, f"{value} must be at most {high}")
            self.fail(player, key, f"{value} must be between {low} and {high}")
        return value

    def one_of(self, player: int | None, key: str, allowed: Iterable, default=None):
        allowed = list(allowed)
        value = self._table(player).get(key, default)
        if value not in allowed:
            self.fail(player, key, f"{value!r} must be one of {', '.join(repr(a) for a in allowed)}")
        return value

    def flag(self, player: int | None, key: str, default: bool = False) -> bool:
        value = self._table(player).get(key, default)
        if not isinstance(value, bool):
            self.fail(player, key, f"{value!r} must be true or false")
        return value

    def text(self, player: int | None, key: str, default: str = "") -> str:
        value = self._table(player).get(key, default)
        if not isinstance(value, str):
            self.fail(player, key, f"{value!r} must be text")
        return value

    # -- cards ---------------------------------------------------------------------
    def cards(self, player: int | None, key: str, known: Callable[[str], bool] | Iterable[str],
              what: str = "card") -> list[CardEntry]:
        """A list of cards: each an id, or a table with ``card`` and optional
        ``face`` ("up"/"down"), ``orient`` ("upright"/"sideways"), ``slot``,
        ``counters``. ``known`` tells which ids are allowed; ``what`` names them
        in the error ("monster card", "technique card")."""
        ok = known if callable(known) else set(known).__contains__
        items = self._table(player).get(key, [])
        if not isinstance(items, list):
            self.fail(player, key, f"must be a list of {what} ids")
        out = []
        for n, item in enumerate(items):
            if isinstance(item, str):
                entry = CardEntry(item)
            elif isinstance(item, dict) and isinstance(item.get("card"), str):
                face = item.get("face")
                if face not in (None, "up", "down"):
                    self.fail(player, f"{key}[{n + 1}]", f"face must be \"up\" or \"down\", not {face!r}")
                orient = item.get("orient", "upright")
                if orient not in ("upright", "sideways"):
                    self.fail(player, f"{key}[{n + 1}]", f"orient must be \"upright\" or \"sideways\", not {orient!r}")
                slot = item.get("slot")
                if slot is not None and (isinstance(slot, bool) or not isinstance(slot, int)):
                    self.fail(player, f"{key}[{n + 1}]", f"slot must be a whole number, not {slot!r}")
                counters = item.get("counters", {})
                if not isinstance(counters, dict):
                    self.fail(player, f"{key}[{n + 1}]", "counters must be a table")
                entry = CardEntry(item["card"], None if face is None else int(face == "up"),
                                  int(orient == "sideways"), slot, dict(counters))
            else:
                self.fail(player, f"{key}[{n + 1}]", f"must be a {what} id or a table with a card id")
            if not ok(entry.card):
                self.fail(player, key, f"{entry.card!r} is not a {what} id")
            out.append(entry)
        return out

    def slots(self, player: int | None, key: str, count: int, known, what: str = "card") -> list[CardEntry | None]:
        """A row of ``count`` slots: entries placed by their ``slot`` or in order;
        the empty slots are None."""
        row: list[CardEntry | None] = [None] * count
        entries = self.cards(player, key, known, what)
        if len(entries) > count:
            self.fail(player, key, f"has {len(entries)} cards; the zone holds {count}")
        nxt = 0
        for e in entries:
            if e.slot is None:
                while nxt < count and row[nxt] is not None:
                    nxt += 1
                e.slot = nxt
            if not 0 <= e.slot < count:
                self.fail(player, key, f"slot {e.slot} is outside 0..{count - 1}")
            if row[e.slot] is not None:
                self.fail(player, key, f"two cards are in slot {e.slot}")
            row[e.slot] = e
        return row


def merge_extra_cards(base: dict, extra: list[dict] | None, build: Callable[[dict], tuple[str, Any]],
                      source: str = "extra_cards") -> dict:
    """A copy of the card database ``base`` (id -> card) with the position's
    extra card definitions added. ``build`` turns one definition into
    ``(card id, card)`` and raises PositionError for a bad one; an id that is
    already in ``base`` is an error."""
    if not extra:
        return base
    merged = dict(base)
    if not isinstance(extra, list):
        raise PositionError(f"{source} must be a list of card tables")
    for n, raw in enumerate(extra):
        if not isinstance(raw, dict):
            raise PositionError(f"{source}[{n + 1}] must be a card table")
        cid, card = build(raw)
        if cid in base:
            raise PositionError(f"{source}[{n + 1}]: the card id {cid!r} is already a card of the game")
        merged[cid] = card
    return merged
