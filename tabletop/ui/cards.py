"""Card faces and backs drawn from ``Game.describe_card`` (no image files),
rendered once per (card, size, variant) and kept as surfaces; the table only
blits them."""

from __future__ import annotations

import re

import pygame

from . import gfx
from .layout import FACE_DOWN_TAG

NEUTRAL_FRAME = (120, 120, 130)   # a card with no colour of its own and none for its type


class CardArt:
    """Cached card surfaces for one game. A card's frame takes the ``color``
    its describe_card gives, else the colour the game's layout.toml gives its
    type (``[card_colors]``), else a neutral grey. ``face_down_tag`` marks a
    face-down card its owner may see (``[table] face_down_tag``)."""

    def __init__(self, game, type_colors: dict | None = None, face_down_tag: str = FACE_DOWN_TAG):
        self.game = game
        self.type_colors = dict(type_colors or {})
        self.face_down_tag = face_down_tag
        self._desc: dict = {}
        self._cache: dict = {}

    def desc(self, card_id) -> dict:
        d = self._desc.get(card_id)
        if d is None:
            try:
                d = dict(self.game.describe_card(card_id))
            except Exception:  # an unknown id must not break the table
                d = {"name": str(card_id), "type": "", "text": ""}
            self._desc[card_id] = d
        return d

    def frame_color(self, d: dict) -> tuple:
        if d.get("color"):
            return gfx.color(d["color"])
        return self.type_colors.get(str(d.get("type", "")).lower(), NEUTRAL_FRAME)

    # -- public ----------------------------------------------------------------------
    def get(self, card_id, w: int, h: int, face_down_known: bool = False, sideways: bool = False) -> pygame.Surface:
        """The face of ``card_id`` (None: a back) at w x h, optionally marked as
        face down (the owner's view of a set card) and turned sideways."""
        key = (card_id, w, h, face_down_known, sideways)
        s = self._cache.get(key)
        if s is None:
            if sideways:
                s = pygame.transform.rotate(self.get(card_id, w, h, face_down_known, False), 90)
            elif card_id is None:
                s = self._back(w, h)
            else:
                s = self._face(self.desc(card_id), w, h, detail=h >= 300)
                if face_down_known:
                    s = s.copy()
                    veil = pygame.Surface((w, h), pygame.SRCALPHA)
                    pygame.draw.rect(veil, (10, 14, 30, 120), veil.get_rect(), border_radius=max(3, w // 14))
                    s.blit(veil, (0, 0))
                    if self.face_down_tag:
                        tag = gfx.text(self.face_down_tag, max(10, h // 9), (255, 255, 255), True)
                        pygame.draw.rect(s, (40, 50, 110), tag.get_rect(center=(w // 2, h // 2)).inflate(8, 4), border_radius=4)
                        s.blit(tag, tag.get_rect(center=(w // 2, h // 2)))
            if pygame.display.get_surface() is not None:
                s = s.convert_alpha()  # the display's own format: the fastest alpha blit
            if len(self._cache) > 3000:
                self._cache.clear()
            self._cache[key] = s
        return s

    def zoom(self, card_id) -> pygame.Surface:
        return self.get(card_id, 330, 462)

    # -- drawing -----------------------------------------------------------------------
    def _back(self, w, h) -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, w // 14)
        pygame.draw.rect(s, (28, 34, 70), s.get_rect(), border_radius=rad)
        inner = s.get_rect().inflate(-max(4, w // 10), -max(4, w // 10))
        pygame.draw.rect(s, (48, 60, 128), inner, border_radius=rad)
        for i in range(-h, w, max(6, w // 8)):
            pygame.draw.line(s, (58, 72, 146), (inner.x + i, inner.y), (inner.x + i + inner.h, inner.bottom), 1)
        c = (w // 2, h // 2)
        pygame.draw.circle(s, (230, 190, 80), c, max(6, w // 5), 2)
        pygame.draw.circle(s, (200, 90, 60), c, max(3, w // 9))
        pygame.draw.rect(s, (230, 190, 80), inner, 1, border_radius=rad)
        pygame.draw.rect(s, (12, 14, 30), s.get_rect(), 1, border_radius=rad)
        return s

    def _face(self, d: dict, w: int, h: int, detail: bool) -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        fc = self.frame_color(d)
        rad = max(3, w // 14)
        pygame.draw.rect(s, fc, s.get_rect(), border_radius=rad)
        pygame.draw.rect(s, gfx.shade(fc, 0.45), s.get_rect(), 1, border_radius=rad)
        m = max(3, w // 22)
        ink = (20, 20, 24)
        # name band
        name_size = max(9, int(h * (0.075 if detail else 0.12)))
        band = pygame.Rect(m, m, w - 2 * m, int(name_size * 1.15) + 2)
        pygame.draw.rect(s, gfx.shade(fc, 1.7), band, border_radius=max(2, rad // 2))
        cost = d.get("cost")
        x0 = band.x + 3
        if cost is not None:
            badge = draw_cost_badge(s, band, cost, max(8, name_size - 1))
            x0 = badge.right + 3
        full = str(d.get("name", "?"))
        ns = name_size
        while ns > max(8, int(name_size * 0.72)) and gfx.font(ns, True).size(full)[0] > band.right - x0 - 2:
            ns -= 1
        name = gfx.fit(full, ns, band.right - x0 - 2, True)
        t = gfx.text(name, ns, ink, True)
        s.blit(t, (x0, band.centery - t.get_height() // 2))
        y = band.bottom + 2
        # level marks and small print
        level = d.get("level")
        if isinstance(level, int) and level > 0:
            rr = max(2, int(h * (0.012 if detail else 0.022)))
            n = min(level, 12)
            for i in range(n):
                cx = band.right - rr - 1 - i * (2 * rr + 2)
                pygame.draw.circle(s, (245, 200, 60), (cx, y + rr + 1), rr)
                pygame.draw.circle(s, (120, 70, 10), (cx, y + rr + 1), rr, 1)
            if detail:
                lt = gfx.text(f"Level {level}", max(10, int(h * 0.035)), ink, True)
                s.blit(lt, (m + 2, y))
            y += 2 * rr + 4
        tags = d.get("tags") or []
        typ = " / ".join(str(x) for x in ([d.get("type"), d.get("subtype")] if detail else [d.get("type")]) if x)
        small = max(7, int(h * (0.034 if detail else 0.07)))
        line = gfx.fit(("[" + " / ".join(map(str, tags)) + "]  " if tags and detail else "") + typ.title(), small, w - 2 * m, False)
        s.blit(gfx.text(line, small, gfx.shade(fc, 0.35)), (m + 2, y))
        y += gfx.font(small).get_linesize() - 2
        # picture area: no images, a framed pattern in the card's colour
        stats = d.get("stats") or []
        stat_h = int(h * (0.07 if detail else 0.13)) if stats else 0
        text_h = int(h * 0.42) if detail else (int(h * 0.27) if h >= 170 else 0)  # small cards: no unreadable text
        pic = pygame.Rect(m, y + 1, w - 2 * m, max(8, h - y - m - stat_h - text_h - 3))
        pygame.draw.rect(s, gfx.shade(fc, 0.55), pic)
        for i in range(0, pic.w + pic.h, max(5, w // 10)):
            pygame.draw.line(s, gfx.shade(fc, 0.7), (pic.x + i, pic.y), (pic.x + i - pic.h, pic.bottom), 1)
        glyph = str(d.get("name", "?"))[:1].upper()
        gt = gfx.text(glyph, max(12, int(pic.h * 0.8)), gfx.shade(fc, 1.35), True)
        s.blit(gt, gt.get_rect(center=pic.center))
        # keyword marks
        kws = [str(k) for k in (d.get("keywords") or [])]
        kx = pic.x + 2
        ks = max(7, int(h * (0.032 if detail else 0.07)))
        for k in kws[:4]:
            label = k if detail else k[:3]
            kt = gfx.text(label, ks, (255, 255, 255), True)
            kr = pygame.Rect(kx, pic.bottom - kt.get_height() - 3, kt.get_width() + 6, kt.get_height() + 1)
            if kr.right > pic.right - 2:
                break
            pygame.draw.rect(s, (30, 30, 40), kr, border_radius=3)
            s.blit(kt, (kr.x + 3, kr.y + 1))
            kx = kr.right + 2
        pygame.draw.rect(s, gfx.shade(fc, 0.4), pic, 1)
        # rules text
        box = pygame.Rect(m, pic.bottom + 2, w - 2 * m, text_h)
        if text_h:
            pygame.draw.rect(s, (240, 234, 220), box)
            ts = max(8, int(h * (0.04 if detail else 0.062)))
            body = rules_body(d) if detail else str(d.get("text", ""))
            gfx.blit_wrapped(s, body, ts, box.inflate(-6, -4), ink, line_gap=1 if detail else 0)
        else:
            box.h = 0
            box.y = pic.bottom
        # stats
        if stats:
            sr = pygame.Rect(m, box.bottom + 1, w - 2 * m, stat_h)
            pygame.draw.rect(s, gfx.shade(fc, 1.6), sr)
            parts = []
            for st in stats[:3]:
                try:
                    parts.append(f"{st[0]} {st[1]}" if detail or len(stats) < 3 else f"{st[1]}")
                except (TypeError, IndexError):
                    continue
            sz = max(8, int(stat_h * 0.8))
            txt = gfx.fit("  ".join(parts) if detail else " / ".join(str(p.split(" ")[-1]) for p in parts), sz, sr.w - 4, True)
            tt = gfx.text(txt, sz, ink, True)
            s.blit(tt, tt.get_rect(center=sr.center))
        return s


def draw_cost_badge(s: pygame.Surface, band: pygame.Rect, cost, size: int) -> pygame.Rect:
    """The cost at the left of the name band: a round badge, stretched into a
    pill for a longer cost ("7RR", "6OO": a circle cut them to "OO")."""
    r = band.h // 2
    t = gfx.text(str(cost), size, (255, 255, 255), True)
    w = max(2 * r, t.get_width() + 6)
    rect = pygame.Rect(band.x + 1, band.centery - r, w, 2 * r)
    pygame.draw.rect(s, (30, 30, 40), rect, border_radius=r)
    s.blit(t, t.get_rect(center=rect.center))
    return rect


def rules_body(d: dict) -> str:
    """A zoomed card's rules text: its keywords first, except those its text
    already spells out ("Assault 1." is not shown as "Assault. Assault 1.");
    a keyword only named inside a sentence ("destroy a Tank unit") still shows."""
    body = str(d.get("text", "") or "")
    low = body.lower()
    kws = [str(k) for k in (d.get("keywords") or [])]
    # spelt out = a sentence of the text starts with it ("Assault 1.", "Tank.")
    missing = [k for k in kws if not re.search(r"(?:^|[.;:\n]\s*)" + re.escape(k.lower()) + r"(?![a-z])", low)]
    if not missing:
        return body
    return ", ".join(missing) + "." + ("\n" + body if body else "")

