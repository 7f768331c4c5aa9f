"""Drawing one card on the table, as plain functions of a surface, a
rectangle and what the view says about the card.

The table's card layer (table_cards.py) decides which cards are drawn, where,
in which order and how they are lit; everything below decides how one card
and the things on it look. ``art`` is the game's ``CardArt`` (cards.py), which
renders and caches the faces and backs.
"""

from __future__ import annotations

import math

import pygame

from tabletop.i18n import _, game_text, pgettext

from . import gfx

# how a card on the table is outlined: (colour, inflate, width, radius)
HIGHLIGHTS = {
    "lit": (gfx.TARGET, 10, 4, 8),       # a valid target of the card being dragged
    "target": (gfx.TARGET, 8, 3, 8),     # the target of a choice
    "choice": (gfx.GOOD, 6, 2, 7),       # a card that has a move
    "hover": (gfx.ACCENT, 2, 2, 6),      # under the pointer
}


def card_image(art, card: dict, zdef, w: int, h: int, sideways: bool) -> pygame.Surface:
    """The picture of a card as the view shows it (``card`` is a view entry:
    ``card``, ``face``...) in a zone described by ``zdef``."""
    cid = card.get("card")
    down = card.get("face") == "down" and zdef.kind not in ("fan", "pile")  # a hand's cards are not tagged
    if cid is None or (card.get("face") == "down" and zdef.show_backs):
        # a face-down card on a deck shows its back, even to a player who knows
        # it (a card put on the bottom of the deck, while the move plays)
        return art.get(None, w, h, False, sideways)
    return art.get(cid, w, h, down, sideways, live=card if card.get("face") != "down" else None)


def turned(base: pygame.Surface, angle: float) -> pygame.Surface:
    """A card picture part way through turning (to or from sideways)."""
    return pygame.transform.rotate(base, angle)


def flipped(img: pygame.Surface, t: float) -> pygame.Surface:
    """A card picture part way through turning over (t from 0 to 1)."""
    k = abs(math.cos(t * math.pi))
    return pygame.transform.scale(img, (max(1, int(img.get_width() * k)), img.get_height()))


def draw_attached(surf, art, r: pygame.Rect, attached: list, w: int, h: int) -> None:
    """Cards attached under a card peek out below it (straight down, so they
    never cover a neighbour), at most five. Drawn before the card itself;
    :func:`draw_attached_count` writes their number after it."""
    shown = attached[:5]
    for j in range(len(shown) - 1, -1, -1):
        a = shown[j]
        asurf = art.get(a.get("card") if a.get("face") != "down" or a.get("card") else None, w, h, a.get("face") == "down")
        surf.blit(asurf, r.move(0, 7 + j * 5))


def draw_attached_count(surf, r: pygame.Rect, attached: list) -> pygame.Rect | None:
    """The number of cards attached under the card at ``r``, written on the
    last one peeking out (drawn over the card, so that the card never hides
    it: at most its bottom edge is covered). Returns the label's rectangle."""
    if not attached:
        return None
    shown = min(len(attached), 5)
    t = gfx.text(pgettext("table", "{n} under").format(n=len(attached)), 12, (255, 255, 255), True)
    br = t.get_rect(midbottom=(r.centerx, r.bottom + 7 + (shown - 1) * 5 + 1)).inflate(8, 0)
    if br.top < r.bottom - 4:  # one card under: keep clear of the printed stats
        br.top = r.bottom - 4
    pygame.draw.rect(surf, (30, 40, 70), br, border_radius=6)
    surf.blit(t, t.get_rect(center=br.center))
    return br


def draw_highlight(surf, r: pygame.Rect, how: str) -> None:
    """The outline of a card: ``how`` is a key of HIGHLIGHTS."""
    col, grow, width, radius = HIGHLIGHTS[how]
    pygame.draw.rect(surf, col, r.inflate(grow, grow), width, border_radius=radius)


def draw_selected(surf, r: pygame.Rect, n: int) -> None:
    """A card picked for a group move, numbered in the order picked."""
    pygame.draw.rect(surf, (120, 200, 255), r.inflate(8, 8), 3, border_radius=8)
    c = (r.x + 4, r.y + 4)
    pygame.draw.circle(surf, (40, 120, 200), c, 11)
    pygame.draw.circle(surf, (220, 240, 255), c, 11, 2)
    gfx.blit_text(surf, str(n), 15, c, (255, 255, 255), True, anchor="center")


def draw_tag(surf, r: pygame.Rect, text: str) -> None:
    """A short tag above a card (a layout ``[[mark]]``)."""
    t = gfx.text(gfx.fit(game_text(text), 14, max(40, r.w + 30), True), 14, (20, 20, 20), True)

    br = t.get_rect(midtop=(r.centerx, r.y - 8)).inflate(10, 4)
    pygame.draw.rect(surf, gfx.ACCENT, br, border_radius=8)
    pygame.draw.rect(surf, (40, 30, 10), br, 1, border_radius=8)
    surf.blit(t, t.get_rect(center=br.center))


def draw_card_counters(surf, r: pygame.Rect, counters: dict, stats: set, on_face: set = frozenset()) -> None:
    """Counters on a card: small pills stacked down the right of its picture,
    clear of the name at the top and the printed stats at the bottom. A
    counter at 0 is left out unless it is one of the card's printed stats
    (``stats``: their names in lower case); a counter the face itself shows
    in a stat box (``on_face``: ATK, Might...) is not repeated."""
    items = [(n, v) for n, v in counters.items()
             if str(n) not in on_face and (v not in (0, None, "") or str(n).lower() in stats)]
    if not items:
        return
    size = 13 if r.h >= 70 else 11
    y = r.y + max(22, int(r.h * 0.4))  # over the picture, clear of the name band
    for name, v in items[:4]:
        label = f"{game_text(str(name).upper() if len(str(name)) <= 3 else str(name))} {v}"
        t = gfx.text(gfx.fit(label, size, r.w + 6, True), size, (255, 255, 255), True)
        br = pygame.Rect(0, 0, t.get_width() + 8, t.get_height() - 1)
        br.topright = (r.right + 3, y)
        pygame.draw.rect(surf, (140, 36, 36), br, border_radius=7)
        pygame.draw.rect(surf, (255, 210, 200), br, 1, border_radius=7)
        surf.blit(t, t.get_rect(center=br.center))
        y = br.bottom + 1


def printed_stats(art, card_id) -> set:
    """The names (lower case) of the stats printed on a card."""
    if card_id is None:
        return set()
    return {str(st[0]).lower() for st in (art.desc(card_id).get("stats") or []) if st}


def draw_pile_count(surf, zone_rect: pygame.Rect, n: int) -> None:
    """The number of cards in a pile, in its top right corner."""
    t = gfx.text(str(n), 20, gfx.TEXT, True)
    r = t.get_rect(topright=(zone_rect.right - 4, zone_rect.y + 4)).inflate(10, 4)
    pygame.draw.rect(surf, (12, 16, 22), r, border_radius=9)
    surf.blit(t, t.get_rect(center=r.center))


def draw_stat_pop(surf, x: float, top: float, t: float, delta) -> None:
    """A changed stat's difference over a card: it pops in, rises and fades
    (``t`` seconds since the change)."""
    txt = f"+{delta}" if delta > 0 else str(delta)
    img = gfx.text(txt, 30, (120, 240, 140) if delta > 0 else (255, 110, 100), True)
    k = 0.6 + 0.5 * min(1.0, t / 0.12) - 0.1 * min(1.0, max(0.0, t - 0.12) / 0.1)  # overshoot, settle
    if abs(k - 1.0) > 0.02:
        img = pygame.transform.smoothscale(img, (max(1, int(img.get_width() * k)), max(1, int(img.get_height() * k))))
    if t > 0.55:
        img = img.copy()
        img.set_alpha(max(0, int(255 * (0.9 - t) / 0.35)))
    r = img.get_rect(midbottom=(int(x), int(top - 4 - 26 * t)))
    if t <= 0.55:
        pygame.draw.rect(surf, (16, 18, 24), r.inflate(10, 2), border_radius=8)
    surf.blit(img, r)


def draw_rotated(surf, img: pygame.Surface, pos, angle: float) -> None:
    """A card picture centred at ``pos``, turned by ``angle`` degrees (a held
    or returning card)."""
    a = int(round(angle))
    if a:
        img = pygame.transform.rotate(img, a)
    surf.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))


def draw_group_count(surf, x: float, y: float, h: int, n: int) -> None:
    """Under a held card: how many cards move together."""
    t = gfx.text(pgettext("table", "{n} together").format(n=n), 16, (255, 255, 255), True)

    br = t.get_rect(midtop=(x, y + h // 2 + 6)).inflate(12, 4)
    pygame.draw.rect(surf, (40, 120, 200), br, border_radius=9)
    surf.blit(t, t.get_rect(center=br.center))


_shadows: dict = {}


def soft_shadow(w: int, h: int) -> pygame.Surface:
    """A blurred, rounded shadow a little larger than a w x h card (cached)."""
    s = _shadows.get((w, h))
    if s is None:
        pad = max(6, w // 8)
        small = pygame.Surface((max(4, (w + 2 * pad) // 4), max(4, (h + 2 * pad) // 4)), pygame.SRCALPHA)
        inner = small.get_rect().inflate(-max(2, pad // 2), -max(2, pad // 2))
        pygame.draw.rect(small, (0, 0, 0, 120), inner, border_radius=max(2, inner.w // 8))
        s = pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad))
        s = pygame.transform.smoothscale(pygame.transform.smoothscale(s, (max(4, s.get_width() // 2), max(4, s.get_height() // 2))), s.get_size())
        if len(_shadows) > 64:
            _shadows.clear()
        _shadows[(w, h)] = s
    return s


def draw_shadow(surf, w: int, h: int, x: float, y: float, angle: float) -> None:
    """The shadow of a held card on the table: soft, offset down and right as
    if the card were lifted towards a light above the table."""
    shadow = soft_shadow(w, h)
    if int(angle):
        shadow = pygame.transform.rotate(shadow, int(angle))
    surf.blit(shadow, shadow.get_rect(center=(int(x) + 12, int(y) + 18)))
