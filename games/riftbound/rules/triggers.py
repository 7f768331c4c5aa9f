"""Triggered abilities: queued when they trigger, put on the chain at the next
HOT FEPR step (Core Rules v1.3 Triggered abilities, digest 17.4)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision
from tabletop.engine.procedure import DONE

from ..carddb import DOMAIN_CODE, effect_text
from ..rulebook import R_CHAIN, R_KW, R_TRIGGER
from ..zones import LEGEND, LOCZ, ZLOC
from . import PROCS, push
from .costs import ASKED


class Triggers:
    """Queueing triggers and putting them on the chain (digest 17.4). RBState mixin."""

    __slots__ = ()

    def _queue_card(self, iid: int, on: str, p: int, loc: int, legion: bool, order: int | None = None) -> None:
        if on not in self.facts.triggers[self.table.card[iid]]:
            return  # none of its abilities triggers on this
        card = self.card_of(iid)
        for n, ab in enumerate(card["abil"]):
            if ab["on"] == on:
                o = order if order is not None else (0 if p == self.active else 1)
                self.pending_triggers = self.pending_triggers + [{"source": iid, "controller": p, "ability": n, "location": loc, "card": self.table.card[iid],
                                          "legion": legion, "order": o}]

    def _queue_on(self, p: int, on: str) -> None:
        """Queue ``p``'s start- or end-of-turn triggers (units, gear, legend)."""
        t = self.table
        triggers, card = self.facts.triggers, t.card
        for z in (LEGEND[p], *LOCZ[p]):
            for i in t.zones[z]:
                if on in triggers[card[i]]:
                    w = ZLOC.get(z)
                    self._queue_card(i, on, p, w[1] if w else -1, self.played[p] >= 1)

    def _triggers_to_chain(self, ev: list) -> None:
        """Triggered abilities become chain items, the turn player's (or the attacker's)
        first so they end up lower (Core Rules v1.3 Triggered abilities, digest 17.4)."""
        trs = sorted(self.pending_triggers, key=lambda x: x["order"])
        self.pending_triggers = []
        for n, tr in enumerate(trs):
            ab = self.card_db[tr["card"]]["abil"][tr["ability"]]
            if ab.get("if") and not self._cond(ab["if"], tr["controller"], tr["source"], -1, tr["legion"]):
                continue
            if not tr.get("ordered") and self._ask_trigger_order(trs, n):
                return
            if "target" in tr:  # the target was chosen with the play (Quick-Draw)
                self._push_trigger(tr, tr["target"], ev)
                continue
            if ab.get("wm"):
                c = self._wm_options(tr)
                if c:  # "you may": its controller chooses (or declines) before it goes on the chain
                    self.pending_triggers = trs[n + 1:]
                    push(self, "weaponmaster", player=tr["controller"], candidates=c, trigger=tr)
                    return
                continue
            target = ab.get("target")
            if target:
                c = self._targets(tr["controller"], target, tr["source"], tr["location"], -1)
                if not c:
                    self._ev(ev, "trigger.removed", f"{self.card_db[tr['card']]['name']}: no legal target, the trigger is removed",
                             R_CHAIN, card=tr["source"])
                    continue
                if len(c) > 1:
                    self.pending_triggers = trs[n + 1:]
                    push(self, "trigger_target", player=tr["controller"], candidates=c, trigger=tr)
                    return
                self._push_trigger(tr, c[0], ev)
            else:
                self._push_trigger(tr, -1, ev)

    def _ask_trigger_order(self, trs: list, n: int) -> bool:
        """Simultaneous triggers: each controller orders their own (Core Rules v1.3 383.3.d,
        digest 17.4). When ``trs[n]``'s controller has two or more different triggers waiting
        together, they pick which goes on the chain next (placed earlier resolves later).
        Returns True when it asked."""
        tr = trs[n]
        group = []
        for i in range(n, len(trs)):
            x = trs[i]
            if x["controller"] != tr["controller"] or x["order"] != tr["order"] or x.get("ordered"):
                continue
            ab = self.card_db[x["card"]]["abil"][x["ability"]]
            if ab.get("if") and not self._cond(ab["if"], x["controller"], x["source"], -1, x["legion"]):
                continue
            group.append(i - n)
        kinds = {(trs[n + i]["card"], trs[n + i]["ability"], trs[n + i].get("target", -2)) for i in group}
        if len(group) < 2 or len(kinds) < 2:
            return False
        self.pending_triggers = trs[n:]
        push(self, "order_triggers", player=tr["controller"], choices=group)
        return True

    def _push_trigger(self, tr: dict, tg: int, ev: list) -> None:
        self.chain_items_made += 1
        self.chain = self.chain + [{"id": self.chain_items_made, "kind": "trig", "source": tr["source"], "card": tr["card"], "controller": tr["controller"],
                                    "ability": tr["ability"], "target": tg, "location": tr["location"], "hidden_at": -1, "legion": tr["legion"], "repeats": 0}]
        self._ev(ev, "chain.add", f"{self.card_db[tr['card']]['name']}'s triggered ability goes on the chain", R_CHAIN,
                 card=tr["source"], player=tr["controller"])
        self.priority = tr["controller"]
        self.priority_passes = 0
        self.cleanup_due = True


@PROCS.step("triggers_to_chain", rule=R_TRIGGER)
def triggers_to_chain(state, step, events):
    """Triggers waiting for the chain go on it (Triggers._triggers_to_chain)."""
    state._triggers_to_chain(events)
    return DONE


@PROCS.decision("trigger_target", rule=R_TRIGGER)
class TriggerTarget:
    """A triggered ability with more than one legal target: its controller chooses one as it
    goes on the chain (digest 17.4). Args: player, candidates, trigger."""

    def decide(state, step):
        a = step.args
        p = a["player"]
        ch = [Choice("target", {"target": i}, p, f"Target {state.name(i)}") for i in a["candidates"]]
        return Decision([p], "trigger_target", f"Choose a target for {state.name(a['trigger']['source'])}'s ability", ch)

    def choose(state, step, choice, events):
        state._push_trigger(step.args["trigger"], choice.args["target"], events)
        return DONE


@PROCS.decision("order_triggers", rule=R_TRIGGER)
class OrderTriggers:
    """Simultaneous triggers: their controller picks which goes on the chain next; the ones
    placed later resolve first (Core Rules v1.3 383.3.d, digest 17.4). Args: player, choices."""

    def decide(state, step):
        p = step.args["player"]
        ch = []
        for i in step.args["choices"]:
            tr = state.pending_triggers[i]
            ab = state.card_db[tr["card"]]["abil"][tr["ability"]]
            what = effect_text(ab.get("effect", []), ab.get("target")) or "its ability"
            ch.append(Choice("trigger_order", {"card": tr["source"], "i": i}, p,
                             f"Next on the chain: {state.name(tr['source'])} ({what})"))
        return Decision([p], "order_triggers", "Your triggered abilities happened at the same time: choose which goes "
                        "on the chain next (the ones placed later resolve first)", ch)

    def choose(state, step, choice, events):
        trs = list(state.pending_triggers)
        tr = dict(trs.pop(choice.args["i"]))
        tr["ordered"] = True
        state.pending_triggers = [tr] + trs
        return DONE


@PROCS.decision("weaponmaster", rule=R_KW)
class Weaponmaster:
    """Weaponmaster: "when you play me, you may pay an Equipment's Equip cost, less [A], to
    attach it to me"; the cost is paid as the trigger goes on the chain (Core Rules v1.3
    Weaponmaster, digest 17.4, 18). Args: player, candidates, trigger."""

    def decide(state, step):
        a = step.args
        p = a["player"]
        u = a["trigger"]["source"]
        ch = []
        for g in a["candidates"]:
            e, pw = state._equip_cost(g, True)
            cost = " ".join(([f"[{e}]"] if e else []) + ["[A]" if d == "any" else f"[{DOMAIN_CODE[d]}]" for d in pw])
            lab = "Weaponmaster: pay {cost} to attach {gear} to {unit}" if cost else "Weaponmaster: pay nothing to attach {gear} to {unit}"
            ch.append(Choice("target", {"target": g}, p, lab.format(cost=cost, gear=state.name(g), unit=state.name(u))))
        ch.append(Choice("decline", {}, p, "Don't use Weaponmaster", role="pass"))
        return Decision([p], "weaponmaster", f"{state.name(u)}'s Weaponmaster: you may pay an Equipment's Equip cost "
                        "less [A] to attach it", ch)

    def choose(state, step, choice, events):
        tr, p = step.args["trigger"], choice.player
        if choice.kind == "decline":
            state._ev(events, "trigger.declined",
                      f"{state.names[p]} does not use {state.card_db[tr['card']]['name']}'s optional ability", R_KW,
                      card=tr["source"], player=p)
            state.cleanup_due = True
            return DONE
        cost = state._equip_cost(choice.args["target"], True)
        plan = state.ask_payment(p, "weaponmaster", {"target": choice.args["target"]}, *cost, trigger=tr)
        if plan is ASKED:
            return DONE  # paid (and put on the chain) once the payment is chosen (pay_cost)
        state.pay(p, *cost, events, plan)
        state._push_trigger(tr, choice.args["target"], events)
        return DONE
