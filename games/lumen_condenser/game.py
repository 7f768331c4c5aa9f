"""The Lumen Condenser Game object: cards, decks, set-up, positions, heuristic."""

from __future__ import annotations

import os

from tabletop.engine.core import Game
from tabletop.engine.errors import PositionError, TabletopError
from tabletop.engine.rng import PCG32

from .cards import POSITIONS, CardDB, validate_deck
from .rules import HAND, LIST, PHASES, Z, LumenState, setup_state

HERE = os.path.dirname(os.path.abspath(__file__))

COLORS = {"character": "#6b4fa3", "attack": "#b8412f", "defence": "#2f6fb8", "special": "#c9a227"}


class LumenGame(Game):
    id = "lumen_condenser"
    title = "Lumen Condenser"
    rules_version = "1"
    description = "Fighting-game duel: ready techniques at once, judged by evade, guard, speed and FP."
    phases = PHASES
    turn_cap = 300
    package_dir = HERE

    def __init__(self):
        self._db = None
        self._extra_cache: dict = {}

    @property
    def db(self) -> CardDB:
        if self._db is None:
            self._db = CardDB(os.path.join(HERE, "cards.toml"))
        return self._db

    @property
    def cards(self):
        return self.db.cards

    @property
    def decks(self) -> dict:
        return dict(self.db.decks)

    def _db_for(self, extra):
        if not extra:
            return self.db
        key = repr(extra)
        db = self._extra_cache.get(key)
        if db is None:
            db = self.db.with_extra(extra)
            self._extra_cache[key] = db
        return db

    def default_setup(self, rng=None) -> dict:
        names = sorted(self.decks)
        return {"players": [{"name": "Player 1", "deck": names[0]}, {"name": "Player 2", "deck": names[1 % len(names)]}],
                "timed": False}

    def _deck_ids(self, spec) -> list[str]:
        deck = spec.get("deck") if isinstance(spec, dict) else None
        if isinstance(deck, str):
            if deck not in self.db.decks:
                raise TabletopError(f"unknown deck {deck!r} (decks: {', '.join(sorted(self.db.decks))})")
            return list(self.db.decks[deck])
        if isinstance(deck, list):
            problems = validate_deck(self.db, deck)
            if problems:
                raise TabletopError(f"deck is not legal: {problems[0]}")
            return list(deck)
        raise TabletopError("each player in the set-up needs a 'deck' (a deck name or a list of card ids)")

    def new_state(self, setup: dict, seed: int) -> LumenState:
        players = setup.get("players") or []
        if len(players) != 2:
            raise TabletopError("Lumen Condenser needs exactly two players in the set-up")
        decks = [self._deck_ids(p) for p in players]
        names = [p.get("name", f"Player {i + 1}") for i, p in enumerate(players)]
        return setup_state(self, self.db, decks, names, seed, bool(setup.get("timed", False)))

    def state_from_data(self, data: dict) -> LumenState:
        return LumenState.from_data(self, self._db_for(data.get("extra")), data)

    # -- positions ------------------------------------------------------------------------------------
    def from_position(self, position: dict, seed: int = 0, extra_cards=None) -> LumenState:
        """Build a state from a position (schema in README.md)."""
        if not isinstance(position, dict):
            raise PositionError("a position must be a table")
        db = self._db_for(extra_cards)
        s = LumenState.blank(self, db, extra_cards or [])
        s.rng = PCG32(seed)
        s.timed = bool(position.get("timed", False))
        players = position.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise PositionError("the position needs two [[position.players]] tables")
        t = s.table
        for p, pl in enumerate(players):
            if not isinstance(pl, dict):
                raise PositionError(f"player {p + 1} must be a table")
            ch = pl.get("character")
            if ch not in db.chars:
                raise PositionError(f"player {p + 1}: {ch!r} is not a character card id")
            s.chars[p] = ch
            s.names[p] = str(pl.get("name", f"Player {p + 1}"))
            t.add(ch, p, Z["character"][p], face=1)
            for zone, face in (("hand", 0), ("list", 1), ("side", 0), ("break", 1), ("ultimate", 1), ("battle", 1)):
                ids = pl.get(zone, [])
                if not isinstance(ids, list):
                    raise PositionError(f"player {p + 1}: {zone} must be a list of card ids")
                for cid in ids:
                    if cid not in db.techs:
                        raise PositionError(f"player {p + 1}: {zone}: {cid!r} is not a technique card id")
                    if db.techs[cid].special and zone in ("hand", "list"):
                        raise PositionError(f"player {p + 1}: {zone}: the special technique {cid!r} can't be there (digest B.1 rule 4)")
                    t.add(cid, p, Z[zone][p], face=face)
            try:
                s.hp[p] = int(pl.get("hp", db.chars[ch].hp))
                s.fp[p] = int(pl.get("fp", 0))
                s.nores[p] = int(pl.get("no_response", 0))
                s.ctr[p] = int(pl.get("counter", 0))
            except (TypeError, ValueError):
                raise PositionError(f"player {p + 1}: hp, fp, no_response and counter must be whole numbers") from None
            r = pl.get("restrict", "")
            if r not in ("", "attack", "defence"):
                raise PositionError(f"player {p + 1}: restrict must be \"attack\", \"defence\" or empty")
            s.restrict[p] = r
            if not 0 < s.hp[p] <= db.chars[ch].hp:
                raise PositionError(f"player {p + 1}: hp {s.hp[p]} must be between 1 and {db.chars[ch].hp}")
        t.shuffle_iids(s.rng)
        s.dover = int(position.get("defence_over", 0))
        sd = int(position.get("sudden_death", 0))
        if sd:
            s.sdon = True
            s.sd = sd
        phase = position.get("phase", "lumen")
        turn = int(position.get("turn", 1))
        if phase == "lumen":
            s.turn_no = turn - 1
            s.stack = ["turn_start"]
        elif phase == "ready":
            s.turn_no = turn
            s._push("ready", "battle", "get", "recovery", "turn_end")
        elif phase == "get":
            s.turn_no = turn
            s._push("get", "recovery", "turn_end")
        elif phase == "recovery":
            s.turn_no = turn
            s._push("recovery", "turn_end")
        else:
            raise PositionError(f"phase {phase!r} is not one of lumen, ready, get, recovery")
        s._run()
        s._ev = []
        return s

    # -- computer opponent ----------------------------------------------------------------------------
    def heuristic(self, state: LumenState, player: int) -> float:
        """HP difference, FP, no-responses, hand size and
        options (attack strength, defence coverage of the three positions),
        the best technique left in the List, and the expected outcome of a
        pending hidden pick against each technique the opponent could ready."""
        q = 1 - player
        s = state
        v = float(s.hp[player] - s.hp[q])
        v += 45.0 * (s.fp[player] - s.fp[q])
        v -= 900.0 * (s.nores[player] - s.nores[q])
        hp_, hq = len(s.table.zones[HAND[player]]), len(s.table.zones[HAND[q]])
        v += 30.0 * (min(hp_, 8) - min(hq, 8))
        v += self._hand_value(s, player) - self._hand_value(s, q)
        # the List feeds the Get phase: a small share of its best techniques
        # (this also ranks break-replenishment and discard choices)
        v += 0.25 * (self._list_value(s, player) - self._list_value(s, q))
        w = s.wait
        if w is not None and w.get("k") == "ready" and s.pick[player] >= 0 and not s.decl[q]:
            opts = s.ready_cards(q)
            if opts:
                a = s.pick[player]
                tot = 0.0
                for b in opts:
                    tot += quick_outcome(s, a, b, player)
                v += tot / len(opts)
        return v

    @staticmethod
    def _list_value(s, p) -> float:
        T = s.db.techs
        cn = s.table.card
        best = 0.0
        for iid in s.table.zones[LIST[p]]:
            t = T[cn[iid]]
            x = (t.damage / 20.0 + max(0, 14 - t.speed) * 3.0) if t.type == "attack" else 30.0
            if x > best:
                best = x
        return best

    @staticmethod
    def _hand_value(s, p) -> float:
        T = s.db.techs
        cn = s.table.card
        v = 0.0
        dcov = 0
        cover = set()
        for iid in s.table.zones[HAND[p]]:
            t = T[cn[iid]]
            if t.type == "attack":
                v += t.damage / 20.0 + max(0, 14 - t.speed) * 3.0
            elif t.type == "defence":
                dcov += 1
                for pos, e in t.dtab.items():
                    if e != "none":
                        cover.add(pos)
        # defences count, and more so when together they answer every position
        return v + 25.0 * min(dcov, 3) + 30.0 * len(cover)

    def describe_card(self, card_id: str) -> dict:
        c = self.db.cards.get(card_id)
        if c is None:
            raise TabletopError(f"unknown card id {card_id!r}")
        t = c["type"]
        stats, tags, keywords = [], [], []
        if t == "character":
            stats = [["HP", c["bands"][0]]]
            text = (f"Hand limit by HP: " + ", ".join(f"<= {b}: {n}" for b, n in zip(c["bands"], c["limits"]))
                    + f". Trait {c.get('trait', '')}: {c.get('trait_text', '')}")
            tags = ["Character"]
        else:
            text = c.get("text", "")
            owner = c.get("char", "neutral")
            tags = [t.capitalize(), "Neutral" if owner == "neutral" else self.db.cards[owner]["name"]]
            if t == "attack":
                stats = [["SPD", c["speed"]], ["DMG", c["damage"]], ["POS", c["pos"]],
                         ["HIT", c["hit"]], ["CTR", c["counter"]], ["GRD", c["guard"]]]
                for f in ("evade", "offset"):
                    if c.get(f):
                        keywords.append(f"{f.capitalize()} {'/'.join(c[f])}")
                for f in ("grab", "fixed", "ultimate"):
                    if c.get(f):
                        keywords.append(f.capitalize())
            elif t == "defence":
                stats = [[pos.upper(), c[pos]] for pos in POSITIONS]
            for e in c.get("effects", []):
                w = e.get("when", "use")
                if w in ("hit", "counter", "offset", "evade", "combo"):
                    kw = f"On {w}"
                    if kw not in keywords:
                        keywords.append(kw)
                if e["do"] == "nullify" and "Nullify" not in keywords:
                    keywords.append("Nullify")
        return {"name": c["name"], "type": t, "subtype": "ultimate" if c.get("ultimate") else "",
                "cost": None, "level": c.get("speed"), "stats": stats, "text": text, "keywords": keywords,
                "color": COLORS[t], "tags": tags}

    def validate_deck(self, card_ids: list[str]) -> list[str]:
        return validate_deck(self.db, card_ids)


def quick_outcome(s, a: int, b: int, me: int) -> float:
    """A fast estimate (no effects) of readying ``a`` against the opponent's
    ``b``: damage dealt minus damage taken plus FP value, for the heuristic."""
    T = s.db.techs
    ta, tb = T[s.table.card[a]], T[s.table.card[b]]
    fa, fb = s.fp[me], s.fp[1 - me]
    if ta.type == "defence" and tb.type == "defence":
        return 0.0
    if ta.type == "attack" and tb.type == "defence":
        e = tb.dtab[ta.pos]
        return _attack_vs_defence(ta, e)
    if ta.type == "defence" and tb.type == "attack":
        e = ta.dtab[tb.pos]
        return -_attack_vs_defence(tb, e)
    ea, eb = tb.pos in ta.evade, ta.pos in tb.evade
    if ea and eb:
        return 0.0
    if ea:
        return _win(ta)
    if eb:
        return -_win(tb)
    sa = ta.speed if ta.fixed else max(1, ta.speed - fa)
    sb = tb.speed if tb.fixed else max(1, tb.speed - fb)
    if sa == sb:
        return ta.damage - tb.damage + 40.0 * (_fpv(ta.hit) - _fpv(tb.hit))
    if sa < sb:
        if tb.pos and ta.pos in tb.offset:
            return float(ta.damage - tb.damage) if ta.damage != tb.damage else 0.0
        return _win(ta)
    if tb.pos in ta.offset:
        return float(ta.damage - tb.damage)
    return -_win(tb)


def _fpv(v) -> float:
    return 8.0 if v == "combo" else float(v)


def _win(t) -> float:
    return t.damage + 40.0 * _fpv(t.counter) + (250.0 if t.counter == "combo" else 0.0)


def _attack_vs_defence(t, entry: str) -> float:
    if entry == "evade":
        return -50.0
    if entry == "guard":
        return 40.0 * t.guard
    if entry == "offset":
        return t.damage * 0.8 + 40.0 * _fpv(t.hit)
    return t.damage + 40.0 * _fpv(t.hit) + (250.0 if t.hit == "combo" else 0.0)
