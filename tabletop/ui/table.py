"""The table scene, the same for every game.

Zones come from the game's layout.toml, card faces from describe_card,
counters from ``view["players"][p]["counters"]``, phases from
``view["phases"]``; events play through the animation queue (see anim.py for
why the table never shows a state ahead of the last played event). Choices
with a card and a destination (``to``) or a ``target`` are drag and drop; the
rest are buttons in the action bar and entries of the card's popup.

The scene is put together from one mixin per concern: choices
(table_choices), event playback (table_playback), the countdown
(table_countdown), input and drag and drop (table_input), menus and dialogs
(table_menus), undo (table_undo), the card layer (table_cards, drawing one
card in card_draw), the panels (table_draw), overlays (table_panels) and the
hint (table_hint).
"""

from __future__ import annotations

from tabletop import i18n
from tabletop.engine.core import Event
from tabletop.i18n import N_, pgettext

from .anim import AnimQueue
from .app import IDLE_FPS, Scene
from .cards import CardArt
from .layout import load_layout, place
from .physics import HeldCard
from .table_cards import CardsMixin
from .table_choices import ChoicesMixin
from .table_countdown import CountdownMixin
from .table_draw import DrawMixin
from .table_geom import (BAR, BOTTOM, DRAG_START_PX, MENU_BTN, PLAY, RIGHT, SKIP_BTN, TOP, ZOOM_POS,  # noqa: F401 (the table's names)
                         Sprite, _target_list, is_drag, is_group_add, is_group_done)
from .table_hint import HintMixin
from .table_input import InputMixin
from .table_menus import MenusMixin
from .table_panels import PanelsMixin
from .table_playback import PlaybackMixin
from .table_rules import RulesMixin
from .table_undo import UndoMixin
from .widgets import ActionButton, Popup


class TableScene(ChoicesMixin, PlaybackMixin, CountdownMixin, InputMixin, MenusMixin, UndoMixin,
                 CardsMixin, DrawMixin, PanelsMixin, HintMixin, RulesMixin, Scene):
    idle_fps = IDLE_FPS  # a table waiting for a person needs no more
    def __init__(self, app, ctl, frozen: bool = False):
        super().__init__(app)
        self.ctl = ctl
        self.game = ctl.match.game
        i18n.set_game(self.game.id)  # the game's words (captions, labels, cards) are translated by its catalog
        self.frozen = frozen
        d = ctl.decider()
        self.viewer = d if d is not None and not ctl.is_computer(d) else ctl.home_viewer()
        self.view = ctl.state.view(self.viewer)
        self.layout = load_layout(self.game, self.view)
        self.art = CardArt(self.game, self.layout.card_colors, self.layout.face_down_tag)
        self.queue = AnimQueue()
        self.sprites: dict = {}
        self.order: list = []
        self.log: list = []          # (event as player 0 sees it, as player 1 sees it)
        self._log_pending: list = []  # queued events, entering the log as they play
        self.log_scroll = 0
        self.banner = None           # (event, t, duration)
        self.pops: dict = {}         # (player, counter) -> (t, delta)
        self.handoff_for = None
        self.handoff_armed = False
        self.held: HeldCard | None = None
        self.held_card = None
        self.returning: list = []
        self.press = None
        self.popup: Popup | None = None
        self.zoom_big = None
        self.zoom_live = None        # the card shown large as the table shows it (its current values)
        self.hover_key = None
        self.hover_btn = None
        self.menu_open = False
        self.menu_mode = "main"
        self.dialog = None
        self.bar_buttons: list[ActionButton] = []
        self.more_choices: list = []
        self._bg = None
        self._top = None
        self._right = None
        self._choices_cache = None
        self.reveal_cards = None
        self.game_over_shown = False
        self.coach = None            # a tutorial lesson's coach (coach.py), when this is a lesson
        self.over_buttons: list = []
        self.last_error = ""
        self.applied = 0
        self.selected: list = []      # iids picked for a group drag (see group_* below)
        self.group_pending: list = [] # the rest of a dropped group, added one at a time
        self.group_active = False
        self.group_added = False
        self.countdown = None        # [key, seconds left, total, player] while a timed decision waits
        self.steps_seen = None       # [family, kinds]: the steps of a procedure played so far (banner trail)
        self.takeback = None         # (requester, UndoPlan) while a take-back waits for the other player
        self.hint = None             # the hint asked for (table_hint), shown until a move is made
        self.relayout(snap=True)
        self.log = self._history_log() or self._first_turn_line()
        if ctl.hotseat and not frozen and not ctl.over:
            # two players at one screen: the first decision of a new, loaded or
            # continued game waits behind the hand-off screen, so whoever sits
            # there first says they are ready before their cards show
            self.handoff_for = self.viewer

    def _history_log(self) -> list:
        """The log of a game opened with choices already made (Continue, Load,
        a save given on the command line): its last events, replayed from the
        match's log, so the player sees how the game got here."""
        m = self.ctl.match
        if not getattr(m, "log", None) or not hasattr(m, "initial_state"):
            return []
        try:
            st = m.initial_state()
            evs: list = []
            for p, cid in m.log:
                evs.extend(st.apply_id(cid, p))
                if len(evs) > 1200:
                    del evs[:-500]
        except Exception:  # the log is a convenience: never stop the table for it
            return []
        return self.log_of(evs[-500:])

    @staticmethod
    def log_of(events) -> list:
        """Log entries of ``events`` (as each player sees them): a step with no
        caption is animated but never logged (the game logs it once, nearby)."""
        out = []
        for e in events:
            entry = (e.for_player(0), e.for_player(1))
            if entry[0].caption or entry[1].caption:
                out.append(entry)
        return out

    def _first_turn_line(self) -> list:
        """A new game already in its first turn (its "turn begins" event came
        before the table): the log starts with that turn's line all the same."""
        v = self.view
        turn, phase = v.get("turn"), v.get("phase")
        if not isinstance(turn, int) or turn < 1 or phase not in (v.get("phases") or ()):
            return []  # still setting up: the game's own turn line comes
        active = v.get("active")
        # in English, as a game writes its captions: the log translates it when shown
        if isinstance(active, int):
            try:
                name = v["players"][active].get("name") or f"Player {active + 1}"
            except (IndexError, KeyError, TypeError, AttributeError):
                name = f"Player {active + 1}"
            cap = N_("Turn {turn}: {name}'s turn").format(turn=turn, name=name)
        else:
            cap = pgettext("table", "Turn {n}").format(n=turn)

        ev = Event("turn.begin", cap, "", {"turn": turn, "player": active})
        return [(ev, ev)]

    # -- geometry -------------------------------------------------------------------------------------
    def zone_key(self, zd) -> str:
        return self.layout.absolute(zd.key, self.viewer)

    @property
    def slot_zones(self) -> set:
        return {self.zone_key(z) for z in self.layout.zones if z.kind == "slots"}

    def relayout(self, snap: bool = False) -> None:
        """Targets of every card sprite from the shown view; new sprites appear at
        their place, existing ones slide there."""
        zones = self.view.get("zones", {})
        seen = set()
        order = []
        cs = self.layout.card_size
        for zd in self.layout.zones:
            key = self.zone_key(zd)
            cards = zones.get(key, [])
            spots = place(zd, cards, cs, self.label_width(zd))
            for i, (c, (x, y, w, h)) in enumerate(zip(cards, spots)):
                sk = c.get("iid") if c.get("iid") is not None else f"{key}#{i}"
                sp = self.sprites.get(sk)
                if sp is None:
                    sp = Sprite(sk, c, key, x, y, w, h, zd)
                    self.sprites[sk] = sp
                sp.card, sp.zone, sp.zdef = c, key, zd
                sp.tx, sp.ty, sp.w, sp.h = x, y, w, h
                if zd.kind == "pile" and i < len(cards) - 2:
                    sp.order = -1  # hidden under the pile's top cards
                else:
                    sp.order = 0
                if snap:
                    sp.x, sp.y = x, y
                seen.add(sk)
                order.append(sp)
        for k in list(self.sprites):
            if k not in seen:
                del self.sprites[k]
        self.order = order
        # the bars are drawn again; on a frame that already redraws part of the
        # table their last pictures stand for one frame more (DrawMixin.stale)
        self._stale = {"top": self._top, "right": self._right}
        self._top = None
        self._right = None
        self._choices_cache = None

    def sprite_at(self, pos):
        for sp in reversed(self.order):
            if sp.order < 0 and sp.zdef.kind == "pile":
                continue
            if sp.rect().collidepoint(pos):
                return sp
        return None

    def zone_at(self, pos):
        for zd in reversed(self.layout.zones):
            if zd.rect.inflate(10, 10).collidepoint(pos):
                return zd
        return None

    def sprite_by_iid(self, iid):
        return self.sprites.get(iid)



























































































