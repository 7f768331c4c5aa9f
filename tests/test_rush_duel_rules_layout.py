"""Rush Duel on the kit: the procedure table, the turn structure, the legality
checks shared by listing and why_not, the outcome and the declared fields."""

import random

from games.rush_duel import GAME
from games.rush_duel.legality import LEGAL
from games.rush_duel.rules.procedures import PROCS
from games.rush_duel.rules.turn import PHASES, TURN_STRUCTURE
from games.rush_duel.state import FIELDS
from tabletop.engine.outcome import Termination


def _position(**p0):
    base = {"turn": 2, "active": 0, "phase": "main",
            "p0": {"deck": ["M01"] * 5}, "p1": {"deck": ["M01"] * 5, "monster": [{"card": "M01"}]}}
    base["p0"].update(p0)
    return base


def _iid(state, zone, card):
    return next(i for i in state.table.zones[zone] if i is not None and state.table.card[i] == card)


def test_every_step_of_a_game_is_a_registered_procedure_with_a_rule():
    seen = set()
    rng = random.Random(4)
    for seed in range(6):
        s = GAME.new_state(GAME.default_setup(), seed)
        for _ in range(400):
            if s.decision is None:
                break
            seen.update(step.proc for step in s.steps)
            choices = [c for c in s.legal_choices() if c.role != "resign"]
            s.apply(rng.choice(choices))
    assert {"main_phase", "battle_phase", "trap_window"} <= seen
    for name in seen:
        assert name in PROCS and PROCS.rule_of(name)


def test_the_damage_step_lives_in_rules_battle_and_the_turn_is_one_table():
    assert PROCS["damage_step"].run.__module__ == "games.rush_duel.rules.battle"
    assert "Damage Step" in PROCS.rule_of("damage_step")
    assert PHASES == ("draw", "main", "battle", "end") == tuple(GAME.phases)
    for _phase, proc, rule, where in TURN_STRUCTURE:
        p = PROCS[proc]
        module = (p.run or p.decide).__module__
        assert module.replace(".", "/").endswith(where[:-3]) and PROCS.rule_of(proc) == rule


def test_the_tribute_count_is_one_check_for_listing_and_why_not():
    s = GAME.from_position(_position(hand=["M13"], monster=[{"card": "M04"}]))
    big = _iid(s, "p0.hand", "M13")
    assert not [c for c in s.legal_choices() if c.kind == "summon" and c.args["card"] == big]
    reason = LEGAL.reason("normal_summon", s, 0, {"card": big})
    assert "needs 2 tributes" in reason and "you control 1 monster" in reason
    assert s.why_not("summon", {"card": big, "to": "p0.monster"}, 0) == reason
    s = GAME.from_position(_position(hand=["M13"], monster=[{"card": "M04"}, {"card": "M05"}]))
    big = _iid(s, "p0.hand", "M13")
    assert LEGAL.reason("normal_summon", s, 0, {"card": big}) is None
    summon = [c for c in s.legal_choices() if c.kind == "summon" and c.args["card"] == big]
    # the free right zone first, then the zones of the two monsters that may be tributed
    assert [c.args["slot"] for c in summon] == [2, 0, 1]
    assert "2 tributes" in summon[0].label and "tributing Ridgeback Wolf and 1 more" in summon[1].label
    s.apply(summon[0])
    assert s.steps[-1].proc == "advance_summon_tributes" and s.decision.kind == "choose_tributes"


def test_position_change_check_refuses_a_monster_summoned_this_turn():
    s = GAME.from_position(_position(monster=[{"card": "M04", "summoned_this_turn": True}, {"card": "M05"}]))
    fresh, old = _iid(s, "p0.monster", "M04"), _iid(s, "p0.monster", "M05")
    assert "summoned or set this turn" in LEGAL.reason("change_position", s, 0, {"card": fresh})
    assert LEGAL.reason("change_position", s, 0, {"card": old}) is None
    kinds = {(c.kind, c.args.get("card")) for c in s.legal_choices()}
    assert ("change_position", old) in kinds and ("change_position", fresh) not in kinds


def test_outcomes_name_how_the_duel_ended():
    s = GAME.from_position(_position())
    s.apply(next(c for c in s.legal_choices() if c.role == "resign"))
    assert s.outcome.termination == Termination.CONCEDE and s.winner == 1 and s.view(None)["winner"] == 1
    s = GAME.from_position({"turn": 2, "active": 0, "phase": "end", "p0": {"deck": ["M01"] * 5},
                            "p1": {"deck": []}})
    assert s.outcome.termination == Termination.DECK_OUT and s.winner == 0
    assert "deck holds 0" in s.outcome.reason and s.view(None)["extra"]["result"] == s.outcome.reason


def test_declared_fields_round_trip_and_clones_do_not_share_steps():
    s = GAME.from_position(_position(hand=["M13"], monster=[{"card": "M04"}, {"card": "M05"}]))
    s.apply(next(c for c in s.legal_choices() if c.kind == "summon" and "tributes" in c.label))
    c = s.clone()
    c.apply(c.legal_choices()[0])
    assert s.steps[-1].args["chosen"] == [] and c.steps[-1].args["chosen"] != []
    back = GAME.state_from_data(s.to_data())
    assert back.to_data() == s.to_data() and back.digest() == s.digest()
    assert all(f.doc for f in FIELDS.fields)


def test_attack_checks_list_the_attackers_and_explain_the_others():
    s = GAME.from_position({"turn": 2, "active": 0, "phase": "battle",
                            "p0": {"deck": ["M01"] * 5,
                                   "monster": [{"card": "M04"}, {"card": "M05", "position": "def"},
                                               {"card": "M08", "attacked_this_turn": True}]},
                            "p1": {"deck": ["M01"] * 5, "monster": [{"card": "M01"}]}})
    ready, wall, done = (_iid(s, "p0.monster", c) for c in ("M04", "M05", "M08"))
    attackers = {c.args["card"] for c in s.legal_choices() if c.kind == "attack"}
    assert attackers == {ready}
    assert LEGAL.reason("attack", s, 0, {"card": ready}) is None
    assert "defense position" in LEGAL.reason("attack", s, 0, {"card": wall})
    assert s.why_not("attack", {"card": done, "target": _iid(s, "p1.monster", "M01")}, 0) == \
        LEGAL.reason("attack", s, 0, {"card": done})
    assert "controls no monster" in LEGAL.reason("direct_attack", s, 0, {"card": ready})
    assert not [c for c in s.legal_choices() if c.kind == "direct_attack"]
