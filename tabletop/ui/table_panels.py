"""The side panel (players and the log) and the overlays: the step banner, revealed cards, game over, the hand-off screen."""

from __future__ import annotations

import pygame

from tabletop.i18n import _, language

from . import gfx
from .gfx import VH, VW
from .table_draw import LINK
from .table_geom import PLAY, RIGHT, ZOOM_POS


class PanelsMixin:
    #: the bottom of the players' panels on the right, as last drawn: the hint's panel and
    #: the hovered card's preview go below it (before the first drawing: the preview's top)
    players_bottom = ZOOM_POS[1]
    #: how far down the panels drawn over the log reach this frame (cover_cut_log)
    _log_covered = 0

    def _draw_right(self, surf) -> None:
        self._log_covered = 0  # no panel over the log yet this frame (cover_cut_log)
        if self._right is None and self.stale(surf, "right", RIGHT.topleft):
            return
        if self._right is None:
            s = pygame.Surface((RIGHT.w, RIGHT.h)).convert()  # opaque: a plain copy each frame
            s.fill(gfx.PANEL_BACK)
            pygame.draw.line(s, gfx.LINE, (0, 0), (0, RIGHT.h))
            y = 8
            for p in (1 - self.viewer, self.viewer):
                try:
                    cs = self.view["players"][p].get("counters") or {}
                except (IndexError, KeyError, TypeError):
                    cs = {}
                items = [f"{self.gw(k.upper() if len(k) <= 3 else k.replace('_', ' ').capitalize())}: {v}" for k, v in cs.items()]
                lines = self._pack(items, 16, RIGHT.w - 32)[:3]  # every counter shown whole, on up to three lines
                r = pygame.Rect(8, y, RIGHT.w - 16, 38 + 20 * max(1, len(lines)))
                gfx.panel(s, r, (34, 40, 52), gfx.P_COLORS[p % 2], 8)
                active = self.view.get("active") == p
                name = _("{name}  (active)").format(name=self._name(p)) if active else self._name(p)
                gfx.blit_text(s, gfx.fit(name, 18, r.w - 16, True), 18, (r.x + 10, r.y + 6), gfx.TEXT, True)
                for i, line in enumerate(lines):
                    gfx.blit_text(s, gfx.fit(line, 16, r.w - 16), 16, (r.x + 10, r.y + 32 + 20 * i), gfx.DIM)
                y = r.bottom + 6
            self.players_bottom = RIGHT.y + y
            gfx.blit_text(s, _("Log"), 18, (12, y + 6), gfx.ACCENT, True)
            gfx.blit_text(s, _("wheel scrolls"), 14, (RIGHT.w - 12, y + 9), gfx.DIM, anchor="topright")
            top = y + 30
            area = pygame.Rect(12, top, RIGHT.w - 24, RIGHT.h - top - 8 - self.log_reserve)
            # newest at the bottom; lay out upwards
            entries = self.log[: len(self.log) - self.log_scroll] if self.log_scroll else self.log
            yb = area.bottom
            self.log_links = []
            self.log_tops = [RIGHT.y + area.bottom]  # where each entry shown starts, on the screen
            for e0, e1 in reversed(entries):
                pic, en_rule, rule_at = self._log_entry(e0 if self.viewer == 0 else e1, area.w)
                h = pic.get_height()
                if yb - h < area.y:
                    break
                yb -= h
                s.blit(pic, (area.x, yb))
                self.log_tops.append(RIGHT.y + yb - 3)
                if en_rule:  # a rule the reference explains: click it to read it
                    self.log_links.append((pygame.Rect(RIGHT.x + area.x + 10, RIGHT.y + yb + rule_at - 1, area.w - 10, h - 6 - rule_at + 2),
                                           en_rule))
                pygame.draw.line(s, (44, 50, 62), (area.x, yb - 2), (area.right, yb - 2))
            self._right = s
        surf.blit(self._right, RIGHT.topleft)

    def cover_cut_log(self, surf, bottom: int) -> None:
        """Under a panel drawn over the log down to ``bottom`` (the hint, the
        card preview, a step banner in the side panel), the log entry it half
        covers is hidden whole: the log shows again from the next entry. Of the
        panels drawn in a frame the one reaching lowest counts (a shorter one
        drawn later lies over the other, not over the log). Beside a lesson's
        coach nothing is covered: the coach's panel covers the log itself."""
        if self.coach is not None or bottom <= self._log_covered:
            return
        self._log_covered = bottom
        below = [t for t in getattr(self, "log_tops", ()) if t >= bottom]
        if below:
            surf.fill(gfx.PANEL_BACK, (RIGHT.x + 1, bottom, RIGHT.w - 1, min(below) - bottom))

    def _log_entry(self, e, w: int) -> tuple:
        """A log entry's picture (its caption and rule lines, ``w`` wide), the
        English name of its rule when that opens the reference (else ""), and
        where the rule lines start on it. Kept per entry: a new line in the
        log draws only itself."""
        cache = self.__dict__.setdefault("_log_pics", {})
        key = (id(e), w, language(), gfx.generation)
        got = cache.get(key)
        if got is not None and got[0] is e:
            return got[1]
        cap, rule = self.shown_entry(e)
        cap_lines = gfx.wrap(cap, 16, w - 10)
        rule_lines = gfx.wrap(rule, 13, w - 10) if rule else []
        lh_cap, lh_rule = max(17, gfx.font(16).get_linesize() + 1), max(14, gfx.font(13).get_linesize())
        pic = pygame.Surface((w, len(cap_lines) * lh_cap + len(rule_lines) * lh_rule + 6), pygame.SRCALPHA)
        col = gfx.ACCENT if e.kind in ("phase.begin", "game.over") else gfx.TEXT
        yy = 0
        for ln in cap_lines:
            pic.blit(gfx.text(ln, 16, col), (4, yy))
            yy += lh_cap
        en_rule = self.rule_name(e.rule) if rule_lines else ""
        link = bool(rule_lines) and self.rule_is_link(en_rule)
        rule_at = yy
        for ln in rule_lines:
            pic.blit(gfx.text(ln, 13, LINK if link else gfx.DIM), (14, yy))
            yy += lh_rule
        if len(cache) > 600:
            cache.clear()
        out = (pic, en_rule if link else "", rule_at)
        cache[key] = (e, out)  # the entry is kept alive with its picture: its id is not reused meanwhile
        return out

    @staticmethod
    def _pack(items: list, size: int, width: int) -> list:
        """Items joined three spaces apart into lines of at most ``width`` pixels,
        never cutting an item."""
        f = gfx.font(size)
        lines: list = []
        for it in items:
            if lines and f.size(lines[-1] + "   " + it)[0] <= width:
                lines[-1] += "   " + it
            else:
                lines.append(it)
        return lines

    def _draw_banner(self, surf) -> None:
        ev, t, dur = self.banner
        k = ev.kind
        if k == "game.over":
            return
        small = k in ("phase.begin", "step.begin")
        trail = self.steps_seen[1] if (not small and self.steps_seen and len(self.steps_seen[1]) > 1
                                       and self.steps_seen[1][-1] is ev) else []
        key = (tuple(map(id, trail)), gfx.generation, language())
        got = getattr(self, "_banner_pic", None)
        if got is None or got[0] is not ev or got[1] != key:
            # the banner's picture is made once per step shown (its text costs a
            # millisecond or two a frame otherwise); trail holds its events alive
            got = self._banner_pic = (ev, key, trail, self._banner_picture(ev, small, trail))
        box, rr, rule_name, link = got[3]
        w, h = box.get_size()
        area = self.layout.banner
        r = pygame.Rect(0, 0, w, h)
        r.center = area.center if area is not None else (PLAY.centerx, PLAY.centery)
        if area is not None and r.h > area.h:
            r.top = area.top
        docked = r.right > RIGHT.x
        if docked:  # in the side panel: below the players' panels (their counters change with the steps), over the log
            r.top = max(r.top, self.players_bottom + 6)
        surf.blit(box, r)
        if docked:
            self.cover_cut_log(surf, r.bottom)
        self.banner_link = (rr.move(r.topleft).inflate(10, 8), rule_name) if rr is not None and link else None
        cid = (ev.data or {}).get("card_id") if not small else None
        if isinstance(cid, str):  # a card turned over by this step: it flips beside the banner
            f = t / dur if dur > 0 else 1.0
            ch = min(150, h + 10)
            cw = int(ch * self.layout.card_size[0] / self.layout.card_size[1])
            k = min(1.0, f / 0.3) if dur > 0 else 1.0
            face = k >= 0.5
            img = self.art.get(cid if face else None, cw, ch)
            sx = abs(k * 2 - 1)
            if sx < 1.0:
                img = pygame.transform.scale(img, (max(1, int(cw * sx)), ch))
            cx = r.x - cw // 2 - 12 if r.x - cw - 12 >= 0 else r.right + cw // 2 + 12
            surf.blit(img, img.get_rect(center=(cx, r.centery)))
            self._flip_at = ((ev.data or {}).get("card"), (cx, r.centery))

    def _banner_picture(self, ev, small: bool, trail: list):
        """The step banner for ``ev`` as a picture: (surface, the rule line's
        rect on it or None, the rule's name, whether it opens the Rules screen)."""
        k = ev.kind
        title = self.rule_text(ev.caption or k)
        area = self.layout.banner
        w = 560 if small else 760
        if area is not None:
            w = min(w, area.w)
        narrow = w < 520          # a banner docked in a narrow spot (the side panel) wraps in smaller type
        rule_name = self.rule_name(ev.rule) if ev.rule else ""  # English: the Rules screen finds its entry by it
        rule = _("rule: {name}").format(name=self.rule_label(ev.rule)) if rule_name else ""
        if small:
            ts, rs = (24 if narrow else 28), 15
            lines = gfx.wrap(title, ts, w - 30, True)[:2] if narrow else [gfx.fit(title, ts, w - 30, True)]
            rule_lines = [gfx.fit(rule, rs, w - 30)] if rule else []
            top = 12
        else:
            ts, rs = (21 if narrow else 28), (15 if narrow else 16)
            lines = gfx.wrap(title, ts, w - (28 if narrow else 40), True)[: (4 if narrow else 2)]
            rule_lines = gfx.wrap(rule, rs, w - 30)[:2] if rule else []
            top = 34
        lh, rh = ts + 4, rs + 4
        h = top + len(lines) * lh + len(rule_lines) * rh + (14 if small else 16) + (30 if trail else 0)
        if not small:
            h = max(h, 130 if not narrow else 100)
        # opaque: nothing under it (card art, the old status line) shows through
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (16, 20, 28, 255), box.get_rect(), border_radius=14)
        pygame.draw.rect(box, (*gfx.ACCENT, 255), box.get_rect(), 2, border_radius=14)
        if not small:
            head = "  /  ".join(self.gw(part.replace("_", " ")) for part in k.split("."))
            gfx.blit_text(box, gfx.fit(head.upper(), 15, w - 24, True), 15,
                          (w // 2, 16), gfx.DIM, True, anchor="center")
        y = top
        for ln in lines:
            gfx.blit_text(box, ln, ts, (w // 2, y + lh // 2), gfx.ACCENT if small else gfx.TEXT, True, anchor="center")
            y += lh
        y += 4
        link = bool(rule_name) and self.rule_is_link(rule_name)  # the rule's name opens its entry in the Rules screen
        rr = None
        for ln in rule_lines:
            lr = gfx.blit_text(box, ln, rs, (w // 2, y + rh // 2), LINK if link else (gfx.DIM if small else gfx.ACCENT),
                               anchor="center")
            if link:
                pygame.draw.line(box, LINK, (lr.x, lr.bottom - 1), (lr.right, lr.bottom - 1))
            rr = lr if rr is None else rr.union(lr)
            y += rh
        if trail:
            self._draw_trail(box, trail, w)
        if pygame.display.get_surface() is not None:
            box = box.convert_alpha()
        return box, rr, rule_name, link

    def _draw_trail(self, box, trail, w) -> None:
        """The steps of this procedure played so far, the current one lit: a
        learner sees the order (judgment.evade, judgment.defence, ...)."""
        kinds = [e.kind for e in trail]
        names = []
        for e in trail:  # the step's name; a step that repeats (a check per faction) by its caption's head
            n = self.gw(e.kind.split(".", 1)[-1].replace("_", " "))
            if kinds.count(e.kind) > 1 and e.caption:
                cap = self.rule_text(e.caption)
                n = gfx.fit(cap.split(":")[0].split("：")[0], 13, 130, True)
            names.append(n)
        f = 13
        pills = [gfx.font(f, True).size(n)[0] + 12 for n in names]
        while len(pills) > 1 and sum(pills) + 4 * len(pills) > w - 20:
            names.pop(0)
            pills.pop(0)
        x = (w - (sum(pills) + 4 * (len(pills) - 1))) // 2
        y = box.get_height() - 26
        for i, (n, pw) in enumerate(zip(names, pills)):
            cur = i == len(names) - 1
            rr = pygame.Rect(x, y, pw, 20)
            pygame.draw.rect(box, gfx.ACCENT if cur else (50, 58, 72), rr, border_radius=10)
            gfx.blit_text(box, n, f, rr.center, (20, 20, 20) if cur else gfx.DIM, True, anchor="center")
            x += pw + 4

    def _draw_reveal(self, surf) -> None:
        ids = self.reveal_cards[:6]
        x = PLAY.centerx - (len(ids) * 180) // 2
        for i, cid in enumerate(ids):
            img = self.art.get(cid, 168, 235)
            surf.blit(img, (x + i * 180, PLAY.centery - 280))

    def _draw_game_over(self, surf) -> None:
        surf.blit(gfx.alpha_rect((PLAY.w, PLAY.h), (0, 0, 0), 140), PLAY.topleft)
        r = pygame.Rect(0, 0, 620, 250)
        r.center = PLAY.center
        gfx.panel(surf, r, (24, 30, 40), gfx.ACCENT, 14, 3)
        w = self.view.get("winner")
        if self.ctl.conceded is not None:
            title = _("{name} conceded").format(name=self._name(self.ctl.conceded))
            sub = _("{name} wins").format(name=self._name(1 - self.ctl.conceded))
        elif isinstance(w, int):
            title = _("{name} wins!").format(name=self._name(w))
            sub = self.rule_text(next((e[0].caption for e in reversed(self.log) if e[0].kind == "game.over"), ""))
        else:
            title = _("The game is a draw")
            sub = ""
        gfx.blit_text(surf, gfx.fit(title, 44, r.w - 30, True), 44, (r.centerx, r.y + 58), gfx.ACCENT, True, anchor="center")
        sub_lines = gfx.wrap(sub, 20, r.w - 40)
        if len(sub_lines) > 2:
            sub_lines = [sub_lines[0], gfx.fit(" ".join(sub_lines[1:]), 20, r.w - 40)]
        for i, ln in enumerate(sub_lines):
            gfx.blit_text(surf, ln, 20, (r.centerx, r.y + 110 + i * 24 - (12 if len(sub_lines) > 1 else 0)), gfx.TEXT, anchor="center")
        from .scenes import MenuScene, NewGameScene
        buttons = [(_("New game"), lambda: self.app.reset_to(NewGameScene(self.app, self.game.id)))]
        if getattr(self.ctl.match, "log", None) and hasattr(self.ctl.match, "initial_state"):
            buttons.append((_("Watch again"), self.watch_again))  # the game back, step by step (replay_scene.py)
        buttons.append((_("Main menu"), lambda: self.app.reset_to(MenuScene(self.app))))
        w = (r.w - 60 - 20 * (len(buttons) - 1)) // len(buttons)
        rects = [pygame.Rect(r.x + 30 + i * (w + 20), r.bottom - 80, w, 50) for i in range(len(buttons))]
        self.over_buttons = [(b, act) for b, (_lab, act) in zip(rects, buttons)]
        for b, (lab, _act) in zip(rects, buttons):
            hov = b.collidepoint(self.app.vmouse)
            gfx.panel(surf, b, (70, 84, 108) if hov else gfx.PANEL_HI, gfx.ACCENT if hov else gfx.LINE, 8, 2)
            gfx.blit_text(surf, gfx.fit(lab, 20, b.w - 10, True), 20, b.center, gfx.TEXT, True, anchor="center")

    def watch_again(self) -> None:
        """The game just ended, watched back from its start (Back returns here)."""
        from tabletop.replay import Replay

        from .replay_scene import watch

        try:
            watch(self.app, Replay.from_match(self.ctl.match))
        except Exception as exc:  # never lose the table over it
            self.app.toast(_("Can't watch this game back ({error})").format(error=f"{type(exc).__name__}: {exc}"))

    def _draw_handoff(self, surf) -> None:
        surf.fill((14, 18, 26))
        p = self.handoff_for
        col = gfx.P_COLORS[p % 2]
        r = pygame.Rect(0, 0, 760, 300)
        r.center = (VW // 2, VH // 2)
        gfx.panel(surf, r, (26, 32, 44), col, 16, 3)
        gfx.blit_text(surf, gfx.fit(_("Pass the screen to {name}").format(name=self._name(p)), 42, r.w - 30, True), 42,
                      (r.centerx, r.y + 80), gfx.TEXT, True, anchor="center")
        gfx.blit_text(surf, gfx.fit(_("The table is hidden so nobody sees the other player's cards."), 20, r.w - 30), 20,
                      (r.centerx, r.y + 140), gfx.DIM, anchor="center")
        b = pygame.Rect(0, 0, 360, 60)
        b.center = (r.centerx, r.bottom - 70)
        gfx.panel(surf, b, gfx.shade(col, 0.6), col, 10, 2)
        gfx.blit_text(surf, gfx.fit(_("{name}: click when ready").format(name=self._name(p)), 22, b.w - 12, True), 22,
                      b.center, gfx.TEXT, True, anchor="center")

