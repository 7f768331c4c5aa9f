"""The computer's players. Each agent decides only from what its player may
know: it is handed ``state.determinize(player, rng)``, a copy of the game in
which every card hidden from that player has been re-drawn at random."""

from __future__ import annotations

from tabletop.engine.core import Choice, State
from tabletop.engine.rng import PCG32

WIN_SCORE = 1e9


class Agent:
    name = "agent"

    def __init__(self, seed: int = 0):
        self.rng = PCG32(seed, stream=977)

    def choose(self, state: State, player: int) -> Choice:
        """Pick one of ``player``'s legal choices in ``state`` (the true state is
        only used to determinize; the decision itself sees no hidden card)."""
        raise NotImplementedError


def playing_choices(choices):
    """The choices that do not resign (role "resign"); all of them when
    resigning is the only thing left."""
    playing = [c for c in choices if c.role != "resign"]
    return playing or choices


def default_choice(choices):
    """The choice of role "default" (the engine's own answer to a detail such as how to
    pay a cost), or None. The greedy and expert players take it at once: the details
    it settles rarely change a heuristic, and weighing each would multiply their work."""
    for c in choices:
        if c.role == "default":
            return c
    return None


def apply_with_defaults(state: State, choice: Choice) -> None:
    """Apply ``choice`` on a simulated copy, then the engine's own answer (role "default")
    to each detail the same player is asked next (how to pay for the card just played):
    the agents would take it anyway, so the choice is judged with it done. ``choice`` is
    a legal choice of this state (or of the state it was cloned from)."""
    state._apply(choice)
    d = state.decision
    while d is not None and len(d.players) == 1 and d.players[0] == choice.player:
        default = default_choice(d.choices)
        if default is None:
            return
        state._apply(default)
        d = state.decision


class RandomAgent(Agent):
    """Uniformly random among the legal choices, never resigning while it has
    any other choice (a random resignation would make every game a walkover)."""

    name = "random"

    def choose(self, state: State, player: int) -> Choice:
        choices = state.decision.choices_for(player)
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


from .expert import ExpertAgent  # noqa: E402  (expert.py builds on the classes above)

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "expert": ExpertAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    """The agent ``name`` as self-play uses it: reproducible from ``seed`` (the
    expert gets its fixed-rollout-count mode, never a wall-clock budget)."""
    from tabletop.engine.errors import TabletopError

    if name not in AGENTS:
        raise TabletopError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
    cls = AGENTS[name]
    maker = getattr(cls, "for_selfplay", None)
    return maker(seed) if maker is not None else cls(seed)
