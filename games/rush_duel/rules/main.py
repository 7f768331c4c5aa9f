"""The Main Phase (seed 3.2; digest 1.D rule 15): set cards, activate spells and effects,
change battle positions, go to the Battle Phase or end the turn."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, make_event, make_choice
from tabletop.engine.heap import MEMO

from tabletop.engine.procedure import AGAIN, DONE

from ..effects import F_ATTACKED, F_CHANGED, F_SETTURN, F_SUMMONED, F_USED
from ..zones import Z, quiet
from ..board import _SURRENDER
from ..memo import FIELD_SPELL, HIGH_MONSTER, LOW_MONSTER, SPELL, TRAP
from .choices import ACTIVATES, MONSTER_ZONE_WORDS, PlaceChoice, MadeZoneDecision, ZoneDecision, effect_choice, slot_name
from .choices import worded
from .procedures import PROCS, push

#: choices that never change, made once (a decision lists the same objects each time)
_BATTLE_PHASE = tuple(Choice("battle_phase", {}, p, "Go to the Battle Phase") for p in (0, 1))
_END_TURN = tuple(Choice("end_turn", {}, p, "End the turn", role="end") for p in (0, 1))
#: the Main Phase's last choices, by player and whether a Battle Phase may follow (not on turn 1, seed 3.3)
_LAST = tuple(((_END_TURN[p], _SURRENDER[p]), (_BATTLE_PHASE[p], _END_TURN[p], _SURRENDER[p])) for p in (0, 1))

#: a monster that was summoned, changed position or attacked this turn keeps its position (seed 3.2.2)
_KEEPS_POSITION = F_SUMMONED | F_CHANGED | F_ATTACKED

#: the free and the taken slots of a row of three, by which slots are empty: _FREE[a][b][c] for the
#: left, centre and right slot empty or not (nested lists indexed by the three tests: no key to build)
_FREE = [[[(tuple(k for k, e in enumerate((a, b, c)) if e), tuple(k for k, e in enumerate((a, b, c)) if not e))
           for c in (False, True)] for b in (False, True)] for a in (False, True)]
#: the deciding players of a Main Phase decision, by the turn player
_ONE = ((0,), (1,))

#: the classes of spells (memo)
_SPELLS = (SPELL, FIELD_SPELL)

#: the one way to activate a card whose activation is always possible: no mode, no target
_PLAIN = ((None, None),)

#: the Main Phase prompt, by player name
_PROMPTS: dict = {}

#: each player's hand, Monster Zone, Spell & Trap Zone and Field Zone keys, looked up once
_MAIN_ZONES = tuple((Z[p]["hand"], Z[p]["monster"], Z[p]["spell"], Z[p]["field"]) for p in (0, 1))

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

# Choices are values: the same card into the same zones, with the same words, is the same
# choice decision after decision, so each is made once (``self.memo.made``: by the card
# database; a determinized copy's cards are other cards, so the keys name the card id
# too) and a decision lists the same objects each time. The summons and sets of a card
# are keyed (iid, card id, player, free slots).


def _summons(made: dict, p: int, i: int, cid: str, name: str, mz: str, free: tuple) -> list:
    """A summon and a set of the level 4 or lower monster ``i`` into each free Monster
    Zone (seed 3.2.1); the agents leave out all but the first two (the first zone's:
    ZoneDecision.agent_choices)."""
    out = []
    for k in free:
        key = ("summon", i, cid, p, k)
        pair = made.get(key)
        if pair is None:  # the words are written when first read (PlaceChoice)
            pair = made[key] = (PlaceChoice.made("summon", i, mz, k, p, name),
                                PlaceChoice.made("set", i, mz, k, p, name))
        out += pair
    made[(i, cid, p, free)] = out
    return out


def _sets(made: dict, p: int, i: int, cid: str, name: str, sz: str, free: tuple) -> list:
    """A set of the spell or trap ``i`` face down into each free Spell & Trap Zone (seed
    3.2.3, 3.2.5); the agents leave out all but the first (the first zone's:
    ZoneDecision.agent_choices)."""
    out = []
    for slot in free:
        key = ("set", i, cid, p, slot)
        c = made.get(key)
        if c is None:  # the words are written when first read (PlaceChoice)
            c = made[key] = PlaceChoice.made("set", i, sz, slot, p, name)
        out.append(c)
    made[(i, cid, p, free)] = out
    return out


class MainPhaseRules:
    """Mixin of RushState: the Main Phase actions."""

    def _main_decision(self, step=None) -> Decision:
        """Main Phase actions (seed 3.2; digest 1.D rule 15), any number, any order
        (``step``: the Main Phase step, when asked as its decision; not read)."""
        p = self.active
        t = self.table
        ch: list[Choice] = []
        # the same move as a choice listed before it, in another zone: an advance summon's
        # (the summons and sets into free zones are found by ZoneDecision.agent_choices)
        same: list[Choice] = []
        hz, mz, sz, fz = _MAIN_ZONES[p]
        card, zones, face = t.card, t.zones, t.face
        memo = self.memo
        made, hint, plain = memo.made, memo.hint, memo.plain
        if len(made) > MEMO:  # bounded: a later game's choices are other keys (heap.MEMO)
            made.clear()
        m_row, s_row, f_row = zones[mz], zones[sz], zones[fz]
        # an advance summon may also go where one of its tributes stands (seed 3.2.1.1)
        m_free, m_taken = _FREE[m_row[0] is None][m_row[1] is None][m_row[2] is None]
        s_free, s_taken = _FREE[s_row[0] is None][s_row[1] is None][s_row[2] is None]
        mx = self.maximum_centre
        for i in zones[hz]:
            cid = card[i]
            h = hint[cid]
            code = h[0]
            if code == LOW_MONSTER:  # the normal summon and set (legality.summon_tributes)
                if m_free:  # a free zone each: the first is kept for the agents
                    got = made.get((i, cid, p, m_free))
                    if got is None:
                        got = _summons(made, p, i, cid, h[1], mz, m_free)
                    ch += got
            elif code == HIGH_MONSTER:  # with its tributes (seed 3.2.1.1)
                need = h[2]
                if need <= 3 - len(m_free) and (not mx or len(self.units(p)) >= need):
                    self._summon_choices(p, i, need, m_free + m_taken, ch, same)
            elif code == SPELL or code == TRAP:
                if s_free:
                    if code == SPELL:
                        if plain[cid]:  # always activated one way: its choice is made once, with its sets
                            got = made.get(("plain", i, cid, p, s_free))
                            if got is None:
                                got = self._plain_sets(p, i, cid, h[1], s_free)
                            ch += got
                            continue
                        variants = self.effect_variants(p, i)  # _spell_choices, plain[cid] known false
                        if variants:
                            self._effect_choices("activate", p, i, variants, ch)
                    got = made.get((i, cid, p, s_free))
                    if got is None:
                        got = _sets(made, p, i, cid, h[1], sz, s_free)
                    ch += got
            elif code == FIELD_SPELL:
                self._spell_choices(p, i, ch, fz)
                key = ("set_field", i, cid, p)
                got = made.get(key)
                if got is None:
                    got = made[key] = make_choice("set", {"card": i, "to": fz}, p, f"Set {h[1]} face down in the Field Zone")
                ch.append(got)
            if h[3] and self.maximum_pieces_in_hand(p, i):
                key = ("maximum_summon", i, cid, p)
                got = made.get(key)
                if got is None:
                    got = made[key] = make_choice("maximum_summon", {"card": i, "to": mz}, p, f"Maximum summon {h[1]}")
                ch.append(got)
        # spells set face down: activated from the field (seed 3.2.3)
        for k in s_taken:
            i = s_row[k]
            if face[i]:
                continue
            cid = card[i]
            if hint[cid][0] in _SPELLS:
                if plain[cid]:  # always activated one way: the choice made once (_effect_choices)
                    got = made.get(("activate", i, cid, None, p, None))
                    if got is not None:
                        ch.append(got)
                        continue
                self._spell_choices(p, i, ch, None)
        i = f_row[0]
        if i is not None and not face[i] and hint[card[i]][0] in _SPELLS:
            self._spell_choices(p, i, ch, None)
        if m_taken:
            flags = self.card_flags
            orient = t.orient
            effects = []  # face-up monsters whose effect is not used this turn (digest 1.E rule 24)
            for k in m_taken:  # legality.position_change_reason, for each monster (seed 3.2.2)
                i = m_row[k]
                f = flags.get(i, 0)
                up = face[i]
                if up and not f & F_USED:
                    effects.append(i)
                if i in mx or f & _KEEPS_POSITION:
                    continue
                cid = card[i]
                o = orient[i]
                key = ("position", i, cid, p, up, o)
                got = made.get(key)
                if got is None:
                    nm = hint[cid][1]
                    if not up:
                        got = make_choice("flip_summon", {"card": i}, p, f"Flip summon {nm}")
                    else:
                        got = make_choice("change_position", {"card": i}, p, f"Change {nm} to defense position" if o == 0
                                     else f"Change {nm} to attack position")
                    made[key] = got
                ch.append(got)
            for i in effects:
                cid = card[i]
                h = hint[cid]
                if not h[4] or (h[5] and i not in mx):
                    continue
                if plain[cid]:  # always used one way: the choice made once (_effect_choices)
                    got = made.get(("effect", i, cid, None, p, None))
                    if got is not None:
                        ch.append(got)
                        continue
                variants = self.effect_variants(p, i)
                if variants:
                    self._effect_choices("effect", p, i, variants, ch)
        ch += _LAST[p][self.turn_number != 1]
        name = self.names[p]
        prompt = _PROMPTS.get(name)
        if prompt is None:
            if len(_PROMPTS) > 1000:
                _PROMPTS.clear()
            prompt = _PROMPTS[name] = f"{name}: Main Phase"
        d = MadeZoneDecision()  # ZoneDecision((p,), "main_action", prompt, ch, same)
        d.players = _ONE[p]
        d.kind = "main_action"
        d.prompt = prompt
        d.choices = ch
        d._same = same
        return d

    def _plain_sets(self, p: int, i: int, cid: str, name: str, s_free: tuple) -> list:
        """The choices of a spell in the hand that is always activated one way
        (memo.plain): its activation, then its sets into the free zones ``s_free``
        (made once, kept under ``("plain", i, cid, p, s_free)``); the agents leave out
        all the sets but the first."""
        made = self.memo.made
        act: list = []
        self._effect_choices("activate", p, i, _PLAIN, act, None)
        sets = made.get((i, cid, p, s_free)) or _sets(made, p, i, cid, name, Z[p]["spell"], s_free)
        got = made[("plain", i, cid, p, s_free)] = act + sets
        return got

    def _summon_choices(self, p: int, i: int, need: int, slots: tuple, ch: list, same: list) -> None:
        """A summon and a set of the monster ``i`` needing ``need`` tributes (seed
        3.2.1.1) for each Monster Zone it may go to: a free one, or one whose monster
        becomes its first tribute. Into ``same`` go those that do what an earlier one
        does: a monster's zone while a zone is free (the tributes are picked after the
        drop anyway); another piece of the same Maximum monster."""
        t = self.table
        card, face, mx = t.card, t.face, self.maximum_centre
        cid = card[i]
        mz = Z[p]["monster"]
        row = t.zones[mz]
        has_free = None in row
        made = self.memo.made
        free_seen = False
        units_seen: tuple = ()
        for k in slots:  # the free zones come first
            occupant = row[k]
            if occupant is None:
                unit = None
                key = ("advance", i, cid, p, need, k)
                repeat = free_seen
                free_seen = True
            else:
                unit = mx.get(occupant, occupant) if mx else occupant
                key = ("advance", i, cid, p, need, k, unit, card[unit], face[unit])
                repeat = has_free or unit in units_seen
                units_seen += (unit,)
            # the words name the tribute standing in the zone: made once for the same monster there
            pair = made.get(key)
            if pair is None:
                pair = made[key] = self._advance_pair(p, i, cid, need, mz, k, unit)
            ch += pair
            if repeat:
                same += pair

    def _advance_pair(self, p: int, i: int, cid: str, need: int, mz: str, k: int, unit: int | None) -> tuple:
        """The advance summon and the advance set of ``i`` into the Monster Zone ``k``,
        where ``unit`` stands (None: a free zone), in words."""
        words = ADVANCE_WORDS[(unit is not None, need > 1)]
        name = self.db[cid]["name"]
        tribute = None if unit is None else self.name(unit) if self.table.face[unit] else "the face-down monster"
        zone = MONSTER_ZONE_WORDS[k]
        # the words are written when first read (WordsChoice): only the table reads them
        fill = {"card": name, "zone": zone, "n": need, "tribute": tribute}
        return (worded("summon", {"card": i, "to": mz, "slot": k}, p, words["summon"], fill),
                worded("set", {"card": i, "to": mz, "slot": k}, p, words["set"], fill))

    def _spell_choices(self, p: int, i: int, ch: list, to: str | None) -> None:
        """One ``activate`` choice per mode and target of a spell (seed 3.2.3, 3.2.4);
        ``to``: the Field Zone a field spell from the hand goes to."""
        if self.memo.plain[self.table.card[i]]:  # always possible, one way (memo._Plain)
            self._effect_choices("activate", p, i, _PLAIN, ch, to)
            return
        variants = self.effect_variants(p, i)
        if variants:
            self._effect_choices("activate", p, i, variants, ch, to)

    def _effect_choices(self, kind: str, p: int, i: int, variants: list, ch: list, to: str | None = None) -> None:
        """The choices of activating ``i`` (``kind``: "activate" a spell, "effect" of a
        monster) in each of its ``variants`` (mode, target). The same activation with
        the same words is the same choice each time (made once, keyed by what the
        words name: the target's card and face)."""
        card, face = self.table.card, self.table.face
        cid = card[i]
        made = self.memo.made
        for mode, tg in variants:
            key = (kind, i, cid, mode, p, to) if tg is None else (kind, i, cid, mode, p, to, tg, card[tg], face[tg])
            got = made.get(key)
            if got is None:
                c = self.db[cid]
                args = {"card": i} if to is None else {"card": i, "to": to}
                verb = "activate" if kind == "activate" else "use"
                got = made[key] = effect_choice(self, c, kind, verb, c["name"], args, p, mode, tg)
            ch.append(got)

    def _do_set(self, p: int, a: dict, events: list) -> None:
        """Set a monster face-down in defense position (seed 3.2.1; an advance set for
        level 5+, seed 3.2.1.1), a spell or trap face down in a Spell & Trap Zone
        (seed 3.2.3, 3.2.5), or a field spell in the Field Zone, replacing the old
        one (seed 3.2.4)."""
        iid = a["card"]
        t = self.table
        c = self.db[t.card[iid]]
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
        events.append(t.move(iid, to, index=a.get("slot"), face=0, rule="seed 3.2.3 / 3.2.5 (set a spell or trap)",
                             quiet=True))
        self.card_flags[iid] = self.card_flags.get(iid, 0) | F_SETTURN
        # the kind of a set card stays secret: one event kind for spells and traps
        where = "the Field Zone" if to.endswith(".field") else slot_name(t.zones[to].index(iid), "Spell & Trap Zone")
        events.append(make_event("spell_trap.set", f"{self.names[p]} sets a card face down in {where}",
                               "seed 3.2.3 / 3.2.5 (set spells and traps; a trap set now can be activated "
                               "from the next turn on)", {"card": iid, "player": p}))

    def _do_change_position(self, p: int, a: dict, events: list) -> None:
        """Change a face-up monster's battle position, once per turn (seed 3.2.2)."""
        iid = a["card"]
        t = self.table
        new = 0 if t.orient[iid] else 1
        events.append(quiet(t.set_orient(iid, new, rule="seed 3.2.2")))
        self.card_flags[iid] = self.card_flags.get(iid, 0) | F_CHANGED
        cap = f"{self.name(iid)} changes to defense position" if new else f"{self.name(iid)} changes to attack position"
        events.append(make_event("position.change", cap,
                               "seed 3.2.2 (once per turn)", {"card": iid, "player": p}))

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
                events.append(t.move(iid, fz, face=1, rule="seed 3.2.4", quiet=True))
            else:
                events.append(t.move(iid, Z[p]["spell"], face=1, rule="seed 3.2.3", quiet=True))
        else:
            events.append(quiet(t.set_face(iid, 1, rule="seed 3.2.3")))
        # one line in the log: the move or flip says nothing, the activation says it all
        if c["subtype"] == "field":
            cap = f"{self.names[p]} activates the field spell {c['name']}"
        else:
            cap = ACTIVATES.format(player=self.names[p], card=c["name"])
        events.append(make_event("spell.activate", cap,
                               "seed 3.2.3" if c["subtype"] != "field" else "seed 3.2.4", {"card": iid, "player": p}))
        self._start_effect(p, iid, a.get("mode"), a.get("target"), events)

    def _do_effect(self, p: int, a: dict, events: list) -> None:
        """Activate a face-up monster's effect, once per turn (digest 1.E rule 24)."""
        iid = a["card"]
        self.card_flags[iid] = self.card_flags.get(iid, 0) | F_USED
        events.append(make_event("effect.activate", f"{self.names[p]} activates the effect of {self.name(iid)}",
                               "digest 1.E rule 24 (once per turn)", {"card": iid, "player": p}))
        self._start_effect(p, iid, a.get("mode"), a.get("target"), events)

    def _do_battle_phase(self, p: int, a: dict, events: list) -> None:
        """Enter the Battle Phase (seed 3.3); there is none on the first player's first turn."""
        self.phase = "battle"
        events.append(make_event("phase.begin", f"{self.names[p]}'s Battle Phase", "seed 3.3", {"phase": "battle", "player": p}))
        push(self, "battle_phase")

    def _do_end_turn(self, p: int, a: dict, events: list) -> None:
        """End the Main or Battle Phase and go to the End Phase (seed 3.4; no Main Phase 2, digest 1.D rule 12)."""
        push(self, "end_phase")


#: Main Phase actions that end it (the step finishes); every other action keeps it going
ENDS_MAIN_PHASE = ("battle_phase", "end_turn")


@PROCS.decision("main_phase", rule="Main Phase (seed 3.2; digest 1.D rule 15)")
class MainPhase:
    """Any number of actions in any order (seed 3.2), each by its ``_do_<kind>`` rule."""

    #: the decision is the state's Main Phase actions (called with the step, which it does not read)
    decide = MainPhaseRules._main_decision

    def choose(state, step, choice, events):
        kind = choice.kind
        cls = state.__class__
        got = _ACTIONS.get(kind)
        if got is None or got[0] is not cls:
            got = _ACTIONS[kind] = (cls, getattr(cls, "_do_" + kind))
        got[1](state, choice.player, choice.args, events)
        return DONE if kind in ENDS_MAIN_PHASE else AGAIN


#: each Main Phase action's rule (``_do_<kind>``), by kind: (the state class it was found on, the rule)
_ACTIONS: dict = {}
