"""Every lesson of every game, walked through the real table: each step's
``point`` entries light something on screen (a zone, card, counter or
button), and each pause stops at the next event of its kind after the
previous pause."""

import pygame
import pytest

from tabletop.ui.coach import start_lesson
from tabletop.ui.scenes import list_lessons
from uihelp import DT, key, make_app, perform

LESSONS = [l for l in list_lessons() if l["game"] in ("rush_duel", "riftbound", "lumen_condenser", "aquarian_age")]


def _walk(app, table):
    """Play the lesson through the table; returns (unlit points, pause events seen)."""
    run, coach = table.ctl.run, table.coach
    unlit, paused = [], []
    checked = -1
    stops = []
    orig = coach.on_event

    def on_event(ev):  # note the kind of each event a pause stops at
        had = coach.pause_caption
        orig(ev)
        if coach.pause_caption and not had:
            stops.append(ev.kind)
    coach.on_event = on_event
    for _ in range(6000):
        app.step(dt=DT)
        if coach.pause_caption:
            paused.append((coach.playing_step, stops[-1] if stops else None))
            key(app, pygame.K_RETURN)
            continue
        if table.queue.busy:
            continue
        if run.finished:
            return unlit, paused
        st = run.step
        if checked != run.step_index:
            app.step(dt=DT)  # one frame to build the action bar
            view = run.state.view(None)
            for ref in st.point:
                if not coach.resolve(ref, view):
                    unlit.append(f"step {st.index}: {ref}")
            checked = run.step_index
        if st.do is None:
            coach.next()
        else:
            perform(app, table, run.expected_choice())
    raise AssertionError(f"the lesson did not finish (step {run.step_index})")


@pytest.mark.parametrize("lesson", LESSONS, ids=[f"{l['game']}/{l['path'].split('/')[-1]}" for l in LESSONS])
def test_every_lesson_points_at_things_on_screen_and_pauses_in_order(lesson):
    app = make_app(speed="instant")
    table = start_lesson(app, lesson["game"], lesson["path"])
    app.run_frames(2, DT)
    run = table.ctl.run
    unlit, paused = _walk(app, table)
    assert not unlit, f"{lesson['path']}: point entries that light nothing: {unlit}"
    want = [p.event for st in run.lesson.steps for p in st.pauses]
    assert [k for _, k in paused] == want  # every pause, in order, at its own kind
    run.check_finish()


def test_pauses_take_repeated_kinds_in_order():
    """Two pauses on one kind stop at its first and second occurrence; a pause on
    a later kind is not taken by an earlier event of that kind."""
    from tabletop.engine.core import Event
    from tabletop.tutorial.lesson import Pause
    from tabletop.ui.coach import Coach

    class Q:
        hold = False

    class T:
        queue = Q()

    c = Coach.__new__(Coach)
    c.table = T()
    c.pause_caption = ""
    c.pauses = [Pause("a", "first a"), Pause("b", "b"), Pause("a", "second a")]
    seen = []
    for k in ["a", "a", "b", "c", "a", "a"]:
        c.on_event(Event(k, k, ""))
        if c.pause_caption:
            seen.append((k, c.pause_caption))
            c.pause_caption = ""
    assert seen == [("a", "first a"), ("b", "b"), ("a", "second a")]
