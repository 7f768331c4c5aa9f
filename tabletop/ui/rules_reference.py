"""The Rules screen: a game's rules page and keyword glossary (reference.toml,
read by tabletop.engine.reference).

Left: a search box and the contents (the rules sections, then the keywords);
right: the chosen entry, wrapped, scrolled with the wheel or the keys. Esc or
Back returns to where it was opened (the table, a menu).

:func:`open_rules_reference` is the one door: the table's menu and F1, a rule
name clicked in the log, a banner or a refusal, and the tutorial menu call it.
"""

from __future__ import annotations

import pygame
import pygame_gui

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _, game_text, language, set_game
from tabletop.reference_words import entry_paragraphs, entry_title, ref_title

from . import gfx
from .app import Scene
from .gfx import VH, VW
from .scenes import BG

ROW_H = 38
LEFT = pygame.Rect(40, 150, 430, ROW_H * ((VH - 190) // ROW_H))  # whole rows only
SEARCH = pygame.Rect(40, 92, 430, 44)
RIGHT = pygame.Rect(500, 92, VW - 540, VH - 132)
ROW_SIZE = 22       # contents rows
BODY_SIZE = 25      # the entry's text
HEAD_SIZE = 38      # the entry's title
LINK = (150, 195, 250)


def _resolve(ref, entry):
    """The entry an ``entry`` argument names: an entry id, a rule name as the
    table shows it, or a keyword; None when it names none."""
    if entry is None:
        return None
    if not isinstance(entry, str):
        return entry
    return ref.get(entry) or ref.lookup(entry)


def open_rules_reference(app, game_id: str, entry=None) -> "RulesScene | None":
    """Open the Rules screen of ``game_id`` over the current screen, at
    ``entry`` (an entry id, a rule name or a keyword; None: the first
    section). A game without a reference, or with a broken one, says so in a
    toast and opens nothing."""
    from tabletop.engine.reference import reference_for
    from tabletop.engine.registry import get_game

    try:
        game = get_game(game_id)
        ref = reference_for(game)
    except TabletopError as exc:
        app.toast(str(exc))
        return None
    if ref is None:
        app.toast(_("{game} has no rules reference yet.").format(game=game_text(getattr(game, "title", "") or game_id, game_id)))
        return None
    app.toast_t = 0.0  # the refusal that led here has been read
    set_game(game_id)
    scene = RulesScene(app, ref, _resolve(ref, entry), game_id)
    app.push(scene)
    return scene


def rule_link(app, game_id: str, text: str):
    """A (label, action) link for a sentence naming a rule (a refusal): "Rule:
    Normal Summon" opening its entry; None when the reference has no entry for
    it (or the game no reference)."""
    from tabletop.engine.reference import reference_for
    from tabletop.engine.registry import get_game

    try:
        ref = reference_for(get_game(game_id))
    except Exception:  # a broken reference must not stop the table; the Rules screen says what is wrong
        return None
    found = ref.find_in_text(text) if ref is not None else None
    if found is None:
        return None
    _name, e = found
    return _("Rule: {rule}").format(rule=entry_title(ref, e, game_id)), (lambda: open_rules_reference(app, game_id, e.id))


def opens_entry(game_id: str, rule_name: str) -> bool:
    """Whether ``rule_name`` opens an entry of the game's reference (the table
    draws only those as links)."""
    from tabletop.engine.reference import reference_for
    from tabletop.engine.registry import get_game

    try:
        ref = reference_for(get_game(game_id))
    except Exception:
        return False
    return ref is not None and ref.lookup(rule_name) is not None


class RulesScene(Scene):
    """One game's rules reference."""

    def __init__(self, app, ref, entry=None, game_id: str | None = None):
        super().__init__(app)
        self.ref = ref
        self.game_id = game_id   # whose words the pages are (None: the current game)
        self._words: dict = {}   # entry id -> its words as shown, for searching them
        self.query = ""
        self.rows: list = []          # ("head", text) or ("entry", Entry)
        self.list_scroll = 0
        self.scroll = 0
        self.entry = entry or (ref.sections[0] if ref.sections else None)
        self._page = None             # (entry id, rendered surface)
        self.hover_row = -1
        self._filter()
        self._show_current()

    # -- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        self.search = pygame_gui.elements.UITextEntryLine(SEARCH, self.app.ui, placeholder_text=_("Search the rules"))
        if self.query:
            self.search.set_text(self.query)
        self.button((VW - 220, 24, 180, 48), _("Back (Esc)"), self.back)

    def t(self, e) -> str:
        """An entry's title in the language in use."""
        return entry_title(self.ref, e, self.game_id)

    def paras(self, e) -> list[str]:
        """An entry's paragraphs in the language in use."""
        return entry_paragraphs(self.ref, e, self.game_id)

    def _search_shown(self, found: list) -> list:
        """Besides the English search: the entries whose words, as shown in the
        language in use, hold every word of the query."""
        words = self.query.casefold().split()
        if not words or language() == "en":
            return found
        seen = {id(e) for e in found}
        more = []
        for e in self.ref.entries():
            if id(e) in seen:
                continue
            hay = self._words.get(e.id)
            if hay is None:
                hay = self._words[e.id] = " ".join([self.t(e)] + self.paras(e)).casefold()
            if all(w in hay for w in words):
                more.append(e)
        return found + more

    def update(self, dt: float) -> None:
        q = self.search.get_text() if getattr(self, "search", None) is not None else self.query
        if q != self.query:
            self.query = q
            self._filter()
            if self.best is not None:
                self.select(self.best, keep_list=True)

    def on_ui(self, ev) -> None:
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and ev.ui_element is getattr(self, "search", None):
            if self.best is not None:
                self.select(self.best, keep_list=True)
            return
        super().on_ui(ev)

    # -- contents --------------------------------------------------------------------------------
    def _filter(self) -> None:
        found = self._search_shown(self.ref.search(self.query))
        self.best = found[0] if found and self.query.strip() else None
        groups = [(_("Rules"), [e for e in found if not e.keyword]), (_("Keywords"), [e for e in found if e.keyword])]
        if self.best is not None and self.best.keyword:  # the best match's group first
            groups.reverse()
        rows: list = []
        for head, es in groups:
            if es:
                rows.append(("head", head))
                rows += [("entry", e) for e in es]
        if not rows:
            rows.append(("head", _("Nothing found")))
        self.rows = rows
        self.list_scroll = 0

    def _show_current(self) -> None:
        """Scroll the contents so the current entry's row shows."""
        for i, (kind, e) in enumerate(self.rows):
            if kind == "entry" and e is self.entry:
                visible = LEFT.h // ROW_H
                if i < self.list_scroll or i >= self.list_scroll + visible:
                    self.list_scroll = max(0, min(i - 2, len(self.rows) - visible))
                return

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(LEFT.x, LEFT.y + (i - self.list_scroll) * ROW_H, LEFT.w, ROW_H)

    def row_at(self, pos) -> int:
        if not LEFT.collidepoint(pos):
            return -1
        i = self.list_scroll + (pos[1] - LEFT.y) // ROW_H
        return i if 0 <= i < len(self.rows) else -1

    def select(self, entry, keep_list: bool = False) -> None:
        self.entry = entry
        self.scroll = 0
        self._page = None
        if not keep_list:
            self._show_current()

    def entry_titles(self) -> list[str]:
        """The contents as listed now (for tests and the readers of this screen)."""
        return [e.title for kind, e in self.rows if kind == "entry"]

    # -- input -----------------------------------------------------------------------------------
    def key_first(self, ev) -> bool:
        """Esc goes back even while the search box has the keys."""
        if ev.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN:
            self._key(ev.key)
        elif ev.type == pygame.MOUSEWHEEL:
            if LEFT.collidepoint(self.app.vmouse):
                self.list_scroll = max(0, min(self.list_scroll - ev.y * 2, max(0, len(self.rows) - LEFT.h // ROW_H)))
            else:
                self.scroll_by(-ev.y * 60)
        elif ev.type == pygame.MOUSEMOTION:
            self.hover_row = self.row_at(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            i = self.row_at(ev.pos)
            if i >= 0 and self.rows[i][0] == "entry":
                self.select(self.rows[i][1], keep_list=True)
                return
            target = self.link_at(ev.pos)
            if target is not None:
                self.select(target)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (4, 5):
            self.scroll_by(60 if ev.button == 5 else -60)

    def _key(self, k) -> None:
        if k == pygame.K_ESCAPE:
            self.back()
        elif k in (pygame.K_DOWN, pygame.K_UP) and not self._typing():
            self.scroll_by(50 if k == pygame.K_DOWN else -50)
        elif k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll_by((RIGHT.h - 140) * (1 if k == pygame.K_PAGEDOWN else -1))
        elif k in (pygame.K_HOME, pygame.K_END) and not self._typing():
            self.scroll_by(-10 ** 6 if k == pygame.K_HOME else 10 ** 6)

    def _typing(self) -> bool:
        s = getattr(self, "search", None)
        return s is not None and s.is_focused

    def link_rect(self, entry) -> pygame.Rect | None:
        """Where the "See also" link to ``entry`` is on the canvas now (None: not shown)."""
        self.page()
        inner = RIGHT.inflate(-80, -40)
        for r, e in getattr(self, "page_links", []):
            if e is entry:
                rr = r.move(inner.x, inner.y - self.scroll)
                return rr if inner.contains(rr) else None
        return None

    def link_at(self, pos):
        inner = RIGHT.inflate(-80, -40)
        if not inner.collidepoint(pos):
            return None
        x, y = pos[0] - inner.x, pos[1] - inner.y + self.scroll
        return next((e for r, e in getattr(self, "page_links", []) if r.collidepoint(x, y)), None)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.scroll + int(dy), self.max_scroll()))

    def max_scroll(self) -> int:
        page = self.page()
        return max(0, page.get_height() - (RIGHT.h - 40)) if page is not None else 0

    # -- drawing ---------------------------------------------------------------------------------
    def page(self) -> pygame.Surface | None:
        """The current entry drawn once: title, number, paragraphs."""
        e = self.entry
        if e is None:
            return None
        if self._page is not None and self._page[0] == (e.id, gfx.generation):
            return self._page[1]
        w = RIGHT.w - 80
        blocks = []  # (lines, size, colour, bold, gap after, indent)
        head = gfx.wrap(self.t(e), HEAD_SIZE, w, True)
        blocks.append((head, HEAD_SIZE, gfx.ACCENT, True, 6, 0))
        sub = _("Keyword") if e.keyword else (_("Rule {number}").format(number=e.number) if e.number else "")
        if sub:
            blocks.append(([sub], 20, gfx.DIM, False, 18, 0))
        else:
            blocks[-1] = blocks[-1][:4] + (18, 0)
        for para in self.paras(e):
            if para.startswith("- "):
                lines = gfx.wrap(para[2:], BODY_SIZE, w - 34)
                blocks.append((lines, BODY_SIZE, gfx.TEXT, False, 8, 34))
            else:
                blocks.append((gfx.wrap(para, BODY_SIZE, w), BODY_SIZE, gfx.TEXT, False, 16, 0))
        related = self.ref.related(e)
        if related:
            blocks.append(([_("See also")], 20, gfx.DIM, True, 6, 0))
            for r in related:
                blocks.append(([gfx.fit(self.t(r), BODY_SIZE, w)], BODY_SIZE, LINK, False, 4, -1))  # indent -1: a link to ``r``
        height = 0
        for lines, size, _col, bold, gap, _ind in blocks:
            height += len(lines) * (gfx.font(size, bold).get_linesize() + 4) + gap
        surf = pygame.Surface((w, max(1, height)), pygame.SRCALPHA)
        y = 0
        links = []
        targets = iter(related)
        for lines, size, col, bold, gap, indent in blocks:
            step = gfx.font(size, bold).get_linesize() + 4
            if indent == -1:  # a link: underlined, clickable
                t = gfx.text(lines[0], size, col, bold)
                surf.blit(t, (0, y))
                pygame.draw.line(surf, col, (0, y + t.get_height() - 3), (t.get_width(), y + t.get_height() - 3))
                links.append((pygame.Rect(0, y, t.get_width(), step), next(targets)))
                y += step + gap
                continue
            if indent:
                pygame.draw.circle(surf, gfx.ACCENT, (12, y + step // 2), 5)
            for ln in lines:
                surf.blit(gfx.text(ln, size, col, bold), (indent, y))
                y += step
            y += gap
        self.page_links = links  # (rect on the page, entry)
        self._page = ((e.id, gfx.generation), surf)
        return surf

    def draw(self, surf) -> None:
        BG.draw(surf)
        shade = gfx.alpha_rect((VW, VH), (10, 13, 19), 200)
        surf.blit(shade, (0, 0))
        gfx.blit_text(surf, gfx.fit(ref_title(self.ref, self.game_id), 40, VW - 320, True), 40, (40, 20), gfx.ACCENT, True)
        self._draw_contents(surf)
        self._draw_entry(surf)

    def _draw_contents(self, surf) -> None:
        gfx.panel(surf, LEFT.inflate(8, 8), (22, 27, 35), gfx.LINE, 8)
        clip = surf.get_clip()
        surf.set_clip(LEFT)
        visible = LEFT.h // ROW_H + 1
        for i in range(self.list_scroll, min(len(self.rows), self.list_scroll + visible)):
            kind, it = self.rows[i]
            r = self.row_rect(i)
            if kind == "head":
                gfx.blit_text(surf, it, ROW_SIZE, (r.x + 10, r.centery + 4), gfx.ACCENT, True, anchor="midleft")
                continue
            if it is self.entry:
                pygame.draw.rect(surf, (77, 106, 150), r.inflate(-4, -4), border_radius=6)
            elif i == self.hover_row:
                pygame.draw.rect(surf, (44, 52, 66), r.inflate(-4, -4), border_radius=6)
            label = self.t(it) if it.keyword or not it.number else f"{self.t(it)}  {it.number}"
            gfx.blit_text(surf, gfx.fit(label, ROW_SIZE, r.w - 40), ROW_SIZE, (r.x + 22, r.centery), gfx.TEXT, anchor="midleft")
        surf.set_clip(clip)
        total, vis = len(self.rows), LEFT.h // ROW_H
        if total > vis:
            self._bar(surf, pygame.Rect(LEFT.right - 6, LEFT.y, 4, LEFT.h), self.list_scroll / max(1, total - vis), vis / total)

    def _draw_entry(self, surf) -> None:
        gfx.panel(surf, RIGHT, (22, 27, 35), gfx.LINE, 10)
        page = self.page()
        if page is None:
            gfx.blit_text(surf, _("Nothing to show."), BODY_SIZE, (RIGHT.x + 40, RIGHT.y + 30), gfx.DIM)
            return
        inner = RIGHT.inflate(-80, -40)
        self.scroll = min(self.scroll, self.max_scroll())
        surf.blit(page, inner.topleft, pygame.Rect(0, self.scroll, inner.w, inner.h))
        if page.get_height() > inner.h:
            m = self.max_scroll()
            self._bar(surf, pygame.Rect(RIGHT.right - 14, inner.y, 5, inner.h), self.scroll / max(1, m), inner.h / page.get_height())
            if self.scroll < m:
                gfx.blit_text(surf, _("more below: scroll"), 18, (RIGHT.right - 30, RIGHT.bottom - 8), gfx.DIM, anchor="bottomright")

    @staticmethod
    def _bar(surf, track: pygame.Rect, frac: float, size: float) -> None:
        pygame.draw.rect(surf, (44, 50, 62), track, border_radius=3)
        h = max(24, int(track.h * min(1.0, size)))
        y = track.y + int((track.h - h) * max(0.0, min(1.0, frac)))
        pygame.draw.rect(surf, gfx.DIM, pygame.Rect(track.x, y, track.w, h), border_radius=3)
