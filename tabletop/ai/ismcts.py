"""The "hard" computer player: information-set Monte Carlo tree search.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012, "Information Set
Monte Carlo Tree Search"), played through the engine contract only, with no
game-specific code:

* **Determinization.** Every iteration starts from a fresh
  ``state.determinize(player, rng)``: the cards the searching player can't see
  are re-drawn at random, consistently with its own view. The true state is
  asked for nothing else than its pending decision, its turn and these copies,
  so the search never reads a hidden card.
  The decision draws a pool of ``worlds`` (16) such copies and iteration i
  plays in a copy of world i mod 16 (copying costs a few percent of drawing);
  the root options' first look is averaged over ``prior_worlds`` of them
  (the game's ``hard_options["prior_worlds"]``, else 2; a later one skipped
  once the budget is spent).
* **One tree for the information set.** A node is reached by a sequence of
  choice ids, whatever the determinization; its options are the choices legal
  in *this* determinization only. Each option counts how often it was
  *available* when its node was visited, and selection uses UCB1 with the
  availability count in place of the parent's visit count (the "subset-armed
  bandit" of the paper), so an option that only exists in some worlds is not
  over- or under-explored.
* **Every player in the tree.** The opponent's decisions are nodes like the
  searching player's own; each player maximises its own reward (the game is
  zero-sum: the opponent's reward is one minus the searcher's).
* **Simultaneous decisions** (``Decision.players`` with both players): every
  player of the decision picks on the same position with its own statistics at
  the node (decoupled UCT), and only then are the picks applied, so no pick is
  made seeing another. The child is keyed by the joint pick.
* **Expansion and evaluation.** An iteration descends by UCB until it
  reaches a node with options never tried. At a node of one player, all of
  them are judged at once (each gets a first visit with its value) and the
  mover's best is the iteration's leaf, so the first look at a line already
  follows the heuristic's best reply rather than a random one
  (the root's options get the same first visit before the
  search starts, so a search cut short by its budget still plays
  at least as a greedy planner would). An option is judged at the end of its
  mover's turn (``plan``, the default; ``plan.finish_turn``): the rest of
  that turn is played greedily (the mover's choices, and with ``answers``
  the other player's answers inside the turn, each the best one step ahead),
  then the game's ``leaf_value`` judges it, so a choice is weighed with what it leads to
  later in the same turn (the summon that a tribute or an attack follows),
  and all leaves are compared at the same point of a turn. The root's
  options are played out best first by their one-step value while the
  budget lasts. When the first plans' cost shows that not every one of
  them can be played out in the budget (``fallback="rollouts"``, the
  default; in Riftbound, whose turns hold 10 to 20 choices of 13 to 33
  options, most large roots at 50 ms), the decision is handed to Normal's
  rollouts through the reply turn for the rest of the budget
  (``turns.by_rollouts``; ``early_handover``: as soon as a plan still running
  shows it; ``quick_rollouts``: ``turns.QuickRollouts``, the same rollouts
  cheaper). With ``fallback="one_step"``, when the budget runs
  out before every option was played out (``plan_all``, the default), all
  are judged one step ahead instead, so values from different points of a
  turn are never compared (without ``plan_all`` the options played out are
  kept, the others left unjudged, unless fewer than two could be). Without
  ``plan`` an option is judged one step ahead. At a simultaneous node one
  new option per player is tried (the searcher's own at random, the other
  player's best by its one-step value first: the answer a greedy player
  makes and Normal's rollouts expect, so an attack into it is found out
  soon), and the game's leaf_value judges the position the picks lead to.
  A result scores 1 (win), 0.5 (draw) or 0 (loss); a heuristic value is
  mapped into [0.1, 0.9] over the range of values seen in this decision (as
  the expert does), so the scale of each game's heuristic needs no tuning.
  A heuristic beyond ``DECIDED`` (the game's look-ahead already sees the
  end) counts as 0.95 / 0.05.
* **Forced choices** (one legal option, resigning aside) and the engine's
  own answer to a detail (role "default": how to pay a cost) are taken at
  once, both at the root (no search at all) and inside the tree (no node
  level); an option is judged with the defaults that follow it applied
  (``apply_with_defaults``, as the greedy and Normal players judge it), so
  a card played is not judged half-paid.
  Resigning is never considered while anything else is legal, for either
  player.
* **Repetition.** At a position the real game has already come to
  ``Agent.REPEATS`` times (as the agent sees it), only the choices taken
  least often there are searched (``Agent.steer``), so a loop the rules allow
  is left, and so is a slow circle where nothing has gone beyond its highest
  or lowest for ``Agent.STALL_TURNS`` turns (see docs/PERFORMANCE.md,
  "Computer opponents").

Budgets: ``budget_ms`` (1 s by default, counted on the agent's ``clock``: wall
clock at the table, computing time in self-play) or
``iterations`` (a fixed count; fully reproducible from the seed, used by the
tests and by ``make_agent('hard')`` when no think time is given). With a
budget no iteration starts once it is spent (``min_iterations``, 0), and a
turn being played out stops where it runs out (inside the tree that leaf is
then judged where it stopped).
The choice made is the root option visited most (ties: best mean, then the
first listed).
"""

from __future__ import annotations

import math

from tabletop.engine.core import Choice, State

from .agents import Agent, SearchingAgent, apply_picks, apply_with_defaults, default_choice
from .expert import DECIDED, _one_step, _playing
from .plan import finish_turn, greedy_step, judge_leaf
from .turns import by_rollouts

__all__ = ["HardAgent"]


class _Edge:
    """The statistics of one option of one player at one node, in the
    searching player's terms (rewards in [0, 1] for the root player)."""

    __slots__ = ("visits", "avail", "wins", "cut_n", "cut_sum")

    def __init__(self):
        self.visits = 0
        self.avail = 0
        self.wins = 0.0     # summed rewards of results (and decided heuristics)
        self.cut_n = 0      # leaves judged by the heuristic
        self.cut_sum = 0.0  # their raw heuristic values


class _Node:
    __slots__ = ("edges", "children")

    def __init__(self):
        self.edges: dict[tuple[int, str], _Edge] = {}
        self.children: dict[tuple, _Node] = {}


class HardAgent(SearchingAgent, Agent):
    """Single-observer ISMCTS with heuristic leaves (see the module docstring).

    ``HardAgent(seed)`` thinks ``budget_ms`` (1000 ms) per decision;
    ``HardAgent(seed, budget_ms=None, iterations=N)`` runs exactly N iterations
    and is then reproducible from the seed."""

    name = "hard"
    #: iterations per decision in the reproducible mode (``make_agent('hard')``;
    #: each judges its new options at the end of their turn: about 0.5 s a decision)
    SELFPLAY_ITERATIONS = 40

    def __init__(self, seed: int = 0, budget_ms: float | None = 1000.0, iterations: int | None = None,
                 c: float = 0.4, reuse: bool = True, worlds: int = 16, prior_worlds: int | None = None, plan: bool = True,
                 plan_steps: int = 12, answers: bool = True, min_iterations: int = 0, plan_all: bool = True,
                 fallback: str = "rollouts", early_handover: bool = True, quick_rollouts: bool = True):
        super().__init__(seed)
        if iterations is None and budget_ms is None:
            iterations = self.SELFPLAY_ITERATIONS
        self.iterations = iterations
        self.budget_ms = budget_ms if iterations is None else None
        self.c = c  # UCB1's exploration constant
        #: keep the subtree of the last choice when the next decision is the agent's own again
        self.reuse = reuse
        #: determinizations drawn per decision: iteration i plays in a copy of world i mod ``worlds``
        #: (a copy costs a few percent of a fresh determinization; 0: a fresh one every iteration)
        self.worlds = worlds
        #: the root options' first look is averaged over this many worlds (twice as many at a
        #: simultaneous decision, where the other pick is hidden); None: the game's
        #: ``hard_options["prior_worlds"]``, else 2 (``first_look_worlds``)
        self.prior_worlds = prior_worlds
        #: judge a leaf at the end of its mover's turn (``plan.finish_turn``:
        #: the mover's remaining choices of the turn played greedily first)
        self.plan = plan
        self.plan_steps = plan_steps
        self.answers = answers
        self.plan_all = plan_all  # use the plan at the root only when every option was played out
        self.min_iterations = min_iterations
        #: when the root's turns cannot all be played out in the budget: "one_step" (judge the
        #: options one step ahead) or "rollouts" (the rest of the budget goes to Normal's
        #: rollouts through the reply turn, ``turns.by_rollouts``)
        self.fallback = fallback
        self.early_handover = early_handover
        self.quick_rollouts = quick_rollouts
        self._deadline = None
        self._normal = None
        self._pool: list[State] = []
        self._until = None
        self._drawn = 0
        self._kept: _Node | None = None
        self._root_ids: set[str] | None = None
        self._kept_turn = -1
        self._root_turn = 0
        self.think_times: list[float] = []
        self.last_stats: dict = {}
        #: the tree of the last search (for inspection)
        self.root: _Node | None = None
        self._lo = math.inf
        self._hi = -math.inf

    @classmethod
    def for_selfplay(cls, seed: int = 0) -> "HardAgent":
        return cls(seed, budget_ms=None, iterations=cls.SELFPLAY_ITERATIONS)

    # -- the decision ----------------------------------------------------------------------------
    def _choose(self, state: State, player: int, t0: float) -> Choice:
        d = state.decision
        obvious, playing = self._options(d, player)
        if obvious is not None:
            return obvious
        n_all = len(playing)
        if state.turn >= self.STEER_FROM_TURN:
            playing = self.steer(state.determinize(player, self.rng), player, playing)
        if len(playing) == 1:
            self._kept = None
            return playing[0]
        self._root_ids = {c.id for c in playing} if len(playing) < n_all else None
        root = self._reused(state, player, playing)
        if root is None:
            root = _Node()
            self._lo, self._hi = math.inf, -math.inf
        self.root = root
        self._root_turn = state.turn
        self._pool = []
        self._drawn = 0
        deadline = None if self.iterations is not None else t0 + (self.budget_ms or 0.0) / 1000.0
        self._until = None if deadline is None else (lambda: self.clock() >= deadline)
        self._deadline = deadline
        if not root.edges:
            try:
                self._seed_root(state, player, root, playing, deadline)
            except _TooBig:
                return by_rollouts(self, state, player, playing, t0)
        n = 0
        while True:
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif n >= self.min_iterations and self.clock() >= deadline:
                break
            self._iterate(state, player, root)
            n += 1
        best, best_key = None, None
        for c in playing:
            e = root.edges.get((player, c.id))
            if e is None or e.visits == 0:
                continue
            key = (e.visits, self._mean(e))
            if best_key is None or key > best_key:
                best, best_key = c, key
        if best is None:  # no option of the true decision was ever tried (cannot happen: the root is public)
            best = playing[0]
        self._kept, self._kept_turn = None, state.turn
        if self.reuse:
            self._kept = root.children.get(((player, best.id),))
        self.last_stats = {"iterations": n, "choices": sorted(
            ((c.id, root.edges[(player, c.id)].visits, round(self._mean(root.edges[(player, c.id)]), 3))
             for c in playing if (player, c.id) in root.edges), key=lambda x: -x[1])}
        return best

    def _set_root(self, player: int, rows, lo: float = 0.0, hi: float = 1.0) -> None:
        """A root made of given statistics (``turns``' searches; the hint reads
        ``root``): ``rows`` of (choice id, visits, wins, cut_n, cut_sum)."""
        root = self.root = _Node()
        self._lo, self._hi = lo, hi
        for cid, visits, wins, cut_n, cut_sum in rows:
            e = root.edges[(player, cid)] = _Edge()
            e.visits = e.avail = visits
            e.wins, e.cut_n, e.cut_sum = wins, cut_n, cut_sum

    def _reused(self, state: State, player: int, playing: list[Choice]) -> _Node | None:
        """The subtree below the agent's last choice, when this decision is the
        one that choice led to in the search: the same turn, only the agent's
        own options at that node, and every option of the decision among them
        (then nothing the agent did not choose itself happened in between, as
        far as its view tells)."""
        node = self._kept
        self._kept = None
        if node is None or state.turn != self._kept_turn or not node.edges:
            return None
        if any(p != player for p, _ in node.edges):
            return None
        if len(state.decision.players) != 1:
            return None
        ids = {c.id for c in playing}
        if not ids <= {cid for _, cid in node.edges}:
            return None
        return node

    def _seed_root(self, state: State, player: int, root: _Node, playing: list[Choice], deadline=None) -> None:
        """A first visit of every root option: one step ahead in one
        determinization, judged like a leaf (the greedy agent's view), so that
        even a search cut short by its budget has looked at every option and
        prefers the ones the heuristic likes. With ``plan`` each option's turn
        is then played out (``finish_turn``), the options the one-step look
        likes best first, while the budget lasts; an option whose turn was not
        played out keeps its one-step value."""
        n_worlds = max(1, self.first_look_worlds(state.game) * (2 if len(state.decision.players) > 1 else 1))
        until = None if deadline is None else (lambda: self.clock() >= deadline)
        for wi in range(n_worlds):
            if wi and until is not None and until():
                break
            world = self._world(state, player)
            looked = []
            for i, c in enumerate(playing):
                s = world.clone()
                mine = s.decision.find(c.id, player) if s.decision else None
                if mine is None:
                    continue
                apply_with_defaults(s, mine)
                looked.append([c, s, *self._judge(s, player), i])
            if self.plan:
                looked = self._plan_root(looked, player, until, first=wi == 0)
            for c, _s, terminal, v, _i in looked:
                e = root.edges.get((player, c.id))
                if e is None:
                    e = root.edges[(player, c.id)] = _Edge()
                e.avail += 1
                self._add(e, terminal, v)

    def first_look_worlds(self, game) -> int:
        """How many worlds the root options' first look is averaged over (one
        player deciding): ``prior_worlds``, else the game's choice, else 2."""
        if self.prior_worlds is not None:
            return self.prior_worlds
        return game.hard_options.get("prior_worlds", 2)

    def _plan_root(self, looked: list, player: int, until, first: bool) -> list:
        """The root options of one world judged at the end of the turn
        (``finish_turn``), the best by their one-step value first, while the
        budget lasts. Returns those judged so (a value from the middle of a
        turn would not compare with them: the others are left unjudged, as
        options the budget had no time for); when not all of them (with
        ``plan_all``) or fewer than two could be judged so: in the first world
        the one-step values of all of them, in a later one none."""
        looked.sort(key=lambda x: (x[2], -x[3], x[4]))  # the unsettled ones, best first
        planned = []
        guess = first and until is not None and self.fallback == "rollouts" and self._deadline is not None
        todo = sum(1 for x in looked if not x[2])
        t_start = self.clock() if guess else 0.0
        n_planned = 0
        stop = until
        if guess and self.early_handover:
            clock, deadline = self.clock, self._deadline
            room = deadline - t_start

            def stop():
                # the projection checked after each plan (below), made while the
                # plan runs: once the plans so far (this one unfinished) cost more
                # than their share of the budget, that check cannot pass
                now = clock()
                return now >= deadline or (now - t_start) * todo > room * (n_planned + 1)
        for x in looked:
            if not x[2]:
                if until is not None and until():
                    if guess:
                        raise _TooBig()
                    break
                t, done = finish_turn(x[1], player, self.plan_steps, self.answers, stop, turn=self._root_turn)
                if not done:
                    if guess:
                        raise _TooBig()
                    break
                x = [x[0], t, *self._judge(t, player, True), x[4]]
                n_planned += 1
                if guess and n_planned < todo:
                    now = self.clock()
                    if now + (now - t_start) / n_planned * (todo - n_planned) > self._deadline:
                        raise _TooBig()
            planned.append(x)
        if len(planned) < (len(looked) if self.plan_all else min(2, len(looked))):
            return looked if first else []
        return planned

    @staticmethod
    def _judge(s: State, player: int, leaf: bool = False) -> tuple[bool, float]:
        """(True, reward) at a result or a decided heuristic, else (False,
        heuristic); with ``leaf`` the game's ``leaf_value`` in its place."""
        if leaf:
            return judge_leaf(s, player)
        w = s.winner
        if w is not None or s.decision is None:
            return True, (1.0 if w == player else 0.0 if isinstance(w, int) else 0.5)
        v = _one_step(s.game, s, player)
        if abs(v) >= DECIDED:
            return True, (0.95 if v > 0 else 0.05)
        return False, v

    # -- one iteration ---------------------------------------------------------------------------
    def _world(self, state: State, player: int) -> State:
        """A determinized copy to play one iteration in: the next of the
        decision's pool of ``worlds`` determinizations (drawn the first time
        round), copied."""
        k = self.worlds
        if k <= 0:
            return state.determinize(player, self.rng)
        i = self._drawn % k
        self._drawn += 1
        if i == len(self._pool):
            self._pool.append(state.determinize(player, self.rng))
        return self._pool[i].clone()

    def _iterate(self, state: State, player: int, root: _Node) -> None:
        s = self._world(state, player)
        rng = self.rng
        node = root
        root_ids = self._root_ids
        path: list[tuple[_Node, list[tuple[int, str]]]] = []
        value = None
        while True:
            w = s.winner
            d = s.decision
            if w is not None or d is None:
                value = (True, 1.0 if w == player else 0.5 if w == "draw" or w is None else 0.0)
                break
            picks: list[Choice] = []
            keys: list[tuple[int, str]] = []
            expand = False
            for p in d.players:
                opts = _playing(d, p)
                if node is root and p == player and root_ids is not None:
                    opts = [c for c in opts if c.id in root_ids] or opts
                if len(opts) == 1:
                    picks.append(opts[0])
                    continue
                dflt = default_choice(opts)
                if dflt is not None:  # the engine's own answer to a detail (how to pay): no node level
                    picks.append(dflt)
                    continue
                edges = node.edges
                fresh = []
                best, best_u = None, -math.inf
                mine = p == player
                for c in opts:
                    k = (p, c.id)
                    e = edges.get(k)
                    if e is None:
                        e = edges[k] = _Edge()
                    e.avail += 1
                    if e.visits == 0:
                        fresh.append(c)
                    elif not fresh:
                        m = self._mean(e)
                        if not mine:
                            m = 1.0 - m
                        u = m + self.c * math.sqrt(math.log(e.avail) / e.visits)
                        if u > best_u:
                            best, best_u = c, u
                if fresh and len(d.players) == 1:
                    # expansion: every new option judged one step ahead (a first
                    # visit each), and the mover's best of them is the leaf
                    best, best_m, seeded = None, -math.inf, None
                    for c in opts:
                        e = edges[(p, c.id)]
                        if e.visits == 0:
                            t = s.clone()
                            apply_with_defaults(t, c)
                            self._add(e, *self._leaf(t, player, p, s.turn))
                        m = self._mean(e) if mine else 1.0 - self._mean(e)
                        if m > best_m:
                            best, best_m, seeded = c, m, e
                    value = (True, self._mean(seeded))
                    break
                if fresh:
                    if len(fresh) == 1:
                        best = fresh[0]
                    elif mine:
                        best = fresh[rng.randbelow(len(fresh))]
                    else:  # the other player's hidden pick: its best by one step first (what greedy readies)
                        best = greedy_step(s.game, s, p, fresh)[0]
                    expand = True
                picks.append(best)
                keys.append((p, best.id))
            if value is not None:
                break
            apply_picks(s, picks)
            if keys:
                path.append((node, keys))
                ck = tuple(keys)
                child = node.children.get(ck)
                if child is None:
                    child = node.children[ck] = _Node()
                node = child
            if expand:
                break
        if value is None:
            value = self._leaf(s, player)
        terminal, v = value
        if not terminal:
            if v < self._lo:
                self._lo = v
            if v > self._hi:
                self._hi = v
        for nd, keys in path:
            for k in keys:
                e = nd.edges[k]
                e.visits += 1
                if terminal:
                    e.wins += v
                else:
                    e.cut_n += 1
                    e.cut_sum += v

    def _add(self, e: _Edge, terminal: bool, v: float) -> None:
        """A first visit of a new option with the value it was judged at."""
        e.visits += 1
        if terminal:
            e.wins += v
        else:
            e.cut_n += 1
            e.cut_sum += v
            if v < self._lo:
                self._lo = v
            if v > self._hi:
                self._hi = v

    def _leaf(self, s: State, player: int, mover: int | None = None, turn: int | None = None) -> tuple[bool, float]:
        """Judge a freshly expanded position (``mover`` just chose there, in
        ``turn``): the rest of the mover's turn played out first (with
        ``plan``), then a result or the game's leaf value (``judge_leaf``)."""
        if self.plan and mover is not None:
            s = finish_turn(s, mover, self.plan_steps, self.answers, self._until, turn=turn)[0]
        return judge_leaf(s, player)

    def _mean(self, e: _Edge) -> float:
        """The mean reward of an option for the searching player, in [0, 1]."""
        n = e.visits
        if n == 0:
            return 0.5
        r = e.wins
        m = e.cut_n
        if m:
            lo, hi = self._lo, self._hi
            if hi > lo:
                r += 0.1 * m + 0.8 * (e.cut_sum - m * lo) / (hi - lo)
            else:
                r += 0.5 * m
        return r / n


class _TooBig(Exception):
    """The root's turns cannot all be played out within the budget."""


