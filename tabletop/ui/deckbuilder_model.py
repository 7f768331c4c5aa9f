"""The deck builder's state without any drawing: the game's card pool, the
search and the filters (from ``Game.card_facets``), the deck being built and
its checks. Knows no game: everything comes from the Game object."""

from __future__ import annotations

from tabletop.engine.decks import Deck
from tabletop.i18n import N_, card_text, game_text, language

ANY = N_("Any")  # shown translated
MAX_FILTERS = 4


class DeckModel:
    def __init__(self, game, deck: Deck | None = None, path=None):
        self.game = game
        self.pool = game.card_pool()
        self.facets = {cid: game.card_facets(cid) for cid in self.pool}
        self.names = {cid: game.cards[cid]["name"] for cid in self.pool}
        self.search = ""
        self.chosen: dict[str, str] = {}       # facet -> the value chosen (absent: any)
        self.sections = list(game.deck_sections)
        self.deck = deck.copy() if deck is not None else Deck(game.id, "", {k: [] for k, _ in self.sections})
        for k, _ in self.sections:
            self.deck.sections.setdefault(k, [])
        self.path = path                        # the player's deck file it was opened from (None: not saved yet)
        self.dirty = False
        self._problems = None
        self._text = {cid: self._search_text(cid) for cid in self.pool}

    # -- filters --------------------------------------------------------------------------
    def filter_names(self) -> list[str]:
        """The facets worth filtering on: those with 2 or more values, in the
        order the game gives them (at most MAX_FILTERS)."""
        order: list[str] = []
        values: dict[str, set] = {}
        for f in self.facets.values():
            for k, v in f.items():
                if k not in values:
                    order.append(k)
                    values[k] = set()
                values[k].add(v)
        wanted = [k for k in self.game.deck_filters if k in values] or order
        if self.game.deck_curve in values and self.game.deck_curve not in wanted[:MAX_FILTERS]:
            wanted = [k for k in wanted if k != self.game.deck_curve]
            wanted.insert(min(2, len(wanted)), self.game.deck_curve)   # the curve's facet is always offered
        return [k for k in wanted if len(values[k]) >= 2][:MAX_FILTERS]

    def filter_values(self, facet: str) -> list[str]:
        vals = {f[facet] for f in self.facets.values() if facet in f}
        nums = sorted(v for v in vals if isinstance(v, int))
        words = sorted((v for v in vals if not isinstance(v, int)), key=lambda s: str(s).casefold())
        return [ANY] + [str(v) for v in nums] + [str(v) for v in words]

    def choose(self, facet: str, value: str) -> None:
        if value == ANY:
            self.chosen.pop(facet, None)
        else:
            self.chosen[facet] = value

    def _search_text(self, cid) -> str:
        d = self.game.describe_card(cid)
        bits = [d.get("name", ""), d.get("text", ""), d.get("type", ""), d.get("subtype", ""),
                " ".join(map(str, d.get("tags", []))), " ".join(map(str, d.get("keywords", []))), cid]
        bits += [str(v) for v in self.facets[cid].values()]
        if language() != "en":  # the words as shown are searched too
            gid = self.game.id
            bits += [card_text(cid, "name", str(d.get("name", "")), gid), card_text(cid, "text", str(d.get("text", "")), gid)]
            bits += [game_text(str(b), gid) for b in bits[2:5]] + [game_text(str(v), gid) for v in self.facets[cid].values()]
            bits += [game_text(str(t), gid) for t in list(d.get("tags", [])) + list(d.get("keywords", []))]
        return " ".join(str(b) for b in bits).casefold()

    def shown(self) -> list[str]:
        """The pool as filtered: every word of the search in the card's name,
        text, type or tags, and every chosen filter matched."""
        words = self.search.casefold().split()
        out = []
        for cid in self.pool:
            f = self.facets[cid]
            if any(str(f.get(k)) != v for k, v in self.chosen.items()):
                continue
            if words and not all(w in self._text[cid] for w in words):
                continue
            out.append(cid)
        return out

    # -- the deck -------------------------------------------------------------------------
    def copies(self, cid: str) -> int:
        return sum(ids.count(cid) for ids in self.deck.sections.values())

    def section_for(self, cid: str) -> str:
        return self.game.section_for(cid, self.deck)

    def add(self, cid: str, section: str | None = None) -> str:
        key = section or self.section_for(cid)
        self.deck.add(key, cid)
        self._changed()
        return key

    def remove(self, cid: str, section: str | None = None) -> bool:
        keys = [section] if section else [k for k, _ in reversed(self.sections)]
        for k in keys:
            if self.deck.remove(k, cid):
                self._changed()
                return True
        return False

    def rows(self, section: str) -> list[tuple[str, int]]:
        """(card id, copies) in the section, in the order first added."""
        counts: dict[str, int] = {}
        for c in self.deck.sections.get(section, []):
            counts[c] = counts.get(c, 0) + 1
        return list(counts.items())

    def problems(self) -> list:
        if self._problems is None:
            self._problems = self.game.check_deck(self.deck)
        return self._problems

    def curve(self) -> list[tuple[int, int]]:
        """(value, cards) for the game's curve facet (level, cost, speed) over
        the whole deck, every value from the lowest to the highest present."""
        key = self.game.deck_curve
        vals = [self.facets[c][key] for c in self.deck.ids() if isinstance(self.facets.get(c, {}).get(key), int)]
        if not vals:
            return []
        return [(v, vals.count(v)) for v in range(min(vals), max(vals) + 1)]

    def load(self, deck: Deck, path=None) -> None:
        self.deck = deck.copy()
        for k, _ in self.sections:
            self.deck.sections.setdefault(k, [])
        self.path = path
        self.dirty = False
        self._problems = None

    def _changed(self) -> None:
        self.dirty = True
        self._problems = None
