"""What the rules read off the table (card facts) and the moves every phase
makes (drawing, leaving the field, domination), as a mixin of the state.

A character's values are its top card's printed ones (a break card replaces
the broken card's, seed 3.2) plus its permanents' static modifiers (digest
A.10.32) and until-end-of-turn effects (``modifiers``)."""

from __future__ import annotations

from itertools import compress
from sys import intern

from tabletop.engine.core import Event, make_event
from tabletop.engine.table import _HIDDEN, _UNWRITTEN, MoveEvent

from .carddb import FACTIONS
from .zones import FIELD_ZONES

HAND_LIMIT = 7
# each player's zone keys, formatted once and interned, as the table's own keys are
# (zones.py): the zones dict finds them without comparing their text
DOMINION = (intern("p0.dominion"), intern("p1.dominion"))
FACTION_STACKS = tuple(tuple(intern(f"p{p}.faction.{f}") for f in FACTIONS) for p in (0, 1))
STACK_OF = tuple(dict(zip(FACTIONS, FACTION_STACKS[p])) for p in (0, 1))  # [p][faction] -> zone key
HAND = (intern("p0.hand"), intern("p1.hand"))
DECK = (intern("p0.deck"), intern("p1.deck"))
DAMAGE = (intern("p0.damage"), intern("p1.damage"))
DISCARD = (intern("p0.discard"), intern("p1.discard"))
LIMBO = (intern("p0.limbo"), intern("p1.limbo"))
ONE = ((0,), (1,))  # [p]: the players of a decision that player p alone makes, made once
ON_FIELD = frozenset(FIELD_ZONES)  # the zones of the field: every faction stack and dominion area


class SaidMove(MoveEvent):
    """A ``card.move`` the rules make (``Board.move``): the rules give every move its
    words, so its caption is the plain slot every other event has (the kit's
    MoveEvent, which may write a default caption when first read, reads its caption
    through a property)."""

    __slots__ = ()
    caption = Event.caption


class _AttachedKeys(dict):
    """``ATT[iid]``: the key of the zone of the cards under ``iid`` ("att.<iid>"),
    written once per iid (the facts read it many times a decision) and interned:
    the rules move cards there by this key, so the table holds the same string."""

    __slots__ = ()

    def __missing__(self, iid: int) -> str:
        key = self[iid] = intern(f"att.{iid}")
        return key


ATT = _AttachedKeys()


class CardKinds:
    """What a card database holds, by card id: the fast cards (seed 4.3 ⑤),
    the cards with a ① effect (seed 4.3 ⑥), by skill the cards that print it
    and the permanents whose static modifier gives it (digest A.10.32), and by
    break card the cards it may break (a classification icon of its ``icons``
    or ``extra_icons`` printed on the broken card, seed 4.3 ②)."""

    __slots__ = ("db", "fast", "ability", "printing", "granting", "changing", "breaks")

    def __init__(self, db: dict):
        self.db = db
        self.fast = frozenset(cid for cid, c in db.items() if c["type"] == "fast")
        self.ability = frozenset(cid for cid, c in db.items() if c.get("ability"))
        printing: dict = {}  # skill -> the card ids that print it
        for cid, c in db.items():
            for k, v in (c.get("skills") or {}).items():
                if v:
                    printing.setdefault(k, set()).add(cid)
        self.printing = {k: frozenset(v) for k, v in printing.items()}
        # skill, stat -> the permanents whose static modifier changes it (what ``_bonus`` adds)
        granting: dict = {}
        changing: dict = {}
        for cid, c in db.items():
            if c["type"] == "permanent":
                for kind, k, _ in c["static"]:
                    (granting if kind == "kw" else changing).setdefault(k, set()).add(cid)
        self.granting = {k: frozenset(v) for k, v in granting.items()}
        self.changing = {k: frozenset(v) for k, v in changing.items()}
        by_icon: dict = {}  # classification icon -> the card ids that print it
        for cid, c in db.items():
            for icon in c.get("icons") or ():
                by_icon.setdefault(icon, set()).add(cid)
        self.breaks = {cid: frozenset().union(*(by_icon.get(i, ()) for i in (*c["icons"], *c["extra_icons"])))
                       for cid, c in db.items() if c["type"] == "break"}


_KINDS: dict = {}
#: the card database last asked about and its kinds, read without a call where it
#: is read most (states of one game share one database): ``LAST_KINDS[1] if
#: LAST_KINDS[0] is db else card_kinds(db)``
LAST_KINDS = [None, None]


def card_kinds(db: dict) -> CardKinds:
    """The :class:`CardKinds` of ``db`` (a game's cards, or with a position's extra cards)."""
    k = _KINDS.get(id(db))
    if k is None or k.db is not db:
        if len(_KINDS) > 64:
            _KINDS.clear()
        k = _KINDS[id(db)] = CardKinds(db)
    LAST_KINDS[0], LAST_KINDS[1] = db, k
    return k


class HeldKinds:
    """Which card instances of one table are fast cards and which have a ① effect
    (``CardKinds.fast`` and ``ability``, by iid): whether a hand holds a fast card is
    then ``fast.isdisjoint(hand)``, without looking up each card's id."""

    __slots__ = ("card", "fast", "ability")

    def __init__(self, card: list, db: dict):
        kinds = card_kinds(db)
        self.card = card
        iids = range(len(card))  # each kind: the iids whose card id is of that kind
        self.fast = frozenset(compress(iids, map(kinds.fast.__contains__, card)))
        self.ability = frozenset(compress(iids, map(kinds.ability.__contains__, card)))


_HELD: dict = {}
#: the kinds last asked about, read without a call where they are read most (read once:
#: ``held = LAST_HELD[0]``, then ``held_kinds(card, db)`` unless ``held.card is card``)
LAST_HELD = [HeldKinds([], {})]


def given_by_permanent(i: int, granting, zones: dict, face: list, card: list) -> bool:
    """Does a face-up permanent under the character ``i`` give it a skill (``granting``:
    the ids of the cards that give it, ``CardKinds.granting``; the callers ask only when
    some card does)? What ``_bonus`` would add it from, asked before a skill not printed
    on ``i`` is worked out."""
    att = zones.get(ATT[i])
    if att:
        for a in att:
            if face[a] and card[a] in granting:
                return True
    return False


def held_kinds(card: list, db: dict) -> HeldKinds:
    """The :class:`HeldKinds` of a table's card ids ``card`` (``table.card``), the cards
    of ``db``. The list is the table's own: clones share it, nothing changes it once
    the rules run, and a determinized copy, a loaded game or a position has its own
    (with its own database, if any), so the list alone tells the kinds apart."""
    k = _HELD.get(id(card))
    if k is None or k.card is not card:
        if len(_HELD) > 64:
            _HELD.clear()
        k = _HELD[id(card)] = HeldKinds(card, db)
    LAST_HELD[0] = k
    return k


def _bonus(db, table, att: list, what: str, key: str) -> int:
    """What the face-up permanents among the cards ``att`` give to ``key``
    (``what`` = "stat" or "kw", digest A.10.32); face-down cards are power cards."""
    total = 0
    face = table.face
    for a in att:
        if face[a]:
            c = db[table.card[a]]
            if c["type"] == "permanent":
                for kind, k, d in c["static"]:
                    if kind == what and k == key:
                        total += d
    return total


class Board:
    """Card facts and common moves; mixed into :class:`~.state.AAState`."""

    __slots__ = ()

    # ------------------------------------------------------------ card facts
    def card(self, iid: int) -> dict:
        return self.db[self.table.card[iid]]

    def name_of(self, iid: int) -> str:
        return self.db[self.table.card[iid]]["name"]

    def on_field(self, iid: int) -> bool:
        return self.table.zone[iid] in ON_FIELD

    def is_active_char(self, iid: int) -> bool:
        z = self.table.zone[iid]
        return ".faction." in z and self.table.zones[z][-1] == iid

    def is_dominated(self, iid: int) -> bool:
        return self.table.zone[iid].endswith(".dominion")

    def power_ids(self, iid: int) -> list[int]:
        att = self.table.zones.get(ATT[iid])
        if not att:
            return []
        face = self.table.face
        return [a for a in att if not face[a]]

    def power(self, iid: int) -> int:
        """Power cards: the face-down cards under the character (digest A.1.1)."""
        t = self.table
        att = t.zones.get(ATT[iid])
        if not att:
            return 0
        face = t.face
        n = 0
        for a in att:
            if not face[a]:
                n += 1
        return n

    def permanents_on(self, iid: int) -> list[int]:
        att = self.table.zones.get(ATT[iid])
        if not att:
            return []
        return [a for a in att if self.table.face[a] and self.db[self.table.card[a]]["type"] == "permanent"]

    def stat(self, iid: int, key: str) -> int:
        """A character's current mental / attack / durability: the top card's
        printed value (a break card replaces the broken card's stats, seed 3.2),
        plus what its permanents and this turn's effects add (``_added``)."""
        t = self.table
        v = self.db[t.card[iid]][key]
        att = t.zones.get(ATT[iid])
        if att:
            face = t.face
            for a in att:
                if face[a]:  # a face-up card under it: a permanent or a broken card
                    v += self._added(iid, att, "stat", key)
                    return v if v > 0 else 0
        if self.modifiers:
            v += self._added(iid, None, "stat", key)
        return v if v > 0 else 0

    def skill(self, iid: int, key: str) -> int:
        """A skill's value on a character (0: it does not have it): printed on the
        top card, plus what its permanents and this turn's effects add (``_added``)."""
        t = self.table
        v = self.db[t.card[iid]]["skills"].get(key, 0)
        att = t.zones.get(ATT[iid])
        if att:
            face = t.face
            for a in att:
                if face[a]:  # a face-up card under it: a permanent or a broken card
                    return v + self._added(iid, att, "kw", key)
        if self.modifiers:
            v += self._added(iid, None, "kw", key)
        return v

    def _added(self, iid: int, att, what: str, key: str) -> int:
        """What is added to the printed value ``key`` of ``iid`` (``what`` =
        "stat": a stat, "kw": a skill): the static modifiers of the face-up
        permanents among its attached cards ``att`` (digest A.10.32; None: it
        holds no face-up card) and the until-end-of-turn effects on it
        (``modifiers``, a skill's keyed "kw.<skill>")."""
        v = _bonus(self.db, self.table, att, what, key) if att else 0
        mods = self.modifiers
        if mods:
            mkey = key if what == "stat" else "kw." + key
            for m in mods:
                if m[0] == iid and m[1] == mkey:
                    v += m[2]
        return v

    def permanent_bonus(self, iid: int, what: str, key: str) -> int:
        """The static modifiers (``what`` = "stat" or "kw") that the face-up
        permanents attached to ``iid`` give to ``key``."""
        att = self.table.zones.get(ATT[iid])
        return _bonus(self.db, self.table, att, what, key) if att else 0

    def faction_of(self, iid: int) -> str:
        return self.db[self.table.card[iid]]["faction"]

    def active_of(self, p: int, f: str):
        z = self.table.zones[STACK_OF[p][f]]
        return z[-1] if z else None

    def actives(self, p: int) -> list[int]:
        """The active (top) character of each of your faction stacks, in faction order."""
        zones = self.table.zones
        out = []
        for k in FACTION_STACKS[p]:
            z = zones[k]
            if z:
                out.append(z[-1])
        return out

    def characters(self, p: int) -> list[int]:
        """Your dominated characters, then your actives in faction order (a new list)."""
        zones = self.table.zones
        out = list(zones[DOMINION[p]])
        for k in FACTION_STACKS[p]:
            z = zones[k]
            if z:
                out.append(z[-1])
        return out

    def dominated(self, p: int) -> list[int]:
        return self.table.zones[DOMINION[p]]

    def factor(self, p: int, f: str) -> int:
        """Factor of a faction: the number of your dominated characters of it (digest A.6.20)."""
        db, card = self.db, self.table.card
        n = 0
        for i in self.table.zones[DOMINION[p]]:
            if db[card[i]]["faction"] == f:
                n += 1
        return n

    def factors(self, p: int) -> dict:
        """The factor of every faction at once (``factor``), by faction; a faction
        you dominate no character of is not in it."""
        db, card = self.db, self.table.card
        out: dict = {}
        for i in self.table.zones[DOMINION[p]]:
            f = db[card[i]]["faction"]
            out[f] = out.get(f, 0) + 1
        return out

    def total_power(self, p: int) -> int:
        """The power cards of all your dominated characters (what pays costs, seed 4.3 ② cost)."""
        zones = self.table.zones
        face = self.table.face
        n = 0
        for i in zones[DOMINION[p]]:
            att = zones.get(ATT[i])
            if att:
                for a in att:
                    if not face[a]:
                        n += 1
        return n

    def skill_total(self, p: int, key: str) -> int:
        """The sum of a skill over your dominated characters (Draw, Capacity)."""
        t = self.table
        zones, face, card = t.zones, t.face, t.card
        db = self.db
        kinds = LAST_KINDS[1] if LAST_KINDS[0] is db else card_kinds(db)
        printing, granting = kinds.printing.get(key, ()), kinds.granting.get(key, ())
        mods = self.modifiers
        n = 0
        for i in zones[DOMINION[p]]:
            # not printed, nor given this turn: only a face-up permanent under it that gives it could
            if card[i] in printing or mods or granting and given_by_permanent(i, granting, zones, face, card):
                n += self.skill(i, key)
        return n

    def draw_bonus(self, p: int) -> int:
        return self.skill_total(p, "draw")

    def hand_limit(self, p: int) -> int:
        return max(0, HAND_LIMIT + self.skill_total(p, "capacity"))

    def guard_cost(self, iid: int) -> int:
        """Power cards a dominated character pays to guard: the guard cost printed on
        its top card (1 unless the card says otherwise; a break card replaces the
        broken card's), none with Intercept (seed 4.2 "인터셉터 기술이 없다면 방어 비용을
        지불하여", digest A.7.23)."""
        if self.skill(iid, "intercept"):
            return 0
        return self.db[self.table.card[iid]]["guard_cost"]

    def permanent_limit(self, iid: int) -> int:
        return max(0, 1 + self.skill(iid, "permanent"))

    def name_on_field(self, name: str) -> bool:
        """Name-level rule: one card of an exact name on the field (digest A.1.4)."""
        for z in FIELD_ZONES:
            for i in self.table.zones[z]:
                if self.db[self.table.card[i]]["name"] == name:
                    return True
        return False

    def add_modifier(self, iid: int, key: str, delta: int) -> None:
        """An until-end-of-turn change of a stat or (key ``kw.<skill>``) a skill."""
        self.modifiers.append((iid, key, delta))

    # --------------------------------------------------------- common moves
    def move(self, iid: int, to: str, face: int | None = None, *, caption: str, rule: str) -> MoveEvent:
        """The kit's ``CardTable.move`` to the end of a zone, written out for this
        game's zones (no row of slots; a card's orientation never changes; a zone
        ``att.<iid>`` is made as its first card arrives and dropped as its last
        leaves): the same ``card.move`` event, hidden from the same players, its data
        and public data written when first read (the kit's MoveEvent), its words
        ``caption`` (:class:`SaidMove`)."""
        t = self.table
        # one name at a time: this runs at every card move, and a line of six would build a tuple each time
        zone_of = t.zone
        zones = t.zones
        vis = t.vis
        faces = t.face
        known = t.known
        owner = t.owner
        frm = zone_of[iid]
        lst = zones[frm]
        fidx = lst.index(iid)
        del lst[fidx]
        v = vis.get(frm)
        if v is None:  # attached: face up, seen by all; face down, by its owner
            before = known[iid] | (3 if faces[iid] else 1 << owner[iid])
            if not lst:
                del zones[frm]
        else:
            before = known[iid] | (v[0] if faces[iid] else v[1])
        if face is not None:
            faces[iid] = face
        else:
            face = faces[iid]
        d = vis.get(to)
        if d is None:  # attached
            lst = zones.get(to)
            if lst is None:
                lst = zones[to] = []
            after = 3 if face else 1 << owner[iid]
            hides = False
        else:
            lst = zones[to]
            hides = d[3]
            if hides:  # a hand or a deck
                if d[4] == "secret":
                    known[iid] = 0
                else:  # a card seen going into a hand stays known to whoever saw it
                    known[iid] |= before
            after = d[0] if face else d[1]
        lst.append(iid)
        zone_of[iid] = to
        e = SaidMove()
        if before == 3:
            e.hidden_from, e._pub = (), None
        else:
            hidden = e.hidden_from = _HIDDEN[before | known[iid] | after]
            e._pub = _UNWRITTEN if hidden else None
        e.kind = "card.move"
        e.caption = caption
        e.rule = rule
        e._move = (iid, t.card[iid], frm, fidx, to, len(lst) - 1, face, t.orient[iid], owner[iid], hides)
        e._data = None
        return e

    def damage_counter_event(self, p: int) -> Event:
        n = len(self.table.zones[DAMAGE[p]])
        return make_event("counter.change", f"{self.names[p]} has {n} card(s) in the damage zone", "digest A.4.11",
                     {"player": p, "counter": "damage", "delta": 0, "value": n})

    def draw_card(self, p: int, events: list, rule: str = "seed 4.1 draw phase") -> bool:
        """Draw one card; having to draw from an empty deck loses (digest A.4.11b)."""
        deck = self.table.zones[DECK[p]]
        if not deck:
            self.drew_from_empty = p
            self.judge_defeat(events)
            return False
        events.append(self.move(deck[0], HAND[p], caption=f"{self.names[p]} draws a card", rule=rule))
        return True

    def discard_stack(self, iid: int, events: list, rule: str) -> None:
        """Every card stacked on or under a character goes to its owner's discard pile."""
        att = self.table.zones.get(ATT[iid])
        while att:
            a = att[-1]
            sub = self.table.zones.get(ATT[a])
            if sub:
                self.discard_stack(a, events, rule)
            events.append(self.move(a, DISCARD[self.table.owner[a]], face=1, caption=f"{self.name_of(a)} goes to the discard pile",
                                  rule=rule))
            att = self.table.zones.get(ATT[iid])

    def clear_modifiers(self, iid: int) -> None:
        if self.modifiers:
            self.modifiers = [m for m in self.modifiers if m[0] != iid]

    def remove_from_field(self, iid: int, dest: str, events: list, rule: str, caption: str) -> None:
        """A character leaves the field: everything stacked on it is discarded (digest A.8.26)."""
        self.discard_stack(iid, events, rule)
        self.clear_modifiers(iid)
        face = 0 if dest.endswith(".hand") else 1
        events.append(self.move(iid, dest, face=face, caption=caption, rule=rule))
        if dest.endswith(".damage"):
            p = self.table.owner[iid]
            events.append(self.damage_counter_event(p))
            self.judge_defeat(events)

    def strip_power(self, iid: int, events: list, rule: str) -> None:
        for a in self.power_ids(iid):
            events.append(self.move(a, DISCARD[self.table.owner[a]], face=1, caption="A power card is discarded", rule=rule))

    def move_to_dominion(self, iid: int, events: list, rule: str) -> None:
        table = self.table
        p = table.owner[iid]
        name = self.db[table.card[iid]]["name"]
        events.append(self.move(iid, DOMINION[p], face=1, caption=f"{name} is dominated", rule=rule))
        pw = self.power(iid)
        events.append(make_event("power.dominate", f"{name} moves to {self.names[p]}'s dominion area with "
                                 f"{pw} power card(s)", rule, {"card": iid, "player": p, "power": pw}))

    def charge_from_deck(self, p: int, host: int, n: int, events: list, rule: str) -> int:
        """Up to ``n`` cards from the deck top become power cards of ``host``, never
        beyond its mental; returns how many did."""
        deck = self.table.zones[DECK[p]]
        room = self.stat(host, "mental") - self.power(host)
        got = 0
        for _ in range(min(n, room)):
            if not deck:
                break
            events.append(self.move(deck[0], ATT[host], face=0, caption=f"{self.name_of(host)} gets a power card from the deck",
                                  rule=rule))
            got += 1
        return got
