"""Yu-Gi-Oh! Rush Duel rules engine plugin (headless; see README.md)."""

from .game import RushDuelGame

GAME = RushDuelGame()

__all__ = ["GAME", "RushDuelGame"]
