"""The hint (tabletop/ai/hint.py): the Hard search's suggestion for one
player's decision, decided on that player's view only, with its reason in
players' words. Every search here runs a fixed iteration count (reproducible,
no timing asserted)."""

from __future__ import annotations

import importlib
import re

import pytest

from tabletop.ai.agents import GreedyAgent
from tabletop.ai.hint import Hint, suggest
from tabletop.engine.rng import PCG32
from tabletop.saves import Match
from tabletop.selfplay import play_decision, selfplay_setup

from aihelp import OnlyPublic

GAMES = ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]


def game_of(name):
    return importlib.import_module(f"games.{name}").GAME


def open_decision(name: str, seed: int = 4, skip: int = 12):
    """A game played by greedy agents to the first decision after ``skip``
    choices where one player weighs at least three choices (not resigning)."""
    game = game_of(name)
    m = Match(game, selfplay_setup(game, seed), seed)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    n = 0
    while m.state.decision is not None:
        s = m.state
        d = s.decision
        p = d.players[0]
        weighed = [c for c in d.agent_choices(p) if c.role != "resign" and c.role != "default"]
        if n >= skip and len(weighed) >= 3:
            return s, p
        play_decision(m, agents)
        n += 1
    raise AssertionError(f"{name}: no open decision")


def with_other_hidden_cards(state, seat: int):
    """A copy of ``state`` in which the cards ``seat`` cannot see have other
    identities: each card of the opponent's hand swaps with a hidden card of
    another zone (the deck), then the cards of each hidden zone swap in pairs,
    each swap kept only when ``seat``'s view stays the same and a
    determinization for ``seat`` cannot tell (the same pools of hidden
    cards). The true state differs."""
    q = 1 - seat
    other = state.clone()
    t = other.table
    t.card = list(t.card)
    hidden = [i for i in range(len(t.card)) if t.owner[i] == q and not t.sees(i, seat)]
    in_hand = [i for i in hidden if t.zone[i].endswith("hand")]
    rest = [i for i in hidden if i not in in_hand]
    pairs = [(a, b) for a in in_hand for b in rest]
    pairs += [(a, b) for a in rest for b in rest if a < b and t.zone[a] == t.zone[b]]
    used: set = set()
    probe = state.determinize(seat, PCG32(5)).view(None)
    for a, b in pairs:
        if a in used or b in used or t.card[a] == t.card[b]:
            continue
        t.card[a], t.card[b] = t.card[b], t.card[a]
        if hasattr(other, "decision_cache"):
            other.decision_cache = None
        if other.view(seat) != state.view(seat) or other.determinize(seat, PCG32(5)).view(None) != probe:
            t.card[a], t.card[b] = t.card[b], t.card[a]
            continue
        used.update((a, b))
    if hasattr(other, "decision_cache"):
        other.decision_cache = None
    assert other.view(None) != state.view(None), "no hidden card to swap"
    return other


def assert_players_words(reason: str):
    assert reason and reason[0].isupper() and reason.endswith(".")
    assert not re.search(r"\bp[01]\.[a-z]", reason), f"a zone key in {reason!r}"
    assert not re.search(r"\b(seed|digest)\b", reason, re.IGNORECASE), f"a source note in {reason!r}"
    assert not re.search(r"\w+\(\w+=", reason), f"a choice id in {reason!r}"


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_ignores_the_true_hidden_cards(name):
    s, seat = open_decision(name)
    other = with_other_hidden_cards(s, seat)
    a = suggest(s, seat, seed=3, iterations=15)
    b = suggest(other, seat, seed=3, iterations=15)
    assert isinstance(a, Hint)
    assert a.choice in s.decision.choices_for(seat)
    assert (a.choice.id, a.reason) == (b.choice.id, b.reason)
    # and it asks the true state for nothing but the decision, the turn and determinized copies
    c = suggest(OnlyPublic(s), seat, seed=3, iterations=15)
    assert (c.choice.id, c.reason) == (a.choice.id, a.reason)
    assert_players_words(a.reason)
    assert a.reason.startswith(a.choice.label[:1].upper() + a.choice.label[1:].rstrip("."))


def lethal_position():
    """p0 in its Battle Phase with a 1600 ATK monster; p1 at 1500 LP with an
    empty field: the direct attack wins at once (seed 3.3.1, LP 0 loses)."""
    return game_of("rush_duel").from_position({
        "turn": 2, "active": 0, "phase": "battle", "lp": [8000, 1500],
        "p0": {"deck": ["M01", "M02", "M03"], "hand": ["M01"], "monster": [{"card": "M04"}]},
        "p1": {"deck": ["M01", "M02", "M03"], "hand": ["M05", "M06", "M14"]},
    }, 0)


def test_the_hint_finds_lethal_and_says_so():
    s = lethal_position()
    h = suggest(s, 0, seed=1, iterations=30)
    assert h.choice.kind == "direct_attack"
    assert "LP" in h.reason and "100% for you" in h.reason, h.reason
    assert_players_words(h.reason)


def test_no_hint_without_a_decision_of_that_seat():
    s, seat = open_decision("rush_duel")
    if len(s.decision.players) == 1:
        assert suggest(s, 1 - seat, iterations=5) is None
    game = game_of("rush_duel")
    m = Match(game, selfplay_setup(game, 2), 2)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while m.state.decision is not None:
        p = m.state.decision.players[0]
        m.apply(agents[p].choose(m.state, p))
    assert suggest(m.state, 0, iterations=5) is None


def test_a_forced_choice_is_suggested_at_once():
    s = game_of("rush_duel").from_position({
        "turn": 2, "active": 0, "phase": "battle",
        "p0": {"deck": ["M01"], "monster": [{"card": "M06", "position": "def"}]},
        "p1": {"deck": ["M01"]}}, 0)
    playing = [c for c in s.decision.choices_for(0) if c.role != "resign"]
    assert len(playing) == 1
    h = suggest(s, 0, iterations=50)
    assert h.choice is playing[0]
    assert "only move" in h.reason


def test_the_rating_counts_the_lines_in_the_players_way():
    # the search's rating names how many lines it played out, grouped by thousands
    from types import SimpleNamespace
    from tabletop.ai.hint import _rating
    s = lethal_position()
    best, other = [c for c in s.decision.choices_for(0) if c.role != "resign"][:2]
    assert best.label != other.label
    edge = SimpleNamespace
    root = SimpleNamespace(edges={(0, best.id): edge(visits=12000, mean=0.75),
                                  (0, other.id): edge(visits=3565, mean=0.5)})
    agent = SimpleNamespace(root=root, _mean=lambda e: e.mean)
    text = _rating(agent, 0, best, s)
    assert "75% for you over 15,565 lines" in text, text
    assert "50%" in text, text
