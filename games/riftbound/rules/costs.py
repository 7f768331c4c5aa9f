"""Costs: paying energy and power with the rune pool and the runes' Add abilities
(Core Rules v1.3 Costs, Basic runes, digest 5.3-5.8), and the player's choice of
how to pay (the ``pay_cost`` decision)."""

from __future__ import annotations

from functools import lru_cache
from operator import ge, le

from tabletop.engine.core import Decision, MadeEvent, make_choice
from tabletop.engine.procedure import DONE

from ..board import WRITTEN, written
from ..carddb import DOMAIN_CODE, DOMAINS
from ..rulebook import POOL_INDEX, R_COST
from ..zones import BASE, RUNEDECK, RUNES, ZLOC, att
from . import PROCS, push

# the actions whose cost is paid with runes: the player chooses how when payments differ
PAID = ("play", "activate", "equip", "hide")
#: what Costs.ask_payment answers when it asks the player how to pay
ASKED = "asked"


def cost_text(energy: int, power: list) -> str:
    """A cost as card text writes it: "[2] [R] [A]"."""
    out = [f"[{energy}]"] if energy else []
    for d in power:  # a loop: a cost has a few symbols
        out.append("[A]" if d == "any" else f"[{DOMAIN_CODE[d]}]")
    return " ".join(out)


@lru_cache(maxsize=4096)
def _splits(total: int, caps: tuple) -> tuple:
    """Every way of splitting ``total`` into len(caps) parts, part i at most caps[i]
    (a tuple of tuples, kept per question: costs ask the same few again and again)."""
    if not caps:
        return ((),) if total == 0 else ()
    out = []
    for first in range(min(total, caps[0]), -1, -1):
        for rest in _splits(total - first, caps[1:]):
            out.append((first,) + rest)
    return tuple(out)


# the words of a payment, each a whole sentence or phrase: one rune or several of a
# domain, two of those listed, and the button text by which parts the payment has
_RUNES = ("{domain} rune", "{n} {domain} runes")
_TWO_RUNES = {(False, False): "{domain} rune, {domain2} rune", (False, True): "{domain} rune, {n2} {domain2} runes",
              (True, False): "{n} {domain} runes, {domain2} rune", (True, True): "{n} {domain} runes, {n2} {domain2} runes"}
_POWER = ("{domain} power", "{domain} power and {domain2} power")
_PAY = {(True, False, False): "Pay: exhaust {exhaust}", (False, True, False): "Pay: recycle {recycle}",
        (False, False, True): "Pay: spend {pool} from the pool",
        (True, True, False): "Pay: exhaust {exhaust}; recycle {recycle}",
        (True, False, True): "Pay: exhaust {exhaust}; spend {pool} from the pool",
        (False, True, True): "Pay: recycle {recycle}; spend {pool} from the pool",
        (True, True, True): "Pay: exhaust {exhaust}; recycle {recycle}; spend {pool} from the pool",
        (False, False, False): "Pay from the rune pool"}

# the caption of a rune used to pay, by domain
_EXHAUST_RUNE = {
    "fury": "{player} exhausts a fury rune: add [1]",
    "calm": "{player} exhausts a calm rune: add [1]",
    "mind": "{player} exhausts a mind rune: add [1]",
    "body": "{player} exhausts a body rune: add [1]",
    "chaos": "{player} exhausts a chaos rune: add [1]",
    "order": "{player} exhausts a order rune: add [1]",
}
_RECYCLE_RUNE = {
    "fury": "{player} recycles a fury rune: add [R]",
    "calm": "{player} recycles a calm rune: add [G]",
    "mind": "{player} recycles a mind rune: add [B]",
    "body": "{player} recycles a body rune: add [O]",
    "chaos": "{player} recycles a chaos rune: add [P]",
    "order": "{player} recycles a order rune: add [Y]",
}


def _runes_text(doms: list) -> str:
    """ "Fury rune, 2 Calm runes" for the domains of the runes used, in the order first used."""
    counts: dict = {}
    for d in doms:
        counts[d] = counts.get(d, 0) + 1
    items = list(counts.items())
    if len(items) == 2:
        (d1, n1), (d2, n2) = items
        return _TWO_RUNES[(n1 > 1, n2 > 1)].format(domain=d1.capitalize(), n=n1, domain2=d2.capitalize(), n2=n2)
    return ", ".join(_RUNES[n > 1].format(domain=d.capitalize(), n=n) for d, n in items)


def _power_text(doms: list) -> str:
    """ "Fury power and Calm power" for the pool power spent."""
    if len(doms) == 2:
        return _POWER[1].format(domain=doms[0].capitalize(), domain2=doms[1].capitalize())
    return " and ".join(_POWER[0].format(domain=d.capitalize()) for d in doms)


_DOMAIN_INDEX = {d: POOL_INDEX[d] - 1 for d in DOMAINS}


def affords(wallet: tuple, energy: int, power: list) -> bool:
    """Can a cost be paid from ``wallet`` (:meth:`Costs.wallet`)? Each domain symbol takes one power of its
    domain, each [A] one power of any domain, [1] one energy (a rune may give both, digest 5.3)."""
    if energy > wallet[0]:
        return False
    if not power:
        return True
    counts = wallet[1]
    if len(power) == 1:
        d = power[0]
        return wallet[2] > 0 if d == "any" else counts[_DOMAIN_INDEX[d]] > 0
    anyn = 0
    used = [0] * 6
    for d in power:
        if d == "any":
            anyn += 1
        else:
            k = _DOMAIN_INDEX[d]
            n = used[k] = used[k] + 1
            if n > counts[k]:
                return False
    return anyn <= wallet[2] - (len(power) - anyn)


def _rune_to_recycle(runes, orient, recycle: list, doms: list, k: int = -1):
    """The rune of ``runes`` (their domains ``doms``: pool indexes) the engine's own payment recycles next,
    of domain ``k`` (-1: any): the first exhausted one not recycled yet, else the first ready one, else None."""
    first = None
    for i, r in enumerate(runes):
        if (k < 0 or doms[i] == k) and r not in recycle:
            if orient[r]:
                return r
            if first is None:
                first = r
    return first


def _plan_from_counts(power, need, doms, ready, tired, xs, aa, pool_any):
    """The payment that exhausts ``xs[k]`` ready runes of domain k and recycles ``need[k] + aa[k]``
    runes of it (the exhausted ones first, those just exhausted next), or None when too few."""
    exhaust, recycle = [], []
    by_dom = {}
    for k in doms:
        r_n = need[k] + aa[k]
        if r_n > len(ready[k]) + len(tired[k]):
            return None
        ex = ready[k][:xs[k]]
        # the just-exhausted ones are recycled after the ones exhausted before; then ready ones
        order = tired[k] + ex + ready[k][xs[k]:]
        by_dom[k] = order[:r_n]
        exhaust += ex
    # recycled in the order the cost is written: its domain symbols, then [A]
    taken = dict.fromkeys(doms, 0)
    for d in power:
        if d == "any":
            continue
        k = POOL_INDEX[d] - 1
        if k in taken and taken[k] < need[k]:
            recycle.append(by_dom[k][taken[k]])
            taken[k] += 1
    for k in doms:
        recycle += by_dom[k][need[k]:]
    if exhaust and recycle:  # the runes being recycled first, each group in its order
        first, then = [], []
        for r in exhaust:
            (first if r in recycle else then).append(r)
        exhaust = first + then
    return {"exhaust": exhaust, "recycle": recycle, "pool": list(pool_any)}


class Costs:
    """Checking and paying costs (digest 5.3-5.8). RBState mixin."""

    __slots__ = ()

    def can_pay(self, p: int, energy: int, power: list) -> bool:
        """Could ``p`` pay this cost with the pool plus rune abilities? Exhausting a ready rune
        adds [1]; recycling any rune adds one power of its domain; one rune may do both
        (Core Rules v1.3 Basic runes, digest 5.3)."""
        return affords(self.wallet(p), energy, power)

    def wallet(self, p: int) -> tuple:
        """What ``p`` can pay with now, for :func:`affords`: the energy (the pool's, plus one
        for each ready rune), the power of each domain (the pool's, plus one for each rune of
        that domain) and the power in all."""
        pool = self.pool[p]
        t = self.table
        orient, card, rune_index = t.orient, t.card, self.facts.rune_index
        counts = pool[1:]
        ready = 0
        for r in t.zones[RUNES[p]]:
            if not orient[r]:
                ready += 1
            counts[rune_index[card[r]]] += 1
        return pool[0] + ready, counts, sum(counts)

    # -- the payments --------------------------------------------------------------------------
    def _auto_payment(self, p: int, energy: int, power: list) -> dict:
        """The engine's own payment, offered first: the pool first, then recycle runes for
        power (exhausted ones first), then exhaust ready runes for energy, those being
        recycled first (a rune may be exhausted and then recycled, digest 5.3). Returns
        ``{"exhaust": [runes], "recycle": [runes, in order], "pool": [domains of pool power
        spent on [A]]}``."""
        t = self.table
        pool = self.pool[p]
        runes = t.zones[RUNES[p]]
        card, orient, rune_index = t.card, t.orient, self.facts.rune_index
        recycle: list = []
        doms = None  # each rune's domain, worked out when a rune is recycled
        have = pool[1:]
        need_any = 0
        used_pool = [0] * 6
        for d in power:
            if d == "any":
                need_any += 1
                continue
            k = _DOMAIN_INDEX[d]
            if have[k] - used_pool[k] > 0:
                used_pool[k] += 1
                continue
            # a rune of the domain not recycled yet, an exhausted one first (in the runes' order)
            if doms is None:
                doms = []
                for r in runes:
                    doms.append(rune_index[card[r]])
            recycle.append(_rune_to_recycle(runes, orient, recycle, doms, k))
        pool_any = []
        for _ in range(need_any):
            k = -1
            for j in range(6):  # the first domain with pool power left
                if have[j] - used_pool[j] > 0:
                    k = j
                    break
            if k >= 0:
                used_pool[k] += 1
                pool_any.append(DOMAINS[k])
                continue
            recycle.append(_rune_to_recycle(runes, orient, recycle, doms))  # any rune, likewise
        exh: list = []
        e_need = max(0, energy - pool[0])
        if e_need:
            # ready runes, those being recycled first (in the runes' order)
            first, then = [], []
            for r in runes:
                if not orient[r]:
                    (first if r in recycle else then).append(r)
            exh = (first + then)[:e_need]
        return {"exhaust": exh, "recycle": recycle, "pool": pool_any}

    def _payment_key(self, p: int, plan: dict) -> tuple:
        """What a payment leaves: the pool, each domain's ready and exhausted runes, and the
        domains recycled. Two payments with the same key are the same to the player."""
        t = self.table
        db = self.card_db
        ready = [0] * 6
        tired = [0] * 6
        gone = set(plan["recycle"])
        exh = set(plan["exhaust"])
        for r in t.zones[RUNES[p]]:
            if r in gone:
                continue
            k = POOL_INDEX[db[t.card[r]]["rune"]] - 1
            if t.orient[r] or r in exh:
                tired[k] += 1
            else:
                ready[k] += 1
        return (tuple(sorted(plan["pool"])), tuple(ready), tuple(tired),
                tuple(sorted(db[t.card[r]]["rune"] for r in plan["recycle"])))

    def payments(self, p: int, energy: int, power: list) -> list:
        """The different ways ``p`` may pay this cost, the engine's own first (digest 5.3-5.4,
        9.1 step 4). Exhausting a ready rune adds [1], recycling a rune adds a power of its
        domain, one rune may do both; which runes do it is the player's choice. Payments that
        leave the same runes and pool are one payment; a payment that leaves a rune exhausted
        where another leaves it ready, all else equal, is not offered (it only loses). What
        is in the pool is spent first (it empties at the end of the phase anyway)."""
        t = self.table
        card, orient, rune_index = t.card, t.orient, self.facts.rune_index
        pool = self.pool[p]
        if not power:
            # energy alone: the payments differ only in how many ready runes of each domain are exhausted
            # (the first ones of each, in the runes' order); the engine's own exhausts the first ready runes
            e_need = max(0, energy - pool[0])
            ready_by = [[], [], [], [], [], []]
            exh, mine = [], [0] * 6
            for r in t.zones[RUNES[p]]:
                if not orient[r]:
                    k = rune_index[card[r]]
                    ready_by[k].append(r)
                    if len(exh) < e_need:
                        exh.append(r)
                        mine[k] += 1
            ks, caps = [], []  # the domains with ready runes, and how many each has
            for k in range(6):
                if ready_by[k]:
                    ks.append(k)
                    caps.append(len(ready_by[k]))
            auto_xs = tuple(map(mine.__getitem__, ks))
            out = [{"exhaust": exh, "recycle": [], "pool": []}]
            for xs in _splits(e_need, tuple(caps)):
                if xs != auto_xs:
                    exhaust = []
                    for k, x in zip(ks, xs):
                        if x:
                            exhaust += ready_by[k][:x]
                    out.append({"exhaust": exhaust, "recycle": [], "pool": []})
            return out
        auto = self._auto_payment(p, energy, power)
        left = pool[1:]
        need = [0] * 6
        any_n = 0
        for d in power:
            if d == "any":
                any_n += 1
                continue
            k = _DOMAIN_INDEX[d]
            if left[k] > 0:
                left[k] -= 1
            else:
                need[k] += 1
        e_need = max(0, energy - pool[0])
        ready: list = [[], [], [], [], [], []]
        tired: list = [[], [], [], [], [], []]
        for r in t.zones[RUNES[p]]:
            (tired if orient[r] else ready)[rune_index[card[r]]].append(r)
        from_pool = min(any_n, sum(left))
        rune_any = any_n - from_pool
        # per domain with runes, in order: ready and exhausted runes, runes in all, and the
        # runes its own symbols recycle (one loop, no comprehension's call)
        doms, d_ready, d_tired, d_runes, d_need, pool_ks = [], [], [], [], [], []
        at = {}
        for k in range(6):
            if left[k]:
                pool_ks.append(k)
            a, b = len(ready[k]), len(tired[k])
            if a or b:
                at[k] = len(doms)
                doms.append(k)
                d_ready.append(a)
                d_tired.append(b)
                d_runes.append(a + b)
                d_need.append(need[k])
        nd = len(doms)
        # the payments as what each leaves (the pool spent on [A]; ready, exhausted and recycled
        # runes of each domain with runes), the engine's own first; a plan is written only for
        # those offered
        a_ready, a_tired, a_rec = list(d_ready), list(d_tired), [0] * nd
        exhaust = auto["exhaust"]
        for r in exhaust:  # ready runes
            i = at[rune_index[card[r]]]
            a_ready[i] -= 1
            a_tired[i] += 1
        for r in auto["recycle"]:
            i = at[rune_index[card[r]]]
            if orient[r] or r in exhaust:
                a_tired[i] -= 1
            else:
                a_ready[i] -= 1
            a_rec[i] += 1
        # the ready runes the engine's own payment uses up (exhausted or recycled), per domain
        a_pool, a_rec, a_used = sorted(auto["pool"]), tuple(a_rec), []
        for i in range(nd):
            a_used.append(d_ready[i] - a_ready[i])
        out = [auto]
        # Which runes [A] recycles (aa[i] of domain i) fixes, per domain, the runes recycled
        # and how many of its ready runes recycling takes beyond its exhausted ones (c[i]).
        # Exhausting xs[i] ready runes for energy then uses up max(xs[i], c[i]) ready runes.
        # Among the payments with the same pool and recycled runes, one leaves every domain at
        # least as many ready runes as another exactly when it uses up no more ready runes
        # than it must, max(e_need, sum(c)) in all: xs >= c in every domain when the energy
        # needs more ready runes than recycling takes (each such xs leaves other runes), else
        # xs <= c (all leave the same runes: the first found is the one). Those are offered,
        # in the order first found, but for the engine's own or one it leaves better off.
        recycles = []
        for aa in _splits(rune_any, tuple(d_runes)):
            rec, c = [], []
            for i in range(nd):
                r_n = d_need[i] + aa[i]
                if r_n > d_runes[i]:
                    break
                rec.append(r_n)
                c.append(r_n - d_tired[i] if r_n > d_tired[i] else 0)
            else:
                recycles.append((aa, tuple(rec) == a_rec, c, e_need >= sum(c), [True]))
        ready_caps = tuple(d_ready)
        for pk in _splits(from_pool, tuple(map(left.__getitem__, pool_ks))):
            pool_any = []
            for k, n in zip(pool_ks, pk):
                pool_any += [DOMAINS[k]] * n
            auto_pool = sorted(pool_any) == a_pool
            for _, _, _, _, first in recycles:
                first[0] = True
            for xs in _splits(e_need, ready_caps):
                for aa, auto_rec, c, energy_more, first in recycles:
                    if energy_more:
                        if not all(map(ge, xs, c)):
                            continue  # it would exhaust a ready rune that is recycled anyway
                        used = xs
                    else:
                        if not first[0] or not all(map(le, xs, c)):
                            continue  # the same runes left as one found before, or fewer ready
                        first[0] = False
                        used = c
                    if auto_pool and auto_rec and all(map(ge, used, a_used)):
                        continue  # the engine's own payment, or one it leaves better off
                    out.append(_plan_from_counts(power, need, doms, ready, tired, dict(zip(doms, xs)),
                                                 dict(zip(doms, aa)), pool_any))
        return out

    def pay(self, p: int, energy: int, power: list, ev: list, plan: dict | None = None) -> None:
        """Pay a total cost: rune Add abilities used during payment (digest 5.4), then spend.
        ``plan`` is one of :meth:`payments` (the player's choice), else the engine's own."""
        t = self.table
        pool = self.pool[p]
        db = self.card_db
        if plan is None:
            plan = self._auto_payment(p, energy, power)
        who = self.names[p]  # the player's name (Board.player_name)
        orient = t.orient
        for r in plan["exhaust"]:
            # t.set_orient(r, 1, caption, R_COST), without its two calls
            orient[r] = 1
            e = MadeEvent()
            e.kind = "card.turn"
            text = _EXHAUST_RUNE[db[t.card[r]]["rune"]]
            e.caption = WRITTEN.get((text, who)) or written((text, who), text, player=who)
            e.rule = R_COST
            e.data = {"card": r, "orient": "sideways"}
            e.hidden_from = ()
            e.public = None
            ev.append(e)
        for r in plan["recycle"]:
            text = _RECYCLE_RUNE[db[t.card[r]]["rune"]]
            ev.append(t.move(r, RUNEDECK[p], orient=0, face=0,
                             caption=WRITTEN.get((text, who)) or written((text, who), text, player=who), rule=R_COST))
        # spend: the pool's own power for each domain symbol it holds and for the [A] the
        # payment names; what the runes added is spent as soon as it is added
        used_pool = [0] * 6
        for d in power:
            if d != "any":
                k = POOL_INDEX[d] - 1
                if pool[k + 1] - used_pool[k] > 0:
                    used_pool[k] += 1
        for d in plan["pool"]:
            used_pool[POOL_INDEX[d] - 1] += 1
        if any(used_pool):
            for k in range(6):
                pool[k + 1] -= used_pool[k]
        pool[0] -= min(pool[0], energy)
        if energy or power:
            text = "{player} pays {energy} energy and {power} power" if power else "{player} pays {energy} energy"
            key = (text, who, energy, len(power))
            self._ev(ev, "cost.pay", WRITTEN.get(key) or written(key, text, player=who, energy=energy, power=len(power)), R_COST,
                     player=p, energy=energy, power=list(power))

    def _equip_cost(self, g: int, less_a: bool = False) -> tuple:
        """An Equipment's Equip cost (energy, power list). With ``less_a`` one [A] is taken off
        (Weaponmaster: "its Equip cost, reduced by [A]"; a cost without [A] is paid in full,
        Core Rules Weaponmaster, digest 18; discounts never go below 0, digest 5.8)."""
        card = self.card_of(g)
        e, pw = card["kw"].get("equip", 0), list(card["equip_power"])
        if less_a and "any" in pw:
            pw.remove("any")
        return e, pw

    def _wm_options(self, tr: dict) -> list:
        """Equipment ``tr``'s controller controls (at base or attached to another of their
        units) whose Equip cost less [A] they can pay now (Weaponmaster, digest 18)."""
        p, u = tr["controller"], tr["source"]
        t = self.table
        if t.zone[u] not in ZLOC:
            return []
        out = []
        for holder in [None] + [x for x in self.units_of(p) if x != u]:
            zone = t.zones.get(BASE[p] if holder is None else att(holder)) or []
            for g in zone:
                card = self.card_of(g)
                if card["type"] == "gear" and card["kw"].get("equip") and self.can_pay(p, *self._equip_cost(g, True)):
                    out.append(g)
        return out

    # -- asking ----------------------------------------------------------------------------------
    def action_cost(self, p: int, kind: str, a: dict) -> tuple:
        """The total cost (energy, power) of an action the Main Phase, Priority or Focus lists
        (Core Rules v1.3 total cost, digest 5.8)."""
        if kind == "play":
            return self._play_cost(p, a)
        if kind == "activate":
            ab = self.card_of(a["card"])["abil"][a["ab"]]
            return ab.get("cost", 0), list(ab.get("power", [])) + ["any"] * self._deflect(p, a.get("target", -1))
        if kind == "equip":
            return self._equip_cost(a["card"])
        return 0, ["any"]  # hide

    def _pay_prompt(self, a: dict) -> str:
        """The ``pay_cost`` decision's prompt: the cost and what it pays for, in words the
        opponent may see too (a card played from a facedown slot or being hidden is not named)."""
        kind, args = a["kind"], a["args"]
        cost = cost_text(a["energy"], a["power"])
        card = self.name(args["card"]) if "card" in args else ""
        if kind == "play":
            if ".hidden" in self.table.zone[args["card"]]:
                return "Choose how to pay {cost} for a hidden card".format(cost=cost)
            return "Choose how to pay {cost} for {card}".format(cost=cost, card=card)
        if kind == "activate":
            return "Choose how to pay {cost} for {card}'s ability".format(cost=cost, card=card)
        if kind == "equip":
            return "Choose how to pay {cost} to equip {gear} to {unit}".format(cost=cost, gear=card, unit=self.name(args["target"]))
        if kind == "hide":
            return "Choose how to pay {cost} to hide a card".format(cost=cost)
        return "Choose how to pay {cost} to attach {gear} (Weaponmaster)".format(cost=cost, gear=self.name(args["target"]))

    def ask_payment(self, p: int, kind: str, a: dict, energy: int, power: list, **more):
        """When payments of this cost differ, push the ``pay_cost`` decision (the action happens once
        it is chosen) and return ASKED; else the one payment if worked out on the way, or None."""
        if not (energy or power) or not self._may_differ(p, energy, power):
            return None
        plans = self.payments(p, energy, power)
        if len(plans) > 1:
            push(self, "pay_cost", player=p, kind=kind, args=dict(a), energy=energy, power=list(power),
                 options=plans, **more)
            return ASKED
        return plans[0]

    def _may_differ(self, p: int, energy: int, power: list) -> bool:
        """A quick test before :meth:`payments`: False when every payment is surely the same: the
        energy comes from ready runes of one domain (or the pool) or exhausts every ready rune, and
        [A], if any, can only be paid with one domain. Domain symbols recycle runes of their domain,
        the exhausted ones first, which leaves the same runes whichever."""
        t = self.table
        card, orient, rune_index = t.card, t.orient, self.facts.rune_index
        pool = self.pool[p]
        runes = t.zones[RUNES[p]]
        if energy > pool[0]:  # ready runes of more than one domain, not all of them needed for the energy?
            first, ready = -1, 0  # the first ready rune's domain (-2 once a second domain is seen)
            for r in runes:
                if not orient[r]:
                    ready += 1
                    k = rune_index[card[r]]
                    first = k if first == -1 or k == first else -2
            if first == -2 and ready > energy - pool[0]:
                return True
        if "any" in power:
            doms = {rune_index[card[r]] for r in runes}
            for k in range(6):
                if pool[k + 1]:
                    doms.add(k)
            return len(doms) > 1
        return False


def payment_label(card: list, db: dict, plan: dict) -> str:
    """A payment's button text, naming the runes (``card``: the table's card ids):
    "Pay: exhaust Fury rune, Calm rune; recycle Fury rune"."""
    text = _PAY[(bool(plan["exhaust"]), bool(plan["recycle"]), bool(plan["pool"]))]
    return text.format(exhaust=_runes_text([db[card[r]]["rune"] for r in plan["exhaust"]]),
                       recycle=_runes_text([db[card[r]]["rune"] for r in plan["recycle"]]), pool=_power_text(plan["pool"]))


@PROCS.decision("pay_cost", rule=R_COST)
class PayCost:
    """How to pay a cost, when the ways differ: which runes to exhaust for energy, which to
    recycle for power, which pool power pays [A] (Core Rules v1.3 Costs, Basic runes and
    Add abilities used while paying, digest 5.3-5.4, 9.1 step 4). The engine's own payment
    is the first choice (role ``default``: the greedy and expert players take it). The action (a play, an
    ability, Equip, Hide, Weaponmaster's attach) happens with the chosen payment. Args: player, kind,
    args (the action's), energy, power, options (the payments, computed when pushed); trigger for Weaponmaster."""

    def decide(state, step):
        a = step.args
        p = a["player"]
        ch = []
        # the label names the runes, written when the table reads it from the card ids and data
        card, db = state.table.card, state.card_db  # (not the state: it and its decision would be a cycle)
        for i, plan in enumerate(a["options"]):
            args = {"exhaust": plan["exhaust"], "recycle": plan["recycle"]}
            if plan["pool"]:
                args["pool"] = plan["pool"]
            ch.append(make_choice("pay", args, p, lambda plan=plan: payment_label(card, db, plan), "default" if i == 0 else ""))
        return Decision([p], "pay_cost", state._pay_prompt(a), ch)

    def choose(state, step, choice, events):
        a = step.args
        p, kind, args = a["player"], a["kind"], a["args"]
        plan = {"exhaust": choice.args["exhaust"], "recycle": choice.args["recycle"], "pool": choice.args.get("pool", [])}
        # the cost (Costs.action_cost) was worked out as the payment was asked for
        if kind == "play":
            state._play(p, args, events, plan, (a["energy"], a["power"]))
        elif kind == "activate":
            state._activate(p, args, events, plan, (a["energy"], a["power"]))
        else:
            state.cleanup_quiet = False  # a cleanup looks again (_play and _activate say when themselves)
            if kind == "equip":
                state._equip(p, args, events, plan)
            elif kind == "hide":
                state._hide(p, args, events, plan)
            else:  # Weaponmaster: the Equip cost less [A], paid as the trigger goes on the chain
                state.pay(p, a["energy"], a["power"], events, plan)
                state._push_trigger(a["trigger"], args["target"], events)
        return DONE
