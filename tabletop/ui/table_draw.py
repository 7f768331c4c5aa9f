"""Drawing the table: background, zone labels, counters, and the top bar, side panel and action bar."""

from __future__ import annotations

import math
import time

import pygame

from tabletop.i18n import _, game_text, language, pgettext
from tabletop.replay import player_words

from . import gfx
from .cards import live_key
from .controller import is_resign, passes_or_ends
from .gfx import VH, VW
from .layout import slot_rects
from .table_geom import TOP, BOTTOM, RIGHT, PLAY, BAR, MENU_BTN, SKIP_BTN, ZOOM_POS
from .widgets import ActionButton, layout_buttons

SPARE_STARVED = 30  # frames without time for work ahead before one piece is done anyway
BANNER_FONTS = ((28, True), (24, True), (21, True), (16, False), (15, False), (13, False))  # the step banners' type
LINK = (150, 195, 250)  # a rule name that opens its entry in the Rules screen


class DrawMixin:
    log_reserve = 0  # pixels at the foot of the side panel kept free of the log (the replay's controls)

    # -- drawing -----------------------------------------------------------------------------------------------
    def _name(self, p) -> str:
        try:
            n = self.view["players"][p].get("name")
        except (IndexError, KeyError, TypeError, AttributeError):
            n = None
        if not n:
            try:
                n = f"Player {p + 1}"
            except TypeError:
                return _("Player")
        return player_words(str(n), self.game.id)


    def gw(self, text: str) -> str:
        """Words from the game's data files (zone, counter and label names), in the language in use."""
        return game_text(text, self.game.id)

    def label_text(self, zd) -> str:
        """A zone's name as written at its bottom (in the language in use, cut to fit)."""
        return gfx.fit(self.gw(zd.label), 15, zd.rect.w - 8)

    def label_width(self, zd) -> int:
        """How wide a zone's name is drawn (0: it has none); the cards of a row keep clear of it."""
        if not zd.label:
            return 0
        return gfx.font(15).size(self.label_text(zd))[0]

    def phase_words(self, ph) -> str:
        """A phase's name on the phase tracker ("Main"): the game's word for
        it, or for "Main Phase" when the catalog knows only that."""
        label = str(ph).replace("_", " ").title()
        shown = self.gw(label)
        if shown == label and language() != "en":
            full = f"{label} Phase"
            said = self.gw(full)
            shown = said if said != full else label
        return shown

    def _check_language(self) -> None:
        """The language changed (Settings, over the table): every picture holding words is drawn again."""
        lang = language()
        if getattr(self, "_lang", None) != lang:
            self._lang = lang
            self._bg = None
            self._top = None
            self._right = None
            self._bar_sig = None
            self._banner_pic = None

    def draw(self, surf) -> None:
        self._check_language()
        if self._bg is None:
            self._bg = self._render_bg()
        self.art.begin_frame(unlimited=self.all_faces_at_once())  # new faces are drawn a few per frame (a still picture: all)
        held_iid = self.held_card.card.get("iid") if self.held_card is not None else None
        lit_z, lit_t = self.lit_for(held_iid) if held_iid is not None else (set(), set())
        lit_zones = [zd.rect for zd in self.layout.zones if self.zone_key(zd) in lit_z]
        lit_boxes = []
        if held_iid is not None:  # a player's counter box takes a card sent at the player (a direct attack)
            drags = self.drag_choices(held_iid)
            lit_boxes = [cd.rect for cd in self.layout.counters if self._player_box_drop(drags, cd.rect.center)[0]]

        def paint_under(pic):
            for zr in lit_zones:
                r = zr.inflate(6, 6)
                pygame.draw.rect(pic, gfx.LIT, r, 3, border_radius=10)
                pic.blit(gfx.alpha_rect(r.size, gfx.LIT, 38), r)

        marks = self._card_marks()
        still, moving, returning = self._split_cards()
        self._draw_still(surf, still, marks, lit_t, tuple(map(tuple, lit_zones)), paint_under)
        self._draw_labels(surf)
        self._draw_counters(surf)
        for r in lit_boxes:
            pygame.draw.rect(surf, gfx.LIT, r.inflate(8, 8), 3, border_radius=10)
        self._draw_cards(surf, lit_t, marks, moving, returning)
        if self.countdown is not None:
            self._draw_countdown(surf)
        if self.coach is not None:
            self.coach.draw_points(surf)
        self._draw_top(surf)
        self._draw_right(surf)
        self.draw_hint_panel(surf)
        if self.coach is not None:
            self.coach.draw(surf)
        self._draw_preview(surf)
        self._draw_bottom(surf)
        self.draw_hint_button(surf)
        self.draw_hint_marks(surf)
        if self.held is not None:
            self._draw_held(surf)
        if self.reveal_cards:
            self._draw_reveal(surf)
        if self.banner is not None:
            self._draw_banner(surf)
        if self.popup is not None:
            self.popup.draw(surf)
        if self.zoom_big is not None:
            self._draw_zoom_big(surf)
        if self.ctl.over and self.coach is None and not self.queue.busy and (self.banner is None or self.banner[1] > 1.0):
            self._draw_game_over(surf)
        else:
            self.over_buttons = []
        if self.handoff_for is not None:
            self._draw_handoff(surf)
        if self.takeback is not None:
            self._draw_takeback(surf)
        elif self.menu_open or self.dialog is not None:
            surf.blit(gfx.alpha_rect((VW, VH), (0, 0, 0), 160), (0, 0))
            if self.menu_open:
                gfx.panel(surf, self.menu_rect(), (30, 36, 46), gfx.ACCENT, 12, 2)

    def all_faces_at_once(self) -> bool:
        """Draw every new card face this frame (a still picture), rather than a
        few per frame with stand-ins meanwhile."""
        return self.frozen

    def _draw_zoom_big(self, surf) -> None:
        """A card shown large (right click): its current values beside the
        printed ones, and the legend of its marks at its side."""
        live = getattr(self, "zoom_live", None)
        live = live if live is not None and live.get("card") == self.zoom_big and live.get("face") != "down" else None
        z = self.art.get(self.zoom_big, 420, 588, live=live, wait=False)
        lg = self.art.legend(self.zoom_big, 360, 588)
        gap = 16
        total = z.get_width() + (gap + lg.get_width() if lg is not None else 0)
        r = z.get_rect(midleft=(PLAY.centerx - total // 2, PLAY.centery))
        surf.blit(gfx.alpha_rect((VW, VH), (0, 0, 0), 150), (0, 0))
        surf.blit(z, r)
        if lg is not None:
            surf.blit(lg, lg.get_rect(topleft=(r.right + gap, r.y)))

    def toast_spot(self) -> pygame.Rect:
        """Toasts go in the middle of the play area, between the two players'
        zones: clear of the hand below and of the log on the right."""
        opp = [z.rect.bottom for z in self.layout.zones if z.key.startswith("opp.")]
        own = [z.rect.top for z in self.layout.zones if z.key.startswith("self.")]
        cy = PLAY.centery
        if opp and own and max(opp) <= min(own):
            cy = (max(opp) + min(own)) // 2
        return pygame.Rect(PLAY.x + 20, cy - 60, PLAY.w - 40, 120)

    def shown_entry(self, e) -> tuple[str, str]:
        """An event as the log shows it: its caption and its rule line ("" for
        none), both in players' words (rule references named by the game)."""
        from .table_rules import rule_line
        cap = self.rule_text(e.caption or e.kind)
        return cap, rule_line(self.game, e.rule)

    def shown_log(self) -> list[tuple[str, str]]:
        """The whole log as shown to the viewer, oldest first."""
        return [self.shown_entry(e0 if self.viewer == 0 else e1) for e0, e1 in self.log]

    def _render_bg(self) -> pygame.Surface:
        bg = pygame.Surface((VW, VH)).convert()
        bg.fill(self.layout.background)
        # a soft vignette on the play area
        for i in range(0, 40, 4):
            pygame.draw.rect(bg, gfx.shade(self.layout.background, 0.9 + i / 400), PLAY.inflate(-i * 2, -i * 2), 4, border_radius=14)
        pygame.draw.line(bg, gfx.shade(self.layout.background, 0.75), (20, PLAY.centery), (PLAY.right - 20, PLAY.centery), 2)
        zcol = gfx.shade(self.layout.background, 1.25)
        for zd in self.layout.zones:
            r = zd.rect
            pygame.draw.rect(bg, gfx.shade(self.layout.background, 0.82), r, border_radius=8)
            pygame.draw.rect(bg, zcol, r, 1, border_radius=8)
            if zd.kind == "slots":
                for sr in slot_rects(zd, self.layout.card_size):
                    pygame.draw.rect(bg, zcol, sr, 1, border_radius=6)
            if zd.label:
                t = gfx.text(self.label_text(zd), 15, gfx.shade(zcol, 1.2))
                bg.blit(t, (r.x + 6, r.bottom - t.get_height() - 3) if zd.kind not in ("pile",) else (r.centerx - t.get_width() // 2, r.bottom - t.get_height() - 2))
        pygame.draw.rect(bg, gfx.PANEL, TOP)
        pygame.draw.line(bg, gfx.LINE, (0, TOP.bottom - 1), (VW, TOP.bottom - 1))
        pygame.draw.rect(bg, gfx.PANEL, BOTTOM)
        pygame.draw.line(bg, gfx.LINE, (0, BOTTOM.y), (VW, BOTTOM.y))
        pygame.draw.rect(bg, gfx.PANEL_BACK, RIGHT)
        pygame.draw.line(bg, gfx.LINE, (RIGHT.x, RIGHT.y), (RIGHT.x, RIGHT.bottom))
        return bg

    def _draw_labels(self, surf) -> None:
        for lb in self.layout.labels:
            v = self._path(lb.path)
            empty = v is None or v == "" or v == "-" or v is False or (isinstance(v, int) and not isinstance(v, bool) and v < 0 and lb.player)
            if v is None or (lb.hide_empty and (empty or v == 0)):
                continue
            col = gfx.TEXT
            if lb.player:
                if isinstance(v, int) and not isinstance(v, bool) and v in (0, 1):
                    col = gfx.shade(gfx.P_COLORS[v % 2], 1.3)
                    v = _("{name} (you)").format(name=self._name(v)) if v == self.viewer and not self.ctl.hotseat else self._name(v)
                elif lb.empty:  # no player: a sentence of its own ("Controlled by nobody")
                    v = None
                else:
                    v = _("nobody")
            elif isinstance(v, str):
                v = self.gw(v)
            try:
                s = self.gw(lb.empty) if v is None else self.gw(lb.fmt).format(v)
            except (IndexError, KeyError, ValueError):
                s = str(v)
            gfx.blit_text(surf, gfx.fit(s, lb.size, lb.rect.w), lb.size, (lb.rect.x, lb.rect.centery), col, True, anchor="midleft")

    def _path(self, path: str):
        """A scalar at a dotted view path ("self"/"opp" name the viewer and the
        other player); None for a missing path or a list/dict."""
        cur = self._path_raw(path)
        return None if isinstance(cur, (dict, list)) else cur

    def _path_raw(self, path: str):
        """The value at a dotted view path, lists and dicts included (marks use them)."""
        cur = self.view
        for part in path.split("."):
            if part == "self":
                part = str(self.viewer)
            elif part == "opp":
                part = str(1 - self.viewer)
            if isinstance(cur, dict):
                cur = cur.get(part)
            elif isinstance(cur, list):
                try:
                    cur = cur[int(part)]
                except (ValueError, IndexError):
                    return None
            else:
                return None
        return cur

    def _counter_value(self, p, key):
        try:
            return self.view["players"][p]["counters"].get(key)
        except (IndexError, KeyError, TypeError, AttributeError):
            return None

    def _draw_counters(self, surf) -> None:
        for cd in self.layout.counters:
            p = self.viewer if cd.owner == "self" else 1 - self.viewer
            self._draw_counter(surf, cd, p, self._counter_value(p, cd.key))

    def _draw_counter(self, surf, cd, p, v) -> None:
        """A counter of the layout; its picture is kept while its value stays
        (a value that just changed pops, drawn afresh each frame)."""
        pop = self.pops.get((p, cd.key))
        if pop is not None:
            self._paint_counter(surf, cd.rect, cd, p, v, pop)
            return
        cache = self.__dict__.setdefault("_counter_pics", {})
        key = (id(cd), p, v, language(), gfx.generation)
        pic = cache.get(key)
        if pic is None:
            if len(cache) > 200:
                cache.clear()
            pic = cache[key] = pygame.Surface(cd.rect.size, pygame.SRCALPHA)
            self._paint_counter(pic, pic.get_rect(), cd, p, v, None)
        surf.blit(pic, cd.rect)

    def _paint_counter(self, surf, r, cd, p, v, pop) -> None:
        """A counter of the layout in ``r``: number, bar or track, with its
        marks. Rects lower than 44 px get one line: label, bar or track, number."""
        compact = r.h < 44
        gfx.panel(surf, r, (20, 26, 34), gfx.P_COLORS[p % 2], 8, 1)
        txt = "-" if v is None else (str(int(v)) if isinstance(v, float) and v.is_integer() else str(v))
        col = gfx.TEXT
        nsize = 22 if compact else 26
        num = gfx.text(txt, nsize, col, True)
        if pop is not None:
            t, delta = pop
            k = 1.0 + 0.5 * math.sin(min(1.0, t / 0.6) * math.pi)
            col = gfx.BAD if (delta or 0) < 0 else gfx.GOOD
            num = pygame.transform.rotozoom(gfx.text(txt, nsize, col, True), 0, k)
            dt_s = gfx.text(f"{'+' if (delta or 0) > 0 else ''}{delta}", 22, col, True)
            surf.blit(dt_s, (r.right - dt_s.get_width() - 6, r.y - 18 - t * 30))
        graph = cd.style != "number" and isinstance(v, (int, float)) and cd.max > cd.min
        label = self.gw(cd.label)
        if compact:
            lab_w = min(int(r.w * 0.4), gfx.font(15).size(label)[0] + 4) if label else 0
            nr = num.get_rect(midright=(r.right - 8, r.centery))
            gfx.blit_text(surf, self.compact_label(cd, nr, graph, r), 15, (r.x + 8, r.centery), gfx.DIM, anchor="midleft")
            surf.blit(num, nr)
            bar = pygame.Rect(r.x + 14 + lab_w, r.centery - 4, max(10, nr.x - 10 - (r.x + 14 + lab_w)), 9)
        else:
            gfx.blit_text(surf, gfx.fit(label, 15, r.w - 12), 15, (r.x + 8, r.y + 5), gfx.DIM)
            if not graph:
                surf.blit(num, num.get_rect(midright=(r.right - 10, r.centery + 6)))
                return
            surf.blit(num, num.get_rect(topright=(r.right - 8, r.y + 2)))
            bar = pygame.Rect(r.x + 8, r.bottom - 16, r.w - 16, 9)
        if not graph or bar.w < 12:
            return
        frac = max(0.0, min(1.0, (v - cd.min) / (cd.max - cd.min)))
        if cd.style == "bar":
            pygame.draw.rect(surf, (50, 56, 66), bar, border_radius=4)
            fill = bar.copy()
            fill.w = int(bar.w * frac)
            pygame.draw.rect(surf, gfx.GOOD if frac > 0.5 else (gfx.ACCENT if frac > 0.25 else gfx.BAD), fill, border_radius=4)
        else:  # track: one box per value above the minimum, lit up to the value
            # (a track through 0, like -10..10, lights from 0 towards the value)
            n = max(1, int(cd.max - cd.min))
            bw = bar.w / n
            for i in range(n):
                val = cd.min + i + 1
                if cd.min < 0 < cd.max:
                    on = (0 < val <= v) if v > 0 else (v < val <= 0)
                    lit = gfx.ACCENT if val > 0 else gfx.BAD
                else:
                    on, lit = val <= v, gfx.ACCENT
                br = pygame.Rect(int(bar.x + i * bw) + 1, bar.y - 2, max(2, int(bw) - 2), bar.h + 2)
                pygame.draw.rect(surf, lit if on else (50, 56, 66), br, border_radius=2)
        for m in cd.marks:
            if cd.min <= m <= cd.max:
                mx = bar.x + int(bar.w * (m - cd.min) / (cd.max - cd.min))
                pygame.draw.line(surf, (240, 240, 240), (mx, bar.y - 4), (mx, bar.bottom + 2), 2)

    @staticmethod
    def compact_label(cd, num_rect, graph: bool, r=None) -> str:
        """The label of a one-line counter, fitted: beside a bar or track it gets
        half the width; a plain number leaves it all the room up to the number
        ("Trait counter", not "Trait coun..."). ``r``: where the counter is drawn (default: its rect)."""
        r = cd.rect if r is None else r
        room = max(10, r.w // 2 - 10) if graph else max(10, num_rect.x - r.x - 14)
        return gfx.fit(game_text(cd.label), 15, room)

    def top_message(self) -> tuple[str, tuple]:
        """The sentence of the top bar (whose turn, what they decide) and its colour."""
        v = self.view
        ctl = self.ctl
        p = ctl.decider()
        said = self.coach.status() if self.coach is not None else ""
        if said:  # a tutorial's coach: paused at a step, a wrong move tried, a puzzle's end
            msg = said
            col = gfx.ACCENT
        elif self.queue.busy:
            msg = _("Resolving...")
            col = gfx.DIM
        elif ctl.over and self.coach is not None and ctl.state.decision is not None:
            msg = _("Lesson complete: play on against the computer, or choose another lesson")
            col = gfx.ACCENT
        elif ctl.over:
            w = v.get("winner")
            if ctl.conceded is not None:
                msg = _("Game over: {name} conceded").format(name=self._name(ctl.conceded))
            elif isinstance(w, int):
                msg = _("Game over: {name} wins").format(name=self._name(w))
            elif w == "draw":
                msg = _("Game over: a draw")
            else:
                msg = _("Game over: conceded")
            col = gfx.ACCENT
        elif p is None:
            d = ctl.state.decision
            msg = self.rule_text(d.prompt) if d is not None else ""
            col = gfx.TEXT
        else:
            d = ctl.state.decision
            who = self._name(p)
            if ctl.is_computer(p):
                msg = _("{name} is thinking...").format(name=who)
            else:
                prompt = self.rule_text(d.prompt)
                if prompt.lower().startswith(who.lower()):
                    prompt = prompt[len(who):].lstrip(" :,-：、，　")
                if ctl.hotseat:
                    msg = _("{name}: {prompt}").format(name=who, prompt=prompt)
                else:
                    msg = _("{name} (you): {prompt}").format(name=who, prompt=prompt)
            col = gfx.TEXT
        return msg, col

    def stale(self, surf, name: str, at) -> bool:
        """On a frame that redraws part of the still table, a bar whose
        picture is out of date shows its last one a frame longer (drawn on the
        next frame instead, so no frame does both); True when it did."""
        old = self.__dict__.get("_stale", {}).pop(name, None)
        if old is None or not self.__dict__.get("_heavy"):
            return False
        surf.blit(old, at)
        return True

    def _draw_top(self, surf) -> None:
        if self._top is None and self.stale(surf, "top", TOP.topleft):
            return
        if self._top is None:
            s = pygame.Surface((TOP.w, TOP.h)).convert()  # opaque: a plain copy each frame
            s.fill(gfx.PANEL)
            pygame.draw.line(s, gfx.LINE, (0, TOP.h - 1), (TOP.w, TOP.h - 1))
            v = self.view
            ctl = self.ctl
            # phase tracker
            phases = list(v.get("phases") or getattr(self.game, "phases", ()) or [])
            cur = v.get("phase")
            x = TOP.right - 12
            pills = []
            f = gfx.font(16, True)
            for ph in reversed(phases):
                label = self.phase_words(ph)

                w = f.size(label)[0] + 20
                x -= w
                pills.append((pygame.Rect(x, 9, w, 30), label, ph == cur))
                x -= 4
            tracker_left = x
            for r, label, on in pills:
                pygame.draw.rect(s, gfx.ACCENT if on else (44, 50, 62), r, border_radius=15)
                gfx.blit_text(s, label, 16, r.center, (20, 20, 20) if on else gfx.DIM, True, anchor="center")
            step = v.get("step")
            p = ctl.decider()
            msg, col = self.top_message()
            dot_col = gfx.P_COLORS[p % 2] if isinstance(p, int) else gfx.DIM
            pygame.draw.circle(s, dot_col, (20, 24), 8)
            turn = pgettext("table", "Turn {n}").format(n=v.get("turn", "?")) + (f" - {self.gw(str(step).replace('_', ' '))}" if step else "")
            tt = gfx.text(turn, 16, gfx.DIM, True)
            s.blit(tt, (tracker_left - tt.get_width() - 14, 16))
            room = tracker_left - tt.get_width() - 60
            gfx.blit_text(s, gfx.fit(msg, 20, room, True), 20, (36, 24), col, True, anchor="midleft")
            self._top = s
        surf.blit(self._top, TOP.topleft)

    def _draw_preview(self, surf) -> None:
        """The hovered card, large, over the side panel (and over a lesson's
        coach panel, which would hide it)."""
        sp = self.sprites.get(self.hover_key) if self.hover_key is not None else None
        if sp is not None and self.held is None and sp.card.get("card") is not None:
            z, lg = self._preview_pictures(sp.card)
            at = self._zoom_pos()
            gfx.framed(surf, z, at)
            bottom = at[1] + z.get_height()
            if lg is not None:  # what every mark on this face means
                surf.fill(gfx.PANEL_BACK, (at[0], bottom, z.get_width(), 4))  # no log line shows between the two
                surf.blit(lg, (at[0], bottom + 4))
                bottom += 4 + lg.get_height()
            self.cover_cut_log(surf, bottom)

    def _zoom_pos(self) -> tuple:
        """Where the preview goes: just below the players' panels (two lines of
        counters each in some games), at ``ZOOM_POS`` at the highest."""
        return ZOOM_POS[0], max(ZOOM_POS[1], self.players_bottom)

    def _preview_pictures(self, card: dict) -> tuple:
        """The large face of ``card`` as the preview shows it, and its legend (or None)."""
        z = self.art.zoom(card["card"], live=card if card.get("face") != "down" else None)
        ly = self._zoom_pos()[1] + z.get_height() + 4
        return z, self.art.legend(card["card"], z.get_width(), RIGHT.bottom - ly - 4)

    def spare(self, until: float) -> None:
        """Work done ahead in a frame's spare time, one piece at a time while
        the clock is short of ``until``: the rules reference the banners link
        to, then the large face (and legend) of every card on the table, so
        that pointing at a card never has to draw it in that frame."""
        sig = (id(self.view), gfx.generation, language())
        if getattr(self, "_spare_sig", None) != sig:
            self._spare_sig = sig
            todo = [] if getattr(self, "_spare_todo", None) is not None else [None, *BANNER_FONTS]
            seen = set()
            for sp in self.order:
                c = sp.card
                k = (c.get("card"), c.get("face") == "down", live_key(c))
                if k[0] is not None and k not in seen:
                    seen.add(k)
                    todo.append(c)
            self._spare_todo = todo[::-1]
        todo = self._spare_todo
        if todo and time.perf_counter() >= until:
            # frames that never have the time (a long animation on a slow machine)
            # still get the work done: one piece every SPARE_STARVED frames
            self._spare_starved = getattr(self, "_spare_starved", 0) + 1
            if self._spare_starved >= SPARE_STARVED:
                until = float("inf")
        while todo and time.perf_counter() < until:
            self._spare_starved = 0
            c = todo.pop()
            if c is None:
                self.rule_is_link("")  # loads the game's rules reference and its rule names
                self.rule_name("1")
            elif isinstance(c, tuple):
                gfx.font(*c)
            else:
                self._preview_pictures(c)
            if until == float("inf"):
                break

    def spare_left(self) -> bool:
        """Whether work ahead is still to be done (the window keeps drawing until it is)."""
        return getattr(self, "_spare_sig", None) is None or bool(self._spare_todo)

    def _draw_bottom(self, surf) -> None:
        choices = self.bar_choices()
        # the moves of the game itself first (end the turn, go to battle, pass), then the
        # ones about a card (also offered by clicking the card), giving up last
        glob = [c for c in choices if c.args.get("card") is None and not is_resign(c)]
        cards = [c for c in choices if c.args.get("card") is not None and not is_resign(c)]
        choices = glob + cards + ([c for c in choices if is_resign(c)] if self.coach is None else [])  # no giving up in a lesson
        gold = self.coach.gold_choice() if self.coach is not None else None
        sig = (tuple(c.id for c in choices), gold.id if gold is not None else None, language())
        if getattr(self, "_bar_sig", None) != sig:
            self._bar_sig = sig
            labels = [self.label_of(c) for c in choices]
            rects, n = layout_buttons(labels, BAR)
            if n < len(choices):
                rects, n = layout_buttons(labels, pygame.Rect(BAR.x, BAR.y, BAR.w - 130, BAR.h))
            # gold: moving on (pass, end) or the engine's own answer to a detail (the usual
            # payment); with a coach, the move it asks for instead
            self.bar_buttons = [ActionButton(r, lab, c, accent=(c.id == gold.id and c.player == gold.player) if gold is not None
                                             else passes_or_ends(c) or c.role == "default")
                                for r, c, lab in zip(rects, choices, labels)]
            self.more_choices = choices[n:]
            if self.more_choices:
                last = self.bar_buttons[-1].rect.right + 8 if self.bar_buttons else BAR.x
                self.bar_buttons.append(ActionButton(pygame.Rect(last, BAR.y, 120, BAR.h),
                                                     _("More ({n})").format(n=len(self.more_choices)), None, "more"))
        for b in self.bar_buttons:
            b.draw(surf, b is self.hover_btn)
        if self.selected and self.can_act():
            x = self.bar_buttons[-1].rect.right + 16 if self.bar_buttons else BAR.x + 4
            said = _("{n} selected: drag one to move them together (Esc clears)").format(n=len(self.selected))
            gfx.blit_text(surf, gfx.fit(said, 17, max(100, BAR.right - x)),
                          17, (x, BAR.centery), (150, 210, 255), True, anchor="midleft")
        elif not self.bar_buttons:
            if self.queue.busy and self.queue.hold:
                hint = _("The lesson waits: Continue (Enter) plays on.")
            elif self.queue.busy:
                hint = _("Playing the steps... (Space skips)")
            elif self.can_act() and self.my_choices():
                hint = _("Drag a lit card where it may go, or click it for its choices.")
            else:
                hint = ""
            if hint:
                gfx.blit_text(surf, gfx.fit(hint, 18, BAR.w - 8), 18, (BAR.x + 4, BAR.centery), gfx.DIM, anchor="midleft")
        gfx.panel(surf, MENU_BTN, gfx.PANEL_HI, gfx.LINE, 7)
        gfx.blit_text(surf, gfx.fit(_("Menu (Esc)"), 17, MENU_BTN.w - 8, True), 17, MENU_BTN.center, gfx.TEXT, True, anchor="center")
        if self.queue.busy:
            gfx.panel(surf, SKIP_BTN, gfx.PANEL_HI, gfx.LINE, 7)
            gfx.blit_text(surf, gfx.fit(_("Skip (Space)"), 17, SKIP_BTN.w - 8, True), 17, SKIP_BTN.center, gfx.TEXT, True, anchor="center")
        elif self.ctl.thinking:
            gfx.blit_text(surf, gfx.fit(_("Computer thinking..."), 17, SKIP_BTN.w - 8, True), 17, SKIP_BTN.center, gfx.DIM, True, anchor="center")

