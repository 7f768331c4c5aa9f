"""Menu scenes built from pygame_gui widgets: main menu, new game, settings
(Load game and Continue: savescenes.py; the Tutorial screen: tutorial_menu.py)."""

from __future__ import annotations

import threading

import pygame
import pygame_gui

from tabletop.engine.errors import TabletopError
from tabletop.i18n import LANGUAGES, N_, _, game_text, language_from_env, ngettext, set_game
from tabletop.saves import Match, home_short, unfinished_games

from . import gfx
from .app import Scene
from .cards import CardArt
from .dialogs import text_box
from .gfx import VH, VW
from .settings import AUTOPASS, COMPUTERS, SPEED_NAMES, SPEEDS, THINK_TIMES, WINDOW_SIZES


def __getattr__(name):  # Load game and Continue live in savescenes.py, the Tutorial screen in tutorial_menu.py
    if name in ("LoadScene", "ContinueScene"):
        from . import savescenes
        return getattr(savescenes, name)
    if name in ("TutorialScene", "list_lessons"):
        from . import tutorial_menu
        return getattr(tutorial_menu, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_GAMES_LOCK = threading.Lock()


def _games():
    from tabletop.engine.registry import all_games
    with _GAMES_LOCK:  # the menu may be finding them in the background
        try:
            return all_games()
        except Exception as exc:  # a broken plugin must not stop the menu
            print(f"tabletop: {exc}")
            return {}


def _games_count_text(games) -> str:
    n = len(games)
    return ngettext("{n} game installed", "{n} games installed", n).format(n=n) if n else _("No games installed yet")


def game_title(game, gid: str | None = None) -> str:
    """A game's title as the screens show it: the game's own words, in the language in use."""
    gid = gid or getattr(game, "id", "")
    return game_text(getattr(game, "title", "") or gid, gid) or gid


def on_off(on: bool) -> str:
    return _("on") if on else _("off")


class MenuBackground:
    """A calm table-green backdrop with a fan of card backs."""

    _cache = None

    def draw(self, surf):
        if MenuBackground._cache is None:
            # the gradient as one column of 4-pixel bands, stretched across
            col = pygame.Surface((1, VH // 4))
            for i in range(VH // 4):
                f = i * 4 / VH
                col.set_at((0, i), (int(18 + 10 * f), int(44 + 20 * f), int(36 + 10 * f)))
            s = pygame.transform.scale(col, (VW, VH)).convert()
            art = CardArt(None)
            back = art.get(None, 150, 210)
            for i in range(7):
                a = (i - 3) * 9
                img = pygame.transform.rotozoom(back, -a, 1.0)
                cx = 250 + (i - 3) * 40
                cy = 720 + abs(i - 3) ** 1.6 * 6
                s.blit(img, img.get_rect(center=(cx, cy)))
                s.blit(img, img.get_rect(center=(VW - cx, cy)))
            MenuBackground._cache = s
        surf.blit(MenuBackground._cache, (0, 0))


BG = MenuBackground()


class MenuScene(Scene):
    """Continue, New game, Tutorial, Load game, Finished games, Settings, Quit."""

    def build(self):
        cx = VW // 2
        self.label((cx - 400, 110, 800, 70), "tabletop", object_id="#title")
        self.label((cx - 400, 180, 800, 30), _("Real card games with the rules enforced"), object_id="#subtitle")
        self.unfinished = unfinished_games(self.app.saves)
        items = [(N_("Continue"), self.cont), (N_("New game"), self.new), (N_("Tutorial"), self.tutorial),
                 (N_("Load game"), self.load), (N_("Finished games"), self.finished), (N_("Deck builder"), self.decks),
                 (N_("Settings"), self.settings), (N_("Quit"), self.quit)]
        self.buttons = {}  # by the English word
        for i, (lab, act) in enumerate(items):
            b = self.button((cx - 170, 226 + i * 56, 340, 48), _(lab), act, object_id="#big")
            self.buttons[lab] = b
        if not self.unfinished:
            self.buttons["Continue"].disable()
        # importing the games takes a while: the menu shows first and finds them in the background
        self.games_label = self.label((cx - 300, 690, 600, 30), "", object_id="#subtitle")
        self._finding = None
        from tabletop.engine import registry
        if registry._CACHE is not None:
            self.games_label.set_text(_games_count_text(_games()))
        else:
            self._finding = threading.Thread(target=_games, name="tabletop-find-games", daemon=True)
            self._finding.start()

    def update(self, dt):
        if self._finding is not None and not self._finding.is_alive():
            self._finding = None
            self.games_label.set_text(_games_count_text(_games()))

    def is_idle(self):
        return self._finding is None

    def draw(self, surf):
        BG.draw(surf)

    def cont(self):
        """The unfinished game (or the list of them, most recent first)."""
        from .savescenes import ContinueScene

        games = self.unfinished
        if len(games) != 1 or games[0].get("error") or games[0].get("damaged"):
            self.app.push(ContinueScene(self.app))
            return
        scene = ContinueScene(self.app)
        self.app.push(scene)
        scene.selected = scene.entries[0]
        scene.load()  # straight to the table, unless there is something to say first

    def new(self):
        self.app.push(NewGameScene(self.app))

    def tutorial(self):
        from .tutorial_menu import TutorialScene

        self.app.push(TutorialScene(self.app))

    def load(self):
        from .savescenes import LoadScene

        self.app.push(LoadScene(self.app))

    def finished(self):
        """The finished games, to be watched back."""
        from .savescenes import FinishedScene

        self.app.push(FinishedScene(self.app))

    def settings(self):
        self.app.push(SettingsScene(self.app))

    def decks(self):
        from .deckbuilder import DeckBuilderScene

        self.app.push(DeckBuilderScene(self.app))

    def quit(self):
        self.app.running = False

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_RETURN and self.buttons["Continue"].is_enabled:
            self.cont()


class _Panel(Scene):
    title = ""

    def build(self):
        self.label((80, 40, 900, 50), _(self.title), object_id="#heading")
        self.button((80, 820, 200, 50), _("Back"), self.back)

    def draw(self, surf):
        BG.draw(surf)
        panel = pygame.Rect(60, 30, VW - 120, VH - 60)
        s = gfx.alpha_rect(panel.size, (14, 18, 26), 215)
        surf.blit(s, panel)
        pygame.draw.rect(surf, gfx.LINE, panel, 1, border_radius=12)

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.back()


OPTION_NAMES = {"timed": N_("Timed play (10 s)")}
# the names the app gives players when nobody names them (kept in English in saves;
# game_text shows them in the language in use)
PLAYER_NAMES = (N_("Player 1"), N_("Player 2"), N_("Computer"))
MODES = {"hotseat": N_("Two players at this screen"), "computer": N_("Against the computer")}


class NewGameScene(_Panel):
    """Pick the game, the mode, each side's deck and an optional seed."""

    title = N_("New game")

    def __init__(self, app, game_id=None):
        super().__init__(app)
        games = _games()
        st = app.settings  # the last choices made here
        if game_id not in games:
            game_id = st.last_game if st.last_game in games else None
        self.gid = game_id if game_id in games else (next(iter(games)) if games else None)
        self.mode = st.last_mode if st.last_mode in ("hotseat", "computer") else "hotseat"
        self.decks = [st.last_deck_1 or None, st.last_deck_2 or None] if self.gid == st.last_game else [None, None]
        self.seed_text = ""
        self.options: dict = {}   # the game's on/off set-up options (e.g. timed play), by key

    def build(self):
        super().build()
        games = _games()
        if not games:
            self.label((100, 120, 900, 40), _("No games are installed yet."))
            return
        set_game(self.gid)
        self.label((100, 110, 400, 30), _("Game"))
        self.ids = list(games)
        items = [game_title(games[g], g) for g in self.ids]
        self.game_list = pygame_gui.elements.UISelectionList(pygame.Rect(100, 145, 420, 300), items, self.app.ui,
                                                             default_selection=items[self.ids.index(self.gid)])
        game = games[self.gid]
        desc = game_text(game.description or "", self.gid) + "<br><br>" + \
            _("Rules version {version}.").format(version=game.rules_version)
        text_box(desc, (100, 460, 420, 170), self.app.ui)
        x = 600
        self.label((x, 110, 400, 30), _("Mode"))
        modes = [(_(v), k) for k, v in MODES.items()]
        self.mode_menu = pygame_gui.elements.UIDropDownMenu(modes, modes[0 if self.mode == "hotseat" else 1],
                                                            pygame.Rect(x, 145, 300 if self.mode == "computer" else 460, 44),
                                                            self.app.ui)
        self.level_menu = None
        if self.mode == "computer":  # the computer's difficulty (kept in Settings too)
            levels = [(_(v), k) for k, v in COMPUTERS.items()]
            self.level_menu = pygame_gui.elements.UIDropDownMenu(levels, (_(COMPUTERS[self.app.settings.computer]),
                                                                          self.app.settings.computer),
                                                                 pygame.Rect(x + 310, 145, 150, 44), self.app.ui)
        names = sorted(game.decks) or ["(default)"]
        # the player's own decks (Deck builder), offered after the preconstructed ones
        from tabletop.userdecks import list_decks
        self.user_decks = {}
        for e in list_decks(game):
            if "deck" in e:
                item = _("{name} (your deck)").format(name=e["name"])
                while item in names or item in self.user_decks:
                    item += " "
                self.user_decks[item] = e["deck"]
        names += list(self.user_decks)
        setup = game.default_setup()
        for p in (0, 1):
            if self.decks[p] not in names:
                try:
                    self.decks[p] = setup["players"][p]["deck"]
                except (KeyError, IndexError, TypeError):
                    self.decks[p] = names[0]
                if self.decks[p] not in names:
                    self.decks[p] = names[0]
        self.deck_menus = []
        # a preconstructed deck's name is the game's words; the player's own decks are theirs
        shown = [(n if n in self.user_decks else (_(n) if n == "(default)" else game_text(n, self.gid)), n)
                 for n in names]
        label = dict((v, t) for t, v in shown)
        for p in (0, 1):
            if self.mode == "hotseat":
                who = _("Player 1's deck") if p == 0 else _("Player 2's deck")
            else:
                who = _("Your deck") if p == 0 else _("Computer's deck")
            self.label((x, 215 + p * 90, 460, 30), who)
            m = pygame_gui.elements.UIDropDownMenu(shown, (label[self.decks[p]], self.decks[p]),
                                                   pygame.Rect(x, 250 + p * 90, 460, 44), self.app.ui)
            self.deck_menus.append(m)
        self.label((x, 410, 460, 30), _("Seed (optional, a whole number)"))
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, 445, 460, 44), self.app.ui)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)
        # on/off set-up options the game offers: top-level booleans of default_setup()
        # (docs/PLUGINS.md, "Set-up options"), e.g. Lumen Condenser's timed ready
        opts = [k for k, v in setup.items() if isinstance(v, bool)]
        self.option_buttons = {}
        for i, k in enumerate(opts[:2]):
            self.options.setdefault(k, bool(setup[k]))
            name = _(OPTION_NAMES[k]) if k in OPTION_NAMES else game_text(k.replace("_", " ").capitalize(), self.gid)
            b = self.button((x + i * 235, 500, 225, 34), _("{option}: {state}").format(option=name, state=on_off(self.options[k])),
                            (lambda k=k: self.toggle_option(k)))
            self.option_buttons[k] = b
        self.button((x, 545, 460, 60), _("Start"), self.start, object_id="#big")

    def toggle_option(self, k):
        self.options[k] = not self.options.get(k, False)
        self._keep_seed()
        self.app._rebuild()

    def on_ui(self, ev):
        if ev.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and ev.ui_element is getattr(self, "game_list", None):
            games = _games()
            titles = {game_title(g, gid): gid for gid, g in games.items()}
            if ev.text in titles and titles[ev.text] != self.gid:
                self.gid = titles[ev.text]
                self.decks = [None, None]
                self.options = {}
                self._keep_seed()
                self.app._rebuild()
            return
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if ev.ui_element is getattr(self, "mode_menu", None):
                self.mode = _option(ev, MODES, self.mode)
                self._keep_seed()
                self.app._rebuild()
                return
            if ev.ui_element is getattr(self, "level_menu", None):
                self.app.settings.computer = _option(ev, COMPUTERS, self.app.settings.computer)
                return
            for p, m in enumerate(getattr(self, "deck_menus", [])):
                if ev.ui_element is m:
                    self.decks[p] = getattr(ev, "selected_option_id", None) or ev.text
            return
        super().on_ui(ev)

    def _keep_seed(self):
        e = getattr(self, "seed_entry", None)
        if e is not None and e.alive():
            self.seed_text = e.get_text()

    def start(self):
        games = _games()
        if self.gid not in games:
            return
        game = games[self.gid]
        setup = game.default_setup()
        for p in (0, 1):
            if self.decks[p] in game.decks:
                setup["players"][p]["deck"] = self.decks[p]
            elif self.decks[p] in getattr(self, "user_decks", {}):
                deck = self.user_decks[self.decks[p]]
                problems = game.check_deck(deck)
                if problems:
                    self.app.toast(_("Can't start: {deck} doesn't meet the deck rules yet. {problem}. "
                                     "Open it in the Deck builder to finish it.").format(
                                         deck=deck.name, problem=game_text(str(problems[0]), self.gid)))
                    return
                game.setup_cards(setup, p, deck.ids([k for k, _t in game.deck_sections]), deck.name)
        if self.mode == "computer":
            setup["players"][1]["name"] = "Computer"  # kept in English in the save; shown translated
        for k, v in self.options.items():
            if isinstance(setup.get(k), bool):
                setup[k] = bool(v)
        txt = self.seed_entry.get_text().strip()
        import time as _t
        seed = int(txt) if txt.isdigit() else int(_t.time() * 1000) % 1_000_000
        try:
            match = Match(game, setup, seed)
        except TabletopError as exc:
            self.app.toast(_("Can't start: {problem}").format(problem=game_text(str(exc), self.gid)))
            return
        st = self.app.settings
        st.last_game, st.last_mode = self.gid, self.mode
        st.last_deck_1, st.last_deck_2 = (d or "" for d in self.decks)
        if self.app.persist_settings:
            from .settings import save_settings
            save_settings(st)
        self.app.start_match(match, ("human", "computer") if self.mode == "computer" else ("human", "human"))


def _option(ev, names: dict, current):
    """The key a drop-down's event chose among ``names`` (key: English words): by the
    option's id, else by its words in the language in use or in English."""
    oid = getattr(ev, "selected_option_id", None)
    if oid in names:
        return oid
    for k, v in names.items():
        if str(k) == str(oid) or ev.text in (v, _(v)):
            return k
    return current


def _esc(s: str) -> str:
    """Words for a text box: a path in them from "~" (``home_short``), the
    box's markup characters escaped."""
    return home_short(str(s)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")


class SettingsScene(_Panel):
    """Language, animation speed, window size, full screen, confirmations, auto-pass stop, sound volume and mute."""

    title = N_("Settings")

    def build(self):
        super().build()
        s = self.app.settings
        x, y = 140, 110
        self.label((x, y, 500, 30), _("Language"))
        self.languages = language_options()
        current = next((o for o in self.languages if o[1] == (s.language or "system")), self.languages[0])
        self.language = pygame_gui.elements.UIDropDownMenu(self.languages, current, pygame.Rect(x, y + 34, 400, 44),
                                                           self.app.ui)
        y += 96
        self.label((x, y, 500, 30), _("Animation speed"))
        speeds = [(_(SPEED_NAMES[k]), k) for k in SPEEDS]
        self.speed = pygame_gui.elements.UIDropDownMenu(speeds, (_(SPEED_NAMES[s.speed]), s.speed),
                                                        pygame.Rect(x, y + 34, 400, 44), self.app.ui)
        y += 96
        self.label((x, y, 500, 30), _("Window size"))
        sizes = fitting_sizes()
        if s.window not in sizes:
            sizes.append(s.window)
        self.size = pygame_gui.elements.UIDropDownMenu(sizes, s.window, pygame.Rect(x, y + 34, 400, 44), self.app.ui)
        y += 96
        self.label((x, y, 500, 30), _("Auto-pass"))
        self.auto = pygame_gui.elements.UIDropDownMenu([(_(v), k) for k, v in AUTOPASS.items()],
                                                       (_(AUTOPASS[s.autopass_stop]), s.autopass_stop),
                                                       pygame.Rect(x, y + 34, 400, 44), self.app.ui)
        y += 100
        self.full_btn = self.button((x, y, 400, 44), _("Full screen: {state} (F11)").format(state=on_off(s.fullscreen)),
                                    self.toggle_full)
        self.conf_btn = self.button((x, y + 52, 400, 44),
                                    _("Ask before ending a phase early: {state}").format(state=on_off(s.confirmations)),
                                    self.toggle_conf)
        self.undo_btn = self.button((x, y + 104, 400, 44),
                                    _("Allow undo against the computer: {state}").format(state=on_off(s.allow_undo)),
                                    self.toggle_undo)
        self.comp_btn = self.button((x, y + 156, 195, 44), _("Computer: {level}").format(level=_(COMPUTERS[s.computer])),
                                    self.toggle_computer)
        self.think_btn = self.button((x + 205, y + 156, 195, 44), _("Thinks: {time}").format(time=_(THINK_TIMES[s.think_ms])),
                                     self.toggle_think)
        # sound: a volume slider and mute (the effects are quiet at most; silent without a sound device)
        sx = 700
        self.vol_label = self.label((sx, 580, 460, 30), _("Sound volume: {volume}").format(volume=s.volume))
        self.volume = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(sx, 614, 460, 40), s.volume, (0, 100), self.app.ui,
                                                             click_increment=5)
        self.mute_btn = self.button((sx + 480, 610, 220, 48), self._mute_text(), self.toggle_mute)
        text_box(
            _("Settings are applied at once and kept in settings.toml in your configuration folder.") + "<br><br>"
            + _("Auto-pass takes the only legal choice for you when it is to pass or go on.") + "<br><br>"
            + _("Undo (Ctrl+Z, or Undo in the game menu) takes back your last choice and the computer's replies "
                "after it. It never goes back past a point where you saw a hidden card (a card you drew, a card "
                "turned over or revealed). At one screen a take-back must be accepted by the other player.") + "<br><br>"
            + _("The computer never peeks: it decides on copies of the game in which the cards it can't see are "
                "re-drawn at random. Easy looks one move ahead and now and then slips; Normal plays each option "
                "out on such copies; Hard searches the moves of both players as a tree. Normal and Hard think for "
                "the time set here on each decision. The change applies to the next game.") + "<br><br>"
            + _("Space skips the animations of the current steps; F11 toggles full screen."),
            (700, 150, 700, 410), self.app.ui)

    def _mute_text(self) -> str:
        return _("Sound: muted") if self.app.settings.muted else _("Sound: on")

    def on_ui(self, ev):
        s = self.app.settings
        if ev.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and ev.ui_element is self.volume:
            s.volume = int(ev.value)
            self.vol_label.set_text(_("Sound volume: {volume}").format(volume=s.volume))
            self.app.apply_settings()
            self.app.sounds.play("place")  # hear the new level
            return
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if ev.ui_element is self.language:
                code = dict((t, k) for t, k in self.languages).get(ev.text, getattr(ev, "selected_option_id", None))
                self.choose_language(code)
                return
            if ev.ui_element is self.speed:
                s.speed = _option(ev, SPEED_NAMES, s.speed)
            elif ev.ui_element is self.size:
                s.window = ev.text
            elif ev.ui_element is self.auto:
                s.autopass_stop = _option(ev, AUTOPASS, s.autopass_stop)
            self.app.apply_settings()
            return
        super().on_ui(ev)

    def choose_language(self, code: str | None) -> None:
        """Use ``code`` ("system": the system's language) at once and keep it;
        every screen's words are rebuilt in it."""
        if code != "system" and code not in LANGUAGES:
            return
        self.app.settings.language = "" if code == "system" else code
        self.app.apply_language()
        self.app.apply_settings()

    def toggle_full(self):
        self.app.settings.fullscreen = not self.app.settings.fullscreen
        self.app.apply_settings()
        self.app._rebuild()

    def toggle_conf(self):
        self.app.settings.confirmations = not self.app.settings.confirmations
        self.app.apply_settings()
        self.app._rebuild()

    def toggle_computer(self):
        names = list(COMPUTERS)
        s = self.app.settings
        s.computer = names[(names.index(s.computer) + 1) % len(names)]
        self.app.apply_settings()
        self.app._rebuild()

    def toggle_think(self):
        times = list(THINK_TIMES)
        s = self.app.settings
        s.think_ms = times[(times.index(s.think_ms) + 1) % len(times)]
        self.app.apply_settings()
        self.app._rebuild()

    def toggle_mute(self):
        self.app.settings.muted = not self.app.settings.muted
        self.app.apply_settings()
        self.mute_btn.set_text(self._mute_text())

    def toggle_undo(self):
        self.app.settings.allow_undo = not self.app.settings.allow_undo
        self.app.apply_settings()
        self.app._rebuild()


def language_options() -> list[tuple[str, str]]:
    """The Language menu: (words shown, code). "System default" names the
    language the system's settings give; each language is named in its own words."""
    system = LANGUAGES[language_from_env()]
    return [(_("System default ({language})").format(language=system), "system")] + \
        [(name, code) for code, name in LANGUAGES.items()]


def fitting_sizes() -> list[str]:
    """The window sizes that fit the screen (a 1920x1080 window on a 1600x900
    screen runs off it); all of them when the screen size is unknown."""
    try:
        desk = pygame.display.get_desktop_sizes()
        dw, dh = max(w for w, _h in desk), max(h for _w, h in desk)
    except (pygame.error, ValueError, AttributeError):
        return list(WINDOW_SIZES)
    out = [z for z in WINDOW_SIZES if int(z.split("x")[0]) <= dw and int(z.split("x")[1]) <= dh]
    return out or list(WINDOW_SIZES[:1])
