"""Set-up and the mulligan (seed 'before the first Awaken' 1-10; Core Rules v1.3
Setup and Mulligan, digest 6)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision
from tabletop.engine.procedure import DONE
from tabletop.engine.rng import PCG32

from ..rulebook import R_MULL, R_SETUP
from ..zones import ASIDE, BATTLEFIELD, BFASIDE, CHAMPION, DECK, HAND, LEGEND, RUNEDECK
from . import PROCS, push


class Setup:
    """The set-up before the first turn (digest 6). RBState mixin."""

    __slots__ = ()

    def _setup(self, decks: list, names: list, seed: int, ev: list) -> None:
        """Set-up in the seed's order (seed 'before the first Awaken' 1-10; digest 6)."""
        self.rng = PCG32(seed)
        self.names = list(names)
        t = self.table
        per_owner = [[], []]
        for p in (0, 1):
            per_owner[p] = list(decks[p])
        # create everything in p.aside first, then sort into zones
        t.create(per_owner, list(ASIDE), self.rng)
        for p in (0, 1):
            ids = list(t.zones[ASIDE[p]])
            ids.sort()
            db, cards = self.card_db, t.card
            types = [db[cards[i]]["type"] for i in ids]
            legend = ids[types.index("legend")]
            ltag = db[cards[legend]]["champion"]
            champ = None
            for i, typ in zip(ids, types):
                if typ == "unit":
                    c = db[cards[i]]
                    if "champion" in c["supertype"] and c["champion"] == ltag:
                        champ = i
                        break
            ev.append(t.move(legend, LEGEND[p], face=1, caption=f"{self.names[p]} places the legend {self.name(legend)}", rule=R_SETUP))
            self._ev(ev, "setup.legend", f"{self.names[p]}'s legend: {self.name(legend)}", R_SETUP, player=p, card=legend)
            if champ is not None:
                ev.append(t.move(champ, CHAMPION[p], face=1, caption=f"{self.names[p]} places the chosen champion {self.name(champ)}", rule=R_SETUP))
                self._ev(ev, "setup.champion", f"{self.names[p]}'s chosen champion: {self.name(champ)}", R_SETUP, player=p, card=champ)
            # the rest, in iid order, face down, unseen: battlefields set aside (their owner
            # knows them), runes to the rune deck and the main deck's cards to the deck (secret:
            # nobody knows them); placed directly, as no step of the log shows it
            aside, zone_of, known = t.zones[ASIDE[p]], t.zone, t.known
            bfaside, runedeck, deck = BFASIDE[p], RUNEDECK[p], DECK[p]
            for i, typ in zip(ids, types):
                if i == legend or i == champ:
                    continue
                if typ == "battlefield":
                    to = bfaside
                    known[i] |= 1 << p
                else:
                    to = runedeck if typ == "rune" else deck
                    known[i] = 0
                t.zones[to].append(i)
                zone_of[i] = to
            del aside[:]
            self._ev(ev, "setup.battlefields", f"{self.names[p]} sets aside three battlefields", R_SETUP, player=p)
        self.first = self.rng.randbelow(2)
        self.active = self.first
        self._ev(ev, "setup.first_player", f"{self.names[self.first]} goes first (chosen at random)", R_SETUP, player=self.first)
        for p in (0, 1):
            self.rng.shuffle(t.zones[DECK[p]])
            self.rng.shuffle(t.zones[RUNEDECK[p]])
            self._ev(ev, "setup.shuffle", f"{self.names[p]} shuffles the main deck and the rune deck separately", R_SETUP, player=p)
        for p in (0, 1):
            self.draw(p, 4, ev, R_SETUP)
        self.turn_step = "mulligan"
        push(self, "mulligan", player=self.first, set_aside=0)

    def _mulligan_done(self, p: int, ev: list) -> None:
        """Mulligan: draw as many as were set aside, then recycle those to the bottom in
        random order (seed setup 7-8; digest 6.6)."""
        t = self.table
        aside = list(t.zones[ASIDE[p]])
        if aside:
            self.draw(p, len(aside), ev, R_MULL)
            self.rng.shuffle(aside)
            for i in aside:
                ev.append(t.move(i, DECK[p], caption=f"{self.names[p]} recycles a set-aside card to the bottom", rule=R_MULL))
        self._ev(ev, "mulligan.done", f"{self.names[p]} mulligans {len(aside)} card(s)", R_MULL, player=p, count=len(aside))
        if p == self.first:
            push(self, "mulligan", player=1 - p, set_aside=0)
            return
        # seed setup 9: each player's battlefield is chosen at random (single game) and revealed
        for q in (0, 1):
            bfs = list(t.zones[BFASIDE[q]])
            if not bfs or t.zones[BATTLEFIELD[q]]:
                continue
            pick = bfs[self.rng.randbelow(len(bfs))]
            ev.append(t.move(pick, BATTLEFIELD[q], face=1, caption=f"{self.names[q]}'s battlefield is {self.name(pick)} (random)", rule=R_SETUP))
            self._ev(ev, "setup.battlefield", f"{self.names[q]}'s battlefield {self.name(pick)} is revealed", R_SETUP, player=q, bf=q)
        self.turn_number = 1
        self.active = self.first
        self.turn_step = "awaken"


@PROCS.decision("mulligan", rule=R_MULL)
class Mulligan:
    """Set aside up to 2 cards, one at a time, then done: draw as many, recycle those
    (seed setup 7-8; Core Rules v1.3 Mulligan, digest 6.6). The first player goes first."""

    def decide(state, step):
        p, n = step.args["player"], step.args["set_aside"]
        ch = [Choice("mulligan_pick", {"card": i, "to": ASIDE[p]}, p, f"Set aside {state.name(i)}")
              for i in state.table.zones[HAND[p]]] if n < 2 else []
        ch.append(Choice("mulligan_done", {}, p, "Done (keep the rest)", role="confirm"))
        return Decision([p], "mulligan", f"Mulligan: set aside up to 2 cards, one at a time ({n} so far), then done", ch)

    def choose(state, step, choice, events):
        p = choice.player
        if choice.kind == "mulligan_pick":
            push(state, "mulligan", player=p, set_aside=step.args["set_aside"] + 1)  # steps are never changed
            events.append(state.table.move(choice.args["card"], ASIDE[p], caption=("{player} sets a first card aside", "{player} sets a second card aside")[
                                               min(1, step.args['set_aside'])].format(player=state.names[p]),
                                           rule=R_MULL))
            return DONE
        state._mulligan_done(p, events)
        return DONE
