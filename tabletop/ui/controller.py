"""A match being played at this screen: who sits where (a person or the
computer), the computer's worker thread, auto-pass and misclick rules.
No pygame here: the table scene drives it."""

from __future__ import annotations

import queue
import threading
import time

from tabletop.ai.agents import make_agent
from tabletop.engine.core import Choice
from tabletop.i18n import _
from tabletop.saves import Match, new_autosave_path

# What a choice means comes from its role (tabletop.engine.core.ROLES), never
# from its kind name: the game says which of its choices pass, end, resign...
MOVES_ON = ("pass", "end", "confirm", "group_done")


def moves_on(choice: Choice) -> bool:
    """A choice that only moves the game on (pass, end the phase or turn,
    accept what is offered, finish a group)."""
    return choice.role in MOVES_ON


def is_resign(choice: Choice) -> bool:
    """Giving up: offered at every decision, never a reason to stop or to ask."""
    return choice.role == "resign"


def passes_or_ends(choice: Choice) -> bool:
    """Gives up acting now or ends a phase or a turn (asked about when other
    things could still be done)."""
    return choice.role in ("pass", "end")


class Controller:
    """Seats (``"human"`` or ``"computer"``) around one :class:`Match`."""

    def __init__(self, match: Match, seats=("human", "human"), saves: str | None = None, autosave: bool = True,
                 agent_seed: int = 0, computer: str = "normal", think_ms: int = 1000):
        self.match = match
        self.seats = list(seats)
        self.saves = saves
        if autosave and match.autosave_path is None:  # each game its own autosave (Continue lists them)
            match.autosave_path = new_autosave_path(match, saves)
        match.ui["seats"] = list(self.seats)
        seed = agent_seed or (match.seed * 7 + 3)
        # the difficulty level (easy, normal, hard; tabletop.ai): the searching ones think
        # for think_ms per decision, on the worker thread
        self.agent = make_agent(computer, seed, think_ms=think_ms)
        self._results: queue.Queue = queue.Queue()
        self._thinking: threading.Thread | None = None
        self._think_for = None
        self._generation = 0   # bumped by an undo: a reply thought out before it is dropped
        self.think_started = 0.0
        self.conceded = match.ui.get("conceded")
        # the hint (tabletop.ai.hint) is thought out on a worker thread of its own
        self._hints: queue.Queue = queue.Queue()
        self._hinting: threading.Thread | None = None

    @property
    def state(self):
        return self.match.state

    @property
    def hotseat(self) -> bool:
        return self.seats.count("human") == 2

    @property
    def over(self) -> bool:
        return self.state.decision is None or self.conceded is not None

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == "human"] or [0]

    def decider(self) -> int | None:
        """Who must decide next: the first player of the decision with choices left
        (simultaneous decisions are taken one player at a time). In a
        simultaneous decision the computer goes first: its pick stays hidden, and
        the person then decides as at a real table, where the computer would not
        wait for them (with Lumen Condenser's timed play, the computer's ready
        starts the person's 10-second countdown, seed 5.2; before, the person
        always readied first and was never on the clock)."""
        d = self.state.decision
        if d is None or self.conceded is not None:
            return None
        left = [p for p in d.players if d.choices_for(p)]
        if len(left) > 1:
            for p in left:
                if self.is_computer(p):
                    return p
        if left:
            return left[0]
        return d.players[0]

    def is_computer(self, p) -> bool:
        return p is not None and 0 <= p < len(self.seats) and self.seats[p] == "computer"

    def home_viewer(self) -> int:
        """Whose view the table shows when no person is deciding."""
        return self.humans()[0]

    def apply(self, choice: Choice):
        """Apply a choice through the match (autosaves) and return its events."""
        return self.match.apply(choice)

    # -- the computer ---------------------------------------------------------------------
    def start_thinking(self, player: int) -> None:
        """GreedyAgent decides on a clone in a worker thread (it determinizes inside),
        so the window keeps answering input."""
        if self._thinking is not None:
            return
        snapshot = self.state.clone()
        agent = self.agent
        results = self._results
        digest_turn = (self._generation, len(self.match.log), player)
        self._think_for = digest_turn

        def work():
            try:
                c = agent.choose(snapshot, player)
                results.put((digest_turn, c.id, c.player, None))
            except Exception as exc:  # reported to the table, never lost
                results.put((digest_turn, None, player, exc))

        self.think_started = time.perf_counter()
        self._thinking = threading.Thread(target=work, name="tabletop-computer", daemon=True)
        self._thinking.start()

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def poll_computer(self) -> Choice | None:
        """The computer's choice when it is ready (else None)."""
        try:
            tag, cid, player, exc = self._results.get_nowait()
        except queue.Empty:
            return None
        if tag != self._think_for:
            return None  # a reply to a position taken back: the current one is still coming
        self._thinking = None
        if exc is not None:
            raise exc
        d = self.state.decision
        return d.find(cid, player) if d else None

    def wait_computer(self, timeout: float = 10.0) -> None:
        t = self._thinking
        if t is not None:
            t.join(timeout)

    def cancel_thinking(self) -> None:
        """Forget a reply being thought out: its thread is let finish (the
        greedy agent takes a moment) and the result it posts carries the old
        generation, so it is dropped."""
        t = self._thinking
        if t is not None:
            t.join(5.0)
        self._generation += 1
        self._thinking = None
        self._think_for = None

    # -- the hint ------------------------------------------------------------------------------
    def position_tag(self, player: int) -> tuple:
        """Names the position ``player`` decides at now: a hint thought out for
        another position (a move was made, a take-back) is stale."""
        return (self._generation, len(self.match.log), player)

    def start_hint(self, player: int, think_ms: int = 1000) -> tuple:
        """Think out the hint for ``player``'s decision on a worker thread
        (tabletop.ai.hint.suggest on a copy of the game, from ``player``'s view
        only) so the window keeps answering; ``poll_hint`` hands it over.
        Returns the position's tag."""
        from tabletop.ai.hint import suggest

        tag = self.position_tag(player)
        snapshot = self.state.clone()
        hints = self._hints
        seed = self.match.seed * 31 + len(self.match.log)

        def work():
            try:
                hints.put((tag, suggest(snapshot, player, think_ms=think_ms, seed=seed), None))
            except Exception as exc:  # reported to the table, never lost
                hints.put((tag, None, exc))

        self._hinting = threading.Thread(target=work, name="tabletop-hint", daemon=True)
        self._hinting.start()
        return tag

    @property
    def hinting(self) -> bool:
        return self._hinting is not None and self._hinting.is_alive()

    def poll_hint(self):
        """``(tag, hint, error)`` of a hint thought out, or None while none is ready."""
        try:
            return self._hints.get_nowait()
        except queue.Empty:
            return None

    def wait_hint(self, timeout: float = 10.0) -> None:
        t = self._hinting
        if t is not None:
            t.join(timeout)

    # -- undo and take-back ------------------------------------------------------------------
    @property
    def vs_computer(self) -> bool:
        return "computer" in self.seats and "human" in self.seats

    def undo_plan(self, player: int, name: str = "you"):
        """Where taking back ``player``'s last choice would go (tabletop.ui.undo)."""
        from .undo import UndoPlan, plan_undo

        if self.conceded is not None:
            return UndoPlan(player, len(self.match.log), message=_("The game was conceded: it can't be taken back."))

        return plan_undo(self.match, player, name)

    def undo(self, plan) -> bool:
        """Rewind the match to ``plan.target`` (Match.replay_to) and autosave."""
        if not plan.ok or plan.current != len(self.match.log):
            return False
        self.cancel_thinking()
        self.match.replay_to(plan.target)
        try:
            self.match.autosave()
        except OSError:
            pass
        return True

    # -- auto-pass and misclicks ---------------------------------------------------------------
    def auto_choice(self, player: int, stop: str) -> Choice | None:
        """The choice to take for the player when the only legal one is to pass or
        go on, unless the auto-pass setting asks to stop there."""
        if stop == "always":
            return None
        d = self.state.decision
        if d is None:
            return None
        mine = [c for c in d.choices_for(player) if not is_resign(c)]
        if len(mine) != 1 or not moves_on(mine[0]):
            return None
        if stop == "own_turn" and self.state.view(player).get("active") == player:
            return None
        return mine[0]

    def needs_confirm(self, choice: Choice) -> bool:
        """Giving up, always; a pass or an end only when it gives up a move the
        player could still make (see given_up)."""
        if is_resign(choice):
            return True
        if not passes_or_ends(choice):
            return False
        return bool(self.given_up(choice))

    def given_up(self, choice: Choice) -> list[Choice]:
        """The ordinary moves that passing or ending with ``choice`` gives up:
        those offered now that the player is not offered again right after it
        (a move still there after the pass is not lost). A timeout is not one of
        the player's moves."""
        d = self.state.decision
        p = choice.player
        others = [c for c in d.choices_for(p) if c.role in ("", "group_add")] if d else []
        if not others:
            return []
        try:
            after = self.state.clone()
            after.apply_id(choice.id, p)
            nd = after.decision
            again = {(c.kind, c.label) for c in nd.choices_for(p)} if nd is not None and p in nd.players else set()
        except Exception:  # the question is a courtesy: when in doubt, ask
            again = set()
        return [c for c in others if (c.kind, c.label) not in again]

    def concede(self, player: int) -> None:
        self.conceded = player
        self.match.ui["conceded"] = player
        try:
            self.match.autosave()  # a conceded game's autosave is removed: Continue never offers it
        except OSError:
            pass
