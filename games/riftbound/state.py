"""The Riftbound duel state: its fields and the contract's entry points.

The rules live in the mixins it is made of (each a section of the rulebook:
board.py, legality.py, rules/*.py, view.py, why_not.py) and in the named
procedures of rules/ that the kit processor runs over ``steps``.
"""

from __future__ import annotations

from tabletop.engine.core import State
from tabletop.engine.outcome import Outcome, Termination
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable

from .board import Board
from .legality import Legality
from .rulebook import R_BURN, R_WIN, VICTORY_SCORE
from .rules import PROCESSOR
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
from .rules.turn import TurnRules
from .view import View
from .why_not import WhyNot
from .zones import SPECS

# fields: name -> what it holds
FIELDS = {
    "game": "the Game object",
    "db": "the card database (with any extra cards of a position)",
    "extra": "extra card definitions a position brought, saved with the state",
    "table": "card instances and zones (zones.py)",
    "rng": "the game's random numbers",
    "steps": "the pending procedure steps, top last (rules/__init__.py); never changed in place",
    "turn_no": "the turn, from 1 (0 during set-up)",
    "active": "the turn player",
    "first": "who took the first turn",
    "step": "where the turn is (rules/turn.py TURN_STRUCTURE), or setup/mulligan",
    "points": "each player's points (Victory Score 8)",
    "xp": "each player's XP (Hunt, Level)",
    "pool": "each player's rune pool: [energy, then power of each domain in DOMAINS order]",
    "bf_ctrl": "the controller of each battlefield, -1 for none",
    "contested": "who contests each battlefield, -1 for nobody",
    "scored": "bit b set when the player scored battlefield b this turn",
    "staged_sd": "a showdown is staged at each battlefield (cleanup step 6)",
    "staged_cb": "a combat is staged at each battlefield (cleanup step 7)",
    "showdown": "the running showdown or combat (bf, combat, att, passes, stage, seen, asg, left, tot), or None",
    "focus": "who has focus in the showdown, -1 outside one",
    "prio": "who has priority while a chain exists, -1 otherwise",
    "passes": "passes in a row on the newest chain item",
    "chain": "the chain's items, oldest first (never changed in place)",
    "chain_origin": "who started the current chain (focus passes after it), -1 for none",
    "trig": "triggered abilities waiting to go on the chain",
    "mods": "'this turn' effects: [unit, 'might', n] and [unit, 'kw', keyword]",
    "played": "cards each player played this turn (Legion)",
    "chan_done": "the player has had a Channel Phase (the second player's first channels 3)",
    "dirty": "a cleanup is an outstanding task",
    "outcome": "how the game ended (Outcome), None while it goes on",
    "names": "the players' names",
    "nid": "chain items created so far (each item's id)",
    "exp_nid": "``nid`` when the expiration step began (the step repeats if it changed)",
    "_dec": "the pending decision, built when first read",
}


class RBState(Board, Legality, Costs, Setup, TurnRules, CardActions, Movement, Playing, ChainRules, Triggers,
              Scoring, Showdowns, Combat, View, WhyNot, State):
    """A Riftbound duel in progress (plain data; the fields in ``FIELDS``)."""

    __slots__ = tuple(FIELDS)

    _PLAIN = ("turn_no", "active", "first", "step", "points", "xp", "pool", "bf_ctrl", "contested", "scored",
              "staged_sd", "staged_cb", "showdown", "focus", "prio", "passes", "chain", "chain_origin", "trig",
              "mods", "played", "chan_done", "dirty", "names", "nid", "exp_nid")

    # ------------------------------------------------------------------ basics
    def _blank(self, game, db, extra):
        self.game = game
        self.db = db
        self.extra = extra
        self.table = CardTable(SPECS)
        self.rng = PCG32(0)
        self.steps = [Step("turn")]
        self.turn_no = 0
        self.active = 0
        self.first = 0
        self.step = "setup"
        self.points = [0, 0]
        self.xp = [0, 0]
        self.pool = [[0] * 7, [0] * 7]
        self.bf_ctrl = [-1, -1]
        self.contested = [-1, -1]
        self.scored = [0, 0]
        self.staged_sd = [False, False]
        self.staged_cb = [False, False]
        self.showdown = None
        self.focus = -1
        self.prio = -1
        self.passes = 0
        self.chain = []
        self.chain_origin = -1
        self.trig = []
        self.mods = []
        self.played = [0, 0]
        self.chan_done = [False, False]
        self.dirty = False
        self.outcome = None
        self.names = ["Player 1", "Player 2"]
        self.nid = 0
        self.exp_nid = 0
        self._dec = None

    def clone(self) -> "RBState":
        s = RBState.__new__(RBState)
        s.game = self.game
        s.db = self.db
        s.extra = self.extra
        s.table = self.table.clone()
        s.rng = self.rng.copy()
        s.steps = self.steps[:]  # a step is never changed in place (a procedure pushes a new one)
        s.turn_no = self.turn_no
        s.active = self.active
        s.first = self.first
        s.step = self.step
        s.points = self.points[:]
        s.xp = self.xp[:]
        s.pool = [self.pool[0][:], self.pool[1][:]]
        s.bf_ctrl = self.bf_ctrl[:]
        s.contested = self.contested[:]
        s.scored = self.scored[:]
        s.staged_sd = self.staged_sd[:]
        s.staged_cb = self.staged_cb[:]
        s.showdown = dict(self.showdown) if self.showdown is not None else None  # its lists are replaced, not changed
        s.focus = self.focus
        s.prio = self.prio
        s.passes = self.passes
        s.chain = self.chain[:]  # items are never mutated in place
        s.chain_origin = self.chain_origin
        s.trig = self.trig[:]
        s.mods = self.mods[:]
        s.played = self.played[:]
        s.chan_done = self.chan_done[:]
        s.dirty = self.dirty
        s.outcome = self.outcome
        s.names = self.names
        s.nid = self.nid
        s.exp_nid = self.exp_nid
        s._dec = None
        return s

    def to_data(self) -> dict:
        d = _plain({k: getattr(self, k) for k in self._PLAIN})
        d["steps"] = [step.to_data() for step in self.steps]
        d["outcome"] = None if self.outcome is None else self.outcome.to_data()
        d["table"] = self.table.to_data()
        d["rng"] = self.rng.to_data()
        d["extra_cards"] = list(self.extra or [])
        return d

    @classmethod
    def from_data(cls, game, data: dict) -> "RBState":
        from . import carddb

        s = cls.__new__(cls)
        extra = data.get("extra_cards") or []
        s._blank(game, carddb.extra_cards(game.cards, extra), extra)
        for k in cls._PLAIN:
            setattr(s, k, _plain(data[k]))
        s.steps = [Step.from_data(x) for x in data["steps"]]
        s.outcome = Outcome.from_data(data["outcome"])
        s.table = CardTable.from_data(data["table"], SPECS)
        s.rng = PCG32.from_data(data["rng"])
        s._dec = None
        return s

    @property
    def turn(self) -> int:
        return self.turn_no

    # ------------------------------------------------------------------ decisions
    @property
    def decision(self):
        if self.outcome is not None:
            return None
        if self._dec is None:
            self._dec = PROCESSOR.decide(self)
        return self._dec

    def _apply(self, choice) -> list:
        self._dec = None
        ev: list = []
        PROCESSOR.choose(self, choice, ev)
        self._dec = None
        return ev

    def _run(self, ev: list) -> None:
        """Run the rules until a player must decide (the kit processor)."""
        PROCESSOR.run(self, ev)

    # ------------------------------------------------------------------ the end of the game
    def check_outcome(self, ev: list) -> None:
        """The win check, after every step and as cleanup step 1: a player with the Victory
        Score and more points than the other wins (Core Rules v1.3 Win check, digest 1.4)."""
        points = self.points
        if self.outcome is not None or (points[0] < VICTORY_SCORE and points[1] < VICTORY_SCORE):
            return
        for p in (0, 1):
            if points[p] >= VICTORY_SCORE and points[p] > points[1 - p]:
                self._ev(ev, "cleanup.win_check", f"Win check: {self.pn(p)} has {points[p]} points, more than "
                         f"{self.pn(1 - p)}", R_WIN, player=p)
                self.end_game(p, "victory score", ev)
                return

    def end_game(self, p: int, reason: str, ev: list) -> None:
        """``p`` wins: by the win check, or by Burn Out's point when no card is left to draw."""
        self.outcome = Outcome(p, Termination.SCORE, reason, R_BURN if reason == "burn out" else R_WIN)
        self._ev(ev, "game.over", f"{self.pn(p)} wins ({reason})", R_WIN, winner=p, reason=reason)

    # ------------------------------------------------------------------ checks
    def invariant_violations(self) -> list:
        out = self.table.invariant_violations()
        for p in (0, 1):
            if not 0 <= self.points[p] <= 60:
                out.append(f"player {p} has {self.points[p]} points")
            if any(x < 0 for x in self.pool[p]):
                out.append(f"player {p}'s rune pool is negative: {self.pool[p]}")
            n = sum(1 for z in (f"p{p}.runes", f"p{p}.runedeck") for _ in self.table.zones[z])
            if n > 12:
                out.append(f"player {p} has {n} runes")
            for b in (0, 1):
                if len(self.table.zones[f"p{p}.hidden{b}"]) > 1:
                    out.append(f"more than one facedown card at battlefield {b}")
        for b in (0, 1):
            if self.bf_ctrl[b] not in (-1, 0, 1):
                out.append(f"battlefield {b} controller {self.bf_ctrl[b]}")
        for u in range(len(self.table.card)):
            if self.cnt(u, "dmg") < 0:
                out.append(f"card {u} has negative damage")
        return out

    def determinize(self, player: int, rng) -> "RBState":
        """Re-draw what ``player`` can't see (the kit's CardTable.determinize), keeping runes
        among runes, battlefields among battlefields and main-deck cards among main-deck cards."""
        s = self.clone()
        t = s.table
        db, cards = self.db, t.card

        def group(i):
            typ = db[cards[i]]["type"]
            return typ if typ in ("rune", "battlefield") else "main"

        t.determinize(player, rng, group=group)
        s.rng = PCG32(rng.next_u32() | (rng.next_u32() << 32))
        s._dec = None
        return s


def _plain(v):
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v
