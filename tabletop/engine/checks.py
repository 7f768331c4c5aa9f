"""Legality as named checks, each rule written once.

A check answers "may this player do this now?" with ``None`` (yes) or the
sentence that names the rule forbidding it. The same check lists the legal
choices and answers ``why_not``::

    LEGAL = Checks()

    @LEGAL.check("summon", rule="Normal Summon (3.2.1)")
    def summon(state, player, args):
        if state.normal_summon_used[player]:
            return "you have already Normal Summoned this turn"
        return None

    # listing choices:   if LEGAL.allows("summon", state, p, {"card": iid}): ...
    # why_not:           LEGAL.why_not(state, kind, args, player)
"""

from __future__ import annotations

from typing import Callable


class Check:
    __slots__ = ("kind", "rule", "fn")

    def __init__(self, kind: str, rule: str, fn: Callable):
        self.kind = kind
        self.rule = rule
        self.fn = fn

    def reason(self, state, player: int, args: dict) -> str | None:
        return self.fn(state, player, args)


class Checks:
    """The legality checks of one game, keyed by choice kind."""

    def __init__(self):
        self.table: dict[str, Check] = {}

    def check(self, kind: str, rule: str = ""):
        def deco(fn):
            if kind in self.table:
                raise ValueError(f"a legality check for {kind!r} is registered twice")
            self.table[kind] = Check(kind, rule, fn)
            return fn
        return deco

    def reason(self, kind: str, state, player: int, args: dict) -> str | None:
        """None when allowed, else why not. A kind with no check is allowed."""
        c = self.table.get(kind)
        return None if c is None else c.fn(state, player, args)

    def allows(self, kind: str, state, player: int, args: dict) -> bool:
        return self.reason(kind, state, player, args) is None

    def why_not(self, state, kind: str, args: dict, player: int) -> str | None:
        """The sentence for a refused choice, with the rule in brackets, or None
        when the check allows it (the refusal is then about timing)."""
        c = self.table.get(kind)
        if c is None:
            return None
        r = c.fn(state, player, args)
        if r is None:
            return None
        return sentence(r, c.rule)


def sentence(reason: str, rule: str = "") -> str:
    """One sentence: the reason, then the rule in brackets when not already named."""
    text = reason.rstrip(".")
    if rule and rule not in text:
        text = f"{text} ({rule})"
    return text + "."


def in_zone(state, player: int, iid, zone: str) -> str | None:
    """A check's common first question: None when ``iid`` is a card in
    ``player``'s ``zone`` (the card table's ``p<player>.<zone>``), else why not.
    Copes with any ``iid`` a person may try (None, text, a card elsewhere)."""
    return None if isinstance(iid, int) and iid in state.table.ids(f"p{player}.{zone}") else f"that card is not in your {zone}"
