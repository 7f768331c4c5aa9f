"""The replay viewer's controls, drawn by hand like the table's action bar:
the step buttons and the timeline along the bottom, the viewpoint switcher
and "Take over from here" at the foot of the side panel.

The timeline runs from the start (left) to the last move (right), one equal
share per move; each turn is a band of its own shade with its number, so a
turn is found at a glance, and a click or a drag anywhere on it goes to that
move.
"""

from __future__ import annotations

import pygame

from tabletop.i18n import N_, _, game_text

from . import gfx
from .table_geom import RIGHT

NAV_Y, NAV_H = 846, 44
# (action, label, arrow side: -1 before the label pointing left, +1 after it pointing right, 0 none)
NAV = (("turn_back", N_("Turn"), -1), ("choice_back", N_("Move"), -1), ("event_back", N_("Step"), -1),
       ("event_fwd", N_("Step"), 1), ("choice_fwd", N_("Move"), 1), ("turn_fwd", N_("Turn"), 1), ("play", N_("Play"), 0))
NAV_KEYS = {"turn_back": "Page Up", "choice_back": "Shift+Left", "event_back": "Left", "event_fwd": "Right",
            "choice_fwd": "Shift+Right", "turn_fwd": "Page Down", "play": "Space"}
NAV_W, NAV_GAP = 84, 6
TRACK = pygame.Rect(12 + len(NAV) * (NAV_W + NAV_GAP) + 14, 872, 0, 12)
TRACK.w = 1456 - TRACK.x
BACK_BTN = pygame.Rect(1468, NAV_Y, 120, NAV_H)
RESERVE = 142                        # the foot of the side panel the controls take
VIEW_Y = RIGHT.bottom - RESERVE + 30
VIEW_BTNS = [pygame.Rect(RIGHT.x + 10 + i * 112, VIEW_Y, 106, 36) for i in range(3)]
TAKE_BTN = pygame.Rect(RIGHT.x + 10, VIEW_Y + 50, RIGHT.w - 20, 44)
BAND = ((52, 62, 78), (40, 48, 61))


def nav_rects() -> dict:
    return {act: pygame.Rect(12 + i * (NAV_W + NAV_GAP), NAV_Y, NAV_W, NAV_H) for i, (act, _l, _s) in enumerate(NAV)}


class ReplayBarMixin:
    """Drawing and hit-testing of the controls; the scene (replay_scene.py)
    supplies ``replay``, ``pos``, ``playing``, ``everything``, ``viewer`` and
    the actions."""

    # -- geometry -------------------------------------------------------------------------
    def track_x(self, choice: int, event: int = 0) -> float:
        r = self.replay
        if r.n == 0:
            return float(TRACK.x)
        frac = 0.0
        evs = r.events_of(choice)
        if event and evs:
            frac = event / len(evs)
        return TRACK.x + TRACK.w * min(1.0, (choice + frac) / r.n)

    def choice_at_x(self, x: float) -> int:
        """The move nearest to a point of the timeline."""
        n = self.replay.n
        if n == 0:
            return 0
        return max(0, min(n, round((x - TRACK.x) / TRACK.w * n)))

    def track_hit(self, pos) -> bool:
        return TRACK.inflate(16, 34).collidepoint(pos)

    def control_at(self, pos):
        """The control under a point: ("nav", action), ("view", viewer),
        ("take", None), ("back", None), ("track", None) or None."""
        for act, r in nav_rects().items():
            if r.collidepoint(pos):
                return ("nav", act)
        if BACK_BTN.collidepoint(pos):
            return ("back", None)
        if self.track_hit(pos):
            return ("track", None)
        for v, r in zip((0, 1, None), VIEW_BTNS):
            if r.collidepoint(pos):
                return ("view", v)
        if TAKE_BTN.collidepoint(pos):
            return ("take", None)
        return None

    def nav_enabled(self, act: str) -> bool:
        r, p = self.replay, self.pos
        if act in ("turn_back", "choice_back", "event_back"):
            return p > r.start()
        return p < r.end()

    # -- drawing ------------------------------------------------------------------------------
    def _draw_bottom(self, surf) -> None:
        """The bottom strip: step buttons, the timeline, Back."""
        hover = self.control_at(self.app.vmouse) if self.handoff_for is None else None
        for act, label, side in NAV:
            r = nav_rects()[act]
            on = self.nav_enabled(act) or (act == "play" and self.playing)
            lit = hover == ("nav", act) and on
            self._button(surf, r, "", lit, on, accent=act == "play" and self.playing)
            if act == "play":
                self._play_icon(surf, r, on)
                continue
            col = gfx.TEXT if on else gfx.DIM
            t = gfx.text(gfx.fit(_(label), 17, r.w - 26, True), 17, col, True)
            aw = 12
            total = t.get_width() + aw + 6
            x = r.centerx - total // 2
            if side < 0:
                self._arrow(surf, (x, r.centery), -1, col)
                surf.blit(t, (x + aw + 6, r.centery - t.get_height() // 2))
            else:
                surf.blit(t, (x, r.centery - t.get_height() // 2))
                self._arrow(surf, (x + t.get_width() + 6, r.centery), 1, col)
        self._draw_track(surf)
        self._button(surf, BACK_BTN, _("Back (Esc)"), hover == ("back", None), True)

    def _play_icon(self, surf, r, on) -> None:
        col = gfx.TEXT if on else gfx.DIM
        cx, cy = r.centerx - 22, r.centery
        if self.playing:
            pygame.draw.rect(surf, col, (cx - 6, cy - 8, 4, 16))
            pygame.draw.rect(surf, col, (cx + 2, cy - 8, 4, 16))
            label = _("Pause")
        else:
            pygame.draw.polygon(surf, col, [(cx - 5, cy - 8), (cx - 5, cy + 8), (cx + 7, cy)])
            label = _("Play")
        gfx.blit_text(surf, gfx.fit(label, 17, r.right - cx - 18, True), 17, (cx + 14, cy), col, True, anchor="midleft")

    @staticmethod
    def _arrow(surf, at, direction, col) -> None:
        x, y = at
        if direction < 0:
            pts = [(x, y), (x + 11, y - 7), (x + 11, y + 7)]
        else:
            pts = [(x + 11, y), (x, y - 7), (x, y + 7)]
        pygame.draw.polygon(surf, col, pts)

    @staticmethod
    def _button(surf, r, label, hover, enabled, accent=False, selected=False) -> None:
        fill = (70, 84, 108) if hover else gfx.PANEL_HI
        if selected:
            fill = (92, 72, 30)
        if accent:
            fill = (92, 72, 30) if not hover else (122, 96, 40)
        if not enabled:
            fill = (36, 40, 48)
        border = gfx.ACCENT if (hover and enabled) or selected else gfx.LINE
        gfx.panel(surf, r, fill, border, 7, 2 if hover or selected else 1)
        if label:
            col = gfx.TEXT if enabled else gfx.DIM
            gfx.blit_text(surf, gfx.fit(label, 17, r.w - 12, True), 17, r.center, col, True, anchor="center")

    def _track_surface(self) -> pygame.Surface:
        """The timeline's turn bands and numbers: drawn once (they never change)."""
        cached = getattr(self, "_track_img", None)
        if cached is not None:
            return cached
        r = self.replay
        pad = 24
        img = pygame.Surface((TRACK.w + 2, TRACK.h + pad + 2)).convert()
        img.fill(gfx.PANEL)
        y0 = pad
        starts = r.turn_starts()
        bounds = starts + [r.n]
        for i, (a, b) in enumerate(zip(bounds, bounds[1:])):
            x0 = int(self.track_x(a)) - TRACK.x
            x1 = TRACK.w if i == len(starts) - 1 else int(self.track_x(b)) - TRACK.x
            band = pygame.Rect(x0 + 1, y0 + 1, max(1, x1 - x0), TRACK.h)
            pygame.draw.rect(img, BAND[i % 2], band)
            if i:
                pygame.draw.line(img, gfx.LINE, (band.x, y0 - 5), (band.x, band.bottom + 1), 1)
            label = str(r.turns[a])
            if band.w >= gfx.font(14, True).size(label)[0] + 6:
                gfx.blit_text(img, label, 14, (band.centerx, y0 - 3), gfx.DIM, True, anchor="midbottom")
        self._track_img = img
        return img

    def _draw_track(self, surf) -> None:
        img = self._track_surface()
        surf.blit(img, (TRACK.x - 1, TRACK.y - img.get_height() + TRACK.h + 1))
        done = int(self.track_x(self.pos.choice, self.pos.event))
        if done > TRACK.x:
            pygame.draw.rect(surf, gfx.shade(gfx.ACCENT, 0.55), (TRACK.x, TRACK.y + 3, done - TRACK.x, TRACK.h - 6))
        pygame.draw.rect(surf, gfx.LINE, TRACK.inflate(2, 2), 1, border_radius=3)
        hx = self.track_x(self.pos.choice, self.pos.event)
        pygame.draw.circle(surf, (20, 20, 20), (int(hx), TRACK.centery), 10)
        pygame.draw.circle(surf, gfx.ACCENT, (int(hx), TRACK.centery), 8)

    def _draw_controls(self, surf) -> None:
        """The foot of the side panel: whose view is shown, and taking over."""
        area = pygame.Rect(RIGHT.x + 1, RIGHT.bottom - RESERVE, RIGHT.w - 1, RESERVE)
        pygame.draw.rect(surf, (30, 36, 46), area)
        pygame.draw.line(surf, gfx.LINE, area.topleft, area.topright)
        gfx.blit_text(surf, _("Show"), 16, (RIGHT.x + 12, area.y + 6), gfx.ACCENT, True)
        hover = self.control_at(self.app.vmouse) if self.handoff_for is None else None
        r = self.replay
        for v, rect in zip((0, 1, None), VIEW_BTNS):
            label = _("Everything") if v is None else game_text(r.player_name(v), r.game.id)
            shown = (self.everything and v is None) or (not self.everything and v == self.viewer)
            allowed = r.view_allowed(v) or (v is None and r.can_agree())
            self._button(surf, rect, label, hover == ("view", v), allowed, selected=shown)
        can = self.take_over_ok()
        self._button(surf, TAKE_BTN, _("Take over from here"), hover == ("take", None), can, accent=can)
