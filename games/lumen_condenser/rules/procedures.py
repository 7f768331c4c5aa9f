"""The procedure table of Lumen Condenser and the processor that runs it.

Every phase, step and resolution of the rules is one procedure registered in
:data:`PROCS` with the rule it implements; the state keeps the pending steps
(kit :class:`~tabletop.engine.procedure.Step` records) and
:data:`PROCESSOR` runs them.
"""

from __future__ import annotations

from tabletop.engine.procedure import DONE, Processor, Procedures, Step

PROCS = Procedures("lumen_condenser")
_new = object.__new__


# the end-of-game check runs after a step only when something it reads changed (LumenState.outcome_due),
# and every event is made with its rule: the kit's loop for both (Processor.apply and start
# return the decision the rules stop at, which the state keeps in a plain slot)
PROCESSOR = Processor(PROCS, outcome_when_due=True, events_ruled=True)


_PLAIN: dict[str, Step] = {}  # one shared record per step without arguments


def push(state, *steps) -> None:
    """Push steps so that the first one named runs first. Each is a
    procedure name or a ``(name, args)`` pair. Steps are never changed in
    place, so a step without arguments is one shared record (no procedure
    pushes its own name while it runs, so the processor never confuses two)."""
    stack = state.steps
    if len(steps) == 1:
        s = steps[0]
        if s.__class__ is str:  # one step without arguments, the commonest
            stack.append(_PLAIN.get(s) or _plain(s))
        else:  # one step with arguments
            step = _new(Step)  # Step(name, 0, args): the args dict is the caller's fresh literal
            step.proc = s[0]
            step.stage = 0
            step.args = s[1]
            stack.append(step)
        return
    for s in reversed(steps):
        if s.__class__ is str:
            stack.append(_PLAIN.get(s) or _plain(s))
        else:
            step = _new(Step)  # Step(name, 0, args): the args dict is the caller's fresh literal
            step.proc = s[0]
            step.stage = 0
            step.args = s[1]
            stack.append(step)


def run_in_place(state, events, names: tuple) -> None:
    """Run the steps ``names`` in order here, as the processor would run them
    one by one (each one's events carry its rule, the end-of-game check
    follows each), without pushing a step for each: the turn and the battle
    are mostly steps that finish at once. A decision step, or a step that
    pushes sub-steps, stops it there: the steps not yet run are pushed under
    the sub-steps, so they run after them, as if all had been pushed. When
    the game ends or sudden death replaces the pending steps, the rest is
    dropped, as the processor would drop it."""
    stack = state.steps
    base = len(stack)
    if state.outcome_due:  # the check that follows the step running this
        state.outcome_due = False
        state.check_outcome(events)
        if state.outcome is not None or state.steps is not stack:
            return
    k = (_RUNNERS.get(names) or _runner(names))(state, events, stack, base)
    if k > 0:  # a decision step, or a step that pushed sub-steps: the rest waits beneath them
        stack[base:base] = _REST[names][k]


_RUNNERS: dict = {}  # names -> the steps run one after another in straight-line code (_runner)


def _runner(names: tuple):
    """The body of :func:`run_in_place` for ``names``, generated once as
    straight-line code (as the kit's field table generates ``clone``): each
    step in turn and the end-of-game check when due (every event is made
    with its rule, as for the processor's ``events_ruled``: no step's events
    are looked at afterwards; tests/test_events_ruled.py holds the game to it). It returns how many
    of the steps ran or wait to be pushed from (the rest, from that one on,
    are pushed), or -1 when nothing is left to push (all ran, or the game
    ended, or sudden death replaced the steps)."""
    plan = _PLANS.get(names) or _plan(names)
    ns = {"DONE": DONE, "_unfinished": _unfinished}
    body = []
    end = -1
    for k, (run, _rule, step) in enumerate(plan):
        if run is None:  # a decision: it waits as a step (pushed with the rest)
            end = k
            break
        ns[f"run{k}"], ns[f"step{k}"] = run, step
        # (the code's text goes through replace(): the catalogs never take it for players' words)
        body.append("""
    if run@K(state, step@K, events) is not DONE:
        _unfinished(step@K)
    if state.outcome_due:
        state.outcome_due = False
        state.check_outcome(events)
        if state.outcome is not None or state.steps is not stack:
            return -1
    if len(stack) != base:
        return @NEXT""".replace("@NEXT", str(k + 1)).replace("@K", str(k)))
    source = "def run(state, events, stack, base):@BODY\n    return @END".replace("@BODY", "".join(body)).replace(
        "@END", str(end))
    exec(compile(source, f"<run in place: {names[0]}...>", "exec"), ns)  # noqa: S102 - from the step table above
    run = _RUNNERS[names] = ns["run"]
    return run


def prepare(*tables: tuple) -> None:
    """Generate the runners of these step tables now (when the rules load), not at their first use."""
    for names in tables:
        if names not in _RUNNERS:
            _runner(names)


def _unfinished(step) -> None:
    raise RuntimeError(f"step {step.proc} run in place did not finish")


_PLANS: dict[tuple, list] = {}
_REST: dict[tuple, list] = {}  # names -> for each k, the shared records of the steps from the k-th on, to push


def _plan(names: tuple) -> list:
    """Each step of ``names``: its procedure's run (None for a decision), its rule and its shared record."""
    plan = _PLANS[names] = []
    for name in names:
        proc = PROCS.table[name]
        plan.append((None if proc.decide is not None else proc.run, proc.rule, _PLAIN.get(name) or _plain(name)))
    _REST[names] = [tuple(step for _, _, step in reversed(plan[k:])) for k in range(len(plan) + 1)]
    return plan


def _plain(name: str) -> Step:
    step = _PLAIN[name] = Step(name)
    return step


def top_is(state, *names: str) -> bool:
    """True when the game goes on and the top step is one of ``names``."""
    return state.outcome is None and bool(state.steps) and state.steps[-1].proc in names
