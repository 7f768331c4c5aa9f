"""Choices are values: a choice naming the same card with the same words is
the same choice decision after decision, so it is made once and listed again.

Two levels. Per table of cards (``state.table.card``, shared by clones, copied
when a determinized copy re-draws identities): a list per kind of choice,
indexed by iid, read without building a key. Behind it, across tables: a
dict per kind by (iid, technique record), so a determinized copy whose cards
are the same techniques finds the same choices (other techniques: other keys).
A table's lists are checked against a copy of its card ids before use, so a
card list changed in place is never read stale.
"""

from __future__ import annotations

from typing import Callable

from tabletop.engine.heap import MEMO_FEW

_BY_TABLE: dict[int, "Made"] = {}   # id of a card list -> its lists (the Made keeps the list alive)
_ACROSS: dict = {}                   # kind key -> {(iid, tech): choice}


class Made:
    """The choices made for one table's cards: ``tech`` (each iid's technique
    record, None for a character) and a list per kind key."""

    __slots__ = ("cards", "snapshot", "techs", "tech", "lists")

    def __init__(self, cards: list, techs: dict):
        self.cards = cards
        self.snapshot = list(cards)
        self.techs = techs
        self.tech = [techs.get(c) for c in cards]
        self.lists: dict = {}


def made_for(state) -> Made:
    """The choices made for ``state``'s cards (new when its card list is new or changed).
    The state keeps the one it found (``made_memo``, forgotten on clone) while
    its card list is the same list: only a determinized copy re-draws
    identities, and it does so in a copy of the list."""
    cards = state.table.card
    m = state.made_memo
    if m is not None and m.cards is cards:
        return m
    techs = state.card_db.techs
    m = _BY_TABLE.get(id(cards))
    if m is None or m.cards is not cards or m.techs is not techs or m.snapshot != cards:
        if len(_BY_TABLE) > 32:  # a game's tables, a search's worlds: older ones are not met again
            _BY_TABLE.clear()
        m = _BY_TABLE[id(cards)] = Made(cards, techs)
    state.made_memo = m
    return m


def choice_list(m: Made, key) -> list:
    """The list of ``key`` choices by iid (None: not made yet)."""
    lst = m.lists.get(key)
    if lst is None:
        lst = m.lists[key] = [None] * len(m.cards)
    return lst


def fill(m: Made, lst: list, key, i: int, make: Callable):
    """Make (or find across tables) the ``key`` choice of card ``i``:
    ``make(iid, tech)`` returns the choice, or False when the card has none."""
    t = m.tech[i]
    across = _ACROSS.get(key)
    if across is None:
        across = _ACROSS[key] = {}
    c = across.get((i, t))
    if c is None:
        if len(across) > MEMO_FEW:
            across.clear()
        c = across[(i, t)] = make(i, t)
    lst[i] = c
    return c
