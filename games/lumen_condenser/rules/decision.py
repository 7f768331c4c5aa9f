"""The decisions of Lumen Condenser: the kit's :class:`Decision`, which also
knows where each player's choices lie in its list, so a player's choices are
a slice of it rather than a scan of every choice's player."""

from __future__ import annotations

from tabletop.engine.core import Decision


_ONE = ((0,), (1,))  # the players of a decision of one player


class LumenDecision(Decision):
    """``split``: the index where player 2's choices begin in a decision of
    both players (player 1's come first); None when every choice is the
    first deciding player's."""

    __slots__ = ("split",)

    # made by ``of`` and ``both`` without an __init__ call (the interpreter answers the class call in C)
    __init__ = object.__init__

    @classmethod
    def of(cls, player: int, kind: str, prompt: str, choices: list) -> LumenDecision:
        """A decision of one player."""
        d = cls()
        d.players = _ONE[player]
        d.kind = kind
        d.prompt = prompt
        d.choices = choices
        d.split = None
        return d

    @classmethod
    def both(cls, players, kind: str, prompt: str, choices: list, split: int | None) -> LumenDecision:
        """A decision of ``players`` (one or both), player 2's choices from ``split`` on when both decide."""
        d = cls()
        d.players = players if players.__class__ is tuple else tuple(players)
        d.kind = kind
        d.prompt = prompt
        d.choices = choices
        d.split = split
        return d

    def choices_for(self, player: int) -> list:
        split = self.split
        if split is None:
            return self.choices[:] if player == self.players[0] else []
        return self.choices[:split] if player == 0 else self.choices[split:] if player == 1 else []
