"""The discard phase (seed 4.5); the turn's end is in turn.py."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_event
from tabletop.engine.kitstate import OnePlayerDecision
from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..board import DISCARD, HAND, HAND_LIMIT, ONE
from .procedures import PROCS
from .turn import open_phase


@PROCS.decision("discard_phase", rule="Discard phase (seed 4.5)")
class DiscardPhase:
    """With 8 or more cards in hand, discard down to 7 (seed 4.5; Capacity+-X
    changes the 7, digest A.5.18), one card at a time."""

    def run(state, step, events):
        if step.stage:
            open_phase(state, step, events, "discard")
        p = state.active
        if len(state.table.zones[HAND[p]]) <= max(0, HAND_LIMIT + state.skill_total(p, "capacity")):  # hand_limit(p)
            return DONE
        return WAIT

    def decide(state, step):
        p = state.active
        hand = state.table.zones[HAND[p]]
        limit = state.hand_limit(p)
        return OnePlayerDecision(ONE[p], "discard", f"Discard down to {limit} cards ({len(hand) - limit} more)",
                        [Choice("discard", {"card": h, "to": f"p{p}.discard"}, p, f"Discard {state.name_of(h)}") for h in hand])

    def choose(state, step, choice, events):
        p = state.active
        h = choice.args["card"]
        events.append(state.move(h, DISCARD[p], face=1, caption="{player} discards {card}".format(player=state.names[p], card=state.name_of(h)),
                                   rule="seed 4.5"))
        events.append(make_event("discard.hand", f"{state.names[p]} discards down toward {state.hand_limit(p)}", "seed 4.5", {"card": h}))
        return AGAIN
