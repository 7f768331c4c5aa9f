"""The Rush Duel state: its fields, declared once, and the contract a game state
keeps (decision, apply, view, clone, save data, determinize).

Rule references: "seed N" is a section of the user's Korean summary
(rush_duel.seed.ko.txt, it wins where sources differ); "digest N" is a rule of
rush_duel.digest.md §1. The README lists every choice made where both are silent.

How a turn runs: the state keeps a stack of pending kit steps (``steps``; the top
is the last) run by the kit processor over the procedure table
(:mod:`games.rush_duel.rules.procedures`). Nothing is held in a Python frame between
decisions, so a state clones and saves as data.
"""

from __future__ import annotations

from tabletop.engine.core import Event, State
from tabletop.engine.kitstate import StoppedDecision
from tabletop.engine.fields import declare, field
from tabletop.engine.outcome import Outcome, Termination
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable

from .board import Board
from .effects import F_ATTACKED
from .effects.resolution import EffectResolution
from .legality import Legality
from .memo import memo_for
from .rules.battle import BattleRules
from .rules.main import MainPhaseRules
from .rules.procedures import PROCESSOR, PROCS
from .rules.summon import SummonRules
from .rules.turn import PHASES, START_LP, TurnRules
from .rules.windows import TrapWindows
from .why_not import WhyNot
from .zones import SPECS, Z, CardMoves


#: the caption of a won duel, whole
WINS = "{player} wins: {reason}"


class RushState(Board, CardMoves, Legality, TurnRules, MainPhaseRules, SummonRules, BattleRules, TrapWindows,
                EffectResolution, WhyNot, StoppedDecision, State):
    """A Rush Duel in progress: plain data only (see the module docstring). The rules
    live in the mixins, one per part of the rulebook."""

    # ``decision`` is a plain slot, read without a call (the kit, the table and the agents
    # read it several times per choice): it is built whenever the rules stop, as a choice
    # is applied, after set-up, a load or a re-draw (``_stopped``); None once the duel is over.
    __slots__ = ("decision",)

    def __init__(self, game, db: dict, extra_cards: list):
        FIELDS.init(self)
        self.game = game
        self.db = db
        self.memo = memo_for(db)
        self.extra_cards = extra_cards

    # ------------------------------------------------------------------ contract basics
    @property
    def turn(self) -> int:
        return self.turn_number

    def to_data(self) -> dict:
        data = FIELDS.to_data(self)
        data["outcome"] = self.outcome.to_data() if self.outcome is not None else None
        for name in SHARED_TABLES:  # int keys: written as sorted [key, value] pairs
            data[name] = sorted([k, list(v) if isinstance(v, tuple) else v] for k, v in getattr(self, name).items())
        return data

    @classmethod
    def from_data(cls, game, db, data: dict) -> "RushState":
        s = cls(game, db, data.get("extra_cards") or [])
        FIELDS.from_data(s, data, SPECS)
        s.outcome = Outcome.from_data(data.get("outcome"))
        for name in SHARED_TABLES:
            setattr(s, name, {k: tuple(v) if isinstance(v, list) else v for k, v in data.get(name, [])})
        s._stopped()
        return s

    def invariant_violations(self) -> list[str]:
        out = self.table.invariant_violations()
        for p in (0, 1):
            if self.outcome is None and self.life_points[p] <= 0:
                out.append(f"player {p + 1} has {self.life_points[p]} LP but the game goes on")
            if self.life_points[p] < 0:
                out.append(f"player {p + 1} has negative LP {self.life_points[p]}")
        for piece, centre in self.maximum_centre.items():
            if self.table.zone[piece] != self.table.zone[centre] or not self.table.zone[piece].endswith(".monster"):
                out.append(f"Maximum piece {piece} is apart from its centre {centre}")
        for sp, (mon, _a, _d) in self.equips.items():
            if not self.table.zone[sp].endswith(".spell") or not self.table.zone[mon].endswith(".monster"):
                out.append(f"equip spell {sp} is not attached to a monster on the field")
        return out

    # ------------------------------------------------------------------ hidden information
    def determinize(self, player: int, rng) -> "RushState":
        """Re-draw what ``player`` can't see, keeping each hidden card plausible: a
        face-down monster gets a monster's identity, a set card in the Spell & Trap
        Zone a spell's or trap's, a set field card a field spell's, the Extra Deck
        Fusion monsters (its own pool, apart from the rest)."""
        s = self.clone()
        t = s.table
        db = self.db

        def place(i):
            z = t.zone[i]
            if z.endswith(".monster"):
                return lambda cid: db[cid]["kind"] == "monster"
            if z.endswith(".spell"):
                return lambda cid: db[cid]["kind"] != "monster" and db[cid]["subtype"] != "field"
            if z.endswith(".field"):
                return lambda cid: db[cid]["subtype"] == "field"
            return None

        t.determinize(player, rng, group=lambda i: "extra" if t.zone[i] == Z[t.owner[i]]["extra"] else "rest",
                      group_order=("extra", "rest"), fits=place)
        s.rng = PCG32(rng.next_u32(), stream=rng.next_u32())
        s.decision_cache = None  # the clone's own decision, over the cards it now holds
        return s

    # ------------------------------------------------------------------ the end of the duel
    def check_outcome(self, events: list) -> None:
        """The ways a duel ends, checked in this one place (after every step, and at
        once when LP change or a draw fails): a player who had to draw more cards than
        the deck held loses (seed 3.1; digest 1.C rule 11); a player whose LP reach 0
        loses (seed 2; digest 1.C rule 10)."""
        lp = self.life_points
        if lp[0] > 0 and lp[1] > 0 and self.failed_draw is None or self.outcome is not None:
            return
        if self.failed_draw is not None:
            p, n, have = self.failed_draw
            self._end(Outcome(1 - p, Termination.DECK_OUT, f"{self.names[p]} must draw {n} but the deck holds {have}",
                              "seed 3.1 / digest 1.C rule 11 (deck-out)"), events)
            return
        for p in (0, 1):
            if self.life_points[p] <= 0:
                self._end(Outcome(1 - p, Termination.LIFE, f"{self.names[p]}'s LP reached 0",
                                  "seed 2 / digest 1.C rule 10"), events)
                return

    def _end(self, outcome: Outcome, events: list) -> None:
        self.outcome = outcome
        self.steps = []
        w = outcome.winner
        cap = (WINS.format(player=self.names[w], reason=outcome.reason) if isinstance(w, int)
               else f"The duel is a draw: {outcome.reason}")
        events.append(Event("game.over", cap, outcome.rule, {"winner": outcome.result, "reason": outcome.reason}))

    # ------------------------------------------------------------------ the decision
    def _stopped(self) -> None:
        """The rules stopped: the decision of the step on top (the processor stops with
        a decision step there), or None once the duel is over."""
        if self.outcome is not None:
            self.decision = None
            return
        steps = self.steps
        if not steps:
            self.decision = None
            return
        step = steps[-1]
        decide = PROCS.table[step.proc].decide
        self.decision = None if decide is None else decide(self, step)

    def apply(self, choice) -> list[Event]:
        """``State.apply``: one of the pending decision's own choices is legal as it
        is and applied at once; any other choice goes through the kit's check."""
        d = self.decision
        if d is not None:
            for c in d.choices:
                if c is choice:
                    return self._apply(c)
        return State.apply(self, choice)

    def _apply(self, choice) -> list[Event]:
        events: list[Event] = []
        if choice.kind == "surrender":
            p = choice.player
            self._end(Outcome(1 - p, Termination.CONCEDE, f"{self.names[p]} surrendered", "surrender (any decision)"),
                      events)
            self.decision = None
            return events
        # the choice applied and the rules run on to the next decision, in one call
        self.decision = PROCESSOR.apply(self, choice, events)
        return events

    def run_steps(self, events: list) -> None:
        """Run the pending steps until a player must decide or the duel ends."""
        PROCESSOR.run(self, events)
        self._stopped()

    # ------------------------------------------------------------------ view
    def view(self, player: int | None) -> dict:
        t = self.table
        zones = t.view_zones(player)
        for p in (0, 1):
            for cdict in zones[Z[p]["monster"]]:
                i = cdict["iid"]
                if i is not None and t.face[i]:
                    cdict["counters"] = {"atk": self.atk(i), "def": self.defense(i)}
                    if i in self.maximum_centre:
                        cdict["counters"] = {"atk": self.atk(i)} if self.maximum_centre[i] == i else {}
        d = self.decision
        extra = {"first": self.first}
        over = self.outcome is not None
        if self.phase == "battle" and not over:
            p = self.active
            extra["attacks_left"] = sum(1 for i in self.units(p) if t.face[i] and self.is_attack(i)
                                        and not self.card_flags.get(i, 0) & F_ATTACKED)
        if over and self.outcome.reason:
            extra["result"] = self.outcome.reason
        return {
            "game": "rush_duel", "turn": self.turn_number, "active": self.active, "phase": self.phase, "step": "",
            "phases": list(PHASES), "winner": self.winner, "over": over,
            "players": [{"name": self.names[p], "counters": {"lp": self.life_points[p]}} for p in (0, 1)],
            "zones": zones,
            "decision": d.to_view() if d is not None else None,
            "extra": extra,
        }


#: the modifier tables a clone shares (replaced, never changed in place)
SHARED_TABLES = ("until_end_of_turn", "equips", "maximum_centre")

FIELDS = declare(RushState, [
    field("game", "shared", "the game plugin this duel belongs to"),
    field("db", "shared", "card id -> card data (cards.toml, plus any extra cards)"),
    field("memo", "shared", "what is worked out once from the card data (memo.py; a clone shares it)"),
    field("extra_cards", "value", "card definitions a position added to cards.toml", default=list),
    field("names", "value", "the two players' names", default=lambda: ["Player 1", "Player 2"]),
    field("table", "table", "every card instance and the zones (zones.py)", default=lambda: CardTable(SPECS)),
    field("rng", "rng", "the duel's random generator (shuffles)", default=lambda: PCG32(0)),
    field("turn_number", "value", "the turn, from 1", default=1),
    field("active", "value", "the turn player (0 or 1)", default=0),
    field("first", "value", "the player who went first", default=0),
    field("phase", "value", "the current phase: draw, main, battle or end", default="draw"),
    field("life_points", "list", "each player's LP (seed 2)", default=lambda: [START_LP, START_LP]),
    field("outcome", "value", "how the duel ended (kit Outcome), None while it goes on", default=None),
    field("failed_draw", "tuple", "(player, cards to draw, cards in deck) when a draw failed (deck-out)",
          default=None),
    field("steps", "steps", "the pending steps, top last (kit procedure stack)", default=list),
    field("card_flags", "dict", "iid -> flag bits (summoned, changed, attacked, used, set this turn)", default=dict),
    field("until_end_of_turn", "value", "iid -> (ATK, DEF, piercing) added until the end of the turn "
          "(replaced, never changed in place: clones share it)", default=dict),
    field("equips", "value", "equip spell iid -> (monster iid, ATK, DEF) (replaced, never changed in place)",
          default=dict),
    field("maximum_centre", "value", "Maximum piece iid -> the iid of its centre piece (digest 1.G rule 31; "
          "replaced, never changed in place)", default=dict),
    field("outcome_due", "cache", "whether a fact the end of the duel depends on changed since the processor last "
          "checked it (check_outcome; True at first, so a state loaded or set up is checked once; a clone, made "
          "between steps, has nothing due)", default=True),
    field("decision", "decision", "the pending decision, built as the rules stop (a clone shares it)"),
])
