"""The Battle Phase (seed 3.3): attack declarations and the Damage Step (seed 3.3.1-3.3.2;
digest 1.D rule 20)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, make_choice, make_event
from tabletop.engine.procedure import AGAIN, DONE

from ..effects import F_ATTACKED
from ..board import _SURRENDER
from ..zones import Z, quiet
from .choices import ATTACKS, MadeZoneDecision
from .procedures import PROCS, push


#: a choice that never changes, made once (a decision lists the same object each time)
_END_BATTLE = tuple(Choice("end_turn", {}, p, "End the Battle Phase and the turn", role="end") for p in (0, 1))
#: the deciding players of a Battle Phase decision, by the turn player
_ONE = ((0,), (1,))
#: the Battle Phase prompt, by player name
_PROMPTS: dict = {}


class BattleRules:
    """Mixin of RushState: attacks and their Damage Step."""

    def _battle_decision(self, step=None) -> Decision:
        """Battle Phase (seed 3.3): each attack-position monster attacks once; a direct
        attack only when the opponent controls no monster (seed 3.3.1)."""
        p = self.active
        t = self.table
        card, face = t.card, t.face
        made = self.memo.made  # each choice made once, by what its words name
        ch: list[Choice] = []
        opp = self.units(1 - p)
        orient, flags = t.orient, self.card_flags
        for i in self.units(p):
            # attacker_reason, without writing its reason: face up, in attack position, not attacked yet (seed 3.3)
            if not face[i] or orient[i] != 0 or flags.get(i, 0) & F_ATTACKED:
                continue
            if opp:
                for d in opp:
                    key = ("attack", i, card[i], d, card[d], face[d], p)
                    got = made.get(key)
                    if got is None:
                        nm = self.name(i)
                        lab = (ATTACKS.format(attacker=nm, target=self.name(d)) if t.face[d]
                               else f"{nm} attacks the face-down monster")
                        got = made[key] = make_choice("attack", {"card": i, "target": d}, p, lab)
                    ch.append(got)
            else:
                # dropped on the rival's (empty) Monster Zones: the zone names the drop target
                key = ("direct_attack", i, card[i], p, self.names[1 - p])
                got = made.get(key)
                if got is None:
                    got = made[key] = make_choice("direct_attack", {"card": i, "to": Z[1 - p]["monster"]}, p,
                                             f"{self.name(i)} attacks {self.names[1 - p]} directly")
                ch.append(got)
        ch.append(_END_BATTLE[p])
        ch.append(_SURRENDER[p])
        name = self.names[p]
        prompt = _PROMPTS.get(name)
        if prompt is None:
            if len(_PROMPTS) > 1000:
                _PROMPTS.clear()
            prompt = _PROMPTS[name] = f"{name}: Battle Phase"
        d = MadeZoneDecision()  # ZoneDecision((p,), "battle_action", prompt, ch)
        d.players = _ONE[p]
        d.kind = "battle_action"
        d.prompt = prompt
        d.choices = ch
        d._same = ()
        return d

    def _do_attack(self, p: int, a: dict, events: list) -> None:
        """Declare an attack on a monster (seed 3.3)."""
        self._declare(p, a["card"], a["target"], events)

    def _do_direct_attack(self, p: int, a: dict, events: list) -> None:
        """Declare a direct attack (seed 3.3.1)."""
        self._declare(p, a["card"], -1, events)

    def _declare(self, p: int, att: int, dfd: int, events: list) -> None:
        """Attack declaration (seed 3.3): choose the attacker and its target; traps
        answering the declaration may be activated (seed 3.2.5)."""
        self.card_flags[att] = self.card_flags.get(att, 0) | F_ATTACKED
        if dfd >= 0:
            cap = (ATTACKS.format(attacker=self.name(att), target=self.name(dfd)) if self.table.face[dfd]
                   else f"{self.name(att)} attacks a face-down monster")
        else:
            cap = f"{self.name(att)} attacks {self.names[1 - p]} directly"
        events.append(make_event("battle.attack_declare", cap, "seed 3.3 (attack declaration)" if dfd >= 0 else "seed 3.3.1 (direct attack)",
                               {"attacker": att, "target": dfd, "player": p}))
        push(self, "damage_step", attacker=att, target=dfd, negated=0)
        self._open_window_next("attack", p, events, attacker=att, damage_step=len(self.steps) - 1)

    def _damage_step(self, attack: dict, events: list) -> None:
        """Damage Step: damage calculation (seed 3.3.1-3.3.2; digest 1.D rule 20), each
        step its own event. ``attack`` holds the ``attacker``, its ``target`` (-1: a
        direct attack) and ``negated`` (a trap stopped the attack)."""
        t = self.table
        a, d = attack["attacker"], attack["target"]
        p = t.owner[a]
        q = 1 - p
        if attack["negated"] or t.zone[a] != Z[p]["monster"] or not t.face[a] or not self.is_attack(a):
            events.append(make_event("battle.attack_stopped", f"The attack of {self.name(a)} is stopped",
                                   "digest 1.F rule 27 (a trap answered the attack)", {"attacker": a}))
            return
        if d >= 0 and t.zone[d] != Z[q]["monster"]:
            events.append(make_event("battle.attack_stopped", f"The attack target left the field: the attack of {self.name(a)} ends",
                                   "README rule choice (attack target gone)", {"attacker": a}))
            return
        if d < 0 and self.units(q):
            events.append(make_event("battle.attack_stopped", f"{self.names[q]} now controls a monster: the direct attack ends",
                                   "seed 3.3.1 / README rule choice", {"attacker": a}))
            return
        A = self.atk(a)
        if d < 0:
            events.append(make_event("battle.damage_calc", f"Direct attack: {self.name(a)} deals its {A} ATK as damage",
                                   "seed 3.3.1 (direct attack)", {"attacker": a, "target": -1, "atk": A, "case": "direct"}))
            self._battle_damage(q, A, events, "seed 3.3.1")
            return
        if not t.face[d]:
            # one line in the log: the flip says nothing, the step below says it all
            events.append(quiet(t.set_face(d, 1, rule="seed 3.3.2.2 (flip before damage)")))
            events.append(make_event("battle.flip_defender", f"{self.name(d)} is turned face up to check its DEF (not a flip summon)",
                                   "seed 3.3.2.2", {"card": d}))
        if self.is_attack(d):
            D = self.atk(d)
            if A > D:
                events.append(make_event("battle.damage_calc", f"{A} ATK against {D} ATK: {self.name(d)} is destroyed and "
                                       f"{self.names[q]} takes {A - D}", "seed 3.3.2.1 (higher ATK)",
                                       {"attacker": a, "target": d, "atk": A, "other": D, "case": "atk_higher"}))
                if self._battle_damage(q, A - D, events, "seed 3.3.2.1"):
                    self._battle_destroy([d], events, "seed 3.3.2.1")
            elif A == D:
                events.append(make_event("battle.damage_calc", f"{A} ATK against {D} ATK: both monsters are destroyed, no damage",
                                       "seed 3.3.2.1 (equal ATK)", {"attacker": a, "target": d, "atk": A, "other": D, "case": "atk_equal"}))
                self._battle_destroy([a, d], events, "seed 3.3.2.1")
            else:
                events.append(make_event("battle.damage_calc", f"{A} ATK against {D} ATK: {self.name(a)} is destroyed and "
                                       f"{self.names[p]} takes {D - A}", "seed 3.3.2.1 (lower ATK)",
                                       {"attacker": a, "target": d, "atk": A, "other": D, "case": "atk_lower"}))
                if self._battle_damage(p, D - A, events, "seed 3.3.2.1"):
                    self._battle_destroy([a], events, "seed 3.3.2.1")
            return
        D = self.defense(d)
        if A > D:
            pierce = self.pierces(a)
            if pierce:
                cap = f"{A} ATK against {D} DEF: {self.name(d)} is destroyed and piercing deals {A - D}"
            else:
                cap = f"{A} ATK against {D} DEF: {self.name(d)} is destroyed, no damage (no piercing)"
            events.append(make_event("battle.damage_calc", cap,
                                   "seed 3.3.2.2 (higher than DEF, piercing)" if pierce else "seed 3.3.2.2 (higher than DEF)",
                                   {"attacker": a, "target": d, "atk": A, "other": D, "case": "def_pierce" if pierce else "def_higher"}))
            if pierce and not self._battle_damage(q, A - D, events, "seed 3.3.2.2 (piercing)"):
                return
            self._battle_destroy([d], events, "seed 3.3.2.2")
        elif A == D:
            events.append(make_event("battle.damage_calc", f"{A} ATK against {D} DEF: nothing is destroyed, no damage",
                                   "seed 3.3.2.2 (equal to DEF)", {"attacker": a, "target": d, "atk": A, "other": D, "case": "def_equal"}))
        else:
            events.append(make_event("battle.damage_calc", f"{A} ATK against {D} DEF: nothing is destroyed and "
                                   f"{self.names[p]} takes {D - A}", "seed 3.3.2.2 (lower than DEF)",
                                   {"attacker": a, "target": d, "atk": A, "other": D, "case": "def_lower"}))
            self._battle_damage(p, D - A, events, "seed 3.3.2.2")

    def _battle_damage(self, p: int, n: int, events: list, rule: str) -> bool:
        """Battle damage to ``p``; LP checked at once (digest 10). False when the duel ended."""
        if n <= 0:
            return True
        events.append(make_event("battle.damage", f"{self.names[p]} takes {n} battle damage", rule, {"player": p, "amount": n}))
        self._lp_change(p, -n, events, rule)
        return self.outcome is None

    def _battle_destroy(self, iids: list, events: list, rule: str) -> None:
        """Monsters destroyed by battle go to the graveyard (seed 3.3.2)."""
        for i in iids:
            if not self.table.zone[i].endswith(".monster"):
                continue
            events.append(make_event("battle.destroy", f"{self.name(i)} is destroyed by battle and sent to the graveyard",
                                   rule, {"card": i}))
            self.leave_field(i, "grave", events, "", rule)  # the line above says it


@PROCS.decision("battle_phase", rule="Battle Phase (seed 3.3)")
class BattlePhase:
    """Declare attacks one by one, or end the Battle Phase and the turn."""

    #: the decision is the state's Battle Phase actions (called with the step, which it does not read)
    decide = BattleRules._battle_decision

    def choose(state, step, choice, events):
        if choice.kind == "end_turn":
            push(state, "end_phase")  # no Main Phase 2 (digest 1.D rule 12)
            return DONE
        if choice.kind == "attack":
            state._do_attack(choice.player, choice.args, events)
        else:
            state._do_direct_attack(choice.player, choice.args, events)
        return AGAIN


@PROCS.step("damage_step", rule="Damage Step (seed 3.3.1-3.3.2; digest 1.D rule 20)")
def damage_step(state, step, events):
    """The Damage Step of one attack, after its trap timing has closed."""
    state._damage_step(step.args, events)
    return DONE
