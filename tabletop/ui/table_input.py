"""Mouse and keyboard on the table: clicks, the card popup, drag and drop."""

from __future__ import annotations

import math

import pygame

from tabletop.engine.core import Choice
from tabletop.i18n import _

from .physics import HeldCard
from .table_geom import RIGHT, MENU_BTN, SKIP_BTN, DRAG_START_PX
from .table_hint import HINT_BTN
from .widgets import ActionButton, Popup


class InputMixin:
    # -- input ------------------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN:
            if self.coach is not None and not self.menu_open and self.dialog is None and self.coach.key(ev.key):
                return
            self._key(ev)
            return
        if self.menu_open or self.dialog is not None:
            return
        if ev.type == pygame.MOUSEWHEEL:
            if RIGHT.collidepoint(self.app.vmouse):
                self.log_scroll = max(0, self.log_scroll + ev.y)
                self._right = None
            return
        if self.handoff_for is not None:
            # a whole click made on this screen (the click that ended the turn doesn't count)
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                self.handoff_armed = True
            elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.handoff_armed:
                p = self.handoff_for
                self.handoff_for = None
                self.handoff_armed = False
                self.set_viewer(p)
            return
        if ev.type == pygame.MOUSEMOTION:
            self._motion(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            if ev.button == 1:
                self._down(ev.pos)
            elif ev.button == 3:
                sp = self.sprite_at(ev.pos)
                self.zoom_big = sp.card.get("card") if sp is not None and sp.card.get("card") is not None and self.zoom_big is None else None
                self.zoom_live = sp.card if self.zoom_big is not None else None
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self._up(ev.pos)

    def key_first(self, ev) -> bool:
        """Enter says yes to the open question, Esc no (before its window sees the key)."""
        if self.dialog is not None and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.answer_dialog("yes")
            return True
        if self.dialog is not None and ev.key == pygame.K_ESCAPE:
            self.answer_dialog("no")
            return True
        return False

    def _key(self, ev) -> None:
        k = ev.key
        if k == pygame.K_z and (getattr(ev, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            if self.dialog is None:
                self.request_undo()
            return
        if k == pygame.K_F1 and self.dialog is None:
            self.open_rules()
            return
        if k == pygame.K_ESCAPE:
            if self.dialog is not None:
                self.close_dialog()
            elif self.popup is not None:
                self._close_popup()
            elif self.zoom_big is not None:
                self.zoom_big = None
            elif self.held is not None:
                self._send_back()
            elif self.selected:
                self.selected = []
            elif self.menu_open:
                self.close_menu()
            else:
                self.open_menu()
        elif k == pygame.K_h and not self.menu_open and self.dialog is None and self.handoff_for is None:
            self.request_hint()
        elif k == pygame.K_SPACE and not self.menu_open and self.dialog is None:
            if self.queue.busy:
                self.skip()

    def _motion(self, pos) -> None:
        if self.popup is not None:
            self.popup.hover = self.popup.hit(pos)
        sp = self.sprite_at(pos)
        self.hover_key = sp.key if sp is not None else None
        self.hover_btn = next((b for b in self.bar_buttons if b.rect.collidepoint(pos)), None)
        if self.press is not None and self.held is None:
            key, p0 = self.press
            if math.hypot(pos[0] - p0[0], pos[1] - p0[1]) > DRAG_START_PX:
                self._start_drag(key, p0)

    def _down(self, pos) -> None:
        if self.popup is None and self.zoom_big is None and self.rule_click(pos):
            return
        if self.coach is not None and self.popup is None and self.coach.click(pos):
            return
        if self.popup is not None:
            i = self.popup.hit(pos)
            if i >= 0:
                _lab, act = self.popup.items[i]
                self.popup = None
                act()
            else:
                self._close_popup()
            return
        if self.zoom_big is not None:
            self.zoom_big = None
            return
        if self.ctl.over and self.queue.busy is False:
            for r, act in self.over_buttons:
                if r.collidepoint(pos):
                    act()
                    return
        if MENU_BTN.collidepoint(pos):
            self.open_menu()
            return
        if SKIP_BTN.collidepoint(pos) and self.queue.busy:
            self.skip()
            return
        if HINT_BTN.collidepoint(pos) and self.hint_offered():
            self.request_hint()
            return
        for b in self.bar_buttons:
            if b.rect.collidepoint(pos):
                self._bar_click(b)
                return
        sp = self.sprite_at(pos)
        if sp is not None and self.can_act():
            self.press = (sp.key, pos)

    def _up(self, pos) -> None:
        if self.held is not None:
            self._drop(pos)
            return
        if self.press is not None:
            key, _at = self.press
            self.press = None
            self._click_card(key, pos)

    def _bar_click(self, b: ActionButton) -> None:
        if b.kind == "more":
            items = [(self.label_of(c), (lambda c=c: self.apply_choice(c))) for c in self.more_choices]
            self.popup = Popup((b.rect.x, b.rect.y - 40 * min(8, len(items))), items, _("More choices"))
            self.popup.choices = list(self.more_choices)
            return
        if self.can_act():
            self.apply_choice(b.payload)

    def _click_card(self, key, pos) -> None:
        sp = self.sprites.get(key)
        if sp is None or not self.can_act():
            return
        iid = sp.card.get("iid")
        shift = pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL)
        if (shift or self.selected) and self.selectable(iid):  # click toggles once a group is being picked
            self.toggle_select(iid)
            return
        chs = self.choices_of_card(iid)
        if not chs:
            if sp.card.get("card") is not None:
                self.zoom_big, self.zoom_live = sp.card["card"], sp.card
            return
        if len(chs) == 1 and chs[0].args.get("card") != iid:
            self.apply_choice(chs[0])  # a lit target: clicking it chooses it
            return
        items = [(self.label_of(c), (lambda c=c: self.apply_choice(c))) for c in chs]
        if self.selectable(iid):
            items.append((_("Select to move with others (or shift-click)"), lambda: self.toggle_select(iid)))
        name = self.art.name(sp.card["card"]) if sp.card.get("card") else _("this card")
        self.popup = Popup(pos, items, title=str(name))
        self.popup.choices = list(chs)

    def _start_drag(self, key, p0) -> None:
        sp = self.sprites.get(key)
        self.press = None
        if sp is None:
            return
        if not self.drag_choices(sp.card.get("iid")):
            if sp.card.get("iid") is not None and not self.choices_of_card(sp.card["iid"]):
                self.refuse(self.why_not_pick(sp.card["iid"]))  # a card with no move says why
            return
        iid = sp.card.get("iid")
        if self.selected and iid not in self.selected and self.selectable(iid):
            self.selected.append(iid)
        elif self.selected and iid not in self.selected:
            self.selected = []
        self.held = HeldCard(key, (sp.x, sp.y), (sp.w, sp.h), p0)
        self.held_card = sp
        self.popup = None

    def _drop(self, pos) -> None:
        h, sp = self.held, self.held_card
        iid = sp.card.get("iid")
        held_rect = pygame.Rect(0, 0, sp.rect().w, sp.rect().h)
        held_rect.center = (int(h.pos[0]), int(h.pos[1]))
        hits, where = self.drop_matches(iid, pos, held_rect)
        if len(hits) == 1:
            self._end_drag(settle=True)
            self._apply_drop(hits[0])
        elif hits:
            items = [(self.label_of(c), (lambda c=c: (self._end_drag(settle=True), self._apply_drop(c)))) for c in hits]
            self.popup = Popup(pos, items, _("Choose how"), on_cancel=self._send_back)
            self.popup.choices = list(hits)
        else:
            if where is not None or not RIGHT.collidepoint(pos):
                self.refuse(self.why_not_drop(iid, where) if where is not None else _("No legal move there: the card goes back."))

            self._send_back()

    def _apply_drop(self, c: Choice) -> None:
        """A drop: the dragged card's choice; with a group selected, the rest of
        the group follows through the follow-up decision (see _group_step)."""
        group = [i for i in self.selected if i != c.args.get("card")]
        self.selected = []
        self.group_pending = group
        self.group_active = bool(group)
        self.group_added = False
        self.apply_choice(c)

    def _close_popup(self) -> None:
        p = self.popup
        self.popup = None
        if p is not None and p.on_cancel:
            p.on_cancel()

    def _end_drag(self, settle: bool) -> None:
        h, sp = self.held, self.held_card
        if h is not None and sp is not None:
            sp.x, sp.y = h.pos  # the layout slides it from where it was let go
        if h is not None:
            h.dispose()
        self.held = None
        self.held_card = None

    def _send_back(self) -> None:
        """A card let go where it can't go slides home on a spring."""
        h, sp = self.held, self.held_card
        self.held, self.held_card = None, None
        if h is None or sp is None:
            return
        h.release_home((sp.tx, sp.ty))
        self.returning.append(h)
