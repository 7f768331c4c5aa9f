"""Aquarian Age plugin: exposes GAME (rules in rules.py, cards in cards.toml)."""

from .game import AquarianAge

GAME = AquarianAge()

__all__ = ["GAME", "AquarianAge"]
