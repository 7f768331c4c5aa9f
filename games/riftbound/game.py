"""The Riftbound (1v1 Duel) Game object: cards, decks, new states, card faces, deck rules."""

from __future__ import annotations

from pathlib import Path

from tabletop.engine.core import Game
from tabletop.engine.errors import PositionError

from . import carddb
from .ai import heuristic
from .carddb import DOMAIN_COLOR
from .position import from_position
from .rules.turn import PHASES
from .state import RBState

_DIR = Path(__file__).resolve().parent
_TYPE_COLOR = {"legend": "#8c6d2e", "battlefield": "#4d5a66", "rune": "#5b5b5b", "token": "#777777"}


class Riftbound(Game):
    id = "riftbound"
    title = "Riftbound (1v1 Duel)"
    rules_version = "1.3-2"
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
        """Build a state from a position (position.py; schema in README.md)."""
        return from_position(self, position, seed, extra_cards)

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
        """Points first, then the board (ai.py)."""
        return heuristic(state, player)

