"""The Riftbound duel state: its fields and the contract's entry points.

The rules live in the mixins it is made of (each a section of the rulebook:
board.py, legality.py, rules/*.py, view.py, why_not.py) and in the named
procedures of rules/ that the kit processor runs over ``steps``.
"""

from __future__ import annotations


from tabletop.engine.core import State
from tabletop.engine.kitstate import StoppedDecision
from tabletop.engine.fields import declare, field
from tabletop.engine.outcome import Outcome, Termination
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable
from tabletop.engine.table import number_run  # the kit's numbering of a run (its words)

from .board import Board
from .facts import card_facts
from .legality import Legality
from .rulebook import R_BURN, R_WIN, VICTORY_SCORE
from .rules import PROCESSOR, PROCS
from .rules.actions import CardActions
from .rules.chain import ChainRules
from .rules.combat import Combat
from .rules.costs import Costs
from .rules.main import Playing
from .rules.movement import Movement
from .rules.scoring import Scoring
from .rules.setup import Setup
from .rules.showdown import Showdowns
from .rules.triggers import Triggers
from .rules.turn import QUIET_CHOICES, TurnRules
from .view import View
from .why_not import WhyNot
from .zones import HIDDEN, RUNEDECK, RUNES, SPECS

def _count_repeats(ev: list) -> None:
    """The same thing done to several cards in a row (runes exhausted, units readied, cards
    drawn) is logged once per card: "(2 of 3)" tells the lines apart, so the log never shows
    one caption twice in a row (the kit's ``number_repeats``: each run of equal, non-empty
    captions is numbered). Every step Riftbound logs has its caption written, so one pass
    reads them: it looks for a first run, which most lists don't have, and from there on
    numbers each run as it ends."""
    prev = None
    for e in ev:
        c = e.caption
        if c == prev and c:
            break
        prev = c
    else:
        return  # no two equal captions in a row: nothing to number
    j = 1
    while ev[j] is not e:
        j += 1
    # ev[j - 1] and ev[j] begin the first run; no run ends before it
    i = j - 1  # the run of captions equal to prev: ev[i:k]
    n = len(ev)
    for k in range(j + 1, n):
        c = ev[k].caption
        if c != prev:
            if k - i > 1 and prev:
                number_run(ev, i, k)
            prev = c
            i = k
    if n - i > 1 and prev:
        number_run(ev, i, n)


FIELD_LIST = [
    field("game", "shared", "the Game object"),
    field("card_db", "shared", "the card database (with any extra cards of a position)"),
    field("facts", "shared", "what never changes about card_db's cards (facts.py)"),
    field("extra_cards", "value", "extra card definitions a position brought, saved with the state", default=list),
    field("table", "table", "card instances and zones (zones.py)", default=lambda: CardTable(SPECS)),
    field("rng", "rng", "the game's random numbers", default=lambda: PCG32(0)),
    field("steps", "list", "the pending procedure steps, top last (rules/__init__.py); never changed in place, so "
          "shared on clone", default=lambda: [Step("turn")]),
    field("turn_number", "value", "the turn, from 1 (0 during set-up)", default=0),
    field("active", "value", "the turn player", default=0),
    field("first", "value", "who took the first turn", default=0),
    field("turn_step", "value", "where the turn is (rules/turn.py TURN_STRUCTURE), or setup/mulligan", default="setup"),
    field("points", "list", "each player's points (Victory Score 8)", default=lambda: [0, 0]),
    field("xp", "list", "each player's XP (Hunt, Level)", default=lambda: [0, 0]),
    field("pool", "lists", "each player's rune pool: [energy, then power of each domain in DOMAINS order]",
          default=lambda: [[0] * 7, [0] * 7]),
    field("battlefield_controller", "list", "the controller of each battlefield, -1 for none", default=lambda: [-1, -1]),
    field("contested", "list", "who contests each battlefield, -1 for nobody", default=lambda: [-1, -1]),
    field("scored", "list", "bit b set when the player scored battlefield b this turn", default=lambda: [0, 0]),
    field("staged_showdown", "list", "a showdown is staged at each battlefield (cleanup step 6)",
          default=lambda: [False, False]),
    field("staged_combat", "list", "a combat is staged at each battlefield (cleanup step 7)", default=lambda: [False, False]),
    field("showdown", "dict", "the running showdown or combat, {} for none: battlefield, combat (a combat showdown), "
          "attacker, passes (focus passes in a row), stage (focus, damage, assign_attackers, assign_defenders, deal), "
          "seen (units designated so far), assignments ([unit, damage, stage]), left (damage to assign), totals; "
          "its lists are replaced, never changed in place", default=dict),
    field("focus", "value", "who has focus in the showdown, -1 outside one", default=-1),
    field("priority", "value", "who has priority while a chain exists, -1 otherwise", default=-1),
    field("priority_passes", "value", "passes in a row on the newest chain item", default=0),
    field("chain", "value", "the chain's items, oldest first (never changed in place, so shared on clone): id, kind (spell, ab, trig), "
          "source, card, controller, ability (index, -1 for a spell), target (-1 none), location, hidden_at (the "
          "battlefield a card was played from face down, -1), legion, repeats", default=list),
    field("chain_origin", "value", "who started the current chain (focus passes after it), -1 for none", default=-1),
    field("pending_triggers", "value", "triggered abilities waiting to go on the chain (never changed in place, so "
          "shared on clone): source, controller, ability, "
          "location, card, legion, order (0: the turn player's or attacker's, put on the chain first), and target "
          "(chosen with the play) or ordered (already placed by its controller)", default=list),
    field("this_turn_effects", "value", "'this turn' effects: [unit, 'might', n] and [unit, 'kw', keyword] (never "
          "changed in place, so shared on clone)",
          default=list),
    field("played", "list", "cards each player played this turn (Legion)", default=lambda: [0, 0]),
    field("channeled", "list", "the player has had a Channel Phase (the second player's first channels 3)",
          default=lambda: [False, False]),
    field("cleanup_due", "value", "a cleanup is an outstanding task", default=False),
    field("cleanup_quiet", "value", "the last cleanup ended with a pass that changed nothing, and nothing a cleanup "
          "looks at has changed since (rules/cleanup.py): the next one has nothing to do", default=False),
    field("outcome", "outcome", "how the game ended (Outcome), None while it goes on"),
    field("outcome_due", "cache", "the points changed since the processor last ran the end-of-game check "
          "(check_outcome reads only the points; True at first, so a state loaded or set up is checked once; a "
          "clone, made between steps, has nothing due)", default=True),
    field("names", "value", "the players' names", default=lambda: ["Player 1", "Player 2"]),
    field("chain_items_made", "value", "chain items created so far (each item's id)", default=0),
    field("chain_items_at_expiration", "value", "chain_items_made when the expiration step began (it repeats if "
          "that changed)", default=0),
    field("bf_names", "shared", "the names of the two battlefield cards once both are revealed (Board._bf_names), "
          "or None"),
    field("bf_words", "shared", "the two battlefields in players' words once both are revealed (Board.bf_name), or None"),
    field("combat_might", "cache", "while the running combat's damage is assigned: (the showdown, the Might of each "
          "unit as Combat Damage totalled it, what Combat._assign_candidates found of each target), or None "
          "(Combat._combat_might)"),
    field("decision", "decision", "the pending decision, built as the rules stop (a clone shares it)"),
]


PROCEDURE_TABLE = PROCS.table


class RBState(Board, Legality, Costs, Setup, TurnRules, CardActions, Movement, Playing, ChainRules, Triggers,
              Scoring, Showdowns, Combat, View, WhyNot, StoppedDecision, State):
    """A Riftbound duel in progress (plain data; the fields in ``FIELD_LIST``)."""

    # ``decision`` is a plain slot, read without a call (the kit, the table and the agents
    # read it several times per choice): it is built whenever the rules stop, as a choice
    # is applied, after set-up, a load or a re-draw (``_stopped``); None once the game is over.
    __slots__ = tuple(f.name for f in FIELD_LIST)

    # ------------------------------------------------------------------ basics
    def _blank(self, game, card_db, extra_cards):
        RBState.FIELDS.init(self)
        self.game = game
        self.card_db = card_db
        self.facts = card_facts(card_db)
        self.extra_cards = extra_cards

    def to_data(self) -> dict:
        d = RBState.FIELDS.to_data(self)
        d["steps"] = [step.to_data() for step in self.steps]
        return d

    @classmethod
    def from_data(cls, game, data: dict) -> "RBState":
        from . import carddb

        s = cls.__new__(cls)
        extra = data.get("extra_cards") or []
        s._blank(game, carddb.extra_cards(game.cards, extra), extra)
        RBState.FIELDS.from_data(s, data, SPECS)  # shared fields (game, card_db) keep what _blank set
        s.steps = [Step.from_data(x) for x in data["steps"]]
        s._stopped()
        return s

    @property
    def turn(self) -> int:
        return self.turn_number

    # ------------------------------------------------------------------ decisions
    def _stopped(self) -> None:
        """The rules stopped: the decision of the waiting step (the processor leaves one on
        top), or None once the game is over."""
        if self.outcome is not None:
            self.decision = None
        else:
            step = self.steps[-1]
            self.decision = PROCEDURE_TABLE[step.proc].decide(self, step)

    def apply(self, choice) -> list:
        """State.apply: a choice of the pending decision (the agents and the table read it
        before they choose) is applied at once, else State.apply checks it."""
        d = self.decision
        if d is not None and self.outcome is None:
            for c in d.choices:
                if c is choice:
                    return self._apply(c)
        return State.apply(self, choice)

    def _apply(self, choice) -> list:
        self.decision = None
        if choice.kind not in QUIET_CHOICES:
            self.cleanup_quiet = False  # a choice may change anything a cleanup looks at
        ev: list = []
        self.decision = PROCESSOR.apply(self, choice, ev)  # the rules run on to the next decision
        if len(ev) > 1:  # (two in five choices log one step or none)
            _count_repeats(ev)
        return ev

    def _run(self, ev: list) -> None:
        """Run the rules until a player must decide (the kit processor)."""
        PROCESSOR.run(self, ev)

    # ------------------------------------------------------------------ the end of the game
    def check_outcome(self, ev: list) -> None:
        """The win check, after every step and as cleanup step 1: a player with the Victory
        Score and more points than the other wins (Core Rules v1.3 Win check, digest 1.4)."""
        points = self.points
        if (points[0] < VICTORY_SCORE and points[1] < VICTORY_SCORE) or self.outcome is not None:
            return
        for p in (0, 1):
            if points[p] >= VICTORY_SCORE and points[p] > points[1 - p]:
                self._ev(ev, "cleanup.win_check", f"Win check: {self.names[p]} has {points[p]} points, more than "
                         f"{self.names[1 - p]}", R_WIN, player=p)
                self.end_game(p, "victory score", ev)
                return

    def end_game(self, p: int, reason: str, ev: list) -> None:
        """``p`` wins: by the win check, or by Burn Out's point when no card is left to draw."""
        self.outcome = Outcome(p, Termination.SCORE, reason, R_BURN if reason == "burn out" else R_WIN)
        self._ev(ev, "game.over", f"{self.names[p]} wins ({reason})", R_WIN, winner=p, reason=reason)

    # ------------------------------------------------------------------ checks
    def invariant_violations(self) -> list:
        out = self.table.invariant_violations()
        for p in (0, 1):
            if not 0 <= self.points[p] <= 60:
                out.append(f"player {p} has {self.points[p]} points")
            if any(x < 0 for x in self.pool[p]):
                out.append(f"player {p}'s rune pool is negative: {self.pool[p]}")
            n = sum(1 for z in (RUNES[p], RUNEDECK[p]) for _ in self.table.zones[z])
            if n > 12:
                out.append(f"player {p} has {n} runes")
            for b in (0, 1):
                if len(self.table.zones[HIDDEN[p][b]]) > 1:
                    out.append(f"more than one facedown card at battlefield {b}")
        for b in (0, 1):
            if self.battlefield_controller[b] not in (-1, 0, 1):
                out.append(f"battlefield {b} controller {self.battlefield_controller[b]}")
        for u in range(len(self.table.card)):
            if self.counter(u, "dmg") < 0:
                out.append(f"card {u} has negative damage")
        return out

    def determinize(self, player: int, rng) -> "RBState":
        """Re-draw what ``player`` can't see (the kit's CardTable.determinize), keeping runes
        among runes, battlefields among battlefields and main-deck cards among main-deck cards."""
        s = self.clone()
        t = s.table
        db, cards = self.card_db, t.card

        def group(i):
            typ = db[cards[i]]["type"]
            return typ if typ in ("rune", "battlefield") else "main"

        t.determinize(player, rng, group=group)
        s.rng = PCG32(rng.next_u32() | (rng.next_u32() << 32))
        s.decision_cache = None  # the clone's own decision, over the cards it now holds
        return s


declare(RBState, FIELD_LIST)
