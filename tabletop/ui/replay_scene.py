"""The replay viewer: a game watched back on the table it was played on.

The table scene draws it, read-only (``frozen``: nobody decides, nothing is
dragged): the same zones, cards, banners and log. Positions come from the
headless model (:mod:`tabletop.replay`): a position at a decision is the real
state after that many choices; one inside a choice is that state's view
patched by the events played so far, exactly as the table shows them in play.
Stepping forward by an event or a move plays the events through the table's
animation queue; every other move is a jump (the cards slide to their places).

What may be seen: a player's view, or everything once the game is over (or
when both players at one screen agree). Switching to the other player's view
of an unfinished game at one screen goes through the hand-off screen, as at
the table, and so does opening one; the computer's view of an unfinished
game against it is not shown.

"Take over from here" starts a new game from the decision shown (against the
computer, as either player, or two at this screen): a new save under a new
name, then the normal table. The file watched is never written.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pygame

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _, game_text, set_game
from tabletop.replay import Pos, Replay

from . import gfx
from .anim import patch
from .replay_bar import RESERVE, ReplayBarMixin
from .replay_takeover import TakeOverMixin
from .table import TableScene

AUTOPLAY_GAP = 0.45   # seconds between steps while playing (after each step's animation)
INSTANT_GAP = 0.7     # the same with instant animations: time to read each step
HELD = 1e9            # a banner held up until the next step
QUIET = ("card.move", "card.flip", "card.turn", "counter.change", "game.over")  # shown on the table itself
NAV_KEYS = {pygame.K_RIGHT: ("event_fwd", "choice_fwd"), pygame.K_LEFT: ("event_back", "choice_back"),
            pygame.K_PAGEDOWN: ("turn_fwd", "turn_fwd"), pygame.K_PAGEUP: ("turn_back", "turn_back")}


class _ReplayMatch:
    """What the table reads of a match: its game, its name and an empty log
    (the replay fills the table's log itself)."""

    def __init__(self, replay: Replay):
        self.game = replay.game
        self.name = replay.name
        self.log: list = []
        self.ui: dict = {}


class ReplayController:
    """Stands in for the table's Controller: the state after the shown number
    of choices, the seats as they were; nobody decides."""

    thinking = False
    vs_computer = False

    def __init__(self, replay: Replay):
        self.replay = replay
        self.match = _ReplayMatch(replay)
        self.seats = list(replay.seats)
        self.n = -1
        self.state = None
        self.conceded = None
        self.goto(0)

    def goto(self, n: int) -> None:
        if n != self.n:
            self.state = self.replay.state_at(n)
            self.n = n
        self.conceded = self.replay.conceded if n == self.replay.n else None

    @property
    def hotseat(self) -> bool:
        return self.replay.one_screen

    @property
    def over(self) -> bool:
        return self.state.decision is None or self.conceded is not None

    def decider(self):
        return None

    def is_computer(self, p) -> bool:
        return p is not None and 0 <= p < len(self.seats) and self.seats[p] == "computer"

    def humans(self) -> list:
        return [i for i, s in enumerate(self.seats) if s == "human"] or [0]

    def home_viewer(self) -> int:
        v = self.replay.default_viewer()
        return v if v is not None else self.humans()[0]


class ReplayScene(ReplayBarMixin, TakeOverMixin, TableScene):
    log_reserve = RESERVE
    still = False  # a picture (replay --screenshot): every card face drawn in the first frame

    def __init__(self, app, replay: Replay, pos: Pos | None = None, viewer="default"):
        self.replay = replay
        self.pos = replay.start()
        self.everything = False
        self.playing = False
        self.scrub = False
        self.takeover_open = False
        self._wait = 0.0
        self._take_ok = None
        set_game(replay.game.id)  # the captions and names shown are this game's words
        super().__init__(app, ReplayController(replay), frozen=True)
        v = replay.default_viewer() if viewer == "default" else viewer
        if v is None and not replay.everything_allowed():
            v = self.ctl.home_viewer()
        self.everything = v is None
        self.set_viewer(self.viewer if v is None else v)
        self.go(pos if pos is not None else (replay.start() if replay.finished else replay.end()))

    # -- what is shown --------------------------------------------------------------------
    @property
    def looking(self):
        """Whose view is shown: 0, 1, or None for everything."""
        return None if self.everything else self.viewer

    def shown_view(self) -> dict:
        """The view at the position: the state after its choices, patched by
        the events of the next choice shown so far (as the viewer sees them)."""
        v = self.looking
        view = self.ctl.state.view(v)
        evs = self.replay.events_of(self.pos.choice)[:self.pos.event]
        if evs:
            view = copy.deepcopy(view)
            slots = self.slot_zones
            for e in evs:
                patch(view, e.for_player(v), slots)
        return view

    def _entry(self, e):
        return (e, e) if self.everything else (e.for_player(0), e.for_player(1))

    def rebuild_log(self) -> None:
        evs = self.replay.events_before(self.pos)
        self.log = [self._entry(e) for e in evs if e.caption][-500:]
        self._log_pending = []
        self.log_scroll = 0
        self._right = None

    def refresh(self) -> None:
        self.view = self.shown_view()
        self._stats_dirty = True
        self.reveal_cards = None
        self.banner = None
        if self.pos.event > 0:  # the step just shown stays up until the next one
            ev = self.replay.events_of(self.pos.choice)[self.pos.event - 1].for_player(self.looking)
            if ev.kind not in QUIET:
                self.banner = [ev, 0.9 * HELD, HELD]
        self.relayout()
        self._top = None

    def set_viewer(self, p: int) -> None:
        if self.queue.busy:
            self.skip()
        self.viewer = p
        self.sprites.clear()
        self.rebuild_log()
        self.view = self.shown_view()
        self.relayout(snap=True)
        self.refresh()
        self._bg = self._top = self._right = None

    def play(self, events) -> None:
        if not self.queue.busy:
            self.steps_seen = None
        self._log_pending.extend(self._entry(e) for e in events)
        mine = [e.for_player(self.looking) for e in events]
        self.queue.push(mine)
        if not mine:
            self.refresh()

    def top_message(self):
        cap = game_text(self.replay.caption(self.pos, self.looking), self.replay.game.id)
        if self.pos == self.replay.end() and self.ctl.over:
            msg, _col = TableScene.top_message(self) if not self.queue.busy else (_("Game over"), None)
            return self.rule_text(_("{result}. {caption}").format(result=msg, caption=cap)), gfx.ACCENT
        return self.rule_text(cap), gfx.TEXT

    def _draw_game_over(self, surf) -> None:
        self.over_buttons = []  # the top bar says how it ended; the table stays in view

    def all_faces_at_once(self) -> bool:
        # frozen means read-only here, not a still picture: new faces come a few
        # a frame (every face at once only when rendering a picture)
        return self.still

    def _draw_right(self, surf) -> None:
        super()._draw_right(surf)
        self._draw_controls(surf)

    def draw(self, surf) -> None:
        super().draw(surf)
        if self.takeover_open:
            self._draw_takeover(surf)

    # -- moving through the game ---------------------------------------------------------------
    def go(self, target: Pos, animate: bool = False) -> None:
        """Show ``target``. A step forward within one move (or to its end)
        plays its events; anything else is a jump."""
        r = self.replay
        target = r.clamp(target)
        if self.queue.busy:
            self.skip()
        old = self.pos
        if target == old:
            return
        self.pos = target
        self.ctl.goto(target.choice)
        self._top = None
        self._take_ok = None
        same = target.choice == old.choice
        if animate and old < target and (same or (target.choice == old.choice + 1 and target.event == 0)):
            evs = r.events_of(old.choice)[old.event:target.event if same else None]
            self.banner = None
            self.play(evs)  # the queue patches the shown view; when it ends, refresh() shows the position
            return
        self.steps_seen = None
        self.pops.clear()
        self.rebuild_log()
        self.refresh()

    def nav(self, act: str) -> None:
        if act == "play":
            self.toggle_play()
            return
        self.playing = False
        r = self.replay
        step = {"event_fwd": r.next_event, "event_back": r.prev_event, "choice_fwd": r.next_choice,
                "choice_back": r.prev_choice, "turn_fwd": r.next_turn, "turn_back": r.prev_turn}[act]
        self.go(step(self.pos), animate=act in ("event_fwd", "choice_fwd"))

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self._wait = 0.0
        if self.playing and self.pos >= self.replay.end():
            self.go(self.replay.start())

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.playing and not self.queue.busy and self.handoff_for is None and self.dialog is None:
            self._wait += dt
            if self._wait >= (INSTANT_GAP if self.app.settings.speed_factor <= 0 else AUTOPLAY_GAP):
                self._wait = 0.0
                if self.pos >= self.replay.end():
                    self.playing = False
                else:
                    self.go(self.replay.next_event(self.pos), animate=True)

    def is_idle(self) -> bool:
        if self.playing or self.scrub:
            return False
        held = self.banner
        if held is not None and held[2] >= HELD:
            self.banner = None
            try:
                return super().is_idle()
            finally:
                self.banner = held
        return super().is_idle()

    # -- whose view ---------------------------------------------------------------------------------
    def choose_view(self, v) -> None:
        r = self.replay
        if v is None:
            if self.everything:
                return
            if r.everything_allowed():
                self._show(None)
            elif r.can_agree():
                self.ask_agreement()
            else:
                self.app.toast(_("Everything is shown once the game is over: the computer's cards stay hidden "
                                 "while the game can still be taken over."))
            return
        if not r.view_allowed(v):
            self.app.toast(_("{player}'s cards stay hidden while the game against the computer is not over.").format(
                player=game_text(r.player_name(v), r.game.id)))
            return
        if not self.everything and v == self.viewer:
            return
        if not r.finished and r.one_screen and not self.everything and not r.agreed:
            self.playing = False  # as at the table: the other player's cards wait behind the hand-off screen
            self.handoff_for, self.handoff_armed, self.popup = v, False, None
            return
        self._show(v)

    def _show(self, v) -> None:
        self.everything = v is None
        self.set_viewer(self.viewer if v is None else v)

    def ask_agreement(self) -> None:
        """At one screen, everything is shown when both players say yes, one after the other."""
        r = self.replay
        a, b = game_text(r.player_name(0), r.game.id), game_text(r.player_name(1), r.game.id)
        text = (_("Show everything in this replay: both hands, the decks and every hidden card? "
                  "The game is not over, so both players must agree.") + "<br><br>" + _("{who}, do you agree?"))

        def agreed():
            r.agree_everything()
            self._show(None)

        def second():
            self.open_confirm(text.format(who=b), agreed, title=_("Show everything?"),
                              yes=_("{player} agrees").format(player=b), no=_("No"))

        self.playing = False
        self.open_confirm(text.format(who=a), second, title=_("Show everything?"),
                          yes=_("{player} agrees").format(player=a), no=_("No"))

    # -- input ------------------------------------------------------------------------------------------
    def _key(self, ev) -> None:
        k = ev.key
        if self.takeover_open:
            if k == pygame.K_ESCAPE:
                self.close_takeover()
            return
        shift = bool(getattr(ev, "mod", 0) & pygame.KMOD_SHIFT)
        if k == pygame.K_ESCAPE:
            if self.popup is not None:
                self._close_popup()
            elif self.zoom_big is not None:
                self.zoom_big = None
            else:
                self.back()
        elif k in NAV_KEYS:
            self.nav(NAV_KEYS[k][1 if shift else 0])
        elif k == pygame.K_HOME:
            self.playing = False
            self.go(self.replay.start())
        elif k == pygame.K_END:
            self.playing = False
            self.go(self.replay.end())
        elif k == pygame.K_SPACE:
            self.toggle_play()

    def _down(self, pos) -> None:
        if self.takeover_open:
            return
        if self.popup is not None or self.zoom_big is not None:
            super()._down(pos)
            return
        hit = self.control_at(pos)
        if hit is None:
            sp = self.sprite_at(pos)  # a click reads a card at full size (nothing is played here)
            if sp is not None and sp.card.get("card") is not None:
                self.zoom_big = sp.card["card"]
            return
        kind, what = hit
        if kind == "nav":
            if self.nav_enabled(what) or what == "play":
                self.nav(what)
        elif kind == "back":
            self.back()
        elif kind == "track":
            self.playing = False
            self.scrub = True
            self.go(self.replay.at_choice(self.choice_at_x(pos[0])))
        elif kind == "view":
            self.choose_view(what)
        elif kind == "take":
            self.open_takeover()

    def _motion(self, pos) -> None:
        super()._motion(pos)
        if self.scrub:
            self.go(self.replay.at_choice(self.choice_at_x(pos[0])))

    def _up(self, pos) -> None:
        self.scrub = False

    def back(self) -> None:
        self.playing = False
        self.app.pop()


def watch(app, replay: Replay, notes=()) -> ReplayScene:
    """Open the replay viewer over the current screen (Back returns to it)."""
    scene = ReplayScene(app, replay)
    if not replay.finished and replay.one_screen and not scene.everything:
        # as at the table: an unfinished game at one screen opens behind the
        # hand-off screen, so whoever sits there says they are ready before a hand shows
        scene.handoff_for, scene.handoff_armed = scene.viewer, False
    app.push(scene)
    if notes:
        app.toast(" ".join(notes), 10.0, ok=True)
    return scene


def render_png(replay: Replay, n: int, out: str, size=(1600, 900), viewer="default") -> None:
    """Render the replay viewer after ``n`` choices to the PNG ``out``, with
    no display. The picture is written to a temporary file beside ``out``
    and renamed over it, so ``out`` is never left half written; on any
    problem TabletopError names the file and nothing is overwritten."""
    import os
    import tempfile

    from .app import App
    from .settings import Settings

    folder = Path(out).parent if str(Path(out).parent) else Path(".")
    if not folder.is_dir():
        raise TabletopError(_("can't write the picture: the folder {folder} does not exist").format(folder=folder), out)
    if Path(out).is_dir():
        raise TabletopError(_("can't write the picture: that is a folder"), out)
    app = App(size=size, settings=Settings(speed="instant"), persist_settings=False)
    try:
        scene = ReplayScene(app, replay, pos=replay.at_choice(n), viewer=viewer)
        scene.still = True
        app.reset_to(scene)
        app.run_frames(3)
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{Path(out).name}.", suffix=".png", dir=str(folder))
            os.close(fd)
        except OSError as exc:
            raise TabletopError(_("can't write the picture ({problem})").format(problem=exc.strerror or exc), out) from None
        try:
            pygame.image.save(app.window, tmp)
            os.replace(tmp, out)
        except (pygame.error, OSError) as exc:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise TabletopError(_("can't write the picture ({problem})").format(
                problem=getattr(exc, "strerror", None) or exc), out) from None
    finally:
        pygame.quit()
