"""Taking over a watched game (the replay viewer's "Take over from here"):
a panel asks how to go on (against the computer as either player, or two at
one screen), then a new game from the decision shown is saved under a new
name and plays at the normal table. The file watched is never written."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _, game_text
from tabletop.saves import backup_path, saves_dir

from . import gfx
from .gfx import VH, VW


class TakeOverMixin:
    # -- taking over ----------------------------------------------------------------------------------
    def take_over_ok(self) -> bool:
        if self._take_ok is None or self._take_ok[0] != self.pos.choice:
            self._take_ok = (self.pos.choice, self.ctl.state.decision is not None)
        return self._take_ok[1]

    def open_takeover(self) -> None:
        if not self.take_over_ok():
            self.app.toast(_("The game is over at this moment: step back to take over from an earlier one."))
            return
        self.playing = False
        self.takeover_open = True
        self.app._rebuild()

    def close_takeover(self) -> None:
        self.takeover_open = False
        self.app._rebuild()

    def takeover_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, 620, 400)
        r.center = (VW // 2 - 175, VH // 2)
        return r

    def build(self) -> None:
        super().build()
        if self.takeover_open:
            r, rp = self.takeover_rect(), self.replay
            names = [game_text(rp.player_name(i), rp.game.id) for i in (0, 1)]
            opts = [(_("Play {player} against the computer").format(player=names[0]), ("human", "computer")),
                    (_("Play {player} against the computer").format(player=names[1]), ("computer", "human")),
                    (_("Two players at this screen"), ("human", "human"))]
            self.takeover_buttons = []
            for i, (label, seats) in enumerate(opts):
                b = self.button((r.x + 40, r.y + 150 + i * 56, r.w - 80, 46), label,
                                (lambda seats=seats: self.take_over(seats)))
                self.takeover_buttons.append(b)
            self.takeover_cancel = self.button((r.right - 200, r.bottom - 56, 160, 42), _("Cancel"), self.close_takeover)

    def _draw_takeover(self, surf) -> None:
        surf.blit(gfx.alpha_rect((VW, VH), (0, 0, 0), 160), (0, 0))
        r = self.takeover_rect()
        gfx.panel(surf, r, (30, 36, 46), gfx.ACCENT, 12, 2)
        gfx.blit_text(surf, gfx.fit(_("Take over from here"), 28, r.w - 60, True), 28, (r.x + 30, r.y + 20), gfx.ACCENT, True)
        n = self.pos.choice
        if n == 0:
            text = _("A new game goes on from the first move. It is saved under a new name; "
                     "the game you are watching is not changed.")
        else:
            text = _("A new game goes on from the decision after move {n} (turn {turn}). It is saved under a new "
                     "name; the game you are watching is not changed.").format(n=n, turn=self.replay.turns[n])
        gfx.blit_wrapped(surf, text, 18, pygame.Rect(r.x + 30, r.y + 70, r.w - 60, 70), gfx.TEXT)

    def take_over(self, seats) -> None:
        """A new game from the decision shown: saved as a new file, then the normal table."""
        n = self.pos.choice
        try:
            match = self.replay.take_over(n, seats)
            path = self.new_save_path(match.name)
            match.save(path, keep_backup=False)
        except (TabletopError, OSError) as exc:
            self.takeover_open = False
            self.app._rebuild()
            self.app.toast(_("Can't take over: {problem}").format(problem=exc))
            return
        self.app.start_match(match, tuple(seats))
        try:
            match.autosave()  # Continue offers it at once
        except OSError:
            pass
        self.app.toast(_("A new game from move {n}, saved as \"{name}\". The game watched is not changed.").format(
            n=n, name=match.name), 6.0, ok=True)

    def new_save_path(self, name: str) -> Path:
        """A file for the new game in the saves folder that holds nothing yet
        (never the file watched)."""
        folder = saves_dir(self.app.saves)
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._-") or "taken-over"
        src = Path(self.replay.source).resolve() if self.replay.source else None
        path, k = folder / f"{safe}.toml", 2
        while path.exists() or backup_path(path).exists() or (src is not None and path.resolve() == src):
            path, k = folder / f"{safe}-{k}.toml", k + 1
        return path
