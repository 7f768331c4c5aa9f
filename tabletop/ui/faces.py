"""Card faces drawn like printed cards, from data.

A game's ``faces.toml`` (beside its layout.toml) says how its printed cards
are laid out: which card field picks the picture's background, and for each
kind of card the badges in the corners of the name band (cost, speed,
domain), the marks under it (level stars), the type line, the stat boxes at
the bottom with their icons, and a note printed on the card ("lower speed
wins"). :func:`draw_face` draws any card from that and a *card view*: the
game's ``describe_card`` merged with the card's own fields (:func:`card_view`).
Nothing here names a game. Text never goes below :func:`gfx.min_size`: what
does not fit at that size on a small card is left to the zoom.
"""

from __future__ import annotations

import math
import re

import pygame

from tabletop.engine.assets import art_path
from tabletop.i18n import game_text

from . import gfx
from .face_spec import (FaceSpec, Item, Kind, card_view, current_value, load_faces, lookup, present,  # noqa: F401
                        shown_name, shown_text, spec_for, value_text)

INK = (22, 22, 26)
PAPER = (244, 238, 224)


# -- icons -------------------------------------------------------------------------------
_icons: dict = {}


def icon(name: str, size: int, col=(255, 255, 255)) -> pygame.Surface | None:
    """An icon from assets/art, ``size`` px square, tinted ``col`` (None if missing)."""
    if not name or size < 4:
        return None
    key = (name, size, tuple(col[:4]))
    if key in _icons:
        return _icons[key]
    if tuple(col[:4]) != (255, 255, 255):  # tint the white picture (rasterized once per size)
        base = icon(name, size)
        s = None
        if base is not None:
            tint = pygame.Surface(base.get_size(), pygame.SRCALPHA)
            tint.fill((*col[:3], col[3] if len(col) > 3 else 255))
            s = base.copy()
            s.blit(tint, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        _icons[key] = s
        return s
    p = art_path(name)
    s = None
    if p.is_file():
        try:
            s = pygame.image.load_sized_svg(str(p), (size, size))
        except (pygame.error, AttributeError, ValueError):
            try:
                s = pygame.transform.smoothscale(pygame.image.load(str(p)), (size, size))
            except (pygame.error, ValueError):
                s = None
        if s is not None:
            s = s.convert_alpha() if pygame.display.get_surface() is not None else s
    if len(_icons) > 2000:
        _icons.clear()
    _icons[key] = s
    return s


# -- names -------------------------------------------------------------------------------
def short_name(name: str, size: int, width: int, bold: bool = True) -> str:
    """``name`` if it fits, else a neat short form: the part before a comma
    ("Kestra"), initials then the last word ("R. Wolf"), the last word, and
    only then an ellipsis."""
    form, fits = _short_form(name, size, width, bold)
    return form if fits else gfx.fit(form, size, width, bold)


#: how narrow a name may be drawn to show whole (printed cards condense long names): Japanese
#: and Korean letters, square and apart, stay legible narrower than Latin ones
CONDENSE = {"latin": 0.75, "cjk": 0.62}
#: a whole name this little too wide is drawn narrower rather than shortened ("Spark Barrier", not "S. Barrier")
LIGHTLY = 0.85


def name_picture(name: str, size: int, width: int, colour) -> pygame.Surface:
    """A card's name as its name band shows it: whole if it fits, or drawn a
    little narrower (down to ``LIGHTLY``); else :func:`short_name`'s short
    form, and a short form that would be cut is drawn narrower instead, down
    to ``CONDENSE`` of its width, so that it reads whole."""
    t = gfx.text(name, size, colour, True)
    if t.get_width() <= width:
        return t
    if t.get_width() * LIGHTLY <= width:
        return pygame.transform.smoothscale(t, (max(1, width), t.get_height()))
    form, fits = _short_form(name, size, width, True)
    if not fits:
        t = gfx.text(form, size, colour, True)
        if t.get_width() * CONDENSE["latin" if form.isascii() else "cjk"] <= width:
            return pygame.transform.smoothscale(t, (max(1, width), t.get_height()))
    return gfx.text(short_name(name, size, width), size, colour, True)


def _short_form(name: str, size: int, width: int, bold: bool) -> tuple:
    """The form of ``name`` :func:`short_name` shows, uncut, and whether it fits."""
    f = gfx.font(size, bold)
    if f.size(name)[0] <= width:
        return name, True
    cands = []
    if "," in name:
        cands.append(name.split(",")[0].strip())
    words = [w for w in re.split(r"\s+", name.replace('"', "").strip()) if w]
    if len(words) == 1 and not name.isascii():
        # a Japanese name has no spaces: "黄昏刃の盗賊" reads "盗賊" (what follows
        # the last の), "マロウ・ヴェスク" reads "マロウ"
        if "・" in name:
            cands.append(name.split("・")[0])
        if "の" in name.strip("の"):
            cands.append(name.strip("の").rsplit("の", 1)[1])
    if len(words) > 1:
        last = words[-1]
        if last.startswith("[") and len(words) > 2:  # "Ignis Colossus [L]"
            last = words[-2] + " " + last
            words = words[:-1]
        if all(w[:1].isascii() for w in words[:-1]):  # initials read only in Latin letters ("R. Wolf")
            cands.append(" ".join(w[0] + "." for w in words[:-1]) + " " + last)
        cands.append(last)

    for c in cands:
        if f.size(c)[0] <= width:
            return c, True
    return (cands[-1] if cands else name), False


# -- drawing -----------------------------------------------------------------------------
def _star(surf, c, r, col, edge):
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    pygame.draw.polygon(surf, col, pts)
    pygame.draw.polygon(surf, edge, pts, 1)


def background(spec: FaceSpec, view: dict, frame: tuple) -> tuple:
    v = lookup(view, spec.background_by)
    for x in (v if isinstance(v, list) else [v]):
        if x is not None and str(x) in spec.backgrounds:
            return spec.backgrounds[str(x)]
    return gfx.shade(frame, 0.75)


def _badge(surf, item: Item, view: dict, center, r, size, big: bool) -> None:
    """A round badge: a value (cost, speed) or icons (a domain)."""
    v = lookup(view, item.field)
    if v is None or v == "" or v == []:
        return
    vals = v if isinstance(v, list) else [v]
    if item.icons and all(str(x) in item.icons for x in vals):
        for i, x in enumerate(vals[:2]):
            cx = center[0] - i * int(r * 1.7)
            pygame.draw.circle(surf, gfx.shade(item.color, 0.6), (cx, center[1]), r)
            pygame.draw.circle(surf, (250, 240, 210), (cx, center[1]), r, max(1, r // 8))
            ic = icon(item.icons[str(x)], int(r * 1.4))
            if ic is not None:
                surf.blit(ic, ic.get_rect(center=(cx, center[1])))
        return
    txt = value_text(item, v)
    t = gfx.text(txt, size, (255, 255, 255), True)
    w = max(2 * r, t.get_width() + r // 2 + 4)
    rect = pygame.Rect(0, 0, w, 2 * r)
    rect.center = center
    if rect.x < 1:
        rect.x = 1
    pygame.draw.rect(surf, item.color, rect, border_radius=r)
    pygame.draw.rect(surf, (250, 240, 210), rect, max(1, r // 8), border_radius=r)
    if big and item.icon:
        ic = icon(item.icon, int(r * 0.9), (255, 255, 255, 110))
        if ic is not None:
            surf.blit(ic, ic.get_rect(center=rect.center))
    surf.blit(t, t.get_rect(center=rect.center))


def draw_face(surface: pygame.Surface, rect: pygame.Rect, view: dict, spec: FaceSpec, live: dict | None = None,
              frame_color: tuple | None = None) -> None:
    """Draw ``view``'s face into ``rect`` of ``surface`` as ``spec`` lays it out.
    ``live`` is the card as the table shows it now (its counters, stats): a
    stat that differs from print shows the live value (and, zoomed, both).
    A card taller than 300 px is drawn in full (type line, rules text, stat
    labels, note); a smaller one keeps what is readable at gfx.min_size()."""
    w, h = rect.size
    kind = spec.kind_for(view)
    big = h >= 300
    fc = frame_color or kind.frame or gfx.color(view.get("color"), (120, 120, 130))
    if w > h and not big:
        surface.blit(_landscape(view, spec, kind, live, fc, w, h), rect)
        return
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(3, w // 14)
    floor = gfx.min_size()
    # frame: the card's colour, a darker rim, a light inner line
    pygame.draw.rect(s, fc, s.get_rect(), border_radius=rad)
    pygame.draw.rect(s, gfx.shade(fc, 0.4), s.get_rect(), max(1, w // 60), border_radius=rad)
    m = max(3, w // 20)
    # name band
    name_size = max(floor, int(h * 0.05)) if big else floor
    line_h = gfx.font(name_size, True).get_linesize()
    band = pygame.Rect(m, m, w - 2 * m, min(line_h + 2, int(h * 0.26)))
    pygame.draw.rect(s, gfx.shade(fc, 1.75), band, border_radius=max(2, rad // 2))
    pygame.draw.rect(s, gfx.shade(fc, 0.5), band, 1, border_radius=max(2, rad // 2))
    x0, x1 = band.x + 3, band.right - 3

    def shows(it):
        return present(it, view) and (big or it.small)
    r = max(6, band.h // 2 + 3)
    badge_size = max(floor, int(r * 1.25))
    if big:  # printed in the name band's corners
        if shows(kind.badge_left):
            _badge(s, kind.badge_left, view, (band.x + r - 2, band.centery), r, badge_size, big)
            x0 = band.x + 2 * r + 1
            v = value_text(kind.badge_left, lookup(view, kind.badge_left.field))
            x0 = max(x0, band.x + gfx.font(badge_size, True).size(v)[0] + r // 2 + 4) if not kind.badge_left.icons else x0
        if shows(kind.badge_right):
            v = lookup(view, kind.badge_right.field)
            n = len(v) if isinstance(v, list) else 1
            _badge(s, kind.badge_right, view, (band.right - r + 2, band.centery), r, badge_size, big)
            x1 = band.right - int(r * (2 + 1.7 * (min(n, 2) - 1))) - 1
    name = shown_name(view)
    if x1 - x0 > 10:
        t = name_picture(name, name_size, max(8, x1 - x0 - 2), INK)
        s.blit(t, t.get_rect(midleft=(x0 + 4, band.centery + 1)) if big else t.get_rect(center=(band.centerx, band.centery + 1)))
    y = band.bottom + 2
    # marks (level stars)
    if kind.marks is not None:
        n = lookup(view, kind.marks.field)
        if isinstance(n, int) and n > 0:
            sr = max(3, int(h * (0.022 if big else 0.04)))
            for i in range(min(n, 12)):
                cx = band.right - sr - 1 - i * (2 * sr + 1)
                if kind.marks.shape == "star":
                    _star(s, (cx, y + sr), sr, (250, 196, 50), (130, 60, 10))
                else:
                    pygame.draw.circle(s, kind.marks.color, (cx, y + sr), sr)
                    pygame.draw.circle(s, (60, 40, 10), (cx, y + sr), sr, 1)
            if big and kind.marks.label:
                gfx.blit_text(s, f"{game_text(kind.marks.label)} {n}", max(floor, int(sr * 2.2)), (m + 4, y - 1), INK, True)
            y += 2 * sr + 2
    # bottom: stat boxes (and, zoomed, the rules text above them)
    stats = [it for it in kind.stats if (big or it.small) and present(it, view)]
    stat_size = max(floor, int(h * 0.042)) if big else floor
    sl = gfx.font(stat_size, True).get_linesize()
    rows = _stat_rows(stats, view, live, stat_size, w - 2 * m, big)
    stat_h = len(rows) * (sl + 2)
    bottom = h - m - stat_h
    text_h = 0
    note = game_text(kind.note) if kind.note else ""
    if big:
        note_h = 0
        if note:
            note_h = len(gfx.wrap(note, max(floor, int(h * 0.032)), w - 2 * m - 8, True)) * gfx.font(max(floor, int(h * 0.032)), True).get_linesize() + 4
        text_h = int(h * 0.30) + note_h
    tl_size = max(floor, int(h * 0.034)) if big else floor
    tl_text = _type_line(kind, view) if (big or h >= 150) else ""
    tl_h = gfx.font(tl_size).get_linesize() if tl_text else 0
    pic = pygame.Rect(m, y, w - 2 * m, max(6, bottom - text_h - tl_h - y - 2))
    _picture(s, spec, view, kind, pic, fc)  # background by attribute/faction/domain, the card's icon
    _keyword_marks(s, spec, view, pic, big)
    if not big:  # a small card: the badges sit on the picture's top corners, the name keeps the band
        rs = max(5, min(pic.w // 4, gfx.font(floor, True).get_linesize() // 2))
        if shows(kind.badge_left):
            _badge(s, kind.badge_left, view, (pic.x + rs, pic.y + rs), rs, floor, False)
        if shows(kind.badge_right):
            v = lookup(view, kind.badge_right.field)
            _badge(s, kind.badge_right, view, (pic.right - rs, pic.y + rs), rs, floor, False)
    y = pic.bottom + 1
    if tl_text:
        tr = pygame.Rect(m, y, w - 2 * m, tl_h)
        pygame.draw.rect(s, gfx.shade(fc, 1.55), tr)
        s.blit(gfx.text(gfx.fit(tl_text, tl_size, tr.w - 6, True), tl_size, INK, True), (tr.x + 3, tr.y))
        y = tr.bottom + 1
    if big:
        box = pygame.Rect(m, y, w - 2 * m, bottom - y - 2)
        pygame.draw.rect(s, PAPER, box)
        pygame.draw.rect(s, gfx.shade(fc, 0.5), box, 1)
        inner = box.inflate(-10, -6)
        if note:
            ns = max(floor, int(h * 0.032))
            nl = gfx.wrap(note, ns, inner.w, True)
            nh = len(nl) * gfx.font(ns, True).get_linesize()
            nr = pygame.Rect(box.x, box.bottom - nh - 4, box.w, nh + 4)
            pygame.draw.rect(s, gfx.shade(fc, 1.4), nr)
            gfx.blit_wrapped(s, note, ns, nr.inflate(-10, -2), INK, True, line_gap=4)
            inner.h = nr.y - inner.y - 2
        gfx.blit_wrapped(s, _rules_body(view), max(floor, int(h * 0.032)), inner, INK, line_gap=3)
    # stat boxes
    yy = h - m - stat_h
    for row in rows:
        _draw_stat_row(s, row, pygame.Rect(m, yy, w - 2 * m, sl), stat_size, big, fc)
        yy += sl + 2
    surface.blit(s, rect)


def _picture(s, spec, view, kind, pic, fc) -> None:
    bg = background(spec, view, fc)
    pygame.draw.rect(s, bg, pic)
    pygame.draw.circle(s, gfx.shade(bg, 1.25), pic.center, max(4, int(min(pic.w, pic.h) * 0.48)))
    art = view.get("art") or kind.art or spec.fallback_art
    isz = int(min(pic.w, pic.h) * 0.86)
    off = max(1, isz // 40)
    for col, d in (((*gfx.shade(bg, 0.3), 255), off), ((252, 248, 236), 0)):
        ic = icon(art, isz, col)
        if ic is not None:
            s.blit(ic, ic.get_rect(center=(pic.centerx + d, pic.centery + d)))
    pygame.draw.rect(s, gfx.shade(fc, 0.45), pic, 1)


def _keyword_marks(s, spec, view, pic, big) -> None:
    """The keyword icons along the bottom of the picture."""
    marks = spec.keyword_icons(view)
    if not marks:
        return
    d = max(10, int(min(pic.h * (0.16 if big else 0.3), pic.w * 0.3)))
    x = pic.x + 3
    for ic_name, _kw in marks[:4]:
        if x + d > pic.right - 2:
            break
        c = (x + d // 2, pic.bottom - d // 2 - 3)
        pygame.draw.circle(s, (24, 24, 30), c, d // 2)
        pygame.draw.circle(s, (236, 220, 170), c, d // 2, max(1, d // 14))
        ic = icon(ic_name, int(d * 0.7))
        if ic is not None:
            s.blit(ic, ic.get_rect(center=c))
        x += d + 2


def _landscape(view, spec, kind, live, fc, w, h) -> pygame.Surface:
    """A card turned sideways (defence position, exhausted) drawn with its
    text upright: the name across the top, the picture on the left, the
    stats stacked on the right."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(3, h // 14)
    floor = gfx.min_size()
    pygame.draw.rect(s, fc, s.get_rect(), border_radius=rad)
    pygame.draw.rect(s, gfx.shade(fc, 0.4), s.get_rect(), max(1, h // 60), border_radius=rad)
    m = max(3, h // 20)
    lh = gfx.font(floor, True).get_linesize()
    band = pygame.Rect(m, m, w - 2 * m, min(lh + 2, int(h * 0.34)))
    pygame.draw.rect(s, gfx.shade(fc, 1.75), band, border_radius=max(2, rad // 2))
    t = name_picture(shown_name(view), floor, band.w - 4, INK)
    s.blit(t, t.get_rect(center=(band.centerx, band.centery + 1)))
    stats = [it for it in kind.stats if it.small and present(it, view)]
    top = band.bottom + 2
    side = max(8, min(h - top - m, int(w * (0.42 if stats else 1.0)) - m))
    pic = pygame.Rect(m, top, side if stats else w - 2 * m, h - top - m)
    _picture(s, spec, view, kind, pic, fc)
    if stats:
        area = pygame.Rect(pic.right + 3, top, w - pic.right - 3 - m, h - top - m)
        rows = _stat_rows(stats, view, live, floor, area.w, False, "full")
        cells = [c for row in rows for c in row]
        rh = max(6, min(lh, (area.h - 2 * (len(cells) - 1)) // max(1, len(cells))))
        y = area.y
        for c in cells:
            _draw_stat_row(s, [c], pygame.Rect(area.x, y, area.w, rh), floor, False, fc)
            y += rh + 2
    return s


def _type_line(kind: Kind, view: dict) -> str:
    if not kind.type_line:
        return ""

    def sub(mt):
        v = lookup(view, mt.group(1))
        if isinstance(v, list):
            return " / ".join(str(x).title() for x in v)
        return "" if v is None else str(v).title() if str(v).islower() else str(v)
    out = re.sub(r"\{([a-z_]+)\}", sub, kind.type_line)
    out = re.sub(r"\s*/\s*(/\s*)+", " / ", out).strip(" /")
    # each part ("Attack", "Monster", "Effect") in the language in use
    parts = [p.strip() for p in out.split("/") if p.strip()]
    said = [game_text(p) for p in parts]
    return " / ".join(said) if said != parts else out



def _stat_rows(stats, view, live, size, width, big, mode: str = "auto") -> list[list]:
    """Stat boxes laid out in rows that fit ``width``. A small card whose
    stats would take more than two rows shows them as coloured numbers
    without icons (the legend names each colour)."""
    if not big and stats and all(str(lookup(view, it.field)) in it.icons for it in stats):
        # every value has an icon (guard, evade...): one row of icons, read left to right
        cw = (width - 2 * (len(stats) - 1)) // len(stats)
        return [[(it, "", 0, cw, it.icons[str(lookup(view, it.field))]) for it in stats]]
    if mode == "auto":
        full = _stat_rows(stats, view, live, size, width, big, "full")
        if big or len(full) <= 2:
            return full
        rows = _stat_rows(stats, view, live, size, width, big, "compact")
        return rows if len(rows) < len(full) else full
    compact = mode == "compact"
    cells = []
    for it in stats:
        printed = lookup(view, it.field)
        cur = current_value(it, live)
        txt = value_text(it, printed)
        if big and it.label:
            txt = f"{game_text(it.label)} {txt}"
        if cur is not None and str(cur) != str(printed):
            txt = f"{txt} \u2192 {cur}" if big else value_text(it, cur)
        state = 0 if cur is None or str(cur) == str(printed) else (1 if _num(cur) > _num(printed) else -1)
        ic = gfx.font(size, True).get_linesize() - 2 if it.icon and not compact else 0
        cw = gfx.font(size, True).size(txt)[0] + ic + (4 if compact else 8)
        cells.append((it, txt, state, cw, bool(compact)))
    rows, cur_row, used = [], [], 0
    for c in cells:
        if cur_row and used + c[3] + 2 > width:
            rows.append(cur_row)
            cur_row, used = [], 0
        cur_row.append(c)
        used += c[3] + 2
    if cur_row:
        rows.append(cur_row)
    return rows


def _num(v) -> float:
    try:
        return float(v)
    except (TypeError, ValueError):
        return 0.0


def _draw_stat_row(s, row, r, size, big, fc) -> None:
    n = len(row)
    total = sum(c[3] for c in row)
    spare = max(0, r.w - total - 2 * (n - 1))
    x = r.x
    for it, txt, state, cw, compact in row:
        bw = cw + spare // n
        box = pygame.Rect(x, r.y, bw, r.h)
        pygame.draw.rect(s, it.color, box, border_radius=max(2, r.h // 3))
        if isinstance(compact, str):  # a value shown as its icon
            pygame.draw.rect(s, (250, 240, 210), box, 1, border_radius=max(2, r.h // 3))
            ic = icon(compact, max(4, min(r.h - 2, bw - 2)))
            if ic is not None:
                s.blit(ic, ic.get_rect(center=box.center))
            x += bw + 2
            continue
        edge = (120, 240, 140) if state > 0 else (255, 120, 110) if state < 0 else (250, 240, 210)
        pygame.draw.rect(s, edge, box, 2 if state else 1, border_radius=max(2, r.h // 3))
        isz = r.h - 2 if it.icon and not compact else 0
        col = (200, 255, 200) if state > 0 else (255, 200, 190) if state < 0 else (255, 255, 255)
        t = gfx.text(txt, size, col, True)
        content = isz + t.get_width() + (2 if isz else 0)
        cx = box.centerx - content // 2
        if isz:
            ic = icon(it.icon, isz, (255, 255, 255))
            if ic is not None:
                s.blit(ic, (cx, box.y + 1))
            cx += isz + 2
        s.blit(t, t.get_rect(midleft=(cx, box.centery + 1)))
        x += bw + 2


def _rules_body(view: dict) -> str:
    """The rules text with keywords its text does not spell out first."""
    from .cards import rules_body
    return rules_body(shown_text(view))


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, spec: FaceSpec, view: dict | None,
                size: int | None = None) -> int:
    """The legend of ``view``'s face (icons and what they mean) in ``rect``;
    returns the height used."""
    size = max(gfx.min_size(), size or 16)
    lh = gfx.font(size).get_linesize()
    y = rect.y
    lines = spec.legend_lines(view)
    if not lines:
        return 0
    gfx.blit_text(surface, gfx.fit(game_text(spec.legend_title), size, rect.w, True), size, (rect.x, y), gfx.ACCENT, True)

    y += lh
    for ic_name, text in lines:
        ic = icon(ic_name, lh - 4, (230, 230, 240)) if ic_name else None
        tx = rect.x + lh + 2
        if ic is not None:
            surface.blit(ic, (rect.x, y + 2))
        for ln in gfx.wrap(text, size, rect.w - (tx - rect.x)):
            if y + lh > rect.bottom:
                return y - rect.y
            surface.blit(gfx.text(ln, size, gfx.TEXT), (tx, y))
            y += lh - 2
        y += 2
    return y - rect.y

