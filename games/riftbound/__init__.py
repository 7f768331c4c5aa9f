"""Riftbound (1v1 Duel) plugin: exposes ``GAME``. See README.md beside this file."""

from __future__ import annotations

from .game import Riftbound
from .rulebook import VICTORY_SCORE
from .state import RBState
from .zones import ZLOC

GAME = Riftbound()
__all__ = ["GAME", "Riftbound", "RBState", "VICTORY_SCORE", "ZLOC"]
