"""Riftbound's rules as named procedures on the kit processor.

The state keeps a stack of pending steps (kit ``Step(procedure, stage, args)``).
At its bottom is ``turn`` (rules/turn.py): it does the outstanding tasks in
HOT FEPR order (Core Rules v1.3 Chain, digest 9.2), each by its procedure from
this table: a cleanup, the triggers waiting for the chain, priority while a
chain exists, the running showdown or combat's step, or the turn's next phase
or step (``TURN_STRUCTURE``). A decision is a procedure that waits for a
player: ``turn`` pushes it as its own step, and a rule that needs a special
decision (a mulligan pick, a group move, damage assignment, a trigger's
target...) pushes it above itself. A step is never changed in place.

=======================  ======================  =====================================
procedure                module                  rule
=======================  ======================  =====================================
turn                     rules/turn.py           Turn structure and HOT FEPR (digest 7, 9.2)
awaken_phase ...         rules/turn.py           the phases and steps (TURN_STRUCTURE)
mulligan                 rules/setup.py          Mulligan (digest 6.6)
main_phase               rules/main.py           Main Phase (digest 7.5)
move_with                rules/movement.py       Standard Move (digest 11.1)
pay_cost                 rules/costs.py          Costs: how to pay (digest 5.3-5.4, 9.1)
priority, vision         rules/chain.py          Chain and priority (digest 9.2-9.3)
triggers_to_chain ...    rules/triggers.py       Triggered abilities (digest 17.4)
cleanup                  rules/cleanup.py        Cleanup, its nine steps (digest 10)
focus, showdown_end      rules/showdown.py       Showdowns and focus (digest 12)
combat_damage ...        rules/combat.py         Combat (digest 13)
=======================  ======================  =====================================
"""

from __future__ import annotations

from tabletop.engine.kitstate import OnePlayerDecision
from tabletop.engine.procedure import Procedures, Processor

PROCS = Procedures("riftbound")
# every event carries its rule where it is made (events_ruled: tests/test_events_ruled.py holds
# the game to it), and the end-of-game check, which reads only the points, runs after a step
# only when they changed (outcome_when_due: RBState.outcome_due)
PROCESSOR = Processor(PROCS, outcome_when_due=True, events_ruled=True)
push = PROCESSOR.push


class QuickDecision(OnePlayerDecision):
    """A one-player decision (every choice is its player's) whose slots the decide
    functions of the Main Phase, Priority and Focus fill in themselves (one of them
    is built at almost every step): made without running an ``__init__``."""

    __slots__ = ()
    __init__ = object.__init__


#: each player alone, as a decision's ``players``
ONE_PLAYER = ((0,), (1,))

# decisions a rule asks for in the middle of its work (pushed above the step that asked)
ASKS = frozenset({"mulligan", "move_with", "choose_showdown", "assign_damage", "trigger_target",
                  "order_triggers", "weaponmaster", "vision", "pay_cost"})

from . import chain, cleanup, combat, costs, main, movement, setup, showdown, triggers, turn  # noqa: E402,F401 (registers)
