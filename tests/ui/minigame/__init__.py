"""A tiny throwaway game used only by the UI tests (never installed as a real
game): two players, a hand, a deck, three monster slots, a graveyard and life
points. Summon or set a monster, cast a spark, attack, end the turn. It uses
the real engine kit (CardTable, PCG32, Event, Choice) so the table sees the
same contract as from a real plugin."""

from __future__ import annotations

from pathlib import Path

from tabletop.engine.core import Choice, Decision, Event, Game, State
from tabletop.engine.rng import PCG32
from tabletop.engine.table import CardTable, ZoneSpec

CARDS = {
    "ember": {"name": "Ember Pup", "type": "monster", "level": 3, "atk": 1200, "def": 600,
              "text": "A small fire beast that bites first and asks later.", "kw": ["Quick"], "color": "#c0622b"},
    "stone": {"name": "Stone Warden", "type": "monster", "level": 4, "atk": 800, "def": 1800,
              "text": "Guards the gate. Loves to sit in defence position for a whole game.", "kw": [], "color": "#8a7a5a"},
    "gale": {"name": "Gale Hawk", "type": "monster", "level": 4, "atk": 1500, "def": 400,
             "text": "Swoops down from the clouds.", "kw": ["Flying", "Pierce"], "color": "#4a8fc0"},
    "tide": {"name": "Tide Serpent", "type": "monster", "level": 5, "atk": 1900, "def": 1000,
             "text": "Rises from the deep when the moon is full and the sea is calm.", "kw": [], "color": "#2b6fa0"},
    "spark": {"name": "Spark Bolt", "type": "spell", "level": None, "atk": None, "def": None,
              "text": "Deal 500 damage to your opponent. Then this card goes to the graveyard.", "kw": [], "color": "#3f9f7a"},
}
DECK = ["ember", "ember", "ember", "stone", "stone", "gale", "gale", "gale", "tide", "tide", "spark", "spark"]
PHASES = ("draw", "main", "battle", "end")
START_LP = 3000


def _specs():
    out = []
    for p in (0, 1):
        out += [ZoneSpec(f"p{p}.deck", p, "secret"), ZoneSpec(f"p{p}.hand", p, "owner"),
                ZoneSpec(f"p{p}.monster", p, "public", True, 3), ZoneSpec(f"p{p}.grave", p, "public")]
    return out


SPECS = _specs()


class MiniState(State):
    def __init__(self, game):
        self.game = game
        self.t = CardTable(SPECS)
        self.rng = PCG32(0)
        self.lp = [START_LP, START_LP]
        self.turn_no = 1
        self.active = 0
        self.phase = "main"
        self.attacked: list[int] = []
        self.summoned = 0
        self.win = None
        self.ready = [1, 1]  # a simultaneous keep-or-redraw decision opens the game

    # -- contract ----------------------------------------------------------------
    @property
    def winner(self):
        return self.win

    @property
    def turn(self):
        return self.turn_no

    @property
    def decision(self):
        if self.win is not None:
            return None
        p = self.active
        t = self.t
        ch = []
        if any(self.ready):
            who = [q for q in (0, 1) if self.ready[q]]
            for q in who:
                ch.append(Choice("keep", {}, q, "Keep this hand", role="confirm"))
                ch.append(Choice("redraw", {}, q, "Shuffle the hand away and draw again"))
            return Decision(who, "opening_hand", "Both players: keep your hand or draw a new one", ch)
        if self.phase == "main":
            if not self.summoned and t.count(f"p{p}.monster") < 3:
                for i in t.ids(f"p{p}.hand"):
                    if CARDS[t.card[i]]["type"] == "monster":
                        name = CARDS[t.card[i]]["name"]
                        ch.append(Choice("summon", {"card": i, "to": f"p{p}.monster"}, p, f"Summon {name} face up"))
                        ch.append(Choice("set", {"card": i, "to": f"p{p}.monster"}, p, f"Set {name} face down"))
            for i in t.ids(f"p{p}.hand"):
                if CARDS[t.card[i]]["type"] == "spell":
                    ch.append(Choice("cast", {"card": i}, p, f"Cast {CARDS[t.card[i]]['name']}"))
            ch.append(Choice("end_phase", {}, p, "Go to battle", role="end"))
            return Decision([p], "main_action", f"Player {p + 1}: play a card or go to battle", ch)
        # battle
        opp = 1 - p
        foes = t.ids(f"p{opp}.monster")
        for i in t.ids(f"p{p}.monster"):
            if i in self.attacked or not t.face[i] or self.turn_no == 1:
                continue
            name = CARDS[t.card[i]]["name"]
            if foes:
                for f in foes:
                    ch.append(Choice("attack", {"card": i, "target": f}, p, f"{name} attacks"))
            else:
                # a direct attack names the rival's monster zone: the attacker is dragged there
                ch.append(Choice("attack", {"card": i, "to": f"p{1 - p}.monster"}, p, f"{name} attacks directly"))
        ch.append(Choice("end_turn", {}, p, "End the turn", role="end"))
        return Decision([p], "battle_action", f"Player {p + 1}: attack or end the turn", ch)

    def why_not(self, kind, args, player=None):
        d = self.decision
        if d is None:
            return "the game is over."
        if player is not None and player not in d.players:
            return f"it is Player {d.players[0] + 1}'s decision now."
        if kind in ("summon", "set") and self.phase != "main":
            return "monsters are summoned only in the main phase (mini 2.1)."
        if kind in ("summon", "set") and self.summoned:
            return "only one monster may be summoned each turn (mini 2.2)."
        if kind in ("summon", "set") and args.get("to") != f"p{self.active}.monster":
            return "a monster goes to your own monster zone (mini 2.3)."
        return "that is not one of the legal choices now (mini 1.1)."

    def _draw(self, p, ev):
        if not self.t.zones[f"p{p}.deck"]:
            self.win = 1 - p
            ev.append(Event("game.over", f"Player {p + 1} can't draw and loses", "mini 1.4", {"winner": 1 - p, "reason": "deck out"}))
            return
        i = self.t.zones[f"p{p}.deck"][-1]
        ev.append(self.t.move(i, f"p{p}.hand", caption=f"Player {p + 1} draws a card", rule="mini 1.2"))

    def _damage(self, p, n, ev, why):
        self.lp[p] = max(0, self.lp[p] - n)
        ev.append(Event("counter.change", f"Player {p + 1} takes {n} damage ({why})", "mini 3.3",
                        {"player": p, "counter": "lp", "delta": -n, "value": self.lp[p]}))
        if self.lp[p] == 0 and self.win is None:
            self.win = 1 - p
            ev.append(Event("game.over", f"Player {p + 1} has no life points left", "mini 1.4", {"winner": 1 - p, "reason": "lp"}))

    def _apply(self, c):
        ev = []
        p = self.active
        t = self.t
        if c.kind in ("keep", "redraw"):
            q = c.player
            self.ready[q] = 0
            if c.kind == "redraw":
                for i in list(t.ids(f"p{q}.hand")):
                    ev.append(t.move(i, f"p{q}.deck", index=0, caption=f"Player {q + 1} returns a card", rule="mini 0.2"))
                self.rng.shuffle(t.zones[f"p{q}.deck"])
                for _ in range(4):
                    self._draw(q, ev)
            ev.append(Event("opening.ready", f"Player {q + 1} is ready", "mini 0.1", {"player": q}))
            return ev
        if c.kind in ("summon", "set"):
            up = c.kind == "summon"
            ev.append(t.move(c.args["card"], f"p{p}.monster", face=1 if up else 0,
                             caption=f"Player {p + 1} {'summons' if up else 'sets'} a monster", rule="mini 2.1"))
            self.summoned = 1
        elif c.kind == "cast":
            ev.append(t.move(c.args["card"], f"p{p}.grave", face=1, caption=f"Player {p + 1} casts Spark Bolt", rule="mini 2.4"))
            self._damage(1 - p, 500, ev, "Spark Bolt")
        elif c.kind == "end_phase":
            self.phase = "battle"
            ev.append(Event("phase.begin", "Battle phase", "mini 3.1", {"phase": "battle", "player": p}))
        elif c.kind == "attack":
            a = c.args["card"]
            atk = CARDS[t.card[a]]["atk"] or 0
            self.attacked.append(a)
            tgt = c.args.get("target")
            ev.append(Event("battle.declare", f"{CARDS[t.card[a]]['name']} declares an attack", "mini 3.2", {"card": a, "target": tgt}))
            if tgt is None:
                self._damage(1 - p, atk, ev, "direct attack")
            else:
                if not t.face[tgt]:
                    ev.append(t.set_face(tgt, 1, "the attacked monster is turned face up", "mini 3.2"))
                d = CARDS[t.card[tgt]]["atk"] or 0
                ev.append(Event("battle.damage_calc", f"Damage calculation: {atk} against {d}", "mini 3.3", {"atk": atk, "def": d}))
                if atk > d:
                    ev.append(t.move(tgt, f"p{1 - p}.grave", face=1, caption="the defending monster is destroyed", rule="mini 3.4"))
                    self._damage(1 - p, atk - d, ev, "battle")
                elif atk < d:
                    ev.append(t.move(a, f"p{p}.grave", face=1, caption="the attacking monster is destroyed", rule="mini 3.4"))
                    self._damage(p, d - atk, ev, "battle")
                else:
                    ev.append(t.move(a, f"p{p}.grave", face=1, caption="both monsters are destroyed", rule="mini 3.4"))
                    ev.append(t.move(tgt, f"p{1 - p}.grave", face=1, caption="both monsters are destroyed", rule="mini 3.4"))
        elif c.kind == "end_turn":
            ev.append(Event("phase.begin", "End phase", "mini 4.1", {"phase": "end", "player": p}))
            self.active = 1 - p
            self.turn_no += 1
            self.attacked = []
            self.summoned = 0
            ev.append(Event("phase.begin", f"Player {self.active + 1}'s draw phase", "mini 1.2", {"phase": "draw", "player": self.active}))
            self._draw(self.active, ev)
            if self.win is None:
                self.phase = "main"
                ev.append(Event("phase.begin", "Main phase", "mini 2.0", {"phase": "main", "player": self.active}))
        return ev

    def view(self, player):
        d = self.decision
        return {
            "game": "mini", "turn": self.turn_no, "active": self.active, "phase": self.phase, "step": "",
            "phases": list(PHASES), "winner": self.win, "over": self.win is not None,
            "players": [{"name": f"Player {p + 1}", "counters": {"lp": self.lp[p], "hand": self.t.count(f"p{p}.hand")}} for p in (0, 1)],
            "zones": self.t.view_zones(player),
            "decision": d.to_view() if d else None,
            "extra": {"summoned": self.summoned},
        }

    def clone(self):
        s = MiniState.__new__(MiniState)
        s.game = self.game
        s.t = self.t.clone()
        s.rng = self.rng.copy()
        s.lp = self.lp[:]
        s.turn_no, s.active, s.phase, s.summoned, s.win = self.turn_no, self.active, self.phase, self.summoned, self.win
        s.attacked = self.attacked[:]
        s.ready = self.ready[:]
        return s

    def to_data(self):
        return {"t": self.t.to_data(), "rng": self.rng.to_data(), "lp": self.lp, "turn": self.turn_no, "active": self.active,
                "phase": self.phase, "attacked": self.attacked, "summoned": self.summoned, "win": self.win, "ready": self.ready}

    def determinize(self, player, rng):
        s = self.clone()
        s.t.determinize(player, rng)
        for p in (0, 1):
            rng.shuffle(s.t.zones[f"p{p}.deck"])
        for z, ids in s.t.zones.items():
            for i in ids:
                if i is not None:
                    s.t.zone[i] = z
        s.rng = PCG32(rng.next_u32())
        return s

    def invariant_violations(self):
        return self.t.invariant_violations()


class MiniGame(Game):
    id = "mini"
    title = "Mini Duel (test game)"
    description = "A tiny two-player duel used by the table's tests."
    phases = PHASES
    turn_cap = 200
    package_dir = Path(__file__).resolve().parent

    @property
    def cards(self):
        return CARDS

    @property
    def decks(self):
        return {"Starter": list(DECK), "Mirror": list(reversed(DECK))}

    def new_state(self, setup, seed):
        s = MiniState(self)
        s.rng = PCG32(seed)
        decks = []
        for pl in setup["players"]:
            ids = list(self.decks[pl.get("deck", "Starter")])
            s.rng.shuffle(ids)
            decks.append(ids)
        s.t.create(decks, ["p0.deck", "p1.deck"], s.rng)
        for p in (0, 1):
            for _ in range(4):
                s._draw(p, [])
        return s

    def state_from_data(self, data):
        s = MiniState(self)
        s.t = CardTable.from_data(data["t"], SPECS)
        s.rng = PCG32.from_data(data["rng"])
        s.lp = list(data["lp"])
        s.turn_no, s.active, s.phase = data["turn"], data["active"], data["phase"]
        s.attacked, s.summoned, s.win = list(data["attacked"]), data["summoned"], data["win"]
        s.ready = list(data["ready"])
        return s

    def heuristic(self, state, player):
        t = state.t
        score = (state.lp[player] - state.lp[1 - player]) / 10.0
        for p, sign in ((player, 1), (1 - player, -1)):
            score += sign * sum((CARDS[t.card[i]]["atk"] or 0) for i in t.ids(f"p{p}.monster")) / 20.0
        return score

    def describe_card(self, card_id):
        c = CARDS[card_id]
        stats = [["ATK", c["atk"]], ["DEF", c["def"]]] if c["atk"] is not None else []
        return {"name": c["name"], "type": c["type"], "subtype": "normal", "cost": None, "level": c["level"],
                "stats": stats, "text": c["text"], "keywords": c["kw"], "color": c["color"],
                "tags": ["Beast"] if c["type"] == "monster" else ["Spell"]}


GAME = MiniGame()
