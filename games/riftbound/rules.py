"""The Riftbound (1v1 Duel) rules engine.

Sources: the user's seed (riftbound.seed.ja.txt, "the seed"; it wins where
sources differ) and the digest of Core Rules v1.3 with the FAQs (digest
sections given as "digest N"). Rule numbers move between versions, so rules
are cited by name and version ("Core Rules v1.3, Cleanup").

The state is plain data. Everything that waits for a player is data too:
``ask`` (a pending special decision: mulligan picks, a group move, damage
assignment, a trigger's target, Vision), ``chain`` (items), ``sd`` (the
running showdown or combat and its step), ``trig`` (triggers waiting to go on
the chain), ``step`` (where the turn is) and ``dirty`` (a cleanup is an
outstanding task). ``_run`` advances the rules until a decision is needed.
"""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, Event, State
from tabletop.engine.outcome import Outcome, Termination
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable

from .carddb import DOMAIN_CODE, DOMAINS, KEYWORDS
from .effects import TOKENS
from .effects import resolve as resolve_effect
from .zones import BOARD_ORDER, LOCZ, SPECS, ZLOC, lz  # noqa: F401 (LOCZ for importers)

VICTORY_SCORE = 8  # Core Rules v1.3, Duel: Victory Score 8 (digest 1.2)
PHASES = ("awaken", "beginning", "channel", "draw", "main", "ending")
_DI = {d: i + 1 for i, d in enumerate(DOMAINS)}  # pool index of each domain (0 is energy)
# keywords with a value whose instances add together (Assault, Shield, Deflect, Hunt; digest 18)
_NUMERIC_KW = frozenset(k for k, num in KEYWORDS.items() if num and k not in ("equip", "repeat"))

R_SETUP = "seed 'before the first Awaken'; Core Rules v1.3 Setup and Duel (digest 6)"
R_MULL = "seed setup 7-8; Core Rules v1.3 Mulligan (digest 6.6)"
R_AWAKEN = "seed phase 1 Awaken; Core Rules v1.3 Awaken Phase (digest 7.1)"
R_BEGIN = "seed phase 2 Beginning; Core Rules v1.3 Beginning Phase (digest 7.2)"
R_HOLD = "seed phase 2 (scoring step); Core Rules v1.3 Hold (digest 14.2)"
R_CHANNEL = "seed phase 3 Channel; Core Rules v1.3 Channel Phase and Duel first-turn rune (digest 6.8, 7.3)"
R_DRAW = "seed phase 4 Draw; Core Rules v1.3 Draw Phase (digest 7.4)"
R_MAIN = "seed phase 5 Main; Core Rules v1.3 Main Phase (digest 7.5)"
R_END = "seed phase 6 Ending; Core Rules v1.3 Ending Phase (digest 7.6)"
R_POOL = "Core Rules v1.3 Rune Pool empties (digest 5.5)"
R_COST = "Core Rules v1.3 Costs and Add abilities (digest 5.3-5.8)"
R_PLAY = "Core Rules v1.3 Playing a card (digest 9.1)"
R_CHAIN = "seed 'Open/Closed, Priority'; Core Rules v1.3 Chain (HOT FEPR, digest 9.2)"
R_FOCUS = "seed 'Focus'; Core Rules v1.3 Showdowns, Focus (digest 12.3-12.5)"
R_MOVE = "seed phase 5 (moving); Core Rules v1.3 Standard Move (digest 11.1)"
R_CLEAN = "seed 'invisible Cleanup'; Core Rules v1.3 Cleanup (digest 10)"
R_SD = "Core Rules v1.3 Showdowns (digest 12)"
R_COMBAT = "Core Rules v1.3 Combat (digest 13)"
R_ASSIGN = "Core Rules v1.3 Combat Damage: assignment (digest 13.3)"
R_CONQ = "Core Rules v1.3 Conquer and the final point (digest 14.1, 1.5)"
R_WIN = "Core Rules v1.3 Win check: Victory Score 8 and more points (digest 1.4)"
R_BURN = "Core Rules v1.3 Burn Out (digest 14.6)"
R_HIDE = "Core Rules v1.3 Hidden (digest 19)"
R_EFFECT = "Core Rules v1.3 Resolution of spells and abilities (digest 9.3)"
R_KW = "Core Rules v1.3 Keywords (digest 18)"


class RBState(State):
    """A Riftbound duel in progress (plain data; see the module docstring)."""

    __slots__ = ("game", "db", "extra", "table", "rng", "turn_no", "active", "first", "step", "points", "xp",
                 "pool", "bf_ctrl", "contested", "scored", "staged_sd", "staged_cb", "showdown", "focus", "prio",
                 "passes", "chain", "chain_origin", "trig", "ask", "mods", "played", "chan_done", "dirty",
                 "outcome", "names", "nid", "exp_nid", "_dec")

    # ------------------------------------------------------------------ basics
    def _blank(self, game, db, extra):
        self.game = game
        self.db = db
        self.extra = extra
        self.table = CardTable(SPECS)
        self.rng = PCG32(0)
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
        self.ask = None
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
        s.showdown = _copy_dict(self.showdown) if self.showdown is not None else None
        s.focus = self.focus
        s.prio = self.prio
        s.passes = self.passes
        s.chain = self.chain[:]  # items are never mutated in place
        s.chain_origin = self.chain_origin
        s.trig = self.trig[:]
        s.ask = _copy_dict(self.ask) if self.ask is not None else None
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

    _PLAIN = ("turn_no", "active", "first", "step", "points", "xp", "pool", "bf_ctrl", "contested", "scored",
              "staged_sd", "staged_cb", "showdown", "focus", "prio", "passes", "chain", "chain_origin", "trig", "ask",
              "mods", "played", "chan_done", "dirty", "names", "nid", "exp_nid")

    def to_data(self) -> dict:
        d = {k: getattr(self, k) for k in self._PLAIN}
        d = _plain(d)
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
            if k in data:
                v = data[k]
            else:  # older saves: exp_nid absent, the showdown under its short name
                v = data[_OLD_NAMES[k]] if k in _OLD_NAMES else 0
            setattr(s, k, _plain(v))
        if "outcome" in data:
            s.outcome = Outcome.from_data(data["outcome"])
        elif data.get("win") is not None:  # saves written before Outcome: the winner and the reason
            s.outcome = _legacy_outcome(data["win"], data.get("win_reason", ""))
        s.showdown = _restore_sd(s.showdown)
        s.ask = _restore_sd(s.ask)
        s.table = CardTable.from_data(data["table"], SPECS)
        s.rng = PCG32.from_data(data["rng"])
        s._dec = None
        return s

    @property
    def turn(self) -> int:
        return self.turn_no

    # ------------------------------------------------------------------ helpers
    def c(self, iid: int) -> dict:
        return self.db[self.table.card[iid]]

    def name(self, iid: int) -> str:
        return self.db[self.table.card[iid]]["name"]

    def where(self, iid: int):
        """(controller, location) of a unit or gear on the board, else None."""
        return ZLOC.get(self.table.zone[iid])

    def is_unit(self, iid: int) -> bool:
        return self.db[self.table.card[iid]]["type"] in ("unit", "token")

    def units_at(self, p: int, loc: int) -> list:
        db, card = self.db, self.table.card
        return [i for i in self.table.zones[lz(p, loc)] if db[card[i]]["type"] in ("unit", "token")]

    def units_of(self, p: int) -> list:
        return self.units_at(p, -1) + self.units_at(p, 0) + self.units_at(p, 1)

    def all_units(self) -> list:
        return self.units_of(0) + self.units_of(1)

    def cnt(self, iid: int, key: str) -> int:
        c = self.table.counters.get(iid)
        return c.get(key, 0) if c else 0

    def set_cnt(self, iid: int, key: str, v: int) -> None:
        c = self.table.counters.get(iid)
        if v:
            if c is None:
                self.table.counters[iid] = {key: v}
            else:
                c[key] = v
        elif c is not None and key in c:
            del c[key]
            if not c:
                del self.table.counters[iid]

    def kwv(self, iid: int, kw: str) -> int:
        """A unit's keyword value after the ability layer (Core Rules v1.3 Layers, digest 21):
        printed keywords, keywords granted this turn, equipment, battlefield passives."""
        card = self.db[self.table.card[iid]]
        v = card["kw"].get(kw, 0)
        numeric = kw in _NUMERIC_KW  # Assault, Shield, Deflect...: instances add together (digest 18)
        for m in self.mods:
            if m[0] == iid and m[1] == "kw" and m[2] == kw:
                v = v + 1 if numeric else max(v, 1)
        att = self.table.zones.get(f"att.{iid}")
        if att:
            for g in att:
                gk = self.db[self.table.card[g]]["kw"]
                if kw in gk and kw not in ("equip", "quickdraw", "hidden", "reaction", "action", "unique"):
                    v += gk[kw]
        w = ZLOC.get(self.table.zone[iid])
        if w is not None and w[1] >= 0:
            bfs = self.table.zones[f"shared.bf{w[1]}"]
            if bfs and self.db[self.table.card[bfs[0]]]["here_kw"] == kw:
                v = v + 1 if numeric else max(v, 1)
        return v

    def might(self, iid: int) -> int:
        """Current Might (Core Rules v1.3 Layers, arithmetic layer, digest 21): printed Might,
        buff, this-turn modifiers, equipment bonus, battlefield and legend passives,
        Assault while attacking, Shield while defending."""
        t = self.table
        card = self.db[t.card[iid]]
        m = card["might"]
        cn = t.counters.get(iid)
        if cn:
            m += cn.get("buff", 0)
        for x in self.mods:
            if x[0] == iid and x[1] == "might":
                m += x[2]
        att = t.zones.get(f"att.{iid}")
        if att:
            for g in att:
                m += self.db[t.card[g]]["bonus"]
        w = ZLOC.get(t.zone[iid])
        if w is not None:
            p, loc = w
            leg = t.zones[f"p{p}.legend"]
            lst = self.db[t.card[leg[0]]]["static"] if leg else ()
            if loc >= 0:
                bfs = t.zones[f"shared.bf{loc}"]
                if bfs:
                    m += self.db[t.card[bfs[0]]]["here_might"]
                for s in lst:
                    if s["kind"] == "bf_might":
                        m += s.get("n", 1)
            if cn:
                if cn.get("atk"):
                    m += self.kwv(iid, "assault")
                if cn.get("def"):
                    m += self.kwv(iid, "shield")
                    for s in lst:
                        if s["kind"] == "defend_alone":
                            if sum(1 for u in self.units_at(p, loc) if self.cnt(u, "def")) == 1:
                                m += s.get("n", 1)
        return m

    def state_name(self) -> tuple[str, str]:
        """(Open|Closed, Neutral|Showdown): seed 'which cards can be played now'; digest 8."""
        return ("Closed" if self.chain else "Open", "Showdown" if self.showdown is not None else "Neutral")

    def _ev(self, ev, kind, caption, rule, **data):
        ev.append(Event(kind, caption, rule, data))

    def pn(self, p: int) -> str:
        return self.names[p]

    # ------------------------------------------------------------------ decision
    @property
    def decision(self):
        if self.outcome is not None:
            return None
        if self._dec is None:
            self._dec = self._make_decision()
        return self._dec

    def _make_decision(self) -> Decision:
        a = self.ask
        if a is not None:
            return self._ask_decision(a)
        if self.chain:
            p = self.prio
            ch = self._act_choices(p, "prio")
            ch.append(Choice("pass", {}, p, "Pass priority", role="pass"))
            return Decision([p], "priority", "Respond with a Reaction or pass (Closed state)", ch)
        if self.showdown is not None:
            p = self.focus
            ch = self._act_choices(p, "focus")
            ch.append(Choice("pass", {}, p, "Pass focus", role="pass"))
            kind = "combat" if self.showdown["combat"] else "showdown"
            return Decision([p], "focus", f"Focus in the {kind} at battlefield {self.showdown['bf']}: "
                            "play an Action/Reaction or pass (Showdown Open)", ch)
        p = self.active
        ch = self._act_choices(p, "main")
        ch.append(Choice("end_turn", {}, p, "End turn", role="end"))
        return Decision([p], "main_action", "Main Phase (Neutral Open): play cards, use abilities, move units, or end the turn", ch)

    def _ask_decision(self, a: dict) -> Decision:
        k = a["k"]
        p = a["p"]
        if k == "mull":
            ch = [Choice("mulligan_pick", {"card": i, "to": f"p{p}.aside"}, p, f"Set aside {self.name(i)}")
                  for i in self.table.zones[f"p{p}.hand"]] if a["n"] < 2 else []
            ch.append(Choice("mulligan_done", {}, p, "Done (keep the rest)", role="confirm"))
            return Decision([p], "mulligan", f"Mulligan: set aside up to 2 cards, one at a time ({a['n']} so far), then done", ch)
        if k == "move":
            ch = [Choice("move_add", {"card": i}, p, f"Also move {self.name(i)}", role="group_add") for i in self._move_joiners(p, a)]
            ch.append(Choice("move_done", {}, p, f"Move {len(a['cards'])} unit(s) now", role="group_done"))
            return Decision([p], "move_with", f"Add more units to this move to {a['to']}, or move now", ch)
        if k == "pick_sd":
            ch = [Choice("showdown_at", {"bf": b}, p, f"{'Combat' if self.staged_cb[b] else 'Showdown'} at battlefield {b} first")
                  for b in a["c"]]
            return Decision([p], "choose_showdown", "Two showdowns are staged: choose which begins first (the other "
                            "waits until this one ends)", ch)
        if k == "assign":
            ch = [Choice("assign", {"target": i}, p, f"Assign damage to {self.name(i)}") for i in a["c"]]
            return Decision([p], "assign_damage", f"Assign combat damage ({a['left']} left): lethal first, Tank first, Backline last", ch)
        if k == "ttarget":
            ch = [Choice("target", {"target": i}, p, f"Target {self.name(i)}") for i in a["c"]]
            return Decision([p], "trigger_target", f"Choose a target for {self.name(a['tr']['src'])}'s ability", ch)
        if k == "torder":
            from .carddb import effect_text

            ch = []
            for i in a["c"]:
                tr = self.trig[i]
                ab = self.db[tr["card"]]["abil"][tr["ab"]]
                what = effect_text(ab.get("effect", []), ab.get("target", "")) or "its ability"
                ch.append(Choice("trigger_order", {"card": tr["src"], "i": i}, p,
                                 f"Next on the chain: {self.name(tr['src'])} ({what})"))
            return Decision([p], "order_triggers", "Your triggered abilities happened at the same time: choose which goes "
                            "on the chain next (the ones placed later resolve first)", ch)
        if k == "wm":
            u = a["tr"]["src"]
            ch = []
            for g in a["c"]:
                e, pw = self._equip_cost(g, True)
                cost = " ".join(([f"[{e}]"] if e else []) + ["[A]" if d == "any" else f"[{DOMAIN_CODE[d]}]" for d in pw])
                ch.append(Choice("target", {"target": g}, p, f"Weaponmaster: pay {cost or 'nothing'} to attach "
                                 f"{self.name(g)} to {self.name(u)}"))
            ch.append(Choice("decline", {}, p, "Don't use Weaponmaster", role="pass"))
            return Decision([p], "weaponmaster", f"{self.name(u)}'s Weaponmaster: you may pay an Equipment's Equip cost "
                            "less [A] to attach it", ch)
        if k == "vision":
            i = a["card"]
            ch = [Choice("vision_keep", {}, p, f"Keep {self.name(i)} on top"),
                  Choice("vision_recycle", {"card": i}, p, f"Recycle {self.name(i)}")]
            return Decision([p], "vision", "Vision: keep the top card or recycle it", ch)
        raise AssertionError(k)

    # ------------------------------------------------------------------ choices
    def _act_choices(self, p: int, mode: str) -> list:
        """Every discretionary action ``p`` may take now (digest 8.3, 16)."""
        t = self.table
        ch: list = []
        for iid in t.zones[f"p{p}.hand"]:
            self._play_choices(p, iid, mode, -1, ch)
        for iid in t.zones[f"p{p}.champion"]:
            self._play_choices(p, iid, mode, -1, ch)
        for b in (0, 1):
            for iid in t.zones[f"p{p}.hidden{b}"]:
                if self.cnt(iid, "hid") < self.turn_no:
                    self._play_choices(p, iid, mode, b, ch)
        # activated abilities (legend, units, gear)
        srcs = t.zones[f"p{p}.legend"] + t.zones[f"p{p}.base"] + t.zones[f"p{p}.bf0"] + t.zones[f"p{p}.bf1"]
        for src in srcs:
            card = self.db[t.card[src]]
            for n, ab in enumerate(card["abil"]):
                if ab["on"] == "activate":
                    self._ability_choices(p, src, n, ab, mode, ch)
        if mode == "main":
            self._equip_choices(p, ch)
            self._move_choices(p, ch)
            self._hide_choices(p, ch)
        return ch

    def _timing_ok(self, mode: str, kw: dict, from_hidden: bool) -> bool:
        """What may be played in each state (seed 'which cards can be played now'; digest 8.3, 18 Action/Reaction)."""
        if mode == "main":
            return True
        react = kw.get("reaction") or kw.get("quickdraw") or from_hidden  # Quick-Draw has Reaction
        if mode == "prio":
            return bool(react)
        return bool(react or kw.get("action"))

    def _play_choices(self, p, iid, mode, hbf, ch):
        card = self.c(iid)
        typ = card["type"]
        kw = card["kw"]
        ok = self._timing_ok(mode, kw, hbf >= 0)
        E, P = (0, []) if hbf >= 0 else (card["cost"], card["power"])
        nm = card["name"]
        if typ == "unit":
            locs = []
            if hbf >= 0:
                if ok:
                    locs = [hbf]
            else:
                if ok:
                    locs = [-1] + [b for b in (0, 1) if self.bf_ctrl[b] == p]
                if kw.get("ambush"):  # Ambush: to a battlefield where you have units, with Reaction (digest 18)
                    for b in (0, 1):
                        if b not in locs and self.units_at(p, b):
                            locs.append(b)
            for loc in locs:
                to = lz(p, loc)
                if self.can_pay(p, E, P):
                    ch.append(Choice("play", {"card": iid, "to": to}, p, f"Play {nm} to {'base' if loc < 0 else f'battlefield {loc}'}"))
                if kw.get("accelerate") and self.can_pay(p, E + 1, P + [self._cdom(card)]):
                    ch.append(Choice("play", {"card": iid, "to": to, "accelerate": True}, p,
                                     f"Play {nm} to {'base' if loc < 0 else f'battlefield {loc}'} with Accelerate"))
            return
        if not ok:
            return
        if typ == "spell":
            if self.showdown is None and any(op["op"] == "move_bf" for op in card["effect"]):
                return  # it could do nothing: no showdown to move to (digest 9.1, 355.16)
            tgs = self._targets(p, card["target"], -1, -1, hbf, card["target_max_might"]) if card["target"] else [-1]
            rep = kw.get("repeat", 0)
            for tg in tgs:
                extra = self._deflect(p, tg)
                PP = P + ["any"] * extra if extra else P
                if self.can_pay(p, E, PP):
                    args = {"card": iid} if tg < 0 else {"card": iid, "target": tg}
                    lab = f"Play {nm}" + (f" on {self.name(tg)}" if tg >= 0 else "")
                    ch.append(Choice("play", args, p, lab))
                    # the repeated run chooses the target again: Deflect is paid per time chosen
                    if rep and self.can_pay(p, E + rep, PP + ["any"] * extra):
                        a2 = dict(args)
                        a2["repeat"] = True
                        ch.append(Choice("play", a2, p, lab + " with Repeat"))
        elif typ == "gear":
            to = f"p{p}.base" if hbf < 0 else lz(p, hbf)
            if not self.can_pay(p, E, P):
                return
            if kw.get("quickdraw"):
                for u in self._targets(p, "friendly_unit", -1, -1, hbf, 0):
                    ch.append(Choice("play", {"card": iid, "to": to, "target": u}, p, f"Play {nm} attached to {self.name(u)}"))
            else:
                ch.append(Choice("play", {"card": iid, "to": to}, p, f"Play {nm}"))

    def _ability_choices(self, p, src, n, ab, mode, ch):
        timing = ab.get("timing", "")
        if mode == "main":
            pass
        elif mode == "focus":
            if timing not in ("action", "reaction"):
                return
        elif timing != "reaction":
            return
        t = self.table
        if ab.get("exhaust") and t.orient[src]:
            return
        if ab.get("spend_buff") and not self.cnt(src, "buff"):
            return
        if ab.get("if") and not self._cond(ab["if"], p, src, -1, False):
            return
        E, P = ab.get("cost", 0), ab.get("power", [])
        w = self.where(src)
        loc = w[1] if w else -1
        tgs = self._targets(p, ab.get("target", ""), src, loc, -1, 0) if ab.get("target") else [-1]
        for tg in tgs:
            extra = self._deflect(p, tg)
            if self.can_pay(p, E, P + ["any"] * extra if extra else P):
                args = {"card": src, "ab": n} if tg < 0 else {"card": src, "ab": n, "target": tg}
                ch.append(Choice("activate", args, p, f"Use {self.name(src)}" + (f" on {self.name(tg)}" if tg >= 0 else "")))

    def _equip_choices(self, p, ch):
        for g in self.table.zones[f"p{p}.base"]:
            card = self.c(g)
            if card["type"] == "gear" and card["kw"].get("equip") and self.can_pay(p, *self._equip_cost(g)):
                for u in self.units_of(p):
                    ch.append(Choice("equip", {"card": g, "target": u}, p, f"Equip {card['name']} to {self.name(u)}"))

    def _move_dests(self, p, u) -> list:
        """Standard Move routes: base -> battlefield, battlefield -> base, battlefield ->
        battlefield only with Ganking (Core Rules v1.3 Standard Move, digest 11.1)."""
        loc = ZLOC[self.table.zone[u]][1]
        if loc < 0:
            return [0, 1]
        out = [-1]
        if self.kwv(u, "ganking"):
            out.append(1 - loc)
        return out

    def _move_choices(self, p, ch):
        t = self.table
        for u in self.units_of(p):
            if t.orient[u]:
                continue
            for d in self._move_dests(p, u):
                ch.append(Choice("move", {"card": u, "to": lz(p, d)}, p,
                                 f"Move {self.name(u)} to {'base' if d < 0 else f'battlefield {d}'}"))

    def _move_joiners(self, p, a) -> list:
        to = a["to"]
        d = ZLOC[to][1]
        out = []
        for u in self.units_of(p):
            if u in a["cards"] or self.table.orient[u]:
                continue
            if d in self._move_dests(p, u):
                out.append(u)
        return out

    def _hide_choices(self, p, ch):
        t = self.table
        bfs = [b for b in (0, 1) if self.bf_ctrl[b] == p and not t.zones[f"p{p}.hidden{b}"]]
        if not bfs or not self.can_pay(p, 0, ["any"]):
            return
        for iid in t.zones[f"p{p}.hand"] + t.zones[f"p{p}.champion"]:
            if self.c(iid)["kw"].get("hidden"):
                for b in bfs:
                    ch.append(Choice("hide", {"card": iid, "to": f"p{p}.hidden{b}"}, p,
                                     f"Hide {self.name(iid)} at battlefield {b}"))

    # ------------------------------------------------------------------ targets
    def _targets(self, p, spec, src, loc, hbf, maxm) -> list:
        """Legal targets of a spec (digest 9.3 'what counts as a target'). A card played
        from a facedown zone chooses its targets at that battlefield (digest 19.4)."""
        q = 1 - p
        if spec == "enemy_spell":
            return [it["src"] for it in self.chain if it["k"] == "spell" and it["ctrl"] != p]
        if spec in ("unit", "unit_bf"):
            pool = self.all_units() if spec == "unit" else (self.units_at(0, 0) + self.units_at(0, 1) + self.units_at(1, 0) + self.units_at(1, 1))
        elif spec == "enemy_unit":
            pool = self.units_of(q)
        elif spec == "friendly_unit":
            pool = self.units_of(p)
        elif spec == "enemy_unit_bf":
            pool = self.units_at(q, 0) + self.units_at(q, 1)
        elif spec == "friendly_unit_bf":
            pool = self.units_at(p, 0) + self.units_at(p, 1)
        elif spec == "enemy_unit_here":
            pool = self.units_at(q, loc) if loc >= 0 else []
        elif spec == "friendly_unit_here":
            pool = self.units_at(p, loc) if loc is not None else []
        elif spec == "friendly_other":
            pool = [u for u in self.units_of(p) if u != src]
        elif spec == "friendly_unit_base":
            pool = self.units_at(p, -1)
        else:
            return []
        if hbf >= 0:
            pool = [u for u in pool if ZLOC[self.table.zone[u]][1] == hbf]
        if maxm:
            pool = [u for u in pool if self.might(u) <= maxm]
        return pool

    def _deflect(self, p, tg) -> int:
        """Deflect X: an opponent's spell or ability choosing this costs X more power (digest 18)."""
        if tg < 0 or not self.is_unit(tg) or self.table.zone[tg] not in ZLOC:
            return 0
        if ZLOC[self.table.zone[tg]][0] == p:
            return 0
        return self.kwv(tg, "deflect")

    def _cdom(self, card) -> str:
        """[C]: one power of the card's domain, [A] if it has none or several (digest 5.2)."""
        return card["domain"][0] if len(card["domain"]) == 1 else "any"

    # ------------------------------------------------------------------ costs
    def can_pay(self, p: int, energy: int, power: list) -> bool:
        """Could ``p`` pay this cost with the pool plus rune abilities? Exhausting a ready rune
        adds [1]; recycling any rune adds one power of its domain; one rune may do both
        (Core Rules v1.3 Basic runes, digest 5.3)."""
        pool = self.pool[p]
        t = self.table
        runes = t.zones[f"p{p}.runes"]
        if energy > pool[0]:
            ready = 0
            for r in runes:
                if not t.orient[r]:
                    ready += 1
            if energy > pool[0] + ready:
                return False
        if not power:
            return True
        have = pool[1:]
        counts = [have[0], have[1], have[2], have[3], have[4], have[5]]
        db, card = self.db, t.card
        for r in runes:
            counts[_DI[db[card[r]]["rune"]] - 1] += 1
        anyn = 0
        for d in power:
            if d == "any":
                anyn += 1
            else:
                k = _DI[d] - 1
                if counts[k] <= 0:
                    return False
                counts[k] -= 1
        return anyn <= sum(counts)

    def pay(self, p: int, energy: int, power: list, ev: list) -> None:
        """Pay a total cost: rune Add abilities used during payment (digest 5.4), then spend."""
        t = self.table
        pool = self.pool[p]
        runes = t.zones[f"p{p}.runes"]
        db = self.db
        recycle = []
        have = pool[1:]
        need_any = 0
        used_pool = [0] * 6
        for d in power:
            if d == "any":
                need_any += 1
                continue
            k = _DI[d] - 1
            if have[k] - used_pool[k] > 0:
                used_pool[k] += 1
                continue
            cands = [r for r in runes if r not in recycle and db[t.card[r]]["rune"] == d]
            cands.sort(key=lambda r: -t.orient[r])
            recycle.append(cands[0])
        for _ in range(need_any):
            k = next((k for k in range(6) if have[k] - used_pool[k] > 0), -1)
            if k >= 0:
                used_pool[k] += 1
                continue
            cands = [r for r in runes if r not in recycle]
            cands.sort(key=lambda r: -t.orient[r])
            recycle.append(cands[0])
        e_need = max(0, energy - pool[0])
        use_e = min(pool[0], energy)
        exh = []
        if e_need:
            ready = [r for r in runes if not t.orient[r]]
            ready.sort(key=lambda r: 0 if r in recycle else 1)
            exh = ready[:e_need]
        for r in exh:
            ev.append(t.set_orient(r, 1, f"{self.pn(p)} exhausts a {db[t.card[r]]['rune']} rune: add [1]", R_COST))
        for r in recycle:
            dom = db[t.card[r]]["rune"]
            ev.append(t.move(r, f"p{p}.runedeck", orient=0, face=0,
                             caption=f"{self.pn(p)} recycles a {dom} rune: add [{DOMAIN_CODE[dom]}]", rule=R_COST))
        for k in range(6):
            pool[k + 1] -= used_pool[k]
        pool[0] -= use_e
        if energy or power:
            self._ev(ev, "cost.pay", f"{self.pn(p)} pays {energy} energy"
                     + (f" and {len(power)} power" if power else ""), R_COST, player=p, energy=energy, power=list(power))

    # ------------------------------------------------------------------ apply
    def _apply(self, choice: Choice) -> list:
        self._dec = None
        ev: list = []
        k = choice.kind
        a = choice.args
        p = choice.player
        if k == "mulligan_pick":
            self.ask["n"] += 1
            ev.append(self.table.move(a["card"], f"p{p}.aside", caption=f"{self.pn(p)} sets a card aside", rule=R_MULL))
        elif k == "mulligan_done":
            self._mulligan_done(p, ev)
        elif k == "play":
            self._play(p, a, ev)
        elif k == "activate":
            self._activate(p, a, ev)
        elif k == "equip":
            self._equip(p, a, ev)
        elif k == "move":
            self._move_start(p, a, ev)
        elif k == "move_add":
            self.ask["cards"] = self.ask["cards"] + [a["card"]]
            if not self._move_joiners(p, self.ask):
                self._move_finish(ev)
        elif k == "move_done":
            self._move_finish(ev)
        elif k == "hide":
            self._hide(p, a, ev)
        elif k == "end_turn":
            self._ev(ev, "main.end", f"{self.pn(p)} ends the Main Phase", R_MAIN, player=p)
            self.step = "ending"
            self.dirty = True
        elif k == "pass":
            self._pass(p, ev)
        elif k == "showdown_at":
            self.ask = None
            self._start_showdown(a["bf"], ev)
            self.dirty = True
        elif k == "assign":
            self._assign_pick(a["target"], ev)
        elif k == "target":
            tr = self.ask["tr"]
            wm = self.ask["k"] == "wm"
            self.ask = None
            if wm:  # the cost within the trigger is paid as it is finalised (Core Rules v1.3, digest 17.4)
                self.pay(p, *self._equip_cost(a["target"], True), ev)
            self._push_trigger(tr, a["target"], ev)
        elif k == "trigger_order":
            self.ask = None
            trs = list(self.trig)
            tr = dict(trs.pop(a["i"]))
            tr["ord"] = True
            self.trig = [tr] + trs
        elif k == "decline":
            tr = self.ask["tr"]
            self.ask = None
            self._ev(ev, "trigger.declined", f"{self.pn(p)} does not use {self.db[tr['card']]['name']}'s optional ability",
                     R_KW, card=tr["src"], player=p)
            self.dirty = True
        elif k in ("vision_keep", "vision_recycle"):
            i = self.ask["card"]
            self.ask = None
            if k == "vision_recycle":
                ev.append(self.table.move(i, f"p{p}.deck", caption=f"{self.pn(p)} recycles the top card (Vision)", rule=R_KW))
            else:
                ev.append(self.table.move(i, f"p{p}.deck", index=0, caption=f"{self.pn(p)} keeps the card on top", rule=R_KW))
            self._ev(ev, "effect.vision", f"{self.pn(p)} {'recycles' if k == 'vision_recycle' else 'keeps'} the top card", R_KW, player=p)
            self.dirty = True
        else:
            raise AssertionError(k)
        self._run(ev)
        self._dec = None
        return ev

    # ------------------------------------------------------------------ the loop
    def _run(self, ev: list) -> None:
        """HOT FEPR (Core Rules v1.3 Chain, digest 9.2): handle outstanding tasks (cleanups,
        triggers waiting for the chain, phase and combat steps) until a decision is due."""
        guard = 0
        while self.outcome is None and self.ask is None:
            guard += 1
            if guard > 10000:
                raise RuntimeError("rules loop did not settle")
            if self.dirty:
                self.dirty = False
                while self._cleanup(ev, -1):
                    if self.outcome is not None or self.ask is not None:
                        break
                continue
            if self.trig:
                self._triggers_to_chain(ev)
                continue
            if self.chain:
                return
            sd = self.showdown
            if sd is not None:
                st = sd["stage"]
                if st == "sd":
                    if sd["passes"] >= 2:
                        self._showdown_over(ev)
                        continue
                    return
                self._combat_step(ev)
                continue
            if self.step == "main":
                return
            self._phase_step(ev)

    # ------------------------------------------------------------------ setup
    def _setup(self, decks: list, names: list, seed: int, ev: list) -> None:
        """Set-up in the seed's order (seed 'before the first Awaken' 1-10; digest 6)."""
        self.rng = PCG32(seed)
        self.names = list(names)
        t = self.table
        per_owner = [[], []]
        zone_of = []
        for p in (0, 1):
            per_owner[p] = list(decks[p])
        # create everything in p.aside first, then sort into zones
        t.create(per_owner, ["p0.aside", "p1.aside"], self.rng)
        for p in (0, 1):
            ids = list(t.zones[f"p{p}.aside"])
            ids.sort()
            legend = [i for i in ids if self.c(i)["type"] == "legend"][0]
            ltag = self.c(legend)["champion"]
            champ = next((i for i in ids if self.c(i)["type"] == "unit" and "champion" in self.c(i)["supertype"]
                          and self.c(i)["champion"] == ltag), None)
            ev.append(t.move(legend, f"p{p}.legend", face=1, caption=f"{self.pn(p)} places the legend {self.name(legend)}", rule=R_SETUP))
            self._ev(ev, "setup.legend", f"{self.pn(p)}'s legend: {self.name(legend)}", R_SETUP, player=p, card=legend)
            if champ is not None:
                ev.append(t.move(champ, f"p{p}.champion", face=1, caption=f"{self.pn(p)} places the chosen champion {self.name(champ)}", rule=R_SETUP))
                self._ev(ev, "setup.champion", f"{self.pn(p)}'s chosen champion: {self.name(champ)}", R_SETUP, player=p, card=champ)
            for i in ids:
                if i in (legend, champ):
                    continue
                typ = self.c(i)["type"]
                if typ == "battlefield":
                    t.move(i, f"p{p}.bfaside")
                elif typ == "rune":
                    t.move(i, f"p{p}.runedeck")
                else:
                    t.move(i, f"p{p}.deck")
            self._ev(ev, "setup.battlefields", f"{self.pn(p)} sets aside three battlefields", R_SETUP, player=p)
        self.first = self.rng.randbelow(2)
        self.active = self.first
        self._ev(ev, "setup.first_player", f"{self.pn(self.first)} goes first (chosen at random)", R_SETUP, player=self.first)
        for p in (0, 1):
            self.rng.shuffle(t.zones[f"p{p}.deck"])
            self.rng.shuffle(t.zones[f"p{p}.runedeck"])
            self._ev(ev, "setup.shuffle", f"{self.pn(p)} shuffles the main deck and the rune deck separately", R_SETUP, player=p)
        for p in (0, 1):
            self.draw(p, 4, ev, R_SETUP)
        self.step = "mulligan"
        self.ask = {"k": "mull", "p": self.first, "n": 0}

    def _mulligan_done(self, p: int, ev: list) -> None:
        """Mulligan: draw as many as were set aside, then recycle those to the bottom in
        random order (seed setup 7-8; digest 6.6)."""
        t = self.table
        aside = list(t.zones[f"p{p}.aside"])
        self.ask = None
        if aside:
            self.draw(p, len(aside), ev, R_MULL)
            self.rng.shuffle(aside)
            for i in aside:
                ev.append(t.move(i, f"p{p}.deck", caption=f"{self.pn(p)} recycles a set-aside card to the bottom", rule=R_MULL))
        self._ev(ev, "mulligan.done", f"{self.pn(p)} mulligans {len(aside)} card(s)", R_MULL, player=p, count=len(aside))
        if p == self.first:
            self.ask = {"k": "mull", "p": 1 - p, "n": 0}
            return
        # seed setup 9: each player's battlefield is chosen at random (single game) and revealed
        for q in (0, 1):
            bfs = list(t.zones[f"p{q}.bfaside"])
            if not bfs or t.zones[f"shared.bf{q}"]:
                continue
            pick = bfs[self.rng.randbelow(len(bfs))]
            ev.append(t.move(pick, f"shared.bf{q}", face=1, caption=f"{self.pn(q)}'s battlefield is {self.name(pick)} (random)", rule=R_SETUP))
            self._ev(ev, "setup.battlefield", f"{self.pn(q)}'s battlefield {self.name(pick)} is revealed", R_SETUP, player=q, bf=q)
        self.turn_no = 1
        self.active = self.first
        self.step = "awaken"

    # ------------------------------------------------------------------ phases
    def _phase_step(self, ev: list) -> None:
        """One step of the turn (seed 'the six phases'; digest 7). Each phase change
        makes a cleanup an outstanding task."""
        st = self.step
        p = self.active
        t = self.table
        self.dirty = True
        if st == "awaken":
            self._ev(ev, "phase.begin", f"Turn {self.turn_no}: {self.pn(p)}'s Awaken Phase", R_AWAKEN, phase="awaken", player=p)
            self._awaken(p, ev)
            self.step = "beginning"
        elif st == "beginning":
            self._ev(ev, "phase.begin", f"{self.pn(p)}'s Beginning Phase", R_BEGIN, phase="beginning", player=p)
            self._ev(ev, "step.begin", "Beginning step: start-of-turn effects", R_BEGIN, step="beginning")
            self._queue_on(p, "turn_start")
            self.step = "scoring"
        elif st == "scoring":
            self._ev(ev, "step.begin", "Scoring step: hold each battlefield you control", R_HOLD, step="scoring")
            for b in (0, 1):
                if self.bf_ctrl[b] == p:
                    self._score(p, b, "hold", ev)
            self.step = "channel"
        elif st == "channel":
            self._ev(ev, "phase.begin", f"{self.pn(p)}'s Channel Phase", R_CHANNEL, phase="channel", player=p)
            n = 3 if (p != self.first and not self.chan_done[p]) else 2
            self.chan_done[p] = True
            self.channel(p, n, False, ev, R_CHANNEL)
            self.step = "draw"
        elif st == "draw":
            self._ev(ev, "phase.begin", f"{self.pn(p)}'s Draw Phase", R_DRAW, phase="draw", player=p)
            self.draw(p, 1, ev, R_DRAW)
            self._empty_pools(ev, "at the end of the Draw Phase")
            self.step = "main_start"
        elif st == "main_start":
            self._ev(ev, "phase.begin", f"{self.pn(p)}'s Main Phase", R_MAIN, phase="main", player=p)
            self._empty_pools(ev, "at the start of the Main Phase")
            self.step = "main"
        elif st == "ending":
            self._ev(ev, "phase.begin", f"{self.pn(p)}'s Ending Phase", R_END, phase="ending", player=p)
            self._ev(ev, "step.begin", "Ending step: end-of-turn effects", R_END, step="ending")
            for u in self.all_units():  # stun wears off at the start of the Ending step (digest 15)
                if self.cnt(u, "stun"):
                    self.set_cnt(u, "stun", 0)
                    self._ev(ev, "counter.change", f"{self.name(u)} is no longer stunned", R_END, card=u, counter="stun", delta=-1, value=0)
            self._queue_on(p, "turn_end")
            self.step = "expire"
        elif st == "expire":
            self._expiration_step(ev)
            self.step = "expire_chk"
        elif st == "expire_chk":
            self._expiration_repeat_check(ev)
        elif st == "next":
            self.turn_no += 1
            self.active = 1 - p
            self.scored = [0, 0]
            self.played = [0, 0]
            self._ev(ev, "turn.next", f"{self.pn(1 - p)} becomes the turn player", R_END, player=1 - p, turn=self.turn_no)
            self.step = "awaken"
        else:
            raise AssertionError(st)

    def _expiration_step(self, ev: list) -> None:
        """Ending Phase, expiration step (seed phase 6: all units heal, every 'this turn' effect
        ends at the same time, both rune pools empty for the second time; Core Rules v1.3
        Ending Phase 317.2, digest 7.6). Healing here can trigger ("when I'm healed"); such
        triggers go through HOT FEPR before the step is checked for a repeat."""
        self.exp_nid = self.nid
        self._ev(ev, "step.begin", "Expiration step: heal all units, end 'this turn' effects, empty pools", R_END,
                 step="expiration")
        healed = self._heal_all()
        self._ev(ev, "ending.heal", f"All units heal ({len(healed)} damaged)", R_END, cards=healed)
        if self.mods:
            self.mods = []
        self._ev(ev, "ending.expire", "'This turn' effects end", R_END)
        self._empty_pools(ev, "at the end of the turn")
        self.dirty = True

    def _expiration_repeat_check(self, ev: list) -> None:
        """If anything went through HOT FEPR during the expiration step (a chain item was
        added), the step is repeated, so 'this turn' effects created meanwhile end too
        (Core Rules v1.3 Ending Phase 317.2.f, digest 7.6); otherwise the turn passes."""
        if self.nid != self.exp_nid:
            self._ev(ev, "ending.repeat", "Something went on the chain during the expiration step: the step repeats",
                     R_END)
            self.step = "expire"
        else:
            self.step = "next"

    def _heal_all(self) -> list:
        """Heal every unit (Ending Phase, combat cleanup 3c); queues "when I'm healed" triggers."""
        healed = [u for u in self.all_units() if self.cnt(u, "dmg")]
        for u in healed:
            self.set_cnt(u, "dmg", 0)
            w = ZLOC[self.table.zone[u]]
            self._queue_card(u, "healed", w[0], w[1], self.played[w[0]] >= 1)
        return healed

    def _awaken(self, p: int, ev: list) -> None:
        """Awaken: ready everything you control: units, gear, runes, legend (digest 7.1)."""
        t = self.table
        for z in (f"p{p}.runes", f"p{p}.base", f"p{p}.bf0", f"p{p}.bf1", f"p{p}.legend"):
            for i in t.zones[z]:
                if t.orient[i]:
                    ev.append(t.set_orient(i, 0, f"{self.name(i)} readies", R_AWAKEN))
                att = t.zones.get(f"att.{i}")
                if att:
                    for g in att:
                        if t.orient[g]:
                            ev.append(t.set_orient(g, 0, f"{self.name(g)} readies", R_AWAKEN))

    def _empty_pools(self, ev: list, when: str) -> None:
        for q in (0, 1):
            self.pool[q] = [0] * 7
        self._ev(ev, "pool.empty", f"Both rune pools empty {when}", R_POOL)

    # ------------------------------------------------------------------ card actions
    def draw(self, p: int, n: int, ev: list, rule: str) -> None:
        """Draw, with Burn Out when the deck runs out (Core Rules v1.3 Burn Out, digest 14.6)."""
        t = self.table
        for _ in range(n):
            deck = t.zones[f"p{p}.deck"]
            guard = 0
            while not deck:
                guard += 1
                trash = list(t.zones[f"p{p}.trash"])
                self.rng.shuffle(trash)
                for i in trash:
                    ev.append(t.move(i, f"p{p}.deck", face=0, orient=0,
                                     caption=f"{self.pn(p)}'s trash is recycled into the deck", rule=R_BURN))
                self.points[1 - p] += 1
                self._ev(ev, "burnout", f"{self.pn(p)} burns out: the trash ({len(trash)}) becomes the deck and "
                         f"{self.pn(1 - p)} gains 1 point", R_BURN, player=p, recycled=len(trash))
                self._ev(ev, "counter.change", f"{self.pn(1 - p)}: {self.points[1 - p]} points", R_BURN,
                         player=1 - p, counter="points", delta=1, value=self.points[1 - p])
                if not deck and self.points[1 - p] >= VICTORY_SCORE and self.points[1 - p] > self.points[p]:
                    self._set_win(1 - p, "burn out", ev)
                    return
                if guard > 50:
                    return
            top = deck[0]
            ev.append(t.move(top, f"p{p}.hand", caption=f"{self.pn(p)} draws a card", rule=rule))

    def channel(self, p: int, n: int, exhausted: bool, ev: list, rule: str) -> None:
        """Channel: top runes of the rune deck to the board, ready; fewer if it runs short (digest 5.6)."""
        t = self.table
        for _ in range(n):
            rd = t.zones[f"p{p}.runedeck"]
            if not rd:
                self._ev(ev, "rune.channel_short", f"{self.pn(p)}'s rune deck is empty: nothing more to channel", rule, player=p)
                return
            e = t.move(rd[0], f"p{p}.runes", face=1, orient=1 if exhausted else 0,
                       caption=f"{self.pn(p)} channels a rune", rule=rule)
            ev.append(e)

    def _hide(self, p: int, a: dict, ev: list) -> None:
        """Hide: pay [A], put a Hidden card face down at a battlefield you control (digest 19.1)."""
        self.pay(p, 0, ["any"], ev)
        iid = a["card"]
        ev.append(self.table.move(iid, a["to"], face=0, caption=f"{self.pn(p)} hides a card", rule=R_HIDE))
        self._ev(ev, "hide", f"{self.pn(p)} hides a card at battlefield {a['to'][-1]}", R_HIDE, player=p)
        self.set_cnt(iid, "hid", self.turn_no)
        self.dirty = True

    def _equip(self, p: int, a: dict, ev: list) -> None:
        """Equip [cost]: attach this gear to a unit you control (digest 18)."""
        g, u = a["card"], a["target"]
        self.pay(p, *self._equip_cost(g), ev)
        self._attach(g, u, ev)
        self.dirty = True

    def _equip_cost(self, g: int, less_a: bool = False) -> tuple:
        """An Equipment's Equip cost (energy, power list). With ``less_a`` one [A] is taken off
        (Weaponmaster: "its Equip cost, reduced by [A]"; a cost without [A] is paid in full,
        Core Rules Weaponmaster, digest 18; discounts never go below 0, digest 5.8)."""
        card = self.c(g)
        e, pw = card["kw"].get("equip", 0), list(card["equip_power"])
        if less_a and "any" in pw:
            pw.remove("any")
        return e, pw

    def _wm_options(self, tr: dict) -> list:
        """Equipment ``tr``'s controller controls (at base or attached to another of their
        units) whose Equip cost less [A] they can pay now (Weaponmaster, digest 18)."""
        p, u = tr["ctrl"], tr["src"]
        t = self.table
        if t.zone[u] not in ZLOC:
            return []
        out = []
        for holder in [None] + [x for x in self.units_of(p) if x != u]:
            zone = t.zones.get(f"p{p}.base" if holder is None else f"att.{holder}") or []
            for g in zone:
                card = self.c(g)
                if card["type"] == "gear" and card["kw"].get("equip") and self.can_pay(p, *self._equip_cost(g, True)):
                    out.append(g)
        return out

    def _attach(self, g: int, u: int, ev: list) -> None:
        ev.append(self.table.move(g, f"att.{u}", face=1, caption=f"{self.name(g)} attaches to {self.name(u)}", rule=R_KW))

    # ------------------------------------------------------------------ movement
    def _move_start(self, p: int, a: dict, ev: list) -> None:
        self.ask = {"k": "move", "p": p, "to": a["to"], "cards": [a["card"]]}
        if not self._move_joiners(p, self.ask):
            self._move_finish(ev)

    def _move_finish(self, ev: list) -> None:
        """Standard Move: exhaust the units and move them together to one destination
        (Core Rules v1.3 Standard Move, digest 11.1)."""
        a = self.ask
        self.ask = None
        p, to = a["p"], a["to"]
        t = self.table
        for u in a["cards"]:
            t.orient[u] = 1
        for u in a["cards"]:
            e = t.move(u, to, caption=f"{self.pn(p)} moves {self.name(u)} to {to}", rule=R_MOVE)
            ev.append(e)
        self._ev(ev, "move.complete", f"Move complete: {len(a['cards'])} unit(s) to {to}", R_MOVE,
                 player=p, cards=list(a["cards"]), to=to)
        self._arrive(p, ZLOC[to][1], ev)
        self.dirty = True

    def _arrive(self, p: int, loc: int, ev: list) -> None:
        """A unit moved or played to a battlefield its controller doesn't control makes it
        Contested, unless it already is (Core Rules v1.3 Control, digest 11.4)."""
        if loc >= 0 and self.bf_ctrl[loc] != p and self.contested[loc] < 0:
            self.contested[loc] = p
            self._ev(ev, "battlefield.contested", f"Battlefield {loc} becomes contested by {self.pn(p)}", R_MOVE, bf=loc, player=p)

    # ------------------------------------------------------------------ playing
    def _play(self, p: int, a: dict, ev: list) -> None:
        """Playing a card (Core Rules v1.3, digest 9.1): to the chain, choices, total cost,
        pay, finalise. Units and gear leave the chain on finalising; spells stay."""
        t = self.table
        iid = a["card"]
        card = self.c(iid)
        frm = t.zone[iid]
        hbf = int(frm[-1]) if ".hidden" in frm else -1
        tg = a.get("target", -1)
        if hbf >= 0:
            ev.append(t.set_face(iid, 1, f"{self.pn(p)} reveals the hidden {card['name']}", R_HIDE))
            self.set_cnt(iid, "hid", 0)
        ev.append(t.move(iid, "shared.chain", face=1, caption=f"{self.pn(p)} plays {card['name']}", rule=R_PLAY))
        self._ev(ev, "chain.add", f"{card['name']} goes on the chain as a pending item (the state is Closed)", R_PLAY,
                 card=iid, card_id=t.card[iid], player=p)
        E, P = (0, []) if hbf >= 0 else (card["cost"], list(card["power"]))
        if a.get("accelerate"):
            E += 1
            P.append(self._cdom(card))
        rep = 0
        if a.get("repeat"):
            rep = 1
            E += card["kw"].get("repeat", 0)
        # Deflect: [Deflect value] more power for each time the spell chooses the unit; the
        # repeated run chooses it again (Core Rules v1.3 Deflect 809.1.c, Repeat; digest 18)
        extra = self._deflect(p, tg) * (1 + rep)
        if extra:
            P += ["any"] * extra
        self.pay(p, E, P, ev)
        legion = self.played[p] >= 1
        self.played[p] += 1
        typ = card["type"]
        self._ev(ev, "chain.finalize", f"{card['name']} is finalised", R_CHAIN, card=iid, player=p)
        if typ == "unit":
            loc = ZLOC[a["to"]][1]
            ev.append(t.move(iid, a["to"], orient=0 if a.get("accelerate") else 1,
                             caption=f"{card['name']} enters {'ready' if a.get('accelerate') else 'exhausted'}", rule=R_PLAY))
            self._arrive(p, loc, ev)
            self._queue_card(iid, "play", p, loc, legion)
        elif typ == "gear":
            ev.append(t.move(iid, a["to"], orient=0, caption=f"{card['name']} enters ready", rule=R_PLAY))
            if card["kw"].get("quickdraw") and tg >= 0:
                # Quick-Draw's attach is a play trigger (digest 18), with the unit chosen in the play
                n = next(k for k, ab in enumerate(card["abil"]) if ab["on"] == "quickdraw")
                self.trig = self.trig + [{"src": iid, "ctrl": p, "ab": n, "loc": -1, "card": t.card[iid],
                                          "legion": legion, "o": 0 if p == self.active else 1, "tg": tg}]
            self._queue_card(iid, "play", p, ZLOC[a["to"]][1], legion)
        if typ in ("unit", "gear"):
            # the permanent left the chain on finalising: a chain this player started in a
            # showdown is over, so Focus passes (digest 12.4)
            sd = self.showdown
            if self.chain:  # Finalize: the controller of the newest item gets Priority (digest 9.2)
                self.prio = self.chain[-1]["ctrl"]
                self.passes = 0
            elif sd is not None and sd["stage"] == "sd":
                self.focus = 1 - p
                self.prio = self.focus
                sd["passes"] = 0
                self._ev(ev, "focus.pass", f"{card['name']} is played: focus passes to {self.pn(self.focus)}", R_FOCUS, to=self.focus)
        else:
            if not self.chain:
                self.chain_origin = p
            self.nid += 1
            self.chain = self.chain + [{"id": self.nid, "k": "spell", "src": iid, "card": t.card[iid], "ctrl": p,
                                        "ab": -1, "tg": tg, "loc": -2, "hbf": hbf, "legion": legion, "rep": rep}]
            self.prio = p
            self.passes = 0
        self.dirty = True

    def _activate(self, p: int, a: dict, ev: list) -> None:
        """Activate an ability (Core Rules v1.3 Activated abilities, digest 17.3). Add abilities
        resolve at once without the chain (digest 5.4)."""
        t = self.table
        src, n = a["card"], a["ab"]
        ab = self.c(src)["abil"][n]
        tg = a.get("target", -1)
        if ab.get("exhaust"):
            ev.append(t.set_orient(src, 1, f"{self.name(src)} exhausts", R_COST))
        if ab.get("spend_buff"):
            self.set_cnt(src, "buff", 0)
        extra = self._deflect(p, tg)
        self.pay(p, ab.get("cost", 0), list(ab.get("power", [])) + ["any"] * extra, ev)
        w = self.where(src)
        loc = w[1] if w else -1
        item = {"id": 0, "k": "ab", "src": src, "card": t.card[src], "ctrl": p, "ab": n, "tg": tg, "loc": loc,
                "hbf": -1, "legion": self.played[p] >= 1, "rep": 0}
        if ab.get("kill_self"):
            self.kill(src, ev, "paid as a cost")
        if all(op["op"] == "add" for op in ab["effect"]):
            self._ev(ev, "ability.add", f"{self.name(src)}: an Add ability resolves at once", R_COST, card=src, player=p)
            self._effects(item, ev)
        else:
            self._ev(ev, "chain.add", f"{self.pn(p)} activates {self.name(src)}", R_CHAIN, card=src, player=p)
            if not self.chain:
                self.chain_origin = p
            self.nid += 1
            item["id"] = self.nid
            self.chain = self.chain + [item]
            self.prio = p
            self.passes = 0
        self.dirty = True

    # ------------------------------------------------------------------ priority, chain
    def _pass(self, p: int, ev: list) -> None:
        """Pass: with a chain, Priority goes round and the newest item resolves when every
        player passed in a row (digest 9.2); in a showdown without a chain, Focus passes and
        the showdown ends when every player passed in a row (digest 12.5)."""
        if self.chain:
            self.passes += 1
            self._ev(ev, "priority.pass", f"{self.pn(p)} passes priority", R_CHAIN, player=p)
            if self.passes >= 2:
                self._resolve_top(ev)
            else:
                self.prio = 1 - p
            return
        sd = self.showdown
        sd["passes"] += 1
        self.focus = 1 - p
        self.prio = self.focus
        self._ev(ev, "focus.pass", f"{self.pn(p)} passes focus to {self.pn(1 - p)}", R_FOCUS, player=p, to=1 - p)

    def _resolve_top(self, ev: list) -> None:
        """Resolve the newest chain item completely (LIFO), then the controller of the newest
        remaining item gets Priority, or the state opens and, in a showdown, Focus passes."""
        it = self.chain[-1]
        self.chain = self.chain[:-1]
        self.passes = 0
        t = self.table
        self._ev(ev, "chain.resolve", f"{self.db[it['card']]['name']} resolves", R_CHAIN, card=it["src"], player=it["ctrl"])
        self._effects(it, ev)
        if it["k"] == "spell" and t.zone[it["src"]] == "shared.chain":
            ev.append(t.move(it["src"], f"p{t.owner[it['src']]}.trash", caption=f"{self.db[it['card']]['name']} goes to the trash", rule=R_CHAIN))
        self.dirty = True
        self._after_chain_change(ev)

    def _after_chain_change(self, ev: list) -> None:
        if self.chain:
            self.prio = self.chain[-1]["ctrl"]
            return
        self.prio = -1
        sd = self.showdown
        if sd is not None and sd["stage"] == "sd" and self.chain_origin >= 0:
            self.focus = 1 - self.focus
            sd["passes"] = 0
            self._ev(ev, "focus.pass", f"The chain has resolved: focus passes to {self.pn(self.focus)}", R_FOCUS, to=self.focus)
        self.chain_origin = -1
        if sd is not None:
            self.prio = self.focus

    # ------------------------------------------------------------------ triggers
    def _queue_card(self, iid: int, on: str, p: int, loc: int, legion: bool, order: int | None = None) -> None:
        card = self.c(iid)
        for n, ab in enumerate(card["abil"]):
            if ab["on"] == on:
                o = order if order is not None else (0 if p == self.active else 1)
                self.trig = self.trig + [{"src": iid, "ctrl": p, "ab": n, "loc": loc, "card": self.table.card[iid],
                                          "legion": legion, "o": o}]

    def _queue_on(self, p: int, on: str) -> None:
        """Queue ``p``'s start- or end-of-turn triggers (units, gear, legend)."""
        t = self.table
        for z in (f"p{p}.legend", f"p{p}.base", f"p{p}.bf0", f"p{p}.bf1"):
            for i in t.zones[z]:
                w = ZLOC.get(z)
                self._queue_card(i, on, p, w[1] if w else -1, self.played[p] >= 1)

    def _triggers_to_chain(self, ev: list) -> None:
        """Triggered abilities become chain items, the turn player's (or the attacker's)
        first so they end up lower (Core Rules v1.3 Triggered abilities, digest 17.4)."""
        trs = sorted(self.trig, key=lambda x: x["o"])
        self.trig = []
        for n, tr in enumerate(trs):
            ab = self.db[tr["card"]]["abil"][tr["ab"]]
            if ab.get("if") and not self._cond(ab["if"], tr["ctrl"], tr["src"], -1, tr["legion"]):
                continue
            if not tr.get("ord") and self._ask_trigger_order(trs, n):
                return
            if "tg" in tr:  # the target was chosen with the play (Quick-Draw)
                self._push_trigger(tr, tr["tg"], ev)
                continue
            if ab.get("wm"):
                c = self._wm_options(tr)
                if c:  # "you may": its controller chooses (or declines) before it goes on the chain
                    self.trig = trs[n + 1:]
                    self.ask = {"k": "wm", "p": tr["ctrl"], "c": c, "tr": tr}
                    return
                continue
            spec = ab.get("target", "")
            if spec:
                c = self._targets(tr["ctrl"], spec, tr["src"], tr["loc"], -1, 0)
                if not c:
                    self._ev(ev, "trigger.removed", f"{self.db[tr['card']]['name']}: no legal target, the trigger is removed",
                             R_CHAIN, card=tr["src"])
                    continue
                if len(c) > 1:
                    self.trig = trs[n + 1:]
                    self.ask = {"k": "ttarget", "p": tr["ctrl"], "c": c, "tr": tr}
                    return
                self._push_trigger(tr, c[0], ev)
            else:
                self._push_trigger(tr, -1, ev)

    def _ask_trigger_order(self, trs: list, n: int) -> bool:
        """Simultaneous triggers: each controller orders their own (Core Rules v1.3 383.3.d,
        digest 17.4). When ``trs[n]``'s controller has two or more different triggers waiting
        together, they pick which goes on the chain next (placed earlier resolves later).
        Returns True when it asked."""
        tr = trs[n]
        group = []
        for i in range(n, len(trs)):
            x = trs[i]
            if x["ctrl"] != tr["ctrl"] or x["o"] != tr["o"] or x.get("ord"):
                continue
            ab = self.db[x["card"]]["abil"][x["ab"]]
            if ab.get("if") and not self._cond(ab["if"], x["ctrl"], x["src"], -1, x["legion"]):
                continue
            group.append(i - n)
        kinds = {(trs[n + i]["card"], trs[n + i]["ab"], trs[n + i].get("tg", -2)) for i in group}
        if len(group) < 2 or len(kinds) < 2:
            return False
        self.trig = trs[n:]
        self.ask = {"k": "torder", "p": tr["ctrl"], "c": group}
        return True

    def _push_trigger(self, tr: dict, tg: int, ev: list) -> None:
        self.nid += 1
        self.chain = self.chain + [{"id": self.nid, "k": "trig", "src": tr["src"], "card": tr["card"], "ctrl": tr["ctrl"],
                                    "ab": tr["ab"], "tg": tg, "loc": tr["loc"], "hbf": -1, "legion": tr["legion"], "rep": 0}]
        self._ev(ev, "chain.add", f"{self.db[tr['card']]['name']}'s triggered ability goes on the chain", R_CHAIN,
                 card=tr["src"], player=tr["ctrl"])
        self.prio = tr["ctrl"]
        self.passes = 0
        self.dirty = True

    # ------------------------------------------------------------------ effects
    def _cond(self, cond: str, p: int, src: int, tg: int, legion: bool) -> bool:
        if cond == "legion":
            return legion
        if cond == "hand_le_1":
            return len(self.table.zones[f"p{p}.hand"]) <= 1
        if cond == "level_3":
            return self.xp[p] >= 3
        if cond == "mighty":
            return tg >= 0 and self.table.zone[tg] in ZLOC and self.might(tg) >= 5
        if cond == "alone":
            w = self.where(src)
            return w is not None and len(self.units_at(w[0], w[1])) == 1
        return True

    def _effects(self, it: dict, ev: list) -> None:
        """Run an item's effect primitives in order, as far as possible (digest 9.3)."""
        card = self.db[it["card"]]
        ops = card["effect"] if it["k"] == "spell" else card["abil"][it["ab"]]["effect"]
        for _ in range(1 + it["rep"]):
            for op in ops:
                if op.get("if") and not self._cond(op["if"], it["ctrl"], it["src"], it["tg"], it["legion"]):
                    continue
                resolve_effect(self, it, op, ev)
                if self.outcome is not None or self.ask is not None:
                    return

    def _to(self, it: dict, to: str) -> list:
        p = it["ctrl"]
        q = 1 - p
        t = self.table
        if to == "target":
            tg = it["tg"]
            if tg < 0:
                return []
            if self.db[t.card[tg]]["type"] == "spell":
                return [tg] if t.zone[tg] == "shared.chain" else []
            if t.zone[tg] not in ZLOC:
                return []  # illegal targets are not affected
            return [tg] if self._target_still_legal(it, tg) else []
        if to == "self":
            return [it["src"]] if t.zone[it["src"]] in ZLOC else []
        loc = it["loc"] if it["hbf"] < 0 else it["hbf"]
        if to == "enemy_units_here":
            return self.units_at(q, loc) if loc is not None and loc >= 0 else []
        if to == "units_here":
            return (self.units_at(p, loc) + self.units_at(q, loc)) if loc is not None and loc >= 0 else []
        if to == "friendly_units_here":
            return self.units_at(p, loc) if loc is not None and loc >= -1 else []
        if to == "enemy_units_bf":
            return self.units_at(q, 0) + self.units_at(q, 1)
        if to == "enemy_units":
            return self.units_of(q)
        if to == "friendly_units":
            return self.units_of(p)
        return []

    def _target_still_legal(self, it: dict, tg: int) -> bool:
        """On resolution a target must still meet its requirements ("an enemy unit at a
        battlefield", "with 3 Might or less"...); one that no longer does is illegal and is
        not affected (Core Rules v1.3 359.3.e, digest 9.3)."""
        card = self.db[it["card"]]
        if it["k"] == "spell":
            spec, maxm = card["target"], card["target_max_might"]
        else:
            spec, maxm = card["abil"][it["ab"]].get("target", ""), 0
        if not spec:
            return True
        loc = -1 if it["k"] == "spell" or it["loc"] is None else it["loc"]  # as when the target was chosen
        return tg in self._targets(it["ctrl"], spec, it["src"], loc, it["hbf"], maxm)

    def _best_domain(self, p: int) -> str:
        leg = self.table.zones[f"p{p}.legend"]
        return self.c(leg[0])["domain"][0] if leg else "fury"

    def _token(self, p: int, kind: str, loc: int, ev: list) -> int:
        """Create a token unit (digest 4 'Token'); tokens enter exhausted like units."""
        t = self.table
        cid = TOKENS[kind][0]
        t.card = list(t.card)  # card/owner lists are shared between clones: copy before adding
        t.owner = list(t.owner)
        iid = t.add(cid, p, lz(p, loc), face=1, orient=1)
        ev.append(Event("card.move", f"{self.pn(p)} creates a {self.db[cid]['name']} token", R_EFFECT,
                        {"card": iid, "card_id": cid, "from": None, "to": lz(p, loc), "face": "up", "orient": "sideways", "owner": p}))
        return iid

    def kill(self, u: int, ev: list, why: str, rule: str = "Core Rules v1.3 Kill (digest 15)", kind: str = "effect.kill") -> None:
        """Kill: the permanent goes to its owner's trash (a token ceases to exist); attached gear
        detaches where it was; temporary modifications end (zone-change reset, digest 3)."""
        t = self.table
        w = ZLOC.get(t.zone[u])
        if w is None:
            return
        p, loc = w
        att = t.zones.get(f"att.{u}")
        if att:
            for g in list(att):
                ev.append(t.move(g, lz(t.owner[g], loc) if t.owner[g] == p else f"p{t.owner[g]}.base",
                                 caption=f"{self.name(g)} detaches", rule=R_KW))
        if self.c(u)["kw"].get("deathknell") and self.db[t.card[u]]["type"] != "gear":
            pass
        self._ev(ev, kind, f"{self.name(u)} is killed ({why})", rule, card=u, card_id=t.card[u], player=p)
        if self.c(u)["type"] == "token":
            ev.append(t.move(u, "shared.gone", caption=f"{self.name(u)} (a token) ceases to exist", rule=rule))
        else:
            ev.append(t.move(u, f"p{t.owner[u]}.trash", face=1, orient=0, caption=f"{self.name(u)} goes to the trash", rule=rule))
        if u in t.counters:
            del t.counters[u]
        if self.mods:
            self.mods = [m for m in self.mods if m[0] != u]
        self._queue_card(u, "death", p, loc, self.played[p] >= 1)
        self.dirty = True

    # ------------------------------------------------------------------ scoring
    def _score(self, p: int, b: int, how: str, ev: list) -> None:
        """Score a battlefield: at most once per player per turn; the final point needs every
        battlefield scored this turn when it comes from Conquer, else draw 1 instead
        (Core Rules v1.3 Scoring, digest 14.3-14.4 and 1.5)."""
        if self.scored[p] & (1 << b):
            return
        self.scored[p] |= 1 << b
        rule = R_HOLD if how == "hold" else R_CONQ
        if how == "conquer" and self.points[p] >= VICTORY_SCORE - 1 and self.scored[p] != 0b11:
            self._ev(ev, "score.final_point", f"{self.pn(p)} conquers battlefield {b} but the final point needs every "
                     "battlefield scored this turn: draw 1 instead", R_CONQ, player=p, bf=b)
            self.draw(p, 1, ev, R_CONQ)
        else:
            self.points[p] += 1
            self._ev(ev, f"score.{how}", f"{self.pn(p)} {'holds' if how == 'hold' else 'conquers'} battlefield {b}: 1 point",
                     rule, player=p, bf=b)
            self._ev(ev, "counter.change", f"{self.pn(p)}: {self.points[p]} points", rule, player=p, counter="points",
                     delta=1, value=self.points[p])
        bfc = self.table.zones[f"shared.bf{b}"]
        if bfc:
            self._queue_card(bfc[0], how, p, b, self.played[p] >= 1)
        for u in self.units_at(p, b):
            self._queue_card(u, how, p, b, self.played[p] >= 1)
        self.dirty = True

    def _set_win(self, p: int, reason: str, ev: list) -> None:
        self.outcome = Outcome(p, Termination.SCORE, reason, R_BURN if reason == "burn out" else R_WIN)
        self._ev(ev, "game.over", f"{self.pn(p)} wins ({reason})", R_WIN, winner=p, reason=reason)

    # ------------------------------------------------------------------ cleanup
    def _cleanup(self, ev: list, combat_bf: int) -> bool:
        """One cleanup pass in the nine steps of Core Rules v1.3 Cleanup (digest 10); returns
        True when a step changed something (then another cleanup follows). With
        ``combat_bf`` >= 0 it is the combat cleanup with the two inserted steps (heal all,
        recall attackers). A normal cleanup never heals."""
        changed = False
        t = self.table
        # 1. win check
        for p in (0, 1):
            if self.points[p] >= VICTORY_SCORE and self.points[p] > self.points[1 - p]:
                self._ev(ev, "cleanup.win_check", f"Win check: {self.pn(p)} has {self.points[p]} points, more than "
                         f"{self.pn(1 - p)}", R_WIN, player=p)
                self._set_win(p, "victory score", ev)
                return True
        # 2. combat designations
        sd = self.showdown
        if sd is not None and sd["combat"]:
            b = sd["bf"]
            att = sd["att"]
            changes = []
            for q in (0, 1):
                want = "atk" if q == att else "def"
                other = "def" if q == att else "atk"
                for u in self.units_at(q, b):
                    if not self.cnt(u, want) or self.cnt(u, other):
                        self.set_cnt(u, want, 1)
                        self.set_cnt(u, other, 0)
                        changes.append(u)
                        if u not in sd["seen"]:
                            sd["seen"] = sd["seen"] + [u]
                            self._queue_card(u, "attack" if q == att else "defend", q, b, self.played[q] >= 1,
                                             order=0 if q == att else 1)
            for q in (0, 1):
                for loc in (-1, 1 - b):
                    for u in self.units_at(q, loc):
                        if self.cnt(u, "atk") or self.cnt(u, "def"):
                            self.set_cnt(u, "atk", 0)
                            self.set_cnt(u, "def", 0)
                            changes.append(u)
            if changes:
                self._ev(ev, "cleanup.designate", f"Combat designations updated ({len(changes)} unit(s))", R_CLEAN, cards=changes)
                changed = True
        # 3. lethal damage: 3a Deathknell noted, 3b kills
        dead = []
        for u, cn in t.counters.items():  # only units with marked damage can have lethal damage
            d = cn.get("dmg", 0)
            if d > 0 and t.zone[u] in ZLOC and self.is_unit(u) and d >= self.might(u):
                dead.append(u)
        if len(dead) > 1:  # board order: player 0 base, battlefield 0, 1, then player 1
            dead.sort(key=lambda u: (BOARD_ORDER[t.zone[u]], t.zones[t.zone[u]].index(u)))
        if dead:
            dk = [u for u in dead if self.c(u)["kw"].get("deathknell")]
            if dk:
                self._ev(ev, "cleanup.deathknell", "Deathknell noted for " + ", ".join(self.name(u) for u in dk), R_CLEAN, cards=dk)
            for u in dead:
                self.kill(u, ev, "lethal damage", R_CLEAN, "cleanup.kill")
            changed = True
        if combat_bf >= 0:
            # 3c: heal all units; 3d: recall the attackers if any defenders are still there
            healed = self._heal_all()
            self._ev(ev, "cleanup.heal", f"Combat cleanup: all units heal ({len(healed)} damaged)", R_COMBAT, cards=healed)
            att = sd["att"]
            if self.units_at(1 - att, combat_bf) and self.units_at(att, combat_bf):
                for u in self.units_at(att, combat_bf):
                    ev.append(t.move(u, lz(att, -1), caption=f"{self.name(u)} is recalled to base (defenders remain)",
                                     rule=R_COMBAT))
                self._ev(ev, "cleanup.recall_attackers", "Combat cleanup: the attackers are recalled (defenders remain)", R_COMBAT, bf=combat_bf)
        # 4. control loss (Open state only; not where a showdown or combat is running)
        if not self.chain:
            for b in (0, 1):
                c = self.bf_ctrl[b]
                if c >= 0 and not self.units_at(c, b) and not (sd is not None and sd["bf"] == b):
                    self.bf_ctrl[b] = -1
                    self._ev(ev, "cleanup.control_loss", f"{self.pn(c)} has no units at battlefield {b} and loses control of it",
                             R_CLEAN, bf=b, player=c)
                    changed = True
        # 5. corrections: recall unattached gear at battlefields; trash hidden cards of the wrong controller
        for q in (0, 1):
            for b in (0, 1):
                for g in t.zones[lz(q, b)]:
                    if self.c(g)["type"] == "gear":
                        ev.append(t.move(g, lz(q, -1), caption=f"{self.name(g)} (unattached gear) is recalled to base", rule=R_CLEAN))
                        self._ev(ev, "cleanup.recall", f"{self.name(g)} is recalled", R_CLEAN, card=g)
                        changed = True
                        break
                for h in t.zones[f"p{q}.hidden{b}"]:
                    if self.bf_ctrl[b] != q:
                        ev.append(t.move(h, f"p{t.owner[h]}.trash", face=1,
                                         caption=f"{self.name(h)} (hidden) is revealed and trashed: its battlefield has another controller",
                                         rule=R_HIDE))
                        self.set_cnt(h, "hid", 0)
                        self._ev(ev, "cleanup.hidden_trash", f"{self.name(h)} is trashed", R_CLEAN, card=h)
                        changed = True
                        break
        if combat_bf >= 0:
            return changed
        # 6. stage showdowns
        for b in (0, 1):
            c = self.contested[b]
            running = sd is not None and sd["bf"] == b
            ok = c >= 0 and not running and bool(self.units_at(c, b))
            if c >= 0 and not running and not ok:
                self.contested[b] = -1  # the contesting units are gone before anything began
                changed = True
            if ok != self.staged_sd[b]:
                self.staged_sd[b] = ok
                if ok:
                    self._ev(ev, "cleanup.stage_showdown", f"A showdown is staged at battlefield {b}", R_CLEAN, bf=b)
                changed = True
        # 7. stage combats
        for b in (0, 1):
            running = sd is not None and sd["bf"] == b and sd["combat"]
            ok = self.contested[b] >= 0 and not running and bool(self.units_at(0, b)) and bool(self.units_at(1, b))
            if ok != self.staged_cb[b]:
                self.staged_cb[b] = ok
                if ok:
                    self._ev(ev, "cleanup.stage_combat", f"A combat is staged at battlefield {b}", R_CLEAN, bf=b)
                changed = True
        if self.chain:
            return changed
        # 8-9. open a staged showdown or combat (Neutral Open); 9a: upgrade a running showdown
        if self._open_staged(ev):
            return True
        return changed

    def _open_staged(self, ev: list) -> bool:
        """Cleanup steps 8-9 (Core Rules v1.3 Cleanup, digest 10): in a Neutral Open state the
        turn player picks one staged showdown and it begins (as a combat showdown when a
        combat is staged there too); with no showdown staged, the turn player picks a
        battlefield with a staged combat. A choice is asked only when two are staged. In a
        Showdown Open state a combat staged where a non-combat showdown runs turns it into a
        combat showdown (9a). Returns True when it started something or asked."""
        sd = self.showdown
        if sd is None:
            st = [b for b in (0, 1) if self.staged_sd[b]] or [b for b in (0, 1) if self.staged_cb[b]]
            if len(st) > 1:
                self.ask = {"k": "pick_sd", "p": self.active, "c": st}
                return True
            if st:
                self._start_showdown(st[0], ev)
                return True
        elif sd["stage"] == "sd" and not sd["combat"] and self.staged_cb[sd["bf"]]:
            self.staged_cb[sd["bf"]] = False
            self._ev(ev, "cleanup.start_combat", f"The showdown at battlefield {sd['bf']} becomes a combat", R_CLEAN, bf=sd["bf"])
            self._begin_combat(ev)
            return True
        return False

    # ------------------------------------------------------------------ showdown and combat
    def _start_showdown(self, b: int, ev: list) -> None:
        """A staged showdown begins; the player who applied Contested gets Focus (digest 12.2).
        With a combat staged there it opens as a combat showdown (digest 10 step 8a)."""
        att = self.contested[b]
        if att < 0:
            att = self.active
        combat = self.staged_cb[b]
        self.staged_sd[b] = False
        self.staged_cb[b] = False
        self.showdown = {"bf": b, "combat": False, "att": att, "passes": 0, "stage": "sd", "seen": [], "asg": [], "left": 0,
                   "tot": [0, 0]}
        self.focus = att
        self.prio = att
        self._ev(ev, "cleanup.start_showdown", f"Showdown at battlefield {b}: {self.pn(att)} gains focus", R_SD, bf=b, player=att)
        if combat:
            self._ev(ev, "cleanup.start_combat", f"Combat at battlefield {b}", R_CLEAN, bf=b)
            self._begin_combat(ev)

    def _begin_combat(self, ev: list) -> None:
        """Combat step 1 (digest 13.2): designations, the attacker gains Focus, attack then
        defend triggers (the defender's resolve first)."""
        sd = self.showdown
        sd["combat"] = True
        b, att = sd["bf"], sd["att"]
        self.focus = att
        self.prio = att
        sd["passes"] = 0
        for q in (att, 1 - att):
            for u in self.units_at(q, b):
                self.set_cnt(u, "atk" if q == att else "def", 1)
                if u not in sd["seen"]:
                    sd["seen"] = sd["seen"] + [u]
                    self._queue_card(u, "attack" if q == att else "defend", q, b, self.played[q] >= 1, order=0 if q == att else 1)
        self._ev(ev, "combat.start", f"Combat at battlefield {b}: {self.pn(att)} attacks, {self.pn(1 - att)} defends",
                 R_COMBAT, bf=b, attacker=att)
        self.dirty = True

    def _showdown_over(self, ev: list) -> None:
        """Every player passed focus in a row: the showdown ends (digest 12.5). A combat goes
        on to Combat Damage; otherwise a lone player with units establishes control (Conquer)."""
        sd = self.showdown
        b = sd["bf"]
        if sd["combat"]:
            sd["stage"] = "damage"
            self._ev(ev, "combat.showdown_end", "The combat showdown ends: combat damage", R_COMBAT, bf=b)
            return
        self._ev(ev, "showdown.end", f"The showdown at battlefield {b} ends", R_SD, bf=b)
        have = [q for q in (0, 1) if self.units_at(q, b)]
        self.showdown = None
        self.focus = -1
        self.prio = -1
        self.contested[b] = -1
        if len(have) == 1 and self.bf_ctrl[b] != have[0]:
            q = have[0]
            self.bf_ctrl[b] = q
            self._ev(ev, "battlefield.control", f"{self.pn(q)} establishes control of battlefield {b}", R_SD, bf=b, player=q)
            self._score(q, b, "conquer", ev)
        self.dirty = True

    def _combat_step(self, ev: list) -> None:
        """Combat Damage (digest 13.3) and Resolution (digest 13.4) as data-driven steps."""
        sd = self.showdown
        b, att = sd["bf"], sd["att"]
        st = sd["stage"]
        if st == "damage":
            A, D = self.units_at(att, b), self.units_at(1 - att, b)
            if not A or not D:
                self._ev(ev, "combat.no_damage", "One side is gone: no combat damage", R_COMBAT, bf=b)
                self._cleanup(ev, b)
                if self.outcome is None:
                    self._combat_resolve(ev)
                return
            ta = sum(max(0, self.might(u)) for u in A if not self.cnt(u, "stun"))
            td = sum(max(0, self.might(u)) for u in D if not self.cnt(u, "stun"))
            sd["tot"] = [ta, td]
            self._ev(ev, "combat.totals", f"Attackers deal {ta}, defenders deal {td} (stunned units deal none)", R_ASSIGN,
                     bf=b, attacker_total=ta, defender_total=td)
            sd["stage"] = "asgA"
            sd["left"] = ta
            sd["asg"] = []
            return
        if st in ("asgA", "asgD"):
            self._assign_run(ev)
            return
        if st == "deal":
            dealt = {}
            for u, n, _s in sd["asg"]:
                dealt[u] = dealt.get(u, 0) + n
            for u, n in dealt.items():
                if n > 0 and self.table.zone[u] in ZLOC:
                    self.set_cnt(u, "dmg", self.cnt(u, "dmg") + n)
            self._ev(ev, "combat.damage", "All assigned combat damage is dealt at the same time", R_COMBAT,
                     bf=b, damage={str(k): v for k, v in dealt.items()})
            # Resolution (digest 13.4): combat cleanup, result, control, end; these are
            # outstanding tasks, so triggers they cause reach the chain afterwards
            self._cleanup(ev, b)
            if self.outcome is None:
                self._combat_resolve(ev)
            return
        raise AssertionError(st)

    def _assign_candidates(self, targets: list, done: dict) -> list:
        """Units that may receive the next assignment: lethal first, Tank before the rest,
        Backline after the rest (digest 13.3; Core Rules v1.3 Tank, Backline)."""
        left = [u for u in targets if done.get(u, 0) < self._lethal(u)]
        if not left:
            return []
        tiers = [(1 if self.kwv(u, "tank") else 0) | (2 if self.kwv(u, "backline") else 0) for u in left]
        if 3 not in tiers:
            rank = [0 if tr == 1 else (2 if tr == 2 else 1) for tr in tiers]
            best = min(rank)
            return [u for u, r in zip(left, rank) if r == best]
        # a unit with both Tank and Backline: the assigning player follows one of them
        # (Core Rules v1.3 Combat Damage 460.2.c.7-8, digest 13.3). Treated as a Tank it may
        # come first; once a unit without Tank got damage, it is a Backline unit (last).
        non_tank_hit = any(done.get(u, 0) and not self.kwv(u, "tank") for u in targets)
        dual = [u for u, tr in zip(left, tiers) if tr == 3]
        for want in (1, 0):
            group = [u for u, tr in zip(left, tiers) if tr == want]
            if group:
                return group + ([] if non_tank_hit else dual)
        return [u for u, tr in zip(left, tiers) if tr == 2] + dual

    def _lethal(self, u: int) -> int:
        """Damage still needed to be lethal: non-zero damage >= Might, counting damage already marked."""
        return max(1, self.might(u) - self.cnt(u, "dmg"))

    def _assign_run(self, ev: list) -> None:
        sd = self.showdown
        b, att = sd["bf"], sd["att"]
        side = sd["stage"]
        assigner = att if side == "asgA" else 1 - att
        targets = self.units_at(1 - assigner, b)
        mine = [x for x in sd["asg"] if x[2] == side]
        done = {}
        for u, n, _s in mine:
            done[u] = done.get(u, 0) + n
        while sd["left"] > 0:
            cands = self._assign_candidates(targets, done)
            if not cands:
                last = mine[-1][0] if mine else targets[0]
                sd["asg"] = sd["asg"] + [[last, sd["left"], side]]
                sd["left"] = 0
                break
            if len(cands) > 1:
                self.ask = {"k": "assign", "p": assigner, "c": cands, "left": sd["left"]}
                return
            self._assign_to(cands[0], done, ev, assigner)
            mine = [x for x in sd["asg"] if x[2] == side]
        if side == "asgA":
            sd["stage"] = "asgD"
            sd["left"] = sd["tot"][1]
        else:
            sd["stage"] = "deal"

    def _assign_to(self, u: int, done: dict, ev: list, assigner: int) -> None:
        sd = self.showdown
        n = min(sd["left"], self._lethal(u) - done.get(u, 0))
        done[u] = done.get(u, 0) + n
        sd["left"] -= n
        sd["asg"] = sd["asg"] + [[u, n, sd["stage"]]]
        self._ev(ev, "combat.assign", f"{self.pn(assigner)} assigns {n} damage to {self.name(u)}", R_ASSIGN,
                 card=u, amount=n, player=assigner)

    def _assign_pick(self, u: int, ev: list) -> None:
        a = self.ask
        self.ask = None
        sd = self.showdown
        done = {}
        for x, n, s in sd["asg"]:
            if s == sd["stage"]:
                done[x] = done.get(x, 0) + n
        self._assign_to(u, done, ev, a["p"])

    def _combat_resolve(self, ev: list) -> None:
        """Combat result, control and Conquer, then the combat ends (digest 13.4)."""
        sd = self.showdown
        b, att = sd["bf"], sd["att"]
        dfn = 1 - att
        A, D = self.units_at(att, b), self.units_at(dfn, b)
        if A and not D:
            res = f"{self.pn(att)} wins the combat"
        elif D and not A:
            res = f"{self.pn(dfn)} wins the combat"
        else:
            res = "No result"
        self._ev(ev, "combat.result", res, R_COMBAT, bf=b)
        old = self.bf_ctrl[b]
        if A and D:
            pass  # both remain: a new combat is staged by the next cleanup
        else:
            new = att if A else (dfn if D else -1)
            self.bf_ctrl[b] = new
            self.contested[b] = -1
            if new != old:
                self._ev(ev, "combat.control", f"Battlefield {b}: " + (f"{self.pn(new)} establishes control" if new >= 0 else "uncontrolled"),
                         R_COMBAT, bf=b, player=new)
            if new >= 0 and new != old:
                self._score(new, b, "conquer", ev)
        for u in self.all_units():
            self.set_cnt(u, "atk", 0)
            self.set_cnt(u, "def", 0)
        self.showdown = None
        self.focus = -1
        self.prio = -1
        self._ev(ev, "combat.end", f"The combat at battlefield {b} ends", R_COMBAT, bf=b)
        self.dirty = True

    # ------------------------------------------------------------------ views
    def view(self, player):
        t = self.table
        zones = t.view_zones(player)
        for key in ("p0.base", "p0.bf0", "p0.bf1", "p1.base", "p1.bf0", "p1.bf1"):
            for cv in zones[key]:
                if cv["iid"] is not None and self.is_unit(cv["iid"]):
                    cv["counters"]["might"] = self.might(cv["iid"])
        d = self.decision
        st = self.state_name()
        chain = [{"iid": it["src"], "card": it["card"], "kind": it["k"], "controller": it["ctrl"], "target": it["tg"]}
                 for it in self.chain]
        bfs = []
        for b in (0, 1):
            c = t.zones[f"shared.bf{b}"]
            bfs.append({"card": t.card[c[0]] if c else None, "controller": self.bf_ctrl[b],
                        "contested": self.contested[b],
                        "showdown": self.showdown is not None and self.showdown["bf"] == b,
                        "combat": self.showdown is not None and self.showdown["bf"] == b and self.showdown["combat"]})
        phase = self.step
        if phase in ("scoring",):
            phase = "beginning"
        elif phase in ("main_start",):
            phase = "main"
        elif phase in ("expire", "expire_chk", "next"):
            phase = "ending"
        players = []
        for p in (0, 1):
            pool = self.pool[p]
            players.append({"name": self.names[p], "counters": {
                "points": self.points[p], "xp": self.xp[p], "energy": pool[0], "power": sum(pool[1:]),
                "hand": len(t.zones[f"p{p}.hand"]), "deck": len(t.zones[f"p{p}.deck"])}})
        return {
            "game": "riftbound", "turn": self.turn_no, "active": self.active, "phase": phase, "step": self.step,
            "phases": list(PHASES), "winner": self.winner, "over": self.outcome is not None,
            "players": players, "zones": zones,
            "decision": d.to_view() if d is not None else None,
            "extra": {
                "state": st[0], "mode": st[1], "state_text": f"{st[1]} {st[0]}",
                "priority": self._prio_holder(), "focus": self.focus,
                "priority_text": "-" if self._prio_holder() < 0 else self.names[self._prio_holder()],
                "focus_text": "-" if self.focus < 0 else self.names[self.focus],
                "chain": chain, "chain_text": " > ".join(self.db[it["card"]]["name"] for it in self.chain) or "-",
                "battlefields": bfs, "victory_score": VICTORY_SCORE, "first": self.first,
                "pool": [list(self.pool[0]), list(self.pool[1])],
                "scored": [[b for b in (0, 1) if self.scored[p] & (1 << b)] for p in (0, 1)],
                "reason": "" if self.outcome is None else self.outcome.reason,
            },
        }

    def _prio_holder(self) -> int:
        """Who holds priority (-1: nobody, e.g. between phases or during set-up)."""
        if self.outcome is not None or self.step in ("setup", "mulligan"):
            return -1
        if self.chain:
            return self.prio
        if self.showdown is not None:
            return self.focus
        if self.step == "main" and self.ask is None:
            return self.active
        return -1

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
        """Re-draw what ``player`` can't see, keeping runes among runes, battlefields among
        battlefields and main-deck cards among main-deck cards."""
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

    def _why_not_play(self, p: int, iid: int, args: dict) -> str:
        """Why a card can't be played now (Core Rules v1.3 Playing a card, digest 9.1; States 8.3)."""
        t = self.table
        card = self.c(iid)
        z = t.zone[iid]
        hidden = z in (f"p{p}.hidden0", f"p{p}.hidden1")
        if z not in (f"p{p}.hand", f"p{p}.champion") and not hidden:
            return "you play cards from your hand, your Champion Zone or your own facedown cards (digest 9.1, 19)."
        if hidden and self.cnt(iid, "hid") >= self.turn_no:
            return "a hidden card can be played beginning on the turn after it was hidden (Core Rules v1.3 Hidden, digest 19.3)."
        kw = card["kw"]
        react = kw.get("reaction") or kw.get("quickdraw") or hidden
        ambush = kw.get("ambush") and card["type"] == "unit"
        if self.chain and not react and not ambush:
            return ("only Reaction cards can be played while a chain exists (Closed state; seed 'Closed'; "
                    "Core Rules v1.3 States, digest 8.3).")
        if self.showdown is not None and not (react or kw.get("action") or ambush):
            return ("only Action or Reaction cards can be played during a showdown (seed 'Showdown'; Core Rules v1.3 "
                    "States, digest 8.3).")
        to = args.get("to")
        if card["type"] in ("unit", "gear") and to is None and args.get("target") is not None and not kw.get("quickdraw"):
            return (f"{card['name']} is played to a location (your base"
                    + (" or a battlefield you control" if card["type"] == "unit" else "")
                    + "), not onto a card (Core Rules v1.3 Playing a card, digest 9.1).")
        if card["type"] == "unit" and isinstance(to, str):
            w = ZLOC.get(to)
            if hidden:
                return "a hidden unit is played to the battlefield where it was hidden (Core Rules v1.3 Hidden, digest 19.4)."
            if w is None or w[0] != p:
                return "a unit you play enters under your control: your base or one of your battlefields (digest 4)."
            if w[1] >= 0 and self.bf_ctrl[w[1]] != p:
                if ambush and not self.units_at(p, w[1]):
                    return "Ambush plays a unit only to a battlefield where you have units (Core Rules v1.3 Ambush, digest 18)."
                if not ambush:
                    return ("a unit is played to your base or a battlefield you control; moving there is how you contest "
                            "it (Core Rules v1.3 Units, digest 4).")
            if (self.chain or self.showdown is not None) and ambush and not react and (w[1] < 0 or not self.units_at(p, w[1])):
                return "Ambush gives Reaction only while the unit is played to a battlefield where you have units (digest 18)."
        tg = args.get("target")
        if card["target"] and isinstance(tg, int) and tg >= 0:
            hbf = int(z[-1]) if hidden else -1
            if tg not in self._targets(p, card["target"], -1, -1, hbf, card["target_max_might"]):
                return (f"{self.name(tg) if 0 <= tg < len(t.card) else 'that'} is not a legal target: {card['name']} "
                        "needs " + _target_words(card) + (" at its battlefield (digest 19.4)" if hidden else " (digest 9.3)") + ".")
        E, P = (0, []) if hidden else (card["cost"], list(card["power"]))
        extra = self._deflect(p, tg) if isinstance(tg, int) else 0
        if args.get("repeat"):
            E += kw.get("repeat", 0)
            extra *= 2
        if not self.can_pay(p, E, P + ["any"] * extra):
            why = f" (Deflect adds {extra} power)" if extra else ""
            return f"its cost can't be paid with the runes and rune pool you have{why} (Core Rules v1.3 Costs, digest 5.8)."
        if card["type"] == "spell" and self.showdown is None and any(op["op"] == "move_bf" for op in card["effect"]):
            return "it moves a unit to the battlefield of a showdown, and no showdown is happening (digest 9.1, 355.16)."
        return "that play is not legal now (Core Rules v1.3 Playing a card, digest 9.1)."

    def why_not(self, kind, args, player=None) -> str:
        """One sentence naming the rule that forbids a choice now."""
        d = self.decision
        if d is None:
            return "the game is over."
        if player is not None and player not in d.players:
            if self.chain:
                return (f"Player {player + 1} does not hold priority: while a chain exists only the player with priority "
                        "may act (seed 'Priority'; Core Rules v1.3 Priority, digest 8.4).")
            if self.showdown is not None:
                return (f"Player {player + 1} does not have focus: in a Showdown Open state only the player with focus "
                        "may act (seed 'Focus'; Core Rules v1.3 Focus, digest 8.5).")
            return (f"it is {self.names[d.players[0]]}'s decision: in a Neutral Open state only the turn player acts "
                    "(seed 'Neutral'; digest 8.3).")
        t = self.table
        p = player if player is not None else d.players[0]
        iid = args.get("card")
        known = isinstance(iid, int) and 0 <= iid < len(t.card)
        acting = d.kind in ("main_action", "priority", "focus")
        if kind == "move" and known and not self.is_unit(iid):
            # the table guesses "move" for a card with no legal choice at all: judge the
            # action the drop stands for (a card from hand is played, gear is equipped)
            kind = "equip" if self.c(iid)["type"] == "gear" and t.zone[iid] in ZLOC else "play"
        elif kind == "move" and known and t.zone[iid] not in ZLOC:
            kind = "play"
        if kind in ("play", "activate", "move", "equip", "hide", "end_turn") and not acting:
            return f"a decision must be made first: {d.prompt} (Core Rules v1.3, digest 9.2)."
        if kind == "move":
            if self.showdown is not None:
                return "a Standard Move is not possible during a showdown or combat (Core Rules v1.3 Standard Move, digest 11.1)."
            if self.chain:
                return "a Standard Move needs a Neutral Open state; a chain exists (digest 11.1)."
            if known and ZLOC.get(t.zone[iid], (-1,))[0] != p:
                return "you can only move units you control that are on the board (Core Rules v1.3 Standard Move, digest 11.1)."
            if known and t.orient[iid]:
                return "an exhausted unit can't pay the Standard Move's cost of exhausting it (digest 11.1)."
            if known and args.get("to") == t.zone[iid]:
                return "a move needs a destination other than the unit's own location (digest 11.2)."
            return "units move base to battlefield or battlefield to base; battlefield to battlefield needs Ganking (digest 11.1)."
        if kind == "play" and known:
            return self._why_not_play(p, iid, args)
        if kind == "activate" and known:
            n = args.get("ab", 0)
            abil = self.c(iid)["abil"]
            ab = abil[n] if isinstance(n, int) and 0 <= n < len(abil) else {}
            if t.zone[iid] not in (f"p{p}.legend", f"p{p}.base", f"p{p}.bf0", f"p{p}.bf1"):
                return "you can only use abilities of your own legend and permanents on the board (digest 17.3)."
            if ab.get("exhaust") and t.orient[iid]:
                return f"{self.name(iid)} is exhausted, so it can't pay the [E] in its cost (digest 17.3)."
            timing = ab.get("timing", "")
            if self.chain and timing != "reaction":
                return "only Reaction abilities can be used while a chain exists (Closed state; digest 8.3)."
            if self.showdown is not None and timing not in ("action", "reaction"):
                return "only Action or Reaction abilities can be used during a showdown (digest 8.3, 17.3)."
            return "its cost can't be paid, or its target is not legal (Core Rules v1.3 Activated abilities, digest 17.3)."
        if kind == "equip":
            if self.chain or self.showdown is not None:
                return "Equip is used like an ability without Action or Reaction: your Main Phase, Neutral Open (digest 18)."
            if known and t.zone[iid].startswith("att."):
                return "an Equipment already attached can't use Equip again (Core Rules v1.3 Equip, digest 18)."
            return "Equip attaches your Equipment at your base to a unit you control, paying its Equip cost (digest 18)."
        if kind == "hide":
            return ("hiding needs your turn, an Open state, a battlefield you control with an empty facedown slot, "
                    "and [A] (Core Rules v1.3 Hidden, digest 19.1).")
        if kind == "end_turn" and d.kind != "main_action":
            return "the turn can only end from the Main Phase with an empty chain and no showdown (digest 7.5)."
        if kind == "pass" and d.kind == "main_action":
            return "with no chain and no showdown there is nothing to pass: end the turn instead (digest 7.5, 9.2)."
        if kind == "assign" and d.kind == "assign_damage":
            return ("combat damage goes lethal first, one unit at a time: Tank units before the rest, Backline units "
                    "after the rest (Core Rules v1.3 Combat Damage, digest 13.3).")
        return f"that is not one of the legal choices now ({d.prompt})."


def _target_words(card: dict) -> str:
    from .carddb import _TARGET_TEXT

    w = _TARGET_TEXT.get(card["target"], "a target")
    if card["target_max_might"]:
        w += f" with {card['target_max_might']} Might or less"
    return w


def _copy_dict(d: dict) -> dict:
    return {k: (v[:] if isinstance(v, list) else (dict(v) if isinstance(v, dict) else v)) for k, v in d.items()}


def _plain(v):
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


_OLD_NAMES = {"showdown": "sd"}


def _legacy_outcome(winner: int, reason: str) -> Outcome:
    """The Outcome of a save that kept only the winner and the reason's words."""
    return Outcome(winner, Termination.SCORE, reason, R_BURN if reason == "burn out" else R_WIN)


def _restore_sd(d):
    return d
