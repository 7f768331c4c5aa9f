"""Tutorial lessons: a starting position, scripted steps and captions, run on
the real rules engine. The table adds the coach overlay; this module is
headless (no pygame) so ``tabletop tutorial --check`` runs anywhere.

A lesson file (games/<id>/lessons/NN-name.toml)::

    title = "Draw to five, then summon"
    summary = "One line for the lesson list."
    game = "rush_duel"
    seed = 0
    advanced = true                      # optional: an advanced lesson (listed last, marked)
    [position]  ...                      # the game's position schema (DESIGN.md)
    [draws]                              # optional: cards still to be drawn, top first,
    p0 = ["RD-M001", "RD-S004"]          # put on top of each deck in this order

    [[steps]]
    caption = "Drag Ember Pup from your hand to a monster zone."
    point = ["self.hand", "@RD-M001@p0.hand", "counter:self.lp", "button:end_phase"]
    do = { player = 0, kind = "summon", args = { card = "@RD-M001@p0.hand" } }
    hint = "Summon Ember Pup first."      # said when the learner does something else
    learn = "A level 4 monster needs no tribute."   # what this step showed (the end panel lists them)
    expect = { values = { "zones.p0.monster.len" = 1 } }   # checked by --check after the step
    [[steps.wrong]]                      # a hint per wrong move, matched in order
    kind = "set"                         # the kind of the choice the learner tried
    card = "@RD-M001@p0.hand"            # optional: the card it acts with (args.card)
    hint = "Set would hide it face down: summon it face up."
    then = [ { player = 1, kind = "pass" } ]   # the opponent's scripted choices
    [[steps.pause]]                      # stop the animation at an event and explain it
    event = "battle.damage_calc"
    caption = "ATK 1500 against ATK 1200: the lower monster is destroyed."

    [finish]                             # the stated end, checked by --check
    expect = { values = { "players.1.counters.lp" = 7700 } }

A legal wrong move that matches no ``[[steps.wrong]]`` entry gets the step's
``hint``. The old top-level ``learned`` list is still read (the end panel
shows it when no step has a ``learn``); the stricter checks of ``--check``
live in tabletop/tutorial/checks.py.

A step without ``do`` is read-only: the learner presses Next. After each
step, decisions with exactly one legal choice are taken automatically (as
the table's auto-pass does). Card references use the scenario syntax
(``@CARDID[@ZONE][#N]``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.engine import tomlio
from tabletop.engine.core import Choice, Event, Game, State
from tabletop.engine.errors import LessonError, TabletopError
from tabletop.i18n import _
from tabletop.scenario import ScenarioFailure, _check_expect, resolve_ref


@dataclass
class Scripted:
    player: int | None
    kind: str
    args: dict

    def describe(self) -> str:
        who = f"player {self.player + 1} " if self.player is not None else ""
        return f"{who}{self.kind} {self.args or ''}".strip()


@dataclass
class Pause:
    event: str
    caption: str


@dataclass
class Wrong:
    """A hint for one kind of wrong move: ``kind`` of the choice tried, and
    optionally the card it acts with (a reference, resolved when matched)."""
    kind: str
    hint: str
    card: object = None


@dataclass
class Step:
    index: int
    caption: str
    point: list = field(default_factory=list)
    do: Scripted | None = None
    hint: str = ""
    then: list = field(default_factory=list)
    pauses: list = field(default_factory=list)
    learn: str = ""
    expect: dict | None = None
    wrong: list = field(default_factory=list)


@dataclass
class Lesson:
    path: str
    game_id: str
    title: str
    summary: str
    seed: int
    position: dict
    draws: dict
    steps: list
    learned: list
    finish: dict
    extra_cards: list | None = None
    advanced: bool = False

    @property
    def key(self) -> str:
        return Path(self.path).stem

    @property
    def learn_list(self) -> list[str]:
        """What the end panel lists: the steps' ``learn`` sentences in order
        (the old top-level ``learned`` list when no step has one)."""
        steps = [s.learn for s in self.steps if s.learn]
        return steps or list(self.learned)


def _scripted(raw, path: str, where: str) -> Scripted:
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise LessonError(f"{where}: a scripted choice needs a table with a text 'kind'", path)
    player = raw.get("player")
    if player is not None and player not in (0, 1):
        raise LessonError(f"{where}: 'player' must be 0 or 1", path)
    args = raw.get("args", {})
    if not isinstance(args, dict):
        raise LessonError(f"{where}: 'args' must be a table", path)
    return Scripted(player, raw["kind"], args)


def load_lesson(path: str | os.PathLike) -> Lesson:
    """Read and check a lesson file; any problem raises LessonError naming the
    file (and the step)."""
    path = os.fspath(path)
    data = tomlio.load(path, LessonError)
    for key, typ in (("title", str), ("game", str), ("position", dict), ("steps", list)):
        if key not in data:
            raise LessonError(f"the field {key!r} is missing", path)
        if not isinstance(data[key], typ):
            raise LessonError(f"the field {key!r} has the wrong type", path)
    if not data["steps"]:
        raise LessonError("a lesson needs at least one step", path)
    steps = []
    for n, raw in enumerate(data["steps"], 1):
        where = f"step {n}"
        if not isinstance(raw, dict):
            raise LessonError(f"{where} is not a table", path)
        if not isinstance(raw.get("caption"), str) or not raw["caption"].strip():
            raise LessonError(f"{where} has no caption", path)
        point = raw.get("point", [])
        if not isinstance(point, list) or not all(isinstance(p, str) for p in point):
            raise LessonError(f"{where}: 'point' must be a list of texts", path)
        do = _scripted(raw["do"], path, where + " 'do'") if "do" in raw else None
        then = [_scripted(t, path, f"{where} 'then' {i + 1}") for i, t in enumerate(raw.get("then", []))]
        pauses = []
        for i, p in enumerate(raw.get("pause", [])):
            if not isinstance(p, dict) or not isinstance(p.get("event"), str) or not isinstance(p.get("caption"), str):
                raise LessonError(f"{where}: pause {i + 1} needs 'event' and 'caption' texts", path)
            pauses.append(Pause(p["event"], p["caption"]))
        steps.append(Step(n, raw["caption"], point, do, str(raw.get("hint", "")), then, pauses,
                          *_step_extras(raw, path, where)))
    draws = data.get("draws", {})
    if not isinstance(draws, dict):
        raise LessonError("'draws' must be a table of p0/p1 lists", path)
    learned = data.get("learned", [])
    if not isinstance(learned, list):
        raise LessonError("'learned' must be a list of texts", path)
    from .checks import LEGACY_LESSONS_PASS

    if "learned" in data and not LEGACY_LESSONS_PASS:
        raise LessonError("the top-level 'learned' list is no longer used: give each step that teaches "
                          "something a 'learn' sentence", path)
    advanced = data.get("advanced", False)
    if not isinstance(advanced, bool):
        raise LessonError("'advanced' must be true or false", path)
    if not isinstance(data.get("seed", 0), int):
        raise LessonError("'seed' must be a whole number", path)
    finish = data.get("finish", {}) or {}
    if not isinstance(finish, dict):
        raise LessonError("'finish' must be a table", path)
    return Lesson(path, data["game"], data["title"], str(data.get("summary", "")), int(data.get("seed", 0)),
                  data["position"], draws, steps, [str(x) for x in learned], finish,
                  data.get("cards"), advanced)


#: what a step's ``expect`` may check (as a scenario step's; events are the step's own)
EXPECT_KEYS = {"values", "contains", "winner", "decision", "viewer", "events", "events_absent"}


def _step_extras(raw: dict, path: str, where: str) -> tuple[str, dict | None, list]:
    """A step's ``learn``, ``expect`` and ``[[steps.wrong]]`` entries, checked."""
    learn = raw.get("learn", "")
    if not isinstance(learn, str):
        raise LessonError(f"{where}: 'learn' must be one sentence of text", path)
    expect = raw.get("expect")
    if expect is not None:
        if not isinstance(expect, dict) or not (set(expect) <= EXPECT_KEYS):
            raise LessonError(f"{where}: 'expect' must be a table of {', '.join(sorted(EXPECT_KEYS))} "
                              "(scenario syntax)", path)
        for key in ("values", "contains"):
            if key in expect and not isinstance(expect[key], dict):
                raise LessonError(f"{where}: 'expect.{key}' must be a table of paths", path)
    wrong = raw.get("wrong", [])
    if not isinstance(wrong, list):
        raise LessonError(f"{where}: 'wrong' must be an array of tables ([[steps.wrong]])", path)
    hints = []
    for i, w in enumerate(wrong, 1):
        if not isinstance(w, dict) or not isinstance(w.get("kind"), str) or not isinstance(w.get("hint"), str):
            raise LessonError(f"{where}: wrong move {i} needs 'kind' and 'hint' texts", path)
        if not w["hint"].strip():
            raise LessonError(f"{where}: wrong move {i} has an empty hint", path)
        card = w.get("card")
        if card is not None and not isinstance(card, (str, int)):
            raise LessonError(f"{where}: wrong move {i}: 'card' must be a card reference", path)
        extra = set(w) - {"kind", "hint", "card"}
        if extra:
            raise LessonError(f"{where}: wrong move {i} has unknown field(s) {', '.join(sorted(extra))}", path)
        hints.append(Wrong(w["kind"], w["hint"], card))
    return learn.strip(), expect, hints


def lesson_position(lesson: Lesson) -> dict:
    """The lesson's position with its ``draws`` put on top of each deck."""
    pos = dict(lesson.position)
    if lesson.draws:
        pos = _with_draws(pos, lesson.draws)
    return pos


def _with_draws(pos: dict, draws: dict) -> dict:
    """Put each player's ``draws`` on top of their ``deck`` in the position.
    Positions keep a player's zones either in ``players = [{...}, {...}]`` or in
    ``[p0]``/``[p1]`` tables; both are understood."""
    import copy

    pos = copy.deepcopy(pos)
    for key, cards in draws.items():
        p = int(key[1:]) if key in ("p0", "p1") else None
        if p is None:
            raise LessonError(f"'draws' key {key!r} is not p0 or p1")
        players = pos.get("players")
        if isinstance(players, list) and p < len(players) and isinstance(players[p], dict):
            zones = players[p]
        elif isinstance(pos.get(key), dict):
            zones = pos[key]
        else:
            raise LessonError(f"'draws' names {key} but the position has no zones for that player")
        if not isinstance(cards, list) or not isinstance(zones.get("deck", []), list):
            raise LessonError(f"'draws' for {key} and that player's deck must be lists of card ids")
        zones["deck"] = list(cards) + list(zones.get("deck", []))
    return pos


def find_choice(state: State, s: Scripted) -> Choice | None:
    d = state.decision
    if d is None:
        return None
    args = {k: resolve_ref(v, state.view(None)) for k, v in s.args.items()}
    pool = d.choices if s.player is None else d.choices_for(s.player)
    for c in pool:
        if c.matches(s.kind, args):
            return c
    return None


class LessonRun:
    """One run of a lesson on the real engine: the learner's state, the step
    reached, and the events each step produced. Back replays from the start."""

    def __init__(self, game: Game, lesson: Lesson):
        self.game = game
        self.lesson = lesson
        self.step_index = 0
        self.state = self._initial()
        self.history: list[tuple[int, str]] = []  # every choice applied (player, id)
        self.step_starts: list[int] = [0]
        self.last_events: list[Event] = []
        self.tried = None  # (state, history) before a wrong move played by "Try it"
        self.last_events.extend(self._auto())

    def _initial(self) -> State:
        try:
            return self.game.from_position(lesson_position(self.lesson), self.lesson.seed, self.lesson.extra_cards)
        except LessonError as exc:
            if exc.path is None:
                raise LessonError(exc.detail, self.lesson.path) from None
            raise
        except TabletopError as exc:
            raise LessonError(f"its position can't be used: {exc.detail}", self.lesson.path) from None

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.step_index] if self.step_index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.step_index >= len(self.lesson.steps)

    def _apply(self, c: Choice) -> list[Event]:
        ev = self.state.apply(c)
        self.history.append((c.player, c.id))
        return ev

    def _auto(self) -> list[Event]:
        """Take decisions that have exactly one legal choice."""
        events = []
        guard = 0
        while self.state.decision is not None and len(self.state.decision.choices) == 1 and guard < 200:
            events.extend(self._apply(self.state.decision.choices[0]))
            guard += 1
        return events

    def expected_choice(self) -> Choice | None:
        st = self.step
        if st is None or st.do is None:
            return None
        try:
            return find_choice(self.state, st.do)
        except ScenarioFailure:
            return None

    def fits(self, choice: Choice) -> bool:
        """Does ``choice`` do what this step's ``do`` asks? Any legal choice of
        its kind with its args counts (the monster dropped into another free
        zone than the first is still the summon the step asks for)."""
        st = self.step
        want = self.expected_choice()
        if st is None or st.do is None or want is None or choice.player != want.player:
            return False
        if choice.id == want.id:
            return True
        d = self.state.decision
        if d is None or d.find(choice.id, choice.player) is None:
            return False
        try:
            args = {k: resolve_ref(v, self.state.view(None)) for k, v in st.do.args.items()}
        except ScenarioFailure:
            return False
        return choice.matches(st.do.kind, args)

    def allows(self, choice: Choice) -> tuple[bool, str]:
        """Is ``choice`` the one this step asks for? If not, the hint: the step's
        own, or the rule that forbids it (why_not), or what to do instead."""
        if self.fits(choice):
            return True, ""
        st = self.step
        legal = self.state.decision is not None and self.state.decision.find(choice.id, choice.player) is not None
        if not legal:
            return False, self.state.why_not(choice.kind, choice.args, choice.player)
        wrong = self.wrong_for(choice)
        if wrong is not None:
            return False, wrong.hint
        if st is not None and st.hint:
            return False, st.hint
        return False, _("Not yet: follow the caption for this step.") if st else _("The lesson is over.")

    def wrong_for(self, choice: Choice) -> Wrong | None:
        """The step's first ``[[steps.wrong]]`` entry matching ``choice`` (by
        kind, and by the card it acts with when the entry names one)."""
        st = self.step
        if st is None:
            return None
        for w in st.wrong:
            if w.kind != choice.kind:
                continue
            if w.card is None:
                return w
            try:
                want = resolve_ref(w.card, self.state.view(None))
            except ScenarioFailure:
                continue
            if want == choice.args.get("card"):
                return w
        return None

    def advance(self, choice: Choice | None = None) -> list[Event]:
        """Finish the current step: apply the learner's choice (when the step
        has one), the opponent's scripted choices, and the automatic ones."""
        st = self.step
        if st is None:
            raise LessonError("the lesson is already over", self.lesson.path)
        events: list[Event] = []
        if st.do is not None:
            want = self.expected_choice()
            if want is None:
                raise LessonError(
                    f"step {st.index}: its choice ({st.do.describe()}) is not legal here; legal: "
                    + ", ".join(c.id for c in (self.state.decision.choices if self.state.decision else [])[:10]),
                    self.lesson.path)
            if choice is not None:
                if not self.fits(choice):
                    raise LessonError(f"step {st.index}: expected {want.id}, got {choice.id}", self.lesson.path)
                want = self.state.decision.find(choice.id, choice.player)
            events.extend(self._apply(want))
            events.extend(self._auto())
        for n, t in enumerate(st.then, 1):
            c = find_choice(self.state, t)
            if c is None:
                raise LessonError(f"step {st.index}: scripted choice {n} ({t.describe()}) is not legal here",
                                  self.lesson.path)
            events.extend(self._apply(c))
            events.extend(self._auto())
        self.step_index += 1
        self.step_starts.append(len(self.history))
        self.last_events = events
        return events

    def check_step_expect(self, step: Step, kinds: list[str] = ()) -> None:
        """Raise LessonError when ``step``'s ``expect`` does not hold now
        (``kinds``: the kinds of the step's events, for ``events``)."""
        if step.expect:
            try:
                _check_expect(step.expect, self.state, list(kinds), f"step {step.index}: after the step")
            except ScenarioFailure as exc:
                raise LessonError(str(exc), self.lesson.path) from None

    def back(self) -> None:
        """Go back one step by replaying the choices made before it."""
        if self.step_index == 0:
            return
        target = self.step_index - 1
        keep = self.step_starts[target]
        log = self.history[:keep]
        self.state = self._initial()
        self.history = []
        for p, cid in log:
            self.state.apply_id(cid, p)
            self.history.append((p, cid))
        self.step_index = target
        self.step_starts = self.step_starts[: target + 1]
        self.last_events = []

    def restart(self) -> None:
        self.__init__(self.game, self.lesson)

    # -- "Try it": play a wrong move, see what happens, rewind -----------------------------
    #: the other player's answers and automatic choices played after a tried wrong move, at most
    TRY_STEPS = 200

    def try_wrong(self, choice: Choice) -> list[Event]:
        """Play the legal wrong move ``choice`` on the real engine to show what
        it does: the move, then the other player's answers (the engine's
        default answer, else passing, as a puzzle's scripted rival) and the
        automatic choices, until the learner decides again or the game ends.
        ``rewind`` puts the step back as it was."""
        from .puzzle import script_answer

        d = self.state.decision
        legal = d.find(choice.id, choice.player) if d is not None else None
        if legal is None:
            raise LessonError(f"step {self.step_index + 1}: {choice.id} is not legal here", self.lesson.path)
        learner = choice.player
        self.tried = (self.state.clone(), list(self.history))
        events = list(self.state.apply(legal))
        for _n in range(self.TRY_STEPS):
            d = self.state.decision
            if d is None:
                break
            others = [p for p in d.players if p != learner and d.choices_for(p)]
            mine = d.choices_for(learner)
            if others:
                events.extend(self.state.apply(script_answer(d.choices_for(others[0]))))
            elif len(mine) == 1:
                events.extend(self.state.apply(mine[0]))
            else:
                break
        return events

    @property
    def trying(self) -> bool:
        return getattr(self, "tried", None) is not None

    def rewind(self) -> None:
        """Back to the step as it was before ``try_wrong``."""
        if not self.trying:
            return
        self.state, self.history = self.tried
        self.tried = None

    def check_finish(self) -> None:
        if self.lesson.finish.get("expect"):
            try:
                _check_expect(self.lesson.finish["expect"], self.state, [], "at the end of the lesson")
            except ScenarioFailure as exc:
                raise LessonError(str(exc), self.lesson.path) from None


def lessons_dir(game: Game) -> Path:
    from tabletop.engine.registry import game_dir

    return Path(game_dir(game)) / "lessons"


def list_lessons(game: Game) -> list[Path]:
    d = lessons_dir(game)
    return sorted(d.glob("*.toml")) if d.is_dir() else []


def check_lesson(game: Game, path, strict: bool = False) -> str | None:
    """Play a lesson's whole script headless, checking each step's ``expect``
    and the finish, then the stricter checks (checks.py). None when it passes,
    else the problems in one text naming the file."""
    problems, _warnings = check_lesson_full(game, path, strict)
    return f"{path}: " + "; ".join(problems) if problems else None


def check_lesson_full(game: Game, path, strict: bool = False) -> tuple[list[str], list[str]]:
    """``(problems, warnings)`` of one lesson, each in words without the file's
    name. Warnings are the stricter checks' findings on an old-format lesson
    (see checks.LEGACY_LESSONS_PASS)."""
    from . import checks

    try:
        lesson = load_lesson(path)
        if lesson.game_id != game.id:
            return [f"names the game {lesson.game_id!r} but lives in {game.id}'s lessons"], []
        run = LessonRun(game, lesson)
        shown: list[str] = []  # what the script shows that the table would not (pauses, wrong-move hints)
        while not run.finished:
            st = run.step
            shown.extend(_unreachable_wrong(run, st))
            kinds = [e.kind for e in run.advance()]
            shown.extend(_missed_pauses(st, kinds))
            run.check_step_expect(st, kinds)
        run.check_finish()
    except TabletopError as exc:
        return [exc.detail], []
    except ScenarioFailure as exc:
        return [str(exc)], []
    except Exception as exc:  # an engine bug shows as a failed lesson, never a traceback
        return [f"engine error {type(exc).__name__}: {exc}"], []
    found = shown + checks.lesson_problems(lesson)
    if checks.is_legacy(lesson) and checks.LEGACY_LESSONS_PASS and not strict:
        return [], found
    return found, []


def _unreachable_wrong(run: LessonRun, st: Step) -> list[str]:
    """The step's ``[[steps.wrong]]`` entries that no legal move of the learner
    matches here (a typo in the kind or the card: the hint could never show),
    or that match the step's own move."""
    out = []
    d = run.state.decision
    learner = st.do.player if st.do is not None and st.do.player is not None else 0
    pool = d.choices_for(learner) if d is not None else []
    want = run.expected_choice()
    for i, w in enumerate(st.wrong, 1):
        try:
            card = resolve_ref(w.card, run.state.view(None)) if w.card is not None else None
        except ScenarioFailure:
            out.append(f"step {st.index}: wrong move {i}: no card {w.card!r} here")
            continue
        hits = [c for c in pool if c.kind == w.kind and (card is None or c.args.get("card") == card)]
        if not hits:
            out.append(f"step {st.index}: wrong move {i} ({w.kind}{' ' + str(w.card) if w.card else ''}) "
                       "matches no legal move here, so its hint never shows")
        elif want is not None and all(run.fits(c) for c in hits):
            out.append(f"step {st.index}: wrong move {i} ({w.kind}) matches only the step's own move")
    return out


def _missed_pauses(st: Step, kinds: list[str]) -> list[str]:
    """The step's pauses whose events do not come in its events, in order (the
    table would never stop there)."""
    i = 0
    for k in kinds:
        if i < len(st.pauses) and st.pauses[i].event == k:
            i += 1
    if i < len(st.pauses):
        return [f"step {st.index}: pause {i + 1} waits for the event {st.pauses[i].event!r}, which the step "
                f"does not produce (in order); its events: {', '.join(kinds) or 'none'}"]
    return []
