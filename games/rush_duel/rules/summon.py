"""Summons (seed 3.2.1-3.2.2; digest 1.G rule 31): normal summon and set, advance summon
with its tributes, Maximum summon, flip summon."""

from __future__ import annotations

from tabletop.engine.core import Decision, make_choice, make_event

from tabletop.engine.procedure import AGAIN, DONE

from ..effects import F_CHANGED, F_SUMMONED
from ..zones import Z, quiet
from .choices import OnePlayerDecision, slot_name
from .procedures import PROCS, push

#: a Maximum piece taking its place, whole, by slot
_PLACE_WORDS = ("{card} takes its place (left)", "{card} takes its place (centre)", "{card} takes its place (right)")


class SummonRules:
    """Mixin of RushState: the summons."""

    def _tribute_decision(self, summon: dict) -> Decision:
        """Advance summon tributes, picked one at a time (seed 3.2.1.1)."""
        p = self.active
        ch = [make_choice("tribute", {"card": i}, p, f"Tribute {self.name(i) if self.table.face[i] else 'a face-down monster'}")
              for i in self.units(p) if i not in summon["chosen"]]
        ch.append(self._surrender(p))
        left = summon["needed"] - len(summon["chosen"])
        return OnePlayerDecision([p], "choose_tributes",
                        f"Choose {left} more monster{'s' if left > 1 else ''} to tribute for {self.name(summon['card'])}", ch)

    def _do_summon(self, p: int, a: dict, events: list) -> None:
        """Normal summon face-up attack position (seed 3.2.1), advance summon when level 5+
        (seed 3.2.1.1), into the Monster Zone the player chose (``slot``; a choice of
        rules version 1 named none: the first free one)."""
        self._begin_summon(p, a["card"], 1, events, a.get("slot"))

    def _begin_summon(self, p: int, iid: int, face: int, events: list, slot: int | None = None) -> None:
        """Summon or set now, or first pick the tributes of an advance summon (seed
        3.2.1.1). An advance summon into a zone a monster stands in tributes that
        monster first (it leaves the zone the new one takes)."""
        need = self.can_normal_summon(p, iid)
        chosen = []
        if need > 0 and slot is not None:
            occupant = self.table.zones[Z[p]["monster"]][slot]
            if occupant is not None:
                chosen = [self.maximum_centre.get(occupant, occupant)]
        if len(chosen) < need:
            push(self, "advance_summon_tributes", card=iid, face=face, needed=need, chosen=chosen, slot=slot)
            return
        self._place_summon(p, iid, face, chosen, events, slot)

    def _do_tribute(self, p: int, a: dict, summon: dict, events: list) -> bool:
        """One tribute picked; with enough of them the advance summon or set happens
        (seed 3.2.1.1). True when it happened."""
        summon["chosen"] = summon["chosen"] + [a["card"]]
        if len(summon["chosen"]) < summon["needed"]:
            return False
        self._place_summon(p, summon["card"], summon["face"], summon["chosen"], events, summon.get("slot"))
        return True

    def _place_summon(self, p: int, iid: int, face: int, tributes: list, events: list, slot: int | None = None) -> None:
        """Put a normal-summoned (attack, face up) or set (defense, face down) monster
        in the Monster Zone ``slot`` (None: the first free one); tributes go to the
        graveyard first (seed 3.2.1, 3.2.1.1)."""
        t = self.table
        c = self.db[t.card[iid]]
        for tr in tributes:
            # the tributed card goes face up to the graveyard: this line names it, the move says nothing
            events.append(make_event("summon.tribute", f"{self.name(tr)} is tributed and sent to the graveyard",
                                   "seed 3.2.1.1 (advance summon)", {"card": tr, "player": p}))
            self.leave_field(tr, "grave", events, "", "seed 3.2.1.1")
        mz = Z[p]["monster"]
        # one line in the log: the move says nothing, the summon or set says it all
        events.append(t.move(iid, mz, index=slot, face=face, orient=1 - face,
                             rule="seed 3.2.1 (normal summon)" if face else "seed 3.2.1 (set)", quiet=True))
        where = slot_name(t.zones[mz].index(iid), "Monster Zone")
        if face:
            if tributes:
                kind, cap = "summon.advance", f"{self.names[p]} advance summons {c['name']} in attack position in {where}"
            else:
                kind, cap = "summon.normal", f"{self.names[p]} normal summons {c['name']} in attack position in {where}"
            events.append(make_event(kind, cap,
                                   "seed 3.2.1.1" if tributes else "seed 3.2.1", {"card": iid, "player": p}))
        else:
            if tributes:
                cap = f"{self.names[p]} sets a monster face down in defense position in {where} (advance set)"
            else:
                cap = f"{self.names[p]} sets a monster face down in defense position in {where}"
            events.append(make_event("summon.set", cap,
                                   "seed 3.2.1.1" if tributes else "seed 3.2.1", {"card": iid, "player": p}))
        self.card_flags[iid] = F_SUMMONED
        if face:
            self._open_window_next("summon", p, events, summoned=iid)

    def _do_maximum_summon(self, p: int, a: dict, events: list) -> None:
        """Maximum summon (digest 1.G rule 31): the three pieces from the hand become one
        attack-position monster with the MAXIMUM ATK; every other monster you control
        is sent to the graveyard first; the pieces fill the three Monster Zones."""
        t = self.table
        centre = a["card"]
        pieces = self.maximum_pieces_in_hand(p, centre)
        for u in self.units(p):
            self.leave_field(u, "grave", events, "{name} is sent to the graveyard to make room for the Maximum monster",
                             "digest 1.G rule 31")
        events.append(make_event("summon.maximum_reveal", f"{self.names[p]} reveals the three pieces of {self.name(centre)}",
                               "digest 1.G rule 31", {"cards": list(pieces)}))
        for slot, i in enumerate(pieces):
            events.append(t.move(i, Z[p]["monster"], index=slot, face=1, orient=0,
                                 caption=_PLACE_WORDS[slot].format(card=self.name(i)),
                                 rule="digest 1.G rule 31"))
            self.maximum_centre = {**self.maximum_centre, i: centre}
            self.card_flags[i] = F_SUMMONED
        events.append(make_event("summon.maximum", f"{self.name(centre)} is Maximum summoned with {self.atk(centre)} ATK",
                               "digest 1.G rule 31 (Maximum summon)", {"card": centre, "player": p, "atk": self.atk(centre)}))
        self._open_window_next("summon", p, events, summoned=centre)

    def _do_flip_summon(self, p: int, a: dict, events: list) -> None:
        """Flip summon: a face-down monster turns face-up attack position (seed 3.2.2)."""
        iid = a["card"]
        t = self.table
        # one line in the log: the flip and the turn say nothing, the flip summon says it all
        events.append(quiet(t.set_face(iid, 1, rule="seed 3.2.2")))
        events.append(quiet(t.set_orient(iid, 0, rule="seed 3.2.2")))
        self.card_flags[iid] = self.card_flags.get(iid, 0) | F_CHANGED | F_SUMMONED
        events.append(make_event("summon.flip", f"{self.name(iid)} is flip summoned: face up in attack position",
                               "seed 3.2.2 (flip summon)",
                               {"card": iid, "player": p}))
        self._open_window_next("summon", p, events, summoned=iid)


@PROCS.decision("advance_summon_tributes", rule="Advance summon (seed 3.2.1.1)")
class AdvanceSummonTributes:
    """The tributes of an advance summon or set, picked one at a time."""

    def decide(state, step):
        return state._tribute_decision(step.args)

    def choose(state, step, choice, events):
        return DONE if state._do_tribute(choice.player, choice.args, step.args, events) else AGAIN
