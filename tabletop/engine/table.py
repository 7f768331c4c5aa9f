"""Card instances and zones as plain data, shared by the game engines.

:class:`CardTable` keeps, for every card instance (``iid`` 0..N-1), its card
id, owner, face, orientation and zone, and for every zone the ordered list of
iids in it. It clones in a few microseconds, builds the per-player views of
the engine contract (hiding what a player may not see), the generic
``card.move``/``card.flip``/``card.turn`` events with the right hidden parts,
the "every card in exactly one zone" invariant, and determinization.

Zone visibility (``ZoneSpec.vis``):

* ``"public"``: face-up cards are seen by all; a face-down card is seen by the
  zone's owner when ``owner_sees_facedown`` (a set trap), else by nobody.
* ``"owner"``: only the zone's owner sees the cards (a hand).
* ``"secret"``: nobody sees them (a deck).

A card may also be known to a player regardless (``know``): a revealed card.
Attached cards (power cards under a character, materials) live in the zone
``att.<host iid>`` and show up in the view under their host's ``attached``.
"""

from __future__ import annotations

from dataclasses import dataclass
from sys import intern

from .core import Event, make_event


@dataclass(frozen=True)
class ZoneSpec:
    key: str
    owner: int | None  # None for a shared zone
    vis: str = "public"  # public | owner | secret
    owner_sees_facedown: bool = True
    slots: int = 0  # >0: a row of slots (None marks an empty slot)


ALL = 0b11
KEEP = object()

#: the players who may not see a card, by the mask of those who may
_HIDDEN = {3: (), 2: (0,), 1: (1,), 0: (0, 1)}


def _visibility(specs: dict) -> dict:
    """Per zone key: (who sees a face-up card, who sees a face-down card, as bit
    masks; slots; whether the iid is hidden too; vis). A table's zones never
    change their specs, so clones share it."""
    out = {}
    for key, spec in specs.items():
        mine = 0 if spec.owner is None else 1 << spec.owner
        if spec.vis == "secret":
            up = down = 0
        elif spec.vis == "owner":
            up = down = mine
        else:
            up, down = ALL, (mine if spec.owner_sees_facedown else 0)
        out[key] = (up, down, spec.slots, spec.vis in ("owner", "secret"), spec.vis)
    return out


_new = object.__new__
_dict_copy = dict.copy
_list_copy = list.copy
#: id of a list of zone specs -> (its specs, the specs by key, their visibility): see CardTable
_SPECS_SEEN: dict = {}


class MoveEvent(Event):
    """A ``card.move`` event whose data, public data and default caption are
    written when first read (headless play never reads them): the move keeps
    what they are made of, as it was when the card moved."""

    __slots__ = ("_cap", "_move", "_data", "_pub")
    #: made by :meth:`CardTable.move`, which fills its slots: the class call runs no Python
    __init__ = object.__init__

    @property
    def caption(self) -> str:
        cap = self._cap
        if cap is None:
            m = self._move
            if m is None:
                d = self._data
                cid, frm, to = d["card_id"], d["from"], d["to"]
            else:
                cid, frm, to = m[1], m[2], m[4]
            cap = self._cap = f"{cid if not self.hidden_from else 'A card'} moves from {frm} to {to}"
        return cap

    @caption.setter
    def caption(self, value: str) -> None:
        self._cap = value

    @property
    def data(self) -> dict:
        d = self._data
        if d is None:
            iid, cid, frm, fidx, to, at, fc, orient, owner, hide_iid = self._move
            d = self._data = {"card": iid, "card_id": cid, "from": frm, "from_index": fidx, "to": to, "index": at,
                              "face": "up" if fc else "down", "orient": "sideways" if orient else "upright",
                              "owner": owner}
        return d

    @data.setter
    def data(self, value: dict) -> None:
        self._data = value

    @property
    def public(self) -> dict | None:
        """What the players in ``hidden_from`` get: the data without the card id
        (and without the iid when the card goes to a hand or a deck)."""
        p = self._pub
        if p is _UNWRITTEN:
            iid, cid, frm, fidx, to, at, fc, orient, owner, hide_iid = self._move
            p = self._pub = {"card": None if hide_iid else iid, "card_id": None, "from": frm, "from_index": fidx,
                             "to": to, "index": at, "face": "up" if fc else "down",
                             "orient": "sideways" if orient else "upright", "owner": owner}
        return p

    @public.setter
    def public(self, value: dict | None) -> None:
        self._pub = value


_UNWRITTEN = object()  # a move's public data, not written yet
_PLACED = object()  # a move's card already put in its slot


def _default_key(e: MoveEvent):
    """What tells a default move caption apart, without writing it."""
    m = e._move
    if m is None:
        d = e._data
        return (d["card_id"] if not e.hidden_from else None, d["from"], d["to"])
    return (m[1] if not e.hidden_from else None, m[2], m[4])


def number_repeats(events: list) -> None:
    """Number consecutive steps with the same (non-empty) caption, "(1 of 2)", so a
    log never shows one line twice in a row (two cards drawn, three runes
    exhausted). Captions not written yet are compared without writing them."""
    n = len(events)
    if n < 2:
        return
    move = MoveEvent
    e = events[0]
    k = _default_key(e) if e.__class__ is move and e._cap is None else e.caption
    i = 0  # where the run of equal captions began
    for j in range(1, n):
        e = events[j]
        o = _default_key(e) if e.__class__ is move and e._cap is None else e.caption
        if o == k:
            continue
        if (o.__class__ is str) is not (k.__class__ is str):
            # a written caption against a default one: write the default one
            k = events[i].caption
            o = e.caption
            if o == k:
                continue
        if j - i > 1 and k:
            number_run(events, i, j)
        i, k = j, o
    if n - i > 1 and k:
        number_run(events, i, n)


def number_run(events: list, i: int, j: int) -> None:
    """Number the run ``events[i:j]`` of equal captions: "(1 of 3)" and so on."""
    cap = events[i].caption
    for m in range(i, j):
        events[m].caption = f"{cap} ({m - i + 1} of {j - i})"


class CardTable:
    """Card instances and zones. Lists indexed by iid; zones map key -> iids."""

    __slots__ = ("card", "owner", "face", "orient", "zone", "zones", "counters", "known", "specs", "vis")

    def __init__(self, specs: list[ZoneSpec]):
        # the specs by key and their visibility, worked out once per list of specs (never changed:
        # every table made from the same specs shares them, as clones do)
        snap = tuple(specs)
        got = _SPECS_SEEN.get(id(specs))
        if got is None or got[0] != snap:  # the same spec objects, compared by identity first
            if len(_SPECS_SEEN) > 64:
                _SPECS_SEEN.clear()
            by_key = {s.key: s for s in snap}
            got = _SPECS_SEEN[id(specs)] = (snap, by_key, _visibility(by_key))
        self.specs: dict[str, ZoneSpec] = got[1]
        self.vis = got[2]
        self.card: list[str] = []
        self.owner: list[int] = []
        self.face: list[int] = []  # 1 up, 0 down
        self.orient: list[int] = []  # 0 upright, 1 sideways
        self.zone: list[str] = []
        self.zones: dict[str, list] = {s.key: ([None] * s.slots if s.slots else []) for s in specs}
        self.counters: dict[int, dict] = {}
        self.known: list[int] = []  # bitmask of players who know this card anyway

    # -- building ------------------------------------------------------------------
    def create(self, card_ids_by_owner: list[list[str]], zone_of_owner: list[str], rng) -> None:
        """Create instances for each owner's list and put them in the given zone
        (face down). Iids are assigned by a random permutation, so an iid says
        nothing of the card; the zone order is the list order."""
        n = sum(map(len, card_ids_by_owner))
        perm = list(range(n))
        rng.shuffle(perm)
        card = self.card = [""] * n
        owner = self.owner = [0] * n
        self.face = [0] * n
        self.orient = [0] * n
        zone = self.zone = [""] * n
        self.known = [0] * n
        k = 0  # the owners' cards in order, the k-th of them getting the iid perm[k]
        for o, ids in enumerate(card_ids_by_owner):
            z = zone_of_owner[o]
            mine = perm[k:k + len(ids)]
            for iid, cid in zip(mine, ids):
                card[iid] = cid
                owner[iid] = o
                zone[iid] = z
            self.zones[z].extend(mine)
            k += len(ids)

    def add(self, card_id: str, owner: int, zone: str, face: int = 0, orient: int = 0, index: int | None = None) -> int:
        """Add one instance (positions and scenarios build tables this way)."""
        iid = len(self.card)
        self.card.append(card_id)
        self.owner.append(owner)
        self.face.append(face)
        self.orient.append(orient)
        self.zone.append("")
        self.known.append(0)
        self._put(iid, zone, index)
        return iid

    def shuffle_iids(self, rng) -> dict[int, int]:
        """Renumber all instances by a random permutation (after building a table
        card by card); returns old -> new iid."""
        n = len(self.card)
        perm = list(range(n))
        rng.shuffle(perm)
        inv = [0] * n  # new iid -> old
        for old, nw in enumerate(perm):
            inv[nw] = old
        card, owner, face, orient, known = self.card, self.owner, self.face, self.orient, self.known
        self.card = [card[o] for o in inv]
        self.owner = [owner[o] for o in inv]
        self.face = [face[o] for o in inv]
        self.orient = [orient[o] for o in inv]
        self.known = [known[o] for o in inv]
        zones = {}
        for key, ids in self.zones.items():
            nk = f"att.{perm[int(key[4:])]}" if key.startswith("att.") else key
            zones[nk] = [None if i is None else perm[i] for i in ids]
        self.zones = zones
        zone = self.zone
        self.zone = [f"att.{perm[int(z[4:])]}" if z.startswith("att.") else z for z in (zone[o] for o in inv)]
        self.counters = {perm[i]: dict(c) for i, c in self.counters.items()}
        return dict(enumerate(perm))

    # -- copying and data ------------------------------------------------------------
    def clone(self) -> "CardTable":
        t = CardTable.__new__(CardTable)
        t.specs = self.specs
        t.vis = self.vis
        t.card = self.card  # card ids never change in place; determinize copies
        t.owner = self.owner
        t.face = self.face.copy()
        t.orient = self.orient.copy()
        t.zone = self.zone.copy()
        # each zone's list and each card's counters copied by map (no loop in Python): the same
        # keys in the same order
        zones = self.zones
        t.zones = dict(zip(zones, map(_list_copy, zones.values())))
        counters = self.counters
        t.counters = dict(zip(counters, map(_dict_copy, counters.values()))) if counters else {}
        t.known = self.known.copy()
        return t

    def to_data(self) -> dict:
        return {
            "card": list(self.card), "owner": list(self.owner), "face": list(self.face),
            "orient": list(self.orient), "zones": {k: list(v) for k, v in self.zones.items() if v or k in self.specs},
            "counters": {str(k): v for k, v in sorted(self.counters.items()) if v}, "known": list(self.known),
        }

    @classmethod
    def from_data(cls, data: dict, specs: list[ZoneSpec]) -> "CardTable":
        t = cls(specs)
        t.card = [intern(c) if type(c) is str else c for c in data["card"]]  # interned, as the games' ids
        t.owner = list(data["owner"])
        t.face = list(data["face"])
        t.orient = list(data["orient"])
        t.known = list(data["known"])
        t.zones = {intern(k): list(v) for k, v in data["zones"].items()}  # and keys: found by identity
        for s in specs:
            t.zones.setdefault(s.key, [None] * s.slots if s.slots else [])
        t.zone = [""] * len(t.card)
        for k, ids in t.zones.items():
            for i in ids:
                if i is not None:
                    t.zone[i] = k
        t.counters = {int(k): dict(v) for k, v in data.get("counters", {}).items()}
        return t

    # -- moving --------------------------------------------------------------------------
    def _put(self, iid: int, zone: str, index: int | None = None) -> None:
        if zone not in self.zones:
            if zone.startswith("att."):
                self.zones[zone] = []
            else:
                raise KeyError(f"unknown zone {zone!r}")
        lst = self.zones[zone]
        spec = self.specs.get(zone)
        if spec is not None and spec.slots:
            if index is None:
                index = lst.index(None)
            if lst[index] is not None:
                raise ValueError(f"slot {index} of {zone} is taken")
            lst[index] = iid
        elif index is None:
            lst.append(iid)
        else:
            lst.insert(index, iid)
        self.zone[iid] = zone

    def _take(self, iid: int) -> tuple[str, int]:
        zone = self.zone[iid]
        lst = self.zones[zone]
        idx = lst.index(iid)
        spec = self.specs.get(zone)
        if spec is not None and spec.slots:
            lst[idx] = None
        else:
            del lst[idx]
            if not lst and zone.startswith("att."):
                del self.zones[zone]
        return zone, idx

    def sees(self, iid: int, player: int | None) -> bool:
        """May ``player`` know which card ``iid`` is, where it is now?"""
        if player is None:
            return True
        if self.known[iid] & (1 << player):
            return True
        v = self.vis.get(self.zone[iid])
        if v is None:  # attached: face up, seen by all; face down, by its owner
            return bool(self.face[iid]) or self.owner[iid] == player
        return bool((v[0] if self.face[iid] else v[1]) & (1 << player))

    def seers(self, iid: int) -> int:
        """The players who may know which card ``iid`` is, where it is now, as a
        bit mask (bit ``p`` for player ``p``): :meth:`sees` for both at once."""
        v = self.vis.get(self.zone[iid])
        if v is None:  # attached: face up, seen by all; face down, by its owner
            zb = 3 if self.face[iid] else 1 << self.owner[iid]
        else:
            zb = v[0] if self.face[iid] else v[1]
        return self.known[iid] | zb

    def move(self, iid: int, to: str, index: int | None = None, face: int | None = None,
             orient: int | None = None, caption: str = "", rule: str = "", forget: bool = True,
             quiet: bool = False) -> Event:
        """Move a card and return its ``card.move`` event. Players who could see the card neither where it
        was nor where it goes get the event without its identity (and without its iid when it goes to a hand
        or deck). Its caption, if none is given, is written when read; a ``quiet`` move has none at all."""
        zone_of, zones, vis, faces, known = self.zone, self.zones, self.vis, self.face, self.known
        # take it from where it is
        frm = zone_of[iid]
        lst = zones[frm]
        fidx = lst.index(iid)
        v = vis.get(frm)
        if v is None:  # attached cards: face up, seen by all; face down, by their owner
            before = known[iid] | (3 if faces[iid] else 1 << self.owner[iid])
            del lst[fidx]
            if not lst:
                del zones[frm]
        else:
            before = known[iid] | (v[0] if faces[iid] else v[1])
            if v[2]:
                lst[fidx] = None
            else:
                del lst[fidx]
        if face is not None:
            faces[iid] = face
        if orient is not None:
            self.orient[iid] = orient
        # put it where it goes
        d = vis.get(to)
        if d is None:
            if not to.startswith("att."):
                raise KeyError(f"unknown zone {to!r}")
            lst = zones.get(to)
            if lst is None:
                lst = zones[to] = []
            hides = False
        else:
            lst = zones[to]
            hides = d[3]
            if hides:  # a hand or a deck
                if d[4] == "secret":
                    if forget:
                        known[iid] = 0
                else:
                    # a card seen going into a hand stays known to whoever saw it
                    # (a card taken from a face-up pile, a monster bounced face up)
                    known[iid] |= before
            if d[2]:  # a row of slots
                if index is None:
                    index = lst.index(None)
                if lst[index] is not None:
                    raise ValueError(f"slot {index} of {to} is taken")
                lst[index] = iid
                at = index
                index = _PLACED
        if index is None:
            lst.append(iid)
            at = len(lst) - 1
        elif index is not _PLACED:
            lst.insert(index, iid)
            at = index if 0 <= index < len(lst) else lst.index(iid)
        zone_of[iid] = to
        fc = faces[iid]
        e = MoveEvent()
        if before == 3:
            e.hidden_from, e._pub = (), None
        else:
            if d is None:
                after = 3 if fc else 1 << self.owner[iid]
            else:
                after = d[0] if fc else d[1]
            hidden = e.hidden_from = _HIDDEN[before | known[iid] | after]
            e._pub = _UNWRITTEN if hidden else None
        # the event keeps what its data is made of; the data, the public data and the
        # default caption are written when first read (MoveEvent)
        e.kind = "card.move"
        e._cap = "" if quiet else caption or None
        e.rule = rule
        e._move = (iid, self.card[iid], frm, fidx, to, at, fc, self.orient[iid], self.owner[iid], hides)
        e._data = None
        return e

    def _hides_iid(self, zone: str, iid: int) -> bool:
        if zone.startswith("att."):
            return False
        spec = self.specs.get(zone)
        return spec is not None and spec.vis in ("owner", "secret")

    def set_face(self, iid: int, face: int, caption: str = "", rule: str = "") -> Event:
        self.face[iid] = face
        shown = "up" if face else "down"
        hidden = _HIDDEN[self.seers(iid)]  # the players who may not know the card now
        return make_event("card.flip", caption or f"card {'turned face up' if face else 'turned face down'}", rule,
                          {"card": iid, "card_id": self.card[iid], "face": shown}, hidden,
                          {"card": iid, "card_id": None, "face": shown} if hidden else None)

    def set_orient(self, iid: int, orient: int, caption: str = "", rule: str = "") -> Event:
        self.orient[iid] = orient
        return make_event("card.turn", caption or "card turned", rule,
                          {"card": iid, "orient": "sideways" if orient else "upright"})

    def reveal(self, iids: list[int], to: tuple = (0, 1), caption: str = "", rule: str = "") -> Event:
        for i in iids:
            for p in to:
                self.known[i] |= 1 << p
        data = {"cards": list(iids), "card_ids": [self.card[i] for i in iids], "to": list(to)}
        # a player the cards are not revealed to learns only that a reveal happened
        # (unless they could see the cards anyway)
        hidden = tuple(p for p in (0, 1) if p not in to and not all(self.sees(i, p) for i in iids))
        public = {"cards": list(iids), "card_ids": [None] * len(iids), "to": list(to)} if hidden else None
        return Event("reveal", caption or "cards revealed", rule, data, hidden, public)

    # -- views ---------------------------------------------------------------------------
    def card_view(self, iid: int, player: int | None, slot=None) -> dict:
        zone = self.zone[iid]
        if self.sees(iid, player):
            d = {"iid": iid, "card": self.card[iid], "hidden": False}
        else:
            hide_iid = self._hides_iid(zone, iid)
            d = {"iid": None if hide_iid else iid, "card": None, "hidden": True}
        d["owner"] = self.owner[iid]
        d["face"] = "up" if self.face[iid] else "down"
        d["orient"] = "sideways" if self.orient[iid] else "upright"
        d["slot"] = slot
        d["counters"] = dict(self.counters.get(iid, {}))
        att = self.zones.get(f"att.{iid}")
        d["attached"] = [self.card_view(a, player) for a in att] if att else []
        return d

    def view_zones(self, player: int | None) -> dict:
        out = {}
        for key, spec in self.specs.items():
            ids = self.zones[key]
            if spec.slots:
                out[key] = [self.card_view(i, player, slot=n) for n, i in enumerate(ids) if i is not None]
            else:
                out[key] = [self.card_view(i, player) for i in ids]
        return out

    # -- checks and determinization ------------------------------------------------------
    def invariant_violations(self) -> list[str]:
        seen = {}
        out = []
        for key, ids in self.zones.items():
            for i in ids:
                if i is None:
                    continue
                if i in seen:
                    out.append(f"card {i} is in both {seen[i]} and {key}")
                seen[i] = key
                if self.zone[i] != key:
                    out.append(f"card {i} is listed in {key} but records zone {self.zone[i]}")
        if len(seen) != len(self.card):
            missing = [i for i in range(len(self.card)) if i not in seen]
            out.append(f"cards in no zone: {missing[:5]}")
        return out

    def determinize(self, player: int, rng, group=None, owners=(0, 1), group_order=None, fits=None) -> None:
        """Re-draw (in place) the identities of the cards hidden from ``player``,
        within each owner's pool of hidden cards; the copy depends only on what
        ``player`` sees and on ``rng``.

        * ``owners``: whose hidden cards are re-drawn (default both players).
        * ``group(iid) -> key`` splits a pool further where the rules tell hidden
          cards apart (the Extra Deck holds only Fusion monsters); a key of
          :data:`KEEP` leaves that card as it is.
        * ``group_order``: the keys in the order their pools are drawn, owner by
          owner; without it pools are drawn in the order their first card
          appears.
        * ``fits(iid) -> predicate or None``: where only some identities fit a
          hidden card's place (a face-down monster can only be a monster), the
          predicate on card ids says which. Such a card takes the first fitting
          identity of the shuffled pool (or keeps its own when none fits); the
          others then take the rest of the pool from its end.
        """
        self.card = list(self.card)
        pools: dict = {}
        for i in range(len(self.card)):
            if self.owner[i] in owners and not self.sees(i, player):
                g = group(i) if group else None
                if g is KEEP:
                    continue
                pools.setdefault((self.owner[i], g), []).append(i)
        keys = list(pools)
        if group_order is not None:
            keys.sort(key=lambda k: (owners.index(k[0]), group_order.index(k[1])))
        for key in keys:
            hidden = pools[key]
            # sorted first: the copy depends only on what the player can see and the seed
            ids = sorted(self.card[i] for i in hidden)
            rng.shuffle(ids)
            if fits is None:
                for i, cid in zip(hidden, ids):
                    self.card[i] = cid
                continue
            fixed = {}
            for i in hidden:
                ok = fits(i)
                if ok is None:
                    continue
                k = next((n for n, cid in enumerate(ids) if ok(cid)), None)
                fixed[i] = ids.pop(k) if k is not None else self.card[i]
            for i in hidden:
                self.card[i] = fixed[i] if i in fixed else ids.pop()

    # -- helpers -----------------------------------------------------------------------------
    def ids(self, zone: str) -> list[int]:
        """The iids in a zone (empty slots left out)."""
        return [i for i in self.zones[zone] if i is not None]

    def count(self, zone: str) -> int:
        return sum(1 for i in self.zones[zone] if i is not None)
