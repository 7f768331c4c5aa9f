"""Legality: what may be done now (seed 3.2-3.2.5; digest 1.E rules 22-23, 1.F, 1.G)."""

from __future__ import annotations

from tabletop.engine.checks import Checks

from .effects import F_ATTACKED, F_CHANGED, F_SETTURN, F_SUMMONED, card_matches
from .memo import CHECK_ALL, CHECK_FUSION, CHECK_REVIVE, CHECK_SALVAGE, CHECK_SEARCH
from .zones import Z


#: the legality rules written once, each returning None (allowed) or the reason it is
#: not; the same check lists the choices and answers why_not
LEGAL = Checks()

_NO_FILTER: dict = {}
#: a row of three zones with no card
_EMPTY_ROW = [None, None, None]
#: the sides a target of ``who = "any"`` looks at, by the choosing player (their own first)
_ANY_SIDE = {"any": ((0, 1), (1, 0))}


def summon_tributes(state, p: int, iid: int) -> tuple[int, str | None]:
    """(tributes needed, None) when the monster ``iid`` in the hand may be normal
    summoned or set now, else (-1, the reason). A level 4 or lower one needs a free
    Monster Zone (seed 3.2.1); a higher one its tributes among the monsters ``p``
    controls (seed 3.2.1.1)."""
    t = state.table
    c = state.db[t.card[iid]]
    if c["kind"] != "monster" or c["subtype"] == "fusion":
        return -1, "only a main-deck monster is normal summoned or set from the hand (seed 3.2.1)."
    level = c["level"]
    if level <= 4:
        zone = t.zones[Z[p]["monster"]]
        if None in zone:
            return 0, None
        if any(i in state.maximum_centre for i in zone):
            return -1, "a Maximum monster fills all three Monster Zones; no other monster can join it (digest 1.G rule 31)."
        return -1, "all three Monster Zones are full (digest 1.A rule 2)."
    need = 1 if level <= 6 else 2
    have = len(state.units(p))
    if have >= need:
        return need, None
    return -1, (f"a level {level} monster needs {need} tribute{'s' if need > 1 else ''} from your "
                f"field and you control {have} monster{'s' if have != 1 else ''} (seed 3.2.1.1).")


@LEGAL.check("normal_summon", rule="Normal summon and set, advance summon (seed 3.2.1, 3.2.1.1)")
def normal_summon(state, p: int, args: dict) -> str | None:
    """May the monster ``args["card"]`` in the hand be normal summoned or set now
    (:func:`summon_tributes`)?"""
    return summon_tributes(state, p, args["card"])[1]


def position_change_reason(state, iid: int) -> str | None:
    """None when the monster ``iid`` may change its battle position (or be flip
    summoned) now, else the reason (seed 3.2.2)."""
    f = state.card_flags.get(iid, 0)
    if iid in state.maximum_centre:
        return "a Maximum monster is always in attack position and can't change it (digest 1.G rule 31)."
    if f & F_SUMMONED:
        return "a monster summoned or set this turn can't change its battle position (seed 3.2.2)."
    if f & F_CHANGED:
        return "a monster changes its battle position only once per turn (seed 3.2.2)."
    if f & F_ATTACKED:
        return "a monster that attacked this turn can't change its battle position (digest 1.D rule 18)."
    return None


@LEGAL.check("change_position", rule="Changing battle position (seed 3.2.2)")
def change_position(state, p: int, args: dict) -> str | None:
    """May the monster ``args["card"]`` change its battle position now (:func:`position_change_reason`)?"""
    return position_change_reason(state, args["card"])


def attacker_reason(state, iid: int) -> str | None:
    """None when the monster ``iid`` may declare an attack in this Battle Phase, else
    the reason: it must be face up in attack position and not have attacked yet (seed 3.3)."""
    if not state.table.face[iid]:
        return "a face-down monster can't attack; flip summon it in your Main Phase first (seed 3.2.2, 3.3)."
    if state.table.orient[iid] != 0:
        return f"only attack-position monsters attack; {state.name(iid)} is in defense position (seed 3.3)."
    if state.card_flags.get(iid, 0) & F_ATTACKED:
        return "each monster attacks only once per Battle Phase (seed 3.3)."
    return None


@LEGAL.check("attack", rule="Attack declaration (seed 3.3)")
def attack(state, p: int, args: dict) -> str | None:
    """May the monster ``args["card"]`` attack now (:func:`attacker_reason`)?"""
    return attacker_reason(state, args["card"])


@LEGAL.check("direct_attack", rule="Direct attack (seed 3.3.1)")
def direct_attack(state, p: int, args: dict) -> str | None:
    """May the monster ``args["card"]`` attack directly: it may attack and the
    opponent controls no monster (seed 3.3.1)?"""
    why = attacker_reason(state, args["card"])
    if why is None and state.units(1 - p):
        return "a direct attack is possible only when your opponent controls no monster (seed 3.3.1)."
    return why


#: a target's reading, by the target (its id; the entry holds it): see :func:`_target_plan`
_TARGET_PLANS: dict = {}


def _target_plan(target: dict) -> tuple:
    """(target, the sides looked at by the choosing player, the face asked for or None,
    the rest of the filter, the Monster Zones or not) for :meth:`Legality.targets`."""
    who = target.get("who", "any")
    sides = ((0,), (1,)) if who == "self" else ((1,), (0,)) if who == "opponent" else _ANY_SIDE[who]
    flt = target.get("filter") or _NO_FILTER
    face = flt.get("face")
    if face is not None:
        flt = {k: v for k, v in flt.items() if k != "face"}
    if len(_TARGET_PLANS) > 1000:
        _TARGET_PLANS.clear()
    got = _TARGET_PLANS[id(target)] = (target, sides, face, flt, target["zone"] == "monster")
    return got


def _any_in(found: frozenset, card: list, zone: list) -> bool:
    """Does a card of ``zone`` have one of the card ids ``found``? (A plain loop: over a
    zone it costs less than ``isdisjoint(map(...))``.)"""
    for i in zone:
        if card[i] in found:
            return True
    return False


class Legality:
    """Mixin of RushState: requirements, costs, targets and what can be activated."""

    def can_normal_summon(self, p: int, iid: int) -> int:
        """Tributes needed (0, 1, 2) when ``iid`` may be normal summoned or set now,
        else -1 (the ``normal_summon`` check)."""
        return summon_tributes(self, p, iid)[0]

    def can_change_position(self, iid: int) -> str:
        """'' when the monster may change its battle position now, else the reason
        (the ``change_position`` check)."""
        return position_change_reason(self, iid) or ""

    def maximum_pieces_in_hand(self, p: int, centre: int) -> list[int] | None:
        """The left, centre and right pieces in the hand for a Maximum summon, or None (digest 1.G rule 31)."""
        c = self.db[self.table.card[centre]]
        if c["subtype"] != "maximum" or c["max_piece"] != "centre":
            return None
        card = self.table.card
        hand = self.table.zones[Z[p]["hand"]]
        out = []
        for pid in c["max_pieces"]:
            if pid == c["id"]:
                out.append(centre)
                continue
            for i in hand:  # the first copy in the hand (a plain loop: cheaper than next() over a generator)
                if card[i] == pid:
                    out.append(i)
                    break
            else:
                return None
        return out

    def cond_ok(self, p: int, src: int, conds: list) -> bool:
        """Is the [REQUIREMENT] of ``src`` met for ``p``, cost aside (digest 1.E rule 22)?"""
        t = self.table
        for c in conds:
            k = c["if"]
            n = c.get("n", 0)
            if k == "hand_at_least":
                h = len(t.zones[Z[p]["hand"]]) - (1 if t.zone[src] == Z[p]["hand"] else 0)
                if h < n:
                    return False
            elif k == "hand_at_most":
                h = len(t.zones[Z[p]["hand"]]) - (1 if t.zone[src] == Z[p]["hand"] else 0)
                if h > n:
                    return False
            elif k == "own_monsters_at_most":
                if len(self.units(p)) > n:
                    return False
            elif k == "opp_monsters_at_least":
                if len(self.units(1 - p)) < n:
                    return False
            elif k == "lp_at_most":
                if self.life_points[p] > n:
                    return False
            elif k == "opp_lp_at_least":
                if self.life_points[1 - p] < n:
                    return False
            elif k == "lp_behind":
                if self.life_points[p] >= self.life_points[1 - p]:
                    return False
            elif k == "grave_at_least":
                grave = t.zones[Z[p]["grave"]]
                flt = c.get("filter")
                if flt:  # the cards that match it, by card id (memo): card_matches once per card id
                    found, card = self.memo.matching(flt), t.card
                    k = 0
                    for i in grave:
                        if card[i] in found:
                            k += 1
                else:
                    k = len(grave)
                if k < n:
                    return False
            elif k == "deck_at_least":
                if len(t.zones[Z[p]["deck"]]) < n:
                    return False
            elif k == "summoned_this_turn":
                if not self.card_flags.get(src, 0) & F_SUMMONED:
                    return False
            elif k == "own_monster_exists":
                flt = c.get("filter", {})
                for i in self.units(p):
                    if i != src and self.on_field_matches(i, flt):
                        break
                else:
                    return False
            elif k == "opp_spell_traps_at_least":
                if self._spell_trap_count(1 - p) < n:
                    return False
        return True

    def _spell_trap_count(self, p: int) -> int:
        return self.table.count(Z[p]["spell"]) + self.table.count(Z[p]["field"])

    def cost_ok(self, p: int, src: int, costs: list) -> bool:
        """Can the cost part of the [REQUIREMENT] be paid in full (digest 1.E rule 23)?"""
        t = self.table
        for c in costs:
            op = c["op"]
            if op == "mill":
                if len(t.zones[Z[p]["deck"]]) < c.get("n", 1):
                    return False
            elif op == "discard":
                hand = t.zones[Z[p]["hand"]]
                flt = c.get("filter")
                if flt:  # the cards that match it, by card id (memo): card_matches once per card id
                    found, card = self.memo.matching(flt), t.card
                    k = 0
                    for i in hand:
                        if i != src and card[i] in found:
                            k += 1
                else:  # any card but the source
                    k = len(hand) - 1 if src in hand else len(hand)
                if k < c.get("n", 1):
                    return False
            elif op == "pay_lp":
                if self.life_points[p] <= c.get("n", 0):
                    return False
            elif op == "self_to_defense":
                if not (t.zone[src] == Z[p]["monster"] and t.face[src] and self.is_attack(src) and src not in self.maximum_centre):
                    return False
        return True

    def targets(self, p: int, target: dict | None) -> list[int] | None:
        """Legal targets for an activation (None: the card takes no target): the cards in
        the target's zone, on its side (``any``: the player's own first), that pass its
        filter (``face``, then the field filter; a face-down card passes only an empty one)."""
        if target is None:
            return None
        t = self.table
        got = _TARGET_PLANS.get(id(target))
        if got is None or got[0] is not target:
            got = _target_plan(target)
        _spec, sides, face, flt, monster = got
        sides = sides[p]
        up = face == "up"
        faces = t.face
        out = []  # plain loops: on rows of three they cost less than comprehensions
        if monster:
            for q in sides:
                for i in self.units(q):
                    if (face is None or bool(faces[i]) == up) and (not flt or self.on_field_matches(i, flt)):
                        out.append(i)
            return out
        zones = t.zones
        for q in sides:
            zq = Z[q]
            for z in (zq["spell"], zq["field"]):
                for i in zones[z]:
                    if i is not None and (face is None or bool(faces[i]) == up) \
                            and (not flt or (faces[i] and card_matches(self.db[t.card[i]], flt))):
                        out.append(i)
        return out

    def effect_variants(self, p: int, src: int, ctx: dict | None = None) -> list[tuple]:
        """The ways ``src``'s effect can be activated now: (mode or None, target or None).
        Empty when the [REQUIREMENT] or cost can't be met or no target exists."""
        req, cost, parts = self.memo.plans[self.table.card[src]]
        if req and not self.cond_ok(p, src, req):
            return []
        if cost and not self.cost_ok(p, src, cost):
            return []
        out = []
        for m, checks, spec in parts:
            if checks and not self._mode_possible(p, src, checks, ctx):
                continue
            if spec is None:
                out.append((m, None))
            else:
                for x in self.targets(p, spec):
                    if x != src:
                        out.append((m, x))
        return out

    def _mode_possible(self, p: int, src: int, checks: tuple, ctx: dict | None) -> bool:
        """Effects that could do nothing are not offered (README: 'activating an
        effect that can't apply' - digest §4 item 9). ``checks``: the steps that
        decide it (memo): a Fusion summon needs a Fusion monster it can summon; a
        search, a card in the deck that matches; a revival, a free Monster Zone and
        a monster in the graveyard that matches; a salvage, a card there that
        matches (each of these decides alone); a step on all the cards of a kind,
        one such card; negating an attack, an attack. Drawing more than the deck
        holds is possible but loses: still offered."""
        t = self.table
        for code, op in checks:
            if code == CHECK_FUSION:
                return self.fusion_possible(p, src)
            if code == CHECK_SEARCH:
                return _any_in(self.memo.matching(op.get("filter") or _NO_FILTER), t.card, t.zones[Z[p]["deck"]])
            if code == CHECK_REVIVE:
                if None not in t.zones[Z[p]["monster"]]:
                    return False
                return _any_in(self.memo.revivable(op.get("filter") or _NO_FILTER), t.card, t.zones[Z[p]["grave"]])
            if code == CHECK_SALVAGE:
                return _any_in(self.memo.matching(op.get("filter") or _NO_FILTER), t.card, t.zones[Z[p]["grave"]])
            if code == CHECK_ALL:
                if not self._what(p, src, op, {"attacker": None, "summoned": None, "target": None}):
                    return False
            elif ctx is None or ctx.get("attacker") is None:  # CHECK_NEGATE
                return False
        return True

    def fusion_candidates(self, p: int, src: int | None = None, first: bool = False) -> list[int]:
        """Fusion monsters in the Extra Deck whose materials are in the hand or on
        the field (digest 1.G rule 29), one iid per distinct card (``first``: the
        first one only, to know whether there is any)."""
        t = self.table
        zones = t.zones
        zp = Z[p]
        extra = zones[zp["extra"]]
        if not extra:
            return []
        card, mx = t.card, self.maximum_centre
        zone = zones[zp["monster"]]
        monsters = [card[i] for i in zone if i is not None and i not in mx]
        hand = zones[zp["hand"]]
        have = list(map(card.__getitem__, hand))
        if src is not None and src in hand:
            have.remove(card[src])  # the spell itself is no material
        have += monsters
        field_full = None not in zone
        materials_of = self.memo.materials
        out, seen = [], set()
        for i in extra:
            cid = card[i]
            if cid in seen:  # another copy: the same answer
                continue
            seen.add(cid)
            counts, names = materials_of[cid]
            short = False
            for m, n in counts:
                if have.count(m) < n:
                    short = True
                    break
            if short:
                continue
            if field_full and names.isdisjoint(monsters):
                continue  # the Fusion monster needs a Monster Zone a material leaves free
            out.append(i)
            if first:
                break
        return out

    def fusion_possible(self, p: int, src: int) -> bool:
        """Is there a Fusion monster in the Extra Deck whose materials are in the hand
        (the spell ``src`` aside) or on the field, with a Monster Zone for it (digest
        1.G rule 29)? What :meth:`fusion_candidates` finds, asked only whether it finds one."""
        t = self.table
        zones = t.zones
        zp = Z[p]
        extra = zones[zp["extra"]]
        if not extra:
            return False
        card = t.card
        memo = self.memo
        last = memo.last_extra[p]
        if last is not None and last[0] is card and last[1] == extra:  # the same cards as last asked
            kinds = last[2]
        else:
            # plain loops throughout: over a few cards they cost less than map or a comprehension
            key = []
            for i in extra:
                key.append(card[i])
            key = tuple(key)
            kinds = memo._fusions.get(key)  # memo.fusions_in, its look-up inlined
            if kinds is None:
                kinds = memo.fusions_in(key)
            memo.last_extra[p] = (card, extra[:], kinds)
        mx = self.maximum_centre
        zone = zones[zp["monster"]]
        hand = zones[zp["hand"]]
        monsters = None  # listed once a Fusion monster has all its materials there
        for counts, names, once in kinds:
            # each material in the hand or on the field (a Maximum piece aside), looked for
            # one by one: the first one missing, the usual case, ends the search
            for n in names:
                for i in hand:
                    if card[i] == n:
                        break
                else:
                    for i in zone:
                        if i is not None and card[i] == n and i not in mx:
                            break
                    else:
                        break  # neither in the hand nor on the field
            else:
                n = None  # all there
            if n is not None:
                continue
            if monsters is None:
                monsters = []
                for i in zone:
                    if i is not None and i not in mx:
                        monsters.append(card[i])
            # the copies each material needs, the spell itself aside: one of each is
            # there already when each is needed once and the spell is none of them
            if not once or card[src] in names:
                have_all = []
                for i in hand:
                    have_all.append(card[i])
                if src in hand:
                    have_all.remove(card[src])
                have_all += monsters
                short = False
                for m, n in counts:
                    if have_all.count(m) < n:
                        short = True
                        break
                if short:
                    continue
            if None not in zone and names.isdisjoint(monsters):
                continue  # the Fusion monster needs a Monster Zone a material leaves free
            return True
        return False

    def trap_options(self, q: int, window: dict) -> list[tuple]:
        """(trap iid, target) pairs ``q`` may activate at this timing: a face-down
        trap set before this turn whose trigger matches, with its requirement met."""
        t = self.table
        row = t.zones[Z[q]["spell"]]
        out = []
        if row == _EMPTY_ROW:
            return out
        face, card = t.face, t.card
        triggers = self.memo.triggers
        ev = None
        for i in row:
            if i is None or face[i]:
                continue
            trig = triggers[card[i]]
            if trig is None:  # a set spell
                continue
            if ev is None:
                ev = window["timing"]
            if trig[0] != ev or self.card_flags.get(i, 0) & F_SETTURN:  # another timing, or set this turn
                continue
            subj = (window.get("attacker") if ev == "attack" else
                    (window.get("summoned") if ev == "summon" else window.get("source")))
            by = trig[1]
            if by == "opp" and window["by"] == q or by == "self" and window["by"] != q:
                continue
            if subj is None:
                continue
            if ev != "effect" and not self._alive_subject(subj):
                continue
            flt = trig[2]
            if flt:
                if ev == "effect":
                    if not card_matches(self.db[card[subj]], flt):
                        continue
                elif not self.on_field_matches(subj, flt):
                    continue
            for mode, tg in self.effect_variants(q, i, window):
                out.append((i, tg, mode))
        return out

    def _alive_subject(self, iid: int) -> bool:
        """Is the attacker or summoned monster a trap would answer still on the field?"""
        return self.table.zone[iid].endswith(".monster")
