"""What is on the board, read: card data, monsters a player controls, current ATK and DEF
with every modifier (digest 1.D rule 21, 1.E rule 22, 1.G rule 31)."""

from __future__ import annotations

from functools import partial
from operator import is_not

from tabletop.engine.core import Choice, Event, make_event

from .effects import card_matches
from .zones import Z

_MONSTER_ZONE = (Z[0]["monster"], Z[1]["monster"])
#: holds a card (a slot of a row that is not empty)
_IS_CARD = partial(is_not, None)

#: choices that never change, made once (a decision lists the same objects each time)
#: a filter on a monster on the field, read once, by the filter (its id; the entry holds
#: it): (filter, position or None, max_atk or None, min_atk or None, the rest of it, on
#: printed values)
_FIELD_FILTERS: dict = {}


def _field_filter(flt: dict) -> tuple:
    if len(_FIELD_FILTERS) > 1000:
        _FIELD_FILTERS.clear()
    rest = {k: v for k, v in flt.items() if k not in ("position", "max_atk", "min_atk")}
    got = _FIELD_FILTERS[id(flt)] = (flt, flt.get("position"), flt.get("max_atk"), flt.get("min_atk"), rest)
    return got


_SURRENDER = tuple(Choice("surrender", {}, p, "Surrender", role="resign") for p in (0, 1))


class Board:
    """Mixin of RushState: reading the board."""

    def card_data(self, iid: int) -> dict:
        return self.db[self.table.card[iid]]

    def name(self, iid: int) -> str:
        return self.db[self.table.card[iid]]["name"]

    def player_name(self, p: int) -> str:
        return self.names[p]

    def units(self, p: int) -> list[int]:
        """The monsters ``p`` controls; a Maximum monster counts once, by its centre (digest 31)."""
        # plain loops: on a row of three they cost less than a comprehension or filter
        mx = self.maximum_centre
        out = []
        if not mx:
            for i in self.table.zones[_MONSTER_ZONE[p]]:
                if i is not None:
                    out.append(i)
            return out
        for i in self.table.zones[_MONSTER_ZONE[p]]:
            if i is not None and mx.get(i, i) == i:
                out.append(i)
        return out

    def free_slots(self, zone: str) -> int:
        return sum(1 for i in self.table.zones[zone] if i is None)

    def is_attack(self, iid: int) -> bool:
        return self.table.orient[iid] == 0

    def atk(self, iid: int) -> int:
        """Current ATK: printed (MAXIMUM ATK in Maximum Mode) + effects, auras, equips."""
        c = self.db[self.table.card[iid]]
        v = c["max_atk"] if self.maximum_centre.get(iid) == iid else c["atk"]
        m = self.until_end_of_turn.get(iid)
        if m:
            v += m[0]
        if self.equips:
            for mon, a, _d in self.equips.values():
                if mon == iid:
                    v += a
        v += self._aura(iid, 0)
        return v if v > 0 else 0

    def defense(self, iid: int) -> int:
        """Current DEF (a Maximum monster has none, digest 31)."""
        if iid in self.maximum_centre:
            return 0
        v = self.db[self.table.card[iid]]["def"]
        m = self.until_end_of_turn.get(iid)
        if m:
            v += m[1]
        if self.equips:
            for mon, _a, d in self.equips.values():
                if mon == iid:
                    v += d
        v += self._aura(iid, 1)
        return v if v > 0 else 0

    def _aura(self, iid: int, which: int) -> int:
        """[CONTINUOUS EFFECT] auras of face-up field spells and monsters (digest 22)."""
        t = self.table
        face = t.face
        if not face[iid]:
            return 0
        owner = t.owner[iid]
        total = 0
        key = "atk" if which == 0 else "def"
        db, card, zones = self.db, t.card, t.zones
        for p in (0, 1):
            zp = Z[p]
            f_row, m_row = zones[zp["field"]], zones[zp["monster"]]
            for s in (f_row[0], m_row[0], m_row[1], m_row[2]):  # the field spell first
                if s is None or not face[s]:
                    continue
                c = db[card[s]]
                if not c["has_aura"]:
                    continue
                if c["subtype"] == "maximum" and s not in self.maximum_centre:
                    continue  # a piece's effects apply only in Maximum Mode (digest 31)
                for a in c["continuous"]:
                    side = a.get("side", "own")
                    if side == "self" and s != iid and self.maximum_centre.get(s, -1) != iid:
                        continue
                    if side == "own" and owner != p:
                        continue
                    if side == "opp" and owner == p:
                        continue
                    if not card_matches(self.db[self.table.card[iid]], a.get("filter", {})):
                        continue
                    total += a.get(key, 0)
        return total

    def pierces(self, iid: int) -> bool:
        """Piercing (seed 3.3.2.2): printed, or granted until the end of the turn."""
        if self.db[self.table.card[iid]]["pierce"]:
            return True
        m = self.until_end_of_turn.get(iid)
        return bool(m and m[2])

    def on_field_matches(self, iid: int, flt: dict) -> bool:
        """A filter on a monster on the field (face-down ones match only an empty filter):
        its position and current ATK, then its printed values (effects.card_matches)."""
        if not flt:
            return True
        t = self.table
        if not t.face[iid]:
            return False
        got = _FIELD_FILTERS.get(id(flt))
        if got is None or got[0] is not flt:
            got = _field_filter(flt)
        _flt, pos, most, least, rest = got
        if pos is not None and (pos == "attack") != (t.orient[iid] == 0):
            return False
        if most is not None and self.atk(iid) > most:
            return False
        if least is not None and self.atk(iid) < least:
            return False
        return not rest or card_matches(self.db[t.card[iid]], rest)

    def _event(self, kind: str, caption: str, rule: str, **data) -> Event:
        return make_event(kind, caption, rule, data)

    def _surrender(self, p: int) -> Choice:
        return _SURRENDER[p]
