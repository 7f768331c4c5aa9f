"""Hand-written table widgets: the action bar's buttons and the popup menu.

They are hand-written (not pygame_gui) because they are rebuilt at every
decision, share the table's hit-testing with drag and drop, and are drawn
from cached surfaces inside the 8 ms frame budget; pygame_gui elements are
used for the menus, lists, text entry and dialogs.
"""

from __future__ import annotations

import pygame

from . import gfx


class ActionButton:
    def __init__(self, rect: pygame.Rect, label: str, payload, kind: str = "choice", accent=False):
        self.rect = rect
        self.label = label
        self.payload = payload
        self.kind = kind
        self.accent = accent

    def draw(self, surf, hover: bool, enabled: bool = True) -> None:
        fill = gfx.PANEL_HI if not hover else (70, 84, 108)
        if self.accent:
            fill = (92, 72, 30) if not hover else (122, 96, 40)
        if not enabled:
            fill = (36, 40, 48)
        gfx.panel(surf, self.rect, fill, gfx.ACCENT if hover and enabled else gfx.LINE, 7, 2 if hover else 1)
        col = gfx.TEXT if enabled else gfx.DIM
        label = gfx.fit(self.label, 18, self.rect.w - 16, True)
        gfx.blit_text(surf, label, 18, self.rect.center, col, True, anchor="center")


def layout_buttons(labels: list[str], area: pygame.Rect, size: int = 18, min_w: int = 110, max_w: int = 330, gap: int = 8):
    """Rects for buttons in a row inside ``area``; returns (rects, how many fit).
    A button is at most ``max_w`` wide, so that more of them fit; when all fit,
    the room left in the row goes to the labels that were cut short, first
    come first served, so that they show whole where they can."""
    f = gfx.font(size, True)
    want = [max(min_w, f.size(lab)[0] + 28) for lab in labels]
    widths: list = []
    x = area.x
    for w in want:
        w = min(max_w, w)
        if x + w > area.right:
            break
        widths.append(w)
        x += w + gap
    if widths and len(widths) == len(labels):
        spare = area.right - (x - gap)
        for i, w in enumerate(widths):
            if spare <= 0:
                break
            more = min(spare, want[i] - w)
            if more > 0:
                widths[i] += more
                spare -= more
    rects = []
    x = area.x
    for w in widths:
        rects.append(pygame.Rect(x, area.y, w, area.h))
        x += w + gap
    return rects, len(rects)


class Popup:
    """A small menu of labelled items near a point; ``on_cancel`` when closed."""

    ITEM_H = 34

    def __init__(self, pos, items: list[tuple[str, object]], title: str = "", on_cancel=None, bounds=pygame.Rect(0, 0, gfx.VW, gfx.VH)):
        self.items = items
        self.title = title
        self.on_cancel = on_cancel
        f = gfx.font(18, True)
        head = 30 if title else 0
        # long lists go into columns so the menu always fits the screen
        self.rows = max(1, min(len(items), (bounds.h - 40 - head) // self.ITEM_H))
        self.cols = max(1, -(-len(items) // self.rows))
        colw = max([f.size(lab)[0] for lab, _ in items] + [0]) + 36
        colw = max(200, min(560 if self.cols == 1 else max(200, (bounds.w - 40) // self.cols), colw))
        self.colw = colw
        w = max(colw * self.cols, gfx.font(16).size(title)[0] + 30 if title else 0)
        h = self.rows * self.ITEM_H + head + 10
        self.rect = pygame.Rect(int(pos[0]) + 8, int(pos[1]) - h // 2, w, h)
        self.rect.clamp_ip(bounds.inflate(-8, -8))
        self.hover = -1
        self.choices: list = []  # the Choice behind each item, when items are choices

    def item_rect(self, i: int) -> pygame.Rect:
        top = self.rect.y + 5 + (30 if self.title else 0)
        col, row = divmod(i, self.rows)
        return pygame.Rect(self.rect.x + 5 + col * self.colw, top + row * self.ITEM_H, self.colw - 10, self.ITEM_H - 2)

    def hit(self, pos) -> int:
        for i in range(len(self.items)):
            if self.item_rect(i).collidepoint(pos):
                return i
        return -1

    def draw(self, surf) -> None:
        shadow = self.rect.move(4, 5)
        pygame.draw.rect(surf, (0, 0, 0), shadow, border_radius=9)
        gfx.panel(surf, self.rect, (30, 36, 46), gfx.ACCENT, 9, 2)
        if self.title:
            gfx.blit_text(surf, gfx.fit(self.title, 16, self.rect.w - 20), 16, (self.rect.x + 12, self.rect.y + 9), gfx.DIM)
        for i, (lab, _) in enumerate(self.items):
            r = self.item_rect(i)
            if i == self.hover:
                pygame.draw.rect(surf, (70, 84, 108), r, border_radius=6)
            gfx.blit_text(surf, gfx.fit(lab, 18, r.w - 16, True), 18, (r.x + 10, r.centery), gfx.TEXT, True, anchor="midleft")
