"""The animation queue and the view patcher.

Design (why the table never shows a state ahead of the last played event):
``apply`` runs the rules to the next decision in one go, so there is no
intermediate state to render. The table keeps the *shown view*: the viewer's
view from before the choice. Each event (already filtered by
``Event.for_player(viewer)``) is played in order and, as it starts, patches
the shown view by what it says (a ``card.move`` moves that card dict from its
zone to the other, ``card.flip`` turns it, ``counter.change`` sets the number,
``phase.begin`` lights the phase...). Kinds the table does not know only show
a banner. When the queue is empty the shown view is replaced by the real
``view(viewer)`` of the new state, which fixes anything the events did not
say (card counters, attachments). Hidden cards stay hidden because the
patches only use what the filtered events carry.
"""

from __future__ import annotations

from tabletop.engine.core import Event

BASE_SECONDS = {
    "card.move": 0.34, "card.flip": 0.28, "card.turn": 0.24, "counter.change": 0.55,
    "phase.begin": 0.5, "step.begin": 0.5, "reveal": 1.3, "game.over": 1.6,
}
BANNER_SECONDS = 0.95


def duration(kind: str, speed_factor: float) -> float:
    """How long an event plays at this speed (instant: 0)."""
    if speed_factor <= 0:
        return 0.0
    return BASE_SECONDS.get(kind, BANNER_SECONDS) / speed_factor


def _card_dict(data: dict, old: dict | None) -> dict:
    cid = data.get("card_id")
    d = {"iid": data.get("card"), "card": cid, "hidden": cid is None,
         "face": data.get("face", (old or {}).get("face", "up")),
         "orient": data.get("orient", (old or {}).get("orient", "upright")),
         "slot": None, "counters": {}, "attached": [], "owner": data.get("owner", (old or {}).get("owner"))}
    if old is not None and old.get("iid") is not None and old.get("iid") == d["iid"]:
        d["counters"] = dict(old.get("counters") or {})
        if cid is None and old.get("card") is not None and data.get("face") == "up":
            d["card"], d["hidden"] = old["card"], False
    return d


def find_card(view: dict, iid) -> tuple[str, int] | None:
    """(zone key, index) of the card with this iid in a view (attached cards: att.<host>)."""
    if iid is None:
        return None
    for z, cards in view.get("zones", {}).items():
        for i, c in enumerate(cards):
            if c.get("iid") == iid:
                return z, i
            for j, a in enumerate(c.get("attached") or []):
                if a.get("iid") == iid:
                    return f"att.{c.get('iid')}", j
    return None


def _zone_list(view: dict, key: str):
    if key.startswith("att."):
        try:
            host = int(key[4:])
        except ValueError:
            return None
        loc = find_card(view, host)
        if loc is None or loc[0].startswith("att."):
            return None
        c = view["zones"][loc[0]][loc[1]]
        c.setdefault("attached", [])
        return c["attached"]
    return view.setdefault("zones", {}).setdefault(key, [])


def _uses_slots(cards: list, slot_zones: set, key: str) -> bool:
    return key in slot_zones or any(c.get("slot") is not None for c in cards)


def patch(view: dict, ev: Event, slot_zones: set = frozenset()) -> dict | None:
    """Apply one event to a shown view in place. Returns the moved card dict for
    card.move (so the table can tween it), else None. Never raises on odd data."""
    d = ev.data or {}
    try:
        if ev.kind == "card.move":
            frm, to = d.get("from"), d.get("to")
            old = None
            src = _zone_list(view, frm) if isinstance(frm, str) else None
            if src is not None:
                idx = None
                iid = d.get("card")
                if iid is not None:
                    idx = next((i for i, c in enumerate(src) if c.get("iid") == iid), None)
                if idx is None:
                    fi = d.get("from_index")
                    if isinstance(fi, int):
                        if _uses_slots(src, slot_zones, frm):
                            idx = next((i for i, c in enumerate(src) if c.get("slot") == fi), None)
                        elif 0 <= fi < len(src):
                            idx = fi
                if idx is not None:
                    old = src.pop(idx)
            elif d.get("card") is not None:
                loc = find_card(view, d.get("card"))
                if loc:
                    old = _zone_list(view, loc[0]).pop(loc[1])
            card = _card_dict(d, old)
            dst = _zone_list(view, to) if isinstance(to, str) else None
            if dst is None:
                return card
            index = d.get("index")
            if _uses_slots(dst, slot_zones, to):
                card["slot"] = index if isinstance(index, int) else None
                dst.append(card)
                dst.sort(key=lambda c: c.get("slot") if isinstance(c.get("slot"), int) else 99)
            elif isinstance(index, int) and 0 <= index <= len(dst):
                dst.insert(index, card)
            else:
                dst.append(card)
            return card
        if ev.kind == "card.flip":
            loc = find_card(view, d.get("card"))
            if loc:
                c = _zone_list(view, loc[0])[loc[1]]
                c["face"] = d.get("face", c.get("face"))
                if d.get("card_id") is not None:
                    c["card"], c["hidden"] = d["card_id"], False
                elif c.get("face") == "down" and c.get("owner") is not None:
                    pass
        elif ev.kind == "card.turn":
            loc = find_card(view, d.get("card"))
            if loc:
                _zone_list(view, loc[0])[loc[1]]["orient"] = d.get("orient", "upright")
        elif ev.kind == "counter.change":
            p = d.get("player")
            players = view.get("players") or []
            if isinstance(p, int) and 0 <= p < len(players):
                cs = players[p].setdefault("counters", {})
                if "value" in d:
                    cs[d.get("counter")] = d["value"]
                elif isinstance(d.get("delta"), (int, float)) and isinstance(cs.get(d.get("counter")), (int, float)):
                    cs[d.get("counter")] += d["delta"]
        elif ev.kind == "phase.begin":
            if d.get("phase") is not None:
                view["phase"] = d["phase"]
                view["step"] = ""
            if isinstance(d.get("player"), int):
                view["active"] = d["player"]
        elif ev.kind == "step.begin":
            view["step"] = d.get("step", "")
        elif ev.kind == "turn.begin":  # the turn number shown moves on with the banner
            if isinstance(d.get("turn"), int) and not isinstance(d.get("turn"), bool):
                view["turn"] = d["turn"]
            if isinstance(d.get("player"), int) and not isinstance(d.get("player"), bool):
                view["active"] = d["player"]
        elif ev.kind == "game.over":
            view["winner"] = d.get("winner")
            view["over"] = True
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return None
    return None


class AnimQueue:
    """Events waiting to be played, one at a time."""

    def __init__(self):
        self.items: list[Event] = []
        self.current: Event | None = None
        self.t = 0.0
        self.dur = 0.0
        self.hold = False  # a lesson pause stops the queue until it is resumed

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.items)

    def push(self, events) -> None:
        self.items.extend(events)

    def clear(self) -> None:
        self.items.clear()
        self.current = None
        self.hold = False

    @property
    def progress(self) -> float:
        return 1.0 if self.dur <= 0 else min(1.0, self.t / self.dur)

    def update(self, dt: float, speed_factor: float, on_start, on_end=None, budget_events: int = 400) -> None:
        """Advance by ``dt`` seconds; ``on_start(event)`` is called as each event
        begins (instant speed plays many events in one frame)."""
        left = dt
        n = 0
        while n < budget_events and not self.hold:
            if self.current is None:
                if not self.items:
                    return
                self.current = self.items.pop(0)
                self.t = 0.0
                self.dur = duration(self.current.kind, speed_factor)
                on_start(self.current)
                n += 1
            step = min(left, max(0.0, self.dur - self.t))
            self.t += step
            left -= step
            if self.t >= self.dur - 1e-9:
                done = self.current
                self.current = None
                if on_end:
                    on_end(done)
                continue
            return
