"""Lesson completion marks on the Tutorial screen, and "Play on against the
computer" from a lesson's end: a normal, autosaved match that saves, loads,
continues and opens with ``tabletop play GAME --load SAVE``."""


from tabletop.saves import load_match, saves_dir
from tabletop.tutorial import progress
from tabletop.ui.coach import lesson_setup, start_lesson
from tabletop.ui.controller import Controller
from tabletop.ui.scenes import MenuScene, TutorialScene, list_lessons
from tabletop.ui.table import TableScene
from uihelp import DT, click, make_app


def _first_rush():
    ls = [l for l in list_lessons() if l["game"] == "rush_duel"]
    return ls[0] if ls else None




def _finish(app, table):
    """Play the lesson's script on the table (each step's events played out)."""
    run, coach = table.ctl.run, table.coach
    while not run.finished:
        coach.arm()
        table.play(run.advance())
        table.skip()
        coach.resume()
    app.run_frames(3, DT)


def _row(scene, path):
    return next(i for i, (k, l) in enumerate(scene.rows) if k == "lesson" and l["path"] == path)


def _shown(app, scene, i):
    """The list's element showing row ``i``, scrolled into view (a long list shows only part)."""
    for step in range(21):
        found = [e for e in scene.list.item_list_container.elements
                 if e.text == scene.items[i] and scene.list.rect.contains(e.rect)]
        if found:
            return found[0]
        scene.list.scroll_bar.set_scroll_from_start_percentage(step / 20)
        app.run_frames(2, DT)
    raise AssertionError(f"row {i} never shows in the list")


def test_finishing_a_lesson_marks_it_and_the_list_shows_the_mark(tmp_path):
    assert str(progress.progress_path()).startswith(str(tmp_path))   # TABLETOP_CONFIG is the test's folder
    lesson = _first_rush()
    app = make_app()
    app.reset_to(MenuScene(app))
    app.push(TutorialScene(app, game_id="rush_duel"))
    app.run_frames(2, DT)
    scene = app.top
    i = _row(scene, lesson["path"])
    assert TutorialScene.DONE not in scene.items[i]
    head = next(s for s in scene.items if "Rush Duel" in s and "lessons done" in s)
    assert "0 of" in head
    table = start_lesson(app, "rush_duel", lesson["path"])
    app.run_frames(2, DT)
    assert not progress.is_completed("rush_duel", lesson["path"])  # not before the end
    _finish(app, table)
    assert progress.is_completed("rush_duel", lesson["path"])      # the end panel marked it
    assert progress.progress_path().exists()
    # back to the lesson list: the mark and the count
    click(app, table.coach.button_rects["Lessons"].center)
    app.run_frames(2, DT)
    scene = app.top
    assert isinstance(scene, TutorialScene)
    i = _row(scene, lesson["path"])
    assert scene.items[i].strip().startswith(TutorialScene.DONE)
    head = next(s for s in scene.items if "Rush Duel" in s and "lessons done" in s)
    assert "1 of" in head
    others = [s for (k, l), s in zip(scene.rows, scene.items) if k == "lesson" and l["path"] != lesson["path"]]
    assert others and not any(TutorialScene.DONE in s for s in others)
    # choosing the marked lesson says it is completed
    click(app, _shown(app, scene, i).rect.center)
    app.run_frames(2, DT)
    assert "Completed" in scene.info.html_text


def test_play_on_from_the_lesson_end_starts_a_match_that_saves_and_loads(monkeypatch):
    lesson = _first_rush()
    app = make_app()
    table = start_lesson(app, "rush_duel", lesson["path"])
    app.run_frames(2, DT)
    _finish(app, table)
    run, coach = table.ctl.run, table.coach
    final = run.state.digest()
    history = list(run.history)
    assert "Play on against the computer" in coach.button_rects   # the end panel offers it
    setup, learner = lesson_setup(run.lesson)
    assert learner == 0 and [p["name"] for p in setup["players"]] == ["Player", "Rival"]
    coach.play_on()                                 # what the button does (the click is below)
    new = app.top
    assert isinstance(new, TableScene) and isinstance(new.ctl, Controller) and new.coach is None
    m = new.ctl.match
    assert m.state.digest() == final and m.log == history
    assert m.setup["position"] and new.ctl.seats == ["human", "computer"]
    auto = m.autosave_path
    loaded = load_match(auto)                       # autosaved at once: Continue works
    assert loaded.state.digest() == final and loaded.log == history
    path = saves_dir() / "from-lesson.toml"
    m.save(path)
    assert load_match(path).state.digest() == final
    # `tabletop play rush_duel --load SAVE` opens it at a table (the window's loop cut short)
    from tabletop.ui import app as app_mod
    seen = []

    def run_briefly(self):
        seen.append((self.top.ctl.match.state.digest(), tuple(self.top.ctl.seats)))
        return 0
    monkeypatch.setattr(app_mod.App, "run", run_briefly)
    assert app_mod.run_app(game="rush_duel", load=str(path)) == 0
    assert seen == [(final, ("human", "computer"))]
    # and through the button itself: the computer plays on from the lesson's end
    app = make_app()
    table = start_lesson(app, "rush_duel", lesson["path"])
    app.run_frames(2, DT)
    _finish(app, table)
    click(app, table.coach.button_rects["Play on against the computer"].center)
    new = app.top
    assert isinstance(new, TableScene) and new.coach is None
    for _ in range(200):
        app.step(dt=DT)
        if new.ctl.thinking:
            new.ctl.wait_computer(5.0)
        if len(new.ctl.match.log) > len(history) + 2:
            break
    m = new.ctl.match
    assert m.log[:len(history)] == history and len(m.log) > len(history)
    cont = load_match(m.autosave_path)   # the autosave follows the game
    assert cont.log == m.log and cont.state.digest() == m.state.digest()
