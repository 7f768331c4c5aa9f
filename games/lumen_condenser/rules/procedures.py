"""The procedure table of Lumen Condenser and the processor that runs it.

Every phase, step and resolution of the rules is one procedure registered in
:data:`PROCS` with the rule it implements; the state keeps the pending steps
(kit :class:`~tabletop.engine.procedure.Step` records) and
:data:`PROCESSOR` runs them.
"""

from __future__ import annotations

from tabletop.engine.procedure import AGAIN, DONE, LOOP_GUARD, WAIT, Processor, Procedures, Step

PROCS = Procedures("lumen_condenser")


_RESULTS = {DONE: DONE, WAIT: WAIT, AGAIN: AGAIN}


class LumenProcessor(Processor):
    """The kit's processor, with the look-up of the waiting step written
    into ``decide`` and ``choose`` (they run at every decision), and the
    end-of-game check asked only when what it reads may have changed
    (``LumenState.game_goes_on``; only that check ends the game or replaces
    the pending steps)."""

    def run(self, state, events: list) -> None:
        """Run steps until a player must decide or the game is over (as the kit's ``Processor.run``)."""
        table = self.procedures.table
        for _ in range(LOOP_GUARD):
            steps = state.steps
            if state.outcome is not None or not steps:
                return
            step = steps[-1]
            proc = table[step.proc]
            run = proc.run
            if run is None:
                return  # a decision step with nothing to do first
            start = len(events)
            result = run(state, step, events)
            if state.unruled and len(events) > start:
                rule = proc.rule
                for i in range(start, len(events)):
                    if not events[i].rule:
                        events[i].rule = rule
            if result is not DONE and result is not WAIT and result is not AGAIN:
                result = _RESULTS.get(result, result)
            steps = state.steps
            if result is DONE:
                if steps and steps[-1] is step:
                    steps.pop()
                else:  # it pushed sub-steps above itself before finishing
                    for k in range(len(steps) - 2, -1, -1):
                        if steps[k] is step:
                            del steps[k]
                            break
            elif result is WAIT:
                if steps and steps[-1] is step:
                    if not state.game_goes_on:
                        state.check_outcome(events)
                    return
            elif result is not AGAIN:
                self._after(state, step, result)
            if not state.game_goes_on:
                state.check_outcome(events)
        raise RuntimeError(f"the rules did not reach a decision after {LOOP_GUARD} steps "
                           f"(top step: {state.steps[-1] if state.steps else None})")

    def decide(self, state):
        steps = state.steps
        if state.outcome is not None or not steps:
            return None
        step = steps[-1]
        decide = self.procedures.table[step.proc].decide
        return None if decide is None else decide(state, step)

    def choose(self, state, choice, events: list) -> None:
        steps = state.steps
        step = steps[-1] if state.outcome is None and steps else None
        proc = None if step is None else self.procedures.table[step.proc]
        if proc is None or proc.decide is None:
            raise RuntimeError("no step is waiting for a decision")
        start = len(events)
        result = proc.choose(state, step, choice, events)
        if state.unruled and len(events) > start:
            rule = proc.rule
            for i in range(start, len(events)):
                if not events[i].rule:
                    events[i].rule = rule
        steps = state.steps
        if result is DONE and steps and steps[-1] is step:
            steps.pop()
        elif result is not AGAIN and result != WAIT:
            self._after(state, step, result)
        if not state.game_goes_on:
            state.check_outcome(events)
        self.run(state, events)


PROCESSOR = LumenProcessor(PROCS)


_PLAIN: dict[str, Step] = {}  # one shared record per step without arguments


def push(state, *steps) -> None:
    """Push steps so that the first one named runs first. Each is a
    procedure name or a ``(name, args)`` pair. Steps are never changed in
    place, so a step without arguments is one shared record (no procedure
    pushes its own name while it runs, so the processor never confuses two)."""
    stack = state.steps
    for s in reversed(steps):
        if s.__class__ is str:
            stack.append(_PLAIN.get(s) or _plain(s))
        else:
            stack.append(Step(s[0], 0, s[1]))  # the args dict is the caller's fresh literal


def run_in_place(state, events, names: tuple) -> None:
    """Run the steps ``names`` in order here, as the processor would run them
    one by one (each one's events carry its rule, the end-of-game check
    follows each), without pushing a step for each: the turn and the battle
    are mostly steps that finish at once. A decision step, or a step that
    pushes sub-steps, stops it there: the steps not yet run are pushed under
    the sub-steps, so they run after them, as if all had been pushed. When
    the game ends or sudden death replaces the pending steps, the rest is
    dropped, as the processor would drop it."""
    plan = _PLANS.get(names) or _plan(names)
    stack = state.steps
    base = len(stack)
    if not state.game_goes_on:  # the check that follows the step running this
        state.check_outcome(events)
        if state.outcome is not None or state.steps is not stack:
            return
    k = 0
    for run, rule, step in plan:
        if run is None:  # a decision: it waits as a step
            break
        k += 1
        start = len(events)
        if run(state, step, events) is not DONE:
            raise RuntimeError(f"step {step.proc} run in place did not finish")
        if state.unruled and len(events) > start:
            for i in range(start, len(events)):
                if not events[i].rule:
                    events[i].rule = rule
        if not state.game_goes_on:  # (only the check ends the game or replaces the steps)
            state.check_outcome(events)
            if state.outcome is not None or state.steps is not stack:
                return
        if len(stack) != base:  # it pushed sub-steps: they run first
            break
    if k < len(plan):
        stack[base:base] = [step for _, _, step in reversed(plan[k:])]


_PLANS: dict[tuple, list] = {}


def _plan(names: tuple) -> list:
    """Each step of ``names``: its procedure's run (None for a decision), its rule and its shared record."""
    plan = _PLANS[names] = []
    for name in names:
        proc = PROCS.table[name]
        plan.append((None if proc.decide is not None else proc.run, proc.rule, _PLAIN.get(name) or _plain(name)))
    return plan


def _plain(name: str) -> Step:
    step = _PLAIN[name] = Step(name)
    return step


def top_is(state, *names: str) -> bool:
    """True when the game goes on and the top step is one of ``names``."""
    return state.outcome is None and bool(state.steps) and state.steps[-1].proc in names
