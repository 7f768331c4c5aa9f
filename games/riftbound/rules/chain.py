"""The chain: priority, passing, resolving the newest item and its effects
(seed 'Open/Closed, Priority'; Core Rules v1.3 Chain, digest 9.2-9.3)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision
from tabletop.engine.procedure import DONE

from ..board import WRITTEN, written
from ..effects import resolve as resolve_effect
from ..rulebook import R_CHAIN, R_FOCUS, R_KW
from ..zones import CHAIN, DECK, HAND, TRASH, ZLOC
from .main import take_action
from . import ASKS, ONE_PLAYER, PROCS, QuickDecision

# choices that never change, made once (a decision lists the same objects each time)
_PASS = tuple(Choice("pass", {}, p, "Pass priority", role="pass") for p in (0, 1))


class ChainRules:
    """Passing priority or focus, resolving the newest chain item, its effects and their
    targets (digest 9.2-9.3). RBState mixin."""

    __slots__ = ()

    def _pass(self, p: int, ev: list) -> None:
        """Pass: with a chain, Priority goes round and the newest item resolves when every
        player passed in a row (digest 9.2); in a showdown without a chain, Focus passes and
        the showdown ends when every player passed in a row (digest 12.5)."""
        if self.chain:
            self.priority_passes += 1
            self._ev(ev, "priority.pass", f"{self.names[p]} passes priority", R_CHAIN, player=p)
            if self.priority_passes >= 2:
                self._resolve_top(ev)
            else:
                self.priority = 1 - p
            return
        showdown = self.showdown
        showdown["passes"] += 1
        self.focus = 1 - p
        self.priority = self.focus
        self._ev(ev, "focus.pass", f"{self.names[p]} passes focus to {self.names[1 - p]}", R_FOCUS, player=p, to=1 - p)

    def _resolve_top(self, ev: list) -> None:
        """Resolve the newest chain item completely (LIFO), then the controller of the newest
        remaining item gets Priority, or the state opens and, in a showdown, Focus passes."""
        it = self.chain[-1]
        self.chain = self.chain[:-1]
        self.priority_passes = 0
        self.cleanup_quiet = False  # its effects may change anything a cleanup looks at
        t = self.table
        nm = self.card_db[it["card"]]["name"]
        self._ev(ev, "chain.resolve", WRITTEN.get(("{card} resolves", nm)) or written(("{card} resolves", nm), "{card} resolves", card=nm), R_CHAIN,
                 card=it["source"], player=it["controller"])
        self._effects(it, ev)
        if it["kind"] == "spell" and t.zone[it["source"]] == CHAIN:
            ev.append(t.move(it["source"], TRASH[t.owner[it["source"]]], caption=f"{self.card_db[it['card']]['name']} goes to the trash", rule=R_CHAIN))
        self.cleanup_due = True
        self._after_chain_change(ev)

    def _after_chain_change(self, ev: list) -> None:
        if self.chain:
            self.priority = self.chain[-1]["controller"]
            return
        self.priority = -1
        showdown = self.showdown
        if showdown and showdown["stage"] == "focus" and self.chain_origin >= 0:
            self.focus = 1 - self.focus
            showdown["passes"] = 0
            self._ev(ev, "focus.pass", f"The chain has resolved: focus passes to {self.names[self.focus]}", R_FOCUS, to=self.focus)
        self.chain_origin = -1
        if showdown:
            self.priority = self.focus

    def _cond(self, cond: str, p: int, src: int, tg: int, legion: bool) -> bool:
        if cond == "legion":
            return legion
        if cond == "hand_le_1":
            return len(self.table.zones[HAND[p]]) <= 1
        if cond == "level_3":
            return self.xp[p] >= 3
        if cond == "mighty":
            return tg >= 0 and self.table.zone[tg] in ZLOC and self.might(tg) >= 5
        if cond == "alone":
            w = self.where(src)
            return w is not None and len(self.units_at(w[0], w[1])) == 1
        return True

    def _effects(self, it: dict, ev: list) -> None:
        """Run an item's effect primitives in order, as far as possible (digest 9.3)."""
        card = self.card_db[it["card"]]
        ops = card["effect"] if it["kind"] == "spell" else card["abil"][it["ability"]]["effect"]
        for _ in range(1 + it["repeats"]):
            for op in ops:
                if op.get("if") and not self._cond(op["if"], it["controller"], it["source"], it["target"], it["legion"]):
                    continue
                resolve_effect(self, it, op, ev)
                if self.outcome is not None or self.steps[-1].proc in ASKS:
                    return

    def _to(self, it: dict, to: str) -> list:
        p = it["controller"]
        q = 1 - p
        t = self.table
        if to == "target":
            tg = it["target"]
            if tg < 0:
                return []
            if self.card_db[t.card[tg]]["type"] == "spell":
                return [tg] if t.zone[tg] == CHAIN else []
            if t.zone[tg] not in ZLOC:
                return []  # illegal targets are not affected
            return [tg] if self._target_still_legal(it, tg) else []
        if to == "self":
            return [it["source"]] if t.zone[it["source"]] in ZLOC else []
        loc = it["location"] if it["hidden_at"] < 0 else it["hidden_at"]
        if to == "enemy_units_here":
            return self.units_at(q, loc) if loc is not None and loc >= 0 else []
        if to == "units_here":
            return (self.units_at(p, loc) + self.units_at(q, loc)) if loc is not None and loc >= 0 else []
        if to == "friendly_units_here":
            return self.units_at(p, loc) if loc is not None and loc >= -1 else []
        if to == "enemy_units_bf":
            return self.units_at(q, 0) + self.units_at(q, 1)
        if to == "enemy_units":
            return self.units_of(q)
        if to == "friendly_units":
            return self.units_of(p)
        return []

    def _target_still_legal(self, it: dict, tg: int) -> bool:
        """On resolution a target must still meet its requirements ("an enemy unit at a
        battlefield", "with 3 Might or less"...); one that no longer does is illegal and is
        not affected (Core Rules v1.3 359.3.e, digest 9.3)."""
        card = self.card_db[it["card"]]
        target = card["target"] if it["kind"] == "spell" else card["abil"][it["ability"]].get("target")
        if not target:
            return True
        loc = -1 if it["kind"] == "spell" or it["location"] is None else it["location"]  # as when the target was chosen
        return tg in self._targets(it["controller"], target, it["source"], loc, it["hidden_at"])


@PROCS.decision("priority", rule=R_CHAIN)
class Priority:
    """Closed state: the player with priority plays a Reaction or passes; when every player
    passed in a row the newest item resolves (seed 'Priority'; Core Rules v1.3 Chain, digest 9.2)."""

    def decide(state, step):
        p = state.priority
        ch = state._act_choices(p, "prio")
        ch.append(_PASS[p])
        d = QuickDecision()  # Decision([p], "priority", prompt, ch), without its __init__
        d.players = ONE_PLAYER[p]
        d.kind = "priority"
        d.prompt = "Respond with a Reaction or pass (Closed state)"
        d.choices = ch
        return d

    def choose(state, step, choice, events):
        return take_action(state, choice, events)


@PROCS.decision("vision", rule=R_KW)
class Vision:
    """Vision: the controller keeps the card looked at on top of the deck or recycles it
    (Core Rules v1.3 Vision, digest 18). Args: player, card."""

    def decide(state, step):
        p, i = step.args["player"], step.args["card"]
        ch = [Choice("vision_keep", {}, p, f"Keep {state.name(i)} on top"),
              Choice("vision_recycle", {"card": i}, p, f"Recycle {state.name(i)}")]
        return Decision([p], "vision", "Vision: keep the top card or recycle it", ch)

    def choose(state, step, choice, events):
        p, i = choice.player, step.args["card"]
        recycle = choice.kind == "vision_recycle"
        if recycle:
            events.append(state.table.move(i, DECK[p], caption=f"{state.names[p]} recycles the top card (Vision)",
                                           rule=R_KW))
        else:
            events.append(state.table.move(i, DECK[p], index=0, caption=f"{state.names[p]} keeps the card on top",
                                           rule=R_KW))
        state._ev(events, "effect.vision", ("{player} recycles the top card" if recycle else "{player} keeps the top card").format(player=state.names[p]), R_KW,
                  player=p)
        state.cleanup_due = True
        return DONE
