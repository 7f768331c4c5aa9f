"""The Lumen Condenser Game object: cards, decks, set-up, positions, heuristic."""

from __future__ import annotations

import os
from sys import intern

from tabletop.engine import heap
from tabletop.engine.core import Game
from tabletop.engine.errors import PositionError, TabletopError

from . import deck_rules
from .ai import heuristic, leaf_value
from .cards import POSITIONS, CardDB, validate_deck
from .effects import effect_text
from .position import from_position
from .rules.setup import setup_state
from .rules.turn import PHASES
from .state import LumenState

HERE = os.path.dirname(os.path.abspath(__file__))

COLORS = {"character": "#6b4fa3", "attack": "#b8412f", "defence": "#2f6fb8", "special": "#c9a227"}


class LumenGame(Game):
    id = "lumen_condenser"
    title = "Lumen Condenser"
    rules_version = "2"
    deck_lists_version = "4"  # 2: all six decks rebalanced; 3: Ilsa Drift and Oriane Prism; 4: Ilsa Drift (former_decks.toml)
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
            heap.keep()  # the cards live as long as the program: out of the collector's walks
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
        if isinstance(spec, dict) and isinstance(spec.get("cards"), list):
            deck = spec["cards"]   # a deck the player built (Game.setup_cards)
        if isinstance(deck, str):
            if deck not in self.db.decks:
                raise TabletopError(f"unknown deck {deck!r} (decks: {', '.join(sorted(self.db.decks))})")
            return list(self.db.decks[deck])
        if isinstance(deck, list):
            problems = validate_deck(self.db, deck)
            if problems:
                raise TabletopError(f"deck is not legal: {problems[0]}")
            return [intern(c) for c in deck]  # the very strings the cards are keyed by (index_cards)
        raise TabletopError("each player in the set-up needs a 'deck' (a deck name or a list of card ids)")

    def new_state(self, setup: dict, seed: int) -> LumenState:
        players = setup.get("players") or []
        if len(players) != 2:
            raise TabletopError("Lumen Condenser needs exactly two players in the set-up")
        decks = [self._deck_ids(p) for p in players]
        names = []
        for i, p in enumerate(players):
            default = f"Player {i + 1}"
            names.append(p.get("name", default))
        return setup_state(LumenState.blank(self, self.db), decks, names, seed, bool(setup.get("timed", False)))

    def state_from_data(self, data: dict) -> LumenState:
        return LumenState.from_data(self, self._db_for(data.get("extra_cards")), data)

    # -- positions ------------------------------------------------------------------------------------
    def from_position(self, position: dict, seed: int = 0, extra_cards=None) -> LumenState:
        """Build a state from a position (schema in README.md)."""
        if not isinstance(position, dict):
            raise PositionError("a position must be a table")
        return from_position(LumenState.blank(self, self._db_for(extra_cards), extra_cards or []), position, seed)

    # -- computer opponent ----------------------------------------------------------------------------
    def heuristic(self, state: LumenState, player: int) -> float:
        return heuristic(state, player)

    def leaf_value(self, state: LumenState, player: int) -> float:
        """Where Hard's search stops: the heuristic with the trait counters valued (ai.py)."""
        return leaf_value(state, player)

    def describe_card(self, card_id: str) -> dict:
        c = self.db.cards.get(card_id)
        if c is None:
            raise TabletopError(f"unknown card id {card_id!r}")
        t = c["type"]
        stats, tags, keywords = [], [], []
        if t == "character":
            stats = [["HP", c["bands"][0]]]
            bands = [f"{n} at {b} HP or less" for b, n in zip(c["bands"], c["limits"])]
            trait = [c.get("trait", ""), c.get("trait_text", "")]
            if len(bands) < len(CHARACTER_TEXT):
                text = CHARACTER_TEXT[len(bands)].format(*bands, *trait)
            else:
                text = "Hand limit: " + ", ".join(bands) + ". Trait {0}: {1}".format(*trait)
            tags = ["Character"]
        else:
            # the written card text; generated from the effects for a card without one
            text = c.get("text") or " ".join(effect_text(e) for e in c.get("effects", []))
            owner = c.get("char", "neutral")
            tags = [t.capitalize(), "Neutral" if owner == "neutral" else self.db.cards[owner]["name"]]
            if t == "attack":
                stats = [["Speed", c["speed"]], ["Damage", c["damage"]], ["Position", c["pos"]],
                         ["Hit", _judgment_text(c["hit"])], ["Counter", _judgment_text(c["counter"])],
                         ["Guard", _judgment_text(c["guard"])]]
                for f in ("evade", "offset"):
                    if c.get(f):
                        keywords.append(f"{f.capitalize()} {'/'.join(c[f])}")
                for f in ("grab", "fixed", "ultimate"):
                    if c.get(f):
                        keywords.append(f.capitalize())
            elif t == "defence":
                stats = [[pos.capitalize(), c[pos]] for pos in POSITIONS]
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

    # -- deck building (deck_rules.py) ---------------------------------------------------------------
    deck_sections = deck_rules.SECTIONS
    deck_curve = "Speed"
    deck_filters = ("Card type", "Technique of", "Speed", "Position", "Ultimate")

    def section_of(self, card_id: str) -> str:
        return deck_rules.section_of(self.db, card_id)

    def card_facets(self, card_id: str) -> dict:
        return deck_rules.facets(self.db, card_id)

    def deck_rule_problems(self, deck) -> list:
        return deck_rules.check(self.db, deck)


# a character card's text, whole, by how many HP bands it has: the hand limit of each, then the trait
CHARACTER_TEXT = (
    "Hand limit: . Trait {0}: {1}",
    "Hand limit: {0}. Trait {1}: {2}",
    "Hand limit: {0}, {1}. Trait {2}: {3}",
    "Hand limit: {0}, {1}, {2}. Trait {3}: {4}",
    "Hand limit: {0}, {1}, {2}, {3}. Trait {4}: {5}",
    "Hand limit: {0}, {1}, {2}, {3}, {4}. Trait {5}: {6}",
    "Hand limit: {0}, {1}, {2}, {3}, {4}, {5}. Trait {6}: {7}",
)


def _judgment_text(v) -> str:
    """A judgment field in words: FP gained ("+2 FP") or "combo" (seed 6)."""
    return "combo" if v == "combo" else f"{v:+d} FP"
