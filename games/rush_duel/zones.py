"""The zones (digest 1.A rules 1-2) and moving cards between them: leaving the field,
drawing, Life Points (seed 2, 3.1; digest 1.C rules 9-11)."""

from __future__ import annotations

from sys import intern

from tabletop.engine.core import Event, make_event
from tabletop.engine.table import ZoneSpec


#: each player's zone keys by short name: Z[player]["monster"] == "p0.monster". The specs,
#: and so each table's zone dict, are keyed by these very strings: a look-up finds its key
#: by identity, without comparing the text (interned, as the other tables of keys are)
Z = [{k: intern(f"p{p}.{k}") for k in ("deck", "hand", "monster", "spell", "field", "grave", "extra")} for p in (0, 1)]


def zone_specs() -> list[ZoneSpec]:
    """Each player's zones (digest 1.A rule 2): deck, hand, 3 Monster Zones, 3 Spell &
    Trap Zones, 1 Field Zone, graveyard (public) and Extra Deck (face down)."""
    specs = []
    for p in (0, 1):
        z = Z[p]
        specs += [
            ZoneSpec(z["deck"], p, "secret"),
            ZoneSpec(z["hand"], p, "owner"),
            ZoneSpec(z["monster"], p, "public", True, 3),
            ZoneSpec(z["spell"], p, "public", True, 3),
            ZoneSpec(z["field"], p, "public", True, 1),
            ZoneSpec(z["grave"], p, "public"),
            ZoneSpec(z["extra"], p, "owner"),
        ]
    return specs


SPECS = zone_specs()


def quiet(event: Event) -> Event:
    """``event`` with no caption: a move, flip or turn that the Rush Duel step beside
    it says in words, so the log shows the action once (the table still animates it)."""
    event.caption = ""
    return event


def without(table: dict, key) -> dict:
    """``table`` without ``key``. The modifier tables (until_end_of_turn, equips,
    maximum_centre) are replaced, never changed in place, so clones share them."""
    if key not in table:
        return table
    table = dict(table)
    del table[key]
    return table


class CardMoves:
    """Mixin of RushState: moving cards and changing Life Points."""

    def _lp_change(self, p: int, delta: int, events: list, rule: str, caption: str = "") -> None:
        """Change LP; a player whose LP reaches 0 loses at once (seed 2, digest 10). The
        event that caused it (damage, a cost, a gain) says it in the log, so the LP
        change itself has no caption unless one is given."""
        new = self.life_points[p] + delta
        if new < 0:
            new = 0
        real = new - self.life_points[p]
        self.life_points[p] = new
        self.outcome_due = True  # the processor checks the end of the duel after this step
        events.append(make_event("counter.change", caption, rule,
                            {"player": p, "counter": "lp", "delta": real, "value": new}))
        if new <= 0:
            self.check_outcome(events)

    def _to_hand_zone(self, iid: int, kind: str) -> str:
        """Where a card returning to the hand or deck goes: Fusion monsters go to the
        Extra Deck instead (digest 29)."""
        p = self.table.owner[iid]
        if self.card_data(iid)["subtype"] == "fusion" and self.card_data(iid)["kind"] == "monster":
            return Z[p]["extra"]
        return Z[p][kind]

    def _clear_card(self, iid: int) -> None:
        self.card_flags.pop(iid, None)
        if iid in self.until_end_of_turn:
            self.until_end_of_turn = without(self.until_end_of_turn, iid)
        if iid in self.equips:
            self.equips = without(self.equips, iid)
        self.table.orient[iid] = 0

    def leave_field(self, iid: int, dest: str, events: list, caption: str, rule: str) -> list[int]:
        """Move a card off the field to ``dest`` ("grave", "hand", "deck_bottom",
        "deck_top"). A Maximum monster's three pieces leave together, to the same
        place (digest 31); equip spells on a monster that leaves go to the
        graveyard. Returns the iids moved."""
        t = self.table
        group = [iid]
        c = self.maximum_centre.get(iid)
        if c is not None:
            group = [i for i, cc in self.maximum_centre.items() if cc == c]
            group.sort(key=lambda i: t.zones[t.zone[i]].index(i))
        moved = []
        for g in group:
            if g in self.maximum_centre:
                self.maximum_centre = without(self.maximum_centre, g)
            if not self.equips:
                continue
            for sp, (mon, _a, _d) in list(self.equips.items()):
                if mon == g:
                    self.equips = without(self.equips, sp)
                    self._clear_card(sp)
                    events.append(t.move(sp, Z[t.owner[sp]]["grave"], face=1, orient=0,
                                         caption=f"{self.name(sp)} goes to the graveyard with the monster it equipped",
                                         rule="digest 1.A rule 1 (equip spells)"))
        for g in group:
            self._clear_card(g)
            owner = t.owner[g]
            if dest == "grave":
                to, idx, face = Z[owner]["grave"], None, 1
            elif dest == "hand":
                to, idx, face = self._to_hand_zone(g, "hand"), None, 0
            elif dest == "deck_top":
                to, idx, face = self._to_hand_zone(g, "deck"), 0, 0
            else:
                to, idx, face = self._to_hand_zone(g, "deck"), None, 0
            if caption:
                # a face-down card that goes to a hidden zone keeps its identity secret
                shown = self.name(g) if (t.face[g] or dest == "grave") else "A face-down card"
                events.append(t.move(g, to, index=idx, face=face, orient=0, caption=caption.replace("{name}", shown),
                                     rule=rule))
            else:  # an empty caption: the event just before says it in the log
                events.append(t.move(g, to, index=idx, face=face, orient=0, rule=rule, quiet=True))
            moved.append(g)
        return moved

    def send_hand_to_grave(self, iid: int, events: list, caption: str, rule: str) -> None:
        t = self.table
        events.append(t.move(iid, Z[t.owner[iid]]["grave"], face=1, orient=0, caption=caption, rule=rule))

    def draw(self, p: int, n: int, events: list, rule: str) -> bool:
        """Draw ``n`` cards; a player who must draw more than the deck holds loses
        at that moment and draws nothing (seed 3.1, digest 11). False if lost."""
        deck = self.table.zones[Z[p]["deck"]]
        if len(deck) < n:
            self.failed_draw = (p, n, len(deck))
            self.outcome_due = True
            self.check_outcome(events)
            return False
        move, hand = self.table.move, Z[p]["hand"]
        for _ in range(n):
            # the Draw Phase's or the effect's line says how many are drawn: each card moves quietly
            events.append(move(deck[0], hand, face=0, rule=rule, quiet=True))
        return True
