"""The turn: its phases and steps in order (seed 'the six phases'; Core Rules v1.3
Turn structure, digest 7)."""

from __future__ import annotations

from tabletop.engine.core import MadeEvent

from ..board import WRITTEN, written
from tabletop.engine.procedure import AGAIN, DONE, Step

from ..rulebook import R_AWAKEN, R_BEGIN, R_CHANNEL, R_DRAW, R_END, R_HOLD, R_MAIN, R_POOL, R_TURN
from ..zones import ATT, LEGEND, LOCZ, N_ZONES, RUNES, ZLOC
from . import PROCS

PHASES = ("awaken", "beginning", "channel", "draw", "main", "ending")

# The turn in order: (where the turn is, the procedure that runs it). Each phase or step
# names the next; the Ending Phase's expiration step repeats while something went on the
# chain during it (Core Rules v1.3 Ending Phase 317.2.f). Every phase change makes a
# cleanup an outstanding task.
TURN_STRUCTURE = (
    ("awaken", "awaken_phase"),                 # phase 1: ready everything
    ("beginning", "beginning_step"),            # phase 2: start-of-turn effects
    ("scoring", "scoring_step"),                # phase 2: hold each battlefield you control
    ("channel", "channel_phase"),               # phase 3: channel 2 runes (3 on the second player's first turn)
    ("draw", "draw_phase"),                     # phase 4: draw 1, the pools empty
    ("main_start", "main_phase_start"),         # phase 5: the pools empty
    ("main", "main_phase"),                     # phase 5: the turn player acts (rules/main.py)
    ("ending", "ending_step"),                  # phase 6: stun wears off, end-of-turn effects
    ("expire", "expiration_step"),              # phase 6: heal, 'this turn' effects end, the pools empty
    ("expire_chk", "expiration_repeat_check"),  # phase 6: repeat the expiration step?
    ("next", "next_turn"),                      # the other player becomes the turn player
)
TURN_PROCEDURE = dict(TURN_STRUCTURE)
# The phases and steps that change nothing a cleanup looks at (rules/cleanup.py: points,
# damage and Might, which units and gear are at each battlefield, facedown cards, control,
# contested and staged battlefields, the chain, the running showdown): readying, runes
# channelled, a card drawn, pools emptied, stun wearing off, all units healed with the
# 'this turn' effects ending, the turn passing; triggers they queue are a task of their own,
# and putting triggers on the chain changes only the chain (a chain only skips steps 4, 8
# and 9). After one of them, a cleanup that follows a cleanup whose pass changed nothing has
# nothing to do (``cleanup_quiet``); the scoring step and a burn out say so when they score.
QUIET_STEPS = frozenset({"awaken_phase", "beginning_step", "scoring_step", "channel_phase", "draw_phase",
                         "main_phase_start", "ending_step", "expiration_step", "expiration_repeat_check", "next_turn",
                         "cleanup", "triggers_to_chain"})
# Likewise the choices that change nothing a cleanup looks at: ending the Main Phase;
# passing priority or focus; playing a card, using an ability and paying for either, as far
# as a spell or an ability going on the chain (runes paid, the card moved to the chain, the
# chain grown). What else they do says so itself: the chain's newest item resolving
# (ChainRules._resolve_top), a unit or gear played (Playing._play), an ability that resolves
# at once, spends a buff or kills its card (Playing._activate), Equip, Hide and Weaponmaster
# paid (PayCost.choose).
QUIET_CHOICES = frozenset({"end_turn", "pass", "play", "activate", "pay"})
_TABLE = PROCS.table
_new = object.__new__
# the running combat's step (the showdown's "stage") -> its procedure (rules/combat.py)
COMBAT_PROCEDURE = {"damage": "combat_damage", "assign_attackers": "damage_assignment", "assign_defenders": "damage_assignment",
                    "deal": "deal_damage"}


@PROCS.step("turn", rule=R_TURN)
def turn(state, step, ev):
    """The bottom of the step stack for the whole game: it does the outstanding tasks in
    HOT FEPR order until one is a decision: a cleanup, triggers waiting for the chain,
    priority while a chain exists, the running showdown (focus, or its end) or combat step,
    else the turn's next phase or step. A task that runs at once is run here from
    the procedure table (every event carries its rule where it is made: the processor
    never tags them, see rules/__init__.py); a decision is pushed as its own step
    and waits for its player, as does a special decision a task pushes. Every change of the
    points makes a cleanup due, whose first step is the win check, so the game ends there
    (and the processor checks again after this step)."""
    steps = state.steps
    tasks = _TASKS or _index_tasks()
    while True:
        # the next outstanding task, in HOT FEPR order (Core Rules v1.3 Chain, digest 9.2)
        if state.cleanup_due:
            if state.cleanup_quiet:  # its pass would change nothing (rules/cleanup.py, cleanup)
                state.cleanup_due = False
                continue
            task = "cleanup"
        elif state.pending_triggers:
            task = "triggers_to_chain"
        elif state.chain:
            task = "priority"
        elif state.showdown:  # its focus, its end, or the running combat's step
            stage = state.showdown["stage"]
            if stage == "focus":
                task = "showdown_end" if state.showdown["passes"] >= 2 else "focus"
            else:
                task = COMBAT_PROCEDURE[stage]
        else:  # the turn's next phase or step
            task = TURN_PROCEDURE[state.turn_step]
        run, quiet = tasks[task]
        if run is None:  # a decision: push(state, task), without its call
            s = _new(Step)
            s.proc = task
            s.stage = 0
            s.args = {}
            steps.append(s)
            return AGAIN
        run(state, step, ev)
        if not quiet:
            state.cleanup_quiet = False
        if state.outcome is not None or steps[-1] is not step:
            return AGAIN  # the game is over, or the task pushed a decision


# each procedure the turn runs as a task: (what runs it at once, None for a decision;
# whether it is one of QUIET_STEPS), made once every procedure is registered
_TASKS: dict = {}


def _index_tasks() -> dict:
    for name, proc in _TABLE.items():
        _TASKS[name] = (None if proc.decide is not None else proc.run, name in QUIET_STEPS)
    return _TASKS


@PROCS.step("awaken_phase", rule=R_AWAKEN)
def awaken_phase(state, step, ev):
    """Awaken: ready everything you control (digest 7.1)."""
    p = state.active
    state.cleanup_due = True
    state._ev(ev, "phase.begin", f"Turn {state.turn_number}: {state.names[p]}'s Awaken Phase", R_AWAKEN, phase="awaken", player=p)
    state._awaken(p, ev)
    state.turn_step = "beginning"
    return DONE


@PROCS.step("beginning_step", rule=R_BEGIN)
def beginning_step(state, step, ev):
    """Beginning Phase, beginning step: start-of-turn triggers (digest 7.2)."""
    p = state.active
    state.cleanup_due = True
    state._ev(ev, "phase.begin", f"{state.names[p]}'s Beginning Phase", R_BEGIN, phase="beginning", player=p)
    state._ev(ev, "step.begin", "Beginning step: start-of-turn effects", R_BEGIN, step="beginning")
    state._queue_on(p, "turn_start")
    state.turn_step = "scoring"
    return DONE


@PROCS.step("scoring_step", rule=R_HOLD)
def scoring_step(state, step, ev):
    """Beginning Phase, scoring step: hold each battlefield you control (digest 14.2)."""
    p = state.active
    state.cleanup_due = True
    state._ev(ev, "step.begin", "Scoring step: hold each battlefield you control", R_HOLD, step="scoring")
    for b in (0, 1):
        if state.battlefield_controller[b] == p:
            state.cleanup_quiet = False  # a point scored: the win check looks at it
            state._score(p, b, "hold", ev)
    state.turn_step = "channel"
    return DONE


@PROCS.step("channel_phase", rule=R_CHANNEL)
def channel_phase(state, step, ev):
    """Channel 2 runes; the second player channels 3 on their first turn (digest 6.8, 7.3)."""
    p = state.active
    state.cleanup_due = True
    state._ev(ev, "phase.begin", f"{state.names[p]}'s Channel Phase", R_CHANNEL, phase="channel", player=p)
    n = 3 if (p != state.first and not state.channeled[p]) else 2
    state.channeled[p] = True
    state.channel(p, n, False, ev, R_CHANNEL)
    state.turn_step = "draw"
    return DONE


@PROCS.step("draw_phase", rule=R_DRAW)
def draw_phase(state, step, ev):
    """Draw 1 (digest 7.4). The digest also empties the rune pools at the end of the Draw
    Phase (166, 315.4.c-d); the seed empties them as the Main Phase begins, "the first of
    the two times a turn" (phase 5), which is the same moment: ``main_phase_start`` does it
    once."""
    p = state.active
    state.cleanup_due = True
    state._ev(ev, "phase.begin", f"{state.names[p]}'s Draw Phase", R_DRAW, phase="draw", player=p)
    state.draw(p, 1, ev, R_DRAW)
    state.turn_step = "main_start"
    return DONE


@PROCS.step("main_phase_start", rule=R_MAIN)
def main_phase_start(state, step, ev):
    """The Main Phase begins; the rune pools empty, the first of the two times a turn (seed
    phase 5: 「Main Phaseは、何かを捨てるところから始まります。全プレイヤーのルーンプールが空になり」;
    digest 5.5, 7.5)."""
    p = state.active
    state.cleanup_due = True
    state._ev(ev, "phase.begin", f"{state.names[p]}'s Main Phase", R_MAIN, phase="main", player=p)
    state._empty_pools(ev, "at the start of the Main Phase")
    state.turn_step = "main"
    return DONE


@PROCS.step("ending_step", rule=R_END)
def ending_step(state, step, ev):
    """Ending Phase, ending step: stun wears off, end-of-turn triggers (digest 7.6, 15)."""
    p = state.active
    state.cleanup_due = True
    state._ev(ev, "phase.begin", f"{state.names[p]}'s Ending Phase", R_END, phase="ending", player=p)
    state._ev(ev, "step.begin", "Ending step: end-of-turn effects", R_END, step="ending")
    counters = state.table.counters
    stunned = False
    for c in counters.values():  # a loop: a few cards have counters
        if "stun" in c:
            stunned = True
            break
    for u in state.all_units() if stunned else ():  # stun wears off at the start of the Ending step (digest 15)
        if state.counter(u, "stun"):
            state.set_counter(u, "stun", 0)
            state._ev(ev, "counter.change", f"{state.name(u)} is no longer stunned", R_END, card=u, counter="stun",
                      delta=-1, value=0)
    state._queue_on(p, "turn_end")
    state.turn_step = "expire"
    return DONE


@PROCS.step("expiration_step", rule=R_END)
def expiration_step(state, step, ev):
    """Ending Phase, expiration step (TurnRules._expiration_step)."""
    state.cleanup_due = True
    state._expiration_step(ev)
    state.turn_step = "expire_chk"
    return DONE


@PROCS.step("expiration_repeat_check", rule=R_END)
def expiration_repeat_check(state, step, ev):
    """Ending Phase: the expiration step repeats if anything went on the chain (317.2.f)."""
    state.cleanup_due = True
    state._expiration_repeat_check(ev)
    return DONE


@PROCS.step("next_turn", rule=R_END)
def next_turn(state, step, ev):
    """The turn passes: the other player becomes the turn player."""
    p = state.active
    state.cleanup_due = True
    state.turn_number += 1
    state.active = 1 - p
    state.scored = [0, 0]
    state.played = [0, 0]
    state._ev(ev, "turn.next", f"{state.names[1 - p]} becomes the turn player", R_END, player=1 - p, turn=state.turn_number)
    state.turn_step = "awaken"
    return DONE


class TurnRules:
    """What the phases do to the board: readying, healing, pools emptying (digest 7). RBState mixin."""

    __slots__ = ()

    def _expiration_step(self, ev: list) -> None:
        """Ending Phase, expiration step (seed phase 6: all units heal, every 'this turn' effect
        ends at the same time, both rune pools empty for the second time; Core Rules v1.3
        Ending Phase 317.2, digest 7.6). Healing here can trigger ("when I'm healed"); such
        triggers go through HOT FEPR before the step is checked for a repeat."""
        self.chain_items_at_expiration = self.chain_items_made
        self._ev(ev, "step.begin", "Expiration step: heal all units, end 'this turn' effects, empty pools", R_END,
                 step="expiration")
        healed = self._heal_all()
        self._ev(ev, "ending.heal", f"All units heal ({len(healed)} damaged)", R_END, cards=healed)
        if self.this_turn_effects:
            self.this_turn_effects = []
        self._ev(ev, "ending.expire", "'This turn' effects end", R_END)
        self._empty_pools(ev, "at the end of the turn")
        self.cleanup_due = True

    def _expiration_repeat_check(self, ev: list) -> None:
        """If anything went through HOT FEPR during the expiration step (a chain item was
        added), the step is repeated, so 'this turn' effects created meanwhile end too
        (Core Rules v1.3 Ending Phase 317.2.f, digest 7.6); otherwise the turn passes."""
        if self.chain_items_made != self.chain_items_at_expiration:
            self._ev(ev, "ending.repeat", "Something went on the chain during the expiration step: the step repeats",
                     R_END)
            self.turn_step = "expire"
        else:
            self.turn_step = "next"

    def _heal_all(self) -> list:
        """Heal every unit (Ending Phase, combat cleanup 3c); queues "when I'm healed" triggers."""
        counters = self.table.counters
        healed = []
        for c in counters.values():  # a loop: a few cards have counters
            if "dmg" in c:
                for u in self.all_units():
                    if self.counter(u, "dmg"):
                        healed.append(u)
                break
        for u in healed:
            self.set_counter(u, "dmg", 0)
            w = ZLOC[self.table.zone[u]]
            self._queue_card(u, "healed", w[0], w[1], self.played[w[0]] >= 1)
        return healed

    def _awaken(self, p: int, ev: list) -> None:
        """Awaken: ready everything you control: units, gear, runes, legend (digest 7.1)."""
        t = self.table
        zones, orient, db, card = t.zones, t.orient, self.card_db, t.card
        attached = len(zones) > N_ZONES  # some card is attached (its att.<unit> zone is there)
        here = LOCZ[p]
        for z in (RUNES[p], here[0], here[1], here[2], LEGEND[p]):
            for i in zones[z]:
                if orient[i]:
                    # t.set_orient(i, 0, caption, R_AWAKEN), without its two calls: a turn readies
                    # every rune and unit used in the last one
                    orient[i] = 0
                    e = MadeEvent()
                    e.kind = "card.turn"
                    nm = db[card[i]]["name"]
                    e.caption = WRITTEN.get(("{card} readies", nm)) or written(("{card} readies", nm), "{card} readies", card=nm)
                    e.rule = R_AWAKEN
                    e.data = {"card": i, "orient": "upright"}
                    e.hidden_from = ()
                    e.public = None
                    ev.append(e)
                att = attached and zones.get(ATT[i] if i < 512 else f"att.{i}")  # zones.att, without its call
                if att:
                    for g in att:
                        if t.orient[g]:
                            ev.append(t.set_orient(g, 0, "{card} readies".format(card=db[card[g]]["name"]), R_AWAKEN))

    def _empty_pools(self, ev: list, when: str) -> None:
        for q in (0, 1):
            self.pool[q] = [0] * 7
        self._ev(ev, "pool.empty", f"Both rune pools empty {when}", R_POOL)
