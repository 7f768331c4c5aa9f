"""Riftbound (1v1 Duel) engine: set-up, mulligan, data round trips, card pool, errors.

Rule-by-rule checks live in tests/scenarios/riftbound/*.toml; these tests cover what a
scenario (which starts from a position) can't: the set-up procedure, the mulligan,
deck construction, bad input and the shape of the pool.
"""

from __future__ import annotations

import json

import pytest

from games.riftbound import GAME
from games.riftbound.rulebook import VICTORY_SCORE
from tabletop.ai.agents import GreedyAgent, RandomAgent
from tabletop.engine.errors import CardFileError, PositionError
from tabletop.engine.rng import PCG32
from tabletop.saves import Match


def _new(seed=3):
    return GAME.new_state(GAME.default_setup(), seed)


def _zone(s, key):
    return s.table.zones[key]


def test_setup_places_legend_champion_and_draws_four():
    s = _new()
    for p in (0, 1):
        assert len(_zone(s, f"p{p}.legend")) == 1
        assert len(_zone(s, f"p{p}.champion")) == 1
        champ = s.card_of(_zone(s, f"p{p}.champion")[0])
        legend = s.card_of(_zone(s, f"p{p}.legend")[0])
        assert "champion" in champ["supertype"] and champ["champion"] == legend["champion"]
        assert len(_zone(s, f"p{p}.hand")) == 4
        assert len(_zone(s, f"p{p}.runedeck")) == 12
        assert len(_zone(s, f"p{p}.deck")) == 39 - 4  # the chosen champion starts outside the deck
        assert len(_zone(s, f"p{p}.bfaside")) == 3
    # seed set-up 9: battlefields are revealed after the mulligans
    assert not _zone(s, "shared.bf0") and not _zone(s, "shared.bf1")
    d = s.decision
    assert d.kind == "mulligan" and d.players == (s.first,)


def test_mulligan_one_card_at_a_time_up_to_two_then_recycled_to_bottom():
    s = _new(7)
    p = s.first
    hand = list(_zone(s, f"p{p}.hand"))
    s.apply(s.decision.find(f"mulligan_pick(card={hand[0]},to=p{p}.aside)", p))
    s.apply(s.decision.find(f"mulligan_pick(card={hand[1]},to=p{p}.aside)", p))
    kinds = {c.kind for c in s.decision.choices}
    assert kinds == {"mulligan_done"}, "no third card may be set aside"
    s.apply(s.decision.find("mulligan_done", p))
    assert len(_zone(s, f"p{p}.hand")) == 4
    assert set(_zone(s, f"p{p}.deck")[-2:]) == {hand[0], hand[1]}
    assert s.decision.kind == "mulligan" and s.decision.players == (1 - p,)
    s.apply(s.decision.find("mulligan_done", 1 - p))
    # battlefields chosen at random and revealed; the first player is in their Main Phase
    assert len(_zone(s, "shared.bf0")) == 1 and len(_zone(s, "shared.bf1")) == 1
    assert s.decision.kind == "main_action" and s.active == p and s.turn == 1
    assert len(_zone(s, f"p{p}.hand")) == 5  # the first player draws on turn 1 too
    assert len(_zone(s, f"p{p}.runes")) == 2


def test_second_player_channels_three_on_first_turn_in_a_real_game():
    s = _new(11)
    for _ in range(2):
        s.apply(s.decision.find("mulligan_done", s.decision.players[0]))
    first = s.active
    s.apply(s.decision.find("end_turn", first))
    assert s.active == 1 - first
    assert len(_zone(s, f"p{1 - first}.runes")) == 3
    assert len(_zone(s, f"p{1 - first}.hand")) == 5


def test_round_trip_clone_and_independence():
    m = Match(GAME, GAME.default_setup(), 5)
    rng = PCG32(9)
    for _ in range(120):
        d = m.state.decision
        if d is None:
            break
        m.apply(rng.choice(d.choices))
    s = m.state
    data = json.loads(json.dumps(s.to_data()))
    assert GAME.state_from_data(data).digest() == s.digest()
    c = s.clone()
    assert c.digest() == s.digest()
    if c.decision is not None:
        c.apply(c.decision.choices[-1])
        assert c.digest() != s.digest() or c.decision is None
    assert GAME.state_from_data(data).digest() == s.digest()


def test_determinize_keeps_runes_battlefields_and_main_cards_apart():
    s = _new(2)
    for _ in range(2):
        s.apply(s.decision.find("mulligan_done", s.decision.players[0]))
    rng = PCG32(4)
    for _ in range(5):
        d = s.determinize(0, rng)
        for p in (0, 1):
            assert all(d.card_of(i)["type"] == "rune" for i in _zone(d, f"p{p}.runedeck"))
            assert all(d.card_of(i)["type"] in ("unit", "spell", "gear") for i in _zone(d, f"p{p}.deck"))
            assert all(d.card_of(i)["type"] in ("unit", "spell", "gear") for i in _zone(d, f"p{p}.hand"))
        assert [d.table.card[i] for i in _zone(d, "p0.hand")] == [s.table.card[i] for i in _zone(s, "p0.hand")]


def test_card_pool_shape():
    cards = GAME.cards
    by = {}
    for c in cards.values():
        by.setdefault(c["type"], []).append(c)
    assert len(by["unit"]) >= 80
    assert len(by["battlefield"]) >= 8
    assert len(by["legend"]) >= 4
    for leg in by["legend"]:
        assert any("champion" in u["supertype"] and u["champion"] == leg["champion"] for u in by["unit"]), leg["id"]
    assert {d for c in cards.values() for d in c["domain"]} == {"fury", "calm", "mind", "body", "chaos", "order"}
    used = {k for c in cards.values() for k in c["kw"]}
    for kw in ("accelerate", "action", "reaction", "assault", "shield", "deflect", "ganking", "hidden", "temporary",
               "vision", "tank", "backline", "ambush", "equip", "quickdraw", "repeat", "hunt", "deathknell",
               "weaponmaster"):
        assert kw in used, kw
    assert len(GAME.decks) >= 3
    for name, deck in GAME.decks.items():
        assert GAME.validate_deck(deck) == [], name
        assert sum(1 for c in deck if cards[c]["type"] in ("unit", "spell", "gear")) == 40


def test_deck_construction_problems():
    name, deck = sorted(GAME.decks.items())[0]
    cards = GAME.cards
    main = [c for c in deck if cards[c]["type"] == "unit" and "champion" not in cards[c]["supertype"]]
    too_many = deck + [main[0]]
    assert any("at most 3 copies" in p for p in GAME.validate_deck(too_many))
    rune = next(c for c in cards if cards[c]["type"] == "rune" and cards[c]["rune"] not in
                cards[next(x for x in deck if cards[x]["type"] == "legend")]["domain"])
    runes = [c for c in deck if cards[c]["type"] != "rune"] + [rune] * 12
    assert any("domain identity" in p for p in GAME.validate_deck(runes))
    no_bf = [c for c in deck if cards[c]["type"] != "battlefield"]
    assert any("3 battlefields" in p for p in GAME.validate_deck(no_bf))


def test_bad_card_file_names_card_and_field(tmp_path):
    from games.riftbound import carddb

    p = tmp_path / "cards.toml"
    p.write_text('[[card]]\nid = "X-1"\nname = "Bad"\ntype = "spell"\neffect = [{ op = "explode", n = 1 }]\n')
    with pytest.raises(CardFileError) as err:
        carddb.load(p)
    msg = str(err.value)
    assert "X-1" in msg and "explode" in msg and "cards.toml" in msg
    p.write_text('[[card]]\nid = "X-2"\nname = "Bad"\ntype = "unit"\nmight = 2\nkeywords = ["flying"]\n')
    with pytest.raises(CardFileError) as err:
        carddb.load(p)
    assert "flying" in str(err.value) and "line" in str(err.value)


def test_bad_position_is_a_position_error():
    with pytest.raises(PositionError):
        GAME.from_position({"players": [{"hand": ["NOPE"]}, {}], "battlefields": ["BF-CROSS", "BF-CROSS"]})
    with pytest.raises(PositionError):
        GAME.from_position({"players": [{}], "battlefields": []})
    with pytest.raises(PositionError):
        GAME.from_position({"phase": "combat", "players": [{}, {}]})


def _pos(**p0):
    return {"turn": 3, "active": 0, "phase": "main", "battlefields": ["BF-CROSS", "BF-CROSS"], "control": [-1, -1],
            "players": [dict({"deck": ["B-U02"] * 3}, **p0), {"deck": ["B-U02"] * 3, "bf1": ["B-U02"]}]}


def test_why_not_names_the_rule():
    s = GAME.from_position(_pos(base=["B-U01", "B-U02"]))
    u = s.table.zones["p0.base"][0]
    s.apply(s.decision.find(f"move(card={u},to=p0.bf0)", 0))
    s.apply(s.decision.find("move_done", 0))
    assert s.decision.kind == "focus"
    other = s.table.zones["p0.base"][0]
    msg = s.why_not("move", {"card": other, "to": "p0.bf0"}, 0)
    assert "Standard Move" in msg and "showdown" in msg
    assert "focus" in s.why_not("pass", {}, 1)


def test_view_shows_state_priority_focus_and_chain():
    pos = _pos(hand=["F-S01"], runes=["RN-FURY"] * 2)
    pos["control"] = [-1, 1]
    s = GAME.from_position(pos)
    v = s.view(0)
    assert v["extra"]["state"] == "Open" and v["extra"]["mode"] == "Neutral" and v["extra"]["priority"] == 0
    spell = s.table.zones["p0.hand"][0]
    target = s.table.zones["p1.bf1"][0]
    s.apply(s.decision.find(f"play(card={spell},target={target})", 0))
    v = s.view(1)
    assert v["extra"]["state"] == "Closed" and v["extra"]["chain"][0]["iid"] == spell
    assert v["extra"]["chain"][0]["card"] == "F-S01" and v["extra"]["priority"] == 0


def test_hidden_card_is_hidden_from_the_opponent():
    pos = _pos(bf0=["B-U02"], hand=["X-U02"], runes=["RN-CHAOS"])
    pos["control"] = [0, -1]
    s = GAME.from_position(pos)
    card = s.table.zones["p0.hand"][0]
    s.apply(s.decision.find(f"hide(card={card},to=p0.hidden0)", 0))
    opp = s.view(1)["zones"]["p0.hidden0"][0]
    assert opp["hidden"] and opp["card"] is None and opp["face"] == "down"
    assert s.view(0)["zones"]["p0.hidden0"][0]["card"] == "X-U02"


def test_games_end_and_greedy_beats_random():
    wins = 0
    for seed in range(6):
        m = Match(GAME, GAME.default_setup(), seed)
        agents = [GreedyAgent(seed), RandomAgent(seed)] if seed % 2 == 0 else [RandomAgent(seed), GreedyAgent(seed)]
        n = 0
        while m.state.decision is not None and n < 5000:
            d = m.state.decision
            m.apply(agents[d.players[0]].choose(m.state, d.players[0]))
            assert not m.state.invariant_violations()
            n += 1
        assert m.state.winner in (0, 1)
        wins += int(isinstance(agents[m.state.winner], GreedyAgent))
        assert max(m.state.points) >= VICTORY_SCORE or "burn" in m.state.outcome.reason or m.state.points[m.state.winner] >= VICTORY_SCORE
    assert wins >= 4


def test_weaponmaster_is_optional_and_needs_an_equipment():
    pos = _pos(hand=["F-U15", "F-U15"], base=["F-G01"], runes=["RN-FURY"] * 8)
    s = GAME.from_position(pos)
    first, second = s.table.zones["p0.hand"]
    gear = s.table.zones["p0.base"][0]
    s.apply(s.decision.find(f"play(card={first},to=p0.base)", 0))
    d = s.decision
    assert d.kind == "weaponmaster"
    assert {c.kind for c in d.choices} == {"target", "decline"}
    ev = s.apply(d.find("decline", 0))
    assert "trigger.declined" in [e.kind for e in ev]
    assert not s.chain and s.table.zone[gear] == "p0.base"
    # equip it to the first Adept for [1]; the second Adept may take it over (an Equipment you control)
    s.apply(s.decision.find(f"equip(card={gear},target={first})", 0))
    assert s.table.zone[gear] == f"att.{first}"
    s.apply(s.decision.find(f"play(card={second},to=p0.base)", 0))
    s.apply(s.decision.find(f"target(target={gear})", 0))
    s.apply(s.decision.find("pass", 0))
    s.apply(s.decision.find("pass", 1))
    assert s.table.zone[gear] == f"att.{second}" and s.might(second) == 4 and s.might(first) == 3
    # with no Equipment at all the trigger asks nothing
    s2 = GAME.from_position(_pos(hand=["F-U15"], runes=["RN-FURY"] * 4))
    s2.apply(s2.decision.find(f"play(card={s2.table.zones['p0.hand'][0]},to=p0.base)", 0))
    assert s2.decision.kind == "main_action" and not s2.chain


def test_why_not_sentences_for_common_illegal_drops():
    pos = _pos(hand=["B-U02", "F-S01", "X-S01", "O-S05"], runes=["RN-FURY"] * 3, base=[{"card": "B-U01", "exhausted": True}])
    pos["players"][1]["bf1"] = ["B-U14"]  # 9 Might
    pos["control"] = [-1, 1]
    s = GAME.from_position(pos)
    unit, jab, backstab, rush = s.table.zones["p0.hand"]
    tired = s.table.zones["p0.base"][0]
    big = s.table.zones["p1.bf1"][0]
    assert "battlefield you control" in s.why_not("play", {"card": unit, "to": "p0.bf1"}, 0)
    assert "enters under your control" in s.why_not("play", {"card": unit, "to": "p1.base"}, 0)
    assert "3 Might or less" in s.why_not("play", {"card": backstab, "target": big}, 0)
    assert "no showdown" in s.why_not("play", {"card": rush, "target": tired}, 0)
    assert "exhausted" in s.why_not("move", {"card": tired, "to": "p0.bf0"}, 0)
    assert "units you control" in s.why_not("move", {"card": big, "to": "p1.base"}, 0)
    assert "end the turn" in s.why_not("pass", {}, 0)
    assert "hand" in s.why_not("play", {"card": big}, 0)
    # a chain exists: only Reaction cards
    s.apply(s.decision.find(f"play(card={jab},target={big})", 0))
    assert "Reaction" in s.why_not("play", {"card": unit, "to": "p0.base"}, 0)
    assert "priority" in s.why_not("pass", {}, 1) or "priority" in s.why_not("play", {"card": unit}, 1)


def test_why_not_for_a_card_with_no_legal_choice_dropped_like_a_move():
    # the table asks with kind "move" when a card has no legal choice at all
    pos = _pos(hand=["B-U14"], runes=["RN-BODY"], base=["F-G01", "B-U01"])
    s = GAME.from_position(pos)
    big = s.table.zones["p0.hand"][0]
    gear = s.table.zones["p0.base"][0]
    unit = s.table.zones["p0.base"][1]
    assert "cost can't be paid" in s.why_not("move", {"card": big, "to": "p0.base"}, 0)
    assert "Equip" in s.why_not("move", {"card": gear, "target": unit}, 0)
    assert "not onto a card" in s.why_not("play", {"card": big, "target": unit}, 0)


def test_card_text_says_what_the_effects_do():
    cards = GAME.cards
    # a trigger's "if" condition is printed
    assert "if you have 1 or fewer cards in hand" in cards["LG-VESSA"]["text"]
    # one target per spell: after its first mention it is "it"
    assert cards["B-S03"]["text"] == "Reaction. Give a friendly unit Tank this turn, then give it +1 Might this turn."
    # an Equipment's keywords belong to the equipped unit
    assert cards["B-G01"]["text"] == "Equip [2]. The equipped unit has +2 Might and Tank."
    assert cards["F-G03"]["text"].startswith("Equip [1] [A].")
    assert "Weaponmaster" in cards["F-U15"]["text"] and "less [A]" in cards["F-U15"]["text"]
    assert cards["B-U15"]["text"] == "When I'm healed, give me +2 Might this turn."


def test_effect_arguments_are_checked_against_the_primitive_schema(tmp_path):
    from games.riftbound import carddb
    from games.riftbound.effects import EFFECTS

    assert {"damage", "counter", "vision", "token"} <= set(EFFECTS.table)
    p = tmp_path / "cards.toml"
    p.write_text('[[card]]\nid = "X-3"\nname = "Bad"\ntype = "spell"\neffect = [{ op = "damage", to = "everyone" }]\n')
    with pytest.raises(CardFileError) as err:
        carddb.load(p)
    assert "X-3" in str(err.value) and "'to' must be one of" in str(err.value)
    p.write_text('[[card]]\nid = "X-4"\nname = "Bad"\ntype = "spell"\neffect = [{ op = "draw", n = "two" }]\n')
    with pytest.raises(CardFileError) as err:
        carddb.load(p)
    assert "X-4" in str(err.value) and "'n' must be a whole number" in str(err.value)


def test_hide_is_one_check_for_the_choices_and_why_not():
    # battlefield 0 is ours, battlefield 1 is not: Hide is offered only at battlefield 0
    pos = _pos(hand=["C-U10"], runes=["RN-CALM"], bf0=["B-U01"])
    pos["control"] = [0, -1]
    s = GAME.from_position(pos)
    card = s.table.zones["p0.hand"][0]
    hides = [c for c in s.decision.choices if c.kind == "hide"]
    assert [c.args["to"] for c in hides] == ["p0.hidden0"]
    assert "battlefield you control" in s.why_not("hide", {"card": card, "to": "p0.hidden1"}, 0)
    from games.riftbound.legality import LEGAL
    assert LEGAL.reason("hide", s, 0, {"card": card, "to": "p0.hidden0"}) is None


def test_rules_are_named_procedures_each_with_its_rule():
    from games.riftbound.rules import PROCS, cleanup
    from games.riftbound.rules.turn import TURN_STRUCTURE

    for _where, name in TURN_STRUCTURE:
        assert name in PROCS and PROCS.rule_of(name)
    for name in ("turn", "cleanup", "priority", "focus", "mulligan", "move_with", "assign_damage", "vision"):
        assert PROCS.rule_of(name), name
    steps = [n for n in dir(cleanup) if n.startswith("cleanup_step_")]
    assert sorted(int(n.split("_")[2]) for n in steps) == list(range(1, 10))
    # a running game keeps its pending work as kit steps, with the turn at the bottom
    s = GAME.new_state(GAME.default_setup(), 5)
    assert s.steps[0].proc == "turn" and s.steps[-1].proc == "mulligan"


# -- targets in the kit's format ----------------------------------------------------------

_SPELL = '[[card]]\nid = "{cid}"\nname = "Bad Aim"\ntype = "spell"\neffect = [{{ op = "kill" }}]\ntarget = {target}\n'


@pytest.mark.parametrize("target, why", [
    ('{ side = "enemy" }', "no key 'side'"),
    ('{ who = "enemy", zone = "board" }', "who must be"),
    ('{ who = "opponent" }', "zone must be one of board, base, battlefield, chain"),
    ('{ who = "opponent", zone = "hand" }', "zone must be one of board, base, battlefield, chain"),
    ('{ who = "opponent", zone = 3 }', "zone must be text"),
    ('{ who = "opponent", zone = "board", filter = { min_might = 2 } }', "filter key 'min_might'"),
    ('{ who = "opponent", zone = "board", filter = { max_might = "three" } }', "max_might must be a whole number"),
    ('{ who = "opponent", zone = "board", filter = { max_might = -1 } }', "max_might must be 0 or more"),
    ('{ who = "self", zone = "board", filter = { other = 1 } }', "other must be true or false"),
    ('{ who = "opponent", zone = "chain", filter = { here = true } }', "takes no filter"),
    ('{ who = "opponent", zone = "board", count = 2 }', "count = 1"),
    ('{ who = "opponent", zone = "board", choose = false }', "choose = true"),
    ('"enemy_unit"', "is not a target"),
    ('"opponent"', "names no card to choose"),
    ("5", "must be a table or text"),
])
def test_a_malformed_target_is_refused_naming_the_file_and_the_card(tmp_path, target, why):
    from games.riftbound import carddb

    bad = tmp_path / "bad_targets.toml"
    bad.write_text(_SPELL.format(cid="X-T1", target=target))
    with pytest.raises(CardFileError) as err:
        carddb.load(bad)
    msg = str(err.value)
    assert "bad_targets.toml" in msg and "'X-T1'" in msg and "'target'" in msg and why in msg


def test_a_malformed_ability_target_is_refused_naming_the_file_and_the_card(tmp_path):
    from games.riftbound import carddb

    bad = tmp_path / "bad_ability.toml"
    bad.write_text('[[card]]\nid = "X-T2"\nname = "Bad Hand"\ntype = "unit"\nmight = 2\n'
                   '[[card.ability]]\non = "play"\neffect = [{ op = "buff" }]\ntarget = "friendly_other"\n')
    with pytest.raises(CardFileError) as err:
        carddb.load(bad)
    msg = str(err.value)
    assert "bad_ability.toml" in msg and "'X-T2'" in msg and "'ability'" in msg and "'friendly_other'" in msg


def test_a_malformed_target_on_a_scenario_card_is_refused():
    from games.riftbound import carddb

    extra = [{"id": "X-T3", "name": "Bad Aim", "type": "spell", "effect": [{"op": "kill"}],
              "target": {"who": "opponent", "zone": "graveyard"}}]
    with pytest.raises(CardFileError) as err:
        carddb.extra_cards(GAME.cards, extra, "scenario 99")
    assert "'X-T3'" in str(err.value) and "zone must be one of" in str(err.value)


def test_every_card_target_is_in_the_kit_format():
    from games.riftbound.carddb import TARGET_ZONES
    from tabletop.engine.effects import check_target

    seen = 0
    for cid, c in GAME.cards.items():
        for tgt in [c["target"]] + [a.get("target") for a in c["abil"]]:
            if tgt is None:
                continue
            seen += 1
            assert check_target(tgt) is None, cid
            assert tgt["who"] in ("self", "opponent") and tgt["zone"] in TARGET_ZONES, cid
    assert seen >= 39


_BOARD = {"turn": 3, "active": 0, "phase": "main", "battlefields": ["BF-CROSS", "BF-CROSS"], "control": [0, 1],
          "players": [{"deck": ["B-U02"] * 3, "hand": ["X-AIM"], "base": ["B-U01", "B-U05"], "bf0": ["B-U02"]},
                      {"deck": ["B-U02"] * 3, "base": ["B-U14"], "bf1": ["B-U01", "B-U02"]}]}


def _aim(target):
    """The units a 0-cost spell with this target may be played on, as (zone, card id), in order."""
    extra = [{"id": "X-AIM", "name": "Aim", "type": "spell", "effect": [{"op": "kill"}], "target": target}]
    s = GAME.from_position(_BOARD, extra_cards=extra)
    aim = s.table.zones["p0.hand"][0]
    return [(s.table.zone[c.args["target"]], s.table.card[c.args["target"]])
            for c in s.decision.choices if c.kind == "play" and c.args["card"] == aim]


def test_targets_resolve_who_zone_and_filter_in_order():
    mine = [("p0.base", "B-U01"), ("p0.base", "B-U05"), ("p0.bf0", "B-U02")]
    theirs = [("p1.base", "B-U14"), ("p1.bf1", "B-U01"), ("p1.bf1", "B-U02")]
    assert _aim({"who": "self", "zone": "board"}) == mine
    assert _aim({"who": "opponent", "zone": "board"}) == theirs
    assert _aim({"who": "any", "zone": "board"}) == _aim({"zone": "board"}) == mine + theirs
    assert _aim({"who": "opponent", "zone": "battlefield"}) == theirs[1:]
    assert _aim({"zone": "battlefield"}) == mine[2:] + theirs[1:]
    assert _aim({"who": "self", "zone": "base"}) == mine[:2]
    assert _aim({"who": "opponent", "zone": "board", "filter": {"max_might": 3}}) == theirs[1:]
    assert _aim({"who": "opponent", "zone": "board", "count": 1, "choose": True}) == theirs
    # a spell from the hand is at its player's base: "here" is there, never the opponent's base
    assert _aim({"who": "self", "zone": "board", "filter": {"here": True}}) == mine[:2]
    assert _aim({"who": "opponent", "zone": "board", "filter": {"here": True}}) == []
    assert _aim({"who": "opponent", "zone": "chain"}) == []


def test_here_and_other_are_read_from_the_card_whose_ability_it_is():
    s = GAME.from_position(dict(_BOARD, players=[dict(_BOARD["players"][0], hand=[]), _BOARD["players"][1]]))
    squire = s.table.zones["p0.base"][1]

    def ids(target, loc):
        return [s.table.card[u] for u in s._targets(0, target, squire, loc, -1)]

    assert ids({"who": "self", "zone": "board", "filter": {"other": True}}, -1) == ["B-U01", "B-U02"]
    assert ids({"who": "opponent", "zone": "battlefield", "filter": {"here": True}}, 1) == ["B-U01", "B-U02"]
    assert ids({"who": "opponent", "zone": "battlefield", "filter": {"here": True}}, 0) == []
    assert ids({"who": "opponent", "zone": "battlefield", "filter": {"here": True}}, -1) == []
    assert ids({"who": "self", "zone": "battlefield", "filter": {"here": True}}, 0) == ["B-U02"]


def test_card_text_says_the_target_as_before():
    from games.riftbound.carddb import target_text

    cards = GAME.cards
    assert cards["F-U06"]["text"] == "Ganking. When I attack, deal 1 to an enemy unit here."
    assert cards["B-U05"]["text"] == "When you play me, buff another friendly unit."
    assert cards["X-S01"]["text"] == "Hidden. Kill an enemy unit with 3 Might or less."
    assert "a friendly unit at your base" in cards["O-S05"]["text"]
    assert "ounter an enemy spell" in cards["M-S01"]["text"]
    assert "an enemy unit at a battlefield" in cards["F-U11"]["text"]
    words = {
        "a unit": {"who": "any", "zone": "board"},
        "a friendly unit": {"who": "self", "zone": "board"},
        "a unit at a battlefield": {"zone": "battlefield"},
        "a friendly unit at a battlefield": {"who": "self", "zone": "battlefield"},
        "a friendly unit here": {"who": "self", "zone": "board", "filter": {"here": True}},
        "an enemy unit at your opponent's base": {"who": "opponent", "zone": "base"},
        "a spell": {"zone": "chain"},
        "": None,
    }
    for said, target in words.items():
        assert target_text(target) == said


def test_rune_pools_empty_twice_a_turn():
    """Seed phase 5: the pools empty as the Main Phase begins, "the first of the two times a
    turn"; the second is the Ending Phase's expiration step."""
    import random as _random

    s = GAME.new_state(GAME.default_setup(), 3)
    rng = _random.Random(3)
    per_turn: dict = {}
    turn = s.turn
    while s.decision is not None and turn < 12:
        for e in s.apply(rng.choice(s.decision.choices)):
            if e.kind == "turn.next":
                turn += 1
            elif e.kind == "pool.empty":
                per_turn[turn] = per_turn.get(turn, 0) + 1
    assert len(per_turn) > 8 and all(n == 2 for t, n in per_turn.items() if 1 < t < 11), per_turn
