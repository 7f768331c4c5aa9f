"""Set-up (digest A.3.10): both players shuffle and draw 7 (game.py); the
second player may shuffle the hand back and draw 7 again, once."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_event
from tabletop.engine.kitstate import OnePlayerDecision
from tabletop.engine.procedure import DONE, WAIT

from ..board import DECK, HAND, ONE
from .procedures import PROCS

RULE = "digest A.3.10"


@PROCS.decision("redraw", rule="Set-up: the second player's redraw (digest A.3.10)")
class Redraw:
    """Keep the opening hand or redraw 7 (args: player)."""

    def run(state, step, events):
        return WAIT

    def decide(state, step):
        p = step.args["player"]
        return OnePlayerDecision(ONE[p], "redraw", "Keep your opening hand, or shuffle it back and draw 7 again (once)?", [
            Choice("keep", {}, p, "Keep this hand", role="confirm"), Choice("redraw", {}, p, "Redraw 7 cards")])

    def choose(state, step, choice, events):
        p = step.args["player"]
        if choice.kind == "redraw":
            hand = state.table.zones[HAND[p]]
            while hand:
                events.append(state.move(hand[-1], DECK[p], face=0, caption=f"{state.names[p]} returns the hand to the deck",
                                           rule="digest A.3.10 redraw"))
            state.rng.shuffle(state.table.zones[DECK[p]])
            events.append(make_event("setup.redraw", f"{state.names[p]} shuffles and draws 7 again", RULE, {"player": p}))
            for _ in range(7):
                state.draw_card(p, events, "digest A.3.10 redraw")
        else:
            events.append(make_event("setup.keep", f"{state.names[p]} keeps the hand", RULE, {"player": p}))
        return DONE
