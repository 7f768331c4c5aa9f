"""The Riftbound (1v1 Duel) Game object: cards, decks, new states, card faces, deck rules."""

from __future__ import annotations

from pathlib import Path
from sys import intern

from tabletop.engine import heap
from tabletop.engine.core import Game
from tabletop.engine.errors import PositionError

from . import carddb, deck_rules
from .ai import heuristic, leaf_value
from .carddb import DOMAIN_COLOR
from .facts import card_facts
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
        self._legal_decks: set = set()  # deck lists found legal (a deck is checked once)

    def _load(self):
        if self._cards is None:
            self._cards, self._decks = carddb.load(_DIR / "cards.toml")
            card_facts(self._cards)  # what the rules ask of each card, worked out as the cards are read
            heap.keep()  # the cards live as long as the program: out of the collector's walks

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
            key = tuple(deck) if {str}.issuperset(map(type, deck)) else None
            if key is None or key not in self._legal_decks:
                probs = self.validate_deck(deck)
                if probs:
                    raise PositionError(f"player {i + 1}'s deck is not legal: {probs[0]}")
                if key is not None:
                    if len(self._legal_decks) > 256:
                        self._legal_decks.clear()
                    self._legal_decks.add(key)
            decks.append([intern(c) if type(c) is str else c for c in deck])  # keyed as the cards are
            names.append(pl.get("name", f"Player {i + 1}"))
        s = RBState.__new__(RBState)
        s._blank(self, self.cards, [])
        ev: list = []
        s._setup(decks, names, seed, ev)
        s._run(ev)
        s._stopped()
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

    # -- deck building (deck_rules.py) --------------------------------------------
    deck_sections = deck_rules.SECTIONS
    deck_curve = "Cost"
    deck_filters = ("Card type", "Domain", "Cost", "Might", "Champion")

    def card_pool(self) -> list:
        """Every card but the tokens: a token is made in play, never put in a deck."""
        return [cid for cid, c in self.cards.items() if c["type"] != "token"]

    def section_of(self, card_id: str) -> str:
        cards = self._cards if self._cards is not None else self.cards  # loaded once: read it without the property
        return deck_rules.section_of(cards[card_id])

    def section_for(self, card_id: str, deck) -> str:
        return deck_rules.section_for(self.cards, card_id, deck)

    def deck_from_ids(self, card_ids: list, name: str = ""):
        return deck_rules.sort_flat(self.cards, super().deck_from_ids(card_ids, name))

    def card_facets(self, card_id: str) -> dict:
        return deck_rules.facets(self.cards[card_id])

    def deck_rule_problems(self, deck) -> list:
        """Deck construction (Core Rules 101-103, 825): deck_rules.py."""
        return deck_rules.check(self.cards, deck)

    # -- computer player -----------------------------------------------------------
    def heuristic(self, state: RBState, player: int) -> float:
        """Points first, then the board (ai.py)."""
        return heuristic(state, player)

    #: Hard's hand-over rollouts stop at the end of the searching player's turn: leaf_value
    #: plays the reply turn on the board (ai.py), and more rollouts fit the budget
    hard_options = {"rollout_turns": 1}

    def leaf_value(self, state: RBState, player: int) -> float:
        """Where Hard's search stops: the heuristic and the round that follows (ai.py)."""
        return leaf_value(state, player)
