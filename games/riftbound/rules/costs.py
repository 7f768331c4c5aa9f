"""Costs: paying energy and power with the rune pool and the runes' Add abilities
(Core Rules v1.3 Costs, Basic runes, digest 5.3-5.8)."""

from __future__ import annotations

from ..carddb import DOMAIN_CODE
from ..rulebook import POOL_INDEX, R_COST
from ..zones import RUNES, ZLOC


class Costs:
    """Checking and paying costs (digest 5.3-5.8). RBState mixin."""

    __slots__ = ()

    def can_pay(self, p: int, energy: int, power: list) -> bool:
        """Could ``p`` pay this cost with the pool plus rune abilities? Exhausting a ready rune
        adds [1]; recycling any rune adds one power of its domain; one rune may do both
        (Core Rules v1.3 Basic runes, digest 5.3)."""
        pool = self.pool[p]
        t = self.table
        runes = t.zones[RUNES[p]]
        if energy > pool[0]:
            ready = 0
            for r in runes:
                if not t.orient[r]:
                    ready += 1
            if energy > pool[0] + ready:
                return False
        if not power:
            return True
        have = pool[1:]
        counts = [have[0], have[1], have[2], have[3], have[4], have[5]]
        db, card = self.card_db, t.card
        for r in runes:
            counts[POOL_INDEX[db[card[r]]["rune"]] - 1] += 1
        anyn = 0
        for d in power:
            if d == "any":
                anyn += 1
            else:
                k = POOL_INDEX[d] - 1
                if counts[k] <= 0:
                    return False
                counts[k] -= 1
        return anyn <= sum(counts)

    def pay(self, p: int, energy: int, power: list, ev: list) -> None:
        """Pay a total cost: rune Add abilities used during payment (digest 5.4), then spend."""
        t = self.table
        pool = self.pool[p]
        runes = t.zones[f"p{p}.runes"]
        db = self.card_db
        recycle = []
        have = pool[1:]
        need_any = 0
        used_pool = [0] * 6
        for d in power:
            if d == "any":
                need_any += 1
                continue
            k = POOL_INDEX[d] - 1
            if have[k] - used_pool[k] > 0:
                used_pool[k] += 1
                continue
            cands = [r for r in runes if r not in recycle and db[t.card[r]]["rune"] == d]
            cands.sort(key=lambda r: -t.orient[r])
            recycle.append(cands[0])
        for _ in range(need_any):
            k = next((k for k in range(6) if have[k] - used_pool[k] > 0), -1)
            if k >= 0:
                used_pool[k] += 1
                continue
            cands = [r for r in runes if r not in recycle]
            cands.sort(key=lambda r: -t.orient[r])
            recycle.append(cands[0])
        e_need = max(0, energy - pool[0])
        use_e = min(pool[0], energy)
        exh = []
        if e_need:
            ready = [r for r in runes if not t.orient[r]]
            ready.sort(key=lambda r: 0 if r in recycle else 1)
            exh = ready[:e_need]
        for r in exh:
            ev.append(t.set_orient(r, 1, f"{self.player_name(p)} exhausts a {db[t.card[r]]['rune']} rune: add [1]", R_COST))
        for r in recycle:
            dom = db[t.card[r]]["rune"]
            ev.append(t.move(r, f"p{p}.runedeck", orient=0, face=0,
                             caption=f"{self.player_name(p)} recycles a {dom} rune: add [{DOMAIN_CODE[dom]}]", rule=R_COST))
        for k in range(6):
            pool[k + 1] -= used_pool[k]
        pool[0] -= use_e
        if energy or power:
            self._ev(ev, "cost.pay", f"{self.player_name(p)} pays {energy} energy"
                     + (f" and {len(power)} power" if power else ""), R_COST, player=p, energy=energy, power=list(power))

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
            zone = t.zones.get(f"p{p}.base" if holder is None else f"att.{holder}") or []
            for g in zone:
                card = self.card_of(g)
                if card["type"] == "gear" and card["kw"].get("equip") and self.can_pay(p, *self._equip_cost(g, True)):
                    out.append(g)
        return out
