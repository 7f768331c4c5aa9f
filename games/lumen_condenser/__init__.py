"""Lumen Condenser: a fighting-game card duel (rules engine plugin, headless)."""

from .game import LumenGame

GAME = LumenGame()

__all__ = ["GAME", "LumenGame"]
