"""Which lessons (and the guided game) a player has completed and which puzzles
solved, kept in the settings folder
(``tutorial.toml`` in tabletop.saves.config_dir()). A damaged file is
treated as no progress and is never overwritten until a lesson is completed."""

from __future__ import annotations

from pathlib import Path

import tomli_w

from tabletop.engine import tomlio
from tabletop.engine.errors import TabletopError
from tabletop.saves import atomic_write_text, config_dir

FILE_NAME = "tutorial.toml"


def progress_path() -> Path:
    return config_dir() / FILE_NAME


def lesson_key(game_id: str, lesson_path) -> str:
    return f"{game_id}/{Path(lesson_path).stem}"


def puzzle_key(game_id: str, puzzle_path) -> str:
    return f"{game_id}/puzzles/{Path(puzzle_path).stem}"


def completed() -> set[str]:
    path = progress_path()
    if not path.exists():
        return set()
    try:
        data = tomlio.load(path)
    except TabletopError:
        return set()
    done = data.get("completed", [])
    return {str(x) for x in done} if isinstance(done, list) else set()


def mark_completed(game_id: str, lesson_path) -> None:
    _add(lesson_key(game_id, lesson_path))


def mark_solved(game_id: str, puzzle_path) -> None:
    _add(puzzle_key(game_id, puzzle_path))


def is_solved(game_id: str, puzzle_path) -> bool:
    return puzzle_key(game_id, puzzle_path) in completed()


def _add(key: str) -> None:
    done = completed()
    if key in done:
        return
    done.add(key)
    atomic_write_text(progress_path(), tomli_w.dumps({"completed": sorted(done)}))


def is_completed(game_id: str, lesson_path) -> bool:
    return lesson_key(game_id, lesson_path) in completed()
