"""Lumen Condenser: rules engine unit tests (scenarios cover the judgment rules)."""

from __future__ import annotations

import pytest

from games.lumen_condenser import GAME
from games.lumen_condenser.cards import CardDB
from games.lumen_condenser.rules.ready import ready_cards
from games.lumen_condenser.zones import HAND, LIST, SIDE
from tabletop.engine.errors import CardFileError, IllegalChoice, PositionError, TabletopError
from tabletop.engine.rng import PCG32
from tabletop.saves import Match


def _ready_position(timed=False, **p1):
    pl1 = {"character": "LC-C02", "hand": ["LC-N02", "LC-N14"], "list": ["LC-N03"], "side": []}
    pl1.update(p1)
    return {"phase": "ready", "timed": timed, "players": [
        {"character": "LC-C01", "hand": ["LC-N01", "LC-N13"], "list": ["LC-N03"], "side": []}, pl1]}


def _iid(state, player, card_id, zone="hand"):
    t = state.table
    return next(i for i in t.zones[f"p{player}.{zone}"] if t.card[i] == card_id)


# -- the hidden simultaneous ready ------------------------------------------------------------

def test_ready_is_simultaneous_and_hidden():
    s = GAME.from_position(_ready_position())
    d = s.decision
    assert d.kind == "ready" and set(d.players) == {0, 1}
    a = _iid(s, 0, "LC-N01")
    events = s.apply(next(c for c in d.choices_for(0) if c.args.get("card") == a))
    # player 0's pick is stored but the opponent can't see it
    assert s.decision.players == (1,)
    v1 = s.view(1)
    assert v1["extra"]["ready"]["mine"] is None and "picks" not in v1["extra"]["ready"]
    assert v1["extra"]["ready"]["declared"] == [1, 0]
    assert all(c["iid"] is None for c in v1["zones"]["p0.hand"])
    assert s.view(0)["extra"]["ready"]["mine"] == a
    declare = [e for e in events if e.kind == "ready.declare"][0]
    assert declare.for_player(1).data["card"] is None and declare.for_player(0).data["card"] == a
    # nothing of the battle has happened yet
    assert s.table.zone[a] == "p0.hand" and s.phase == "ready"


def test_ready_order_does_not_matter():
    base = GAME.from_position(_ready_position())
    a, b = _iid(base, 0, "LC-N01"), _iid(base, 1, "LC-N02")
    s1, s2 = base.clone(), base.clone()
    s1.apply_id(f"ready(card={a},to=p0.battle)", 0)
    s1.apply_id(f"ready(card={b},to=p1.battle)", 1)
    s2.apply_id(f"ready(card={b},to=p1.battle)", 1)
    s2.apply_id(f"ready(card={a},to=p0.battle)", 0)
    assert s1.digest() == s2.digest()
    assert s1.hp == [5000, 4650]


def test_timed_ready_offers_timeout_after_first_declaration():
    s = GAME.new_state({"players": [{"deck": "Marrow Forge"}, {"deck": "Ilsa Drift"}], "timed": True}, 3)
    while s.decision.kind != "ready":
        s.apply(s.decision.choices[-1])
    assert not [c for c in s.decision.choices if c.kind == "timeout"]
    assert s.view(None)["extra"]["countdown"] is None
    s.apply(s.decision.choices_for(0)[0])
    assert [c for c in s.decision.choices_for(1) if c.kind == "timeout"]
    cd = s.view(1)["extra"]["countdown"]
    assert cd == {"waiting": 1, "seconds": 10, "since": "opponent declared"}
    s.apply(next(c for c in s.decision.choices_for(1) if c.kind == "timeout"))
    assert s.no_responses[1] == 1


def test_untimed_is_the_default():
    s = GAME.new_state(GAME.default_setup(), 1)
    assert s.timed is False and s.view(None)["extra"]["timed"] is False


# -- set-up ---------------------------------------------------------------------------------------

def test_setup_follows_seed_4_2():
    s = GAME.new_state({"players": [{"deck": "Marrow Forge"}, {"deck": "Pell Blitz"}]}, 7)
    t = s.table
    for p in (0, 1):
        assert s.hp[p] == 5000 and s.fp[p] == 0
        assert len(t.zones[HAND[p]]) == 5
        assert len(t.zones[LIST[p]]) == 9
        assert all(t.face[i] == 1 for i in t.zones[LIST[p]])  # the List is face up
        assert len(t.zones[SIDE[p]]) == 20 - 14
        assert len(t.zones[f"p{p}.character"]) == 1 and len(t.zones[f"p{p}.ultimate"]) == 1
        assert not any(s.card_db.techs[t.card[i]].special for i in t.zones[HAND[p]] + t.zones[LIST[p]])
    assert s.turn == 1


def test_priority_fp_then_hp_then_hand():
    s = GAME.from_position(_ready_position())
    assert s.priority() is None
    s.hp[1] = 4000
    assert s.priority() == 0
    s.fp[1] = 1
    assert s.priority() == 1
    s.fp[1] = 0
    s.hp[1] = 5000
    s.table.zones[HAND[1]].pop()
    assert s.priority() == 0


# -- deck building ------------------------------------------------------------------------------------

def _deck(name="Marrow Forge"):
    return list(GAME.decks[name])


def test_preconstructed_decks_are_legal():
    assert len(GAME.decks) >= 6
    for name, deck in GAME.decks.items():
        assert GAME.validate_deck(deck) == [], name


@pytest.mark.parametrize("change,needle", [
    (lambda d: d + ["LC-201"], "belongs to another character"),
    (lambda d: d[:-2], "exactly 20 techniques"),
    (lambda d: [x for x in d if x != "LC-C01"], "exactly one character"),
    (lambda d: d + ["LC-214"], "at most one ultimate"),
    (lambda d: d + ["LC-101"], "only one copy of each name"),
])
def test_deck_rules_give_clear_messages(change, needle):
    problems = GAME.validate_deck(change(_deck()))
    assert problems and any(needle in p for p in problems), problems


def test_deck_needs_half_own_techniques():
    deck = _deck()
    own = [c for c in deck[1:] if c.startswith("LC-1") and c != "LC-114"]
    neutral = ["LC-N02", "LC-N04", "LC-N05", "LC-N07", "LC-N08", "LC-N09", "LC-N10", "LC-N11", "LC-N12", "LC-N16"]
    rebuilt = ["LC-C01"] + own[:9] + [c for c in deck if c.startswith("LC-N")] + neutral[:4]
    problems = GAME.validate_deck(rebuilt)
    assert any("at least half (rounded up)" in p and "10" in p for p in problems), problems


# -- card pool ---------------------------------------------------------------------------------------------

def test_pool_uses_every_judgment_kind_and_keyword():
    db = GAME.db
    assert len(db.chars) >= 6
    neutral = [t for t in db.techs.values() if t.char == "neutral"]
    assert len(neutral) >= 20
    for ch in db.chars:
        assert sum(1 for t in db.techs.values() if t.char == ch) >= 12
    techs = list(db.techs.values())
    assert any(t.evade for t in techs) and any(t.offset for t in techs) and any(t.grab for t in techs)
    assert any(t.fixed for t in techs) and any(t.ultimate for t in techs) and any(t.special for t in techs)
    entries = {e for t in techs for e in t.defence_table.values()}
    assert {"guard", "evade", "offset", "none"} <= entries
    whens = {w for t in techs for w in t.effects_at}
    assert {"hit", "counter", "offset", "evade", "combo", "pre", "post"} <= whens
    assert any(e["do"] == "nullify" for t in techs for es in t.effects_at.values() for e in es)
    assert any("combo" in (t.hit, t.counter) for t in techs)
    for cid in db.cards:
        face = GAME.describe_card(cid)
        assert face["name"] and "text" in face


def test_bad_card_file_names_file_card_field_and_line(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "X-1"\nname = "Bad"\ntype = "attack"\nchar = "neutral"\nspeed = 5\n'
                    'damage = 100\npos = "middle"\nhit = 1\ncounter = 2\nguard = -1\n')
    with pytest.raises(CardFileError) as exc:
        CardDB(path)
    msg = str(exc.value)
    assert "cards.toml" in msg and "'X-1'" in msg and "'pos'" in msg and "line 8" in msg


def test_card_file_missing_field(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "X-2"\nname = "Bad"\ntype = "defence"\nchar = "neutral"\nhigh = "guard"\nmid = "none"\n')
    with pytest.raises(CardFileError, match="'low'"):
        CardDB(path)


def test_card_file_bad_effect(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "X-3"\nname = "Bad"\ntype = "attack"\nchar = "neutral"\nspeed = 5\n'
                    'damage = 100\npos = "mid"\nhit = "lots"\ncounter = 2\nguard = -1\n')
    with pytest.raises(CardFileError, match="combo"):
        CardDB(path)


# -- positions and errors ---------------------------------------------------------------------------------------

def test_position_errors_are_clear():
    pos = _ready_position()
    pos["players"][0]["hand"] = ["NOPE"]
    with pytest.raises(PositionError, match="NOPE"):
        GAME.from_position(pos)
    pos = _ready_position()
    pos["players"][0]["hand"] = ["LC-113"]
    with pytest.raises(PositionError, match="special"):
        GAME.from_position(pos)
    pos = _ready_position()
    pos["phase"] = "teatime"
    with pytest.raises(PositionError, match="teatime"):
        GAME.from_position(pos)


def test_unknown_deck_is_a_clear_error():
    with pytest.raises(TabletopError, match="unknown deck"):
        GAME.new_state({"players": [{"deck": "Nope"}, {"deck": "Ilsa Drift"}]}, 1)


def test_why_not_names_the_rule():
    s = GAME.from_position(_ready_position(restrict="attack"))
    b = _iid(s, 1, "LC-N14")
    msg = s.why_not("ready", {"card": b}, 1)
    assert "only attack techniques" in msg and "seed" in msg
    assert "hand" in s.why_not("ready", {"card": _iid(s, 0, "LC-N03", "list")}, 0)
    with pytest.raises(IllegalChoice, match="seed"):
        from tabletop.engine.core import Choice
        s.apply(Choice("ready", {"card": b, "to": "p1.battle"}, 1))


def test_get_skip_refused_below_the_limit():
    pos = _ready_position()
    s = GAME.from_position(pos)
    s.apply_id(f"ready(card={_iid(s, 0, 'LC-N01')},to=p0.battle)", 0)
    s.apply_id(f"ready(card={_iid(s, 1, 'LC-N02')},to=p1.battle)", 1)
    assert s.decision.kind == "get"
    p = s.decision.players[0]
    assert "mandatory" in s.why_not("get_skip", {}, p)


# -- determinize and agents ---------------------------------------------------------------------------------------

def test_determinize_keeps_the_view_and_a_legal_pick():
    s = GAME.new_state(GAME.default_setup(), 11)
    while s.decision.kind != "ready":
        s.apply(s.decision.choices[-1])
    s.apply(s.decision.choices_for(0)[0])
    for k in range(10):
        d = s.determinize(1, PCG32(k))
        assert d.view(1)["zones"]["p1.hand"] == s.view(1)["zones"]["p1.hand"]
        assert d.ready_picks[0] in ready_cards(d, 0)
        assert d.decision.players == (1,)


def test_match_drives_the_simultaneous_ready_one_player_at_a_time():
    from tabletop.selfplay import play_one

    r = play_one(GAME, ["greedy", "random"], 4)
    assert r["error"] is None and not r["violations"] and r["finished"]
    m = Match(GAME, r["match"].setup, 4)
    for p, cid in r["match"].log:
        m.apply(m.state.decision.find(cid, p))
    assert m.state.digest() == r["match"].state.digest()


def test_example_save_replays():
    from pathlib import Path

    from tabletop.saves import load_match

    path = Path(__file__).resolve().parent.parent / "saves" / "lumen_condenser-midgame.toml"
    m = load_match(path)
    assert m.name == "Example: Lumen Condenser mid-battle"
    assert m.state.phase == "battle" and m.state.decision is not None


def test_events_name_their_rule_and_judgment_steps_come_in_order():
    s = GAME.from_position(_ready_position())
    s.apply_id(f"ready(card={_iid(s, 0, 'LC-N01')},to=p0.battle)", 0)
    events = s.apply_id(f"ready(card={_iid(s, 1, 'LC-N14')},to=p1.battle)", 1)
    assert all(e.caption and e.rule for e in events)
    steps = [e.data["step"] for e in events if e.kind.startswith("judgment.")]
    assert steps == ["pre", "evade", "defence", "fp_speed", "speed", "offset", "effects", "result", "post", "catch"]
    quiet = {e.data["step"]: e.caption for e in events if e.kind.startswith("judgment.")}
    assert "nothing happens" in quiet["evade"] and "nothing happens" in quiet["offset"]


# -- no response (seed 5.2, 5.3.8) and break replenishment (seed 3.3) ------------------------------------------------

def _timed_no_response():
    pos = _ready_position(timed=True, restrict="attack", hand=["LC-N13", "LC-N02", "LC-N04"])
    s = GAME.from_position(pos)
    s.apply_id(f"ready(card={_iid(s, 0, 'LC-N01')},to=p0.battle)", 0)
    events = s.apply(next(c for c in s.decision.choices_for(1) if c.kind == "timeout"))
    return s, events


def test_no_response_with_techniques_in_hand_has_no_technique_and_the_attack_hits():
    s, events = _timed_no_response()
    # nobody picks a technique for the no-response player: the battle runs at once
    assert s.decision.kind == "get" and s.decision.players == (0,)
    assert s.no_responses[1] == 1 and s.hp[1] == 4650 and s.fp[0] == 2  # hit damage and hit FP (seed 5.3.8)
    kinds = [e.kind for e in events]
    assert "ready.no_technique" in kinds and "reveal" not in kinds and "ready.declare" not in kinds
    speed = next(e for e in events if e.kind == "judgment.speed")
    assert "no response" in speed.caption
    # the no-response player's hand stays hidden from the opponent, all of it back in hand
    hand = s.view(0)["zones"]["p1.hand"]
    assert len(hand) == 3 and all(c["hidden"] for c in hand)


def test_no_response_with_nothing_legal_has_no_technique_and_is_hit():
    pos = _ready_position(timed=True, restrict="attack", hand=["LC-N13"])
    s = GAME.from_position(pos)
    s.apply_id(f"ready(card={_iid(s, 0, 'LC-N01')},to=p0.battle)", 0)
    assert not [c for c in s.decision.choices_for(1) if c.kind == "ready"]
    s.apply(next(c for c in s.decision.choices_for(1) if c.kind == "timeout"))
    assert s.decision.kind == "get" and s.hp[1] == 4650 and s.fp[0] == 2


def test_replenish_decision_round_trips_and_offers_only_own_non_special_side_cards():
    pos = {"phase": "ready", "players": [
        {"character": "LC-C03", "hand": ["LC-301", "LC-N13"], "list": ["LC-N03"], "side": ["LC-N05"]},
        {"character": "LC-C02", "hand": ["LC-N02", "LC-N11"], "list": ["LC-N03"],
         "side": ["LC-N20", "LC-N19", "LC-N16"]}]}
    s = GAME.from_position(pos)
    s.apply_id(f"ready(card={_iid(s, 0, 'LC-301')},to=p0.battle)", 0)
    s.apply_id(f"ready(card={_iid(s, 1, 'LC-N02')},to=p1.battle)", 1)
    s.apply_id(f"grab_break(card={_iid(s, 1, 'LC-N11')})", 1)
    d = s.decision
    assert d.kind == "replenish" and d.players == (1,)
    assert {s.table.card[c.args["card"]] for c in d.choices} == {"LC-N19", "LC-N16"}
    assert all(c.label.startswith("Put ") and c.label.endswith(" in the List") and "to" not in c.args
               for c in d.choices)  # buttons naming the technique: the side deck is a pile
    assert GAME.state_from_data(s.to_data()).digest() == s.digest()
    assert "refill" in s.why_not("ready", {"card": _iid(s, 0, "LC-301")}, 0)
    s.apply(d.choices[0])
    assert s.decision.kind == "ready" and len(s.table.zones[LIST[1]]) == 2


# -- player-facing text ------------------------------------------------------------------------------------------------

def test_captions_and_labels_name_zones_in_words_and_never_repeat_in_a_row():
    import random
    import re

    zone_key = re.compile(r"\bp[01]\.[a-z_]+")
    bare_stats = re.compile(r"\d+\s*/\s*\d+")
    seen_labels = 0
    for seed in range(24):
        setup = GAME.default_setup()
        setup["timed"] = seed % 2 == 0
        s = GAME.new_state(setup, seed)
        rng = random.Random(seed)
        last = None
        while s.decision is not None:
            d = s.decision
            assert not zone_key.search(d.prompt), d.prompt
            for c in d.choices:
                seen_labels += 1
                assert not zone_key.search(c.label) and not bare_stats.search(c.label), c.label
            for e in s.apply(rng.choice(d.choices)):
                assert not zone_key.search(e.caption) and not bare_stats.search(e.caption), e.caption
                assert e.caption != last, f"logged twice in a row: {e.caption}"
                last = e.caption
    assert seen_labels > 1000


def test_card_stats_are_labelled_in_words():
    attack = GAME.describe_card("LC-N01")
    assert attack["stats"][:3] == [["Speed", 6], ["Damage", 350], ["Position", "high"]]
    assert ["Hit", "+2 FP"] in attack["stats"] and ["Guard", "-2 FP"] in attack["stats"]
    assert ["Hit", "combo"] in GAME.describe_card("LC-106")["stats"]
    assert GAME.describe_card("LC-N13")["stats"] == [["High", "guard"], ["Mid", "guard"], ["Low", "none"]]
    for cid in GAME.db.cards:
        d = GAME.describe_card(cid)
        for label, _value in d["stats"]:
            assert label == "HP" or (label[0].isupper() and label[1:].islower()), (cid, label)
