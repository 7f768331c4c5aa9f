"""Errors that reach the user as one clear sentence (exit code 2, no traceback)."""

from __future__ import annotations


class TabletopError(Exception):
    """Base of every user-facing error. ``str(err)`` is the whole message."""

    def __init__(self, message: str, path: str | None = None):
        self.path = str(path) if path is not None else None
        super().__init__(f"{self.path}: {message}" if self.path else message)
        self.detail = message


class CardFileError(TabletopError):
    """A card file is malformed or inconsistent (names file, card id, field, line)."""


class PositionError(TabletopError):
    """A position description can't be turned into a state."""


class SaveError(TabletopError):
    """A save file can't be loaded (not TOML, truncated, edited, wrong game/version, too big)."""


class ScenarioError(TabletopError):
    """A scenario file is malformed."""


class LessonError(TabletopError):
    """A tutorial lesson is malformed or does not fit its position."""


class IllegalChoice(TabletopError):
    """A choice was applied that is not legal now."""


class RulesReferenceError(TabletopError):
    """A game's rules reference (reference.toml) is malformed."""
