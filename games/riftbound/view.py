"""What each player sees (the contract's view)."""

from __future__ import annotations

from .rulebook import VICTORY_SCORE
from .rules import ASKS
from .rules.turn import PHASES


# the card counters as the view names them, in players' words (the table shows "name value")
COUNTER_WORDS = {"dmg": "damage", "buff": "buff", "stun": "stunned", "atk": "attacking", "def": "defending",
                 "hid": "hidden on turn"}


def _words(cards: list) -> None:
    for cv in cards:
        cn = cv["counters"]
        if cn:
            cv["counters"] = {COUNTER_WORDS.get(k, k): v for k, v in cn.items()}
        if cv.get("attached"):
            _words(cv["attached"])


class View:
    """The contract's view: zones, counters, the Open/Closed and Neutral/Showdown state,
    priority, focus, the chain and the battlefields (README "View extras")."""

    __slots__ = ()

    def view(self, player):
        t = self.table
        zones = t.view_zones(player)
        for cards in zones.values():
            _words(cards)
        for key in ("p0.base", "p0.bf0", "p0.bf1", "p1.base", "p1.bf0", "p1.bf1"):
            for cv in zones[key]:
                if cv["iid"] is not None and self.is_unit(cv["iid"]):
                    cv["counters"]["might"] = self.might(cv["iid"])
        d = self.decision
        st = self.state_name()
        chain = [{"iid": it["source"], "card": it["card"], "kind": it["kind"], "controller": it["controller"], "target": it["target"]}
                 for it in self.chain]
        bfs = []
        for b in (0, 1):
            c = t.zones[f"shared.bf{b}"]
            bfs.append({"card": t.card[c[0]] if c else None, "controller": self.battlefield_controller[b],
                        "contested": self.contested[b],
                        "showdown": bool(self.showdown) and self.showdown["battlefield"] == b,
                        "combat": bool(self.showdown) and self.showdown["battlefield"] == b and self.showdown["combat"]})
        phase = self.turn_step
        if phase in ("scoring",):
            phase = "beginning"
        elif phase in ("main_start",):
            phase = "main"
        elif phase in ("expire", "expire_chk", "next"):
            phase = "ending"
        players = []
        for p in (0, 1):
            pool = self.pool[p]
            players.append({"name": self.names[p], "counters": {
                "points": self.points[p], "xp": self.xp[p], "energy": pool[0], "power": sum(pool[1:]),
                "hand": len(t.zones[f"p{p}.hand"]), "deck": len(t.zones[f"p{p}.deck"])}})
        return {
            "game": "riftbound", "turn": self.turn_number, "active": self.active, "phase": phase, "step": self.turn_step,
            "phases": list(PHASES), "winner": self.winner, "over": self.outcome is not None,
            "players": players, "zones": zones,
            "decision": d.to_view() if d is not None else None,
            "extra": {
                "state": st[0], "mode": st[1], "state_text": f"{st[1]} {st[0]}",
                "priority": self._prio_holder(), "focus": self.focus,
                "priority_text": "-" if self._prio_holder() < 0 else self.names[self._prio_holder()],
                "focus_text": "-" if self.focus < 0 else self.names[self.focus],
                "chain": chain, "chain_text": " > ".join(self.card_db[it["card"]]["name"] for it in self.chain) or "-",
                "battlefields": bfs, "victory_score": VICTORY_SCORE, "first": self.first,
                "pool": [list(self.pool[0]), list(self.pool[1])],
                "scored": [[b for b in (0, 1) if self.scored[p] & (1 << b)] for p in (0, 1)],
                "reason": "" if self.outcome is None else self.outcome.reason,
            },
        }

    def _prio_holder(self) -> int:
        """Who holds priority (-1: nobody, e.g. between phases or during set-up)."""
        if self.outcome is not None or self.turn_step in ("setup", "mulligan"):
            return -1
        if self.chain:
            return self.priority
        if self.showdown:
            return self.focus
        if self.turn_step == "main" and self.steps[-1].proc not in ASKS:
            return self.active
        return -1
