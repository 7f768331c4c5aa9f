"""The kit's rules machinery: declared fields, the procedure processor,
legality checks, effect primitives and position reading."""

import pytest

from tabletop.engine.checks import Checks
from tabletop.engine.core import Choice, Decision, Event
from tabletop.engine.effects import TARGET, Effects, OPTIONAL
from tabletop.engine.errors import CardFileError, PositionError
from tabletop.engine.fields import declare, field
from tabletop.engine.outcome import Outcome, Termination
from tabletop.engine.position import PositionReader, merge_extra_cards
from tabletop.engine.procedure import AGAIN, DONE, WAIT, Procedures, Processor, Step
from tabletop.engine.rng import PCG32


class Toy:
    pass


FIELDS = declare(Toy, [
    field("life", "list", "each player's life", default=lambda: [5, 5]),
    field("marks", "tuples", "iid -> (atk, def)", default=dict),
    field("steps", "steps", "pending steps", default=list),
    field("outcome", "value", "how the game ended", default=None),
    field("rng", "rng", "the random generator", default=lambda: PCG32(3)),
    field("cache", "cache", "built on demand"),
])

PROCS = Procedures("toy")
PROCESSOR = Processor(PROCS)


@PROCS.step("turn", rule="Turn (1)")
def turn(state, step, events):
    if step.stage == 0:
        step.stage = 1
        PROCESSOR.push(state, "hit", amount=2)
        PROCESSOR.push(state, "hit", amount=1)  # runs first
        return AGAIN
    return WAIT


@PROCS.step("hit", rule="Damage (2)")
def hit(state, step, events):
    state.life[1] -= step.args["amount"]
    events.append(Event("damage", f"{step.args['amount']} damage"))
    return DONE


@PROCS.decision("turn_end", rule="End (3)")
class TurnEnd:
    def decide(state, step):
        return Decision([0], "end", "end?", [Choice("hit", {"n": 3}, 0), Choice("end", {}, 0, role="end")])

    def choose(state, step, choice, events):
        if choice.kind == "hit":
            PROCESSOR.push(state, "hit", amount=3)
            return AGAIN
        return DONE


def check_outcome(state, events):
    if state.outcome is None and state.life[1] <= 0:
        state.outcome = Outcome(0, Termination.LIFE, "player 2 has no life left", "Winning (4)")
        events.append(Event("game.over", "over"))


Toy.check_outcome = check_outcome


def make():
    s = Toy()
    FIELDS.init(s)
    return s


class _Due(Toy):
    """A toy whose end-of-game check notes the life it saw each time it runs."""

    def check_outcome(self, events):
        self.checked.append(list(self.life))
        check_outcome(self, events)


def due_state(checked: list, steps: list):
    """A toy state for a processor with ``outcome_when_due``: nothing due yet, ``steps``
    pending, each end-of-game check noted in ``checked``."""
    s = _Due()
    FIELDS.init(s)
    s.checked = checked
    s.outcome_due = False
    s.steps += steps
    return s


def test_declared_fields_clone_deeply_enough_and_round_trip():
    s = make()
    s.marks[4] = (1, 2)
    s.steps.append(Step("turn", 0, {"x": 1}))
    c = s.clone()
    c.life[0] = 1
    c.steps[0].args["x"] = 9
    assert s.life == [5, 5] and s.steps[0].args == {"x": 1}
    assert c.rng is not s.rng and c.cache is None
    back = make()
    FIELDS.from_data(back, FIELDS.to_data(s))
    assert FIELDS.to_data(back) == FIELDS.to_data(s)
    assert back.marks == {4: (1, 2)}
    assert "cache" not in FIELDS.to_data(s)


def test_a_field_needs_a_comment_and_a_known_kind():
    with pytest.raises(ValueError):
        field("x", "list", "")
    with pytest.raises(ValueError):
        field("x", "nonsense", "a field")


def test_processor_runs_sub_steps_first_tags_rules_and_waits():
    s = make()
    s.steps.append(Step("turn_end"))
    s.steps.append(Step("turn"))
    events = []
    PROCESSOR.run(s, events)
    assert [e.caption for e in events] == ["1 damage", "2 damage"]
    assert [e.rule for e in events] == ["Damage (2)", "Damage (2)"]
    assert s.life == [5, 2]
    # "turn" waits at stage 1 with no decide: it is not a decision step
    assert PROCESSOR.waiting_step(s) is None
    s.steps.pop()
    assert PROCESSOR.decide(s).kind == "end"
    events = []
    PROCESSOR.choose(s, PROCESSOR.decide(s).choices[0], events)
    assert s.outcome == Outcome(0, "life", "player 2 has no life left", "Winning (4)")
    assert [e.kind for e in events] == ["damage", "game.over"]
    assert PROCESSOR.decide(s) is None


def test_a_processor_asked_for_checks_when_due_skips_them_until_a_step_makes_one_due():
    procs = Procedures("due")
    proc = Processor(procs, outcome_when_due=True)
    checked = []

    @procs.step("tick", rule="Tick (1)")
    def tick(state, step, events):
        return DONE

    @procs.step("hit", rule="Damage (2)")
    def hit(state, step, events):
        state.life[1] -= step.args["amount"]
        state.outcome_due = True  # what the check reads changed
        return DONE

    @procs.decision("wait", rule="Wait (3)")
    class Wait:
        def decide(state, step):
            return Decision([0], "wait", "go on?", [Choice("go", {}, 0)])

        def choose(state, step, choice, events):
            proc.push(state, "hit", amount=5)
            return AGAIN

    s = due_state(checked, [Step("wait"), Step("tick"), Step("hit", 0, {"amount": 2}), Step("tick"), Step("tick")])
    proc.run(s, [])
    assert checked == [[5, 3]] and s.outcome_due is False  # once, after the hit; never after a tick
    events = []
    proc.choose(s, proc.decide(s).choices[0], events)
    assert checked == [[5, 3], [5, -2]] and s.outcome is not None and events[-1].kind == "game.over"
    assert proc.decide(s) is None


def test_a_chosen_step_that_waits_runs_again_and_a_run_step_that_waits_stops():
    procs = Procedures("again")
    proc = Processor(procs)
    ran = []

    @procs.decision("ask", rule="Ask (1)")
    class Ask:
        def run(state, step, events):
            ran.append(step.stage)
            events.append(Event("asked", "asked"))
            return WAIT

        def decide(state, step):
            return Decision([0], "ask", "again?", [Choice("again", {}, 0), Choice("stop", {}, 0)])

        def choose(state, step, choice, events):
            events.append(Event("chose", choice.kind))
            if choice.kind == "again":
                step.stage += 1
                return WAIT  # the step stays: its run comes next, then it waits again
            return DONE

    s = make()
    s.steps.append(Step("ask"))
    events = []
    proc.run(s, events)
    assert ran == [0] and proc.waiting_step(s) is s.steps[-1]
    proc.choose(s, proc.decide(s).choices[0], events)
    assert ran == [0, 1] and [e.kind for e in events] == ["asked", "chose", "asked"]
    assert {e.rule for e in events} == {"Ask (1)"}  # events without a rule get the procedure's
    proc.choose(s, proc.decide(s).choices[1], events)
    assert ran == [0, 1] and s.steps == [] and events[-1].kind == "chose"


def test_a_processor_told_the_events_carry_their_rules_leaves_them_as_made():
    def run(events_ruled):
        procs = Procedures("ruled")
        proc = Processor(procs, events_ruled=events_ruled)

        @procs.step("hit", rule="Damage (2)")
        def hit(state, step, events):
            events.append(Event("damage", "1 damage", "Damage (2.1)"))
            events.append(Event("note", "a note"))  # no rule given
            return DONE

        s = make()
        s.steps.append(Step("hit"))
        events = []
        proc.run(s, events)
        return [e.rule for e in events]

    assert run(False) == ["Damage (2.1)", "Damage (2)"]
    assert run(True) == ["Damage (2.1)", ""]  # not looked at: a game saying so gives every rule itself


def test_the_loop_for_both_options_runs_the_steps_the_general_loop_runs_and_apply_returns_the_decision():
    """With both options on, the processor runs its loop written for them
    (Processor._go_ruled); the same steps run in the same order, with the same
    checks and events, as in the general loop; apply and start return the
    decision decide builds."""
    def play(events_ruled):
        procs = Procedures("both")
        proc = Processor(procs, outcome_when_due=True, events_ruled=events_ruled)
        checked = []

        @procs.step("tick", rule="Tick (1)")
        def tick(state, step, events):
            events.append(Event("tick", "tick", "Tick (1)"))
            return DONE

        @procs.step("hit", rule="Damage (2)")
        def hit(state, step, events):
            if step.stage == 0:  # sub-steps first, then it finishes beneath them
                step.stage = 1
                proc.push(state, "tick")
                return AGAIN
            state.life[1] -= step.args["amount"]
            state.outcome_due = True
            events.append(Event("damage", f"{step.args['amount']} damage", "Damage (2)"))
            proc.push(state, "tick")  # finished with a step above it: it goes from beneath
            return DONE

        @procs.decision("wait", rule="Wait (3)")
        class Wait:
            def run(state, step, events):
                events.append(Event("waits", "waits", "Wait (3)"))
                return WAIT

            def decide(state, step):
                return Decision([0], "wait", "go on?", [Choice("go", {}, 0), Choice("stay", {}, 0)])

            def choose(state, step, choice, events):
                if choice.kind == "stay":
                    return WAIT  # the step stays: its run comes next, then it waits again
                proc.push(state, "hit", amount=3)
                return AGAIN

        s = due_state(checked, [Step("wait"), Step("tick"), Step("hit", 0, {"amount": 1})])
        events = []
        d = proc.start(s, events)
        seen = [(d.kind, len(s.steps))]
        d = proc.apply(s, d.choices[1], events)  # stay
        seen.append((d.kind, len(s.steps)))
        d = proc.apply(s, d.choices[0], events)  # go: 3 damage, then go on
        seen.append((d.kind, len(s.steps)))
        d = proc.apply(s, d.choices[0], events)  # go: the third hit ends the game
        seen.append(d)
        return seen, checked, [(e.kind, e.caption, e.rule) for e in events], s.outcome, s.life

    ruled, general = play(True), play(False)
    assert ruled == general
    seen, checked, events, outcome, life = ruled
    assert seen == [("wait", 1), ("wait", 1), ("wait", 1), None]
    assert checked == [[5, 4], [5, 1], [5, -2]] and life == [5, -2] and outcome is not None
    assert [k for k, _, _ in events].count("waits") == 3 and events[-1][0] == "game.over"


@pytest.mark.parametrize("options", [{}, {"outcome_when_due": True, "events_ruled": True}])
def test_processor_loop_guard_stops_a_procedure_that_never_finishes(options):
    procs = Procedures("loop")
    proc = Processor(procs, **options)

    @procs.step("forever", rule="")
    def forever(state, step, events):
        return AGAIN

    s = make()
    s.outcome_due = False
    s.steps.append(Step("forever"))
    with pytest.raises(RuntimeError, match="did not reach a decision"):
        proc.run(s, [])


def test_outcome_result_and_data():
    o = Outcome(None, Termination.SIMULTANEOUS, "both at 0")
    assert o.result == "draw"
    assert Outcome.from_data(o.to_data()) == o


def test_choice_role_is_checked_and_not_part_of_the_id():
    assert Choice("pass", {}, 0, role="pass").id == Choice("pass", {}, 0).id
    with pytest.raises(ValueError):
        Choice("x", {}, 0, role="maybe")


def test_checks_answer_both_listing_and_why_not():
    legal = Checks()

    @legal.check("summon", rule="Normal Summon (3.2.1)")
    def summon(state, player, args):
        return None if args["level"] <= 4 else "a level 5 or higher monster needs a tribute"

    assert legal.allows("summon", None, 0, {"level": 4})
    assert legal.why_not(None, "summon", {"level": 6}, 0) == \
        "a level 5 or higher monster needs a tribute (Normal Summon (3.2.1))."
    assert legal.why_not(None, "attack", {}, 0) is None


def test_effect_schema_is_checked_naming_file_and_card():
    fx = Effects("toy")

    @fx.primitive("damage", args={"amount": int, "target": TARGET, "note": (str, OPTIONAL)},
                  text=lambda a: f"Deal {a['amount']} damage.")
    def damage(state, ctx, op, events):
        return op["amount"]

    fx.validate([{"op": "damage", "amount": 2, "target": "opponent"}], "cards.toml", "bolt")
    assert fx.text({"op": "damage", "amount": 2, "target": "opponent"}) == "Deal 2 damage."
    for bad, words in (([{"op": "heal"}], "unknown effect"),
                       ([{"op": "damage", "target": "opponent"}], "needs 'amount'"),
                       ([{"op": "damage", "amount": 1, "target": {"who": "them"}}], "who must be"),
                       ([{"op": "damage", "amount": 1, "target": "self", "x": 1}], "no argument 'x'")):
        with pytest.raises(CardFileError, match=words) as err:
            fx.validate(bad, "cards.toml", "bolt")
        assert "cards.toml" in str(err.value) and "'bolt'" in str(err.value)


def test_position_reader_cards_slots_and_numbers():
    pos = {"turn": 3, "players": [{"hand": ["a", {"card": "b", "face": "up"}], "field": [{"card": "a", "slot": 2}], "lp": 7},
                                  {"hand": []}]}
    r = PositionReader(pos)
    hand = r.cards(0, "hand", {"a", "b"})
    assert [(e.card, e.face) for e in hand] == [("a", None), ("b", 1)]
    row = r.slots(0, "field", 3, {"a"})
    assert row[0] is None and row[2].card == "a"
    assert r.integer(0, "lp", 0, low=0) == 7 and r.integer(None, "turn", 1) == 3
    with pytest.raises(PositionError, match="player 1: hand: 'c' is not a monster card id"):
        PositionReader({"players": [{"hand": ["c"]}, {}]}).cards(0, "hand", {"a"}, "monster card")
    with pytest.raises(PositionError, match="needs 2"):
        PositionReader({"players": []})
    with pytest.raises(PositionError, match="two cards are in slot 0"):
        PositionReader({"players": [{"f": [{"card": "a", "slot": 0}, {"card": "a", "slot": 0}]}, {}]}).slots(0, "f", 2, {"a"})


def test_merge_extra_cards_refuses_a_clash():
    base = {"a": 1}
    merged = merge_extra_cards(base, [{"id": "b"}], lambda raw: (raw["id"], 2))
    assert merged == {"a": 1, "b": 2} and base == {"a": 1}
    with pytest.raises(PositionError, match="already a card"):
        merge_extra_cards(base, [{"id": "a"}], lambda raw: (raw["id"], 2))


def test_determinize_options_owners_keep_order_and_fits():
    from tabletop.engine.table import KEEP, CardTable, ZoneSpec

    specs = [ZoneSpec(f"p{p}.{z}", p, vis) for p in (0, 1) for z, vis in (("hand", "owner"), ("deck", "secret"))] + \
        [ZoneSpec(f"p{p}.field", p, "public", owner_sees_facedown=True) for p in (0, 1)]
    t = CardTable(specs)
    for cid in ("m1", "m2", "s1", "s2"):
        t.add(cid, 1, "p1.hand")
    t.add("m3", 1, "p1.field", face=0)          # face down: only a monster fits here
    t.add("x", 1, "p1.deck")                   # kept as it is
    mine = t.add("m9", 0, "p0.deck")            # player 0's own deck: not re-drawn below
    seen = set()
    for seed in range(40):
        c = t.clone()
        c.determinize(0, PCG32(seed), group=lambda i: KEEP if c.card[i] == "x" else "all",
                      owners=(1,), group_order=("all",),
                      fits=lambda i: (lambda cid: cid.startswith("m")) if c.zone[i] == "p1.field" else None)
        field_card = c.zones["p1.field"][0]
        assert c.card[field_card].startswith("m")
        assert sorted(c.card[i] for i in c.zones["p1.hand"] + [field_card]) == ["m1", "m2", "m3", "s1", "s2"]
        assert c.card[c.zones["p1.deck"][0]] == "x" and c.card[mine] == "m9"
        seen.add(tuple(c.card[i] for i in c.zones["p1.hand"]))
    assert len(seen) > 5    # the hand really is re-drawn
