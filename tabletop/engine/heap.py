"""The collector and the long-lived data: what a game reads once stays out of its walks.

Python's cyclic garbage collector walks the objects that could hold cycles:
the young ones at every collection, all of them at a full collection. A
game's card database, and the modules of the program, are tens of thousands
of such objects that live until the program ends, and the rules (and most of
all the computer players' searches, which clone positions by the thousand)
make new objects fast enough that full collections come round again and
again, each walking the card data once more. :func:`keep` moves every object
alive when a game's data has just been read into the collector's permanent
generation (``gc.freeze``), which no collection walks, and lets the young
generation grow to ``YOUNG`` objects before it is collected (Python's default
is 700), so most short-lived objects are freed by their reference counts
before any collection sees them. Nothing else changes: objects are freed
exactly as before, and what dies in a cycle is collected as before, except
what was alive, and already garbage, at the moment of :func:`keep` (a
collection runs first, so that is nothing).
"""

from __future__ import annotations

import gc

#: objects the young generation holds before it is collected
YOUNG = 20_000

#: the most entries a memo of choices made once keeps before it is emptied. The rules
#: make a choice once and list the same object decision after decision (keyed by the
#: card instance and what its words name), which pays within a game; a later game's
#: choices are other keys. A memo that grows for hundreds of games is what sets the
#: collector walking (each of its entries is an object it tracks), and one that spans
#: several games is what falls out of the processor's second-level cache: Rush Duel
#: makes about 300 entries a game, and allowed 2,000 its random games missed that cache
#: 66 times a decision, allowed 300 19 times (before the speed work: 10), and ran 4% faster
#: for it, for 0.2% more instructions (docs/PERFORMANCE.md). The other games and the
#: searches of the computer players neither gain nor lose.
MEMO = 300

#: the bound of a memo whose game makes a few dozen entries a game (Lumen Condenser's,
#: each kind of choice about 15; Aquarian Age's, about 12 and 4): a few games' worth, as
#: MEMO is for Rush Duel. Allowed 300, such a memo held the choices of 20 and more games;
#: allowed 50, Lumen Condenser's random games missed the second-level cache 26 times a
#: decision rather than 30, for the same instructions (docs/PERFORMANCE.md).
MEMO_FEW = 50


def keep() -> None:
    """Leave everything alive now (the card data just read, the modules) out of
    the collector's walks from now on; called once a game's card data are read."""
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    if young < YOUNG:
        gc.set_threshold(YOUNG, middle, old)
