"""The stricter checks of ``tabletop tutorial --check`` on a lesson's text and
shape (the script itself is played by lesson.check_lesson):

* a caption or pause caption of fewer than 4 words (a placeholder);
* a lesson of fewer than 3 steps;
* a lesson where no step says what it taught (``learn``), or one that still
  has the old top-level ``learned`` list beside its steps' ``learn``;
* a step ``learn`` on a step that neither does a move nor has a pause or an
  ``expect`` (it would claim something the learner never saw);
* a lesson that is not ``advanced`` with more than 8 pauses or more than 450
  words (captions, pause captions, hints and ``learn`` sentences).

Lessons still written in the old format (a top-level ``learned`` list and no
step ``learn``) get these as warnings while ``LEGACY_LESSONS_PASS`` is true;
``--check --strict`` fails them too.
"""

from __future__ import annotations

from .lesson import Lesson

MIN_CAPTION_WORDS = 4
MIN_STEPS = 3
MAX_PAUSES = 8
MAX_WORDS = 450

#: old-format lessons (top-level ``learned``) pass --check with warnings until they are rewritten
LEGACY_LESSONS_PASS = True


def words(text: str) -> int:
    return len(text.split())


def is_legacy(lesson: Lesson) -> bool:
    """Written in the old format: a top-level ``learned`` list and no step ``learn``."""
    return bool(lesson.learned) and not any(s.learn for s in lesson.steps)


def lesson_words(lesson: Lesson) -> int:
    total = 0
    for st in lesson.steps:
        total += words(st.caption) + words(st.hint) + words(st.learn)
        total += sum(words(p.caption) for p in st.pauses)
        total += sum(words(w.hint) for w in st.wrong)
    return total


def lesson_pauses(lesson: Lesson) -> int:
    return sum(len(st.pauses) for st in lesson.steps)


def lesson_problems(lesson: Lesson) -> list[str]:
    """Every stricter-check problem of ``lesson`` (empty: none), in players' words."""
    out = []
    if len(lesson.steps) < MIN_STEPS:
        out.append(f"only {len(lesson.steps)} step(s); a lesson needs at least {MIN_STEPS}")
    for st in lesson.steps:
        if words(st.caption) < MIN_CAPTION_WORDS:
            out.append(f"step {st.index}: the caption {st.caption!r} is under {MIN_CAPTION_WORDS} words")
        for i, p in enumerate(st.pauses, 1):
            if words(p.caption) < MIN_CAPTION_WORDS:
                out.append(f"step {st.index}: pause {i}'s caption {p.caption!r} is under {MIN_CAPTION_WORDS} words")
        if st.learn and st.do is None and not st.pauses and not st.expect:
            out.append(f"step {st.index}: 'learn' on a step with no move, no pause and no expect "
                       "(nothing shows what it says)")
    if not any(st.learn for st in lesson.steps):
        out.append("no step says what it taught (give steps a 'learn' sentence)")
    elif lesson.learned:
        out.append("the top-level 'learned' list is no longer used: the steps' 'learn' sentences replace it")
    if not lesson.advanced:
        n = lesson_pauses(lesson)
        if n > MAX_PAUSES:
            out.append(f"{n} pauses; a lesson that is not advanced has at most {MAX_PAUSES}")
        w = lesson_words(lesson)
        if w > MAX_WORDS:
            out.append(f"{w} words; a lesson that is not advanced has at most {MAX_WORDS}")
    return out
