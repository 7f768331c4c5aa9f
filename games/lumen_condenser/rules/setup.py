"""Set-up (seed 4.2)."""

from __future__ import annotations

from tabletop.engine.rng import PCG32

from ..cards import HAND_START, LIST_START
from ..zones import BATTLE, CHARACTER, HAND, LIST, SIDE, ULTIMATE
from .procedures import push


def setup_state(state, decks: list[list[str]], names: list[str], seed: int, timed: bool = False):
    """Seed 4.2 set-up on a blank state: characters face up; 5 techniques
    face down in the battle zone as the first hand, 9 in the List, the rest
    in the side deck (special techniques always there); each player
    inspects the other's battle zone cards and returns them; the List turns
    face up; HP 5000. Then the first turn starts."""
    s = state
    db = s.card_db
    s.rng = PCG32(seed)
    s.timed = bool(timed)
    s.names = list(names)
    s.characters = ["", ""]
    per = []
    for p in (0, 1):
        ids = decks[p]
        ch = [c for c in ids if c in db.chars][0]
        s.characters[p] = ch
        techs = [c for c in ids if c in db.techs]
        normal = [c for c in techs if not db.techs[c].special and not db.techs[c].ultimate]
        hand = normal[:HAND_START]
        lst = normal[HAND_START:HAND_START + LIST_START]
        rest = [c for c in techs if c not in hand and c not in lst and not db.techs[c].ultimate]
        ult = [c for c in techs if db.techs[c].ultimate]
        per.append((ch, hand, lst, rest, ult))
    # instances: create all face down in the side deck, then lay them out
    t = s.table
    for p in (0, 1):
        ch, hand, lst, rest, ult = per[p]
        for c in [ch] + hand + lst + rest + ult:
            t.add(c, p, SIDE[p])
    t.shuffle_iids(s.rng)
    # map back by walking each side zone in order
    for p in (0, 1):
        ch, hand, lst, rest, ult = per[p]
        ids = list(t.zones[SIDE[p]])
        k = 0
        t.move(ids[k], CHARACTER[p], face=1)
        k += 1
        for _ in hand:
            t.move(ids[k], BATTLE[p], face=0)
            k += 1
        for _ in lst:
            t.move(ids[k], LIST[p], face=0)
            k += 1
        side = ids[k:k + len(rest)]
        k += len(rest)
        for _ in ult:
            t.move(ids[k], ULTIMATE[p], face=1)
            k += 1
        order = list(side)
        s.rng.shuffle(order)
        t.zones[SIDE[p]] = order
    for p in (0, 1):
        s.hp[p] = db.chars[s.characters[p]].hp
    # steps 5-6: inspect the opponent's battle zone, return it; List face up
    for p in (0, 1):
        t.reveal(list(t.zones[BATTLE[p]]), to=(1 - p,))
        for iid in list(t.zones[BATTLE[p]]):
            t.move(iid, HAND[p], face=0)
            t.known[iid] = 0
        for iid in t.zones[LIST[p]]:
            t.face[iid] = 1
    push(s, "turn_start")
    s.run()
    return s
