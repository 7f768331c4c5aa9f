"""The procedure table of Aquarian Age: every phase, step, window and
resolution registers here under its name, with the rule it implements; and
the processor that runs its steps."""

from tabletop.engine.procedure import AGAIN, DONE, LOOP_GUARD, WAIT, Processor, Procedures

PROCS = Procedures("aquarian_age")


class AAProcessor(Processor):
    """The kit's processor with this game's two options fixed, its loop written
    for them alone: every event is given its rule where it is made (the kit's
    ``events_ruled``), and the end-of-game check after a step is never due (the
    kit's ``outcome_when_due``: the defeats are judged where what they read
    changes, ``AAState.judge_defeat``, and ``AAState.outcome_due`` stays False)."""

    def __init__(self, procedures: Procedures):
        super().__init__(procedures, outcome_when_due=True, events_ruled=True)

    def apply(self, state, choice, events: list):
        """``choose(state, choice, events)``, then the pending decision: the one the
        waiting step built as it stopped (``state.decision``), or its procedure's
        ``decide``; None once the game is over. ``state.decision`` is the decision
        ``choice`` is from until the step's choose returns."""
        steps = state.steps
        if not steps or state.outcome is not None:
            raise RuntimeError("no step is waiting for a decision")
        step = steps[-1]  # the waiting step is the top one
        proc = self.table[step.proc]
        if proc.decide is None:
            raise RuntimeError("no step is waiting for a decision")
        # the decision the choice is from stays pending while it is applied: a step's
        # choose may build the next decision from it (``state.decision``)
        applied = state.decision
        result = proc.choose(state, step, choice, events)
        if state.decision is applied:
            state.decision = None
        # WAIT after a choice: the step stays, as for AGAIN (its run, if any, comes next)
        self._go(state, events, step, proc, AGAIN if result == WAIT else result, 0)
        if state.outcome is not None:
            return None
        if state.decision is not None:
            return state.decision
        steps = state.steps
        if not steps:
            return None
        step = steps[-1]
        decide = self.table[step.proc].decide
        return None if decide is None else decide(state, step)

    def _go(self, state, events: list, step, proc, result, start: int) -> None:
        """The kit's loop (``Processor._go``) for this game's options: the step is
        popped when DONE; then the next top step runs, until one waits for a player
        or the game is over."""
        table = self.table
        for _ in range(LOOP_GUARD):
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
                        return  # it waits for a player
                else:
                    self._after(state, step, result)
            steps = state.steps  # read afresh: a procedure may replace the list
            if not steps or state.outcome is not None:
                return
            step = steps[-1]
            run = table[step.proc].run
            if run is None:
                return  # a decision step with nothing to do first
            result = run(state, step, events)
        raise RuntimeError(f"the rules did not reach a decision after {LOOP_GUARD} steps "
                           f"(top step: {state.steps[-1] if state.steps else None})")
