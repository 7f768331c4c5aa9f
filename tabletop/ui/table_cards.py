"""The card layer of the table: which sprite is drawn where and lit how; the drawing of one card is in card_draw.py."""

from __future__ import annotations

import pygame

from . import card_draw, gfx
from .cards import live_key
from .table_geom import _target_list


class CardsMixin:
    def _card_surface(self, sp, w, h, sideways):
        return card_draw.card_image(self.art, sp.card, sp.zdef, w, h, sideways)

    def _card_marks(self) -> tuple[set, set]:
        """The cards that have a move (choice) and the targets of choices, for their outlines."""
        choice_cards = set()
        target_cards = set()
        if self.can_act() and self.held is None:
            for c in self.my_choices():
                if c.args.get("card") is not None:
                    choice_cards.add(c.args["card"])
                elif c.args.get("target") is not None:
                    target_cards.update(_target_list(c.args["target"]))
        return choice_cards, target_cards

    def _split_cards(self) -> tuple[list, list, dict]:
        """The sprites drawn this frame: those standing still, those on the
        move (sliding, turning, flipping or flying home) and the returning
        ones. A card that moved stays with the moving ones until every card
        has come to rest, so the still layer is redrawn once per settled
        table rather than each time one card of a sliding hand stops."""
        still, moving = [], []
        held_key = self.held_card.key if self.held_card is not None else None
        followers = set(self.selected) if held_key is not None else set()
        returning = {h.key: h for h in self.returning}
        unsettled = getattr(self, "_unsettled", None)
        if unsettled is None:
            unsettled = self._unsettled = set()
        busy = False
        for sp in self.order:
            if sp.order < 0 or sp.key == held_key or sp.key in followers:
                continue
            if (sp.key in returning or abs(sp.x - sp.tx) > 1 or abs(sp.y - sp.ty) > 1
                    or sp.flip_t < 1.0 or sp.turn_t < 1.0):
                busy = True
                unsettled.add(sp.key)
                moving.append(sp)
            elif sp.key in unsettled:
                moving.append(sp)
            else:
                still.append(sp)
        if not busy and unsettled:
            unsettled.clear()
            still, moving = [sp for sp in self.order if sp.order >= 0 and sp.key != held_key and sp.key not in followers], []
        return still, moving, returning

    def _still_key(self, still, marks, lit_t, under) -> tuple[tuple, dict]:
        """Everything the still layer shows: what the whole picture depends on,
        and for each card standing still what its picture depends on."""
        choice_cards, target_cards = marks
        sel = self.selected
        head = (self._bg, gfx.generation, under, self.art.drawn)
        parts = {}
        for sp in still:
            c = sp.card
            iid = c.get("iid")
            parts[sp.key] = (int(sp.tx), int(sp.ty), sp.w, sp.h, sp.sideways, sp.zone, c.get("card"), c.get("face"),
                             live_key(c), _attached_key(c.get("attached")), _counters_key(c.get("counters")),
                             iid in lit_t, iid in target_cards, iid in choice_cards,
                             sel.index(iid) if iid in sel else -1)
        return head, parts

    def _draw_still(self, surf, still, marks, lit_t, under, paint_under) -> None:
        """The table and every card standing still, as one picture kept from
        frame to frame (with 100+ cards on the table, drawing them one by one
        would take the whole frame budget). When cards start or stop moving,
        only the part of the picture they cover is drawn again (clipped, the
        cards under and over them in their order); when the cloth or the lit
        zones change, all of it. ``paint_under`` draws what lies between the
        cloth and the cards (zones lit for a held card); ``under`` is its key."""
        head, parts = self._still_key(still, marks, lit_t, under)
        layer = getattr(self, "_still_layer", None)   # (head, parts, picture)
        if layer is not None and layer[2].get_size() != surf.get_size():
            layer = None
        if layer is None or layer[0] != head:
            pic = layer[2] if layer is not None else pygame.Surface(surf.get_size()).convert(surf)
            areas = [None]
        elif layer[1] != parts:
            pic, old = layer[2], layer[1]
            areas = _merged([_part_area(p) for k in old.keys() | parts.keys() for p in (old.get(k), parts.get(k))
                             if p is not None and old.get(k) != parts.get(k)])
        else:
            pic = None
        self._heavy = pic is not None  # a busy frame: other pictures may wait a frame (DrawMixin.stale)
        if pic is not None:
            stood_in = self.art.stand_ins
            for area in areas:
                pic.set_clip(area)
                pic.blit(self._bg, area.topleft if area is not None else (0, 0), area)
                paint_under(pic)
                for sp in still:
                    if area is None or area.colliderect(_part_area(parts[sp.key])):
                        self._blit_sprite(pic, sp, marks[0], marks[1], lit_t, still=True)
            pic.set_clip(None)
            # a card drawn as a stand-in (this frame's budget for new faces was spent) is drawn again next frame
            self._still_layer = layer = (head if self.art.stand_ins == stood_in else None, parts, pic)
        surf.blit(layer[2], (0, 0))
        # the pointer's card is outlined over the layer: moving the pointer redraws nothing else
        sp = self.sprites.get(self.hover_key) if self.held is None and self.hover_key is not None else None
        if sp is not None and sp in still:
            card_draw.draw_highlight(surf, sp.rect(), "hover")

    def _draw_cards(self, surf, lit_t, marks, moving, returning) -> None:
        """The cards on the move, over the still layer, then marks, stat pops and pile counts."""
        for sp in moving:
            h = returning.get(sp.key)
            if h is not None:
                self._blit_rotated(surf, sp, h.pos, h.angle_deg)
            else:
                self._blit_sprite(surf, sp, marks[0], marks[1], lit_t)
        self._draw_marks(surf)
        self._draw_stat_pops(surf)
        # pile counts
        for zd in self.layout.zones:
            if zd.show_count:
                key = self.zone_key(zd)
                n = len(self.view.get("zones", {}).get(key, []))
                card_draw.draw_pile_count(surf, zd.rect, n)

    def _draw_stat_pops(self, surf) -> None:
        """A number pops up from a card whose printed stat changed where it
        stands (+500 ATK, -2 Might) and rises as it fades."""
        seen = getattr(self, "_stat_seen", None)
        if seen is None:
            seen = self._stat_seen = {}
        # the shown stats change only when an event starts or the view is refreshed
        scan = getattr(self, "_stats_dirty", True) or getattr(self, "_stat_view", None) is not self.view
        self._stat_view, self._stats_dirty = self.view, False
        for sp in (self.order if scan else ()):
            c = sp.card
            if sp.order < 0 or not (c.get("counters") or c.get("stats")) or c.get("card") is None:
                continue
            keys = self.art.face_counters(c["card"])
            if not keys:
                continue
            cs, st = c.get("counters") or {}, c.get("stats") or {}
            now = (sp.zone, tuple(cs.get(k, st.get(k)) for k in keys))
            old = seen.get(sp.key)
            seen[sp.key] = now
            if old is None or old[0] != now[0] or old[1] == now[1]:
                continue
            for k, a, b in zip(keys, old[1], now[1]):
                if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a != b:
                    self.pops[("card", sp.key, k)] = [0.0, b - a]
        for key, (t, d) in list(self.pops.items()):
            sp = self.sprites.get(key[1]) if key[0] == "card" else None
            if sp is None:
                continue
            card_draw.draw_stat_pop(surf, sp.x, sp.y - sp.h / 2, t, d)

    def _blit_sprite(self, surf, sp, choice_cards, target_cards, lit_t, still: bool = False) -> None:
        sideways = sp.sideways
        img = self._card_surface(sp, sp.w, sp.h, sideways)
        if sp.turn_t < 1.0:
            ang = sp.turn_from + ((90 if sideways else 0) - sp.turn_from) * sp.turn_t
            img = card_draw.turned(self._card_surface(sp, sp.w, sp.h, False), ang)
        if sp.flip_t < 1.0:
            img = card_draw.flipped(img, sp.flip_t)
        r = img.get_rect(center=(int(sp.x), int(sp.y)))
        attached = sp.card.get("attached") or []
        card_draw.draw_attached(surf, self.art, r, attached, sp.w, sp.h)
        iid = sp.card.get("iid")
        if iid is not None and iid in lit_t:
            card_draw.draw_highlight(surf, r, "lit")
        elif iid is not None and iid in target_cards:
            card_draw.draw_highlight(surf, r, "target")
        elif iid is not None and iid in choice_cards:
            card_draw.draw_highlight(surf, r, "choice")
        surf.blit(img, r)
        card_draw.draw_attached_count(surf, r, attached)
        if sp.key == self.hover_key and self.held is None and not still:
            card_draw.draw_highlight(surf, r, "hover")
        counters = sp.card.get("counters") or {}
        if counters:
            self._draw_card_counters(surf, r, counters, sp.card.get("card"))
        if iid is not None and iid in self.selected:
            self._draw_selected(surf, r, self.selected.index(iid) + 1)

    def _draw_selected(self, surf, r, n) -> None:
        card_draw.draw_selected(surf, r, n)

    def _draw_marks(self, surf) -> None:
        """``[[mark]]`` entries: a hidden pick as a face-down card in a zone, or
        a tag on the card(s) a path names."""
        for mk in self.layout.marks:
            v = self._path_raw(mk.path)
            if mk.zone:
                if not v:
                    continue
                zd = next((z for z in self.layout.zones if z.key == mk.zone), None)
                if zd is None or self.view.get("zones", {}).get(self.zone_key(zd)):
                    continue  # only an empty zone shows the hidden pick
                from .layout import fit_scale
                k = fit_scale(zd, self.layout.card_size)
                w, h = int(self.layout.card_size[0] * k), int(self.layout.card_size[1] * k)
                img = self.art.get(None, w, h)
                rr = img.get_rect(center=zd.rect.center)
                surf.blit(img, rr)
                if mk.text:
                    self._tag(surf, rr, mk.text)
                continue
            ids = v if isinstance(v, list) else [v]
            for iid in ids:
                sp = self.sprites.get(iid) if isinstance(iid, int) else None
                if sp is not None and mk.text and sp.order >= 0 and (self.held_card is None or self.held_card.key != sp.key):
                    self._tag(surf, sp.rect(), mk.text)

    def _tag(self, surf, r, text) -> None:
        card_draw.draw_tag(surf, r, text)

    def _draw_card_counters(self, surf, r, counters, card_id=None) -> None:
        card_draw.draw_card_counters(surf, r, counters, card_draw.printed_stats(self.art, card_id),
                                     set(self.art.face_counters(card_id)) if card_id is not None else set())

    def _blit_rotated(self, surf, sp, pos, angle) -> None:
        card_draw.draw_rotated(surf, self._card_surface(sp, sp.w, sp.h, sp.sideways), pos, angle)

    def _draw_held(self, surf) -> None:
        sp, h = self.held_card, self.held
        x, y = h.pos
        others = [self.sprites.get(i) for i in self.selected if i != sp.key]
        for j, o in enumerate(o for o in reversed(others) if o is not None):
            k = len(others) - j
            self._blit_rotated(surf, o, (x - 14 * k, y - 10 * k), h.angle_deg * 0.6)
        if others:
            card_draw.draw_group_count(surf, x, y, sp.h, len(others) + 1)
        card_draw.draw_shadow(surf, sp.w, sp.h, x, y, h.angle_deg)
        self._blit_rotated(surf, sp, (x, y), h.angle_deg)


def _attached_key(attached) -> tuple:
    return tuple((a.get("card"), a.get("face")) for a in attached) if attached else ()


def _counters_key(counters) -> tuple:
    return tuple(sorted((str(k), str(v)) for k, v in counters.items())) if counters else ()


def _merged(rects: list) -> list:
    """``rects`` with every overlapping pair joined, so that no spot is drawn
    twice; cards that started moving in the two hands at once give two small
    areas to draw again rather than one spanning the table."""
    out: list = []
    for r in rects:
        r = pygame.Rect(r)
        i = r.collidelist(out)
        while i >= 0:
            r.union_ip(out.pop(i))
            i = r.collidelist(out)
        out.append(r)
    return out


def _part_area(part) -> pygame.Rect:
    """Where a still card's picture may reach: its rect, its outline, and the
    cards attached under it peeking out below with their count."""
    x, y, w, h, sideways = part[:5]
    if sideways:
        w, h = h, w
    r = pygame.Rect(x - w // 2 - 14, y - h // 2 - 14, w + 28, h + 28)
    r.h += 52 if part[9] else 0
    return r
