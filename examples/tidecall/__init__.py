"""Tidecall: a small creature duel, the worked example of docs/PLUGINS.md (rules: README.md)."""

from pathlib import Path

from tabletop.engine.cards import Field, index_cards, read_card_file
from tabletop.engine.core import Game
from tabletop.engine.errors import PositionError, TabletopError
from tabletop.engine.position import PositionReader
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32

from .effects import EFFECTS, card_face, chosen_target
from .state import FIELD_SLOTS, PHASES, START_LIFE, TidecallState

HERE = Path(__file__).resolve().parent
HAND_START, DECK_SIZE = 3, 12
CARD_FIELDS = [Field("id", str, True), Field("name", str, True), Field("type", str, True, choices=("creature", "spell")),
               Field("power", int, True, min=1, max=9, when=lambda c: c.get("type") == "creature"),
               Field("effect", list, default=list), Field("flavor", str, default="")]


class TidecallGame(Game):
    id, title, phases, turn_cap, package_dir = "tidecall", "Tidecall", PHASES, 80, HERE
    description = "A small creature duel: one card a turn, attack, block. The kit's example plugin."
    cards = None  # the card database, read by __init__

    def __init__(self):
        data, ctx = read_card_file(HERE / "cards.toml")
        self.cards = index_cards(ctx, data.get("card", []), CARD_FIELDS)
        for cid, card in self.cards.items():
            EFFECTS.validate(card["effect"], ctx.path, cid)  # each operation against its primitive's schema
            if card["type"] == "creature" and chosen_target(card["effect"]):
                ctx.fail("a creature's effect may not choose a target", cid, "effect")
        self._decks = {name: list(deck["cards"]) for name, deck in data.get("deck", {}).items()}

    decks = property(lambda self: {name: list(ids) for name, ids in self._decks.items()})

    def validate_deck(self, card_ids):
        return [f"unknown card {c!r}" for c in card_ids if c not in self.cards][:1] or \
            ([] if len(card_ids) == DECK_SIZE else [f"a deck has {DECK_SIZE} cards, not {len(card_ids)}"])

    def describe_card(self, card_id):
        return card_face(self.cards[card_id])

    def new_state(self, setup, seed):
        """Setting up (1.1): shuffle each deck, draw three cards each; Player 1 begins."""
        rng, players = PCG32(seed), []
        for spec in setup["players"]:
            if spec.get("deck") not in self._decks:
                raise TabletopError(f"unknown deck {spec.get('deck')!r} (decks: {', '.join(sorted(self._decks))})")
            deck = self.decks[spec["deck"]]
            rng.shuffle(deck)
            players.append({"deck": deck[:-HAND_START], "hand": deck[:-HAND_START - 1:-1]})  # drawn from the end
        return self.from_position({"turn": 1, "players": players}, rng.randbelow(1 << 30))

    def from_position(self, position, seed=0, extra_cards=None):
        """A state from a position (schema in README.md), read by the kit's PositionReader."""
        if extra_cards:
            raise PositionError("Tidecall positions bring no extra cards")
        read, s = PositionReader(position), TidecallState(self)
        s.turn_number, s.active = read.integer(None, "turn", 2, low=1), read.integer(None, "active", 0, low=0, high=1)
        s.phase, s.played_card = read.one_of(None, "phase", ("main", "battle"), "main"), read.flag(None, "played_card")
        for p in (0, 1):
            s.life[p] = read.integer(p, "life", START_LIFE, low=1)
            for zone in ("deck", "hand", "discard"):
                for entry in read.cards(p, zone, self.cards):
                    s.table.add(entry.card, p, f"p{p}.{zone}", face=int(zone == "discard"))
            for entry in filter(None, read.slots(p, "field", FIELD_SLOTS, self.cards)):
                s.table.add(entry.card, p, f"p{p}.field", face=1, index=entry.slot)
        s.table.shuffle_iids(PCG32(seed))  # an iid says nothing of the card
        main = [Step("main_phase", 1)] if s.phase == "main" else []  # stage 1: the phase is already announced
        s.steps = [Step("end_phase"), Step("battle_phase", int(not main))] + main  # the rest of the turn
        return s

    def state_from_data(self, data):
        return TidecallState.from_data(self, data)

    def heuristic(self, state, player):
        return sum((1 if p == player else -1) * (state.life[p] + 0.5 * state.table.count(f"p{p}.hand") + sum(
            state.card_of(i)["power"] for i in state.table.ids(f"p{p}.field"))) for p in (0, 1))


GAME = TidecallGame()
