"""Riftbound legality: every listed choice passes its kind's check; a Standard Move
and a play are allowed exactly when they are listed."""

from __future__ import annotations

import random

from games.riftbound import GAME
from games.riftbound.legality import LEGAL
from games.riftbound.rules.main import play_card_refusal
from games.riftbound.rules.movement import move_unit_refusal
from games.riftbound.zones import HIDDEN, ZLOC

DESTS = sorted(ZLOC)  # every board location of both players


def _positions(games=6, limit=3000):
    """Every decision of a few seeded random self-play games."""
    for seed in range(games):
        s = GAME.new_state(GAME.default_setup(), seed)
        rng = random.Random(seed)
        for _ in range(limit):
            if s.decision is None:
                break
            yield s
            s.apply(rng.choice(s.decision.choices))


def test_every_listed_choice_passes_its_check_and_moves_are_listed_exactly_when_allowed():
    seen = {"move": 0, "main": 0, "other": 0}
    for s in _positions():
        d = s.decision
        for c in d.choices:
            if c.kind in LEGAL.table:
                assert LEGAL.reason(c.kind, s, c.player, c.args) is None, (c.kind, c.args)
        for p in (0, 1):
            listed = {(c.args["card"], c.args["to"]) for c in d.choices if c.kind == "move" and c.player == p}
            seen["move"] += len(listed)
            seen["main" if d.kind == "main_action" and p in d.players else "other"] += 1
            for u in range(len(s.table.card)):
                if s.table.zone[u] not in ZLOC:
                    continue
                for to in DESTS:
                    allowed = LEGAL.allows("move", s, p, {"card": u, "to": to})
                    assert allowed == ((u, to) in listed), (d.kind, p, s.name(u), s.table.zone[u], to)
                    if allowed:
                        assert move_unit_refusal(s, p, u) is None
    assert seen["move"] and seen["main"] and seen["other"]


def test_the_move_check_refuses_with_the_rule_and_why_not_says_it():
    for s in _positions(games=3):
        d = s.decision
        if d.kind != "main_action":
            continue
        p = d.players[0]
        moves = [c for c in d.choices if c.kind == "move"]
        if not moves:
            continue
        u = moves[0].args["card"]
        here = s.table.zone[u]
        why = LEGAL.reason("move", s, p, {"card": u, "to": here})
        assert why and "own location" in why and "(Standard Move)" in why and "digest" not in why
        # the check's reason is the whole sentence why_not shows, its period included
        assert why.endswith(".") and s.why_not("move", {"card": u, "to": here}, p) == why
        s.table.orient[u] = 1  # exhausted: it can't pay the move's cost
        assert "exhausted" in move_unit_refusal(s, p, u)
        assert "exhausted" in s.why_not("move", moves[0].args, p)
        return
    raise AssertionError("no Main Phase with a Standard Move in the self-play games")


def _play_candidates(s, iid):
    """Plays of ``iid`` to judge: to each board location or facedown slot, onto each
    unit, both, with Accelerate or Repeat."""
    units = s.all_units()
    out = [{"card": iid}, {"card": iid, "accelerate": True}, {"card": iid, "repeat": True}]
    for to in DESTS + [z for slots in HIDDEN for z in slots]:
        out.append({"card": iid, "to": to})
        out.append({"card": iid, "to": to, "accelerate": True})
        out += [{"card": iid, "to": to, "target": u} for u in units]
    for u in units + [it["source"] for it in s.chain]:
        out.append({"card": iid, "target": u})
        out.append({"card": iid, "target": u, "repeat": True})
    return out


def test_a_card_is_allowed_to_be_played_exactly_when_it_is_listed():
    seen = {"listed": 0, "refused_card": 0}
    for s in _positions(games=4, limit=1500):
        d = s.decision
        for p in d.players:
            plays = [c.args for c in d.choices if c.kind == "play" and c.player == p]
            for iid in range(len(s.table.card)):
                mine = [a for a in plays if a["card"] == iid]
                if play_card_refusal(s, p, iid) is not None:
                    seen["refused_card"] += 1
                    assert not mine
                allowed = [a for a in _play_candidates(s, iid) if LEGAL.allows("play", s, p, a)]
                assert bool(allowed) == bool(mine), (d.kind, s.name(iid), s.table.zone[iid])
                assert all(a in mine for a in allowed), (d.kind, s.name(iid), allowed, mine)
                for a in mine:
                    assert LEGAL.allows("play", s, p, a)
                seen["listed"] += len(mine)
    assert seen["listed"] and seen["refused_card"]


def test_an_ability_is_allowed_exactly_when_it_is_listed():
    seen = {"listed": 0, "refused": 0}
    for s in _positions(games=4, limit=1500):
        d = s.decision
        for p in d.players:
            acts = [c.args for c in d.choices if c.kind == "activate" and c.player == p]
            targets = s.all_units() + [it["source"] for it in s.chain]
            for src in range(len(s.table.card)):
                abil = s.card_of(src)["abil"]
                mine = [a for a in acts if a["card"] == src]
                cands = [{"card": src, "ab": n} for n in range(len(abil))]
                cands += [{"card": src, "ab": n, "target": u} for n in range(len(abil)) for u in targets]
                allowed = [a for a in cands if LEGAL.allows("activate", s, p, a)]
                seen["refused"] += len(cands) - len(allowed)
                assert sorted(map(str, allowed)) == sorted(map(str, mine)), (d.kind, s.name(src), allowed, mine)
                seen["listed"] += len(mine)
    assert seen["listed"] and seen["refused"]
