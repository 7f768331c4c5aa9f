"""The guided first game: a whole game against a weak rival with fixed decks,
the coach suggesting a move at each of the learner's decisions and stepping
in at key moments. Headless (no pygame).

A guided game file (games/<id>/guided.toml)::

    title = "Your first game"
    game = "rush_duel"
    seed = 3
    decks = ["<the learner's preconstructed deck>", "<the rival's deck>"]
    rival = "easy"
    [[moments]]                     # the coach steps in once, the first time this happens
    on = "decision:summon"          # "decision:<kind>" (the learner faces a choice of that kind),
                                    # "event:<event kind>", or "turn:<n>"
    say = "Short words from the coach."

``--check`` plays it with the learner following the hint (tabletop.ai.hint,
a fixed number of search iterations, so the check is reproducible) against
the rival, and requires the learner to win.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.engine import tomlio
from tabletop.engine.core import Choice, Event, Game, State
from tabletop.engine.errors import LessonError, TabletopError

LEARNER, RIVAL = 0, 1
TRIGGERS = ("decision", "event", "turn")
#: the hint's search iterations per suggestion when --check plays the game (a
#: fixed count: the check is reproducible from the guided game's seed; Hard's
#: own reproducible count, since each iteration plays its options' turns out)
CHECK_ITERATIONS = 40


class GuidedError(LessonError):
    """A guided game file is malformed or does not fit its game."""


@dataclass
class Moment:
    on: str
    say: str

    @property
    def trigger(self) -> tuple[str, str]:
        kind, _sep, what = self.on.partition(":")
        return kind, what


@dataclass
class Guided:
    path: str
    game_id: str
    title: str
    seed: int
    decks: list
    rival: str
    moments: list = field(default_factory=list)
    summary: str = ""

    @property
    def key(self) -> str:
        return "guided"


def load_guided(path: str | os.PathLike) -> Guided:
    """Read and check a guided game file; any problem raises GuidedError naming the file."""
    from tabletop.ai.agents import agent_names

    path = os.fspath(path)
    data = tomlio.load(path, GuidedError)
    for key, typ in (("title", str), ("game", str), ("decks", list)):
        if key not in data:
            raise GuidedError(f"the field {key!r} is missing", path)
        if not isinstance(data[key], typ):
            raise GuidedError(f"the field {key!r} has the wrong type", path)
    decks = data["decks"]
    if len(decks) != 2 or not all(isinstance(d, str) for d in decks):
        raise GuidedError("'decks' must name two preconstructed decks: the learner's, then the rival's", path)
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GuidedError("'seed' must be a whole number", path)
    rival = data.get("rival", "easy")
    if rival not in agent_names():
        raise GuidedError(f"'rival' must be one of {', '.join(agent_names())}, not {rival!r}", path)
    moments = []
    raw_moments = data.get("moments", [])
    if not isinstance(raw_moments, list):
        raise GuidedError("'moments' must be an array of tables ([[moments]])", path)
    for i, m in enumerate(raw_moments, 1):
        if not isinstance(m, dict) or not isinstance(m.get("on"), str) or not isinstance(m.get("say"), str):
            raise GuidedError(f"moment {i} needs 'on' and 'say' texts", path)
        kind, sep, what = m["on"].partition(":")
        if kind not in TRIGGERS or not sep or not what:
            raise GuidedError(f"moment {i}: 'on' must be decision:<kind>, event:<kind> or turn:<n>, "
                              f"not {m['on']!r}", path)
        if kind == "turn" and not what.isdigit():
            raise GuidedError(f"moment {i}: 'turn:' needs a turn number, not {what!r}", path)
        if len(m["say"].split()) < 4:
            raise GuidedError(f"moment {i}: what the coach says ({m['say']!r}) is under 4 words", path)
        moments.append(Moment(m["on"], m["say"]))
    return Guided(path, data["game"], data["title"], seed, list(decks), rival, moments,
                  str(data.get("summary", "")))


def guided_path(game: Game) -> Path | None:
    from tabletop.engine.registry import game_dir

    p = Path(game_dir(game)) / "guided.toml"
    return p if p.is_file() else None


def new_guided_state(game: Game, guided: Guided) -> State:
    missing = [d for d in guided.decks if d not in game.decks]
    if missing:
        raise GuidedError(f"{game.title} has no preconstructed deck {missing[0]!r} "
                          f"(decks: {', '.join(sorted(game.decks))})", guided.path)
    setup = {"players": [{"name": "Player", "deck": guided.decks[0]}, {"name": "Rival", "deck": guided.decks[1]}]}
    try:
        return game.new_state(setup, guided.seed)
    except TabletopError as exc:
        raise GuidedError(f"its game can't be set up: {exc.detail}", guided.path) from None


class Moments:
    """Which of a guided game's moments are due: each one fires once, the
    first time its trigger happens."""

    def __init__(self, guided: Guided):
        self.pending = list(guided.moments)

    def due(self, state: State, events: list[Event] = ()) -> list[Moment]:
        """The moments the ``events`` just played and the learner's pending
        decision in ``state`` set off (each at most once); removed from pending."""
        kinds = {e.kind for e in events}
        d = state.decision
        facing = set()
        if d is not None and LEARNER in d.players:
            facing = {c.kind for c in d.choices_for(LEARNER)} | {d.kind}
        out = []
        for m in list(self.pending):
            kind, what = m.trigger
            hit = ((kind == "event" and what in kinds)
                   or (kind == "decision" and what in facing)
                   or (kind == "turn" and state.turn >= int(what)))
            if hit:
                out.append(m)
                self.pending.remove(m)
        return out


def hint_module():
    """tabletop.ai.hint when it is installed, else None."""
    try:
        from tabletop.ai import hint
    except ImportError:
        return None
    return hint if hasattr(hint, "suggest") else None


def suggest(state: State, seat: int, think_ms: int | None = 1000, seed: int = 0, iterations: int | None = None):
    """The coach's suggestion for ``seat``: tabletop.ai.hint.suggest when it is
    installed, else the Normal agent's choice with no reason. It thinks
    ``think_ms`` of wall clock, or (``think_ms`` None) a fixed amount,
    reproducible from ``seed``: ``iterations`` of the hint's search, the
    Normal agent's own count. An object with ``choice`` and ``reason``, or
    None when ``seat`` has no decision."""
    d = state.decision
    if d is None or seat not in d.players or not d.choices_for(seat):
        return None
    hint = hint_module()
    if hint is not None:
        if think_ms is None:
            return hint.suggest(state, seat, seed=seed, iterations=iterations or CHECK_ITERATIONS)
        return hint.suggest(state, seat, think_ms=think_ms, seed=seed)
    from tabletop.ai.agents import make_agent

    return _Suggestion(make_agent("normal", seed, think_ms=think_ms).choose(state, seat), "")


@dataclass
class _Suggestion:
    choice: Choice
    reason: str


def play_guided(game: Game, guided: Guided, think_ms: int | None = None, turn_cap: int | None = None):
    """Play the guided game headless: the learner follows the suggestion
    (thinking a fixed, reproducible amount unless ``think_ms`` is given), the
    rival agent answers. Returns the final state and the moments that came up."""
    from tabletop.ai.agents import make_agent

    state = new_guided_state(game, guided)
    rival = make_agent(guided.rival, guided.seed)
    moments = Moments(guided)
    seen: list[Moment] = []
    cap = turn_cap or min(game.turn_cap, 200)
    n = 0
    seen.extend(moments.due(state))
    while state.decision is not None and state.turn <= cap:
        d = state.decision
        if RIVAL in d.players and d.choices_for(RIVAL):
            choice = rival.choose(state, RIVAL)
        else:
            mine = d.choices_for(LEARNER)
            hint = suggest(state, LEARNER, think_ms, guided.seed + n) if len(mine) > 1 else None
            choice = hint.choice if hint is not None else mine[0]
        events = state.apply(choice)
        n += 1
        seen.extend(moments.due(state, events))
    return state, seen


def check_guided(game: Game, path, think_ms: int | None = None) -> str | None:
    """None when the guided game loads, sets up and the learner following the
    suggestions wins; else the problem (in words without the file's name)."""
    try:
        guided = load_guided(path)
        if guided.game_id != game.id:
            return f"names the game {guided.game_id!r} but lives in {game.id}'s folder"
        state, _seen = play_guided(game, guided, think_ms)
        if state.winner != LEARNER:
            how = "the game did not end" if state.winner is None else (
                "it ended in a draw" if state.winner == "draw" else "the rival won")
            return f"the learner following the coach's suggestions does not win ({how}, turn {state.turn})"
        return None
    except TabletopError as exc:
        return exc.detail
    except Exception as exc:  # an engine bug shows as a failure, never a traceback
        return f"engine error {type(exc).__name__}: {exc}"
