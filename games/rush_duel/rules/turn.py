"""The turn (seed 3): Draw Phase, Main Phase, Battle Phase (with its Damage Step), End
Phase. :data:`TURN_STRUCTURE` is the order of a turn in one place."""

from __future__ import annotations

from tabletop.engine.core import make_event
from tabletop.engine.procedure import DONE

from ..effects import F_TURN_BITS
from ..zones import Z
from .procedures import PROCS, push

START_LP = 8000      # each player's Life Points at the start (seed 2; digest 1.C rule 9)
START_HAND = 4       # cards each player draws at the start (seed 2)
HAND_TARGET = 5      # the Draw Phase draws up to this many (seed 3.1)

#: the turn in order: (phase, procedure, rule, where it lives). The Battle Phase runs
#: ``damage_step`` for each attack declared; the trap timings (``trap_window``) open
#: after an attack declaration, a summon or a card's effect.
TURN_STRUCTURE = (
    ("draw", "draw_phase", "Draw Phase (seed 3.1; digest 1.D rule 13)", "rules/turn.py"),
    ("main", "main_phase", "Main Phase (seed 3.2; digest 1.D rule 15)", "rules/main.py"),
    ("battle", "battle_phase", "Battle Phase (seed 3.3)", "rules/battle.py"),
    ("end", "end_phase", "End Phase (seed 3.4; digest 1.D rules 14, 21)", "rules/turn.py"),
)
PHASES = tuple(phase for phase, _proc, _rule, _where in TURN_STRUCTURE)
RULE = {proc: rule for _phase, proc, rule, _where in TURN_STRUCTURE}


class TurnRules:
    """Mixin of RushState: the phases that run by themselves."""

    def start_turn(self, events: list) -> None:
        """A new turn begins with its Draw Phase (seed 3)."""
        events.append(make_event("turn.begin", f"Turn {self.turn_number}: {self.names[self.active]}'s turn", "seed 3",
                            {"turn": self.turn_number, "player": self.active}))
        push(self, "draw_phase")

    def _draw_phase(self, events: list) -> None:
        """Draw Phase (seed 3.1; digest 1.D rule 13): draw until the hand holds 5, or
        1 card when it already holds 5 or more; the first player draws on turn 1 too.
        Not enough cards in the deck: that player loses (seed 3.1, digest 11)."""
        p = self.active
        self.phase = "draw"
        events.append(make_event("phase.begin", f"{self.names[p]}'s Draw Phase", "seed 3.1", {"phase": "draw", "player": p}))
        h = len(self.table.zones[Z[p]["hand"]])
        n = 1 if h >= HAND_TARGET else HAND_TARGET - h
        if h >= HAND_TARGET:
            cap = f"{self.names[p]} holds {h} cards and draws {n} (5 or more in hand: draw 1)"
        elif h == 1:
            cap = f"{self.names[p]} holds 1 card and draws {n} to hold 5"
        else:
            cap = f"{self.names[p]} holds {h} cards and draws {n} to hold 5"
        events.append(make_event("draw.count", cap,
                               "seed 3.1 (draw until 5; 1 at 5 or more)", {"player": p, "hand": h, "n": n}))
        if not self.draw(p, n, events, "seed 3.1"):
            return
        self.phase = "main"
        events.append(make_event("phase.begin", f"{self.names[p]}'s Main Phase", "seed 3.2", {"phase": "main", "player": p}))
        push(self, "main_phase")

    def _end_phase(self, events: list) -> None:
        """End Phase (seed 3.4; digest 1.D rules 14, 21): 'until end of turn' effects
        expire, once-per-turn marks reset, no hand limit; the turn passes."""
        p = self.active
        self.phase = "end"
        events.append(make_event("phase.begin", f"{self.names[p]}'s End Phase", "seed 3.4", {"phase": "end", "player": p}))
        self.until_end_of_turn = {}
        flags = self.card_flags
        if flags:
            mask = ~F_TURN_BITS
            kept = {}  # a plain loop: over a few marked cards it costs less than a comprehension
            for k, v in flags.items():
                v &= mask
                if v:
                    kept[k] = v
            self.card_flags = kept
        else:  # nothing marked: a new empty table all the same (a clone may share the old one)
            self.card_flags = {}
        events.append(make_event("end.cleanup", "Effects that last until the end of the turn expire; there is no hand limit",
                               "digest 1.D rules 14, 21", {"player": p}))
        self.turn_number += 1
        self.active = 1 - p
        self.start_turn(events)


@PROCS.step("draw_phase", rule=RULE["draw_phase"])
def draw_phase(state, step, events):
    """Draw Phase (seed 3.1), then the Main Phase begins."""
    state._draw_phase(events)
    return DONE


@PROCS.step("end_phase", rule=RULE["end_phase"])
def end_phase(state, step, events):
    """End Phase (seed 3.4), then the next player's turn begins."""
    state._end_phase(events)
    return DONE
