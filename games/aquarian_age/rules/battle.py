"""Battle (digest A.8) and a character leaving the field (battle or effect),
with Bind (digest A.11.35)."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_event
from tabletop.engine.kitstate import OnePlayerDecision
from tabletop.engine.procedure import DONE, WAIT

from ..board import DAMAGE, DISCARD, HAND, ONE, STACK_OF
from .procedures import PROCS


def battle(state, att: int, dfd: int, events: list) -> None:
    """Battle (digest A.8): both deal damage equal to their attack at once;
    Initiative strikes first and a character discarded by it deals no damage
    back (A.8.27); a mental attack is compared with the target's mental and
    strips its power cards, a dominated target returning to its faction area
    (A.8.28, design default); damage at or above durability discards the
    character with all stacked on it (A.8.26)."""
    a = state.attack
    name = _namer(state, att, dfd)
    events.append(make_event("battle.begin", f"Battle: {name(att)} against {name(dfd)}", "digest A.8",
                    {"attacker": att, "defender": dfd}))
    ia, idf = state.skill(att, "initiative"), state.skill(dfd, "initiative")
    if ia and not idf:
        order = [[(att, dfd)], [(dfd, att)]]
        events.append(make_event("battle.initiative", f"{name(att)} has Initiative and strikes first", "digest A.8.27", {"card": att}))
    elif idf and not ia:
        order = [[(dfd, att)], [(att, dfd)]]
        events.append(make_event("battle.initiative", f"{name(dfd)} has Initiative and strikes first", "digest A.8.27", {"card": dfd}))
    else:
        order = [[(att, dfd), (dfd, att)]]
    destroyed = []
    stripped = []
    excess = 0
    for wave in order:
        hits = []
        for src, dst in wave:
            if src in destroyed:
                continue
            hits.append((src, dst, state.stat(src, "attack"), state.card(src)["mental_attack"]))
        for src, dst, dmg, mental in hits:
            if mental:
                m = state.stat(dst, "mental")
                ok = dmg >= m
                if ok:
                    said = f"{name(src)} makes a mental attack of {dmg} against mental {m}: its power cards are discarded"
                else:
                    said = f"{name(src)} makes a mental attack of {dmg} against mental {m}: no effect"
                events.append(make_event("battle.mental", said, "digest A.8.28",
                                {"source": src, "target": dst, "value": dmg, "mental": m, "strips": ok}))
                if ok:
                    stripped.append(dst)
            else:
                d = state.stat(dst, "durability")
                ok = dmg >= d
                events.append(make_event("battle.damage", f"{name(src)} deals {dmg} damage to {name(dst)} "
                                f"(durability {d})", "digest A.8.26",
                                {"source": src, "target": dst, "value": dmg, "durability": d, "destroys": ok}))
                if ok and dst not in destroyed:
                    destroyed.append(dst)
                    if src == att and dst == dfd and a["target"] == "player" and state.skill(att, "breakthrough"):
                        excess = dmg - d
    for s in stripped:
        if s in destroyed or not state.on_field(s):
            continue
        state.strip_power(s, events, "digest A.8.28 mental attack")
        if state.is_dominated(s):
            f = state.faction_of(s)
            events.append(state.move(s, STACK_OF[state.table.owner[s]][f], face=1,
                                  caption=f"{state.name_of(s)} loses its power and returns to the faction area",
                                  rule="digest A.14 design default (mental attack)"))
    if excess > 0:
        events.append(make_event("battle.breakthrough", f"Breakthrough: {excess} damage goes through to {state.names[a['defending_player']]}",
                        "digest A.14 design default (Breakthrough)", {"player": a["defending_player"], "n": excess}))
        state.push("damage_judgment", player=a["defending_player"], count=excess)
    for d in reversed(destroyed):
        state.push("removal", card=d, why="battle")


def _namer(state, att: int, dfd: int):
    """Card names for battle captions (of the attacker and the defender, written
    once); two characters of one name are told apart by their owners."""
    db, card = state.db, state.table.card
    na, nd = db[card[att]]["name"], db[card[dfd]]["name"]
    if na == nd:
        owner = state.table.owner
        na = "{player}'s {card}".format(player=state.names[owner[att]], card=na)
        nd = "{player}'s {card}".format(player=state.names[owner[dfd]], card=nd)
    return {att: na, dfd: nd}.__getitem__


@PROCS.decision("removal", rule="A character is removed; Bind (digest A.11.35)")
class Removal:
    """A character is discarded (``why``: battle, effect or bounce); Bind X may
    keep it by putting X of its power cards into the damage zone instead
    (digest A.11.35)."""

    def run(state, step, events):
        iid = step.args["card"]
        if not state.on_field(iid):
            return DONE
        b = state.skill(iid, "bind")
        if b and state.power(iid) >= b:
            return WAIT
        leave_field(state, iid, step.args.get("why"), events)
        return DONE

    def decide(state, step):
        iid = step.args["card"]
        b = state.skill(iid, "bind")
        o = state.table.owner[iid]
        return OnePlayerDecision(ONE[o], "bind", f"{state.name_of(iid)} would be removed: use Bind {b}?", [
            Choice("bind", {"card": iid}, o, f"Bind: {b} power card(s) to the damage zone, it stays"),
            Choice("no_bind", {"card": iid}, o, "Let it go", role="pass")])

    def choose(state, step, choice, events):
        iid = step.args["card"]
        if choice.kind == "bind":
            b = state.skill(iid, "bind")
            o = state.table.owner[iid]
            events.append(make_event("skill.bind", f"{state.name_of(iid)} uses Bind {b} and stays", "digest A.11.35", {"card": iid, "n": b}))
            for a in state.power_ids(iid)[-b:]:
                events.append(state.move(a, DAMAGE[o], face=1, caption="Bind: a power card goes to the damage zone",
                                           rule="digest A.11.35"))
            events.append(state.damage_counter_event(o))
            state.judge_defeat(events)
            return DONE
        leave_field(state, iid, step.args.get("why"), events)
        return DONE


def leave_field(state, iid: int, why, events: list) -> None:
    """Where a removed character goes: a bounced one to the hand; a name-level
    one defeated in battle to the damage zone (digest A.4.12); otherwise the
    discard pile, with everything stacked on it (digest A.8.26, A.10)."""
    o = state.table.owner[iid]
    if why == "bounce":
        state.remove_from_field(iid, HAND[o], events, "digest A.10 (bounce)", f"{state.name_of(iid)} returns to the hand")
        return
    c = state.card(iid)
    if why == "battle" and c["name_level"]:
        dest, cap = DAMAGE[o], f"{c['name']} (name-level) is defeated and goes to the damage zone"
        rule = "digest A.4.12 name-level defeat"
    else:
        dest, cap = DISCARD[o], f"{c['name']} goes to the discard pile with everything stacked on it"
        rule = "digest A.8.26" if why == "battle" else "digest A.10 (destroy)"
    if why == "battle":
        events.append(make_event("battle.destroy", f"{c['name']} is defeated in battle", rule, {"card": iid}))
    else:
        events.append(make_event("effect.destroy", f"{c['name']} is destroyed by an effect", rule, {"card": iid}))
    state.remove_from_field(iid, dest, events, rule, cap)
