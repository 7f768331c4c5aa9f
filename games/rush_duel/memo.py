"""What is worked out once per card database and then only looked up: each card's
class for the Main Phase, the cards a filter matches, a Fusion monster's materials,
and the choices made so far (a choice is a value: the same card into the same zone,
with the same words, is the same choice decision after decision).

Everything here is derived from the card database alone, never from a duel, so it
is shared by every duel, clone and determinized copy that reads the same database.
"""

from __future__ import annotations

from .carddb import is_extra
from .effects import card_matches
from .effects.primitives import AT_ONCE

#: a card's class in the Main Phase (:attr:`Memo.hint`)
LOW_MONSTER = 0     # a main-deck monster of level 4 or lower: normal summoned or set (seed 3.2.1)
HIGH_MONSTER = 1    # level 5 or more: an advance summon or set with tributes (seed 3.2.1.1)
FUSION_MONSTER = 2  # never normal summoned (seed 3.2.1)
SPELL = 3           # a spell played in a Spell & Trap Zone (seed 3.2.3)
FIELD_SPELL = 4     # a field spell, in the Field Zone (seed 3.2.4)
TRAP = 5            # a trap, set (seed 3.2.5)


class _Hints(dict):
    """card id -> (class, name, tributes needed, Maximum centre piece, has an effect),
    worked out when first asked for."""

    __slots__ = ("db",)

    def __missing__(self, cid: str) -> tuple:
        c = self.db[cid]
        k, sub = c["kind"], c["subtype"]
        need = 0
        if k == "monster":
            if sub == "fusion":
                code = FUSION_MONSTER
            elif c["level"] <= 4:
                code = LOW_MONSTER
            else:
                code = HIGH_MONSTER
                need = 1 if c["level"] <= 6 else 2
        elif k == "spell":
            code = FIELD_SPELL if sub == "field" else SPELL
        else:
            code = TRAP
        centre = sub == "maximum" and c.get("max_piece") == "centre"
        got = self[cid] = (code, c["name"], need, centre, bool(c["effect"] or c["modes"]), sub == "maximum")
        return got


class _Materials(dict):
    """Fusion monster's card id -> (((material card id, copies needed), ...) in the
    order first named, the set of the material card ids), worked out when first asked for."""

    __slots__ = ("db",)

    def __missing__(self, cid: str) -> tuple:
        materials = self.db[cid]["materials"]
        counts = tuple((m, materials.count(m)) for m in dict.fromkeys(materials))
        got = self[cid] = (counts, frozenset(materials))
        return got


#: the steps of an effect whose possibility is checked (legality._mode_possible), by code
CHECK_FUSION, CHECK_SEARCH, CHECK_REVIVE, CHECK_SALVAGE, CHECK_ALL, CHECK_NEGATE = range(6)
_ALL_OPS = ("destroy", "bounce", "to_deck", "to_defense")
_NO_FILTER: dict = {}


def _checks(ops: list) -> tuple:
    """The steps of ``ops`` that decide whether the effect could do something, in
    order, as (code, step): the others never stop an activation."""
    out = []
    for op in ops:
        o = op["op"]
        if o == "fusion":
            out.append((CHECK_FUSION, op))
        elif o == "search":
            out.append((CHECK_SEARCH, op))
        elif o == "revive":
            out.append((CHECK_REVIVE, op))
        elif o == "salvage":
            out.append((CHECK_SALVAGE, op))
        elif o in _ALL_OPS and op.get("what", "target").startswith("all_"):
            out.append((CHECK_ALL, op))
        elif o == "negate_attack":
            out.append((CHECK_NEGATE, op))
    return tuple(out)


class _Plans(dict):
    """card id -> how its activation is checked: (requirement, cost, parts), each part
    (mode index or None, the checks of its steps, its target or None); worked out
    when first asked for."""

    __slots__ = ("db",)

    def __missing__(self, cid: str) -> tuple:
        c = self.db[cid]
        if c["modes"]:
            parts = tuple((m, _checks(mode["effect"]), mode.get("target", c.get("target")))
                          for m, mode in enumerate(c["modes"]))
        else:
            parts = ((None, _checks(c["effect"]), c.get("target")),)
        got = self[cid] = (c["requirement"], c["cost"], parts)
        return got


class _Triggers(dict):
    """card id -> None, or for a trap (its trigger's event, who must cause it: "opp",
    "self" or "any", the rest of the trigger: a filter on the card it answers),
    worked out when first asked for."""

    __slots__ = ("db",)

    def __missing__(self, cid: str):
        c = self.db[cid]
        got = None
        if c["kind"] == "trap":
            trig = c["trigger"]
            got = (trig["event"], trig.get("by", "opp"), {k: v for k, v in trig.items() if k not in ("event", "by")})
        self[cid] = got
        return got


class _Plain(dict):
    """card id -> True when its effect can always be activated, one way only: no
    requirement, no cost, no mode, no target and no step whose possibility is checked
    (legality.effect_variants then always answers [(None, None)]); worked out when
    first asked for."""

    __slots__ = ("plans",)

    def __missing__(self, cid: str) -> bool:
        req, cost, parts = self.plans[cid]
        got = self[cid] = not req and not cost and parts == ((None, (), None),)
        return got


class _AtOnce(dict):
    """card id -> True when its cost and every [EFFECT] (each mode's) resolve without
    asking a player anything (effects.primitives.AT_ONCE), worked out when first asked for."""

    __slots__ = ("db",)

    def __missing__(self, cid: str) -> bool:
        c = self.db[cid]
        steps = list(c["cost"]) + list(c["effect"])
        for mode in c["modes"]:
            steps += mode["effect"]
        got = self[cid] = all(op["op"] in AT_ONCE for op in steps)
        return got


class Memo:
    """The look-ups of one card database (see the module docstring)."""

    __slots__ = ("db", "size", "hint", "materials", "plans", "triggers", "made", "_matches", "_revivable", "_fusions",
                 "plain", "at_once", "extra", "last_extra")

    def __init__(self, db: dict):
        self.db = db
        self.size = len(db)
        # the look-ups the rules make at every decision are worked out for every card now,
        # into plain dicts: the interpreter's fast look-up is a plain dict's (_every)
        self.hint = _every(_Hints(), db)
        self.materials = _Materials()
        self.materials.db = db
        self.plans = _every(_Plans(), db)
        self.triggers = _every(_Triggers(), db)
        #: choices made once, by a key naming everything their words and args depend on
        self.made: dict = {}
        self._matches: dict = {}
        self._revivable: dict = {}
        self._fusions: dict = {}
        #: by player, the Extra Deck last asked about: (the table's card list, its iids, fusions_in of them)
        #: (a table's card ids never change in place, so the same list and iids are the same cards)
        self.last_extra: list = [None, None]
        #: the card ids that live in the Extra Deck (carddb.is_extra)
        self.extra = frozenset(cid for cid, c in db.items() if is_extra(c))
        #: card id -> whether its activation is always possible and one way only (_Plain)
        plain = _Plain()
        plain.plans = self.plans
        self.plain = _every(plain, db)
        #: card id -> whether it resolves without asking a player anything (_AtOnce)
        self.at_once = _every(_AtOnce(), db)

    def matching(self, flt: dict) -> frozenset:
        """The card ids whose printed values match ``flt`` (effects.card_matches)."""
        got = self._matches.get(id(flt))
        if got is None or got[0] is not flt:
            got = self._matches[id(flt)] = (flt, frozenset(cid for cid, c in self.db.items() if card_matches(c, flt)))
        return got[1]

    def revivable(self, flt: dict) -> frozenset:
        """The card ids of main-deck monsters (no Fusion monster) that match ``flt``."""
        got = self._revivable.get(id(flt))
        if got is None or got[0] is not flt:
            db = self.db
            got = self._revivable[id(flt)] = (flt, frozenset(
                cid for cid in self.matching(flt) if db[cid]["kind"] == "monster" and db[cid]["subtype"] != "fusion"))
        return got[1]

    def fusions_in(self, extra: tuple) -> tuple:
        """The Fusion monsters of an Extra Deck holding the card ids ``extra``, each
        once, as their materials (:class:`_Materials`) and whether each material is
        needed once only: (counts, names, once)."""
        got = self._fusions.get(extra)
        if got is None:
            if len(self._fusions) > 4096:
                self._fusions.clear()
            got = self._fusions[extra] = tuple((counts, names, all(n == 1 for _m, n in counts))
                                               for counts, names in map(self.materials.__getitem__,
                                                                        dict.fromkeys(extra)))
        return got


def _every(lazy: dict, db: dict) -> dict:
    """A plain dict of what ``lazy`` (one of the classes above, which work a card's
    answer out when first asked for) answers for every card of ``db``. The rules look
    these up at every decision, and the interpreter's fast look-up (the specialised
    subscript) is a plain dict's only, never a subclass's."""
    if "db" in lazy.__slots__:  # the classes that read the cards (_Plain reads the plans)
        lazy.db = db
    for cid in db:
        lazy[cid]  # __missing__ works it out and keeps it
    return dict(lazy)


_MEMOS: dict = {}
_last: list = [None, None]


def memo_for(db: dict) -> Memo:
    """The memo of ``db``. It holds the database, so its id is not reused while the
    memo lives. A database is not changed once duels read it; one that has grown
    anyway gets a new memo when it is next looked up by id."""
    if _last[0] is db:
        return _last[1]
    m = _MEMOS.get(id(db))
    if m is None or m.db is not db or m.size != len(db):
        if len(_MEMOS) > 16:
            _MEMOS.clear()
        m = _MEMOS[id(db)] = Memo(db)
    _last[0], _last[1] = db, m
    return m
