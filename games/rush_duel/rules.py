"""The Rush Duel rules engine (headless).

Rule references: "seed N" is a section of the user's Korean summary
(rush_duel.seed.ko.txt, it wins where sources differ); "digest N" is a rule of
rush_duel.digest.md §1. The README lists every choice made where both are silent.

How a turn runs: the state keeps a stack of pending steps as plain dicts
(``self.stack``; the top is the last item). Steps that need a player
(``main``, ``battle``, ``tribute``, ``trap``, ``pick``) produce the pending
Decision; every other step (``draw``, ``end``, ``dmg``, ``fx``) is resolved
automatically by :meth:`RushState._run`, which may push more steps. Nothing is
held in a Python frame between decisions, so a state clones and saves as data.
"""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, Event, State
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable, ZoneSpec

from .effects import F_ATTACKED, F_CHANGED, F_SETTURN, F_SUMMONED, F_TURN_BITS, F_USED, TARGETS, card_matches

START_LP = 8000
START_HAND = 4
HAND_TARGET = 5

PHASES = ("draw", "main", "battle", "end")


def zone_specs() -> list[ZoneSpec]:
    """Each player's zones (digest 1.A rule 2): deck, hand, 3 Monster Zones, 3 Spell &
    Trap Zones, 1 Field Zone, graveyard (public) and Extra Deck (face down)."""
    specs = []
    for p in (0, 1):
        specs += [
            ZoneSpec(f"p{p}.deck", p, "secret"),
            ZoneSpec(f"p{p}.hand", p, "owner"),
            ZoneSpec(f"p{p}.monster", p, "public", True, 3),
            ZoneSpec(f"p{p}.spell", p, "public", True, 3),
            ZoneSpec(f"p{p}.field", p, "public", True, 1),
            ZoneSpec(f"p{p}.grave", p, "public"),
            ZoneSpec(f"p{p}.extra", p, "owner"),
        ]
    return specs


SPECS = zone_specs()
Z = [{k: f"p{p}.{k}" for k in ("deck", "hand", "monster", "spell", "field", "grave", "extra")} for p in (0, 1)]


class RushState(State):
    """A Rush Duel in progress: plain data only (see the module docstring)."""

    def __init__(self, game, db: dict, extra_cards: list):
        self.game = game
        self.db = db
        self.extra_cards = extra_cards
        self.table = CardTable(SPECS)
        self.rng = PCG32(0)
        self._turn = 1
        self.active = 0
        self.first = 0
        self.phase = "draw"
        self.lp = [START_LP, START_LP]
        self._winner = None
        self.reason = ""
        self.stack: list[dict] = []
        self.flags: dict[int, int] = {}
        self.tmods: dict[int, tuple] = {}   # until end of turn: iid -> (atk, def, pierce)
        self.pmods: dict[int, tuple] = {}   # while on the field: iid -> (atk, def, pierce)
        self.equips: dict[int, tuple] = {}  # equip spell iid -> (monster iid, atk, def)
        self.maxi: dict[int, int] = {}      # Maximum piece iid -> centre iid
        self.names = ["Player 1", "Player 2"]
        self._dec = None

    # ------------------------------------------------------------------ contract basics
    @property
    def turn(self) -> int:
        return self._turn

    @property
    def winner(self):
        return self._winner

    def clone(self) -> "RushState":
        s = RushState.__new__(RushState)
        s.game = self.game
        s.db = self.db
        s.extra_cards = self.extra_cards
        s.table = self.table.clone()
        s.rng = self.rng.copy()
        s._turn = self._turn
        s.active = self.active
        s.first = self.first
        s.phase = self.phase
        s.lp = self.lp[:]
        s._winner = self._winner
        s.reason = self.reason
        s.stack = [dict(st) for st in self.stack]
        s.flags = dict(self.flags)
        s.tmods = dict(self.tmods)
        s.pmods = dict(self.pmods)
        s.equips = dict(self.equips)
        s.maxi = dict(self.maxi)
        s.names = self.names
        s._dec = None
        return s

    def to_data(self) -> dict:
        return {
            "table": self.table.to_data(), "rng": self.rng.to_data(), "turn": self._turn, "active": self.active,
            "first": self.first, "phase": self.phase, "lp": list(self.lp), "winner": self._winner,
            "reason": self.reason, "stack": [dict(st) for st in self.stack],
            "flags": sorted([k, v] for k, v in self.flags.items() if v),
            "tmods": sorted([k, list(v)] for k, v in self.tmods.items()),
            "pmods": sorted([k, list(v)] for k, v in self.pmods.items()),
            "equips": sorted([k, list(v)] for k, v in self.equips.items()),
            "maxi": sorted([k, v] for k, v in self.maxi.items()),
            "names": list(self.names), "extra_cards": self.extra_cards,
        }

    @classmethod
    def from_data(cls, game, db, data: dict) -> "RushState":
        s = cls(game, db, data.get("extra_cards") or [])
        s.table = CardTable.from_data(data["table"], SPECS)
        s.rng = PCG32.from_data(data["rng"])
        s._turn = data["turn"]
        s.active = data["active"]
        s.first = data["first"]
        s.phase = data["phase"]
        s.lp = list(data["lp"])
        s._winner = data["winner"]
        s.reason = data["reason"]
        s.stack = [dict(st) for st in data["stack"]]
        s.flags = {k: v for k, v in data["flags"]}
        s.tmods = {k: tuple(v) for k, v in data["tmods"]}
        s.pmods = {k: tuple(v) for k, v in data["pmods"]}
        s.equips = {k: tuple(v) for k, v in data["equips"]}
        s.maxi = {k: v for k, v in data["maxi"]}
        s.names = list(data["names"])
        return s

    def invariant_violations(self) -> list[str]:
        out = self.table.invariant_violations()
        for p in (0, 1):
            if self._winner is None and self.lp[p] <= 0:
                out.append(f"player {p + 1} has {self.lp[p]} LP but the game goes on")
            if self.lp[p] < 0:
                out.append(f"player {p + 1} has negative LP {self.lp[p]}")
        for piece, centre in self.maxi.items():
            if self.table.zone[piece] != self.table.zone[centre] or not self.table.zone[piece].endswith(".monster"):
                out.append(f"Maximum piece {piece} is apart from its centre {centre}")
        for sp, (mon, _a, _d) in self.equips.items():
            if not self.table.zone[sp].endswith(".spell") or not self.table.zone[mon].endswith(".monster"):
                out.append(f"equip spell {sp} is not attached to a monster on the field")
        return out

    def determinize(self, player: int, rng) -> "RushState":
        """Re-draw what ``player`` can't see, keeping each hidden card plausible: a
        face-down monster gets a monster's identity, a set card in the Spell & Trap
        Zone a spell's or trap's, a set field card a field spell's, the Extra Deck
        Fusion monsters (a plain CardTable.determinize would mix them)."""
        s = self.clone()
        t = s.table
        t.card = list(t.card)
        for owner in (0, 1):
            hidden = [i for i in range(len(t.card)) if t.owner[i] == owner and not t.sees(i, player)]
            extra = [i for i in hidden if t.zone[i] == Z[owner]["extra"]]
            rest = [i for i in hidden if t.zone[i] != Z[owner]["extra"]]
            for group in (extra, rest):
                ids = sorted(t.card[i] for i in group)  # the copy depends only on what `player` sees
                rng.shuffle(ids)
                fixed = {}
                for i in group:
                    z = t.zone[i]
                    if z.endswith(".monster"):
                        ok = lambda c: c["kind"] == "monster"
                    elif z.endswith(".spell"):
                        ok = lambda c: c["kind"] != "monster" and c["subtype"] != "field"
                    elif z.endswith(".field"):
                        ok = lambda c: c["subtype"] == "field"
                    else:
                        continue
                    k = next((n for n, cid in enumerate(ids) if ok(self.db[cid])), None)
                    fixed[i] = ids.pop(k) if k is not None else t.card[i]
                for i in group:
                    t.card[i] = fixed[i] if i in fixed else ids.pop()
        s.rng = PCG32(rng.next_u32(), stream=rng.next_u32())
        return s

    # ------------------------------------------------------------------ helpers
    def cd(self, iid: int) -> dict:
        return self.db[self.table.card[iid]]

    def name(self, iid: int) -> str:
        return self.db[self.table.card[iid]]["name"]

    def pname(self, p: int) -> str:
        return self.names[p]

    def units(self, p: int) -> list[int]:
        """The monsters ``p`` controls; a Maximum monster counts once, by its centre (digest 31)."""
        mx = self.maxi
        return [i for i in self.table.zones[Z[p]["monster"]] if i is not None and mx.get(i, i) == i]

    def free_slots(self, zone: str) -> int:
        return sum(1 for i in self.table.zones[zone] if i is None)

    def is_attack(self, iid: int) -> bool:
        return self.table.orient[iid] == 0

    def atk(self, iid: int) -> int:
        """Current ATK: printed (MAXIMUM ATK in Maximum Mode) + effects, auras, equips."""
        c = self.cd(iid)
        v = c["max_atk"] if self.maxi.get(iid) == iid else c["atk"]
        m = self.tmods.get(iid)
        if m:
            v += m[0]
        m = self.pmods.get(iid)
        if m:
            v += m[0]
        if self.equips:
            for mon, a, _d in self.equips.values():
                if mon == iid:
                    v += a
        v += self._aura(iid, 0)
        return v if v > 0 else 0

    def deff(self, iid: int) -> int:
        """Current DEF (a Maximum monster has none, digest 31)."""
        if iid in self.maxi:
            return 0
        v = self.cd(iid)["def"]
        m = self.tmods.get(iid)
        if m:
            v += m[1]
        m = self.pmods.get(iid)
        if m:
            v += m[1]
        if self.equips:
            for mon, _a, d in self.equips.values():
                if mon == iid:
                    v += d
        v += self._aura(iid, 1)
        return v if v > 0 else 0

    def _aura(self, iid: int, which: int) -> int:
        """[CONTINUOUS EFFECT] auras of face-up field spells and monsters (digest 22)."""
        t = self.table
        if not t.face[iid]:
            return 0
        owner = t.owner[iid]
        total = 0
        key = "atk" if which == 0 else "def"
        for p in (0, 1):
            zf = t.zones[Z[p]["field"]][0]
            srcs = [zf] if zf is not None else []
            srcs += [i for i in t.zones[Z[p]["monster"]] if i is not None]
            for s in srcs:
                if not t.face[s]:
                    continue
                c = self.db[t.card[s]]
                if not c["has_aura"]:
                    continue
                if c["subtype"] == "maximum" and s not in self.maxi:
                    continue  # a piece's effects apply only in Maximum Mode (digest 31)
                for a in c["continuous"]:
                    side = a.get("side", "own")
                    if side == "self" and s != iid and self.maxi.get(s, -1) != iid:
                        continue
                    if side == "own" and owner != p:
                        continue
                    if side == "opp" and owner == p:
                        continue
                    if not card_matches(self.cd(iid), a.get("filter", {})):
                        continue
                    total += a.get(key, 0)
        return total

    def pierces(self, iid: int) -> bool:
        if self.cd(iid)["pierce"]:
            return True
        m = self.tmods.get(iid)
        if m and m[2]:
            return True
        m = self.pmods.get(iid)
        return bool(m and m[2])

    def on_field_matches(self, iid: int, flt: dict) -> bool:
        """A filter on a monster on the field (face-down ones match only an empty filter)."""
        if not flt:
            return True
        if not self.table.face[iid]:
            return False
        pos = flt.get("position")
        if pos is not None and (pos == "attack") != self.is_attack(iid):
            return False
        c = self.cd(iid)
        if "max_atk" in flt and self.atk(iid) > flt["max_atk"]:
            return False
        if "min_atk" in flt and self.atk(iid) < flt["min_atk"]:
            return False
        rest = {k: v for k, v in flt.items() if k not in ("position", "max_atk", "min_atk")}
        return card_matches(c, rest)

    def _ev(self, kind: str, caption: str, rule: str, **data) -> Event:
        return Event(kind, caption, rule, data)

    def _lp_change(self, p: int, delta: int, events: list, rule: str, caption: str) -> None:
        """Change LP; a player whose LP reaches 0 loses at once (seed 2, digest 10)."""
        new = self.lp[p] + delta
        if new < 0:
            new = 0
        real = new - self.lp[p]
        self.lp[p] = new
        events.append(Event("counter.change", caption, rule,
                            {"player": p, "counter": "lp", "delta": real, "value": new}))
        if new <= 0 and self._winner is None:
            self._end(1 - p, f"{self.pname(p)}'s LP reached 0", "seed 2 / digest 1.C rule 10", events)

    def _end(self, winner, reason: str, rule: str, events: list) -> None:
        self._winner = winner
        self.reason = reason
        self.stack = []
        cap = (f"{self.pname(winner)} wins: {reason}" if isinstance(winner, int) else f"The duel is a draw: {reason}")
        events.append(Event("game.over", cap, rule, {"winner": winner, "reason": reason}))

    # ------------------------------------------------------------------ moving cards
    def _to_hand_zone(self, iid: int, kind: str) -> str:
        """Where a card returning to the hand or deck goes: Fusion monsters go to the
        Extra Deck instead (digest 29)."""
        p = self.table.owner[iid]
        if self.cd(iid)["subtype"] == "fusion" and self.cd(iid)["kind"] == "monster":
            return Z[p]["extra"]
        return Z[p][kind]

    def _clear_card(self, iid: int) -> None:
        self.flags.pop(iid, None)
        self.tmods.pop(iid, None)
        self.pmods.pop(iid, None)
        self.equips.pop(iid, None)
        self.table.orient[iid] = 0

    def leave_field(self, iid: int, dest: str, events: list, caption: str, rule: str) -> list[int]:
        """Move a card off the field to ``dest`` ("grave", "hand", "deck_bottom",
        "deck_top"). A Maximum monster's three pieces leave together, to the same
        place (digest 31); equip spells on a monster that leaves go to the
        graveyard. Returns the iids moved."""
        t = self.table
        group = [iid]
        c = self.maxi.get(iid)
        if c is not None:
            group = [i for i, cc in self.maxi.items() if cc == c]
            group.sort(key=lambda i: t.zones[t.zone[i]].index(i))
        moved = []
        for g in group:
            self.maxi.pop(g, None)
            for sp, (mon, _a, _d) in list(self.equips.items()):
                if mon == g:
                    self.equips.pop(sp, None)
                    self._clear_card(sp)
                    events.append(t.move(sp, Z[t.owner[sp]]["grave"], face=1, orient=0,
                                         caption=f"{self.name(sp)} goes to the graveyard with the monster it equipped",
                                         rule="digest 1.A rule 1 (equip spells)"))
        for g in group:
            self._clear_card(g)
            owner = t.owner[g]
            if dest == "grave":
                to, idx, face = Z[owner]["grave"], None, 1
            elif dest == "hand":
                to, idx, face = self._to_hand_zone(g, "hand"), None, 0
            elif dest == "deck_top":
                to, idx, face = self._to_hand_zone(g, "deck"), 0, 0
            else:
                to, idx, face = self._to_hand_zone(g, "deck"), None, 0
            # a face-down card that goes to a hidden zone keeps its identity secret
            shown = self.name(g) if (t.face[g] or dest == "grave") else "A face-down card"
            events.append(t.move(g, to, index=idx, face=face, orient=0, caption=caption.replace("{name}", shown), rule=rule))
            moved.append(g)
        return moved

    def send_hand_to_grave(self, iid: int, events: list, caption: str, rule: str) -> None:
        t = self.table
        events.append(t.move(iid, Z[t.owner[iid]]["grave"], face=1, orient=0, caption=caption, rule=rule))

    def draw(self, p: int, n: int, events: list, rule: str) -> bool:
        """Draw ``n`` cards; a player who must draw more than the deck holds loses
        at that moment and draws nothing (seed 3.1, digest 11). False if lost."""
        deck = self.table.zones[Z[p]["deck"]]
        if len(deck) < n:
            self._end(1 - p, f"{self.pname(p)} must draw {n} but the deck holds {len(deck)}",
                      "seed 3.1 / digest 1.C rule 11 (deck-out)", events)
            return False
        for _ in range(n):
            iid = deck[0]
            events.append(self.table.move(iid, Z[p]["hand"], face=0, caption=f"{self.pname(p)} draws a card", rule=rule))
        return True

    # ------------------------------------------------------------------ the decision
    @property
    def decision(self) -> Decision | None:
        if self._winner is not None or not self.stack:
            return None
        if self._dec is None:
            self._dec = self._make_decision()
        return self._dec

    def _make_decision(self) -> Decision:
        st = self.stack[-1]
        s = st["s"]
        if s == "main":
            return self._main_decision()
        if s == "battle":
            return self._battle_decision()
        if s == "tribute":
            return self._tribute_decision(st)
        if s == "trap":
            return self._trap_decision(st)
        if s == "pick":
            return self._pick_decision(st)
        raise RuntimeError(f"step {s} is not a decision")

    def _surrender(self, p: int) -> Choice:
        return Choice("surrender", {}, p, "Surrender", role="resign")

    # ------------------------------------------------------------------ checks used by choices
    def can_normal_summon(self, p: int, iid: int) -> int:
        """Tributes needed (0, 1, 2) when ``iid`` may be normal summoned or set now,
        else -1 (seed 3.2.1, 3.2.1.1)."""
        c = self.cd(iid)
        if c["kind"] != "monster" or c["subtype"] == "fusion":
            return -1
        lv = c["level"]
        need = 0 if lv <= 4 else (1 if lv <= 6 else 2)
        if need == 0:
            return 0 if self.free_slots(Z[p]["monster"]) > 0 else -1
        return need if len(self.units(p)) >= need else -1

    def can_change_position(self, iid: int) -> str:
        """'' when the monster may change its battle position now, else the reason (seed 3.2.2)."""
        f = self.flags.get(iid, 0)
        if iid in self.maxi:
            return "a Maximum monster is always in attack position and can't change it (digest 1.G rule 31)"
        if f & F_SUMMONED:
            return "a monster summoned or set this turn can't change its battle position (seed 3.2.2)"
        if f & F_CHANGED:
            return "a monster changes its battle position only once per turn (seed 3.2.2)"
        if f & F_ATTACKED:
            return "a monster that attacked this turn can't change its battle position (digest 1.D rule 18)"
        return ""

    def maximum_pieces_in_hand(self, p: int, centre: int) -> list[int] | None:
        """The left, centre and right pieces in the hand for a Maximum summon, or None (digest 1.G rule 31)."""
        c = self.cd(centre)
        if c["subtype"] != "maximum" or c["max_piece"] != "centre":
            return None
        hand = self.table.zones[Z[p]["hand"]]
        out = []
        for pid in c["max_pieces"]:
            if pid == c["id"]:
                out.append(centre)
                continue
            found = next((i for i in hand if self.table.card[i] == pid), None)
            if found is None:
                return None
            out.append(found)
        return out

    # -- requirement, cost and targets (digest 1.E rules 22-23)
    def cond_ok(self, p: int, src: int, conds: list) -> bool:
        """Is the [REQUIREMENT] of ``src`` met for ``p``, cost aside (digest 1.E rule 22)?"""
        t = self.table
        for c in conds:
            k = c["if"]
            n = c.get("n", 0)
            if k == "hand_at_least":
                h = len(t.zones[Z[p]["hand"]]) - (1 if t.zone[src] == Z[p]["hand"] else 0)
                if h < n:
                    return False
            elif k == "hand_at_most":
                h = len(t.zones[Z[p]["hand"]]) - (1 if t.zone[src] == Z[p]["hand"] else 0)
                if h > n:
                    return False
            elif k == "own_monsters_at_most":
                if len(self.units(p)) > n:
                    return False
            elif k == "opp_monsters_at_least":
                if len(self.units(1 - p)) < n:
                    return False
            elif k == "lp_at_most":
                if self.lp[p] > n:
                    return False
            elif k == "opp_lp_at_least":
                if self.lp[1 - p] < n:
                    return False
            elif k == "lp_behind":
                if self.lp[p] >= self.lp[1 - p]:
                    return False
            elif k == "grave_at_least":
                flt = c.get("filter", {})
                if sum(1 for i in t.zones[Z[p]["grave"]] if card_matches(self.cd(i), flt)) < n:
                    return False
            elif k == "deck_at_least":
                if len(t.zones[Z[p]["deck"]]) < n:
                    return False
            elif k == "summoned_this_turn":
                if not self.flags.get(src, 0) & F_SUMMONED:
                    return False
            elif k == "own_monster_exists":
                flt = c.get("filter", {})
                if not any(self.on_field_matches(i, flt) for i in self.units(p) if i != src):
                    return False
            elif k == "opp_spell_traps_at_least":
                if self._st_count(1 - p) < n:
                    return False
        return True

    def _st_count(self, p: int) -> int:
        return self.table.count(Z[p]["spell"]) + self.table.count(Z[p]["field"])

    def cost_ok(self, p: int, src: int, costs: list) -> bool:
        """Can the cost part of the [REQUIREMENT] be paid in full (digest 1.E rule 23)?"""
        t = self.table
        for c in costs:
            op = c["op"]
            if op == "mill":
                if len(t.zones[Z[p]["deck"]]) < c.get("n", 1):
                    return False
            elif op == "discard":
                flt = c.get("filter", {})
                k = sum(1 for i in t.zones[Z[p]["hand"]] if i != src and card_matches(self.cd(i), flt))
                if k < c.get("n", 1):
                    return False
            elif op == "pay_lp":
                if self.lp[p] <= c.get("n", 0):
                    return False
            elif op == "self_to_defense":
                if not (t.zone[src] == Z[p]["monster"] and t.face[src] and self.is_attack(src) and src not in self.maxi):
                    return False
        return True

    def targets(self, p: int, spec: str | None, flt: dict) -> list[int] | None:
        """Legal targets for an activation (None: the card takes no target)."""
        if spec is None:
            return None
        t = self.table
        if spec == "opp_monster":
            return [i for i in self.units(1 - p) if self.on_field_matches(i, flt)]
        if spec == "opp_faceup_monster":
            return [i for i in self.units(1 - p) if t.face[i] and self.on_field_matches(i, flt)]
        if spec == "opp_attack_monster":
            return [i for i in self.units(1 - p) if t.face[i] and self.is_attack(i) and self.on_field_matches(i, flt)]
        if spec == "own_monster":
            return [i for i in self.units(p) if self.on_field_matches(i, flt)]
        if spec == "own_faceup_monster":
            return [i for i in self.units(p) if t.face[i] and self.on_field_matches(i, flt)]
        if spec == "any_faceup_monster":
            return [i for q in (p, 1 - p) for i in self.units(q) if t.face[i] and self.on_field_matches(i, flt)]
        if spec == "opp_spell_trap":
            return [i for z in (Z[1 - p]["spell"], Z[1 - p]["field"]) for i in t.zones[z] if i is not None]
        return []

    def effect_variants(self, p: int, src: int, ctx: dict | None = None) -> list[tuple]:
        """The ways ``src``'s effect can be activated now: (mode or None, target or None).
        Empty when the [REQUIREMENT] or cost can't be met or no target exists."""
        c = self.cd(src)
        if not self.cond_ok(p, src, c["requirement"]) or not self.cost_ok(p, src, c["cost"]):
            return []
        out = []
        if c["modes"]:
            for m, mode in enumerate(c["modes"]):
                tg = self.targets(p, mode.get("target", c.get("target")), mode.get("target_filter", c["target_filter"]))
                if not self._mode_possible(p, src, mode["effect"], ctx):
                    continue
                if tg is None:
                    out.append((m, None))
                else:
                    out.extend((m, x) for x in tg if x != src)
            return out
        if not self._mode_possible(p, src, c["effect"], ctx):
            return []
        tg = self.targets(p, c.get("target"), c["target_filter"])
        if tg is None:
            return [(None, None)]
        return [(None, x) for x in tg if x != src]

    def _mode_possible(self, p: int, src: int, ops: list, ctx: dict | None) -> bool:
        """Effects that could do nothing are not offered (README: 'activating an
        effect that can't apply' - digest §4 item 9)."""
        t = self.table
        for op in ops:
            o = op["op"]
            if o == "fusion":
                return bool(self.fusion_candidates(p, src))
            if o == "search":
                return any(card_matches(self.cd(i), op.get("filter", {})) for i in t.zones[Z[p]["deck"]])
            if o == "revive":
                if self.free_slots(Z[p]["monster"]) == 0:
                    return False
                return any(self.cd(i)["kind"] == "monster" and self.cd(i)["subtype"] != "fusion"
                           and card_matches(self.cd(i), op.get("filter", {})) for i in t.zones[Z[p]["grave"]])
            if o == "salvage":
                return any(card_matches(self.cd(i), op.get("filter", {})) for i in t.zones[Z[p]["grave"]])
            if o == "draw" and op.get("who", "self") == "self":
                # drawing more than the deck holds is possible but loses; still offered
                pass
            if o in ("destroy", "bounce", "to_deck", "to_defense") and op.get("what", "target").startswith("all_"):
                if not self._what(p, src, op, {"attacker": None, "summoned": None, "target": None}):
                    return False
            if o == "negate_attack" and (ctx is None or ctx.get("attacker") is None):
                return False
        return True

    def fusion_candidates(self, p: int, src: int | None = None) -> list[int]:
        """Fusion monsters in the Extra Deck whose materials are in the hand or on
        the field (digest 1.G rule 29), one iid per distinct card."""
        t = self.table
        pool = [i for i in t.zones[Z[p]["hand"]] if i != src] + \
               [i for i in t.zones[Z[p]["monster"]] if i is not None and i not in self.maxi]
        have: dict[str, int] = {}
        for i in pool:
            have[t.card[i]] = have.get(t.card[i], 0) + 1
        field_free = self.free_slots(Z[p]["monster"])
        on_field = {t.card[i] for i in t.zones[Z[p]["monster"]] if i is not None and i not in self.maxi}
        out, seen = [], set()
        for i in t.zones[Z[p]["extra"]]:
            cid = t.card[i]
            if cid in seen:
                continue
            need: dict[str, int] = {}
            for m in self.db[cid]["materials"]:
                need[m] = need.get(m, 0) + 1
            if all(have.get(m, 0) >= k for m, k in need.items()):
                if field_free == 0 and not (on_field & set(need)):
                    continue
                seen.add(cid)
                out.append(i)
        return out

    # ------------------------------------------------------------------ main phase decision
    def _main_decision(self) -> Decision:
        """Main Phase actions (seed 3.2; digest 1.D rule 15), any number, any order."""
        p = self.active
        t = self.table
        ch: list[Choice] = []
        mz, sz, fz = Z[p]["monster"], Z[p]["spell"], Z[p]["field"]
        s_free = self.free_slots(sz) > 0
        for i in t.zones[Z[p]["hand"]]:
            c = self.cd(i)
            k = c["kind"]
            if k == "monster":
                need = self.can_normal_summon(p, i)
                if need >= 0:
                    tail = "" if need == 0 else f", {need} tribute{'s' if need > 1 else ''})"
                    ch.append(Choice("summon", {"card": i, "to": mz}, p,
                                     f"Summon {c['name']}" + (f" (advance summon{tail}" if need else "")))
                    ch.append(Choice("set", {"card": i, "to": mz}, p,
                                     f"Set {c['name']} face down" + (f" (advance set{tail}" if need else "")))
                if c["subtype"] == "maximum" and c["max_piece"] == "centre" and self.maximum_pieces_in_hand(p, i):
                    ch.append(Choice("maximum_summon", {"card": i, "to": mz}, p, f"Maximum summon {c['name']}"))
            elif k == "spell":
                sub = c["subtype"]
                if sub == "field":
                    self._spell_choices(p, i, ch, {"to": fz})
                    ch.append(Choice("set", {"card": i, "to": fz}, p, f"Set {c['name']} face down"))
                elif s_free:
                    self._spell_choices(p, i, ch, {})
                    ch.append(Choice("set", {"card": i, "to": sz}, p, f"Set {c['name']} face down"))
            elif k == "trap" and s_free:
                ch.append(Choice("set", {"card": i, "to": sz}, p, f"Set {c['name']} face down"))
        for z in (sz, fz):
            for i in t.zones[z]:
                if i is not None and not t.face[i] and self.cd(i)["kind"] == "spell":
                    self._spell_choices(p, i, ch, {})
        for i in self.units(p):
            c = self.cd(i)
            if not self.can_change_position(i):
                if not t.face[i]:
                    ch.append(Choice("flip_summon", {"card": i}, p, f"Flip summon {c['name']}"))
                else:
                    to = "defense" if self.is_attack(i) else "attack"
                    ch.append(Choice("change_position", {"card": i}, p, f"Change {c['name']} to {to} position"))
        for i in t.zones[mz]:
            if i is None or not t.face[i] or self.flags.get(i, 0) & F_USED:
                continue
            c = self.cd(i)
            if not (c["effect"] or c["modes"]):
                continue
            if c["subtype"] == "maximum" and i not in self.maxi:
                continue
            for mode, tg in self.effect_variants(p, i):
                args = {"card": i}
                lab = f"Use the effect of {c['name']}"
                if mode is not None:
                    args["mode"] = mode
                    lab += f": {c['modes'][mode]['label']}"
                if tg is not None:
                    args["target"] = tg
                    lab += f" on {self.name(tg) if t.face[tg] else 'a face-down card'}"
                ch.append(Choice("effect", args, p, lab))
        if not (self._turn == 1):
            ch.append(Choice("battle_phase", {}, p, "Go to the Battle Phase"))
        ch.append(Choice("end_turn", {}, p, "End the turn", role="end"))
        ch.append(self._surrender(p))
        return Decision([p], "main_action", f"{self.pname(p)}: Main Phase", ch)

    def _spell_choices(self, p: int, i: int, ch: list, extra: dict) -> None:
        """One ``activate`` choice per mode and target of a spell (seed 3.2.3, 3.2.4)."""
        c = self.cd(i)
        for mode, tg in self.effect_variants(p, i):
            args = {"card": i}
            args.update(extra)
            lab = f"Activate {c['name']}"
            if mode is not None:
                args["mode"] = mode
                lab += f": {c['modes'][mode]['label']}"
            if tg is not None:
                args["target"] = tg
                lab += f" on {self.name(tg) if self.table.face[tg] else 'a face-down card'}"
            ch.append(Choice("activate", args, p, lab))

    # ------------------------------------------------------------------ battle phase decision
    def _battle_decision(self) -> Decision:
        """Battle Phase (seed 3.3): each attack-position monster attacks once; a direct
        attack only when the opponent controls no monster (seed 3.3.1)."""
        p = self.active
        t = self.table
        ch: list[Choice] = []
        opp = self.units(1 - p)
        for i in self.units(p):
            if not t.face[i] or not self.is_attack(i) or self.flags.get(i, 0) & F_ATTACKED:
                continue
            nm = self.name(i)
            if opp:
                for d in opp:
                    ch.append(Choice("attack", {"card": i, "target": d}, p,
                                     f"{nm} attacks {self.name(d) if t.face[d] else 'the face-down monster'}"))
            else:
                ch.append(Choice("direct_attack", {"card": i}, p, f"{nm} attacks directly"))
        ch.append(Choice("end_turn", {}, p, "End the Battle Phase and the turn", role="end"))
        ch.append(self._surrender(p))
        return Decision([p], "battle_action", f"{self.pname(p)}: Battle Phase", ch)

    def _tribute_decision(self, st: dict) -> Decision:
        """Advance summon tributes, picked one at a time (seed 3.2.1.1)."""
        p = self.active
        ch = [Choice("tribute", {"card": i}, p, f"Tribute {self.name(i) if self.table.face[i] else 'a face-down monster'}")
              for i in self.units(p) if i not in st["chosen"]]
        ch.append(self._surrender(p))
        left = st["need"] - len(st["chosen"])
        return Decision([p], "choose_tributes",
                        f"Choose {left} more monster{'s' if left > 1 else ''} to tribute for {self.name(st['card'])}", ch)

    def _pick_decision(self, st: dict) -> Decision:
        """A card an effect asks for (search, revive, salvage, cost, Fusion monster or material)."""
        p = st["p"]
        t = self.table
        ch = []
        for i in st["opts"]:
            ch.append(Choice("pick", {"card": i}, p, f"{st['verb']} {self.name(i)}"))
        ch.append(self._surrender(p))
        return Decision([p], "choose_card", st["prompt"], ch)

    # -- trap windows (seed 3.2.5; digest 1.F rules 26-28)
    def trap_options(self, q: int, st: dict) -> list[tuple]:
        """(trap iid, target) pairs ``q`` may activate at this timing: a face-down
        trap set before this turn whose trigger matches, with its requirement met."""
        t = self.table
        out = []
        ev = st["ev"]
        subj = st.get("attacker") if ev == "attack" else (st.get("summoned") if ev == "summon" else st.get("src"))
        for i in t.zones[Z[q]["spell"]]:
            if i is None or t.face[i] or self.flags.get(i, 0) & F_SETTURN:
                continue
            c = self.cd(i)
            if c["kind"] != "trap":
                continue
            trig = c["trigger"]
            if trig["event"] != ev:
                continue
            by = trig.get("by", "opp")
            if by == "opp" and st["by"] == q or by == "self" and st["by"] != q:
                continue
            if subj is None:
                continue
            if ev != "effect" and not self._alive_subject(subj):
                continue
            flt = {k: v for k, v in trig.items() if k not in ("event", "by")}
            if flt:
                if ev == "effect":
                    if not card_matches(self.cd(subj), flt):
                        continue
                elif not self.on_field_matches(subj, flt):
                    continue
            for mode, tg in self.effect_variants(q, i, st):
                out.append((i, tg, mode))
        return out

    def _alive_subject(self, iid: int) -> bool:
        """Is the attacker or summoned monster a trap would answer still on the field?"""
        return self.table.zone[iid].endswith(".monster")

    def _trap_decision(self, st: dict) -> Decision:
        """Ask the next player at this trap timing: the non-turn player first, then
        the turn player (seed 3.2.5)."""
        order = (1 - self.active, self.active)
        q = order[st["i"]]
        ch = []
        for i, tg, mode in self.trap_options(q, st):
            args = {"card": i}
            lab = f"Activate {self.name(i)}"
            if mode is not None:
                args["mode"] = mode
                lab += f": {self.cd(i)['modes'][mode]['label']}"
            if tg is not None:
                args["target"] = tg
                lab += f" on {self.name(tg) if self.table.face[tg] else 'a face-down card'}"
            ch.append(Choice("activate_trap", args, q, lab))
        ch.append(Choice("pass", {}, q, "Don't activate a trap", role="pass"))
        ch.append(self._surrender(q))
        what = {"attack": "the attack declaration", "summon": "the summon", "effect": "the last card's effect"}[st["ev"]]
        return Decision([q], "trap_response", f"{self.pname(q)}: activate a trap in answer to {what}?", ch)

    # ------------------------------------------------------------------ applying a choice
    def _apply(self, choice: Choice) -> list[Event]:
        events: list[Event] = []
        self._dec = None
        k = choice.kind
        a = choice.args
        p = choice.player
        if k == "surrender":
            self._end(1 - p, f"{self.pname(p)} surrendered", "surrender (any decision)", events)
            return events
        handler = getattr(self, "_do_" + k)
        handler(p, a, events)
        self._run(events)
        self._dec = None
        return events

    # -- main phase actions
    def _do_summon(self, p: int, a: dict, events: list) -> None:
        """Normal summon face-up attack position (seed 3.2.1), advance summon when level 5+ (seed 3.2.1.1)."""
        self._begin_summon(p, a["card"], 1, events)

    def _do_set(self, p: int, a: dict, events: list) -> None:
        """Set a monster face-down in defense position (seed 3.2.1; an advance set for
        level 5+, seed 3.2.1.1), a spell or trap face down in a Spell & Trap Zone
        (seed 3.2.3, 3.2.5), or a field spell in the Field Zone, replacing the old
        one (seed 3.2.4)."""
        iid = a["card"]
        c = self.cd(iid)
        t = self.table
        if c["kind"] == "monster":
            self._begin_summon(p, iid, 0, events)
            return
        # a spell or trap set face down (seed 3.2.3-3.2.5)
        to = a["to"]
        if to.endswith(".field"):
            old = t.zones[to][0]
            if old is not None:
                self.leave_field(old, "grave", events, "{name} is sent to the graveyard for the new field spell",
                                 "seed 3.2.4")
        events.append(t.move(iid, to, face=0, caption=f"{self.pname(p)} sets a card face down",
                             rule="seed 3.2.3 / 3.2.5 (set a spell or trap)"))
        self.flags[iid] = self.flags.get(iid, 0) | F_SETTURN
        # the kind of a set card stays secret: one event kind for spells and traps
        where = "Field Zone" if to.endswith(".field") else "Spell & Trap Zone"
        events.append(self._ev("spell_trap.set", f"{self.pname(p)} sets a card in the {where} "
                               "(a trap set now can be activated from the next turn on)",
                               "seed 3.2.3 / 3.2.5 (set spells and traps)", card=iid, player=p))

    def _begin_summon(self, p: int, iid: int, face: int, events: list) -> None:
        """Summon or set now, or first pick the tributes of an advance summon (seed 3.2.1.1)."""
        need = self.can_normal_summon(p, iid)
        if need > 0:
            self.stack.append({"s": "tribute", "card": iid, "face": face, "need": need, "chosen": []})
            return
        self._place_summon(p, iid, face, [], events)

    def _do_tribute(self, p: int, a: dict, events: list) -> None:
        """One tribute picked; with enough of them the advance summon or set happens (seed 3.2.1.1)."""
        st = self.stack[-1]
        st["chosen"] = st["chosen"] + [a["card"]]
        if len(st["chosen"]) >= st["need"]:
            self.stack.pop()
            self._place_summon(p, st["card"], st["face"], st["chosen"], events)

    def _place_summon(self, p: int, iid: int, face: int, tributes: list, events: list) -> None:
        """Put a normal-summoned (attack, face up) or set (defense, face down) monster
        on the field; tributes go to the graveyard first (seed 3.2.1, 3.2.1.1)."""
        t = self.table
        c = self.cd(iid)
        for tr in tributes:
            events.append(self._ev("summon.tribute", f"{self.name(tr) if t.face[tr] else 'A face-down monster'} is tributed",
                                   "seed 3.2.1.1 (advance summon)", card=tr, player=p))
            self.leave_field(tr, "grave", events, "{name} is sent to the graveyard as a tribute", "seed 3.2.1.1")
        mz = Z[p]["monster"]
        if face:
            events.append(t.move(iid, mz, face=1, orient=0, caption=f"{self.pname(p)} summons {c['name']} in attack position",
                                 rule="seed 3.2.1 (normal summon)"))
            kind = "summon.advance" if tributes else "summon.normal"
            events.append(self._ev(kind, f"{c['name']} is {'advance ' if tributes else 'normal '}summoned",
                                   "seed 3.2.1.1" if tributes else "seed 3.2.1", card=iid, player=p))
        else:
            events.append(t.move(iid, mz, face=0, orient=1, caption=f"{self.pname(p)} sets a monster in defense position",
                                 rule="seed 3.2.1 (set)"))
            events.append(self._ev("summon.set", f"{self.pname(p)} sets a monster face down" +
                                   (" (advance set)" if tributes else ""), "seed 3.2.1", card=iid, player=p))
        self.flags[iid] = F_SUMMONED
        if face:
            self._open_window("summon", p, events, summoned=iid)

    def _do_maximum_summon(self, p: int, a: dict, events: list) -> None:
        """Maximum summon (digest 1.G rule 31): the three pieces from the hand become one
        attack-position monster with the MAXIMUM ATK; every other monster you control
        is sent to the graveyard first; the pieces fill the three Monster Zones."""
        t = self.table
        centre = a["card"]
        pieces = self.maximum_pieces_in_hand(p, centre)
        for u in self.units(p):
            self.leave_field(u, "grave", events, "{name} is sent to the graveyard to make room for the Maximum monster",
                             "digest 1.G rule 31")
        events.append(self._ev("summon.maximum_reveal", f"{self.pname(p)} reveals the three pieces of {self.name(centre)}",
                               "digest 1.G rule 31", cards=list(pieces)))
        for slot, i in enumerate(pieces):
            events.append(t.move(i, Z[p]["monster"], index=slot, face=1, orient=0,
                                 caption=f"{self.name(i)} takes its place ({('left', 'centre', 'right')[slot]})",
                                 rule="digest 1.G rule 31"))
            self.maxi[i] = centre
            self.flags[i] = F_SUMMONED
        events.append(self._ev("summon.maximum", f"{self.name(centre)} is Maximum summoned with {self.atk(centre)} ATK",
                               "digest 1.G rule 31 (Maximum summon)", card=centre, player=p, atk=self.atk(centre)))
        self._open_window("summon", p, events, summoned=centre)

    def _do_flip_summon(self, p: int, a: dict, events: list) -> None:
        """Flip summon: a face-down monster turns face-up attack position (seed 3.2.2)."""
        iid = a["card"]
        t = self.table
        events.append(t.set_face(iid, 1, caption=f"{self.name(iid)} is flipped face up", rule="seed 3.2.2"))
        events.append(t.set_orient(iid, 0, caption=f"{self.name(iid)} turns to attack position", rule="seed 3.2.2"))
        self.flags[iid] = self.flags.get(iid, 0) | F_CHANGED | F_SUMMONED
        events.append(self._ev("summon.flip", f"{self.name(iid)} is flip summoned", "seed 3.2.2 (flip summon)",
                               card=iid, player=p))
        self._open_window("summon", p, events, summoned=iid)

    def _do_change_position(self, p: int, a: dict, events: list) -> None:
        """Change a face-up monster's battle position, once per turn (seed 3.2.2)."""
        iid = a["card"]
        t = self.table
        new = 0 if t.orient[iid] else 1
        events.append(t.set_orient(iid, new, caption=f"{self.name(iid)} changes to {'defense' if new else 'attack'} position",
                                   rule="seed 3.2.2"))
        self.flags[iid] = self.flags.get(iid, 0) | F_CHANGED
        events.append(self._ev("position.change", f"{self.name(iid)} is now in {'defense' if new else 'attack'} position",
                               "seed 3.2.2 (once per turn)", card=iid, player=p))

    def _do_activate(self, p: int, a: dict, events: list) -> None:
        """Activate a spell from the hand or face down on the field (seed 3.2.3, 3.2.4)."""
        iid = a["card"]
        t = self.table
        c = self.cd(iid)
        if t.zone[iid] == Z[p]["hand"]:
            if c["subtype"] == "field":
                fz = Z[p]["field"]
                old = t.zones[fz][0]
                if old is not None:
                    self.leave_field(old, "grave", events, "{name} is sent to the graveyard for the new field spell",
                                     "seed 3.2.4")
                events.append(t.move(iid, fz, face=1, caption=f"{self.pname(p)} activates the field spell {c['name']}",
                                     rule="seed 3.2.4"))
            else:
                events.append(t.move(iid, Z[p]["spell"], face=1, caption=f"{self.pname(p)} activates {c['name']}",
                                     rule="seed 3.2.3"))
        else:
            events.append(t.set_face(iid, 1, caption=f"{self.pname(p)} flips {c['name']} face up to activate it",
                                     rule="seed 3.2.3"))
        events.append(self._ev("spell.activate", f"{self.pname(p)} activates {c['name']}", "seed 3.2.3" if c["subtype"] != "field" else "seed 3.2.4",
                               card=iid, player=p))
        self._start_effect(p, iid, a.get("mode"), a.get("target"), events)

    def _do_effect(self, p: int, a: dict, events: list) -> None:
        """Activate a face-up monster's effect, once per turn (digest 1.E rule 24)."""
        iid = a["card"]
        self.flags[iid] = self.flags.get(iid, 0) | F_USED
        events.append(self._ev("effect.activate", f"{self.pname(p)} activates the effect of {self.name(iid)}",
                               "digest 1.E rule 24 (once per turn)", card=iid, player=p))
        self._start_effect(p, iid, a.get("mode"), a.get("target"), events)

    def _do_activate_trap(self, p: int, a: dict, events: list) -> None:
        """Activate a set trap at a matching timing: one trap per timing, the non-turn
        player asked first (seed 3.2.5; digest 1.F rule 27)."""
        st = self.stack.pop()  # the window closes: only one trap per timing
        iid = a["card"]
        events.append(self.table.set_face(iid, 1, caption=f"{self.pname(p)} flips {self.name(iid)} face up",
                                          rule="seed 3.2.5"))
        events.append(self._ev("trap.activate", f"{self.pname(p)} activates the trap {self.name(iid)}",
                               "seed 3.2.5 (one trap per timing)", card=iid, player=p))
        ctx = {"attacker": st.get("attacker"), "summoned": st.get("summoned"), "atkstep": st.get("atkstep")}
        self._start_effect(p, iid, a.get("mode"), a.get("target"), events, ctx)

    def _do_pass(self, p: int, a: dict, events: list) -> None:
        """The asked player activates no trap; the turn player is asked next if it was the non-turn player (seed 3.2.5)."""
        st = self.stack[-1]
        st["i"] = st["i"] + 1
        events.append(self._ev("trap.pass", f"{self.pname(p)} activates no trap", "seed 3.2.5", player=p))

    def _do_pick(self, p: int, a: dict, events: list) -> None:
        """A card picked for the paused effect step; the effect resumes with it."""
        st = self.stack.pop()
        fxs = self.stack[st["fx"]]
        fxs["picked"] = (fxs.get("picked") or []) + [a["card"]]

    def _do_battle_phase(self, p: int, a: dict, events: list) -> None:
        """Enter the Battle Phase (seed 3.3); there is none on the first player's first turn."""
        self.stack.pop()
        self.phase = "battle"
        events.append(Event("phase.begin", f"{self.pname(p)}'s Battle Phase", "seed 3.3", {"phase": "battle", "player": p}))
        self.stack.append({"s": "battle"})

    def _do_end_turn(self, p: int, a: dict, events: list) -> None:
        """End the Main or Battle Phase and go to the End Phase (seed 3.4; no Main Phase 2, digest 1.D rule 12)."""
        self.stack.pop()
        self.stack.append({"s": "end"})

    def _do_attack(self, p: int, a: dict, events: list) -> None:
        """Declare an attack on a monster (seed 3.3)."""
        self._declare(p, a["card"], a["target"], events)

    def _do_direct_attack(self, p: int, a: dict, events: list) -> None:
        """Declare a direct attack (seed 3.3.1)."""
        self._declare(p, a["card"], -1, events)

    def _declare(self, p: int, att: int, dfd: int, events: list) -> None:
        """Attack declaration (seed 3.3): choose the attacker and its target; traps
        answering the declaration may be activated (seed 3.2.5)."""
        self.flags[att] = self.flags.get(att, 0) | F_ATTACKED
        if dfd >= 0:
            cap = f"{self.name(att)} attacks {self.name(dfd) if self.table.face[dfd] else 'a face-down monster'}"
        else:
            cap = f"{self.name(att)} attacks {self.pname(1 - p)} directly"
        events.append(self._ev("battle.attack_declare", cap, "seed 3.3 (attack declaration)" if dfd >= 0 else "seed 3.3.1 (direct attack)",
                               attacker=att, target=dfd, player=p))
        self.stack.append({"s": "dmg", "a": att, "d": dfd, "neg": 0})
        self._open_window("attack", p, events, attacker=att, atkstep=len(self.stack) - 1)

    def _open_window(self, ev: str, by: int, events: list, **ctx) -> None:
        """Open a trap timing (seed 3.2.5): an attack declaration, a summon or a card's effect."""
        st = {"s": "trap", "ev": ev, "by": by, "i": 0}
        st.update(ctx)
        self.stack.append(st)

    # -- effects as data
    def _start_effect(self, p: int, src: int, mode, target, events: list, ctx: dict | None = None) -> None:
        """Pay the cost, then resolve the effect at once (digest 1.E rule 23); a
        window opens for traps answering this card's effect (seed 3.2.5)."""
        c = self.cd(src)
        base = {"p": p, "src": src, "target": target, "i": 0, "picked": []}
        if ctx:
            base["attacker"] = ctx.get("attacker")
            base["summoned"] = ctx.get("summoned")
            base["atkstep"] = ctx.get("atkstep")
        self._open_window("effect", p, events, src=src)
        eff = dict(base, s="fx", path="effect" if mode is None else f"mode{mode}", fin=1)
        self.stack.append(eff)
        if c["cost"]:
            self.stack.append(dict(base, s="fx", path="cost", fin=0))

    def _ops(self, st: dict) -> list:
        """The steps of the cost, the [EFFECT] or the chosen [MULTI-CHOICE EFFECT] mode being resolved."""
        c = self.cd(st["src"])
        path = st["path"]
        if path == "cost":
            return c["cost"]
        if path == "effect":
            return c["effect"]
        return c["modes"][int(path[4:])]["effect"]

    def _run_fx(self, st: dict, events: list) -> bool:
        """Resolve effect steps in order; False when a step waits for a pick."""
        ops = self._ops(st)
        while st["i"] < len(ops):
            op = ops[st["i"]]
            done = getattr(self, "_op_" + op["op"])(st, op, events)
            if self._winner is not None:
                return True
            if not done:
                return False
            st["i"] = st["i"] + 1
            st["picked"] = []
        return True

    def _finish_fx(self, st: dict, events: list) -> None:
        """After a card's effect: a used normal spell or trap goes to the graveyard
        (seed 3.2.3, 3.2.5); equip and field spells stay."""
        if not st.get("fin"):
            return
        src = st["src"]
        t = self.table
        c = self.cd(src)
        z = t.zone[src]
        if c["kind"] in ("spell", "trap") and (z.endswith(".spell") or z.endswith(".field")):
            if c["subtype"] == "field" or (c["subtype"] == "equip" and src in self.equips):
                return
            self.leave_field(src, "grave", events, "{name} is sent to the graveyard after use",
                             "seed 3.2.3 / 3.2.5")

    # ------------------------------------------------------------------ the loop
    def _run(self, events: list) -> None:
        """Resolve automatic steps until a player must decide or the duel ends."""
        while self._winner is None and self.stack:
            st = self.stack[-1]
            s = st["s"]
            if s in ("main", "battle", "tribute", "pick"):
                return
            if s == "trap":
                order = (1 - self.active, self.active)
                while st["i"] < 2 and not self.trap_options(order[st["i"]], st):
                    st["i"] = st["i"] + 1
                if st["i"] < 2:
                    return
                self.stack.pop()
                continue
            if s == "fx":
                if self._run_fx(st, events):
                    if self._winner is not None:
                        return
                    for k in range(len(self.stack) - 1, -1, -1):
                        if self.stack[k] is st:
                            del self.stack[k]
                            break
                    self._finish_fx(st, events)
                continue
            self.stack.pop()
            if s == "dmg":
                self._damage_step(st, events)
            elif s == "end":
                self._end_phase(events)
            elif s == "draw":
                self._draw_phase(events)
            else:
                raise RuntimeError(f"unknown step {s}")

    # ------------------------------------------------------------------ phases
    def start_turn(self, events: list) -> None:
        """A new turn begins with its Draw Phase (seed 3)."""
        events.append(Event("turn.begin", f"Turn {self._turn}: {self.pname(self.active)}'s turn", "seed 3",
                            {"turn": self._turn, "player": self.active}))
        self.stack.append({"s": "draw"})

    def _draw_phase(self, events: list) -> None:
        """Draw Phase (seed 3.1; digest 1.D rule 13): draw until the hand holds 5, or
        1 card when it already holds 5 or more; the first player draws on turn 1 too.
        Not enough cards in the deck: that player loses (seed 3.1, digest 11)."""
        p = self.active
        self.phase = "draw"
        events.append(Event("phase.begin", f"{self.pname(p)}'s Draw Phase", "seed 3.1", {"phase": "draw", "player": p}))
        h = len(self.table.zones[Z[p]["hand"]])
        n = 1 if h >= HAND_TARGET else HAND_TARGET - h
        events.append(self._ev("draw.count", f"{self.pname(p)} holds {h} card{'s' if h != 1 else ''} and draws {n}" +
                               (" (5 or more in hand: draw 1)" if h >= HAND_TARGET else " to hold 5"),
                               "seed 3.1 (draw until 5; 1 at 5 or more)", player=p, hand=h, n=n))
        if not self.draw(p, n, events, "seed 3.1"):
            return
        self.phase = "main"
        events.append(Event("phase.begin", f"{self.pname(p)}'s Main Phase", "seed 3.2", {"phase": "main", "player": p}))
        self.stack.append({"s": "main"})

    def _end_phase(self, events: list) -> None:
        """End Phase (seed 3.4; digest 1.D rules 14, 21): 'until end of turn' effects
        expire, once-per-turn marks reset, no hand limit; the turn passes."""
        p = self.active
        self.phase = "end"
        events.append(Event("phase.begin", f"{self.pname(p)}'s End Phase", "seed 3.4", {"phase": "end", "player": p}))
        self.tmods = {}
        mask = ~F_TURN_BITS
        self.flags = {k: v & mask for k, v in self.flags.items() if v & mask}
        events.append(self._ev("end.cleanup", "Effects that last until the end of the turn expire; there is no hand limit",
                               "digest 1.D rules 14, 21", player=p))
        self._turn += 1
        self.active = 1 - p
        self.start_turn(events)

    # ------------------------------------------------------------------ battle
    def _damage_step(self, st: dict, events: list) -> None:
        """Damage calculation (seed 3.3.1-3.3.2; digest 1.D rule 20), each step its own event."""
        t = self.table
        a, d = st["a"], st["d"]
        p = t.owner[a]
        q = 1 - p
        if st["neg"] or t.zone[a] != Z[p]["monster"] or not t.face[a] or not self.is_attack(a):
            events.append(self._ev("battle.attack_stopped", f"The attack of {self.name(a)} is stopped",
                                   "digest 1.F rule 27 (a trap answered the attack)", attacker=a))
            return
        if d >= 0 and t.zone[d] != Z[q]["monster"]:
            events.append(self._ev("battle.attack_stopped", f"The attack target left the field: the attack of {self.name(a)} ends",
                                   "README rule choice (attack target gone)", attacker=a))
            return
        if d < 0 and self.units(q):
            events.append(self._ev("battle.attack_stopped", f"{self.pname(q)} now controls a monster: the direct attack ends",
                                   "seed 3.3.1 / README rule choice", attacker=a))
            return
        A = self.atk(a)
        if d < 0:
            events.append(self._ev("battle.damage_calc", f"Direct attack: {self.name(a)} deals its {A} ATK as damage",
                                   "seed 3.3.1 (direct attack)", attacker=a, target=-1, atk=A, case="direct"))
            self._battle_damage(q, A, events, "seed 3.3.1")
            return
        if not t.face[d]:
            events.append(t.set_face(d, 1, caption=f"The face-down defender is flipped face up: {self.name(d)}",
                                     rule="seed 3.3.2.2 (flip before damage)"))
            events.append(self._ev("battle.flip_defender", f"{self.name(d)} is turned face up to check its DEF (not a flip summon)",
                                   "seed 3.3.2.2", card=d))
        if self.is_attack(d):
            D = self.atk(d)
            if A > D:
                events.append(self._ev("battle.damage_calc", f"{A} ATK against {D} ATK: {self.name(d)} is destroyed and "
                                       f"{self.pname(q)} takes {A - D}", "seed 3.3.2.1 (higher ATK)",
                                       attacker=a, target=d, atk=A, other=D, case="atk_higher"))
                if self._battle_damage(q, A - D, events, "seed 3.3.2.1"):
                    self._battle_destroy([d], events, "seed 3.3.2.1")
            elif A == D:
                events.append(self._ev("battle.damage_calc", f"{A} ATK against {D} ATK: both monsters are destroyed, no damage",
                                       "seed 3.3.2.1 (equal ATK)", attacker=a, target=d, atk=A, other=D, case="atk_equal"))
                self._battle_destroy([a, d], events, "seed 3.3.2.1")
            else:
                events.append(self._ev("battle.damage_calc", f"{A} ATK against {D} ATK: {self.name(a)} is destroyed and "
                                       f"{self.pname(p)} takes {D - A}", "seed 3.3.2.1 (lower ATK)",
                                       attacker=a, target=d, atk=A, other=D, case="atk_lower"))
                if self._battle_damage(p, D - A, events, "seed 3.3.2.1"):
                    self._battle_destroy([a], events, "seed 3.3.2.1")
            return
        D = self.deff(d)
        if A > D:
            pierce = self.pierces(a)
            extra = f" and piercing deals {A - D}" if pierce else ", no damage (no piercing)"
            events.append(self._ev("battle.damage_calc", f"{A} ATK against {D} DEF: {self.name(d)} is destroyed{extra}",
                                   "seed 3.3.2.2 (higher than DEF" + (", piercing)" if pierce else ")"),
                                   attacker=a, target=d, atk=A, other=D, case="def_pierce" if pierce else "def_higher"))
            if pierce and not self._battle_damage(q, A - D, events, "seed 3.3.2.2 (piercing)"):
                return
            self._battle_destroy([d], events, "seed 3.3.2.2")
        elif A == D:
            events.append(self._ev("battle.damage_calc", f"{A} ATK against {D} DEF: nothing is destroyed, no damage",
                                   "seed 3.3.2.2 (equal to DEF)", attacker=a, target=d, atk=A, other=D, case="def_equal"))
        else:
            events.append(self._ev("battle.damage_calc", f"{A} ATK against {D} DEF: nothing is destroyed and "
                                   f"{self.pname(p)} takes {D - A}", "seed 3.3.2.2 (lower than DEF)",
                                   attacker=a, target=d, atk=A, other=D, case="def_lower"))
            self._battle_damage(p, D - A, events, "seed 3.3.2.2")

    def _battle_damage(self, p: int, n: int, events: list, rule: str) -> bool:
        """Battle damage to ``p``; LP checked at once (digest 10). False when the duel ended."""
        if n <= 0:
            return True
        events.append(self._ev("battle.damage", f"{self.pname(p)} takes {n} battle damage", rule, player=p, amount=n))
        self._lp_change(p, -n, events, rule, f"{self.pname(p)} loses {n} LP")
        return self._winner is None

    def _battle_destroy(self, iids: list, events: list, rule: str) -> None:
        """Monsters destroyed by battle go to the graveyard (seed 3.3.2)."""
        for i in iids:
            if not self.table.zone[i].endswith(".monster"):
                continue
            events.append(self._ev("battle.destroy", f"{self.name(i)} is destroyed by battle", rule, card=i))
            self.leave_field(i, "grave", events, "{name} goes to the graveyard", rule)

    # ------------------------------------------------------------------ effect primitives
    def _who(self, st: dict, op: dict) -> int:
        return st["p"] if op.get("who", "self") == "self" else 1 - st["p"]

    def _what(self, p: int, src: int, op: dict, st: dict) -> list[int]:
        """The cards an effect step acts on (``what`` in cards.toml)."""
        t = self.table
        w = op.get("what", "target")
        flt = op.get("filter", {})
        if w == "target":
            x = st.get("target")
            if x is None or not (t.zone[x].endswith(".monster") or t.zone[x].endswith(".spell") or t.zone[x].endswith(".field")):
                return []
            return [x]
        if w == "self":
            return [src] if t.zone[src].endswith(".monster") else []
        if w in ("attacker", "summoned"):
            x = st.get(w)
            return [x] if x is not None and t.zone[x].endswith(".monster") and self.on_field_matches(x, flt) else []
        if w == "all_opp_monsters":
            return [i for i in self.units(1 - p) if self.on_field_matches(i, flt)]
        if w == "all_own_monsters":
            return [i for i in self.units(p) if self.on_field_matches(i, flt)]
        if w == "all_own_others":
            return [i for i in self.units(p) if i != src and self.on_field_matches(i, flt)]
        if w == "all_monsters":
            return [i for q in (p, 1 - p) for i in self.units(q) if self.on_field_matches(i, flt)]
        if w == "all_opp_spell_traps":
            return [i for z in (Z[1 - p]["spell"], Z[1 - p]["field"]) for i in t.zones[z] if i is not None]
        return []

    def _op_draw(self, st, op, events) -> bool:
        """[EFFECT] draw n; too few cards in the deck loses (seed 2; README rule choice 2)."""
        q = self._who(st, op)
        n = op.get("n", 1)
        events.append(self._ev("effect.draw", f"{self.pname(q)} draws {n} by the effect of {self.name(st['src'])}",
                               "card effect (draw)", player=q, n=n))
        self.draw(q, n, events, "card effect (draw)")
        return True

    def _op_damage(self, st, op, events) -> bool:
        """[EFFECT] deal n damage; LP 0 loses (seed 2)."""
        q = self._who(st, op)
        n = op["n"]
        events.append(self._ev("effect.damage", f"{self.name(st['src'])} deals {n} damage to {self.pname(q)}",
                               "card effect (damage)", player=q, amount=n))
        self._lp_change(q, -n, events, "card effect (damage)", f"{self.pname(q)} loses {n} LP")
        return True

    def _op_damage_per(self, st, op, events) -> bool:
        """[EFFECT] deal n damage per counted thing (monsters, GY monsters, cards in the rival's hand)."""
        p = st["p"]
        per = op["per"]
        t = self.table
        k = {"opp_monsters": lambda: len(self.units(1 - p)), "own_monsters": lambda: len(self.units(p)),
             "own_grave_monsters": lambda: sum(1 for i in t.zones[Z[p]["grave"]] if self.cd(i)["kind"] == "monster"),
             "opp_hand": lambda: len(t.zones[Z[1 - p]["hand"]])}[per]()
        n = op["n"] * k
        if n <= 0:
            return True
        events.append(self._ev("effect.damage", f"{self.name(st['src'])} deals {n} damage to {self.pname(1 - p)}",
                               "card effect (damage)", player=1 - p, amount=n))
        self._lp_change(1 - p, -n, events, "card effect (damage)", f"{self.pname(1 - p)} loses {n} LP")
        return True

    def _op_gain(self, st, op, events) -> bool:
        """[EFFECT] gain n LP (no LP ceiling, digest 1.C rule 9)."""
        p = st["p"]
        n = op["n"]
        events.append(self._ev("effect.gain", f"{self.pname(p)} gains {n} LP", "card effect (gain LP)", player=p, amount=n))
        self._lp_change(p, n, events, "card effect (gain LP; no LP ceiling)", f"{self.pname(p)} gains {n} LP")
        return True

    def _move_op(self, st, op, events, dest: str, verb: str) -> bool:
        """Destroy, return to the hand or return to the deck the cards ``what`` names."""
        for i in self._what(st["p"], st["src"], op, st):
            if not self.table.zone[i].endswith((".monster", ".spell", ".field")):
                continue
            nm = self.name(i) if self.table.face[i] else "a face-down card"
            what = {"destroy": f"destroys {nm}", "bounce": f"returns {nm} to the hand",
                    "to_deck": f"returns {nm} to the bottom of the deck"}[verb]
            events.append(self._ev(f"effect.{verb}", f"{self.name(st['src'])} {what}", f"card effect ({verb.replace('_', ' ')})", card=i))
            self.leave_field(i, dest, events, "{name} " + {"grave": "goes to the graveyard", "hand": "returns to the hand",
                                                          "deck_bottom": "goes to the bottom of the deck"}[dest],
                             f"card effect ({verb})")
        return True

    def _op_destroy(self, st, op, events) -> bool:
        """[EFFECT] destroy: to the graveyard."""
        return self._move_op(st, op, events, "grave", "destroy")

    def _op_bounce(self, st, op, events) -> bool:
        """[EFFECT] return to the hand (a Fusion monster to the Extra Deck, digest 29)."""
        return self._move_op(st, op, events, "hand", "bounce")

    def _op_to_deck(self, st, op, events) -> bool:
        """[EFFECT] return to the bottom of the deck (a Fusion monster to the Extra Deck, digest 29)."""
        return self._move_op(st, op, events, "deck_bottom", "to_deck")

    def _op_boost(self, st, op, events) -> bool:
        """[EFFECT] face-up monsters gain or lose ATK/DEF until the end of the turn (digest 1.D rule 21)."""
        for i in self._what(st["p"], st["src"], op, st):
            if not self.table.face[i]:
                continue
            m = self.tmods.get(i, (0, 0, 0))
            self.tmods[i] = (m[0] + op.get("atk", 0), m[1] + op.get("def", 0), m[2])
            parts = []
            for key, label in (("atk", "ATK"), ("def", "DEF")):
                v = op.get(key, 0)
                if v:
                    parts.append(f"{'gains' if v > 0 else 'loses'} {abs(v)} {label}")
            events.append(self._ev("effect.boost", f"{self.name(i)} {' and '.join(parts)} until the end of the turn",
                                   "card effect (modify stats)", card=i, atk=op.get("atk", 0), **{"def": op.get("def", 0)}))
        return True

    def _op_pierce(self, st, op, events) -> bool:
        """[EFFECT] grant piercing until the end of the turn (seed 3.3.2.2)."""
        for i in self._what(st["p"], st["src"], op, st):
            m = self.tmods.get(i, (0, 0, 0))
            self.tmods[i] = (m[0], m[1], 1)
            events.append(self._ev("effect.pierce", f"{self.name(i)} gains piercing until the end of the turn",
                                   "card effect (grant piercing; seed 3.3.2.2)", card=i))
        return True

    def _op_to_defense(self, st, op, events) -> bool:
        """[EFFECT] change face-up attack-position monsters to defense position (not a Maximum monster, digest 31)."""
        t = self.table
        for i in self._what(st["p"], st["src"], op, st):
            if i in self.maxi or not t.face[i] or not self.is_attack(i):
                continue
            events.append(t.set_orient(i, 1, caption=f"{self.name(i)} changes to defense position", rule="card effect"))
            events.append(self._ev("effect.position", f"{self.name(st['src'])} changes {self.name(i)} to defense position",
                                   "card effect (change position)", card=i))
        return True

    def _op_mill(self, st, op, events) -> bool:
        """[EFFECT] or cost: send the top n cards of a deck to the graveyard (as many as there are)."""
        q = self._who(st, op)
        t = self.table
        n = min(op.get("n", 1), len(t.zones[Z[q]["deck"]]))
        for _ in range(n):
            i = t.zones[Z[q]["deck"]][0]
            events.append(t.move(i, Z[q]["grave"], face=1, caption=f"{self.name(i)} is sent from the top of the deck to the graveyard",
                                 rule="card effect / cost (mill)"))
        return True

    def _op_negate_attack(self, st, op, events) -> bool:
        """[EFFECT] stop the attack this trap answered: no damage calculation (digest 1.F rule 26)."""
        k = st.get("atkstep")
        if k is not None and k < len(self.stack) and self.stack[k]["s"] == "dmg":
            self.stack[k]["neg"] = 1
            events.append(self._ev("effect.negate_attack", f"{self.name(st['src'])} stops the attack",
                                   "card effect (negate attack)", attacker=st.get("attacker")))
        return True

    def _pick(self, st, p: int, opts: list, verb: str, prompt: str) -> None:
        """Pause the effect step ``st`` for a card pick (kept as a step, by index)."""
        k = next(n for n in range(len(self.stack) - 1, -1, -1) if self.stack[n] is st)
        self.stack.append({"s": "pick", "p": p, "opts": opts, "verb": verb, "prompt": prompt, "fx": k})

    def _distinct(self, iids: list) -> list:
        seen, out = set(), []
        for i in iids:
            c = self.table.card[i]
            if c not in seen:
                seen.add(c)
                out.append(i)
        return out

    def _pick_from(self, st, op, zone: str, verb: str, prompt: str):
        """Choose one card matching the op's filter in the player's ``zone``
        (distinct card ids; asks only when there is a real choice). True: it is
        in st["picked"]; False: waiting for the pick; None: nothing matches."""
        if st["picked"]:
            return True
        p = st["p"]
        opts = self._distinct([i for i in self.table.zones[Z[p][zone]] if card_matches(self.cd(i), op.get("filter", {}))])
        if not opts:
            return None
        if len(opts) > 1:
            self._pick(st, p, opts, verb, prompt)
            return False
        st["picked"] = [opts[0]]
        return True

    def _op_search(self, st, op, events) -> bool:
        """Add a card matching the filter from the deck to the hand, then shuffle."""
        p = st["p"]
        t = self.table
        picked = self._pick_from(st, op, "deck", "Add", "Choose a card to add from your deck to your hand")
        if picked is not True:
            return picked is None  # None: nothing matches, the step is done; False: waiting for the pick
        i = st["picked"][0]
        events.append(t.reveal([i], caption=f"{self.pname(p)} reveals {self.name(i)} from the deck", rule="card effect (search)"))
        events.append(t.move(i, Z[p]["hand"], face=0, caption=f"{self.name(i)} is added to the hand", rule="card effect (search)"))
        deck = t.zones[Z[p]["deck"]]
        self.rng.shuffle(deck)
        events.append(self._ev("deck.shuffle", f"{self.pname(p)} shuffles the deck", "card effect (search)", player=p))
        return True

    def _op_salvage(self, st, op, events) -> bool:
        """[EFFECT] add a matching card from your graveyard to your hand (revealed)."""
        p = st["p"]
        t = self.table
        picked = self._pick_from(st, op, "grave", "Return", "Choose a card to add from your graveyard to your hand")
        if picked is not True:
            return picked is None
        i = st["picked"][0]
        t.reveal([i], rule="card effect (salvage)")
        events.append(t.move(i, self._to_hand_zone(i, "hand"), face=0,
                             caption=f"{self.name(i)} returns from the graveyard to the hand", rule="card effect (salvage)"))
        return True

    def _op_revive(self, st, op, events) -> bool:
        """Special summon a monster from your graveyard in face-up attack position."""
        p = st["p"]
        t = self.table
        if self.free_slots(Z[p]["monster"]) == 0:
            return True
        if not st["picked"]:
            opts = self._distinct([i for i in t.zones[Z[p]["grave"]] if self.cd(i)["kind"] == "monster"
                                   and self.cd(i)["subtype"] != "fusion" and card_matches(self.cd(i), op.get("filter", {}))])
            if not opts:
                return True
            if len(opts) > 1:
                self._pick(st, p, opts, "Revive", "Choose a monster to special summon from your graveyard")
                return False
            st["picked"] = [opts[0]]
        i = st["picked"][0]
        events.append(t.move(i, Z[p]["monster"], face=1, orient=0, caption=f"{self.name(i)} is special summoned from the graveyard",
                             rule="card effect (special summon)"))
        self.flags[i] = F_SUMMONED
        events.append(self._ev("summon.special", f"{self.name(i)} is special summoned", "card effect (special summon)",
                               card=i, player=p))
        self._open_window("summon", p, events, summoned=i)
        return True

    def _op_equip(self, st, op, events) -> bool:
        """[EFFECT] equip this spell to the target; it leaves with that monster (digest 1.A rule 1)."""
        src, tg = st["src"], st.get("target")
        t = self.table
        if tg is None or not t.zone[tg].endswith(".monster") or not t.face[tg] or not t.zone[src].endswith(".spell"):
            return True
        self.equips[src] = (tg, op.get("atk", 0), op.get("def", 0))
        events.append(self._ev("effect.equip", f"{self.name(src)} is equipped to {self.name(tg)}", "equip spell",
                               card=src, target=tg, atk=op.get("atk", 0)))
        return True

    def _op_fusion(self, st, op, events) -> bool:
        """Fusion summon (digest 1.G rule 29): choose a Fusion monster, send its named
        materials from the hand or field to the graveyard, summon it from the Extra Deck."""
        p = st["p"]
        t = self.table
        picked = list(st["picked"])
        if "fz" not in st:
            if not picked:
                opts = self.fusion_candidates(p, st["src"])
                if not opts:
                    return True
                if len(opts) > 1:
                    self._pick(st, p, opts, "Fusion summon", "Choose the Fusion monster to summon")
                    return False
                picked = [opts[0]]
            st["fz"] = picked[0]
            st["mats"] = []
            st["picked"] = picked = []
        elif picked:
            st["mats"] = st["mats"] + picked
            st["picked"] = []
        fz = st["fz"]
        need = list(self.db[t.card[fz]]["materials"])
        for m in st["mats"]:
            need.remove(t.card[m])
        while need:
            cid = need[0]
            pool = [i for i in t.zones[Z[p]["hand"]] + t.zones[Z[p]["monster"]]
                    if i is not None and i != st["src"] and i not in self.maxi and t.card[i] == cid and i not in st["mats"]]
            if len(need) == 1 and self.free_slots(Z[p]["monster"]) == 0 and \
                    not any(t.zone[m].endswith(".monster") for m in st["mats"]):
                pool = [i for i in pool if t.zone[i].endswith(".monster")]  # leave room for the Fusion monster
            if not pool:
                return True
            if len(pool) > 1:
                self._pick(st, p, pool, "Use as material", f"Choose the {self.db[cid]['name']} to use as Fusion material")
                return False
            st["mats"] = st["mats"] + [pool[0]]
            need.pop(0)
        for m in st["mats"]:
            if t.zone[m].endswith(".monster"):
                self.leave_field(m, "grave", events, "{name} is sent to the graveyard as Fusion material", "digest 1.G rule 29")
            else:
                self.send_hand_to_grave(m, events, f"{self.name(m)} is sent from the hand to the graveyard as Fusion material",
                                        "digest 1.G rule 29")
        if self.free_slots(Z[p]["monster"]) == 0:
            events.append(self._ev("summon.fusion_failed", "No Monster Zone is free: the Fusion monster stays in the Extra Deck",
                                   "digest 1.A rule 2"))
            return True
        events.append(t.move(fz, Z[p]["monster"], face=1, orient=0, caption=f"{self.name(fz)} is fusion summoned from the Extra Deck",
                             rule="digest 1.G rule 29"))
        self.flags[fz] = F_SUMMONED
        events.append(self._ev("summon.fusion", f"{self.name(fz)} is fusion summoned", "digest 1.G rule 29 (fusion summon)",
                               card=fz, player=p))
        self._open_window("summon", p, events, summoned=fz)
        return True

    # -- costs
    def _op_discard(self, st, op, events) -> bool:
        """Cost: send n cards from your hand to the graveyard, picked by you (digest 1.E rule 23)."""
        p = st["p"]
        t = self.table
        n = op.get("n", 1)
        picked = st["picked"]
        if len(picked) < n:
            opts = [i for i in t.zones[Z[p]["hand"]] if i != st["src"] and i not in picked
                    and card_matches(self.cd(i), op.get("filter", {}))]
            if len(opts) + len(picked) > n:
                self._pick(st, p, opts, "Send", f"Choose a card to send from your hand to the graveyard (cost of {self.name(st['src'])})")
                return False
            picked = picked + opts
        for i in picked[:n]:
            self.send_hand_to_grave(i, events, f"{self.name(i)} is sent from the hand to the graveyard as a cost",
                                    "digest 1.E rule 23 (cost)")
        return True

    def _op_pay_lp(self, st, op, events) -> bool:
        """Cost: pay n LP (more than n must be left, README rule choice 11; digest 1.E rule 23)."""
        p = st["p"]
        events.append(self._ev("effect.cost", f"{self.pname(p)} pays {op['n']} LP", "digest 1.E rule 23 (cost)", player=p))
        self._lp_change(p, -op["n"], events, "digest 1.E rule 23 (cost)", f"{self.pname(p)} pays {op['n']} LP")
        return True

    def _op_self_to_defense(self, st, op, events) -> bool:
        """Cost: change this attack-position monster to defense position (digest 1.E rule 23)."""
        i = st["src"]
        events.append(self.table.set_orient(i, 1, caption=f"{self.name(i)} changes to defense position as a cost",
                                            rule="digest 1.E rule 23 (cost)"))
        return True

    # ------------------------------------------------------------------ why_not
    def why_not(self, kind: str, args: dict, player: int | None = None) -> str:
        """One sentence naming the rule that forbids ``kind`` with ``args`` now.

        The table sends the kind it guessed for the dragged card (or "move" when
        the card has no legal choice at all) with where it was dropped (``to``)
        or what it was dropped on (``target``), so the sentence is chosen from
        the card's place, the drop and the pending decision, not the kind alone.
        It never names a card ``player`` may not see."""
        d = self.decision
        if d is None:
            return f"the duel is over: {self.reason}." if self.reason else "the duel is over."
        if player is not None and player not in d.players:
            who = self.pname(d.players[0])
            if d.kind == "trap_response":
                return f"{who} is deciding whether to activate a trap at this timing; wait for the answer (seed 3.2.5)."
            if d.players[0] == self.active:
                return (f"it is {who}'s turn: you act in your own Main and Battle Phases, and activate traps "
                        "only when the game asks you (seed 3, 3.2.5).")
            return f"it is {who}'s decision now ({d.prompt})."
        p = player if player is not None else d.players[0]
        t = self.table
        iid = args.get("card")
        if isinstance(iid, int) and 0 <= iid < len(t.card):
            why = self._why_card(kind, args, d, p, iid)
        else:
            why = self._why_no_card(kind, d)
        return why or f"that is not one of the legal choices now ({d.prompt})."

    def _why_no_card(self, kind: str, d: Decision) -> str:
        """Buttons: Battle Phase, end the turn, pass."""
        if kind == "battle_phase":
            if self._turn == 1:
                return "the player going first has no Battle Phase on the first turn (seed 3.3)."
            if d.kind == "battle_action":
                return "this is already the Battle Phase (seed 3.3)."
        if kind in ("pass", "activate_trap") and d.kind != "trap_response":
            return "traps are activated only at the timing written on them, when the game asks (seed 3.2.5)."
        if d.kind in ("choose_tributes", "choose_card", "trap_response"):
            return f"first finish the pending decision ({d.prompt})."
        return ""

    @staticmethod
    def _where(key) -> str | None:
        """The short zone name of an absolute zone key ("p0.spell" -> "spell")."""
        return key.split(".", 1)[1] if isinstance(key, str) and "." in key else None

    def _why_card(self, kind: str, args: dict, d: Decision, p: int, iid: int) -> str:
        """why_not for a choice about one card: by its place and the pending decision."""
        t = self.table
        if t.owner[iid] != p:
            return "you can only play and move your own cards; that one is your opponent's."
        where = self._where(t.zone[iid])
        c = self.cd(iid)
        if d.kind == "choose_tributes":
            if where == "monster" or kind == "tribute":
                return "a tribute for an advance summon is a monster you control (seed 3.2.1.1)."
            return f"first finish the advance summon: {d.prompt} (seed 3.2.1.1)."
        if d.kind == "choose_card":
            return f"first finish the effect: {d.prompt}."
        if d.kind == "trap_response":
            if where == "spell" and c["kind"] == "trap" and not t.face[iid]:
                return self._why_trap(iid, d)
            return "at this timing only a set trap may be activated, or none (seed 3.2.5)."
        if where == "grave":
            return ("a card in the graveyard can't be played; you summon, set and activate cards from your hand "
                    "(seed 3.2), and only a card effect brings one back.")
        if where == "deck":
            return "cards leave the deck by drawing in the Draw Phase (seed 3.1) or by a card effect."
        if where == "extra":
            return "a Fusion monster in the Extra Deck is summoned only by a Fusion spell, with its materials (digest 1.G rule 29)."
        tg = args.get("target")
        if isinstance(tg, list):
            tg = tg[0] if tg else None
        if not (isinstance(tg, int) and 0 <= tg < len(t.card)):
            tg = None
        if where == "hand":
            return self._why_hand(kind, args.get("to"), tg, d, p, iid)
        if where == "monster":
            return self._why_monster(kind, args.get("to"), tg, d, p, iid)
        return self._why_spell_zone(kind, args.get("to"), tg, d, p, iid)

    def _why_phase(self, d: Decision) -> str:
        """Main Phase actions asked in the Battle Phase (seed 3.2; digest 1.D rule 12)."""
        if d.kind == "battle_action":
            return ("that is done in the Main Phase; after the Battle Phase comes the End Phase "
                    "(seed 3.2, digest 1.D rule 12).")
        return ""

    def _why_hand(self, kind: str, to, tg, d: Decision, p: int, iid: int) -> str:
        """A card dragged from the hand (seed 3.2.1-3.2.5)."""
        t = self.table
        c = self.cd(iid)
        dest = self._where(to)
        if isinstance(to, str) and to.startswith(f"p{1 - p}."):
            return "you play cards only to your own side of the field (seed 3.2)."
        if dest in ("grave", "deck", "extra", "hand"):
            return ("you can't send a card from your hand there yourself; cards in your hand are summoned, set or "
                    "activated (seed 3.2), and leave it otherwise only through a card effect.")
        if c["kind"] == "monster":
            if dest in ("spell", "field"):
                return "a monster is summoned or set in one of your Monster Zones (seed 3.2.1)."
            if kind in ("activate", "effect"):
                return "a monster's effect is used while it is face up on your field, not from the hand (digest 1.E rule 24)."
            why = self._why_phase(d)
            if why:
                return why
            if kind == "maximum_summon" or (c["subtype"] == "maximum" and kind not in ("summon", "set", "move")):
                return "a Maximum summon needs the left, centre and right pieces in your hand (digest 1.G rule 31)."
            if c["level"] >= 5:
                need = 1 if c["level"] <= 6 else 2
                have = len(self.units(p))
                if have < need:
                    return (f"a level {c['level']} monster needs {need} tribute{'s' if need > 1 else ''} from your "
                            f"field and you control {have} monster{'s' if have != 1 else ''} (seed 3.2.1.1).")
            elif self.free_slots(Z[p]["monster"]) == 0:
                if any(i in self.maxi for i in t.zones[Z[p]["monster"]]):
                    return ("a Maximum monster fills all three Monster Zones; no other monster can join it "
                            "(digest 1.G rule 31).")
                return "all three Monster Zones are full (digest 1.A rule 2)."
            return ""
        if c["kind"] == "trap":
            if dest == "monster":
                return "a trap is set face down in a Spell & Trap Zone, not a Monster Zone (seed 3.2.5)."
            if dest == "field":
                return "only a field spell goes in the Field Zone (seed 3.2.4)."
            if kind in ("activate", "activate_trap", "effect") or (dest is None and tg is not None):
                return ("a trap is first set face down, and can be activated from your opponent's next turn at the "
                        "timing written on it (seed 3.2.5).")
            why = self._why_phase(d)
            if why:
                return why
            if self.free_slots(Z[p]["spell"]) == 0:
                return "all three Spell & Trap Zones are full (digest 1.A rule 2)."
            return ""
        # a spell
        if c["subtype"] == "field":
            if dest in ("monster", "spell"):
                return "a field spell is activated or set only in your Field Zone (seed 3.2.4)."
        else:
            if dest == "monster":
                return "a spell is activated or set in a Spell & Trap Zone, not a Monster Zone (seed 3.2.3)."
            if dest == "field":
                return "only a field spell goes in the Field Zone (seed 3.2.4)."
        why = self._why_phase(d)
        if why:
            return why
        if c["subtype"] != "field" and self.free_slots(Z[p]["spell"]) == 0:
            return "all three Spell & Trap Zones are full (digest 1.A rule 2)."
        if kind == "set":
            return ""
        return self._why_effect(p, iid, tg)

    def _req_text(self, iid: int) -> str:
        """The [REQUIREMENT] part of the card text, quoted in why_not sentences."""
        text = self.cd(iid)["text"]
        a = text.find("[REQUIREMENT]")
        if a < 0:
            return ""
        b = text.find("[EFFECT]", a)
        part = text[a + len("[REQUIREMENT]"):b if b > 0 else len(text)].strip()
        return f' ("{part}")' if part else ""

    def _why_effect(self, p: int, iid: int, tg) -> str:
        """Why a spell or a monster effect can't be activated (digest 1.E rules 22-23)."""
        c = self.cd(iid)
        if not self.cond_ok(p, iid, c["requirement"]):
            return f"its [REQUIREMENT] is not met{self._req_text(iid)} (digest 1.E rule 22)."
        if not self.cost_ok(p, iid, c["cost"]):
            return f"its cost can't be paid in full{self._req_text(iid)} (digest 1.E rule 23)."
        variants = self.effect_variants(p, iid)
        if not variants:
            spec = c.get("target")
            if spec is None and c["modes"]:
                spec = c["modes"][0].get("target")
            if spec is not None and not self.targets(p, spec, c["target_filter"]):
                return f"it needs {TARGETS.get(spec, 'a target')} as its target and there is none (card text)."
            return ("its effect could do nothing now, so it can't be activated "
                    "(README rule choice 10, digest §4 item 9).")
        if tg is not None and all(v[1] != tg for v in variants):
            spec = c.get("target")
            what = TARGETS.get(spec, "") if spec else ""
            return "that card is not a legal target" + (f"; it must be {what}" if what else "") + " (card text)."
        return ""

    def _why_monster(self, kind: str, to, tg, d: Decision, p: int, iid: int) -> str:
        """A monster of one's own on the field: attacks, positions, effects."""
        t = self.table
        c = self.cd(iid)
        dest = self._where(to)
        if tg is not None:
            if t.owner[tg] == p:
                return "a monster attacks a monster your opponent controls, never your own (seed 3.3)."
            if not self._where(t.zone[tg]) == "monster":
                return "a monster attacks a monster, or your opponent directly; spells and traps are not attacked (seed 3.3)."
            return self._why_attack(d, p, iid, tg)
        if isinstance(to, str) and to.startswith(f"p{1 - p}."):
            return self._why_attack(d, p, iid, None)
        if kind in ("attack", "direct_attack"):
            return self._why_attack(d, p, iid, -1 if kind == "direct_attack" else None)
        if dest in ("grave", "hand", "deck", "extra"):
            return ("you can't send a monster off the field at will; it leaves when destroyed, tributed or moved by "
                    "an effect (seed 3.2.1.1, 3.3).")
        if dest == "monster":
            return "a monster on the field stays in its Monster Zone (seed 3.2.1)."
        if kind in ("change_position", "flip_summon"):
            why = self._why_phase(d)
            if why:
                return why
            if kind == "flip_summon" and t.face[iid]:
                return "only a face-down monster is flip summoned; a face-up one changes position instead (seed 3.2.2)."
            if kind == "change_position" and not t.face[iid]:
                why = self.can_change_position(iid)
                if why:
                    return why + "."
                return "a face-down monster turns face up by a flip summon, into attack position (seed 3.2.2)."
            why = self.can_change_position(iid)
            return why + "." if why else ""
        if kind == "effect":
            why = self._why_phase(d)
            if why:
                return why
            if not t.face[iid]:
                return "a face-down monster's effect can't be used; it must be face up (digest 1.E rule 24)."
            if c["subtype"] == "maximum" and iid not in self.maxi:
                return "a Maximum piece's effect works only in Maximum Mode (digest 1.G rule 31)."
            if not (c["effect"] or c["modes"]):
                return "this monster has no effect to activate."
            if self.flags.get(iid, 0) & F_USED:
                return "a monster's effect can be used once per turn (digest 1.E rule 24)."
            return self._why_effect(p, iid, None)
        if kind == "tribute":
            return "tributes are chosen when you advance summon a level 5 or higher monster (seed 3.2.1.1)."
        return ""

    def _why_attack(self, d: Decision, p: int, iid: int, tg) -> str:
        """Attacks (seed 3.3, 3.3.1)."""
        t = self.table
        if d.kind == "main_action":
            if self._turn == 1:
                return "the player going first has no Battle Phase on the first turn (seed 3.3)."
            return "attacks are declared in the Battle Phase; go to the Battle Phase first (seed 3.3)."
        if d.kind != "battle_action":
            return f"first finish the pending decision ({d.prompt})."
        if not t.face[iid]:
            return "a face-down monster can't attack; flip summon it in your Main Phase first (seed 3.2.2, 3.3)."
        if not self.is_attack(iid):
            return f"only attack-position monsters attack; {self.name(iid)} is in defense position (seed 3.3)."
        if self.flags.get(iid, 0) & F_ATTACKED:
            return "each monster attacks only once per Battle Phase (seed 3.3)."
        if (tg is None or tg == -1) and self.units(1 - p):
            return "a direct attack is possible only when your opponent controls no monster (seed 3.3.1)."
        return ""

    def _why_spell_zone(self, kind: str, to, tg, d: Decision, p: int, iid: int) -> str:
        """A card of one's own in the Spell & Trap Zone or the Field Zone."""
        t = self.table
        c = self.cd(iid)
        dest = self._where(to)
        if dest is not None and dest != self._where(t.zone[iid]):
            return ("a card in the Spell & Trap or Field Zone stays there until it is used, destroyed or replaced "
                    "(seed 3.2.3-3.2.5).")
        if t.face[iid]:
            if c["subtype"] == "field":
                return "a face-up field spell keeps applying its effect; it is not activated again (seed 3.2.4)."
            if c["subtype"] == "equip":
                return "an equip spell stays with the monster it equips; it is not activated again."
            return "that card is already face up and in use."
        if c["kind"] == "trap":
            if self.flags.get(iid, 0) & F_SETTURN:
                return ("a trap can't be activated in the turn it was set; it is usable from your opponent's next "
                        "turn (seed 3.2.5).")
            return "traps are activated only at the timing written on them, when the game asks (seed 3.2.5)."
        why = self._why_phase(d)
        if why:
            return why
        return self._why_effect(p, iid, tg)

    def _why_trap(self, iid: int, d: Decision) -> str:
        """Why a set trap can't answer this timing (seed 3.2.5)."""
        st = self.stack[-1]
        c = self.cd(iid)
        if self.flags.get(iid, 0) & F_SETTURN:
            return ("a trap can't be activated in the turn it was set; it is usable from your opponent's next "
                    "turn (seed 3.2.5).")
        trig = c["trigger"]
        if trig["event"] != st["ev"]:
            what = {"attack": "an attack declaration", "summon": "a summon", "effect": "a card's effect"}
            return (f"this trap answers {what[trig['event']]}, not {what[st['ev']]} (seed 3.2.5: a trap is used at "
                    "the timing written on it).")
        if not self.cond_ok(d.players[0], iid, c["requirement"]):
            return f"its [REQUIREMENT] is not met{self._req_text(iid)} (digest 1.E rule 22)."
        return f"its timing does not match what just happened{self._req_text(iid)} (seed 3.2.5)."

    # ------------------------------------------------------------------ view
    def view(self, player: int | None) -> dict:
        t = self.table
        zones = t.view_zones(player)
        for p in (0, 1):
            for cdict in zones[Z[p]["monster"]]:
                i = cdict["iid"]
                if i is not None and t.face[i]:
                    cdict["counters"] = {"atk": self.atk(i), "def": self.deff(i)}
                    if i in self.maxi:
                        cdict["counters"] = {"atk": self.atk(i)} if self.maxi[i] == i else {}
        d = self.decision
        extra = {"first": self.first}
        if self.phase == "battle" and self._winner is None:
            p = self.active
            extra["attacks_left"] = sum(1 for i in self.units(p) if t.face[i] and self.is_attack(i)
                                        and not self.flags.get(i, 0) & F_ATTACKED)
        if self.reason:
            extra["result"] = self.reason
        return {
            "game": "rush_duel", "turn": self._turn, "active": self.active, "phase": self.phase, "step": "",
            "phases": list(PHASES), "winner": self._winner, "over": self._winner is not None,
            "players": [{"name": self.names[p], "counters": {"lp": self.lp[p]}} for p in (0, 1)],
            "zones": zones,
            "decision": d.to_view() if d is not None else None,
            "extra": extra,
        }
