"""The deck builder's hand-drawn parts: the card pool grid, the deck by
section with counts, the curve, the live rule checks, the zoom of the hovered
card, and the mouse on them (click, right-click, drag, wheel). The widgets
above them (game, open, name, search, filters, buttons) are pygame_gui, in
deckbuilder.py."""

from __future__ import annotations

import pygame

from tabletop.i18n import _, card_text, game_text, ngettext

from . import gfx

POOL = pygame.Rect(24, 116, 960, 770)
DECK = pygame.Rect(1000, 116, 576, 770)
CARD_W, CARD_H, GAP = 108, 151, 12
COLS = (POOL.w + GAP) // (CARD_W + GAP)
ROWS = (POOL.h - 40 + GAP) // (CARD_H + GAP)
ROW_H, HEAD_H = 26, 30
LIST = pygame.Rect(DECK.x + 12, DECK.y + 44, DECK.w - 24, 400)
CURVE = pygame.Rect(DECK.x + 12, LIST.bottom + 10, DECK.w - 24, 120)
CHECKS = pygame.Rect(DECK.x + 12, CURVE.bottom + 10, DECK.w - 24, DECK.bottom - CURVE.bottom - 22)
ZOOM_W, ZOOM_H = 330, 462
DRAG_PX = 6
TEXT, SMALL = 20, 17


class DeckViewMixin:
    """Needs ``self.model`` (DeckModel), ``self.art`` (CardArt)."""

    def init_view(self):
        self.pool_scroll = 0      # rows of the pool scrolled past
        self.deck_scroll = 0      # px of the deck list scrolled past
        self.hover = None         # (card id, where: "pool" | "deck")
        self.press = None         # (pos, card id, from section or None, button)
        self.held = None          # (card id, from section or None) while dragging
        self.flash = None         # (section, card id) last added, lit for a moment

    # -- geometry -------------------------------------------------------------------------
    def pool_cards(self) -> list[tuple[str, pygame.Rect]]:
        shown = self.model.shown()
        rows = max(1, -(-len(shown) // COLS))
        self.pool_scroll = max(0, min(self.pool_scroll, rows - ROWS))
        out = []
        start = self.pool_scroll * COLS
        for i, cid in enumerate(shown[start:start + COLS * ROWS]):
            r, c = divmod(i, COLS)
            out.append((cid, pygame.Rect(POOL.x + c * (CARD_W + GAP), POOL.y + r * (CARD_H + GAP), CARD_W, CARD_H)))
        return out

    def deck_rows(self) -> list[tuple[str, str | None, int, pygame.Rect]]:
        """(section, card id or None for the header, copies, rect), scrolled."""
        out, y = [], LIST.y - self.deck_scroll
        for key, _title in self.model.sections:
            out.append((key, None, self.model.deck.count(key), pygame.Rect(LIST.x, y, LIST.w, HEAD_H)))
            y += HEAD_H
            for cid, n in self.model.rows(key):
                out.append((key, cid, n, pygame.Rect(LIST.x, y, LIST.w, ROW_H)))
                y += ROW_H
            y += 6
        total = y + self.deck_scroll - LIST.y
        if self.deck_scroll > max(0, total - LIST.h):
            self.deck_scroll = max(0, total - LIST.h)
            return self.deck_rows()
        return out

    @staticmethod
    def row_buttons(r: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The "-" and "+" of a deck row."""
        minus = pygame.Rect(r.right - 56, r.y + 2, 24, r.h - 4)
        return minus, minus.move(28, 0)

    def card_at(self, pos):
        """(card id, "pool" | "deck", section, rect, part) under ``pos``; part is
        "minus"/"plus" on a row's buttons."""
        if POOL.collidepoint(pos):
            for cid, r in self.pool_cards():
                if r.collidepoint(pos):
                    return cid, "pool", None, r, ""
        if LIST.collidepoint(pos):
            for key, cid, _n, r in self.deck_rows():
                if r.collidepoint(pos):
                    if cid is None:
                        return None, "deck", key, r, "head"
                    minus, plus = self.row_buttons(r)
                    part = "minus" if minus.collidepoint(pos) else "plus" if plus.collidepoint(pos) else ""
                    return cid, "deck", key, r, part
        return None

    def section_at(self, pos) -> str | None:
        if not LIST.collidepoint(pos):
            return None
        for key, _cid, _n, r in self.deck_rows():
            if r.collidepoint(pos):
                return key
        return None

    # -- input ------------------------------------------------------------------------------
    def view_handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            hit = self.card_at(ev.pos)
            self.hover = (hit[0], hit[1]) if hit and hit[0] else None
            if self.press is not None and self.held is None and ev.buttons[0]:
                p = self.press[0]
                if abs(ev.pos[0] - p[0]) + abs(ev.pos[1] - p[1]) > DRAG_PX and self.press[1]:
                    self.held = (self.press[1], self.press[2])
            return False
        if ev.type == pygame.MOUSEWHEEL:
            pos = self.app.vmouse
            if POOL.collidepoint(pos):
                self.pool_scroll = max(0, self.pool_scroll - ev.y)
                return True
            if LIST.collidepoint(pos):
                self.deck_scroll = max(0, self.deck_scroll - ev.y * ROW_H * 2)
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            hit = self.card_at(ev.pos)
            if hit is None:
                self.press = None
                return False
            cid, where, section, _r, part = hit
            self.press = (ev.pos, cid, section if where == "deck" else None, ev.button, where, part)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 3):
            press, held = self.press, self.held
            self.press = self.held = None
            if held is not None:
                self.drop(held, ev.pos)
                return True
            if press is None:
                return False
            hit = self.card_at(ev.pos)
            if hit is None or hit[0] != press[1]:
                return False
            self.click(hit, ev.button)
            return True
        return False

    def click(self, hit, button: int) -> None:
        cid, where, section, _r, part = hit
        if cid is None:
            return
        if where == "pool":
            if button == 1:
                self.add_card(cid)
            else:
                self.remove_card(cid)
        elif part == "plus":
            self.add_card(cid, section)
        elif part == "minus" or button == 3:
            self.remove_card(cid, section)

    def drop(self, held, pos) -> None:
        cid, from_section = held
        if DECK.collidepoint(pos):
            if from_section is not None:     # within the deck: to another section
                to = self.section_at(pos)
                if to and to != from_section and self.model.remove(cid, from_section):
                    self.add_card(cid, to)
                return
            self.add_card(cid, self.drop_section(cid, pos))
        elif POOL.collidepoint(pos) and from_section is not None:
            self.remove_card(cid, from_section)

    def drop_section(self, cid, pos) -> str | None:
        """A card dropped on a section goes there when it belongs there;
        otherwise where the game puts it."""
        to = self.section_at(pos)
        if to is not None and to in (self.model.game.section_of(cid), self.model.section_for(cid)):
            return to
        return None

    # -- drawing ------------------------------------------------------------------------------
    def draw_view(self, surf) -> None:
        self.art.begin_frame(unlimited=True)
        self._draw_pool(surf)
        self._draw_deck(surf)
        self._draw_curve(surf)
        self._draw_checks(surf)
        if self.held is not None:
            img = self.art.get(self.held[0], CARD_W, CARD_H)
            mx, my = self.app.vmouse
            surf.blit(img, (mx - CARD_W // 2, my - CARD_H // 2))
        elif self.hover is not None:
            self._draw_zoom(surf, *self.hover)

    def _draw_pool(self, surf) -> None:
        gfx.panel(surf, POOL.inflate(12, 12), (22, 27, 35), gfx.LINE, 10)
        cards = self.pool_cards()
        for cid, r in cards:
            surf.blit(self.art.get(cid, CARD_W, CARD_H), r)
            n = self.model.copies(cid)
            if n:
                badge = pygame.Rect(r.right - 38, r.y + 42, 32, 24)   # over the picture, clear of name, marks and stats
                gfx.panel(surf, badge, (20, 24, 32), gfx.ACCENT, 8, 2)
                gfx.blit_text(surf, f"{n}", TEXT, badge.center, gfx.ACCENT, True, anchor="center")
            if self.hover == (cid, "pool"):
                pygame.draw.rect(surf, gfx.LIT, r.inflate(4, 4), 2, border_radius=8)
        shown = len(self.model.shown())
        first = self.pool_scroll * COLS
        if shown:
            info = _("Cards {first} to {last} of {total}   (wheel scrolls;  click or drag a card to add it, "
                     "right-click to take one out)").format(first=first + 1, last=first + len(cards), total=shown)
        else:
            info = _("No card matches the search and filters.")
        gfx.blit_text(surf, gfx.fit(info, SMALL, POOL.w), SMALL, (POOL.x, POOL.bottom - 26), gfx.DIM)
        rows = max(1, -(-shown // COLS))
        if rows > ROWS:   # a scroll bar
            bar = pygame.Rect(POOL.right + 1, POOL.y, 4, ROWS * (CARD_H + GAP) - GAP)
            pygame.draw.rect(surf, (50, 58, 72), bar, border_radius=2)
            h = max(20, bar.h * ROWS // rows)
            y = bar.y + (bar.h - h) * self.pool_scroll // max(1, rows - ROWS)
            pygame.draw.rect(surf, gfx.DIM, (bar.x, y, bar.w, h), border_radius=2)

    def _draw_deck(self, surf) -> None:
        gfx.panel(surf, DECK.inflate(0, 12), (22, 27, 35), gfx.LINE, 10)
        m = self.model
        gid = m.game.id
        title = (m.deck.name or _("New deck")) + (" *" if m.dirty else "")
        gfx.blit_text(surf, gfx.fit(title, 24, DECK.w - 200, True), 24, (DECK.x + 12, DECK.y + 8), gfx.ACCENT, True)
        n_cards = m.deck.count()
        gfx.blit_text(surf, ngettext("{n} card", "{n} cards", n_cards).format(n=n_cards), TEXT,
                      (DECK.right - 12, DECK.y + 12), gfx.TEXT, anchor="topright")
        clip = surf.get_clip()
        surf.set_clip(LIST)
        titles = dict(m.sections)
        for key, cid, n, r in self.deck_rows():
            if r.bottom < LIST.y or r.y > LIST.bottom:
                continue
            if cid is None:
                pygame.draw.rect(surf, (40, 48, 62), r, border_radius=6)
                gfx.blit_text(surf, game_text(titles.get(key, key), gid), TEXT, (r.x + 8, r.centery), gfx.ACCENT, True,
                              anchor="midleft")
                gfx.blit_text(surf, str(n), TEXT, (r.right - 10, r.centery), gfx.TEXT, True, anchor="midright")
                continue
            if self.hover == (cid, "deck") or (self.held and self.held[0] == cid):
                pygame.draw.rect(surf, (52, 62, 80), r, border_radius=4)
            color = self.art.frame_color(self.art.desc(cid))
            pygame.draw.rect(surf, color, (r.x + 4, r.y + 4, 6, r.h - 8), border_radius=2)
            gfx.blit_text(surf, f"{n}", TEXT, (r.x + 34, r.centery), gfx.TEXT, True, anchor="midright")
            name = gfx.fit(card_text(cid, "name", m.names.get(cid, cid), gid), TEXT, r.w - 160)
            gfx.blit_text(surf, name, TEXT, (r.x + 44, r.centery), gfx.TEXT, anchor="midleft")
            facets = m.facets.get(cid, {})
            curve = facets.get(m.game.deck_curve)
            if curve is not None:
                gfx.blit_text(surf, str(curve), SMALL, (r.right - 70, r.centery), gfx.DIM, anchor="midright")
            for b, t in zip(self.row_buttons(r), ("-", "+")):
                pygame.draw.rect(surf, (44, 52, 66), b, border_radius=4)
                pygame.draw.rect(surf, gfx.LINE, b, 1, border_radius=4)
                gfx.blit_text(surf, t, TEXT, b.center, gfx.TEXT, True, anchor="center")
        surf.set_clip(clip)

    def _draw_curve(self, surf) -> None:
        m = self.model
        key = m.game.deck_curve
        if not key:
            return
        stat = game_text(key, m.game.id)
        gfx.blit_text(surf, _("{stat} curve").format(stat=stat), TEXT, (CURVE.x, CURVE.y), gfx.ACCENT, True)
        curve = m.curve()
        if not curve:
            gfx.blit_text(surf, _("No card with a {stat} yet.").format(stat=stat if stat != key else key.lower()),
                          SMALL, (CURVE.x, CURVE.y + 30), gfx.DIM)
            return
        top = max(n for _v, n in curve) or 1
        area = pygame.Rect(CURVE.x, CURVE.y + 26, CURVE.w, CURVE.h - 26)
        w = min(40, (area.w - 4) // len(curve) - 4)
        for i, (v, n) in enumerate(curve):
            x = area.x + i * (w + 4)
            h = int((area.h - 40) * n / top)
            bar = pygame.Rect(x, area.bottom - 20 - h, w, h)
            pygame.draw.rect(surf, (90, 130, 190), bar, border_radius=3)
            if n:
                gfx.blit_text(surf, str(n), SMALL, (bar.centerx, bar.y - 1), gfx.TEXT, anchor="midbottom")
            gfx.blit_text(surf, str(v), SMALL, (x + w // 2, area.bottom - 18), gfx.DIM, anchor="midtop")

    def _draw_checks(self, surf) -> None:
        probs = self.model.problems()
        pygame.draw.line(surf, gfx.LINE, (CHECKS.x, CHECKS.y - 4), (CHECKS.right, CHECKS.y - 4))
        if not probs:
            gfx.blit_text(surf, _("Legal: the deck meets every deck rule"), TEXT, (CHECKS.x, CHECKS.y + 4), gfx.GOOD, True)
            return
        n = len(probs)
        gid = self.model.game.id
        gfx.blit_text(surf, ngettext("{n} deck rule not met", "{n} deck rules not met", n).format(n=n), TEXT,
                      (CHECKS.x, CHECKS.y + 4), gfx.BAD, True)
        y = CHECKS.y + 32
        for i, p in enumerate(probs):
            lines = gfx.wrap(f"{game_text(p.rule, gid)}: {game_text(p.message, gid)}", SMALL, CHECKS.w - 14)
            lh = gfx.font(SMALL).get_linesize() - 2
            if y + lh * len(lines) > CHECKS.bottom - (lh if i < n - 1 else 0):
                gfx.blit_text(surf, _("and {n} more").format(n=n - i), SMALL, (CHECKS.x + 14, y), gfx.DIM)
                break
            pygame.draw.circle(surf, gfx.BAD, (CHECKS.x + 4, y + lh // 2), 3)
            for j, line in enumerate(lines):
                gfx.blit_text(surf, line, SMALL, (CHECKS.x + 14, y), gfx.TEXT)
                y += lh

    def _draw_zoom(self, surf, cid, where) -> None:
        z = self.art.zoom(cid)
        # over the pool, on the half away from the pointer: the deck and its checks stay in sight
        left = where == "pool" and self.app.vmouse[0] > POOL.centerx
        pos = (POOL.x + 20 if left else POOL.right - ZOOM_W - 20, POOL.y + 8)
        gfx.framed(surf, z, pos)
        lg = self.art.legend(cid, ZOOM_W, POOL.bottom - 30 - pos[1] - ZOOM_H - 6)
        if lg is not None:
            surf.blit(lg, (pos[0], pos[1] + ZOOM_H + 4))
