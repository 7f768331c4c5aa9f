"""Scoring: Hold and Conquer, once per battlefield per turn, and the final point
(Core Rules v1.3 Scoring, digest 14.1-14.4, 1.5)."""

from __future__ import annotations

from ..rulebook import R_CONQ, R_HOLD, VICTORY_SCORE
from ..zones import BATTLEFIELD


class Scoring:
    """Scoring battlefields: Hold and Conquer (digest 14). RBState mixin."""

    __slots__ = ()

    def _score(self, p: int, b: int, how: str, ev: list) -> None:
        """Score a battlefield: at most once per player per turn; the final point needs every
        battlefield scored this turn when it comes from Conquer, else draw 1 instead
        (Core Rules v1.3 Scoring, digest 14.3-14.4 and 1.5)."""
        if self.scored[p] & (1 << b):
            return
        self.scored[p] |= 1 << b
        rule = R_HOLD if how == "hold" else R_CONQ
        if how == "conquer" and self.points[p] >= VICTORY_SCORE - 1 and self.scored[p] != 0b11:
            self._ev(ev, "score.final_point", f"{self.names[p]} conquers {self.bf_name(b)} but the final point needs every "
                     "battlefield scored this turn: draw 1 instead", R_CONQ, player=p, bf=b)
            self.draw(p, 1, ev, R_CONQ)
        else:
            self.points[p] += 1
            self.outcome_due = True  # the processor's end-of-game check reads the points
            self._ev(ev, f"score.{how}", ("{player} holds {battlefield}: 1 point" if how == "hold" else "{player} conquers {battlefield}: 1 point").format(
                player=self.names[p], battlefield=self.bf_name(b)),
                     rule, player=p, bf=b)
            self._ev(ev, "counter.change", f"{self.names[p]}: {self.points[p]} points", rule, player=p, counter="points",
                     delta=1, value=self.points[p])
        bfc = self.table.zones[BATTLEFIELD[b]]
        if bfc:
            self._queue_card(bfc[0], how, p, b, self.played[p] >= 1)
        for u in self.units_at(p, b):
            self._queue_card(u, how, p, b, self.played[p] >= 1)
        self.cleanup_due = True
