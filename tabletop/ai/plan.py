"""Turn planning for the Hard search: a position judged at the end of the
mover's own turn.

The games are decided by sequences of one player's own actions within a turn
(a summon, then a tribute, then the attacks in a good order): judged one step
after a choice, the heuristic compares positions caught in the middle of such
sequences, and a choice that only pays off two steps later looks worse than
one that pays at once. ``finish_turn`` plays the mover's remaining choices of
the turn greedily (epsilon 0: each the best by the heuristic one step ahead,
as the greedy agent would, so it is deterministic in a given world) and stops
when the turn changes, when the game ends, when another player is to decide
(unless ``answers`` lets that player answer greedily too, for the replies
inside the mover's own turn), or after ``max_steps`` choices. The heuristic
then judges a position at the same point of every line: the end of the
mover's turn (or the opponent's first decision in it).

Game-agnostic: it plays through the engine contract only (``decision``,
``clone``, ``_apply``, ``winner``, ``turn``, ``GAME.heuristic``), in the
determinized copies the search hands it.
"""

from __future__ import annotations

from tabletop.engine.core import Choice, State

from .agents import WIN_SCORE, apply_with_defaults, default_choice
from .expert import DECIDED, _one_step, _playing

__all__ = ["finish_turn", "greedy_step", "judge_leaf", "leaf_step", "step_value"]


def judge_leaf(s: State, player: int) -> tuple[bool, float]:
    """Where a search of Hard's stops (a leaf of its tree, the end of a planned
    turn or of a hand-over rollout): (True, reward) at a result or at a
    ``leaf_value`` beyond ``DECIDED`` (0.95 / 0.05), else (False, the value)."""
    w = s.winner
    if w is not None or s.decision is None:
        return True, (1.0 if w == player else 0.0 if isinstance(w, int) else 0.5)
    v = float(s.game.leaf_value(s, player))
    if v >= DECIDED:
        return True, 0.95
    if v <= -DECIDED:
        return True, 0.05
    return False, v


def leaf_step(game, s: State, player: int) -> float:
    """The greedy agent's score (``expert._one_step``) with the game's
    ``leaf_value`` in place of its heuristic: a result beats every value."""
    return _one_step(game, s, player, game.leaf_value)


def step_value(game):
    """What a plan's choices are weighed by, one step ahead: the heuristic, as
    the greedy agent weighs them, or the game's ``leaf_value`` when its
    ``hard_options["plan_leaf"]`` is set (a leaf value that counts something
    the heuristic miscounts within a turn, e.g. cards drawn back later)."""
    return leaf_step if game.hard_options.get("plan_leaf") else _one_step


def greedy_step(game, s: State, p: int, opts: list[Choice], value=_one_step) -> tuple[Choice, State | None]:
    """``p``'s best option in ``s`` one step ahead (the engine's own answer to a
    detail when it offers one, a win at once when one is seen; ties: the first
    listed) and the position it leads to (None when it was not simulated).
    ``value``: what a position is weighed by (``step_value``)."""
    if len(opts) == 1:
        return opts[0], None
    default = default_choice(opts)
    if default is not None:
        return default, None
    best, best_v, best_s = opts[0], None, None
    for c in opts:
        t = s.clone()
        apply_with_defaults(t, c)
        v = value(game, t, p)
        if best_v is None or v > best_v:
            best, best_v, best_s = c, v, t
            if v >= WIN_SCORE:
                break
    return best, best_s


def finish_turn(s: State, mover: int, max_steps: int = 12, answers: bool = False, until=None,
                turn: int | None = None) -> tuple[State, bool]:
    """Play on from ``s`` (a determinized copy; it may be changed or replaced)
    with ``mover``'s greedy choices until the turn ends, the game ends, another
    player decides (with ``answers``: that player answers greedily too, while
    the turn lasts), ``max_steps`` choices were made or ``until()`` (when
    given: the time is up) turns true. ``turn`` is the turn to finish, the one
    in which the mover made the choice that led to ``s`` (by default ``s``'s
    own): when that choice already ended it (ending the turn, or an attack
    that passed it on), nothing is played, so that the other player's next
    turn is never played out for some options and not for others. Each
    choice is weighed one step ahead by ``step_value``.
    Returns the position reached and False when ``until`` stopped it (the
    turn was not played out)."""
    game = s.game
    value = step_value(game)
    if turn is None:
        turn = s.turn
    for _ in range(max_steps):
        d = s.decision
        if d is None or s.winner is not None or s.turn != turn or len(d.players) != 1:
            break
        p = d.players[0]
        if p != mover and not answers:
            break
        if until is not None and until():
            return s, False
        c, t = greedy_step(game, s, p, _playing(d, p), value)
        if t is None:
            s._apply(c)
        else:
            s = t
    return s, True
