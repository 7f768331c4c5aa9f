"""What the viewer may do now: choices, selection for group moves, drop matching."""

from __future__ import annotations

from tabletop.engine.core import Choice
from tabletop.engine.errors import TabletopError
from tabletop.i18n import DEFAULT, _, game_text, language, ngettext


from .controller import is_resign
from .layout import slot_rects
from .table_geom import _target_list, is_drag, is_group_add, is_group_done


class ChoicesMixin:
    # -- choices ------------------------------------------------------------------------------------
    def can_act(self) -> bool:
        if self.queue.busy or self.handoff_for is not None or self.menu_open or self.dialog is not None:
            return False
        if self.ctl.over:
            return False
        p = self.ctl.decider()
        return p == self.viewer and not self.ctl.is_computer(p)

    def my_choices(self) -> list:
        if not self.can_act():  # e.g. the game was conceded from the menu: no End turn left
            return []
        if self._choices_cache is None:
            d = self.ctl.state.decision
            self._choices_cache = [self._with_drop(c) for c in d.choices_for(self.viewer)] if d else []
        return self._choices_cache

    def _with_drop(self, c: Choice) -> Choice:
        """A choice that names only a card, of a kind the layout's ``[drops]``
        sends somewhere (Get: "self.hand"), is made by dragging the card there:
        the same choice (same id) with that zone as its ``to``."""
        rel = self.layout.drops.get(c.kind)
        a = c.args
        if rel is None or a.get("card") is None or a.get("to") is not None or a.get("target") is not None:
            return c
        out = Choice(c.kind, {**a, "to": self.layout.absolute(rel, c.player)}, c.player, c.label, role=c.role)
        out._id = c.id
        return out

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
        hits, q = self._player_box_drop(drags, pos)
        if hits:
            return hits, ("zone", hits[0].args["to"])
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

    def player_box_at(self, pos):
        """The player whose counter box (life points, score...) is at ``pos``, or None."""
        for cd in self.layout.counters:
            if cd.rect.collidepoint(pos):
                return self.viewer if cd.owner == "self" else 1 - self.viewer
        return None

    def _player_box_drop(self, drags, pos):
        """A card dropped on a player's counter box (their life points) means the
        move that sends it at that player as a whole: a choice whose ``to`` is one
        of that player's zones with no particular slot (a direct attack)."""
        q = self.player_box_at(pos)
        if q is None:
            return [], None
        hits = [c for c in drags if isinstance(c.args.get("to"), str) and c.args["to"].startswith(f"p{q}.")
                and c.args.get("slot") is None and c.args.get("target") is None]
        return hits, q

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
            return _("No legal move there.")
        mine = [c for c in self.my_choices() if c.args.get("card") == iid]
        kinds = [c.kind for c in mine if (c.args.get("target") is not None) == (where[0] == "target")] or [c.kind for c in mine]
        kind = max(set(kinds), key=kinds.count) if kinds else "move"
        args = {"card": iid, "to": where[1]} if where[0] == "zone" else {"card": iid, "target": where[1]}
        try:
            reason = self.ctl.state.why_not(kind, args, self.viewer)
        except Exception:
            reason = ""
        reason = self.rule_text(reason)
        return reason[:1].upper() + reason[1:] if reason else _("No legal move there.")

    def rule_text(self, text: str) -> str:
        """A sentence the game wrote, in players' words: in the language in
        use, with its rule references named for players."""
        from .table_rules import game_words
        shown = game_words(self.game, text)
        if shown != text and language() != DEFAULT:  # the English beside it: the Rules screen's links read English
            said = self.__dict__.setdefault("_shown_en", {})
            if len(said) > 500:
                said.clear()
            try:
                said[shown] = self.game.rule_text(text)
            except Exception:
                said[shown] = text
        return shown

    def rule_name(self, ref: str) -> str:
        """A rule reference of an event, as a player's rulebook names it (in
        English: the Rules screen finds its entry by it)."""
        try:
            return self.game.rule_name(ref)
        except Exception:
            return ref

    def rule_label(self, ref: str) -> str:
        """A rule reference's name as shown, in the language in use."""
        from .table_rules import rule_words
        return rule_words(self.game, ref)

    def label_of(self, c: Choice) -> str:
        """A choice's label as shown (buttons, popups, confirmations)."""
        return game_text(c.label, self.game.id)

    def why_not_pick(self, iid) -> str:
        """Why a card that was picked up has no move now: the game's why_not
        for "move" with only the card (see docs/PLUGINS.md)."""
        try:
            reason = self.ctl.state.why_not("move", {"card": iid}, self.viewer)
        except Exception:
            reason = ""
        reason = self.rule_text(reason)
        return reason[:1].upper() + reason[1:] if reason else _("That card has no move now.")

    def _never_ask(self) -> None:
        """ "Don't ask again": the setting Ask before ending a phase early goes off."""
        self.app.settings.confirmations = False
        if self.app.persist_settings:
            from .settings import save_settings
            try:
                save_settings(self.app.settings)
            except Exception:
                pass

    # -- applying -----------------------------------------------------------------------------------
    def apply_choice(self, c: Choice, confirm: bool = True) -> None:
        if confirm and self.app.settings.confirmations and self.ctl.needs_confirm(c):
            label = self.label_of(c)
            if is_resign(c):
                self.open_confirm(_("{move}?").format(move=label), lambda: self.apply_choice(c, False))
                return
            lost = self.ctl.given_up(c)
            names = [self.label_of(x) for x in lost[:3]]
            if len(lost) > 3:
                names.append(ngettext("{n} more", "{n} more", len(lost) - 3).format(n=len(lost) - 3))
            self.open_confirm(_("{move}? You could still: {moves}.").format(move=label, moves="; ".join(names)),
                              lambda: self.apply_choice(c, False),
                              title=label, yes=label if len(label) <= 16 else _("Yes"), no=_("Not yet"),
                              on_never=self._never_ask)
            return
        try:
            events = self.ctl.apply(c)
        except TabletopError as exc:
            self.refuse(self.rule_text(str(exc)))
            return
        except Exception as exc:  # an engine bug: say so, put the game back as the log has it
            import traceback
            traceback.print_exc()
            try:
                self.ctl.match.replay_to(len(self.ctl.match.log))
            except Exception:
                pass
            self.app.toast(_("The game engine failed on '{move}' ({error}); the move was not made.").format(
                move=self.label_of(c), error=f"{type(exc).__name__}: {exc}"))

            self.refresh()
            return
        self.applied += 1
        self.popup = None
        self._choices_cache = None
        self.countdown = None  # answered: the clock stops (not frozen on screen while the steps play)
        self.play(events)

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
