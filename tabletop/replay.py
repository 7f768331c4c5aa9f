"""Watching a game back: the headless replay model (no pygame).

A save holds the set-up, the seed and the list of choices; every position of
the game is rebuilt from them (DESIGN.md, "Saves"). A :class:`Replay` plays
the choices once, keeping each choice's events and a clone of the state
every few choices (checkpoints), so any position is the nearest checkpoint
plus at most a few choices replayed: stepping back is as quick as stepping
on.

Positions (:class:`Pos`): ``Pos(choice, event)`` is the game after its first
``choice`` choices, with the first ``event`` events of the next choice shown
(``event`` is 0 at a decision). ``Pos(n, 0)`` is the real state after ``n``
choices; the positions in between exist only as the events played so far,
which the table shows by patching the view, as it does in play.

Navigation goes by event, by choice and by turn, forward and back, and
to any choice (the timeline). The viewpoint is a player's view (0 or 1) or
everything (None): everything is shown only for a finished game, or when both
players at one screen agree (:meth:`Replay.everything_allowed`).

Taking over (:meth:`Replay.take_over`) makes a new :class:`Match` from the
set-up and the first ``n`` choices; it never touches the file watched.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from .engine.core import Event, Game, State
from .engine.errors import SaveError, TabletopError
from .i18n import N_, _, game_text, pgettext
from .saves import Match, ReplayReport, load_match

CHECKPOINT_EVERY = 8

_DEFAULT_NAME = re.compile(r"Player (\d+)")


def player_words(name: str, game_id: str | None = None) -> str:
    """A player's name as shown: a name the game's or the kit's catalog
    knows ("Player 1", "Rival") in the language in use, a default name
    "Player N" in the app's words, any other name as given."""
    said = game_text(name, game_id)
    if said == name:
        m = _DEFAULT_NAME.fullmatch(name)
        if m is not None:
            return pgettext("table", "Player {n}").format(n=m.group(1))
    return said


GENERIC_WORDS = {"card.move": N_("A card moves"), "card.flip": N_("A card turns over"), "card.turn": N_("A card turns"),
                 "counter.change": N_("A count changes"), "reveal": N_("Cards are revealed"),
                 "game.over": N_("The game is over")}


@dataclass(frozen=True, order=True)
class Pos:
    """``choice`` choices made, and ``event`` events of the next one shown."""

    choice: int
    event: int = 0

    @property
    def at_decision(self) -> bool:
        return self.event == 0


@dataclass
class Step:
    """One choice of the game and what it did."""

    index: int          # 0-based: the choice made after ``index`` others
    player: int
    choice_id: str
    label: str          # the choice as its button said it (players' words)
    turn: int           # the turn it was made in
    events: list[Event] = field(default_factory=list)


class Replay:
    """A game's choices, the events each produced, and its positions."""

    def __init__(self, game: Game, setup: dict, seed: int, log: list, *, name: str = "", ui: dict | None = None,
                 source: str | None = None, report: ReplayReport | None = None, players: list | None = None):
        self.game = game
        self.setup = setup
        self.seed = int(seed)
        self.name = name
        self.ui = dict(ui or {})
        self.source = source          # the file it came from (never written)
        self.report = report          # a save of other rules: where its replay stopped
        self.steps: list[Step] = []
        self.turns: list[int] = []    # turns[n]: the turn of the state after n choices
        self._checkpoints: dict[int, State] = {}
        self._cache: tuple[int, State] | None = None
        self.agreed = False           # both players at one screen agreed to see everything
        state = self._initial()
        self._checkpoints[0] = state.clone()
        self.turns.append(int(state.turn))
        for i, (player, cid) in enumerate(log):
            d = state.decision
            c = d.find(cid, player) if d is not None else None
            if c is None:
                raise TabletopError(f"choice {i + 1} ({cid}) can't be replayed")
            turn = int(state.turn)
            events = state.apply(c)
            self.steps.append(Step(i, int(player), cid, c.label, turn, list(events)))
            self.turns.append(int(state.turn))
            if (i + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints[i + 1] = state.clone()
        self.final = state
        self._names = [str(n) for n in (players or [])]

    # -- building ------------------------------------------------------------------
    def _initial(self) -> State:
        if "position" in self.setup:
            return self.game.from_position(self.setup["position"], self.seed, self.setup.get("extra_cards"))
        return self.game.new_state(self.setup, self.seed)

    @classmethod
    def from_match(cls, match: Match, source: str | None = None) -> "Replay":
        return cls(match.game, match.setup, match.seed, list(match.log), name=match.name, ui=match.ui,
                   source=source, report=match.replay, players=match.players())

    @classmethod
    def from_save(cls, path: str | os.PathLike) -> "Replay":
        """A save's replay (checked as loading checks it: SaveError names the
        file). A save of other rules replays as far as its choices stay legal
        (``report`` says where it stopped)."""
        match = load_match(path)
        try:
            return cls.from_match(match, source=os.fspath(path))
        except TabletopError as exc:
            raise SaveError(f"can't be watched: {exc.detail}", os.fspath(path)) from None
        except Exception as exc:  # the rules failed while replaying it: one message, no traceback
            raise SaveError(f"can't be watched: the rules failed while replaying it ({type(exc).__name__}: {exc})",
                            os.fspath(path)) from None

    # -- what it holds -------------------------------------------------------------------
    @property
    def n(self) -> int:
        """How many choices the game has."""
        return len(self.steps)

    @property
    def conceded(self):
        """The player who conceded (at the end of the game), else None."""
        c = self.ui.get("conceded")
        return c if isinstance(c, int) and not isinstance(c, bool) else None

    @property
    def finished(self) -> bool:
        """The game is over at its last position (ended, or a player conceded)."""
        return self.final.decision is None or self.conceded is not None

    @property
    def seats(self) -> tuple:
        seats = self.ui.get("seats")
        if isinstance(seats, list) and len(seats) == 2 and all(s in ("human", "computer") for s in seats):
            return tuple(seats)
        return ("human", "human")

    @property
    def one_screen(self) -> bool:
        return self.seats.count("human") == 2

    def player_name(self, p: int) -> str:
        """A player's name as shown (a name the set-up gave, in the language in use)."""
        gid = getattr(self.game, "id", None)
        if 0 <= p < len(self._names) and self._names[p]:
            return player_words(self._names[p], gid)
        try:
            name = self.setup["players"][p].get("name")
        except (KeyError, IndexError, TypeError, AttributeError):
            name = None
        return player_words(str(name) if name else f"Player {p + 1}", gid)


    def _words(self, text: str) -> str:
        """What the game wrote (a caption, a move, a name), in the language in use."""
        return game_text(text, getattr(self.game, "id", None))

    def state_at(self, n: int) -> State:
        """The state after the first ``n`` choices: a fresh copy, free to change."""
        n = max(0, min(self.n, int(n)))
        if self._cache is not None and self._cache[0] == n:
            return self._cache[1].clone()
        base = max(k for k in self._checkpoints if k <= n)
        state = self._checkpoints[base].clone()
        for step in self.steps[base:n]:
            state.apply_id(step.choice_id, step.player)
        self._cache = (n, state.clone())
        return state

    def events_of(self, n: int) -> list[Event]:
        """The events of choice ``n`` (0-based); none past the last choice."""
        return self.steps[n].events if 0 <= n < self.n else []

    def events_before(self, pos: Pos) -> list[Event]:
        """Every event from the start up to ``pos``, in order."""
        out: list[Event] = []
        for step in self.steps[:pos.choice]:
            out.extend(step.events)
        out.extend(self.events_of(pos.choice)[:pos.event])
        return out

    def turn_at(self, pos: Pos) -> int:
        return self.turns[pos.choice]

    # -- positions ------------------------------------------------------------------------
    def start(self) -> Pos:
        return Pos(0, 0)

    def end(self) -> Pos:
        return Pos(self.n, 0)

    def valid(self, pos: Pos) -> bool:
        return 0 <= pos.choice <= self.n and 0 <= pos.event < max(1, len(self.events_of(pos.choice)))

    def clamp(self, pos: Pos) -> Pos:
        c = max(0, min(self.n, pos.choice))
        ev = len(self.events_of(c))
        e = max(0, min(pos.event, ev))
        return Pos(c + 1, 0) if e == ev and e > 0 else Pos(c, e)

    def next_event(self, pos: Pos) -> Pos:
        """One event on (a choice that made no event counts as one step)."""
        if pos.choice >= self.n:
            return self.end()
        evs = self.events_of(pos.choice)
        if pos.event + 1 < len(evs):
            return Pos(pos.choice, pos.event + 1)
        return Pos(pos.choice + 1, 0)

    def prev_event(self, pos: Pos) -> Pos:
        if pos.event > 0:
            return Pos(pos.choice, pos.event - 1)
        if pos.choice == 0:
            return pos
        evs = self.events_of(pos.choice - 1)
        return Pos(pos.choice - 1, max(0, len(evs) - 1))

    def next_choice(self, pos: Pos) -> Pos:
        """To the next decision (the rest of the current choice played)."""
        return Pos(min(self.n, pos.choice + 1), 0)

    def prev_choice(self, pos: Pos) -> Pos:
        """To the decision before: the start of the choice being shown, else the one before it."""
        if pos.event > 0:
            return Pos(pos.choice, 0)
        return Pos(max(0, pos.choice - 1), 0)

    def turn_starts(self) -> list[int]:
        """The choice counts at which a turn begins (0 first): the first
        decision of each turn."""
        out = [0]
        for n in range(1, self.n + 1):
            if self.turns[n] != self.turns[n - 1]:
                out.append(n)
        return out

    def next_turn(self, pos: Pos) -> Pos:
        """To the first decision of the next turn (the end when there is none)."""
        for n in self.turn_starts():
            if n > pos.choice:
                return Pos(n, 0)
        return self.end()

    def prev_turn(self, pos: Pos) -> Pos:
        """To the first decision of this turn, or of the one before when already there."""
        starts = self.turn_starts()
        for n in reversed(starts):
            if n < pos.choice or (n == pos.choice and pos.event > 0):
                return Pos(n, 0)
        return self.start()

    def at_choice(self, n: int) -> Pos:
        """The decision after ``n`` choices (the timeline), clamped to the game."""
        return Pos(max(0, min(self.n, int(n))), 0)

    # -- words ------------------------------------------------------------------------------
    def choice_text(self, n: int, viewer=None) -> str:
        """Choice ``n`` (0-based) in players' words: who did what. The label
        of a choice may name a card its player alone knows (a card set face
        down, a hidden pick), so another player is told what the events say."""
        s = self.steps[n]
        who = self.player_name(s.player)
        if viewer is None or viewer == s.player:
            return _("{name}: {move}").format(name=who, move=self._words(s.label))
        said = self._words(next((e.caption for e in s.events if e.caption), ""))
        if said:
            return said if said.lower().startswith(who.lower()) else _("{name}: {move}").format(name=who, move=said)
        return _("{name} made a move").format(name=who)

    def event_text(self, pos: Pos) -> str:
        """The last event shown at ``pos`` in words. A step the game leaves
        without a caption (a card moving, said by the step beside it) takes
        its neighbour's words."""
        evs = self.events_of(pos.choice)
        i = pos.event - 1
        if not 0 <= i < len(evs):
            return ""
        if evs[i].caption:
            return self._words(evs[i].caption)
        near = sorted(range(len(evs)), key=lambda j: (abs(j - i), j > i))
        said = next((evs[j].caption for j in near if evs[j].caption), "")
        if said:
            return self._words(said)
        generic = GENERIC_WORDS.get(evs[i].kind)
        return _(generic) if generic else self._words(evs[i].kind.split(".")[-1].replace("_", " ").capitalize())

    def caption(self, pos: Pos, viewer=None) -> str:
        """What the position shows, in players' words (as ``viewer`` may know it)."""
        if pos.event > 0:
            step = self.steps[pos.choice]
            return _("Move {n} of {total}, {move} - step {step} of {steps}: {event}").format(
                n=pos.choice + 1, total=self.n, move=self.choice_text(pos.choice, viewer), step=pos.event,
                steps=len(step.events), event=self.event_text(pos))
        if pos.choice == 0:
            return _("The start, before the first move ({total} moves in all)").format(total=self.n)
        last = self.choice_text(pos.choice - 1, viewer)
        if pos.choice >= self.n and self.finished:
            return _("The end, after move {total}: {move}").format(total=self.n, move=last)
        return _("After move {n} of {total}: {move}").format(n=pos.choice, total=self.n, move=last)

    # -- viewpoint ---------------------------------------------------------------------------
    def everything_allowed(self) -> bool:
        """Everything (both hands, the decks) is shown for a finished game, or
        when both players at one screen agreed to it (``agree_everything``)."""
        return self.finished or (self.one_screen and self.agreed)

    def can_agree(self) -> bool:
        """Both players may agree to see everything: two players at one screen."""
        return self.one_screen and not self.finished

    def agree_everything(self) -> None:
        if not self.can_agree():
            raise TabletopError(_("everything is shown only for a finished game, or when both players at one screen agree"))
        self.agreed = True

    def view_allowed(self, viewer) -> bool:
        """May the replay show this viewpoint (0, 1, or None: everything)? A
        player's view always, except the computer's own in an unfinished game
        against the computer: its hidden cards stay hidden while the game can
        still be taken over."""
        if viewer is None:
            return self.everything_allowed()
        if viewer not in (0, 1):
            return False
        return self.finished or self.seats[viewer] == "human"

    def default_viewer(self):
        if self.finished:
            return None
        return next((p for p, s in enumerate(self.seats) if s == "human"), 0)

    def events_for(self, events: list[Event], viewer) -> list[Event]:
        """Events as ``viewer`` sees them (None: everything)."""
        return [e.for_player(viewer) for e in events]

    # -- taking over -------------------------------------------------------------------------
    def can_take_over(self, n: int) -> bool:
        return 0 <= n <= self.n and self.state_at(n).decision is not None

    def take_over(self, n: int, seats=("human", "computer")) -> Match:
        """A new game going on from the decision after ``n`` choices: the same
        set-up and seed, the first ``n`` choices as its log, the given seats.
        The file watched is never touched (the new game gets its own name)."""
        if not 0 <= n <= self.n:
            raise TabletopError(_("there is no move {n} (the game has {total})").format(n=n, total=self.n))
        state = self.state_at(n)
        if state.decision is None:
            raise TabletopError(_("the game is already over at that moment"))
        match = Match(self.game, self.setup, self.seed, state=state)
        match.log = [(s.player, s.choice_id) for s in self.steps[:n]]
        seats = tuple(seats)
        base = self.name or (Path(self.source).stem if self.source else self.game.title)
        match.name = N_("{name} (taken over at move {n})").format(name=base, n=n)  # stored in English, translated where shown


        match.ui = {"seats": list(seats), "taken_over": {"from": self.name or "", "at": n}}
        return match

