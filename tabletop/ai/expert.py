"""The "expert" computer player: determinized flat Monte Carlo.

It plays every game through the engine contract only (``decision``,
``determinize``, ``clone``/``_apply`` of the determinized copies, ``winner``,
``turn``, ``GAME.heuristic``); there is no game-specific code here. The true
state is only ever asked for its pending decision, its turn and determinized
copies, so no hidden card can leak into a choice.

For one decision of ``player``:

1. A forced choice (one legal option, resigning aside) is returned at once, and so
   is a choice of role "default" (the engine's own answer to a detail such as how
   to pay a cost; the rollout policy takes it too).
2. Every legal choice is tried one step ahead on a couple of determinized
   copies (``state.determinize(player, rng)``: the cards ``player`` can't see
   are re-drawn) and scored with the heuristic, like the greedy agent. A choice
   that wins at once in every copy is taken at once; the others are ordered by
   that score and only the best ``top_k`` go on (cheap pruning of dominated
   options); resigning is never considered while anything else is legal.
3. Rollouts: a rollout applies the candidate in a determinized world, then
   plays on with a cheap policy (epsilon-greedy: at random with probability
   ``epsilon``, else the best by the heuristic of ``sample`` choices drawn at
   random, or of all of them at a simultaneous decision, ``_hidden_pick``;
   never resigning) until the game ends, a turn horizon is reached (by
   default the start of the deciding player's next turn) or ``max_depth``
   choices. A won game scores 1, a lost one 0 (a sooner win and a later loss a
   little better, by up to 0.1), a cut one its heuristic mapped into
   [0.1, 0.9] over the range of heuristic values seen in this decision.
4. The rollouts are spread over the candidates by sequential halving with
   common random numbers (the default, ``allocation="halving"``): each round
   plays every surviving candidate in the same fresh determinizations with the
   same rollout dice, so the luck of the draw cancels out of the comparison,
   then drops the worse half; the survivor is chosen. ``allocation="ucb"``
   uses UCB1 instead (fresh determinization per rollout; the most visited
   candidate is chosen).

Budgets: ``budget_ms`` (counted on the agent's ``clock``: wall clock at the
table, computing time in self-play) or ``rollouts`` (a fixed
count, optionally capped by ``max_work`` simulated steps; both counts, so fully
reproducible from the seed; ``make_agent('expert')`` and so ``tabletop
selfplay`` use this mode).

Simultaneous decisions (``Decision.players`` with both players): the other
player's pick is hidden, so the one-step scores average several
determinizations, and wherever a rollout meets a simultaneous decision (the
root one included) every player's pick is chosen on the position before any
of them is applied, so no pick is made seeing another.
"""

from __future__ import annotations

import math

from tabletop.engine.core import Choice, State

from .agents import (WIN_SCORE, Agent, SearchingAgent, apply_picks, apply_with_defaults, default_choice,
                     playing_choices)

# a heuristic this large means the game's look-ahead already found the end
DECIDED = 1e5


class ExpertAgent(SearchingAgent, Agent):
    """Determinized flat Monte Carlo over the legal choices (see the module docstring).

    ``ExpertAgent(seed)`` thinks about ``budget_ms`` (400 ms) per decision;
    ``ExpertAgent(seed, budget_ms=None, rollouts=N)`` uses a fixed rollout count
    instead and is then reproducible from the seed (``for_selfplay``)."""

    name = "expert"
    #: rollouts per decision in the reproducible mode used by ``tabletop selfplay``
    SELFPLAY_ROLLOUTS = 96
    #: and at most this many simulated steps (keeps long rollouts near 0.5 s)
    SELFPLAY_WORK = 2500

    def __init__(self, seed: int = 0, budget_ms: float | None = 400.0, rollouts: int | None = None,
                 horizon_turns: int = 2, max_depth: int = 40, top_k: int = 8, epsilon: float = 0.25,
                 sample: int = 3, ucb_c: float = 0.5, prior_worlds: int = 2, max_work: int | None = None,
                 allocation: str = "halving"):
        super().__init__(seed)
        if rollouts is None and budget_ms is None:
            rollouts = self.SELFPLAY_ROLLOUTS
        self.rollouts = rollouts          # fixed count (reproducible) when set
        self.budget_ms = budget_ms        # else a wall-clock budget per decision
        self.horizon_turns = horizon_turns
        self.max_depth = max_depth
        self.top_k = top_k
        self.epsilon = epsilon
        self.sample = sample
        self.ucb_c = ucb_c
        self.prior_worlds = prior_worlds
        #: "halving" (sequential halving, common random numbers) or "ucb" (UCB1)
        self.allocation = allocation
        #: with ``rollouts``: also stop once this many simulated steps (applied
        #: choices, policy trials) are spent; a count, so still reproducible
        self.max_work = max_work
        self.work = 0
        #: seconds spent on each decision (the forced ones included), for measurement
        self.think_times: list[float] = []
        self.last_stats: dict = {}

    @classmethod
    def for_selfplay(cls, seed: int = 0) -> "ExpertAgent":
        """The reproducible variant: a fixed rollout count, no wall clock."""
        return cls(seed, budget_ms=None, rollouts=cls.SELFPLAY_ROLLOUTS, max_work=cls.SELFPLAY_WORK)

    # -- the decision ----------------------------------------------------------------------------
    def _choose(self, state: State, player: int, t0: float) -> Choice:
        d = state.decision
        obvious, playing = self._options(d, player)
        if obvious is not None:
            return obvious
        game = state.game
        simultaneous = len(d.players) > 1
        root_turn = state.turn

        # 2. one-step scores (the greedy agent's view), averaged over a few worlds
        n_worlds = max(self.prior_worlds, 4 if simultaneous else 1)
        worlds = [state.determinize(player, self.rng) for _ in range(n_worlds)]
        playing = self.steer(worlds[0], player, playing)
        if len(playing) == 1:
            return playing[0]
        prior: list[tuple[float, int, Choice]] = []
        # world by world, so that with a wall-clock budget the later worlds are
        # skipped once the budget is spent (the sums are the same either way)
        deadline = None if self.rollouts is not None else t0 + (self.budget_ms or 0.0) / 1000.0
        sums = [[0.0, 0, 0] for _ in playing]  # total, worlds, wins
        for wi, w in enumerate(worlds):
            if wi and deadline is not None and self.clock() >= deadline:
                break
            for idx, c in enumerate(playing):
                s = w.clone()
                mine = s.decision.find(c.id, player) if s.decision else None
                if mine is None:
                    continue
                apply_with_defaults(s, mine)
                v = _one_step(game, s, player)
                acc = sums[idx]
                acc[0] += v
                acc[1] += 1
                acc[2] += v >= WIN_SCORE
        for idx, c in enumerate(playing):
            total, n, wins = sums[idx]
            if n == 0:
                continue
            if wins == n:
                self.last_stats = {"immediate_win": c.id}
                return c
            prior.append((total / n, idx, c))
        if not prior:
            return self.rng.choice(playing)
        prior.sort(key=lambda x: (-x[0], x[1]))
        # a choice that loses at once in every world is dropped while another remains
        alive = [p for p in prior if p[0] > -WIN_SCORE] or prior
        cands = [c for _, _, c in alive[: self.top_k]]
        if len(cands) == 1:
            return cands[0]

        # 3. rollouts over the candidates
        st = _Stats(len(cands))
        self.work = 0
        k = len(cands)
        if self.allocation == "ucb":
            self._ucb(state, cands, player, root_turn, st, deadline)
            # 4. the best candidate: most rollouts, then best mean
            best = max(range(k), key=lambda i: (st.visits[i], st.mean(i), -i))
        else:
            best = self._halving(state, cands, player, root_turn, st, deadline)
        self.last_stats = {"rollouts": st.total, "work": self.work, "candidates": [
            (cands[i].id, st.visits[i], round(st.mean(i), 3)) for i in range(k)]}
        return cands[best]

    def _out_of_budget(self, st: "_Stats", deadline) -> bool:
        if self.rollouts is not None:
            return st.total >= self.rollouts or bool(self.max_work and self.work >= self.max_work)
        return self.clock() >= deadline

    def _ucb(self, state, cands, player, root_turn, st: "_Stats", deadline) -> None:
        """UCB1: every candidate once, then the one with the best upper bound; each
        rollout on a fresh determinization."""
        k = len(cands)
        while st.total < k or not self._out_of_budget(st, deadline):
            a = st.total if st.total < k else st.ucb_pick(self.ucb_c)
            s = state.determinize(player, self.rng)
            st.add(a, *self._rollout(s, cands[a], player, root_turn, self.rng))

    def _halving(self, state, cands, player, root_turn, st: "_Stats", deadline) -> int:
        """Sequential halving with common random numbers: in each round every
        surviving candidate is played out in the same determinized worlds with
        the same rollout dice (so luck cancels out of the comparison), then the
        worse half is dropped. The budget is split evenly over the rounds.
        Returns the surviving candidate."""
        alive = list(range(len(cands)))
        rounds = max(1, math.ceil(math.log2(len(alive))))
        for r in range(rounds):
            if len(alive) == 1:
                break
            left = rounds - r
            if self.rollouts is not None:
                per_arm = max(1, (max(self.rollouts, len(cands)) - st.total) // (len(alive) * left))
                work_cap = self.max_work * (r + 1) / rounds if self.max_work else None
            else:
                now = self.clock()
                stop_at = now + max(0.0, deadline - now) / left
            n = 0
            spent = False
            while True:
                world = state.determinize(player, self.rng)
                dice = self.rng.copy()
                for a in alive:
                    # with a wall-clock budget, stop where it runs out (a round
                    # started late would overrun it by a rollout per candidate)
                    if deadline is not None and st.total and self.clock() >= deadline:
                        spent = True
                        break
                    st.add(a, *self._rollout(world.clone(), cands[a], player, root_turn, dice.copy()))
                self.rng.next_u32()   # move the agent's own generator past the shared dice
                n += 1
                if spent:
                    break
                if self.rollouts is not None:
                    if n >= per_arm or (work_cap is not None and self.work >= work_cap):
                        break
                elif self.clock() >= stop_at:
                    break
            if spent:  # the best of the survivors played out so far
                return min((i for i in alive if st.visits[i]), key=lambda i: (-st.mean(i), i))
            alive.sort(key=lambda i: (-st.mean(i), i))
            alive = alive[: (len(alive) + 1) // 2]
        return alive[0]

    # -- one rollout -------------------------------------------------------------------------------
    def _rollout(self, s: State, choice: Choice, player: int, root_turn: int, rng) -> tuple[bool, float]:
        """Play ``choice`` in ``s`` (a determinized world, changed in place), then on
        with the rollout policy drawing from ``rng``. Returns (True, reward in
        [0, 1]) at a result, else (False, the value at the horizon: ``_horizon_value``)."""
        d = s.decision
        mine = d.find(choice.id, player) if d is not None else None
        if mine is None:   # the choice can't exist in this world: judge it as it stands
            return False, _heuristic(s.game, s, player)
        game = s.game
        # a simultaneous decision: the others pick without seeing ``choice``
        picks = [mine] + [self._hidden_pick(game, s, q, _playing(d, q), rng) for q in d.players if q != player]
        self._apply_picks(s, picks)
        self.work += 1
        horizon = root_turn + self.horizon_turns
        depth = 0
        while True:
            w = s.winner
            if w is not None:
                # a sooner win is worth a little more, a later loss a little less bad
                late = 0.1 * depth / self.max_depth
                return True, (1.0 - late if w == player else 0.5 if w == "draw" else late)
            d = s.decision
            if d is None:
                return True, 0.5
            if depth >= self.max_depth or s.turn >= horizon:
                return self._horizon_value(s, player)
            if len(d.players) == 1:
                p = d.players[0]
                opts = _playing(d, p)
                if len(opts) == 1:
                    s._apply(opts[0])
                else:
                    s, more = self._rollout_step(game, s, p, opts, rng)
                    self.work += more
                    depth += more
            else:
                # every player of a simultaneous decision picks on the same position
                self._apply_picks(s, [self._hidden_pick(game, s, q, _playing(d, q), rng) for q in d.players])
            self.work += 1
            depth += 1

    _apply_picks = staticmethod(apply_picks)  # a simultaneous decision's picks, each looked up again

    @staticmethod
    def _horizon_value(s: State, player: int) -> tuple[bool, float]:
        """Where a rollout is cut (the turn horizon, ``max_depth``): (False, the
        heuristic), or (True, 0.95 / 0.05) when the heuristic already sees the end."""
        v = _heuristic(s.game, s, player)
        if v >= DECIDED:
            return True, 0.95
        if v <= -DECIDED:
            return True, 0.05
        return False, v

    def _rollout_step(self, game, s: State, p: int, opts: list[Choice], rng) -> tuple[State, int]:
        """One choice of the rollout policy among ``opts`` (two or more), applied:
        the position to play on, and how many choices beyond one that took."""
        s._apply(self._policy(game, s, p, opts, rng))
        return s, 0

    def _hidden_pick(self, game, s: State, p: int, opts: list[Choice], rng) -> Choice:
        """The rollout policy at a simultaneous decision (a pick the others
        make unseen, such as Lumen Condenser's Ready): epsilon-greedy over all
        of ``opts``, not ``sample`` of them. Whether a pick is good there
        depends on the other's best answer to it; drawn from a sample, that
        answer (a defence that guards every position) was left out of most
        rollouts, so an attack into it looked safe, was readied again every
        battle, and fed the guarding player for hundreds of turns. Such a
        decision comes once a turn, so weighing every option costs little."""
        if len(opts) == 1:
            return opts[0]
        return self._policy_at(game, s, p, opts, rng, len(opts))[0]

    def _policy(self, game, s: State, p: int, opts: list[Choice], rng) -> Choice:
        """Epsilon-greedy: at random with probability epsilon, else the best by the
        heuristic among ``sample`` choices drawn at random (a cheap greedy)."""
        if len(opts) == 1:
            return opts[0]
        return self._policy_at(game, s, p, opts, rng)[0]

    def _policy_at(self, game, s: State, p: int, opts: list[Choice], rng,
                   sample: int | None = None) -> tuple[Choice, State | None, int]:
        """``_policy``'s pick among two or more ``opts`` (weighing ``sample`` of
        them, by default the agent's ``sample``) and, when it weighed the
        options, the position the pick led to and the choices applied to reach it
        (the pick and the engine's answers after it); (pick, None, 1) when it drew
        one at random or took a default."""
        n = len(opts)
        if sample is None:
            sample = self.sample
        default = default_choice(opts)
        if default is not None:
            return default, None, 1
        if sample <= 1 or rng.random() < self.epsilon:
            return opts[rng.randbelow(n)], None, 1
        if n <= sample:
            pool = opts
        else:  # ``sample`` of them drawn without putting back (the first steps of a shuffle)
            pool = []
            idx = list(range(n))
            for j in range(sample):
                r = j + rng.randbelow(n - j)
                idx[j], idx[r] = idx[r], idx[j]
                pool.append(opts[idx[j]])
        best, best_v, best_s, best_n = pool[0], -math.inf, None, 1
        self.work += len(pool)
        for c in pool:
            t = s.clone()
            k = apply_with_defaults(t, c)
            v = _one_step(game, t, p)
            if v > best_v:
                best, best_v, best_s, best_n = c, v, t, k
        return best, best_s, best_n


def _playing(d, p: int) -> list[Choice]:
    """``p``'s choices in ``d`` (those the game has the agents weigh), resigning
    left out while anything else is legal."""
    return playing_choices(d.agent_choices(p))


def _heuristic(game, s: State, player: int) -> float:
    return float(game.heuristic(s, player))


def _one_step(game, s: State, player: int, judge=None) -> float:
    """The greedy agent's score: a result beats every heuristic value.
    ``judge``: what scores a position instead of ``game.heuristic`` (Hard's
    plans may weigh by ``game.leaf_value``, ``plan.leaf_step``)."""
    w = s.winner
    if w is not None:
        return WIN_SCORE if w == player else 0.0 if w == "draw" else -WIN_SCORE
    v = float((judge or game.heuristic)(s, player))
    if v >= DECIDED:
        return WIN_SCORE / 2
    if v <= -DECIDED:
        return -WIN_SCORE / 2
    return v


class _Stats:
    """Rollout results per candidate. Results count 1/0 (see ``_rollout``); cut
    rollouts count their heuristic mapped linearly into [0.1, 0.9] over the
    range [lo, hi] seen so far in this decision."""

    __slots__ = ("visits", "wins", "cut_n", "cut_sum", "lo", "hi", "total")

    def __init__(self, k: int):
        self.visits = [0] * k
        self.wins = [0.0] * k
        self.cut_n = [0] * k
        self.cut_sum = [0.0] * k
        self.lo, self.hi = math.inf, -math.inf
        self.total = 0

    def add(self, a: int, terminal: bool, value: float) -> None:
        self.visits[a] += 1
        self.total += 1
        if terminal:
            self.wins[a] += value
        else:
            self.cut_n[a] += 1
            self.cut_sum[a] += value
            if value < self.lo:
                self.lo = value
            if value > self.hi:
                self.hi = value

    def mean(self, a: int) -> float:
        n = self.visits[a]
        if n == 0:
            return 0.0
        r = self.wins[a]
        m = self.cut_n[a]
        if m:
            if self.hi > self.lo:
                r += 0.1 * m + 0.8 * (self.cut_sum[a] - m * self.lo) / (self.hi - self.lo)
            else:
                r += 0.5 * m
        return r / n

    def ucb_pick(self, c: float) -> int:
        log_t = math.log(self.total)
        best, best_v = 0, -math.inf
        for i in range(len(self.visits)):
            v = self.mean(i) + c * math.sqrt(log_t / self.visits[i])
            if v > best_v:
                best, best_v = i, v
        return best
