"""Lumen Condenser legality: every decision's choices pass the kind's check,
the check refuses what is not listed, and why_not names the rule."""

from __future__ import annotations

import random

import pytest

from games.lumen_condenser import GAME
from games.lumen_condenser.legality import LEGAL
from games.lumen_condenser.zones import HAND, LIST, SIDE, ULTIMATE

CARD_KINDS = {  # decision step: the choice kind whose card the check judges
    "catch_choice": "catch",
    "get_pick": "get",
    "sudden_death_get": "get",
    "get_discard": "discard",
    "hand_limit": "discard",
    "grab_window": "grab_break",
    "replenish": "replenish",
}


def _iid(s, player, card_id, zone="hand"):
    return next(i for i in s.table.zones[f"p{player}.{zone}"] if s.table.card[i] == card_id)


def _grab_window():
    """p1 may break a grab technique (LC-N11) against p0's grab (LC-301); the
    break replenishes p1's List from a side deck holding a special technique."""
    s = GAME.from_position({"phase": "ready", "players": [
        {"character": "LC-C03", "hand": ["LC-301", "LC-N13"], "list": ["LC-N03"], "side": ["LC-N05"]},
        {"character": "LC-C02", "hand": ["LC-N02", "LC-N11", "LC-N04"], "list": ["LC-N03"],
         "side": ["LC-N20", "LC-N19", "LC-N16"]}]})
    s.apply_id(f"ready(card={_iid(s, 0, 'LC-301')},to=p0.battle)", 0)
    s.apply_id(f"ready(card={_iid(s, 1, 'LC-N02')},to=p1.battle)", 1)
    assert s.steps[-1].proc == "grab_window"
    return s


def _replenish():
    s = _grab_window()
    s.apply_id(f"grab_break(card={_iid(s, 1, 'LC-N11')})", 1)
    assert s.steps[-1].proc == "replenish"
    return s


def _timed_ready():
    """Timed play: p0 has declared, so p1 may time out (no response, seed 5.2)."""
    s = GAME.from_position({"phase": "ready", "timed": True, "players": [
        {"character": "LC-C01", "hand": ["LC-N01", "LC-N13"], "list": ["LC-N03"], "side": []},
        {"character": "LC-C02", "hand": ["LC-N13", "LC-N02", "LC-N04"], "list": ["LC-N03"], "side": [],
         "restrict": "attack"}]})
    s.apply_id(f"ready(card={_iid(s, 0, 'LC-N01')},to=p0.battle)", 0)
    assert any(c.kind == "timeout" for c in s.decision.choices_for(1))
    return s


def _play(s, rng, limit=400):
    for _ in range(limit):
        if s.decision is None:
            return
        yield s, s.steps[-1]
        s.apply(rng.choice(s.decision.choices))


def _positions(games=12):
    """(state, step) at every decision of a few seeded random self-play
    games, and of random play on from the set positions above."""
    for seed in range(games):
        yield from _play(GAME.new_state(GAME.default_setup(), seed), random.Random(seed), limit=10_000)
    for make in (_grab_window, _timed_ready):
        for seed in range(3):
            yield from _play(make(), random.Random(seed))


def _first(proc, pred=lambda s: True):
    for s, step in _positions(40):
        if step.proc == proc and pred(s):
            return s.clone()
    pytest.fail(f"no {proc} decision came up in self-play")


def test_no_listed_choice_is_refused_and_every_refused_card_is_unlisted():
    seen = set()
    for s, step in _positions():
        d = s.decision
        for c in d.choices:
            assert c.kind in LEGAL.table or c.role in ("pass", "end"), c.id  # every choice but a pass has its check
            if c.kind in LEGAL.table:
                assert LEGAL.reason(c.kind, s, c.player, c.args) is None, (step.proc, c.id)
                seen.add(c.kind)
        kind = CARD_KINDS.get(step.proc)
        if kind is not None:
            p = d.players[0]
            listed = {c.args["card"] for c in d.choices if c.kind == kind}
            for iid in range(len(s.table.card)):
                assert (LEGAL.reason(kind, s, p, {"card": iid}) is None) == (iid in listed), (step.proc, iid)
        if step.proc == "ability_window":
            p = d.players[0]
            listed = [c.args for c in d.choices if c.kind == "ability"]
            cands = [{"ability": i} for i in range(len(s.char(p).abilities))]
            cands += [{"card": i} for i in range(len(s.table.card))]
            allowed = [a for a in cands if LEGAL.allows("ability", s, p, a)]
            assert sorted(allowed, key=str) == sorted(listed, key=str)
    assert {"ready", "get", "discard", "ability", "catch", "grab_break", "replenish", "timeout"} <= seen


def _refused(s, kind, args, p, *words):
    msg = s.why_not(kind, args, p)
    assert LEGAL.why_not(s, kind, args, p) == msg
    for w in words:
        assert w in msg, msg
    return msg


def test_catch_refuses_a_card_outside_the_hand_and_a_too_fast_attack():
    def fast_attacks(s):
        a = s.steps[-1].args
        return [i for i in s.table.zones[HAND[a["player"]]]
                if s.tech(i).type == "attack" and not s.tech(i).special and s.tech(i).speed > a["max"]]

    s = _first("catch_choice", fast_attacks)
    p, top = s.steps[-1].args["player"], s.steps[-1].args["max"]
    _refused(s, "catch", {"card": s.table.zones[LIST[p]][0]}, p, "from your hand", "seed 5.3.10")
    for i in fast_attacks(s):
        _refused(s, "catch", {"card": i}, p, f"speed {top} or less", "seed 5.3.10")
    defence = [i for i in s.table.zones[HAND[p]] if s.tech(i).type != "attack"]
    for i in defence:
        _refused(s, "catch", {"card": i}, p, "not an attack technique", "seed 5.3.10")


def test_get_refuses_the_opponents_list_and_takes_only_the_list_in_sudden_death():
    s = _first("get_pick")
    p = s.steps[-1].args["player"]
    _refused(s, "get", {"card": s.table.zones[LIST[1 - p]][0]}, p, "your own List", "seed 5.4")
    _refused(s, "get", {"card": s.table.zones[HAND[p]][0]}, p, "seed 5.4")
    s.steps[-1].proc = "sudden_death_get"  # the same table while filling the hand for sudden death
    ult = s.table.zones[ULTIMATE[p]]
    assert ult
    _refused(s, "get", {"card": ult[0]}, p, "sudden death", "seed 8")
    assert LEGAL.allows("get", s, p, {"card": s.table.zones[LIST[p]][0]})


def test_discard_refuses_a_card_outside_the_hand():
    s = _first("get_discard")
    p = s.steps[-1].args["player"]
    _refused(s, "discard", {"card": s.table.zones[LIST[p]][0]}, p, "your own hand", "seed 5.4")
    _refused(s, "discard", {"card": s.table.zones[HAND[1 - p]][0]}, p, "your own hand", "seed 5.4")
    _refused(s, "discard", {"card": "x"}, p, "seed 5.4")


def test_grab_break_refuses_a_technique_without_the_grab_judgment():
    s = _grab_window()
    p = s.steps[-1].args["player"]
    plain = _iid(s, p, "LC-N04")
    assert not s.tech(plain).grab
    _refused(s, "grab_break", {"card": plain}, p, "no grab judgment", "seed 7")
    _refused(s, "grab_break", {"card": s.table.zones[LIST[p]][0]}, p, "in your hand", "seed 7")


def test_replenish_refuses_a_special_technique_and_a_card_outside_the_side_deck():
    s = _replenish()
    p = s.steps[-1].args["player"]
    _refused(s, "replenish", {"card": s.table.zones[HAND[p]][0]}, p, "side deck", "seed 3.3")
    _refused(s, "replenish", {"card": s.table.zones[SIDE[1 - p]][0]}, p, "your own side deck", "seed 3.3")
    _refused(s, "replenish", {"card": _iid(s, p, "LC-N20", "side")}, p, "special technique", "seed 3.3")


def test_timeout_only_in_timed_play_after_the_opponent_declared():
    s = _timed_ready()
    assert LEGAL.allows("timeout", s, 1, {})
    s.timed = False
    _refused(s, "timeout", {}, 1, "untimed play", "seed 5.2")
    s = GAME.from_position({"phase": "ready", "timed": True, "players": [
        {"character": "LC-C01", "hand": ["LC-N01"], "list": ["LC-N03"], "side": []},
        {"character": "LC-C02", "hand": ["LC-N02"], "list": ["LC-N03"], "side": []}]})
    _refused(s, "timeout", {}, 1, "once the opponent has declared", "seed 5.2")


def test_ability_refuses_a_used_or_unaffordable_trait_ability_and_a_card_outside_the_side_deck():
    s = _first("ability_window", lambda s: any(c.kind == "ability" and "ability" in c.args
                                                for c in s.decision.choices))
    step = s.steps[-1]
    p, timing = step.args["player"], step.args["timing"]
    i = next(c.args["ability"] for c in s.decision.choices if c.kind == "ability" and "ability" in c.args)
    rule = {"lumen": "seed 5.1", "recovery": "seed 5.5"}[timing]
    _refused(s, "ability", {"ability": 99}, p, "no such ability", rule)
    _refused(s, "ability", {"card": s.table.zones[HAND[p]][0]}, p, "side deck", "digest B.1 rule 4")
    e = s.char(p).abilities[i]
    if e.get("cost", 0):
        s.trait_counters[p] = e["cost"] - 1
        _refused(s, "ability", {"ability": i}, p, "costs", rule)
        s.trait_counters[p] = e["cost"]
    s.abilities_used[p] |= 1 << i
    _refused(s, "ability", {"ability": i}, p, "already been used", rule)


def test_a_check_away_from_its_decision_names_its_timing():
    s = _first("get_pick")
    p = s.steps[-1].args["player"]
    for kind, rule in (("catch", "seed 5.3.10"), ("discard", "seed 5.4"), ("grab_break", "seed 7"),
                       ("replenish", "seed 3.3"), ("ability", "seed 5.1")):
        msg = LEGAL.why_not(s, kind, {"card": s.table.zones[HAND[p]][0]}, p)
        assert msg and rule in msg, (kind, msg)


def test_combo_start_refuses_a_pair_out_of_speed_order_and_a_card_twice():
    s = _first("combo_choice", lambda s: any(c.kind == "combo_start" for c in s.decision.choices))
    p = s.steps[-1].args["player"]
    c = next(c for c in s.decision.choices if c.kind == "combo_start")
    a, b = c.args["card"], c.args["next"]
    assert LEGAL.allows("combo_start", s, p, c.args)
    _refused(s, "combo_start", {"card": a, "next": a}, p, "two different", "seed 6")
    _refused(s, "combo_start", {"card": b, "next": a}, p, "consecutive speed", "seed 6")
    _refused(s, "combo_start", {"card": a, "next": s.table.zones[LIST[p]][0]}, p, "from your hand", "seed 6")
