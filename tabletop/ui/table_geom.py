"""The table's fixed regions (in the 1600 x 900 virtual screen), the card
sprite, and how a choice is shown (drag and drop, group moves)."""

from __future__ import annotations

import pygame

from tabletop.engine.core import Choice

from .gfx import VW

TOP = pygame.Rect(0, 0, VW, 48)
BOTTOM = pygame.Rect(0, 836, VW, 64)
RIGHT = pygame.Rect(1250, 48, 350, 788)
PLAY = pygame.Rect(0, 48, 1250, 788)
BAR = pygame.Rect(12, 846, 1070, 44)
MENU_BTN = pygame.Rect(1468, 846, 120, 44)
SKIP_BTN = pygame.Rect(1262, 846, 196, 44)
ZOOM_POS = (1260, 196)
DRAG_START_PX = 6


def _target_list(t) -> list:
    if t is None:
        return []
    return list(t) if isinstance(t, (list, tuple)) else [t]


def is_drag(c: Choice) -> bool:
    a = c.args
    return a.get("card") is not None and (a.get("to") is not None or a.get("target") is not None)


def is_group_add(c: Choice) -> bool:
    """A follow-up choice that adds one card to a move being made (role
    ``group_add``, with a ``card``): see "Choice roles" in docs/PLUGINS.md."""
    return c.role == "group_add" and c.args.get("card") is not None


def is_group_done(c: Choice) -> bool:
    """The choice that finishes a group being built (role ``group_done``)."""
    return c.role == "group_done" and c.args.get("card") is None


class Sprite:
    __slots__ = ("key", "card", "zone", "x", "y", "w", "h", "tx", "ty", "flip_t", "turn_t", "turn_from", "order", "zdef")

    def __init__(self, key, card, zone, x, y, w, h, zdef):
        self.key, self.card, self.zone = key, card, zone
        self.x = self.tx = x
        self.y = self.ty = y
        self.w, self.h = w, h
        self.flip_t = 1.0
        self.turn_t = 1.0
        self.turn_from = 0
        self.order = 0
        self.zdef = zdef

    @property
    def sideways(self) -> bool:
        return self.card.get("orient") == "sideways"

    def rect(self) -> pygame.Rect:
        w, h = (self.h, self.w) if self.sideways else (self.w, self.h)
        return pygame.Rect(int(self.x - w / 2), int(self.y - h / 2), w, h)
