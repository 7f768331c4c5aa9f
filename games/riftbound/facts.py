"""What never changes about the cards of a card database, worked out once per
database: which card ids are units (and tokens) and gear, each rune's domain, and
each card's activated abilities. The rules ask these questions at every
decision; a set or a dict answers them without reading the card each time.

A state holds its database's facts (the shared field ``facts``); a database
never changes once loaded (a position's extra cards make a new one).
"""

from __future__ import annotations

from .rulebook import POOL_INDEX


class CardFacts:
    """The facts of one card database (see the module docstring)."""

    __slots__ = ("db", "units", "gear", "rune_index", "activated", "chain_ok", "showdown_ok", "triggers", "kw_given",
                 "moves_to_showdown", "chain_activated", "showdown_activated",
                 "bf_might", "defend_alone", "plays", "hidden_kw")

    def __init__(self, card_db: dict):
        self.db = card_db
        #: the ids of unit and token cards
        self.units = frozenset(k for k, c in card_db.items() if c["type"] in ("unit", "token"))
        #: the ids of gear cards
        self.gear = frozenset(k for k, c in card_db.items() if c["type"] == "gear")
        #: a rune card's domain as an index into a rune pool's power (pool index - 1)
        self.rune_index = {k: POOL_INDEX[c["rune"]] - 1 for k, c in card_db.items() if c["type"] == "rune"}
        # what may be played from hand while a chain exists: Reaction (Quick-Draw has it), and
        # a unit with Ambush; during a showdown: Action too (digest 8.3, 18; play_timing_refusal)
        react = {k for k, c in card_db.items() if c["kw"].get("reaction") or c["kw"].get("quickdraw")
                 or (c["kw"].get("ambush") and c["type"] == "unit")}
        #: the ids of cards that may be played from hand while a chain exists
        self.chain_ok = frozenset(react)
        #: the ids of cards that may be played from hand during a showdown
        self.showdown_ok = frozenset(react | {k for k, c in card_db.items() if c["kw"].get("action")})
        #: what each card's abilities trigger on ("play", "death", "activate"...)
        self.triggers = {k: frozenset(ab["on"] for ab in c["abil"]) for k, c in card_db.items()}
        #: the keywords a unit can have from something else than its own card (Core Rules v1.3
        #: Layers, digest 21: Board.keyword_value): granted this turn by a "grant" effect, from
        #: an Equipment attached to it, from a battlefield's "units here have"
        given = set()
        for c in card_db.values():
            if c["type"] == "gear":
                given.update(c["kw"])
            if c["here_kw"]:
                given.add(c["here_kw"])
            for effect in [c["effect"]] + [ab.get("effect") or [] for ab in c["abil"]]:
                for op in effect:
                    if op["op"] == "grant":
                        given.add(op["kw"])
        self.kw_given = frozenset(given)
        #: the ids of spells that move units to the running showdown's battlefield (offered only
        #: during a showdown: Legality._play_choices)
        self.moves_to_showdown = frozenset(k for k, c in card_db.items()
                                           if c["type"] == "spell" and any(op["op"] == "move_bf" for op in c["effect"]))
        #: a legend's static Might for its units at battlefields ("bf_might"), and for a unit
        #: that defends alone ("defend_alone"), by card id (cards without one are left out)
        self.bf_might = {k: sum(st.get("n", 1) for st in c["static"] if st["kind"] == "bf_might")
                         for k, c in card_db.items() if any(st["kind"] == "bf_might" for st in c["static"])}
        self.defend_alone = {k: [st.get("n", 1) for st in c["static"] if st["kind"] == "defend_alone"]
                             for k, c in card_db.items() if any(st["kind"] == "defend_alone" for st in c["static"])}
        #: what Legality._play_choices reads of each card, by card id: (type, name, cost, power,
        #: Reaction (or Quick-Draw), Action, Accelerate, [C]'s domain (Legality._cdom), Ambush,
        #: Repeat, Quick-Draw, target)
        self.plays = {k: (c["type"], c["name"], c["cost"], c["power"],
                          bool(c["kw"].get("reaction") or c["kw"].get("quickdraw")), bool(c["kw"].get("action")),
                          c["kw"].get("accelerate"), c["domain"][0] if len(c["domain"]) == 1 else "any",
                          c["kw"].get("ambush"), c["kw"].get("repeat", 0), c["kw"].get("quickdraw"), c["target"])
                      for k, c in card_db.items()}
        #: the ids of cards with Hidden
        self.hidden_kw = frozenset(k for k, c in card_db.items() if c["kw"].get("hidden"))
        #: the activated abilities of each card that has any: ((number, ability), ...)
        self.activated = {}
        for k, c in card_db.items():
            acts = tuple((n, ab) for n, ab in enumerate(c["abil"]) if ab["on"] == "activate")
            if acts:
                self.activated[k] = acts
        #: the ids of cards with an activated ability usable while a chain exists (Reaction),
        #: and during a showdown (Action or Reaction): ability_refusal's timing, per card
        self.chain_activated = frozenset(k for k, acts in self.activated.items()
                                         if any(ab.get("timing", "") == "reaction" for _, ab in acts))
        self.showdown_activated = frozenset(k for k, acts in self.activated.items()
                                            if any(ab.get("timing", "") in ("action", "reaction") for _, ab in acts))


_FACTS: dict = {}


def card_facts(card_db: dict) -> CardFacts:
    """The facts of ``card_db``, made once per database."""
    hit = _FACTS.get(id(card_db))
    if hit is None or hit.db is not card_db:
        if len(_FACTS) > 64:
            _FACTS.clear()
        hit = _FACTS[id(card_db)] = CardFacts(card_db)
    return hit
