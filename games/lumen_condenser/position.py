"""Building a state from a position (scenarios, tutorials; schema in
README.md), read through the kit's PositionReader."""

from __future__ import annotations

from tabletop.engine.position import PositionReader
from tabletop.engine.rng import PCG32

from .rules.procedures import push
from .rules.turn import resume_at
from .zones import ZONES

# zone key of a position -> the face its cards get
POSITION_ZONES = (("hand", 0), ("list", 1), ("side", 0), ("break", 1), ("ultimate", 1), ("battle", 1))
START_PHASES = ("lumen", "ready", "get", "recovery")


def from_position(state, position: dict, seed: int = 0):
    """Fill a blank state from ``position`` and run the rules to the first decision."""
    s = state
    db = s.card_db
    reader = PositionReader(position)
    s.rng = PCG32(seed)
    s.timed = reader.flag(None, "timed", False)
    s.names = ["Player 1", "Player 2"]
    s.characters = ["", ""]
    t = s.table
    for p, pl in enumerate(reader.players):
        ch = pl.get("character")
        if ch not in db.chars:
            reader.fail(p, "character", f"{ch!r} is not a character card id")
        s.characters[p] = ch
        default = f"Player {p + 1}"
        s.names[p] = str(pl.get("name", default))
        t.add(ch, p, ZONES["character"][p], face=1)
        for zone, face in POSITION_ZONES:
            for entry in reader.cards(p, zone, db.techs.__contains__, "technique card"):
                cid = entry.card
                if db.techs[cid].special and zone in ("hand", "list"):
                    reader.fail(p, zone, f"the special technique {cid!r} can't be there (digest B.1 rule 4)")
                t.add(cid, p, ZONES[zone][p], face=face)
        top = db.chars[ch].hp
        s.hp[p] = reader.integer(p, "hp", top, low=1, high=top)
        s.fp[p] = reader.integer(p, "fp", 0)
        # a third no response has lost the game (seed 5): a position has at most two
        s.no_responses[p] = reader.integer(p, "no_response", 0, low=0, high=2)
        s.trait_counters[p] = reader.integer(p, "counter", 0, low=0)
        s.restrictions[p] = reader.one_of(p, "restrict", ("", "attack", "defence"), "")
    t.shuffle_iids(s.rng)
    s.defence_over_count = reader.integer(None, "defence_over", 0, low=0)
    sudden_death = reader.integer(None, "sudden_death", 0, low=0)
    if sudden_death:
        s.in_sudden_death = True
        s.sudden_death_turns = sudden_death
    phase = reader.one_of(None, "phase", START_PHASES, "lumen")
    turn = reader.integer(None, "turn", 1)
    if phase == "lumen":
        s.turn_number = turn - 1
        push(s, "turn_start")
    else:
        s.turn_number = turn
        push(s, *resume_at(phase))
    s.run()
    return s
