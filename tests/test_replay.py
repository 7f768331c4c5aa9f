"""The headless replay model (tabletop.replay): positions by event, by choice
and by turn land on the right states, forward and back; who may see what;
taking over makes a new game and leaves the file watched as it was."""

from pathlib import Path

import pytest

from tabletop.engine.errors import SaveError, TabletopError
from tabletop.replay import CHECKPOINT_EVERY, Pos, Replay
from tabletop.saves import Match, load_match

ROOT = Path(__file__).resolve().parent.parent
RUSH = ROOT / "saves" / "rush_duel-midgame.toml"
LUMEN = ROOT / "saves" / "lumen_condenser-midgame.toml"


@pytest.fixture(scope="module")
def rush():
    return Replay.from_save(RUSH)


def fresh_digest(path, n):
    """The state after n choices, rebuilt the way undo does (Match.replay_to)."""
    m = load_match(path)
    m.replay_to(n)
    return m.state.digest()


def test_it_holds_every_choice_and_the_events_each_made(rush):
    m = load_match(RUSH)
    assert rush.n == len(m.log) == 33 and [(s.player, s.choice_id) for s in rush.steps] == m.log
    assert rush.final.digest() == m.state.digest()
    assert sum(len(s.events) for s in rush.steps) > rush.n
    # the events are the ones the choice made when played
    st = rush.state_at(10)
    assert st.apply_id(rush.steps[10].choice_id, rush.steps[10].player) == rush.steps[10].events


def test_by_choice_forward_and_back_lands_on_the_state_after_that_many_choices(rush):
    pos, seen = rush.start(), []
    while pos != rush.end():
        pos = rush.next_choice(pos)
        seen.append(pos)
    assert seen == [Pos(n, 0) for n in range(1, rush.n + 1)]
    assert rush.next_choice(pos) == rush.end()
    for n in (33, 20, 9, 8, 7, 1, 0):  # checkpoints and between them
        assert rush.state_at(n).digest() == fresh_digest(RUSH, n)
    back = []
    while pos != rush.start():
        pos = rush.prev_choice(pos)
        back.append(pos.choice)
    assert back == list(range(rush.n - 1, -1, -1))
    assert rush.prev_choice(rush.start()) == rush.start()


def test_a_state_handed_out_is_a_copy(rush):
    st = rush.state_at(12)
    st.apply(st.decision.choices[0])
    assert rush.state_at(12).digest() == fresh_digest(RUSH, 12)
    assert CHECKPOINT_EVERY > 1 and 12 % CHECKPOINT_EVERY  # 12 is rebuilt from a checkpoint, not stored


def test_by_event_forward_visits_every_event_once_in_order_and_back_retraces_it(rush):
    pos, path = rush.start(), [rush.start()]
    while pos != rush.end():
        pos = rush.next_event(pos)
        path.append(pos)
    shown = [rush.steps[p.choice].events[p.event - 1] for p in path if p.event > 0]
    every = [e for s in rush.steps for e in s.events]
    # each choice's last event is shown at the decision after it (Pos(c + 1, 0)), the others inside it
    inside = [e for s in rush.steps for e in s.events[:-1]]
    assert shown == inside and len(every) == len(inside) + sum(1 for s in rush.steps if s.events)
    assert [p for p in path if p.event == 0] == [Pos(n, 0) for n in range(rush.n + 1)]
    assert path == sorted(path)  # always forward
    back = [pos]
    while pos != rush.start():
        pos = rush.prev_event(pos)
        back.append(pos)
    assert back == list(reversed(path))


def test_events_before_a_position_are_those_of_the_choices_made_and_the_steps_shown(rush):
    p = Pos(5, 1)
    want = [e for s in rush.steps[:5] for e in s.events] + rush.steps[5].events[:1]
    assert rush.events_before(p) == want


def test_by_choice_from_inside_a_choice_finishes_it_or_goes_back_to_its_decision(rush):
    c = next(i for i, s in enumerate(rush.steps) if len(s.events) > 2)
    inside = Pos(c, 2)
    assert rush.next_choice(inside) == Pos(c + 1, 0)
    assert rush.prev_choice(inside) == Pos(c, 0)


def test_by_turn_lands_on_the_first_decision_of_each_turn():
    r = Replay.from_save(LUMEN)
    starts = r.turn_starts()
    assert starts[0] == 0 and len(starts) > 5
    for a, b in zip(starts, starts[1:]):
        assert r.turns[b] > r.turns[b - 1] and len(set(r.turns[a:b])) == 1
    pos, fwd = r.start(), []
    while pos != r.end():
        pos = r.next_turn(pos)
        fwd.append(pos.choice)
    assert fwd == starts[1:] + ([r.n] if starts[-1] != r.n else [])
    assert all(r.state_at(n).turn == r.turns[n] for n in starts)
    # back: to the start of this turn when inside it, else to the start of the turn before
    mid = Pos(starts[3] + 2, 0)
    assert r.prev_turn(mid) == Pos(starts[3], 0)
    assert r.prev_turn(Pos(starts[3], 0)) == Pos(starts[2], 0)
    assert r.prev_turn(Pos(starts[3], 1)) == Pos(starts[3], 0)
    assert r.prev_turn(r.start()) == r.start()
    assert r.state_at(starts[2]).digest() == fresh_digest(LUMEN, starts[2])


def test_the_timeline_goes_to_any_choice_clamped(rush):
    assert rush.at_choice(17) == Pos(17, 0) and rush.at_choice(999) == rush.end() and rush.at_choice(-4) == rush.start()


def test_captions_are_players_words_and_never_tell_another_player_a_hidden_card(rush):
    c = next(i for i, s in enumerate(rush.steps) if "face down" in s.label.lower() and s.player == 0)
    label = rush.steps[c].label
    name = label.split("Set ", 1)[1].split(" face down")[0]
    assert name in rush.caption(Pos(c + 1), 0) and name in rush.caption(Pos(c + 1), None)
    other = rush.caption(Pos(c + 1), 1)
    assert name not in other and "Player 1" in other
    assert rush.caption(rush.start()) .startswith("The start")
    assert "step 1 of" in rush.caption(Pos(c, 1), 1) and name not in rush.caption(Pos(c, 1), 1)
    for p in (Pos(0), Pos(3, 1), Pos(20), rush.end()):
        cap = rush.caption(p, 0)
        assert "p0." not in cap and "p1." not in cap and "(card=" not in cap


def test_everything_only_for_a_finished_game_or_when_both_at_one_screen_agree(rush):
    r = Replay.from_save(RUSH)
    assert not r.finished and r.one_screen
    assert r.view_allowed(0) and r.view_allowed(1) and not r.view_allowed(None)
    assert r.default_viewer() == 0
    assert r.can_agree()
    r.agree_everything()
    assert r.view_allowed(None)
    vs = Replay.from_match(load_match(RUSH))
    vs.ui["seats"] = ["human", "computer"]
    assert not vs.can_agree() and not vs.view_allowed(None)
    assert vs.view_allowed(0) and not vs.view_allowed(1)  # the computer's cards stay hidden while it can be taken over
    with pytest.raises(TabletopError):
        vs.agree_everything()
    vs.ui["conceded"] = 0  # over: everything may be seen
    assert vs.finished and vs.view_allowed(None) and vs.view_allowed(1) and vs.default_viewer() is None


def test_take_over_makes_a_new_game_from_that_moment_and_leaves_the_file_alone(tmp_path, rush):
    before = RUSH.read_bytes()
    m = rush.take_over(14, ("human", "computer"))
    assert isinstance(m, Match) and len(m.log) == 14 and m.state.digest() == fresh_digest(RUSH, 14)
    assert m.ui["seats"] == ["human", "computer"] and "taken over at move 14" in m.name
    assert m.autosave_path is None
    m.apply(m.state.decision.choices_for(m.state.decision.players[0])[0])  # play on
    path = m.save(tmp_path / "new.toml")
    back = load_match(path)
    assert back.log == m.log and back.state.digest() == m.state.digest()
    assert RUSH.read_bytes() == before
    with pytest.raises(TabletopError):
        rush.take_over(rush.n + 1)


def test_a_bad_save_is_one_message_naming_the_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("not a save")
    with pytest.raises(SaveError) as err:
        Replay.from_save(bad)
    assert "bad.toml" in str(err.value)
