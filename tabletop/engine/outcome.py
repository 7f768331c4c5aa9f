"""How a game ended, as a typed value (like a chess library's Outcome and
Termination): the winner and the reason, replacing per-game winner fields
and free text."""

from __future__ import annotations

from dataclasses import dataclass


class Termination:
    """Why a game ended. Games use these names; a game whose rulebook has
    another way to end adds its own constant beside them (a plain string)."""

    LIFE = "life"              # life points, HP or the like reached 0
    DECK_OUT = "deck_out"      # a player had to draw from an empty deck
    SCORE = "score"            # a player reached the points that win
    CONCEDE = "concede"        # a player conceded (surrender, resign)
    TIMEOUT = "timeout"        # a player ran out of time or responses
    TURN_LIMIT = "turn_limit"  # the rulebook's turn limit was reached
    SIMULTANEOUS = "simultaneous"  # both players lost at once
    RULE = "rule"              # another rule of the game ended it


@dataclass(frozen=True)
class Outcome:
    """``winner`` is 0 or 1, or None for a draw; ``termination`` a
    :class:`Termination` name; ``reason`` the sentence the table shows;
    ``rule`` the rule that ended the game, as a rulebook names it."""

    winner: int | None
    termination: str
    reason: str = ""
    rule: str = ""

    @property
    def result(self):
        """The contract's ``State.winner`` value: 0, 1 or "draw"."""
        return "draw" if self.winner is None else self.winner

    def to_data(self) -> dict:
        return {"winner": self.winner, "termination": self.termination, "reason": self.reason, "rule": self.rule}

    @classmethod
    def from_data(cls, data: dict | None) -> "Outcome | None":
        if data is None:
            return None
        return cls(data["winner"], data["termination"], data.get("reason", ""), data.get("rule", ""))
