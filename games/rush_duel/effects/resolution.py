"""Resolving a card's effect (digest 1.E rules 22-24): the cost first, then the [EFFECT]
steps in order, pausing when a step needs the player to pick a card.

Procedure ``effect_resolution`` resolves one part of a card (its cost, its [EFFECT] or
the chosen [MULTI-CHOICE EFFECT] mode); its stage is the index of the next step of
that part. Its args: ``player``, ``source`` (the card), ``target``, ``part`` ("cost"
or "effect"), ``mode`` (None or the chosen mode), ``picked`` (cards picked for the
current step) and, for a trap, the ``attacker``, ``summoned`` and ``damage_step`` of
the timing it answered. Procedure ``card_pick`` asks for one card and hands it back
to the effect step below it (``effect_step``, its index in the stack)."""

from __future__ import annotations

from tabletop.engine.core import Decision, make_choice
from tabletop.engine.procedure import AGAIN, DONE

from ..rules.choices import OnePlayerDecision
from ..rules.procedures import PROCS, push
from ..zones import Z
from . import card_matches
from .primitives import COST_STEPS, EFFECTS

#: a card pick's choice, whole, by the pick's verb (search, salvage, revive, cost,
#: Fusion monster, material)
PICK_WORDS = {"Add": "Add {card}", "Return": "Return {card}", "Revive": "Revive {card}", "Send": "Send {card}",
              "Fusion summon": "Fusion summon {card}", "Use as material": "Use as material {card}"}


class EffectResolution:
    """Mixin of RushState: the cost, the effect and the card picks they ask for."""

    def _start_effect(self, p: int, src: int, mode, target, events: list, context: dict | None = None) -> None:
        """Pay the cost, then resolve the effect at once (digest 1.E rule 23); a
        window opens for traps answering this card's effect (seed 3.2.5). It runs once
        the card has resolved, and no card is set face down meanwhile: when the card
        resolves without asking anyone anything (memo.at_once) and no set trap could
        answer its effect now, none could then, and no one would be asked, so it is
        not opened at all (as TrapWindows._open_window_next)."""
        cid = self.table.card[src]
        c = self.db[cid]
        base = {"player": p, "source": src, "target": target, "picked": []}
        if context:
            base["attacker"] = context.get("attacker")
            base["summoned"] = context.get("summoned")
            base["damage_step"] = context.get("damage_step")
        if not self.memo.at_once[cid] or self._trap_may_answer("effect"):
            self._open_window("effect", p, events, source=src)
        push(self, "effect_resolution", **base, part="effect", mode=mode)
        if c["cost"]:
            push(self, "effect_resolution", **base, part="cost", mode=None)

    def _steps_of(self, effect: dict) -> list:
        """The steps of the cost, the [EFFECT] or the chosen [MULTI-CHOICE EFFECT] mode being resolved."""
        c = self.db[self.table.card[effect["source"]]]
        if effect["part"] == "cost":
            return c["cost"]
        if effect["mode"] is None:
            return c["effect"]
        return c["modes"][effect["mode"]]["effect"]

    def _resolve_steps(self, step, events: list) -> bool:
        """Resolve effect steps in order; False when a step waits for a pick."""
        effect = step.args
        ops = self._steps_of(effect)
        table = (COST_STEPS if effect["part"] == "cost" else EFFECTS).table
        while step.stage < len(ops):
            op = ops[step.stage]
            done = table[op["op"]].resolve(self, effect, op, events)
            if self.outcome is not None:
                return True
            if not done:
                return False
            step.stage += 1
            effect["picked"] = []
        return True

    def _after_resolution(self, effect: dict, events: list) -> None:
        """After a card's effect: a used normal spell or trap goes to the graveyard
        (seed 3.2.3, 3.2.5); equip and field spells stay."""
        if effect["part"] == "cost":
            return
        src = effect["source"]
        t = self.table
        c = self.db[t.card[src]]
        z = t.zone[src]
        if c["kind"] in ("spell", "trap") and (z.endswith(".spell") or z.endswith(".field")):
            if c["subtype"] == "field" or (c["subtype"] == "equip" and src in self.equips):
                return
            self.leave_field(src, "grave", events, "{name} is sent to the graveyard after use",
                             "seed 3.2.3 / 3.2.5")

    def _pick_decision(self, pick: dict) -> Decision:
        """A card an effect asks for (search, revive, salvage, cost, Fusion monster or material)."""
        p = pick["player"]
        ch = []
        for i in pick["options"]:
            ch.append(make_choice("pick", {"card": i}, p, PICK_WORDS[pick["verb"]].format(card=self.name(i))))
        ch.append(self._surrender(p))
        return OnePlayerDecision([p], "choose_card", pick["prompt"], ch)

    def _do_pick(self, p: int, a: dict, pick: dict, events: list) -> None:
        """A card picked for the paused effect step; the effect resumes with it."""
        effect = self.steps[pick["effect_step"]].args
        effect["picked"] = (effect.get("picked") or []) + [a["card"]]

    def _who(self, effect: dict, op: dict) -> int:
        return effect["player"] if op.get("who", "self") == "self" else 1 - effect["player"]

    def _what(self, p: int, src: int, op: dict, effect: dict) -> list[int]:
        """The cards an effect step acts on (``what`` in cards.toml)."""
        t = self.table
        w = op.get("what", "target")
        flt = op.get("filter", {})
        if w == "target":
            x = effect.get("target")
            if x is None or not (t.zone[x].endswith(".monster") or t.zone[x].endswith(".spell") or t.zone[x].endswith(".field")):
                return []
            return [x]
        if w == "self":
            return [src] if t.zone[src].endswith(".monster") else []
        if w in ("attacker", "summoned"):
            x = effect.get(w)
            return [x] if x is not None and t.zone[x].endswith(".monster") and self.on_field_matches(x, flt) else []
        # plain loops: over a row of three they cost less than a comprehension
        if w == "all_opp_monsters" or w == "all_own_monsters" or w == "all_own_others":
            out = []
            for i in self.units(1 - p if w == "all_opp_monsters" else p):
                if (w != "all_own_others" or i != src) and self.on_field_matches(i, flt):
                    out.append(i)
            return out
        if w == "all_monsters":
            return [i for q in (p, 1 - p) for i in self.units(q) if self.on_field_matches(i, flt)]
        if w == "all_opp_spell_traps":
            return [i for z in (Z[1 - p]["spell"], Z[1 - p]["field"]) for i in t.zones[z] if i is not None]
        return []

    def _pick(self, effect: dict, p: int, options: list, verb: str, prompt: str) -> None:
        """Pause the effect step for a card pick (the pick names the effect step by its index)."""
        k = next(n for n in range(len(self.steps) - 1, -1, -1) if self.steps[n].args is effect)
        push(self, "card_pick", player=p, options=options, verb=verb, prompt=prompt, effect_step=k)

    def _distinct(self, iids: list) -> list:
        seen, out = set(), []
        for i in iids:
            c = self.table.card[i]
            if c not in seen:
                seen.add(c)
                out.append(i)
        return out

    def _pick_from(self, effect: dict, op, zone: str, verb: str, prompt: str):
        """Choose one card matching the op's filter in the player's ``zone``
        (distinct card ids; asks only when there is a real choice). True: it is
        in effect["picked"]; False: waiting for the pick; None: nothing matches."""
        if effect["picked"]:
            return True
        p = effect["player"]
        options = self._distinct([i for i in self.table.zones[Z[p][zone]] if card_matches(self.card_data(i), op.get("filter", {}))])
        if not options:
            return None
        if len(options) > 1:
            self._pick(effect, p, options, verb, prompt)
            return False
        effect["picked"] = [options[0]]
        return True


@PROCS.step("effect_resolution", rule="Resolving an effect (digest 1.E rules 22-24)")
def effect_resolution(state, step, events):
    """Resolve the cost or effect steps in order; a used spell or trap then goes to the graveyard."""
    if not state._resolve_steps(step, events):
        return AGAIN  # a card_pick waits above this step
    if state.outcome is None:
        state._after_resolution(step.args, events)
    return DONE


@PROCS.decision("card_pick", rule="Resolving an effect (digest 1.E rules 22-24)")
class CardPick:
    """One card an effect asks its player to pick."""

    def decide(state, step):
        return state._pick_decision(step.args)

    def choose(state, step, choice, events):
        state._do_pick(choice.player, choice.args, step.args, events)
        return DONE
