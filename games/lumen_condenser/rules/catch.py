"""Catch time (seed 5.3.10): with exactly one player's FP not 0, the
player with + FP (or the player at 0 against - FP, digest B.7 rule 32) may
hit at once with an attack of speed up to that FP, again while possible."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_choice
from tabletop.engine.procedure import DONE

from ..effects import apply_effect, condition_holds
from ..zones import BATTLE, HAND
from .combo import can_combo, open_combo
from .decision import LumenDecision
from .judgment import step_event
from .procedures import PROCS, push


_DECLINE = tuple(Choice("catch_decline", {}, p, "Don't catch", role="pass") for p in (0, 1))


def catch_info(state):
    """Seed 5.3.10: catch time only when exactly one player has non-zero FP;
    the player with + FP (or, against - FP, the player at 0; digest B.7
    rule 32) may use techniques up to that much speed. Returns (catcher,
    max speed) or None."""
    a, b = state.fp
    if (a != 0) == (b != 0):
        return None
    x = 0 if a else 1
    f = state.fp[x]
    return (x, f) if f > 0 else (1 - x, -f)


def _catch_card_refusal(state, iid: int, top_speed: int) -> str | None:
    if not can_combo(state, iid):
        return f"{state.tech(iid).name} is not an attack technique: only an attack can catch (seed 5.3.10)"
    if state.tech(iid).speed > top_speed:
        return (f"{state.tech(iid).name} has speed {state.tech(iid).speed}: a catch uses an attack of speed "
                f"{top_speed} or less (seed 5.3.10)")
    return None


def catch_refusal(state, p: int, iid: int, top_speed: int) -> str | None:
    """Why ``p`` may not catch with ``iid`` now, or None (seed 5.3.10): an
    attack technique (not a special one) from p's hand, of speed
    ``top_speed`` or less."""
    if state.table.zone[iid] != HAND[p]:
        return "a catch uses an attack from your hand (seed 5.3.10)"
    return _catch_card_refusal(state, iid, top_speed)


def catch_cards(state, p: int, top_speed: int) -> list[int]:
    """The attacks ``p`` may catch with (:func:`catch_refusal` for each card of the hand)."""
    return [i for i in state.table.zones[HAND[p]] if _catch_card_refusal(state, i, top_speed) is None]


@PROCS.step("catch_time", rule="Catch time (seed 5.3.10)")
def catch_time(state, step, events):
    """Seed 5.3.10: the catch step (``again`` after a catch: its event is
    ``catch.again``); the catcher then chooses (``catch_choice``)."""
    ev = step_event(state, "catch", "seed 5.3.10")
    if step.args.get("again"):
        ev.kind = "catch.again"
    info = catch_info(state)
    if info is None:
        a, b = state.fp
        ev._say = ("Catch time: both players have FP, no catch" if a and b else
                   "Catch time: nobody has FP; nothing happens")
        return DONE
    p, top = info
    techs = state.card_db.techs
    cards = state.table.card
    for i in state.table.zones[HAND[p]]:  # any of catch_cards (_catch_card_refusal, written out)
        t = techs[cards[i]]
        if t.type == "attack" and not t.special and t.speed <= top:
            break
    else:
        ev._say = f"Catch time: {state.names[p]} could catch up to speed {top} but has no such attack in hand"
        return DONE
    ev._say = f"Catch time: {state.names[p]} may catch with an attack of speed {top} or less"
    ev._more = ("catch", "player", p, "max", top)
    push(state, ("catch_choice", {"player": p, "max": top}))
    return DONE


@PROCS.decision("catch_choice", rule="Catch time (seed 5.3.10)")
class CatchChoice:
    """Catch with an attack of speed up to the FP, or decline."""

    @staticmethod
    def decide(state, step):
        p = step.args["player"]
        top = step.args["max"]
        techs = state.card_db.techs
        ch = [make_choice("catch", {"card": i}, p, f"Catch with {techs[state.table.card[i]].name}")
              for i in catch_cards(state, p, top)]
        ch.append(_DECLINE[p])
        return LumenDecision.of(p, "catch", f"Catch time: use an attack of speed {top} or less?", ch)

    @staticmethod
    def choose(state, step, c, events):
        """Seed 5.3.10: FP to 0, the technique hits at once (hit judgment and
        damage: its and the trait's on-hit effects); the HP check follows,
        then ``catch_follow_through`` and catch time again."""
        p = c.player
        if c.kind == "catch_decline":
            q = 1 - p
            if state.fp[q] < 0:
                state.keeps_negative_fp[q] = 1
            state.event("catch.decline", f"{state.names[p]} does not catch", "seed 5.3.10", {"player": p})
            return DONE
        iid = c.args["card"]
        t = state.tech(iid)
        for x in (0, 1):
            state.set_fp(x, 0, "catch time", "seed 5.3.10")
        state.move(iid, BATTLE[p], 1, f"{state.names[p]} catches with {t.name}", "seed 5.3.10")
        state.event("catch.hit", f"Catch: {t.name} hits for {t.damage}", "seed 5.3.10",
                    {"player": p, "card": iid, "damage": t.damage})
        for e in t.effects_at.get("hit", ()):
            if condition_holds(state, p, e) and e["do"] not in ("power", "speed", "nullify", "break_self"):
                apply_effect(state, p, e, iid)
        for e in state.char(p).trait_effects_at.get("hit", ()):
            if condition_holds(state, p, e):
                apply_effect(state, p, e, iid, trait=True)
        state.set_hp(1 - p, state.hp[1 - p] - t.damage, "catch", "seed 5.3.10")
        push(state, ("catch_follow_through", {"player": p, "card": iid}), ("catch_time", {"again": True}))
        return DONE


@PROCS.step("catch_follow_through", rule="Catch time (seed 5.3.10)")
def catch_follow_through(state, step, events):
    """The catch technique's hit judgment: a hit field reading 'combo'
    starts combo time with it as the 1st combo (seed 6, digest B.7 rule
    33); otherwise its hit FP, and it goes to the List."""
    p = step.args["player"]
    iid = step.args["card"]
    t = state.tech(iid)
    if t.hit == "combo":
        open_combo(state, p, iid)
        return DONE
    if t.hit:
        state.set_fp(p, state.fp[p] + t.hit, "catch hit", "seed 5.3.10")
    state.to_list(iid, "seed 5.3.10")
    return DONE
