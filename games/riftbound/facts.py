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
        units, gear, react, action, given, to_showdown, hidden_kw = set(), set(), set(), set(), set(), set(), set()
        #: a rune card's domain as an index into a rune pool's power (pool index - 1)
        self.rune_index = rune_index = {}
        #: what each card's abilities trigger on ("play", "death", "activate"...)
        self.triggers = triggers = {}
        #: a legend's static Might for its units at battlefields ("bf_might"), and for a unit
        #: that defends alone ("defend_alone"), by card id (cards without one are left out)
        self.bf_might = bf_might = {}
        self.defend_alone = defend_alone = {}
        #: what Legality._play_choices reads of each card, by card id: (type, name, cost, power,
        #: Reaction (or Quick-Draw), Action, Accelerate, [C]'s domain (Legality._cdom), Ambush,
        #: Repeat, Quick-Draw, target)
        self.plays = plays = {}
        #: the activated abilities of each card that has any: ((number, ability), ...)
        self.activated = activated = {}
        # one pass over the cards (a database is read once per process, and once more for each
        # position that brings cards of its own)
        no_triggers = frozenset()  # most cards have no ability: they share one empty set
        for k, c in card_db.items():
            typ, kw, abil = c["type"], c["kw"], c["abil"]
            if typ == "unit" or typ == "token":
                units.add(k)
            elif typ == "gear":
                gear.add(k)
                given.update(kw)
            elif typ == "rune":
                rune_index[k] = POOL_INDEX[c["rune"]] - 1
            if kw:  # each keyword read once (most cards have none)
                quickdraw, ambush, act = kw.get("quickdraw"), kw.get("ambush"), kw.get("action")
                reaction = bool(kw.get("reaction") or quickdraw)
            else:
                quickdraw = ambush = act = None
                reaction = False
            # what may be played from hand while a chain exists: Reaction (Quick-Draw has it),
            # and a unit with Ambush; during a showdown: Action too (digest 8.3, 18;
            # play_timing_refusal)
            if reaction or (ambush and typ == "unit"):
                react.add(k)
            if act:
                action.add(k)
            triggers[k] = frozenset([ab["on"] for ab in abil]) if abil else no_triggers
            if c["here_kw"]:
                given.add(c["here_kw"])
            for op in c["effect"]:
                if op["op"] == "grant":
                    given.add(op["kw"])
                elif op["op"] == "move_bf" and typ == "spell":
                    to_showdown.add(k)
            if abil:
                acts = []
                for n, ab in enumerate(abil):
                    for op in ab.get("effect") or []:
                        if op["op"] == "grant":
                            given.add(op["kw"])
                    if ab["on"] == "activate":
                        acts.append((n, ab))
                if acts:
                    activated[k] = tuple(acts)
            static = c["static"]
            if static:
                bm = [st.get("n", 1) for st in static if st["kind"] == "bf_might"]
                if bm:
                    bf_might[k] = sum(bm)
                da = [st.get("n", 1) for st in static if st["kind"] == "defend_alone"]
                if da:
                    defend_alone[k] = da
            dom = c["domain"]
            if kw:
                plays[k] = (typ, c["name"], c["cost"], c["power"], reaction, bool(act), kw.get("accelerate"),
                            dom[0] if len(dom) == 1 else "any", ambush, kw.get("repeat", 0), quickdraw, c["target"])
                if kw.get("hidden"):
                    hidden_kw.add(k)
            else:
                plays[k] = (typ, c["name"], c["cost"], c["power"], False, False, None,
                            dom[0] if len(dom) == 1 else "any", None, 0, None, c["target"])
        #: the ids of unit and token cards
        self.units = frozenset(units)
        #: the ids of gear cards
        self.gear = frozenset(gear)
        #: the ids of cards that may be played from hand while a chain exists
        self.chain_ok = frozenset(react)
        #: the ids of cards that may be played from hand during a showdown
        self.showdown_ok = frozenset(react | action)
        #: the keywords a unit can have from something else than its own card (Core Rules v1.3
        #: Layers, digest 21: Board.keyword_value): granted this turn by a "grant" effect, from
        #: an Equipment attached to it, from a battlefield's "units here have"
        self.kw_given = frozenset(given)
        #: the ids of spells that move units to the running showdown's battlefield (offered only
        #: during a showdown: Legality._play_choices)
        self.moves_to_showdown = frozenset(to_showdown)
        #: the ids of cards with Hidden
        self.hidden_kw = frozenset(hidden_kw)
        #: the ids of cards with an activated ability usable while a chain exists (Reaction),
        #: and during a showdown (Action or Reaction): ability_refusal's timing, per card
        self.chain_activated = frozenset(k for k, acts in activated.items()
                                         if any(ab.get("timing", "") == "reaction" for _, ab in acts))
        self.showdown_activated = frozenset(k for k, acts in activated.items()
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
