"""Tutorial mode: lessons on the real engine (headless part; the coach overlay is in tabletop.ui)."""

from .lesson import Lesson, LessonRun, check_lesson, list_lessons, load_lesson

__all__ = ["Lesson", "LessonRun", "check_lesson", "list_lessons", "load_lesson"]
