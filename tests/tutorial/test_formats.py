"""The tutorial's shared formats: lesson learn/expect/wrong hints and the
stricter checks, puzzles (goal, rival, solution, search) and guided games."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine.core import Choice
from tabletop.engine.errors import LessonError
from tabletop.engine.registry import get_game
from tabletop.tutorial import checks
from tabletop.tutorial.guided import GuidedError, Moments, load_guided, new_guided_state
from tabletop.tutorial.lesson import LessonRun, check_lesson, check_lesson_full, load_lesson
from tabletop.tutorial.puzzle import (PuzzleError, PuzzleRun, check_puzzle, check_puzzle_full, load_puzzle,
                                      replay_solution, script_answer, solve)

FIX = Path(__file__).parent / "fixtures"
RD = get_game("rush_duel")


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def _edit(name, tmp_path, old, new, out=None):
    text = (FIX / name).read_text()
    assert old in text
    return _write(tmp_path, out or name, text.replace(old, new))


# -- lessons ---------------------------------------------------------------------------

def test_new_lesson_fields_load_and_pass():
    lesson = load_lesson(FIX / "lesson_ok.toml")
    assert [s.learn for s in lesson.steps] == ["A level 4 monster is summoned with no tribute.", "",
                                               "A direct attack deals the attacker's full ATK."]
    assert lesson.learn_list == [s.learn for s in lesson.steps if s.learn]
    assert lesson.steps[0].expect == {"values": {"zones.p0.monster.len": 1}}
    assert [w.kind for w in lesson.steps[0].wrong] == ["set", "summon"]
    assert lesson.advanced is False
    assert check_lesson(RD, FIX / "lesson_ok.toml") is None


def _legal(run, kind, card_ref=None):
    from tabletop.scenario import resolve_ref

    card = resolve_ref(card_ref, run.state.view(None)) if card_ref else None
    for c in run.state.decision.choices_for(0):
        if c.kind == kind and (card is None or c.args.get("card") == card):
            return c
    raise AssertionError(f"no legal {kind} {card_ref}")


def test_wrong_move_hint_matched_by_kind_and_card():
    run = LessonRun(RD, load_lesson(FIX / "lesson_ok.toml"))
    ok, hint = run.allows(_legal(run, "set", "@M04@p0.hand"))
    assert not ok and hint.startswith("Set, Ridgeback Wolf would lie face down")
    # the card entry names the wolf: setting the other monster falls through to the next entries,
    # and no entry is of kind "set" without a card, so it gets the step's own hint
    ok, hint = run.allows(_legal(run, "set", "@M06@p0.hand"))
    assert not ok and hint == "Summon Ridgeback Wolf, the monster with 1600 ATK."
    # a summon of the other card matches the card-less "summon" entry
    ok, hint = run.allows(_legal(run, "summon", "@M06@p0.hand"))
    assert not ok and hint.startswith("Coral Sentinel has only 1000 ATK")
    assert run.wrong_for(_legal(run, "summon", "@M06@p0.hand")).kind == "summon"
    # the asked-for move is allowed
    assert run.allows(run.expected_choice()) == (True, "")


def test_wrong_move_with_no_entry_falls_back_to_step_hint():
    run = LessonRun(RD, load_lesson(FIX / "lesson_ok.toml"))
    ok, hint = run.allows(_legal(run, "battle_phase"))
    assert not ok and hint == "Summon Ridgeback Wolf, the monster with 1600 ATK."


def test_step_expect_that_does_not_hold_fails(tmp_path):
    p = _edit("lesson_ok.toml", tmp_path, '"players.1.counters.lp" = 6400', '"players.1.counters.lp" = 6500')
    problem = check_lesson(RD, p)
    assert problem is not None and "lesson_ok.toml" in problem
    assert "step 3" in problem and "6400" in problem and "6500" in problem


@pytest.mark.parametrize("old,new,needle", [
    ('caption = "Go to the Battle Phase to attack with your monster."', 'caption = "Battle now."',
     "step 2: the caption 'Battle now.' is under 4 words"),
    ('learn = "A level 4 monster is summoned with no tribute."\n', "", None),  # still one learn left: passes
    ('hint = "Go to the Battle Phase."', 'hint = "Go to the Battle Phase."\nlearn = "x"',
     None),  # a learn on a step with a move is fine
])
def test_stricter_caption_and_learn_checks(tmp_path, old, new, needle):
    p = _edit("lesson_ok.toml", tmp_path, old, new)
    problem = check_lesson(RD, p)
    if needle is None:
        assert problem is None, problem
    else:
        assert problem is not None and needle in problem, problem


def test_placeholder_pause_caption_fails(tmp_path):
    p = _edit("lesson_ok.toml", tmp_path, 'hint = "Attack directly."',
              'hint = "Attack directly."\n[[steps.pause]]\nevent = "battle.damage_calc"\ncaption = "x"')
    problem = check_lesson(RD, p)
    assert problem is not None and "pause 1's caption 'x' is under 4 words" in problem


def test_learn_on_a_step_that_shows_nothing_fails(tmp_path):
    text = (FIX / "lesson_ok.toml").read_text() + (
        '\n[[steps]]\ncaption = "That was a whole attack on your rival."\nlearn = "Attacks win games quickly."\n')
    p = _write(tmp_path, "lesson_ok.toml", text)
    problem = check_lesson(RD, p)
    assert problem is not None and "step 4: 'learn' on a step with no move, no pause and no expect" in problem


def test_no_learn_at_all_and_too_few_steps_fail(tmp_path):
    text = (FIX / "lesson_ok.toml").read_text()
    text = re.sub(r'learn = ".*"\n', "", text)
    text = text[: text.index("[[steps]]\ncaption = \"Your rival has no monster")]
    p = _write(tmp_path, "short.toml", text)
    problems, warnings = check_lesson_full(RD, p)
    assert not warnings
    assert any("only 2 step(s)" in x for x in problems)
    assert any("no step says what it taught" in x for x in problems)


def test_word_and_pause_limits_spare_advanced_lessons(tmp_path):
    long_caption = " ".join(["word"] * 460)
    p = _edit("lesson_ok.toml", tmp_path, 'caption = "Go to the Battle Phase to attack with your monster."',
              f'caption = "{long_caption}"')
    problem = check_lesson(RD, p)
    assert problem is not None and "words; a lesson that is not advanced has at most 450" in problem
    text = p.read_text().replace('seed = 0\n', 'seed = 0\nadvanced = true\n', 1)
    p.write_text(text)
    assert load_lesson(p).advanced
    assert check_lesson(RD, p) is None


def test_old_format_lessons_warn_unless_strict(tmp_path):
    text = (FIX / "lesson_ok.toml").read_text()
    text = re.sub(r'learn = ".*"\n', "", text).replace('seed = 0\n', 'seed = 0\nlearned = ["Summons."]\n', 1)
    text = text.replace('caption = "Go to the Battle Phase to attack with your monster."', 'caption = "Battle."')
    p = _write(tmp_path, "old.toml", text)
    lesson = load_lesson(p)
    assert checks.is_legacy(lesson) and lesson.learn_list == ["Summons."]
    problems, warnings = check_lesson_full(RD, p)
    assert problems == [] and any("under 4 words" in w for w in warnings)
    problems, _ = check_lesson_full(RD, p, strict=True)
    assert any("under 4 words" in x for x in problems)


@pytest.mark.parametrize("extra,needle", [
    ('[[steps.wrong]]\nhint = "no kind"\n', "wrong move 3 needs 'kind' and 'hint'"),
    ('[[steps.wrong]]\nkind = "set"\nhint = "a hint"\ncolour = "red"\n', "unknown field(s) colour"),
    ('learn = 5\n', "'learn' must be one sentence"),
    ('expect = { value = 3 }\n', "'expect' must be a table of contains, decision, events"),
])
def test_malformed_new_fields_name_file_and_step(tmp_path, extra, needle):
    text = (FIX / "lesson_ok.toml").read_text()
    if extra.startswith("[["):  # a table: after the step's other tables
        anchor = '[[steps]]\ncaption = "Go to the Battle Phase'
        text = text.replace(anchor, extra + anchor)
    else:  # a key of the first step, in place of the one it has
        key = extra.split(" = ")[0]
        text = re.sub(rf"^{key} = .*\n", extra, text, count=1, flags=re.M)
    p = _write(tmp_path, "bad.toml", text)
    with pytest.raises(LessonError) as exc:
        load_lesson(p)
    assert "bad.toml" in str(exc.value) and "step 1" in str(exc.value) and needle in str(exc.value)


def test_advanced_must_be_a_boolean(tmp_path):
    p = _edit("lesson_ok.toml", tmp_path, 'seed = 0\n', 'seed = 0\nadvanced = "yes"\n', out="bad.toml")
    with pytest.raises(LessonError, match="bad.toml.*'advanced' must be true or false"):
        load_lesson(p)


# -- puzzles ---------------------------------------------------------------------------

def test_a_puzzle_whose_solution_works_passes():
    assert check_puzzle(RD, FIX / "lethal.toml") is None
    run = replay_solution(RD, load_puzzle(FIX / "lethal.toml"))
    assert run.status == "won" and run.state.winner == 0


def test_a_puzzle_that_cannot_be_solved_fails():
    problem = check_puzzle(RD, FIX / "unsolvable.toml")
    assert problem is not None and "unsolvable.toml" in problem
    assert "the solution does not reach the goal" in problem
    assert "the search finds no way to win this turn" in problem
    found = solve(RD, load_puzzle(FIX / "unsolvable.toml"))
    assert not found.solved and not found.exhausted and found.nodes > 10


def test_the_search_finds_a_line_of_its_own():
    found = solve(RD, load_puzzle(FIX / "lethal.toml"))
    assert found.solved and not found.exhausted
    kinds = [c.kind for c in found.line]
    assert kinds.count("summon") == 2 and kinds.count("direct_attack") == 2


def test_search_budget_running_out_is_reported():
    found = solve(RD, load_puzzle(FIX / "unsolvable.toml"), budget=5)
    assert not found.solved and found.exhausted and found.nodes == 5
    problems, _ = check_puzzle_full(RD, FIX / "unsolvable.toml", budget=5)
    assert any("ran out of its budget" in p for p in problems)


def test_any_winning_line_counts_not_only_the_solution():
    run = PuzzleRun(RD, load_puzzle(FIX / "lethal.toml"))
    run.settle()
    # the solution summons the wolf first; the other order wins as well
    for kind, ref in (("summon", "@M05@p0.hand"), ("summon", "@M04@p0.hand"), ("battle_phase", None),
                      ("direct_attack", "@M05@p0.monster"), ("direct_attack", "@M04@p0.monster")):
        assert run.status == "playing"
        run.play(_legal(run, kind, ref))
    assert run.status == "won"


def test_win_goal_is_lost_when_the_turn_ends():
    run = PuzzleRun(RD, load_puzzle(FIX / "lethal.toml"))
    run.settle()
    run.play(_legal(run, "end_turn"))
    assert run.status == "lost" and run.state.winner is None


def test_survive_goal_against_the_easy_rival():
    pz = load_puzzle(FIX / "survive.toml")
    assert pz.goal_text == "Survive the rival's turn"
    assert check_puzzle(RD, FIX / "survive.toml") is None
    run = PuzzleRun(RD, pz)
    run.settle()
    run.play(_legal(run, "summon", "@M06@p0.hand"))  # 1000 ATK in attack position: the rival's 1600 gets through
    run.play(_legal(run, "end_turn"))
    assert run.status == "lost"


def test_script_rival_takes_default_then_pass_then_first():
    a, b, c = Choice("x", {}, 1), Choice("pass", {}, 1, role="pass"), Choice("pay", {}, 1, role="default")
    assert script_answer([a, b, c]) is c
    assert script_answer([a, b]) is b
    assert script_answer([a, Choice("resign", {}, 1, role="resign")]) is a


@pytest.mark.parametrize("old,new,needle", [
    ('goal = "win"', 'goal = "draw"', "'goal' must be one of win, survive"),
    ('turns = 1', 'turns = 0', "'turns' must be 1 or more"),
    ('rival = "script"', 'rival = "hard"', "'rival' must be one of script, easy"),
    ('{ player = 0, kind = "battle_phase" }', '{ player = 1, kind = "battle_phase" }',
     "solution move 3: the rival answers by itself"),
    ("[solution]\nmoves = [", "[solution]\nmovez = [", "'solution' needs 'moves'"),
])
def test_malformed_puzzles_name_the_file(tmp_path, old, new, needle):
    p = _edit("lethal.toml", tmp_path, old, new, out="bad.toml")
    with pytest.raises(PuzzleError) as exc:
        load_puzzle(p)
    assert "bad.toml" in str(exc.value) and needle in str(exc.value)


def test_solution_move_that_does_not_fit_names_the_move(tmp_path):
    p = _edit("lethal.toml", tmp_path, '{ player = 0, kind = "battle_phase" }', '{ player = 0, kind = "fly" }')
    problem = check_puzzle(RD, p)
    assert "solution move 3 (player 1 fly) is not legal here" in problem


def test_placeholder_puzzle_hint_fails(tmp_path):
    p = _edit("lethal.toml", tmp_path, 'hints = ["Both monsters in your hand are level 4.", ',
              'hints = ["x", ')
    assert "hint 1 'x' is under 4 words" in check_puzzle(RD, p)


# -- guided games ------------------------------------------------------------------------

GUIDED = '''title = "Your first game"
game = "rush_duel"
seed = 3
decks = [{d0!r}, {d1!r}]
rival = "easy"
[[moments]]
on = "decision:summon"
say = "You can summon a monster now: drag it to a zone."
[[moments]]
on = "event:battle.damage_calc"
say = "The attack's damage comes off the LP."
[[moments]]
on = "turn:4"
say = "Your second turn: you draw until five."
'''


def _guided(tmp_path, **kw):
    decks = sorted(RD.decks)
    return _write(tmp_path, "guided.toml", GUIDED.format(d0=decks[0], d1=decks[-1]).format(**kw))


def test_guided_game_loads_and_moments_fire_once(tmp_path):
    g = load_guided(_guided(tmp_path))
    state = new_guided_state(RD, g)
    moments = Moments(g)
    from tabletop.ai.agents import make_agent

    fired = []
    agent = make_agent("greedy", 1)
    for _ in range(400):
        if state.decision is None or state.turn > 6:
            break
        d = state.decision
        c = agent.choose(state, d.players[0])
        fired.extend(m.on for m in moments.due(state, state.apply(c)))
    assert len(fired) == len(set(fired))
    assert "turn:4" in fired and "decision:summon" in fired


@pytest.mark.parametrize("edit,needle", [
    (("decks = [", "decks = ['only one'] #"), "'decks' must name two preconstructed decks"),
    (('on = "turn:4"', 'on = "turn:four"'), "'turn:' needs a turn number"),
    (('on = "decision:summon"', 'on = "whenever"'), "moment 1: 'on' must be decision:<kind>"),
    (('say = "The attack', 'say = "Ouch." #'), "moment 2: what the coach says"),
    (('rival = "easy"', 'rival = "genius"'), "'rival' must be one of"),
])
def test_malformed_guided_games_name_the_file(tmp_path, edit, needle):
    p = _guided(tmp_path)
    p.write_text(p.read_text().replace(*edit, 1))
    with pytest.raises(GuidedError) as exc:
        load_guided(p)
    assert "guided.toml" in str(exc.value) and needle in str(exc.value)


def test_guided_game_with_unknown_deck_names_it(tmp_path):
    p = _guided(tmp_path)
    p.write_text(re.sub(r"decks = \[.*\]", "decks = ['Nope', 'Nope']", p.read_text()))
    with pytest.raises(GuidedError, match="guided.toml.*no preconstructed deck 'Nope'"):
        new_guided_state(RD, load_guided(p))


# -- the command line --------------------------------------------------------------------

def test_check_reports_puzzles_and_exit_codes(tmp_path, monkeypatch, capsys):
    from tabletop.tutorial import cli as tcli

    fails = tcli.check([RD], guided=False)
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1].startswith(f"{out.count('PASS ')} passed, {fails} failed")
    # a game whose puzzles folder holds a bad puzzle fails the check with its name
    monkeypatch.setattr(tcli, "list_lessons", lambda game: [])
    monkeypatch.setattr(tcli, "list_puzzles", lambda game: [FIX / "lethal.toml", FIX / "unsolvable.toml"])
    assert tcli.check([RD], guided=False) == 1
    out = capsys.readouterr().out
    assert "PASS rush_duel/puzzles/lethal.toml" in out
    assert "FAIL rush_duel/puzzles/unsolvable.toml: the solution does not reach the goal" in out
    assert "Traceback" not in out
    # exit 1 for a failing puzzle, 2 for one that can't be read
    monkeypatch.setattr(tcli, "guided_path", lambda game: None)
    assert main(["tutorial", "rush_duel", "--check"]) == 1
    bad = _write(tmp_path, "01-bad.toml", "title = [\n")
    monkeypatch.setattr(tcli, "list_puzzles", lambda game: [FIX / "lethal.toml", bad])
    assert main(["tutorial", "rush_duel", "--check"]) == 2
    out = capsys.readouterr().out
    assert "FAIL rush_duel/puzzles/01-bad.toml:" in out and "not valid TOML" in out and "Traceback" not in out


def test_bad_puzzle_on_the_command_line_exits_2(tmp_path, monkeypatch, capsys):
    from tabletop.tutorial import cli as tcli

    bad = _write(tmp_path, "01-bad.toml", "title = [\n")
    monkeypatch.setattr(tcli, "list_puzzles", lambda game: [bad])
    assert main(["tutorial", "rush_duel", "--puzzle", "1"]) == 2
    err = capsys.readouterr().err
    assert "01-bad.toml" in err and "Traceback" not in err
    assert main(["tutorial", "rush_duel", "--puzzle", "9"]) == 2
    assert "no puzzle '9'" in capsys.readouterr().err


def test_command_line_starts_puzzles_and_the_guided_game(tmp_path, monkeypatch, capsys):
    import tabletop.ui.app as appmod
    from tabletop.tutorial import cli as tcli

    started = []
    monkeypatch.setattr(appmod, "run_app", lambda **kw: started.append(kw) or 0)
    monkeypatch.setattr(tcli, "list_puzzles", lambda game: [FIX / "lethal.toml", FIX / "survive.toml"])
    assert main(["tutorial", "rush_duel", "--puzzle", "2"]) == 0
    assert started[-1] == {"game": "rush_duel", "puzzle": str(FIX / "survive.toml")}
    assert main(["tutorial", "rush_duel", "--puzzle", "lethal"]) == 0
    assert started[-1]["puzzle"] == str(FIX / "lethal.toml")
    g = _guided(tmp_path)
    monkeypatch.setattr(tcli, "guided_path", lambda game: g)
    assert main(["tutorial", "rush_duel", "--guided"]) == 0
    assert started[-1] == {"game": "rush_duel", "guided": str(g)}
    # --list names the guided game and the puzzles with their goals
    assert main(["tutorial", "rush_duel", "--list"]) == 0
    out = capsys.readouterr().out
    assert "--guided: Your first game" in out
    assert "--puzzle 1: Two attackers, exact lethal (Win this turn)" in out
    assert "--puzzle 2: Hold the line (Survive the rival's turn)" in out
    monkeypatch.setattr(tcli, "guided_path", lambda game: None)
    assert main(["tutorial", "rush_duel", "--guided"]) == 2
    assert "no guided first game" in capsys.readouterr().err


def test_list_puts_advanced_lessons_last(tmp_path, monkeypatch, capsys):
    from tabletop.tutorial import cli as tcli

    text = (FIX / "lesson_ok.toml").read_text()
    a = _write(tmp_path, "01-deep.toml", text.replace('seed = 0\n', 'seed = 0\nadvanced = true\n', 1))
    b = _write(tmp_path, "02-first.toml", text)
    monkeypatch.setattr(tcli, "list_lessons", lambda game: [a, b])
    monkeypatch.setattr(tcli, "list_puzzles", lambda game: [])
    monkeypatch.setattr(tcli, "guided_path", lambda game: None)
    main(["tutorial", "rush_duel", "--list"])
    lines = capsys.readouterr().out.splitlines()
    assert "02-first" in lines[0] and "01-deep" in lines[1] and "(advanced)" in lines[1]


def test_wrong_move_hint_that_no_move_can_trigger_fails(tmp_path):
    p = _edit("lesson_ok.toml", tmp_path, 'kind = "set"\ncard = "@M04@p0.hand"', 'kind = "sett"\ncard = "@M04@p0.hand"')
    problem = check_lesson(RD, p)
    assert "step 1: wrong move 1 (sett @M04@p0.hand) matches no legal move here" in problem
    p = _edit("lesson_ok.toml", tmp_path, 'kind = "set"\ncard = "@M04@p0.hand"', 'kind = "set"\ncard = "@M09@p0.hand"')
    assert "step 1: wrong move 1: no card '@M09@p0.hand' here" in check_lesson(RD, p)
    p = _edit("lesson_ok.toml", tmp_path, 'kind = "set"\ncard = "@M04@p0.hand"', 'kind = "summon"\ncard = "@M04@p0.hand"')
    assert "step 1: wrong move 1 (summon) matches only the step's own move" in check_lesson(RD, p)


def test_pause_on_an_event_the_step_does_not_produce_fails(tmp_path):
    p = _edit("lesson_ok.toml", tmp_path, 'hint = "Go to the Battle Phase."',
              'hint = "Go to the Battle Phase."\n[[steps.pause]]\nevent = "battle.damage_calc"\n'
              'caption = "The damage is worked out here."')
    problem = check_lesson(RD, p)
    assert "step 2: pause 1 waits for the event 'battle.damage_calc', which the step does not produce" in problem


def test_old_learned_list_beside_step_learn_fails(tmp_path, monkeypatch):
    p = _edit("lesson_ok.toml", tmp_path, 'seed = 0\n', 'seed = 0\nlearned = ["Summons."]\n')
    assert "the top-level 'learned' list is no longer used" in check_lesson(RD, p)
    # once every lesson is converted, the loader itself refuses the old list
    monkeypatch.setattr(checks, "LEGACY_LESSONS_PASS", False)
    with pytest.raises(LessonError, match="lesson_ok.toml.*'learned' list is no longer used"):
        load_lesson(p)


def test_the_step_move_into_another_free_zone_is_accepted():
    run = LessonRun(RD, load_lesson(FIX / "lesson_ok.toml"))
    want = run.expected_choice()
    other = next(c for c in run.state.decision.choices_for(0)
                 if c.kind == "summon" and c.args["card"] == want.args["card"] and c.id != want.id)
    assert run.allows(other) == (True, "")
    run.advance(other)
    assert run.step_index == 1 and run.history[-1] == (0, other.id)


def test_step_expect_checks_the_steps_events_and_a_viewer(tmp_path):
    p = _edit("lesson_ok.toml", tmp_path, 'expect = { values = { "players.1.counters.lp" = 6400 } }',
              'expect = { values = { "players.1.counters.lp" = 6400 }, events = ["battle.damage_calc"], viewer = 1 }')
    assert check_lesson(RD, p) is None
    p = _edit("lesson_ok.toml", tmp_path, 'expect = { values = { "players.1.counters.lp" = 6400 } }',
              'expect = { events_absent = ["battle.damage_calc"] }')
    assert "step 3: after the step: event 'battle.damage_calc' happened but must not" in check_lesson(RD, p)


def test_guided_game_played_headless_by_the_coachs_suggestions(tmp_path):
    from tabletop.tutorial.guided import play_guided

    g = load_guided(_guided(tmp_path))
    state, seen = play_guided(RD, g, turn_cap=2)
    assert state.turn > 2 or state.decision is None
    assert "decision:summon" in [m.on for m in seen]
    assert len(seen) == len({m.on for m in seen})


def test_guided_check_fails_when_the_learner_does_not_win(tmp_path, monkeypatch, capsys):
    from tabletop.tutorial import cli as tcli
    from tabletop.tutorial import guided as gmod

    p = _guided(tmp_path)
    bad = tmp_path / "g2.toml"
    bad.write_text(re.sub(r"decks = \[.*\]", 'decks = ["No Such Deck", "No Such Deck"]', p.read_text()))
    assert "no preconstructed deck 'No Such Deck'" in gmod.check_guided(RD, bad)
    lost = new_guided_state(RD, load_guided(p))
    monkeypatch.setattr(gmod, "play_guided", lambda game, guided, think_ms=0: (lost, []))
    assert "does not win (the game did not end, turn 1)" in gmod.check_guided(RD, p)
    monkeypatch.setattr(tcli, "list_lessons", lambda game: [])
    monkeypatch.setattr(tcli, "list_puzzles", lambda game: [])
    monkeypatch.setattr(tcli, "guided_path", lambda game: p)
    assert tcli.check([RD]) == 1
    assert "FAIL rush_duel/guided.toml: the learner following the coach's suggestions does not win" in capsys.readouterr().out


def test_the_checks_suggestions_are_reproducible(tmp_path):
    from tabletop.tutorial.guided import hint_module, suggest

    state = new_guided_state(RD, load_guided(_guided(tmp_path)))
    while len(state.decision.choices_for(0)) < 2:
        state.apply(state.decision.choices[0])
    a = suggest(state, 0, None, seed=5, iterations=40)
    b = suggest(state, 0, None, seed=5, iterations=40)
    assert a.choice.id == b.choice.id and state.decision.find(a.choice.id, 0) is not None
    assert hint_module() is not None and a.reason  # the hint's search, with its reason in words
