"""A game's ``layout.toml`` (schema in docs/PLUGINS.md): zones, counters and
labels in the 1600x900 virtual space, with keys relative to the viewer
(``self.``/``opp.``/``shared.``), and where each card of a zone sits.

A game without a layout file gets an automatic one built from its view's
zone keys, so every plugin can be shown.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from tabletop.engine import tomlio
from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_

KINDS = ("pile", "row", "slots", "fan", "stack", "grid")
PLAY_RECT = pygame.Rect(0, 52, 1244, 780)   # where a game's zones may sit
# the automatic layout's neutral defaults (a layout.toml's [auto] section names the game's own)
AUTO_PILES = ("deck", "discard")   # zone names drawn as piles
AUTO_FANS = ("hand",)              # zone names drawn as fanned hands
FACE_DOWN_TAG = N_("DOWN")             # the tag on a face-down card its owner may see


@dataclass
class ZoneDef:
    key: str                   # relative key (self.hand)
    kind: str
    rect: pygame.Rect
    label: str = ""
    slots: int = 0
    scale: float = 1.0
    show_count: bool = False
    sideways_ok: bool = False
    show_backs: bool = False   # face-down cards show their back even to a player who knows them (a deck)


@dataclass
class CounterDef:
    key: str
    owner: str                 # self | opp
    rect: pygame.Rect
    label: str = ""
    style: str = "number"      # number | bar | track
    min: float = 0
    max: float = 0
    marks: list = field(default_factory=list)


@dataclass
class LabelDef:
    path: str
    rect: pygame.Rect
    fmt: str = "{}"
    player: bool = False       # the value is a player index: shown as that player's name
    size: int = 18
    hide_empty: bool = False   # draw nothing while the value is empty / false / -1
    empty: str = ""            # (player labels) the whole text while the value is no player


@dataclass
class MarkDef:
    """A ``[[mark]]``: a dotted path into the view. With ``zone`` it draws a
    face-down card with ``text`` in that zone while the value is true (a
    hidden pick the other player has made); without, the card(s) whose iid
    the value names get a ``text`` tag (one's own pick)."""
    path: str
    text: str = ""
    zone: str = ""


@dataclass
class Layout:
    card_size: tuple = (84, 118)
    background: tuple = (29, 74, 53)
    zones: list = field(default_factory=list)
    counters: list = field(default_factory=list)
    labels: list = field(default_factory=list)
    marks: list = field(default_factory=list)
    countdown: pygame.Rect = field(default_factory=lambda: pygame.Rect(1064, 402, 170, 76))
    banner: pygame.Rect | None = None   # where step banners show (default: centred on the play area)
    card_colors: dict = field(default_factory=dict)   # card type (lower case) -> frame colour, for cards
    drops: dict = field(default_factory=dict)   # choice kind -> zone ("self.hand") a card-only choice is dragged to
                                                      # whose describe_card gives no "color"
    face_down_tag: str = FACE_DOWN_TAG
    auto: bool = False

    def absolute(self, rel: str, viewer: int) -> str:
        """``self.hand`` -> ``p0.hand`` for viewer 0."""
        if rel.startswith("self."):
            return f"p{viewer}.{rel[5:]}"
        if rel.startswith("opp."):
            return f"p{1 - viewer}.{rel[4:]}"
        return rel

    def relative(self, key: str, viewer: int) -> str:
        if key.startswith(f"p{viewer}."):
            return "self." + key.split(".", 1)[1]
        if key.startswith(f"p{1 - viewer}."):
            return "opp." + key.split(".", 1)[1]
        return key


def game_dir(game) -> Path | None:
    """The folder of a game's data files (layout.toml, lessons/)."""
    try:
        from tabletop.engine.registry import game_dir as _registry_game_dir
        d = _registry_game_dir(game)
        if d is not None:
            return Path(d)
    except (ImportError, TypeError, AttributeError, ValueError):
        pass
    pd = getattr(game, "package_dir", None)
    if pd:
        return Path(pd)
    mod = sys.modules.get(type(game).__module__)
    f = getattr(mod, "__file__", None)
    return Path(f).resolve().parent if f else None


def _rect(v, fallback=(0, 0, 10, 10)) -> pygame.Rect:
    try:
        x, y, w, h = (int(n) for n in v)
        return pygame.Rect(x, y, max(1, w), max(1, h))
    except (TypeError, ValueError):
        return pygame.Rect(*fallback)


def load_layout(game, view: dict | None = None) -> Layout:
    """The game's layout.toml, or an automatic layout from ``view``'s zones
    (also when the file lists no ``[[zone]]``: its ``[auto]`` section then
    names the piles and fans). Malformed entries are skipped, never fatal."""
    d = game_dir(game)
    path = d / "layout.toml" if d else None
    if path is None or not path.exists():
        return auto_layout(view or {})
    try:
        data = tomlio.load(path)
    except TabletopError as exc:
        print(f"tabletop: {exc}; using an automatic layout", file=sys.stderr)
        return auto_layout(view or {})
    zones = data.get("zone", []) if isinstance(data.get("zone"), list) else []
    if zones:
        lay = Layout()
    else:
        au = data.get("auto", {}) if isinstance(data.get("auto"), dict) else {}
        lay = auto_layout(view or {}, _names(au.get("piles"), AUTO_PILES), _names(au.get("fans"), AUTO_FANS))
    t = data.get("table", {}) if isinstance(data.get("table"), dict) else {}
    from .gfx import color
    try:
        cw, ch = (int(n) for n in t.get("card_size", (84, 118)))
        lay.card_size = (max(20, cw), max(28, ch))
    except (TypeError, ValueError):
        pass
    lay.background = color(t.get("background", "#1d4a35"), (29, 74, 53))
    if isinstance(t.get("face_down_tag"), str):
        lay.face_down_tag = t["face_down_tag"]
    dr = data.get("drops", {}) if isinstance(data.get("drops"), dict) else {}
    lay.drops = {str(k): v for k, v in dr.items() if isinstance(v, str)}
    cc = data.get("card_colors", {}) if isinstance(data.get("card_colors"), dict) else {}
    for typ, value in cc.items():
        rgb = color(value, None)
        if rgb is not None:
            lay.card_colors[str(typ).lower()] = rgb
    for z in zones:
        if not isinstance(z, dict) or not isinstance(z.get("key"), str):
            continue
        kind = z.get("kind", "row") if z.get("kind") in KINDS else "row"
        try:
            lay.zones.append(ZoneDef(z["key"], kind, _rect(z.get("rect")), str(z.get("label", "")),
                                     int(z.get("slots", 0) or 0), float(z.get("scale", 1.0) or 1.0),
                                     bool(z.get("show_count", kind in ("pile", "stack"))), bool(z.get("sideways_ok", False)),
                                     bool(z.get("show_backs", False))))
        except (TypeError, ValueError):
            continue
    for c in data.get("counter", []) if isinstance(data.get("counter"), list) else []:
        if not isinstance(c, dict) or not isinstance(c.get("key"), str):
            continue
        try:
            lay.counters.append(CounterDef(c["key"], "opp" if c.get("owner") == "opp" else "self", _rect(c.get("rect")),
                                           str(c.get("label", c["key"])), c.get("style", "number") if c.get("style") in ("number", "bar", "track") else "number",
                                           float(c.get("min", 0) or 0), float(c.get("max", 0) or 0),
                                           [float(m) for m in c.get("marks", []) if isinstance(m, (int, float))]))
        except (TypeError, ValueError):
            continue
    if t.get("countdown") is not None:
        lay.countdown = _rect(t.get("countdown"), tuple(lay.countdown))
    if t.get("banner") is not None:
        lay.banner = _rect(t.get("banner"), (240, 380, 760, 130))
    for mk in data.get("mark", []) if isinstance(data.get("mark"), list) else []:
        if isinstance(mk, dict) and isinstance(mk.get("path"), str):
            lay.marks.append(MarkDef(mk["path"], str(mk.get("text", "")), str(mk.get("zone", ""))))
    for lb in data.get("label", []) if isinstance(data.get("label"), list) else []:
        if isinstance(lb, dict) and isinstance(lb.get("path"), str):
            try:
                size = max(10, min(40, int(lb.get("size", 18))))
            except (TypeError, ValueError):
                size = 18
            lay.labels.append(LabelDef(lb["path"], _rect(lb.get("rect")), str(lb.get("format", "{}")),
                                       bool(lb.get("player", False)), size, bool(lb.get("hide_empty", False)),
                                       str(lb.get("empty", ""))))
    return lay


def _names(value, default: tuple) -> tuple:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(v.lower() for v in value)
    return default


def auto_layout(view: dict, piles: tuple = AUTO_PILES, fans: tuple = AUTO_FANS) -> Layout:
    """A plain layout from a view's zone keys: the viewer's zones at the bottom,
    the opponent's at the top, shared ones in the middle. Zones named in
    ``piles`` are piles (their face-down cards show backs), those in ``fans``
    fanned hands, the rest rows."""
    lay = Layout(auto=True)
    zones = list(view.get("zones", {}).keys())
    groups = {"opp": [], "shared": [], "self": []}
    for k in zones:
        if k.startswith("p0."):
            groups["self"].append("self." + k[3:])
        elif k.startswith("p1."):
            groups["opp"].append("opp." + k[3:])
        elif not k.startswith("att."):
            groups["shared"].append(k)
    bands = {"opp": (56, 300), "shared": (360, 150), "self": (516, 312)}
    for side, keys in groups.items():
        if not keys:
            continue
        y0, hgt = bands[side]
        pile_keys = [k for k in keys if k.split(".", 1)[1].lower() in piles]
        others = [k for k in keys if k not in pile_keys]
        if side == "opp":
            others.reverse()
        rows = max(1, min(2, len(others)))
        row_h = hgt // rows
        for i, k in enumerate(others):
            r = i % rows if side != "opp" else (rows - 1 - i % rows)
            per_row = (len(others) + rows - 1) // rows
            col = i // rows
            w = (1040 // max(1, per_row))
            kind = "fan" if k.split(".", 1)[1].lower() in fans else "row"
            lay.zones.append(ZoneDef(k, kind, pygame.Rect(10 + col * w, y0 + r * row_h, w - 10, row_h - 6), k.split(".", 1)[1].replace("_", " ").title()))
        for i, k in enumerate(pile_keys):
            col = i % 2
            row = i // 2
            lay.zones.append(ZoneDef(k, "pile", pygame.Rect(1060 + col * 92, y0 + row * 150, 88, 146), k.split(".", 1)[1].title(),
                                     show_count=True, show_backs=True))
    return lay


#: the strip at the bottom of a zone that its name is written in
LABEL_H = 18


def fit_scale(zd: ZoneDef, card_size) -> float:
    """Card size multiplier for a zone: its scale, shrunk to fit the rect height."""
    cw, ch = card_size
    s = zd.scale
    if zd.kind in ("pile", "row", "slots", "fan", "stack", "grid"):
        room = zd.rect.h - 6 - (LABEL_H - 2 if zd.label and zd.kind in ("pile", "slots", "stack") else 0)  # the label stays readable
        if zd.kind == "fan":
            room -= fan_arc(zd)  # the outer cards of the arc stay inside the hand's frame
        s = min(s, room / ch) if zd.rect.h > 20 else s
    return max(0.3, s)


def fan_arc(zd: ZoneDef) -> float:
    """How far the outermost cards of a fanned hand drop below the middle ones."""
    return min(10.0, zd.rect.h * 0.08)


def slot_rects(zd: ZoneDef, card_size) -> list[pygame.Rect]:
    s = fit_scale(zd, card_size)
    w, h = int(card_size[0] * s), int(card_size[1] * s)
    n = max(1, zd.slots)
    step = zd.rect.w / n
    out = []
    for i in range(n):
        cx = zd.rect.x + step * (i + 0.5)
        top = zd.rect.y + 3
        out.append(pygame.Rect(int(cx - w / 2), top, w, h))
    return out


def place(zd: ZoneDef, cards: list, card_size, label_w: float = 0) -> list[tuple[float, float, int, int]]:
    """Centre x, y and card width, height for each card of a zone, in order
    (later cards drawn on top). Cards never overlap except in fans, stacks and
    piles (which overlap on purpose) and in rows too full to fit. The zone's
    name stays readable: a stack stops above it, and a row whose cards reach
    down to it (``label_w``: the name's width as drawn, at the bottom left)
    moves right of it where the row has the room."""
    s = fit_scale(zd, card_size)
    w, h = int(card_size[0] * s), int(card_size[1] * s)
    r = zd.rect
    n = len(cards)
    out = []
    if n == 0:
        return out
    if zd.kind == "pile":
        # one spot; a little thickness: the top card sits highest
        cy = r.y + 3 + h / 2
        return [(r.centerx, cy + 3 - min(i, 6) * 0.8, w, h) for i in range(n)]
    if zd.kind == "stack":
        room = r.h - (LABEL_H - 2 if zd.label else 0)
        step = max(0.0, min(14.0, (room - h) / max(1, n - 1))) if n > 1 else 0
        return [(r.centerx, r.y + h / 2 + i * step, w, h) for i in range(n)]
    if zd.kind == "slots":
        rects = slot_rects(zd, card_size)
        for i, c in enumerate(cards):
            sl = c.get("slot") if isinstance(c, dict) else None
            if not isinstance(sl, int) or not 0 <= sl < len(rects):
                sl = min(i, len(rects) - 1)
            rr = rects[sl]
            out.append((rr.centerx, rr.centery, w, h))
        return out
    if zd.kind == "grid":
        cols = max(1, r.w // (w + 6))
        rows_n = (n + cols - 1) // cols
        gh = min(h + 6, (r.h - h - 6) / max(1, rows_n - 1) if rows_n > 1 else h + 6)
        for i in range(n):
            cx = r.x + w / 2 + 3 + (i % cols) * (w + 6)
            cy = r.y + h / 2 + 3 + (i // cols) * gh
            out.append((cx, cy, w, h))
        return out
    # row and fan: centred, spaced by card width (a sideways card takes its
    # height), overlapping only when too many
    gap = 8 if zd.kind == "row" else 4
    widths = [h if zd.kind == "row" and isinstance(c, dict) and c.get("orient") == "sideways" else w for c in cards]
    room = r.w - 8
    if n > 1 and sum(widths) + gap * (n - 1) > room:
        gap = (room - sum(widths)) / (n - 1)
    total = sum(widths) + gap * (n - 1)
    x = r.centerx - total / 2
    if label_w and zd.kind == "row" and r.centery + h / 2 > r.bottom - LABEL_H:
        left = r.x + label_w + 12  # clear of the name, written from r.x + 6
        if x < left and left + total <= r.right - 4:
            x = left
    for i in range(n):
        cy = r.centery
        if zd.kind == "fan" and n > 2:
            t = (i - (n - 1) / 2) / max(1, (n - 1) / 2)
            cy += (abs(t) ** 2 - 0.5) * fan_arc(zd)
        out.append((x + widths[i] / 2, cy, w, h))
        x += widths[i] + gap
    return out
