"""The Lumen Condenser game state: its fields, declared once, and the small
actions every rule uses (moving cards, HP and FP, priority, the end-of-game
check). The rules themselves are procedures in :mod:`.rules`.
"""

from __future__ import annotations

from tabletop.engine.core import Event, State
from tabletop.engine.core import MadeEvent  # make_event's class
from tabletop.engine.fields import declare, field
from tabletop.engine.outcome import Outcome, Termination
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32
from tabletop.engine.table import _UNWRITTEN, KEEP, CardTable, MoveEvent

from .captions import DataEvent
from .legality import why_not
from .rules import PROCESSOR
from .rules.breaks import break_card
from .rules.cleanup import DEFENCE_OVER
from .rules.judgment import HP_CHECK_WAITS
from .rules.ready import ready_cards
from .rules.sudden_death import start_sudden_death
from .view import view
from .zones import BATTLE, BREAK, HAND, LIST, LIST_MAX, SPECS



_default_move_caption = MoveEvent.caption.fget


class _Move(MoveEvent):
    """The kit's :class:`MoveEvent`, made by :meth:`LumenState.move` without an
    ``__init__`` call; a caption given as ``(writer, value...)`` is written
    when first read (as :class:`~.captions.SaidEvent`)."""

    __slots__ = ()
    __init__ = object.__init__

    @property
    def caption(self) -> str:
        cap = self._cap
        if cap.__class__ is tuple:
            cap = self._cap = cap[0](*cap[1:])
            return cap
        return _default_move_caption(self)

    caption = caption.setter(MoveEvent.caption.fset)


NO_RESPONSE_LOSS = 3     # seed 5: a player's third no response loses
# the players a moved card is hidden from, by the mask of those who may see it (as the kit's table)
_HIDDEN = {3: (), 2: (0,), 1: (1,), 0: (0, 1)}

# an HP or FP change whose reason is one word, said whole
HP_SAYS = {"catch": "{player} HP {old} -> {new} (catch)"}
FP_SAYS = {"hit": "{player} FP {old} -> {new} (hit)", "counter": "{player} FP {old} -> {new} (counter)",
           "guarded": "{player} FP {old} -> {new} (guarded)"}


def hp_caption(player: str, old: int, new: int, why: str) -> str:
    """An HP change in words."""
    says = HP_SAYS.get(why)
    return says.format(player=player, old=old, new=new) if says else f"{player} HP {old} -> {new} ({why})"


def to_list_caption(card: str, player: str) -> str:
    """A technique going to its owner's List, in words."""
    return f"{card} goes to {player}'s List"


def fp_caption(player: str, old: int, new: int, why: str) -> str:
    """An FP change in words."""
    says = FP_SAYS.get(why)
    return (says.format(player=player, old=f"{old:+d}", new=f"{new:+d}") if says
            else f"{player} FP {old:+d} -> {new:+d} ({why})")


FIELD_LIST = [
    field("game", "shared", "the Game object"),
    field("card_db", "shared", "the card database (with any extra cards of a position)"),
    field("extra_cards", "value", "extra card definitions a position brought, saved with the state", default=list),
    field("table", "table", "card instances and zones (zones.py)", default=lambda: CardTable(SPECS)),
    field("rng", "rng", "the game's random numbers", default=lambda: PCG32(0)),
    field("names", "value", "the players' names (fixed at set-up)", default=lambda: ["Player 1", "Player 2"]),
    field("characters", "value", "each player's character card id (fixed at set-up)", default=lambda: ["", ""]),
    field("hp", "list", "each player's HP (seed 2.1)", default=lambda: [0, 0]),
    field("fp", "list", "each player's FP, + or - (seed 3.1)", default=lambda: [0, 0]),
    field("no_responses", "list", "each player's no-response count (seed 5.2)", default=lambda: [0, 0]),
    field("trait_counters", "list", "each player's trait counter (Heat, Breeze, ...)", default=lambda: [0, 0]),
    field("turn_number", "value", "the turn, from 1", default=0),
    field("phase", "value", "the current phase (rules/turn.py PHASES)", default="lumen"),
    field("battle_step", "value", "the battle step shown: a judgment step, grab, combo or catch; '' otherwise",
          default=""),
    field("steps", "list", "the pending procedure steps, top last (never changed in place, so shared on clone)",
          default=list),
    field("outcome", "value", "how the game ended (Outcome), None while it goes on"),
    field("ready_picks", "list", "each player's readied card iid this Ready phase, -1 for none (seed 5.2)",
          default=lambda: [-1, -1]),
    field("declared", "list", "1 when the player has declared ready this Ready phase", default=lambda: [0, 0]),
    field("timed", "value", "the 10-second ready timer is on (seed 5.2)", default=False),
    field("first_declarer", "value", "who declared ready first this Ready phase, -1 for nobody yet", default=-1),
    field("restrictions", "list", "'attack'/'defence': the only type the player may ready this turn, or ''",
          default=lambda: ["", ""]),
    field("skips_get", "list", "1 when the player made no response this turn and skips the Get (digest B.4 rule 16)",
          default=lambda: [0, 0]),
    field("abilities_used", "list", "bit i set when trait ability i was used this turn", default=lambda: [0, 0]),
    field("keeps_negative_fp", "list", "1 when negative FP stays through Recovery (a declined catch, digest B.7 rule 34)",
          default=lambda: [0, 0]),
    field("defence_over_count", "value", "defence-vs-defence battles in a row with FP held at 0 (seed 8)", default=0),
    field("sudden_death_turns", "value", "turns of sudden death left (seed 8)", default=0),
    field("in_sudden_death", "value", "sudden death has started (seed 8)", default=False),
    field("battle_cards", "list", "each player's revealed technique iid this battle, -1 for none",
          default=lambda: [-1, -1]),
    field("technique_live", "list", "1 while the player's technique counts in the judgment (not nullified)",
          default=lambda: [0, 0]),
    field("lost_judgment", "list", "1 when the player's technique lost at the evade step (seed 5.3.2)",
          default=lambda: [0, 0]),
    field("speeds", "list", "each technique's speed in this judgment", default=lambda: [0, 0]),
    field("power_bonus", "list", "damage added by power effects this battle", default=lambda: [0, 0]),
    field("results", "list", "each player's judgment result: hit, counter, guard, evade, offset, ...",
          default=lambda: ["", ""]),
    field("breaks_after_use", "list", "1 when the technique is broken after this battle", default=lambda: [0, 0]),
    field("combo_result", "list", "1 when the player's judgment field read 'combo' (seed 6)", default=lambda: [0, 0]),
    field("fp_zero_at_reveal", "value", "both FP were 0 when the techniques were revealed (defence over, seed 8)",
          default=False),
    field("combo_player", "value", "whose combo time it is, -1 outside combo time", default=-1),
    field("combo_last_speed", "value", "the speed of the last combo technique", default=0),
    field("combo_count", "value", "how many combo techniques so far", default=0),
    field("combo_cards", "list", "the techniques of the current combo", default=list),
    field("battle_memo", "cache", doc="each player's technique record this battle and its type in the judgment "
          "(rules/judgment.py battle_techs) once read; forgotten when a technique is revealed or nullified and when "
          "the battle is reset"),
    field("made_memo", "cache", doc="the choices made for this state's cards (rules/made.py made_for) once found"),
    field("outcome_due", "value", doc="True when something the end-of-game check reads (HP, no responses, sudden "
          "death) changed since it last looked, or the HP check waits for the judgment's effects step: the processor "
          "runs the check after a step only then (kit Processor, outcome_when_due)", default=True),
    field("decision", "decision", "the pending decision, built whenever the rules stop (a choice applied, set-up, "
          "a load, a re-draw); a clone shares it"),
    field("events", "cache", "the event list of the choice being applied"),
]


class LumenState(State):
    """A Lumen Condenser game in progress (plain data; fields in ``FIELD_LIST``)."""

    __slots__ = tuple(f.name for f in FIELD_LIST)

    # -- construction and saving -----------------------------------------------------------
    @classmethod
    def blank(cls, game, card_db, extra_cards=None) -> "LumenState":
        s = cls.__new__(cls)
        cls.FIELDS.init(s)
        s.game = game
        s.card_db = card_db
        s.extra_cards = extra_cards or []
        s.events = []
        return s

    def to_data(self) -> dict:
        d = self.FIELDS.to_data(self)
        d["steps"] = [step.to_data() for step in self.steps]
        d["outcome"] = None if self.outcome is None else self.outcome.to_data()
        d["game"] = "lumen_condenser"
        return d

    @classmethod
    def from_data(cls, game, card_db, data: dict) -> "LumenState":
        s = cls.blank(game, card_db)
        cls.FIELDS.from_data(s, data, SPECS)
        s.steps = [Step.from_data(x) for x in data.get("steps", [])]
        s.outcome = Outcome.from_data(data.get("outcome"))
        s.game = game
        s.card_db = card_db
        s.decision = PROCESSOR.decide(s)
        return s

    # -- small helpers -------------------------------------------------------------------------
    def event(self, kind: str, caption: str, rule: str, data: dict) -> Event:
        """Emit an event (its arguments in order: a call with keywords costs more)."""
        ev = MadeEvent()  # make_event(kind, caption, rule, data), written out here (no call)
        ev.kind = kind
        ev.caption = caption
        ev.rule = rule
        ev.data = data
        ev.hidden_from = ()
        ev.public = None
        self.events.append(ev)
        return ev

    def told(self, kind: str, say, rule: str, more: tuple) -> Event:
        """:meth:`event` with its caption and data written when first read
        (:class:`~.captions.DataEvent`): ``say`` is the caption or ``(writer,
        value...)``, ``more`` the data's keys and values in turn."""
        ev = DataEvent()
        ev.kind = kind
        ev._say = say
        ev.rule = rule
        ev._more = more
        ev.hidden_from = ()
        ev.public = None
        self.events.append(ev)
        return ev

    def tech(self, iid: int):
        return self.card_db.techs[self.table.card[iid]]

    def char(self, p: int):
        return self.card_db.chars[self.characters[p]]

    def limit(self, p: int) -> int:
        """Seed 2.1 (2): the hand limit of the HP band the player is in."""
        ch = self.card_db.chars[self.characters[p]]
        hp = self.hp[p]
        lim = ch._limit_at.get(hp)  # (Character.limit, as it remembers it)
        return ch.limit(hp) if lim is None else lim

    def hand(self, p: int) -> list:
        return self.table.zones[HAND[p]]

    def priority(self):
        """Seed 3.2: FP, then HP, then hand size; higher holds priority; a full
        tie returns None (the timing is skipped)."""
        a, b = self.fp
        if a != b:
            return 0 if a > b else 1
        a, b = self.hp
        if a != b:
            return 0 if a > b else 1
        a, b = len(self.table.zones[HAND[0]]), len(self.table.zones[HAND[1]])
        if a != b:
            return 0 if a > b else 1
        return None

    def effect_order(self) -> tuple:
        """Seed 8: simultaneous effects alternate starting with the priority
        holder (player 1 first on a tie; see README, rule choices)."""
        return (1, 0) if self.priority() == 1 else (0, 1)

    def technique_type(self, p: int):
        """The type of p's technique in the judgment, or None (none readied or nullified)."""
        if not self.technique_live[p]:
            return None
        return self.tech(self.battle_cards[p]).type

    def technique_name(self, p: int) -> str:
        return self.tech(self.battle_cards[p]).name if self.battle_cards[p] >= 0 else "no technique"

    def clear_ready(self) -> None:
        """Nobody has readied a technique or declared ready (a Ready phase begins; the
        readied techniques are revealed). In place, as :meth:`reset_battle`."""
        x = self.ready_picks
        x[0] = x[1] = -1
        x = self.declared
        x[0] = x[1] = 0

    def reset_battle(self) -> None:
        """Forget this battle's judgment (after clean-up, a grab negation or sudden death)."""
        # in place (a state's lists are its own: a clone copies them, and no event keeps one)
        x = self.battle_cards
        x[0] = x[1] = -1
        x = self.technique_live
        x[0] = x[1] = 0
        x = self.lost_judgment
        x[0] = x[1] = 0
        x = self.speeds
        x[0] = x[1] = 0
        x = self.power_bonus
        x[0] = x[1] = 0
        x = self.results
        x[0] = x[1] = ""
        x = self.breaks_after_use
        x[0] = x[1] = 0
        x = self.combo_result
        x[0] = x[1] = 0
        self.fp_zero_at_reveal = False
        self.battle_memo = None

    def set_hp(self, p: int, value: int, why: str, rule: str) -> None:
        old = self.hp[p]
        if value == old:
            return
        self.hp[p] = value
        self.outcome_due = True
        ev = DataEvent()  # its caption (hp_caption) and data written when read
        ev.kind = "counter.change"
        ev._say = (hp_caption, self.names[p], old, value, why)
        ev.rule = rule
        ev._more = ("player", p, "counter", "hp", "delta", value - old, "value", value)
        ev.hidden_from = ()
        ev.public = None
        self.events.append(ev)

    def set_fp(self, p: int, value: int, why: str, rule: str) -> None:
        old = self.fp[p]
        if value == old:
            return
        self.fp[p] = value
        ev = DataEvent()  # its caption (fp_caption) and data written when read
        ev.kind = "counter.change"
        ev._say = (fp_caption, self.names[p], old, value, why)
        ev.rule = rule
        ev._more = ("player", p, "counter", "fp", "delta", value - old, "value", value)
        ev.hidden_from = ()
        ev.public = None
        self.events.append(ev)

    def move(self, iid: int, to: str, face: int | None = None, caption: str = "", rule: str = "") -> None:
        """The kit's ``CardTable.move`` to the end of a zone, written out for
        this game's zones (no slots, nothing attached, no secret zone): the
        same ``card.move`` event, hidden from the same players."""
        t = self.table
        zone_of = t.zone
        zones = t.zones
        vis = t.vis
        faces = t.face
        known = t.known
        frm = zone_of[iid]
        lst = zones[frm]
        fidx = lst.index(iid)
        del lst[fidx]
        v = vis[frm]
        k = known[iid]
        fc = faces[iid]
        before = k | (v[0] if fc else v[1])
        if face is None:
            face = fc
        else:
            faces[iid] = face
        d = vis[to]
        if d[3]:  # a hand or a side deck (no zone here is secret): a card seen going there stays known to whoever saw it
            k = known[iid] = k | before
        lst = zones[to]
        lst.append(iid)
        zone_of[iid] = to
        # the event keeps what its data is made of; the data, the public data and the default
        # caption are written when first read (the kit's MoveEvent: headless play never reads them)
        e = _Move()
        e.kind = "card.move"
        e._cap = caption or None
        e.rule = rule
        e._move = (iid, t.card[iid], frm, fidx, to, len(lst) - 1, face, t.orient[iid], t.owner[iid], d[3])
        e._data = None
        if before != 3:
            hidden = _HIDDEN[before | k | (d[0] if face else d[1])]
            e.hidden_from = hidden
            e._pub = _UNWRITTEN if hidden else None
        else:
            e.hidden_from = ()
            e._pub = None
        self.events.append(e)

    def to_list(self, iid: int, rule: str) -> None:
        """A card sent to the List goes face up. A special technique or an
        ultimate can't go there (seed 3.3, digest B.2 rule 9): it is broken
        instead, and a break refills the List (seed 3.3). A card over the
        14-card List limit is broken without a refill (digest B.2 rule 8)."""
        table = self.table
        p = table.owner[iid]
        t = self.card_db.techs[table.card[iid]]  # (self.tech)
        if t.special or t.ultimate:
            break_card(self, iid, rule)
            return
        if len(table.zones[LIST[p]]) >= LIST_MAX:
            self.move(iid, BREAK[p], 1, f"{t.name} is broken", rule)
            return
        self.move(iid, LIST[p], 1, (to_list_caption, t.name, self.names[p]), rule)  # said when read

    def to_hand(self, iid: int, rule: str, caption: str = "") -> None:
        p = self.table.owner[iid]
        self.move(iid, HAND[p], 0, caption or f"a technique returns to {self.names[p]}'s hand", rule)

    def battle_to_hand(self, rule: str) -> None:
        """Every card in both battle zones back to its owner's hand (face up there, so named)."""
        for p in (0, 1):
            for iid in list(self.table.zones[BATTLE[p]]):
                self.to_hand(iid, rule, f"{self.tech(iid).name} returns to {self.names[p]}'s hand")

    # -- the end of the game (seed 5, seed 8) -------------------------------------------------------
    def end_game(self, winner, termination: str, reason: str, rule: str) -> None:
        """``winner`` is 0, 1 or None for a draw."""
        self.outcome = Outcome(winner, termination, reason, rule)
        self.steps = []
        self.battle_step = ""
        self.event("game.over", reason, rule, {"winner": self.outcome.result, "reason": reason})

    def check_outcome(self, events) -> None:
        """The end-of-game checks, run after every step: a third no response
        loses (seed 5; both at once is a draw); sudden death ends after its
        turns with the higher HP winning (seed 8); HP at 0 loses (seed 5),
        both at 0 at once start sudden death, or draw during it (seed 8). The
        HP check waits during the judgment until its effects step (seed
        5.3.7): damage from before-judgment effects is judged with the rest."""
        if self.outcome is not None:
            return
        responses = self.no_responses
        if responses[0] >= NO_RESPONSE_LOSS or responses[1] >= NO_RESPONSE_LOSS:
            lost = [responses[p] >= NO_RESPONSE_LOSS for p in (0, 1)]
            if lost[0] and lost[1]:
                self.end_game(None, Termination.SIMULTANEOUS, "Both players made their third no-response: a draw",
                              "seed 5")
            else:
                p = 0 if lost[0] else 1
                q = 1 - p
                self.end_game(q, Termination.TIMEOUT, f"{self.names[p]}'s third no-response: {self.names[q]} wins",
                              "seed 5")
            return
        if self.in_sudden_death and self.sudden_death_turns <= 0:
            a, b = self.hp
            if a == b:
                self.end_game(None, Termination.TURN_LIMIT, f"Sudden death over: HP tied at {a}: a draw", "seed 8")
            else:
                w = 0 if a > b else 1
                self.end_game(w, Termination.TURN_LIMIT, f"Sudden death over: {self.names[w]} has more HP "
                              f"({max(a, b)} to {min(a, b)})", "seed 8")
            return
        hp = self.hp
        if hp[0] > 0 and hp[1] > 0:
            return  # not due again until HP, a no-response count or sudden death changes
        if self.battle_step in HP_CHECK_WAITS:
            self.outcome_due = True  # looked at again after the next step
            return
        zero = [hp[0] <= 0, hp[1] <= 0]
        if zero[0] and zero[1]:
            if self.in_sudden_death:
                self.end_game(None, Termination.SIMULTANEOUS, "Both HP reach 0 again in sudden death: a draw", "seed 8")
            else:
                start_sudden_death(self)
            return
        w = 1 if zero[0] else 0
        self.end_game(w, Termination.LIFE, f"{self.names[1 - w]}'s HP reaches 0: {self.names[w]} wins", "seed 5")

    # -- the engine contract ------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.turn_number

    # ``decision`` is a plain slot, read without a call (the kit and the agents read it several
    # times per choice): it is built whenever the rules stop, as a choice is applied, after set-up,
    # a load or a re-draw (a __getattr__ to build it on first read would slow every attribute read).
    @property
    def decision_cache(self):
        """The pending decision (setting None builds it again: the state changed outside the rules)."""
        return self.decision

    @decision_cache.setter
    def decision_cache(self, value) -> None:
        self.decision = PROCESSOR.decide(self) if value is None else value

    def _apply(self, choice) -> list:
        self.events = events = []
        self.decision = PROCESSOR.apply(self, choice, events)
        self.events = None
        return events

    def run(self) -> None:
        """Run the rules to the first decision (set-up and positions); their
        events are not kept."""
        self.events = []
        decision = PROCESSOR.start(self, self.events)
        self.events = None
        self.decision = decision

    def view(self, player):
        return view(self, player)

    def why_not(self, kind: str, args: dict, player=None) -> str:
        return why_not(self, kind, args, player)

    def invariant_violations(self) -> list[str]:
        out = self.table.invariant_violations()
        for p in (0, 1):
            if not 0 <= self.no_responses[p] <= NO_RESPONSE_LOSS:
                out.append(f"player {p} no-response count {self.no_responses[p]} out of range")
            if self.hp[p] > self.char(p).hp:
                out.append(f"player {p} HP {self.hp[p]} above the start HP")
            if self.outcome is None and self.hp[p] <= 0:
                out.append(f"player {p} HP {self.hp[p]} at 0 but the game goes on")
            if not -99 <= self.fp[p] <= 99:
                out.append(f"player {p} FP {self.fp[p]} out of range")
            if len(self.table.zones[LIST[p]]) > LIST_MAX:
                out.append(f"player {p} List holds more than {LIST_MAX}")
            if self.ready_picks[p] >= 0 and self.table.zone[self.ready_picks[p]] != HAND[p]:
                out.append(f"player {p} readied a card that is not in hand")
            for iid in self.table.zones[HAND[p]] + self.table.zones[LIST[p]]:
                if self.card_db.techs[self.table.card[iid]].special:
                    out.append(f"a special technique in player {p}'s hand or List")
        if self.defence_over_count >= DEFENCE_OVER:
            out.append("defence over count not reset")
        return out

    def determinize(self, player: int, rng) -> "LumenState":
        """Re-draw the identities of the opponent's cards ``player`` can't see
        (hand and side deck): special techniques among the special slots
        first (they never reach a hand), then the rest; a readied pick that
        the re-drawn hand can't ready becomes one it can; reseed."""
        s = self.clone()
        t = s.table
        techs = self.card_db.techs
        q = 1 - player

        def kind(i):
            tech = techs.get(t.card[i])
            return KEEP if tech is None else tech.special

        t.determinize(player, rng, group=kind, owners=(q,), group_order=(True, False))
        pick = s.ready_picks[q]
        if pick >= 0:
            legal = ready_cards(s, q)
            if legal and pick not in legal:
                s.ready_picks[q] = legal[rng.randbelow(len(legal))]
        s.rng = PCG32(rng.next_u32(), stream=7)
        s.decision = PROCESSOR.decide(s)  # the clone's own, over the cards it now holds
        return s


FIELDS = declare(LumenState, FIELD_LIST)
