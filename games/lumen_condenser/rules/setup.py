"""Set-up (seed 4.2)."""

from __future__ import annotations

from tabletop.engine.rng import PCG32

from ..cards import HAND_START, LIST_START
from ..zones import CHARACTER, HAND, LIST, SIDE, ULTIMATE
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
    chars, records = db.chars, db.techs
    for p in (0, 1):
        ids = decks[p]
        ch = [c for c in ids if c in chars][0]
        s.characters[p] = ch
        techs = [c for c in ids if c in records]
        normal = [c for c in techs if not records[c].special and not records[c].ultimate]
        hand = normal[:HAND_START]
        lst = normal[HAND_START:HAND_START + LIST_START]
        dealt = {*hand, *lst}
        rest = []
        ult = []
        for c in techs:  # the rest in deck order (a technique dealt to the hand or the List is not), and the ultimate
            if records[c].ultimate:
                ult.append(c)
            elif c not in dealt:
                rest.append(c)
        per.append((ch, hand, lst, rest, ult))
    # instances: every card numbered by a random permutation (so an iid says nothing of the card),
    # then laid out: the character and the ultimate face up, the first hand, the List face up,
    # the rest shuffled into the side deck. Each player inspects the other's first hand and gives
    # it back (steps 5-6): afterwards nobody knows any card beyond what its zone shows.
    t = s.table
    flat = []
    for p in (0, 1):
        ch, hand, lst, rest, ult = per[p]
        flat += [(p, c) for c in [ch] + hand + lst + rest + ult]
    n = len(flat)
    perm = list(range(n))
    s.rng.shuffle(perm)
    card = [""] * n
    owner = [0] * n
    for new, (o, cid) in zip(perm, flat):
        card[new] = cid
        owner[new] = o
    face = [0] * n
    zone = [""] * n
    zones = t.zones
    base = 0
    for p in (0, 1):
        ch, hand, lst, rest, ult = per[p]
        ids = perm[base:base + 1 + len(hand) + len(lst) + len(rest) + len(ult)]
        base += len(ids)
        k = 0
        for key, count, up in ((CHARACTER[p], 1, 1), (HAND[p], len(hand), 0), (LIST[p], len(lst), 1),
                               (SIDE[p], len(rest), 0), (ULTIMATE[p], len(ult), 1)):
            part = ids[k:k + count]
            k += count
            if key == SIDE[p]:
                s.rng.shuffle(part)
            zones[key] = part
            for iid in part:
                zone[iid] = key
                face[iid] = up
    t.card = card
    t.owner = owner
    t.face = face
    t.orient = [0] * n
    t.zone = zone
    t.known = [0] * n
    for p in (0, 1):
        s.hp[p] = db.chars[s.characters[p]].hp
    push(s, "turn_start")
    s.run()
    return s
