"""The battle's clean-up: defence over (seed 8), then readied techniques
back to hand (digest B.6 rule 31) or broken after use."""

from __future__ import annotations

from tabletop.engine.procedure import DONE

from ..zones import BATTLE, HAND
from .breaks import break_card
from .judgment import battle_techs
from .procedures import PROCS

DEFENCE_OVER = 3         # seed 8: three defence-vs-defence battles in a row


def returns_caption(card: str, player: str) -> str:
    """A readied technique going back to its owner's hand, in words."""
    return f"{card} returns to {player}'s hand"


@PROCS.step("cleanup", rule="Battle clean-up (digest B.6 rule 31, seed 8)")
def cleanup(state, step, events):
    """After the battle: readied techniques go back to hand (digest B.6
    rule 31), combo techniques to the List (seed 6), techniques with a
    'break after use' effect to the break zone; defence over (seed 8):
    three defence-vs-defence battles in a row with FP held at 0 break both
    defence techniques."""
    state.battle_step = ""
    kind = (state.battle_memo or battle_techs(state))[1]
    dd = kind[0] == "defence" and kind[1] == "defence"
    if dd and state.fp_zero_at_reveal and state.fp[0] == 0 and state.fp[1] == 0:
        state.defence_over_count += 1
    else:
        state.defence_over_count = 0
    if state.defence_over_count >= DEFENCE_OVER:
        state.event("battle.defence_over", f"Defence over: {DEFENCE_OVER} defence-vs-defence battles in a row with FP "
                    "held at 0; both defence techniques are broken", "seed 8", {})
        state.defence_over_count = 0
        for p in reversed(state.effect_order()):  # replenishment steps run from the priority holder
            break_card(state, state.battle_cards[p], "seed 8 (defence over)")
    elif dd:
        n = state.defence_over_count
        state.event("battle.defence_count", f"Defence vs defence with FP at 0: {n} of {DEFENCE_OVER}"
                    if n else "Defence vs defence, but FP was not held at 0", "seed 8", {"count": n})
    techs = state.card_db.techs
    cards = state.table.card
    owner = state.table.owner
    for p in reversed(state.effect_order()):
        for iid in list(state.table.zones[BATTLE[p]]):
            if state.breaks_after_use[p] and iid == state.battle_cards[p]:
                break_card(state, iid, "card effect (break after use)")
            else:
                state.move(iid, HAND[owner[iid]], 0, (returns_caption, techs[cards[iid]].name, state.names[p]),
                           "digest B.6 rule 31")  # said when read
    state.reset_battle()
    return DONE
