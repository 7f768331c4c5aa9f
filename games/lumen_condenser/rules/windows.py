"""The Lumen phase (seed 5.1) and the ability windows of the Lumen and
Recovery phases: from the priority holder, players alternate one ability
(a trait ability or a special technique of the side deck) or a pass, until
both pass in a row (seed 3.2)."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_choice
from tabletop.engine.procedure import DONE, WAIT

from ..captions import writers
from ..effects import apply_effect, condition_holds, conflicts, effect_text
from ..zones import BATTLE, SIDE
from .breaks import break_card
from .decision import LumenDecision
from .procedures import PROCS, push

# choices that never change, made once (a decision lists the same objects each time)
_PASS = tuple(Choice("pass", {}, p, "Pass", role="pass") for p in (0, 1))

WINDOW_RULES = {"lumen": "seed 5.1", "recovery": "seed 5.5"}

# what each timing's window says, as whole sentences ("elsewhere": an ability
# of this timing asked for in the other one)
SAYS = {
    "lumen": {
        "none": "No lumen-phase ability can be used",
        "tie": "Priority is tied and both have lumen-phase abilities: the lumen timing is skipped",
        "first": "{player} acts first in the lumen timing (holds priority)",
        "first_tied": "{player} acts first in the lumen timing (priority tied; only they can act)",
        "done": "Both players are done with the lumen timing",
        "prompt": "Lumen phase: use an ability or pass",
        "trait_elsewhere": "that trait ability is used in the lumen phase, not the recovery phase ({rule})",
        "special_elsewhere": "{card} is used in the lumen phase, not the recovery phase (digest B.1 rule 4)",
    },
    "recovery": {
        "none": "No recovery-phase ability can be used",
        "tie": "Priority is tied and both have recovery-phase abilities: the recovery timing is skipped",
        "first": "{player} acts first in the recovery timing (holds priority)",
        "first_tied": "{player} acts first in the recovery timing (priority tied; only they can act)",
        "done": "Both players are done with the recovery timing",
        "prompt": "Recovery phase: use an ability or pass",
        "trait_elsewhere": "that trait ability is used in the recovery phase, not the lumen phase ({rule})",
        "special_elsewhere": "{card} is used in the recovery phase, not the lumen phase (digest B.1 rule 4)",
    },
}
WINDOW_KINDS = {timing: timing + ".window" for timing in SAYS}  # a window's event kind
# a window's data, and its priority check's by the player who acts first (made once: an event's data is read,
# never changed)
WINDOW_DATA = {timing: ("timing", timing) for timing in SAYS}
FIRST_DATA = {timing: tuple(("player", p, "timing", timing) for p in (0, 1)) for timing in SAYS}
WRITE_FIRST = {timing: writers({k: says[k] for k in ("first", "first_tied")}) for timing, says in SAYS.items()}
# a trait ability used: with its cost paid, or free
USES = "{player} uses {trait}"
USES_PAYING = "{player} uses {trait}, paying {cost} {counter}"


@PROCS.step("lumen_phase", rule="Lumen phase (seed 5.1)")
def lumen_phase(state, step, events):
    """Seed 5.1: from the priority holder, each checks whether to use
    Lumen-phase abilities; a priority tie skips the timing (seed 3.2)."""
    state.phase = "lumen"
    state.battle_step = ""
    state.told("phase.begin", "Lumen phase", "seed 5.1", ("phase", "lumen"))  # its data written when read
    open_window(state, "lumen", "seed 5.1")
    return DONE


def _trait_refusal(state, p: int, i: int, e: dict, timing: str) -> str | None:
    rule = WINDOW_RULES[timing]
    if e["timing"] != timing:
        return SAYS[e["timing"]]["trait_elsewhere"].format(rule=rule)
    if state.abilities_used[p] & (1 << i):
        return f"that trait ability has already been used this turn ({rule})"
    if e.get("cost", 0) > state.trait_counters[p]:
        return f"that trait ability costs {e['cost']} {state.char(p).counter_name} ({rule})"
    if not condition_holds(state, p, e) or conflicts(state, p, e):
        return f"that trait ability's condition is not met now ({rule})"
    return None


def _special_refusal(state, p: int, t, timing: str) -> str | None:
    if not t.special:
        return f"{t.name} is not a special technique: only special techniques are used from the side deck " \
               "(digest B.1 rule 4)"
    if t.timing != timing:
        return SAYS[t.timing]["special_elsewhere"].format(card=t.name)
    for e in t.effects_at.get("use", ()):
        if not condition_holds(state, p, e) or conflicts(state, p, e):
            return f"the condition of {t.name} is not met now ({WINDOW_RULES[timing]})"
    return None


def ability_refusal(state, p: int, timing: str, args: dict) -> str | None:
    """Why ``p`` may not use this ability in the ``timing`` window, or None:
    a trait ability of that timing, once per turn, its cost paid from the
    trait counters and its condition met (seed 5.1, 5.5); or a special
    technique of that timing in p's own side deck (digest B.1 rule 4)."""
    if "ability" in args:
        i = args["ability"]
        ab = state.char(p).abilities
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(ab):
            return f"your trait has no such ability ({WINDOW_RULES[timing]})"
        return _trait_refusal(state, p, i, ab[i], timing)
    iid = args.get("card")
    if not isinstance(iid, int) or isinstance(iid, bool) or not 0 <= iid < len(state.table.card) \
            or state.table.zone[iid] != SIDE[p]:
        return "a special technique is used from your own side deck (digest B.1 rule 4)"
    return _special_refusal(state, p, state.tech(iid), timing)


def abilities(state, p: int, timing: str, first: bool = False) -> list[dict]:
    """Lumen/Recovery-phase abilities ``p`` may use now (:func:`ability_refusal`):
    the trait's abilities (once per turn, paying counters) and special
    techniques in the side deck (digest B.1 rule 4: used through their
    timing, then broken). With ``first``, only the first one found (enough
    to know whether there is any)."""
    out = []
    for i, e in enumerate(state.char(p).abilities):
        if _trait_refusal(state, p, i, e, timing) is None:
            out.append({"ability": i})
            if first:
                return out
    techs = state.card_db.techs
    cards = state.table.card
    for iid in state.table.zones[SIDE[p]]:
        t = techs[cards[iid]]
        if t.special and _special_refusal(state, p, t, timing) is None:  # (not special: refused at once)
            out.append({"card": iid})
            if first:
                return out
    return out


def has_ability(state, p: int, timing: str) -> bool:
    """Whether ``p`` has any ability to use in the ``timing`` window:
    ``abilities(state, p, timing, first=True)`` as a yes or no, with the
    refusals' tests written out (no refusal worded)."""
    db = state.card_db
    ch = db.chars[state.characters[p]]
    if timing in ch.ability_timings:
        used = state.abilities_used[p]
        for i, e in enumerate(ch.abilities):
            if (e["timing"] == timing and not used & (1 << i) and e.get("cost", 0) <= state.trait_counters[p]
                    and condition_holds(state, p, e) and not conflicts(state, p, e)):
                return True
    techs = db.techs
    cards = state.table.card
    for iid in state.table.zones[SIDE[p]]:
        t = techs[cards[iid]]
        if t.special_at == timing:  # a special technique of this timing
            for e in t.effects_at.get("use", ()):
                if not condition_holds(state, p, e) or conflicts(state, p, e):
                    break
            else:
                return True
    return False


def open_window(state, timing: str, rule: str) -> None:
    """Seed 3.2: actions at a shared timing go one at a time from the
    priority holder, alternating; with tied priority the timing is skipped
    when both have something to do at it (seed 8 example)."""
    has0 = has_ability(state, 0, timing)
    has1 = has_ability(state, 1, timing)
    if not has0 and not has1:
        state.told(WINDOW_KINDS[timing], SAYS[timing]["none"], rule, WINDOW_DATA[timing])  # its data written when read
        return
    pr = state.priority()
    if pr is None and has0 and has1:
        state.event("priority.tie_skip", SAYS[timing]["tie"], "seed 3.2", {"timing": timing})
        return
    first = pr if pr is not None else (0 if has0 else 1)
    says = WRITE_FIRST[timing]["first" if pr is not None else "first_tied"]
    state.told("priority.check", (says, state.names[first]), "seed 3.2",  # its caption and data written when read
               FIRST_DATA[timing][first])
    push(state, ("ability_window", {"timing": timing, "player": first, "passes": 0}))


def _pass(state, args: dict, p: int) -> None:
    passes = args["passes"] + 1
    if passes >= 2:
        timing = args["timing"]
        # its data written when read
        state.told(WINDOW_KINDS[timing], SAYS[timing]["done"], "seed 3.2", WINDOW_DATA[timing])
        return
    push(state, ("ability_window", {"timing": args["timing"], "player": 1 - p, "passes": passes}))


@PROCS.decision("ability_window", rule="Ability timing (seed 3.2)")
class AbilityWindow:
    """One player's turn in a Lumen or Recovery window: use an ability or
    pass; a player with nothing to use passes at once."""

    @staticmethod
    def run(state, step, events):
        p = step.args["player"]
        if has_ability(state, p, step.args["timing"]):
            return WAIT
        _pass(state, step.args, p)
        return DONE

    @staticmethod
    def decide(state, step):
        p = step.args["player"]
        timing = step.args["timing"]
        techs = state.card_db.techs
        ch = []
        ab = state.char(p).abilities
        for a in abilities(state, p, timing):
            if "ability" in a:
                e = ab[a["ability"]]
                ch.append(make_choice("ability", a, p, f"Use {state.char(p).trait}: {effect_text(e)}"))
            else:
                ch.append(make_choice("ability", a, p, f"Use {techs[state.table.card[a['card']]].name}"))
        ch.append(_PASS[p])
        return LumenDecision.of(p, f"{timing}_ability", SAYS[timing]["prompt"], ch)

    @staticmethod
    def choose(state, step, c, events):
        """Seed 5.1 / 5.5: use one ability, then the other player may act."""
        p = c.player
        timing = step.args["timing"]
        if c.kind == "pass":
            _pass(state, step.args, p)
            return DONE
        rule = WINDOW_RULES[timing]
        # then the other player may act (pushed first: a break's refill of the
        # List, seed 3.3, runs before it); the HP check runs once this choice is applied
        push(state, ("ability_window", {"timing": timing, "player": 1 - p, "passes": 0}))
        if "ability" in c.args:
            i = c.args["ability"]
            e = state.char(p).abilities[i]
            state.abilities_used[p] |= 1 << i
            cost = e.get("cost", 0)
            ch = state.char(p)
            says = USES_PAYING if cost else USES
            state.event("ability.use", says.format(player=state.names[p], trait=ch.trait, cost=cost,
                                                  counter=ch.counter_name), rule, {"player": p})
            if cost:
                apply_effect(state, p, {"do": "charge", "amount": -cost}, -1, trait=True)
            apply_effect(state, p, e, -1, trait=True)
        else:
            iid = c.args["card"]
            t = state.tech(iid)
            state.event("ability.use", f"{state.names[p]} uses the special technique {t.name}", rule,
                        {"player": p, "card": iid})
            state.move(iid, BATTLE[p], 1, f"{t.name} comes out of {state.names[p]}'s side deck", "digest B.1 rule 4")
            for e in t.effects_at.get("use", ()):
                apply_effect(state, p, e, iid)
            break_card(state, iid, "digest B.1 rule 4 (a special technique is broken after use)")
        return DONE
