"""The Lumen Condenser rules engine.

Sources: the user's summary (``lumen_condenser.seed.ko.txt``, cited "seed N")
wins over the research digest (``aquarian_lumen.digest.md`` part B, cited
"digest B.N").

The state is plain data. The rules run as a stack of named steps
(``self.stack``, the next step last); a step that needs a decision stores it
in ``self.wait`` and returns, so a paused resolution is data, never a Python
frame. ``_run`` pops steps until a decision is pending or the game is over.
"""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, Event, State
from tabletop.engine.errors import IllegalChoice
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable, ZoneSpec

from .cards import HAND_START, LIST_START

PHASES = ("lumen", "ready", "battle", "get", "recovery")
JUDGMENT_STEPS = ("pre", "evade", "defence", "fp_speed", "speed", "offset", "effects", "result", "post", "catch")
LIST_MAX = 14            # digest B.2 rule 8
SD_HP = 1000             # seed 8, sudden death
SD_TURNS = 3
NO_RESPONSE_LOSS = 3     # seed 5: the opponent's third no-response
DEFENCE_OVER = 3         # seed 8: three defence-vs-defence battles in a row
TIMER_SECONDS = 10       # seed 5.2

ZNAMES = ("character", "battle", "hand", "list", "side", "break", "ultimate")
Z = {n: (f"p0.{n}", f"p1.{n}") for n in ZNAMES}
HAND, LIST, SIDE, BATTLE, BREAK, ULT = Z["hand"], Z["list"], Z["side"], Z["battle"], Z["break"], Z["ultimate"]


def zone_specs() -> list[ZoneSpec]:
    """Each player's zones (seed 4.2, digest B.2 rule 7): character, battle
    zone, hand (private), List (public, face up), side deck (its owner sees
    it), break zone and ultimate zone (public)."""
    out = []
    for p in (0, 1):
        out += [ZoneSpec(Z["character"][p], p), ZoneSpec(BATTLE[p], p), ZoneSpec(HAND[p], p, "owner"),
                ZoneSpec(LIST[p], p), ZoneSpec(SIDE[p], p, "owner"), ZoneSpec(BREAK[p], p),
                ZoneSpec(ULT[p], p)]
    return out


SPECS = zone_specs()

_SLOTS = ("game", "db", "extra", "table", "rng", "names", "chars", "hp", "fp", "nores", "ctr", "turn_no",
          "phase", "step", "stack", "wait", "win", "reason", "pick", "decl", "timed", "first", "restrict",
          "noget", "used", "keepneg", "dover", "sd", "sdon", "bc", "act", "lost", "spd", "pw", "res", "brk",
          "cmb", "fpz", "cp", "clast", "cn", "ccards", "wt", "wa", "wp", "_dec", "_ev")
_DATA = ("names", "chars", "hp", "fp", "nores", "ctr", "turn_no", "phase", "step", "stack", "wait", "win",
         "reason", "pick", "decl", "timed", "first", "restrict", "noget", "used", "keepneg", "dover", "sd",
         "sdon", "bc", "act", "lost", "spd", "pw", "res", "brk", "cmb", "fpz", "cp", "clast", "cn", "ccards",
         "wt", "wa", "wp")
_LISTS = ("hp", "fp", "nores", "ctr", "pick", "decl", "restrict", "noget", "used", "keepneg", "bc", "act",
          "lost", "spd", "pw", "res", "brk", "cmb", "stack", "ccards")

RESULT_WHEN = {"hit": "hit", "counter": "counter", "mutual": "hit", "guard": "guard", "guarded": "guarded",
               "evade": "evade", "evaded": "evaded", "offset": "offset", "offsetted": "offsetted"}

PN = ("Player 1", "Player 2")


class LumenState(State):
    """A Lumen Condenser game in progress (plain data; see module docstring)."""

    __slots__ = _SLOTS

    # -- construction -----------------------------------------------------------------
    @classmethod
    def blank(cls, game, db, extra=None) -> "LumenState":
        s = cls.__new__(cls)
        s.game = game
        s.db = db
        s.extra = extra or []
        s.table = CardTable(SPECS)
        s.rng = PCG32(0)
        s.names = ["Player 1", "Player 2"]
        s.chars = ["", ""]
        s.hp = [0, 0]
        s.fp = [0, 0]
        s.nores = [0, 0]
        s.ctr = [0, 0]
        s.turn_no = 0
        s.phase = "lumen"
        s.step = ""
        s.stack = []
        s.wait = None
        s.win = None
        s.reason = ""
        s.pick = [-1, -1]
        s.decl = [0, 0]
        s.timed = False
        s.first = -1
        s.restrict = ["", ""]
        s.noget = [0, 0]
        s.used = [0, 0]
        s.keepneg = [0, 0]
        s.dover = 0
        s.sd = 0
        s.sdon = False
        s._reset_battle()
        s.cp = -1
        s.clast = 0
        s.cn = 0
        s.ccards = []
        s.wt = ""
        s.wa = 0
        s.wp = 0
        s._dec = None
        s._ev = []
        return s

    def _reset_battle(self) -> None:
        self.bc = [-1, -1]
        self.act = [0, 0]
        self.lost = [0, 0]
        self.spd = [0, 0]
        self.pw = [0, 0]
        self.res = ["", ""]
        self.brk = [0, 0]
        self.cmb = [0, 0]
        self.fpz = False

    def clone(self) -> "LumenState":
        s = LumenState.__new__(LumenState)
        s.game = self.game
        s.db = self.db
        s.extra = self.extra
        s.table = self.table.clone()
        s.rng = self.rng.copy()
        s.names = self.names
        s.chars = self.chars
        s.hp = self.hp[:]
        s.fp = self.fp[:]
        s.nores = self.nores[:]
        s.ctr = self.ctr[:]
        s.turn_no = self.turn_no
        s.phase = self.phase
        s.step = self.step
        s.stack = self.stack[:]
        s.wait = dict(self.wait) if self.wait is not None else None
        s.win = self.win
        s.reason = self.reason
        s.pick = self.pick[:]
        s.decl = self.decl[:]
        s.timed = self.timed
        s.first = self.first
        s.restrict = self.restrict[:]
        s.noget = self.noget[:]
        s.used = self.used[:]
        s.keepneg = self.keepneg[:]
        s.dover = self.dover
        s.sd = self.sd
        s.sdon = self.sdon
        s.bc = self.bc[:]
        s.act = self.act[:]
        s.lost = self.lost[:]
        s.spd = self.spd[:]
        s.pw = self.pw[:]
        s.res = self.res[:]
        s.brk = self.brk[:]
        s.cmb = self.cmb[:]
        s.fpz = self.fpz
        s.cp = self.cp
        s.clast = self.clast
        s.cn = self.cn
        s.ccards = self.ccards[:]
        s.wt = self.wt
        s.wa = self.wa
        s.wp = self.wp
        s._dec = self._dec
        s._ev = []
        return s

    def to_data(self) -> dict:
        d = {k: (list(getattr(self, k)) if k in _LISTS else getattr(self, k)) for k in _DATA}
        d["wait"] = dict(self.wait) if self.wait is not None else None
        d["table"] = self.table.to_data()
        d["rng"] = self.rng.to_data()
        d["extra"] = self.extra
        d["game"] = "lumen_condenser"
        return d

    @classmethod
    def from_data(cls, game, db, data: dict) -> "LumenState":
        s = cls.blank(game, db, data.get("extra") or [])
        for k in _DATA:
            v = data[k]
            setattr(s, k, list(v) if k in _LISTS else v)
        s.names = list(data["names"])
        s.chars = list(data["chars"])
        s.wait = dict(data["wait"]) if data["wait"] is not None else None
        s.table = CardTable.from_data(data["table"], SPECS)
        s.rng = PCG32.from_data(data["rng"])
        return s

    # -- small helpers -------------------------------------------------------------------
    def _e(self, kind: str, caption: str, rule: str = "", **data) -> Event:
        ev = Event(kind, caption, rule, data)
        self._ev.append(ev)
        return ev

    def tech(self, iid: int):
        return self.db.techs[self.table.card[iid]]

    def char(self, p: int):
        return self.db.chars[self.chars[p]]

    def limit(self, p: int) -> int:
        """Seed 2.1 (2): the hand limit of the HP band the player is in."""
        return self.char(p).limit(self.hp[p])

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

    def _order(self) -> tuple:
        """Seed 8: simultaneous effects alternate starting with the priority
        holder (player 1 first on a tie; see README, rule choices)."""
        pr = self.priority()
        return (1, 0) if pr == 1 else (0, 1)

    def _push(self, *steps: str) -> None:
        self.stack.extend(reversed(steps))

    def _set_hp(self, p: int, value: int, why: str, rule: str) -> None:
        old = self.hp[p]
        if value == old:
            return
        self.hp[p] = value
        self._e("counter.change", f"{self.names[p]} HP {old} -> {value} ({why})", rule,
                player=p, counter="hp", delta=value - old, value=value)

    def _set_fp(self, p: int, value: int, why: str, rule: str) -> None:
        old = self.fp[p]
        if value == old:
            return
        self.fp[p] = value
        self._e("counter.change", f"{self.names[p]} FP {old:+d} -> {value:+d} ({why})", rule,
                player=p, counter="fp", delta=value - old, value=value)

    def _move(self, iid: int, to: str, face: int | None = None, caption: str = "", rule: str = "") -> None:
        self._ev.append(self.table.move(iid, to, face=face, caption=caption, rule=rule))

    def _to_list(self, iid: int, rule: str) -> None:
        """Digest B.2 rules 8-9: a card sent to the List goes face up; a special
        technique, an ultimate, or a card over the 14-card List limit is broken
        instead (without replenishment)."""
        p = self.table.owner[iid]
        t = self.tech(iid)
        if t.special or t.ultimate or len(self.table.zones[LIST[p]]) >= LIST_MAX:
            self._move(iid, BREAK[p], face=1, caption=f"{t.name} is broken", rule=rule)
            return
        self._move(iid, LIST[p], face=1, caption=f"{t.name} goes to {self.names[p]}'s List", rule=rule)

    def _break(self, iid: int, rule: str) -> None:
        """Seed 3.3: a broken card goes to the break zone; for each attack or
        defence technique broken from outside the side deck, its owner takes a
        technique from the side deck and puts it face up in the List (special
        techniques can't go there). The refill is its own step
        (``s_replenish``), run right after the procedure that broke the card."""
        p = self.table.owner[iid]
        frm = self.table.zone[iid]
        t = self.tech(iid)
        self._move(iid, BREAK[p], face=1, caption=f"{self.names[p]}'s {t.name} is broken", rule=rule)
        if t.special or t.ultimate or frm == SIDE[p]:
            return
        self.stack.append(f"replenish:{p}")

    def replenish_cards(self, p: int) -> list[int]:
        """Seed 3.3: the side-deck techniques that may refill the List (not special ones)."""
        return [c for c in self.table.zones[SIDE[p]] if not self.db.techs[self.table.card[c]].special]

    def s_replenish(self, arg) -> None:
        """Seed 3.3 break replenishment: the owner chooses which technique of
        their side deck goes face up to the List (the seed does not say who
        picks; the side deck is the owner's, so the owner does). Nothing when
        the List already holds 14 (digest B.2 rule 8) or no technique is left."""
        p = int(arg)
        if len(self.table.zones[LIST[p]]) >= LIST_MAX:
            self._e("break.replenish", f"{self.names[p]}'s List is full: no replenishment", "digest B.2 rule 10", player=p)
            return
        cands = self.replenish_cards(p)
        if not cands:
            self._e("break.replenish", f"{self.names[p]}'s side deck has no technique left to replenish the List",
                    "seed 3.3", player=p)
            return
        if len(cands) == 1:
            self._replenish(p, cands[0])
            return
        self.wait = {"k": "replenish", "p": p}

    def _replenish(self, p: int, c: int) -> None:
        self._move(c, LIST[p], face=1, caption=f"{self.names[p]} replenishes the List from the side deck "
                   f"with {self.db.techs[self.table.card[c]].name}", rule="seed 3.3")

    def c_replenish(self, c: Choice, w) -> None:
        """Seed 3.3: the chosen side-deck technique goes face up to the List."""
        self.wait = None
        self._replenish(c.player, c.args["card"])

    def _to_hand(self, iid: int, rule: str, caption: str = "") -> None:
        p = self.table.owner[iid]
        self._move(iid, HAND[p], face=0, caption=caption or f"a technique returns to {self.names[p]}'s hand", rule=rule)

    def _end(self, winner, reason: str, rule: str) -> None:
        self.win = winner
        self.reason = reason
        self.stack = []
        self.wait = None
        self.step = ""
        self._e("game.over", reason, rule, winner=winner, reason=reason)

    # -- the engine contract -----------------------------------------------------------------
    @property
    def winner(self):
        return self.win

    @property
    def turn(self) -> int:
        return self.turn_no

    @property
    def decision(self):
        if self._dec is None:
            if self.win is not None or self.wait is None:
                return None
            self._dec = self._build_decision()
        return self._dec

    def _apply(self, choice: Choice) -> list:
        self._ev = []
        self._dec = None
        w = self.wait
        handler = _HANDLERS[choice.kind]
        handler(self, choice, w)
        self._run()
        self._dec = None
        ev = self._ev
        self._ev = []
        return ev

    def _run(self) -> None:
        while self.wait is None and self.win is None and self.stack:
            name = self.stack.pop()
            step, _, arg = name.partition(":")
            _STEPS[step](self, arg)

    # -- turn structure (seed 5) -------------------------------------------------------------------
    def s_turn_start(self, arg) -> None:
        """Seed 5: the phases repeat Lumen -> Ready -> Battle -> Get -> Recovery."""
        self.turn_no += 1
        self.restrict = ["", ""]
        self.noget = [0, 0]
        self.used = [0, 0]
        self._e("turn.begin", f"Turn {self.turn_no}" + (f" (sudden death, {self.sd} left)" if self.sdon else ""),
                "seed 5", turn=self.turn_no)
        self._push("lumen", "ready", "battle", "get", "recovery", "turn_end")

    def s_lumen(self, arg) -> None:
        """Seed 5.1: from the priority holder, each checks whether to use
        Lumen-phase abilities; a priority tie skips the timing (seed 3.2)."""
        self.phase = "lumen"
        self.step = ""
        self._e("phase.begin", "Lumen phase", "seed 5.1", phase="lumen")
        self._open_window("lumen", "seed 5.1")

    def s_recovery(self, arg) -> None:
        """Seed 5.5: from the priority holder, each checks Recovery-phase abilities."""
        self.phase = "recovery"
        self.step = ""
        self._e("phase.begin", "Recovery phase", "seed 5.5", phase="recovery")
        self._push("recovery_end")
        self._open_window("recovery", "seed 5.5")

    def _open_window(self, timing: str, rule: str) -> None:
        """Seed 3.2: actions at a shared timing go one at a time from the
        priority holder, alternating; with tied priority the timing is skipped
        when both have something to do at it (seed 8 example)."""
        has = [bool(self.abilities(0, timing)), bool(self.abilities(1, timing))]
        pr = self.priority()
        if not has[0] and not has[1]:
            self._e(f"{timing}.window", f"No {timing}-phase ability can be used", rule, timing=timing)
            return
        if pr is None and has[0] and has[1]:
            self._e("priority.tie_skip", f"Priority is tied and both have {timing}-phase abilities: "
                    f"the {timing} timing is skipped", "seed 3.2", timing=timing)
            return
        first = pr if pr is not None else (0 if has[0] else 1)
        self._e("priority.check", f"{self.names[first]} acts first in the {timing} timing"
                + (" (holds priority)" if pr is not None else " (priority tied; only they can act)"),
                "seed 3.2", player=first, timing=timing)
        self.wt = timing
        self.wa = first
        self.wp = 0
        self._push("wturn")

    def s_wturn(self, arg) -> None:
        p = self.wa
        if self.abilities(p, self.wt):
            self.wait = {"k": "ability", "p": p}
            return
        self._pass_window(p)

    def _pass_window(self, p: int) -> None:
        self.wp += 1
        if self.wp >= 2:
            self._e(f"{self.wt}.window", f"Both players are done with the {self.wt} timing", "seed 3.2", timing=self.wt)
            self.wt = ""
            return
        self.wa = 1 - p
        self._push("wturn")

    def abilities(self, p: int, timing: str) -> list[dict]:
        """Lumen/Recovery-phase abilities ``p`` may use now: the trait's
        abilities (once per turn, paying counters) and special techniques in
        the side deck (digest B.1 rule 4: used through their timing, then broken)."""
        out = []
        ch = self.char(p)
        for i, e in enumerate(ch.abilities):
            if e["timing"] != timing or self.used[p] & (1 << i):
                continue
            if e.get("cost", 0) > self.ctr[p] or not self._cond(p, e) or self._conflict(p, e):
                continue
            out.append({"ability": i})
        for iid in self.table.zones[SIDE[p]]:
            t = self.db.techs[self.table.card[iid]]
            if t.special and t.timing == timing:
                effs = t.eff.get("use", ())
                if all(self._cond(p, e) and not self._conflict(p, e) for e in effs):
                    out.append({"card": iid})
        return out

    def _conflict(self, p: int, e: dict) -> bool:
        """Digest B.9 rule 39: of two conflicting mandatory effects only the
        first applies, so a restriction can't be declared on a player who
        already has one (seed 3.2 example)."""
        if e["do"] != "restrict":
            return False
        t = p if e.get("target", "opp") == "self" else 1 - p
        return bool(self.restrict[t])

    def s_ready(self, arg) -> None:
        """Seed 5.2: both choose a technique at once, hidden from each other."""
        self.phase = "ready"
        self.step = ""
        self.pick = [-1, -1]
        self.decl = [0, 0]
        self.first = -1
        self._e("phase.begin", "Ready phase: both choose a technique at once", "seed 5.2", phase="ready")
        self.wait = {"k": "ready"}

    def ready_cards(self, p: int) -> list[int]:
        """Techniques ``p`` may ready: attack or defence techniques in hand
        (special techniques can't be readied, digest B.1 rule 4), within any
        restriction placed this turn."""
        r = self.restrict[p]
        out = []
        for iid in self.table.zones[HAND[p]]:
            t = self.db.techs[self.table.card[iid]]
            if t.special or (r and t.type != r):
                continue
            out.append(iid)
        return out

    def s_battle(self, arg) -> None:
        """Seed 5.3: reveal the readied techniques and judge them in order."""
        self._push("reveal", "grab", "j_pre", "j_evade", "j_defence", "j_fp", "j_speed", "j_offset",
                   "j_effects", "j_result", "j_post", "combo", "j_catch", "cleanup", "battle_end")

    def s_battle_end(self, arg) -> None:
        self.step = ""

    def s_reveal(self, arg) -> None:
        """Seed 5.3: both readied techniques are revealed in the battle zone."""
        self.phase = "battle"
        self.step = ""
        self._reset_battle()
        self.fpz = self.fp[0] == 0 and self.fp[1] == 0
        self._e("phase.begin", "Battle phase", "seed 5.3", phase="battle")
        for p in (0, 1):
            iid = self.pick[p]
            if iid >= 0:
                t = self.tech(iid)
                self._move(iid, BATTLE[p], face=1, caption=f"{self.names[p]} reveals {t.name}", rule="seed 5.3")
                self.bc[p] = iid
                self.act[p] = 1
                self.spd[p] = t.speed
        self.pick = [-1, -1]
        self.decl = [0, 0]
        self._e("battle.reveal", " vs ".join(self._tname(p) for p in (0, 1)), "seed 5.3",
                cards=list(self.bc))

    def _tname(self, p: int) -> str:
        return self.tech(self.bc[p]).name if self.bc[p] >= 0 else "no technique"

    def kind(self, p: int):
        """The type of p's technique in the judgment, or None (none readied or nullified)."""
        if not self.act[p]:
            return None
        return self.tech(self.bc[p]).type

    # -- grab (seed 7) ------------------------------------------------------------------------------
    def _grab_cards(self, p: int) -> list[int]:
        return [i for i in self.table.zones[HAND[p]] if self.db.techs[self.table.card[i]].grab]

    def s_grab(self, arg) -> None:
        """Seed 7: when a grab technique is used, its opponent may break a grab
        technique from hand to nullify it; both battle cards return to hand and
        the Ready phase is played again. Two windows at once go by priority
        (a tie skips the timing, seed 3.2)."""
        resp = []
        for p in (0, 1):
            q = 1 - p
            if self.act[p] and self.tech(self.bc[p]).grab and self._grab_cards(q):
                resp.append(q)
        if not resp:
            return
        if len(resp) == 2:
            pr = self.priority()
            if pr is None:
                self._e("priority.tie_skip", "Both may answer a grab and priority is tied: the grab timing is skipped",
                        "seed 3.2")
                return
            resp = [pr, 1 - pr]
        self._push(*[f"grabw:{q}" for q in resp])

    def s_grabw(self, arg) -> None:
        q = int(arg)
        self.step = "grab"
        self.wait = {"k": "grab", "p": q}

    # -- battle judgment (seed 5.3.1 - 5.3.10) ---------------------------------------------------------
    def _stepev(self, name: str, caption: str, rule: str) -> Event:
        self.step = name
        return self._e(f"judgment.{name}", caption, rule, step=name)

    def s_j_pre(self, arg) -> None:
        """Seed 5.3.1: before-judgment effects apply."""
        ev = self._stepev("pre", "", "seed 5.3.1")
        n = self._effects_both({p: ("pre",) for p in (0, 1) if self.act[p]})
        ev.caption = (f"Pre-judgment: {n} before-judgment effect(s) applied" if n else
                      "Pre-judgment: no before-judgment effect; nothing happens")
        ev.data["applied"] = n

    def s_j_evade(self, arg) -> None:
        """Seed 5.3.2: a defence's evade entry or an attack's evade judgment
        matching the opponent's attack position evades it: the opponent loses
        the judgment and its effects and damage are nullified."""
        ev = self._stepev("evade", "", "seed 5.3.2")
        ok = [False, False]
        for p in (0, 1):
            q = 1 - p
            kp, kq = self.kind(p), self.kind(q)
            if kp is None or kq != "attack":
                continue
            pos = self.tech(self.bc[q]).pos
            t = self.tech(self.bc[p])
            ok[p] = (t.dtab.get(pos) == "evade") if kp == "defence" else (pos in t.evade)
        if ok[0] and ok[1]:
            self.lost = [1, 1]
            self.res = ["none", "none"]
            ev.caption = "Evade: both techniques evade each other; neither judgment counts"
        elif ok[0] or ok[1]:
            p = 0 if ok[0] else 1
            q = 1 - p
            self.lost[q] = 1
            self.res[p] = "evade"
            self.res[q] = "evaded"
            ev.caption = f"Evade: {self.names[p]}'s {self._tname(p)} evades {self._tname(q)}; {self.names[q]} loses the judgment"
        else:
            ev.caption = "Evade: no evade judgment matches; nothing happens"
        ev.data["evade"] = ok

    def s_j_defence(self, arg) -> None:
        """Seed 5.3.3: a defence whose guard entry matches the attack's position guards it."""
        ev = self._stepev("defence", "", "seed 5.3.3")
        for p in (0, 1):
            q = 1 - p
            if self.kind(p) == "defence" and not self.lost[p] and self.kind(q) == "attack" and not self.lost[q]:
                pos = self.tech(self.bc[q]).pos
                if self.tech(self.bc[p]).dtab.get(pos) == "guard":
                    self.res[p] = "guard"
                    self.res[q] = "guarded"
                    ev.caption = f"Defence: {self.names[p]}'s {self._tname(p)} guards the {pos} attack {self._tname(q)}"
                    ev.data["guard"] = p
                    return
        ev.caption = "Defence: no guard entry matches; nothing happens"

    def s_j_fp(self, arg) -> None:
        """Seed 5.3.4: each attack's speed improves by its player's FP (lower is
        faster; a fixed technique ignores FP, seed 3.4; a technique that has
        already lost keeps its speed); then both FP become 0."""
        ev = self._stepev("fp_speed", "", "seed 5.3.4")
        parts = []
        for p in (0, 1):
            if self.kind(p) != "attack":
                continue
            t = self.tech(self.bc[p])
            f = self.fp[p]
            if self.lost[p]:
                parts.append(f"{t.name} already lost and keeps speed {self.spd[p]}")
            elif t.fixed:
                parts.append(f"{t.name} is fixed and keeps speed {self.spd[p]}")
            elif f:
                new = max(1, self.spd[p] - f)
                parts.append(f"{t.name} speed {self.spd[p]} -> {new} (FP {f:+d})")
                self.spd[p] = new
        had = self.fp[0] or self.fp[1]
        for p in (0, 1):
            self._set_fp(p, 0, "FP spent in the speed adjustment", "seed 5.3.4")
        if parts or had:
            ev.caption = ("FP speed adjustment: " + ("; ".join(parts) or "no attack's speed changes")
                          + "; FP set to 0")
        else:
            ev.caption = "FP speed adjustment: no FP changes a speed; nothing happens (FP is 0)"
        ev.data["speeds"] = list(self.spd)

    def s_j_speed(self, arg) -> None:
        """Seed 5.3.5: the faster technique wins; equal speed is a draw. An
        attack against no technique, or a defence with no entry for its
        position, succeeds (seed 5.3.8)."""
        ev = self._stepev("speed", "", "seed 5.3.5")
        live = [self.kind(p) == "attack" and not self.lost[p] and not self.res[p] for p in (0, 1)]
        if live[0] and live[1]:
            a, b = self.spd
            if a == b:
                self.res = ["mutual", "mutual"]
                ev.caption = f"Speed: both at speed {a}: a draw, both hit"
            else:
                w = 0 if a < b else 1
                self.res[w] = "counter"
                self.res[1 - w] = "lose"
                ev.caption = (f"Speed: {self._tname(w)} (speed {self.spd[w]}) beats "
                              f"{self._tname(1 - w)} (speed {self.spd[1 - w]})")
        elif live[0] or live[1]:
            p = 0 if live[0] else 1
            q = 1 - p
            self.res[p] = "hit"
            self.res[q] = self.res[q] or ("open" if self.kind(q) else "none")
            what = "no technique" if self.kind(q) is None else f"{self._tname(q)}, which does not cover {self.tech(self.bc[p]).pos}"
            ev.caption = f"Speed: {self._tname(p)} meets {what}: it hits"
        else:
            ev.caption = "Speed: no speed contest; nothing happens"
        ev.data["speeds"] = list(self.spd)

    def s_j_offset(self, arg) -> None:
        """Seed 5.3.6: a technique that lost on speed whose offset judgment
        matches the opponent's attack position makes it a draw (offset); a
        defence's offset entry does the same (digest B.5 rule 23)."""
        ev = self._stepev("offset", "", "seed 5.3.6")
        for p in (0, 1):
            q = 1 - p
            if self.res[p] == "lose" and self.tech(self.bc[q]).pos in self.tech(self.bc[p]).offset:
                break
            if (self.res[p] == "open" and self.kind(p) == "defence" and self.res[q] == "hit"
                    and self.tech(self.bc[p]).dtab.get(self.tech(self.bc[q]).pos) == "offset"):
                break
        else:
            ev.caption = "Offset: no offset judgment matches; nothing happens"
            return
        self.res[p] = "offset"
        self.res[q] = "offsetted"
        ev.caption = f"Offset: {self.names[p]}'s {self._tname(p)} offsets {self._tname(q)}: a draw"
        ev.data["offset"] = p

    def s_j_effects(self, arg) -> None:
        """Seed 5.3.7: on hit / counter / guard / offset / evade effects apply
        (an evaded technique keeps only its 'when evaded' effects, seed 5.3.2)."""
        ev = self._stepev("effects", "", "seed 5.3.7")
        whens = {}
        for p in (0, 1):
            w = RESULT_WHEN.get(self.res[p])
            if w and self.act[p]:
                # an attack that evades an attack wins the judgment: it counters (seed 5.3.8)
                whens[p] = (w, "counter") if w == "evade" and self.kind(p) == "attack" else (w,)
        n = self._effects_both(whens)
        ev.caption = f"Effects: {n} effect(s) applied" if n else "Effects: no result effect; nothing happens"
        ev.data["applied"] = n
        self._check_hp()

    def _dmg(self, p: int) -> int:
        if self.kind(p) != "attack":
            return 0
        return max(0, self.tech(self.bc[p]).damage + self.pw[p])

    def _gain(self, p: int, field: str, why: str) -> None:
        """FP from a judgment field; the word 'combo' gives no FP and opens combo time (seed 6)."""
        v = getattr(self.tech(self.bc[p]), field)
        if v == "combo":
            self.cmb[p] = 1
            return
        if v:
            self._set_fp(p, self.fp[p] + v, why, "seed 5.3.8")

    def s_j_result(self, arg) -> None:
        """Seed 5.3.8: hit (damage and hit FP), mutual hit on equal speed or
        offset (on offset only the bigger damage minus the smaller, to the
        player whose technique dealt less), counter (damage and counter FP),
        guard (the attacker gets its guard FP)."""
        ev = self._stepev("result", "", "seed 5.3.8")
        r = self.res
        parts = []
        dmg = [0, 0]
        for p in (0, 1):
            q = 1 - p
            if r[p] == "hit":
                dmg[q] += self._dmg(p)
                self._gain(p, "hit", "hit")
                parts.append(f"{self.names[p]} hits for {self._dmg(p)}")
            elif r[p] == "counter" or (r[p] == "evade" and self.kind(p) == "attack"):
                dmg[q] += self._dmg(p)
                self._gain(p, "counter", "counter")
                parts.append(f"{self.names[p]} counters for {self._dmg(p)}")
            elif r[p] == "mutual":
                dmg[q] += self._dmg(p)
                self._gain(p, "hit", "mutual hit")
                parts.append(f"{self.names[p]} hits for {self._dmg(p)}")
            elif r[p] == "guarded":
                self._gain(p, "guard", "guarded")
                parts.append(f"{self.names[p]}'s attack is guarded ({self.tech(self.bc[p]).guard:+d} FP)")
        if "offset" in r:
            a, b = self._dmg(0), self._dmg(1)
            for p in (0, 1):
                if self.kind(p) == "attack":
                    self._gain(p, "hit", "offset: hit judgment")
            if a != b:
                low = 0 if a < b else 1
                dmg[low] = abs(a - b)
                parts.append(f"offset: {max(a, b)} - {min(a, b)} = {abs(a - b)} damage to {self.names[low]}")
            else:
                parts.append("offset: equal damage, no damage")
        for p in (0, 1):
            if dmg[p]:
                self._set_hp(p, self.hp[p] - dmg[p], "battle damage", "seed 5.3.8")
        for p in (0, 1):
            if r[p] == "evade" and self.kind(p) == "defence":
                parts.append(f"{self.names[p]} evaded: no damage")
        ev.caption = "Result: " + ("; ".join(parts) if parts else "no hit, counter or guard; nothing happens")
        ev.data.update(results=list(r), damage=dmg)
        self._check_hp()

    def s_j_post(self, arg) -> None:
        """Seed 5.3.9: after-judgment effects apply."""
        ev = self._stepev("post", "", "seed 5.3.9")
        n = self._effects_both({p: ("post",) for p in (0, 1) if self.act[p] and self.res[p] != "evaded"})
        ev.caption = f"Post-judgment: {n} effect(s) applied" if n else "Post-judgment: no after-judgment effect; nothing happens"
        self._check_hp()

    # -- combo time (seed 6) ---------------------------------------------------------------------------
    def s_combo(self, arg) -> None:
        """Seed 6: a result field reading 'combo' opens combo time; with both
        players on a combo result, each only gets the first combo (seed 8)."""
        c = self.cmb
        if not (c[0] or c[1]):
            return
        self.step = "combo"
        if c[0] and c[1]:
            self.ccards = [self.bc[0], self.bc[1]]
            self._e("combo.mutual", "Both players have a combo result: one combo each, then combo time ends", "seed 8")
            self._combo_end()
            return
        p = 0 if c[0] else 1
        self._open_combo(p, self.bc[p])

    def _open_combo(self, p: int, iid: int) -> None:
        """Seed 6: combo time for ``p``; the technique whose judgment read
        'combo' (a readied or a catch technique) is the 1st combo."""
        self.step = "combo"
        self.cp = p
        self.cn = 1
        self.clast = self.tech(iid).speed
        self.ccards = [iid]
        self._e("combo.begin", f"Combo time for {self.names[p]}: {self.tech(iid).name} is the 1st combo", "seed 6",
                player=p)
        if self.combo_pairs(p):
            self.wait = {"k": "combo", "p": p, "stage": "start"}
        else:
            self._e("combo.stop", f"{self.names[p]} has no two techniques of consecutive speed: only the 1st combo", "seed 6")
            self._combo_end()

    def combo_damage(self, iid: int, n: int) -> int:
        """Seed 6: from the 2nd combo, -100 per combo (2nd -100, 3rd -200), plus
        any 'on combo' power effect of the card."""
        t = self.db.techs[self.table.card[iid]]
        bonus = sum(e.get("amount", 0) for e in t.eff.get("combo", ()) if e["do"] == "power")
        return t.damage + bonus - 100 * (n - 1)

    def _combo_ok(self, iid: int) -> bool:
        t = self.db.techs[self.table.card[iid]]
        return t.type == "attack" and not t.special

    def combo_pairs(self, p: int) -> list[tuple]:
        """Seed 6: two attack techniques from hand with consecutive speeds, both
        dealing more than 0 after the correction."""
        hand = [i for i in self.table.zones[HAND[p]] if self._combo_ok(i)]
        out = []
        for a in hand:
            sa = self.tech(a).speed
            if self.combo_damage(a, 2) <= 0:
                continue
            for b in hand:
                if b != a and self.tech(b).speed == sa + 1 and self.combo_damage(b, 3) > 0:
                    out.append((a, b))
        return out

    def combo_nexts(self, p: int) -> list[int]:
        return [i for i in self.table.zones[HAND[p]] if self._combo_ok(i)
                and self.tech(i).speed == self.clast + 1 and self.combo_damage(i, self.cn + 1) > 0]

    def _combo_card(self, p: int, iid: int) -> bool:
        """Seed 6: a combo card's 'on combo' effects and damage (no 'on hit'
        effects from the 2nd combo on). Returns True when the game ended."""
        self.cn += 1
        t = self.tech(iid)
        self._move(iid, BATTLE[p], face=1, caption=f"{self.names[p]} adds {t.name} as combo {self.cn}", rule="seed 6")
        self.ccards.append(iid)
        self.clast = t.speed
        d = self.combo_damage(iid, self.cn)
        ev = self._e("combo.card", f"Combo {self.cn}: {t.name} deals {d} (-{100 * (self.cn - 1)} combo correction)",
                     "seed 6", player=p, card=iid, combo=self.cn, damage=d)
        for e in t.eff.get("combo", ()):
            if e["do"] != "power" and self._cond(p, e):
                self._do(p, e, iid)
        for e in self.char(p).trait_eff.get("combo", ()):
            if self._cond(p, e):
                self._do(p, e, iid, trait=True)
        self._set_hp(1 - p, self.hp[1 - p] - d, f"combo {self.cn}", "seed 6")
        ev.data["hp"] = self.hp[1 - p]
        return self._check_hp()

    def _combo_end(self) -> None:
        """Seed 6: the combo's attack techniques go back to the List and both FP become 0."""
        for iid in self.ccards:
            o = self.table.owner[iid]
            if self.table.zone[iid] != BATTLE[o] or (iid == self.bc[o] and self.brk[o]):
                continue  # a technique that breaks after use is broken at clean-up
            self._to_list(iid, "seed 6")
        self.ccards = []
        for p in (0, 1):
            self._set_fp(p, 0, "combo time ends", "seed 6")
        self._e("combo.end", "Combo time ends: combo techniques go back to the List, both FP are 0", "seed 6")
        self.cp = -1
        self.cn = 0

    # -- catch time (seed 5.3.10) ------------------------------------------------------------------------
    def catch_info(self):
        """Seed 5.3.10: catch time only when exactly one player has non-zero FP;
        the player with + FP (or, against - FP, the player at 0; digest B.7
        rule 32) may use techniques up to that much speed. Returns (catcher,
        max speed) or None."""
        a, b = self.fp
        if (a != 0) == (b != 0):
            return None
        x = 0 if a else 1
        f = self.fp[x]
        return (x, f) if f > 0 else (1 - x, -f)

    def catch_cards(self, p: int, mx: int) -> list[int]:
        return [i for i in self.table.zones[HAND[p]] if self._combo_ok(i) and self.tech(i).speed <= mx]

    def s_j_catch(self, arg) -> None:
        ev = self._stepev("catch", "", "seed 5.3.10")
        again = arg == "again"
        if again:
            ev.kind = "catch.again"
        info = self.catch_info()
        if info is None:
            a, b = self.fp
            ev.caption = ("Catch time: both players have FP, no catch" if a and b else
                          "Catch time: nobody has FP; nothing happens")
            return
        p, mx = info
        if not self.catch_cards(p, mx):
            ev.caption = f"Catch time: {self.names[p]} could catch up to speed {mx} but has no such attack in hand"
            return
        ev.caption = f"Catch time: {self.names[p]} may catch with an attack of speed {mx} or less"
        ev.data.update(player=p, max=mx)
        self.wait = {"k": "catch", "p": p, "max": mx}

    def cleanup_battle(self) -> None:
        """After the battle: readied techniques go back to hand (digest B.6
        rule 31), combo techniques to the List (seed 6), techniques with a
        'break after use' effect to the break zone; defence over (seed 8)."""
        dd = self.kind(0) == "defence" and self.kind(1) == "defence"
        if dd and self.fpz and self.fp[0] == 0 and self.fp[1] == 0:
            self.dover += 1
        else:
            self.dover = 0
        if self.dover >= DEFENCE_OVER:
            self._e("battle.defence_over", f"Defence over: {DEFENCE_OVER} defence-vs-defence battles in a row with FP "
                    "held at 0; both defence techniques are broken", "seed 8")
            self.dover = 0
            for p in reversed(self._order()):  # replenishment steps run from the priority holder
                self._break(self.bc[p], "seed 8 (defence over)")
        elif dd:
            self._e("battle.defence_count", f"Defence vs defence with FP at 0: {self.dover} of {DEFENCE_OVER}"
                    if self.dover else "Defence vs defence, but FP was not held at 0", "seed 8", count=self.dover)
        for p in reversed(self._order()):
            for iid in list(self.table.zones[BATTLE[p]]):
                if self.brk[p] and iid == self.bc[p]:
                    self._break(iid, "card effect (break after use)")
                else:
                    self._to_hand(iid, "digest B.6 rule 31", f"{self.tech(iid).name} returns to {self.names[p]}'s hand")
        self._reset_battle()

    def s_cleanup(self, arg) -> None:
        self.step = ""
        self.cleanup_battle()

    # -- get phase (seed 5.4) --------------------------------------------------------------------------------
    def s_get(self, arg) -> None:
        """Seed 5.4: in priority order each takes one technique from the List;
        a priority tie skips the Get phase at once."""
        self.phase = "get"
        self.step = ""
        self._e("phase.begin", "Get phase", "seed 5.4", phase="get")
        pr = self.priority()
        if pr is None:
            self._e("priority.tie_skip", "Priority is tied: the Get phase is skipped", "seed 5.4", timing="get")
            return
        self._push(f"get1:{pr}", f"get1:{1 - pr}")

    def get_options(self, p: int, sd: bool = False) -> list[int]:
        """The List's techniques, and the ultimate (digest B.1 rule 5); only
        the List when filling the hand for sudden death (seed 8)."""
        if sd:
            return list(self.table.zones[LIST[p]])
        return list(self.table.zones[LIST[p]]) + list(self.table.zones[ULT[p]])

    def s_get1(self, arg) -> None:
        p = int(arg)
        if self.noget[p]:
            self._e("get.skip", f"{self.names[p]} made no response this turn and skips the Get",
                    "digest B.4 rule 16", player=p)
            return
        if not self.get_options(p):
            self._e("get.skip", f"{self.names[p]}'s List is empty: nothing to take", "seed 5.4", player=p)
            return
        full = len(self.table.zones[HAND[p]]) >= self.limit(p)
        self.wait = {"k": "get", "p": p, "full": full}

    def s_recovery_end(self, arg) -> None:
        """Digest B.4 rule 19: negative FP goes back to 0 at Recovery (kept
        when the opponent declined a catch, digest B.7 rule 34); a hand over
        the limit is discarded down to it."""
        for p in (0, 1):
            if self.fp[p] < 0 and not self.keepneg[p]:
                self._set_fp(p, 0, "negative FP recovers", "digest B.4 rule 19")
        self.keepneg = [0, 0]
        for p in self._order():
            self._push(f"limit:{p}")

    def s_limit(self, arg) -> None:
        p = int(arg)
        if len(self.table.zones[HAND[p]]) > self.limit(p):
            self.wait = {"k": "discard", "p": p, "why": "limit"}

    def s_turn_end(self, arg) -> None:
        """Seed 8 sudden death: after 3 more turns the higher HP wins; a tie is a draw."""
        if self.sdon:
            self.sd -= 1
            if self.sd <= 0:
                a, b = self.hp
                if a == b:
                    self._end("draw", f"Sudden death over: HP tied at {a}: a draw", "seed 8")
                else:
                    w = 0 if a > b else 1
                    self._end(w, f"Sudden death over: {self.names[w]} has more HP ({max(a, b)} to {min(a, b)})", "seed 8")
                return
        self._push("turn_start")

    # -- victory (seed 5, seed 8) ---------------------------------------------------------------------------
    def _check_hp(self) -> bool:
        """Seed 5: HP at 0 loses; both at 0 at once starts sudden death, or is a
        draw during sudden death (seed 8). True when the game ended or restarted."""
        z = [self.hp[0] <= 0, self.hp[1] <= 0]
        if not (z[0] or z[1]):
            return False
        if z[0] and z[1]:
            if self.sdon:
                self._end("draw", "Both HP reach 0 again in sudden death: a draw", "seed 8")
                return True
            self._sudden_death()
            return True
        w = 1 if z[0] else 0
        self._end(w, f"{self.names[1 - w]}'s HP reaches 0: {self.names[w]} wins", "seed 5")
        return True

    def _sudden_death(self) -> None:
        """Seed 8: both at 1000 HP, each takes techniques from the List up to
        the hand limit, then 3 more turns."""
        self._e("sudden_death.begin", "Both HP reach 0 together: sudden death! HP 1000 each, "
                f"hands filled from the List, {SD_TURNS} more turns", "seed 8")
        self.wait = None
        self.stack = []
        for p in (0, 1):
            for iid in list(self.table.zones[BATTLE[p]]):
                self._to_hand(iid, "seed 8")
        self._reset_battle()
        self.ccards = []
        self.cp = -1
        self.cn = 0
        for p in (0, 1):
            self._set_hp(p, SD_HP, "sudden death", "seed 8")
            self._set_fp(p, 0, "sudden death", "seed 8")
        self.sdon = True
        self.sd = SD_TURNS
        self.dover = 0
        self._push(*[f"sdget:{p}" for p in self._order()], "turn_start")

    def s_sdget(self, arg) -> None:
        """Seed 8 sudden death: each player, from the priority holder, takes
        techniques of their choice from their List until the hand reaches its
        limit ("최대 패 매수만큼 리스트에서 기술을 획득한다"; the seed does not say
        who picks, so the owner does, as in the Get phase). When the List
        holds no more than are needed, all of it is taken without asking."""
        p = int(arg)
        need = self.limit(p) - len(self.table.zones[HAND[p]])
        lst = self.table.zones[LIST[p]]
        if need <= 0 or not lst:
            return
        if need >= len(lst):
            for iid in list(lst):
                self._to_hand(iid, "seed 8", f"{self.names[p]} takes {self.tech(iid).name} from the List (sudden death)")
            return
        self.wait = {"k": "get", "p": p, "full": False, "sd": 1}

    # -- effects (data) ------------------------------------------------------------------------------------------
    def _cond(self, p: int, e: dict) -> bool:
        """The conditions an effect may carry (see README, 'Effects')."""
        q = 1 - p
        v = e.get("if_opp")
        if v is not None and self.kind(q) != v:
            return False
        v = e.get("if_opp_pos")
        if v is not None and (self.kind(q) != "attack" or self.tech(self.bc[q]).pos != v):
            return False
        v = e.get("if_fp_min")
        if v is not None and self.fp[p] < v:
            return False
        v = e.get("if_hp_max")
        if v is not None and self.hp[p] > v:
            return False
        v = e.get("if_opp_hp_max")
        if v is not None and self.hp[q] > v:
            return False
        v = e.get("if_counter_min")
        if v is not None and self.ctr[p] < v:
            return False
        return True

    def _collect(self, p: int, whens) -> list:
        """p's technique effects (and trait effects) for the given timings whose conditions hold."""
        iid = self.bc[p]
        t = self.tech(iid)
        out = []
        tr = self.char(p).trait_eff
        for when in whens:
            for e in t.eff.get(when, ()):
                out.append((p, e, iid, False))
            for e in tr.get(when, ()):
                out.append((p, e, iid, True))
        return out

    def _effects_both(self, whens: dict) -> int:
        """Seed 8: effects that apply at the same time alternate one by one,
        starting with the priority holder. Returns how many applied."""
        if not whens:
            return 0
        lists = [self._collect(p, whens[p]) if p in whens else [] for p in self._order()]
        a, b = lists
        n = 0
        for k in range(max(len(a), len(b))):
            for lst in (a, b):
                if k < len(lst):
                    p, e, iid, trait = lst[k]
                    if self._cond(p, e):
                        self._do(p, e, iid, trait=trait)
                        n += 1
        return n

    def _do(self, p: int, e: dict, iid: int, trait: bool = False) -> None:
        """One effect primitive: damage, heal, fp, power, speed, nullify,
        charge, draw, break_self, restrict."""
        do = e["do"]
        a = e.get("amount", 0)
        src = self.char(p).trait if trait else (self.tech(iid).name if iid >= 0 else "ability")
        q = 1 - p
        rule = "seed 3.4" if e.get("when") in ("hit", "counter", "offset", "evade", "combo") else "card effect"
        if do == "damage":
            t = p if e.get("target") == "self" else q
            self._e("effect.damage", f"{src}: {a} damage to {self.names[t]}", rule, player=p, amount=a)
            self._set_hp(t, self.hp[t] - a, src, rule)
        elif do == "heal":
            t = q if e.get("target") == "opp" else p
            mx = self.char(t).hp
            self._e("effect.heal", f"{src}: {self.names[t]} recovers {a} HP", rule, player=t, amount=a)
            self._set_hp(t, min(mx, self.hp[t] + a), src, rule)
        elif do == "fp":
            t = q if e.get("target") == "opp" else p
            self._e("effect.fp", f"{src}: {self.names[t]} FP {a:+d}", rule, player=t, amount=a)
            self._set_fp(t, self.fp[t] + a, src, rule)
        elif do == "power":
            self.pw[p] += a
            self._e("effect.power", f"{src}: damage {a:+d} this battle", rule, player=p, amount=a)
        elif do == "speed":
            self.spd[p] = max(1, self.spd[p] + a)
            self._e("effect.speed", f"{src}: speed {a:+d} (now {self.spd[p]})", rule, player=p, amount=a)
        elif do == "nullify":
            if self.act[q]:
                self.act[q] = 0
                self._e("effect.nullify", f"{src} nullifies {self.names[q]}'s {self._tname(q)}: none of its results "
                        "are processed", "seed 3.4 (nullify)", player=q, card=self.bc[q])
        elif do == "charge":
            ch = self.char(p)
            new = max(0, min(ch.counter_max, self.ctr[p] + a))
            if new != self.ctr[p]:
                old = self.ctr[p]
                self.ctr[p] = new
                self._e("counter.change", f"{src}: {ch.counter_name or 'trait counter'} {old} -> {new}", rule,
                        player=p, counter="trait", delta=new - old, value=new)
        elif do == "draw":
            for _ in range(a):
                lst = self.table.zones[LIST[p]]
                if not lst:
                    break
                self._to_hand(lst[0], rule, f"{src}: {self.names[p]} takes {self.tech(lst[0]).name} from the List")
        elif do == "break_self":
            self.brk[p] = 1
            self._e("effect.break_self", f"{src} will be broken after use", rule, player=p)
        elif do == "restrict":
            t = p if e.get("target") == "self" else q
            if not self.restrict[t]:
                self.restrict[t] = e["value"]
                self._e("effect.restrict", f"{src}: {self.names[t]} may ready only {e['value']} techniques this turn",
                        rule, player=t, value=e["value"])

    # -- decisions -------------------------------------------------------------------------------------------------
    def _build_decision(self) -> Decision:
        w = self.wait
        k = w["k"]
        tn = self.table.card
        T = self.db.techs
        if k == "ready":
            players = [p for p in (0, 1) if not self.decl[p]]
            ch = []
            for p in players:
                cards = self.ready_cards(p)
                for iid in cards:
                    ch.append(Choice("ready", {"card": iid, "to": BATTLE[p]}, p, f"Ready {T[tn[iid]].name}"))
                if not cards:
                    ch.append(Choice("no_response", {}, p, "No technique to ready: no response", role="pass"))
                if self.timed and self.first >= 0:
                    ch.append(Choice("timeout", {}, p, f"{TIMER_SECONDS} seconds passed: no response", role="timeout"))
            return Decision(players, "ready", "Ready: choose a technique (hidden until both are in)", ch)
        p = w["p"]
        if k == "force":
            m = w["m"]
            ch = [Choice("force", {"card": i}, p, f"Make {self.names[m]} ready {T[tn[i]].name}")
                  for i in self.ready_cards(m)]
            return Decision([p], "no_response_pick",
                            f"{self.names[m]} made no response: choose the technique they must ready", ch)
        if k == "ability":
            ch = []
            ab = self.char(p).abilities
            for a in self.abilities(p, self.wt):
                if "ability" in a:
                    e = ab[a["ability"]]
                    ch.append(Choice("ability", a, p, f"Use {self.char(p).trait}: {e['do']} {e.get('amount', e.get('value', ''))}"))
                else:
                    ch.append(Choice("ability", a, p, f"Use {T[tn[a['card']]].name}"))
            ch.append(Choice("pass", {}, p, "Pass", role="pass"))
            return Decision([p], f"{self.wt}_ability", f"{self.wt.capitalize()} phase: use an ability or pass", ch)
        if k == "grab":
            ch = [Choice("grab_break", {"card": i}, p, f"Break {T[tn[i]].name} to nullify the grab")
                  for i in self._grab_cards(p)]
            ch.append(Choice("grab_allow", {}, p, "Let the grab go on", role="pass"))
            return Decision([p], "grab", "A grab: break a grab technique from hand to nullify it?", ch)
        if k == "combo":
            if w["stage"] == "start":
                ch = [Choice("combo_start", {"card": a, "next": b}, p,
                             f"Combo {T[tn[a]].name} then {T[tn[b]].name}") for a, b in self.combo_pairs(p)]
            else:
                ch = [Choice("combo_next", {"card": i}, p, f"Continue with {T[tn[i]].name}") for i in self.combo_nexts(p)]
            ch.append(Choice("combo_end", {}, p, "End combo time", role="end"))
            return Decision([p], "combo", "Combo time: add techniques of consecutive speed or end", ch)
        if k == "catch":
            ch = [Choice("catch", {"card": i}, p, f"Catch with {T[tn[i]].name}") for i in self.catch_cards(p, w["max"])]
            ch.append(Choice("catch_decline", {}, p, "Don't catch", role="pass"))
            return Decision([p], "catch", f"Catch time: use an attack of speed {w['max']} or less?", ch)
        if k == "get":
            if w.get("sd"):
                need = self.limit(p) - len(self.table.zones[HAND[p]])
                ch = [Choice("get", {"card": i}, p, f"Take {T[tn[i]].name}")
                      for i in self.get_options(p, True)]
                return Decision([p], "get", f"Sudden death: take {need} more technique(s) from your List", ch)
            ch = [Choice("get", {"card": i}, p, f"Take {T[tn[i]].name}") for i in self.get_options(p)]
            if w["full"]:
                ch.append(Choice("get_skip", {}, p, "Skip the Get (hand at its limit)", role="pass"))
            return Decision([p], "get", "Get: take a technique from your List", ch)
        if k == "replenish":
            ch = [Choice("replenish", {"card": i, "to": LIST[p]}, p, f"Put {T[tn[i]].name} in the List")
                  for i in self.replenish_cards(p)]
            return Decision([p], "replenish", "A technique was broken: choose a side-deck technique for your List", ch)
        if k == "discard":
            ch = [Choice("discard", {"card": i}, p, f"Discard {T[tn[i]].name}") for i in self.table.zones[HAND[p]]]
            return Decision([p], "discard", "Discard a technique (hand over its limit)", ch)
        raise IllegalChoice(f"unknown pending decision {k!r}")

    # -- choice handlers -----------------------------------------------------------------------------------------------
    def c_ready(self, c: Choice, w) -> None:
        """Seed 5.2: a ready declaration; the pick stays hidden until both are in."""
        p = c.player
        self.pick[p] = c.args["card"]
        self._declared(p)

    def _declared(self, p: int) -> None:
        self.decl[p] = 1
        if self.first < 0:
            self.first = p
        q = 1 - p
        card = self.pick[p]
        ev = Event("ready.declare", f"{self.names[p]} declares ready", "seed 5.2",
                   {"player": p, "card": card}, (q,), {"player": p, "card": None})
        self._ev.append(ev)
        if self.decl[0] and self.decl[1]:
            self.wait = None
            self.first = -1

    def _no_response(self, p: int, why: str) -> None:
        """Seed 5.2: a player who does not declare ready becomes "no response";
        the third one loses (seed 5). The procedure (digest B.4 rule 16, which
        the seed does not contradict): the count goes up, the player skips
        this turn's Get, and the opponent picks one technique the player could
        ready from their hand and forces it (``force_pick``). With no such
        technique the player has no technique this battle, and an attack
        against them is judged a hit (seed 5.3.8: "미대응 상대에게 공격했을 때"
        is a hit; the digest's "opponent chooses hit or counter" for the
        virtual technique is not followed, the seed names only the hit)."""
        self.pick[p] = -1
        self.noget[p] = 1
        self.nores[p] += 1
        self._e("ready.no_response", f"{self.names[p]}: no response ({why}), {self.nores[p]} of {NO_RESPONSE_LOSS}",
                "seed 5.2", player=p, count=self.nores[p])
        self._e("counter.change", f"{self.names[p]} no-response count {self.nores[p]}", "seed 5.2",
                player=p, counter="no_response", delta=1, value=self.nores[p])
        q = 1 - p
        if self.nores[p] >= NO_RESPONSE_LOSS:
            if self.nores[q] >= NO_RESPONSE_LOSS:
                self._end("draw", "Both players made their third no-response: a draw", "seed 5")
            else:
                self._end(q, f"{self.names[p]}'s third no-response: {self.names[q]} wins", "seed 5")
            return
        legal = self.ready_cards(p)
        if legal:
            self._ev.append(self.table.reveal(legal, to=(q,), caption=f"{self.names[q]} looks at the techniques "
                                              f"{self.names[p]} could ready", rule="digest B.4 rule 16"))
            self._e("ready.force_open", f"{self.names[q]} chooses which technique {self.names[p]} must ready",
                    "digest B.4 rule 16", player=q, target=p)
            self.wait = {"k": "force", "p": q, "m": p}
            return
        self._e("ready.no_technique", f"{self.names[p]} has no technique to ready: no technique this battle "
                "(an attack against them hits)", "seed 5.3.8", player=p)
        self._declared(p)

    def c_force(self, c: Choice, w) -> None:
        """Digest B.4 rule 16: the opponent of the no-response player forces
        one of that player's legal techniques to be readied. The cards the
        opponent looked at go back to being hidden (as at set-up, seed 4.2)."""
        q = c.player
        p = w["m"]
        iid = c.args["card"]
        for i in self.ready_cards(p):
            self.table.known[i] &= ~(1 << q)
        self.pick[p] = iid
        self._e("ready.forced", f"{self.names[q]} makes {self.names[p]} ready {self.tech(iid).name}",
                "digest B.4 rule 16", player=q, target=p, card=iid)
        self.wait = {"k": "ready"}
        self._declared(p)

    def c_no_response(self, c: Choice, w) -> None:
        self._no_response(c.player, "no technique can be readied")

    def c_timeout(self, c: Choice, w) -> None:
        self._no_response(c.player, f"{TIMER_SECONDS} seconds passed after the opponent's ready")

    def c_ability(self, c: Choice, w) -> None:
        """Seed 5.1 / 5.5: use one ability, then the other player may act."""
        p = c.player
        self.wait = None
        self.wp = 0
        if "ability" in c.args:
            i = c.args["ability"]
            e = self.char(p).abilities[i]
            self.used[p] |= 1 << i
            cost = e.get("cost", 0)
            ch = self.char(p)
            self._e("ability.use", f"{self.names[p]} uses {ch.trait}" + (f", paying {cost} {ch.counter_name}" if cost else ""),
                    "seed 5.1" if self.wt == "lumen" else "seed 5.5", player=p)
            if cost:
                self._do(p, {"do": "charge", "amount": -cost}, -1, trait=True)
            self._do(p, e, -1, trait=True)
        else:
            iid = c.args["card"]
            t = self.tech(iid)
            self._e("ability.use", f"{self.names[p]} uses the special technique {t.name}",
                    "seed 5.1" if self.wt == "lumen" else "seed 5.5", player=p, card=iid)
            self._move(iid, BATTLE[p], face=1, caption=f"{self.names[p]} uses the special technique {t.name}",
                       rule="digest B.1 rule 4")
            for e in t.eff.get("use", ()):
                self._do(p, e, iid)
            self._break(iid, "digest B.1 rule 4 (a special technique is broken after use)")
        if self._check_hp():
            return
        self.wa = 1 - p
        self._push("wturn")

    def c_pass(self, c: Choice, w) -> None:
        self.wait = None
        self._pass_window(c.player)

    def c_grab_break(self, c: Choice, w) -> None:
        """Seed 7: breaking a grab technique from hand nullifies the grab; both
        battle cards go back to hand and the Ready phase is played again."""
        q = c.player
        p = 1 - q
        self.wait = None
        self._e("grab.break", f"{self.names[q]} breaks a grab technique to nullify {self._tname(p)}", "seed 7",
                player=q, card=self.bc[p])
        while self.stack:
            if self.stack.pop() == "battle_end":
                break
        self._push("ready", "battle")
        self._break(c.args["card"], "seed 7")  # its replenishment runs before the new Ready phase
        t = self.tech(self.bc[p])
        for e in t.eff.get("grab_broken", ()):
            self._do(p, e, self.bc[p])
        for x in (0, 1):
            for iid in list(self.table.zones[BATTLE[x]]):
                self._to_hand(iid, "seed 7", f"{self.tech(iid).name} returns to {self.names[x]}'s hand")
        self._reset_battle()
        self._check_hp()

    def c_grab_allow(self, c: Choice, w) -> None:
        self.wait = None
        self._e("grab.allow", f"{self.names[c.player]} lets the grab go on", "seed 7", player=c.player)

    def c_combo_start(self, c: Choice, w) -> None:
        p = c.player
        self.wait = None
        if self._combo_card(p, c.args["card"]) or self._combo_card(p, c.args["next"]):
            return
        self._combo_continue(p)

    def c_combo_next(self, c: Choice, w) -> None:
        p = c.player
        self.wait = None
        if self._combo_card(p, c.args["card"]):
            return
        self._combo_continue(p)

    def _combo_continue(self, p: int) -> None:
        if self.combo_nexts(p):
            self.wait = {"k": "combo", "p": p, "stage": "next"}
        else:
            self._e("combo.stop", f"No technique of speed {self.clast + 1} can continue the combo "
                    "(or its damage would be 0 or less)", "seed 6")
            self._combo_end()

    def c_combo_end(self, c: Choice, w) -> None:
        self.wait = None
        self._combo_end()

    def c_catch(self, c: Choice, w) -> None:
        """Seed 5.3.10: FP to 0, the technique hits at once (hit judgment and
        damage: its and the trait's on-hit effects, the hit FP), then goes to
        the List; catch again while possible. A hit judgment reading 'combo'
        starts combo time with the catch technique as the 1st combo (seed 6,
        digest B.7 rule 33)."""
        p = c.player
        self.wait = None
        iid = c.args["card"]
        t = self.tech(iid)
        for x in (0, 1):
            self._set_fp(x, 0, "catch time", "seed 5.3.10")
        self._move(iid, BATTLE[p], face=1, caption=f"{self.names[p]} catches with {t.name}", rule="seed 5.3.10")
        self._e("catch.hit", f"Catch: {t.name} hits for {t.damage}", "seed 5.3.10", player=p, card=iid, damage=t.damage)
        for e in t.eff.get("hit", ()):
            if self._cond(p, e) and e["do"] not in ("power", "speed", "nullify", "break_self"):
                self._do(p, e, iid)
        for e in self.char(p).trait_eff.get("hit", ()):
            if self._cond(p, e):
                self._do(p, e, iid, trait=True)
        self._set_hp(1 - p, self.hp[1 - p] - t.damage, "catch", "seed 5.3.10")
        if self._check_hp():
            return
        self._push("j_catch:again")
        if t.hit == "combo":
            # seed 6: a judgment result of 'combo' starts combo time; the catch
            # applies the technique's hit judgment (seed 5.3.10, digest B.7 rule 33)
            self._open_combo(p, iid)
            return
        if t.hit:
            self._set_fp(p, self.fp[p] + t.hit, "catch hit", "seed 5.3.10")
        self._to_list(iid, "seed 5.3.10")

    def c_catch_decline(self, c: Choice, w) -> None:
        p = c.player
        self.wait = None
        q = 1 - p
        if self.fp[q] < 0:
            self.keepneg[q] = 1
        self._e("catch.decline", f"{self.names[p]} does not catch", "seed 5.3.10", player=p)

    def c_get(self, c: Choice, w) -> None:
        """Seed 5.4: take one technique; at the limit, discard one at once."""
        p = c.player
        self.wait = None
        iid = c.args["card"]
        if w.get("sd"):
            self._to_hand(iid, "seed 8", f"{self.names[p]} takes {self.tech(iid).name} from the List (sudden death)")
            self._push(f"sdget:{p}")
            return
        self._to_hand(iid, "seed 5.4", f"{self.names[p]} takes {self.tech(iid).name}")
        if len(self.table.zones[HAND[p]]) > self.limit(p) and w["full"]:
            self.wait = {"k": "discard", "p": p, "why": "get"}

    def c_get_skip(self, c: Choice, w) -> None:
        self.wait = None
        self._e("get.skip", f"{self.names[c.player]} skips the Get (hand at its limit)", "seed 5.4", player=c.player)

    def c_discard(self, c: Choice, w) -> None:
        p = c.player
        self.wait = None
        self._to_list(c.args["card"], "seed 5.4" if w["why"] == "get" else "digest B.4 rule 19")
        if w["why"] == "limit":
            self._push(f"limit:{p}")

    # -- views -------------------------------------------------------------------------------------------------------
    def view(self, player):
        d = self.decision
        pr = self.priority()
        players = []
        for p in (0, 1):
            ch = self.char(p)
            players.append({"name": self.names[p], "character": self.chars[p],
                            "counters": {"hp": self.hp[p], "fp": self.fp[p], "no_response": self.nores[p],
                                         "hand_limit": self.limit(p), "trait": self.ctr[p],
                                         "hand": len(self.table.zones[HAND[p]]),
                                         "list": len(self.table.zones[LIST[p]]),
                                         "side": len(self.table.zones[SIDE[p]]),
                                         "break": len(self.table.zones[BREAK[p]])}})
        ready = {"declared": list(self.decl)}
        if player is None:
            ready["picks"] = list(self.pick)
        else:
            ready["mine"] = self.pick[player] if self.pick[player] >= 0 else None
        countdown = None
        if self.timed and self.wait is not None and self.wait.get("k") == "ready" and self.first >= 0:
            countdown = {"waiting": 1 - self.first, "seconds": TIMER_SECONDS, "since": "opponent declared"}
        extra = {
            "priority": pr,
            "priority_label": "tied" if pr is None else self.names[pr],
            "judgment_step": self.step,
            "timed": self.timed,
            "countdown": countdown,
            "ready_text": (" / ".join(f"{self.names[p]}: {'ready' if self.decl[p] else 'choosing'}" for p in (0, 1))
                           if self.wait is not None and self.wait.get("k") == "ready" else ""),
            "countdown_text": (f"{self.names[countdown['waiting']]} has {TIMER_SECONDS} s to declare ready"
                               if countdown else ""),
            "ready": ready,
            "restrict": list(self.restrict),
            "defence_over": self.dover,
            "sudden_death": self.sd if self.sdon else 0,
            "combo": {"player": self.cp, "count": self.cn, "last_speed": self.clast} if self.cp >= 0 else None,
            "results": list(self.res),
            "speeds": list(self.spd),
            "reason": self.reason,
        }
        return {"game": "lumen_condenser", "turn": self.turn_no, "active": pr if pr is not None else 0,
                "phase": self.phase, "step": self.step, "phases": list(PHASES), "winner": self.win,
                "over": self.win is not None, "players": players, "zones": self.table.view_zones(player),
                "decision": d.to_view() if d is not None else None, "extra": extra}

    # -- checks -----------------------------------------------------------------------------------------------------
    def invariant_violations(self) -> list[str]:
        out = self.table.invariant_violations()
        for p in (0, 1):
            if not 0 <= self.nores[p] <= NO_RESPONSE_LOSS:
                out.append(f"player {p} no-response count {self.nores[p]} out of range")
            if self.hp[p] > self.char(p).hp:
                out.append(f"player {p} HP {self.hp[p]} above the start HP")
            if self.win is None and self.hp[p] <= 0:
                out.append(f"player {p} HP {self.hp[p]} at 0 but the game goes on")
            if not -99 <= self.fp[p] <= 99:
                out.append(f"player {p} FP {self.fp[p]} out of range")
            if len(self.table.zones[LIST[p]]) > LIST_MAX:
                out.append(f"player {p} List holds more than {LIST_MAX}")
            if self.pick[p] >= 0 and self.table.zone[self.pick[p]] != HAND[p]:
                out.append(f"player {p} readied a card that is not in hand")
            for iid in self.table.zones[HAND[p]] + self.table.zones[LIST[p]]:
                if self.db.techs[self.table.card[iid]].special:
                    out.append(f"a special technique in player {p}'s hand or List")
        if self.dover >= DEFENCE_OVER:
            out.append("defence over count not reset")
        return out

    def determinize(self, player: int, rng) -> "LumenState":
        """Re-draw the opponent's hand and side deck identities (keeping special
        techniques on special slots, which never reach a hand) and reseed."""
        s = self.clone()
        t = s.table
        t.card = list(t.card)
        q = 1 - player
        hidden = [i for i in range(len(t.card)) if t.owner[i] == q and not t.sees(i, player)]
        for special in (True, False):
            grp = [i for i in hidden if self.db.techs.get(t.card[i]) is not None
                   and self.db.techs[t.card[i]].special == special]
            ids = sorted(t.card[i] for i in grp)  # the copy depends only on what `player` sees
            rng.shuffle(ids)
            for i, cid in zip(grp, ids):
                t.card[i] = cid
        pk = s.pick[q]
        if pk >= 0:
            legal = s.ready_cards(q)
            if legal and pk not in legal:
                s.pick[q] = legal[rng.randbelow(len(legal))]
        s.rng = PCG32(rng.next_u32(), stream=7)
        s._dec = None
        return s

    def why_not(self, kind: str, args: dict, player=None) -> str:
        d = self.decision
        if d is None:
            return "the game is over."
        if player is not None and player not in d.players:
            if d.kind == "ready" and self.decl[player]:
                return "you have already declared ready; the opponent is still choosing (seed 5.2)."
            if d.kind == "no_response_pick":
                return ("you made no response, so your opponent chooses which of your techniques you must ready "
                        "(digest B.4 rule 16).")
            if d.kind == "replenish":
                return f"{self.names[d.players[0]]} is choosing a side-deck technique to refill the List (seed 3.3)."
            who = self.names[d.players[0]]
            msg = {"get": f"{who} takes first: the Get phase goes in priority order, one technique each (seed 5.4).",
                   "lumen_ability": f"{who} is acting: Lumen-phase abilities go one at a time from the priority "
                                    "holder (seed 3.2).",
                   "recovery_ability": f"{who} is acting: Recovery-phase abilities go one at a time from the "
                                       "priority holder (seed 3.2).",
                   "grab": f"{who} may break a grab technique to nullify the grab now (seed 7).",
                   "combo": f"it is {who}'s combo time (seed 6).",
                   "catch": f"{who} may catch now (seed 5.3.10).",
                   "discard": f"{who} is discarding a technique (seed 5.4)."}.get(d.kind)
            return msg or f"it is {who}'s decision now ({d.kind})."
        w = self.wait
        k = w["k"]
        p = player if player is not None else d.players[0]
        card = args.get("card")
        tname = self.tech(card).name if isinstance(card, int) and 0 <= card < len(self.table.card) else "that card"
        if k == "ready":
            if kind == "ready":
                if card not in self.table.zones[HAND[p]]:
                    return "only a technique in your hand can be readied (seed 5.2)."
                t = self.tech(card)
                if t.special:
                    return f"{tname} is a special technique and can't be readied (digest B.1 rule 4)."
                if self.restrict[p] and t.type != self.restrict[p]:
                    return f"an effect this turn lets you ready only {self.restrict[p]} techniques (seed 3.2)."
            if kind == "no_response":
                return "you have a technique to ready; no response only comes when none can be readied (seed 5.2)."
            if kind == "timeout":
                return ("untimed play has no countdown (seed 5.2 timer is a set-up option)." if not self.timed else
                        "the 10-second countdown starts only once the opponent has declared ready (seed 5.2).")
            return "both players are choosing a technique in the Ready phase (seed 5.2)."
        if k == "get":
            if w.get("sd"):
                return "sudden death: take techniques from your own List until your hand reaches its limit (seed 8)."
            if kind == "get_skip":
                return "below the hand limit taking a technique is mandatory (seed 5.4)."
            if kind == "get":
                return "only a technique from your own List (or your ultimate) can be taken (seed 5.4)."
            return "it is the Get phase: take a technique from your List (seed 5.4)."
        if k == "combo":
            if kind in ("combo_start", "combo_next") and isinstance(card, int) and 0 <= card < len(self.table.card):
                t = self.tech(card)
                if t.type != "attack" or t.special:
                    return "only attack techniques from your hand can continue a combo (seed 6)."
                n = self.cn + 1
                if self.combo_damage(card, n) <= 0:
                    return f"with the combo correction of -{100 * (n - 1)} the damage of {tname} would be 0 or less (seed 6)."
                return "combo techniques must be of consecutive speed, each 1 higher than the last (seed 6)."
            return "it is combo time: add a technique of the next speed or end it (seed 6)."
        if k == "catch":
            if kind == "catch" and isinstance(card, int):
                return f"a catch uses an attack from hand of speed {w['max']} or less (seed 5.3.10)."
            return "it is catch time (seed 5.3.10)."
        if k == "grab":
            return "only a technique with the grab judgment in your hand can be broken to nullify a grab (seed 7)."
        if k == "force":
            return (f"{self.names[w['m']]} made no response: you choose one technique from their hand that "
                    "they could ready (digest B.4 rule 16).")
        if k == "replenish":
            return "refill your List with a non-special technique from your own side deck (seed 3.3)."
        if k == "ability":
            return "that ability can't be used now: its timing, cost or condition is not met (seed 5.1, 5.5)."
        if k == "discard":
            return "discard a technique from your own hand (seed 5.4)."
        return f"that is not one of the legal choices now ({d.prompt})."


_STEPS = {name[2:]: getattr(LumenState, name) for name in dir(LumenState) if name.startswith("s_")}
_HANDLERS = {name[2:]: getattr(LumenState, name) for name in dir(LumenState) if name.startswith("c_")}


# -- building states ------------------------------------------------------------------------------------------------------
def setup_state(game, db, decks: list[list[str]], names: list[str], seed: int, timed: bool = False) -> LumenState:
    """Seed 4.2 set-up: characters face up; 5 techniques face down in the
    battle zone as the first hand, 9 in the List, the rest in the side deck
    (special techniques always there); each player inspects the other's
    battle zone cards and returns them; the List turns face up; HP 5000."""
    s = LumenState.blank(game, db)
    s.rng = PCG32(seed)
    s.timed = bool(timed)
    s.names = list(names)
    per = []
    for p in (0, 1):
        ids = decks[p]
        ch = [c for c in ids if c in db.chars][0]
        s.chars[p] = ch
        techs = [c for c in ids if c in db.techs]
        normal = [c for c in techs if not db.techs[c].special and not db.techs[c].ultimate]
        hand = normal[:HAND_START]
        lst = normal[HAND_START:HAND_START + LIST_START]
        rest = [c for c in techs if c not in hand and c not in lst and not db.techs[c].ultimate]
        ult = [c for c in techs if db.techs[c].ultimate]
        per.append((ch, hand, lst, rest, ult))
    # instances: create all face down in the side deck, then lay them out
    flat = []
    for p in (0, 1):
        ch, hand, lst, rest, ult = per[p]
        flat += [(p, c) for c in [ch] + hand + lst + rest + ult]
    t = s.table
    for p, c in flat:
        t.add(c, p, SIDE[p])
    t.shuffle_iids(s.rng)
    # map back by walking each side zone in order
    for p in (0, 1):
        ch, hand, lst, rest, ult = per[p]
        ids = list(t.zones[SIDE[p]])
        k = 0
        t.move(ids[k], Z["character"][p], face=1)
        k += 1
        for _ in hand:
            t.move(ids[k], BATTLE[p], face=0)
            k += 1
        for _ in lst:
            t.move(ids[k], LIST[p], face=0)
            k += 1
        side = ids[k:k + len(rest)]
        k += len(rest)
        for _ in ult:
            t.move(ids[k], ULT[p], face=1)
            k += 1
        order = list(side)
        s.rng.shuffle(order)
        t.zones[SIDE[p]] = order
    for p in (0, 1):
        s.hp[p] = db.chars[s.chars[p]].hp
    # step 5-6: inspect the opponent's battle zone, return it; List face up
    for p in (0, 1):
        t.reveal(list(t.zones[BATTLE[p]]), to=(1 - p,))
        for iid in list(t.zones[BATTLE[p]]):
            t.move(iid, HAND[p], face=0)
            t.known[iid] = 0
        for iid in t.zones[LIST[p]]:
            t.face[iid] = 1
    s.stack = ["turn_start"]
    s._run()
    s._ev = []
    return s
