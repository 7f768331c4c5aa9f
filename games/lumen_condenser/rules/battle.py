"""The Battle phase (seed 5.3): the readied techniques are revealed, the
grab window follows (seed 7), then the judgment (rules/judgment.py), combo
and catch time, and the clean-up.

:data:`BATTLE_STEPS` is the order the battle runs in: ``battle_phase``
pushes it as it stands.
"""

from __future__ import annotations

from tabletop.engine.core import Choice, make_choice
from tabletop.engine.procedure import DONE, WAIT

from ..captions import writer
from ..effects import apply_effect
from ..zones import BATTLE, HAND
from .breaks import break_card
from .decision import LumenDecision
from .judgment import JUDGMENT_ORDER, battle_techs
from .procedures import PROCS, push, run_in_place

BATTLE_STEPS = ("reveal", "grab_timing") + JUDGMENT_ORDER + ("cleanup",)

REVEALS = "{player} reveals {card}"
_ALLOW = tuple(Choice("grab_allow", {}, p, "Let the grab go on", role="pass") for p in (0, 1))
VERSUS = "{first} vs {second}"
WRITE_REVEALS = writer(REVEALS)
WRITE_VERSUS = writer(VERSUS)


@PROCS.step("battle_phase", rule="Battle phase (seed 5.3)")
def battle_phase(state, step, events):
    """Seed 5.3: reveal the readied techniques and judge them in order (run
    in place up to the first step that waits for a player)."""
    run_in_place(state, events, BATTLE_STEPS)
    return DONE


@PROCS.step("reveal", rule="Reveal (seed 5.3)")
def reveal(state, step, events):
    """Seed 5.3: both readied techniques are revealed in the battle zone."""
    state.phase = "battle"
    state.battle_step = ""
    state.reset_battle()
    state.fp_zero_at_reveal = state.fp[0] == 0 and state.fp[1] == 0
    state.told("phase.begin", "Battle phase", "seed 5.3", ("phase", "battle"))  # its data written when read
    techs = state.card_db.techs
    cards = state.table.card
    shown = ["no technique", "no technique"]  # state.technique_name of each, once revealed
    for p in (0, 1):
        iid = state.ready_picks[p]
        if iid >= 0:
            t = techs[cards[iid]]
            state.move(iid, BATTLE[p], 1, (WRITE_REVEALS, state.names[p], t.name), "seed 5.3")  # said when read
            state.battle_cards[p] = iid
            state.technique_live[p] = 1
            state.speeds[p] = t.speed
            shown[p] = t.name
    state.battle_memo = None
    state.clear_ready()
    # its caption and data written when read
    state.told("battle.reveal", (WRITE_VERSUS, shown[0], shown[1]), "seed 5.3", ("cards", list(state.battle_cards)))
    return DONE


# -- grab (seed 7) --------------------------------------------------------------------------------
def _grab_card_refusal(t) -> str | None:
    if not t.grab:
        return f"{t.name} has no grab judgment: only a grab technique can be broken to nullify a grab (seed 7)"
    return None


def grab_break_refusal(state, p: int, iid) -> str | None:
    """Why ``p`` may not break ``iid`` to nullify a grab, or None (seed 7):
    a technique with the grab judgment in p's own hand."""
    if state.table.zone[iid] != HAND[p]:
        return "only a technique with the grab judgment in your hand can be broken to nullify a grab (seed 7)"
    return _grab_card_refusal(state.tech(iid))


def grab_cards(state, p: int) -> list[int]:
    """The grab techniques in p's hand (:func:`grab_break_refusal`): the ones that can be broken to nullify a grab."""
    techs = state.card_db.techs
    cards = state.table.card
    return [i for i in state.table.zones[HAND[p]] if _grab_card_refusal(techs[cards[i]]) is None]


@PROCS.step("grab_timing", rule="Grab (seed 7)")
def grab_timing(state, step, events):
    """Seed 7: when a grab technique is used, its opponent may break a grab
    technique from hand to nullify it. Two windows at once go by priority
    (a tie skips the timing, seed 3.2)."""
    answer = []
    tech, kind = state.battle_memo or battle_techs(state)
    for p in (0, 1):
        if kind[p] and tech[p].grab and grab_cards(state, 1 - p):  # a live technique with the grab judgment
            answer.append(1 - p)
    if not answer:
        return DONE
    if len(answer) == 2:
        pr = state.priority()
        if pr is None:
            state.event("priority.tie_skip", "Both may answer a grab and priority is tied: the grab timing is skipped",
                        "seed 3.2", {})
            return DONE
        answer = [pr, 1 - pr]
    push(state, *[("grab_window", {"player": q}) for q in answer])
    return DONE


@PROCS.decision("grab_window", rule="Grab negation (seed 7)")
class GrabWindow:
    """Seed 7: break a grab technique from hand to nullify the opponent's grab, or let it go on."""

    @staticmethod
    def run(state, step, events):
        state.battle_step = "grab"
        return WAIT

    @staticmethod
    def decide(state, step):
        p = step.args["player"]
        techs = state.card_db.techs
        ch = [make_choice("grab_break", {"card": i}, p, f"Break {techs[state.table.card[i]].name} to nullify the grab")
              for i in grab_cards(state, p)]
        ch.append(_ALLOW[p])
        return LumenDecision.of(p, "grab", "A grab: break a grab technique from hand to nullify it?", ch)

    @staticmethod
    def choose(state, step, c, events):
        """Seed 7: breaking a grab technique from hand nullifies the grab;
        both battle cards go back to hand and the Ready phase is played
        again; then the grab's own 'when its grab is broken' effects."""
        q = c.player
        if c.kind == "grab_allow":
            state.event("grab.allow", f"{state.names[q]} lets the grab go on", "seed 7", {"player": q})
            return DONE
        p = 1 - q
        state.event("grab.break", f"{state.names[q]} breaks a grab technique to nullify {state.technique_name(p)}",
                    "seed 7", {"player": q, "card": state.battle_cards[p]})
        while state.steps:
            if state.steps.pop().proc == "cleanup":  # the rest of this battle is dropped
                break
        push(state, "ready_phase", "battle_phase")
        break_card(state, c.args["card"], "seed 7")  # its replenishment runs before the new Ready phase
        t = state.tech(state.battle_cards[p])
        for e in t.effects_at.get("grab_broken", ()):
            apply_effect(state, p, e, state.battle_cards[p])
        state.battle_to_hand("seed 7")
        state.reset_battle()
        return DONE
