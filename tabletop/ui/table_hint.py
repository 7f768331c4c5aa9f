"""The hint on the table: H or the Hint button asks the computer's search
(tabletop.ai.hint) what it would do in the viewer's place. It is thought out
on a worker thread from the viewer's own view (the window keeps answering);
the suggested card, button or zone is outlined and the reason shown in a
panel over the side column, until a move is made or H is pressed again."""

from __future__ import annotations

import pygame

from tabletop.i18n import _, language

from . import gfx
from .layout import slot_rects
from .table_geom import RIGHT, _target_list

HINT_BTN = pygame.Rect(1092, 846, 160, 44)
HINT_COL = (110, 215, 255)


class HintMixin:
    #: {"tag": position tag, "hint": Hint or None (still thinking), "error": text,
    #:  "lang": the language it is worded in}
    hint = None
    #: where the hint's panel was last drawn (None before)
    hint_rect = None

    # -- asking ---------------------------------------------------------------------------------------
    def hint_offered(self) -> bool:
        """The Hint button shows while the viewer has a decision to make here
        (at a table whose controller thinks out hints: a lesson's, a puzzle's or
        the guided game's coach gives its own)."""
        return self.coach is None and hasattr(self.ctl, "start_hint") and self.can_act() and bool(self.my_choices())

    def request_hint(self) -> None:
        """H or the button: ask for the hint of the viewer's decision, or hide
        the one shown."""
        if not self.hint_offered():
            self.app.toast(_("The hint is for your own decisions: there is nothing for you to decide now."))
            return
        tag = self.ctl.position_tag(self.viewer)
        if self.hint is not None and self.hint["tag"] == tag:
            if self.hint["hint"] is not None or self.hint.get("error"):
                self.hint = None  # shown: H again hides it
            return  # still thinking: it comes
        think = getattr(self.app.settings, "think_ms", 1000)
        self.hint = {"tag": self.ctl.start_hint(self.viewer, think), "hint": None, "error": "", "lang": language()}

    def poll_hint(self) -> None:
        """Each frame: take a hint thought out, drop one that is stale (a move
        was made, the viewer changed, a take-back)."""
        h = self.hint
        if h is None:
            return
        got = self.ctl.poll_hint()
        if h["tag"] != self.ctl.position_tag(self.viewer):
            self.hint = None
            return
        if h.get("lang", language()) != language():
            # the player switched languages: the reason is thought out again in the new words
            self.hint = None
            self.request_hint()
            return
        if got is not None and got[0] == h["tag"]:
            _tag, hint, exc = got
            if exc is not None:
                h["error"] = _("No hint this time: the search failed ({error}).").format(error=type(exc).__name__)
            elif hint is None:
                h["error"] = _("There is nothing for you to decide now.")
            else:
                h["hint"] = hint

    @property
    def hint_thinking(self) -> bool:
        return self.hint is not None and self.hint["hint"] is None and not self.hint["error"]

    # -- where it points --------------------------------------------------------------------------------
    def hint_choice(self):
        """The suggested choice as the table offers it (same id), or None."""
        h = self.hint
        if h is None or h["hint"] is None:
            return None
        cid = h["hint"].choice.id
        return next((c for c in self.my_choices() if c.id == cid), None)

    def hint_marks(self) -> list:
        """The rects to outline for the suggested choice: its button (or the
        More button holding it), the card it acts with, its target or the zone
        it goes to."""
        c = self.hint_choice()
        if c is None:
            return []
        marks = [b.rect for b in self.bar_buttons if b.payload is not None and b.payload.id == c.id]
        if not marks and any(x.id == c.id for x in self.more_choices):
            marks += [b.rect for b in self.bar_buttons if b.kind == "more"]
        a = c.args
        card = self.sprites.get(a.get("card")) if a.get("card") is not None else None
        if card is not None and card.order >= 0:
            marks.append(card.rect())
        for t in _target_list(a.get("target")):
            sp = self.sprites.get(t)
            if sp is not None and sp.order >= 0:
                marks.append(sp.rect())
        to = a.get("to")
        if isinstance(to, str):
            zd = next((z for z in self.layout.zones if self.zone_key(z) == to), None)
            slot = a.get("slot")
            if zd is not None and zd.kind == "slots" and isinstance(slot, int):
                rects = slot_rects(zd, self.layout.card_size)
                marks.append(rects[slot] if 0 <= slot < len(rects) else zd.rect)
            elif zd is not None:
                marks.append(zd.rect)
            else:  # at a player as a whole (a direct attack): their counter box
                marks += [cd.rect for cd in self.layout.counters
                          if to.startswith(f"p{self.viewer if cd.owner == 'self' else 1 - self.viewer}.")][:1]
        return marks

    # -- drawing --------------------------------------------------------------------------------------
    def draw_hint_button(self, surf) -> None:
        if not self.hint_offered():
            return
        hov = HINT_BTN.collidepoint(self.app.vmouse)
        on = self.hint is not None
        fill = (40, 70, 90) if on else (gfx.PANEL_HI if not hov else (70, 84, 108))
        gfx.panel(surf, HINT_BTN, fill, HINT_COL if (hov or on) else gfx.LINE, 7, 2 if (hov or on) else 1)
        label = _("Thinking...") if self.hint_thinking else _("Hint (H)")
        gfx.blit_text(surf, gfx.fit(label, 18, HINT_BTN.w - 8, True), 18, HINT_BTN.center, gfx.TEXT, True, anchor="center")

    def draw_hint_marks(self, surf) -> None:
        """Outline what the suggestion acts with and on, join the card to where
        it goes, and label each outline "hint"; the labels last, so that no
        outline or line crosses one."""
        marks = self.hint_marks()
        if not marks:
            return
        c = self.hint_choice()
        tag = gfx.text(_("hint"), 14, (10, 30, 40), True)
        outlines, tags = [], []
        for r in marks:
            rr = r.inflate(10, 10)
            outlines.append(rr)
            tags.append(tag.get_rect(midbottom=(rr.centerx, rr.y + 2)).inflate(10, 2))
        for rr in outlines:
            pygame.draw.rect(surf, HINT_COL, rr, 4, border_radius=10)
        if c is not None and len(marks) >= 2 and c.args.get("card") is not None:
            # from the card (above its label) to where it goes: a line like the one a hand would draw
            a, b = tags[-2].midtop, marks[-1].center
            if a != b:
                pygame.draw.line(surf, HINT_COL, a, b, 3)
                pygame.draw.circle(surf, HINT_COL, b, 7)
        for tr in tags:
            pygame.draw.rect(surf, HINT_COL, tr, border_radius=6)
            surf.blit(tag, tag.get_rect(center=tr.center))

    def draw_hint_panel(self, surf) -> None:
        h = self.hint
        if h is None:
            return
        w = RIGHT.w - 16
        if h["error"]:
            body = h["error"]
        elif h["hint"] is None:
            body = _("Thinking about your move... (the table keeps answering)")
        else:
            body = self.rule_text(h["hint"].reason)
            if self.hint_choice() is None:
                body = _("Suggested: {reason}").format(reason=body)
        lines = gfx.wrap(body, 16, w - 20)[:16]
        lh = max(18, gfx.font(16).get_linesize() + 1)
        r = self.hint_rect = pygame.Rect(RIGHT.x + 8, self.players_bottom, w, 44 + lh * len(lines) + 24)
        gfx.panel(surf, r, (18, 30, 40), HINT_COL, 10, 2)
        gfx.blit_text(surf, _("Hint"), 20, (r.x + 12, r.y + 8), HINT_COL, True)
        gfx.blit_text(surf, _("H hides it"), 14, (r.right - 12, r.y + 12), gfx.DIM, anchor="topright")
        y = r.y + 38
        for ln in lines:
            surf.blit(gfx.text(ln, 16, gfx.TEXT), (r.x + 12, y))
            y += lh
        gfx.blit_text(surf, gfx.fit(_("From your view only: hidden cards are guessed."), 13, w - 24), 13,
                      (r.x + 12, r.bottom - 20), gfx.DIM)
        self.cover_cut_log(surf, r.bottom)
