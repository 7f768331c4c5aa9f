"""Showdowns: staged, begun, focus passed, ended (Core Rules v1.3 Showdowns, digest 12)."""

from __future__ import annotations

from tabletop.engine.core import Choice
from tabletop.engine.procedure import DONE

from ..rulebook import R_CLEAN, R_COMBAT, R_FOCUS, R_SD
from .main import take_action
from . import ONE_PLAYER, PROCS, QuickDecision

# choices that never change, made once (a decision lists the same objects each time)
_PASS = tuple(Choice("pass", {}, p, "Pass focus", role="pass") for p in (0, 1))
# (the Focus decision's prompt, the battlefield's name) -> the prompt written
_PROMPTS: dict = {}


class Showdowns:
    """A showdown begins (the contesting player gains focus) and ends when every player
    passed focus in a row, a lone player with units then conquering (digest 12). RBState mixin."""

    __slots__ = ()

    def _start_showdown(self, b: int, ev: list) -> None:
        """A staged showdown begins; the player who applied Contested gets Focus (digest 12.2).
        With a combat staged there it opens as a combat showdown (digest 10 step 8a)."""
        att = self.contested[b]
        if att < 0:
            att = self.active
        combat = self.staged_combat[b]
        self.staged_showdown[b] = False
        self.staged_combat[b] = False
        self.showdown = {"battlefield": b, "combat": False, "attacker": att, "passes": 0, "stage": "focus", "seen": [],
                         "assignments": [], "left": 0,
                   "totals": [0, 0]}
        self.focus = att
        self.priority = att
        self._ev(ev, "cleanup.start_showdown", f"Showdown at {self.bf_name(b)}: {self.names[att]} gains focus", R_SD, bf=b, player=att)
        if combat:
            self._ev(ev, "cleanup.start_combat", f"Combat at {self.bf_name(b)}", R_CLEAN, bf=b)
            self._begin_combat(ev)

    def _showdown_over(self, ev: list) -> None:
        """Every player passed focus in a row: the showdown ends (digest 12.5). A combat goes
        on to Combat Damage; otherwise a lone player with units establishes control (Conquer)."""
        showdown = self.showdown
        b = showdown["battlefield"]
        if showdown["combat"]:
            showdown["stage"] = "damage"
            self._ev(ev, "combat.showdown_end", "The combat showdown ends: combat damage", R_COMBAT, bf=b)
            return
        self._ev(ev, "showdown.end", f"The showdown at {self.bf_name(b)} ends", R_SD, bf=b)
        have = [q for q in (0, 1) if self.units_at(q, b)]
        self.showdown = {}
        self.focus = -1
        self.priority = -1
        self.contested[b] = -1
        if len(have) == 1 and self.battlefield_controller[b] != have[0]:
            q = have[0]
            self.battlefield_controller[b] = q
            self._ev(ev, "battlefield.control", f"{self.names[q]} establishes control of {self.bf_name(b)}", R_SD, bf=b, player=q)
            self._score(q, b, "conquer", ev)
        self.cleanup_due = True


@PROCS.decision("focus", rule=R_FOCUS)
class Focus:
    """Showdown Open: the player with focus plays an Action or Reaction, or passes focus; when
    every player passed in a row the showdown ends (seed 'Focus'; Core Rules v1.3 Focus,
    digest 12.3-12.5)."""

    def decide(state, step):
        p = state.focus
        ch = state._act_choices(p, "focus")
        ch.append(_PASS[p])
        kind = "combat" if state.showdown["combat"] else "showdown"
        prompt = ("Focus in the combat at {battlefield}: play an Action/Reaction or pass (Showdown Open)" if kind == "combat"
                  else "Focus in the showdown at {battlefield}: play an Action/Reaction or pass (Showdown Open)")
        d = QuickDecision()  # Decision([p], "focus", prompt, ch), without its __init__
        d.players = ONE_PLAYER[p]
        d.kind = "focus"
        # the same words each time for the same battlefield (written once)
        at = state.bf_name(state.showdown['battlefield'])
        text = _PROMPTS.get((prompt, at))
        if text is None:
            if len(_PROMPTS) > 1000:
                _PROMPTS.clear()
            text = _PROMPTS[prompt, at] = prompt.format(battlefield=at)
        d.prompt = text
        d.choices = ch
        return d

    def choose(state, step, choice, events):
        return take_action(state, choice, events)


@PROCS.step("showdown_end", rule=R_SD)
def showdown_end(state, step, ev):
    """Every player passed focus in a row: the showdown ends (Showdowns._showdown_over)."""
    state._showdown_over(ev)
    return DONE
