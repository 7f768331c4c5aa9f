"""Setting up the duel (seed 2; digest 1.C rule 9)."""

from __future__ import annotations

from ..zones import Z
from .turn import START_HAND


def set_up(s, lists: list[list[str]]) -> None:
    """Set-up (seed 2; digest 1.C rule 9): each deck is shuffled (Fusion monsters go
    to the Extra Deck), the first player is decided at random, each player draws 4
    with 8000 LP; then turn 1 begins with its Draw Phase."""
    t = s.table
    t.create(lists, [Z[0]["deck"], Z[1]["deck"]], s.rng)
    extra, card = s.memo.extra, t.card  # the card ids carddb.is_extra names
    for p in (0, 1):
        deck = t.zones[Z[p]["deck"]]
        for i in [i for i in deck if card[i] in extra]:
            deck.remove(i)
            t.zones[Z[p]["extra"]].append(i)
            t.zone[i] = Z[p]["extra"]
        s.rng.shuffle(deck)
    s.first = s.rng.randbelow(2)
    s.active = s.first
    events: list = []
    for p in (s.first, 1 - s.first):
        s.draw(p, START_HAND, events, "seed 2 (each player draws 4)")
    s.start_turn(events)
    s.run_steps(events)
