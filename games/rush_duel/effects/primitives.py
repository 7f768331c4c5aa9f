"""The effect primitives (cards.toml ``effect`` and ``cost`` steps): each resolved by its
``_op_<name>`` method."""

from __future__ import annotations

from . import F_SUMMONED, card_matches
from ..zones import Z


class EffectPrimitives:
    """Mixin of RushState: resolving each effect primitive."""

    def _op_draw(self, effect, op, events) -> bool:
        """[EFFECT] draw n; too few cards in the deck loses (seed 2; README rule choice 2)."""
        q = self._who(effect, op)
        n = op.get("n", 1)
        events.append(self._ev("effect.draw", f"{self.pname(q)} draws {n} by the effect of {self.name(effect['source'])}",
                               "card effect (draw)", player=q, n=n))
        self.draw(q, n, events, "card effect (draw)")
        return True

    def _op_damage(self, effect, op, events) -> bool:
        """[EFFECT] deal n damage; LP 0 loses (seed 2)."""
        q = self._who(effect, op)
        n = op["n"]
        events.append(self._ev("effect.damage", f"{self.name(effect['source'])} deals {n} damage to {self.pname(q)}",
                               "card effect (damage)", player=q, amount=n))
        self._lp_change(q, -n, events, "card effect (damage)", f"{self.pname(q)} loses {n} LP")
        return True

    def _op_damage_per(self, effect, op, events) -> bool:
        """[EFFECT] deal n damage per counted thing (monsters, GY monsters, cards in the rival's hand)."""
        p = effect["player"]
        per = op["per"]
        t = self.table
        k = {"opp_monsters": lambda: len(self.units(1 - p)), "own_monsters": lambda: len(self.units(p)),
             "own_grave_monsters": lambda: sum(1 for i in t.zones[Z[p]["grave"]] if self.cd(i)["kind"] == "monster"),
             "opp_hand": lambda: len(t.zones[Z[1 - p]["hand"]])}[per]()
        n = op["n"] * k
        if n <= 0:
            return True
        events.append(self._ev("effect.damage", f"{self.name(effect['source'])} deals {n} damage to {self.pname(1 - p)}",
                               "card effect (damage)", player=1 - p, amount=n))
        self._lp_change(1 - p, -n, events, "card effect (damage)", f"{self.pname(1 - p)} loses {n} LP")
        return True

    def _op_gain(self, effect, op, events) -> bool:
        """[EFFECT] gain n LP (no LP ceiling, digest 1.C rule 9)."""
        p = effect["player"]
        n = op["n"]
        events.append(self._ev("effect.gain", f"{self.pname(p)} gains {n} LP", "card effect (gain LP)", player=p, amount=n))
        self._lp_change(p, n, events, "card effect (gain LP; no LP ceiling)", f"{self.pname(p)} gains {n} LP")
        return True

    def _move_op(self, effect, op, events, dest: str, verb: str) -> bool:
        """Destroy, return to the hand or return to the deck the cards ``what`` names."""
        for i in self._what(effect["player"], effect["source"], op, effect):
            if not self.table.zone[i].endswith((".monster", ".spell", ".field")):
                continue
            nm = self.name(i) if self.table.face[i] else "a face-down card"
            what = {"destroy": f"destroys {nm}", "bounce": f"returns {nm} to the hand",
                    "to_deck": f"returns {nm} to the bottom of the deck"}[verb]
            events.append(self._ev(f"effect.{verb}", f"{self.name(effect['source'])} {what}", f"card effect ({verb.replace('_', ' ')})", card=i))
            self.leave_field(i, dest, events, "{name} " + {"grave": "goes to the graveyard", "hand": "returns to the hand",
                                                          "deck_bottom": "goes to the bottom of the deck"}[dest],
                             f"card effect ({verb})")
        return True

    def _op_destroy(self, effect, op, events) -> bool:
        """[EFFECT] destroy: to the graveyard."""
        return self._move_op(effect, op, events, "grave", "destroy")

    def _op_bounce(self, effect, op, events) -> bool:
        """[EFFECT] return to the hand (a Fusion monster to the Extra Deck, digest 29)."""
        return self._move_op(effect, op, events, "hand", "bounce")

    def _op_to_deck(self, effect, op, events) -> bool:
        """[EFFECT] return to the bottom of the deck (a Fusion monster to the Extra Deck, digest 29)."""
        return self._move_op(effect, op, events, "deck_bottom", "to_deck")

    def _op_boost(self, effect, op, events) -> bool:
        """[EFFECT] face-up monsters gain or lose ATK/DEF until the end of the turn (digest 1.D rule 21)."""
        for i in self._what(effect["player"], effect["source"], op, effect):
            if not self.table.face[i]:
                continue
            m = self.until_end_of_turn.get(i, (0, 0, 0))
            self.until_end_of_turn[i] = (m[0] + op.get("atk", 0), m[1] + op.get("def", 0), m[2])
            parts = []
            for key, label in (("atk", "ATK"), ("def", "DEF")):
                v = op.get(key, 0)
                if v:
                    parts.append(f"{'gains' if v > 0 else 'loses'} {abs(v)} {label}")
            events.append(self._ev("effect.boost", f"{self.name(i)} {' and '.join(parts)} until the end of the turn",
                                   "card effect (modify stats)", card=i, atk=op.get("atk", 0), **{"def": op.get("def", 0)}))
        return True

    def _op_pierce(self, effect, op, events) -> bool:
        """[EFFECT] grant piercing until the end of the turn (seed 3.3.2.2)."""
        for i in self._what(effect["player"], effect["source"], op, effect):
            m = self.until_end_of_turn.get(i, (0, 0, 0))
            self.until_end_of_turn[i] = (m[0], m[1], 1)
            events.append(self._ev("effect.pierce", f"{self.name(i)} gains piercing until the end of the turn",
                                   "card effect (grant piercing; seed 3.3.2.2)", card=i))
        return True

    def _op_to_defense(self, effect, op, events) -> bool:
        """[EFFECT] change face-up attack-position monsters to defense position (not a Maximum monster, digest 31)."""
        t = self.table
        for i in self._what(effect["player"], effect["source"], op, effect):
            if i in self.maximum_centre or not t.face[i] or not self.is_attack(i):
                continue
            events.append(t.set_orient(i, 1, caption=f"{self.name(i)} changes to defense position", rule="card effect"))
            events.append(self._ev("effect.position", f"{self.name(effect['source'])} changes {self.name(i)} to defense position",
                                   "card effect (change position)", card=i))
        return True

    def _op_mill(self, effect, op, events) -> bool:
        """[EFFECT] or cost: send the top n cards of a deck to the graveyard (as many as there are)."""
        q = self._who(effect, op)
        t = self.table
        n = min(op.get("n", 1), len(t.zones[Z[q]["deck"]]))
        for _ in range(n):
            i = t.zones[Z[q]["deck"]][0]
            events.append(t.move(i, Z[q]["grave"], face=1, caption=f"{self.name(i)} is sent from the top of the deck to the graveyard",
                                 rule="card effect / cost (mill)"))
        return True

    def _op_negate_attack(self, effect, op, events) -> bool:
        """[EFFECT] stop the attack this trap answered: no damage calculation (digest 1.F rule 26)."""
        k = effect.get("damage_step")
        if k is not None and k < len(self.steps) and self.steps[k].proc == "damage_step":
            self.steps[k].args["negated"] = 1
            events.append(self._ev("effect.negate_attack", f"{self.name(effect['source'])} stops the attack",
                                   "card effect (negate attack)", attacker=effect.get("attacker")))
        return True

    def _op_search(self, effect, op, events) -> bool:
        """Add a card matching the filter from the deck to the hand, then shuffle."""
        p = effect["player"]
        t = self.table
        picked = self._pick_from(effect, op, "deck", "Add", "Choose a card to add from your deck to your hand")
        if picked is not True:
            return picked is None  # None: nothing matches, the step is done; False: waiting for the pick
        i = effect["picked"][0]
        events.append(t.reveal([i], caption=f"{self.pname(p)} reveals {self.name(i)} from the deck", rule="card effect (search)"))
        events.append(t.move(i, Z[p]["hand"], face=0, caption=f"{self.name(i)} is added to the hand", rule="card effect (search)"))
        deck = t.zones[Z[p]["deck"]]
        self.rng.shuffle(deck)
        events.append(self._ev("deck.shuffle", f"{self.pname(p)} shuffles the deck", "card effect (search)", player=p))
        return True

    def _op_salvage(self, effect, op, events) -> bool:
        """[EFFECT] add a matching card from your graveyard to your hand (revealed)."""
        p = effect["player"]
        t = self.table
        picked = self._pick_from(effect, op, "grave", "Return", "Choose a card to add from your graveyard to your hand")
        if picked is not True:
            return picked is None
        i = effect["picked"][0]
        t.reveal([i], rule="card effect (salvage)")
        events.append(t.move(i, self._to_hand_zone(i, "hand"), face=0,
                             caption=f"{self.name(i)} returns from the graveyard to the hand", rule="card effect (salvage)"))
        return True

    def _op_revive(self, effect, op, events) -> bool:
        """Special summon a monster from your graveyard in face-up attack position."""
        p = effect["player"]
        t = self.table
        if self.free_slots(Z[p]["monster"]) == 0:
            return True
        if not effect["picked"]:
            opts = self._distinct([i for i in t.zones[Z[p]["grave"]] if self.cd(i)["kind"] == "monster"
                                   and self.cd(i)["subtype"] != "fusion" and card_matches(self.cd(i), op.get("filter", {}))])
            if not opts:
                return True
            if len(opts) > 1:
                self._pick(effect, p, opts, "Revive", "Choose a monster to special summon from your graveyard")
                return False
            effect["picked"] = [opts[0]]
        i = effect["picked"][0]
        events.append(t.move(i, Z[p]["monster"], face=1, orient=0, caption=f"{self.name(i)} is special summoned from the graveyard",
                             rule="card effect (special summon)"))
        self.card_flags[i] = F_SUMMONED
        events.append(self._ev("summon.special", f"{self.name(i)} is special summoned", "card effect (special summon)",
                               card=i, player=p))
        self._open_window("summon", p, events, summoned=i)
        return True

    def _op_equip(self, effect, op, events) -> bool:
        """[EFFECT] equip this spell to the target; it leaves with that monster (digest 1.A rule 1)."""
        src, tg = effect["source"], effect.get("target")
        t = self.table
        if tg is None or not t.zone[tg].endswith(".monster") or not t.face[tg] or not t.zone[src].endswith(".spell"):
            return True
        self.equips[src] = (tg, op.get("atk", 0), op.get("def", 0))
        events.append(self._ev("effect.equip", f"{self.name(src)} is equipped to {self.name(tg)}", "equip spell",
                               card=src, target=tg, atk=op.get("atk", 0)))
        return True

    def _op_fusion(self, effect, op, events) -> bool:
        """Fusion summon (digest 1.G rule 29): choose a Fusion monster, send its named
        materials from the hand or field to the graveyard, summon it from the Extra Deck."""
        p = effect["player"]
        t = self.table
        picked = list(effect["picked"])
        if "fusion_monster" not in effect:
            if not picked:
                opts = self.fusion_candidates(p, effect["source"])
                if not opts:
                    return True
                if len(opts) > 1:
                    self._pick(effect, p, opts, "Fusion summon", "Choose the Fusion monster to summon")
                    return False
                picked = [opts[0]]
            effect["fusion_monster"] = picked[0]
            effect["materials"] = []
            effect["picked"] = picked = []
        elif picked:
            effect["materials"] = effect["materials"] + picked
            effect["picked"] = []
        fz = effect["fusion_monster"]
        need = list(self.db[t.card[fz]]["materials"])
        for m in effect["materials"]:
            need.remove(t.card[m])
        while need:
            cid = need[0]
            pool = [i for i in t.zones[Z[p]["hand"]] + t.zones[Z[p]["monster"]]
                    if i is not None and i != effect["source"] and i not in self.maximum_centre and t.card[i] == cid and i not in effect["materials"]]
            if len(need) == 1 and self.free_slots(Z[p]["monster"]) == 0 and \
                    not any(t.zone[m].endswith(".monster") for m in effect["materials"]):
                pool = [i for i in pool if t.zone[i].endswith(".monster")]  # leave room for the Fusion monster
            if not pool:
                return True
            if len(pool) > 1:
                self._pick(effect, p, pool, "Use as material", f"Choose the {self.db[cid]['name']} to use as Fusion material")
                return False
            effect["materials"] = effect["materials"] + [pool[0]]
            need.pop(0)
        for m in effect["materials"]:
            if t.zone[m].endswith(".monster"):
                self.leave_field(m, "grave", events, "{name} is sent to the graveyard as Fusion material", "digest 1.G rule 29")
            else:
                self.send_hand_to_grave(m, events, f"{self.name(m)} is sent from the hand to the graveyard as Fusion material",
                                        "digest 1.G rule 29")
        if self.free_slots(Z[p]["monster"]) == 0:
            events.append(self._ev("summon.fusion_failed", "No Monster Zone is free: the Fusion monster stays in the Extra Deck",
                                   "digest 1.A rule 2"))
            return True
        events.append(t.move(fz, Z[p]["monster"], face=1, orient=0, caption=f"{self.name(fz)} is fusion summoned from the Extra Deck",
                             rule="digest 1.G rule 29"))
        self.card_flags[fz] = F_SUMMONED
        events.append(self._ev("summon.fusion", f"{self.name(fz)} is fusion summoned", "digest 1.G rule 29 (fusion summon)",
                               card=fz, player=p))
        self._open_window("summon", p, events, summoned=fz)
        return True

    def _op_discard(self, effect, op, events) -> bool:
        """Cost: send n cards from your hand to the graveyard, picked by you (digest 1.E rule 23)."""
        p = effect["player"]
        t = self.table
        n = op.get("n", 1)
        picked = effect["picked"]
        if len(picked) < n:
            opts = [i for i in t.zones[Z[p]["hand"]] if i != effect["source"] and i not in picked
                    and card_matches(self.cd(i), op.get("filter", {}))]
            if len(opts) + len(picked) > n:
                self._pick(effect, p, opts, "Send", f"Choose a card to send from your hand to the graveyard (cost of {self.name(effect['source'])})")
                return False
            picked = picked + opts
        for i in picked[:n]:
            self.send_hand_to_grave(i, events, f"{self.name(i)} is sent from the hand to the graveyard as a cost",
                                    "digest 1.E rule 23 (cost)")
        return True

    def _op_pay_lp(self, effect, op, events) -> bool:
        """Cost: pay n LP (more than n must be left, README rule choice 11; digest 1.E rule 23)."""
        p = effect["player"]
        events.append(self._ev("effect.cost", f"{self.pname(p)} pays {op['n']} LP", "digest 1.E rule 23 (cost)", player=p))
        self._lp_change(p, -op["n"], events, "digest 1.E rule 23 (cost)", f"{self.pname(p)} pays {op['n']} LP")
        return True

    def _op_self_to_defense(self, effect, op, events) -> bool:
        """Cost: change this attack-position monster to defense position (digest 1.E rule 23)."""
        i = effect["source"]
        events.append(self.table.set_orient(i, 1, caption=f"{self.name(i)} changes to defense position as a cost",
                                            rule="digest 1.E rule 23 (cost)"))
        return True
