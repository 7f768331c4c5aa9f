"""The window: a virtual 1600x900 canvas scaled to fit (letterboxed), a stack
of scenes, pygame_gui for standard widgets, and a deterministic ``step`` API
so tests can pump the real app frame by frame without real time.

Entry points used by ``tabletop.cli``: :func:`run_app` and :func:`screenshot`.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pygame
import pygame_gui

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _, language, language_from_env, set_language
from tabletop.saves import home_short

from . import gfx
from .gfx import VH, VW
from .settings import Settings, load_settings, save_settings
from .theme import THEME, theme  # noqa: F401  (THEME: the widgets' look, kept here for its readers)

UI_EVENTS = {
    pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_TEXT_ENTRY_FINISHED,
    pygame_gui.UI_DROP_DOWN_MENU_CHANGED, pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
    pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION, pygame_gui.UI_WINDOW_CLOSE,
    pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
}
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
FPS, IDLE_FPS = 60, 30
SETTLE_S = 1.5      # after input the widgets still change by themselves (hover fades, tool tips)
SPARE_S = 0.0025    # a frame starts work ahead (Scene.spare) only this soon after it began
SPARE_IDLE_S = 0.012  # ... or this soon on a still screen (no frame to keep smooth; input waits at most this)
#: how long a thread holds the interpreter while another asks for it (sys.setswitchinterval)
SWITCH_S = 0.001
QUIET_WAKE_S = 1.0  # a sleeping window still looks around once a second (draws only if something moved)
BLINK_S = 0.25      # a text field with the focus: its cursor blinks
POLL_S = 0.02      # a sleeping window looks at its input this often (well inside the 50 ms input budget)

class VirtualUIManager(pygame_gui.UIManager):
    """A UIManager that lives in the virtual canvas: its mouse is the app's
    virtual mouse (events reach it already translated)."""

    def __init__(self, app, *a, **kw):
        self._app = app
        super().__init__(*a, **kw)

    def _update_mouse_position(self):
        self.mouse_position = (int(self._app.vmouse[0]), int(self._app.vmouse[1]))


class Scene:
    """One screen. Subclasses build pygame_gui elements in ``build``, handle
    translated events in ``handle`` and draw on the virtual canvas."""

    transparent = False  # draw the scene below first (overlays)
    idle_fps = FPS       # frames a second while nothing moves and the window is in use (a menu answers at full rate)

    def __init__(self, app: "App"):
        self.app = app
        self.actions: dict = {}

    def build(self) -> None:
        pass

    def button(self, rect, label, action, object_id=None, tooltip=None):
        b = pygame_gui.elements.UIButton(pygame.Rect(rect), label, self.app.ui, object_id=object_id, tool_tip_text=tooltip)
        self.actions[b] = action
        return b

    def label(self, rect, textv, object_id=None):
        return pygame_gui.elements.UILabel(pygame.Rect(rect), textv, self.app.ui, object_id=object_id)

    def on_ui(self, ev) -> None:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            act = self.actions.get(ev.ui_element)
            if act is not None:
                act()

    def handle(self, ev) -> None:
        pass

    def toast_spot(self) -> pygame.Rect | None:
        """Where this screen wants toasts (centred there, at most as wide);
        None: at the bottom of the window."""
        return None

    def key_first(self, ev) -> bool:
        """A key the scene takes before the widgets do (Enter on its own
        question window); True when it was used."""
        return False

    def update(self, dt: float) -> None:
        pass

    def is_idle(self) -> bool:
        """Nothing on this screen moves by itself: the window may sleep until
        input comes (menus are still pictures)."""
        return True

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def spare(self, until: float) -> None:
        """Work that can be done ahead (pictures a later frame will need),
        one piece at a time while ``time.perf_counter()`` is short of ``until``."""

    def spare_left(self) -> bool:
        """Whether :meth:`spare` still has work (an idle window keeps stepping until it is done)."""
        return False

    def back(self) -> None:
        self.app.pop()


class App:
    """The window and the scene stack."""

    def __init__(self, size=None, settings: Settings | None = None, saves: str | None = None,
                 persist_settings: bool = True):
        # the window's picture goes to the screen as it is: the app draws every pixel
        # itself, and an accelerated framebuffer made SDL start OpenGL (half a
        # second or more before the first frame, and slower frames in software GL)
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # the computer thinks on a worker thread, which holds the interpreter until it is
        # asked to let go: each time the drawing thread asks (it does many times a frame),
        # it waits up to this interval. Python's 5 ms made a frame drawn while the computer
        # thinks take three to five times its own work; 1 ms keeps it within the budget
        sys.setswitchinterval(SWITCH_S)
        pygame.init()
        gfx.reset_caches()
        from .scenes import MenuBackground
        MenuBackground._cache = None
        pygame.key.set_repeat(300, 40)
        self.settings = settings if settings is not None else load_settings()
        set_language(self.settings.language or language_from_env())
        self.persist_settings = persist_settings
        from .sound import Sounds
        self.sounds = Sounds(self.settings.volume, self.settings.muted)  # silent without a device
        self.saves = saves
        self.fullscreen = False
        size = tuple(size) if size else self.settings.window_size
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("tabletop")
        self.canvas = pygame.Surface((VW, VH)).convert()
        self._scaled = None
        self.scale = 1.0
        self.offset = (0, 0)
        self._fit()
        self.ui = VirtualUIManager(self, (VW, VH), theme())
        self.ui.set_locale(language())  # the widgets' fonts for the language (theme.py)
        self.scenes: list[Scene] = []
        self.running = True
        self.vmouse = (VW // 2, VH // 2)
        self.clock = pygame.time.Clock()
        self.frame_ms: list[float] = []
        self.record_frames = False
        self.toast_text = ""
        self.toast_t = 0.0
        self.toast_ok = False
        self.toast_link = None       # (label, action): a clickable line under the toast (a refusal's rule)
        self._toast_link_rect = None
        self._events: list = []      # the event the sleeping window woke on
        self._last_input = 0.0       # time.monotonic() of the last input
        self._idle_frames = 0        # frames in a row with nothing moving (sleep after two)
        if self.settings.fullscreen:
            self.set_fullscreen(True)

    # -- scenes -----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def _rebuild(self) -> None:
        self.ui.clear_and_reset()
        if self.top is not None:
            self.top.actions.clear()
            self.top.build()

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self._rebuild()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop()
        if not self.scenes:
            from .scenes import MenuScene
            self.scenes.append(MenuScene(self))
        self._rebuild()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        self.scenes = [scene]
        self._rebuild()

    def toast(self, message: str, seconds: float = 4.0, ok: bool = False, link=None) -> None:
        """A sentence at the bottom of the window: red for what went wrong (a
        refused move, an error), calm for news (``ok``: saved, taken back);
        ``link`` (label, action) adds a clickable line (the rule of a refusal)."""
        self.toast_text, self.toast_t, self.toast_ok = home_short(message), seconds, ok
        self.toast_link = link
        self._toast_link_rect = None

    def _toast_click(self, ev) -> bool:
        """A click on the toast's link runs it."""
        r = self._toast_link_rect
        if (ev.type != pygame.MOUSEBUTTONDOWN or ev.button != 1 or r is None or self.toast_t <= 0
                or self.toast_link is None or not r.collidepoint(ev.pos)):
            return False
        action = self.toast_link[1]
        self.toast_t, self.toast_link, self._toast_link_rect = 0.0, None, None
        action()
        return True

    # -- window and scaling ---------------------------------------------------------------------
    def _fit(self) -> None:
        w, h = self.window.get_size()
        self.scale = min(w / VW, h / VH) or 1.0
        gfx.set_display_scale(self.scale)  # no text smaller than is readable at this size
        sw, sh = max(1, int(VW * self.scale)), max(1, int(VH * self.scale))
        self.offset = ((w - sw) // 2, (h - sh) // 2)
        self._scaled = None if (sw, sh) == (VW, VH) else pygame.Surface((sw, sh)).convert()
        # a window of exactly the virtual size is drawn on directly: no copy of
        # the whole picture per frame (a millisecond of the 8 ms budget)
        direct = self._scaled is None and self.offset == (0, 0) and self.window.get_size() == (VW, VH)
        if direct:
            self.canvas = self.window
        elif getattr(self, "_direct", False):
            self.canvas = pygame.Surface((VW, VH)).convert()
        self._direct = direct

    def resize(self, w: int, h: int) -> None:
        w, h = max(320, min(8192, int(w))), max(200, min(8192, int(h)))
        if not self.fullscreen:
            self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self._fit()

    def set_fullscreen(self, on: bool) -> None:
        try:
            if on:
                self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.window = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
            self.fullscreen = on
        except pygame.error:
            self.fullscreen = False
        self._fit()

    def apply_settings(self) -> None:
        """Apply settings at once (window size, full screen, sound) and keep them."""
        self.sounds.set_volume(self.settings.volume)
        self.sounds.set_muted(self.settings.muted)
        if self.settings.fullscreen != self.fullscreen:
            self.set_fullscreen(self.settings.fullscreen)
        elif not self.fullscreen and self.window.get_size() != self.settings.window_size:
            self.resize(*self.settings.window_size)
        if self.persist_settings:
            save_settings(self.settings)

    def apply_language(self) -> None:
        """Use the language of the settings (or the system's) at once: the
        widgets take its fonts, drawings holding words are dropped, and the
        screen is rebuilt in the new words."""
        self.ui.set_locale(set_language(self.settings.language or language_from_env()))
        gfx.generation += 1  # cached drawings holding words (card faces, pages) are stale
        self._rebuild()

    def to_virtual(self, pos) -> tuple[float, float]:
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

    def to_window(self, pos) -> tuple[int, int]:
        return (int(round(pos[0] * self.scale + self.offset[0])), int(round(pos[1] * self.scale + self.offset[1])))

    def _translate(self, ev):
        if ev.type in MOUSE_EVENTS:
            vx, vy = self.to_virtual(ev.pos)
            d = dict(ev.dict)
            d["pos"] = (int(vx), int(vy))
            if "rel" in d:
                d["rel"] = (d["rel"][0] / self.scale, d["rel"][1] / self.scale)
            self.vmouse = (vx, vy)
            return pygame.event.Event(ev.type, d)
        return ev

    # -- the frame ---------------------------------------------------------------------------------
    def step(self, events=None, dt: float | None = None, draw: bool = True) -> None:
        """One frame: handle ``events`` (default: pygame's queue), update by ``dt``
        seconds (default: real time since the last frame), draw, present."""
        t0 = time.perf_counter()
        if events is None:
            events = self._events + pygame.event.get()
            self._events = []
        else:  # events handed in by a test: still take what the widgets posted
            events = pygame.event.get(list(UI_EVENTS)) + list(events)
        if dt is None:
            real = self.clock.tick(self.frame_rate()) / 1000.0
            dt = min(0.1, real)
        else:
            real = dt
        t_work = time.perf_counter()  # the frame's work begins (after the wait for its turn)
        if events:
            self._last_input = time.monotonic()
        for raw in events:
            if raw.type == pygame.QUIT:
                self.running = False
                continue
            if raw.type == pygame.VIDEORESIZE:
                self.resize(raw.w, raw.h)
                continue
            if raw.type == pygame.WINDOWSIZECHANGED or raw.type == pygame.WINDOWRESIZED:
                if not self.fullscreen:
                    self._fit()
                continue
            if raw.type == pygame.KEYDOWN and raw.key == pygame.K_F11:
                self.settings.fullscreen = not self.fullscreen
                self.apply_settings()
                continue
            ev = self._translate(raw)
            scene = self.top
            if scene is None:
                continue
            if ev.type == pygame.KEYDOWN and scene.key_first(ev):
                continue
            if self._toast_click(ev):
                continue
            if ev.type in UI_EVENTS:
                self.ui.process_events(ev)  # dialogs and windows react to their own buttons
                scene.on_ui(ev)
                continue
            consumed = self.ui.process_events(ev)
            if not consumed or ev.type == pygame.MOUSEMOTION:
                scene.handle(ev)
        self.ui.update(dt)
        if self.top is not None:
            self.top.update(dt)
        if self.toast_t > 0:
            self.toast_t -= real  # the toast's seconds are real ones, slept through or not
        if draw:
            self.render()
            self.present()
            top = self.top
            if top is not None:  # work ahead, while this frame is young (or nothing moves)
                top.spare(t_work + (SPARE_IDLE_S if top.is_idle() else SPARE_S))
        if self.record_frames:
            self.frame_ms.append((time.perf_counter() - t0) * 1000.0)

    def frame_rate(self) -> int:
        """60 frames a second, 30 while the top scene says nothing moves on it
        (``is_idle``): a table waiting for a person needs no more, and drawing
        at 60 kept 60% of a core busy. Input still arrives every frame."""
        top = self.top
        try:
            return top.idle_fps if top is not None and top.is_idle() else FPS
        except Exception:
            return FPS

    def render(self) -> None:
        surf = self.canvas
        stack = self.scenes
        start = len(stack) - 1
        while start > 0 and stack[start].transparent:
            start -= 1
        if start < 0:
            surf.fill(gfx.BG)
        for s in stack[max(0, start):]:
            s.draw(surf)
        self.ui.draw_ui(surf)
        if self.toast_t > 0 and self.toast_text:
            r, lines = self.toast_rect()
            if self.toast_ok:
                gfx.panel(surf, r, (26, 48, 40), gfx.GOOD, 8, 2)
            else:
                gfx.panel(surf, r, (60, 28, 28), gfx.BAD, 8, 2)
            for i, line in enumerate(lines):
                gfx.blit_text(surf, line, 20, (r.x + 20, r.y + 8 + i * 20))
            if self.toast_link is not None:
                lr = gfx.blit_text(surf, self.toast_link[0], 20, (r.x + 20, r.y + 12 + len(lines) * 20), (150, 195, 250), True)
                pygame.draw.line(surf, (150, 195, 250), (lr.x, lr.bottom), (lr.right, lr.bottom))
                self._toast_link_rect = lr.inflate(16, 10)

    def toast_rect(self) -> tuple[pygame.Rect, list]:
        """Where the toast is drawn (where the scene wants it, else at the
        bottom of the window) and its lines."""
        spot = self.top.toast_spot() if self.top is not None else None
        w = min(940, spot.w) if spot is not None else 940
        lines = gfx.wrap(self.toast_text, 20, w - 40)
        r = pygame.Rect(0, 0, w, 16 + 20 * len(lines) + (26 if self.toast_link is not None else 0))
        if spot is not None:
            r.center = spot.center
        else:
            r.midbottom = (VW // 2, VH - 76)
        return r, lines

    def present(self) -> None:
        if self._direct:
            pass
        elif self._scaled is None and self.offset == (0, 0):
            self.window.blit(self.canvas, (0, 0))
        else:
            self.window.fill((0, 0, 0))
            if self._scaled is None:
                self.window.blit(self.canvas, self.offset)
            else:
                try:
                    if self.scale <= 1.35:  # smooth where it is cheap (and shrinking needs it for text)
                        pygame.transform.smoothscale(self.canvas, self._scaled.get_size(), self._scaled)
                    else:  # big windows: the fast scaler keeps 60 frames a second
                        pygame.transform.scale(self.canvas, self._scaled.get_size(), self._scaled)
                except (ValueError, pygame.error):
                    pygame.transform.scale(self.canvas, self._scaled.get_size(), self._scaled)
                self.window.blit(self._scaled, self.offset)
        pygame.display.flip()

    def run_frames(self, n: int, dt: float = 1 / 60) -> None:
        for _n in range(n):
            self.step(dt=dt)

    def run(self) -> int:
        while self.running:
            wait = self.sleep_time()
            if wait is None:
                self.step()
                continue
            # asleep: look at the queue every POLL_S (pygame's own wait polls a
            # thousand times a second, which costs 3% of a core doing nothing)
            deadline = time.monotonic() + wait
            while True:
                evs = pygame.event.get()
                if evs:
                    self._events.extend(evs)
                    self.step()
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    # a quiet look around (the next frame draws if anything moved), or a timer is due
                    self.step(draw=wait < QUIET_WAKE_S)
                    break
                time.sleep(min(POLL_S, left))
        return 0

    def sleep_time(self) -> float | None:
        """How long the window may sleep waiting for input, in seconds; None
        while something moves on screen (a card, a banner, the computer's
        turn), for a moment after input (the widgets' hover and tool tips),
        and while a timer runs soon. A card game waiting for a click sleeps:
        drawing 60 frames a second of a still picture kept a core busy."""
        top = self.top
        try:
            idle = top is None or top.is_idle()
        except Exception:
            idle = False
        if idle and top is not None and top.spare_left():
            idle = False  # work ahead to finish first (a few frames)
        self._idle_frames = self._idle_frames + 1 if idle else 0
        if self._idle_frames < 2 or pygame.event.peek():
            return None
        if time.monotonic() - self._last_input < SETTLE_S:
            return None
        wait = QUIET_WAKE_S
        if self.toast_t > 0:
            wait = min(wait, self.toast_t + 0.01)
        focus = self.ui.get_focus_set() or ()
        if any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus):
            wait = min(wait, BLINK_S)
        return wait

    # -- helpers for starting a table ------------------------------------------------------------------
    def start_match(self, match, seats, frozen: bool = False):
        from .controller import Controller
        from .table import TableScene

        ctl = Controller(match, seats, saves=self.saves, autosave=not frozen, computer=self.settings.computer,
                         think_ms=self.settings.think_ms)
        table = TableScene(self, ctl, frozen=frozen)
        self.reset_to(table)
        return table


def _new_match(game_id: str, vs_computer: bool, deck: str | None, seed: int | None):
    from tabletop.engine.registry import get_game
    from tabletop.saves import Match

    game = get_game(game_id)
    setup = game.default_setup()
    if deck and deck in game.decks:
        setup["players"][0]["deck"] = deck
    elif deck:  # one of the player's own decks (Deck builder)
        from tabletop.userdecks import find_deck
        mine = find_deck(game, deck)
        if mine is None:
            raise TabletopError(_("{game} has no deck \"{deck}\" (decks: {decks})").format(
                game=game_id, deck=deck, decks=", ".join(sorted(game.decks))))
        problems = game.check_deck(mine)
        if problems:
            from tabletop.i18n import game_text
            raise TabletopError(_("your deck \"{deck}\" doesn't meet the deck rules: {problem}").format(
                deck=deck, problem=game_text(str(problems[0]), game_id)))
        game.setup_cards(setup, 0, mine.ids([k for k, _t in game.deck_sections]), mine.name)
    if vs_computer:
        setup["players"][1]["name"] = "Computer"
    if seed is None:
        seed = int(time.time() * 1000) % 1_000_000
    return Match(game, setup, seed)


def run_app(game: str | None = None, vs_computer: bool = False, deck: str | None = None, seed: int | None = None,
            load: str | None = None, size=None, saves: str | None = None, lesson: str | None = None,
            puzzle: str | None = None, guided: str | None = None) -> int:
    """Open the window: the main menu, or straight to a table for ``game`` /
    a save (``load``), or to a tutorial ``lesson``, ``puzzle`` or ``guided``
    game file of ``game``."""
    from tabletop.saves import load_with_backup

    if lesson or puzzle or guided:
        app = App(size=size, saves=saves)
        if lesson:
            from .coach import start_lesson
            start_lesson(app, game, lesson)
        elif puzzle:
            from .puzzle_coach import start_puzzle
            start_puzzle(app, game, puzzle)
        else:
            from .guided_coach import start_guided
            start_guided(app, game, guided)
        try:
            return app.run()
        finally:
            pygame.quit()
    match = None
    seats = ("human", "computer") if vs_computer else ("human", "human")
    if load:
        match = load_with_backup(load, expect_game=game)
        if not vs_computer and match.ui.get("seats"):
            seats = tuple(match.ui["seats"])
    elif game:
        match = _new_match(game, vs_computer, deck, seed)
    app = App(size=size, saves=saves)
    if match is not None:
        app.start_match(match, seats)
        if match.notes:  # a backup used, or a save of other rules replayed part of the way
            app.toast(" ".join(match.notes), 10.0, ok=True)
    else:
        from .scenes import MenuScene
        app.reset_to(MenuScene(app))
    try:
        return app.run()
    finally:
        pygame.quit()


def screenshot(game: str, out: str, load: str | None = None, size=(1600, 900), seed: int = 1) -> int:
    """Render the table of a new game (or of a save) to a PNG, with no display."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tabletop.saves import load_match

    match = load_match(load, expect_game=game) if load else _new_match(game, False, None, seed)
    app = App(size=size, settings=Settings(speed="instant"), persist_settings=False)
    try:
        app.start_match(match, tuple(match.ui.get("seats", ("human", "human"))), frozen=True)
        app.run_frames(3)
        Path(out).parent.mkdir(parents=True, exist_ok=True) if Path(out).parent != Path("") else None
        try:
            pygame.image.save(app.window, str(out))
        except (pygame.error, OSError) as exc:
            raise TabletopError(_("can't write the picture ({problem})").format(problem=exc), out) from None
    finally:
        pygame.quit()
    print(_("wrote {file}").format(file=out))
    return 0
