"""Players' words on screen: rule references are shown by the names a
rulebook gives them (rule_names.toml), and during a whole self-played game
on the table no log line or caption shows a source note ("seed", "digest")
or a zone key ("p0.bf0"), and the log never says one thing twice in a row."""

from __future__ import annotations

import random
import re

import pytest

from tabletop.engine.registry import all_games, get_game
from tabletop.engine.rulenames import load_names
from tabletop.saves import Match
from uihelp import DT, click, make_app

GAMES = sorted(all_games())
SOURCE = re.compile(r"\b(seed|digest)\b", re.IGNORECASE)
ZONE_KEY = re.compile(r"\bp[01]\.\w+")


def _random_game(game, seed, limit=3000):
    """The events of a random self-played game (nobody resigns)."""
    m = Match.new(game, seed=seed)
    st = m.state
    rng = random.Random(seed)
    n = 0
    while st.decision is not None and n < limit:
        d = st.decision
        p = d.players[0]
        ch = [c for c in d.choices_for(p) if c.role != "resign"] or d.choices_for(p)
        yield from st.apply_id(rng.choice(ch).id, p)
        n += 1


@pytest.mark.parametrize("gid", GAMES)
def test_every_rule_reference_reached_in_self_play_has_a_players_name(gid):
    game = get_game(gid)
    names = load_names(game)
    refs = {e.rule for seed in range(6) for e in _random_game(game, seed) if e.rule}
    assert refs
    # a reference that cites a source (seed, digest) must have a player's name; one
    # written as the rulebook names it is shown as it is
    unnamed = sorted(r for r in refs if r not in names and SOURCE.search(r))
    assert not unnamed, f"{gid}/rule_names.toml names no {unnamed}"
    for r in refs:
        assert not SOURCE.search(game.rule_name(r)), f"{r!r} is shown as {game.rule_name(r)!r}"


def test_a_rule_sentence_names_its_rules():
    game = get_game("rush_duel")
    s = game.rule_text("a tribute for an advance summon is a monster you control (seed 3.2.1.1).")
    assert s == "a tribute for an advance summon is a monster you control (Advance Summon, 3.2.1.1)."


def _shown(table) -> list[str]:
    out = [t for pair in table.shown_log() for t in pair if t]
    out.append(table.top_message()[0])
    out += [b.label for b in table.bar_buttons]
    if table.banner is not None:
        ev = table.banner[0]
        out.append(table.rule_text(ev.caption or ""))
        if ev.rule:
            out.append(table.rule_name(ev.rule))
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_a_self_played_game_on_the_table_speaks_players_words(gid):
    app = make_app(confirmations=False)
    match = Match.new(get_game(gid), seed=11)
    table = app.start_match(match, ("human", "human"))
    rng = random.Random(11)
    bad: list[str] = []
    for _ in range(800):
        for _ in range(30):
            app.step(dt=DT)
            bad += [t for t in _shown(table) if SOURCE.search(t) or ZONE_KEY.search(t)]
            if table.handoff_for is not None:
                click(app, (800, 450))
            elif not table.queue.busy:
                break
        if table.ctl.over:
            break
        d = table.ctl.state.decision
        mine = [c for c in table.my_choices() if c.role != "resign"]
        if not mine:
            continue
        table.apply_choice(rng.choice(mine), confirm=False)
    assert not sorted(set(bad)), f"shown: {sorted(set(bad))[:8]}"
    # one event shown twice in a row (two cards of one name may each be
    # destroyed or boosted by one card: the same words, two events)
    shown = [(cap, e0.kind, e0.data) for (cap, _rule), (e0, _e1) in zip(table.shown_log(), table.log)]
    twice = [a[0] for a, b in zip(shown, shown[1:]) if a == b]
    assert not twice, f"the log says twice in a row: {twice[:5]}"
