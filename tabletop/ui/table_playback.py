"""Event playback: events enter the animation queue and the log as they play; the computer and the hand-off between players at one screen."""

from __future__ import annotations

import math

from tabletop.i18n import _

from .anim import patch

from .controller import is_resign
from .sound import for_event as sound_for_event


class PlaybackMixin:
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
        self._stats_dirty = True
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
        self._stats_dirty = True  # a stat may change: the card layer looks for it once
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None and not getattr(self, "_skipping", False):
            name = sound_for_event(ev, self.viewer)
            if name:
                sounds.play(name)
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
        self._skipping = True
        try:
            while self.queue.busy and not self.queue.hold:
                self.queue.update(1e9, 0.0, self._start_event)
        finally:
            self._skipping = False
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
        self.poll_hint()

    def is_idle(self) -> bool:
        """Nothing on the table moves by itself (no event playing, no card held,
        sliding, flipping or turning, no banner, no countdown, the computer not
        to move): the window may draw fewer frames. A table waiting for a
        person drew 60 frames a second and kept 60% of a core busy."""
        if self.queue.busy or self.held is not None or self.returning or self.pops or self.banner is not None:
            return False
        if self.countdown is not None or self.hint_thinking:
            return False
        ctl = self.ctl
        if ctl.thinking or (not ctl.over and ctl.is_computer(ctl.decider())):
            return False
        for sp in self.order:
            if sp.x != sp.tx or sp.y != sp.ty or sp.flip_t < 1.0 or sp.turn_t < 1.0:
                return False
        return True

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
                self.app.toast(_("The computer player failed ({error}); it plays a simple move instead.").format(
                    error=type(exc).__name__))
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
