"""Combat: designations, combat damage and its assignment, resolution
(Core Rules v1.3 Combat, digest 13)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision
from tabletop.engine.procedure import DONE

from ..rulebook import R_ASSIGN, R_COMBAT
from ..zones import ZLOC
from .cleanup import cleanup_pass
from . import PROCS, push


# "a second Recruit": the caption of damage assigned to one of several units of a name
_ASSIGN_NTH = ("{player} assigns {n} damage to a first {unit}", "{player} assigns {n} damage to a second {unit}",
               "{player} assigns {n} damage to a third {unit}", "{player} assigns {n} damage to a fourth {unit}",
               "{player} assigns {n} damage to a fifth {unit}", "{player} assigns {n} damage to a sixth {unit}",
               "{player} assigns {n} damage to a seventh {unit}", "{player} assigns {n} damage to a eighth {unit}")

class Combat:
    """Combat (digest 13): its start with designations, damage assignment (lethal first,
    Tank, Backline) and its Resolution (result, control, Conquer). RBState mixin."""

    __slots__ = ()

    def _begin_combat(self, ev: list) -> None:
        """Combat step 1 (digest 13.2): designations, the attacker gains Focus, attack then
        defend triggers (the defender's resolve first)."""
        showdown = self.showdown
        showdown["combat"] = True
        b, att = showdown["battlefield"], showdown["attacker"]
        self.focus = att
        self.priority = att
        showdown["passes"] = 0
        for q in (att, 1 - att):
            for u in self.units_at(q, b):
                self.set_counter(u, "atk" if q == att else "def", 1)
                if u not in showdown["seen"]:
                    showdown["seen"] = showdown["seen"] + [u]
                    self._queue_card(u, "attack" if q == att else "defend", q, b, self.played[q] >= 1, order=0 if q == att else 1)
        self._ev(ev, "combat.start", f"Combat at {self.bf_name(b)}: {self.names[att]} attacks, {self.names[1 - att]} defends",
                 R_COMBAT, bf=b, attacker=att)
        self.cleanup_due = True

    def _assign_candidates(self, targets: list, done: dict, known: dict | None = None) -> list:
        """Units that may receive the next assignment: lethal first, Tank before the rest,
        Backline after the rest (digest 13.3; Core Rules v1.3 Tank, Backline). ``known`` keeps
        each target's lethal damage and Tank/Backline tier between calls, for the whole damage
        step (assigning damage changes neither)."""
        if known is None:
            known = {}
        left, tiers = [], []
        for u in targets:
            k = known.get(u)
            if k is None:
                k = known[u] = (self._lethal(u), (1 if self.keyword_value(u, "tank") else 0)
                                | (2 if self.keyword_value(u, "backline") else 0))
            if done.get(u, 0) < k[0]:
                left.append(u)
                tiers.append(k[1])
        if not left:
            return []
        if 3 not in tiers:
            rank = [0 if tr == 1 else (2 if tr == 2 else 1) for tr in tiers]
            best = min(rank)
            return [u for u, r in zip(left, rank) if r == best]
        # a unit with both Tank and Backline: the assigning player follows one of them
        # (Core Rules v1.3 Combat Damage 460.2.c.7-8, digest 13.3). Treated as a Tank it may
        # come first; once a unit without Tank got damage, it is a Backline unit (last).
        non_tank_hit = any(done.get(u, 0) and not known[u][1] & 1 for u in targets)
        dual = [u for u, tr in zip(left, tiers) if tr == 3]
        for want in (1, 0):
            group = [u for u, tr in zip(left, tiers) if tr == want]
            if group:
                return group + ([] if non_tank_hit else dual)
        return [u for u, tr in zip(left, tiers) if tr == 2] + dual

    def _lethal(self, u: int) -> int:
        """Damage still needed to be lethal: non-zero damage >= Might, counting damage already marked."""
        cn = self.table.counters.get(u)  # Board.counter
        return max(1, self._combat_might(u) - (cn.get("dmg", 0) if cn else 0))

    def _combat_might(self, u: int) -> int:
        """The Might of ``u`` (Board.might), as Combat Damage totalled it while the running combat's
        damage is assigned: nothing changes a Might between the totals and the damage being
        dealt (assigning changes only the assignments), so it is not worked out again."""
        known = self.combat_might
        if known is not None and known[0] is self.showdown:
            m = known[1].get(u)
            if m is not None:
                return m
        return self.might(u)

    def _assign_run(self, ev: list) -> None:
        """Assign one side's damage, one unit at a time, asking the assigning player when more
        than one unit may take the next assignment (digest 13.3)."""
        showdown = self.showdown
        b, att = showdown["battlefield"], showdown["attacker"]
        side = showdown["stage"]
        assigner = att if side == "assign_attackers" else 1 - att
        targets = self.units_at(1 - assigner, b)
        mine = [x for x in showdown["assignments"] if x[2] == side]
        done = {}
        for u, n, _s in mine:
            done[u] = done.get(u, 0) + n
        # _assign_candidates's, kept for the whole damage step with the Might (_combat_might):
        # neither the damage marked nor a Tank or Backline changes while damage is assigned
        kept = self.combat_might
        if kept is not None and kept[0] is showdown:
            known = kept[2]
        else:
            known = {}
        while showdown["left"] > 0:
            cands = self._assign_candidates(targets, done, known)
            if not cands:
                last = mine[-1][0] if mine else targets[0]
                showdown["assignments"] = showdown["assignments"] + [[last, showdown["left"], side]]
                showdown["left"] = 0
                break
            if len(cands) > 1:
                push(self, "assign_damage", player=assigner, candidates=cands, left=showdown["left"])
                return
            self._assign_to(cands[0], done, ev, assigner)
            mine = [x for x in showdown["assignments"] if x[2] == side]
        if side == "assign_attackers":
            showdown["stage"] = "assign_defenders"
            showdown["left"] = showdown["totals"][1]
        else:
            showdown["stage"] = "deal"

    def _assign_to(self, u: int, done: dict, ev: list, assigner: int) -> None:
        showdown = self.showdown
        n = min(showdown["left"], self._lethal(u) - done.get(u, 0))
        done[u] = done.get(u, 0) + n
        showdown["left"] -= n
        # units of the same name (tokens): "a second Recruit", so the log tells them apart
        nm = self.name(u)
        same = len({a[0] for a in showdown["assignments"] if a[0] != u and self.name(a[0]) == nm})
        showdown["assignments"] = showdown["assignments"] + [[u, n, showdown["stage"]]]
        if not same:
            text = "{player} assigns {n} damage to {unit}"
        elif same < len(_ASSIGN_NTH):
            text = _ASSIGN_NTH[same]
        else:
            text = "{player} assigns {n} damage to unit {k}, {unit}"
        text = text.format(player=self.names[assigner], n=n, unit=self.name(u), k=same + 1)
        self._ev(ev, "combat.assign", text, R_ASSIGN, card=u, amount=n, player=assigner)

    def _assign_pick(self, u: int, assigner: int, ev: list) -> None:
        showdown = self.showdown
        done = {}
        for x, n, s in showdown["assignments"]:
            if s == showdown["stage"]:
                done[x] = done.get(x, 0) + n
        self._assign_to(u, done, ev, assigner)

    def _combat_resolve(self, ev: list) -> None:
        """Combat result, control and Conquer, then the combat ends (digest 13.4)."""
        showdown = self.showdown
        b, att = showdown["battlefield"], showdown["attacker"]
        dfn = 1 - att
        A, D = self.units_at(att, b), self.units_at(dfn, b)
        if A and not D:
            res = f"{self.names[att]} wins the combat"
        elif D and not A:
            res = f"{self.names[dfn]} wins the combat"
        else:
            res = "No result"
        self._ev(ev, "combat.result", res, R_COMBAT, bf=b)
        old = self.battlefield_controller[b]
        if A and D:
            pass  # both remain: a new combat is staged by the next cleanup
        else:
            new = att if A else (dfn if D else -1)
            self.battlefield_controller[b] = new
            self.contested[b] = -1
            if new != old:
                self._ev(ev, "combat.control", (f"{self.names[new]} establishes control of {self.bf_name(b)}" if new >= 0 else f"Nobody controls {self.bf_name(b)}"),
                         R_COMBAT, bf=b, player=new)
            if new >= 0 and new != old:
                self._score(new, b, "conquer", ev)
        for u in self.all_units():
            self.set_counter(u, "atk", 0)
            self.set_counter(u, "def", 0)
        self.showdown = {}
        self.focus = -1
        self.priority = -1
        self._ev(ev, "combat.end", f"The combat at {self.bf_name(b)} ends", R_COMBAT, bf=b)
        self.cleanup_due = True


@PROCS.step("combat_damage", rule=R_ASSIGN)
def combat_damage(state, step, ev):
    """Combat Damage (digest 13.3): each side's total Might (stunned units deal none); with
    one side gone there is no damage and the combat goes on to its Resolution."""
    showdown = state.showdown
    b, att = showdown["battlefield"], showdown["attacker"]
    A, D = state.units_at(att, b), state.units_at(1 - att, b)
    if not A or not D:
        state._ev(ev, "combat.no_damage", "One side is gone: no combat damage", R_COMBAT, bf=b)
        cleanup_pass(state, ev, b)
        if state.outcome is None:
            state._combat_resolve(ev)
        return DONE
    ta = td = 0  # loops: a battlefield holds a few units
    mights = {}  # kept for the assignment (Combat._combat_might)
    for u in A:
        if not state.counter(u, "stun"):
            m = mights[u] = state.might(u)
            ta += max(0, m)
    for u in D:
        if not state.counter(u, "stun"):
            m = mights[u] = state.might(u)
            td += max(0, m)
    state.combat_might = (showdown, mights, {})
    showdown["totals"] = [ta, td]
    state._ev(ev, "combat.totals", f"Attackers deal {ta}, defenders deal {td} (stunned units deal none)", R_ASSIGN,
              bf=b, attacker_total=ta, defender_total=td)
    showdown["stage"] = "assign_attackers"
    showdown["left"] = ta
    showdown["assignments"] = []
    return DONE


@PROCS.step("damage_assignment", rule=R_ASSIGN)
def damage_assignment(state, step, ev):
    """Combat Damage, assignment: the attackers' damage, then the defenders' (digest 13.3)."""
    state._assign_run(ev)
    return DONE


@PROCS.step("deal_damage", rule=R_COMBAT)
def deal_damage(state, step, ev):
    """All assigned combat damage is dealt at the same time (digest 13.3); then Resolution
    (digest 13.4): combat cleanup, result, control, end. These are outstanding tasks, so
    triggers they cause reach the chain afterwards."""
    showdown = state.showdown
    b = showdown["battlefield"]
    state.combat_might = None  # the damage dealt may change what Combat._combat_might kept
    dealt = {}
    for u, n, _s in showdown["assignments"]:
        dealt[u] = dealt.get(u, 0) + n
    for u, n in dealt.items():
        if n > 0 and state.table.zone[u] in ZLOC:
            state.set_counter(u, "dmg", state.counter(u, "dmg") + n)
    state._ev(ev, "combat.damage", "All assigned combat damage is dealt at the same time", R_COMBAT,
              bf=b, damage={str(k): v for k, v in dealt.items()})
    cleanup_pass(state, ev, b)
    if state.outcome is None:
        state._combat_resolve(ev)
    return DONE


@PROCS.decision("assign_damage", rule=R_ASSIGN)
class AssignDamage:
    """Assign combat damage: lethal damage first, Tank units first, Backline units last
    (Core Rules v1.3 Combat Damage, digest 13.3). Args: player, candidates, left."""

    def decide(state, step):
        a = step.args
        p = a["player"]
        ch = [Choice("assign", {"target": i}, p, f"Assign damage to {state.name(i)}") for i in a["candidates"]]
        return Decision([p], "assign_damage", f"Assign combat damage ({a['left']} left): lethal first, Tank first, "
                        "Backline last", ch)

    def choose(state, step, choice, events):
        state._assign_pick(choice.args["target"], step.args["player"], events)
        return DONE
