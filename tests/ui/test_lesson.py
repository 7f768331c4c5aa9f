"""Tutorial lessons on the table: coach panel, hints, pauses, the whole lesson."""

import pygame

from tabletop.ui.coach import start_lesson
from tabletop.ui.scenes import TutorialScene, list_lessons
from uihelp import DT, click, key, make_app, perform


def _rush_lessons():
    return [l for l in list_lessons() if l["game"] == "rush_duel"]




def _play_lesson(app, table):
    """Follow every step through the table: Next, the asked move, Continue at pauses."""
    run = table.ctl.run
    pauses = 0
    for _ in range(3000):
        app.step(dt=DT)
        coach = table.coach
        if coach.pause_caption:
            pauses += 1
            key(app, pygame.K_RETURN)
            continue
        if table.queue.busy:
            continue
        if run.finished:
            return pauses
        st = run.step
        if st.do is None:
            nxt = next(r for r, act in coach.buttons if act == coach.next)
            click(app, nxt.center)
        else:
            want = run.expected_choice()
            perform(app, table, want)
    raise AssertionError(f"the lesson did not finish (step {run.step_index})")


def test_first_rush_duel_lesson_through_the_table():
    app = make_app(speed="instant")
    lesson = _rush_lessons()[0]
    table = start_lesson(app, "rush_duel", lesson["path"])
    app.run_frames(2, DT)
    coach = table.coach
    assert coach.points()  # step 1 points at things on the table
    run = table.ctl.run
    want_pauses = sum(len(st.pauses) for st in run.lesson.steps)
    assert _play_lesson(app, table) == want_pauses  # every pause stopped the animation once
    assert run.finished
    run.check_finish()  # the lesson's stated end holds
    app.run_frames(5, DT)
    assert [a for a in coach.buttons if a[1] == coach.restart]  # the end panel: Lessons, Restart, Menu


def test_wrong_move_gets_the_hint_and_back_replays():
    app = make_app(speed="instant")
    table = start_lesson(app, "rush_duel", _rush_lessons()[0]["path"])
    app.run_frames(2, DT)
    run, coach = table.ctl.run, table.coach
    # step 1 has no move: Next
    click(app, next(r for r, act in coach.buttons if act == coach.next).center)
    for _ in range(50):
        app.step(dt=DT)
        if coach.pause_caption:
            coach.resume()
    assert run.step_index == 1 and run.step.do is not None
    want = run.expected_choice()
    wrong = next(c for c in run.state.decision.choices_for(0) if c.kind == "set" and c.args.get("card") == want.args["card"])
    n = len(run.history)
    perform(app, table, wrong)
    assert len(run.history) == n and run.step_index == 1
    # the coach's panel says why (the lesson's hint for this wrong move, else the step's hint), with Try it
    said = next((w.hint for w in run.step.wrong if w.kind == wrong.kind), run.step.hint)
    assert said and coach.wrong[1] == said and coach.wrong[0].id == wrong.id
    app.run_frames(2, DT)
    assert "Try it" in coach.button_rects and "coach" in app.toast_text
    perform(app, table, want)
    app.run_frames(30, DT)
    assert run.step_index == 2
    key(app, pygame.K_LEFT)  # Back
    assert run.step_index == 1 and len(run.history) == n


def test_tutorial_screen_lists_and_starts_lessons():
    app = make_app()
    app.reset_to(TutorialScene(app))
    app.run_frames(2, DT)
    scene = app.top
    assert not any("Draw to five" in s for s in scene.items)  # another game's lessons: one game at a time
    click(app, scene.game_buttons["rush_duel"].rect.center)  # the game's button shows its lessons
    app.run_frames(2, DT)
    assert scene.game_id == "rush_duel"
    i = next(i for i, s in enumerate(scene.items) if "Draw to five" in s)
    click(app, scene.list.item_list_container.elements[i].rect.center)
    app.run_frames(2, DT)
    start = next(b for b in scene.actions if b.text == "Start")
    click(app, start.rect.center)
    app.run_frames(2, DT)
    assert getattr(app.top, "coach", None) is not None


def test_the_gold_button_is_the_steps_move_not_the_tables_way_on():
    # a lesson asks for the Battle Phase while "End the turn" is also offered:
    # the table would make "End the turn" gold; in the lesson the asked move is
    app = make_app(speed="instant")
    lesson = next(l for l in _rush_lessons() if l["path"].endswith("02-draw-and-summon.toml"))
    table = start_lesson(app, "rush_duel", lesson["path"])
    run = table.ctl.run
    for _ in range(3000):
        app.step(dt=DT)
        coach = table.coach
        if coach.pause_caption:
            key(app, pygame.K_RETURN)
            continue
        if table.queue.busy:
            continue
        want = run.expected_choice()
        if want is not None and want.kind == "battle_phase":
            break
        if run.step.do is None:
            click(app, next(r for r, act in coach.buttons if act == coach.next).center)
        else:
            perform(app, table, want)
    else:
        raise AssertionError("the lesson never asked for the Battle Phase")
    app.run_frames(2, DT)
    gold = [b.payload.kind for b in table.bar_buttons if b.payload is not None and b.accent]
    others = [b.payload.kind for b in table.bar_buttons if b.payload is not None and not b.accent]
    assert gold == ["battle_phase"] and "end_turn" in others
