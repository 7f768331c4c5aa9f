"""The Tutorial screen: a game's teaching in one list. Each installed game has
a button; the list holds the chosen game's lessons in order (advanced ones
last and marked), "Your first game" (the guided game), its puzzles, and the
rules reference. Completed lessons and solved puzzles carry a mark
(tabletop.tutorial.progress, kept in the settings folder)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from tabletop.engine import tomlio
from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _, game_text, ngettext, set_game

from .layout import game_dir
from .dialogs import text_box
from .scenes import _esc, _games, _Panel, game_title


def list_lessons() -> list[dict]:
    """Every lesson file of every installed game: game, path, title, summary,
    advanced. Each game's advanced lessons come after its others."""
    out = []
    for gid, game in _games().items():
        d = game_dir(game)
        if d is None or not (d / "lessons").is_dir():
            continue
        entries = []
        for p in sorted((d / "lessons").glob("*.toml")):
            entry = {"game": gid, "path": str(p), "id": p.stem, "title": p.stem.replace("_", " "), "summary": "",
                     "advanced": False}
            try:
                data = tomlio.load(p)
                entry["title"] = str(data.get("title", entry["title"]))
                entry["summary"] = str(data.get("summary", data.get("description", "")))
                entry["advanced"] = data.get("advanced") is True
            except TabletopError as exc:
                entry["summary"] = str(exc)
            entries.append(entry)
        out.extend(sorted(entries, key=lambda e: e["advanced"]))
    return out


def list_puzzles(game_id: str) -> list[dict]:
    """A game's puzzles: path, title, summary, goal (in words)."""
    from tabletop.tutorial.puzzle import load_puzzle

    game = _games().get(game_id)
    d = game_dir(game) if game is not None else None
    if d is None or not (d / "puzzles").is_dir():
        return []
    out = []
    for p in sorted((d / "puzzles").glob("*.toml")):
        entry = {"game": game_id, "path": str(p), "id": p.stem, "title": p.stem.replace("_", " "), "summary": "",
                 "goal": ""}
        try:
            pz = load_puzzle(p)
            entry.update(title=pz.title, summary=pz.summary, goal=pz.goal_text)
        except TabletopError as exc:
            entry["summary"] = str(exc)
        out.append(entry)
    return out


def guided_entry(game_id: str) -> dict | None:
    """A game's guided first game (its title and path), or None."""
    game = _games().get(game_id)
    d = game_dir(game) if game is not None else None
    p = Path(d) / "guided.toml" if d is not None else None
    if p is None or not p.is_file():
        return None
    entry = {"game": game_id, "path": str(p), "title": N_("Your first game"), "summary": ""}
    try:
        data = tomlio.load(p)
        entry["title"] = str(data.get("title", entry["title"]))
        entry["summary"] = str(data.get("summary", ""))
    except TabletopError as exc:
        entry["summary"] = str(exc)
    return entry


def rules_reference():
    """``open_rules_reference(app, game_id, entry=None)`` of the rules reference
    screen when it is installed, else None."""
    try:
        from . import rules_reference as mod
    except ImportError:
        return None
    return getattr(mod, "open_rules_reference", None)


class TutorialScene(_Panel):
    """A game's lessons, guided game, puzzles and rules, with marks on what is done."""

    title = N_("Tutorial")
    DONE = "\u2713"   # the completion mark (a check mark; Noto Sans JP has it, Noto Sans doesn't)
    DONE_HTML = "<font face='noto_sans_jp'>\u2713</font>"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.game_id = game_id

    def build(self):
        super().build()
        from tabletop.tutorial import progress

        self.lessons = list_lessons()
        self.done = progress.completed()
        games = _games()
        self.titles = {gid: game_title(g, gid) for gid, g in games.items()}
        offered = [gid for gid in games if any(l["game"] == gid for l in self.lessons)
                   or guided_entry(gid) is not None or list_puzzles(gid)]
        self.rows, self.items = [], []
        self.selected = None
        if not offered:
            self.label((100, 120, 1200, 30), _("No lessons are installed yet: each game adds them under games/<id>/lessons/."))
            return
        if self.game_id not in offered:
            self.game_id = offered[0]
        set_game(self.game_id)
        self.game_buttons = {}
        bw = min(300, (1400 - 10 * (len(offered) - 1)) // len(offered))
        for i, gid in enumerate(offered):
            b = self.button((100 + i * (bw + 10), 100, bw, 44), self.titles.get(gid, gid),
                            lambda g=gid: self.choose_game(g))
            self.game_buttons[gid] = b
            if gid == self.game_id:
                b.select()
        self._fill(self.game_id)
        self.list = pygame_gui.elements.UISelectionList(pygame.Rect(100, 160, 760, 640), self.items, self.app.ui,
                                                        object_id="#lessons")
        self.info = text_box(self._intro(), (890, 160, 610, 560), self.app.ui)
        self.button((1300, 820, 200, 50), _("Start"), self.start, object_id="#big")

    def choose_game(self, gid: str) -> None:
        self.game_id = gid
        set_game(gid)
        self.app._rebuild()

    def _fill(self, gid: str) -> None:
        """The chosen game's rows: ("game", gid) heading, ("lesson", entry)...,
        ("guided", entry), ("puzzles", gid) heading, ("puzzle", entry)...,
        ("rules", gid)."""
        ls = [l for l in self.lessons if l["game"] == gid]
        n = sum(1 for l in ls if self.is_done(l))
        done = ngettext("{n} of {total} lesson done", "{n} of {total} lessons done", len(ls)).format(n=n, total=len(ls))
        self._add(("game", gid), f"{self.titles.get(gid, gid)}  -  {done}")
        for i, l in enumerate(ls, 1):
            adv = "   " + _("(advanced)") if l["advanced"] else ""
            self._add(("lesson", l), f"    {self._mark(l)}  {i}. {self._t(l['title'])}{adv}")
        g = guided_entry(gid)
        if g is not None:
            self._add(("guided", g), f"    {self._mark(g)}  " + _("{title}: a whole game with the coach").format(
                title=self._t(g["title"])))
        ps = list_puzzles(gid)
        if ps:
            solved = sum(1 for p in ps if self.is_solved(p))
            self._add(("puzzles", gid), _("Puzzles  -  {n} of {total} solved").format(n=solved, total=len(ps)))
            for i, p in enumerate(ps, 1):
                mark = self.DONE if self.is_solved(p) else "    "
                goal = f"   ({self._t(p['goal'])})" if p["goal"] else ""
                self._add(("puzzle", p), f"    {mark}  " + _("Puzzle {n}. {title}").format(n=i, title=self._t(p["title"])) + goal)
        if rules_reference() is not None:
            self._add(("rules", gid), _("Rules reference: {game}'s rules and keywords").format(game=self.titles.get(gid, gid)))

    def _t(self, s: str) -> str:
        """A lesson's, puzzle's or guided game's words, in the language in use
        (the English default title is the app's own)."""
        return _(s) if s == "Your first game" else game_text(s, self.game_id)

    def _add(self, row, item: str) -> None:
        while item in self.items:  # list items must be told apart by their text
            item += " "
        self.rows.append(row)
        self.items.append(item)

    def _mark(self, entry) -> str:
        return self.DONE if self.is_done(entry) else "    "

    def _intro(self) -> str:
        done = sum(1 for l in self.lessons if l["game"] == self.game_id and self.is_done(l))
        return (_("Choose a lesson, your first game or a puzzle, then Start (or double-click it).") + "<br><br>"
                + _("{mark} marks a lesson you have completed ({n} here) and a puzzle you have solved. "
                    "Lessons teach one idea each, in order; advanced lessons come last. Your first game is a whole "
                    "game against a gentle rival with the coach beside you. A puzzle gives a position and a goal."
                    ).format(mark=self.DONE_HTML, n=done))

    def is_done(self, l) -> bool:
        from tabletop.tutorial.progress import lesson_key
        return lesson_key(l["game"], l["path"]) in self.done

    def is_solved(self, p) -> bool:
        from tabletop.tutorial.progress import puzzle_key
        return puzzle_key(p["game"], p["path"]) in self.done

    def on_ui(self, ev):
        if ev.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION) \
                and ev.ui_element is getattr(self, "list", None):
            if ev.text in self.items:
                self.pick(self.items.index(ev.text), ev.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION)
            return
        super().on_ui(ev)

    def pick(self, i: int, start: bool = False) -> None:
        kind, it = self.rows[i]
        text = self.items[i].strip()
        if kind in ("game", "puzzles"):
            self.selected = None
            g = _games().get(self.game_id)
            desc = game_text((g.description if g is not None else "") or "", self.game_id)
            more = _("Choose one of its lessons below the heading.") if kind == "game" else \
                _("Each puzzle is a position and a goal: any line that reaches the goal solves it. "
                  "Hint helps, one nudge at a time.")
            self.info.set_text(_esc(f"{text}\n\n{desc if kind == 'game' else ''}\n\n{more}"))
            return
        self.selected = (kind, it)
        if kind == "rules":
            self.info.set_text(_esc(_("The rules of the game in plain words, and a glossary of its keywords.")))
        elif kind == "puzzle":
            mark = f"<br><br>{self.DONE_HTML} " + _("Solved.") if self.is_solved(it) else ""
            goal = _("Goal: {goal}").format(goal=self._t(it["goal"]))
            self.info.set_text(_esc(f"{self._t(it['title'])}\n\n{goal}\n\n{self._t(it['summary'])}") + mark)
        else:
            mark = f"<br><br>{self.DONE_HTML} " + _("Completed.") if self.is_done(it) else ""
            extra = "\n\n" + _("Any legal move is allowed; the coach suggests one at each of your decisions.") \
                if kind == "guided" else ("\n\n" + _("An advanced lesson.") if it.get("advanced") else "")
            self.info.set_text(_esc(f"{self._t(it['title'])}\n\n{self._t(it['summary'])}{extra}") + mark)
        if start:
            self.start()

    def start(self):
        if self.selected is None:
            self.info.set_text(_("Choose a lesson, your first game or a puzzle first."))
            return
        kind, it = self.selected
        try:
            if kind == "lesson":
                from .coach import start_lesson
                start_lesson(self.app, it["game"], it["path"])
            elif kind == "puzzle":
                from .puzzle_coach import start_puzzle
                start_puzzle(self.app, it["game"], it["path"])
            elif kind == "guided":
                from .guided_coach import start_guided
                start_guided(self.app, it["game"], it["path"])
            elif kind == "rules":
                opener = rules_reference()
                if opener is not None:
                    opener(self.app, it, None)
        except TabletopError as exc:
            self.info.set_text(f"<font color='#ff8a7a'>{_esc(str(exc))}</font>")
