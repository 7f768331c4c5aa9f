"""Riftbound (1v1 Duel) plugin: exposes ``GAME``. See README.md beside this file."""

from __future__ import annotations

from pathlib import Path

from tabletop.engine.core import Game
from tabletop.engine.errors import PositionError
from tabletop.engine.rng import PCG32

from . import carddb
from .carddb import DOMAIN_COLOR, DOMAINS
from .rulebook import VICTORY_SCORE
from .rules import push
from .rules.turn import PHASES
from .state import RBState
from .zones import ZLOC

_DIR = Path(__file__).resolve().parent
_POS_ZONES = ("hand", "deck", "runedeck", "runes", "base", "bf0", "bf1", "trash", "hidden0", "hidden1", "bfaside")
_TYPE_COLOR = {"legend": "#8c6d2e", "battlefield": "#4d5a66", "rune": "#5b5b5b", "token": "#777777"}


class Riftbound(Game):
    id = "riftbound"
    title = "Riftbound (1v1 Duel)"
    rules_version = "1.3-1"
    description = "Duel of legends over two battlefields: channel runes, move units, win showdowns, score 8."
    phases = PHASES
    turn_cap = 300
    package_dir = _DIR

    def __init__(self):
        self._cards = None
        self._decks = None

    def _load(self):
        if self._cards is None:
            self._cards, self._decks = carddb.load(_DIR / "cards.toml")

    @property
    def cards(self):
        self._load()
        return self._cards

    @property
    def decks(self):
        self._load()
        return self._decks

    def default_setup(self, rng=None) -> dict:
        names = sorted(self.decks)
        return {"players": [{"name": "Player 1", "deck": names[0]}, {"name": "Player 2", "deck": names[1 % len(names)]}]}

    # -- states -----------------------------------------------------------------
    def new_state(self, setup: dict, seed: int) -> RBState:
        if "position" in setup:
            return self.from_position(setup["position"], seed, setup.get("extra_cards"))
        players = setup.get("players") or []
        if len(players) != 2:
            raise PositionError("a Riftbound duel needs exactly two players in the set-up")
        decks, names = [], []
        for i, pl in enumerate(players):
            deck = pl.get("cards") or self.decks.get(pl.get("deck", ""))
            if deck is None:
                raise PositionError(f"player {i + 1}: unknown deck {pl.get('deck')!r} (decks: {', '.join(sorted(self.decks))})")
            probs = self.validate_deck(deck)
            if probs:
                raise PositionError(f"player {i + 1}'s deck is not legal: {probs[0]}")
            decks.append(list(deck))
            names.append(pl.get("name", f"Player {i + 1}"))
        s = RBState.__new__(RBState)
        s._blank(self, self.cards, [])
        ev: list = []
        s._setup(decks, names, seed, ev)
        s._run(ev)
        return s

    def state_from_data(self, data: dict) -> RBState:
        return RBState.from_data(self, data)

    def from_position(self, position: dict, seed: int = 0, extra_cards=None) -> RBState:
        """Build a state from a position (schema in README.md)."""
        db = carddb.extra_cards(self.cards, extra_cards)
        s = RBState.__new__(RBState)
        s._blank(self, db, list(extra_cards or []))
        s.rng = PCG32(seed)
        t = s.table

        def need(cid, where):
            if not isinstance(cid, str) or cid not in db:
                raise PositionError(f"{where}: unknown card {cid!r}")
            return cid

        try:
            s.turn_number = int(position.get("turn", 3))
            s.active = int(position.get("active", 0))
            s.first = int(position.get("first", 0))
            phase = position.get("phase", "main")
            if phase not in ("mulligan", "awaken", "beginning", "channel", "draw", "main", "ending"):
                raise PositionError(f"phase {phase!r} is not one of mulligan, awaken, beginning, channel, draw, main, ending")
            s.turn_step = phase
            bfs = position.get("battlefields", [])
            for b, cid in enumerate(bfs[:2]):
                t.add(need(cid, f"battlefields[{b}]"), b, f"shared.bf{b}", face=1)
            ctrl = position.get("control", [-1, -1])
            s.battlefield_controller = [int(x) for x in ctrl]
            s.contested = [int(x) for x in position.get("contested", [-1, -1])]
            if len(s.contested) != 2 or any(x not in (-1, 0, 1) for x in s.contested + s.battlefield_controller):
                raise PositionError("control and contested are two entries each, -1, 0 or 1")
            pls = position.get("players", [])
            if len(pls) != 2:
                raise PositionError("a position needs two [[position.players]] tables")
            posts = []
            for p, pl in enumerate(pls):
                s.names = list(s.names)
                s.names[p] = pl.get("name", f"Player {p + 1}")
                s.points[p] = int(pl.get("points", 0))
                s.xp[p] = int(pl.get("xp", 0))
                pool = pl.get("pool", {})
                s.pool[p] = [int(pool.get("energy", 0))] + [int(pool.get(d, 0)) for d in DOMAINS]
                if pl.get("legend"):
                    t.add(need(pl["legend"], f"player {p} legend"), p, f"p{p}.legend", face=1,
                          orient=1 if pl.get("legend_exhausted") else 0)
                if pl.get("champion"):
                    t.add(need(pl["champion"], f"player {p} champion"), p, f"p{p}.champion", face=1)
                for z in _POS_ZONES:
                    for n, e in enumerate(pl.get(z, [])):
                        ent = {"card": e} if isinstance(e, str) else dict(e)
                        cid = need(ent.get("card"), f"player {p} {z}[{n}]")
                        face = 0 if z in ("hand", "deck", "runedeck") or z.startswith("hidden") else 1
                        iid = t.add(cid, p, f"p{p}.{z}", face=face, orient=1 if ent.get("exhausted") else 0)
                        posts.append((iid, ent, z, p))
                scored = pl.get("scored", [])
                s.scored[p] = sum(1 << int(b) for b in scored)
                s.played[p] = int(pl.get("played", 0))
            chan = position.get("channeled")
            if chan is not None:
                s.channeled = [bool(x) for x in chan]
            else:
                for p in (0, 1):
                    s.channeled[p] = not (p != s.first and (s.turn_number < 2 or (
                        s.turn_number == 2 and phase in ("awaken", "beginning", "channel"))))
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            raise PositionError(f"malformed position ({type(exc).__name__}: {exc})") from None
        mapping = t.shuffle_iids(s.rng)
        for iid, ent, z, p in posts:
            n = mapping[iid]
            for key, cnt in (("damage", "dmg"), ("buff", "buff"), ("stunned", "stun")):
                if ent.get(key):
                    s.set_cnt(n, cnt, int(ent[key]))
            if z.startswith("hidden"):
                s.set_cnt(n, "hid", int(ent.get("turn", s.turn_number - 1)))
            for g in ent.get("attached", []):
                gi = t.add(need(g, f"player {p} attachment"), p, f"att.{n}", face=1)
                del gi
        if s.turn_step == "mulligan":  # set-up steps 7-8: the mulligan decision (seed setup 7-8)
            s.turn_number = 0
            s.active = s.first
            push(s, "mulligan", player=int(position.get("mulligan", s.first)), set_aside=0)
        s.cleanup_due = True
        s._run([])
        s.decision_cache = None
        return s

    # -- cards -------------------------------------------------------------------
    def describe_card(self, card_id: str) -> dict:
        c = self.cards[card_id]
        stats = []
        if c["type"] in ("unit", "token"):
            stats.append(["Might", c["might"]])
        if c["type"] == "gear" and c["bonus"]:
            stats.append(["Bonus", c["bonus"]])
        color = DOMAIN_COLOR.get(c["domain"][0]) if c["domain"] else _TYPE_COLOR.get(c["type"], "#666666")
        if c["type"] == "rune":
            color = DOMAIN_COLOR[c["rune"]]
        cost = None
        if c["type"] in ("unit", "spell", "gear"):
            cost = f"{c['cost']}" + "".join(carddb.DOMAIN_CODE[p] if p != "any" else "A" for p in c["power"])
        return {"name": c["name"], "type": c["type"], "subtype": ", ".join(c["supertype"]), "cost": cost, "level": None,
                "stats": stats, "text": c["text"], "keywords": [k.split(":")[0].title() for k in c["keywords"]],
                "color": color, "tags": list(c["tags"]) + list(c["domain"])}

    def validate_deck(self, card_ids: list) -> list:
        """Deck construction (Core Rules v1.3 Deck construction, digest 2)."""
        cards = self.cards
        probs = []
        unknown = [c for c in card_ids if c not in cards]
        if unknown:
            return [f"unknown card {unknown[0]!r}"]
        legends = [c for c in card_ids if cards[c]["type"] == "legend"]
        if len(legends) != 1:
            return [f"a deck has exactly 1 Champion Legend (found {len(legends)})"]
        leg = cards[legends[0]]
        ident = set(leg["domain"])
        bfs = [c for c in card_ids if cards[c]["type"] == "battlefield"]
        if len(bfs) != 3 or len({cards[c]["name"] for c in bfs}) != 3:
            probs.append("a deck has 3 battlefields with different names")
        runes = [c for c in card_ids if cards[c]["type"] == "rune"]
        if len(runes) != 12:
            probs.append(f"the rune deck has exactly 12 runes (found {len(runes)})")
        for r in runes:
            if cards[r]["rune"] not in ident:
                probs.append(f"rune {r} is outside the domain identity")
                break
        main = [c for c in card_ids if cards[c]["type"] in ("unit", "spell", "gear")]
        tokens = [c for c in card_ids if cards[c]["type"] == "token"]
        if tokens:
            probs.append("tokens are not cards and can't be in a deck")
        if len(main) < 40:
            probs.append(f"the main deck has at least 40 cards including the chosen champion (found {len(main)})")
        champs = [c for c in main if "champion" in cards[c]["supertype"] and cards[c]["champion"] == leg["champion"]]
        if not champs:
            probs.append(f"no chosen champion: a champion unit with the legend's tag {leg['champion']!r}")
        names = {}
        sig = 0
        for c in main:
            cd = cards[c]
            names[cd["name"]] = names.get(cd["name"], 0) + 1
            if not set(cd["domain"]) <= ident:
                probs.append(f"{c} ({cd['name']}) is outside the domain identity {sorted(ident)}")
                break
            if "signature" in cd["supertype"]:
                sig += 1
                if cd["champion"] != leg["champion"]:
                    probs.append(f"signature card {c} must carry the legend's tag")
            if cd["kw"].get("unique") and names[cd["name"]] > 1:
                probs.append(f"{cd['name']} is Unique: at most 1 copy")
        for n, k in names.items():
            if k > 3:
                probs.append(f"at most 3 copies of {n!r} (found {k})")
        if sig > 3:
            probs.append(f"at most 3 signature cards (found {sig})")
        return probs

    # -- computer player -----------------------------------------------------------
    def heuristic(self, state: RBState, player: int) -> float:
        """Points first, then board presence at battlefields, then cards, runes, gear and
        facedown cards; a running showdown or combat counts by its likely result (a point
        about to be conquered is worth most of a point)."""
        s = state
        if s.steps[-1].proc == "move_with" and s.outcome is None:
            # a group move still being formed: judge it as if the units moved now
            s = s.clone()
            s.apply(s.decision.find("move_done", s.steps[-1].args["player"]))
            if s.outcome is not None:
                return 1e6 if s.winner == player else -1e6
        q = 1 - player
        v = 100.0 * (s.points[player] - s.points[q])
        t = s.table
        zones = t.zones
        for p, sign in ((player, 1.0), (q, -1.0)):
            for b in (0, 1):
                us = s.units_at(p, b)
                m = 0
                for u in us:
                    m += max(0, s.might(u)) - s.cnt(u, "dmg") * 0.5
                v += sign * (4.0 * m + (25.0 if s.battlefield_controller[b] == p else 0.0) + (6.0 if us else 0.0))
                if zones[f"p{p}.hidden{b}"]:
                    v += sign * 3.0  # a facedown card: a free Reaction later
            gear = 0
            for u in zones[f"p{p}.base"]:
                if s.is_unit(u):
                    v += sign * (2.5 * max(0, s.might(u)) + (1.0 if not t.orient[u] else 0.0))
                else:
                    gear += 1
            v += sign * (2.0 * len(zones[f"p{p}.hand"]) + 1.5 * len(zones[f"p{p}.runes"]) + 0.5 * s.xp[p]
                         + 1.0 * gear - 1.0 * len(zones[f"p{p}.champion"]))
        sd = s.showdown
        if sd:
            b = sd["bf"]
            mine = sum(max(0, s.might(u)) for u in s.units_at(player, b) if not s.cnt(u, "stun"))
            theirs = sum(max(0, s.might(u)) for u in s.units_at(q, b) if not s.cnt(u, "stun"))
            v += 3.0 * (mine - theirs)
            att = sd["att"]
            a_units, d_units = s.units_at(att, b), s.units_at(1 - att, b)
            if a_units and s.battlefield_controller[b] != att and not s.scored[att] & (1 << b):
                a_tot = mine if att == player else theirs
                d_tot = theirs if att == player else mine
                d_need = sum(s._lethal(u) for u in d_units)
                if not d_units or (a_tot >= d_need and a_tot > d_tot):
                    v += (60.0 if att == player else -60.0)  # the attacker is about to conquer
        return v


GAME = Riftbound()
__all__ = ["GAME", "Riftbound", "RBState", "VICTORY_SCORE", "ZLOC"]
