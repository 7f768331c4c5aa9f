"""Riftbound: the player chooses how to pay (Core Rules v1.3 Costs, Basic runes, digest
5.3-5.4, 9.1 step 4). The engine's own payment is the first choice; equivalent payments
are one choice; with one payment nobody is asked."""

from __future__ import annotations

import gc
import random

from games.riftbound import GAME
from games.riftbound.ai import heuristic
from games.riftbound.rulebook import POOL_INDEX
from games.riftbound.rules.costs import PAID

BO = {"name": "Bo", "deck": ["B-U02"] * 5, "runedeck": ["RN-BODY"] * 4}


def _position(runes, hand=(), base=(), bf0=(), control=(-1, -1)):
    ann = {"name": "Ann", "deck": ["B-U02"] * 5, "runedeck": ["RN-BODY"] * 2, "runes": list(runes),
           "hand": list(hand), "base": list(base), "bf0": list(bf0)}
    return GAME.from_position({"turn": 3, "active": 0, "first": 0, "phase": "main",
                               "battlefields": ["BF-CROSS", "BF-CROSS"], "control": list(control),
                               "players": [ann, dict(BO)]}, seed=1)


def _choice(s, kind, **args):
    return next(c for c in s.decision.choices if c.kind == kind and all(c.args.get(k) == v for k, v in args.items()))


def _iid(s, card, zone):
    return next(c["iid"] for c in s.view(None)["zones"][zone] if c["card"] == card)


def test_the_engines_payment_comes_first_with_the_runes_named_and_gives_the_old_result():
    s = _position(["RN-FURY", "RN-FURY", "RN-CALM"], hand=["F-U03"])
    card = _iid(s, "F-U03", "p0.hand")
    auto = s.clone()
    # the engine's own payment, as it was made before the player was asked
    auto_events = []
    auto._play(0, {"card": card, "to": "p0.base"}, auto_events)
    s.apply(_choice(s, "play", card=card, to="p0.base"))
    d = s.decision
    assert d.kind == "pay_cost" and d.players == (0,)
    assert d.prompt == "Choose how to pay [2] [R] for Blazeborn Duelist"
    labels = [c.label for c in d.choices]
    assert labels[0] == "Pay: exhaust 2 Fury runes; recycle Fury rune"
    assert labels[1] == "Pay: exhaust Fury rune, Calm rune; recycle Fury rune"
    assert len(set(labels)) == len(labels) == 2
    assert d.choices[0].role == "default" and all(c.role == "" for c in d.choices[1:])
    events = s.apply(d.choices[0])
    assert [e.kind for e in events][: len(auto_events)] == [e.kind for e in auto_events]
    assert s.view(None)["zones"] == auto.view(None)["zones"]


def test_a_payment_decision_and_its_state_are_freed_without_the_collector():
    # the words of a payment are written when first read; until then, what writes them
    # must not hold the state, or the state and its pending decision keep each other alive
    s = _position(["RN-FURY", "RN-FURY", "RN-CALM"], hand=["F-U03"])
    card = _iid(s, "F-U03", "p0.hand")
    gc.collect()
    gc.disable()
    try:
        t = s.clone()
        t.apply(_choice(t, "play", card=card, to="p0.base"))
        assert t.decision.kind == "pay_cost"  # made by the copy, its words not read
        del t
        cyclic = gc.collect()
    finally:
        gc.enable()
    assert cyclic == 0
    s.apply(_choice(s, "play", card=card, to="p0.base"))
    # and the words, read later, name the runes
    assert [c.label for c in s.decision.choices] == ["Pay: exhaust 2 Fury runes; recycle Fury rune",
                                                     "Pay: exhaust Fury rune, Calm rune; recycle Fury rune"]


def test_a_different_payment_leaves_the_runes_it_names():
    s = _position(["RN-FURY", "RN-FURY", "RN-CALM"], hand=["F-U03"])
    card = _iid(s, "F-U03", "p0.hand")
    s.apply(_choice(s, "play", card=card, to="p0.base"))
    s.apply(next(c for c in s.decision.choices if c.label == "Pay: exhaust Fury rune, Calm rune; recycle Fury rune"))
    runes = s.view(None)["zones"]["p0.runes"]
    assert [(r["card"], r["orient"]) for r in runes] == [("RN-FURY", "upright"), ("RN-CALM", "sideways")]
    assert s.view(None)["zones"]["p0.runedeck"][-1]["card"] == "RN-FURY"
    assert s.decision.kind == "main_action"


def test_any_power_from_the_pool_the_player_picks_the_domain():
    s = _position(["RN-FURY"], hand=["C-U10"], bf0=["B-U02"], control=(0, -1))
    s.pool[0][1] = 1  # a Fury power and a Calm power left in the pool by Add abilities
    s.pool[0][2] = 1
    s.decision_cache = None
    card = _iid(s, "C-U10", "p0.hand")
    s.apply(_choice(s, "hide", card=card, to="p0.hidden0"))
    d = s.decision
    assert d.kind == "pay_cost" and d.prompt == "Choose how to pay [A] to hide a card"
    assert [c.label for c in d.choices] == ["Pay: spend Fury power from the pool", "Pay: spend Calm power from the pool"]
    s.apply(d.choices[1])
    assert s.pool[0][:3] == [0, 1, 0]
    assert s.view(None)["zones"]["p0.runes"][0]["orient"] == "upright"  # the pool is spent before a rune


def test_weaponmaster_asks_how_to_pay_the_equip_cost_when_payments_differ():
    s = _position(["RN-FURY"] * 4 + ["RN-BODY"], hand=["F-U15"], base=["B-U02", "F-G03", "F-G03"])
    s.apply(_choice(s, "play", card=_iid(s, "F-U15", "p0.hand"), to="p0.base"))
    assert s.decision.kind == "pay_cost" and s.decision.choices[0].label == "Pay: exhaust 3 Fury runes"
    s.apply(s.decision.choices[0])
    assert s.decision.kind == "weaponmaster"
    gear = s.decision.choices[0].args["target"]
    s.apply(s.decision.choices[0])
    d = s.decision
    assert d.kind == "pay_cost" and d.prompt.endswith("(Weaponmaster)")
    assert [c.label for c in d.choices] == ["Pay: exhaust Fury rune", "Pay: exhaust Body rune"]
    s.apply(d.choices[1])
    assert [(r["card"], r["orient"]) for r in s.view(None)["zones"]["p0.runes"]][-1] == ("RN-BODY", "sideways")
    assert s.chain[-1]["target"] == gear and s.decision.kind == "priority"


def test_heuristic_judges_a_pending_payment_as_the_engines_payment():
    s = _position(["RN-FURY", "RN-CALM"], hand=["F-U01"])
    s.apply(_choice(s, "play", card=_iid(s, "F-U01", "p0.hand"), to="p0.base"))
    assert s.decision.kind == "pay_cost"
    after = s.clone()
    after.apply(after.decision.choices[0])
    assert heuristic(s, 0) == heuristic(after, 0)


def _key(s, plan):
    return s._payment_key(0, plan)


def test_offered_payments_pay_the_cost_differ_and_none_is_dominated():
    """Random rune sets and costs: every payment offered is legal and leaves something
    different; the engine's own comes first; a cost that can be paid has one at least."""
    rng = random.Random(7)
    domains = ["RN-FURY", "RN-CALM", "RN-MIND"]
    checked = 0
    for _ in range(300):
        runes = []
        for _ in range(rng.randint(0, 6)):
            r = rng.choice(domains)
            runes.append({"card": r, "exhausted": True} if rng.random() < 0.3 else r)
        s = _position(runes)
        if rng.random() < 0.3:  # power left in the pool by Add abilities
            s.pool[0][rng.randint(1, 3)] += 1
        energy = rng.randint(0, 4)
        power = [rng.choice(["fury", "calm", "mind", "any"]) for _ in range(rng.randint(0, 2))]
        if not s.can_pay(0, energy, power):
            continue
        plans = s.payments(0, energy, power)
        assert plans and plans[0] == s._auto_payment(0, energy, power)
        if not s._may_differ(0, energy, power):  # the quick test never hides a choice
            assert len(plans) == 1
        keys = [_key(s, p) for p in plans]
        assert len(set(keys)) == len(keys)
        ready_before = sum(1 for r in s.table.zones["p0.runes"] if not s.table.orient[r])
        for plan in plans:
            t = s.clone()
            ev = []
            t.pay(0, energy, power, ev, plan)
            left = list(s.pool[0])
            for d in power:  # the pool pays its own domains first
                if d != "any" and left[POOL_INDEX[d]] > 0:
                    left[POOL_INDEX[d]] -= 1
            for d in plan["pool"]:
                left[POOL_INDEX[d]] -= 1
            assert t.pool[0] == left and min(left) >= 0
            from_pool = sum(s.pool[0]) - sum(left)
            assert len(plan["exhaust"]) == energy and len(plan["recycle"]) + from_pool == len(power)
            assert all(not s.table.orient[r] for r in plan["exhaust"])  # only ready runes give [1]
            assert len(t.table.zones["p0.runes"]) == len(runes) - len(plan["recycle"])
            assert sum(1 for r in t.table.zones["p0.runes"] if not t.table.orient[r]) <= ready_before - energy
            doms = [s.card_db[s.table.card[r]]["rune"] for r in plan["recycle"]]
            have = list(s.pool[0])
            for d in power:  # a domain symbol the pool can't pay is paid by a rune of its domain
                if d != "any":
                    if have[POOL_INDEX[d]] > 0:
                        have[POOL_INDEX[d]] -= 1
                    else:
                        doms.remove(d)
            assert len(doms) == power.count("any") - len(plan["pool"])  # the rest pay [A]
        checked += 1
    assert checked > 100


def test_self_play_asks_only_for_payments_and_each_action_kind_can_be_asked():
    asked = set()
    for seed in range(4):
        s = GAME.new_state(GAME.default_setup(), seed)
        rng = random.Random(seed)
        for _ in range(3000):
            d = s.decision
            if d is None:
                break
            if d.kind == "pay_cost":
                assert len(d.choices) > 1 and d.choices[0].role == "default"
                asked.add(s.steps[-1].args["kind"])
            s.apply(rng.choice(d.choices))
    assert {"play"} <= asked <= set(PAID) | {"weaponmaster"}


def test_greedy_and_expert_take_the_engines_payment_without_weighing_the_others():
    from tabletop.ai.agents import GreedyAgent, RandomAgent
    from tabletop.ai.expert import ExpertAgent

    s = _position(["RN-FURY", "RN-CALM"], hand=["F-U01"])
    s.apply(_choice(s, "play", card=_iid(s, "F-U01", "p0.hand"), to="p0.base"))
    d = s.decision
    assert d.kind == "pay_cost" and len(d.choices) == 2
    assert GreedyAgent(1).choose(s, 0) is d.choices[0]
    expert = ExpertAgent.for_selfplay(1)
    assert expert.choose(s, 0) is d.choices[0] and expert.last_stats == {"default": True}
    picks = {RandomAgent(seed).choose(s, 0).id for seed in range(12)}
    assert len(picks) == 2  # the random player still tries every payment
