"""Lumen Condenser on the kit: the procedure table, the judgment order
table, declared fields, effect primitives and legality checks."""

from __future__ import annotations

import pytest

from games.lumen_condenser import GAME
from games.lumen_condenser.cards import CardDB
from games.lumen_condenser.effects import EFFECTS, effect_problems, effect_text
from games.lumen_condenser.legality import LEGAL
from games.lumen_condenser.rules import PROCS
from games.lumen_condenser.rules.battle import BATTLE_STEPS
from games.lumen_condenser.rules.judgment import JUDGMENT, JUDGMENT_ORDER
from games.lumen_condenser.rules.turn import PHASES, TURN_STRUCTURE
from games.lumen_condenser.state import FIELDS, LumenState
from tabletop.engine.errors import CardFileError
from tabletop.engine.rng import PCG32


def _play(seed: int, limit: int = 4000):
    s = GAME.new_state(GAME.default_setup(), seed)
    rng = PCG32(seed)
    events = []
    n = 0
    while s.decision is not None and n < limit:
        d = s.decision
        ch = d.choices_for(d.players[0])
        events += s.apply(ch[rng.randbelow(len(ch))])
        n += 1
    return s, events


def test_every_ordered_step_is_a_registered_procedure_with_a_rule():
    for name in TURN_STRUCTURE + BATTLE_STEPS:
        assert name in PROCS, name
    for proc in PROCS.table.values():
        assert proc.rule and ("seed" in proc.rule or "digest" in proc.rule), proc.name
        assert proc.doc, f"{proc.name} has no docstring"


def test_judgment_events_come_in_the_order_of_the_judgment_table():
    shown = [step for _, step, _ in JUDGMENT]
    _, events = _play(7)
    seen = [e.data["step"] for e in events if e.kind.startswith("judgment.")]
    battles = [seen[i:i + len(shown)] for i, step in enumerate(seen) if step == "pre"]
    assert battles, "no battle was judged"
    for b in battles:
        if "pre" in b[1:]:
            continue  # a battle cut short by the end of the game or sudden death
        assert [x for x in b if x in shown] == [x for x in shown if x in b]
    assert JUDGMENT_ORDER == tuple(p for p, _, _ in JUDGMENT)


def test_every_event_carries_a_rule():
    _, events = _play(11)
    missing = {e.kind for e in events if not e.rule}
    assert not missing, missing


def test_phases_follow_the_turn_structure():
    s, events = _play(3, limit=40)
    begun = [e.data["phase"] for e in events if e.kind == "phase.begin"]
    assert begun and set(begun) <= set(PHASES)
    start = begun.index("lumen") if "lumen" in begun else 0
    cycle = begun[start:start + len(PHASES)]
    assert cycle == list(PHASES)[:len(cycle)]


def test_outcome_and_the_view_winner_agree():
    for seed in (1, 2, 3):
        s, events = _play(seed)
        if s.outcome is None:
            continue
        assert s.view(None)["winner"] == s.winner == s.outcome.result
        assert s.view(None)["extra"]["reason"] == s.outcome.reason
        assert events[-1].kind == "game.over" and events[-1].rule == s.outcome.rule
        return
    pytest.fail("no game ended")


def test_declared_fields_round_trip_and_clone_independently():
    s, _ = _play(5, limit=60)
    again = GAME.state_from_data(s.to_data())
    assert again.digest() == s.digest()
    assert again.to_data() == s.to_data()
    c = s.clone()
    c.hp[0] -= 1
    c.steps.append(c.steps[-1])
    assert s.hp[0] == c.hp[0] + 1 and len(s.steps) == len(c.steps) - 1
    names = {f.name for f in FIELDS.fields}
    assert all(len(n) > 5 or n in ("hp", "fp", "game", "table", "rng", "names", "phase", "steps", "timed")
               for n in names), sorted(n for n in names if len(n) <= 5)
    assert all(doc for _, _, doc in FIELDS.describe())
    assert set(LumenState.__slots__) == names


def test_every_card_effect_fits_its_primitive_and_has_text():
    for c in GAME.db.cards.values():
        for e in c.get("effects", []) + c.get("abilities", []) + c.get("trait_effects", []):
            assert e["do"] in EFFECTS
            assert not effect_problems(e)
            assert effect_text(e).endswith(".")


def test_effect_with_a_missing_argument_names_the_file_and_card(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "X-4"\nname = "Bad"\ntype = "attack"\nchar = "neutral"\nspeed = 5\n'
                    'damage = 100\npos = "mid"\nhit = 1\ncounter = 2\nguard = -1\n'
                    '[[card.effects]]\nwhen = "hit"\ndo = "damage"\n')
    with pytest.raises(CardFileError) as exc:
        CardDB(path)
    msg = str(exc.value)
    assert "cards.toml" in msg and "'X-4'" in msg and "'amount'" in msg


def test_legality_checks_list_the_choices_and_answer_why_not():
    s = GAME.new_state(GAME.default_setup(), 4)
    while s.decision.kind != "ready":
        s.apply(s.decision.choices[-1])
    for p in (0, 1):
        listed = {c.args["card"] for c in s.decision.choices_for(p) if c.kind == "ready"}
        for iid in s.hand(p) + s.table.zones[f"p{p}.list"]:
            assert (LEGAL.reason("ready", s, p, {"card": iid}) is None) == (iid in listed)
    iid = s.table.zones["p0.list"][0]
    assert s.why_not("ready", {"card": iid}, 0) == LEGAL.why_not(s, "ready", {"card": iid}, 0)


def test_readme_names_every_procedure():
    from pathlib import Path

    text = (Path(GAME.package_dir) / "README.md").read_text(encoding="utf-8")
    missing = [name for name in PROCS.table if f"`{name}`" not in text]
    assert not missing, missing


def test_a_position_with_extra_cards_round_trips():
    extra = [{"id": "X-9", "name": "Test Jab", "type": "attack", "char": "neutral", "speed": 3, "damage": 300,
              "pos": "mid", "hit": 1, "counter": 2, "guard": -1,
              "effects": [{"when": "hit", "do": "damage", "amount": 100, "target": "opponent"}]}]
    pos = {"phase": "ready", "players": [
        {"character": "LC-C01", "hand": ["X-9", "LC-N01"], "list": ["LC-N02"]},
        {"character": "LC-C02", "hand": ["LC-N03"], "list": ["LC-N04"]}]}
    s = GAME.from_position(pos, seed=2, extra_cards=extra)
    again = GAME.state_from_data(s.to_data())
    assert again.digest() == s.digest()
    assert "Test Jab" in {again.tech(i).name for i in again.hand(0)}


def test_a_position_names_a_bad_count_where_it_is():
    from tabletop.engine.errors import PositionError

    pos = {"phase": "ready", "players": [
        {"character": "LC-C01", "hand": ["LC-N01"], "no_response": 3},
        {"character": "LC-C02", "hand": ["LC-N03"]}]}
    with pytest.raises(PositionError, match="player 1: no_response"):
        GAME.from_position(pos)
