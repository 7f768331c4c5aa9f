"""The Load game and Continue screens: the player's saves and the shipped
examples; the unfinished games (one autosave each, most recent first). A save
that has something to say before play (its backup was used, or it was made
under other rules and replays only part of the way) says it first."""

from __future__ import annotations

import traceback
from pathlib import Path

import pygame
import pygame_gui

from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _, game_text
from tabletop.saves import (delete_save, examples_dir, finished_games, home_short, list_saves, load_with_backup,
                            saves_dir, unfinished_games)

from .dialogs import ConfirmWindow, text_box
from .scenes import _esc, _games, _Panel, game_title


class LoadScene(_Panel):
    """The player's saves and the shipped examples; a bad save shows its error.
    A save that has something to say before play (its backup was used, or it
    was made under other rules and replays only part of the way) says it here
    first; Load again plays on."""

    title = N_("Load game")
    watchable = True
    hint = N_("Your saves are in {folder}; examples ship with the app and are never written to.")
    empty = N_("No saves yet.")
    load_word = N_("Load")

    def saves(self) -> list[dict]:
        out = [dict(e, example=False) for e in list_saves(saves_dir(self.app.saves))]
        return out + [dict(e, example=True) for e in list_saves(examples_dir())]

    def build(self):
        super().build()
        self.entries = self.saves()
        self.labels = []
        self.titles = titles = {gid: game_title(g, gid) for gid, g in _games().items()}
        for e in self.entries:
            stem = Path(e["path"]).stem
            if e.get("autosave"):  # an autosave's file name says nothing to a player
                e["name"] = "" if e["name"] == stem else e["name"]
            elif e["name"] != stem:
                e["name"] = f"{e['name']} ({stem})"
            if e.get("error"):
                s = _("{save}  -  can't be loaded").format(save=e["name"] or _("An autosave"))
            else:
                players = _(" vs ").join(game_text(p, e["game"]) for p in e.get("players") or []) or "?"
                date = str(e.get("date", "")).replace("T", " ")[:16]
                game = titles.get(e["game"], e["game"])  # the game's title, as the New game list says it
                turn = _("turn {n}").format(n=e.get("turn", 0))
                s = "  -  ".join([e["name"]] * bool(e["name"]) + [game, players, turn, date])
                if e.get("damaged"):
                    s += "  -  " + _("damaged: its backup is used")
            if e.get("example"):
                s = _("[example] {save}").format(save=s)
            if s in self.labels:  # two alike (the same game, turn and minute): the list tells them apart
                s += f"  ({sum(lab.startswith(s) for lab in self.labels) + 1})"
            self.labels.append(s)
        self.label((100, 100, 1400, 30), _(self.hint).format(folder=home_short(str(saves_dir(self.app.saves)))))
        if not self.entries:
            self.label((100, 150, 900, 30), _(self.empty))
        self.list = pygame_gui.elements.UISelectionList(pygame.Rect(100, 140, 1400, 470), self.labels or [], self.app.ui)
        self.info = text_box(_("Choose a save."), (100, 625, 1400, 170), self.app.ui)
        self.load_button = self.button((1300, 820, 200, 50), _("Load"), self.load, object_id="#big")
        if self.watchable:  # any save can be watched back, and taken over from any moment
            self.watch_button = self.button((1080, 820, 200, 50), _("Watch"), self.watch, object_id="#big",
                                            tooltip=_("Watch the game back, step by step, and take over from any moment"))
        x = (1080 if self.watchable else 1300) - 220
        self.delete_button = self.button((x, 820, 200, 50), _("Delete"), self.delete,
                                         tooltip=_("Remove this save from the saves folder"))
        self.delete_button.disable()  # until one of the player's own saves is chosen
        self.selected = None
        self.pending = None  # (entry, match) loaded, its notes shown: Load again plays on
        self.dialog = None   # the open "Delete ...?" question

    def on_ui(self, ev):
        if ev.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION) \
                and ev.ui_element is getattr(self, "list", None):
            if ev.text in self.labels:
                self.selected = self.entries[self.labels.index(ev.text)]
                self.pending = None
                self.load_button.set_text(_(self.load_word))
                e = self.selected
                if e.get("example"):  # the examples ship with the app and are never written to
                    self.delete_button.disable()
                else:
                    self.delete_button.enable()
                if e.get("error"):
                    self.info.set_text(f"<font color='#ff8a7a'>{_esc(e['error'])}</font>")
                else:
                    players = ", ".join(game_text(p, e["game"]) for p in e.get("players") or [])
                    text = _esc(f"{e['path']}\n" + _("{game}, players: {players}, turn {turn}, saved {date}").format(
                        game=self.titles.get(e["game"], e["game"]), players=players, turn=e.get("turn", 0), date=e.get("date", "")))
                    if e.get("damaged"):
                        text += "<br><font color='#f0be46'>" + _esc(_("{problem}: its backup will be loaded.").format(
                            problem=e["damaged"])) + "</font>"
                    self.info.set_text(text)
                if ev.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
                    self.load()
            return
        if self.dialog is not None and self._dialog_event(ev):
            return
        super().on_ui(ev)

    # -- Delete: the chosen save (never an example), once the player agrees -------------------
    def delete(self):
        e = self.selected
        if e is None or e.get("example"):
            return
        self.dialog_save = self.labels[self.entries.index(e)]  # as the list says it
        self.dialog = ConfirmWindow(self.app.ui, _("Delete {save}? Its file is removed and can't be brought back.")
                                    .format(save=self.dialog_save), title=_("Delete save"), yes=_("Delete"))

    def _dialog_event(self, ev) -> bool:
        win = self.dialog
        if ev.type == pygame_gui.UI_WINDOW_CLOSE and ev.ui_element is win:
            self.dialog = None
            return True
        if ev.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        ans = win.answer(ev.ui_element)
        if ans is None:
            return False
        win.kill()
        self.dialog = None
        if ans == "yes":
            e = self.selected
            try:
                delete_save(e["path"])
            except OSError as exc:
                self.info.set_text(f"<font color='#ff8a7a'>{_esc(str(exc))}</font>")
                return True
            self.app._rebuild()
            self.app.toast(_("Deleted {save}.").format(save=self.dialog_save), ok=True)
        return True

    def load(self):
        e = self.selected
        if e is None:
            self.info.set_text(_("Choose a save first."))
            return
        if self.pending is not None and self.pending[0] is e:
            self.start(e, self.pending[1])
            return
        match = self._read(e)
        if match is None:
            return
        if match.notes:
            self.pending = (e, match)
            self.info.set_text("<font color='#f0be46'>" + "<br>".join(_esc(n) for n in match.notes)
                               + "</font><br>" + _("Press Play on to go on from there, or choose another save."))
            self.load_button.set_text(_("Play on"))
            return
        self.start(e, match)

    def watch(self):
        """Open the chosen save in the replay viewer (the file is only read)."""
        from tabletop.replay import Replay

        from .replay_scene import watch

        e = self.selected
        if e is None:
            self.info.set_text(_("Choose a save first."))
            return
        match = self._read(e)
        replay = self._read(e, lambda: Replay.from_match(match, source=e["path"])) if match is not None else None
        if replay is not None:
            watch(self.app, replay, match.notes)

    def _read(self, e, how=None):
        """The chosen save read (``how``: another reading of it), or None with
        the problem said in the panel; an engine bug is said, never a crash."""
        try:
            return how() if how is not None else load_with_backup(e["path"])
        except TabletopError as exc:
            self.info.set_text(f"<font color='#ff8a7a'>{_esc(str(exc))}</font>")
        except Exception as exc:  # an engine bug while replaying: say so, don't crash
            self.info.set_text("<font color='#ff8a7a'>" + _esc(_("{file}: the game engine failed while replaying it "
                                                                 "({problem})").format(
                file=e["path"], problem=f"{type(exc).__name__}: {exc}")) + "</font>")
            traceback.print_exc()
        return None

    def start(self, e, match):
        if e.get("example"):
            match.name = ""  # the example file is never written to; autosave goes to the user's folder
        self.app.start_match(match, tuple(match.ui.get("seats", ("human", "human"))))
        if match.notes:
            self.app.toast(" ".join(match.notes), 10.0, ok=True)


class FinishedScene(LoadScene):
    """The finished games, the most recent first, to be watched back (each is
    kept in the ``finished`` folder when it ends)."""

    title = N_("Finished games")
    hint = N_("Finished games, the most recent first: watch one back, step by step, and take over from any moment.")
    empty = N_("No finished games yet: a game is kept here when it ends.")
    load_word = N_("Watch")

    def saves(self) -> list[dict]:
        return [dict(e, autosave=True) for e in finished_games(self.app.saves)]

    def build(self):
        super().build()
        self.load_button.set_text(_("Watch"))

    def load(self):
        self.watch()


class ContinueScene(LoadScene):
    """The unfinished games, most recent first (a finished or conceded game is
    never offered). Each plays on in its own autosave."""

    title = N_("Continue")
    watchable = False
    hint = N_("Unfinished games, the most recent first. Each keeps its own autosave.")
    empty = N_("No unfinished games.")

    def saves(self) -> list[dict]:
        return [dict(e, autosave=True) for e in unfinished_games(self.app.saves)]

    def start(self, e, match):
        rep = match.replay
        if rep is None or rep.complete:  # a replay that stopped early plays on in a new autosave
            match.autosave_path = Path(e["path"])
        super().start(e, match)
