"""Moving units: the Standard Move of the Main Phase and arriving at a
battlefield (Core Rules v1.3 Standard Move and Control, digest 11.1, 11.4)."""

from __future__ import annotations

from tabletop.engine.core import Decision, make_choice
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
            e = t.move(u, to, caption=self.place_text(to, "{player} moves {unit} to base", "{player} moves {unit} to {battlefield}",
                                                                      player=self.names[p], unit=self.name(u)), rule=R_MOVE)
            ev.append(e)
        if len(move["cards"]) > 1:
            text = self.place_text(to, "Move complete: {n} units at base", "Move complete: {n} units at {battlefield}", n=len(move["cards"]))
        else:
            text = self.place_text(to, "Move complete: {unit} is at base", "Move complete: {unit} is at {battlefield}",
                                   unit=self.name(move["cards"][0]))
        self._ev(ev, "move.complete", text, R_MOVE,
                 player=p, cards=list(move["cards"]), to=to)
        self._arrive(p, ZLOC[to][1], ev)
        self.cleanup_due = True

    def _arrive(self, p: int, loc: int, ev: list) -> None:
        """A unit moved or played to a battlefield its controller doesn't control makes it
        Contested, unless it already is (Core Rules v1.3 Control, digest 11.4)."""
        if loc >= 0 and self.battlefield_controller[loc] != p and self.contested[loc] < 0:
            self.contested[loc] = p
            self._ev(ev, "battlefield.contested", "{player} contests {battlefield}".format(player=self.names[p], battlefield=self.bf_name(loc)), R_MOVE, bf=loc, player=p)


@PROCS.decision("move_with", rule=R_MOVE)
class MoveWith:
    """Units moving together: add more units going to the same destination, or move now
    (Core Rules v1.3 Standard Move, digest 11.1). Args: player, to, cards."""

    def decide(state, step):
        a = step.args
        p = a["player"]
        ch = [make_choice("move_add", {"card": i}, p, f"Also move {state.name(i)}", "group_add")
              for i in state._move_joiners(p, a)]
        ch.append(make_choice("move_done", {}, p, (f"Move {len(a['cards'])} units now" if len(a["cards"]) > 1 else f"Move {state.name(a['cards'][0])} alone now"), "group_done"))
        return Decision([p], "move_with", state.place_text(a["to"], "Add more units to this move to base, or move now",
                                                         "Add more units to this move to {battlefield}, or move now"), ch)

    def choose(state, step, choice, events):
        move = step.args
        if choice.kind == "move_add":
            move = dict(move, cards=move["cards"] + [choice.args["card"]])
            if state._move_joiners(move["player"], move):
                push(state, "move_with", **move)  # steps are never changed: a new one with the unit added
                return DONE
        state._move_finish(move, events)
        return DONE


def move_unit_refusal(state, p: int, u: int) -> str | None:
    """Why ``p`` may not begin a Standard Move with the unit ``u``, or None: a unit
    ``p`` controls on the board, ready to pay the move's cost of exhausting it
    (Core Rules v1.3 Standard Move, digest 11.1)."""
    if ZLOC.get(state.table.zone[u], (-1,))[0] != p:
        return "you can only move units you control that are on the board (Standard Move)."
    if state.table.orient[u]:
        return "an exhausted unit can't pay the Standard Move's cost of exhausting it (Standard Move)."
    return None


def move_refusal(state, p: int, args: dict) -> str | None:
    """Why ``p`` may not make the Standard Move ``args`` (a unit and its destination)
    now, or None: in a Neutral Open state, a unit that :func:`move_unit_refusal`
    allows, to one of its routes (``_move_dests``: base to battlefield, battlefield to
    base, battlefield to battlefield with Ganking; digest 11.1, 11.2)."""
    if state.showdown:
        return "a Standard Move is not possible during a showdown or combat (Standard Move)."
    if state.chain:
        return "a Standard Move needs a Neutral Open state; a chain exists (Standard Move)."
    d = state.decision
    if d is None or d.kind != "main_action" or p not in d.players:
        return "a Standard Move is made in your Main Phase, as your action (Standard Move)."
    t = state.table
    u, to = args.get("card"), args.get("to")
    known = isinstance(u, int) and 0 <= u < len(t.card)
    if known:
        why = move_unit_refusal(state, p, u)
        if why:
            return why
        if to == t.zone[u]:
            return "a move needs a destination other than the unit's own location (Standard Move)."
        w = ZLOC.get(to) if isinstance(to, str) else None
        if state.is_unit(u) and w is not None and w[0] == p and w[1] in state._move_dests(p, u):
            return None
    return "units move base to battlefield or battlefield to base; battlefield to battlefield needs Ganking (Standard Move)."
