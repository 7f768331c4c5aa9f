"""Reading a position (the schema is in README.md) into a state: zones, cards, faces,
slots, this-turn marks, Maximum monsters and equips, then the phase to start in."""

from __future__ import annotations

from tabletop.engine.errors import CardFileError, PositionError
from tabletop.engine.position import PositionReader
from tabletop.engine.procedure import Step
from tabletop.engine.rng import PCG32

from . import carddb
from .effects import F_ATTACKED, F_CHANGED, F_SETTURN, F_SUMMONED, F_USED
from .rules.turn import START_LP
from .state import RushState
from .zones import Z

#: the phase a position starts in -> the procedure that runs it
START_STEP = {"draw": "draw_phase", "main": "main_phase", "battle": "battle_phase", "end": "end_phase"}


def from_position(game, position: dict, seed: int = 0, extra_cards: list | None = None) -> RushState:
    """Build a state from a position (schema in README.md)."""
    db = game.cards
    extra = list(extra_cards or [])
    if extra:
        try:
            db = carddb.index_extra(extra, db)
        except CardFileError as exc:
            raise PositionError(f"extra card definitions: {exc.detail}") from None
    reader = PositionReader(position, player_keys=("p0", "p1"))
    s = RushState(game, db, extra)
    s.rng = PCG32(seed)
    s.turn_number = reader.integer(None, "turn", 1, low=1)
    s.active = reader.one_of(None, "active", (0, 1), 0)
    s.first = reader.one_of(None, "first", (0, 1), s.active if s.turn_number % 2 == 1 else 1 - s.active)
    lp = position.get("lp", [START_LP, START_LP])
    if not isinstance(lp, list) or len(lp) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in lp):
        reader.fail(None, "lp", f"{lp!r} must be two whole numbers")
    s.life_points = list(lp)
    if "names" in position:
        s.names = [str(x) for x in position["names"]][:2]
    phase = reader.one_of(None, "phase", START_STEP, "main")
    t = s.table
    marks: dict[int, int] = {}
    maxi_centres: list[int] = []
    equips: list[tuple] = []

    def need(cid, where):
        if not isinstance(cid, str) or cid not in db:
            raise PositionError(f"unknown card {cid!r} in {where}")
        return cid

    for p in (0, 1):
        pos = reader.players[p]
        for key in pos:
            if key not in ("deck", "hand", "grave", "extra", "monster", "spell", "field"):
                raise PositionError(f"p{p}: unknown zone {key!r}")
        for z in ("deck", "hand", "grave", "extra"):
            for entry in reader.cards(p, z, db.__contains__):
                t.add(entry.card, p, Z[p][z], face=1 if z == "grave" else 0)
        for n, m in enumerate(pos.get("monster", [])):
            if isinstance(m, str):
                m = {"card": m}
            cid = need(m.get("card"), f"p{p}.monster")
            c = db[cid]
            if c["kind"] != "monster":
                raise PositionError(f"p{p}.monster: {cid} is not a monster")
            if m.get("maximum"):
                if c["subtype"] != "maximum" or c["max_piece"] != "centre":
                    raise PositionError(f"p{p}.monster: {cid} is not the centre of a Maximum set")
                if t.count(Z[p]["monster"]):
                    raise PositionError(f"p{p}.monster: a Maximum monster fills all three Monster Zones")
                ids = []
                for slot, pid in enumerate(c["max_pieces"]):
                    ids.append(t.add(pid, p, Z[p]["monster"], face=1, orient=0, index=slot))
                maxi_centres.append(ids)
                iid = ids[1]
            else:
                slot = m.get("slot", n)
                if not isinstance(slot, int) or not 0 <= slot < 3 or t.zones[Z[p]["monster"]][slot] is not None:
                    raise PositionError(f"p{p}.monster: slot {slot!r} is not a free slot 0-2")
                face = 0 if m.get("face", "up") == "down" else 1
                pos_ = m.get("position", "def" if not face else "atk")
                if pos_ not in ("atk", "def"):
                    raise PositionError(f"p{p}.monster: position must be 'atk' or 'def', not {pos_!r}")
                if not face and pos_ == "atk":
                    raise PositionError(f"p{p}.monster: a face-down monster is in defense position")
                iid = t.add(cid, p, Z[p]["monster"], face=face, orient=1 if pos_ == "def" else 0, index=slot)
            f = 0
            for key, bit in (("summoned_this_turn", F_SUMMONED), ("changed_position_this_turn", F_CHANGED),
                             ("attacked_this_turn", F_ATTACKED), ("effect_used_this_turn", F_USED)):
                if m.get(key):
                    f |= bit
            if f:
                marks[iid] = f
        for n, sp in enumerate(pos.get("spell", [])):
            if isinstance(sp, str):
                sp = {"card": sp}
            cid = need(sp.get("card"), f"p{p}.spell")
            if db[cid]["kind"] == "monster":
                raise PositionError(f"p{p}.spell: {cid} is a monster")
            slot = sp.get("slot", n)
            if not isinstance(slot, int) or not 0 <= slot < 3 or t.zones[Z[p]["spell"]][slot] is not None:
                raise PositionError(f"p{p}.spell: slot {slot!r} is not a free slot 0-2")
            face = 1 if sp.get("face", "down") == "up" else 0
            iid = t.add(cid, p, Z[p]["spell"], face=face, index=slot)
            if sp.get("set_this_turn"):
                marks[iid] = F_SETTURN
            if "equip_to" in sp:
                equips.append((iid, p, sp["equip_to"]))
        fld = pos.get("field")
        if fld:
            if isinstance(fld, str):
                fld = {"card": fld, "face": "up"}
            cid = need(fld.get("card"), f"p{p}.field")
            if db[cid]["subtype"] != "field":
                raise PositionError(f"p{p}.field: {cid} is not a field spell")
            t.add(cid, p, Z[p]["field"], face=0 if fld.get("face", "up") == "down" else 1, index=0)
    # equips are resolved by slot before the ids are shuffled
    eq_raw = []
    for iid, p, slot in equips:
        mon = t.zones[Z[p]["monster"]][slot] if isinstance(slot, int) and 0 <= slot < 3 else None
        if mon is None:
            raise PositionError(f"p{p}.spell: equip_to {slot!r} is not a monster slot of p{p}")
        c = db[t.card[iid]]
        eff = next((o for o in c["effect"] if o["op"] == "equip"), None)
        if eff is None:
            raise PositionError(f"p{p}.spell: {t.card[iid]} is not an equip spell")
        eq_raw.append((iid, mon, eff.get("atk", 0), eff.get("def", 0)))
    mapping = t.shuffle_iids(s.rng)
    s.card_flags = {mapping[k]: v for k, v in marks.items()}
    for ids in maxi_centres:
        for i in ids:
            s.maximum_centre[mapping[i]] = mapping[ids[1]]
    for sp, mon, a, d in eq_raw:
        s.equips[mapping[sp]] = (mapping[mon], a, d)
    events: list = []
    s.phase = phase
    if phase == "battle" and s.turn_number == 1:
        raise PositionError("the player going first has no Battle Phase on turn 1 (seed 3.3)")
    s.steps = [Step(START_STEP[phase])]
    s.run_steps(events)
    return s

