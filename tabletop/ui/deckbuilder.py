"""The Deck builder screen: pick a game, open a deck (new, preconstructed or
one of yours), search and filter the card pool, add and take out cards, see
the counts per section, the curve and every deck rule checked live; Save,
Save as, Delete, Import and Export deck list files. Knows no game: sections,
filters, the curve and the rules all come from the Game object
(tabletop/engine/decks.py)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from tabletop.engine.decks import Deck, DeckFileError, format_deck, read_deck_file
from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _, game_text, ngettext, set_game

from .app import Scene
from .cards import CardArt
from .deckbuilder_model import ANY, DeckModel
from .deckbuilder_view import POOL, DeckViewMixin
from .dialogs import ConfirmWindow
from .layout import load_layout

# the Open menu's items, as ids in English (shown in the language in use: open_label)
NEW = N_("New empty deck")
PRE, YOURS = "Preconstructed: ", "Yours: "


def _games():
    from .scenes import _games as found
    return found()


def _widths(labels, room: int, gap: int) -> list[int]:
    """Button widths for ``labels`` ((words, least width)): each as wide as its
    words need, within ``room`` (the rest shared out in proportion)."""
    from . import gfx

    f = gfx.font(26)  # about the widgets' 18 px text
    want = [max(w, f.size(s)[0] + 26) for s, w in labels]
    room -= gap * (len(labels) - 1)
    if sum(want) <= room:
        return want
    return [int(w * room / sum(want)) for w in want]


class DeckBuilderScene(DeckViewMixin, Scene):
    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        games = _games()
        st = app.settings
        if game_id not in games:
            game_id = st.last_game if st.last_game in games else next(iter(games), None)
        self.gid = game_id
        self.model = None
        self.art = None
        self.dialog = None         # (kind, window): "import" | "export" | "delete" | "leave" | "replace"
        self._pending = None       # what "replace" does once the player agrees
        self.opened = NEW          # the Open item the deck came from (a preconstructed deck, until saved)
        self.init_view()
        if self.gid is not None:
            self.set_game(self.gid)

    def set_game(self, gid: str, deck: Deck | None = None, path=None) -> None:
        game = _games()[gid]
        self.gid = gid
        set_game(gid)
        self.model = DeckModel(game, deck, path)
        layout = load_layout(game)
        self.art = CardArt(game, layout.card_colors, layout.face_down_tag)
        self.init_view()

    # -- widgets ----------------------------------------------------------------------------
    def build(self):
        games = _games()
        from .scenes import game_title

        self.label((24, 14, 220, 42), _("Deck builder"), object_id="#heading")
        self.button((1464, 14, 112, 42), _("Back"), self.leave)
        if self.model is None:
            self.label((24, 120, 900, 40), _("No games are installed yet."))
            return
        set_game(self.gid)
        titles = [(game_title(g, gid), gid) for gid, g in games.items()]
        self.game_menu = pygame_gui.elements.UIDropDownMenu(titles, (game_title(games[self.gid], self.gid), self.gid),
                                                            pygame.Rect(250, 14, 300, 42), self.app.ui)
        self.open_items = self._open_items()
        current = self._current_item()
        self.open_menu = pygame_gui.elements.UIDropDownMenu([(self.open_label(i), i) for i in self.open_items],
                                                            (self.open_label(current), current),
                                                            pygame.Rect(560, 14, 330, 42), self.app.ui)
        x = 900
        buttons = ((_("Save"), self.save, 88), (_("Save as"), self.save_as, 104), (_("Delete"), self.delete, 92),
                   (_("Import"), self.import_list, 96), (_("Export"), self.export_list, 96))
        for (label, act, _w), w in zip(buttons, _widths([(b[0], b[2]) for b in buttons], 1458 - x, 6)):
            self.button((x, 14, w, 42), label, act)
            x += w + 6
        self.search = pygame_gui.elements.UITextEntryLine(pygame.Rect(24, 64, 250, 42), self.app.ui,
                                                          placeholder_text=_("Search names and text"))
        if self.model.search:
            self.search.set_text(self.model.search)
        self.filter_menus = {}
        fx = 284
        names = self.model.filter_names()
        fw = (984 - fx - 8 * (len(names) - 1)) // max(1, len(names)) if names else 0
        self.filter_values = {}   # a filter item's words -> (facet, value)
        for facet in names:
            items = []
            for v in self.model.filter_values(facet):
                item = _("{filter}: {value}").format(filter=game_text(facet, self.gid),
                                                     value=_(ANY) if v == ANY else game_text(v, self.gid))
                self.filter_values[item] = (facet, v)
                items.append(item)
            cur = next((i for i in items if self.filter_values[i] == (facet, self.model.chosen.get(facet, ANY))), items[0])
            m = pygame_gui.elements.UIDropDownMenu(items, cur, pygame.Rect(fx, 64, min(fw, 200), 42), self.app.ui)
            self.filter_menus[m] = facet
            fx += min(fw, 200) + 8
        self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(1000, 64, 576, 42), self.app.ui,
                                                              placeholder_text=_("Deck name"))
        self.name_entry.set_text_length_limit(60)
        if self.model.deck.name:
            self.name_entry.set_text(self.model.deck.name)

    def _open_items(self) -> list[str]:
        from tabletop.userdecks import list_decks

        game = self.model.game
        items = [NEW] + [PRE + n for n in game.decks]
        self.user_decks = list_decks(game)
        for e in self.user_decks:
            item = YOURS + e["name"] + (" (can't be read)" if "error" in e else "")
            while item in items:
                item += " "
            items.append(item)
        return items

    def open_label(self, item: str) -> str:
        """An Open menu item in words: a preconstructed deck's name is the game's words."""
        if item.startswith(PRE):
            return _("Preconstructed: {deck}").format(deck=game_text(item[len(PRE):], self.gid))
        if item in self.open_items[1 + len(self.model.game.decks):]:
            e = self.user_decks[self.open_items.index(item) - 1 - len(self.model.game.decks)]
            label = _("Yours: {deck}").format(deck=e["name"])
            return label + " " + _("(can't be read)") if "error" in e else label
        return _(NEW)

    def _current_item(self) -> str:
        if self.model.path is None and self.opened in self.open_items:
            return self.opened
        if self.model.path is not None:
            for item, e in zip(self.open_items[1 + len(self.model.game.decks):], self.user_decks):
                if Path(e["path"]) == Path(self.model.path):
                    return item
        return NEW

    def on_ui(self, ev):
        if self.dialog is not None and self._dialog_event(ev):
            return
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if ev.ui_element is getattr(self, "game_menu", None):
                from .scenes import game_title
                gid = getattr(ev, "selected_option_id", None)
                if gid not in _games():
                    gid = next((g for g, gm in _games().items() if game_title(gm, g) == ev.text), None)
                if gid is not None and gid != self.gid:
                    self.unless_unsaved(lambda: self._switch_game(gid))
                return
            if ev.ui_element is getattr(self, "open_menu", None):
                item = getattr(ev, "selected_option_id", None)
                if item not in self.open_items:
                    item = next((i for i in self.open_items if self.open_label(i) == ev.text), NEW)
                self.unless_unsaved(lambda: self.open_item(item))
                return
            facet = getattr(self, "filter_menus", {}).get(ev.ui_element)
            if facet is not None:
                chosen = self.filter_values.get(ev.text)
                self.model.choose(facet, chosen[1] if chosen else ev.text.split(": ", 1)[1])
                self.pool_scroll = 0
                return
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if ev.ui_element is getattr(self, "search", None):
                self.model.search = ev.text
                self.pool_scroll = 0
            elif ev.ui_element is getattr(self, "name_entry", None):
                self.model.deck.name = ev.text.strip()
                self.model.dirty = True
            return
        super().on_ui(ev)

    def _switch_game(self, gid: str) -> None:
        self.set_game(gid)
        self.app.settings.last_game = gid
        self.app._rebuild()

    def unless_unsaved(self, then) -> None:
        """Do ``then`` (which replaces the deck being built) now, or, when that
        deck has unsaved changes, once the player agrees to drop them."""
        if self.model is not None and self.model.dirty and self.model.deck.count():
            self._pending = then
            self._ask("replace", _("Replace this deck? Its changes aren't saved."), _("Unsaved deck"), _("Replace"))
            return
        then()

    def open_item(self, item: str) -> None:
        game = self.model.game
        self.opened = item
        if item == NEW:
            self.model.load(Deck(game.id, "", {}))
        elif item.startswith(PRE):
            name = item[len(PRE):]
            # a copy to edit starts with the deck's name in the player's language
            self.model.load(game.deck_from_ids(list(game.decks[name]), game_text(name, game.id)))
        else:
            i = self.open_items.index(item) - 1 - len(game.decks)
            e = self.user_decks[i]
            if "error" in e:
                self.app.toast(e["error"])
                return
            self.model.load(e["deck"], e["path"])
        self.init_view()
        self.app._rebuild()

    # -- Save, Save as, Delete ----------------------------------------------------------------
    def _named(self) -> bool:
        self.model.deck.name = self.name_entry.get_text().strip()
        if not self.model.deck.name:
            self.app.toast(_("Give the deck a name first (the box above the deck)."))
            return False
        return True

    def save(self, new_file: bool = False) -> None:
        from tabletop.userdecks import save_deck

        if not self._named():
            return
        try:
            path = save_deck(self.model.game, self.model.deck, None if new_file else self.model.path)
        except (OSError, TabletopError) as exc:
            self.app.toast(_("Can't save the deck: {problem}").format(problem=exc))
            return
        self.model.path, self.model.dirty = path, False
        probs = self.model.problems()
        note = "" if not probs else " " + ngettext(
            "It doesn't meet {n} deck rule yet, so New game won't offer it.",
            "It doesn't meet {n} deck rules yet, so New game won't offer it.", len(probs)).format(n=len(probs))
        self.app.toast(_("Saved {deck}.").format(deck=self.model.deck.name) + note, ok=not probs)
        self.app._rebuild()

    def save_as(self) -> None:
        self.save(new_file=True)

    def delete(self) -> None:
        if self.model.path is None:
            self.app.toast(_("This deck isn't saved, so there is nothing to delete."))
            return
        self._ask("delete", _("Delete your deck {deck}? Its file is removed.").format(deck=self.model.deck.name or ""),
                  _("Delete deck"), _("Delete"))

    def _do_delete(self) -> None:
        from tabletop.userdecks import delete_deck

        name = self.model.deck.name
        try:
            delete_deck(self.model.path)
        except OSError as exc:
            self.app.toast(_("Can't delete the deck: {problem}").format(problem=exc.strerror or exc))
            return
        self.model.load(Deck(self.model.game.id, "", {}))
        self.app.toast(_("Deleted {deck}.").format(deck=name), ok=True)
        self.app._rebuild()

    # -- Import, Export -----------------------------------------------------------------------
    def import_list(self) -> None:
        self.unless_unsaved(lambda: self._file_dialog("import", _("Import a deck list"), str(Path.home()), True))

    def export_list(self) -> None:
        from tabletop.userdecks import file_name

        start = Path.home() / file_name(self.name_entry.get_text().strip() or "deck")
        self._file_dialog("export", _("Export the deck list"), str(start), False)

    def _file_dialog(self, kind, title, start, existing) -> None:
        w = pygame_gui.windows.UIFileDialog(pygame.Rect(400, 150, 800, 600), self.app.ui, window_title=title,
                                            initial_file_path=start, allow_existing_files_only=existing)
        w.set_blocking(True)
        self.dialog = (kind, w)

    def do_import(self, path) -> bool:
        try:
            game, deck = read_deck_file(path, _games())
        except DeckFileError as exc:
            self.app.toast(str(exc))
            return False
        if game.id != self.gid:
            self.set_game(game.id, deck)
        else:
            self.model.load(deck)
        self.model.dirty = True
        self.init_view()
        self.app.toast(_("Imported {deck}: Save keeps it with your decks.").format(deck=deck.name or Path(path).name), ok=True)
        self.app._rebuild()
        return True

    def do_export(self, path) -> bool:
        from tabletop.saves import atomic_write_text

        self.model.deck.name = self.name_entry.get_text().strip()
        p = Path(path)
        if p.is_dir():
            self.app.toast(_("{file} is a folder: give a file name to export to.").format(file=p))
            return False
        try:
            atomic_write_text(p, format_deck(self.model.game, self.model.deck))
        except OSError as exc:
            self.app.toast(_("Can't write {file}: {problem}").format(file=p, problem=exc.strerror or exc))
            return False
        self.app.toast(_("Exported the deck list to {file}").format(file=p), ok=True)
        return True

    # -- dialogs ---------------------------------------------------------------------------------
    def _ask(self, kind, text, title, yes) -> None:
        self.dialog = (kind, ConfirmWindow(self.app.ui, text, title=title, yes=yes))

    def _dialog_event(self, ev) -> bool:
        kind, win = self.dialog
        if ev.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and ev.ui_element is win:
            self.dialog = None
            (self.do_import if kind == "import" else self.do_export)(ev.text)
            return True
        if ev.type == pygame_gui.UI_WINDOW_CLOSE and ev.ui_element is win:
            self.dialog = None
            return True
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and isinstance(win, ConfirmWindow):
            ans = win.answer(ev.ui_element)
            if ans is None:
                return False
            win.kill()
            self.dialog = None
            if kind == "replace":
                then, self._pending = self._pending, None
                if ans == "yes":
                    then()
                else:
                    self.app._rebuild()  # the menus show the deck kept again
            elif ans == "yes":
                (self._do_delete if kind == "delete" else self.back)()
            return True
        return False

    def leave(self) -> None:
        if self.model is not None and self.model.dirty and self.model.deck.count():
            self._ask("leave", _("Leave the deck builder without saving this deck?"), _("Unsaved deck"), _("Leave"))
            return
        self.back()

    # -- frame -------------------------------------------------------------------------------------
    def handle(self, ev):
        if self.model is None or self.dialog is not None:
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.leave()
            return
        self.view_handle(ev)

    def add_card(self, cid, section=None) -> None:
        self.model.add(cid, section)

    def remove_card(self, cid, section=None) -> None:
        self.model.remove(cid, section)

    def is_idle(self):
        return self.held is None

    def toast_spot(self):
        return pygame.Rect(POOL.x + 100, POOL.bottom - 150, POOL.w - 200, 100)

    def draw(self, surf):
        surf.fill((18, 22, 29))
        if self.model is not None:
            self.draw_view(surf)
