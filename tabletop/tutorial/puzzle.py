"""Puzzles: a position and a goal, played on the real rules engine. Any line
the engine accepts that reaches the goal counts. Headless (no pygame).

A puzzle file (games/<id>/puzzles/NN-name.toml)::

    title = "Exact lethal"
    summary = "One line for the puzzle list."
    game = "rush_duel"
    seed = 0
    goal = "win"          # "win": player 0 (the learner) wins within `turns` turns;
                          # "survive": player 0 has not lost when turn (start + turns) begins
    turns = 1             # counted from the position's turn
    rival = "script"      # "script": the engine's default answer (role "default", else the
                          # first "pass"/"end", else the first choice); "easy": the Easy agent
    hints = ["a first nudge", "a stronger nudge"]
    [position] ...        # the game's position schema, as in lessons and scenarios
    [draws] ...           # optional, as in lessons
    [solution]            # one line that reaches the goal (the learner's moves)
    moves = [ { player = 0, kind = "summon", args = { card = "@RD-M001@p0.hand" } } ]

``--check`` replays the solution and searches player 0's choices (the rival
answering as above) within a node budget to prove the puzzle solvable.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.engine import tomlio
from tabletop.engine.core import Choice, Event, Game, State
from tabletop.engine.errors import LessonError, TabletopError
from tabletop.i18n import _, ngettext
from tabletop.scenario import ScenarioFailure

from .lesson import Scripted, _scripted, _with_draws, find_choice

LEARNER, RIVAL = 0, 1
GOALS = ("win", "survive")
RIVALS = ("script", "easy")
#: the search's default budget: states tried before it gives up
NODE_BUDGET = 20000
#: rival answers in a row before the run counts the rival as stuck (a loop)
MAX_RIVAL_STEPS = 600


class PuzzleError(LessonError):
    """A puzzle file is malformed or does not fit its position."""


@dataclass
class Puzzle:
    path: str
    game_id: str
    title: str
    summary: str
    seed: int
    goal: str
    turns: int
    rival: str
    hints: list
    position: dict
    draws: dict
    solution: list = field(default_factory=list)
    extra_cards: list | None = None

    @property
    def key(self) -> str:
        return Path(self.path).stem

    @property
    def goal_text(self) -> str:
        """The goal in players' words, for the banner and the list (in the language in use)."""
        if self.goal == "win":
            if self.turns == 1:
                return _("Win this turn")
            return ngettext("Win within {n} turn", "Win within {n} turns", self.turns).format(n=self.turns)
        if self.turns == 1:  # the turn the position is in: the learner's own (▼ attacks) or the rival's
            return _("Survive this turn")
        if self.turns == 2:
            return _("Survive the rival's turn")
        return ngettext("Survive {n} turn", "Survive {n} turns", self.turns).format(n=self.turns)

    @property
    def goal_en(self) -> str:
        """The goal in English, for the messages of ``tabletop tutorial --check`` (its writers' words)."""
        if self.goal == "win":
            return "Win this turn" if self.turns == 1 else f"Win within {self.turns} turns"
        if self.turns == 1:
            return "Survive this turn"
        return "Survive the rival's turn" if self.turns == 2 else f"Survive {self.turns} turns"


def load_puzzle(path: str | os.PathLike) -> Puzzle:
    """Read and check a puzzle file; any problem raises PuzzleError naming the file."""
    path = os.fspath(path)
    data = tomlio.load(path, PuzzleError)
    for key, typ in (("title", str), ("game", str), ("position", dict), ("goal", str), ("turns", int),
                     ("solution", dict)):
        if key not in data:
            raise PuzzleError(f"the field {key!r} is missing", path)
        if not isinstance(data[key], typ) or (typ is int and isinstance(data[key], bool)):
            raise PuzzleError(f"the field {key!r} has the wrong type", path)
    if data["goal"] not in GOALS:
        raise PuzzleError(f"'goal' must be one of {', '.join(GOALS)}, not {data['goal']!r}", path)
    if data["turns"] < 1:
        raise PuzzleError("'turns' must be 1 or more", path)
    rival = data.get("rival", "script")
    if rival not in RIVALS:
        raise PuzzleError(f"'rival' must be one of {', '.join(RIVALS)}, not {rival!r}", path)
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PuzzleError("'seed' must be a whole number", path)
    hints = data.get("hints", [])
    if not isinstance(hints, list) or not all(isinstance(h, str) and h.strip() for h in hints):
        raise PuzzleError("'hints' must be a list of texts", path)
    draws = data.get("draws", {})
    if not isinstance(draws, dict):
        raise PuzzleError("'draws' must be a table of p0/p1 lists", path)
    moves = data["solution"].get("moves")
    if not isinstance(moves, list) or not moves:
        raise PuzzleError("'solution' needs 'moves', a list of the learner's moves", path)
    solution = [_scripted(m, path, f"solution move {i}") for i, m in enumerate(moves, 1)]
    for i, m in enumerate(solution, 1):
        if m.player == RIVAL:
            raise PuzzleError(f"solution move {i}: the rival answers by itself; list the learner's moves only",
                              path)
    return Puzzle(path, data["game"], data["title"], str(data.get("summary", "")), seed, data["goal"],
                  data["turns"], rival, list(hints), data["position"], draws, solution, data.get("cards"))


def script_answer(choices: list[Choice]) -> Choice:
    """The "script" rival: the engine's default answer, else the first pass or
    end, else the first choice (never a resignation while anything else is legal)."""
    playing = [c for c in choices if c.role != "resign"] or choices
    for c in playing:
        if c.role == "default":
            return c
    for c in playing:
        if c.role in ("pass", "end"):
            return c
    return playing[0]


class PuzzleRun:
    """One run of a puzzle: the state, the goal's status and the learner's
    moves so far. The rival answers by itself after each learner move."""

    def __init__(self, game: Game, puzzle: Puzzle, state: State | None = None, start_turn: int | None = None):
        self.game = game
        self.puzzle = puzzle
        self.state = state if state is not None else self._initial()
        self.start_turn = self.state.turn if start_turn is None else start_turn
        self.moves: list[Choice] = []

    def _initial(self) -> State:
        pos = dict(self.puzzle.position)
        try:
            if self.puzzle.draws:
                pos = _with_draws(pos, self.puzzle.draws)
            return self.game.from_position(pos, self.puzzle.seed, self.puzzle.extra_cards)
        except TabletopError as exc:
            raise PuzzleError(f"its position can't be used: {exc.detail}", self.puzzle.path) from None

    def clone(self) -> "PuzzleRun":
        run = PuzzleRun(self.game, self.puzzle, self.state.clone(), self.start_turn)
        run.moves = list(self.moves)
        return run

    @property
    def status(self) -> str:
        """"won", "lost" or "playing"."""
        return goal_status(self.puzzle, self.state, self.start_turn)

    def learner_choices(self) -> list[Choice]:
        d = self.state.decision
        if d is None or LEARNER not in d.players or self.status != "playing":
            return []
        return d.choices_for(LEARNER)

    def rival_answer(self) -> Choice:
        choices = self.state.decision.choices_for(RIVAL)
        if self.puzzle.rival == "easy":
            from tabletop.ai.agents import EasyAgent

            return EasyAgent(self.puzzle.seed).choose(self.state, RIVAL)
        return script_answer(choices)

    def settle(self, forced: bool = False) -> list[Event]:
        """Let the rival answer until the learner decides or the goal is settled;
        with ``forced``, also take the learner's decisions that have one choice."""
        events: list[Event] = []
        for _n in range(MAX_RIVAL_STEPS):
            d = self.state.decision
            if d is None or self.status != "playing":
                return events
            if RIVAL in d.players and d.choices_for(RIVAL):
                events.extend(self.state.apply(self.rival_answer()))
                continue
            mine = d.choices_for(LEARNER)
            if forced and len(mine) == 1:
                events.extend(self.state.apply(mine[0]))
                continue
            return events
        raise PuzzleError("the rival's answers go on without end", self.puzzle.path)

    def play(self, choice: Choice, forced: bool = True) -> list[Event]:
        """Apply the learner's ``choice`` (legal now), then the rival's answers."""
        events = self.state.apply(choice)
        self.moves.append(choice)
        events.extend(self.settle(forced))
        return events


def goal_status(puzzle: Puzzle, state: State, start_turn: int) -> str:
    """"won", "lost" or "playing" for ``puzzle``'s goal in ``state``."""
    w = state.winner
    end = start_turn + puzzle.turns
    if puzzle.goal == "win":
        if w == LEARNER:
            return "won"
        if w is not None or state.turn >= end:
            return "lost"
        return "playing"
    if w == RIVAL:
        return "lost"
    if w is not None or state.turn >= end:
        return "won"
    return "playing"


def replay_solution(game: Game, puzzle: Puzzle) -> PuzzleRun:
    """Play the puzzle's ``[solution]``; raise PuzzleError when a move does
    not fit or the line does not reach the goal."""
    run = PuzzleRun(game, puzzle)
    run.settle()
    for i, move in enumerate(puzzle.solution, 1):
        if run.status != "playing":
            raise PuzzleError(f"solution move {i} ({move.describe()}): the puzzle is already {run.status}",
                              puzzle.path)
        choice = _find(run, move)
        while choice is None and len(run.learner_choices()) == 1:
            run.play(run.learner_choices()[0], forced=False)
            choice = _find(run, move)
        if choice is None:
            legal = ", ".join(c.id for c in run.learner_choices()[:10]) or "none"
            raise PuzzleError(f"solution move {i} ({move.describe()}) is not legal here; legal: {legal}",
                              puzzle.path)
        run.play(choice, forced=False)
    run.settle(forced=True)
    if run.status != "won":
        where = "the goal can no longer be met" if run.status == "lost" else "the goal is not met yet"
        raise PuzzleError(f"the solution does not reach the goal ({puzzle.goal_en.lower()}): "
                          f"after its last move {where}", puzzle.path)
    return run


def _find(run: PuzzleRun, move: Scripted) -> Choice | None:
    d = run.state.decision
    if d is None or LEARNER not in d.players:
        return None
    try:
        return find_choice(run.state, Scripted(LEARNER, move.kind, move.args))
    except ScenarioFailure:
        return None


@dataclass
class SolveResult:
    solved: bool
    line: list          # the learner's choices of a winning line (when solved)
    nodes: int          # states tried
    exhausted: bool     # the budget ran out before the search finished


def solve(game: Game, puzzle: Puzzle, budget: int = NODE_BUDGET) -> SolveResult:
    """Search player 0's choices depth first (the rival answering as the
    puzzle says, positions met before skipped, the game's heuristic trying
    the likeliest moves first) for a line that reaches the goal."""
    from tabletop.ai.agents import playing_choices

    run = PuzzleRun(game, puzzle)
    run.settle(forced=True)
    seen: set[str] = set()
    nodes = 0
    exhausted = False

    def dfs(node: PuzzleRun) -> list | None:
        nonlocal nodes, exhausted
        st = node.status
        if st == "won":
            return list(node.moves)
        if st == "lost" or node.state.decision is None:
            return None
        key = node.state.digest()
        if key in seen:
            return None
        seen.add(key)
        d = node.state.decision
        children = []
        for c in playing_choices(d.agent_choices(LEARNER)):
            if nodes >= budget:
                exhausted = True
                return None
            nodes += 1
            child = node.clone()
            child.play(child.state.decision.find(c.id, LEARNER), forced=True)
            if child.status == "won":
                return list(child.moves)
            if child.status == "playing":
                children.append((-game.heuristic(child.state, LEARNER), len(children), child))
        children.sort(key=lambda t: (t[0], t[1]))
        for _a, _b, child in children:
            line = dfs(child)
            if line is not None or exhausted:
                return line
        return None

    line = dfs(run) if run.status == "playing" else (list(run.moves) if run.status == "won" else None)
    return SolveResult(line is not None, line or [], nodes, exhausted)


def puzzles_dir(game: Game) -> Path:
    from tabletop.engine.registry import game_dir

    return Path(game_dir(game)) / "puzzles"


def list_puzzles(game: Game) -> list[Path]:
    d = puzzles_dir(game)
    return sorted(d.glob("*.toml")) if d.is_dir() else []


def check_puzzle(game: Game, path, budget: int = NODE_BUDGET) -> str | None:
    """Replay the solution and search for a winning line. None when the puzzle
    passes, else the problems in one text naming the file."""
    problems, _warnings = check_puzzle_full(game, path, budget)
    return f"{path}: " + "; ".join(problems) if problems else None


def check_puzzle_full(game: Game, path, budget: int = NODE_BUDGET) -> tuple[list[str], list[str]]:
    """``(problems, warnings)`` of one puzzle, in words without the file's
    name: its texts, its solution replayed, and the search. The search running
    out of budget while the solution works is a warning; the search ending
    without any line is a problem."""
    try:
        puzzle = load_puzzle(path)
        if puzzle.game_id != game.id:
            return [f"names the game {puzzle.game_id!r} but lives in {game.id}'s puzzles"], []
        problems = [f"hint {i} {h!r} is under 4 words" for i, h in enumerate(puzzle.hints, 1)
                    if len(h.split()) < 4]
        if not puzzle.hints:
            problems.append("no hints (give the learner at least one)")
        if len(puzzle.summary.split()) < 4:
            problems.append("the summary is under 4 words")
        try:
            replay_solution(game, puzzle)
        except PuzzleError as exc:
            problems.append(exc.detail)
        found = solve(game, puzzle, budget)
        if not found.solved and not found.exhausted:
            problems.append(f"the search finds no way to {puzzle.goal_en.lower()} "

                            f"(every line of the learner's tried, {found.nodes} positions)")
        warnings = []
        if found.exhausted:
            note = f"the search ran out of its budget ({found.nodes} positions) without finding a line"
            (warnings if len(problems) == 0 else problems).append(note)
        return problems, warnings
    except TabletopError as exc:
        return [exc.detail], []
    except ScenarioFailure as exc:
        return [str(exc)], []
    except Exception as exc:  # an engine bug shows as a failed puzzle, never a traceback
        return [f"engine error {type(exc).__name__}: {exc}"], []
