"""Helpers for the computer-player tests."""


class OnlyPublic:
    """A stand-in for the true state that lets an agent (or the hint) ask for
    the decision, the game, the turn and determinized copies, and nothing else
    (no clone, apply, table, heuristic): reading anything else fails the test."""

    def __init__(self, state):
        self._s = state

    @property
    def decision(self):
        return self._s.decision

    @property
    def game(self):
        return self._s.game

    @property
    def turn(self):
        return self._s.turn

    def determinize(self, player, rng):
        return self._s.determinize(player, rng)

    def __getattr__(self, name):
        raise AssertionError(f"the true state's {name!r} was read")


class StepClock:
    """A clock that moves on ``step`` seconds each time it is read."""

    def __init__(self, step: float):
        self.t = 0.0
        self.step = step

    def __call__(self) -> float:
        self.t += self.step
        return self.t
