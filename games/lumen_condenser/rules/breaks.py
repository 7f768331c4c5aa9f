"""Breaking a card and the break replenishment (seed 3.3)."""

from __future__ import annotations

from tabletop.engine.core import make_choice
from tabletop.engine.procedure import DONE, WAIT

from ..zones import BREAK, LIST, LIST_MAX, SIDE
from .decision import LumenDecision
from .procedures import PROCS, push


def break_card(state, iid: int, rule: str) -> None:
    """Seed 3.3: a broken card goes to the break zone, and as many techniques
    as were broken come from the side deck face up to the List ("브레이크 시
    카드를 브레이크 존으로 보내며 이 때 사이드 덱에서 기술 카드를 브레이크한
    만큼 사이드 덱에서 꺼내 리스트에 앞면으로 둔다"): every broken card counts,
    a used special technique or an ultimate too (the seed makes no exception;
    digest B.2 rule 10's "normal attack or defence technique" is not
    followed). Special techniques can't go to the List. The refill is its
    own step (``replenish``), run right after the procedure that broke the
    card."""
    p = state.table.owner[iid]
    t = state.tech(iid)
    state.move(iid, BREAK[p], 1, f"{state.names[p]}'s {t.name} is broken", rule)
    push(state, ("replenish", {"player": p}))


def _replenish_card_refusal(t) -> str | None:
    if t.special:
        return f"{t.name} is a special technique and can't go to the List (seed 3.3)"
    return None


def replenish_refusal(state, p: int, iid) -> str | None:
    """Why ``iid`` may not refill p's List now, or None (seed 3.3): a
    technique of p's own side deck, not a special one."""
    if state.table.zone[iid] != SIDE[p]:
        return "refill your List with a technique from your own side deck (seed 3.3)"
    return _replenish_card_refusal(state.tech(iid))


def replenish_cards(state, p: int) -> list[int]:
    """Seed 3.3: the side-deck techniques that may refill the List (:func:`replenish_refusal`)."""
    techs = state.card_db.techs
    cards = state.table.card
    return [c for c in state.table.zones[SIDE[p]] if _replenish_card_refusal(techs[cards[c]]) is None]


def _replenish(state, p: int, c: int) -> None:
    state.move(c, LIST[p], 1, f"{state.names[p]} replenishes the List from the side deck "
               f"with {state.card_db.techs[state.table.card[c]].name}", "seed 3.3")


@PROCS.decision("replenish", rule="Break replenishment (seed 3.3)")
class Replenish:
    """Seed 3.3 break replenishment: the owner chooses which technique of
    their side deck goes face up to the List (the seed does not say who
    picks; the side deck is the owner's, so the owner does). Nothing when
    the List already holds 14 (digest B.2 rule 8) or no technique is left;
    a single candidate moves without a question."""

    @staticmethod
    def run(state, step, events):
        p = step.args["player"]
        if len(state.table.zones[LIST[p]]) >= LIST_MAX:
            state.event("break.replenish", f"{state.names[p]}'s List is full: no replenishment", "digest B.2 rule 10",
                        {"player": p})
            return DONE
        cands = replenish_cards(state, p)
        if not cands:
            state.event("break.replenish", f"{state.names[p]}'s side deck has no technique left to replenish the List",
                        "seed 3.3", {"player": p})
            return DONE
        if len(cands) == 1:
            _replenish(state, p, cands[0])
            return DONE
        return WAIT

    @staticmethod
    def decide(state, step):
        p = step.args["player"]
        techs = state.card_db.techs
        # a button per technique (no drag: the side deck is a pile, its cards can't be picked out of it by hand)
        ch = [make_choice("replenish", {"card": i}, p, f"Put {techs[state.table.card[i]].name} in the List")
              for i in replenish_cards(state, p)]
        return LumenDecision.of(p, "replenish", "A technique was broken: choose a side-deck technique for your List", ch)

    @staticmethod
    def choose(state, step, c, events):
        """Seed 3.3: the chosen side-deck technique goes face up to the List."""
        _replenish(state, c.player, c.args["card"])
        return DONE
