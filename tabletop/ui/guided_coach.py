"""The guided first game on the table: a normal game with fixed decks against
the rival agent, and the coach panel beside it. At each of the learner's
decisions the coach suggests a move (tabletop.ai.hint.suggest when it is
installed, else the Normal agent; see tabletop.tutorial.guided.suggest) and
lights it on the table, with "Play it"; the guided game's ``[[moments]]``
texts come up the first time each happens. Any legal move is allowed."""

from __future__ import annotations

import threading

import pygame

from tabletop import i18n
from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _, game_text, keyed_text

from . import gfx
from .coach_base import PANEL, CoachBase
from .table_geom import _target_list

#: how long the coach thinks about a suggestion, in milliseconds
SUGGEST_MS = 700


class GuidedCoach(CoachBase):
    """The coach panel of the guided first game."""

    HEIGHT = PANEL.h
    table_undo = True  # a normal game: Ctrl+Z takes back the learner's move with the rival's replies

    def __init__(self, table, guided, path: str):
        from tabletop.tutorial.guided import Moments

        super().__init__(table)
        self.guided = guided
        self.path = path
        self.moments = Moments(guided)
        self.says: list[str] = []         # the moments' texts to show, oldest first
        self._events: list = []          # events played since the moments were last looked at
        self.suggestion = None           # the Hint (choice, reason) for the decision at ``_for``
        self._for = None                 # (log length, decision kind) the suggestion is for
        self._thread = None
        self._result = None
        self.marked = False
        self.says.extend(m.say for m in self.moments.due(table.ctl.state, []))

    # -- the table's hooks ---------------------------------------------------------------
    def on_event(self, ev) -> None:
        self._events.append(ev)

    def status(self) -> str:
        if self.table.ctl.over and not self.table.queue.busy:
            w = self.table.ctl.state.winner
            return _("You won your first game!") if w == 0 else _("Game over: play again, or back to the tutorial")
        return super().status()

    def update(self, dt: float) -> None:
        super().update(dt)
        table, ctl = self.table, self.table.ctl
        if table.queue.busy:
            return
        if self._events or self._learner_decides():
            self.says.extend(m.say for m in self.moments.due(ctl.state, self._events))
            self._events = []
        if ctl.over:
            if ctl.state.winner == 0 and not self.marked:
                self.mark_completed()
            return
        if self._result is not None:
            key, hint = self._result
            self._result = None
            self._thread = None
            if key == self._key():
                self.suggestion = hint
        if self._learner_decides() and self._for != self._key() and self._thread is None:
            self.suggestion = None
            self._for = self._key()
            self._think()

    def _learner_decides(self) -> bool:
        ctl = self.table.ctl
        if ctl.over or ctl.decider() != 0:
            return False
        d = ctl.state.decision
        return len([c for c in d.choices_for(0) if c.role != "resign"]) > 1

    def _key(self):
        ctl = self.table.ctl
        d = ctl.state.decision
        return (len(ctl.match.log), d.kind if d is not None else None)

    def _think(self) -> None:
        """Work out the suggestion on a copy, in a worker thread (the window keeps answering)."""
        from tabletop.tutorial.guided import suggest

        key = self._key()
        snapshot = self.table.ctl.state.clone()
        seed = self.guided.seed + key[0]

        def work():
            try:
                hint = suggest(snapshot, 0, SUGGEST_MS, seed)
            except Exception:  # a failed suggestion is only a missing suggestion
                hint = None
            self._result = (key, hint)

        self._thread = threading.Thread(target=work, name="tabletop-coach", daemon=True)
        self._thread.start()

    def wait(self, timeout: float = 30.0) -> None:
        """Let a suggestion being worked out finish (tests and screenshots)."""
        t = self._thread
        if t is not None:
            t.join(timeout)

    def mark_completed(self) -> None:
        from tabletop.tutorial import progress

        self.marked = True
        try:
            progress.mark_completed(self.table.game.id, self.path)
        except OSError as exc:
            self.table.app.toast(_("Could not keep your progress: {error}").format(error=exc))

    # -- actions ------------------------------------------------------------------------------
    def play_it(self) -> None:
        """Make the suggested move."""
        hint = self.suggestion
        table = self.table
        if hint is None or not table.can_act():
            return
        d = table.ctl.state.decision
        c = d.find(hint.choice.id, 0) if d is not None else None
        if c is not None:
            table.apply_choice(c, confirm=False)

    def got_it(self) -> None:
        if self.says:
            self.says.pop(0)

    def play_again(self) -> None:
        try:
            start_guided(self.table.app, self.table.game.id, self.path)
        except TabletopError as exc:
            self.table.app.toast(str(exc))

    def key(self, key) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.says:
            self.got_it()
            return True
        return False

    def gold_choice(self):
        return self.suggestion.choice if self.suggestion is not None else None

    def points(self) -> list:
        """What the suggestion would move: its card, and where it goes (a target,
        a zone) or its button."""
        hint = self.suggestion
        table = self.table
        if hint is None or self.says or not table.can_act():
            return []
        c, out = hint.choice, []
        for b in table.bar_buttons:
            if b.payload is not None and b.payload.id == c.id:
                out.append(b.rect)
        for iid in [c.args.get("card")] + _target_list(c.args.get("target")):
            sp = table.sprites.get(iid) if iid is not None else None
            if sp is not None and sp.order >= 0:
                out.append(sp.rect())
        to = c.args.get("to")
        if isinstance(to, str) and c.args.get("card") is not None:
            out.extend(zd.rect for zd in table.layout.zones if table.zone_key(zd) == to)
        return out

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        ctl = self.table.ctl
        gid = self.table.game.id
        x, y, w = self.frame(surf, self.HEIGHT)
        y = self.title(surf, keyed_text("guided:title", self.guided.title, gid), x, y, w)

        bottom = self.rect.bottom - 62
        if ctl.over and not self.table.queue.busy:
            won = ctl.state.winner == 0
            text = (_("You won! That was a whole game, from the set-up to the win. It is marked done in the "
                      "tutorial list.") if won else
                    _("The rival won this time. Play again: the coach's suggestions are there at every decision."))
            self.note(surf, text, x, y, w, 17, fill=(30, 60, 40) if won else (60, 36, 30),
                      edge=(120, 220, 140) if won else (240, 150, 110), max_bottom=bottom - 50)
            self.button_row(surf, [(N_("Play again"), self.play_again)], y=self.rect.bottom - 100, main=not won)
            self.button_row(surf, [(N_("Tutorial"), lambda: self.leave("lessons")), (N_("Menu"), lambda: self.leave("menu"))])
            return
        if self.says:
            gfx.blit_text(surf, _("Coach:"), 15, (x, y), gfx.ACCENT, True)
            self.note(surf, game_text(self.says[0], gid), x, y + 22, w, 17, max_bottom=bottom - 6)
            self.button_row(surf, [(N_("Got it"), self.got_it)])
            return
        if self.table.queue.busy or not self._learner_decides():
            msg = _("Watch the rival's move.") if ctl.decider() == 1 else _("Watch the steps play (Space skips).")
            if not self.table.queue.busy and ctl.decider() == 0:
                msg = _("Your move: any legal move is allowed.")
            gfx.blit_wrapped(surf, msg, 17, pygame.Rect(x, y, w, 60), gfx.DIM)
            self.button_row(surf, [(N_("Play it"), None)])
            return
        hint = self.suggestion
        if hint is None:
            gfx.blit_wrapped(surf, _("Your move: any legal move is allowed. The coach is thinking of one to suggest..."),
                             17, pygame.Rect(x, y, w, 80), gfx.TEXT)
            self.button_row(surf, [(N_("Play it"), None)])
            return
        gfx.blit_text(surf, _("The coach suggests:"), 15, (x, y), gfx.ACCENT, True)
        label = self.table.label_of(hint.choice)
        y = self.note(surf, label, x, y + 22, w, 18, max_bottom=y + 80)
        reason = hint.reason or ""
        for said in (hint.choice.label, label):  # the hint's reason may open with the move itself
            if said and reason.startswith(said):
                reason = reason[len(said):].lstrip(" .。")
                break
        if reason:
            gfx.blit_wrapped(surf, self.table.rule_text(reason), 16, pygame.Rect(x, y, w, bottom - y - 30), gfx.TEXT)
        gfx.blit_text(surf, gfx.fit(_("Any legal move is allowed: the lit cards show this one."), 14, w), 14,
                      (x, bottom - 22), gfx.DIM)
        self.button_row(surf, [(N_("Play it"), self.play_it)])


def start_guided(app, game_id: str, path: str):
    """Open the guided first game on a table scene; returns the scene."""
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match
    from tabletop.tutorial.guided import load_guided, new_guided_state

    from .controller import Controller
    from .table import TableScene

    game = get_game(game_id)
    guided = load_guided(path)
    if guided.game_id != game.id:
        raise TabletopError(f"{path}: names the game {guided.game_id!r}, not {game.id!r}")
    new_guided_state(game, guided)  # unknown decks stop here with their message
    setup = {"players": [{"name": N_("Player"), "deck": guided.decks[0]}, {"name": N_("Rival"), "deck": guided.decks[1]}]}
    match = Match(game, setup, guided.seed)
    match.name = guided.title
    i18n.set_game(game.id)

    ctl = Controller(match, ("human", "computer"), autosave=False, agent_seed=guided.seed + 1,
                     computer=guided.rival, think_ms=app.settings.think_ms)
    table = TableScene(app, ctl)
    table.coach = GuidedCoach(table, guided, path)
    app.reset_to(table)
    return table
