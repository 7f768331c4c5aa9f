"""What every coach panel on the table shares (lessons: coach.py, puzzles:
puzzle_coach.py, the guided first game: guided_coach.py): the panel over the
side panel, its title and buttons, rings around what it points at, and the
hooks the table calls (draw, draw_points, on_event, update, click, key, back,
status)."""

from __future__ import annotations

import math

import pygame

from tabletop.i18n import N_, _

from . import gfx

PANEL = pygame.Rect(1256, 54, 338, 420)


class ScriptedController:
    """What a lesson's and a puzzle's table controllers share: the learner is
    player 1 (index 0) at the screen, the rival is scripted (no computer
    thinks, nothing is confirmed, nobody concedes). Subclasses give ``run``,
    ``match``, ``over``, ``decider`` and ``apply``."""

    seats = ["human", "scripted"]
    saves = None
    conceded = None
    thinking = False
    hotseat = False

    @property
    def state(self):
        return self.run.state

    def humans(self):
        return [0]

    def home_viewer(self) -> int:
        return 0

    def is_computer(self, p) -> bool:
        return False

    def start_thinking(self, player):
        pass

    def poll_computer(self):
        return None

    def wait_computer(self, timeout=0.0):
        pass

    def auto_choice(self, player, stop):
        return None

    def needs_confirm(self, choice) -> bool:
        return False

    def given_up(self, choice) -> list:
        return []

    def concede(self, player):
        pass


class CoachBase:
    """A coach panel on a table scene. Subclasses draw their own body."""

    #: True: Ctrl+Z is the table's own undo (a whole game with the coach); False: it is the coach's Back
    table_undo = False

    def __init__(self, table):
        self.table = table
        self.t = 0.0
        self.buttons: list = []
        self.button_rects: dict = {}   # label -> rect of the panel's buttons (tests and screenshots use it)
        self.rect = PANEL

    # -- the table's hooks ---------------------------------------------------------------
    def on_event(self, ev) -> None:
        pass

    def update(self, dt: float) -> None:
        self.t += dt

    def back(self) -> None:
        pass

    def status(self) -> str:
        """The top bar's sentence while the coach has something to say there ("" for the table's own)."""
        if self.table.queue.busy and self.table.queue.hold:
            return _("Paused: read the coach, then Continue (Enter)")
        return ""

    def points(self) -> list:
        return []

    def gold_choice(self):
        """The choice the coach wants made now (drawn gold in the action bar in
        place of the table's own "move on" buttons), or None for the table's."""
        return None

    def click(self, pos) -> bool:
        for r, act in self.buttons:
            if r.collidepoint(pos):
                act()
                return True
        return self.rect.collidepoint(pos)

    def key(self, key) -> bool:
        return False

    def leave(self, where: str) -> None:
        """Back to the main menu, or to the tutorial menu (``where`` "lessons")
        with this game chosen."""
        from .scenes import MenuScene
        from .tutorial_menu import TutorialScene

        app = self.table.app
        app.reset_to(MenuScene(app))
        if where == "lessons":
            app.push(TutorialScene(app, game_id=self.table.game.id))

    # -- drawing helpers -------------------------------------------------------------------
    def draw_points(self, surf) -> None:
        if self.table.queue.busy:  # events are playing: the points come after
            return
        ring(surf, self.points(), self.t)

    def frame(self, surf, height: int | None = None) -> tuple[int, int, int]:
        """The panel's box (``height`` tall, else the usual); returns (x, y, w) of its inside."""
        self.rect = pygame.Rect(PANEL.x, PANEL.y, PANEL.w, height or PANEL.h)
        gfx.panel(surf, self.rect, (28, 34, 46), gfx.ACCENT, 10, 2)
        self.buttons = []
        self.button_rects = {}
        return self.rect.x + 14, self.rect.y + 10, self.rect.w - 28

    def title(self, surf, text: str, x: int, y: int, w: int) -> int:
        """A title of up to two lines; returns the y below it."""
        lines = gfx.wrap(text, 20, w, True)
        if len(lines) > 2:
            lines = [lines[0], gfx.fit(" ".join(lines[1:]), 20, w, True)]
        for ln in lines:
            gfx.blit_text(surf, ln, 20, (x, y), gfx.ACCENT, True)
            y += 24
        return y + 4

    def note(self, surf, text: str, x: int, y: int, w: int, size: int = 16, fill=(52, 44, 20), edge=None,
             max_bottom: int | None = None) -> int:
        """Text in a tinted box (a pause's note, a hint, the goal); returns the y below it."""
        lines = gfx.wrap(text, size, w - 12)
        lh = gfx.font(size).get_linesize() - 2
        bottom = max_bottom if max_bottom is not None else self.rect.bottom - 62
        box = pygame.Rect(x - 4, y, w + 8, max(lh + 12, min(bottom - y, len(lines) * lh + 14)))
        gfx.panel(surf, box, fill, edge or gfx.ACCENT, 8, 1)
        gfx.blit_wrapped(surf, text, size, box.inflate(-12, -12), gfx.TEXT)
        return box.bottom + 8

    def button_row(self, surf, acts, y=None, main=False) -> None:
        """A row of buttons across the panel (at its foot unless ``y``); an
        act of None draws the button dimmed and does nothing. Labels are
        given in English (marked with N_) and shown in the language in use;
        ``button_rects`` keeps them by their English label. A label may be
        a pair (English key, words shown) for words made with numbers."""
        w = (self.rect.w - 28 - 8 * (len(acts) - 1)) // len(acts)
        x = self.rect.x + 14
        y = self.rect.bottom - 52 if y is None else y
        mouse = self.table.app.vmouse
        for label, act in acts:
            label, shown = label if isinstance(label, tuple) else (label, _(label))
            r = pygame.Rect(x, y, w, 40)
            hov = act is not None and r.collidepoint(mouse)
            gold = main or label in MAIN_LABELS
            if act is None:
                fill, edge, col = (40, 46, 58), gfx.LINE, gfx.DIM
            else:
                fill = (122, 96, 40) if gold and hov else (92, 72, 30) if gold else ((70, 84, 108) if hov else gfx.PANEL_HI)
                edge, col = (gfx.ACCENT if hov else gfx.LINE), gfx.TEXT
            gfx.panel(surf, r, fill, edge, 7, 2 if hov else 1)
            gfx.blit_text(surf, gfx.fit(shown, 18, w - 8, True), 18, r.center, col, True, anchor="center")

            if act is not None:
                self.buttons.append((r, act))
            self.button_rects[label] = r
            x += w + 8


#: the buttons drawn gold (the way on)
MAIN_LABELS = (N_("Next"), N_("Continue"), N_("Rewind"), N_("Next puzzle"), N_("Play it"), N_("Got it"))



def ring(surf, rects, t: float) -> None:
    """Pulsing gold rings around ``rects`` (what a step or a suggestion points at)."""
    pulse = 0.5 + 0.5 * math.sin(t * 5.0)
    col = tuple(int(a + (b - a) * pulse) for a, b in zip((255, 170, 40), (255, 240, 140)))
    for r in rects:
        pygame.draw.rect(surf, col, r.inflate(12, 12), 4, border_radius=10)
