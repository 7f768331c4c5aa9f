"""The Rush Duel Game object: cards and decks, card faces, deck rules, new duels,
positions (position.py) and the heuristic (ai.py)."""

from __future__ import annotations

from pathlib import Path
from sys import intern

from tabletop.engine import heap
from tabletop.engine.core import Game
from tabletop.engine.errors import PositionError
from tabletop.engine.rng import PCG32

from . import carddb, deck_rules
from .ai import heuristic, leaf_value
from .position import from_position
from .rules.setup import set_up
from .rules.turn import PHASES
from .state import RushState
from .why_not import requirement_part

HERE = Path(__file__).resolve().parent

COLORS = {"normal": "#c9a24a", "effect": "#c0622b", "fusion": "#7b4fa0", "maximum": "#b8333a",
          "spell": "#1d8a74", "trap": "#a0306e"}


class RushDuelGame(Game):
    id = "rush_duel"
    title = "Yu-Gi-Oh! Rush Duel"
    #: 2: the player chooses the zone of a summon or a set; a direct attack names the
    #: rival's Monster Zones (rules/choices.py). Saves of rules 1 still load.
    rules_version = "2"
    deck_lists_version = "2"  # Tideguard Control and Fusion and Maximum rebalanced (former_decks.toml)
    description = "Fast duels: draw to five, summon as many monsters as you like, 8000 LP."
    phases = PHASES  # the turn in order (rules/turn.py TURN_STRUCTURE)
    turn_cap = 400
    package_dir = HERE

    def __init__(self, card_file: Path | None = None):
        self.card_file = card_file or HERE / "cards.toml"
        self._cards = None
        self._decks = None

    # -- cards and decks ------------------------------------------------------------------
    def _load(self) -> None:
        if self._cards is None:
            self._cards, self._decks = carddb.load_card_file(self.card_file)
            heap.keep()  # the cards live as long as the program: out of the collector's walks

    @property
    def cards(self) -> dict:
        self._load()
        return self._cards

    @property
    def decks(self) -> dict[str, list[str]]:
        self._load()
        return {n: list(d["cards"]) for n, d in self._decks.items()}

    def deck_info(self) -> dict:
        self._load()
        return {n: {"style": d["style"], "description": d["description"]} for n, d in self._decks.items()}

    def default_setup(self, rng=None) -> dict:
        names = sorted(self.decks)
        return {"players": [{"name": "Player 1", "deck": names[0]}, {"name": "Player 2", "deck": names[1 % len(names)]}]}

    # -- deck building (deck_rules.py) ---------------------------------------------------------
    deck_sections = deck_rules.SECTIONS
    deck_curve = "Level"
    deck_filters = ("Card type", "Attribute", "Level", "Monster type", "Kind", "Legend")

    def section_of(self, card_id: str) -> str:
        return deck_rules.section_of(self.cards[card_id])

    def card_facets(self, card_id: str) -> dict:
        return deck_rules.facets(self.cards[card_id])

    def deck_rule_problems(self, deck) -> list:
        return deck_rules.check(self.cards, deck)

    def describe_card(self, card_id: str) -> dict:
        c = self.cards[card_id]
        text = c["text"]
        if c["kind"] == "monster":
            if c["subtype"] == "maximum" and c["max_piece"] == "centre":
                stats = [["ATK", c["atk"]], ["DEF", c["def"]], ["MAXIMUM ATK", c["max_atk"]]]
            else:
                stats = [["ATK", c["atk"]], ["DEF", c["def"]]]
            tags = [c["attribute"], c["race"], c["subtype"].capitalize()]
            if c["subtype"] == "maximum":
                tags.append(f"Maximum [{c['max_piece'][0].upper()}]")
            color = COLORS[c["subtype"]]
            level = c["level"]
        else:
            stats = []
            tags = [f"{c['subtype'].capitalize()} {c['kind'].capitalize()}"]
            color = COLORS[c["kind"]]
            level = None
        if c["legend"]:
            tags.append("LEGEND")
        kw = [k.capitalize() for k in c["keywords"]]
        return {"name": c["name"], "type": c["kind"], "subtype": c["subtype"], "cost": None, "level": level,
                "stats": stats, "text": text, "keywords": kw, "color": color, "tags": tags,
                "legend": c["legend"]}

    def quoted_words(self) -> list[str]:
        """The parts of card texts the rules quote in their sentences: each card's
        [REQUIREMENT], which a refusal names (why_not.py); the play catalog holds them."""
        return sorted({q for c in self.cards.values() if (q := requirement_part(c["text"]))})

    # -- states ------------------------------------------------------------------------------
    def _deck_list(self, entry: dict, db: dict) -> list[str]:
        if isinstance(entry.get("cards"), list):
            ids = [intern(c) if isinstance(c, str) else c for c in entry["cards"]]
        else:
            name = entry.get("deck")
            decks = self.decks
            if name not in decks:
                raise PositionError(f"unknown deck {name!r} (decks: {', '.join(sorted(decks))})")
            ids = decks[name]
        for cid in ids:
            if cid not in db:
                raise PositionError(f"unknown card {cid!r} in a deck")
        return ids

    def new_state(self, setup: dict, seed: int) -> RushState:
        """Set-up (seed 2; digest 1.C rule 9): shuffle, decide the first player at random,
        each draws 4, 8000 LP; then turn 1 begins with its Draw Phase."""
        db = self.cards
        s = RushState(self, db, [])
        s.rng = PCG32(seed)
        players = setup.get("players", [])
        if len(players) != 2:
            raise PositionError("a Rush Duel set-up needs two players")
        lists = [self._deck_list(pl, db) for pl in players]
        s.names = [str(pl.get("name", f"Player {i + 1}")) for i, pl in enumerate(players)]
        set_up(s, lists)
        return s

    def state_from_data(self, data: dict) -> RushState:
        db = self.cards
        extra = data.get("extra_cards") or []
        if extra:
            db = carddb.index_extra(extra, db)
        return RushState.from_data(self, db, data)
    def from_position(self, position: dict, seed: int = 0, extra_cards: list | None = None) -> RushState:
        """Build a state from a position (schema in README.md; position.py)."""
        return from_position(self, position, seed, extra_cards)

    # -- computer opponent ------------------------------------------------------------------
    def heuristic(self, state: RushState, player: int) -> float:
        """How good ``state`` is for ``player`` (ai.py)."""
        return heuristic(state, player)

    #: Hard's turn plans weigh each choice by the leaf value: a card played is drawn back at the
    #: next Draw Phase, which the heuristic, counting the hand as it stands, does not see
    hard_options = {"plan_leaf": True}

    def leaf_value(self, state: RushState, player: int) -> float:
        """Where Hard's search stops: the hand counted after the next Draw Phase (ai.py)."""
        return leaf_value(state, player)
