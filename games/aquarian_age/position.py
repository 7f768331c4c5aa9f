"""Reading a position (schema in README.md) into a state: the cards of each
player's zones, the faction stacks bottom first, dominated characters with
their power cards, permanents and the cards under a break card."""

from __future__ import annotations

from sys import intern

from tabletop.engine.errors import PositionError
from tabletop.engine.position import PositionReader
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32

from .board import ATT, DOMINION, STACK_OF
from .carddb import FACTIONS, normalise_extra
from .rules.turn import PHASES, turn_step
from .state import AAState
from .zones import intern_table


def from_position(game, position: dict, seed: int = 0, extra_cards: list[dict] | None = None) -> AAState:
    """Build a state from a position (schema in README.md): the players'
    zones, then the steps of the turn from the position's phase on."""
    reader = PositionReader(position)
    db = game.cards
    if extra_cards:
        db = normalise_extra(extra_cards, db, "scenario cards")
    s = AAState(game, db, list(extra_cards or []))
    s.rng = PCG32(seed)
    players = reader.players
    s.turn = reader.integer(None, "turn", 1, low=1)
    s.active = reader.integer(None, "active", 0, low=0, high=1)
    s.first = reader.integer(None, "first", 0, low=0, high=1)
    phase = reader.one_of(None, "phase", ("setup",) + PHASES, default="main")
    t = s.table

    def cid(x, where):
        if not isinstance(x, str) or x not in db:
            raise PositionError(f"{where}: unknown card {x!r}")
        return intern(x)  # the very string the cards are keyed by (carddb.py)

    def put_field(p, entry, zone, where):
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict) or "card" not in entry:
            raise PositionError(f"{where}: a field card is a card id or a table with 'card'")
        c = cid(entry["card"], where)
        if db[c]["type"] not in ("character", "break"):
            raise PositionError(f"{where}: {c} is not a character or break card")
        iid = t.add(c, p, zone, face=1)
        for k in ("under", "permanents", "power"):
            if not isinstance(entry.get(k, []), list):
                raise PositionError(f"{where}: '{k}' must be a list of card ids")
        for u in entry.get("under", []) or []:
            t.add(cid(u, where), p, ATT[iid], face=1)
        for pm in entry.get("permanents", []) or []:
            if db[cid(pm, where)]["type"] != "permanent":
                raise PositionError(f"{where}: {pm} is not a permanent")
            t.add(intern(pm), p, ATT[iid], face=1)
        pw = entry.get("power", []) or []
        if not isinstance(pw, list):
            raise PositionError(f"{where}: 'power' must be a list of card ids")
        for x in pw:
            t.add(cid(x, where), p, ATT[iid], face=0)
        return iid

    for p, pl in enumerate(players):
        s.names[p] = str(pl.get("name", f"Player {p + 1}"))
        for zname, face in (("deck", 0), ("hand", 0), ("damage", 1), ("discard", 1)):
            lst = pl.get(zname, [])
            if not isinstance(lst, list):
                raise PositionError(f"players[{p}].{zname} must be a list of card ids")
            for x in lst:
                t.add(cid(x, f"players[{p}].{zname}"), p, intern(f"p{p}.{zname}"), face=face)
        fac = pl.get("faction", {}) or {}
        if not isinstance(fac, dict):
            raise PositionError(f"players[{p}].faction must be a table of faction = [cards, bottom first]")
        for f in fac:
            if f not in FACTIONS:
                raise PositionError(f"players[{p}].faction: unknown faction {f!r} (known: {', '.join(FACTIONS)})")
        # the seed's faction order, never the table's key order (a save rewrites key order)
        for f in (x for x in FACTIONS if x in fac):
            lst = fac[f]
            if not isinstance(lst, list):
                raise PositionError(f"players[{p}].faction.{f} must be a list of field cards, bottom first")
            for n, e in enumerate(lst):
                put_field(p, e, STACK_OF[p][f], f"players[{p}].faction.{f}[{n}]")
        dom = pl.get("dominion", []) or []
        if not isinstance(dom, list):
            raise PositionError(f"players[{p}].dominion must be a list of field cards")
        for n, e in enumerate(dom):
            put_field(p, e, DOMINION[p], f"players[{p}].dominion[{n}]")
    t.shuffle_iids(s.rng)
    intern_table(t)  # the renumbered "att.<iid>" keys too
    if phase == "setup":
        s.steps = [turn_step(s.turn), Step("redraw", 0, {"player": 1 - s.first})]
    else:
        s.steps = [turn_step(s.turn, phase)]
    s.phase = phase
    s.run_rules([])
    return s

# ------------------------------------------------------------------ faces
