"""The Ready phase (seed 5.2): both players choose a technique at once,
hidden from each other; a player who makes no response has one forced on
them by the opponent (digest B.4 rule 16)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, Event
from tabletop.engine.procedure import DONE, WAIT

from ..zones import BATTLE, HAND
from .procedures import PROCS, push

NO_RESPONSE_LOSS = 3     # seed 5: the third no response loses
TIMER_SECONDS = 10       # seed 5.2


@PROCS.step("ready_phase", rule="Ready phase (seed 5.2)")
def ready_phase(state, step, events):
    """Seed 5.2: both choose a technique at once, hidden from each other."""
    state.phase = "ready"
    state.battle_step = ""
    state.ready_picks = [-1, -1]
    state.declared = [0, 0]
    state.first_declarer = -1
    state.emit("phase.begin", "Ready phase: both choose a technique at once", "seed 5.2", phase="ready")
    push(state, "ready_declarations")
    return DONE


def _type_refusal(t, restriction: str) -> str | None:
    if t.special:
        return f"{t.name} is a special technique and can't be readied (digest B.1 rule 4)"
    if restriction and t.type != restriction:
        return f"an effect this turn lets you ready only {restriction} techniques (seed 3.2)"
    return None


def ready_refusal(state, p: int, iid) -> str | None:
    """Why ``p`` may not ready card ``iid`` now, or None: only attack or
    defence techniques in hand (special techniques can't be readied, digest
    B.1 rule 4), within any restriction placed this turn (seed 3.2)."""
    if iid not in state.table.zones[HAND[p]]:
        return "only a technique in your hand can be readied (seed 5.2)"
    return _type_refusal(state.tech(iid), state.restrictions[p])


def ready_cards(state, p: int) -> list[int]:
    """Techniques ``p`` may ready now (:func:`ready_refusal` for each card of the hand)."""
    r = state.restrictions[p]
    techs = state.card_db.techs
    cards = state.table.card
    return [iid for iid in state.table.zones[HAND[p]] if _type_refusal(techs[cards[iid]], r) is None]


def force_refusal(state, target: int, iid) -> str | None:
    """Why the opponent may not force ``target`` to ready ``iid``, or None
    (digest B.4 rule 16): one of the techniques ``target`` could ready
    (:func:`ready_refusal`)."""
    if state.table.zone[iid] != HAND[target]:
        return (f"{state.names[target]} made no response: choose a technique from their hand that they could "
                "ready (digest B.4 rule 16)")
    r = _type_refusal(state.tech(iid), state.restrictions[target])
    return None if r is None else f"{state.names[target]} could not ready it: {r}"


def _declared(state, p: int) -> bool:
    """Record p's declaration; True once both have declared."""
    state.declared[p] = 1
    if state.first_declarer < 0:
        state.first_declarer = p
    q = 1 - p
    card = state.ready_picks[p]
    state.events.append(Event("ready.declare", f"{state.names[p]} declares ready", "seed 5.2",
                              {"player": p, "card": card}, (q,), {"player": p, "card": None}))
    if state.declared[0] and state.declared[1]:
        state.first_declarer = -1
        return True
    return False


def _no_response(state, p: int, why: str) -> str:
    """Seed 5.2: a player who does not declare ready becomes "no response";
    the third one loses (seed 5, in the end-of-game check). The procedure
    (digest B.4 rule 16, which the seed does not contradict): the count goes
    up, the player skips this turn's Get, and the opponent picks one
    technique the player could ready from their hand and forces it
    (``no_response_pick``). With no such technique the player has no
    technique this battle, and an attack against them is judged a hit (seed
    5.3.8: "미대응 상대에게 공격했을 때" is a hit; the digest's "opponent
    chooses hit or counter" for the virtual technique is not followed, the
    seed names only the hit). Returns DONE once both have declared."""
    state.ready_picks[p] = -1
    state.skips_get[p] = 1
    state.no_responses[p] += 1
    n = state.no_responses[p]
    state.emit("ready.no_response", f"{state.names[p]}: no response ({why}), {n} of {NO_RESPONSE_LOSS}",
               "seed 5.2", player=p, count=n)
    state.emit("counter.change", f"{state.names[p]} no-response count {n}", "seed 5.2",
               player=p, counter="no_response", delta=1, value=n)
    q = 1 - p
    if n >= NO_RESPONSE_LOSS:
        return WAIT  # the end-of-game check ends the game
    legal = ready_cards(state, p)
    if legal:
        state.events.append(state.table.reveal(legal, to=(q,), caption=f"{state.names[q]} looks at the techniques "
                                               f"{state.names[p]} could ready", rule="digest B.4 rule 16"))
        state.emit("ready.force_open", f"{state.names[q]} chooses which technique {state.names[p]} must ready",
                   "digest B.4 rule 16", player=q, target=p)
        push(state, ("no_response_pick", {"player": q, "target": p}))
        return WAIT
    state.emit("ready.no_technique", f"{state.names[p]} has no technique to ready: no technique this battle "
               "(an attack against them hits)", "seed 5.3.8", player=p)
    return DONE if _declared(state, p) else WAIT


@PROCS.decision("ready_declarations", rule="Ready declaration (seed 5.2)")
class ReadyDeclarations:
    """One decision for both players; each applies their own ``ready``
    choice; the pick stays hidden until both are in."""

    @staticmethod
    def run(state, step, events):
        return DONE if state.declared[0] and state.declared[1] else WAIT

    @staticmethod
    def decide(state, step):
        techs = state.card_db.techs
        cards_of = state.table.card
        zones = state.table.zones
        timeout = state.timed and state.first_declarer >= 0
        players = []
        ch = []
        for p in (0, 1):
            if state.declared[p]:
                continue
            players.append(p)
            r = state.restrictions[p]
            to = BATTLE[p]
            n = len(ch)
            for iid in zones[HAND[p]]:  # ready_cards
                t = techs[cards_of[iid]]
                if _type_refusal(t, r) is None:
                    ch.append(Choice("ready", {"card": iid, "to": to}, p, "Ready " + t.name))
            if len(ch) == n:
                ch.append(Choice("no_response", {}, p, "No technique to ready: no response", role="pass"))
            if timeout:
                ch.append(Choice("timeout", {}, p, f"{TIMER_SECONDS} seconds passed: no response", role="timeout"))
        return Decision(players, "ready", "Ready: choose a technique (hidden until both are in)", ch)

    @staticmethod
    def choose(state, step, c, events):
        p = c.player
        if c.kind == "ready":
            state.ready_picks[p] = c.args["card"]
            return DONE if _declared(state, p) else WAIT
        if c.kind == "no_response":
            return _no_response(state, p, "no technique can be readied")
        return _no_response(state, p, f"{TIMER_SECONDS} seconds passed after the opponent's ready")


@PROCS.decision("no_response_pick", rule="No response (digest B.4 rule 16)")
class NoResponsePick:
    """Digest B.4 rule 16: the opponent of the no-response player forces
    one of that player's legal techniques to be readied."""

    @staticmethod
    def decide(state, step):
        p = step.args["player"]
        m = step.args["target"]
        techs = state.card_db.techs
        ch = [Choice("force", {"card": i}, p, f"Make {state.names[m]} ready {techs[state.table.card[i]].name}")
              for i in ready_cards(state, m)]
        return Decision([p], "no_response_pick",
                        f"{state.names[m]} made no response: choose the technique they must ready", ch)

    @staticmethod
    def choose(state, step, c, events):
        """The cards the opponent looked at go back to being hidden (as at
        set-up, seed 4.2); the ready declarations go on."""
        q = c.player
        p = step.args["target"]
        iid = c.args["card"]
        for i in ready_cards(state, p):
            state.table.known[i] &= ~(1 << q)
        state.ready_picks[p] = iid
        state.emit("ready.forced", f"{state.names[q]} makes {state.names[p]} ready {state.tech(iid).name}",
                   "digest B.4 rule 16", player=q, target=p, card=iid)
        _declared(state, p)
        return DONE
