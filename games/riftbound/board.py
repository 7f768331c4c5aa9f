"""What is where on the board and what it is worth now: units at each location,
counters, keywords and Might after the layers (Core Rules v1.3 Layers, digest 21)."""

from __future__ import annotations

from tabletop.engine.core import MadeEvent

from .rulebook import NUMERIC_KEYWORDS
from .zones import ATT, BATTLEFIELD, LEGEND, LOCZ, N_ZONES, ZLOC


# the words the rules write again and again (a card readies, a rune is exhausted, a card
# is played), by their template and what fills it in: each sentence is written once
WRITTEN: dict = {}


def written(key: tuple, template: str, **words) -> str:
    """``template.format(**words)``, kept under ``key`` (the template and the words, in a
    tuple the caller makes: a hot path looks it up in WRITTEN first, without this call)."""
    if len(WRITTEN) > 20_000:
        WRITTEN.clear()
    text = WRITTEN[key] = template.format(**words)
    return text


class Board:
    """Reading the board: the mixin every rule uses."""

    __slots__ = ()

    def card_of(self, iid: int) -> dict:
        return self.card_db[self.table.card[iid]]

    def name(self, iid: int) -> str:
        return self.card_db[self.table.card[iid]]["name"]

    def where(self, iid: int):
        """(controller, location) of a unit or gear on the board, else None."""
        return ZLOC.get(self.table.zone[iid])

    def is_unit(self, iid: int) -> bool:
        return self.table.card[iid] in self.facts.units

    def units_at(self, p: int, loc: int) -> list:
        """Units (and tokens) of player ``p`` at ``loc``: -1 base, 0 or 1 a battlefield."""
        t = self.table
        zone = t.zones[LOCZ[p][loc + 1]]
        if not zone:
            return []
        units, card = self.facts.units, t.card
        out = []  # a loop: a place holds a few cards, fewer than a comprehension's call costs
        for i in zone:
            if card[i] in units:
                out.append(i)
        return out

    def has_units(self, p: int, loc: int) -> bool:
        """Does player ``p`` have a unit (or token) at ``loc``?"""
        t = self.table
        units, card = self.facts.units, t.card
        for i in t.zones[LOCZ[p][loc + 1]]:
            if card[i] in units:
                return True
        return False

    def units_of(self, p: int) -> list:
        t = self.table
        units, card, zones = self.facts.units, t.card, t.zones
        z = LOCZ[p]
        out = []
        for i in zones[z[0]] + zones[z[1]] + zones[z[2]]:
            if card[i] in units:
                out.append(i)
        return out

    def all_units(self) -> list:
        return self.units_of(0) + self.units_of(1)

    def counter(self, iid: int, key: str) -> int:
        c = self.table.counters.get(iid)
        return c.get(key, 0) if c else 0

    def set_counter(self, iid: int, key: str, v: int) -> None:
        c = self.table.counters.get(iid)
        if v:
            if c is None:
                self.table.counters[iid] = {key: v}
            else:
                c[key] = v
        elif c is not None and key in c:
            del c[key]
            if not c:
                del self.table.counters[iid]

    def keyword_value(self, iid: int, kw: str) -> int:
        """A unit's keyword value after the ability layer (Core Rules v1.3 Layers, digest 21):
        printed keywords, keywords granted this turn, equipment, battlefield passives."""
        t = self.table
        db = self.card_db
        v = db[t.card[iid]]["kw"].get(kw, 0)
        if kw not in self.facts.kw_given:  # no effect, Equipment or battlefield gives it: printed only
            return v
        numeric = kw in NUMERIC_KEYWORDS  # Assault, Shield, Deflect...: instances add together (digest 18)
        for m in self.this_turn_effects:
            if m[0] == iid and m[1] == "kw" and m[2] == kw:
                v = v + 1 if numeric else max(v, 1)
        zones = t.zones
        if len(zones) > N_ZONES:  # some card is attached (its att.<unit> zone is there)
            att = zones.get(ATT[iid] if iid < 512 else f"att.{iid}")  # zones.att, without its call
            if att:
                for g in att:
                    gk = db[t.card[g]]["kw"]
                    if kw in gk and kw not in ("equip", "quickdraw", "hidden", "reaction", "action", "unique"):
                        v += gk[kw]
        w = ZLOC.get(t.zone[iid])
        if w is not None and w[1] >= 0:
            bfs = zones[BATTLEFIELD[w[1]]]
            if bfs and db[t.card[bfs[0]]]["here_kw"] == kw:
                v = v + 1 if numeric else max(v, 1)
        return v

    def kw_given_now(self, kw: str) -> bool:
        """Could something other than a unit's own card give it ``kw`` now (a keyword
        granted this turn, an attached Equipment, a battlefield's "units here have")? When
        not, :meth:`keyword_value` is the printed value (Core Rules v1.3 Layers, digest 21)."""
        if kw not in self.facts.kw_given:
            return False
        zones = self.table.zones
        if len(zones) > N_ZONES:  # some card is attached
            return True
        for m in self.this_turn_effects:
            if m[1] == "kw" and m[2] == kw:
                return True
        db, card = self.card_db, self.table.card
        for b in BATTLEFIELD:
            bfs = zones[b]
            if bfs and db[card[bfs[0]]]["here_kw"] == kw:
                return True
        return False

    def might(self, iid: int) -> int:
        """Current Might (Core Rules v1.3 Layers, arithmetic layer, digest 21): printed Might,
        buff, this-turn modifiers, equipment bonus, battlefield and legend passives,
        Assault while attacking, Shield while defending."""
        t = self.table
        db = self.card_db
        m = db[t.card[iid]]["might"]
        cn = t.counters.get(iid)
        if cn:
            m += cn.get("buff", 0)
        for x in self.this_turn_effects:
            if x[0] == iid and x[1] == "might":
                m += x[2]
        zones = t.zones
        if len(zones) > N_ZONES:  # some card is attached (its att.<unit> zone is there)
            att = zones.get(ATT[iid] if iid < 512 else f"att.{iid}")  # zones.att, without its call
            if att:
                for g in att:
                    m += db[t.card[g]]["bonus"]
        w = ZLOC.get(t.zone[iid])
        if w is not None:
            p, loc = w
            leg = zones[LEGEND[p]]
            legend = t.card[leg[0]] if leg else None  # its statics (facts: bf_might, defend_alone)
            if loc >= 0:
                bfs = zones[BATTLEFIELD[loc]]
                if bfs:
                    m += db[t.card[bfs[0]]]["here_might"]
                m += self.facts.bf_might.get(legend, 0)
            if cn:
                if cn.get("atk"):
                    m += self.keyword_value(iid, "assault")
                if cn.get("def"):
                    m += self.keyword_value(iid, "shield")
                    for n in self.facts.defend_alone.get(legend, ()):
                        k = 0
                        for u in self.units_at(p, loc):
                            if self.counter(u, "def"):
                                k += 1
                        if k == 1:
                            m += n
        return m

    def state_name(self) -> tuple[str, str]:
        """(Open|Closed, Neutral|Showdown): seed 'which cards can be played now'; digest 8."""
        return ("Closed" if self.chain else "Open", "Showdown" if self.showdown else "Neutral")

    def _ev(self, ev, kind, caption, rule, **data):
        # the kit's make_event, without its call: the rules log a few steps at every decision
        e = MadeEvent()
        e.kind = kind
        e.caption = caption
        e.rule = rule
        e.data = data
        e.hidden_from = ()
        e.public = None
        ev.append(e)

    def player_name(self, p: int) -> str:
        return self.names[p]

    def bf_name(self, b: int) -> str:
        """A battlefield in players' words: its card's name, or "the left battlefield" /
        "the right battlefield" (as the table shows them) when the two have the same name or
        are not revealed yet. Never a zone key or a number."""
        words = self.bf_words
        if words is None:
            names = self.bf_names or self._bf_names()
            n0, n1 = names
            if n0 and n1 and n0 != n1:
                words = names
            else:
                words = ("the left battlefield", "the right battlefield")
            if self.bf_names is not None:
                self.bf_words = words
        return words[b]

    def _bf_names(self) -> tuple:
        """The names of the two battlefield cards ("" for one not revealed yet). Once both are
        revealed they stay for the game (no rule moves a battlefield card, and a re-draw keeps
        them: they are face up), so they are kept in ``bf_names``, which clones share."""
        t = self.table
        zones, db, card = t.zones, self.card_db, t.card
        a, b = zones[BATTLEFIELD[0]], zones[BATTLEFIELD[1]]
        names = (db[card[a[0]]]["name"] if a else "", db[card[b[0]]]["name"] if b else "")
        if a and b:
            self.bf_names = names
        return names

    def place_text(self, zone: str, at_base: str, at_battlefield: str, **words) -> str:
        """A sentence naming a board zone: ``at_base`` for a base, else ``at_battlefield``
        with the battlefield's name as ``{battlefield}``; ``words`` fill the other slots."""
        loc = ZLOC[zone][1]
        if loc < 0:
            return at_base.format(**words)
        return at_battlefield.format(battlefield=self.bf_name(loc), **words)
