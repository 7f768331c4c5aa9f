"""The countdown of a timed decision."""

from __future__ import annotations

import math

import pygame

from tabletop.i18n import _

from . import gfx


class CountdownMixin:
    # -- timed decisions -----------------------------------------------------------------------------------
    def _countdown_info(self):
        """``view["extra"]["countdown"]`` = {waiting: player, seconds: n} while a
        timed decision runs (docs/PLUGINS.md, "Countdowns")."""
        ex = self.view.get("extra") if isinstance(self.view, dict) else None
        cd = ex.get("countdown") if isinstance(ex, dict) else None
        if not isinstance(cd, dict) or not isinstance(cd.get("waiting"), int):
            return None
        try:
            secs = float(cd.get("seconds", 10))
        except (TypeError, ValueError):
            secs = 10.0
        return cd["waiting"], max(0.5, secs)

    def _tick_countdown(self, dt: float) -> None:
        """The countdown runs while the waiting player is at the screen (after a
        hand-off); at 0 the table applies that player's ``timeout`` choice."""
        info = self._countdown_info()
        if info is None or self.ctl.over:
            self.countdown = None
            return
        who, secs = info
        key = (len(self.ctl.match.log), who)
        if self.countdown is None or self.countdown[0] != key:
            self.countdown = [key, secs, secs, who]
        if self.handoff_for is not None or self.menu_open or self.dialog is not None or self.ctl.is_computer(who):
            return
        if self.ctl.decider() != who or self.viewer != who:
            return
        self.countdown[1] -= dt
        if self.countdown[1] <= 0:
            d = self.ctl.state.decision
            t = next((c for c in d.choices_for(who) if c.role == "timeout"), None) if d else None
            if t is not None:
                self.countdown[1] = 0
                if self.held is not None:
                    self._send_back()
                self.popup = None
                self.app.toast(_("Time is up."))
                self.apply_choice(t, confirm=False)

    def _draw_countdown(self, surf) -> None:
        """The running countdown: seconds left and a ring that empties."""
        _key, left, total, who = self.countdown
        r = self.layout.countdown
        gfx.panel(surf, r, (30, 20, 20), gfx.BAD if left < 3.5 else gfx.ACCENT, 10, 2)
        c = (r.x + r.h // 2, r.centery)
        rad = r.h // 2 - 8
        pygame.draw.circle(surf, (60, 50, 50), c, rad, 5)
        frac = max(0.0, min(1.0, left / total)) if total else 0
        if frac > 0:
            rect = pygame.Rect(0, 0, rad * 2, rad * 2)
            rect.center = c
            pygame.draw.arc(surf, gfx.BAD if left < 3.5 else gfx.ACCENT, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * frac, 5)
        gfx.blit_text(surf, str(max(0, math.ceil(left))), 22, c, gfx.TEXT, True, anchor="center")
        gfx.blit_text(surf, gfx.fit(f"{self._name(who)}", 15, r.w - r.h - 8, True), 15, (r.x + r.h, r.y + 10), gfx.TEXT, True)
        gfx.blit_text(surf, gfx.fit(_("seconds left"), 14, r.w - r.h - 8), 14, (r.x + r.h, r.y + 32), gfx.DIM)

