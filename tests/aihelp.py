"""Helpers for the computer-player tests."""

import importlib

from tabletop.saves import Match
from tabletop.selfplay import selfplay_setup

GAMES = ["rush_duel", "riftbound", "lumen_condenser", "aquarian_age"]


def game_of(name):
    return importlib.import_module(f"games.{name}").GAME


def rush(position: dict, seed: int = 0):
    return game_of("rush_duel").from_position(position, seed)


# p0 in its Battle Phase with a 1600 ATK monster; p1 at 1500 LP with an empty
# field: the direct attack wins at once (seed 3.3.1, LP 0 loses).
LETHAL = {
    "turn": 2, "active": 0, "phase": "battle", "lp": [8000, 1500],
    "p0": {"deck": ["M01", "M02", "M03"], "hand": ["M01"], "monster": [{"card": "M04"}]},
    "p1": {"deck": ["M01", "M02", "M03"], "hand": ["M05", "M06", "M14"]},
}

# p0 decides in its Main Phase with several options; p1's hand is what
# ``hidden_hand_pair`` changes
HIDDEN_HAND = {
    "turn": 3, "active": 0, "phase": "main", "lp": [6000, 6000],
    "p0": {"deck": ["M01", "M02", "M03", "M04"], "hand": ["M04", "M03", "S01"],
           "monster": [{"card": "M05"}]},
    "p1": {"deck": ["M14", "M06", "T10", "M01", "M02"], "hand": ["M01", "M02", "M03"],
           "monster": [{"card": "M02", "position": "def", "face": "down"}]},
}


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


def swap_hidden_hand(state, owner):
    """A copy of the Rush Duel ``state`` whose ``owner`` holds other cards in hand:
    each hand card's identity is swapped with a deck card's, so what the other
    player can see is unchanged. The pending decision is built again over the
    cards the copy holds."""
    s = state.clone()
    t = s.table
    t.card = list(t.card)
    changed = 0
    for h, dk in zip(t.ids(f"p{owner}.hand"), t.ids(f"p{owner}.deck")):
        if t.card[h] != t.card[dk]:
            t.card[h], t.card[dk] = t.card[dk], t.card[h]
            changed += 1
    s._stopped()
    assert changed
    return s


def hidden_hand_pair():
    """``(a, b)``: the HIDDEN_HAND position, and a stand-in for its copy in which
    p1 holds other cards, that p0 sees only as ``a``'s re-draws (its
    ``determinize`` is ``a``'s): an agent of p0's that reads nothing else must
    decide the same in both."""
    a = rush(HIDDEN_HAND, seed=9)
    b = swap_hidden_hand(a, 1)
    assert a.view(0) == b.view(0) and a.digest() != b.digest()
    b_view = OnlyPublic(b)
    b_view.determinize = a.determinize
    return OnlyPublic(a), b_view


def play_decisions(name: str, agent_of, decisions: int, seed: int = 5, public: bool = False):
    """Play up to ``decisions`` decisions of ``name``'s self-play deal ``seed``,
    each by ``agent_of(player)`` (the deciding player's agent); with ``public``
    the agent sees the true state only through OnlyPublic. Every choice must be
    one of the decision's. Returns the choice ids and the final state's digest."""
    game = game_of(name)
    m = Match(game, selfplay_setup(game, seed), seed)
    ids = []
    for _ in range(decisions):
        d = m.state.decision
        if d is None:
            break
        p = d.players[0]
        c = agent_of(p).choose(OnlyPublic(m.state) if public else m.state, p)
        assert c in d.choices_for(p)
        ids.append(c.id)
        m.apply(c)
    return ids, m.state.digest()
