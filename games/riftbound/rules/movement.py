"""Moving units: the Standard Move of the Main Phase and arriving at a
battlefield (Core Rules v1.3 Standard Move and Control, digest 11.1, 11.4)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision
from tabletop.engine.procedure import DONE

from ..rulebook import R_MOVE
from ..zones import ZLOC
from . import PROCS, push


class Movement:
    """The Standard Move and arriving at a battlefield (digest 11). RBState mixin."""

    __slots__ = ()

    def _move_start(self, p: int, a: dict, ev: list) -> None:
        """A Standard Move begins with one unit; others that may go to the same place can
        join it before it happens (the ``move_with`` decision)."""
        move = {"player": p, "to": a["to"], "cards": [a["card"]]}
        if self._move_joiners(p, move):
            push(self, "move_with", **move)
        else:
            self._move_finish(move, ev)

    def _move_finish(self, move: dict, ev: list) -> None:
        """Standard Move: exhaust the units and move them together to one destination
        (Core Rules v1.3 Standard Move, digest 11.1)."""
        p, to = move["player"], move["to"]
        t = self.table
        for u in move["cards"]:
            t.orient[u] = 1
        for u in move["cards"]:
            e = t.move(u, to, caption=f"{self.player_name(p)} moves {self.name(u)} to {to}", rule=R_MOVE)
            ev.append(e)
        self._ev(ev, "move.complete", f"Move complete: {len(move['cards'])} unit(s) to {to}", R_MOVE,
                 player=p, cards=list(move["cards"]), to=to)
        self._arrive(p, ZLOC[to][1], ev)
        self.cleanup_due = True

    def _arrive(self, p: int, loc: int, ev: list) -> None:
        """A unit moved or played to a battlefield its controller doesn't control makes it
        Contested, unless it already is (Core Rules v1.3 Control, digest 11.4)."""
        if loc >= 0 and self.battlefield_controller[loc] != p and self.contested[loc] < 0:
            self.contested[loc] = p
            self._ev(ev, "battlefield.contested", f"Battlefield {loc} becomes contested by {self.player_name(p)}", R_MOVE, bf=loc, player=p)


@PROCS.decision("move_with", rule=R_MOVE)
class MoveWith:
    """Units moving together: add more units going to the same destination, or move now
    (Core Rules v1.3 Standard Move, digest 11.1). Args: player, to, cards."""

    def decide(state, step):
        a = step.args
        p = a["player"]
        ch = [Choice("move_add", {"card": i}, p, f"Also move {state.name(i)}", role="group_add")
              for i in state._move_joiners(p, a)]
        ch.append(Choice("move_done", {}, p, f"Move {len(a['cards'])} unit(s) now", role="group_done"))
        return Decision([p], "move_with", f"Add more units to this move to {a['to']}, or move now", ch)

    def choose(state, step, choice, events):
        move = step.args
        if choice.kind == "move_add":
            move = dict(move, cards=move["cards"] + [choice.args["card"]])
            if state._move_joiners(move["player"], move):
                push(state, "move_with", **move)  # steps are never changed: a new one with the unit added
                return DONE
        state._move_finish(move, events)
        return DONE
