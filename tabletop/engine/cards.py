"""Card databases loaded from TOML and validated field by field.

A game describes its card schema with :class:`Field` specs (every card may
also name its picture, ``art = "icon-name"``, checked here against the
assets folder: a missing file stops the load naming file, card and art); :func:`load_cards`
reads ``[[card]]`` tables (and ``[deck.NAME]`` tables) and stops at the first
problem with one message naming the file, the card id, the field and the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from sys import intern
from typing import Any, Callable

from . import tomlio
from .assets import art_problem
from .errors import CardFileError


@dataclass
class Field:
    """One field of a card: its type, whether it is required, allowed values, a range."""

    name: str
    type: type | tuple = str
    required: bool = False
    choices: tuple | None = None
    min: float | None = None
    max: float | None = None
    default: Any = None
    when: Callable[[dict], bool] | None = None  # required only when this holds


_TYPE_NAMES = {str: "text", int: "an integer", bool: "true/false", list: "a list", dict: "a table", float: "a number"}


def _type_name(t) -> str:
    if isinstance(t, tuple):
        return " or ".join(_TYPE_NAMES.get(x, x.__name__) for x in t)
    return _TYPE_NAMES.get(t, t.__name__)


class CardFileContext:
    """Helps a game's validator build messages that name file, card, field and line."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text

    def line_for(self, card_id: str | None, field: str | None = None) -> int | None:
        if card_id is None:
            return None
        for quote in ('"', "'"):
            start = self.text.find(f"id = {quote}{card_id}{quote}")
            if start >= 0:
                break
        else:
            return None
        line = self.text.count("\n", 0, start) + 1
        if field:
            nxt = self.text.find("[[", start)
            block = self.text[start: nxt if nxt >= 0 else len(self.text)]
            i = block.find(f"\n{field} ")
            if i < 0:
                i = block.find(f"\n{field}=")
            if i >= 0:
                line += block.count("\n", 0, i) + 1
        return line

    def fail(self, message: str, card_id: str | None = None, field: str | None = None):
        where = []
        if card_id is not None:
            where.append(f"card {card_id!r}")
        if field is not None:
            where.append(f"field {field!r}")
        line = self.line_for(card_id, field)
        if line is not None:
            where.append(f"line {line}")
        prefix = (", ".join(where) + ": ") if where else ""
        raise CardFileError(prefix + message, self.path)


def check_fields(ctx: CardFileContext, card: dict, fields: list[Field], card_id: str) -> dict:
    """Validate one card table against ``fields``; return it with defaults filled."""
    known = {f.name for f in fields}
    if "name" in known:  # a card (not an effect or deck table) may name its art
        known.add("art")
    for key in card:
        if key not in known:
            ctx.fail(f"unknown field (known fields: {', '.join(sorted(known))})", card_id, key)
    out = dict(card)
    if "art" in card and not any(f.name == "art" for f in fields) and "art" in known:
        problem = art_problem(card["art"])
        if problem is not None:
            ctx.fail(problem, card_id, "art")
    for f in fields:
        if f.name not in card:
            needed = f.required and (f.when is None or f.when(card))
            if needed:
                ctx.fail("is missing", card_id, f.name)
            if f.default is not None:
                out[f.name] = f.default() if callable(f.default) else f.default
            continue
        v = card[f.name]
        bool_ok = f.type is bool or (isinstance(f.type, tuple) and bool in f.type)
        if isinstance(v, bool) and not bool_ok:
            ctx.fail(f"must be {_type_name(f.type)}, not {v!r}", card_id, f.name)
        if not isinstance(v, f.type):
            ctx.fail(f"must be {_type_name(f.type)}, not {v!r}", card_id, f.name)
        if f.choices is not None:
            vals = v if isinstance(v, list) else [v]
            for x in vals:
                if x not in f.choices:
                    ctx.fail(f"{x!r} is not one of {', '.join(map(str, f.choices))}", card_id, f.name)
        if f.min is not None and isinstance(v, (int, float)) and v < f.min:
            ctx.fail(f"{v} is below the minimum {f.min}", card_id, f.name)
        if f.max is not None and isinstance(v, (int, float)) and v > f.max:
            ctx.fail(f"{v} is above the maximum {f.max}", card_id, f.name)
    return out


def read_card_file(path) -> tuple[dict, CardFileContext]:
    """Read a card file; returns (data, context). Raises CardFileError on bad TOML."""
    import os

    path = os.fspath(path)
    data = tomlio.load(path, CardFileError)
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    return data, CardFileContext(path, text)


def interned(x):
    """``x`` with every string in it interned (dict keys too), the same values otherwise.
    The rules look card data up by literal keys ("kind", "name") and compare it with
    literals, and a literal of code that reads as a name is interned: an interned key or
    value matches it by identity, without comparing the text (a card file's strings, as
    read, are each a new string). A game calls it on each card once the card is checked."""
    t = type(x)
    if t is str:
        return intern(x)
    if t is dict:
        return {interned(k): interned(v) for k, v in x.items()}
    if t is list:
        return [interned(v) for v in x]
    if t is tuple:
        return tuple(interned(v) for v in x)
    return x


def index_cards(ctx: CardFileContext, cards: list, fields: list[Field], table: str = "card") -> dict[str, dict]:
    """Validate a list of card tables and index them by id (ids must be unique)."""
    if not isinstance(cards, list):
        ctx.fail(f"[[{table}]] must be an array of tables")
    out: dict[str, dict] = {}
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            ctx.fail(f"entry {i + 1} of [[{table}]] is not a table")
        cid = card.get("id")
        if not isinstance(cid, str) or not cid:
            ctx.fail(f"entry {i + 1} of [[{table}]] has no text 'id'")
        if cid in out:
            ctx.fail("is defined twice", cid, "id")
        # interned: the rules look cards up by id all the time, and a deck list interned
        # too finds its key by identity, without comparing the text
        cid = intern(cid)
        out[cid] = got = check_fields(ctx, card, fields, cid)
        got["id"] = cid
    return out
