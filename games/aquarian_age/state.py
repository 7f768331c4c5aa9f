"""The Aquarian Age game state (seed: aquarian_age.seed.ko.txt; digest part A).

The state is plain data, its fields declared once below: a CardTable (cards
and zones, see zones.py), the PCG32 generator, a few integers, the current
attack and ``steps``, the stack of pending procedure steps run by the kit's
processor over the procedure table in rules/. A choice is applied to the
step on top; nothing is kept in a Python frame between decisions. Reading
``decision`` never changes the state: the rules run only in ``apply`` (and
when a state is built).
"""

from __future__ import annotations

from tabletop.engine.core import Choice, make_event, State
from tabletop.engine.kitstate import StoppedDecision
from tabletop.engine.fields import declare, field
from tabletop.engine.outcome import Outcome, Termination
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable, number_repeats

from .board import DAMAGE, Board
from .carddb import FACTION_NAMES, FACTIONS
from .legality import why_not
from .rules import PROCESSOR
from .rules.turn import PHASES
from .zones import FIELD_ZONES, SPECS, intern_table

_new = object.__new__
DEFEAT_DAMAGE = 10
RULE_DAMAGE_DEFEAT = "digest A.4.11a"
RULE_DECK_OUT = "digest A.4.11b"
# the decision kinds shown as the step of a phase (view "step")
STEP_DECISIONS = ("guard", "respond", "pay", "bind")


def _repeat_at(events: list):
    """Where two steps in a row first say the same (the kit's ``number_repeats``
    numbers them, "(1 of 2)"): the first event whose caption equals the one
    before; None when no two steps in a row say the same. Every move the rules
    make has its words (``Board.move``; the few kit moves are given theirs too),
    so no caption here is left for the kit to write when first read."""
    prev = None
    for e in events:
        cap = e.caption
        if cap == prev and cap:
            return e
        prev = cap
    return None


def _number_repeats(events: list, at) -> None:
    """``number_repeats`` over the events from the one before ``at`` on: no two
    steps in a row before it say the same, so no run of them is numbered there."""
    for j in range(len(events)):
        if events[j] is at:
            break
    if j > 1:
        events = events[j - 1:]  # the same event objects: numbered in place
    number_repeats(events)


class AAState(Board, StoppedDecision, State):
    """One Aquarian Age game in progress (see the module docstring)."""

    __slots__ = ("game", "db", "extra_cards", "table", "rng", "turn", "active", "first", "phase", "faction_index",
                 "outcome", "drew_from_empty", "steps", "attack", "modifiers", "names", "decision")

    #: the kit's end-of-game check after a step is never due: nothing is left for it, the
    #: defeats are judged where what they read changes (``judge_defeat``)
    outcome_due = False

    def __init__(self, game, db, extra=None):
        FIELDS.init(self)
        self.game = game
        self.db = db
        self.extra_cards = extra or []

    # ------------------------------------------------------------------ data
    def to_data(self) -> dict:
        data = FIELDS.to_data(self)
        data["outcome"] = self.outcome.to_data() if self.outcome is not None else None
        return data

    @classmethod
    def from_data(cls, game, db, data: dict) -> "AAState":
        s = cls(game, db)
        FIELDS.from_data(s, data, SPECS)
        intern_table(s.table)
        s.outcome = Outcome.from_data(data.get("outcome"))
        s.modifiers = [tuple(m) for m in s.modifiers]
        s._stopped()
        return s

    def determinize(self, player: int, rng) -> "AAState":
        s = self.clone()
        s.table.determinize(player, rng)
        s.rng = PCG32(rng.next_u32() | (rng.next_u32() << 32))
        s.decision_cache = None  # the clone's own decision, over the cards it now holds
        return s

    # ---------------------------------------------------------- the engine
    def push(self, proc: str, **args) -> Step:
        """Push a pending step of procedure ``proc`` (it runs before the steps below it)."""
        step = _new(Step)  # no initialiser call: the fields are set here
        step.proc = proc
        step.stage = 0
        step.args = args
        self.steps.append(step)
        return step

    def run_rules(self, events: list) -> None:
        """Run the pending steps until a player must decide or the game is over
        (a position may begin with a player already defeated)."""
        self.decision = None
        self.judge_defeat(events)
        PROCESSOR.run(self, events)
        self._stopped()

    # ``decision`` is a plain slot, read without a call (the kit, the table and the agents
    # read it several times per choice): it is built whenever the rules stop, as a choice
    # is applied, after set-up, a load or a re-draw. A step that waits may build it itself
    # as it stops (``decision_cache``); it is None once the game is over.
    def _stopped(self) -> None:
        """The rules stopped: the decision of the step on top, unless the step built
        it as it stopped; None once the game is over."""
        if self.outcome is not None:
            self.decision = None
        elif self.decision is None:
            self.decision = PROCESSOR.decide(self)

    def _apply(self, choice: Choice) -> list:
        events: list = []
        self.decision = PROCESSOR.apply(self, choice, events)
        at = _repeat_at(events)
        if at is not None:
            _number_repeats(events, at)
        return events

    def check_outcome(self, events: list) -> None:
        """The kit's end-of-game check after every step: nothing is left to check
        there, since the defeats are judged the moment what they read changes
        (``judge_defeat``: a card arriving in a damage zone, a draw from an empty
        deck, digest A.4.11; rule choice 14, "the game ends the moment a 10th
        damage card arrives")."""

    def judge_defeat(self, events: list) -> None:
        """End of the game (digest A.4.11): a player with 10 or more cards in the
        damage zone loses (A.4.11a); a player who had to draw from an empty deck
        loses (A.4.11b). Called where a card arrives in a damage zone and where a
        player has to draw from an empty deck."""
        if self.drew_from_empty is None:
            zones = self.table.zones
            if len(zones[DAMAGE[0]]) < DEFEAT_DAMAGE > len(zones[DAMAGE[1]]) or self.outcome is not None:
                return
        elif self.outcome is not None:
            return
        zones = self.table.zones
        for p in (0, 1):
            if len(zones[DAMAGE[p]]) >= DEFEAT_DAMAGE:
                self._lose(p, Termination.LIFE, f"{DEFEAT_DAMAGE} or more cards in the damage zone",
                           f"{self.names[p]} loses: {DEFEAT_DAMAGE} or more cards in the damage zone",
                           RULE_DAMAGE_DEFEAT, "defeat.damage", events)
                return
            if self.drew_from_empty == p:
                self._lose(p, Termination.DECK_OUT, "had to draw from an empty deck",
                           f"{self.names[p]} loses: had to draw from an empty deck", RULE_DECK_OUT, "defeat.deckout", events)
                return

    def _lose(self, p: int, termination: str, reason: str, said: str, rule: str, kind: str, events: list) -> None:
        """``reason``: the outcome's words; ``said``: the whole caption of the loss."""
        self.outcome = Outcome(1 - p, termination, reason, rule)
        self.steps = []
        self.attack = None
        events.append(make_event(kind, said, rule, {"player": p}))
        events.append(make_event("game.over", "{player} wins".format(player=self.names[1 - p]), rule, {"winner": 1 - p, "reason": reason}))

    def invariant_violations(self) -> list[str]:
        out = self.table.invariant_violations()
        for p in (0, 1):
            n = len(self.table.zones[f"p{p}.damage"])
            if n >= DEFEAT_DAMAGE and self.outcome is None:
                out.append(f"player {p + 1} has {n} damage but the game goes on")
            for z in (f"p{p}.dominion",) + tuple(f"p{p}.faction.{f}" for f in FACTIONS):
                for iid in self.table.zones[z]:
                    if self.db[self.table.card[iid]]["type"] not in ("character", "break"):
                        out.append(f"a non-character card {self.table.card[iid]} is in {z}")
        for key, ids in self.table.zones.items():
            if key.startswith("att.") and ids and not self.on_field(int(key[4:])):
                host = int(key[4:])
                out.append(f"cards are attached to {self.table.card[host]} ({host}), which is not on the field "
                           f"({self.table.zone[host]})")
        if self.outcome is None and not self.steps:
            out.append("no pending step while the game goes on")
        return out

    def why_not(self, kind: str, args: dict, player: int | None = None) -> str:
        """One sentence naming the rule that forbids a choice (shown on the table)."""
        return why_not(self, kind, args, player) or super().why_not(kind, args, player)

    # ---------------------------------------------------------- view
    def view(self, player):
        zones = self.table.view_zones(player)
        for key in FIELD_ZONES:
            for cd in zones[key]:
                iid = cd["iid"]
                printed = self.db[self.table.card[iid]]
                stats = {k: self.stat(iid, k) for k in ("mental", "attack", "durability")}
                cd["stats"] = stats
                # the power card count always shows; a stat shows only while modified
                cnt = {"power": self.power(iid)}
                for k, v in stats.items():
                    if v != printed[k]:
                        cnt[k] = v
                cd["counters"] = cnt
        players = []
        for p in (0, 1):
            players.append({"name": self.names[p], "counters": {
                "damage": len(self.table.zones[f"p{p}.damage"]), "deck": len(self.table.zones[f"p{p}.deck"]),
                "hand": len(self.table.zones[f"p{p}.hand"]), "dominated": len(self.table.zones[f"p{p}.dominion"]),
                "power": self.total_power(p)}})
        d = self.decision
        att = None
        if self.attack:
            a = self.attack
            att = {"attacker": a["attacker"], "player": a["attacking_player"], "defender": a["defending_player"],
                   "target": a["target"], "guard": a["guard"] if a["guard"] >= 0 else None, "faction": bool(a["faction"])}
        checking = self.phase == "faction" and 0 <= self.faction_index < len(FACTIONS)
        return {
            "game": "aquarian_age", "turn": self.turn, "active": self.active, "phase": self.phase,
            "step": d.kind if d is not None and d.kind in STEP_DECISIONS else "",
            "phases": list(PHASES), "winner": self.winner, "over": self.outcome is not None,
            "players": players, "zones": zones,
            "decision": d.to_view() if d is not None else None,
            "extra": {"first": self.first, "factions": list(FACTIONS),
                      "checking": FACTIONS[self.faction_index] if checking else None,
                      "checking_name": FACTION_NAMES[FACTIONS[self.faction_index]] if checking else None,
                      "attack": att, "reason": self.outcome.reason if self.outcome is not None else "",
                      "effects": [[m[0], m[1], m[2]] for m in self.modifiers]},
        }


FIELDS = declare(AAState, [
    field("game", "shared", "the plugin object"),
    field("db", "shared", "the card database (with a scenario's extra cards)"),
    field("extra_cards", "value", "a scenario's extra card definitions (never changed)", default=list),
    field("table", "table", "card instances and zones (zones.py)", default=lambda: CardTable(SPECS)),
    field("rng", "rng", "the game's random generator", default=lambda: PCG32(0)),
    field("turn", "value", "the turn number, from 1", default=1),
    field("active", "value", "the turn player", default=0),
    field("first", "value", "the player who went first (digest A.3.10)", default=0),
    field("phase", "value", "the current phase (PHASES) or setup", default="setup"),
    field("faction_index", "value", "the faction being checked in the faction phase (-1: none yet)", default=-1),
    field("outcome", "value", "how the game ended (Outcome), None while it goes on"),
    field("drew_from_empty", "value", "the player who had to draw from an empty deck (digest A.4.11b), or None"),
    field("steps", "steps", "the pending procedure steps, top last", default=list),
    field("attack", "value", "the attack being resolved (a dict replaced, never changed in place), or None"),
    field("modifiers", "list", "until-end-of-turn effects: (iid, stat or kw.<skill>, delta)", default=list),
    field("names", "value", "the players' names", default=lambda: ["Player 1", "Player 2"]),
    # built whenever the rules stop (a choice applied, set-up, a load, a re-draw) or by the step that waits
    field("decision", "decision", "the pending decision, built on demand from the top step (a clone shares it)"),
])
