"""Puzzles on the table: a position and a goal ("Win this turn", "Survive the
rival's turn") in a banner at the head of the coach panel, Restart, Hint (the
puzzle's hints one at a time), a success panel when the goal is met and a
failure panel with Restart when it can no longer be; Ctrl+Z takes back the
last move. Any legal move is allowed; the rival answers by itself
(tabletop.tutorial.puzzle)."""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _, keyed_text

from . import gfx
from .coach_base import PANEL, CoachBase, ScriptedController


class _PuzzleMatch:
    """What the table reads from a match, for a puzzle (never saved)."""

    def __init__(self, game, ctl):
        self.game = game
        self._ctl = ctl
        self.ui: dict = {}
        self.name = ""
        self.seed = ctl.puzzle.seed
        self.autosave_path = None

    @property
    def log(self):
        return [(c.player, c.id) for c in self._ctl.run.moves]

    @property
    def state(self):
        return self._ctl.run.state


class PuzzleController(ScriptedController):
    """The table's controller for a puzzle: the learner is player 1 (index 0)
    and may make any legal move; the rival's answers come with each move."""

    def __init__(self, game, puzzle):
        self.game = game
        self.puzzle = puzzle
        self.match = _PuzzleMatch(game, self)
        self.restart()

    def restart(self) -> list:
        from tabletop.tutorial.puzzle import PuzzleRun

        self.run = PuzzleRun(self.game, self.puzzle)
        self.first_events = self.run.settle(forced=True)
        return self.first_events

    def take_back(self) -> bool:
        """Take back the learner's last move (with the rival's answers): the
        moves before it are played again from the start (the rival answers the
        same way). False when there is none."""
        moves = self.run.moves[:-1]
        if not self.run.moves:
            return False
        self.restart()
        for c in moves:
            self.run.play(self.run.state.decision.find(c.id, c.player), forced=True)
        return True

    @property
    def status(self) -> str:
        return self.run.status

    @property
    def over(self) -> bool:
        return self.run.status != "playing" or self.run.state.decision is None

    def decider(self):
        if self.over:
            return None
        d = self.run.state.decision
        return 0 if d.choices_for(0) else None

    def apply(self, choice):
        d = self.run.state.decision
        legal = d.find(choice.id, choice.player) if d is not None and not self.over else None
        if legal is None or legal.player != 0:
            raise TabletopError(self.run.state.why_not(choice.kind, choice.args, choice.player))
        return self.run.play(legal, forced=True)


class PuzzleCoach(CoachBase):
    """The coach panel of one puzzle."""

    HEIGHT = PANEL.h + 110

    def __init__(self, table, ctl: PuzzleController, number: int = 0, next_path: str | None = None):
        super().__init__(table)
        self.ctl = ctl
        self.puzzle = ctl.puzzle
        self.number = number
        self.next_path = next_path
        self.hints_shown = 0
        self.marked = False

    @property
    def settled(self) -> str:
        """The goal's status once the table has shown the moves that decided it."""
        if self.table.queue.busy:
            return "playing"
        return self.ctl.status

    def status(self) -> str:
        st = self.settled
        if st == "won":
            return _("Puzzle solved!")
        if st == "lost":
            return _("The goal can no longer be met: Restart to try again")
        return super().status()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.settled == "won" and not self.marked:
            self.mark_solved()

    def mark_solved(self) -> None:
        from tabletop.tutorial import progress

        self.marked = True
        try:
            progress.mark_solved(self.table.game.id, self.puzzle.path)
        except OSError as exc:  # a read-only settings folder must not stop the puzzle
            self.table.app.toast(_("Could not keep your progress: {error}").format(error=exc))

    # -- actions ------------------------------------------------------------------------------
    def hint(self) -> None:
        if self.hints_shown < len(self.puzzle.hints):
            self.hints_shown += 1

    def restart(self) -> None:
        table = self.table
        table.queue.clear()
        table.queue.hold = False
        table._log_pending.clear()
        table.log.clear()
        events = self.ctl.restart()
        self.marked = False
        table.popup = None
        table.set_viewer(0)
        for e in events:
            table.log.append((e.for_player(0), e.for_player(1)))

    def back(self) -> None:
        """Ctrl+Z: take back the last move."""
        table = self.table
        if table.queue.busy or not self.ctl.run.moves:
            return
        self.ctl.take_back()
        self.marked = self.marked and self.ctl.status == "won"
        table.popup = None
        table.log.clear()
        table.set_viewer(0)

    def next_puzzle(self) -> None:
        if self.next_path:
            try:
                start_puzzle(self.table.app, self.table.game.id, self.next_path)
            except TabletopError as exc:
                self.table.app.toast(str(exc))

    def key(self, key) -> bool:
        if key == pygame.K_h:
            self.hint()
            return True
        return False

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        x, y, w = self.frame(surf, self.HEIGHT)
        gid = self.table.game.id
        key = f"puzzle:{self.puzzle.key}:"
        title = keyed_text(key + "title", self.puzzle.title, gid)
        head = _("Puzzle {n}: {title}").format(n=self.number, title=title) if self.number else title
        y = self.title(surf, head, x, y, w)
        st = self.settled
        fill, edge = {"won": ((34, 92, 52), (120, 220, 140)), "lost": ((96, 40, 36), (240, 130, 110))}.get(
            st, ((92, 72, 30), gfx.ACCENT))
        banner = pygame.Rect(x - 4, y, w + 8, 46)
        gfx.panel(surf, banner, fill, edge, 8, 2)
        gfx.blit_text(surf, gfx.fit(self.puzzle.goal_text, 24, w - 8, True), 24, banner.center, gfx.TEXT, True,
                      anchor="center")  # goal_text is in the language in use
        y = banner.bottom + 10
        bottom = self.rect.bottom - 62
        if st == "won":
            y = self.note(surf, _("Solved! Any line that reaches the goal counts, and yours did. It is marked "
                                  "solved in the puzzle list."), x, y, w, 17, fill=(30, 60, 40), edge=(120, 220, 140),
                          max_bottom=bottom - 50)
            if self.next_path:
                self.button_row(surf, [(N_("Next puzzle"), self.next_puzzle)], y=self.rect.bottom - 100)
            self.button_row(surf, [(N_("Puzzles"), lambda: self.leave("lessons")), (N_("Restart"), self.restart)])
            return
        if st == "lost":
            why = self._why_lost()
            y = self.note(surf, _("{why} Restart and try another line; Hint helps.").format(why=why), x, y, w, 17,
                          fill=(60, 36, 30), edge=(240, 150, 110), max_bottom=bottom - 50)
            self.button_row(surf, [(N_("Restart"), self.restart)], y=self.rect.bottom - 100, main=True)
            self.button_row(surf, [(N_("Puzzles"), lambda: self.leave("lessons")), self._hint_button()])
            return
        used = gfx.blit_wrapped(surf, keyed_text(key + "summary", self.puzzle.summary, gid), 16, pygame.Rect(x, y, w, 80), gfx.TEXT)
        y += used + 10
        for i in range(self.hints_shown):
            if y > bottom - 40:
                break
            hint = keyed_text(f"{key}hints.{i}", self.puzzle.hints[i], gid)
            y = self.note(surf, _("Hint {n}: {hint}").format(n=i + 1, hint=hint), x, y, w, 15,

                          max_bottom=bottom - 6)
        if self.hints_shown == 0:
            gfx.blit_wrapped(surf, _("Any legal move is yours to make. Stuck? Hint (H)."), 15, pygame.Rect(x, y, w, 40), gfx.DIM)
        self.button_row(surf, [self._hint_button(), (N_("Restart"), self.restart), (N_("Puzzles"), lambda: self.leave("lessons"))])

    def _hint_button(self):
        left = len(self.puzzle.hints) - self.hints_shown
        if left:
            return (f"Hint ({left})", _("Hint ({n})").format(n=left)), self.hint
        return N_("No more hints"), None

    def _why_lost(self) -> str:
        st = self.ctl.state
        w = st.winner
        if w == 1:
            return _("The rival won.")
        if self.puzzle.goal == "win":
            return _("The turn is over and the rival still stands.")
        return _("The goal can no longer be met.")



def start_puzzle(app, game_id: str, path: str):
    """Open a puzzle on a table scene; returns the scene."""
    from tabletop.engine.registry import get_game
    from tabletop.tutorial.puzzle import list_puzzles, load_puzzle

    from .table import TableScene

    game = get_game(game_id)
    puzzle = load_puzzle(path)
    if puzzle.game_id != game.id:
        raise TabletopError(f"{path}: names the game {puzzle.game_id!r}, not {game.id!r}")
    ctl = PuzzleController(game, puzzle)
    paths = [str(p) for p in list_puzzles(game)]
    here = next((i for i, p in enumerate(paths) if Path(p).resolve() == Path(path).resolve()), None)
    number = here + 1 if here is not None else 0
    nxt = paths[here + 1] if here is not None and here + 1 < len(paths) else None
    table = TableScene(app, ctl)
    table.coach = PuzzleCoach(table, ctl, number, nxt)
    for e in ctl.first_events:
        table.log.append((e.for_player(0), e.for_player(1)))
    app.reset_to(table)
    return table
