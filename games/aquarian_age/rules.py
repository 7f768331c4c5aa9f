"""The Aquarian Age rules engine (seed: aquarian_age.seed.ko.txt; digest part A).

The state is plain data: a CardTable (cards and zones), the PCG32 generator,
a few integers, the current attack (a flat dict) and ``stack``, a list of
pending procedure steps (dicts with an ``op``). ``_advance`` pops and runs
steps until one needs a player's decision; a choice is applied to the step on
top. Nothing is ever kept in a Python frame between decisions.

Zones per player ``p``: ``pP.deck`` (top = index 0), ``pP.hand``,
``pP.faction.<faction>`` (a stack per faction, last = the active character),
``pP.dominion`` (dominated characters), ``pP.damage``, ``pP.discard`` and
``pP.limbo`` (a declared project or fast card waiting for its response
window, digest A.7.25). Cards under a character live in ``att.<iid>``: face
down they are power cards (digest A.1.1); face up they are the character a
break card was set on, or a permanent.
"""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, Event, State
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable, ZoneSpec

from .carddb import FACTION_NAMES, FACTIONS
from .effects import run_effects

PHASES = ("draw", "faction", "main", "power", "discard")
FIDX = {f: i for i, f in enumerate(FACTIONS)}
DEFEAT_DAMAGE = 10
HAND_LIMIT = 7
DECISION_OPS = ("redraw", "main", "guard", "respond", "pay", "power", "discard", "remove")


def zone_specs() -> list[ZoneSpec]:
    specs = []
    for p in (0, 1):
        specs.append(ZoneSpec(f"p{p}.deck", p, "secret"))
        specs.append(ZoneSpec(f"p{p}.hand", p, "owner"))
        for f in FACTIONS:
            specs.append(ZoneSpec(f"p{p}.faction.{f}", p))
        for z in ("dominion", "damage", "discard", "limbo"):
            specs.append(ZoneSpec(f"p{p}.{z}", p))
    return specs


SPECS = zone_specs()
FIELD_ZONES = tuple(f"p{p}.faction.{f}" for p in (0, 1) for f in FACTIONS) + ("p0.dominion", "p1.dominion")


class AAState(State):
    """One Aquarian Age game in progress (see the module docstring)."""

    __slots__ = ("game", "db", "extra", "t", "rng", "turn", "active", "first", "phase", "fi", "winner_", "reason",
                 "stack", "attack", "mods", "names", "_dec")

    def __init__(self, game, db, extra=None):
        self.game = game
        self.db = db
        self.extra = extra or []
        self.t = CardTable(SPECS)
        self.rng = PCG32(0)
        self.turn = 1
        self.active = 0
        self.first = 0
        self.phase = "setup"
        self.fi = -1
        self.winner_ = None
        self.reason = ""
        self.stack: list[dict] = []
        self.attack: dict | None = None
        self.mods: list = []
        self.names = ["Player 1", "Player 2"]
        self._dec = None

    # ------------------------------------------------------------------ data
    def clone(self) -> "AAState":
        s = AAState.__new__(AAState)
        s.game = self.game
        s.db = self.db
        s.extra = self.extra
        s.t = self.t.clone()
        s.rng = self.rng.copy()
        s.turn = self.turn
        s.active = self.active
        s.first = self.first
        s.phase = self.phase
        s.fi = self.fi
        s.winner_ = self.winner_
        s.reason = self.reason
        s.stack = [dict(x) for x in self.stack]
        s.attack = dict(self.attack) if self.attack is not None else None
        s.mods = list(self.mods)
        s.names = self.names
        s._dec = None
        return s

    def to_data(self) -> dict:
        return {
            "table": self.t.to_data(), "rng": self.rng.to_data(), "turn": self.turn, "active": self.active,
            "first": self.first, "phase": self.phase, "fi": self.fi, "winner": self.winner_, "reason": self.reason,
            "stack": [dict(x) for x in self.stack], "attack": dict(self.attack) if self.attack else None,
            "mods": [list(m) for m in self.mods], "names": list(self.names), "extra_cards": list(self.extra),
        }

    @classmethod
    def from_data(cls, game, db, data: dict) -> "AAState":
        s = cls(game, db, data.get("extra_cards") or [])
        s.t = CardTable.from_data(data["table"], SPECS)
        s.rng = PCG32.from_data(data["rng"])
        s.turn = data["turn"]
        s.active = data["active"]
        s.first = data["first"]
        s.phase = data["phase"]
        s.fi = data["fi"]
        s.winner_ = data["winner"]
        s.reason = data["reason"]
        s.stack = [dict(x) for x in data["stack"]]
        s.attack = dict(data["attack"]) if data["attack"] else None
        s.mods = [tuple(m) for m in data["mods"]]
        s.names = list(data["names"])
        return s

    @property
    def winner(self):
        return self.winner_

    @property
    def table(self) -> CardTable:
        """The card table (the kit's name for it)."""
        return self.t

    def determinize(self, player: int, rng) -> "AAState":
        s = self.clone()
        s.t.determinize(player, rng)
        s.rng = PCG32(rng.next_u32() | (rng.next_u32() << 32))
        return s

    def invariant_violations(self) -> list[str]:
        out = self.t.invariant_violations()
        for p in (0, 1):
            n = len(self.t.zones[f"p{p}.damage"])
            if n >= DEFEAT_DAMAGE and self.winner_ is None:
                out.append(f"player {p + 1} has {n} damage but the game goes on")
            for z in (f"p{p}.dominion",) + tuple(f"p{p}.faction.{f}" for f in FACTIONS):
                for iid in self.t.zones[z]:
                    if self.db[self.t.card[iid]]["type"] not in ("character", "break"):
                        out.append(f"a non-character card {self.t.card[iid]} is in {z}")
        for key, ids in self.t.zones.items():
            if key.startswith("att.") and ids and not self.on_field(int(key[4:])):
                host = int(key[4:])
                out.append(f"cards are attached to {self.t.card[host]} ({host}), which is not on the field ({self.t.zone[host]})")
        if self.winner_ is None and not self.stack:
            out.append("no pending step while the game goes on")
        return out

    # ------------------------------------------------------------ card facts
    def card(self, iid: int) -> dict:
        return self.db[self.t.card[iid]]

    def name_of(self, iid: int) -> str:
        return self.db[self.t.card[iid]]["name"]

    def on_field(self, iid: int) -> bool:
        z = self.t.zone[iid]
        return z.endswith(".dominion") or ".faction." in z

    def is_active_char(self, iid: int) -> bool:
        z = self.t.zone[iid]
        return ".faction." in z and self.t.zones[z][-1] == iid

    def is_dominated(self, iid: int) -> bool:
        return self.t.zone[iid].endswith(".dominion")

    def power_ids(self, iid: int) -> list[int]:
        att = self.t.zones.get(f"att.{iid}")
        if not att:
            return []
        face = self.t.face
        return [a for a in att if not face[a]]

    def power(self, iid: int) -> int:
        att = self.t.zones.get(f"att.{iid}")
        if not att:
            return 0
        face = self.t.face
        return sum(1 for a in att if not face[a])

    def permanents_on(self, iid: int) -> list[int]:
        att = self.t.zones.get(f"att.{iid}")
        if not att:
            return []
        return [a for a in att if self.t.face[a] and self.db[self.t.card[a]]["type"] == "permanent"]

    def stat(self, iid: int, key: str) -> int:
        """A character's current mental / attack / durability: the top card's
        printed value (a break card replaces the broken card's stats, seed 3.2),
        plus its permanents' static modifiers and until-end-of-turn effects."""
        v = self.db[self.t.card[iid]][key] + self._permanent_bonus(iid, "stat", key)
        for m in self.mods:
            if m[0] == iid and m[1] == key:
                v += m[2]
        return v if v > 0 else 0

    def _permanent_bonus(self, iid: int, what: str, key: str) -> int:
        """The static modifiers (``what`` = "stat" or "kw") that the face-up
        permanents attached to ``iid`` give to ``key``."""
        total = 0
        for a in self.t.zones.get(f"att.{iid}") or ():
            if self.t.face[a]:
                c = self.db[self.t.card[a]]
                if c["type"] == "permanent":
                    total += sum(d for kind, k, d in c["static"] if kind == what and k == key)
        return total

    def kw(self, iid: int, key: str) -> int:
        """A skill's value on a character (0: it does not have it): printed on the
        top card, granted by a permanent (digest A.10.32) or by an effect."""
        v = self.db[self.t.card[iid]]["skills"].get(key, 0) + self._permanent_bonus(iid, "kw", key)
        if self.mods:
            mk = "kw." + key
            for m in self.mods:
                if m[0] == iid and m[1] == mk:
                    v += m[2]
        return v

    def faction_of(self, iid: int) -> str:
        return self.db[self.t.card[iid]]["faction"]

    def active_of(self, p: int, f: str):
        z = self.t.zones[f"p{p}.faction.{f}"]
        return z[-1] if z else None

    def actives(self, p: int) -> list[int]:
        out = []
        for f in FACTIONS:
            z = self.t.zones[f"p{p}.faction.{f}"]
            if z:
                out.append(z[-1])
        return out

    def dominated(self, p: int) -> list[int]:
        return self.t.zones[f"p{p}.dominion"]

    def factor(self, p: int, f: str) -> int:
        """Factor of a faction: the number of your dominated characters of it (digest A.6.20)."""
        db, card = self.db, self.t.card
        return sum(1 for i in self.t.zones[f"p{p}.dominion"] if db[card[i]]["faction"] == f)

    def total_power(self, p: int) -> int:
        return sum(self.power(i) for i in self.t.zones[f"p{p}.dominion"])

    def draw_bonus(self, p: int) -> int:
        return sum(self.kw(i, "draw") for i in self.t.zones[f"p{p}.dominion"])

    def hand_limit(self, p: int) -> int:
        return max(0, HAND_LIMIT + sum(self.kw(i, "capacity") for i in self.t.zones[f"p{p}.dominion"]))

    def guard_cost(self, iid: int) -> int:
        """Power cards a dominated character pays to guard: the guard cost printed on
        its top card (1 unless the card says otherwise; a break card replaces the
        broken card's), none with Intercept (seed 4.2 "인터셉터 기술이 없다면 방어 비용을
        지불하여", digest A.7.23)."""
        if self.kw(iid, "intercept"):
            return 0
        return self.db[self.t.card[iid]]["guard_cost"]

    def permanent_limit(self, iid: int) -> int:
        return max(0, 1 + self.kw(iid, "permanent"))

    def name_on_field(self, name: str) -> bool:
        """Name-level rule: one card of an exact name on the field (digest A.1.4)."""
        for z in FIELD_ZONES:
            for i in self.t.zones[z]:
                if self.db[self.t.card[i]]["name"] == name:
                    return True
        return False

    def add_mod(self, iid: int, key: str, delta: int) -> None:
        self.mods.append((iid, key, delta))

    def push(self, step: dict) -> None:
        self.stack.append(step)

    # --------------------------------------------------------- common moves
    def damage_counter_event(self, p: int) -> Event:
        n = len(self.t.zones[f"p{p}.damage"])
        return Event("counter.change", f"Player {p + 1} has {n} card(s) in the damage zone", "digest A.4.11",
                     {"player": p, "counter": "damage", "delta": 0, "value": n})

    def lose(self, p: int, reason: str, rule: str, ev: list) -> None:
        if self.winner_ is not None:
            return
        self.winner_ = 1 - p
        self.reason = reason
        self.stack = []
        self.attack = None
        kind = "defeat.damage" if "damage" in reason else "defeat.deckout"
        ev.append(Event(kind, f"Player {p + 1} loses: {reason}", rule, {"player": p}))
        ev.append(Event("game.over", f"Player {2 - p} wins", rule, {"winner": 1 - p, "reason": reason}))

    def check_damage(self, p: int, ev: list) -> None:
        """Defeat: 10 or more cards in the damage zone (digest A.4.11a)."""
        if len(self.t.zones[f"p{p}.damage"]) >= DEFEAT_DAMAGE:
            self.lose(p, f"{DEFEAT_DAMAGE} or more cards in the damage zone", "digest A.4.11a", ev)

    def draw_card(self, p: int, ev: list, rule: str = "seed 4.1 draw phase") -> bool:
        """Draw one card; having to draw from an empty deck loses (digest A.4.11b)."""
        deck = self.t.zones[f"p{p}.deck"]
        if not deck:
            self.lose(p, "had to draw from an empty deck", "digest A.4.11b", ev)
            return False
        ev.append(self.t.move(deck[0], f"p{p}.hand", caption=f"Player {p + 1} draws a card", rule=rule))
        return True

    def discard_stack(self, iid: int, ev: list, rule: str) -> None:
        """Every card stacked on or under a character goes to its owner's discard pile."""
        att = self.t.zones.get(f"att.{iid}")
        while att:
            a = att[-1]
            sub = self.t.zones.get(f"att.{a}")
            if sub:
                self.discard_stack(a, ev, rule)
            ev.append(self.t.move(a, f"p{self.t.owner[a]}.discard", face=1, caption=f"{self.name_of(a)} goes to the discard pile",
                                  rule=rule))
            att = self.t.zones.get(f"att.{iid}")

    def clear_mods(self, iid: int) -> None:
        if self.mods:
            self.mods = [m for m in self.mods if m[0] != iid]

    def remove_from_field(self, iid: int, dest: str, ev: list, rule: str, caption: str) -> None:
        """A character leaves the field: everything stacked on it is discarded (digest A.8.26)."""
        self.discard_stack(iid, ev, rule)
        self.clear_mods(iid)
        face = 0 if dest.endswith(".hand") else 1
        ev.append(self.t.move(iid, dest, face=face, caption=caption, rule=rule))
        if dest.endswith(".damage"):
            p = self.t.owner[iid]
            ev.append(self.damage_counter_event(p))
            self.check_damage(p, ev)

    def strip_power(self, iid: int, ev: list, rule: str) -> None:
        for a in self.power_ids(iid):
            ev.append(self.t.move(a, f"p{self.t.owner[a]}.discard", face=1, caption="A power card is discarded", rule=rule))

    def move_to_dominion(self, iid: int, ev: list, rule: str) -> None:
        p = self.t.owner[iid]
        ev.append(self.t.move(iid, f"p{p}.dominion", face=1, caption=f"{self.name_of(iid)} is dominated", rule=rule))
        ev.append(Event("power.dominate", f"{self.name_of(iid)} moves to Player {p + 1}'s dominion area with "
                        f"{self.power(iid)} power card(s)", rule, {"card": iid, "player": p, "power": self.power(iid)}))

    def charge_from_deck(self, p: int, host: int, n: int, ev: list, rule: str) -> None:
        deck = self.t.zones[f"p{p}.deck"]
        room = self.stat(host, "mental") - self.power(host)
        for _ in range(min(n, room)):
            if not deck:
                break
            ev.append(self.t.move(deck[0], f"att.{host}", face=0, caption=f"{self.name_of(host)} gets a power card from the deck",
                                  rule=rule))

    # ---------------------------------------------------------- the engine
    @property
    def decision(self):
        if self.winner_ is not None:
            return None
        if self._dec is None:
            ev: list = []
            self._advance(ev)
        return self._dec

    def _advance(self, ev: list) -> None:
        """Run pending steps until one needs a decision or the game ends."""
        self._dec = None
        while self.winner_ is None:
            top = self.stack[-1]
            op = top["op"]
            if op in DECISION_OPS:
                d = getattr(self, "_decide_" + op)(top, ev)
                if d is not None:
                    self._dec = d
                    return
                continue
            self.stack.pop()
            getattr(self, "_op_" + op)(top, ev)

    def _apply(self, choice: Choice) -> list:
        ev: list = []
        top = self.stack[-1]
        getattr(self, "_choose_" + top["op"])(top, choice, ev)
        self._dec = None
        self._advance(ev)
        return ev

    # ---------------------------------------------------------- set-up
    def _decide_redraw(self, top, ev):
        p = top["p"]
        return Decision([p], "redraw", "Keep your opening hand, or shuffle it back and draw 7 again (once)?", [
            Choice("keep", {}, p, "Keep this hand", role="confirm"), Choice("redraw", {}, p, "Redraw 7 cards")])

    def _choose_redraw(self, top, choice, ev):
        """Set-up: the second player may redraw once (digest A.3.10)."""
        self.stack.pop()
        p = top["p"]
        if choice.kind == "redraw":
            hand = self.t.zones[f"p{p}.hand"]
            while hand:
                ev.append(self.t.move(hand[-1], f"p{p}.deck", face=0, caption=f"Player {p + 1} returns the hand to the deck",
                                      rule="digest A.3.10 redraw"))
            self.rng.shuffle(self.t.zones[f"p{p}.deck"])
            ev.append(Event("setup.redraw", f"Player {p + 1} shuffles and draws 7 again", "digest A.3.10", {"player": p}))
            for _ in range(7):
                self.draw_card(p, ev, "digest A.3.10 redraw")
        else:
            ev.append(Event("setup.keep", f"Player {p + 1} keeps the hand", "digest A.3.10", {"player": p}))

    # ---------------------------------------------------------- turn flow
    def _op_turn_begin(self, top, ev):
        """A turn: Draw -> Faction -> Main -> Power card -> Discard (seed 4)."""
        p = self.active
        ev.append(Event("turn.begin", f"Turn {self.turn}: Player {p + 1}", "seed 4", {"turn": self.turn, "player": p}))
        steps = [{"op": "phase", "name": "draw"}, {"op": "draw_phase"}]
        if self.turn >= 2:
            steps += [{"op": "phase", "name": "faction"}, {"op": "faction", "i": 0}]
        steps += [{"op": "phase", "name": "main"}, {"op": "main"},
                  {"op": "phase", "name": "power"}, {"op": "charge"}, {"op": "power"}, {"op": "power_end"},
                  {"op": "phase", "name": "discard"}, {"op": "discard"}, {"op": "turn_end"}]
        for s in reversed(steps):
            self.push(s)

    def _op_phase(self, top, ev):
        self.phase = top["name"]
        ev.append(Event("phase.begin", f"{top['name'].capitalize()} phase", "seed 4",
                        {"phase": top["name"], "player": self.active}))

    def _op_draw_phase(self, top, ev):
        """Draw phase: 1 card plus Draw+X/-X of dominated characters, never below 0 (seed 4.1, digest A.5.14)."""
        p = self.active
        bonus = self.draw_bonus(p)
        n = max(0, 1 + bonus)
        ev.append(Event("draw.count", f"Player {p + 1} draws {n} (1 {bonus:+d} from Draw skills)", "seed 4.1, digest A.5.14",
                        {"player": p, "n": n, "bonus": bonus}))
        for _ in range(n):
            if not self.draw_card(p, ev):
                return

    def _op_faction(self, top, ev):
        """Faction phase: check each faction's active character once, in the order
        E.G.O., Arayashiki, WIZ-DOM, Darklore, Eraser; an aggressive (▼) one attacks
        its own owner (seed 4.2)."""
        i = top["i"]
        p = self.active
        if i >= len(FACTIONS):
            self.fi = len(FACTIONS)
            return
        self.push({"op": "faction", "i": i + 1})
        self.fi = i
        f = FACTIONS[i]
        a = self.active_of(p, f)
        rule = "seed 4.2 faction phase"
        if a is None:
            ev.append(Event("faction.check", f"{FACTION_NAMES[f]}: no active character", rule,
                            {"faction": f, "player": p, "card": None}))
            return
        ev.append(Event("faction.check", f"{FACTION_NAMES[f]}: checking {self.name_of(a)}", rule,
                        {"faction": f, "player": p, "card": a}))
        if self.kw(a, "aggressive"):
            ev.append(Event("faction.aggressive", f"{self.name_of(a)} is aggressive (▼): before it attacks, fast cards and "
                            "effects may be used", "seed 4.3 ⑤⑥ (fast cards and effects in the faction phase)",
                            {"faction": f, "player": p, "card": a}))
            self.push({"op": "faction_attack", "i": i, "card": a})
            self.push({"op": "respond", "prio": p, "passes": 0, "ctx": "faction"})
        else:
            ev.append(Event("faction.pass", f"{self.name_of(a)} is not aggressive: {FACTION_NAMES[f]} passes", rule,
                            {"faction": f, "player": p, "card": a}))

    def _op_faction_attack(self, top, ev):
        """The ▼ attack of a faction's active character on its own owner (seed 4.2),
        after the window in which fast cards and effects could be used (seed 4.3 ⑤⑥).
        A character that is no longer that faction's active, or no longer
        aggressive, does not attack."""
        i, a = top["i"], top["card"]
        p = self.active
        f = FACTIONS[i]
        rule = "seed 4.2 faction phase"
        if self.active_of(p, f) != a or not self.kw(a, "aggressive"):
            now = self.active_of(p, f)
            why = "is no longer aggressive" if now == a else "is no longer the active character"
            ev.append(Event("faction.pass", f"{self.name_of(a)} {why}: {FACTION_NAMES[f]} does not attack", rule,
                            {"faction": f, "player": p, "card": a}))
            return
        atk = self.stat(a, "attack")
        ev.append(Event("faction.attack", f"{self.name_of(a)} is aggressive (▼) and attacks its owner for {atk}", rule,
                        {"faction": f, "player": p, "card": a, "attack": atk}))
        self.start_attack(a, p, "player", faction=True, ev=ev)

    # ---------------------------------------------------------- attacks
    def start_attack(self, attacker: int, defender_player: int, target, faction: bool, ev: list) -> None:
        """Attack procedure (digest A.7): declaration, guard window (against a
        player), response window (a battle resolves last, digest A.7.25), then the
        battle or the damage judgment."""
        ap = self.t.owner[attacker]
        self.attack = {"attacker": attacker, "ap": ap, "dp": defender_player, "target": target,
                       "guard": -1, "faction": 1 if faction else 0, "cancelled": 0}
        self.push({"op": "attack_end"})
        self.push({"op": "strike"})
        self.push({"op": "respond", "prio": 1 - defender_player, "passes": 0})
        if target == "player":
            self.push({"op": "guard"})
        else:
            self.attack["guard"] = target
            ev.append(Event("guard.auto", f"{self.name_of(target)} is attacked in the faction area and guards at no cost",
                            "digest A.7.23", {"card": target}))

    def _decide_guard(self, top, ev):
        a = self.attack
        if a is None or a["cancelled"] or not self.on_field(a["attacker"]):
            self.stack.pop()
            return None
        dp = a["dp"]
        ch = [Choice("take", {}, dp, f"Take the attack ({self.stat(a['attacker'], 'attack')} damage)", role="pass")]
        for g in self.dominated(dp):
            if g == a["attacker"]:
                continue
            gc = self.guard_cost(g)
            if self.power(g) >= gc:
                cost = ("Intercept, no cost" if self.kw(g, "intercept") else "no cost") if gc == 0 else \
                    f"pay {gc} power card{'s' if gc > 1 else ''}"
                ch.append(Choice("guard", {"card": g, "target": a["attacker"]}, dp, f"Guard with {self.name_of(g)} ({cost})"))
        ch.extend(self.fast_choices(dp, in_attack=True))
        return Decision([dp], "guard", f"{self.name_of(a['attacker'])} attacks you: take it, guard, or respond", ch)

    def _choose_guard(self, top, choice, ev):
        """Guard declaration: a dominated character pays its guard cost (its printed
        guard cost in its own power cards, usually 1; Intercept pays none) and
        battles the attacker (seed 4.2, digest A.7.23)."""
        a = self.attack
        if choice.kind in ("fast", "activate"):
            self.play_fast(choice, ev, window=True)
            return
        self.stack.pop()
        if choice.kind == "take":
            ev.append(Event("guard.none", f"Player {a['dp'] + 1} takes the attack", "digest A.7.24", {"player": a["dp"]}))
            return
        g = choice.args["card"]
        gc = self.guard_cost(g)
        paid = self.power_ids(g)[-gc:] if gc > 0 else []
        for pw in reversed(paid):
            ev.append(self.t.move(pw, f"p{self.t.owner[g]}.discard", face=1,
                                  caption=f"Guard cost: a power card of {self.name_of(g)}", rule="seed 4.2, digest A.7.23 guard cost"))
        a["guard"] = g
        ev.append(Event("guard.declare", f"{self.name_of(g)} guards", "digest A.7.23", {"card": g, "attacker": a["attacker"]}))

    def _decide_respond(self, top, ev):
        """Response window: players alternate; two passes in a row close it (digest A.7.25).
        ``ctx`` None: an attack's window; "card": a declared project or fast card waits
        in limbo; "faction": the faction phase, before an aggressive (▼) character
        attacks its owner (seed 4.3 ⑤ fast cards "세력 페이즈에도 사용 가능", ⑥ effects
        "세력 페이즈와 메인 페이즈라면 아무때나"); the owner has the first say."""
        a = self.attack
        if top.get("ctx") is None and (a is None or a["cancelled"]):
            self.stack.pop()
            return None
        if top["passes"] >= 2:
            self.stack.pop()
            return None
        p = top["prio"]
        ch = self.fast_choices(p, in_attack=top.get("ctx") is None)
        if not ch:
            top["passes"] += 1
            top["prio"] = 1 - p
            return None
        ch.insert(0, Choice("pass", {}, p, "Pass", role="pass"))
        return Decision([p], "respond", "Respond with a fast card or an effect, or pass", ch)

    def _choose_respond(self, top, choice, ev):
        p = top["prio"]
        if choice.kind == "pass":
            top["passes"] += 1
            top["prio"] = 1 - p
            ev.append(Event("response.pass", f"Player {p + 1} passes", "digest A.7.25", {"player": p}))
            return
        top["passes"] = 0
        top["prio"] = 1 - p
        self.play_fast(choice, ev, window=True)

    def _op_strike(self, top, ev):
        """After the windows: battle if guarded, otherwise damage judgment (digest A.7.24)."""
        a = self.attack
        if a is None or a["cancelled"]:
            return
        att = a["attacker"]
        if not self.on_field(att):
            ev.append(Event("attack.fizzle", "The attacker has left the field: the attack ends", "digest A.7", {}))
            return
        g = a["guard"]
        if g >= 0 and self.on_field(g):
            self.battle(att, g, ev)
            return
        if a["target"] != "player":
            ev.append(Event("attack.fizzle", "The attacked character has left the field: the attack ends", "digest A.7", {}))
            return
        n = self.stat(att, "attack")
        dp = a["dp"]
        ev.append(Event("damage.judgment", f"Player {dp + 1} makes a damage judgment of {n}", "digest A.9.30",
                        {"player": dp, "n": n, "attacker": att}))
        self.push({"op": "judge", "p": dp, "n": n})

    def battle(self, att: int, dfd: int, ev: list) -> None:
        """Battle (digest A.8): both deal damage equal to their attack at once;
        Initiative strikes first and a character discarded by it deals no damage
        back (A.8.27); a mental attack is compared with the target's mental and
        strips its power cards, a dominated target returning to its faction area
        (A.8.28, design default); damage at or above durability discards the
        character with all stacked on it (A.8.26)."""
        a = self.attack
        ev.append(Event("battle.begin", f"Battle: {self.name_of(att)} against {self.name_of(dfd)}", "digest A.8",
                        {"attacker": att, "defender": dfd}))
        ia, idf = self.kw(att, "initiative"), self.kw(dfd, "initiative")
        strikes = []
        if ia and not idf:
            order = [[(att, dfd)], [(dfd, att)]]
            ev.append(Event("battle.initiative", f"{self.name_of(att)} has Initiative and strikes first", "digest A.8.27", {"card": att}))
        elif idf and not ia:
            order = [[(dfd, att)], [(att, dfd)]]
            ev.append(Event("battle.initiative", f"{self.name_of(dfd)} has Initiative and strikes first", "digest A.8.27", {"card": dfd}))
        else:
            order = [[(att, dfd), (dfd, att)]]
        destroyed = []
        stripped = []
        excess = 0
        for wave in order:
            hits = []
            for src, dst in wave:
                if src in destroyed:
                    continue
                hits.append((src, dst, self.stat(src, "attack"), self.card(src)["mental_attack"]))
            for src, dst, dmg, mental in hits:
                if mental:
                    m = self.stat(dst, "mental")
                    ok = dmg >= m
                    ev.append(Event("battle.mental", f"{self.name_of(src)} makes a mental attack of {dmg} against mental {m}"
                                    + (": its power cards are discarded" if ok else ": no effect"), "digest A.8.28",
                                    {"source": src, "target": dst, "value": dmg, "mental": m, "strips": ok}))
                    if ok:
                        stripped.append(dst)
                else:
                    d = self.stat(dst, "durability")
                    ok = dmg >= d
                    ev.append(Event("battle.damage", f"{self.name_of(src)} deals {dmg} damage to {self.name_of(dst)} "
                                    f"(durability {d})", "digest A.8.26",
                                    {"source": src, "target": dst, "value": dmg, "durability": d, "destroys": ok}))
                    if ok and dst not in destroyed:
                        destroyed.append(dst)
                        if src == att and dst == dfd and a["target"] == "player" and self.kw(att, "breakthrough"):
                            excess = dmg - d
        for s in stripped:
            if s in destroyed or not self.on_field(s):
                continue
            self.strip_power(s, ev, "digest A.8.28 mental attack")
            if self.is_dominated(s):
                f = self.faction_of(s)
                ev.append(self.t.move(s, f"p{self.t.owner[s]}.faction.{f}", face=1,
                                      caption=f"{self.name_of(s)} loses its power and returns to the faction area",
                                      rule="digest A.14 design default (mental attack)"))
        if excess > 0:
            ev.append(Event("battle.breakthrough", f"Breakthrough: {excess} damage goes through to Player {a['dp'] + 1}",
                            "digest A.14 design default (Breakthrough)", {"player": a["dp"], "n": excess}))
            self.push({"op": "judge", "p": a["dp"], "n": excess})
        for d in reversed(destroyed):
            self.push({"op": "remove", "iid": d, "why": "battle"})

    def _op_attack_end(self, top, ev):
        self.attack = None
        ev.append(Event("attack.end", "The attack is over", "digest A.7", {}))

    def _op_judge(self, top, ev):
        """Damage judgment: turn cards from the deck one at a time; a character
        enters its faction's stack as the new active, anything else goes to the
        damage zone (seed 4.2, digest A.9.30). An empty deck stops the judgment
        (digest A.14 design default)."""
        p, n = top["p"], top["n"]
        if n <= 0:
            return
        deck = self.t.zones[f"p{p}.deck"]
        if not deck:
            ev.append(Event("damage.deck_empty", f"Player {p + 1}'s deck is empty: the judgment stops", "digest A.14 design default",
                            {"player": p}))
            return
        self.push({"op": "judge", "p": p, "n": n - 1})
        iid = deck[0]
        c = self.card(iid)
        ev.append(Event("damage.reveal", f"Player {p + 1} turns over {c['name']}", "digest A.9.30",
                        {"player": p, "card": iid, "card_id": self.t.card[iid], "left": n - 1}))
        if c["type"] == "character" and not (c["name_level"] and self.name_on_field(c["name"])):
            f = c["faction"]
            ev.append(self.t.move(iid, f"p{p}.faction.{f}", face=1, caption=f"{c['name']} enters the {FACTION_NAMES[f]} stack",
                                  rule="seed 4.2"))
            if self.phase == "faction" and p == self.active and 0 <= self.fi < len(FACTIONS):
                if FIDX[f] <= self.fi:
                    note = f"{FACTION_NAMES[f]} was already checked this turn: it waits until next turn"
                else:
                    note = f"{FACTION_NAMES[f]} is still to be checked this turn"
            else:
                note = "it is the new active character"
            ev.append(Event("faction.newcomer", f"{c['name']} becomes the {FACTION_NAMES[f]} active character; {note}",
                            "seed 4.2", {"player": p, "card": iid, "faction": f}))
            if note.endswith("next turn"):
                ev.append(Event("faction.wait", f"{FACTION_NAMES[f]} has been checked this turn: {c['name']} waits for the "
                                "next faction phase", "seed 4.2 (each faction is checked once per turn)",
                                {"player": p, "card": iid, "faction": f}))
        else:
            ev.append(self.t.move(iid, f"p{p}.damage", face=1, caption=f"{c['name']} goes to the damage zone", rule="digest A.9.30"))
            ev.append(self.damage_counter_event(p))
            self.check_damage(p, ev)

    def _decide_remove(self, top, ev):
        """A character is discarded (battle or effect); Bind X may keep it by putting
        X of its power cards into the damage zone instead (digest A.11.35)."""
        iid = top["iid"]
        if not self.on_field(iid):
            self.stack.pop()
            return None
        b = self.kw(iid, "bind")
        if b and self.power(iid) >= b:
            o = self.t.owner[iid]
            return Decision([o], "bind", f"{self.name_of(iid)} would be removed: use Bind {b}?", [
                Choice("bind", {"card": iid}, o, f"Bind: {b} power card(s) to the damage zone, it stays"),
                Choice("no_bind", {"card": iid}, o, "Let it go", role="pass")])
        self.stack.pop()
        self._remove(top, ev)
        return None

    def _choose_remove(self, top, choice, ev):
        self.stack.pop()
        iid = top["iid"]
        if choice.kind == "bind":
            b = self.kw(iid, "bind")
            o = self.t.owner[iid]
            ev.append(Event("skill.bind", f"{self.name_of(iid)} uses Bind {b} and stays", "digest A.11.35", {"card": iid, "n": b}))
            for a in self.power_ids(iid)[-b:]:
                ev.append(self.t.move(a, f"p{o}.damage", face=1, caption="Bind: a power card goes to the damage zone",
                                      rule="digest A.11.35"))
            ev.append(self.damage_counter_event(o))
            self.check_damage(o, ev)
            return
        self._remove(top, ev)

    def _remove(self, top, ev):
        iid = top["iid"]
        o = self.t.owner[iid]
        why = top.get("why")
        if why == "bounce":
            self.remove_from_field(iid, f"p{o}.hand", ev, "digest A.10 (bounce)", f"{self.name_of(iid)} returns to the hand")
            return
        c = self.card(iid)
        if why == "battle" and c["name_level"]:
            dest, cap = f"p{o}.damage", f"{c['name']} (name-level) is defeated and goes to the damage zone"
            rule = "digest A.4.12 name-level defeat"
        else:
            dest, cap = f"p{o}.discard", f"{c['name']} is discarded with everything stacked on it"
            rule = "digest A.8.26" if why == "battle" else "digest A.10 (destroy)"
        ev.append(Event("battle.destroy" if why == "battle" else "effect.destroy", cap, rule, {"card": iid}))
        self.remove_from_field(iid, dest, ev, rule, cap)

    # ---------------------------------------------------------- main phase
    def _decide_main(self, top, ev):
        p = self.active
        return Decision([p], "main", "Main phase: place, break, play cards, attack, or end the phase", self.main_choices(p))

    def main_choices(self, p: int) -> list:
        """Everything the active player may do in the main phase (seed 4.3 ①-⑥, digest A.7.21)."""
        db, card = self.db, self.t.card
        ch = []
        hand = self.t.zones[f"p{p}.hand"]
        tp = self.total_power(p)
        for h in hand:
            c = db[card[h]]
            typ = c["type"]
            if typ == "character":
                if self.place_problem(p, h) is None:
                    ch.append(Choice("place", {"card": h, "to": f"p{p}.faction.{c['faction']}"}, p,
                                     f"Place {c['name']} in {FACTION_NAMES[c['faction']]}"))
                continue
            if self.factor(p, c["faction"]) < c["factor"] or tp < c["cost"]:
                continue
            if typ == "break":
                for t in self.break_targets(p, h):
                    ch.append(Choice("break", {"card": h, "target": t}, p, f"Break {self.name_of(t)} with {c['name']}"))
            elif typ == "permanent":
                for t in self.permanent_targets(p, h):
                    ch.append(Choice("permanent", {"card": h, "target": t}, p, f"Attach {c['name']} to {self.name_of(t)}"))
            elif typ == "project" or (typ == "fast" and c["timing"] == "any"):
                ch.extend(self._card_play_choices(p, h, c, typ))
        ch.extend(self.activate_choices(p))
        opp_dmg = f"p{1 - p}.damage"
        acts = self.actives(p)
        for d in self.dominated(p):
            if self.power(d) >= 1:
                ch.append(Choice("attack", {"card": d, "to": opp_dmg}, p, f"Attack Player {2 - p} with {self.name_of(d)}"))
                for t in acts:
                    ch.append(Choice("attack", {"card": d, "target": t}, p,
                                     f"Attack your own {self.name_of(t)} with {self.name_of(d)}"))
        ch.append(Choice("end_main", {}, p, "End the main phase", role="end"))
        return ch

    def _card_play_choices(self, p, h, c, kind):
        if c["target"] is None:
            return [Choice(kind, {"card": h}, p, f"Play {c['name']}")]
        return [Choice(kind, {"card": h, "target": t}, p, f"Play {c['name']} on {self.name_of(t)}")
                for t in self.targets(p, c["target"])]

    def targets(self, p: int, sel: dict) -> list[int]:
        """Characters a selector allows: faction-area actives and dominated characters."""
        out = []
        side = sel.get("side", "any")
        area = sel.get("area", "any")
        players = (p,) if side == "own" else (1 - p,) if side == "opp" else (p, 1 - p)
        for q in players:
            cands = []
            if area in ("faction", "any"):
                cands.extend(self.actives(q))
            if area in ("dominion", "any"):
                cands.extend(self.dominated(q))
            for t in cands:
                if "max_mental" in sel and self.stat(t, "mental") > sel["max_mental"]:
                    continue
                if "min_mental" in sel and self.stat(t, "mental") < sel["min_mental"]:
                    continue
                if "max_attack" in sel and self.stat(t, "attack") > sel["max_attack"]:
                    continue
                if sel.get("no_power") and self.power(t) > 0:
                    continue
                if "faction" in sel and self.faction_of(t) != sel["faction"]:
                    continue
                if "aggressive" in sel and bool(self.kw(t, "aggressive")) != sel["aggressive"]:
                    continue
                out.append(t)
        return out

    def place_problem(self, p: int, h: int):
        c = self.card(h)
        if c["type"] != "character":
            return "only character cards are placed in the faction area (seed 4.3 ①)."
        if c["name_level"] and self.name_on_field(c["name"]):
            return f"a card named {c['name']} is already on the field and it is name-level (digest A.1.4)."
        return None

    def break_targets(self, p: int, h: int) -> list[int]:
        return [t for t in self._break_candidates(p) if self.break_problem(p, h, t) is None]

    def _break_candidates(self, p):
        return list(self.dominated(p)) + self.actives(p) + self.actives(1 - p) + list(self.dominated(1 - p))

    def break_problem(self, p: int, h: int, t: int):
        """Break conditions (seed 4.3 ②): factor, cost in power cards, a matching
        classification icon, and a target that is your dominated character, your
        faction-area active, or an opponent's character with no power card."""
        c = self.card(h)
        if c["type"] != "break":
            return "only a break card can break a character (seed 4.3 ②)."
        f = c["faction"]
        if self.factor(p, f) < c["factor"]:
            return (f"{c['name']} needs {FACTION_NAMES[f]} factor {c['factor']}, you dominate "
                    f"{self.factor(p, f)} {FACTION_NAMES[f]} character(s) (seed 4.3 ② factor).")
        if self.total_power(p) < c["cost"]:
            return f"{c['name']} costs {c['cost']} power card(s) and your dominated characters hold {self.total_power(p)} (seed 4.3 ② cost)."
        if not self.on_field(t):
            return "the target must be a character on the field (seed 4.3 ②)."
        tc = self.card(t)
        icons = set(c["icons"]) | set(c["extra_icons"])
        if not icons & set(tc["icons"]):
            return (f"{c['name']} breaks only {'/'.join(sorted(icons))} characters and {tc['name']} is "
                    f"{'/'.join(tc['icons'])} (seed 4.3 ② classification icon).")
        if ".faction." in self.t.zone[t] and not self.is_active_char(t):
            return "in the faction area only the active (top) character can be broken (seed 4.3 ②ㄴ)."
        if c["name_level"] and self.name_on_field(c["name"]):
            return f"a card named {c['name']} is already on the field and it is name-level (digest A.1.4)."
        if self.t.owner[t] != p and self.power(t) > 0:
            return "an opponent's character can be broken only while it holds no power card (seed 4.3 ②ㄷ)."
        return None

    def permanent_targets(self, p: int, h: int) -> list[int]:
        return [t for t in self._break_candidates(p) if self.permanent_problem(p, h, t) is None]

    def permanent_problem(self, p: int, h: int, t: int):
        """Permanents: factor and cost, one per character unless Permanent+X says otherwise (seed 4.3 ③, digest A.10.32)."""
        c = self.card(h)
        if self.factor(p, c["faction"]) < c["factor"]:
            return f"{c['name']} needs {FACTION_NAMES[c['faction']]} factor {c['factor']} (seed 4.3 ③)."
        if self.total_power(p) < c["cost"]:
            return f"{c['name']} costs {c['cost']} power card(s) (seed 4.3 ③)."
        if not self.on_field(t) or (".faction." in self.t.zone[t] and not self.is_active_char(t)):
            return "a permanent goes on a dominated or active character (seed 4.3 ③)."
        side = c["attach_to"]
        if side == "own" and self.t.owner[t] != p:
            return f"{c['name']} goes only on your own characters (card text)."
        if side == "opp" and self.t.owner[t] == p:
            return f"{c['name']} goes only on an opponent's character (card text)."
        if len(self.permanents_on(t)) >= self.permanent_limit(t):
            return f"{self.name_of(t)} already holds {len(self.permanents_on(t))} permanent(s), its limit (seed 4.3 ③)."
        return None

    def activate_choices(self, p: int) -> list:
        """Activated effects ①: a dominated character's ability paid in power cards (seed 4.3 ⑥)."""
        out = []
        tp = None
        for d in self.dominated(p):
            abil = self.db[self.t.card[d]]["ability"]
            if not abil:
                continue
            if tp is None:
                tp = self.total_power(p)
            for n, a in enumerate(abil):
                if tp < a["cost"]:
                    continue
                if a["target"] is None:
                    out.append(Choice("activate", {"card": d, "ability": n}, p, f"Use {self.name_of(d)}: {a['text']}"))
                else:
                    for t in self.targets(p, a["target"]):
                        out.append(Choice("activate", {"card": d, "ability": n, "target": t}, p,
                                          f"Use {self.name_of(d)} on {self.name_of(t)}"))
        return out

    def fast_choices(self, p: int, in_attack: bool) -> list:
        """Fast cards and activated effects usable in a window (seed 4.3 ⑤⑥)."""
        out = []
        tp = self.total_power(p)
        for h in self.t.zones[f"p{p}.hand"]:
            c = self.db[self.t.card[h]]
            if c["type"] != "fast" or tp < c["cost"] or self.factor(p, c["faction"]) < c["factor"]:
                continue
            if c["timing"] == "attack" and not in_attack:
                continue
            out.extend(self._card_play_choices(p, h, c, "fast"))
        out.extend(self.activate_choices(p))
        return out

    def _choose_main(self, top, choice, ev):
        p = self.active
        k = choice.kind
        a = choice.args
        if k == "end_main":
            self.stack.pop()
            ev.append(Event("main.end", f"Player {p + 1} ends the main phase", "seed 4.3", {"player": p}))
            return
        if k == "place":
            self.place_character(p, a["card"], ev)
        elif k == "attack":
            self.declare_attack(p, a["card"], a.get("target"), ev)
        elif k in ("break", "permanent"):
            c = self.card(a["card"])
            ev.append(Event(f"{k}.declare", f"Player {p + 1} plays {c['name']} on {self.name_of(a['target'])}",
                            "seed 4.3 ②" if k == "break" else "seed 4.3 ③", {"card": a["card"], "target": a["target"]}))
            self.push({"op": "resolve", "p": p, "card": a["card"], "target": a["target"], "host": -1, "ab": -1})
            self.push({"op": "pay", "p": p, "n": c["cost"], "why": c["name"]})
        elif k in ("project", "fast", "activate"):
            self.play_fast(choice, ev, window=False)

    def place_character(self, p: int, h: int, ev: list) -> None:
        """Place a character card in its faction's stack as the new active (seed 4.3 ①)."""
        c = self.card(h)
        ev.append(self.t.move(h, f"p{p}.faction.{c['faction']}", face=1,
                              caption=f"Player {p + 1} places {c['name']} in {FACTION_NAMES[c['faction']]}", rule="seed 4.3 ①"))
        ev.append(Event("main.place", f"{c['name']} is the new {FACTION_NAMES[c['faction']]} active character", "seed 4.3 ①",
                        {"card": h, "faction": c["faction"], "player": p}))

    def declare_attack(self, p: int, d: int, target, ev: list) -> None:
        """Attack declaration: a dominated character pays 1 power card and attacks
        the opponent or one of your own faction-area actives (digest A.7.21)."""
        pw = self.power_ids(d)
        tgt_txt = f"Player {2 - p}" if target is None else f"your own {self.name_of(target)}"
        ev.append(Event("attack.declare", f"{self.name_of(d)} attacks {tgt_txt}", "digest A.7.21",
                        {"card": d, "target": target if target is not None else f"p{1 - p}"}))
        ev.append(self.t.move(pw[-1], f"p{p}.discard", face=1, caption="Attack cost: 1 power card", rule="digest A.7.21 attack cost"))
        if target is None:
            self.start_attack(d, 1 - p, "player", faction=False, ev=ev)
        else:
            self.start_attack(d, p, target, faction=False, ev=ev)

    def play_fast(self, choice: Choice, ev: list, window: bool) -> None:
        """Projects, fast cards and activated effects (seed 4.3 ④⑤⑥): pay the cost,
        then resolve. A project or a fast card played outside a window opens a
        response window first (digest A.7.25)."""
        p = choice.player
        a = choice.args
        tgt = a.get("target", -1)
        if choice.kind == "activate":
            host = a["card"]
            ab = self.card(host)["ability"][a["ability"]]
            ev.append(Event("effect.activate", f"{self.name_of(host)} uses its ability ({ab['cost']} power)", "seed 4.3 ⑥",
                            {"card": host, "ability": a["ability"], "target": tgt}))
            self.push({"op": "resolve", "p": p, "card": -1, "target": tgt, "host": host, "ab": a["ability"]})
            self.push({"op": "pay", "p": p, "n": ab["cost"], "why": "ability"})
            return
        h = a["card"]
        c = self.card(h)
        ev.append(self.t.move(h, f"p{p}.limbo", face=1, caption=f"Player {p + 1} plays {c['name']}", rule="digest A.7.25"))
        ev.append(Event(f"{c['type']}.declare", f"Player {p + 1} plays {c['name']}" +
                        (f" on {self.name_of(tgt)}" if tgt >= 0 else ""), "seed 4.3 ④" if c["type"] == "project" else "seed 4.3 ⑤",
                        {"card": h, "target": tgt}))
        self.push({"op": "resolve", "p": p, "card": h, "target": tgt, "host": -1, "ab": -1})
        if not window:
            self.push({"op": "respond", "prio": 1 - p, "passes": 0, "ctx": "card"})
        self.push({"op": "pay", "p": p, "n": c["cost"], "why": c["name"]})

    def _pay_sources(self, p):
        return [d for d in self.dominated(p) if self.power(d) > 0]

    def _decide_pay(self, top, ev):
        """Costs are paid in power cards from any of your dominated characters,
        split as you like (seed 4.3 ② cost)."""
        p, n = top["p"], top["n"]
        if n <= 0:
            self.stack.pop()
            return None
        src = self._pay_sources(p)
        total = sum(self.power(d) for d in src)
        if len(src) == 1 or total <= n:
            self.stack.pop()
            for d in src:
                for pw in reversed(self.power_ids(d)):
                    if n <= 0:
                        break
                    ev.append(self.t.move(pw, f"p{p}.discard", face=1, caption=f"Cost: a power card of {self.name_of(d)}",
                                          rule="seed 4.3 ② cost"))
                    n -= 1
            return None
        return Decision([p], "pay", f"Pay {n} more power card(s) for {top.get('why', 'the cost')}: from which character?",
                        [Choice("pay", {"card": d}, p, f"Pay from {self.name_of(d)} ({self.power(d)})") for d in src])

    def _choose_pay(self, top, choice, ev):
        d = choice.args["card"]
        p = top["p"]
        ev.append(self.t.move(self.power_ids(d)[-1], f"p{p}.discard", face=1, caption=f"Cost: a power card of {self.name_of(d)}",
                              rule="seed 4.3 ② cost"))
        top["n"] -= 1

    def _op_resolve(self, top, ev):
        p, h, tgt = top["p"], top["card"], top["target"]
        if top["host"] >= 0:
            host = top["host"]
            if not self.on_field(host):
                ev.append(Event("effect.fizzle", "The character left the field: its ability does nothing", "seed 4.3 ⑥", {}))
                return
            ab = self.card(host)["ability"][top["ab"]]
            ev.append(Event("effect.resolve", f"{self.name_of(host)}'s ability resolves", "seed 4.3 ⑥", {"card": host}))
            run_effects(self, p, ab["effect"], tgt if tgt >= 0 else None, host, ev)
            return
        c = self.card(h)
        typ = c["type"]
        if typ == "break":
            self.resolve_break(p, h, tgt, ev)
        elif typ == "permanent":
            if not self.on_field(tgt):
                ev.append(self.t.move(h, f"p{p}.discard", face=1, caption=f"{c['name']} has no character: discarded", rule="seed 4.3 ③"))
                return
            ev.append(self.t.move(h, f"att.{tgt}", face=1, caption=f"{c['name']} is attached to {self.name_of(tgt)}", rule="seed 4.3 ③"))
            ev.append(Event("permanent.attach", f"{c['name']} stays on {self.name_of(tgt)}", "seed 4.3 ③, digest A.10.32",
                            {"card": h, "target": tgt}))
        else:
            ev.append(Event(f"{typ}.resolve", f"{c['name']} resolves", "seed 4.3 ④⑤", {"card": h}))
            ev.append(self.t.move(h, f"p{p}.discard", face=1, caption=f"{c['name']} goes to the discard pile", rule="seed 4.3 ④⑤"))
            run_effects(self, p, c["effect"], tgt if tgt >= 0 else None, None, ev)

    def resolve_break(self, p: int, h: int, t: int, ev: list) -> None:
        """Break (seed 4.3 ②): on your own character the break card goes on top and
        its stats and skills replace the old ones (a faction-area active moves to the
        dominion area); an opponent's character is discarded and the break card
        enters your dominion area."""
        c = self.card(h)
        if not self.on_field(t):
            ev.append(self.t.move(h, f"p{p}.hand", caption=f"{c['name']} has no target and returns to the hand", rule="seed 4.3 ②"))
            return
        rule = "seed 4.3 ②"
        if self.t.owner[t] != p:
            ev.append(Event("break.discard_target", f"{self.name_of(t)} (no power card) is broken and discarded", "seed 4.3 ②ㄷ",
                            {"card": t, "by": h}))
            self.remove_from_field(t, f"p{self.t.owner[t]}.discard", ev, "seed 4.3 ②ㄷ", f"{self.name_of(t)} is discarded")
            ev.append(self.t.move(h, f"p{p}.dominion", face=1, caption=f"{c['name']} enters your dominion area", rule="seed 4.3 ②ㄷ"))
            ev.append(Event("break.enter", f"{c['name']} enters Player {p + 1}'s dominion area", "seed 4.3 ②ㄷ", {"card": h}))
            return
        zone = self.t.zone[t]
        idx = self.t.zones[zone].index(t)
        ev.append(self.t.move(h, zone, index=idx + 1, face=1, caption=f"{c['name']} is set on {self.name_of(t)}", rule=rule))
        for a in list(self.t.zones.get(f"att.{t}", [])):
            ev.append(self.t.move(a, f"att.{h}", caption=f"{self.name_of(a) if self.t.face[a] else 'A power card'} moves onto "
                                  f"{c['name']}", rule=rule))
        ev.append(self.t.move(t, f"att.{h}", index=0, face=1, caption=f"{self.name_of(t)} is now under {c['name']}", rule=rule))
        self.clear_mods(t)
        ev.append(Event("break.replace", f"{c['name']} replaces the stats and skills of the broken character", rule,
                        {"card": h, "under": t}))
        if ".faction." in zone:
            self.move_to_dominion(h, ev, "seed 4.3 ②ㄴ (a broken faction-area active is dominated)")

    # ---------------------------------------------------------- power card phase
    def _op_charge(self, top, ev):
        """Charge X: at the start of the power card phase, X cards from the deck top
        become power cards of that character, never beyond its mental (digest A.5.17)."""
        p = self.active
        for iid in list(self.dominated(p)) + self.actives(p):
            x = self.kw(iid, "charge")
            if x and self.on_field(iid):
                before = self.power(iid)
                self.charge_from_deck(p, iid, x, ev, "digest A.5.17 Charge")
                got = self.power(iid) - before
                if got:
                    ev.append(Event("power.charge", f"{self.name_of(iid)}: Charge {x} adds {got} power card(s)", "digest A.5.17",
                                    {"card": iid, "n": got}))

    def power_hosts(self, p: int) -> list[int]:
        return [i for i in list(self.dominated(p)) + self.actives(p) if self.power(i) < self.stat(i, "mental")]

    def _decide_power(self, top, ev):
        """Power card phase: hand cards go face down under your characters, never
        beyond mental (seed 4.4)."""
        p = self.active
        hand = self.t.zones[f"p{p}.hand"]
        hosts = self.power_hosts(p) if hand else []
        if not hosts:
            self.stack.pop()
            return None
        ch = [Choice("power", {"card": h, "target": t}, p, f"Power card under {self.name_of(t)}") for h in hand for t in hosts]
        ch.append(Choice("end_power", {}, p, "End the power card phase", role="end"))
        return Decision([p], "power", "Power card phase: drag hand cards under your characters", ch)

    def _choose_power(self, top, choice, ev):
        p = self.active
        if choice.kind == "end_power":
            self.stack.pop()
            return
        h, t = choice.args["card"], choice.args["target"]
        ev.append(self.t.move(h, f"att.{t}", face=0, caption=f"A power card goes under {self.name_of(t)}", rule="seed 4.4"))
        ev.append(Event("power.place", f"{self.name_of(t)} has {self.power(t)}/{self.stat(t, 'mental')} power cards", "seed 4.4",
                        {"card": t, "power": self.power(t)}))

    def _op_power_end(self, top, ev):
        """End of the power card phase: each faction's active whose power cards reach
        its mental moves to the dominion area with them; mental 0 moves with none;
        only the top active of each faction moves per turn (seed 4.4)."""
        p = self.active
        for f in FACTIONS:
            a = self.active_of(p, f)
            if a is None:
                continue
            m, pw = self.stat(a, "mental"), self.power(a)
            if pw >= m:
                ev.append(Event("power.check", f"{self.name_of(a)}: {pw} power card(s) reach mental {m}", "seed 4.4",
                                {"card": a, "faction": f, "power": pw, "mental": m}))
                self.move_to_dominion(a, ev, "seed 4.4 (domination)")
            else:
                ev.append(Event("power.stay", f"{self.name_of(a)}: {pw}/{m} power cards, stays in the faction area", "seed 4.4",
                                {"card": a, "faction": f, "power": pw, "mental": m}))

    # ---------------------------------------------------------- discard / end
    def _decide_discard(self, top, ev):
        """Discard phase: with 8 or more cards in hand, discard down to 7 (seed 4.5;
        Capacity+-X changes the 7, digest A.5.18)."""
        p = self.active
        hand = self.t.zones[f"p{p}.hand"]
        lim = self.hand_limit(p)
        if len(hand) <= lim:
            self.stack.pop()
            return None
        return Decision([p], "discard", f"Discard down to {lim} cards ({len(hand) - lim} more)",
                        [Choice("discard", {"card": h, "to": f"p{p}.discard"}, p, f"Discard {self.name_of(h)}") for h in hand])

    def _choose_discard(self, top, choice, ev):
        p = self.active
        h = choice.args["card"]
        ev.append(self.t.move(h, f"p{p}.discard", face=1, caption=f"Player {p + 1} discards {self.name_of(h)}", rule="seed 4.5"))
        ev.append(Event("discard.hand", f"Player {p + 1} discards down toward {self.hand_limit(p)}", "seed 4.5", {"card": h}))

    def _op_turn_end(self, top, ev):
        ev.append(Event("turn.end", f"End of turn {self.turn}", "seed 4", {"turn": self.turn}))
        self.mods = []
        self.fi = -1
        self.active = 1 - self.active
        self.turn += 1
        self.push({"op": "turn_begin"})

    # ---------------------------------------------------------- why not
    def why_not(self, kind: str, args: dict, player: int | None = None) -> str:
        """One sentence naming the rule that forbids a choice (shown on the table)."""
        d = self.decision
        if d is None:
            return "the game is over."
        if player is not None and player not in d.players:
            return f"it is Player {d.players[0] + 1}'s decision now ({d.kind})."
        p = d.players[0]
        card = args.get("card")
        tgt = args.get("target")
        phase_of = {"place": ("main", "characters are placed in your own main phase (seed 4.3 ①)"),
                    "break": ("main", "break cards are set in your own main phase (seed 4.3 ②)"),
                    "permanent": ("main", "permanents are played in your own main phase (seed 4.3 ③)"),
                    "project": ("main", "projects are played in your own main phase (seed 4.3 ④)"),
                    "attack": ("main", "attacks are declared in your own main phase (digest A.7.21)"),
                    "power": ("power", "power cards are placed in the power card phase (seed 4.4)"),
                    "discard": ("discard", "cards are discarded from hand in the discard phase, down to 7 (seed 4.5)"),
                    "guard": ("guard", "a guard is declared only when an attack on you is declared (digest A.7.23)")}
        if kind in phase_of and d.kind != phase_of[kind][0]:
            return f"{phase_of[kind][1]}; now it is the {d.kind} step."
        if not (isinstance(card, int) and 0 <= card < len(self.t.card)):
            return super().why_not(kind, args, player)
        c = self.card(card)
        if kind in ("break", "permanent", "place", "project", "fast", "power", "discard") and self.t.zone[card] != f"p{p}.hand":
            return "that card is not in your hand."
        if kind == "place":
            problem = self.place_problem(p, card)
            if problem:
                return problem
            to = args.get("to")
            if isinstance(to, str) and not to.startswith(f"p{p}."):
                return "you place characters in your own faction area (seed 4.3 ①)."
            if isinstance(to, str) and to != f"p{p}.faction.{c['faction']}":
                return (f"{c['name']} is {FACTION_NAMES[c['faction']]}: a character goes on the stack of its own "
                        "faction (seed 4.3 ①).")
        elif kind == "break" and isinstance(tgt, int):
            problem = self.break_problem(p, card, tgt)
            if problem:
                return problem
        elif kind == "permanent" and isinstance(tgt, int):
            problem = self.permanent_problem(p, card, tgt)
            if problem:
                return problem
        elif kind == "power":
            if isinstance(tgt, int) and 0 <= tgt < len(self.t.card) and self.on_field(tgt):
                if self.t.owner[tgt] != p:
                    return "power cards go under your own characters (seed 4.4)."
                if ".faction." in self.t.zone[tgt] and not self.is_active_char(tgt):
                    return "in the faction area power cards go under the active (top) character (seed 4.4)."
                if self.power(tgt) >= self.stat(tgt, "mental"):
                    return (f"{self.name_of(tgt)} already holds {self.power(tgt)} power card(s), its mental: no more fit "
                            "(seed 4.4, digest A.5.17).")
            return "power cards go under your own active or dominated characters (seed 4.4)."
        elif kind == "attack":
            if self.t.owner[card] != p:
                return "you attack with your own dominated characters (digest A.7.21)."
            if not self.is_dominated(card):
                return "only dominated characters attack; a faction-area character attacks only by ▼ in the faction phase (digest A.6.19)."
            if self.power(card) < 1:
                return f"an attack costs 1 power card of the attacking character and {self.name_of(card)} holds none (digest A.7.21)."
            return "an attack targets the opponent or one of your own faction-area actives (digest A.7.21)."
        elif kind == "guard":
            if self.t.owner[card] != p:
                return "you guard with your own dominated characters (digest A.7.23)."
            if not self.is_dominated(card):
                return "only dominated characters guard (digest A.7.23)."
            gc = self.guard_cost(card)
            if self.power(card) < gc:
                return (f"{self.name_of(card)}'s guard cost is {gc} power card(s) and it holds {self.power(card)} "
                        "(seed 4.2 guard cost).")
            return "the attacking character cannot guard against its own attack (digest A.7.23)."
        elif kind in ("project", "fast"):
            if c["type"] != kind:
                return f"{c['name']} is a {c['type']} card, not a {kind} card (seed 4.3)."
            if self.factor(p, c["faction"]) < c["factor"]:
                return (f"{c['name']} needs {FACTION_NAMES[c['faction']]} factor {c['factor']} and you dominate "
                        f"{self.factor(p, c['faction'])} {FACTION_NAMES[c['faction']]} character(s) (seed 4.3 ④⑤).")
            if self.total_power(p) < c["cost"]:
                return (f"{c['name']} costs {c['cost']} power card(s) and your dominated characters hold "
                        f"{self.total_power(p)} (seed 4.3 ④⑤).")
            if kind == "fast" and c["timing"] == "attack" and self.attack is None:
                return f"{c['name']} is played only while an attack is being resolved (card text)."
            if kind == "fast" and d.kind == "main" and p != self.active:
                return "fast cards are played in your own main phase or in a response window (seed 4.3 ⑤)."
            if c["target"] is not None and tgt is not None and tgt not in self.targets(p, c["target"]):
                return f"{c['name']} cannot aim at that character: {c['text'] or 'see the card text'} (card text)."
        elif kind == "activate":
            ab = c["ability"] if c["type"] in ("character", "break") else []
            n = args.get("ability", 0)
            if not ab or not isinstance(n, int) or not 0 <= n < len(ab):
                return f"{c['name']} has no ① effect to use (seed 4.3 ⑥)."
            if self.t.owner[card] != p or not self.is_dominated(card):
                return "effects are used by your own dominated characters (seed 4.3 ⑥)."
            if self.total_power(p) < ab[n]["cost"]:
                return (f"the effect costs {ab[n]['cost']} power card(s) and your dominated characters hold "
                        f"{self.total_power(p)} (seed 4.3 ⑥).")
        return super().why_not(kind, args, player)

    # ---------------------------------------------------------- view
    def view(self, player):
        zones = self.t.view_zones(player)
        for key in FIELD_ZONES:
            for cd in zones[key]:
                iid = cd["iid"]
                printed = self.db[self.t.card[iid]]
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
                "damage": len(self.t.zones[f"p{p}.damage"]), "deck": len(self.t.zones[f"p{p}.deck"]),
                "hand": len(self.t.zones[f"p{p}.hand"]), "dominated": len(self.t.zones[f"p{p}.dominion"]),
                "power": self.total_power(p)}})
        d = self.decision
        att = None
        if self.attack:
            a = self.attack
            att = {"attacker": a["attacker"], "player": a["ap"], "defender": a["dp"],
                   "target": a["target"], "guard": a["guard"] if a["guard"] >= 0 else None, "faction": bool(a["faction"])}
        return {
            "game": "aquarian_age", "turn": self.turn, "active": self.active, "phase": self.phase,
            "step": d.kind if d is not None and d.kind in ("guard", "respond", "pay", "bind") else "",
            "phases": list(PHASES), "winner": self.winner_, "over": self.winner_ is not None,
            "players": players, "zones": zones,
            "decision": d.to_view() if d is not None else None,
            "extra": {"first": self.first, "factions": list(FACTIONS),
                      "checking": FACTIONS[self.fi] if self.phase == "faction" and 0 <= self.fi < len(FACTIONS) else None,
                      "checking_name": FACTION_NAMES[FACTIONS[self.fi]]
                      if self.phase == "faction" and 0 <= self.fi < len(FACTIONS) else None,
                      "attack": att, "reason": self.reason,
                      "effects": [[m[0], m[1], m[2]] for m in self.mods]},
        }

