"""Aquarian Age plugin: card pool, decks, contract (data round trip, views,
determinization), error messages, rule sentences, scenarios and a short self-play."""

from __future__ import annotations

import glob
import os

import pytest

from games.aquarian_age import GAME, AquarianAge
from games.aquarian_age.carddb import FACTIONS, SKILLS, parse_skill
from tabletop.ai.agents import RandomAgent
from tabletop.engine.errors import CardFileError, PositionError
from tabletop.engine.rng import PCG32
from tabletop.scenario import run_scenario

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCEN = os.path.join(ROOT, "tests", "scenarios", "aquarian_age")
J = "EGO-J1"


def play_random(seed: int, n: int):
    """A state after up to n random choices, and the states seen on the way."""
    s = GAME.new_state(GAME.default_setup(), seed)
    rng = PCG32(seed, stream=5)
    seen = [s.clone()]
    for _ in range(n):
        d = s.decision
        if d is None:
            break
        s.apply(rng.choice(d.choices))
        seen.append(s.clone())
    return s, seen


# -- the card pool ----------------------------------------------------------------

def test_faction_order_is_the_seeds():
    assert FACTIONS == ("ego", "arayashiki", "wizdom", "darklore", "eraser")


def test_pool_has_100_cards_of_every_type_in_every_faction():
    cards = GAME.cards
    assert len(cards) >= 100
    for f in FACTIONS:
        types = {c["type"] for c in cards.values() if c["faction"] == f}
        assert types == {"character", "break", "permanent", "project", "fast"}, f
    for c in cards.values():
        if c["type"] in ("character", "break"):
            assert c["icons"], c["id"]


def test_every_skill_is_used_in_the_pool():
    used = {}
    mental_attack = name_level = False
    for c in GAME.cards.values():
        for k, v in c["skills"].items():
            used.setdefault(k, set()).add(v > 0)
        for kind, k, v in c["static"]:
            if kind == "kw":
                used.setdefault(k, set()).add(v > 0)
        for e in c["effect"]:
            if e["op"] == "grant":
                k, v = parse_skill(e["keyword"])
                used.setdefault(k, set()).add(v > 0)
        mental_attack |= c["mental_attack"]
        name_level |= c["name_level"]
    assert set(SKILLS) <= set(used)
    assert False in used["draw"] and True in used["draw"]  # Draw+X and Draw-X
    assert False in used["permanent"] and True in used["permanent"]  # Permanent+X and Permanent-X
    assert mental_attack and name_level


def test_three_legal_preconstructed_decks():
    assert len(GAME.decks) >= 3
    for name, ids in GAME.decks.items():
        assert len(ids) == 40
        assert GAME.validate_deck(ids) == [], name


def test_validate_deck_limits():
    deck = list(next(iter(GAME.decks.values())))
    assert any("exactly 40" in p for p in GAME.validate_deck(deck + [J]))
    five = ["EGO-01"] * 5 + deck[5:]
    assert any("at most 4" in p for p in GAME.validate_deck(five))


def test_card_file_error_names_file_card_field_and_line(tmp_path):
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nid = "X-1"\nname = "Bad"\ntype = "character"\nfaction = "ego"\n'
                   'mental = 1\nattack = 1\ndurability = 1\nicons = ["student"]\nskills = ["Flying"]\n')
    with pytest.raises(CardFileError) as err:
        _ = AquarianAge(str(bad)).cards
    msg = str(err.value)
    assert "cards.toml" in msg and "X-1" in msg and "skills" in msg and "line 10" in msg and "Flying" in msg


def test_card_file_error_on_unknown_effect(tmp_path):
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nid = "X-2"\nname = "Bad"\ntype = "project"\nfaction = "ego"\nfactor = 1\ncost = 1\n'
                   'effect = [{op = "explode"}]\n')
    with pytest.raises(CardFileError) as err:
        _ = AquarianAge(str(bad)).cards
    assert "X-2" in str(err.value) and "explode" in str(err.value)


def test_position_errors_are_one_sentence():
    with pytest.raises(PositionError, match="unknown card"):
        GAME.from_position({"players": [{"hand": ["NOPE"]}, {}]})
    with pytest.raises(PositionError, match="unknown faction"):
        GAME.from_position({"players": [{"faction": {"polar": ["EGO-01"]}}, {}]})
    with pytest.raises(PositionError, match="needs 2"):
        GAME.from_position({"players": [{}]})
    with pytest.raises(PositionError, match="must be a list"):
        GAME.from_position({"players": [{"faction": {"ego": "EGO-01"}}, {}]})
    with pytest.raises(PositionError, match="phase"):
        GAME.from_position({"phase": "battle", "players": [{}, {}]})
    with pytest.raises(PositionError, match="not a character"):
        GAME.from_position({"players": [{"dominion": [J]}, {}]})


def test_every_card_has_a_face():
    for cid, c in GAME.cards.items():
        face = GAME.describe_card(cid)
        assert face["name"] == c["name"] and face["color"].startswith("#")
        if c["type"] in ("character", "break"):
            assert [k for k, _ in face["stats"]] == ["MEN", "ATK", "DUR"]


# -- set-up and the contract -----------------------------------------------------------

def test_new_state_deals_seven_and_offers_the_second_player_a_redraw():
    s = GAME.new_state(GAME.default_setup(), 11)
    v = s.view(None)
    assert len(v["zones"]["p0.hand"]) == 7 and len(v["zones"]["p1.hand"]) == 7
    assert len(v["zones"]["p0.deck"]) == 33
    d = s.decision
    assert d.kind == "redraw" and d.players == (1 - s.first,)


def test_same_seed_same_game():
    a, _ = play_random(5, 150)
    b, _ = play_random(5, 150)
    assert a.digest() == b.digest()


def test_data_round_trip_and_clone_independence():
    _, seen = play_random(21, 300)
    for s in seen[::17]:
        data = s.to_data()
        back = GAME.state_from_data(data)
        assert back.to_data() == data
        assert back.digest() == s.digest()
        if s.decision is not None:
            assert [c.id for c in back.decision.choices] == [c.id for c in s.decision.choices]
            c = s.clone()
            before = s.digest()
            c.apply(c.decision.choices[-1])
            assert s.digest() == before


def test_reading_the_decision_never_changes_the_state():
    """The rules run in apply only: reading ``decision`` on a state loaded from
    its data (nothing cached) leaves its data and digest as they were, and
    gives the same decision as the state that reached that point by play."""
    for seed in (2, 7, 11):
        s, seen = play_random(seed, 400)
        assert len(seen) > 50
        for state in seen[::3]:
            fresh = GAME.state_from_data(state.to_data())
            before = fresh.to_data()
            d = fresh.decision
            assert fresh.to_data() == before
            again = GAME.state_from_data(before)
            digest = again.digest()
            for _ in range(3):
                again.decision
            assert again.to_data() == before and again.digest() == digest
            ref = state.decision
            if ref is None:
                assert d is None
            else:
                assert [c.id for c in d.choices] == [c.id for c in ref.choices] and d.players == ref.players


def test_every_waiting_step_has_its_decision():
    """After each choice the top step is one that waits, and its procedure
    builds a decision (the processor stopped at a real decision)."""
    from games.aquarian_age.rules import PROCS

    s, seen = play_random(5, 300)
    for state in seen:
        if state.outcome is not None:
            assert state.decision is None and state.steps == []
            continue
        top = state.steps[-1]
        assert PROCS[top.proc].waits, top
        assert PROCS[top.proc].decide(state, top).choices


def test_procedure_table_names_a_rule_for_every_step_of_the_turn():
    from games.aquarian_age.rules import PROCS
    from games.aquarian_age.rules.turn import PHASES, TURN_STRUCTURE, phases_of_turn, turn_step

    assert PHASES == ("draw", "faction", "main", "power", "discard")
    for name, proc in PROCS.table.items():
        assert proc.rule and "(" in proc.rule, name  # the rule as the rulebook names it, with its section
    for _, steps in TURN_STRUCTURE:
        for proc, _args in steps:
            assert proc in PROCS
    assert [name for name, _ in phases_of_turn(1)] == ["draw", "main", "power", "discard"]
    assert [name for name, _ in phases_of_turn(2)] == list(PHASES)
    assert turn_step(3, "power").stage == 4 and turn_step(1, "faction").stage == 2  # turn 1: main comes next
    # one turn step for the whole game, at the bottom of the stack
    s, seen = play_random(6, 200)
    for state in seen[1:]:
        if state.outcome is None:
            assert [st.proc for st in state.steps].count("turn") == 1 and state.steps[0].proc == "turn"


def test_every_event_names_its_rule():
    s = GAME.new_state(GAME.default_setup(), 9)
    rng = PCG32(9, stream=5)
    n = 0
    while s.decision is not None and n < 600:
        for e in s.apply(rng.choice(s.decision.choices)):
            assert e.rule, e.kind
        n += 1
    assert s.outcome is not None


def test_the_outcome_names_winner_termination_and_rule():
    from tabletop.engine.outcome import Termination

    deck_out = GAME.from_position({"turn": 4, "phase": "draw", "players": [
        {"deck": [], "hand": ["EGO-J1"]}, {"deck": ["EGO-J1"] * 6}]})
    o = deck_out.outcome
    assert (o.winner, o.termination, o.rule) == (1, Termination.DECK_OUT, "digest A.4.11b")
    assert deck_out.winner == 1 and deck_out.decision is None and deck_out.view(None)["extra"]["reason"] == o.reason
    again = GAME.state_from_data(deck_out.to_data())
    assert again.outcome == o and again.digest() == deck_out.digest()
    s, _ = play_random(4, 3000)
    assert s.outcome is not None and s.outcome.termination in (Termination.LIFE, Termination.DECK_OUT)
    assert s.view(None)["winner"] == s.outcome.winner == s.winner


def test_the_legality_checks_allow_every_listed_choice():
    """The same rules list the choices and answer why_not: no listed choice is
    refused by its check."""
    from games.aquarian_age.legality import LEGAL

    checked = set()
    for seed in (1, 8):
        _, seen = play_random(seed, 500)
        for state in seen:
            d = state.decision
            for c in d.choices if d is not None else ():
                if c.kind in LEGAL.table:
                    assert LEGAL.reason(c.kind, state, c.player, dict(c.args, kind=c.kind)) is None, c
                    checked.add(c.kind)
    assert {"place", "attack", "power", "guard"} <= checked, checked


def test_view_hides_hands_decks_and_power_cards():
    _, seen = play_random(8, 400)
    checked_power = False
    for s in seen[::10]:
        for p in (0, 1):
            v = s.view(p)
            o = 1 - p
            for c in v["zones"][f"p{o}.hand"] + v["zones"][f"p{o}.deck"] + v["zones"][f"p{p}.deck"]:
                assert c["hidden"] and c["card"] is None and c["iid"] is None
            for c in v["zones"][f"p{p}.hand"]:
                assert c["card"] is not None
            for c in v["zones"][f"p{o}.dominion"]:
                for a in c["attached"]:
                    if a["face"] == "down":
                        assert a["card"] is None
                        checked_power = True
    assert checked_power


def test_determinize_keeps_what_the_player_sees():
    _, seen = play_random(13, 300)
    rng = PCG32(3)
    for s in seen[::25]:
        for p in (0, 1):
            d = s.determinize(p, rng)
            assert d.view(p)["zones"] == s.view(p)["zones"]


def test_invariants_hold_in_random_games():
    for seed in range(3):
        _, seen = play_random(seed, 500)
        for s in seen:
            assert s.invariant_violations() == []


# -- rule sentences --------------------------------------------------------------------

def _pos(p0, p1, phase="main"):
    return {"turn": 3, "active": 0, "phase": phase, "players": [p0, p1]}


def _iid(state, card_id, zone=None):
    from tabletop.scenario import resolve_ref

    return resolve_ref(f"@{card_id}" + (f"@{zone}" if zone else ""), state.view(None))


def test_why_not_names_the_break_rules():
    s = GAME.from_position(_pos({"hand": ["EGO-B1", "EGO-B2"], "dominion": [{"card": "ARA-03", "power": [J, J]},
                                                                          {"card": "EGO-04", "power": [J]}]},
                                {"faction": {"ego": [{"card": "EGO-03", "power": [J]}]}}))
    b1, b2 = _iid(s, "EGO-B1"), _iid(s, "EGO-B2")
    opp, athlete = _iid(s, "EGO-03"), _iid(s, "EGO-04")
    assert "no power card" in s.why_not("break", {"card": b1, "target": opp}, 0)
    assert "classification icon" in s.why_not("break", {"card": b1, "target": athlete}, 0)
    assert "factor 2" in s.why_not("break", {"card": b2, "target": athlete}, 0)
    assert "Player 1" in s.why_not("take", {}, 1)


def test_why_not_names_the_name_level_rule():
    s = GAME.from_position(_pos({"hand": ["EGO-10"]}, {"faction": {"ego": ["EGO-10"]}}))
    h = _iid(s, "EGO-10", "p0.hand")
    assert "name-level" in s.why_not("place", {"card": h, "to": "p0.faction.ego"}, 0)


def test_illegal_choice_is_refused_with_the_rule():
    from tabletop.engine.core import Choice
    from tabletop.engine.errors import IllegalChoice

    s = GAME.from_position(_pos({"hand": ["EGO-B1"], "dominion": [{"card": "EGO-04", "power": [J]}]}, {}))
    with pytest.raises(IllegalChoice, match="classification icon"):
        s.apply(Choice("break", {"card": _iid(s, "EGO-B1"), "target": _iid(s, "EGO-04")}, 0))


# -- scenarios, self-play, save ------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(SCEN, "*.toml"))), ids=os.path.basename)
def test_scenario(path):
    r = run_scenario(path)
    assert r.passed, r.message


def test_at_least_25_scenarios():
    assert len(glob.glob(os.path.join(SCEN, "*.toml"))) >= 25


def test_short_selfplay_has_no_errors():
    from tabletop import selfplay

    rep = selfplay.run(GAME, 6, 900, ["random", "greedy"])
    assert rep["errors"] == 0 and rep["violations"] == 0, rep["problems"]
    assert rep["finished"] == 6


def test_random_agent_games_end():
    for seed in range(4):
        s = GAME.new_state(GAME.default_setup(), seed)
        a = RandomAgent(seed)
        n = 0
        while s.decision is not None and n < 5000:
            p = s.decision.players[0]
            s.apply(a.choose(s, p))
            n += 1
        assert s.winner in (0, 1)


def test_example_save_verifies():
    from tabletop.saves import load_match

    path = os.path.join(ROOT, "saves", "aquarian_age-midgame.toml")
    m = load_match(path)
    assert m.game.id == "aquarian_age" and m.state.decision is not None
    assert m.name == "Example: Aquarian Age mid-game"


# -- audit additions -----------------------------------------------------------

def test_card_face_prints_abilities_and_a_guard_cost_other_than_one():
    diva = GAME.describe_card("EGO-B4")  # an ① ability, no other text
    assert diva["text"] == "①: Draw a card."
    ogre = GAME.describe_card("DKL-B2")
    assert "Guard cost 2" in ogre["keywords"]
    assert not any(k.startswith("Guard cost") for k in GAME.describe_card("EGO-01")["keywords"])
    assert GAME.cards["DKL-B2"]["guard_cost"] == 2 and GAME.cards["EGO-01"]["guard_cost"] == 1


def test_guard_cost_is_checked_in_the_card_file(tmp_path):
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nid = "X-3"\nname = "Bad"\ntype = "character"\nfaction = "ego"\n'
                   'mental = 1\nattack = 1\ndurability = 1\nicons = ["student"]\nguard_cost = -1\n')
    with pytest.raises(CardFileError) as err:
        _ = AquarianAge(str(bad)).cards
    assert "X-3" in str(err.value) and "guard_cost" in str(err.value)


def test_effect_arguments_are_checked_against_the_registered_primitive(tmp_path):
    bad = tmp_path / "cards.toml"
    base = '[[card]]\nid = "X-3"\nname = "Bad"\ntype = "project"\nfaction = "ego"\nfactor = 1\ncost = 1\n'
    for effect, words in (('{op = "draw"}', ("needs 'n'",)), ('{op = "draw", n = 1, colour = "red"}', ("no argument", "colour")),
                          ('{op = "modify", stat = "speed", delta = 1}', ("stat",)), ('{op = "mill", n = 2, who = "both"}', ("who",))):
        bad.write_text(base + f"effect = [{effect}]\n", encoding="utf-8")
        with pytest.raises(CardFileError) as err:
            _ = AquarianAge(str(bad)).cards
        msg = str(err.value)
        assert "cards.toml" in msg and "X-3" in msg and all(w in msg for w in words), msg


def test_every_effect_primitive_prints_a_text():
    from games.aquarian_age.effects import EFFECTS

    for c in GAME.cards.values():
        for e in c["effect"] + [x for a in c["ability"] for x in a["effect"]]:
            text = EFFECTS.text(e)
            assert text and text.endswith("."), (e, text)


def test_every_effect_primitive_is_used_by_a_card():
    from games.aquarian_age.effects import EFFECTS

    used = set()
    for c in GAME.cards.values():
        used |= {e["op"] for e in c["effect"]}
        for a in c["ability"]:
            used |= {e["op"] for e in a["effect"]}
    assert set(EFFECTS.table) <= used, set(EFFECTS.table) - used


def test_view_lists_each_zone_once():
    s, _ = play_random(4, 60)
    v = s.view(None)
    assert "z" not in v["extra"]
    iids = [c["iid"] for cards in v["zones"].values() for c in cards if c.get("iid") is not None]
    assert len(iids) == len(set(iids))


def _pos_main(p0: dict, p1: dict | None = None) -> dict:
    base = {"name": "P", "deck": [J] * 20}
    return {"turn": 5, "active": 0, "first": 0, "phase": "main",
            "players": [dict(base, **p0), dict(base, name="Q", **(p1 or {}))]}


def _after(state, kind, **args):
    s = state.clone()
    d = s.decision
    c = next(c for c in d.choices if c.kind == kind and all(c.args.get(k) == v for k, v in args.items()))
    s.apply(c)
    return GAME.heuristic(s, 0)


def _first(state, cid):
    return next(i for i, c in enumerate(state.table.card) if c == cid)


def test_heuristic_likes_a_useful_permanent_and_a_break():
    s = GAME.from_position(_pos_main({"hand": ["EGO-P1", "EGO-B3"],
                                      "dominion": [{"card": "EGO-08", "power": [J, J]}, {"card": "EGO-03", "power": [J]}]}))
    end = _after(s, "end_main")
    assert _after(s, "permanent", card=_first(s, "EGO-P1"), target=_first(s, "EGO-08")) > end
    assert _after(s, "break", card=_first(s, "EGO-B3"), target=_first(s, "EGO-08")) > end


def test_heuristic_attacks_an_open_player_but_not_into_a_killing_guard():
    open_pos = GAME.from_position(_pos_main({"dominion": [{"card": "EGO-04", "power": [J, J]}]}))
    atk = _first(open_pos, "EGO-04")
    assert _after(open_pos, "attack", card=atk, to="p1.damage") > _after(open_pos, "end_main")
    # a 1-attack, 1-durability attacker into a 3/2 guard: the guard survives and kills it
    guarded = GAME.from_position(_pos_main({"dominion": [{"card": "EGO-08", "power": [J]}]},
                                           {"dominion": [{"card": "EGO-09", "power": [J, J, J]}]}))
    atk = _first(guarded, "EGO-08")
    assert _after(guarded, "attack", card=atk, to="p1.damage") < _after(guarded, "end_main")


# -- targets in the kit's format ----------------------------------------------------------

_PROJECT = ('[[card]]\nid = "{cid}"\nname = "Bad Aim"\ntype = "project"\nfaction = "ego"\nfactor = 0\ncost = 0\n'
            'effect = [{{op = "destroy"}}]\ntarget = {target}\n')


@pytest.mark.parametrize("target, why", [
    ('{ side = "own" }', "no key 'side'"),
    ('{ who = "own" }', "who must be"),
    ('{ who = "self", zone = "hand" }', "zone must be one of faction, dominion"),
    ('{ who = "self", filter = { max_power = 1 } }', "unknown target filter 'max_power'"),
    ('{ filter = { max_mental = "two" } }', "max_mental must be an integer"),
    ('{ filter = { faction = "polar" } }', "faction must be one of"),
    ('{ filter = { no_power = 1 } }', "no_power must be true/false"),
    ('{ who = "any", count = 2 }', "count must be 1"),
    ('{ who = "any", choose = false }', "choose must be true"),
    ('{ who = "any", zone = 3 }', "zone must be text"),
    ('"nobody"', "is not a target"),
    ('"this"', "on = \"self\""),
    ("5", "must be a table or text"),
])
def test_a_malformed_target_is_refused_naming_the_file_and_the_card(tmp_path, target, why):
    bad = tmp_path / "bad_targets.toml"
    bad.write_text(_PROJECT.format(cid="X-T1", target=target))
    with pytest.raises(CardFileError) as err:
        _ = AquarianAge(str(bad)).cards
    msg = str(err.value)
    assert "bad_targets.toml" in msg and "'X-T1'" in msg and "'target'" in msg and why in msg


def test_a_malformed_ability_target_is_refused_naming_the_file_and_the_card(tmp_path):
    bad = tmp_path / "bad_ability.toml"
    bad.write_text('[[card]]\nid = "X-T2"\nname = "Bad Hand"\ntype = "character"\nfaction = "ego"\n'
                   'mental = 1\nattack = 1\ndurability = 1\nicons = ["student"]\n'
                   '[[card.ability]]\ncost = 1\neffect = [{op = "strip"}]\ntarget = { side = "opp" }\n')
    with pytest.raises(CardFileError) as err:
        _ = AquarianAge(str(bad)).cards
    msg = str(err.value)
    assert "bad_ability.toml" in msg and "'X-T2'" in msg and "ability" in msg and "'side'" in msg


def test_every_card_target_is_in_the_kit_format():
    from tabletop.engine.effects import check_target

    seen = 0
    for cid, c in GAME.cards.items():
        for tgt in [c["target"]] + [a["target"] for a in c["ability"]]:
            if tgt is None:
                continue
            seen += 1
            assert check_target(tgt) is None, cid
            assert tgt["who"] in ("self", "opponent", "any") and tgt.get("zone", "faction") in ("faction", "dominion")
    assert seen >= 13


def _aim(target: str):
    """The characters a project with this target may be played on, by card id, in order."""
    from games.aquarian_age.legality import targets

    extra = [{"id": "X-AIM", "name": "Aim", "type": "project", "faction": "ego", "factor": 0, "cost": 0,
              "effect": [{"op": "destroy"}], "target": target}]
    s = GAME.from_position({"players": [
        {"faction": {"ego": ["EGO-06", "EGO-01"]}, "dominion": [{"card": "EGO-09", "power": ["EGO-J1"]}]},
        {"faction": {"darklore": ["DKL-03"]}, "dominion": ["DKL-04", "DKL-09"]}]}, extra_cards=extra)
    return [s.table.card[t] for t in targets(s, 0, s.db["X-AIM"]["target"])]


def test_targets_resolve_who_zone_and_filter_in_order():
    assert _aim({}) == ["EGO-01", "EGO-09", "DKL-03", "DKL-04", "DKL-09"]
    assert _aim({"who": "any"}) == _aim({})
    assert _aim({"who": "self"}) == _aim("self") == ["EGO-01", "EGO-09"]
    assert _aim({"who": "opponent"}) == _aim("opponent") == ["DKL-03", "DKL-04", "DKL-09"]
    assert _aim({"who": "opponent", "zone": "dominion"}) == ["DKL-04", "DKL-09"]
    assert _aim({"zone": "faction"}) == ["EGO-01", "DKL-03"]
    assert _aim({"filter": {"max_mental": 1}}) == ["EGO-01", "DKL-04"]
    assert _aim({"filter": {"min_mental": 3}}) == ["EGO-09", "DKL-09"]
    assert _aim({"filter": {"max_attack": 1}}) == ["EGO-01", "DKL-04"]
    assert _aim({"filter": {"no_power": True}}) == ["EGO-01", "DKL-03", "DKL-04", "DKL-09"]
    assert _aim({"filter": {"faction": "darklore", "aggressive": True}}) == ["DKL-03", "DKL-09"]
    assert _aim({"who": "self", "count": 1, "choose": True}) == ["EGO-01", "EGO-09"]
