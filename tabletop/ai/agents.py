"""The computer's players. Each agent decides only from what its player may
know: it is handed ``state.determinize(player, rng)``, a copy of the game in
which every card hidden from that player has been re-drawn at random."""

from __future__ import annotations

import time

from tabletop.engine.core import Choice, State, canonical_json
from tabletop.engine.rng import PCG32

WIN_SCORE = 1e9


class Agent:
    name = "agent"
    #: a position (as this agent sees it, coarsely: ``position_key``) met this
    #: many times before counts as a loop: the agent then tries what it has tried least there
    REPEATS = 2
    #: positions are only compared from this turn on (reading the whole view at
    #: every decision would cost as much as the greedy look-ahead; games that
    #: go on normally end long before)
    STEER_FROM_TURN = 40
    #: this many turns in which no player's counter (life, points, hand
    #: size...) and no zone's card count went beyond the highest or lowest it
    #: had been count as a stall: a game that moves, but round in a circle
    #: (one player's HP healed back, the other's unchanged) and never to the
    #: same position twice (``_progressed``)
    STALL_TURNS = 12

    def __init__(self, seed: int = 0):
        self.rng = PCG32(seed, stream=977)
        #: for each position it decided at (``position_key``): how often it took each choice (by label) there;
        #: in a stall, for each kind of decision
        self.seen: dict[str, dict[str, int]] = {}
        #: the lowest and highest value seen of each counter and zone count (from ``STEER_FROM_TURN``)
        self.extremes: dict[tuple, tuple[int, int]] = {}
        #: the last turn in which one of them went beyond its extremes
        self.progress_turn = 0
        self._here: dict[str, int] | None = None

    def steer(self, world: State, player: int, choices: list[Choice]) -> list[Choice]:
        """Steer away from repetition. ``world`` is a determinized copy (its view
        for ``player`` is the true one). Returns ``choices`` as they are, unless
        this position (``position_key``: what counts toward winning, and what
        ``player`` may do) has come up ``REPEATS`` times before: then only the
        choices taken least often here (so a loop where nothing changes is left
        by trying something else; the rules alone may allow it to go on for
        ever). Choices are told apart by their labels. In a stall (no
        progress for ``STALL_TURNS`` turns, ``_progressed``) they are counted
        by the decision's kind instead, so the player tries what it has tried
        least in the stall, whatever its hand holds. Call ``chose`` with the
        choice made."""
        if world.turn < self.STEER_FROM_TURN:
            self._here = None
            return choices
        v = world.view(player)
        if self._progressed(v):
            self.progress_turn = world.turn
        if world.turn - self.progress_turn >= self.STALL_TURNS:
            d = world.decision
            key = canonical_json(["stall", None if d is None else d.kind])
        else:
            key = position_key(world, player, choices, v)
        here = self.seen.get(key)
        if here is None:
            here = self.seen[key] = {}
        self._here = here
        playing = playing_choices(choices)
        if sum(here.values()) < self.REPEATS or len(playing) <= 1:
            return choices
        least = min(here.get(c.label, 0) for c in playing)
        return [c for c in playing if here.get(c.label, 0) == least]

    def _progressed(self, v: dict) -> bool:
        """Whether a counter of a player or a zone's card count in the view
        ``v`` is beyond the lowest or highest it was at this agent's earlier
        decisions (so at the first one): a new low in life or points, a
        shrinking deck, a growing discard pile. Records the new extremes."""
        seen = self.extremes
        moved = False
        values = [((i, k), n) for i, pl in enumerate(v["players"]) for k, n in pl.get("counters", {}).items()]
        values += [(z, len(cards)) for z, cards in v["zones"].items()]
        for k, n in values:
            if not isinstance(n, (int, float)):
                continue
            lo_hi = seen.get(k)
            if lo_hi is None:
                seen[k] = (n, n)
                moved = True
            elif n < lo_hi[0] or n > lo_hi[1]:
                seen[k] = (min(n, lo_hi[0]), max(n, lo_hi[1]))
                moved = True
        return moved

    def chose(self, choice: Choice) -> Choice:
        """Record ``choice`` at the position last passed to ``steer``; returns it."""
        if self._here is not None:
            self._here[choice.label] = self._here.get(choice.label, 0) + 1
            self._here = None
        return choice

    def choose(self, state: State, player: int) -> Choice:
        """Pick one of ``player``'s legal choices in ``state`` (the true state is
        only used to determinize; the decision itself sees no hidden card)."""
        raise NotImplementedError


def position_key(s: State, player: int, choices: list[Choice] | None = None, v: dict | None = None) -> str:
    """The position as ``player`` sees it, coarsely, as one text (equal texts:
    the same position again): each player's counters (life, points, hand
    size...: what counts toward winning), how many cards each zone holds,
    the pending decision's kind and players, and the labels of ``choices``
    (by default the player's choices there), which name the cards the player
    may use. Left out: the turn number, the prompt, which card instance is
    where and in what order (the List reordered after a technique is taken
    and discarded), and the rest of the view (last battle's speeds and
    results...), which change while a game goes round without progress.
    ``v``: the player's view, when already at hand."""
    if v is None:
        v = s.view(player)
    d = s.decision
    if choices is None:
        choices = d.choices_for(player) if d is not None else []
    return canonical_json([v["players"], {z: len(cards) for z, cards in v["zones"].items()},
                           None if d is None else [list(d.players), d.kind],
                           sorted(c.label for c in choices)])


def playing_choices(choices):
    """The choices that do not resign (role "resign"); all of them when
    resigning is the only thing left. ``choices`` are one player's, in the
    decision's order: a player's resign choice comes after all their others
    (the engine contract, ``choiceid.resign_order_violations``), so only the last
    is looked at (rollouts ask this at every step)."""
    if len(choices) > 1 and choices[-1].role == "resign":
        return choices[:-1]
    return choices


def default_choice(choices):
    """The choice of role "default" (the engine's own answer to a detail such as how to
    pay a cost), or None. The greedy and expert players take it at once: the details
    it settles rarely change a heuristic, and weighing each would multiply their work."""
    for c in choices:
        if c.role == "default":
            return c
    return None


def obvious_choice(choices):
    """``(choice, why)`` when nothing needs weighing: the only choice that does
    not resign (``why`` "forced") or the engine's own answer (role "default",
    ``why`` "default"); ``(None, None)`` otherwise. The searching agents take
    such a choice at once."""
    playing = playing_choices(choices)
    if len(playing) <= 1:
        return playing[0], "forced"
    default = default_choice(playing)
    if default is not None:
        return default, "default"
    return None, None


#: the clocks a time budget can be counted on: "wall" (the table: the reply
#: comes after ``think_ms`` however busy the computer is) and "cpu" (the
#: computing time of the searching thread, ``time.thread_time``: self-play
#: measurements, so that agents get the same amount of computing however
#: loaded the machine is)
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


class SearchingAgent:
    """What the agents that think for a budget share: ``choose`` times each
    decision (``think_times``, seconds on the agent's clock) around the agent's
    own ``_choose(state, player, t0)``, and ``with_think_ms`` builds the variant
    that thinks ``think_ms`` per decision, counted on ``clock`` (``CLOCKS``:
    wall clock by default, as the table uses). Mixed in before :class:`Agent`."""

    #: the clock the budget is counted on (``CLOCKS``)
    clock = staticmethod(time.perf_counter)

    def choose(self, state: State, player: int) -> Choice:
        t0 = self.clock()
        try:
            return self.chose(self._choose(state, player, t0))
        finally:
            self.think_times.append(self.clock() - t0)

    def _options(self, d, player: int) -> tuple[Choice | None, list[Choice]]:
        """``(obvious, playing)`` for ``player`` at the decision ``d``: the choice to
        take at once when nothing needs weighing (forced, or a detail the engine
        answers itself, such as how to pay: no search; ``last_stats`` says which),
        else None and the choices to weigh, resigning left out."""
        choices = d.agent_choices(player)
        obvious, why = obvious_choice(choices)
        if obvious is not None:
            self.last_stats = {why: True}
            return obvious, []
        return None, playing_choices(choices)

    @classmethod
    def with_think_ms(cls, seed: int, think_ms: float, clock: str = "wall"):
        """The variant that thinks ``think_ms`` per decision on ``clock``
        ("wall": the table's; "cpu": the searching thread's computing time)."""
        agent = cls(seed, budget_ms=think_ms)
        agent.clock = CLOCKS[clock]
        return agent


def apply_picks(s: State, picks: list[Choice]) -> None:
    """Apply the picks of one decision (several for a simultaneous one, each looked up again)."""
    s._apply(picks[0])
    for c in picks[1:]:
        d = s.decision
        if d is None or c.player not in d.players:
            return
        again = d.find(c.id, c.player)
        if again is not None:
            s._apply(again)


def apply_with_defaults(state: State, choice: Choice) -> int:
    """Apply ``choice`` on a simulated copy, then the engine's own answer (role "default")
    to each detail the same player is asked next (how to pay for the card just played):
    the agents would take it anyway, so the choice is judged with it done. ``choice`` is
    a legal choice of this state (or of the state it was cloned from). Returns how many
    choices it applied."""
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


class RandomAgent(Agent):
    """Uniformly random among the legal choices, never resigning while it has
    any other choice (a random resignation would make every game a walkover)."""

    name = "random"

    def choose(self, state: State, player: int) -> Choice:
        d = state.decision
        # one player deciding: every choice listed is that player's
        choices = d.choices if len(d.players) == 1 else d.choices_for(player)
        return self.rng.choice(playing_choices(choices))


class GreedyAgent(Agent):
    """One-step look-ahead: tries each legal choice on a determinized copy and
    keeps the one the game's heuristic likes best (a win beats everything)."""

    name = "greedy"
    SIMULTANEOUS_SAMPLES = 6

    def choose(self, state: State, player: int) -> Choice:
        choices = state.decision.agent_choices(player)
        if len(choices) == 1:
            return choices[0]
        default = default_choice(choices)
        if default is not None:
            return default
        game = state.game
        # a simultaneous choice hides the other's pick: average over several guesses
        samples = self.SIMULTANEOUS_SAMPLES if len(state.decision.players) > 1 else 1
        worlds = [state.determinize(player, self.rng) for _ in range(samples)]
        choices = self.steer(worlds[0], player, choices)
        return self.chose(self._best(game, worlds, player, choices))

    def _best(self, game, worlds, player, choices) -> Choice:
        best: list[Choice] = []
        best_score = None
        for c in choices:
            total = 0.0
            n = 0
            for obs in worlds:
                s = obs.clone()
                mine = s.decision.find(c.id, player) if s.decision else None
                if mine is None:
                    continue
                apply_with_defaults(s, mine)
                total += self.score(game, s, player)
                n += 1
            if n == 0:
                continue
            score = total / n
            if best_score is None or score > best_score + 1e-9:
                best, best_score = [c], score
            elif abs(score - best_score) <= 1e-9:
                best.append(c)
        if not best:
            return self.rng.choice(choices)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    @staticmethod
    def score(game, s: State, player: int) -> float:
        w = s.winner
        if w is not None:
            if w == player:
                return WIN_SCORE
            if w == "draw":
                return 0.0
            return -WIN_SCORE
        return float(game.heuristic(s, player))


class EasyAgent(GreedyAgent):
    """A beginner: the greedy agent's one-step look-ahead with human-like
    mistakes. Each option's heuristic score is blurred by noise as large as a
    good part of the spread between the options, so it often plays the second
    or third best move (an attack on the wrong target, a card held back) and
    now and then plays one of the others at random (``slip``). It still never
    resigns while anything else is legal, takes a forced choice at once, and
    takes a win it sees most of the time (``sees_win``)."""

    name = "easy"
    NOISE = 0.6      # noise in units of the spread of the options' scores
    SLIP = 0.12      # chance of an unconsidered (random) move
    SEES_WIN = 0.8   # chance of taking a win on the spot

    def choose(self, state: State, player: int) -> Choice:
        choices = playing_choices(state.decision.agent_choices(player))
        if len(choices) == 1:
            return choices[0]
        default = default_choice(choices)
        if default is not None:  # a detail the engine answers itself (how to pay)
            return default
        rng = self.rng
        world = state.determinize(player, rng)
        choices = self.steer(world, player, choices)
        return self.chose(self._pick(state.game, world, player, choices))

    def _pick(self, game, world, player, choices) -> Choice:
        rng = self.rng
        scored = []
        for c in choices:
            s = world.clone()
            mine = s.decision.find(c.id, player) if s.decision else None
            if mine is None:
                continue
            s.apply(mine)
            scored.append((self.score(game, s, player), c))
        if not scored:
            return rng.choice(choices)
        wins = [c for v, c in scored if v >= WIN_SCORE]
        if wins and rng.random() < self.SEES_WIN:
            return wins[0]
        if rng.random() < self.SLIP:
            return rng.choice([c for _, c in scored])
        # blur the scores (clamped, so a win or a loss does not swamp the spread)
        vals = [max(-1e4, min(1e4, v)) for v, _ in scored]
        spread = (max(vals) - min(vals)) or 1.0
        best, best_v = None, -float("inf")
        for v, (_, c) in zip(vals, scored):
            noisy = v + self.NOISE * spread * (2.0 * rng.random() - 1.0)
            if noisy > best_v:
                best, best_v = c, noisy
        return best


from .expert import ExpertAgent  # noqa: E402  (expert.py builds on the classes above)
from .ismcts import HardAgent  # noqa: E402

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "easy": EasyAgent, "normal": ExpertAgent,
          "expert": ExpertAgent, "hard": HardAgent}

#: the difficulty levels a player picks from: (agent name, label shown to the player)
LEVELS = (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))
_LABELS = {"random": "Random", "greedy": "Greedy", "easy": "Easy", "normal": "Normal", "expert": "Normal",
           "hard": "Hard"}


def agent_names() -> list[str]:
    """Every agent name ``make_agent`` knows (``expert`` is another name for ``normal``)."""
    return list(AGENTS)


def agent_label(name: str) -> str:
    """The player-facing name of an agent ("Easy", "Normal", "Hard"...)."""
    return _LABELS.get(name, name.capitalize())


def difficulty_levels() -> list[tuple[str, str]]:
    """The levels offered in New game and Settings: [(agent name, label)], easiest first."""
    return list(LEVELS)


def searches(name: str) -> bool:
    """True when the agent thinks for a time budget (``think_ms`` applies to it)."""
    return hasattr(AGENTS.get(name), "with_think_ms")


def make_agent(name: str, seed: int = 0, think_ms: float | None = None, clock: str = "wall") -> Agent:
    """The agent ``name``, reproducible from ``seed``: the searching agents get
    their fixed-count mode (never a time budget) unless ``think_ms`` is
    given, which sets their time budget per decision, counted on ``clock``
    ("wall" or "cpu", see ``CLOCKS``; then they are no longer reproducible).
    ``think_ms`` does not change agents that do not search."""
    from tabletop.engine.errors import TabletopError

    if name not in AGENTS:
        raise TabletopError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
    cls = AGENTS[name]
    if think_ms is not None and hasattr(cls, "with_think_ms"):
        return cls.with_think_ms(seed, think_ms, clock)
    maker = getattr(cls, "for_selfplay", None)
    return maker(seed) if maker is not None else cls(seed)
