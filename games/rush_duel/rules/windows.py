"""Trap timings (seed 3.2.5; digest 1.F rules 26-28): after an attack declaration, a
summon or a card's effect, the non-turn player and then the turn player may activate
one set trap. Procedure ``trap_window``; its stage is who is asked (0: the non-turn
player, 1: the turn player)."""

from __future__ import annotations

from tabletop.engine.core import Choice, Decision, make_event
from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..effects import F_SETTURN
from ..zones import Z, quiet
from .choices import OnePlayerDecision, effect_choice
from .procedures import PROCS, push

TIMING_WORDS = {"attack": "the attack declaration", "summon": "the summon", "effect": "the last card's effect"}

#: a choice that never changes, made once (a decision lists the same object each time)
_PASS = tuple(Choice("pass", {}, p, "Don't activate a trap", role="pass") for p in (0, 1))
#: each player's Spell & Trap Zone, and the row with no card in it
_SPELL_ZONE = (Z[0]["spell"], Z[1]["spell"])
_EMPTY_ROW = [None, None, None]


class TrapWindows:
    """Mixin of RushState: opening a trap timing and answering it."""

    #: the trap timing _open_window_next just opened, whose stage already names the
    #: player to ask (not a field: it is read by the step's run, at once, never saved)
    _window_asked = None

    def _open_window(self, timing: str, by: int, events: list, **context) -> None:
        """Open a trap timing (seed 3.2.5): ``timing`` is "attack" (with ``attacker``
        and ``damage_step``, the stack index of its Damage Step), "summon" (with
        ``summoned``) or "effect" (with ``source``); ``by`` is who caused it."""
        push(self, "trap_window", timing=timing, by=by, **context)

    def _trap_may_answer(self, timing: str) -> bool:
        """Is there, in either Spell & Trap Zone, a face-down trap of this timing set
        before this turn? trap_options offers no other: without one, no one is asked."""
        t = self.table
        zones = t.zones
        rows = zones[_SPELL_ZONE[0]], zones[_SPELL_ZONE[1]]
        if rows[0] == _EMPTY_ROW and rows[1] == _EMPTY_ROW:
            return False  # no card set in a Spell & Trap Zone
        face, card, triggers, flags = t.face, t.card, self.memo.triggers, self.card_flags
        for row in rows:
            for i in row:
                if i is None or face[i]:
                    continue
                trig = triggers[card[i]]
                if trig is not None and trig[0] == timing and not flags.get(i, 0) & F_SETTURN:
                    return True
        return False

    def _open_window_next(self, timing: str, by: int, events: list, **context) -> None:
        """Open a trap timing that is the next step to run (nothing happens between
        this and its run): when neither player has a trap that can answer it, no one
        is asked (``trap_window`` would close at once), so it is not opened at all."""
        if not self._trap_may_answer(timing):
            return
        window = {"timing": timing, "by": by, **context}
        if self.trap_options(1 - self.active, window):
            stage = 0  # the non-turn player is asked first (seed 3.2.5)
        elif self.trap_options(self.active, window):
            stage = 1  # the non-turn player has no trap that answers it: the turn player is asked
        else:
            return
        # the step runs next, over the same duel: its run need not look for traps again
        self._window_asked = push(self, "trap_window", stage, timing=timing, by=by, **context)

    def _asked(self, step) -> int:
        """The player asked at this stage of a trap timing (seed 3.2.5)."""
        return (1 - self.active, self.active)[step.stage]

    def _trap_decision(self, step) -> Decision:
        """Ask the next player at this trap timing: the non-turn player first, then
        the turn player (seed 3.2.5)."""
        q = self._asked(step)
        ch = []
        for i, tg, mode in self.trap_options(q, step.args):
            ch.append(effect_choice(self, self.card_data(i), "activate_trap", "activate", self.name(i), {"card": i}, q,
                                    mode, tg))
        ch.append(_PASS[q])
        ch.append(self._surrender(q))
        what = TIMING_WORDS[step.args["timing"]]
        return OnePlayerDecision([q], "trap_response", f"{self.names[q]}: activate a trap in answer to {what}?", ch)

    def _do_activate_trap(self, p: int, a: dict, window: dict, events: list) -> None:
        """Activate a set trap at a matching timing: one trap per timing, so the
        window closes; the non-turn player is asked first (seed 3.2.5; digest 1.F rule 27)."""
        iid = a["card"]
        # one line in the log: the flip says nothing, the activation says it all
        events.append(quiet(self.table.set_face(iid, 1, rule="seed 3.2.5")))
        events.append(make_event("trap.activate", f"{self.names[p]} activates the trap {self.name(iid)}",
                               "seed 3.2.5 (one trap per timing)", {"card": iid, "player": p}))
        context = {"attacker": window.get("attacker"), "summoned": window.get("summoned"),
                   "damage_step": window.get("damage_step")}
        self._start_effect(p, iid, a.get("mode"), a.get("target"), events, context)


@PROCS.decision("trap_window", rule="Trap timing (seed 3.2.5; digest 1.F rules 26-28)")
class TrapWindow:
    """A trap timing: a player with no trap that can answer it is not asked."""

    def run(state, step, events):
        if state._window_asked is step:  # opened by _open_window_next: its stage asks a player with a trap
            state._window_asked = None
            return WAIT
        order = (1 - state.active, state.active)  # the non-turn player first (seed 3.2.5)
        while step.stage < 2 and not state.trap_options(order[step.stage], step.args):
            step.stage += 1
        return WAIT if step.stage < 2 else DONE

    def decide(state, step):
        return state._trap_decision(step)

    def choose(state, step, choice, events):
        if choice.kind == "activate_trap":
            state._do_activate_trap(choice.player, choice.args, step.args, events)
            return DONE
        # "pass": the turn player is asked next if it was the non-turn player (seed 3.2.5)
        step.stage += 1
        events.append(make_event("trap.pass", f"{state.names[choice.player]} activates no trap", "seed 3.2.5",
                                {"player": choice.player}))
        return AGAIN
