"""The procedure table of Aquarian Age: every phase, step, window and
resolution registers here under its name, with the rule it implements; and
the processor that runs its steps."""

from tabletop.engine.procedure import AGAIN, WAIT, Processor, Procedures

PROCS = Procedures("aquarian_age")


class AAProcessor(Processor):
    """The kit's processor with both its options on, so it runs the kit's loop written
    for them: every event is given its rule where it is made (``events_ruled``), and
    the end-of-game check after a step is never due (``outcome_when_due``: the defeats
    are judged where what they read changes, ``AAState.judge_defeat``, and
    ``AAState.outcome_due`` stays False). Its :meth:`apply` takes the decision a
    waiting step built as it stopped."""

    def __init__(self, procedures: Procedures):
        super().__init__(procedures, outcome_when_due=True, events_ruled=True)

    def apply(self, state, choice, events: list):
        """``choose(state, choice, events)``, then the pending decision: the one the
        waiting step built as it stopped (``state.decision``), or its procedure's
        ``decide``; None once the game is over. ``state.decision`` is the decision
        ``choice`` is from until the step's choose returns."""
        step, proc = self.waiting(state)
        # the decision the choice is from stays pending while it is applied: a step's
        # choose may build the next decision from it (``state.decision``)
        applied = state.decision
        result = proc.choose(state, step, choice, events)
        if state.decision is applied:
            state.decision = None
        # WAIT after a choice: the step stays, as for AGAIN (its run, if any, comes next)
        self._go_ruled(state, events, step, AGAIN if result == WAIT else result, False)
        if state.outcome is not None:
            return None
        if state.decision is not None:
            return state.decision
        return self.decide(state)
