"""The Tidecall state: fields declared once, the view, the end-of-game check."""

from tabletop.engine.core import Event
from tabletop.engine.fields import declare, field
from tabletop.engine.kitstate import KitState
from tabletop.engine.outcome import Outcome, Termination
from tabletop.engine.table import CardTable, ZoneSpec

from .rules import FIELD_SLOTS, LEGAL, PROCESSOR

START_LIFE, PHASES = 10, ("draw", "main", "battle", "end")
SPECS = [spec for p in (0, 1) for spec in (
    ZoneSpec(f"p{p}.deck", p, "secret"), ZoneSpec(f"p{p}.hand", p, "owner"),
    ZoneSpec(f"p{p}.field", p, "public", True, FIELD_SLOTS), ZoneSpec(f"p{p}.discard", p, "public"))]


class TidecallState(KitState):
    PROCESSOR, CHECKS, SPECS = PROCESSOR, LEGAL, SPECS  # decision, _apply, why_not... come from the kit

    def view(self, player):
        attacker = self.attacker()
        return self.kit_view(player, active=self.active, phase=self.phase, step="" if attacker is None else "block",
                             extra={"played_card": self.played_card, "attacker": attacker}, players=[
                                 {"name": f"Player {p + 1}", "counters": {"life": life, "hand": self.table.count(f"p{p}.hand")}}
                                 for p, life in enumerate(self.life)])

    # -- what the procedures and effects use
    def card_of(self, iid):
        return self.game.cards[self.table.card[iid]]

    def attacker(self):
        """The attacking creature while the defender decides on a block, else None."""
        top = self.steps[-1] if self.steps and self.outcome is None else None
        return top.args["attacker"] if top and top.proc == "block_step" else None

    def begin_phase(self, phase, events):
        self.phase = phase
        events.append(Event("phase.begin", f"Player {self.active + 1}'s {phase} phase", "",
                            {"phase": phase, "player": self.active}))

    def draw(self, p, events, rule):
        deck = self.table.zones[f"p{p}.deck"]
        if deck:
            events.append(self.table.move(deck[-1], f"p{p}.hand", caption=f"Player {p + 1} draws a card", rule=rule))
        elif self.empty_draw is None:  # the game ends after this step (7)
            self.empty_draw = p

    def change_life(self, p, delta, events, rule):
        self.life[p] += delta
        events.append(Event("counter.change", f"Player {p + 1} loses {-delta} life", rule,
                            {"player": p, "counter": "life", "delta": delta, "value": self.life[p]}))

    def destroy(self, iid, events, rule):
        events.append(self.table.move(iid, f"p{self.table.owner[iid]}.discard", face=1, rule=rule,
                                      caption=f"{self.card_of(iid)['name']} is destroyed"))

    def check_outcome(self, events):
        """Winning and losing (7), after every step: a concession, a draw from an empty deck, life at 0."""
        down = [p for p in (0, 1) if self.life[p] <= 0]
        for p, how, reason in ((self.conceded, Termination.CONCEDE, "concedes"),
                               (self.empty_draw, Termination.DECK_OUT, "must draw from an empty deck"),
                               (down[0] if down else None, Termination.LIFE, "has no life left")):
            if self.outcome is None and p is not None:
                self.end_game(Outcome(1 - p, how, f"Player {p + 1} {reason}", "Winning and losing (7)"), events)


FIELDS = declare(TidecallState, [
    field("game", "shared", "the Game object"),
    field("table", "table", "card instances and zones", default=lambda: CardTable(SPECS)),
    field("life", "list", "each player's life", default=lambda: [START_LIFE, START_LIFE]),
    field("turn_number", "value", "the turn, counted from 1 over both players", default=1),
    field("active", "value", "whose turn it is", default=0),
    field("phase", "value", "the current phase (one of PHASES)", default="draw"),
    field("played_card", "value", "True once the active player has played their card this turn", default=False),
    field("fresh", "list", "creatures played this turn: they cannot attack yet", default=list),
    field("attacked", "list", "creatures that have attacked this turn", default=list),
    field("empty_draw", "value", "the first player who had to draw from an empty deck, or None"),
    field("conceded", "value", "the player who conceded, or None"),
    field("steps", "steps", "the pending procedure steps, top last", default=list),
    field("outcome", "outcome", "how the game ended (an Outcome), None while it goes on"),
    field("decision_cache", "decision", "the pending decision, built when first read (a clone shares it)"),
])
