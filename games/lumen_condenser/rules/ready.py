"""The Ready phase (seed 5.2): both players choose a technique at once,
hidden from each other; a player who does not declare in time is in the
no-response state and has no technique this battle (an attack against them
is judged a hit, seed 5.3.8)."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_choice
from tabletop.engine.procedure import DONE, WAIT

from ..captions import DataEvent
from ..zones import BATTLE, HAND
from .decision import LumenDecision
from .made import choice_list, fill, made_for
from .procedures import PROCS, push

NO_RESPONSE_LOSS = 3     # seed 5: the third no response loses
TIMER_SECONDS = 10       # seed 5.2
_OTHER = ((1,), (0,))    # the player a declaration is hidden from, by the declarer
# what that player is told of a declaration, by the declarer (made once: an event's data is read, never changed)
_PUBLIC = ({"player": 0, "card": None}, {"player": 1, "card": None})


@PROCS.step("ready_phase", rule="Ready phase (seed 5.2)")
def ready_phase(state, step, events):
    """Seed 5.2: both choose a technique at once, hidden from each other."""
    state.phase = "ready"
    state.battle_step = ""
    state.clear_ready()
    state.first_declarer = -1
    state.told("phase.begin", "Ready phase: both choose a technique at once", "seed 5.2",
               ("phase", "ready"))  # its data written when read
    push(state, "ready_declarations")
    return DONE


# a restriction's refusal, whole, by the type it allows
ONLY_TYPE = {
    "attack": "an effect this turn lets you ready only attack techniques (seed 3.2)",
    "defence": "an effect this turn lets you ready only defence techniques (seed 3.2)",
}


def _type_refusal(t, restriction: str) -> str | None:
    if t.special:
        return f"{t.name} is a special technique and can't be readied (digest B.1 rule 4)"
    if restriction and t.type != restriction:
        return ONLY_TYPE[restriction]
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


def declares_caption(player: str) -> str:
    """A player's declaration, in words."""
    return f"{player} declares ready"


def _declared(state, p: int, announce: bool = True) -> bool:
    """Record that p is done (a declaration, announced, or a no response);
    True once both are done."""
    state.declared[p] = 1
    if state.first_declarer < 0:
        state.first_declarer = p
    if announce:
        # make_event("ready.declare", caption, "seed 5.2", data, (q,), public), written out here (no call)
        ev = DataEvent()  # its caption and data written when read
        ev.kind = "ready.declare"
        ev._say = (declares_caption, state.names[p])
        ev.rule = "seed 5.2"
        ev._more = ("player", p, "card", state.ready_picks[p])
        ev.hidden_from = _OTHER[p]
        ev.public = _PUBLIC[p]
        state.events.append(ev)
    if state.declared[0] and state.declared[1]:
        state.first_declarer = -1
        return True
    return False


def _no_response(state, p: int, why: str) -> str:
    """Seed 5.2: a player who does not declare within the time is in the
    no-response state ("10초 내에 선언하지 않았으면 대응 없음 상태가 된다");
    the third one loses (seed 5, in the end-of-game check). The player has
    no technique this battle: an attack against them is judged a hit, with
    the attack's hit judgment and damage (seed 5.3.8: "미대응 상대에게
    공격했을 때 ... 공격 기술의 히트 판정과 데미지를 적용한다"; nobody picks a
    technique for them). They skip this turn's Get (digest B.4 rule 16; the
    seed says nothing of the Get). Returns DONE once both are done."""
    state.ready_picks[p] = -1
    state.skips_get[p] = 1
    state.no_responses[p] += 1
    state.outcome_due = True
    n = state.no_responses[p]
    state.event("ready.no_response", f"{state.names[p]}: no response ({why}), {n} of {NO_RESPONSE_LOSS}", "seed 5.2",
                {"player": p, "count": n})
    state.event("counter.change", f"{state.names[p]} no-response count {n}", "seed 5.2",
                {"player": p, "counter": "no_response", "delta": 1, "value": n})
    if n >= NO_RESPONSE_LOSS:
        return WAIT  # the end-of-game check ends the game
    state.event("ready.no_technique", f"{state.names[p]} has no technique this battle: an attack against them "
                "is judged a hit", "seed 5.3.8", {"player": p})
    return DONE if _declared(state, p, announce=False) else WAIT


# choices that never change, made once (a decision lists the same objects each time)
_NO_RESPONSE = tuple(Choice("no_response", {}, p, "No technique to ready: no response", role="pass") for p in (0, 1))
_TIMEOUT = tuple(Choice("timeout", {}, p, f"{TIMER_SECONDS} seconds passed: no response", role="timeout")
                 for p in (0, 1))
# the ready choices of each player's cards under each restriction ("": none), made once
# (made.py); False for a card that can't be readied (_type_refusal)
_READY_KEYS = tuple({r: ("ready", p, r) for r in ("", "attack", "defence")} for p in (0, 1))


def _ready_maker(p: int, r: str):
    def make(iid: int, t):
        if _type_refusal(t, r) is not None:
            return False
        return make_choice("ready", {"card": iid, "to": BATTLE[p]}, p, f"Ready {t.name}")
    return make


READY_PROMPT = "Ready: choose a technique (hidden until both are in)"
_READY_MAKE = {key: _ready_maker(key[1], key[2]) for keys in _READY_KEYS for key in keys.values()}


@PROCS.decision("ready_declarations", rule="Ready declaration (seed 5.2)")
class ReadyDeclarations:
    """One decision for both players; each applies their own ``ready``
    choice; the pick stays hidden until both are in. Nothing runs before it
    waits: ``ready_phase`` pushes it with nobody declared, and the choice
    that completes both declarations finishes it."""

    @staticmethod
    def decide(state, step):
        timeout = state.timed and state.first_declarer >= 0
        old = state.decision
        if state.events is not None and old is not None and old.kind == "ready" and old.split is not None:
            # a choice being applied to the decision of both: one has declared, and the other's
            # choices are the ones they had (a declaration changes no hand, restriction or card)
            declared = state.declared
            if declared[0] != declared[1]:
                p = 1 if declared[0] else 0
                ch = old.choices[old.split:] if p else old.choices[:old.split]  # never a timeout: nobody had declared
                if timeout:
                    ch.append(_TIMEOUT[p])
                return LumenDecision.of(p, "ready", READY_PROMPT, ch)
        m = state.made_memo
        if m is None or m.cards is not state.table.card:
            m = made_for(state)
        zones = state.table.zones
        players = []
        ch = []
        split = 0  # where player 2's choices begin
        for p in (0, 1):
            if state.declared[p]:
                continue
            players.append(p)
            if p == 1:
                split = len(ch)
            key = _READY_KEYS[p][state.restrictions[p]]
            lst = m.lists.get(key) or choice_list(m, key)
            make = _READY_MAKE[key]
            n = len(ch)
            for iid in zones[HAND[p]]:  # ready_cards
                c = lst[iid] or fill(m, lst, key, iid, make)
                if c is not False:
                    ch.append(c)
            if len(ch) == n:
                ch.append(_NO_RESPONSE[p])
            if timeout:
                ch.append(_TIMEOUT[p])
        return LumenDecision.both(players, "ready", READY_PROMPT, ch, split if len(players) == 2 else None)

    @staticmethod
    def choose(state, step, c, events):
        p = c.player
        if c.kind == "ready":
            state.ready_picks[p] = c.args["card"]
            return DONE if _declared(state, p) else WAIT
        if c.kind == "no_response":
            return _no_response(state, p, "no technique can be readied")
        return _no_response(state, p, f"{TIMER_SECONDS} seconds passed after the opponent's ready")
