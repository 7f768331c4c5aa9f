"""The faction phase (seed 4.2): each faction's active character is checked
once, in the order E.G.O., Arayashiki, WIZ-DOM, Darklore, Eraser; an
aggressive (▼) one attacks its own owner, after a window in which fast cards
and effects may be used (seed 4.3 ⑤⑥). After the last check a window opens,
the turn player first, so fast cards and effects can be used in every
faction phase, ▼ attack or not (seed 4.3 ⑤ 「세력 페이즈에도 사용 가능」,
⑥ 「세력 페이즈와 메인 페이즈라면 아무때나」; windows.py)."""

from __future__ import annotations

from tabletop.engine.core import make_event
from tabletop.engine.procedure import AGAIN, DONE

from ..board import FACTION_STACKS, LAST_KINDS, card_kinds, given_by_permanent
from ..carddb import FACTION_NAMES, FACTIONS
from .attack import start_attack
from .procedures import PROCS
from .turn import open_phase
from .windows import open_window

RULE = "seed 4.2 faction phase"


# what a faction check says: of a faction without an active character, and (by faction,
# then name, written once) of its active character's check and pass
_NONE = {f: f"{FACTION_NAMES[f]}: no active character" for f in FACTIONS}
_SAID: dict = {f: {} for f in FACTIONS}  # [faction][name] -> (check, pass)


# what a faction's check and pass carry, by player, faction and active character (None: none),
# made once: an event's data is read, never changed, so the same data is one dict
_DATA: tuple = tuple({f: {} for f in FACTIONS} for _ in (0, 1))  # [player][faction][card] -> data


def _data(p: int, f: str, a) -> dict:
    kept = _DATA[p][f]
    if len(kept) > 1_000:
        kept.clear()
    d = kept[a] = {"faction": f, "player": p, "card": a}
    return d


def _said(f: str, name: str) -> tuple:
    kept = _SAID[f]
    if len(kept) > 1_000:
        kept.clear()
    said = kept[name] = (f"{FACTION_NAMES[f]}: checking {name}", f"{name} is not aggressive: {FACTION_NAMES[f]} passes")
    return said


@PROCS.step("faction_check", rule="Faction phase (seed 4.2)")
def faction_check(state, step, events):
    """Check the factions from ``index`` on, in order; at an aggressive active
    the step pushes the window and the attack and comes back to the next
    faction after them; after the last, the phase's closing window."""
    if step.stage:
        open_phase(state, step, events, "faction")
    p = state.active
    i = step.args["index"]
    table = state.table
    zones, stacks, db, card, face = table.zones, FACTION_STACKS[p], state.db, table.card, table.face
    kinds = LAST_KINDS[1] if LAST_KINDS[0] is db else card_kinds(db)
    aggressive, granting = kinds.printing.get("aggressive", ()), kinds.granting.get("aggressive", ())
    mods = state.modifiers
    kept = _DATA[p]
    # the faction being checked (``faction_index``) is set as the step stops: nothing the
    # loop calls reads it
    for i in range(i, len(FACTIONS)):
        f = FACTIONS[i]
        z = zones[stacks[i]]
        if not z:
            data = kept[f].get(None) or _data(p, f, None)
            events.append(make_event("faction.check", _NONE[f], RULE, data))
            continue
        a = z[-1]  # the faction's active character
        name = db[card[a]]["name"]
        said = _SAID[f].get(name)
        if said is None:
            said = _said(f, name)
        data = kept[f].get(a) or _data(p, f, a)
        events.append(make_event("faction.check", said[0], RULE, data))
        # not printed, nor given this turn: only a face-up permanent under it that gives it could
        if card[a] in aggressive or mods or granting and given_by_permanent(a, granting, zones, face, card):
            aggr = state.skill(a, "aggressive")
        else:
            aggr = 0
        if aggr:
            events.append(make_event("faction.aggressive", f"{name} is aggressive (▼): before it attacks, fast cards and "
                            "effects may be used", "seed 4.3 ⑤⑥ (fast cards and effects in the faction phase)",
                            data))
            step.args["index"] = i + 1  # the next faction, checked after the attack
            state.faction_index = i
            state.push("aggressive_attack", index=i, card=a)
            open_window(state, "faction", p, what=name)
            return AGAIN
        events.append(make_event("faction.pass", said[1], RULE, data))
    state.faction_index = len(FACTIONS)
    open_window(state, "faction_end", p)
    return DONE


@PROCS.step("aggressive_attack", rule="Faction phase: the aggressive (▼) attack (seed 4.2)")
def aggressive_attack(state, step, events):
    """The ▼ attack of a faction's active character on its own owner (seed 4.2),
    after the window in which fast cards and effects could be used (seed 4.3 ⑤⑥).
    A character that is no longer that faction's active, or no longer
    aggressive, does not attack."""
    i, a = step.args["index"], step.args["card"]
    p = state.active
    f = FACTIONS[i]
    if state.active_of(p, f) != a or not state.skill(a, "aggressive"):
        now = state.active_of(p, f)
        if now == a:
            said = f"{state.name_of(a)} is no longer aggressive: {FACTION_NAMES[f]} does not attack"
        else:
            said = f"{state.name_of(a)} is no longer the active character: {FACTION_NAMES[f]} does not attack"
        events.append(make_event("faction.pass", said, RULE,
                        {"faction": f, "player": p, "card": a}))
        return DONE
    atk = state.stat(a, "attack")
    events.append(make_event("faction.attack", f"{state.name_of(a)} is aggressive (▼) and attacks its owner for {atk}", RULE,
                    {"faction": f, "player": p, "card": a, "attack": atk}))
    start_attack(state, a, p, "player", faction=True, events=events)
    return DONE
