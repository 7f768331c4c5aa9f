"""The tutorial on the table, driven through the real app: wrong-move hints
and Try it, puzzles (goal, hints, success and failure panels, Restart), the
guided first game's coach, and the Tutorial screen per game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from tabletop.engine.registry import get_game
from tabletop.scenario import resolve_ref
from tabletop.tutorial import progress
from tabletop.ui import tutorial_menu
from tabletop.ui.coach import start_lesson
from tabletop.ui.guided_coach import GuidedCoach, start_guided
from tabletop.ui.puzzle_coach import PuzzleCoach, start_puzzle
from tabletop.ui.tutorial_menu import TutorialScene
from uihelp import DT, click, key, make_app, move, perform

FIX = Path(__file__).resolve().parents[1] / "tutorial" / "fixtures"
RD = get_game("rush_duel")


def _legal(table, kind, ref=None):
    st = table.ctl.state
    card = resolve_ref(ref, st.view(None)) if ref else None
    return next(c for c in st.decision.choices_for(0) if c.kind == kind and (card is None or c.args.get("card") == card))


def _idle(app, table, frames=200):
    for _ in range(frames):
        app.step(dt=DT)
        if not table.queue.busy:
            return
    raise AssertionError("the table kept playing")


# -- wrong moves ---------------------------------------------------------------------------

def test_wrong_move_hint_by_card_then_try_it_plays_it_and_rewinds():
    app = make_app(speed="fast")
    table = start_lesson(app, "rush_duel", str(FIX / "lesson_ok.toml"))
    app.run_frames(2, DT)
    run, coach = table.ctl.run, table.coach
    before = run.state.digest()
    log_len = len(table.log)
    # setting the wolf: the hint written for that kind and card
    perform(app, table, _legal(table, "set", "@M04@p0.hand"))
    app.run_frames(2, DT)
    assert coach.wrong[1].startswith("Set, Ridgeback Wolf would lie face down")
    assert run.state.digest() == before and not run.history
    # summoning the other monster: the hint for that kind with no card
    perform(app, table, _legal(table, "summon", "@M06@p0.hand"))
    app.run_frames(2, DT)
    assert coach.wrong[1].startswith("Coral Sentinel has only 1000 ATK")
    # Try it: the move is played on the table and shown
    click(app, coach.button_rects["Try it"].center)
    assert run.trying
    assert table.queue.busy  # its animation plays
    assert table.top_message()[0].startswith("Trying a wrong move")
    assert table.ctl.decider() is None  # nothing to do but watch and rewind
    _idle(app, table)
    app.run_frames(2, DT)
    mon = table.view["zones"]["p0.monster"]
    assert [c["card"] for c in mon] == ["M06"]  # the table shows what the move did
    assert len(table.log) > log_len
    # Rewind: back to the step as it was
    click(app, coach.button_rects["Rewind"].center)
    app.run_frames(2, DT)
    assert not run.trying and coach.wrong is None
    assert run.state.digest() == before and len(table.log) == log_len
    assert table.view["zones"]["p0.monster"] == []
    assert run.step_index == 0
    # the step's own move still works
    perform(app, table, run.expected_choice())
    _idle(app, table)
    assert run.step_index == 1


def test_status_line_says_the_lesson_waits_at_a_pause():
    app = make_app(speed="normal")
    table = start_lesson(app, "rush_duel", str(FIX.parents[2] / "games/rush_duel/lessons/02-draw-and-summon.toml"))
    app.run_frames(2, DT)
    coach = table.coach
    click(app, coach.button_rects["Next"].center)
    for _ in range(600):
        app.step(dt=DT)
        if coach.pause_caption:
            break
    assert coach.pause_caption and table.queue.hold
    assert table.top_message()[0].startswith("Paused")
    key(app, pygame.K_RETURN)
    assert not table.top_message()[0].startswith("Paused")


# -- puzzles --------------------------------------------------------------------------------

def test_puzzle_solved_on_the_table_any_order(monkeypatch):
    from tabletop.tutorial import puzzle as pmod

    monkeypatch.setattr(pmod, "list_puzzles", lambda game: [FIX / "lethal.toml", FIX / "survive.toml"])
    app = make_app(speed="instant")
    table = start_puzzle(app, "rush_duel", str(FIX / "lethal.toml"))
    app.run_frames(2, DT)
    coach = table.coach
    assert isinstance(coach, PuzzleCoach) and coach.puzzle.goal_text == "Win this turn" and coach.number == 1
    # hints one at a time: the button, then H
    assert coach.hints_shown == 0
    click(app, coach.button_rects["Hint (2)"].center)
    key(app, pygame.K_h, "h")
    assert coach.hints_shown == 2 and "No more hints" in coach.button_rects
    # the falcon first: not the solution's order, still a win
    for kind, ref in (("summon", "@M05@p0.hand"), ("summon", "@M04@p0.hand"), ("battle_phase", None),
                      ("direct_attack", "@M05@p0.monster"), ("direct_attack", "@M04@p0.monster")):
        perform(app, table, _legal(table, kind, ref))
        _idle(app, table)
    app.run_frames(3, DT)
    assert coach.settled == "won" and table.ctl.over
    assert "Puzzles" in coach.button_rects and "Hint (0)" not in coach.button_rects
    assert table.top_message()[0] == "Puzzle solved!"
    assert progress.is_solved("rush_duel", FIX / "lethal.toml")
    # on to the next puzzle of the game
    click(app, coach.button_rects["Next puzzle"].center)
    app.run_frames(2, DT)
    nxt = app.top.coach
    assert isinstance(nxt, PuzzleCoach) and nxt.number == 2 and nxt.puzzle.title == "Hold the line"
    assert "Next puzzle" not in nxt.button_rects


def test_puzzle_failure_panel_then_restart():
    app = make_app(speed="instant")
    table = start_puzzle(app, "rush_duel", str(FIX / "lethal.toml"))
    app.run_frames(2, DT)
    coach = table.coach
    start = table.ctl.state.digest()
    perform(app, table, _legal(table, "summon", "@M04@p0.hand"))
    _idle(app, table)
    perform(app, table, _legal(table, "end_turn"))
    _idle(app, table)
    app.run_frames(3, DT)
    assert coach.settled == "lost"
    assert table.top_message()[0].startswith("The goal can no longer be met")
    assert not progress.is_solved("rush_duel", FIX / "lethal.toml")
    # Ctrl+Z takes back the ended turn: the summon stays, the goal can be met again
    key(app, pygame.K_z, "z", mod=pygame.KMOD_LCTRL)
    app.run_frames(2, DT)
    assert coach.settled == "playing" and [c.kind for c in table.ctl.run.moves] == ["summon"]
    assert [c["card"] for c in table.view["zones"]["p0.monster"]] == ["M04"]
    perform(app, table, _legal(table, "end_turn"))
    _idle(app, table)
    app.run_frames(2, DT)
    assert coach.settled == "lost"
    click(app, coach.button_rects["Restart"].center)
    app.run_frames(2, DT)
    assert coach.settled == "playing" and table.ctl.state.digest() == start
    assert table.can_act() and table.view["zones"]["p0.monster"] == []


def test_survive_puzzle_rival_answers_on_the_table():
    app = make_app(speed="instant")
    table = start_puzzle(app, "rush_duel", str(FIX / "survive.toml"))
    app.run_frames(2, DT)
    assert table.coach.puzzle.goal_text == "Survive the rival's turn"
    perform(app, table, _legal(table, "set", "@M06@p0.hand"))
    _idle(app, table)
    perform(app, table, _legal(table, "end_turn"))
    _idle(app, table)
    app.run_frames(3, DT)
    assert table.coach.settled == "won"
    assert table.ctl.state.turn == 5  # the rival's whole turn was played, then the learner's began


# -- the guided first game ------------------------------------------------------------------------

GUIDED = '''title = "Your first game"
summary = "A whole game with the coach beside you."
game = "rush_duel"
seed = 3
decks = ["Ember Beatdown", "Tideguard Control"]
rival = "easy"
[[moments]]
on = "turn:1"
say = "Welcome: this is a whole game, and the coach helps at each decision."
[[moments]]
on = "decision:summon"
say = "You can summon a monster now: drag it to a Monster Zone."
'''


def test_guided_game_coach_suggests_and_moments_come_once(tmp_path):
    path = tmp_path / "guided.toml"
    path.write_text(GUIDED)
    app = make_app(speed="instant")
    table = start_guided(app, "rush_duel", str(path))
    coach = table.coach
    assert isinstance(coach, GuidedCoach)
    seen = []
    for _ in range(300):
        app.step(dt=DT)
        coach.wait()
        if table.ctl.thinking:
            table.ctl.wait_computer(5.0)
        if coach.says:
            seen.append(coach.says[0])
            click(app, coach.button_rects["Got it"].center)
            continue
        if coach.suggestion is not None and coach._learner_decides():
            break
    assert seen == ["Welcome: this is a whole game, and the coach helps at each decision.",
                    "You can summon a monster now: drag it to a Monster Zone."]
    hint = coach.suggestion
    d = table.ctl.state.decision
    assert d.find(hint.choice.id, 0) is not None  # a legal move of the learner
    assert coach.points()  # lit on the table
    n = len(table.ctl.match.log)
    click(app, coach.button_rects["Play it"].center)
    assert table.ctl.match.log[n] == (0, hint.choice.id)
    # any legal move is allowed: the learner plays something else at the next decision
    for _ in range(300):
        app.step(dt=DT)
        coach.wait()
        if table.ctl.thinking:
            table.ctl.wait_computer(5.0)
        if not table.queue.busy and table.can_act():
            break
    other = next(c for c in table.ctl.state.decision.choices_for(0)
                 if c.role != "resign" and (coach.suggestion is None or c.id != coach.suggestion.choice.id))
    n = len(table.ctl.match.log)
    table.apply_choice(other, confirm=False)
    assert table.ctl.match.log[n] == (0, other.id)
    assert "decision:summon" not in [m.on for m in coach.moments.pending]


# -- the Tutorial screen --------------------------------------------------------------------------

def _game_folder(tmp_path):
    d = tmp_path / "rd"
    (d / "lessons").mkdir(parents=True)
    (d / "puzzles").mkdir()
    text = (FIX / "lesson_ok.toml").read_text()
    (d / "lessons" / "01-advanced.toml").write_text(
        text.replace('title = "Summon and attack"', 'title = "A deep one"\nadvanced = true'))
    (d / "lessons" / "02-basic.toml").write_text(text)
    shutil.copy(FIX / "lethal.toml", d / "puzzles" / "01-lethal.toml")
    shutil.copy(FIX / "survive.toml", d / "puzzles" / "02-survive.toml")
    (d / "guided.toml").write_text(GUIDED)
    return d


def _choose(app, scene, i):
    """Click row ``i`` of the list (the pointer rests there first; a pause after,
    so the next click is not taken for a double-click)."""
    _choose_rect(app, scene.list.item_list_container.elements[i].rect)


def _choose_rect(app, r):
    move(app, r.center)
    app.run_frames(2, DT)
    click(app, r.center)
    app.run_frames(40, DT)


def test_tutorial_screen_per_game(tmp_path, monkeypatch):
    d = _game_folder(tmp_path)
    real = tutorial_menu.game_dir
    monkeypatch.setattr(tutorial_menu, "game_dir", lambda g: d if g.id == "rush_duel" else real(g))
    opened = []
    monkeypatch.setattr(tutorial_menu, "rules_reference", lambda: lambda app, gid, entry: opened.append(gid))
    progress.mark_solved("rush_duel", d / "puzzles" / "02-survive.toml")
    app = make_app()
    app.reset_to(TutorialScene(app, game_id="rush_duel"))
    app.run_frames(2, DT)
    scene = app.top
    kinds = [k for k, _ in scene.rows]
    assert kinds == ["game", "lesson", "lesson", "guided", "puzzles", "puzzle", "puzzle", "rules"]
    items = [s.strip() for s in scene.items]
    assert items[1].endswith("1. Summon and attack")              # the basic lesson first
    assert items[2].endswith("2. A deep one   (advanced)")         # the advanced one last, marked
    assert items[3].startswith("Your first game")
    assert items[4] == "Puzzles  -  1 of 2 solved"
    assert not items[5].startswith(TutorialScene.DONE) and "(Win this turn)" in items[5]
    assert items[6].startswith(TutorialScene.DONE) and "(Survive the rival's turn)" in items[6]
    # the rules entry opens the rules reference of this game
    _choose(app, scene, 7)
    assert scene.selected == ("rules", "rush_duel")
    _choose_rect(app, next(b for b in scene.actions if b.text == "Start").rect)
    assert opened == ["rush_duel"]
    # a puzzle starts on the table with its coach
    _choose(app, scene, 5)
    assert "Goal: Win this turn" in scene.info.html_text
    _choose_rect(app, next(b for b in scene.actions if b.text == "Start").rect)
    app.run_frames(2, DT)
    assert isinstance(getattr(app.top, "coach", None), PuzzleCoach)


def test_no_rules_entry_without_the_rules_reference(tmp_path, monkeypatch):
    d = _game_folder(tmp_path)
    real = tutorial_menu.game_dir
    monkeypatch.setattr(tutorial_menu, "game_dir", lambda g: d if g.id == "rush_duel" else real(g))
    monkeypatch.setattr(tutorial_menu, "rules_reference", lambda: None)
    app = make_app()
    app.reset_to(TutorialScene(app, game_id="rush_duel"))
    app.run_frames(2, DT)
    assert "rules" not in [k for k, _ in app.top.rows]


def test_guided_game_takes_back_a_move(tmp_path):
    path = tmp_path / "guided.toml"
    path.write_text(GUIDED)
    app = make_app(speed="instant", allow_undo=True)
    table = start_guided(app, "rush_duel", str(path))
    for _ in range(300):
        app.step(dt=DT)
        table.coach.says.clear()
        if table.ctl.thinking:
            table.ctl.wait_computer(5.0)
        if not table.queue.busy and table.can_act():
            break
    n = len(table.ctl.match.log)
    move = next(c for c in table.ctl.state.decision.choices_for(0) if c.kind == "summon")
    table.apply_choice(move, confirm=False)
    _idle(app, table)
    assert len(table.ctl.match.log) > n and table.undo_label() == "Undo (Ctrl+Z)"
    key(app, pygame.K_z, "z", mod=pygame.KMOD_LCTRL)
    app.run_frames(3, DT)
    assert len(table.ctl.match.log) == n
