"""The Aquarian Age Game object: set-up, positions, card faces, deck checks and
the computer's evaluation."""

from __future__ import annotations

import os
from sys import intern

from tabletop.engine import heap
from tabletop.engine.core import Game
from tabletop.engine.errors import CardFileError, PositionError
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32

from . import deck_rules
from .ai import heuristic, leaf_value
from .board import DECK, HAND
from .carddb import FACTION_NAMES, load_card_file, normalise_extra, skill_text
from .effects import effects_text
from .position import from_position
from .rules.turn import PHASES, turn_step
from .state import AAState

HERE = os.path.dirname(os.path.abspath(__file__))
COLORS = {"ego": "#c8414b", "arayashiki": "#e0c04a", "wizdom": "#4a78c8", "darklore": "#6c4a9c", "eraser": "#d8d8e0"}
TYPE_COLORS = {"character": None, "break": None, "permanent": "#5a8f5a", "project": "#8f6a3a", "fast": "#3a8f8f"}

# the words the table makes of the view's phase names and player counters (it titles
# each key), listed so that the game's catalog translates them
TABLE_WORDS = ("Draw", "Faction", "Main", "Power", "Discard", "Damage", "Deck", "Hand", "Dominated")


class AquarianAge(Game):
    """Aquarian Age, five factions (seed: E.G.O., Arayashiki, WIZ-DOM, Darklore, Eraser)."""

    id = "aquarian_age"
    title = "Aquarian Age"
    rules_version = "2"
    deck_lists_version = "2"  # Night Parade and Moonlit Academy rebalanced (former_decks.toml)
    description = "Five factions fight for dominion: aggressive characters strike their own owner, power cards dominate."
    phases = PHASES
    turn_cap = 240
    package_dir = HERE

    def __init__(self, path: str | None = None):
        self._path = path or os.path.join(HERE, "cards.toml")
        self._cards = None
        self._decks = None

    def _load(self):
        if self._cards is None:
            self._cards, self._decks = load_card_file(self._path)
            for name, ids in self._decks.items():
                probs = self.validate_deck(ids)
                if probs:
                    raise CardFileError(f"deck {name!r}: {probs[0]}", self._path)
            heap.keep()  # the cards live as long as the program: out of the collector's walks

    @property
    def cards(self):
        self._load()
        return self._cards

    @property
    def decks(self):
        self._load()
        return self._decks

    # ------------------------------------------------------------------ decks
    deck_sections = deck_rules.SECTIONS
    deck_curve = "Cost"
    deck_filters = ("Card type", "Faction", "Cost", "Mental", "Icon")

    def card_facets(self, card_id: str) -> dict:
        return deck_rules.facets(self.cards[card_id])

    def deck_rule_problems(self, deck) -> list:
        """40 cards, at most 4 of a name (deck_rules.py)."""
        return deck_rules.check(self.cards, deck)

    def default_setup(self, rng=None) -> dict:
        names = sorted(self.decks)
        return {"players": [{"name": "Player 1", "deck": names[0]}, {"name": "Player 2", "deck": names[min(1, len(names) - 1)]}]}

    def _deck_ids(self, entry) -> list[str]:
        deck = entry.get("deck")
        if isinstance(entry.get("cards"), list):
            deck = entry["cards"]   # a deck the player built (Game.setup_cards)
        if isinstance(deck, str):
            if deck not in self.decks:
                raise PositionError(f"unknown deck {deck!r} (known: {', '.join(sorted(self.decks))})")
            return list(self.decks[deck])  # the ids the cards are keyed by (interned, carddb.py)
        if isinstance(deck, list) and all(isinstance(x, str) for x in deck):
            probs = self.validate_deck(deck)
            if probs:
                raise PositionError(f"illegal deck: {probs[0]}")
            return [intern(x) for x in deck]  # the very strings the cards are keyed by (carddb.py)
        raise PositionError("each player needs a 'deck': a deck name or a list of 40 card ids")

    # ------------------------------------------------------------------ states
    def new_state(self, setup: dict, seed: int) -> AAState:
        """Set-up (digest A.3.10): shuffle, decide who goes first, both draw 7, the
        second player may redraw once."""
        if "position" in setup:
            s = self.from_position(setup["position"], seed, setup.get("extra_cards"))
            _set_names(s, setup.get("players"))
            return s
        players = setup.get("players") or []
        if len(players) != 2:
            raise PositionError("a set-up needs exactly two players")
        s = AAState(self, self.cards)
        s.rng = PCG32(seed)
        decks = []
        for entry in players:
            ids = self._deck_ids(entry)
            s.rng.shuffle(ids)
            decks.append(ids)
        _set_names(s, players)
        s.table.create(decks, list(DECK), s.rng)
        s.first = s.rng.randbelow(2)
        s.active = s.first
        s.turn = 1
        for p in (0, 1):
            for _ in range(7):
                s.table.move(s.table.zones[DECK[p]][0], HAND[p])
        s.steps = [turn_step(s.turn), Step("redraw", 0, {"player": 1 - s.first})]
        s.run_rules([])  # run to the first decision
        return s

    def state_from_data(self, data: dict) -> AAState:
        db = self.cards
        if data.get("extra_cards"):
            db = normalise_extra(data["extra_cards"], db)
        return AAState.from_data(self, db, data)

    def from_position(self, position: dict, seed: int = 0, extra_cards: list[dict] | None = None) -> AAState:
        """Build a state from a position (schema in README.md; position.py)."""
        return from_position(self, position, seed, extra_cards)

    def describe_card(self, card_id: str) -> dict:
        c = self.cards.get(card_id)
        if c is None:
            return {"name": card_id, "type": "?", "stats": [], "text": "", "keywords": [], "color": "#777777", "tags": []}
        stats = []
        if c["type"] in ("character", "break"):
            atk = f"({c['attack']})" if c["mental_attack"] else c["attack"]
            stats = [["MEN", c["mental"]], ["ATK", atk], ["DUR", c["durability"]]]
        kws = [skill_text(k, v) for k, v in c["skills"].items()]
        if c["type"] in ("character", "break") and c["guard_cost"] != 1:
            kws.append(f"Guard cost {c['guard_cost']}")
        # a card without printed text (a scenario's extra card) shows its effects' text
        text = c["text"] or effects_text(c["effect"])
        for a in c["ability"]:
            line = f"{_circled(a['cost'])}: {a['text'] or effects_text(a['effect'])}"
            text = f"{text}\n{line}" if text else line
        tags = [FACTION_NAMES[c["faction"]]] + [i.capitalize() for i in c["icons"]]
        if c["name_level"]:
            tags.append("Name-level")
        return {"name": c["name"], "type": c["type"], "subtype": FACTION_NAMES[c["faction"]],
                "cost": c["cost"] if c["type"] != "character" else None,
                "level": c["factor"] if c["type"] != "character" else None,
                "stats": stats, "text": text, "keywords": kws,
                "color": TYPE_COLORS.get(c["type"]) or COLORS[c["faction"]], "tags": tags}

    # ------------------------------------------------------------------ AI
    def heuristic(self, state: AAState, player: int) -> float:
        return heuristic(state, player)

    #: Hard's first look at its options averages four determinized worlds in place of two
    #: (the hidden hands and deck order sway what a planned turn is worth; the figures
    #: against Normal are in docs/PERFORMANCE.md)
    hard_options = {"prior_worlds": 4}

    def leaf_value(self, state: AAState, player: int) -> float:
        """Where Hard's search stops: how likely the player is to win, fitted to self-play games (ai.py)."""
        return leaf_value(state, player)


def _set_names(state, players) -> None:
    """The players' names come from the set-up the table passes (``players[i].name``,
    e.g. "Computer"); a player without one keeps the position's name or "Player N"."""
    if not isinstance(players, list):
        return
    names = list(state.names)
    for i, e in enumerate(players[:2]):
        name = e.get("name") if isinstance(e, dict) else None
        if isinstance(name, str) and name.strip():
            names[i] = name.strip()
    state.names = names
    state.decision_cache = None  # its labels may name the players


def _circled(n: int) -> str:
    """An activated effect's cost as printed, a circled number (seed 4.3 ⑥ "①")."""
    return chr(0x2460 + n - 1) if 1 <= n <= 20 else f"({n})"
