"""What is worked out once per card database and then only looked up: each card's
class for the Main Phase, the cards a filter matches, a Fusion monster's materials,
and the choices made so far (a choice is a value: the same card into the same zone,
with the same words, is the same choice decision after decision).

Everything here is derived from the card database alone, never from a duel, so it
is shared by every duel, clone and determinized copy that reads the same database.
"""

from __future__ import annotations

from .effects import card_matches

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


class Memo:
    """The look-ups of one card database (see the module docstring)."""

    __slots__ = ("db", "size", "hint", "materials", "made", "_matches")

    def __init__(self, db: dict):
        self.db = db
        self.size = len(db)
        self.hint = _Hints()
        self.hint.db = db
        self.materials = _Materials()
        self.materials.db = db
        #: choices made once, by a key naming everything their words and args depend on
        self.made: dict = {}
        self._matches: dict = {}

    def matching(self, flt: dict) -> frozenset:
        """The card ids whose printed values match ``flt`` (effects.card_matches)."""
        got = self._matches.get(id(flt))
        if got is None or got[0] is not flt:
            got = self._matches[id(flt)] = (flt, frozenset(cid for cid, c in self.db.items() if card_matches(c, flt)))
        return got[1]


_MEMOS: dict = {}
_last: list = [None, None]


def memo_for(db: dict) -> Memo:
    """The memo of ``db``. It holds the database, so its id is not reused while the
    memo lives; a database that has grown since gets a new memo."""
    if _last[0] is db and _last[1].size == len(db):
        return _last[1]
    m = _MEMOS.get(id(db))
    if m is None or m.db is not db or m.size != len(db):
        if len(_MEMOS) > 16:
            _MEMOS.clear()
        m = _MEMOS[id(db)] = Memo(db)
    if len(m.made) > 50_000:
        m.made.clear()
    _last[0], _last[1] = db, m
    return m
