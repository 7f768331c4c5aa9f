"""The procedure processor shared by every game.

Modelled on a card-game core's processor loop: the rules are a set of named
*procedures* (one per phase, step or effect resolution, each declaring the
rule it implements once), and the state keeps a stack of pending *steps*.
A step is a record ``(procedure, stage, args)``.

:meth:`Processor.run` runs the top step's procedure. A procedure, given the
state, its step and the event list, does one of three things:

* returns :data:`DONE`: the step is finished and popped;
* returns :data:`AGAIN` after changing ``step.stage`` and/or pushing
  sub-steps with :meth:`Processor.push` (pushed steps run first, then the
  processor comes back to this step);
* returns :data:`WAIT`: a player must decide. The step stays on top; its
  procedure's ``decide`` builds the :class:`Decision`, and ``choose`` applies
  the choice (and returns DONE, AGAIN or WAIT in the same way).

After every step the processor asks the state for its end-of-game check
(``state.check_outcome(events)``), in this one place (a game may have it
asked only after the steps that changed what it reads: see
:class:`Processor`), and one loop guard stops a procedure that never
finishes. Events a procedure emits without a
rule reference get its declared rule (a game that gives every event its
rule may tell the processor not to look: see :class:`Processor`).

Steps' ``args`` are plain JSON-able data. ``copy()`` is shallow (a dict
copy): a procedure that keeps a list in its args replaces it rather than
mutating it, so clones never share state.
"""

from __future__ import annotations

from operator import indexOf
from typing import Callable

DONE = "done"
AGAIN = "again"
WAIT = "wait"

LOOP_GUARD = 100_000




class Step:
    """One pending step: which procedure, how far it got, and its arguments."""

    __slots__ = ("proc", "stage", "args")

    def __init__(self, proc: str, stage=0, args: dict | None = None):
        self.proc = proc
        self.stage = stage
        self.args = args if args is not None else {}

    def copy(self) -> "Step":
        s = _MadeStep()  # no __init__ call: a clone copies every step
        s.proc = self.proc
        s.stage = self.stage
        s.args = self.args.copy()  # a plain dict, as dict(args)
        return s

    def to_data(self) -> dict:
        return {"proc": self.proc, "stage": self.stage, "args": dict(self.args)}

    @classmethod
    def from_data(cls, data: dict) -> "Step":
        return cls(data["proc"], data.get("stage", 0), dict(data.get("args", {})))

    def __repr__(self) -> str:
        return f"Step({self.proc}:{self.stage} {self.args})"


class _MadeStep(Step):
    """A :class:`Step` whose slots are filled where it is made (a push, a copy): the
    class call runs no Python, cheaper than ``object.__new__``."""

    __slots__ = ()
    __init__ = object.__init__


class Procedure:
    """A named procedure: ``run(state, step, events)`` and, for a procedure
    that waits for a player, ``decide(state, step) -> Decision`` and
    ``choose(state, step, choice, events)``. ``rule`` is how a rulebook
    names what it implements ("Damage Step (3.4.2)")."""

    __slots__ = ("name", "rule", "run", "decide", "choose", "doc")

    def __init__(self, name: str, rule: str, run: Callable | None = None,
                 decide: Callable | None = None, choose: Callable | None = None, doc: str = ""):
        self.name = name
        self.rule = rule
        self.run = run
        self.decide = decide
        self.choose = choose
        self.doc = doc

    @property
    def waits(self) -> bool:
        return self.decide is not None


class Procedures:
    """The procedure table of one game. Register with the decorators::

        PROCS = Procedures("rush_duel")

        @PROCS.step("damage_step", rule="Damage Step (3.4.2)")
        def damage_step(state, step, events): ...

        @PROCS.decision("main_phase", rule="Main Phase (3.2)")
        class MainPhase:
            def decide(state, step): ...
            def choose(state, step, choice, events): ...
            def run(state, step, events): return WAIT   # optional: before it waits
    """

    def __init__(self, game_id: str):
        self.game_id = game_id
        self.table: dict[str, Procedure] = {}

    def _add(self, proc: Procedure) -> None:
        if proc.name in self.table:
            raise ValueError(f"{self.game_id}: procedure {proc.name!r} is registered twice")
        self.table[proc.name] = proc

    def step(self, name: str, rule: str):
        def deco(fn):
            self._add(Procedure(name, rule, run=fn, doc=(fn.__doc__ or "").strip()))
            return fn
        return deco

    def decision(self, name: str, rule: str):
        def deco(obj):
            run = getattr(obj, "run", None)
            self._add(Procedure(name, rule, run=run, decide=obj.decide, choose=obj.choose,
                                doc=(obj.__doc__ or "").strip()))
            return obj
        return deco

    def __getitem__(self, name: str) -> Procedure:
        return self.table[name]

    def __contains__(self, name: str) -> bool:
        return name in self.table

    def rule_of(self, name: str) -> str:
        return self.table[name].rule


class Processor:
    """Runs a state's step stack. The state provides ``steps`` (a list of
    :class:`Step`, top last), ``outcome`` (None while the game goes on) and
    ``check_outcome(events)`` (the end-of-game checks of its rulebook).

    By default the end-of-game check runs after every step. A game whose
    check reads a few facts may opt in to ``outcome_when_due=True``: the
    check then runs after a step only when ``state.outcome_due`` is true (the
    processor sets it back to False first), and the game sets
    ``state.outcome_due = True`` wherever a fact its check reads changes
    (life points, points, a failed draw, a card into the zone that counts).
    Such a state declares ``outcome_due`` as a field, True at first, so a
    state loaded or built from a position is checked once.

    By default the events a step emits without a rule get its procedure's
    rule, which means looking at every event after every step. A game that
    gives every event its rule where it makes it may say so with
    ``events_ruled=True``: the processor then never looks (the game's tests
    check that no event of its random games lacks a rule)."""

    def __init__(self, procedures: Procedures, outcome_when_due: bool = False, events_ruled: bool = False):
        self.procedures = procedures
        self.table = procedures.table  # the same dict: procedures registered later are in it
        self.outcome_when_due = outcome_when_due
        self.events_ruled = events_ruled
        #: both options on: the loop written for them (:meth:`_go_ruled`), no option read per step
        self._ruled = outcome_when_due and events_ruled

    @staticmethod
    def push(state, proc: str, stage=0, **args) -> Step:
        step = _MadeStep()
        step.proc = proc
        step.stage = stage
        step.args = args
        state.steps.append(step)
        return step

    def _after(self, state, step: Step, result: str) -> None:
        if result == DONE:
            # the step may have pushed sub-steps above itself before finishing
            steps = state.steps
            for k in range(len(steps) - 1, -1, -1):
                if steps[k] is step:
                    del steps[k]
                    break
        elif result not in (AGAIN, WAIT):
            raise RuntimeError(f"procedure {step.proc} returned {result!r}, not DONE, AGAIN or WAIT")

    def run(self, state, events: list) -> None:
        """Run steps until a player must decide or the game is over."""
        steps = state.steps
        if not steps or state.outcome is not None:
            return
        step = steps[-1]
        proc = self.table[step.proc]
        run = proc.run
        if run is None:
            return  # a decision step with nothing to do first
        if self._ruled:
            self._go_ruled(state, events, step, run(state, step, events), False)
            return
        start = len(events)
        self._go(state, events, step, proc, run(state, step, events), start)

    def start(self, state, events: list):
        """:meth:`run`, then the decision :meth:`decide` builds (None once the game
        is over): for a state that keeps its pending decision in a plain slot."""
        self.run(state, events)
        return self.decide(state)

    def _go_ruled(self, state, events: list, step, result, decide: bool):
        """:meth:`_go` for a game with both options on (the end-of-game check only
        when due, every event given its rule where it is made): nothing looks at
        the events, and the check is asked only when ``state.outcome_due``. With
        ``decide``, it returns the decision of the step it stops at (what
        :meth:`decide` would build), else None."""
        table = self.table
        for _ in range(LOOP_GUARD):
            steps = state.steps  # read afresh: a procedure may replace the list
            if result is DONE:
                if steps and steps[-1] is step:
                    steps.pop()
                elif len(steps) > 1 and steps[-2] is step:  # it pushed one sub-step above itself (most often)
                    del steps[-2]
                elif steps:  # it pushed more: the nearest to the top goes (found in C)
                    try:
                        del steps[~indexOf(reversed(steps), step)]
                    except ValueError:  # it was dropped already (the game ended, or the steps were replaced)
                        pass
            elif result is not AGAIN:
                if result == WAIT:
                    if steps and steps[-1] is step:
                        result = None  # it waits for a player: stop after the check
                else:
                    self._after(state, step, result)
            if state.outcome_due:  # the end-of-game check, when something it reads changed
                state.outcome_due = False
                state.check_outcome(events)
                steps = state.steps  # (the game's end may empty it)
            if result is None:
                break
            if not steps or state.outcome is not None:
                return None
            step = steps[-1]
            proc = table[step.proc]
            run = proc.run
            if run is None:  # a decision step with nothing to do first
                return proc.decide(state, step) if decide else None
            result = run(state, step, events)
        else:
            raise RuntimeError(f"the rules did not reach a decision after {LOOP_GUARD} steps "
                               f"(top step: {state.steps[-1] if state.steps else None})")
        return self.decide(state) if decide else None

    def _go(self, state, events: list, step, proc, result, start: int) -> None:
        """The processor's loop, from a step (of procedure ``proc``) that has
        just answered ``result``, having emitted ``events[start:]``: the events
        it emitted without a rule get the procedure's rule (unless the game
        gives every event its rule), the step is popped when DONE, the
        end-of-game check follows; then the next top step runs, until one
        waits for a player or the game is over. (A chosen step that answers
        WAIT comes here as AGAIN: it stays, and its ``run``, if any, comes next.)"""
        table = self.table
        check = state.check_outcome
        when_due = self.outcome_when_due
        tags = not self.events_ruled
        for _ in range(LOOP_GUARD):
            if tags and len(events) != start:  # events emitted without a rule get the procedure's
                rule = proc.rule
                for e in events[start:]:
                    if not e.rule:
                        e.rule = rule
            if result is DONE:
                steps = state.steps
                if steps and steps[-1] is step:
                    steps.pop()
                else:  # it pushed sub-steps above itself before finishing (or ended the game)
                    for k in range(len(steps) - 2, -1, -1):
                        if steps[k] is step:
                            del steps[k]
                            break
            elif result is not AGAIN:
                if result == WAIT:
                    steps = state.steps
                    if steps and steps[-1] is step:
                        result = None  # it waits for a player: stop after the check
                else:
                    self._after(state, step, result)
            if when_due:  # the end-of-game check, after every step
                if state.outcome_due:
                    state.outcome_due = False
                    check(events)
            else:
                check(events)
            if result is None:
                return
            steps = state.steps  # read afresh: a procedure may replace the list
            if not steps or state.outcome is not None:
                return
            step = steps[-1]
            proc = table[step.proc]
            run = proc.run
            if run is None:
                return  # a decision step with nothing to do first
            start = len(events)
            result = run(state, step, events)
        raise RuntimeError(f"the rules did not reach a decision after {LOOP_GUARD} steps "
                           f"(top step: {state.steps[-1] if state.steps else None})")

    def waiting_step(self, state) -> Step | None:
        """The step that waits for a decision (the top one), or None."""
        steps = state.steps
        if state.outcome is not None or not steps:
            return None
        step = steps[-1]
        return step if self.table[step.proc].decide is not None else None

    def decide(self, state):
        """The waiting step's decision (None when no step waits)."""
        steps = state.steps
        if state.outcome is not None or not steps:
            return None
        step = steps[-1]
        decide = self.table[step.proc].decide
        return None if decide is None else decide(state, step)

    def waiting(self, state) -> tuple:
        """The waiting step (the top one) and its procedure, for a choice to be
        applied to; RuntimeError when no step waits for a decision."""
        steps = state.steps
        if steps and state.outcome is None:
            step = steps[-1]
            proc = self.table[step.proc]
            if proc.decide is not None:
                return step, proc
        raise RuntimeError("no step is waiting for a decision")

    def choose(self, state, choice, events: list) -> None:
        """Apply ``choice`` to the waiting step, then run on."""
        step, proc = self.waiting(state)
        start = len(events)
        result = proc.choose(state, step, choice, events)
        # WAIT after a choice: the step stays, as for AGAIN (its run, if any, comes next)
        if self._ruled:
            self._go_ruled(state, events, step, AGAIN if result == WAIT else result, False)
        else:
            self._go(state, events, step, proc, AGAIN if result == WAIT else result, start)

    def apply(self, state, choice, events: list):
        """:meth:`choose`, then the decision :meth:`decide` builds (None once the game
        is over), in one call: for a state that keeps its pending decision in a plain
        slot, set as each choice is applied."""
        if not self._ruled:
            self.choose(state, choice, events)
            return self.decide(state)
        steps = state.steps  # :meth:`waiting`, without its call (every choice comes here)
        step = steps[-1] if steps and state.outcome is None else None
        proc = None if step is None else self.table[step.proc]
        if proc is None or proc.decide is None:
            step, proc = self.waiting(state)  # raises: no step waits for a decision
        result = proc.choose(state, step, choice, events)
        return self._go_ruled(state, events, step, AGAIN if result == WAIT else result, True)
