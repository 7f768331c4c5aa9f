"""Hard's hand-over to Normal's rollouts, for a root whose turns cannot all
be played out within the budget.

In the games played here a choice is one step of a plan that the rest of the
turn carries out (a summon, its tribute, the attacks), and what it is worth
shows in full only after the other player's answer in its own turn. Hard
judges its options at the end of their own turn (``plan.finish_turn``); when
the first plans' cost shows that not every option can be played out so in
time, ``by_rollouts`` hands the decision to Normal's search instead
(determinized rollouts through the reply turn, compared by sequential halving
with common random numbers) for the rest of the budget, so that the options
are still judged alike, each played on through that answer. ``_normal``
gives that search: ``QuickRollouts`` (Normal's rollouts, the same choices
for fewer engine steps) unless Hard's ``quick_rollouts`` is off, else
``ExpertAgent`` itself.

Game-agnostic: the engine contract only (``decision``, ``determinize``,
``clone``, ``_apply``, ``winner``, ``turn``, ``GAME.heuristic``,
``GAME.leaf_value``).
"""

from __future__ import annotations

from tabletop.engine.core import Choice, State

from .expert import ExpertAgent
from .plan import judge_leaf

__all__ = ["by_rollouts", "QuickRollouts"]


def _normal(agent):
    """Normal's search (``ExpertAgent``, or ``QuickRollouts`` with the agent's
    ``quick_rollouts``) drawing from ``agent``'s generator and counting
    ``agent``'s budget on ``agent``'s clock."""
    normal = agent._normal
    if normal is None:
        if getattr(agent, "quick_rollouts", False):
            normal = agent._normal = QuickRollouts(0, budget_ms=agent.budget_ms)
        else:
            normal = agent._normal = ExpertAgent(0, budget_ms=agent.budget_ms)
    normal.rng = agent.rng
    normal.clock = agent.clock
    normal.budget_ms = agent.budget_ms
    return normal


def by_rollouts(agent, state: State, player: int, playing: list[Choice], t0: float) -> Choice:
    """``agent``'s decision handed to Normal's search (determinized rollouts
    through the reply turn, sequential halving with common random numbers)
    for what is left of the budget that began at ``t0``, among ``playing``:
    Hard's ``fallback="rollouts"``, when the root's turns cannot all be played
    out in time. Its statistics become the agent's root (as the hint reads it)."""
    agent._kept = None
    normal = _normal(agent)
    # a game whose leaf_value looks at the reply turn itself may end these rollouts sooner
    # (its ``hard_options["rollout_turns"]``); by default they play through the reply turn
    normal.horizon_turns = state.game.hard_options.get("rollout_turns", 2)
    keep = {c.id for c in playing}
    normal.steer = lambda _w, _p, choices: [c for c in choices if c.id in keep] or choices
    normal.last_stats = {}   # it keeps the last ones when it decides without rollouts
    choice = normal._choose(state, player, t0)
    rows = [(cid, visits, mean * visits, 0, 0.0) for cid, visits, mean in normal.last_stats.get("candidates", ())
            if visits and cid in keep]
    if choice.id not in {r[0] for r in rows}:
        rows.append((choice.id, 1, 0.5, 0, 0.0))
    agent._set_root(player, rows)
    agent.last_stats = {"rollouts": dict(normal.last_stats)}
    return choice


class QuickRollouts(ExpertAgent):
    """Normal's search with a cheaper rollout: where the rollout policy
    weighed its options one step ahead, the position of the option it picks
    is played on as it stands (the option and the engine's answers to its
    details already applied) instead of the option being applied again. The
    same choices in the same order (the same dice), about one simulated step
    in four fewer, so more rollouts fit a budget."""

    #: a rollout cut at its horizon is judged by the game's leaf value, as Hard's own leaves are
    _horizon_value = staticmethod(judge_leaf)

    def _rollout_step(self, game, s: State, p: int, opts: list[Choice], rng) -> tuple[State, int]:
        c, t, steps = self._policy_at(game, s, p, opts, rng)
        if t is None:
            s._apply(c)
            return s, 0
        return t, steps - 1  # the pick and its defaults, each a step as the rollout counts it
