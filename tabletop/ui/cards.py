"""Card faces and backs: faces drawn by :mod:`faces` from the game's
faces.toml, ``describe_card`` and the card's art; rendered once per (card,
size, variant, live stats, text size) and kept as surfaces; the table only
blits them."""

from __future__ import annotations

import re
import time

import pygame

from tabletop.i18n import card_text, game_text, language

from . import faces, gfx
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
        self._by_card: dict = {}
        self.stand_ins = 0               # stand-ins handed out (see get)
        self.drawn = 0                   # faces drawn that had stood in as scaled copies (a still picture of the table is kept until this changes)
        self._stood: set = set()         # keys of faces handed out as stand-ins, not drawn yet
        self._counters: dict = {}        # card id -> a cached face of it at some size (a stand-in)
        self._spent = -1e12             # ms spent drawing new faces this frame (no limit until a table's first frame)
        self.budget_ms = 3.0            # new faces drawn per frame stop here (the frame budget is 8 ms)
        try:
            self.spec = faces.spec_for(game)
        except Exception:  # a broken faces.toml: plain faces, never a broken table
            self.spec = faces.FaceSpec()

    def desc(self, card_id) -> dict:
        d = self._desc.get(card_id)
        if d is None:
            d = faces.card_view(self.game, card_id)
            self._desc[card_id] = d
        return d

    def name(self, card_id) -> str:
        """The card's name as shown, in the language in use."""
        n = str(self.desc(card_id).get("name", "") or "")
        return card_text(str(card_id), "name", n, self.game.id) if n else n

    def frame_color(self, d: dict) -> tuple:
        if d.get("color"):
            return gfx.color(d["color"])
        return self.type_colors.get(str(d.get("type", "")).lower(), NEUTRAL_FRAME)

    # -- public ----------------------------------------------------------------------
    def get(self, card_id, w: int, h: int, face_down_known: bool = False, sideways: bool = False,
            live: dict | None = None, wait: bool = True) -> pygame.Surface:
        """The face of ``card_id`` (None: a back) at w x h, optionally marked as
        face down (the owner's view of a set card) and turned sideways.
        ``live`` is the card as the table shows it (its counters and stats):
        a changed stat is drawn with its live value. Past this frame's budget
        for new faces (``wait``), a scaled copy of the card at another size
        stands in until a later frame draws it."""
        lk = live_key(live)
        lang = language()  # a face holds words: drawn again in another language
        key = (card_id, w, h, face_down_known, sideways, lk, gfx.generation, lang)
        s = self._cache.get(key)
        if s is None and wait and card_id is not None and self._spent >= self.budget_ms:
            stand_in = self._by_card.get((card_id, sideways, lang))
            if stand_in is not None:  # this frame's budget is spent: a scaled copy until a later frame draws it
                self.stand_ins += 1
                self._stood.add(key)
                return pygame.transform.scale(stand_in, (h, w) if sideways else (w, h))
        if s is None:
            t0 = time.perf_counter()
            if sideways and card_id is not None and not face_down_known:
                s = self._face(self.desc(card_id), h, w, detail=False, live=live if lk else None)  # text stays upright
            elif sideways:
                s = pygame.transform.rotate(self.get(card_id, w, h, face_down_known, False, live), 90)
            elif card_id is None:
                s = self._back(w, h)
            else:
                s = self._face(self.desc(card_id), w, h, detail=h >= 300, live=live if lk else None)
                if face_down_known:
                    s = s.copy()
                    veil = pygame.Surface((w, h), pygame.SRCALPHA)
                    pygame.draw.rect(veil, (10, 14, 30, 120), veil.get_rect(), border_radius=max(3, w // 14))
                    s.blit(veil, (0, 0))
                    if self.face_down_tag:
                        tag = gfx.text(game_text(self.face_down_tag, self.game.id), max(10, h // 9), (255, 255, 255), True)
                        pygame.draw.rect(s, (40, 50, 110), tag.get_rect(center=(w // 2, h // 2)).inflate(8, 4), border_radius=4)
                        s.blit(tag, tag.get_rect(center=(w // 2, h // 2)))
            if pygame.display.get_surface() is not None:
                s = s.convert_alpha()  # the display's own format: the fastest alpha blit
            if len(self._cache) > 3000:
                self._cache.clear()
                self._by_card.clear()
            self._cache[key] = s
            if key in self._stood:  # a face that stood in as a scaled copy is drawn at last
                self._stood.discard(key)
                self.drawn += 1
            if card_id is not None:
                self._by_card[(card_id, sideways, lang)] = s
            self._spent += (time.perf_counter() - t0) * 1000.0
        return s

    def begin_frame(self, unlimited: bool = False) -> None:
        """A new frame: new faces may be drawn again (up to ``budget_ms``;
        ``unlimited``: a still picture, every face drawn in full)."""
        self._spent = -1e12 if unlimited else 0.0

    def face_counters(self, card_id) -> tuple:
        """The card counters its face shows in stat boxes (``current`` keys)."""
        got = self._counters.get(card_id)
        if got is None:
            kind = self.spec.kind_for(self.desc(card_id))
            got = self._counters[card_id] = tuple(it.current for it in kind.stats if it.current)
        return got

    def zoom(self, card_id, live: dict | None = None) -> pygame.Surface:
        return self.get(card_id, 330, 462, live=live, wait=False)  # the zoom is never a stand-in

    def legend(self, card_id, w: int = 330, h: int = 200) -> pygame.Surface | None:
        """A panel explaining every mark on ``card_id``'s face (None: nothing to explain)."""
        key = ("legend", card_id, w, h, gfx.generation, language())

        s = self._cache.get(key)
        if s is None and key not in self._cache:
            d = self.desc(card_id) if card_id is not None else None
            if not self.spec.legend_lines(d):
                self._cache[key] = None
                return None
            tmp = pygame.Surface((w, 1000), pygame.SRCALPHA)
            used = faces.draw_legend(tmp, pygame.Rect(10, 8, w - 20, 990), self.spec, d)
            s = pygame.Surface((w, min(h, used + 16)), pygame.SRCALPHA)
            pygame.draw.rect(s, (22, 26, 34, 255), s.get_rect(), border_radius=10)
            pygame.draw.rect(s, gfx.LINE, s.get_rect(), 1, border_radius=10)
            s.blit(tmp, (0, 0), pygame.Rect(0, 0, w, s.get_height() - 6))
            if pygame.display.get_surface() is not None:
                s = s.convert_alpha()
            self._cache[key] = s
        return s

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

    def _face(self, d: dict, w: int, h: int, detail: bool, live: dict | None = None) -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        fc = self.frame_color(d)
        faces.draw_face(s, s.get_rect(), d, self.spec, live=live, frame_color=fc)
        return s


def live_key(live: dict | None):
    """The part of a table card that changes its face: counters and stats."""
    if not live:
        return None
    if not live.get("counters") and not live.get("stats"):
        return None
    parts = []
    for k in ("counters", "stats"):
        d = live.get(k)
        if d:
            parts.append(tuple(sorted((str(a), str(b)) for a, b in d.items())))
    return tuple(parts) or None


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

