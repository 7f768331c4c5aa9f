"""The table scene, the same for every game.

Zones come from the game's layout.toml, card faces from describe_card,
counters from ``view["players"][p]["counters"]``, phases from
``view["phases"]``; events play through the animation queue (see anim.py for
why the table never shows a state ahead of the last played event). Choices
with a card and a destination (``to``) or a ``target`` are drag and drop; the
rest are buttons in the action bar and entries of the card's popup.
"""

from __future__ import annotations

import math
import re

import pygame
import pygame_gui

from tabletop.engine.core import Choice
from tabletop.engine.errors import TabletopError
from tabletop.saves import saves_dir

from . import gfx
from .anim import AnimQueue, patch
from .app import Scene
from .cards import CardArt
from .controller import is_resign, passes_or_ends
from .gfx import VH, VW
from .layout import load_layout, place, slot_rects
from .physics import HeldCard
from .widgets import ActionButton, Popup, layout_buttons

TOP = pygame.Rect(0, 0, VW, 48)
BOTTOM = pygame.Rect(0, 836, VW, 64)
RIGHT = pygame.Rect(1250, 48, 350, 788)
PLAY = pygame.Rect(0, 48, 1250, 788)
BAR = pygame.Rect(12, 846, 1070, 44)
MENU_BTN = pygame.Rect(1468, 846, 120, 44)
SKIP_BTN = pygame.Rect(1262, 846, 196, 44)
ZOOM_POS = (1260, 196)
DRAG_START_PX = 6


def _target_list(t) -> list:
    if t is None:
        return []
    return list(t) if isinstance(t, (list, tuple)) else [t]


def is_drag(c: Choice) -> bool:
    a = c.args
    return a.get("card") is not None and (a.get("to") is not None or a.get("target") is not None)


def is_group_add(c: Choice) -> bool:
    """A follow-up choice that adds one card to a move being made (role
    ``group_add``, with a ``card``): see "Choice roles" in docs/PLUGINS.md."""
    return c.role == "group_add" and c.args.get("card") is not None


def is_group_done(c: Choice) -> bool:
    """The choice that finishes a group being built (role ``group_done``)."""
    return c.role == "group_done" and c.args.get("card") is None


class Sprite:
    __slots__ = ("key", "card", "zone", "x", "y", "w", "h", "tx", "ty", "flip_t", "turn_t", "turn_from", "order", "zdef")

    def __init__(self, key, card, zone, x, y, w, h, zdef):
        self.key, self.card, self.zone = key, card, zone
        self.x = self.tx = x
        self.y = self.ty = y
        self.w, self.h = w, h
        self.flip_t = 1.0
        self.turn_t = 1.0
        self.turn_from = 0
        self.order = 0
        self.zdef = zdef

    @property
    def sideways(self) -> bool:
        return self.card.get("orient") == "sideways"

    def rect(self) -> pygame.Rect:
        w, h = (self.h, self.w) if self.sideways else (self.w, self.h)
        return pygame.Rect(int(self.x - w / 2), int(self.y - h / 2), w, h)


class TableScene(Scene):
    def __init__(self, app, ctl, frozen: bool = False):
        super().__init__(app)
        self.ctl = ctl
        self.game = ctl.match.game
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
        self.relayout(snap=True)
        self.log = self._history_log()
        if ctl.hotseat and not frozen and ctl.match.log and not ctl.over:
            # a game loaded at one screen: whoever sits there first says they are ready
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
        return [(e.for_player(0), e.for_player(1)) for e in evs[-500:] if e.caption]

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
            spots = place(zd, cards, cs)
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

    # -- choices ------------------------------------------------------------------------------------
    def can_act(self) -> bool:
        if self.queue.busy or self.handoff_for is not None or self.menu_open or self.dialog is not None:
            return False
        if self.ctl.over:
            return False
        p = self.ctl.decider()
        return p == self.viewer and not self.ctl.is_computer(p)

    def my_choices(self) -> list:
        if self._choices_cache is None:
            if not self.can_act():
                return []
            d = self.ctl.state.decision
            self._choices_cache = d.choices_for(self.viewer) if d else []
        return self._choices_cache

    def selectable(self, iid) -> bool:
        """Can this card join a group drag? It has a drag choice of a kind that
        another card of the decision has too (several units moving together)."""
        if iid is None:
            return False
        kinds = {c.kind for c in self.drag_choices(iid)}
        if not kinds:
            return False
        return any(c.kind in kinds and c.args.get("card") != iid and is_drag(c) for c in self.my_choices())

    def toggle_select(self, iid) -> None:
        if iid in self.selected:
            self.selected.remove(iid)
        elif self.selectable(iid):
            self.selected.append(iid)

    def _group_step(self) -> bool:
        """After a group was dropped: add its other cards one at a time through
        the follow-up decision's ``add`` choices, then ``done``. True when a
        choice was applied. A follow-up that is not an add/done decision (no
        ``add`` offered and none taken yet) ends the group untouched."""
        if not self.group_active or not self.can_act():
            return False
        mine = self.my_choices()
        adds = [c for c in mine if is_group_add(c)]
        done = next((c for c in mine if is_group_done(c)), None)
        while self.group_pending:
            iid = self.group_pending.pop(0)
            c = next((c for c in adds if c.args.get("card") == iid), None)
            if c is not None:
                self.group_added = True
                self.apply_choice(c, confirm=False)
                return True
        self.group_active = False
        if done is not None and (adds or self.group_added):
            self.group_added = False
            self.apply_choice(done, confirm=False)
            return True
        self.group_added = False
        return False

    def choices_of_card(self, iid) -> list:
        if iid is None:
            return []
        return [c for c in self.my_choices() if c.args.get("card") == iid or iid in _target_list(c.args.get("target"))]

    def drag_choices(self, iid) -> list:
        return [c for c in self.my_choices() if c.args.get("card") == iid and is_drag(c)]

    def bar_choices(self) -> list:
        """Buttons: the choices that are not drags, and drags of a card that can't
        be picked up (deep in a pile, or not on the table)."""
        out = []
        timed = self._countdown_info() is not None
        for c in self.my_choices():
            if timed and c.role == "timeout":
                continue  # the countdown takes it when it runs out
            if not is_drag(c):
                out.append(c)
            else:
                sp = self.sprites.get(c.args["card"])
                if sp is None or sp.order < 0:
                    out.append(c)
        return out

    def lit_for(self, iid):
        """Zones (absolute keys) and target iids where a held card may go."""
        zones, targets = set(), set()
        for c in self.drag_choices(iid):
            if c.args.get("to") is not None:
                zones.add(c.args["to"])
            for t in _target_list(c.args.get("target")):
                targets.add(t)
        return zones, targets

    def drop_matches(self, iid, pos, held_rect=None):
        """Choices a drop of card ``iid`` at ``pos`` means, and a description of
        where it landed (for why_not). ``held_rect``: where the held card lies;
        a drop that misses every lit target with the pointer but covers one
        with the card itself (an attacker let go just beside its target) means
        that target, as it would on a real table."""
        drags = self.drag_choices(iid)
        sp = self.sprite_at(pos)
        if sp is not None and sp.key != iid and sp.card.get("iid") is not None:
            tid = sp.card["iid"]
            hits = [c for c in drags if tid in _target_list(c.args.get("target"))]
            if hits:
                return hits, ("target", tid)
        zd = self.zone_at(pos)
        if zd is not None:
            key = self.zone_key(zd)
            hits = [c for c in drags if c.args.get("to") == key]
            if hits and zd.kind == "slots" and any(isinstance(c.args.get("slot"), int) for c in hits):
                rects = slot_rects(zd, self.layout.card_size)
                slot = min(range(len(rects)), key=lambda i: abs(rects[i].centerx - pos[0]))
                exact = [c for c in hits if c.args.get("slot") == slot]
                if exact:
                    hits = exact
            if hits:
                return hits, ("zone", key)
        tid = self._covered_target(iid, drags, held_rect)
        if tid is not None:
            return [c for c in drags if tid in _target_list(c.args.get("target"))], ("target", tid)
        if zd is not None:
            key = self.zone_key(zd)
            if sp is not None and sp.card.get("iid") is not None and sp.key != iid:
                return [], ("target", sp.card["iid"])
            return [], ("zone", key)
        if sp is not None and sp.card.get("iid") is not None and sp.key != iid:
            return [], ("target", sp.card["iid"])
        return [], None

    def _covered_target(self, iid, drags, held_rect):
        """The lit target the held card covers most (at least a quarter of the
        target's face), or None."""
        if held_rect is None:
            return None
        best, best_area = None, 0
        for c in drags:
            for t in _target_list(c.args.get("target")):
                tsp = self.sprites.get(t)
                if tsp is None or t == iid or tsp.order < 0:
                    continue
                r = tsp.rect()
                ov = r.clip(held_rect)
                area = ov.w * ov.h
                if area * 4 >= r.w * r.h and area > best_area:
                    best, best_area = t, area
        return best

    def why_not_drop(self, iid, where) -> str:
        if where is None:
            return "No legal move there."
        mine = [c for c in self.my_choices() if c.args.get("card") == iid]
        kinds = [c.kind for c in mine if (c.args.get("target") is not None) == (where[0] == "target")] or [c.kind for c in mine]
        kind = max(set(kinds), key=kinds.count) if kinds else "move"
        args = {"card": iid, "to": where[1]} if where[0] == "zone" else {"card": iid, "target": where[1]}
        try:
            reason = self.ctl.state.why_not(kind, args, self.viewer)
        except Exception:
            reason = ""
        return reason[:1].upper() + reason[1:] if reason else "No legal move there."

    # -- applying -----------------------------------------------------------------------------------
    def apply_choice(self, c: Choice, confirm: bool = True) -> None:
        if confirm and self.app.settings.confirmations and self.ctl.needs_confirm(c):
            self.open_confirm(f"{c.label}? You still have other actions this phase.", lambda: self.apply_choice(c, False))
            return
        try:
            events = self.ctl.apply(c)
        except TabletopError as exc:
            self.app.toast(str(exc))
            return
        except Exception as exc:  # an engine bug: say so, put the game back as the log has it
            import traceback
            traceback.print_exc()
            try:
                self.ctl.match.replay_to(len(self.ctl.match.log))
            except Exception:
                pass
            self.app.toast(f"The game engine failed on '{c.label}' ({type(exc).__name__}: {exc}); the move was not made.")
            self.refresh()
            return
        self.applied += 1
        self.popup = None
        self._choices_cache = None
        self.countdown = None  # answered: the clock stops (not frozen on screen while the steps play)
        self.play(events)

    def play(self, events) -> None:
        """Queue the events of a choice; each enters the log as it is played."""
        if not self.queue.busy:
            self.steps_seen = None
        self._log_pending.extend((e.for_player(0), e.for_player(1)) for e in events)
        mine = [e.for_player(self.viewer) for e in events]
        self.queue.push(mine)
        if not mine:
            self.refresh()

    def _log_next(self) -> None:
        if self._log_pending:
            entry = self._log_pending.pop(0)
            if not (entry[0].caption or entry[1].caption):
                return  # a step with no caption is animated, not logged (the game logs it once, nearby)
            self.log.append(entry)
            if len(self.log) > 600:
                del self.log[:100]
            self.log_scroll = 0
            self._right = None

    def refresh(self) -> None:
        """Show the true view of the state (after the queue played out)."""
        self.view = self.ctl.state.view(self.viewer)
        self.banner = None if self.banner and self.banner[0].kind != "game.over" else self.banner
        self.reveal_cards = None
        self.relayout()
        if self.selected:
            self.selected = [i for i in self.selected if self.selectable(i)]

    def set_viewer(self, p: int) -> None:
        self.viewer = p
        self.sprites.clear()
        self.view = self.ctl.state.view(p)
        self.relayout(snap=True)
        self._bg = None

    def _start_event(self, ev) -> None:
        """An event begins: patch the shown view and start its animation."""
        self._top = None
        self._log_next()
        k = ev.kind
        if k == "card.move":
            d = ev.data or {}
            start = None
            sp = self.sprites.get(d.get("card")) if d.get("card") is not None else None
            if sp is None and isinstance(d.get("from"), str):
                sp = self.sprites.get(f"{d['from']}#{d.get('from_index')}")
            flip = getattr(self, "_flip_at", None)
            if flip is not None and flip[0] is not None and flip[0] == d.get("card"):
                start = flip[1]  # the card just turned over beside the banner slides from there
            elif sp is not None:
                start = (sp.x, sp.y)
            else:
                start = self._zone_center(d.get("from"))
            self._flip_at = None
            card = patch(self.view, ev, self.slot_zones)
            self.relayout()
            if card is not None and start is not None:
                key = card.get("iid")
                if key is None:
                    to = d.get("to")
                    lst = self.view.get("zones", {}).get(to, [])
                    idx = next((i for i, c in enumerate(lst) if c is card), None)
                    key = f"{to}#{idx}" if idx is not None else None
                nsp = self.sprites.get(key) if key is not None else None
                if nsp is not None:
                    nsp.x, nsp.y = start
        elif k == "card.flip":
            patch(self.view, ev, self.slot_zones)
            sp = self.sprites.get((ev.data or {}).get("card"))
            if sp is not None:
                sp.flip_t = 0.0
            self.relayout()
        elif k == "card.turn":
            sp = self.sprites.get((ev.data or {}).get("card"))
            was = sp.sideways if sp else False
            patch(self.view, ev, self.slot_zones)
            if sp is not None:
                sp.turn_t, sp.turn_from = 0.0, (90 if was else 0)
            self.relayout()
        elif k == "counter.change":
            patch(self.view, ev, self.slot_zones)
            d = ev.data or {}
            self.pops[(d.get("player"), d.get("counter"))] = [0.0, d.get("delta", 0)]
            self._right = None
        elif k in ("phase.begin", "step.begin"):
            patch(self.view, ev, self.slot_zones)
            self.banner = [ev, 0.0, self.queue.dur]
        elif k == "reveal":
            self.reveal_cards = list((ev.data or {}).get("card_ids") or [])
            self.banner = [ev, 0.0, self.queue.dur]
        elif k == "game.over":
            patch(self.view, ev, self.slot_zones)
            self.banner = [ev, 0.0, max(0.01, self.queue.dur)]
        else:
            if k == "turn.begin":
                patch(self.view, ev, self.slot_zones)
                self._right = None
            self.banner = [ev, 0.0, self.queue.dur]
            fam = k.split(".", 1)[0] if "." in k else k
            if self.steps_seen and self.steps_seen[0] == fam:
                self.steps_seen[1].append(ev)
            else:
                self.steps_seen = [fam, [ev]]
        if self.coach is not None:
            self.coach.on_event(ev)

    def _zone_center(self, key):
        for zd in self.layout.zones:
            if self.zone_key(zd) == key:
                return zd.rect.center
        if isinstance(key, str) and key.startswith(f"p{1 - self.viewer}."):
            return (620, 40)
        return (620, 860)

    def skip(self) -> None:
        """Space: play every queued event at once (up to a lesson's pause)."""
        while self.queue.busy and not self.queue.hold:
            self.queue.update(1e9, 0.0, self._start_event)
        if self.queue.busy:
            return
        self.refresh()
        for sp in self.sprites.values():
            sp.x, sp.y, sp.flip_t, sp.turn_t = sp.tx, sp.ty, 1.0, 1.0
        self.pops.clear()
        if self.banner and self.banner[0].kind != "game.over":
            self.banner = None

    # -- the frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.coach is not None:
            self.coach.update(dt)
        sf = self.app.settings.speed_factor
        was = self.queue.busy
        self.queue.update(dt, sf, self._start_event)
        if was and not self.queue.busy:
            self.refresh()
        rate = 1.0 if sf <= 0 else 1.0 - math.exp(-dt * 15.0 * sf)
        for sp in self.order:
            if sp.x != sp.tx or sp.y != sp.ty:
                sp.x += (sp.tx - sp.x) * rate
                sp.y += (sp.ty - sp.y) * rate
                if abs(sp.x - sp.tx) < 0.5 and abs(sp.y - sp.ty) < 0.5:
                    sp.x, sp.y = sp.tx, sp.ty
            if sp.flip_t < 1.0:
                sp.flip_t = 1.0 if sf <= 0 else min(1.0, sp.flip_t + dt * sf / 0.28)
            if sp.turn_t < 1.0:
                sp.turn_t = 1.0 if sf <= 0 else min(1.0, sp.turn_t + dt * sf / 0.24)
        for k in list(self.pops):
            self.pops[k][0] += dt * max(sf, 0.001)
            if self.pops[k][0] > 0.9 or sf <= 0:
                del self.pops[k]
        if self.banner is not None and not self.queue.hold:  # a lesson pause holds the banner up
            self.banner[1] += dt
            if self.banner[0].kind != "game.over" and self.banner[1] > max(self.banner[2], 0.0) + 0.05 and not self.queue.busy:
                self.banner = None
        if self.hover_key is not None and self.held is None:
            # the hovered card may have moved away from under a still pointer
            # (destroyed, drawn, taken back): the preview follows the pointer
            sp = self.sprite_at(self.app.vmouse)
            self.hover_key = sp.key if sp is not None else None
        if self.held is not None:
            self.held.move_mouse(self.app.vmouse, dt)
            self.held.step(dt)
        for h in list(self.returning):
            h.step(dt)
            sp = self.sprites.get(h.key)
            if sp is None or h.arrived() or sf <= 0:
                self.returning.remove(h)
                h.dispose()
        if not self.queue.busy and not self.frozen:
            self._tick_countdown(dt)
            self.drive()

    def is_idle(self) -> bool:
        """Nothing on the table moves by itself (no event playing, no card held,
        sliding, flipping or turning, no banner, no countdown, the computer not
        to move): the window may draw fewer frames. A table waiting for a
        person drew 60 frames a second and kept 60% of a core busy."""
        if self.queue.busy or self.held is not None or self.returning or self.pops or self.banner is not None:
            return False
        if self.countdown is not None:
            return False
        ctl = self.ctl
        if ctl.thinking or (not ctl.over and ctl.is_computer(ctl.decider())):
            return False
        for sp in self.order:
            if sp.x != sp.tx or sp.y != sp.ty or sp.flip_t < 1.0 or sp.turn_t < 1.0:
                return False
        return True

    # -- timed decisions -----------------------------------------------------------------------------------
    def _countdown_info(self):
        """``view["extra"]["countdown"]`` = {waiting: player, seconds: n} while a
        timed decision runs (docs/PLUGINS.md, "Countdowns")."""
        ex = self.view.get("extra") if isinstance(self.view, dict) else None
        cd = ex.get("countdown") if isinstance(ex, dict) else None
        if not isinstance(cd, dict) or not isinstance(cd.get("waiting"), int):
            return None
        try:
            secs = float(cd.get("seconds", 10))
        except (TypeError, ValueError):
            secs = 10.0
        return cd["waiting"], max(0.5, secs)

    def _tick_countdown(self, dt: float) -> None:
        """The countdown runs while the waiting player is at the screen (after a
        hand-off); at 0 the table applies that player's ``timeout`` choice."""
        info = self._countdown_info()
        if info is None or self.ctl.over:
            self.countdown = None
            return
        who, secs = info
        key = (len(self.ctl.match.log), who)
        if self.countdown is None or self.countdown[0] != key:
            self.countdown = [key, secs, secs, who]
        if self.handoff_for is not None or self.menu_open or self.dialog is not None or self.ctl.is_computer(who):
            return
        if self.ctl.decider() != who or self.viewer != who:
            return
        self.countdown[1] -= dt
        if self.countdown[1] <= 0:
            d = self.ctl.state.decision
            t = next((c for c in d.choices_for(who) if c.role == "timeout"), None) if d else None
            if t is not None:
                self.countdown[1] = 0
                if self.held is not None:
                    self._send_back()
                self.popup = None
                self.app.toast("Time is up.")
                self.apply_choice(t, confirm=False)

    def drive(self) -> None:
        """Move the game on when nobody at the screen has to act: the computer's
        turn, hand-off between two players, auto-pass."""
        if self.menu_open or self.dialog is not None or self.held is not None:
            return
        ctl = self.ctl
        if ctl.over:
            if not self.game_over_shown:
                self.game_over_shown = True
            return
        p = ctl.decider()
        if p is None:
            return
        if ctl.is_computer(p):
            if not ctl.thinking:
                ctl.start_thinking(p)
            try:
                c = ctl.poll_computer()
            except Exception as exc:  # the agent failed: fall back to a legal choice
                self.app.toast(f"The computer player failed ({type(exc).__name__}); it plays a simple move instead.")
                mine = ctl.state.decision.choices_for(p)
                c = next((x for x in mine if not is_resign(x)), mine[0] if mine else None)
            if c is not None:
                self.apply_choice(c, confirm=False)
            return
        if self.handoff_for is not None:
            return
        if self._group_step():
            return
        # nothing to decide but to pass or go on: taken for the player (no hand-off needed)
        auto = ctl.auto_choice(p, self.app.settings.autopass_stop)
        if auto is not None:
            self.apply_choice(auto, confirm=False)
            return
        if p != self.viewer:
            if ctl.hotseat and self._needs_handoff(self.viewer, p):
                self.handoff_for = p
                self.handoff_armed = False
                self.press = None
                self.popup = None
                return
            self.set_viewer(p)

    def _needs_handoff(self, a: int, b: int) -> bool:
        """Would the two players see different hidden cards?"""
        def sig(v):
            return [(z, c.get("iid"), c.get("card")) for z, cs in sorted(v.get("zones", {}).items()) for c in cs]
        st = self.ctl.state
        return sig(st.view(a)) != sig(st.view(b))

    # -- input ------------------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN:
            if self.coach is not None and not self.menu_open and self.dialog is None and self.coach.key(ev.key):
                return
            self._key(ev)
            return
        if self.menu_open or self.dialog is not None:
            return
        if ev.type == pygame.MOUSEWHEEL:
            if RIGHT.collidepoint(self.app.vmouse):
                self.log_scroll = max(0, self.log_scroll + ev.y)
                self._right = None
            return
        if self.handoff_for is not None:
            # a whole click made on this screen (the click that ended the turn doesn't count)
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                self.handoff_armed = True
            elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.handoff_armed:
                p = self.handoff_for
                self.handoff_for = None
                self.handoff_armed = False
                self.set_viewer(p)
            return
        if ev.type == pygame.MOUSEMOTION:
            self._motion(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            if ev.button == 1:
                self._down(ev.pos)
            elif ev.button == 3:
                sp = self.sprite_at(ev.pos)
                self.zoom_big = sp.card.get("card") if sp is not None and sp.card.get("card") is not None and self.zoom_big is None else None
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self._up(ev.pos)

    def _key(self, ev) -> None:
        k = ev.key
        if k == pygame.K_z and (getattr(ev, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            if self.dialog is None:
                self.request_undo()
            return
        if k == pygame.K_ESCAPE:
            if self.dialog is not None:
                self.close_dialog()
            elif self.popup is not None:
                self._close_popup()
            elif self.zoom_big is not None:
                self.zoom_big = None
            elif self.held is not None:
                self._send_back()
            elif self.selected:
                self.selected = []
            elif self.menu_open:
                self.close_menu()
            else:
                self.open_menu()
        elif k == pygame.K_SPACE and not self.menu_open and self.dialog is None:
            if self.queue.busy:
                self.skip()

    def _motion(self, pos) -> None:
        if self.popup is not None:
            self.popup.hover = self.popup.hit(pos)
        sp = self.sprite_at(pos)
        self.hover_key = sp.key if sp is not None else None
        self.hover_btn = next((b for b in self.bar_buttons if b.rect.collidepoint(pos)), None)
        if self.press is not None and self.held is None:
            key, p0 = self.press
            if math.hypot(pos[0] - p0[0], pos[1] - p0[1]) > DRAG_START_PX:
                self._start_drag(key, p0)

    def _down(self, pos) -> None:
        if self.coach is not None and self.popup is None and self.coach.click(pos):
            return
        if self.popup is not None:
            i = self.popup.hit(pos)
            if i >= 0:
                _, act = self.popup.items[i]
                self.popup = None
                act()
            else:
                self._close_popup()
            return
        if self.zoom_big is not None:
            self.zoom_big = None
            return
        if self.ctl.over and self.queue.busy is False:
            for r, act in self.over_buttons:
                if r.collidepoint(pos):
                    act()
                    return
        if MENU_BTN.collidepoint(pos):
            self.open_menu()
            return
        if SKIP_BTN.collidepoint(pos) and self.queue.busy:
            self.skip()
            return
        for b in self.bar_buttons:
            if b.rect.collidepoint(pos):
                self._bar_click(b)
                return
        sp = self.sprite_at(pos)
        if sp is not None and self.can_act():
            self.press = (sp.key, pos)

    def _up(self, pos) -> None:
        if self.held is not None:
            self._drop(pos)
            return
        if self.press is not None:
            key, _ = self.press
            self.press = None
            self._click_card(key, pos)

    def _bar_click(self, b: ActionButton) -> None:
        if b.kind == "more":
            items = [(c.label, (lambda c=c: self.apply_choice(c))) for c in self.more_choices]
            self.popup = Popup((b.rect.x, b.rect.y - 40 * min(8, len(items))), items, "More choices")
            self.popup.choices = list(self.more_choices)
            return
        if self.can_act():
            self.apply_choice(b.payload)

    def _click_card(self, key, pos) -> None:
        sp = self.sprites.get(key)
        if sp is None or not self.can_act():
            return
        iid = sp.card.get("iid")
        shift = pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL)
        if (shift or self.selected) and self.selectable(iid):  # click toggles once a group is being picked
            self.toggle_select(iid)
            return
        chs = self.choices_of_card(iid)
        if not chs:
            if sp.card.get("card") is not None:
                self.zoom_big = sp.card["card"]
            return
        if len(chs) == 1 and chs[0].args.get("card") != iid:
            self.apply_choice(chs[0])  # a lit target: clicking it chooses it
            return
        items = [(c.label, (lambda c=c: self.apply_choice(c))) for c in chs]
        if self.selectable(iid):
            items.append(("Select to move with others (or shift-click)", lambda: self.toggle_select(iid)))
        name = self.art.desc(sp.card["card"]).get("name", "") if sp.card.get("card") else "this card"
        self.popup = Popup(pos, items, title=str(name))
        self.popup.choices = list(chs)

    def _start_drag(self, key, p0) -> None:
        sp = self.sprites.get(key)
        self.press = None
        if sp is None or not self.drag_choices(sp.card.get("iid")):
            return
        iid = sp.card.get("iid")
        if self.selected and iid not in self.selected and self.selectable(iid):
            self.selected.append(iid)
        elif self.selected and iid not in self.selected:
            self.selected = []
        self.held = HeldCard(key, (sp.x, sp.y), (sp.w, sp.h), p0)
        self.held_card = sp
        self.popup = None

    def _drop(self, pos) -> None:
        h, sp = self.held, self.held_card
        iid = sp.card.get("iid")
        held_rect = pygame.Rect(0, 0, sp.rect().w, sp.rect().h)
        held_rect.center = (int(h.pos[0]), int(h.pos[1]))
        hits, where = self.drop_matches(iid, pos, held_rect)
        if len(hits) == 1:
            self._end_drag(settle=True)
            self._apply_drop(hits[0])
        elif hits:
            items = [(c.label, (lambda c=c: (self._end_drag(settle=True), self._apply_drop(c)))) for c in hits]
            self.popup = Popup(pos, items, "Choose how", on_cancel=self._send_back)
            self.popup.choices = list(hits)
        else:
            if where is not None or not RIGHT.collidepoint(pos):
                self.app.toast(self.why_not_drop(iid, where) if where is not None else "No legal move there: the card goes back.")
            self._send_back()

    def _apply_drop(self, c: Choice) -> None:
        """A drop: the dragged card's choice; with a group selected, the rest of
        the group follows through the follow-up decision (see _group_step)."""
        group = [i for i in self.selected if i != c.args.get("card")]
        self.selected = []
        self.group_pending = group
        self.group_active = bool(group)
        self.group_added = False
        self.apply_choice(c)

    def _close_popup(self) -> None:
        p = self.popup
        self.popup = None
        if p is not None and p.on_cancel:
            p.on_cancel()

    def _end_drag(self, settle: bool) -> None:
        h, sp = self.held, self.held_card
        if h is not None and sp is not None:
            sp.x, sp.y = h.pos  # the layout slides it from where it was let go
        if h is not None:
            h.dispose()
        self.held = None
        self.held_card = None

    def _send_back(self) -> None:
        """A card let go where it can't go slides home on a spring."""
        h, sp = self.held, self.held_card
        self.held, self.held_card = None, None
        if h is None or sp is None:
            return
        h.release_home((sp.tx, sp.ty))
        self.returning.append(h)

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
            self.label((cx - 220, 300, 440, 36), "Save the game as:", object_id="#heading")
            self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(cx - 220, 345, 440, 40), self.app.ui)
            default = self.ctl.match.name or f"{self.game.id}-turn{self.ctl.state.turn}"
            self.name_entry.set_text(default)
            self.name_entry.focus()
            self.button((cx - 220, 400, 210, 44), "Save", self._do_save)
            self.button((cx + 10, 400, 210, 44), "Cancel", self._menu_main)
            return
        self.label((cx - 200, 230, 400, 40), "Game menu", object_id="#heading")
        items = [("Resume", self.close_menu), ("Save game", self._menu_save), ("Load game", self._menu_load),
                 ("Settings", self._menu_settings), ("Concede", self._menu_concede), ("Quit to menu", self._quit_to_menu)]
        undo = self.undo_label()
        if undo:
            items.insert(1, (undo, self.request_undo))
        if self.coach is not None:  # a lesson is not saved and not conceded
            items = [it for it in items if it[0] not in ("Save game", "Concede")]
        for i, (lab, act) in enumerate(items):
            self.button((cx - 160, 280 + i * 54, 320, 46), lab, act)

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
        if ev.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and self.dialog is not None \
                and getattr(ev, "ui_element", self.dialog[0]) is self.dialog[0]:
            act = self.dialog[1]
            self.dialog = None
            act()
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
            self.app.toast(f"Saved as {path.name}", ok=True)
        except (OSError, TabletopError) as exc:
            self.app.toast(f"Could not save: {exc}")
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
        self.open_confirm(f"Concede the game as {self._name(who)}?", lambda: self._concede(who))

    def _concede(self, who) -> None:
        d = self.ctl.state.decision
        own = next((c for c in d.choices_for(who) if is_resign(c)), None) if d else None
        if own is not None:  # the game's own surrender: in the log, and the engine names the winner
            self.apply_choice(own, confirm=False)
        else:
            self.ctl.concede(who)
        self.game_over_shown = True

    def _quit_to_menu(self) -> None:
        from .scenes import MenuScene
        self.app.reset_to(MenuScene(self.app))

    def open_confirm(self, text: str, on_yes, on_no=None, title: str = "Are you sure?", yes: str = "Yes",
                     no: str | None = None, rect=None) -> None:
        """A yes/no dialog; ``on_no`` runs when it is declined or closed."""
        rect = rect or pygame.Rect(VW // 2 - 230, 330, 460, 220)
        dlg = pygame_gui.windows.UIConfirmationDialog(rect, text, self.app.ui, window_title=title, action_short_name=yes)
        if no:
            dlg.cancel_button.set_text(no)
        self.dialog = (dlg, on_yes, on_no)

    def close_dialog(self) -> None:
        if self.dialog is not None:
            dlg, _, on_no = self.dialog
            self.dialog = None
            dlg.kill()
            if on_no is not None:
                on_no()

    # -- undo (against the computer) and take-back (at one screen) ------------------------------------------
    def undo_label(self) -> str:
        """The game menu's entry for undo, or "" when there is none here."""
        ctl = self.ctl
        if self.frozen or self.coach is not None or not hasattr(ctl, "undo_plan"):
            return ""
        if ctl.hotseat:
            return "Ask to take back (Ctrl+Z)"
        if ctl.vs_computer and self.app.settings.allow_undo:
            return "Undo (Ctrl+Z)"
        return ""

    def request_undo(self) -> None:
        """Ctrl+Z or the menu's Undo. Against the computer: take back the
        person's last choice with the computer's replies after it, at once.
        At one screen: ask the other player, on a screen that hides the table.
        Either way tabletop.ui.undo decides how far back it may go (never past
        hidden information the player has seen). In a lesson: the coach's Back."""
        if self.frozen or self.dialog is not None or self.takeback is not None:
            return
        if self.coach is not None:
            self.coach.back()
            return
        ctl = self.ctl
        if not hasattr(ctl, "undo_plan"):
            return
        if self.menu_open:
            self.menu_open = False
            self.app._rebuild()
        if self.held is not None:
            self._send_back()
        self.popup = None
        if ctl.hotseat:
            self.request_takeback()
            return
        if not ctl.vs_computer:
            return
        if not self.app.settings.allow_undo:
            self.app.toast("Undo against the computer is switched off (Settings).")
            return
        plan = ctl.undo_plan(ctl.humans()[0])
        if not plan.ok:
            self.app.toast(plan.message)
            return
        self._rewind(plan)
        self.app.toast(plan.message, ok=True)

    def request_takeback(self) -> None:
        """At one screen: the player at the screen asks to take back their last
        move; the table is hidden and the other player accepts or declines."""
        r = self.viewer
        plan = self.ctl.undo_plan(r, self._name(r))
        if not plan.ok:
            self.app.toast(plan.message)
            return
        self.takeback = (r, plan)
        self._open_takeback_dialog()

    def _open_takeback_dialog(self) -> None:
        r, plan = self.takeback
        a = 1 - r
        if plan.limited:
            what = f"{self._name(r)} asks to take back the last {plan.count} step{'s' if plan.count != 1 else ''}. {plan.message}"
        else:
            more = f", and the {plan.count - 1} step{'s' if plan.count > 2 else ''} after it" if plan.count > 1 else ""
            what = f"{self._name(r)} asks to take back: {plan.label}{more}."
        self.open_confirm(f"{what}<br><br>{self._name(a)}, do you accept?", self._accept_takeback, self._decline_takeback,
                          title="Take back a move?", yes="Accept", no="Decline",
                          rect=pygame.Rect(VW // 2 - 280, 330, 560, 280))

    def _accept_takeback(self) -> None:
        if self.takeback is None:
            return
        r, plan = self.takeback
        self.takeback = None
        if not self._rewind(plan):
            self.app.toast("The game moved on: the take-back no longer applies.")
        else:
            self.app.toast(f"{self._name(1 - r)} accepted. {plan.message}", ok=True)
        d = self.ctl.decider()
        self.handoff_for = d if d is not None else r  # the screen is with the other player: pass it on
        self.handoff_armed = False

    def _decline_takeback(self) -> None:
        if self.takeback is None:
            return
        r, _ = self.takeback
        self.takeback = None
        self.app.toast(f"{self._name(1 - r)} declined the take-back.")
        self.handoff_for = r  # give the screen back to the one who asked
        self.handoff_armed = False

    def _rewind(self, plan) -> bool:
        """Rewind the match (Controller.undo) and show the state it gives: the
        animation queue dropped, the log rebuilt from the replayed events."""
        if not self.ctl.undo(plan):
            return False
        self.queue.clear()
        self._log_pending.clear()
        self.log = [(e.for_player(0), e.for_player(1)) for e in plan.events[-500:]]
        self.log_scroll = 0
        self.banner = None
        self.reveal_cards = None
        self.popup = None
        self.zoom_big = None
        self.selected = []
        self.group_pending, self.group_active, self.group_added = [], False, False
        self.countdown = None
        self.steps_seen = None
        self.game_over_shown = False
        self._choices_cache = None
        self._bar_sig = None
        self.set_viewer(self.viewer)
        return True

    # -- drawing -----------------------------------------------------------------------------------------------
    def _name(self, p) -> str:
        try:
            n = self.view["players"][p].get("name") or f"Player {p + 1}"
        except (IndexError, KeyError, TypeError):
            n = f"Player {p + 1}"
        return n

    def draw(self, surf) -> None:
        if self._bg is None:
            self._bg = self._render_bg()
        surf.blit(self._bg, (0, 0))
        held_iid = self.held_card.card.get("iid") if self.held_card is not None else None
        lit_z, lit_t = self.lit_for(held_iid) if held_iid is not None else (set(), set())
        for zd in self.layout.zones:
            if self.zone_key(zd) in lit_z:
                r = zd.rect.inflate(6, 6)
                pygame.draw.rect(surf, gfx.LIT, r, 3, border_radius=10)
                s = gfx.alpha_rect(r.size, gfx.LIT, 38)
                surf.blit(s, r)
        self._draw_labels(surf)
        self._draw_counters(surf)
        self._draw_cards(surf, lit_t)
        if self.countdown is not None:
            self._draw_countdown(surf)
        if self.coach is not None:
            self.coach.draw_points(surf)
        self._draw_top(surf)
        self._draw_right(surf)
        if self.coach is not None:
            self.coach.draw(surf)
        self._draw_bottom(surf)
        if self.held is not None:
            self._draw_held(surf)
        if self.reveal_cards:
            self._draw_reveal(surf)
        if self.banner is not None:
            self._draw_banner(surf)
        if self.popup is not None:
            self.popup.draw(surf)
        if self.zoom_big is not None:
            z = self.art.get(self.zoom_big, 420, 588)
            r = z.get_rect(center=(PLAY.centerx, PLAY.centery))
            surf.blit(gfx.alpha_rect((VW, VH), (0, 0, 0), 150), (0, 0))
            surf.blit(z, r)
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
                r = pygame.Rect(VW // 2 - 250, 200, 500, (470 + (54 if self.undo_label() else 0)) if self.menu_mode == "main" else 280)
                gfx.panel(surf, r, (30, 36, 46), gfx.ACCENT, 12, 2)

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
                t = gfx.text(gfx.fit(zd.label, 15, r.w - 8), 15, gfx.shade(zcol, 1.2))
                bg.blit(t, (r.x + 6, r.bottom - t.get_height() - 3) if zd.kind not in ("pile",) else (r.centerx - t.get_width() // 2, r.bottom - t.get_height() - 2))
        pygame.draw.rect(bg, gfx.PANEL, TOP)
        pygame.draw.line(bg, gfx.LINE, (0, TOP.bottom - 1), (VW, TOP.bottom - 1))
        pygame.draw.rect(bg, gfx.PANEL, BOTTOM)
        pygame.draw.line(bg, gfx.LINE, (0, BOTTOM.y), (VW, BOTTOM.y))
        pygame.draw.rect(bg, (26, 31, 40), RIGHT)
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
                    v = self._name(v) + (" (you)" if v == self.viewer and not self.ctl.hotseat else "")
                else:
                    v = "nobody"
            try:
                s = lb.fmt.format(v)
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
        """A counter of the layout: number, bar or track, with its marks. Rects
        lower than 44 px get one line: label, bar or track, number."""
        r = cd.rect
        compact = r.h < 44
        gfx.panel(surf, r, (20, 26, 34), gfx.P_COLORS[p % 2], 8, 1)
        txt = "-" if v is None else (str(int(v)) if isinstance(v, float) and v.is_integer() else str(v))
        pop = self.pops.get((p, cd.key))
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
        if compact:
            lab_w = min(int(r.w * 0.4), gfx.font(15).size(cd.label)[0] + 4) if cd.label else 0
            nr = num.get_rect(midright=(r.right - 8, r.centery))
            gfx.blit_text(surf, self.compact_label(cd, nr, graph), 15, (r.x + 8, r.centery), gfx.DIM, anchor="midleft")
            surf.blit(num, nr)
            bar = pygame.Rect(r.x + 14 + lab_w, r.centery - 4, max(10, nr.x - 10 - (r.x + 14 + lab_w)), 9)
        else:
            gfx.blit_text(surf, gfx.fit(cd.label, 15, r.w - 12), 15, (r.x + 8, r.y + 5), gfx.DIM)
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
    def compact_label(cd, num_rect, graph: bool) -> str:
        """The label of a one-line counter, fitted: beside a bar or track it gets
        half the width; a plain number leaves it all the room up to the number
        ("Trait counter", not "Trait coun...")."""
        r = cd.rect
        room = max(10, r.w // 2 - 10) if graph else max(10, num_rect.x - r.x - 14)
        return gfx.fit(cd.label, 15, room)

    def _card_surface(self, sp, w, h, sideways):
        c = sp.card
        cid = c.get("card")
        down = c.get("face") == "down" and sp.zdef.kind not in ("fan", "pile")  # a hand's cards are not tagged
        if cid is None or (c.get("face") == "down" and sp.zdef.show_backs):
            # a face-down card on a deck shows its back, even to a player who knows
            # it (a card put on the bottom of the deck, while the move plays)
            return self.art.get(None, w, h, False, sideways)
        return self.art.get(cid, w, h, down, sideways)

    def _draw_cards(self, surf, lit_t) -> None:
        moving = []
        pile_counts = {}
        choice_cards = set()
        target_cards = set()
        if self.can_act() and self.held is None:
            for c in self.my_choices():
                if c.args.get("card") is not None:
                    choice_cards.add(c.args["card"])
                elif c.args.get("target") is not None:
                    target_cards.update(_target_list(c.args["target"]))
        held_key = self.held_card.key if self.held_card is not None else None
        followers = set(self.selected) if held_key is not None else set()
        returning = {h.key: h for h in self.returning}
        for sp in self.order:
            if sp.key == held_key or sp.key in followers:
                continue
            if sp.order < 0:
                pile_counts[sp.zone] = pile_counts.get(sp.zone, 0) + 1
                continue
            if sp.key in returning or abs(sp.x - sp.tx) > 1 or abs(sp.y - sp.ty) > 1:
                moving.append(sp)
                continue
            self._blit_sprite(surf, sp, choice_cards, target_cards, lit_t)
        for sp in moving:
            h = returning.get(sp.key)
            if h is not None:
                self._blit_rotated(surf, sp, h.pos, h.angle_deg)
            else:
                self._blit_sprite(surf, sp, choice_cards, target_cards, lit_t)
        self._draw_marks(surf)
        # pile counts
        for zd in self.layout.zones:
            if zd.show_count:
                key = self.zone_key(zd)
                n = len(self.view.get("zones", {}).get(key, []))
                t = gfx.text(str(n), 20, gfx.TEXT, True)
                r = t.get_rect(topright=(zd.rect.right - 4, zd.rect.y + 4)).inflate(10, 4)
                pygame.draw.rect(surf, (12, 16, 22), r, border_radius=9)
                surf.blit(t, t.get_rect(center=r.center))

    def _blit_sprite(self, surf, sp, choice_cards, target_cards, lit_t) -> None:
        sideways = sp.sideways
        img = self._card_surface(sp, sp.w, sp.h, sideways)
        if sp.turn_t < 1.0:
            ang = sp.turn_from + ((90 if sideways else 0) - sp.turn_from) * sp.turn_t
            base = self._card_surface(sp, sp.w, sp.h, False)
            img = pygame.transform.rotate(base, ang)
        if sp.flip_t < 1.0:
            k = abs(math.cos(sp.flip_t * math.pi))
            img = pygame.transform.scale(img, (max(1, int(img.get_width() * k)), img.get_height()))
        r = img.get_rect(center=(int(sp.x), int(sp.y)))
        # attached cards peek out below their host (straight down, so they never
        # cover a neighbour), at most five; the count is written on the last
        att = sp.card.get("attached") or []
        shown = att[:5]
        for j in range(len(shown) - 1, -1, -1):
            a = shown[j]
            asurf = self.art.get(a.get("card") if a.get("face") != "down" or a.get("card") else None, sp.w, sp.h, a.get("face") == "down")
            surf.blit(asurf, r.move(0, 7 + j * 5))
        if att:
            t = gfx.text(f"{len(att)} under", 12, (255, 255, 255), True)
            br = t.get_rect(midbottom=(r.centerx, r.bottom + 7 + (len(shown) - 1) * 5 + 1)).inflate(8, 0)
            pygame.draw.rect(surf, (30, 40, 70), br, border_radius=6)
            surf.blit(t, t.get_rect(center=br.center))
        iid = sp.card.get("iid")
        if iid is not None and iid in lit_t:
            pygame.draw.rect(surf, gfx.TARGET, r.inflate(10, 10), 4, border_radius=8)
        elif iid is not None and iid in target_cards:
            pygame.draw.rect(surf, gfx.TARGET, r.inflate(8, 8), 3, border_radius=8)
        elif iid is not None and iid in choice_cards:
            pygame.draw.rect(surf, gfx.GOOD, r.inflate(6, 6), 2, border_radius=7)
        surf.blit(img, r)
        if sp.key == self.hover_key and self.held is None:
            pygame.draw.rect(surf, gfx.ACCENT, r.inflate(2, 2), 2, border_radius=6)
        counters = sp.card.get("counters") or {}
        if counters:
            self._draw_card_counters(surf, r, counters, sp.card.get("card"))
        if iid is not None and iid in self.selected:
            self._draw_selected(surf, r, self.selected.index(iid) + 1)

    def _draw_selected(self, surf, r, n) -> None:
        pygame.draw.rect(surf, (120, 200, 255), r.inflate(8, 8), 3, border_radius=8)
        c = (r.x + 4, r.y + 4)
        pygame.draw.circle(surf, (40, 120, 200), c, 11)
        pygame.draw.circle(surf, (220, 240, 255), c, 11, 2)
        gfx.blit_text(surf, str(n), 15, c, (255, 255, 255), True, anchor="center")

    def _draw_marks(self, surf) -> None:
        """``[[mark]]`` entries: a hidden pick as a face-down card in a zone, or
        a tag on the card(s) a path names."""
        for mk in self.layout.marks:
            v = self._path_raw(mk.path)
            if mk.zone:
                if not v:
                    continue
                zd = next((z for z in self.layout.zones if z.key == mk.zone), None)
                if zd is None or self.view.get("zones", {}).get(self.zone_key(zd)):
                    continue  # only an empty zone shows the hidden pick
                from .layout import fit_scale
                k = fit_scale(zd, self.layout.card_size)
                w, h = int(self.layout.card_size[0] * k), int(self.layout.card_size[1] * k)
                img = self.art.get(None, w, h)
                rr = img.get_rect(center=zd.rect.center)
                surf.blit(img, rr)
                if mk.text:
                    self._tag(surf, rr, mk.text)
                continue
            ids = v if isinstance(v, list) else [v]
            for iid in ids:
                sp = self.sprites.get(iid) if isinstance(iid, int) else None
                if sp is not None and mk.text and sp.order >= 0 and (self.held_card is None or self.held_card.key != sp.key):
                    self._tag(surf, sp.rect(), mk.text)

    def _tag(self, surf, r, text) -> None:
        t = gfx.text(gfx.fit(text, 14, max(40, r.w + 30), True), 14, (20, 20, 20), True)
        br = t.get_rect(midtop=(r.centerx, r.y - 8)).inflate(10, 4)
        pygame.draw.rect(surf, gfx.ACCENT, br, border_radius=8)
        pygame.draw.rect(surf, (40, 30, 10), br, 1, border_radius=8)
        surf.blit(t, t.get_rect(center=br.center))

    def _draw_card_counters(self, surf, r, counters, card_id=None) -> None:
        """Counters on a card: small pills stacked down the right of its picture,
        clear of the name at the top and the printed stats at the bottom. A
        counter at 0 is left out unless it is one of the card's printed stats."""
        stats = set()
        if card_id is not None:
            stats = {str(st[0]).lower() for st in (self.art.desc(card_id).get("stats") or []) if st}
        items = [(n, v) for n, v in counters.items() if v not in (0, None, "") or str(n).lower() in stats]
        if not items:
            return
        size = 13 if r.h >= 70 else 11
        y = r.y + max(14, int(r.h * 0.26))
        for name, v in items[:4]:
            label = f"{str(name).upper() if len(str(name)) <= 3 else name} {v}"
            t = gfx.text(gfx.fit(label, size, r.w + 6, True), size, (255, 255, 255), True)
            br = pygame.Rect(0, 0, t.get_width() + 8, t.get_height() - 1)
            br.topright = (r.right + 3, y)
            pygame.draw.rect(surf, (140, 36, 36), br, border_radius=7)
            pygame.draw.rect(surf, (255, 210, 200), br, 1, border_radius=7)
            surf.blit(t, t.get_rect(center=br.center))
            y = br.bottom + 1

    def _blit_rotated(self, surf, sp, pos, angle) -> None:
        img = self._card_surface(sp, sp.w, sp.h, sp.sideways)
        a = int(round(angle))
        if a:
            img = pygame.transform.rotate(img, a)
        surf.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def _draw_held(self, surf) -> None:
        sp, h = self.held_card, self.held
        x, y = h.pos
        others = [self.sprites.get(i) for i in self.selected if i != sp.key]
        for j, o in enumerate(o for o in reversed(others) if o is not None):
            k = len(others) - j
            self._blit_rotated(surf, o, (x - 14 * k, y - 10 * k), h.angle_deg * 0.6)
        if others:
            t = gfx.text(f"{len(others) + 1} together", 16, (255, 255, 255), True)
            br = t.get_rect(midtop=(x, y + sp.h // 2 + 6)).inflate(12, 4)
            pygame.draw.rect(surf, (40, 120, 200), br, border_radius=9)
            surf.blit(t, t.get_rect(center=br.center))
        shadow = pygame.Surface((sp.w, sp.h), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90))
        surf.blit(pygame.transform.rotate(shadow, h.angle_deg), shadow.get_rect(center=(int(x) + 10, int(y) + 14)))
        self._blit_rotated(surf, sp, (x, y), h.angle_deg)

    def _draw_top(self, surf) -> None:
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
                label = str(ph).replace("_", " ").title()
                w = f.size(label)[0] + 20
                x -= w
                pills.append((pygame.Rect(x, 9, w, 30), label, ph == cur))
                x -= 4
            tracker_left = x
            for r, label, on in pills:
                pygame.draw.rect(s, gfx.ACCENT if on else (44, 50, 62), r, border_radius=15)
                gfx.blit_text(s, label, 16, r.center, (20, 20, 20) if on else gfx.DIM, True, anchor="center")
            step = v.get("step")
            # prompt
            p = ctl.decider()
            if self.queue.busy:
                msg = "Resolving..."
                col = gfx.DIM
            elif ctl.over and self.coach is not None and ctl.state.decision is not None:
                msg = "Lesson complete: play on against the computer, or choose another lesson"
                col = gfx.ACCENT
            elif ctl.over:
                w = v.get("winner")
                msg = "Game over: " + (f"{self._name(w)} wins" if isinstance(w, int) else ("a draw" if w == "draw" else "conceded"))
                if ctl.conceded is not None:
                    msg = f"Game over: {self._name(ctl.conceded)} conceded"
                col = gfx.ACCENT
            elif p is None:
                d = ctl.state.decision
                msg = d.prompt if d is not None else ""
                col = gfx.TEXT
            else:
                d = ctl.state.decision
                who = self._name(p)
                if ctl.is_computer(p):
                    msg = f"{who} is thinking..."
                else:
                    you = " (you)" if not ctl.hotseat else ""
                    prompt = d.prompt
                    if prompt.lower().startswith(who.lower()):
                        prompt = prompt[len(who):].lstrip(" :,-")
                    msg = f"{who}{you}: {prompt}"
                col = gfx.TEXT
            dot_col = gfx.P_COLORS[p % 2] if isinstance(p, int) else gfx.DIM
            pygame.draw.circle(s, dot_col, (20, 24), 8)
            turn = f"Turn {v.get('turn', '?')}" + (f" - {str(step).replace('_', ' ')}" if step else "")
            tt = gfx.text(turn, 16, gfx.DIM, True)
            s.blit(tt, (tracker_left - tt.get_width() - 14, 16))
            room = tracker_left - tt.get_width() - 60
            gfx.blit_text(s, gfx.fit(msg, 20, room, True), 20, (36, 24), col, True, anchor="midleft")
            self._top = s
        surf.blit(self._top, TOP.topleft)

    def _draw_right(self, surf) -> None:
        if self._right is None:
            s = pygame.Surface((RIGHT.w, RIGHT.h)).convert()  # opaque: a plain copy each frame
            s.fill((26, 31, 40))
            pygame.draw.line(s, gfx.LINE, (0, 0), (0, RIGHT.h))
            y = 8
            for p in (1 - self.viewer, self.viewer):
                r = pygame.Rect(8, y, RIGHT.w - 16, 58)
                gfx.panel(s, r, (34, 40, 52), gfx.P_COLORS[p % 2], 8)
                active = self.view.get("active") == p
                name = self._name(p) + ("  (active)" if active else "")
                gfx.blit_text(s, gfx.fit(name, 18, r.w - 16, True), 18, (r.x + 10, r.y + 6), gfx.TEXT, True)
                try:
                    cs = self.view["players"][p].get("counters") or {}
                except (IndexError, KeyError, TypeError):
                    cs = {}
                line = "   ".join(f"{k.upper() if len(k) <= 3 else k.replace('_', ' ').capitalize()}: {v}" for k, v in cs.items())
                gfx.blit_text(s, gfx.fit(line, 16, r.w - 16), 16, (r.x + 10, r.y + 32), gfx.DIM)
                y += 64
            gfx.blit_text(s, "Log", 18, (12, y + 6), gfx.ACCENT, True)
            gfx.blit_text(s, "wheel scrolls", 14, (RIGHT.w - 12, y + 9), gfx.DIM, anchor="topright")
            top = y + 30
            area = pygame.Rect(12, top, RIGHT.w - 24, RIGHT.h - top - 8)
            # newest at the bottom; lay out upwards
            entries = self.log[: len(self.log) - self.log_scroll] if self.log_scroll else self.log
            yb = area.bottom
            for e0, e1 in reversed(entries):
                e = e0 if self.viewer == 0 else e1
                cap = e.caption or e.kind
                cap_lines = gfx.wrap(cap, 16, area.w - 10)
                rule_lines = gfx.wrap(f"rule: {e.rule}", 13, area.w - 10) if e.rule else []
                h = len(cap_lines) * 17 + len(rule_lines) * 14 + 6
                if yb - h < area.y:
                    break
                yb -= h
                yy = yb
                col = gfx.ACCENT if e.kind in ("phase.begin", "game.over") else gfx.TEXT
                for ln in cap_lines:
                    s.blit(gfx.text(ln, 16, col), (area.x + 4, yy))
                    yy += 17
                for ln in rule_lines:
                    s.blit(gfx.text(ln, 13, gfx.DIM), (area.x + 14, yy))
                    yy += 14
                pygame.draw.line(s, (44, 50, 62), (area.x, yb - 2), (area.right, yb - 2))
            self._right = s
        surf.blit(self._right, RIGHT.topleft)
        sp = self.sprites.get(self.hover_key) if self.hover_key is not None else None
        if sp is not None and self.held is None and sp.card.get("card") is not None:
            z = self.art.zoom(sp.card["card"])
            surf.blit(z, ZOOM_POS)
            pygame.draw.rect(surf, gfx.ACCENT, pygame.Rect(ZOOM_POS, z.get_size()), 2, border_radius=10)

    def _draw_bottom(self, surf) -> None:
        choices = self.bar_choices()
        # the moves of the game itself first (end the turn, go to battle, pass), then the
        # ones about a card (also offered by clicking the card), giving up last
        glob = [c for c in choices if c.args.get("card") is None and not is_resign(c)]
        cards = [c for c in choices if c.args.get("card") is not None and not is_resign(c)]
        choices = glob + cards + ([c for c in choices if is_resign(c)] if self.coach is None else [])  # no giving up in a lesson
        sig = tuple(c.id for c in choices)
        if getattr(self, "_bar_sig", None) != sig:
            self._bar_sig = sig
            labels = [c.label for c in choices]
            rects, n = layout_buttons(labels, BAR)
            if n < len(choices):
                rects, n = layout_buttons(labels, pygame.Rect(BAR.x, BAR.y, BAR.w - 130, BAR.h))
            self.bar_buttons = [ActionButton(r, c.label, c, accent=passes_or_ends(c)) for r, c in zip(rects, choices)]
            self.more_choices = choices[n:]
            if self.more_choices:
                last = self.bar_buttons[-1].rect.right + 8 if self.bar_buttons else BAR.x
                self.bar_buttons.append(ActionButton(pygame.Rect(last, BAR.y, 120, BAR.h), f"More ({len(self.more_choices)})", None, "more"))
        for b in self.bar_buttons:
            b.draw(surf, b is self.hover_btn)
        if self.selected and self.can_act():
            x = self.bar_buttons[-1].rect.right + 16 if self.bar_buttons else BAR.x + 4
            gfx.blit_text(surf, gfx.fit(f"{len(self.selected)} selected: drag one to move them together (Esc clears)", 17, max(100, BAR.right - x)),
                          17, (x, BAR.centery), (150, 210, 255), True, anchor="midleft")
        elif not self.bar_buttons:
            if self.queue.busy:
                hint = "Playing the steps... (Space skips)"
            elif self.can_act() and self.my_choices():
                hint = "Drag a lit card where it may go, or click it for its choices."
            else:
                hint = ""
            if hint:
                gfx.blit_text(surf, hint, 18, (BAR.x + 4, BAR.centery), gfx.DIM, anchor="midleft")
        gfx.panel(surf, MENU_BTN, gfx.PANEL_HI, gfx.LINE, 7)
        gfx.blit_text(surf, "Menu (Esc)", 17, MENU_BTN.center, gfx.TEXT, True, anchor="center")
        if self.queue.busy:
            gfx.panel(surf, SKIP_BTN, gfx.PANEL_HI, gfx.LINE, 7)
            gfx.blit_text(surf, "Skip (Space)", 17, SKIP_BTN.center, gfx.TEXT, True, anchor="center")
        elif self.ctl.thinking:
            gfx.blit_text(surf, "Computer thinking...", 17, SKIP_BTN.center, gfx.DIM, True, anchor="center")

    def _draw_countdown(self, surf) -> None:
        """The running countdown: seconds left and a ring that empties."""
        _, left, total, who = self.countdown
        r = self.layout.countdown
        gfx.panel(surf, r, (30, 20, 20), gfx.BAD if left < 3.5 else gfx.ACCENT, 10, 2)
        c = (r.x + r.h // 2, r.centery)
        rad = r.h // 2 - 8
        pygame.draw.circle(surf, (60, 50, 50), c, rad, 5)
        frac = max(0.0, min(1.0, left / total)) if total else 0
        if frac > 0:
            rect = pygame.Rect(0, 0, rad * 2, rad * 2)
            rect.center = c
            pygame.draw.arc(surf, gfx.BAD if left < 3.5 else gfx.ACCENT, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * frac, 5)
        gfx.blit_text(surf, str(max(0, math.ceil(left))), 22, c, gfx.TEXT, True, anchor="center")
        gfx.blit_text(surf, gfx.fit(f"{self._name(who)}", 15, r.w - r.h - 8, True), 15, (r.x + r.h, r.y + 10), gfx.TEXT, True)
        gfx.blit_text(surf, gfx.fit("seconds left", 14, r.w - r.h - 8), 14, (r.x + r.h, r.y + 32), gfx.DIM)

    def _draw_banner(self, surf) -> None:
        ev, t, dur = self.banner
        k = ev.kind
        if k == "game.over":
            return
        small = k in ("phase.begin", "step.begin")
        title = ev.caption or k
        area = self.layout.banner
        if small:
            w, h = 560, 70
        else:
            w, h = 760, 130
        trail = self.steps_seen[1] if (not small and self.steps_seen and len(self.steps_seen[1]) > 1
                                       and self.steps_seen[1][-1] is ev) else []
        if trail:
            h += 30
        if area is not None:
            w = min(w, area.w)
        r = pygame.Rect(0, 0, w, h)
        r.center = area.center if area is not None else (PLAY.centerx, PLAY.centery)
        a = 1.0
        if dur > 0:
            f = t / dur
            a = min(1.0, f * 6, (1 - f) * 6 + 0.35)
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (16, 20, 28, int(235 * (1.0 if self.queue.hold else max(0.8, a)))), box.get_rect(), border_radius=14)
        pygame.draw.rect(box, (*gfx.ACCENT, 255), box.get_rect(), 2, border_radius=14)
        if small:
            gfx.blit_text(box, gfx.fit(title, 28, w - 30, True), 28, (w // 2, h // 2 - (8 if ev.rule else 0)), gfx.ACCENT, True, anchor="center")
            if ev.rule:
                gfx.blit_text(box, gfx.fit(f"rule: {ev.rule}", 15, w - 30), 15, (w // 2, h - 14), gfx.DIM, anchor="center")
        else:
            gfx.blit_text(box, k.replace(".", "  /  ").replace("_", " ").upper(), 15, (w // 2, 16), gfx.DIM, True, anchor="center")
            lines = gfx.wrap(title, 28, w - 40, True)[:2]
            for i, ln in enumerate(lines):
                gfx.blit_text(box, ln, 28, (w // 2, 50 + i * 28), gfx.TEXT, True, anchor="center")
            if ev.rule:
                gfx.blit_text(box, gfx.fit(f"rule: {ev.rule}", 16, w - 30), 16, (w // 2, 130 - 16), gfx.ACCENT, anchor="center")
            if trail:
                self._draw_trail(box, trail, w)
        surf.blit(box, r)
        cid = (ev.data or {}).get("card_id") if not small else None
        if isinstance(cid, str):  # a card turned over by this step: it flips beside the banner
            f = t / dur if dur > 0 else 1.0
            ch = min(150, h + 10)
            cw = int(ch * self.layout.card_size[0] / self.layout.card_size[1])
            k = min(1.0, f / 0.3) if dur > 0 else 1.0
            face = k >= 0.5
            img = self.art.get(cid if face else None, cw, ch)
            sx = abs(k * 2 - 1)
            if sx < 1.0:
                img = pygame.transform.scale(img, (max(1, int(cw * sx)), ch))
            cx = r.x - cw // 2 - 12 if r.x - cw - 12 >= 0 else r.right + cw // 2 + 12
            surf.blit(img, img.get_rect(center=(cx, r.centery)))
            self._flip_at = ((ev.data or {}).get("card"), (cx, r.centery))

    def _draw_trail(self, box, trail, w) -> None:
        """The steps of this procedure played so far, the current one lit: a
        learner sees the order (judgment.evade, judgment.defence, ...)."""
        kinds = [e.kind for e in trail]
        names = []
        for e in trail:  # the step's name; a step that repeats (a check per faction) by its caption's head
            n = e.kind.split(".", 1)[-1].replace("_", " ")
            if kinds.count(e.kind) > 1 and e.caption:
                n = gfx.fit(e.caption.split(":")[0], 13, 130, True)
            names.append(n)
        f = 13
        pills = [gfx.font(f, True).size(n)[0] + 12 for n in names]
        while len(pills) > 1 and sum(pills) + 4 * len(pills) > w - 20:
            names.pop(0)
            pills.pop(0)
        x = (w - (sum(pills) + 4 * (len(pills) - 1))) // 2
        y = box.get_height() - 26
        for i, (n, pw) in enumerate(zip(names, pills)):
            cur = i == len(names) - 1
            rr = pygame.Rect(x, y, pw, 20)
            pygame.draw.rect(box, gfx.ACCENT if cur else (50, 58, 72), rr, border_radius=10)
            gfx.blit_text(box, n, f, rr.center, (20, 20, 20) if cur else gfx.DIM, True, anchor="center")
            x += pw + 4

    def _draw_reveal(self, surf) -> None:
        ids = self.reveal_cards[:6]
        x = PLAY.centerx - (len(ids) * 180) // 2
        for i, cid in enumerate(ids):
            img = self.art.get(cid, 168, 235)
            surf.blit(img, (x + i * 180, PLAY.centery - 280))

    def _draw_game_over(self, surf) -> None:
        surf.blit(gfx.alpha_rect((PLAY.w, PLAY.h), (0, 0, 0), 140), PLAY.topleft)
        r = pygame.Rect(0, 0, 620, 250)
        r.center = PLAY.center
        gfx.panel(surf, r, (24, 30, 40), gfx.ACCENT, 14, 3)
        w = self.view.get("winner")
        if self.ctl.conceded is not None:
            title = f"{self._name(self.ctl.conceded)} conceded"
            sub = f"{self._name(1 - self.ctl.conceded)} wins"
        elif isinstance(w, int):
            title = f"{self._name(w)} wins!"
            sub = next((e[0].caption for e in reversed(self.log) if e[0].kind == "game.over"), "")
        else:
            title = "The game is a draw"
            sub = ""
        gfx.blit_text(surf, title, 44, (r.centerx, r.y + 58), gfx.ACCENT, True, anchor="center")
        gfx.blit_text(surf, gfx.fit(sub, 20, r.w - 40), 20, (r.centerx, r.y + 110), gfx.TEXT, anchor="center")
        b1 = pygame.Rect(r.x + 60, r.bottom - 80, 230, 50)
        b2 = pygame.Rect(r.right - 290, r.bottom - 80, 230, 50)
        from .scenes import MenuScene, NewGameScene
        self.over_buttons = [(b1, lambda: self.app.reset_to(NewGameScene(self.app, self.game.id))),
                             (b2, lambda: self.app.reset_to(MenuScene(self.app)))]
        for b, lab in ((b1, "New game"), (b2, "Main menu")):
            hov = b.collidepoint(self.app.vmouse)
            gfx.panel(surf, b, (70, 84, 108) if hov else gfx.PANEL_HI, gfx.ACCENT if hov else gfx.LINE, 8, 2)
            gfx.blit_text(surf, lab, 20, b.center, gfx.TEXT, True, anchor="center")

    def _draw_handoff(self, surf) -> None:
        surf.fill((14, 18, 26))
        p = self.handoff_for
        col = gfx.P_COLORS[p % 2]
        r = pygame.Rect(0, 0, 760, 300)
        r.center = (VW // 2, VH // 2)
        gfx.panel(surf, r, (26, 32, 44), col, 16, 3)
        gfx.blit_text(surf, f"Pass the screen to {self._name(p)}", 42, (r.centerx, r.y + 80), gfx.TEXT, True, anchor="center")
        gfx.blit_text(surf, "The table is hidden so nobody sees the other player's cards.", 20, (r.centerx, r.y + 140), gfx.DIM, anchor="center")
        b = pygame.Rect(0, 0, 360, 60)
        b.center = (r.centerx, r.bottom - 70)
        gfx.panel(surf, b, gfx.shade(col, 0.6), col, 10, 2)
        gfx.blit_text(surf, f"{self._name(p)}: click when ready", 22, b.center, gfx.TEXT, True, anchor="center")

    def _draw_takeback(self, surf) -> None:
        """The table hidden while the other player answers a take-back request."""
        surf.fill((14, 18, 26))
        r0 = self.takeback[0]
        a = 1 - r0
        col = gfx.P_COLORS[a % 2]
        gfx.blit_text(surf, f"Take-back request: pass the screen to {self._name(a)}", 36, (VW // 2, 200), gfx.TEXT, True, anchor="center")
        gfx.blit_text(surf, "The table is hidden so nobody sees the other player's cards.", 20, (VW // 2, 250), gfx.DIM, anchor="center")
        pygame.draw.line(surf, col, (VW // 2 - 300, 285), (VW // 2 + 300, 285), 3)

    # -- helpers for tests and screenshots ---------------------------------------------------------------------
    def plan(self, c: Choice):
        """How a person would make choice ``c`` here: ("drag", from_pos, to_pos),
        ("click_card", pos), or ("button", pos); from the table's own geometry."""
        a = c.args
        for b in self.bar_buttons:
            if b.payload is not None and b.payload.id == c.id:
                return ("button", b.rect.center)
        if is_drag(c):
            sp = self.sprites.get(a["card"])
            tgt = _target_list(a.get("target"))
            if sp is not None and sp.order < 0:
                sp = None
            if sp is not None and tgt:
                tsp = self.sprites.get(tgt[0])
                if tsp is not None and tsp.order >= 0:
                    return ("drag", (sp.x, sp.y), (tsp.x, tsp.y))
                return ("click_card", (sp.x, sp.y))
            for zd in self.layout.zones if sp is not None else ():
                if self.zone_key(zd) == a["to"]:
                    if zd.kind == "slots" and isinstance(a.get("slot"), int):
                        rr = slot_rects(zd, self.layout.card_size)
                        if 0 <= a["slot"] < len(rr):
                            return ("drag", (sp.x, sp.y), rr[a["slot"]].center)
                    return ("drag", (sp.x, sp.y), zd.rect.center)
        card = a.get("card")
        if card is None:
            tg = _target_list(a.get("target"))
            card = tg[0] if tg else None
        sp = self.sprites.get(card) if card is not None else None
        if sp is not None and sp.order >= 0:
            return ("click_card", (sp.x, sp.y))
        for b in self.bar_buttons:
            if b.kind == "more":
                return ("more", b.rect.center)
        return None
