"""Tidecall: a small two-player creature duel, the worked example of
docs/PLUGINS.md (rules: README.md). The Game object is ``GAME``."""

from pathlib import Path

from tabletop.engine.cards import Field, index_cards, read_card_file
from tabletop.engine.core import Game
from tabletop.engine.errors import PositionError, TabletopError
from tabletop.engine.position import PositionReader
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32

from .effects import EFFECTS, card_face, chosen_target
from .legality import FIELD_SLOTS
from .rules import PROCESSOR
from .state import PHASES, SPECS, START_LIFE, TidecallState

HERE = Path(__file__).resolve().parent
HAND_START, DECK_SIZE = 3, 12
CARD_FIELDS = [
    Field("id", str, True), Field("name", str, True), Field("type", str, True, choices=("creature", "spell")),
    Field("power", int, True, min=1, max=9, when=lambda c: c.get("type") == "creature"),
    Field("effect", list, default=list), Field("flavor", str, default=""),
]


class TidecallGame(Game):
    id = "tidecall"
    title = "Tidecall"
    description = "A small creature duel: one card a turn, attack, block. The kit's example plugin."
    phases = PHASES
    turn_cap = 80
    package_dir = HERE

    def __init__(self):
        data, ctx = read_card_file(HERE / "cards.toml")
        self._cards = index_cards(ctx, data.get("card", []), CARD_FIELDS)
        for cid, card in self._cards.items():
            EFFECTS.validate(card["effect"], ctx.path, cid)  # each operation against its primitive's schema
            if card["type"] == "creature" and chosen_target(card["effect"]):
                ctx.fail("a creature's effect may not choose a target", cid, "effect")
        self._decks = {name: list(deck["cards"]) for name, deck in data.get("deck", {}).items()}

    @property
    def cards(self):
        return self._cards

    @property
    def decks(self):
        return {name: list(ids) for name, ids in self._decks.items()}

    def validate_deck(self, card_ids):
        return [f"unknown card {c!r}" for c in card_ids if c not in self._cards][:1] or \
            ([] if len(card_ids) == DECK_SIZE else [f"a deck has {DECK_SIZE} cards, not {len(card_ids)}"])

    def describe_card(self, card_id):
        return card_face(self._cards[card_id])

    def new_state(self, setup, seed):
        """Setting up (1.1): shuffle each deck, draw three cards each; Player 1 begins."""
        s, rng, decks = TidecallState(self), PCG32(seed), []
        for spec in setup["players"]:
            if spec.get("deck") not in self._decks:
                raise TabletopError(f"unknown deck {spec.get('deck')!r} (decks: {', '.join(sorted(self._decks))})")
            decks.append(self.decks[spec["deck"]])
            rng.shuffle(decks[-1])
        s.table.create(decks, ["p0.deck", "p1.deck"], rng)
        for p in (0, 1):
            for _ in range(HAND_START):
                s.draw(p, [], "Setting up (1.1)")
        s.steps = [Step("turn")]
        PROCESSOR.run(s, [])
        return s

    def from_position(self, position, seed=0, extra_cards=None):
        """A state from a position (schema in README.md), read by the kit's PositionReader."""
        if extra_cards:
            raise PositionError("Tidecall positions bring no extra cards")
        read, s = PositionReader(position), TidecallState(self)
        s.turn_number = read.integer(None, "turn", 2, low=1)
        s.active = read.integer(None, "active", 0, low=0, high=1)
        s.phase = read.one_of(None, "phase", ("main", "battle"), "main")
        s.played_card = read.flag(None, "played_card")
        for p in (0, 1):
            s.life[p] = read.integer(p, "life", START_LIFE, low=1)
            for zone in ("deck", "hand", "discard"):
                for entry in read.cards(p, zone, self._cards):
                    s.table.add(entry.card, p, f"p{p}.{zone}", face=int(zone == "discard"))
            for entry in read.slots(p, "field", FIELD_SLOTS, self._cards):
                if entry is not None:
                    s.table.add(entry.card, p, f"p{p}.field", face=1, index=entry.slot)
        s.table.shuffle_iids(PCG32(seed))  # an iid says nothing of the card
        # the position starts inside its phase (stage 1: no phase.begin again)
        s.steps = [Step("end_phase"), Step("battle_phase", int(s.phase == "battle"))]
        s.steps += [Step("main_phase", 1)] if s.phase == "main" else []
        return s

    def state_from_data(self, data):
        s = TidecallState(self)
        s.FIELDS.from_data(s, data, SPECS)
        return s

    def heuristic(self, state, player):
        def side(p):
            power = sum(state.card_of(i)["power"] for i in state.table.ids(f"p{p}.field"))
            return state.life[p] + power + 0.5 * state.table.count(f"p{p}.hand")
        return side(player) - side(1 - player)


GAME = TidecallGame()
