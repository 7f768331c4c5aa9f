"""Building a state from a position (the schema is in README.md): the board,
each player's zones, points, pool and counters, and where the turn is."""

from __future__ import annotations

from tabletop.engine.errors import PositionError
from tabletop.engine.position import PositionReader
from tabletop.engine.rng import PCG32

from . import carddb
from .carddb import DOMAINS
from .rules import push
from .state import RBState

_POS_ZONES = ("hand", "deck", "runedeck", "runes", "base", "bf0", "bf1", "trash", "hidden0", "hidden1", "bfaside")


def from_position(game, position: dict, seed: int = 0, extra_cards=None) -> RBState:
    """Build a state from a position (schema in README.md); the kit's PositionReader reads
    and checks the numbers and words, naming where a mistake is."""
    read = PositionReader(position)
    db = carddb.extra_cards(game.cards, extra_cards)
    s = RBState.__new__(RBState)
    s._blank(game, db, list(extra_cards or []))
    s.rng = PCG32(seed)
    t = s.table

    def need(cid, where):
        if not isinstance(cid, str) or cid not in db:
            raise PositionError(f"{where}: unknown card {cid!r}")
        return cid

    try:
        s.turn_number = read.integer(None, "turn", 3, low=0)
        s.active = read.integer(None, "active", 0, low=0, high=1)
        s.first = read.integer(None, "first", 0, low=0, high=1)
        phase = read.one_of(None, "phase", ("mulligan", "awaken", "beginning", "channel", "draw", "main", "ending"), "main")
        s.turn_step = phase
        bfs = position.get("battlefields", [])
        for b, cid in enumerate(bfs[:2]):
            t.add(need(cid, f"battlefields[{b}]"), b, f"shared.bf{b}", face=1)
        ctrl = position.get("control", [-1, -1])
        s.battlefield_controller = [int(x) for x in ctrl]
        s.contested = [int(x) for x in position.get("contested", [-1, -1])]
        if len(s.contested) != 2 or any(x not in (-1, 0, 1) for x in s.contested + s.battlefield_controller):
            raise PositionError("control and contested are two entries each, -1, 0 or 1")
        pls = read.players
        posts = []
        for p, pl in enumerate(pls):
            s.names = list(s.names)
            s.names[p] = read.text(p, "name", f"Player {p + 1}")
            s.points[p] = read.integer(p, "points", 0, low=0)
            s.xp[p] = read.integer(p, "xp", 0, low=0)
            pool = pl.get("pool", {})
            s.pool[p] = [int(pool.get("energy", 0))] + [int(pool.get(d, 0)) for d in DOMAINS]
            if pl.get("legend"):
                t.add(need(pl["legend"], f"player {p} legend"), p, f"p{p}.legend", face=1,
                      orient=1 if pl.get("legend_exhausted") else 0)
            if pl.get("champion"):
                t.add(need(pl["champion"], f"player {p} champion"), p, f"p{p}.champion", face=1)
            for z in _POS_ZONES:
                for n, e in enumerate(pl.get(z, [])):
                    ent = {"card": e} if isinstance(e, str) else dict(e)
                    cid = need(ent.get("card"), f"player {p} {z}[{n}]")
                    face = 0 if z in ("hand", "deck", "runedeck") or z.startswith("hidden") else 1
                    iid = t.add(cid, p, f"p{p}.{z}", face=face, orient=1 if ent.get("exhausted") else 0)
                    posts.append((iid, ent, z, p))
            scored = pl.get("scored", [])
            s.scored[p] = sum(1 << int(b) for b in scored)
            s.played[p] = int(pl.get("played", 0))
        chan = position.get("channeled")
        if chan is not None:
            s.channeled = [bool(x) for x in chan]
        else:
            for p in (0, 1):
                s.channeled[p] = not (p != s.first and (s.turn_number < 2 or (
                    s.turn_number == 2 and phase in ("awaken", "beginning", "channel"))))
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        raise PositionError(f"malformed position ({type(exc).__name__}: {exc})") from None
    mapping = t.shuffle_iids(s.rng)
    for iid, ent, z, p in posts:
        n = mapping[iid]
        for key, cnt in (("damage", "dmg"), ("buff", "buff"), ("stunned", "stun")):
            if ent.get(key):
                s.set_counter(n, cnt, int(ent[key]))
        if z.startswith("hidden"):
            s.set_counter(n, "hid", int(ent.get("turn", s.turn_number - 1)))
        for g in ent.get("attached", []):
            gi = t.add(need(g, f"player {p} attachment"), p, f"att.{n}", face=1)
            del gi
    if s.turn_step == "mulligan":  # set-up steps 7-8: the mulligan decision (seed setup 7-8)
        s.turn_number = 0
        s.active = s.first
        push(s, "mulligan", player=int(position.get("mulligan", s.first)), set_aside=0)
    s.cleanup_due = True
    s._run([])
    s.decision_cache = None
    return s
