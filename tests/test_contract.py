"""The engine contract, checked on every installed game.

- random legal choice sequences keep every invariant (a resign choice comes
  last among its player's choices), and clone,
  to_data/from_data and replay all give the same digest (hypothesis);
- view(p) never contains the identity of a card p may not see;
- a save round-trips through the file.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.choiceid import resign_order_violations
from tabletop.engine.registry import all_games
from tabletop.saves import Match, load_match
from tabletop.selfplay import selfplay_setup

GAMES = sorted(all_games())


def _play(game, seed: int, picks: list[int]):
    match = Match(game, selfplay_setup(game, seed), seed)
    for k in picks:
        d = match.state.decision
        if d is None:
            break
        p = d.players[0]
        options = d.choices_for(p)
        assert options, f"decision {d.kind} offers player {p} nothing"
        assert not resign_order_violations(d)
        match.apply(options[k % len(options)])
        v = match.state.invariant_violations()
        assert not v, v
    return match


@pytest.mark.parametrize("gid", GAMES)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=160))
def test_random_play_keeps_invariants_and_round_trips(gid, seed, picks):
    game = all_games()[gid]
    match = _play(game, seed, picks)
    state = match.state
    digest = state.digest()
    assert state.clone().digest() == digest
    data = state.to_data()
    json.dumps(data)  # plain data only
    assert game.state_from_data(json.loads(json.dumps(data))).digest() == digest
    replay = Match(game, match.setup, match.seed)
    for p, cid in match.log:
        replay.state.apply_id(cid, p)
    assert replay.state.digest() == digest
    # a clone is independent of its original
    c = state.clone()
    if c.decision is not None:
        c.apply(c.decision.choices[0])
        assert state.digest() == digest


def _card_entries(obj):
    """Every card-like dict in a view (zones, attachments, extra)."""
    if isinstance(obj, dict):
        if "card" in obj and "hidden" in obj:
            yield obj
        for v in obj.values():
            yield from _card_entries(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _card_entries(v)


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("seed", range(12))
def test_views_hide_what_a_player_may_not_see(gid, seed):
    game = all_games()[gid]
    picks = [(seed * 7919 + i * 104729) % 997 for i in range(25 + 9 * seed)]
    match = _play(game, seed, picks)
    state = match.state
    table = getattr(state, "table", None)
    for p in (0, 1):
        view = state.view(p)
        json.dumps(view)
        other = 1 - p
        for key, cards in view["zones"].items():
            if key.endswith(".deck") or ".deck" in key:
                assert all(c["hidden"] and c["card"] is None and c["iid"] is None for c in cards), (
                    f"player {p} sees into {key}")
            if key == f"p{other}.hand":
                # only cards p saw going into that hand (known) may show
                assert all((c["hidden"] and c["card"] is None and c["iid"] is None)
                           or (table is not None and c["iid"] is not None and table.known[c["iid"]] & (1 << p))
                           for c in cards), f"player {p} sees the opponent's hand"
            for c in cards:
                if c["face"] == "down" and c.get("owner") == other and key.startswith(f"p{other}."):
                    known = table is not None and c["iid"] is not None and table.known[c["iid"]] & (1 << p)
                    assert c["card"] is None or known, f"player {p} sees a face-down card of the opponent in {key}"
        if table is not None:
            for c in _card_entries(view):
                if c["card"] is not None and c.get("iid") is not None:
                    assert table.sees(c["iid"], p), f"player {p} sees card {c['iid']} ({c['card']})"
        # hidden cards carry no identity
        for c in _card_entries(view):
            if c["hidden"]:
                assert c["card"] is None


@pytest.mark.parametrize("gid", GAMES)
def test_save_round_trip(gid, tmp_path):
    game = all_games()[gid]
    match = _play(game, 5, [i * 31 % 17 for i in range(60)])
    path = tmp_path / "s.toml"
    match.save(path)
    loaded = load_match(path)
    assert loaded.state.digest() == match.state.digest()
    assert loaded.log == match.log


@pytest.mark.parametrize("gid", GAMES)
def test_game_object_is_complete(gid):
    game = all_games()[gid]
    assert game.title and game.description and game.rules_version
    assert len(game.decks) >= 3
    for name, deck in game.decks.items():
        assert game.validate_deck(deck) == [], f"deck {name} is not legal"
        for cid in set(deck):
            face = game.describe_card(cid)
            assert face["name"] and "text" in face
