"""The Main Phase (seed 3.2; digest 1.D rule 15): set cards, activate spells and effects,
change battle positions, go to the Battle Phase or end the turn."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, Event

from tabletop.engine.procedure import AGAIN, DONE

from ..effects import F_CHANGED, F_SETTURN, F_USED
from ..legality import position_change_reason, summon_tributes
from ..zones import Z, quiet
from .choices import ACTIVATES, MONSTER_ZONE_WORDS, SPELL_ZONE_WORDS, ZoneDecision, effect_words, slot_name
from .procedures import PROCS, push

#: choices that never change, made once (a decision lists the same objects each time)
_BATTLE_PHASE = tuple(Choice("battle_phase", {}, p, "Go to the Battle Phase") for p in (0, 1))
_END_TURN = tuple(Choice("end_turn", {}, p, "End the turn", role="end") for p in (0, 1))


# Choices are values: the same card into the same zone, with the same words, is the same
# choice decision after decision, so it is made once (by iid, slot, player and card name; a
# determinized copy's cards have other names, so other keys).
_MADE: dict = {}


def _made(key, choices):
    if len(_MADE) > 50_000:
        _MADE.clear()
    _MADE[key] = choices
    return choices


def _set_choice(p: int, i: int, sz: str, slot: int, name: str) -> Choice:
    """Set the spell or trap ``i`` face down in Spell & Trap Zone ``slot`` (seed 3.2.3, 3.2.5)."""
    key = ("set", i, slot, p, name)
    c = _MADE.get(key)
    if c is None:
        c = _made(key, Choice("set", {"card": i, "to": sz, "slot": slot}, p,
                              f"Set {name} face down in {SPELL_ZONE_WORDS[slot]}"))
    return c


#: an advance summon's or set's choice, whole: (a tribute is named, 2 tributes) -> words
ADVANCE_WORDS = {
    (False, False): {"summon": "Summon {card} in {zone} (advance summon, {n} tribute)",
                     "set": "Set {card} face down in {zone} (advance set, {n} tribute)"},
    (False, True): {"summon": "Summon {card} in {zone} (advance summon, {n} tributes)",
                    "set": "Set {card} face down in {zone} (advance set, {n} tributes)"},
    (True, False): {"summon": "Summon {card} in {zone} (advance summon, tributing {tribute})",
                    "set": "Set {card} face down in {zone} (advance set, tributing {tribute})"},
    (True, True): {"summon": "Summon {card} in {zone} (advance summon, tributing {tribute} and 1 more)",
                   "set": "Set {card} face down in {zone} (advance set, tributing {tribute} and 1 more)"},
}

class MainPhaseRules:
    """Mixin of RushState: the Main Phase actions."""

    def _main_decision(self) -> Decision:
        """Main Phase actions (seed 3.2; digest 1.D rule 15), any number, any order."""
        p = self.active
        t = self.table
        ch: list[Choice] = []
        same: list[Choice] = []  # the same move as a choice listed before it, in another zone
        mz, sz, fz = Z[p]["monster"], Z[p]["spell"], Z[p]["field"]
        db, card = self.db, t.card
        m_row, s_row = t.zones[mz], t.zones[sz]
        m_free = [k for k, x in enumerate(m_row) if x is None]
        # an advance summon may also go where one of its tributes stands (seed 3.2.1.1)
        m_taken = [k for k, x in enumerate(m_row) if x is not None]
        s_free = [k for k, x in enumerate(s_row) if x is None]
        for i in t.zones[Z[p]["hand"]]:
            c = db[card[i]]
            k = c["kind"]
            if k == "monster":
                need = summon_tributes(self, p, i)[0]
                if need >= 0:
                    self._summon_choices(p, i, need, m_free if need == 0 else m_free + m_taken, ch, same)
                if c["subtype"] == "maximum" and c["max_piece"] == "centre" and self.maximum_pieces_in_hand(p, i):
                    ch.append(Choice("maximum_summon", {"card": i, "to": mz}, p, f"Maximum summon {c['name']}"))
            elif k == "spell":
                sub = c["subtype"]
                if sub == "field":
                    self._spell_choices(p, i, ch, {"to": fz})
                    ch.append(Choice("set", {"card": i, "to": fz}, p, f"Set {c['name']} face down in the Field Zone"))
                elif s_free:
                    self._spell_choices(p, i, ch, {})
                    for slot in s_free:
                        ch.append(_set_choice(p, i, sz, slot, c["name"]))
                    same.extend(ch[len(ch) - len(s_free) + 1:])
            elif k == "trap":
                for slot in s_free:
                    ch.append(_set_choice(p, i, sz, slot, c["name"]))
                same.extend(ch[len(ch) - len(s_free) + 1:])
        face, flags, mx = t.face, self.card_flags, self.maximum_centre
        for z in (sz, fz):
            for i in t.zones[z]:
                if i is not None and not face[i] and db[card[i]]["kind"] == "spell":
                    self._spell_choices(p, i, ch, {})
        for i in self.units(p):
            if position_change_reason(self, i) is None:
                c = db[card[i]]
                if not face[i]:
                    ch.append(Choice("flip_summon", {"card": i}, p, f"Flip summon {c['name']}"))
                else:
                    lab = (f"Change {c['name']} to defense position" if self.is_attack(i)
                           else f"Change {c['name']} to attack position")
                    ch.append(Choice("change_position", {"card": i}, p, lab))
        for i in m_row:
            if i is None or not face[i] or flags.get(i, 0) & F_USED:
                continue
            c = db[card[i]]
            if not (c["effect"] or c["modes"]):
                continue
            if c["subtype"] == "maximum" and i not in mx:
                continue
            for mode, tg in self.effect_variants(p, i):
                args = {"card": i}
                lab = effect_words(self, c, "use", c["name"], args, mode, tg)
                ch.append(Choice("effect", args, p, lab))
        if not (self.turn_number == 1):
            ch.append(_BATTLE_PHASE[p])
        ch.append(_END_TURN[p])
        ch.append(self._surrender(p))
        return ZoneDecision([p], "main_action", f"{self.player_name(p)}: Main Phase", ch, same)

    def _summon_choices(self, p: int, i: int, need: int, slots: list, ch: list, same: list) -> None:
        """A summon and a set of the monster ``i`` for each Monster Zone it may go to
        (seed 3.2.1): a free one, or for an advance summon (seed 3.2.1.1) one whose
        monster becomes its first tribute. Into ``same`` go those that do what an
        earlier one does: another free zone; a monster's zone while a zone is free
        (the tributes are picked after the drop anyway); another piece of the same
        Maximum monster."""
        t = self.table
        name = self.db[t.card[i]]["name"]
        mz = Z[p]["monster"]
        row = t.zones[mz]
        if need == 0:  # a free zone each: the first is kept for the agents
            for n, k in enumerate(slots):
                key = (i, k, p, name)
                pair = _MADE.get(key)
                if pair is None:
                    where = MONSTER_ZONE_WORDS[k]
                    pair = _made(key, (Choice("summon", {"card": i, "to": mz, "slot": k}, p, f"Summon {name} in {where}"),
                                       Choice("set", {"card": i, "to": mz, "slot": k}, p, f"Set {name} face down in {where}")))
                ch += pair
                if n:
                    same.extend(pair)
            return
        outcomes = set()
        for k in slots:
            occupant = row[k]
            unit = None if occupant is None else self.maximum_centre.get(occupant, occupant)
            repeat = unit in outcomes or (unit is not None and None in row)
            outcomes.add(unit)
            words = ADVANCE_WORDS[(unit is not None, need > 1)]
            tribute = None if unit is None else self.name(unit) if t.face[unit] else "the face-down monster"
            for kind in ("summon", "set"):
                lab = words[kind].format(card=name, zone=MONSTER_ZONE_WORDS[k], n=need, tribute=tribute)
                ch.append(Choice(kind, {"card": i, "to": mz, "slot": k}, p, lab))
            if repeat:
                same.extend(ch[-2:])

    def _spell_choices(self, p: int, i: int, ch: list, extra: dict) -> None:
        """One ``activate`` choice per mode and target of a spell (seed 3.2.3, 3.2.4)."""
        variants = self.effect_variants(p, i)
        if not variants:
            return
        card, face = self.table.card, self.table.face
        cid = card[i]
        c = self.db[cid]
        to = extra.get("to")
        for mode, tg in variants:
            # the same activation with the same words is the same choice each time (made once)
            key = ("activate", i, cid, mode, tg, None if tg is None else card[tg], None if tg is None else face[tg], p, to)
            made = _MADE.get(key)
            if made is None:
                args = {"card": i}
                if extra:
                    args.update(extra)
                lab = effect_words(self, c, "activate", c["name"], args, mode, tg)
                made = _made(key, Choice("activate", args, p, lab))
            ch.append(made)

    def _do_set(self, p: int, a: dict, events: list) -> None:
        """Set a monster face-down in defense position (seed 3.2.1; an advance set for
        level 5+, seed 3.2.1.1), a spell or trap face down in a Spell & Trap Zone
        (seed 3.2.3, 3.2.5), or a field spell in the Field Zone, replacing the old
        one (seed 3.2.4)."""
        iid = a["card"]
        c = self.card_data(iid)
        t = self.table
        if c["kind"] == "monster":
            self._begin_summon(p, iid, 0, events, a.get("slot"))
            return
        # a spell or trap set face down (seed 3.2.3-3.2.5), in the zone the player chose
        # (a choice of rules version 1 named none: the first free one)
        to = a["to"]
        if to.endswith(".field"):
            old = t.zones[to][0]
            if old is not None:
                self.leave_field(old, "grave", events, "{name} is sent to the graveyard for the new field spell",
                                 "seed 3.2.4")
        # one line in the log: the move says nothing, the set says it all
        events.append(quiet(t.move(iid, to, index=a.get("slot"), face=0, rule="seed 3.2.3 / 3.2.5 (set a spell or trap)")))
        self.card_flags[iid] = self.card_flags.get(iid, 0) | F_SETTURN
        # the kind of a set card stays secret: one event kind for spells and traps
        where = "the Field Zone" if to.endswith(".field") else slot_name(t.zones[to].index(iid), "Spell & Trap Zone")
        events.append(self._event("spell_trap.set", f"{self.player_name(p)} sets a card face down in {where}",
                               "seed 3.2.3 / 3.2.5 (set spells and traps; a trap set now can be activated "
                               "from the next turn on)", card=iid, player=p))

    def _do_change_position(self, p: int, a: dict, events: list) -> None:
        """Change a face-up monster's battle position, once per turn (seed 3.2.2)."""
        iid = a["card"]
        t = self.table
        new = 0 if t.orient[iid] else 1
        events.append(quiet(t.set_orient(iid, new, rule="seed 3.2.2")))
        self.card_flags[iid] = self.card_flags.get(iid, 0) | F_CHANGED
        cap = f"{self.name(iid)} changes to defense position" if new else f"{self.name(iid)} changes to attack position"
        events.append(self._event("position.change", cap,
                               "seed 3.2.2 (once per turn)", card=iid, player=p))

    def _do_activate(self, p: int, a: dict, events: list) -> None:
        """Activate a spell from the hand or face down on the field (seed 3.2.3, 3.2.4)."""
        iid = a["card"]
        t = self.table
        c = self.card_data(iid)
        if t.zone[iid] == Z[p]["hand"]:
            if c["subtype"] == "field":
                fz = Z[p]["field"]
                old = t.zones[fz][0]
                if old is not None:
                    self.leave_field(old, "grave", events, "{name} is sent to the graveyard for the new field spell",
                                     "seed 3.2.4")
                events.append(quiet(t.move(iid, fz, face=1, rule="seed 3.2.4")))
            else:
                events.append(quiet(t.move(iid, Z[p]["spell"], face=1, rule="seed 3.2.3")))
        else:
            events.append(quiet(t.set_face(iid, 1, rule="seed 3.2.3")))
        # one line in the log: the move or flip says nothing, the activation says it all
        if c["subtype"] == "field":
            cap = f"{self.player_name(p)} activates the field spell {c['name']}"
        else:
            cap = ACTIVATES.format(player=self.player_name(p), card=c["name"])
        events.append(self._event("spell.activate", cap,
                               "seed 3.2.3" if c["subtype"] != "field" else "seed 3.2.4", card=iid, player=p))
        self._start_effect(p, iid, a.get("mode"), a.get("target"), events)

    def _do_effect(self, p: int, a: dict, events: list) -> None:
        """Activate a face-up monster's effect, once per turn (digest 1.E rule 24)."""
        iid = a["card"]
        self.card_flags[iid] = self.card_flags.get(iid, 0) | F_USED
        events.append(self._event("effect.activate", f"{self.player_name(p)} activates the effect of {self.name(iid)}",
                               "digest 1.E rule 24 (once per turn)", card=iid, player=p))
        self._start_effect(p, iid, a.get("mode"), a.get("target"), events)

    def _do_battle_phase(self, p: int, a: dict, events: list) -> None:
        """Enter the Battle Phase (seed 3.3); there is none on the first player's first turn."""
        self.phase = "battle"
        events.append(Event("phase.begin", f"{self.player_name(p)}'s Battle Phase", "seed 3.3", {"phase": "battle", "player": p}))
        push(self, "battle_phase")

    def _do_end_turn(self, p: int, a: dict, events: list) -> None:
        """End the Main or Battle Phase and go to the End Phase (seed 3.4; no Main Phase 2, digest 1.D rule 12)."""
        push(self, "end_phase")


#: Main Phase actions that end it (the step finishes); every other action keeps it going
ENDS_MAIN_PHASE = ("battle_phase", "end_turn")


@PROCS.decision("main_phase", rule="Main Phase (seed 3.2; digest 1.D rule 15)")
class MainPhase:
    """Any number of actions in any order (seed 3.2), each by its ``_do_<kind>`` rule."""

    def decide(state, step):
        return state._main_decision()

    def choose(state, step, choice, events):
        getattr(state, "_do_" + choice.kind)(choice.player, choice.args, events)
        return DONE if choice.kind in ENDS_MAIN_PHASE else AGAIN
