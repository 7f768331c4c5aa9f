"""Hard's searches other than its tree: the turn-level root search, and the
hand-over to Normal's rollouts (``by_rollouts``, ``rollouts_among``), run by
``QuickRollouts`` (Normal's rollouts, the same choices for fewer engine steps)
unless Hard's ``quick_rollouts`` is off.

The turn-level root search: the best few options by the heuristic one
step ahead, each played out to the end of its mover's turn and through the
other player's reply turn, compared by sequential halving with common random
numbers.

In the games played here a choice is one step of a plan that the rest of the
turn carries out (a summon, its tribute, the attacks), and what the choice is
worth shows only after the other player's answer in its own turn. One step
ahead the heuristic sees neither. ``halving_root`` therefore:

1. judges every option one step ahead in one determinization (as the greedy
   player would) and keeps the best ``top`` of them as candidates;
2. plays each candidate out in determinized worlds (``play_turns``): the
   rest of the searching player's turn, then the next turn (the other
   player's reply) for ``turns`` turns in all, every choice the best one step
   ahead of at most ``width`` options drawn at random (all of them when there
   are no more; the engine's own answer to a detail at once), both players
   alike, and judges the position reached with the heuristic (a result
   counts 1, 0.5 or 0);
3. spreads the worlds over the candidates by sequential halving: each round
   plays every surviving candidate in the same fresh worlds with the same
   dice (common random numbers, so the luck of the draw cancels out of the
   comparison), then drops the worse half. Only worlds in which every
   surviving candidate was played out count, so the candidates are always
   compared on the same worlds.

When the budget runs out before even the first world has played out two
candidates, the best option one step ahead is chosen (values from the end of
a turn and from one step ahead are never compared).

Game-agnostic: the engine contract only (``decision``, ``determinize``,
``clone``, ``_apply``, ``winner``, ``turn``, ``GAME.heuristic``).
"""

from __future__ import annotations

import math

from tabletop.engine.core import Choice, State

from .agents import WIN_SCORE, apply_picks, apply_with_defaults, default_choice
from .expert import DECIDED, ExpertAgent, _one_step, _playing, _Stats
from .plan import finish_turn, greedy_step

__all__ = ["play_turns", "halving_root", "halving_decision", "by_rollouts", "rollouts_among", "QuickRollouts"]


def _sampled_best(game, s: State, p: int, opts: list[Choice], width: int | None, rng) -> tuple[Choice, State | None]:
    """``p``'s best option one step ahead among at most ``width`` drawn at
    random (all when there are no more); the engine's default at once."""
    n = len(opts)
    if n == 1:
        return opts[0], None
    default = default_choice(opts)
    if default is not None:
        return default, None
    if width is not None and n > width:
        idx = list(range(n))
        pool = []
        for j in range(width):
            r = j + rng.randbelow(n - j)
            idx[j], idx[r] = idx[r], idx[j]
            pool.append(opts[idx[j]])
        if width == 1:  # one drawn: played as the others would be, its answers included
            t = s.clone()
            apply_with_defaults(t, pool[0])
            return pool[0], t
        return greedy_step(game, s, p, pool)
    return greedy_step(game, s, p, opts)


def play_turns(s: State, turns: int, width: int | None, rng, max_steps: int = 80, until=None,
               start: int | None = None) -> tuple[State, bool]:
    """Play on from ``s`` (a determinized copy; it may be changed or replaced)
    with every player's sampled greedy choice (``_sampled_best``) until
    ``turns`` turns have begun after the one counted from (``start``, the turn
    of the choice that led to ``s``; by default ``s``'s own), i.e. until the
    turn number reaches ``start + turns`` (so a choice that ended its turn is
    not played a turn further than the others), the game ends or
    ``max_steps`` choices were made. At a simultaneous decision each player picks on the same
    position. Returns the position and False when ``until()`` (the time is
    up) stopped it first."""
    game = s.game
    stop = (s.turn if start is None else start) + turns
    for _ in range(max_steps):
        d = s.decision
        if d is None or s.winner is not None or s.turn >= stop:
            break
        if until is not None and until():
            return s, False
        if len(d.players) == 1:
            p = d.players[0]
            c, t = _sampled_best(game, s, p, _playing(d, p), width, rng)
            if t is None:
                s._apply(c)
            else:
                s = t
            continue
        apply_picks(s, [_sampled_best(game, s, q, _playing(d, q), width, rng)[0] for q in d.players])
    return s, True


def _judge(s: State, player: int) -> tuple[bool, float]:
    """Where a search of Hard's stops: a result, or the game's ``leaf_value``."""
    w = s.winner
    if w is not None or s.decision is None:
        return True, (1.0 if w == player else 0.0 if isinstance(w, int) else 0.5)
    v = float(s.game.leaf_value(s, player))
    if v >= DECIDED:
        return True, 0.95
    if v <= -DECIDED:
        return True, 0.05
    return False, v


def halving_root(agent, state: State, player: int, playing: list[Choice], deadline, top: int,
                 turns: int, width: int | None, evaluations: int | None):
    """The choice of the turn-level root search (see the module docstring) and
    its statistics: ``(choice, cands, stats)``; ``stats`` is None when the
    choice is the best one step ahead (a win at once, a single candidate, or
    no time to play out two). ``deadline`` (on ``agent.clock``) or
    ``evaluations`` (a fixed count of played-out candidates, reproducible)
    bound the work. Worlds come from ``agent._world``."""
    rng = agent.rng
    clock = agent.clock
    until = None if deadline is None else (lambda: clock() >= deadline)
    world = agent._world(state, player)
    scored = []
    for i, c in enumerate(playing):
        s = world.clone()
        mine = s.decision.find(c.id, player) if s.decision else None
        if mine is None:
            continue
        apply_with_defaults(s, mine)
        v = _one_step(state.game, s, player)
        if v >= WIN_SCORE:
            return c, [c], None
        scored.append((-v, i, c))
    scored.sort(key=lambda x: (x[0], x[1]))
    alive_all = [x for x in scored if -x[0] > -WIN_SCORE] or scored
    cands = [c for _, _, c in alive_all[:top]]
    if len(cands) <= 1:
        return (cands or playing)[0], cands, None
    st = _Stats(len(cands))
    alive = list(range(len(cands)))
    rounds = max(1, math.ceil(math.log2(len(alive))))
    done = 0
    for r in range(rounds):
        if len(alive) == 1:
            break
        left = rounds - r
        if evaluations is not None:
            per_arm = max(1, (max(evaluations, 2 * len(cands)) - st.total) // (len(alive) * left))
            stop_at = None
        else:
            now = clock()
            stop_at = now + max(0.0, deadline - now) / left
        n = 0
        while True:
            w = world if done == 0 else agent._world(state, player)
            dice = rng.copy()
            got = []
            for a in alive:
                s = w.clone()
                mine = s.decision.find(cands[a].id, player) if s.decision else None
                if mine is None:
                    got.append((a, False, _one_step(state.game, s, player)))
                    continue
                apply_with_defaults(s, mine)
                s, complete = play_turns(s, turns, width, dice.copy(), until=until, start=state.turn)
                if not complete:
                    break
                got.append((a, *_judge(s, player)))
            rng.next_u32()
            if len(got) < len(alive):  # the time ran out inside this world
                if done == 0:
                    if len(got) < 2:
                        return cands[0], cands, None
                    for x in got:
                        st.add(*x)
                    alive = [a for a, _, _ in got]
                break
            for x in got:
                st.add(*x)
            done += 1
            n += 1
            if evaluations is not None:
                if n >= per_arm:
                    break
            elif clock() >= stop_at:
                break
        if deadline is not None and clock() >= deadline:
            break
        alive.sort(key=lambda i: (-st.mean(i), i))
        alive = alive[: (len(alive) + 1) // 2]
    best = min(alive, key=lambda i: (-st.mean(i), i))
    return cands[best], cands, st


def halving_decision(agent, state: State, player: int, playing: list[Choice], t0: float) -> Choice:
    """``agent``'s decision by ``halving_root`` (``HardAgent(root_search=
    "halving")``); its statistics become the agent's root (as the hint reads it)."""
    agent._kept = None
    agent._pool = []
    agent._drawn = 0
    deadline = None if agent.iterations is not None else t0 + (agent.budget_ms or 0.0) / 1000.0
    choice, cands, st = halving_root(agent, state, player, playing, deadline, agent.top_plan, agent.turns,
                                     agent.width, agent.iterations)
    if st is None:
        agent._set_root(player, [(choice.id, 1, 0.5, 0, 0.0)])
        agent.last_stats = {"one_step": choice.id}
        return choice
    agent._set_root(player, [(c.id, st.visits[i], st.wins[i], st.cut_n[i], st.cut_sum[i])
                             for i, c in enumerate(cands) if st.visits[i]], st.lo, st.hi)
    agent.last_stats = {"evaluations": st.total, "choices": [
        (c.id, st.visits[i], round(st.mean(i), 3)) for i, c in enumerate(cands) if st.visits[i]]}
    return choice


def _normal(agent):
    """Normal's search (``ExpertAgent``, or ``QuickRollouts`` with the agent's
    ``quick_rollouts``) drawing from ``agent``'s generator and counting
    ``agent``'s budget on ``agent``'s clock."""
    normal = agent._normal
    if normal is None:
        if getattr(agent, "quick_rollouts", False):
            normal = agent._normal = QuickRollouts(0, budget_ms=agent.budget_ms)
            normal.own_epsilon, normal.own_plan = agent.own_epsilon, agent.rollout_plan
            normal.plan_steps, normal.fit = agent.plan_steps, agent.fit_rollouts
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


def rollouts_among(agent, state: State, player: int, playing: list[Choice], root, deadline) -> Choice | None:
    """The best ``agent.then_rollouts`` options of ``root`` by their first look
    (the end of their turn), compared by Normal's rollouts (sequential
    halving, common random numbers) until ``deadline``; None when fewer than
    two were looked at."""

    ranked = sorted(((agent._mean(e), -i, c) for i, c in enumerate(playing)
                     if (e := root.edges.get((player, c.id))) is not None and e.visits),
                    key=lambda x: (x[0], x[1]), reverse=True)
    cands = [c for _, _, c in ranked[: agent.then_rollouts]]
    if len(cands) < 2:
        return None
    st = _Stats(len(cands))
    best = _normal(agent)._halving(state, cands, player, state.turn, st, deadline)
    agent._kept = None
    agent.last_stats = {"planned": len(ranked), "rollouts": st.total, "candidates": [
        (c.id, st.visits[i], round(st.mean(i), 3)) for i, c in enumerate(cands)]}
    return cands[best]


class QuickRollouts(ExpertAgent):
    """Normal's search with a cheaper rollout: where the rollout policy
    weighed its options one step ahead, the position of the option it picks
    is played on as it stands (the option and the engine's answers to its
    details already applied) instead of the option being applied again. The
    same choices in the same order (the same dice), about one simulated step
    in four fewer, so more rollouts fit a budget. ``own_epsilon`` (None: as
    ``epsilon``): how often the searching player's own choices in the turn
    searched are drawn at random; with ``own_plan`` the rest of that turn
    after the option is played as Hard's plans play it (``plan.finish_turn``:
    each choice the best one step ahead, the other player's answers too)."""

    own_epsilon: float | None = None
    own_plan = False
    plan_steps = 12
    #: with a time budget: the first rollout's cost tells how many fit in the
    #: rest; only the best candidates (by their one-step value) that can each get
    #: two of them are compared (at least two)
    fit = False

    def _halving(self, state, cands, player, root_turn, st, deadline) -> int:
        if self.fit and deadline is not None and len(cands) > 2:
            t = self.clock()
            st.add(0, *self._rollout(state.determinize(player, self.rng), cands[0], player, root_turn,
                                     self.rng.copy()))
            self.rng.next_u32()
            now = self.clock()
            fits = 1 + int(max(0.0, deadline - now) / max(now - t, 1e-9))
            cands = cands[: max(2, min(len(cands), fits // 2))]
        return super()._halving(state, cands, player, root_turn, st, deadline)

    def _rollout(self, s: State, choice: Choice, player: int, root_turn: int, rng) -> tuple[bool, float]:
        d = s.decision
        mine = d.find(choice.id, player) if d is not None else None
        if mine is None:
            return False, float(s.game.heuristic(s, player))
        game = s.game
        picks = [mine] + [self._policy(game, s, q, _playing(d, q), rng) for q in d.players if q != player]
        self._apply_picks(s, picks)
        self.work += 1
        if self.own_plan and s.turn == root_turn:
            s = finish_turn(s, player, self.plan_steps, True)[0]
        horizon = root_turn + self.horizon_turns
        depth = 0
        eps, own = self.epsilon, self.own_epsilon
        if own is None:
            own = eps
        while True:
            w = s.winner
            if w is not None:
                late = 0.1 * depth / self.max_depth
                return True, (1.0 - late if w == player else 0.5 if w == "draw" else late)
            d = s.decision
            if d is None:
                return True, 0.5
            if depth >= self.max_depth or s.turn >= horizon:
                return _judge(s, player)
            if len(d.players) == 1:
                p = d.players[0]
                opts = _playing(d, p)
                if len(opts) == 1:
                    s._apply(opts[0])
                else:
                    c, t, steps = self._policy_at(game, s, p, opts, rng,
                                                  own if p == player and s.turn == root_turn else eps)
                    if t is None:
                        s._apply(c)
                    else:  # the pick and its defaults, each a step as the loop would count it
                        s = t
                        self.work += steps - 1
                        depth += steps - 1
            else:
                self._apply_picks(s, [self._policy(game, s, q, _playing(d, q), rng) for q in d.players])
            self.work += 1
            depth += 1

    def _policy_at(self, game, s: State, p: int, opts: list[Choice], rng, epsilon: float
                   ) -> tuple[Choice, State | None, int]:
        """``_policy``'s pick and, when it weighed the options, the position
        the pick led to and the choices applied to reach it (the pick and the
        engine's answers after it); (pick, None, 1) when it drew one at random
        or took a default."""
        n = len(opts)
        default = default_choice(opts)
        if default is not None:
            return default, None, 1
        if self.sample <= 1 or rng.random() < epsilon:
            return opts[rng.randbelow(n)], None, 1
        if n <= self.sample:
            pool = opts
        else:
            pool = []
            idx = list(range(n))
            for j in range(self.sample):
                r = j + rng.randbelow(n - j)
                idx[j], idx[r] = idx[r], idx[j]
                pool.append(opts[idx[j]])
        best, best_v, best_s, best_n = pool[0], -math.inf, None, 1
        self.work += len(pool)
        for c in pool:
            t = s.clone()
            k = _apply_counted(t, c)
            v = _one_step(game, t, p)
            if v > best_v:
                best, best_v, best_s, best_n = c, v, t, k
        return best, best_s, best_n


def _apply_counted(state: State, choice: Choice) -> int:
    """``apply_with_defaults``, returning how many choices it applied."""
    state._apply(choice)
    n = 1
    d = state.decision
    while d is not None and len(d.players) == 1 and d.players[0] == choice.player:
        default = default_choice(d.choices)
        if default is None:
            break
        state._apply(default)
        n += 1
        d = state.decision
    return n
