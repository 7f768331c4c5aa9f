"""Rush Duel plugin: card file, deck rules, set-up, positions, why_not, views."""

from __future__ import annotations

import json

import pytest

from games.rush_duel import GAME
from games.rush_duel import carddb
from tabletop.engine.errors import CardFileError, PositionError
from tabletop.engine.rng import PCG32

CARDS = GAME.cards


# -- the card pool and the decks ------------------------------------------------------------

def test_card_pool_has_the_required_mix():
    cards = list(CARDS.values())
    assert len(cards) >= 80
    monsters = [c for c in cards if c["kind"] == "monster"]
    assert {c["level"] for c in monsters if c["subtype"] in ("normal", "effect")} >= set(range(1, 11))
    assert sum(c["subtype"] == "normal" for c in monsters) >= 10
    assert sum(c["subtype"] == "effect" for c in monsters) >= 10
    assert sum(c["subtype"] == "fusion" for c in monsters) >= 4
    sets = {}
    for c in monsters:
        if c["subtype"] == "maximum":
            sets.setdefault(c["max_set"], set()).add(c["max_piece"])
    assert len(sets) >= 2 and all(v == {"left", "centre", "right"} for v in sets.values())
    assert sum(c["kind"] == "spell" for c in cards) >= 16
    assert sum(c["kind"] == "trap" for c in cards) >= 12
    assert {c["subtype"] for c in cards if c["kind"] == "spell"} == {"normal", "field", "equip", "fusion"}
    assert len({c["name"] for c in cards}) == len(cards), "names are distinct"


def test_preconstructed_decks_are_legal_and_of_different_styles():
    decks = GAME.decks
    assert len(decks) >= 3
    styles = {info["style"] for info in GAME.deck_info().values()}
    assert len(styles) >= 3
    for name, deck in decks.items():
        assert GAME.validate_deck(deck) == [], name
        main = [c for c in deck if not carddb.is_extra(CARDS[c])]
        assert 40 <= len(main) <= 60


def _deck(extra=()):
    base = ["M01", "M02", "M03", "M04", "M05", "M06", "M07", "M08", "M09", "M10", "M11", "M12", "M13"]
    ids = [c for c in base for _ in range(3)] + ["M17"] + list(extra)
    return ids


def test_deck_rules_size_copies_and_legends():
    assert GAME.validate_deck(_deck()) == []
    assert any("40 to 60" in p for p in GAME.validate_deck(_deck()[:39]))
    assert any("at most 3 of a name" in p for p in GAME.validate_deck(_deck(["M01"])))
    # one Legend monster, one Legend spell and one Legend trap are fine together
    ok = _deck()[:37] + ["M41", "S17", "T13"]
    assert GAME.validate_deck(ok) == []
    two_legend_monsters = ok + ["M41"]
    assert any("Legend monster" in p for p in GAME.validate_deck(two_legend_monsters))
    assert any("Extra Deck" in p for p in GAME.validate_deck(_deck(["F01"] * 16)))


# -- malformed card files ---------------------------------------------------------------

GOOD = '''[[card]]
id = "A1"
name = "Alpha"
kind = "monster"
subtype = "effect"
level = 4
atk = 1000
def = 1000
attribute = "FIRE"
race = "Beast"
effect = [{op = "damage", n = 300, who = "opp"}]
text = "x"
'''


@pytest.mark.parametrize("old,new,needles", [
    ('op = "damage"', 'op = "explode"', ["'A1'", "'effect'", "line 11", "explode"]),
    ("level = 4", 'level = "four"', ["'A1'", "'level'", "line 6", "integer"]),
    ("level = 4", "level = 40", ["'A1'", "'level'", "above the maximum"]),
    ('attribute = "FIRE"', 'attribute = "PLASMA"', ["'A1'", "'attribute'", "line 9"]),
    ('n = 300, who = "opp"', 'n = 300, who = "everyone"', ["'A1'", "'effect'", "everyone"]),
    ('subtype = "effect"', 'subtype = "ritual"', ["'A1'", "'subtype'", "line 5"]),
    ('kind = "monster"\nsubtype = "effect"', 'kind = "trap"\nsubtype = "normal"', ["'A1'", "'trigger'"]),
])
def test_malformed_card_file_names_file_card_field_and_line(tmp_path, old, new, needles):
    assert old in GOOD
    path = tmp_path / "cards.toml"
    path.write_text(GOOD.replace(old, new))
    with pytest.raises(CardFileError) as exc:
        carddb.load_card_file(path)
    msg = str(exc.value)
    assert str(path) in msg
    for n in needles:
        assert n in msg, msg


def test_good_card_file_loads(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(GOOD)
    cards, decks = carddb.load_card_file(path)
    assert cards["A1"]["effect"][0]["n"] == 300 and decks == {}


def test_incomplete_maximum_set_and_unknown_material_are_errors(tmp_path):
    text = GOOD + '''
[[card]]
id = "B1"
name = "Beta"
kind = "monster"
subtype = "fusion"
level = 7
atk = 2000
def = 1000
attribute = "FIRE"
race = "Beast"
materials = ["A1", "Z9"]
text = "y"
'''
    path = tmp_path / "cards.toml"
    path.write_text(text)
    with pytest.raises(CardFileError) as exc:
        carddb.load_card_file(path)
    assert "'B1'" in str(exc.value) and "'materials'" in str(exc.value) and "Z9" in str(exc.value)


# -- set-up ---------------------------------------------------------------------------

def test_setup_shuffles_draws_four_and_picks_the_first_player_from_the_rng():
    firsts = set()
    for seed in range(12):
        s = GAME.new_state(GAME.default_setup(), seed)
        v = s.view(None)
        first = v["extra"]["first"]
        firsts.add(first)
        assert v["active"] == first and v["turn"] == 1 and v["phase"] == "main"
        assert [pl["counters"]["lp"] for pl in v["players"]] == [8000, 8000]
        # the first player drew up to 5 on turn 1; the other holds the 4 of the set-up
        assert len(v["zones"][f"p{first}.hand"]) == 5
        assert len(v["zones"][f"p{1 - first}.hand"]) == 4
        for p in (0, 1):
            assert all(c["card"] in CARDS and CARDS[c["card"]]["subtype"] == "fusion" for c in v["zones"][f"p{p}.extra"])
    assert firsts == {0, 1}
    a = GAME.new_state(GAME.default_setup(), 3).view(None)["zones"]["p0.deck"]
    b = GAME.new_state(GAME.default_setup(), 4).view(None)["zones"]["p0.deck"]
    assert [c["card"] for c in a] != [c["card"] for c in b]


def _pos(**kw):
    pos = {"turn": 3, "active": 0, "phase": "main",
           "p0": {"deck": ["M01", "M02", "M03"]}, "p1": {"deck": ["M01", "M02", "M03"]}}
    for k, v in kw.items():
        if k in ("p0", "p1"):
            pos[k].update(v)
        else:
            pos[k] = v
    return pos


def test_why_not_names_the_rule():
    s = GAME.from_position(_pos(p0={"monster": [{"card": "M04", "summoned_this_turn": True}], "hand": ["M13"]}))
    iid = s.view(None)["zones"]["p0.monster"][0]["iid"]
    assert "seed 3.2.2" in s.why_not("change_position", {"card": iid}, 0)
    h = s.view(None)["zones"]["p0.hand"][0]["iid"]
    assert "2 tributes" in s.why_not("summon", {"card": h, "to": "p0.monster"}, 0)
    s2 = GAME.from_position(_pos(phase="battle", p0={"hand": ["M04"], "monster": [{"card": "M06", "position": "def"}]}))
    v2 = s2.view(None)["zones"]
    assert "Main Phase" in s2.why_not("summon", {"card": v2["p0.hand"][0]["iid"], "to": "p0.monster"}, 0)
    assert "attack-position" in s2.why_not("direct_attack", {"card": v2["p0.monster"][0]["iid"]}, 0)
    s3 = GAME.from_position(_pos(p0={"hand": ["T01"], "spell": ["T02", "T03", "T04"]}))
    assert "Spell & Trap Zones are full" in s3.why_not("set", {"card": s3.view(None)["zones"]["p0.hand"][0]["iid"],
                                                             "to": "p0.spell"}, 0)
    s4 = GAME.from_position(_pos(turn=4, active=1, phase="battle", p1={"monster": ["M04"]},
                                 p0={"spell": [{"card": "T01", "set_this_turn": True}, "T02"]}))
    s4.apply(next(c for c in s4.decision.choices if c.kind == "direct_attack"))
    assert s4.decision.kind == "trap_response" and s4.decision.players == (0,)
    assert "turn it was set" in s4.why_not("activate_trap", {"card": s4.view(None)["zones"]["p0.spell"][0]["iid"]}, 0)
    s1 = GAME.from_position(_pos(turn=1))
    assert "first turn" in s1.why_not("battle_phase", {}, 0)
    assert "Player 1" in s1.why_not("end_turn", {}, 1)


def _iid(s, zone, n=0):
    return s.view(None)["zones"][zone][n]["iid"]


def test_why_not_explains_drops_on_the_table():
    """The table asks why_not with kind "move" when a dragged card has no legal
    choice at all, and with the drop's zone or target: the sentence still names
    the rule, read from the card and where it was dropped."""
    s = GAME.from_position(_pos(p0={"hand": ["T05", "M04", "S16", "M13"], "grave": ["M01"],
                                    "monster": ["M05", {"card": "M20", "effect_used_this_turn": True}],
                                    "spell": [{"card": "T01", "set_this_turn": True}], "field": "S11"},
                                p1={"monster": ["M06"], "hand": ["M02"]}))
    w = lambda kind, **args: s.why_not(kind, args, 0)
    assert "Spell & Trap Zone, not a Monster Zone (seed 3.2.5)" in w("move", card=_iid(s, "p0.hand", 0), to="p0.monster")
    assert "first set face down" in w("activate", card=_iid(s, "p0.hand", 0))
    assert "Monster Zones (seed 3.2.1)" in w("move", card=_iid(s, "p0.hand", 1), to="p0.spell")
    assert "[REQUIREMENT] is not met (\"You have 2 or fewer other cards in your hand.\")" in \
        w("activate", card=_iid(s, "p0.hand", 2))
    assert "graveyard" in w("move", card=_iid(s, "p0.grave"), to="p0.monster")
    assert "your opponent's" in w("move", card=_iid(s, "p1.monster"), to="p1.grave")
    assert "Battle Phase" in w("move", card=_iid(s, "p0.monster"), target=_iid(s, "p1.monster"))
    assert "once per turn" in w("effect", card=_iid(s, "p0.monster", 1))
    assert "turn it was set" in w("move", card=_iid(s, "p0.spell"))
    assert "not activated again (seed 3.2.4)" in w("move", card=_iid(s, "p0.field"))
    assert "stays in its Monster Zone" in w("move", card=_iid(s, "p0.monster"), to="p0.monster")
    assert "Player 1's turn" in s.why_not("move", {"card": _iid(s, "p1.hand"), "to": "p1.monster"}, 1)
    b = GAME.from_position(_pos(phase="battle", p0={"monster": [{"card": "M06", "position": "def"}, "M04",
                                                                {"card": "M05", "attacked_this_turn": True}]},
                                p1={"monster": ["M01"]}))
    wb = lambda kind, **args: b.why_not(kind, args, 0)
    assert "defense position (seed 3.3)" in wb("move", card=_iid(b, "p0.monster"), target=_iid(b, "p1.monster"))
    assert "once per Battle Phase" in wb("move", card=_iid(b, "p0.monster", 2), target=_iid(b, "p1.monster"))
    assert "never your own" in wb("move", card=_iid(b, "p0.monster", 1), target=_iid(b, "p0.monster"))
    assert "controls no monster (seed 3.3.1)" in wb("move", card=_iid(b, "p0.monster", 1), to="p1.monster")
    m = GAME.from_position(_pos(p0={"hand": ["M04"], "monster": [{"card": "X1C", "maximum": True}]}))
    assert "Maximum monster fills all three" in m.why_not("move", {"card": _iid(m, "p0.hand"), "to": "p0.monster"}, 0)
    f = GAME.from_position(_pos(turn=1, p0={"monster": ["M04"]}, p1={"monster": ["M01"]}))
    assert "first turn (seed 3.3)" in f.why_not("move", {"card": _iid(f, "p0.monster"), "target": _iid(f, "p1.monster")}, 0)


def test_greedy_heuristic_sees_past_trap_windows_and_tributes():
    """The computer's look-ahead settles the sub-decisions a choice opens: an
    attack into a stronger monster is worse than no attack even when the rival
    has a set card, and tributing two monsters to set a weak piece is worse."""
    s = GAME.from_position(_pos(phase="battle", p0={"monster": ["M03"]},
                                p1={"monster": ["M04"], "spell": [{"card": "T02"}]}))
    atk = next(c for c in s.decision.choices if c.kind == "attack")
    end = next(c for c in s.decision.choices if c.kind == "end_turn")
    scores = {}
    for c in (atk, end):
        x = s.clone()
        x.apply(c)
        scores[c.kind] = GAME.heuristic(x, 0)
    assert scores["attack"] < scores["end_turn"]
    t = GAME.from_position(_pos(p0={"hand": ["X1L"], "monster": ["M04", "M05"]}))
    base = GAME.heuristic(t, 0)
    adv = next(c for c in t.decision.choices if c.kind == "set" and c.args["card"] == _iid(t, "p0.hand"))
    t.apply(adv)
    assert t.decision.kind == "choose_tributes"
    assert GAME.heuristic(t, 0) < base
    assert t.decision.kind == "choose_tributes"   # the heuristic never changes the state


def test_positions_reject_bad_input_with_one_message():
    with pytest.raises(PositionError, match="Z99"):
        GAME.from_position(_pos(p0={"hand": ["Z99"]}))
    with pytest.raises(PositionError, match="phase"):
        GAME.from_position(_pos(phase="standby"))
    with pytest.raises(PositionError, match="slot"):
        GAME.from_position(_pos(p0={"monster": [{"card": "M01", "slot": 5}]}))


def test_extra_card_definitions_are_merged_for_that_state():
    extra = [{"id": "ZZ1", "name": "Test Bolt", "kind": "spell", "subtype": "normal", "text": "[EFFECT] Deal 2500 damage.",
              "effect": [{"op": "damage", "n": 2500, "who": "opp"}]}]
    s = GAME.from_position(_pos(p0={"hand": ["ZZ1"]}), 0, extra)
    c = next(c for c in s.decision.choices if c.kind == "activate")
    s.apply(c)
    assert s.view(None)["players"][1]["counters"]["lp"] == 5500
    data = json.loads(json.dumps(s.to_data()))
    assert GAME.state_from_data(data).digest() == s.digest()
    assert "ZZ1" not in GAME.cards


def test_views_hide_hand_deck_and_face_down_cards():
    s = GAME.from_position(_pos(p0={"hand": ["M04"], "spell": [{"card": "T01", "face": "down"}],
                                    "monster": [{"card": "M06", "face": "down"}]}))
    v1 = s.view(1)
    assert v1["zones"]["p0.hand"][0]["card"] is None and v1["zones"]["p0.hand"][0]["iid"] is None
    assert v1["zones"]["p0.spell"][0]["card"] is None and v1["zones"]["p0.spell"][0]["iid"] is not None
    assert v1["zones"]["p0.monster"][0]["card"] is None and "atk" not in v1["zones"]["p0.monster"][0]["counters"]
    v0 = s.view(0)
    assert v0["zones"]["p0.spell"][0]["card"] == "T01" and v0["zones"]["p0.monster"][0]["card"] == "M06"
    assert all(c["card"] is None for c in v0["zones"]["p0.deck"])


def test_every_decision_offers_surrender_to_the_deciding_player():
    s = GAME.new_state(GAME.default_setup(), 7)
    rng = PCG32(7)
    for _ in range(300):
        d = s.decision
        if d is None:
            break
        assert any(c.kind == "surrender" and c.player == d.players[0] for c in d.choices)
        s.apply(rng.choice([c for c in d.choices if c.kind != "surrender"]))


def test_determinize_keeps_hidden_cards_plausible():
    s = GAME.from_position(_pos(p1={"hand": ["T01", "S02"], "spell": [{"card": "T02"}], "monster": [{"card": "M06", "face": "down"}]}))
    rng = PCG32(1)
    for _ in range(20):
        d = s.determinize(0, rng)
        t = d.table
        mon = t.ids("p1.monster")[0]
        st = t.ids("p1.spell")[0]
        assert CARDS[t.card[mon]]["kind"] == "monster"
        assert CARDS[t.card[st]]["kind"] != "monster"
        assert sorted(t.card) == sorted(s.table.card)


def test_describe_card_shows_maximum_atk_and_legend():
    face = GAME.describe_card("X1C")
    assert ["MAXIMUM ATK", 3800] in face["stats"] and face["level"] == 10
    assert "LEGEND" in GAME.describe_card("M41")["tags"]
    assert GAME.describe_card("S11")["type"] == "spell"
