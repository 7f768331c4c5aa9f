"""The in-game menu and its dialogs: save, load, settings, concede, confirmations."""

from __future__ import annotations

import re

import pygame
import pygame_gui

from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _
from tabletop.saves import saves_dir

from .controller import is_resign
from .dialogs import ConfirmWindow
from .gfx import VW


class MenusMixin:
    # -- menu and dialogs (pygame_gui) ----------------------------------------------------------------
    def build(self) -> None:
        self.dialog = None
        if self.menu_open:
            self._build_menu()
        if self.takeback is not None:  # the widgets were rebuilt: ask again
            self._open_takeback_dialog()

    def open_menu(self) -> None:
        if self.held is not None:
            self._send_back()
        self.popup = None
        self.menu_open = True
        self.menu_mode = "main"
        self.app._rebuild()

    def close_menu(self) -> None:
        self.menu_open = False
        self.app._rebuild()

    def _build_menu(self) -> None:
        cx = VW // 2
        if self.menu_mode == "save":
            self.label((cx - 220, 300, 440, 36), _("Save the game as:"), object_id="#heading")
            self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(cx - 220, 345, 440, 40), self.app.ui)
            default = self.ctl.match.name or f"{self.game.id}-turn{self.ctl.state.turn}"
            self.name_entry.set_text(default)
            self.name_entry.focus()
            self.button((cx - 220, 400, 210, 44), _("Save"), self._do_save)
            self.button((cx + 10, 400, 210, 44), _("Cancel"), self._menu_main)
            return
        self.label((cx - 200, 230, 400, 40), _("Game menu"), object_id="#heading")
        items = [(N_("Resume"), self.close_menu), (N_("Save game"), self._menu_save), (N_("Load game"), self._menu_load),
                 (N_("Rules"), self.open_rules), (N_("Settings"), self._menu_settings), (N_("Concede"), self._menu_concede),
                 (N_("Quit to menu"), self._quit_to_menu)]
        undo = self.undo_label()
        if undo:
            items.insert(1, (undo, self.request_undo))
        if self.coach is not None:  # a lesson is not saved and not conceded
            items = [it for it in items if it[0] not in ("Save game", "Concede")]
        for i, (lab, act) in enumerate(items):
            self.button((cx - 160, 280 + i * 54, 320, 46), _(lab), act)
        self._menu_rows = len(items)

    def menu_rect(self):
        """The panel behind the open menu, fitted to what it holds."""
        cx = VW // 2
        if self.menu_mode == "save":
            return pygame.Rect(cx - 250, 280, 500, 190)
        n = getattr(self, "_menu_rows", 6)
        return pygame.Rect(cx - 250, 200, 500, 80 + (n - 1) * 54 + 46 + 30)

    def _menu_main(self) -> None:
        self.menu_mode = "main"
        self.app._rebuild()

    def _menu_save(self) -> None:
        self.menu_mode = "save"
        self.app._rebuild()

    def on_ui(self, ev) -> None:
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.menu_mode == "save":
            self._do_save()
            return
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and self.dialog is not None:
            ans = self.dialog[0].answer(ev.ui_element)
            if ans is not None:
                self.answer_dialog(ans)
                return
        if ev.type == pygame_gui.UI_WINDOW_CLOSE and self.dialog is not None and ev.ui_element is self.dialog[0]:
            on_no = self.dialog[2]
            self.dialog = None
            if on_no is not None:
                on_no()
            return
        super().on_ui(ev)

    def _do_save(self) -> None:
        name = self.name_entry.get_text().strip() if getattr(self, "name_entry", None) else ""
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "save"
        if safe.lower() == "autosave":
            safe = "autosave-copy"
        path = saves_dir(self.app.saves) / f"{safe}.toml"
        try:
            self.ctl.match.name = name or safe
            self.ctl.match.save(path)
            self.app.toast(_("Saved as {name}").format(name=path.name), ok=True)
        except (OSError, TabletopError) as exc:
            self.app.toast(_("Could not save: {error}").format(error=exc))
        self.close_menu()

    def _menu_load(self) -> None:
        from .scenes import LoadScene
        self.menu_open = False
        self.app.push(LoadScene(self.app))

    def _menu_settings(self) -> None:
        from .scenes import SettingsScene
        self.menu_open = False
        self.app.push(SettingsScene(self.app))

    def _menu_concede(self) -> None:
        self.menu_open = False
        self.app._rebuild()
        who = self.viewer
        self.open_confirm(_("Concede the game as {name}?").format(name=self._name(who)), lambda: self._concede(who))

    def _concede(self, who) -> None:
        d = self.ctl.state.decision
        own = next((c for c in d.choices_for(who) if is_resign(c)), None) if d else None
        if own is not None:  # the game's own surrender: in the log, and the engine names the winner
            self.apply_choice(own, confirm=False)
        else:
            self.ctl.concede(who)
        self.game_over_shown = True
        self._top = None            # the top bar says the game is over, not whose turn it is
        self._choices_cache = None  # and the action bar offers nothing

    def _quit_to_menu(self) -> None:
        from .scenes import MenuScene
        self.app.reset_to(MenuScene(self.app))

    def open_confirm(self, text: str, on_yes, on_no=None, title: str | None = None, yes: str | None = None,
                     no: str | None = None, rect=None, on_never=None) -> None:
        """A yes/no dialog; ``on_no`` runs when it is declined or closed; with
        ``on_never`` a third button, "Don't ask again", runs it and then says yes."""
        dlg = ConfirmWindow(self.app.ui, text, title=title or _("Are you sure?"), yes=yes or _("Yes"), no=no or _("Cancel"),
                            never=_("Don't ask again") if on_never else None, rect=rect)

        self.dialog = (dlg, on_yes, on_no)
        self._on_never = on_never

    def answer_dialog(self, answer: str) -> None:
        """Yes, no or don't-ask-again for the open dialog."""
        if self.dialog is None:
            return
        dlg, on_yes, on_no = self.dialog
        self.dialog = None
        dlg.kill()
        if answer == "never" and self._on_never is not None:
            self._on_never()
        if answer in ("yes", "never"):
            on_yes()
        elif on_no is not None:
            on_no()

    def close_dialog(self) -> None:
        if self.dialog is not None:
            dlg, _yes, on_no = self.dialog
            self.dialog = None
            dlg.kill()
            if on_no is not None:
                on_no()
