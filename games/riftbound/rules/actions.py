"""Card actions the rules and effects share: draw (with Burn Out), channel, hide,
equip and attach, tokens, kill (Core Rules v1.3, digest 4, 5.6, 14.6, 15, 18, 19)."""

from __future__ import annotations

from tabletop.engine.core import Event

from ..effects import TOKENS
from ..rulebook import R_BURN, R_EFFECT, R_HIDE, R_KW, VICTORY_SCORE
from ..zones import BASE, DECK, GONE, HAND, LEGEND, RUNEDECK, RUNES, TRASH, ZLOC, att as att_zone, lz


class CardActions:
    """Card actions shared by the rules and the effects. RBState mixin."""

    __slots__ = ()

    def draw(self, p: int, n: int, ev: list, rule: str) -> None:
        """Draw, with Burn Out when the deck runs out (Core Rules v1.3 Burn Out, digest 14.6)."""
        t = self.table
        for _ in range(n):
            deck = t.zones[DECK[p]]
            guard = 0
            while not deck:
                guard += 1
                trash = list(t.zones[TRASH[p]])
                self.rng.shuffle(trash)
                for i in trash:
                    ev.append(t.move(i, DECK[p], face=0, orient=0,
                                     caption=f"{self.names[p]}'s trash is recycled into the deck", rule=R_BURN))
                self.points[1 - p] += 1
                self.outcome_due = True  # the processor's end-of-game check reads the points
                self.cleanup_quiet = False  # a point scored: the win check looks at it
                self._ev(ev, "burnout", f"{self.names[p]} burns out: the trash ({len(trash)}) becomes the deck and "
                         f"{self.names[1 - p]} gains 1 point", R_BURN, player=p, recycled=len(trash))
                self._ev(ev, "counter.change", f"{self.names[1 - p]}: {self.points[1 - p]} points", R_BURN,
                         player=1 - p, counter="points", delta=1, value=self.points[1 - p])
                if not deck and self.points[1 - p] >= VICTORY_SCORE and self.points[1 - p] > self.points[p]:
                    self.end_game(1 - p, "burn out", ev)
                    return
                if guard > 50:
                    return
            top = deck[0]
            ev.append(t.move(top, HAND[p], caption=f"{self.names[p]} draws a card", rule=rule))

    def channel(self, p: int, n: int, exhausted: bool, ev: list, rule: str) -> None:
        """Channel: top runes of the rune deck to the board, ready; fewer if it runs short (digest 5.6)."""
        t = self.table
        for _ in range(n):
            rd = t.zones[RUNEDECK[p]]
            if not rd:
                self._ev(ev, "rune.channel_short", f"{self.names[p]}'s rune deck is empty: nothing more to channel", rule, player=p)
                return
            e = t.move(rd[0], RUNES[p], face=1, orient=1 if exhausted else 0,
                       caption=f"{self.names[p]} channels a rune", rule=rule)
            ev.append(e)

    def _hide(self, p: int, a: dict, ev: list, plan: dict | None = None) -> None:
        """Hide: pay [A], put a Hidden card face down at a battlefield you control (digest 19.1)."""
        self.pay(p, 0, ["any"], ev, plan)
        iid = a["card"]
        ev.append(self.table.move(iid, a["to"], face=0, caption=f"{self.names[p]} puts a card face down", rule=R_HIDE))
        self._ev(ev, "hide", f"{self.names[p]} hides a card at {self.bf_name(int(a['to'][-1]))}, paying [A]", R_HIDE, player=p)
        self.set_counter(iid, "hid", self.turn_number)
        self.cleanup_due = True

    def _equip(self, p: int, a: dict, ev: list, plan: dict | None = None) -> None:
        """Equip [cost]: attach this gear to a unit you control (digest 18)."""
        g, u = a["card"], a["target"]
        self.pay(p, *self._equip_cost(g), ev, plan)
        self._attach(g, u, ev)
        self.cleanup_due = True

    def _attach(self, g: int, u: int, ev: list) -> None:
        ev.append(self.table.move(g, att_zone(u), face=1, caption=f"{self.name(g)} attaches to {self.name(u)}", rule=R_KW))

    def _token(self, p: int, kind: str, loc: int, ev: list) -> int:
        """Create a token unit (digest 4 'Token'); tokens enter exhausted like units."""
        t = self.table
        cid = TOKENS[kind][0]
        t.card = list(t.card)  # card/owner lists are shared between clones: copy before adding
        t.owner = list(t.owner)
        iid = t.add(cid, p, lz(p, loc), face=1, orient=1)
        ev.append(Event("card.move", f"{self.names[p]} creates a {self.card_db[cid]['name']} token", R_EFFECT,
                        {"card": iid, "card_id": cid, "from": None, "to": lz(p, loc), "face": "up", "orient": "sideways", "owner": p}))
        return iid

    def kill(self, u: int, ev: list, why: str, rule: str = "Kill", kind: str = "effect.kill") -> None:
        """Kill: the permanent goes to its owner's trash (a token ceases to exist); attached gear
        detaches where it was; temporary modifications end (zone-change reset, digest 3)."""
        t = self.table
        w = ZLOC.get(t.zone[u])
        if w is None:
            return
        p, loc = w
        att = t.zones.get(att_zone(u))
        if att:
            for g in list(att):
                ev.append(t.move(g, lz(t.owner[g], loc) if t.owner[g] == p else BASE[t.owner[g]],
                                 caption="{gear} detaches".format(gear=self.name(g)), rule=R_KW))
        self._ev(ev, kind, f"{self.name(u)} is killed ({why})", rule, card=u, card_id=t.card[u], player=p)
        if self.card_of(u)["type"] == "token":
            ev.append(t.move(u, GONE, caption=f"{self.name(u)} (a token) ceases to exist", rule=rule))
        else:
            ev.append(t.move(u, TRASH[t.owner[u]], face=1, orient=0, caption=f"{self.name(u)} goes to the trash", rule=rule))
        if u in t.counters:
            del t.counters[u]
        if self.this_turn_effects:
            self.this_turn_effects = [m for m in self.this_turn_effects if m[0] != u]
        self._queue_card(u, "death", p, loc, self.played[p] >= 1)
        self.cleanup_due = True

    def _best_domain(self, p: int) -> str:
        leg = self.table.zones[LEGEND[p]]
        return self.card_of(leg[0])["domain"][0] if leg else "fury"
