"""The power card phase (seed 4.4), one procedure in three parts: Charge at
its start (digest A.5.17), hand cards placed face down under your
characters, then domination at its end."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_choice, make_event
from tabletop.engine.kitstate import OnePlayerDecision
from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..board import ATT, DOMINION, FACTION_STACKS, HAND, LAST_KINDS, ONE, card_kinds, given_by_permanent
from ..carddb import FACTIONS
from .procedures import PROCS
from .turn import open_phase

# choices that never change, made once (a decision lists the same objects each time)
_END_POWER = tuple(Choice("end_power", {}, p, "End the power card phase", role="end") for p in (0, 1))


def charge(state, events):
    """Charge X: at the start of the power card phase, X cards from the deck top
    become power cards of that character, never beyond its mental (digest A.5.17)."""
    p = state.active
    table = state.table
    db = state.db
    kinds = LAST_KINDS[1] if LAST_KINDS[0] is db else card_kinds(db)
    zones, face, card = table.zones, table.face, table.card
    skills, granting = kinds.printing.get("charge", ()), kinds.granting.get("charge", ())
    mods = state.modifiers
    chars = list(zones[DOMINION[p]])  # state.characters(p), without its call: dominated, then actives
    for k in FACTION_STACKS[p]:
        z = zones[k]
        if z:
            chars.append(z[-1])
    for iid in chars:
        # no Charge printed, nor given this turn: only a face-up permanent under it that gives it could
        if not (card[iid] in skills or mods or granting and given_by_permanent(iid, granting, zones, face, card)):
            continue
        x = state.skill(iid, "charge")
        if x and state.on_field(iid):
            got = state.charge_from_deck(p, iid, x, events, "digest A.5.17 Charge")  # each one a power card more
            if got:
                events.append(make_event("power.charge", f"{state.name_of(iid)}: Charge {x} adds {got} power card(s)", "digest A.5.17",
                                {"card": iid, "n": got}))


def power_hosts(state, p: int) -> list[int]:
    """Your actives and dominated characters with room under their mental (seed
    4.4): the candidates meet the other conditions of ``power_host_problem``,
    so only the room is checked here."""
    table = state.table
    zones, face, card, db = table.zones, table.face, table.card, state.db
    changing = (LAST_KINDS[1] if LAST_KINDS[0] is db else card_kinds(db)).changing.get("mental", ())
    stat = state.stat
    out = []
    mods = state.modifiers
    chars = list(zones[DOMINION[p]])  # state.characters(p), without its call: dominated, then actives
    for k in FACTION_STACKS[p]:
        z = zones[k]
        if z:
            chars.append(z[-1])
    for i in chars:  # power_and_mental for each, written out: this runs at every power card decision
        att = zones.get(ATT[i])
        n = 0  # its power cards (face down under it)
        up = False  # a face-up permanent under it that changes mental (``_bonus``)
        if att:
            for a in att:
                if face[a]:
                    if card[a] in changing:
                        up = True
                else:
                    n += 1
        if up or mods:
            if n < stat(i, "mental"):
                out.append(i)
        elif n < db[card[i]]["mental"]:  # the printed mental (stat without modifiers)
            out.append(i)
    return out


def power_and_mental(state, i: int) -> tuple[int, int]:
    """The character ``i``'s power cards (the face-down cards under it) and its
    mental (seed 4.4): the printed one unless a face-up permanent under it
    changes mental or this turn's effects may (then ``stat``)."""
    table = state.table
    face, card, db = table.face, table.card, state.db
    changing = (LAST_KINDS[1] if LAST_KINDS[0] is db else card_kinds(db)).changing.get("mental", ())
    n = 0
    up = False  # a face-up permanent under it that changes mental (``_bonus``)
    for a in table.zones.get(ATT[i], ()):
        if face[a]:
            if card[a] in changing:
                up = True
        else:
            n += 1
    if up or state.modifiers:
        return n, state.stat(i, "mental")
    m = db[card[i]]["mental"]  # the printed mental (stat without modifiers)
    return n, m if m > 0 else 0


# a power card choice (hand card, host) is the same value decision after decision: made
# once, kept by player and host (its iid, with the host's card id, which names it; a
# determinized copy's cards have other ids, so it is checked), then by the hand card's iid;
# the words, which name the host, are written once per host
_MADE: tuple = ({}, {})  # [player][host iid] -> (host card id, the words, {hand iid: choice})


def _decision(state, p, hand, hosts):
    made = _MADE[p]
    card = state.table.card
    by_host = []
    for t in hosts:
        e = made.get(t)
        if e is None or e[0] != card[t]:
            e = made[t] = (card[t], f"Power card under {state.db[card[t]]['name']}", {})
        by_host.append((t, e[1], e[2]))
    ch = []
    for h in hand:
        for t, label, d in by_host:
            c = d.get(h)
            if c is None:
                c = d[h] = make_choice("power", {"card": h, "target": t}, p, label)
            ch.append(c)
    ch.append(_END_POWER[p])
    d = PowerDecision(ONE[p], "power", "Power card phase: drag hand cards under your characters", ch)
    d.hosts = hosts
    return d


class PowerDecision(OnePlayerDecision):
    """A power card decision, with the characters it offers as hosts (``hosts``,
    ``power_hosts``): once a card is placed, the next one offers the same ones,
    less the host that became full."""

    __slots__ = ("hosts",)


@PROCS.decision("power_card_phase", rule="Power card phase (seed 4.4)")
class PowerCardPhase:
    """Charge at the start (digest A.5.17); hand cards go face down under your
    characters, never beyond mental (seed 4.4); when the player ends it or
    nothing more fits, domination (seed 4.4)."""

    def run(state, step, events):
        if step.stage:
            open_phase(state, step, events, "power")
            charge(state, events)
        elif state.decision is not None:  # the next decision, made as a card was placed (``choose``)
            return WAIT
        p = state.active
        hand = state.table.zones[HAND[p]]
        hosts = power_hosts(state, p) if hand else None
        if not hosts:
            domination(state, events)
            return DONE
        state.decision = _decision(state, p, hand, hosts)
        return WAIT

    def decide(state, step):
        p = state.active
        return _decision(state, p, state.table.zones[HAND[p]], power_hosts(state, p))

    def choose(state, step, choice, events):
        if choice.kind == "end_power":
            domination(state, events)
            return DONE
        h, t = choice.args["card"], choice.args["target"]
        table = state.table
        db, card = state.db, table.card
        c = db[card[t]]
        name = c["name"]
        events.append(state.move(h, ATT[t], face=0, caption=f"A power card goes under {name}", rule="seed 4.4"))
        pw, m = power_and_mental(state, t)  # its power cards (the one placed among them) and its mental
        events.append(make_event("power.place", f"{name} has {pw}/{m} power cards",
                        "seed 4.4", {"card": t, "power": pw}))
        # the next decision offers the hosts the one this choice is from did (state.decision),
        # less ``t`` once it is full: each host's room is its own, and nothing else
        # ``power_hosts`` reads changed; with nothing left to place, ``run`` ends the phase
        hosts = state.decision.hosts
        if pw >= m:
            hosts = [x for x in hosts if x != t]
        hand = table.zones[HAND[state.active]]
        if hand and hosts:
            state.decision = _decision(state, state.active, hand, hosts)
        return AGAIN


def domination(state, events):
    """Each faction's active whose power cards reach its mental moves to the
    dominion area with them; mental 0 moves with none; only the top active of
    each faction moves per turn (seed 4.4)."""
    p = state.active
    table = state.table
    zones, db, card = table.zones, state.db, table.card
    for f, key in zip(FACTIONS, FACTION_STACKS[p]):
        z = zones[key]
        if not z:
            continue
        a = z[-1]  # the faction's active character
        pw, m = power_and_mental(state, a)
        if pw >= m:
            events.append(make_event("power.check", f"{db[card[a]]['name']}: {pw} power card(s) reach mental {m}", "seed 4.4",
                            {"card": a, "faction": f, "power": pw, "mental": m}))
            state.move_to_dominion(a, events, "seed 4.4 (domination)")
        else:
            events.append(make_event("power.stay", f"{db[card[a]]['name']}: {pw}/{m} power cards, stays in the faction area",
                                "seed 4.4", {"card": a, "faction": f, "power": pw, "mental": m}))
