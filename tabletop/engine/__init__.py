"""The rules-engine kit: the contract every game implements. Imports no pygame."""

from .core import Choice, Decision, Event, Game, State, canonical_json, first_match, make_choice, make_event
from .errors import (
    CardFileError,
    IllegalChoice,
    LessonError,
    PositionError,
    SaveError,
    ScenarioError,
    TabletopError,
)
from .rng import PCG32

__all__ = [
    "Choice", "Decision", "Event", "Game", "State", "canonical_json", "first_match", "make_choice", "make_event",
    "CardFileError", "IllegalChoice", "LessonError", "PositionError", "SaveError",
    "ScenarioError", "TabletopError", "PCG32",
]
