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

import math

from tabletop.engine.core import Choice, State

from .agents import WIN_SCORE, apply_with_defaults, default_choice
from .expert import _one_step, _playing

__all__ = ["finish_turn", "greedy_step", "lazy_step", "leaf_step", "playout_pick", "step_value"]


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


def lazy_step(game, s: State, p: int, opts: list[Choice], base: float, gains: dict, value=_one_step
              ) -> tuple[Choice, State | None, float | None]:
    """``greedy_step`` weighing the options lazily: ``gains`` holds, by (player,
    choice id), what each option added to ``p``'s one-step value when it was
    last weighed on this line (``base``: the value of ``s``). Options are weighed
    in the order of those gains (new ones first) and the weighing stops once
    the best found so far beats what the next option last added: an option
    that did not pay then is taken not to pay more now (the "lazy greedy" of
    diminishing returns; a guess, so the line may differ from the greedy one).
    Returns the option, its position (None when not simulated) and its value."""
    if len(opts) == 1:
        return opts[0], None, None
    default = default_choice(opts)
    if default is not None:
        return default, None, None
    inf = float("inf")
    order = sorted(range(len(opts)), key=lambda i: (-gains.get((p, opts[i].id), inf), i))
    best, best_v, best_s = opts[order[0]], None, None
    for i in order:
        c = opts[i]
        stale = gains.get((p, c.id))
        if best_v is not None and stale is not None and base + stale <= best_v:
            break
        t = s.clone()
        apply_with_defaults(t, c)
        v = value(game, t, p)
        gains[(p, c.id)] = v - base
        if best_v is None or v > best_v:
            best, best_v, best_s = c, v, t
            if v >= WIN_SCORE:
                break
    return best, best_s, best_v


def finish_turn(s: State, mover: int, max_steps: int = 12, answers: bool = False, until=None,
                lazy: bool = False, turn: int | None = None) -> tuple[State, bool]:
    """Play on from ``s`` (a determinized copy; it may be changed or replaced)
    with ``mover``'s greedy choices until the turn ends, the game ends, another
    player decides (with ``answers``: that player answers greedily too, while
    the turn lasts), ``max_steps`` choices were made or ``until()`` (when
    given: the time is up) turns true. ``turn`` is the turn to finish, the one
    in which the mover made the choice that led to ``s`` (by default ``s``'s
    own): when that choice already ended it (ending the turn, or an attack
    that passed it on), nothing is played, so that the other player's next
    turn is never played out for some options and not for others. With
    ``lazy`` each choice is weighed by ``lazy_step`` (fewer options
    simulated). Each choice is weighed one step ahead by ``step_value``.
    Returns the position reached and False when ``until`` stopped it (the
    turn was not played out)."""
    game = s.game
    value = step_value(game)
    if turn is None:
        turn = s.turn
    gains: dict = {}
    known = None  # (player, one-step value of s) when the last step found it
    for _ in range(max_steps):
        d = s.decision
        if d is None or s.winner is not None or s.turn != turn or len(d.players) != 1:
            break
        p = d.players[0]
        if p != mover and not answers:
            break
        if until is not None and until():
            return s, False
        if lazy:
            base = known[1] if known is not None and known[0] == p else value(game, s, p)
            c, t, v = lazy_step(game, s, p, _playing(d, p), base, gains, value)
            known = None if t is None else (p, v)
        else:
            c, t = greedy_step(game, s, p, _playing(d, p), value)
        if t is None:
            s._apply(c)
        else:
            s = t
    return s, True


def playout_pick(agent, game, s: State, p: int, opts: list[Choice]) -> Choice:
    """A pick of Hard's short playouts (``playout``): at random with
    probability ``agent.epsilon``, else the best one step ahead of at most
    ``agent.sample`` options drawn at random."""
    rng = agent.rng
    n = len(opts)
    if n == 1:
        return opts[0]
    if rng.random() < agent.epsilon:
        return opts[rng.randbelow(n)]
    pool = opts if n <= agent.sample else [opts[rng.randbelow(n)] for _ in range(agent.sample)]
    best, best_v = pool[0], -math.inf
    for c in pool:
        t = s.clone()
        t._apply(c)
        v = _one_step(game, t, p)
        if v > best_v:
            best, best_v = c, v
    return best
