"""Undo and take-back on the table (the plans come from undo.py)."""

from __future__ import annotations

import pygame

from tabletop.i18n import _, ngettext

from . import gfx
from .gfx import VW


class UndoMixin:
    # -- undo (against the computer) and take-back (at one screen) ------------------------------------------
    def undo_label(self) -> str:
        """The game menu's entry for undo, or "" when there is none here."""
        ctl = self.ctl
        if self.frozen or (self.coach is not None and not self.coach.table_undo) or not hasattr(ctl, "undo_plan"):
            return ""
        if ctl.hotseat:
            return _("Ask to take back (Ctrl+Z)")
        if ctl.vs_computer and self.app.settings.allow_undo:
            return _("Undo (Ctrl+Z)")
        return ""

    def request_undo(self) -> None:
        """Ctrl+Z or the menu's Undo. Against the computer: take back the
        person's last choice with the computer's replies after it, at once.
        At one screen: ask the other player, on a screen that hides the table.
        Either way tabletop.ui.undo decides how far back it may go (never past
        hidden information the player has seen). In a lesson: the coach's Back."""
        if self.frozen or self.dialog is not None or self.takeback is not None:
            return
        if self.coach is not None and not self.coach.table_undo:
            self.coach.back()
            return
        ctl = self.ctl
        if not hasattr(ctl, "undo_plan"):
            return
        if self.menu_open:
            self.menu_open = False
            self.app._rebuild()
        if self.held is not None:
            self._send_back()
        self.popup = None
        if ctl.hotseat:
            self.request_takeback()
            return
        if not ctl.vs_computer:
            return
        if not self.app.settings.allow_undo:
            self.app.toast(_("Undo against the computer is switched off (Settings)."))
            return
        plan = ctl.undo_plan(ctl.humans()[0])
        if not plan.ok:
            self.app.toast(plan.message)
            return
        self._rewind(plan)
        self.app.toast(plan.message, ok=True)

    def request_takeback(self) -> None:
        """At one screen: the player at the screen asks to take back their last
        move; the table is hidden and the other player accepts or declines."""
        r = self.viewer
        plan = self.ctl.undo_plan(r, self._name(r))
        if not plan.ok:
            self.app.toast(plan.message)
            return
        self.takeback = (r, plan)
        self._open_takeback_dialog()

    def _open_takeback_dialog(self) -> None:
        r, plan = self.takeback
        a = 1 - r
        if plan.limited:
            what = ngettext("{name} asks to take back the last {n} step. {message}",
                            "{name} asks to take back the last {n} steps. {message}", plan.count).format(
                name=self._name(r), n=plan.count, message=plan.message)
        elif plan.count > 1:
            what = ngettext("{name} asks to take back: {move}, and the {n} step after it.",
                            "{name} asks to take back: {move}, and the {n} steps after it.", plan.count - 1).format(
                name=self._name(r), move=self.gw(plan.label), n=plan.count - 1)
        else:
            what = _("{name} asks to take back: {move}.").format(name=self._name(r), move=self.gw(plan.label))
        ask = _("{name}, do you accept?").format(name=self._name(a))
        self.open_confirm(f"{what}<br><br>{ask}", self._accept_takeback, self._decline_takeback,
                          title=_("Take back a move?"), yes=_("Accept"), no=_("Decline"),
                          rect=pygame.Rect(VW // 2 - 280, 330, 560, 280))

    def _accept_takeback(self) -> None:
        if self.takeback is None:
            return
        r, plan = self.takeback
        self.takeback = None
        if not self._rewind(plan):
            self.app.toast(_("The game moved on: the take-back no longer applies."))
        else:
            self.app.toast(_("{name} accepted. {message}").format(name=self._name(1 - r), message=plan.message), ok=True)
        d = self.ctl.decider()
        self.handoff_for = d if d is not None else r  # the screen is with the other player: pass it on
        self.handoff_armed = False

    def _decline_takeback(self) -> None:
        if self.takeback is None:
            return
        r, _plan = self.takeback
        self.takeback = None
        self.app.toast(_("{name} declined the take-back.").format(name=self._name(1 - r)))
        self.handoff_for = r  # give the screen back to the one who asked
        self.handoff_armed = False

    def _rewind(self, plan) -> bool:
        """Rewind the match (Controller.undo) and show the state it gives: the
        animation queue dropped, the log rebuilt from the replayed events."""
        if not self.ctl.undo(plan):
            return False
        self.queue.clear()
        self._log_pending.clear()
        self.log = self.log_of(plan.events[-500:])
        self.log_scroll = 0
        self.banner = None
        self.reveal_cards = None
        self.popup = None
        self.zoom_big = None
        self.selected = []
        self.group_pending, self.group_active, self.group_added = [], False, False
        self.countdown = None
        self.steps_seen = None
        self.game_over_shown = False
        self._choices_cache = None
        self._bar_sig = None
        self.set_viewer(self.viewer)
        return True

    def _draw_takeback(self, surf) -> None:
        """The table hidden while the other player answers a take-back request."""
        surf.fill((14, 18, 26))
        r0 = self.takeback[0]
        a = 1 - r0
        col = gfx.P_COLORS[a % 2]
        gfx.blit_text(surf, gfx.fit(_("Take-back request: pass the screen to {name}").format(name=self._name(a)), 36, VW - 80, True), 36,
                      (VW // 2, 200), gfx.TEXT, True, anchor="center")
        gfx.blit_text(surf, _("The table is hidden so nobody sees the other player's cards."), 20, (VW // 2, 250), gfx.DIM, anchor="center")

        pygame.draw.line(surf, col, (VW // 2 - 300, 285), (VW // 2 + 300, 285), 3)
