"""Tutorial mode on the real engine (headless; the coach overlays are in
tabletop.ui): lessons (lesson.py, stricter checks in checks.py), puzzles
(puzzle.py) and the guided first game (guided.py)."""

from .lesson import Lesson, LessonRun, check_lesson, list_lessons, load_lesson

__all__ = ["Lesson", "LessonRun", "check_lesson", "list_lessons", "load_lesson"]
