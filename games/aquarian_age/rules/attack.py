"""Attacks (digest A.7): declaration, the guard (A.7.23), the response window
(a battle resolves last, A.7.25), then the battle (battle.py) or the damage
judgment (A.9.30)."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_event
from tabletop.engine.kitstate import OnePlayerDecision
from tabletop.engine.procedure import AGAIN, DONE, WAIT

from ..board import DAMAGE, DECK, DISCARD, ONE, STACK_OF
from ..carddb import FACTION_NAMES, FACTIONS
from ..legality import guards
from .battle import battle
from .procedures import PROCS
from .windows import fast_choices, may_answer, only_pass, play_fast

FACTION_ORDER = {f: i for i, f in enumerate(FACTIONS)}


def start_attack(state, attacker: int, defender_player: int, target, faction: bool, events: list) -> None:
    """Attack procedure (digest A.7): declaration, guard window (against a
    player), response window (a battle resolves last, digest A.7.25), then the
    battle or the damage judgment. ``target`` is "player" or a character iid."""
    attack = {"attacker": attacker, "attacking_player": state.table.owner[attacker], "defending_player": defender_player,
              "target": target, "guard": -1, "faction": 1 if faction else 0, "cancelled": 0}
    state.push("attack_end")
    state.push("strike")
    # the response window; on an attack on a character (no guard step before it, so it runs
    # at once), only when a player holds anything a window can use (``may_answer``): else
    # both could only pass, unasked, and it would close with nothing said
    if target == "player" or may_answer(state, 0) or may_answer(state, 1):
        state.push("response_window", priority=1 - defender_player, passes=0, window="attack")
    if target == "player":
        state.push("guard")
    else:
        attack["guard"] = target
        events.append(make_event("guard.auto", f"{state.name_of(target)} is attacked in the faction area and guards at no cost",
                        "digest A.7.23", {"card": target}))
    state.attack = attack


def attack_goes_on(state) -> bool:
    a = state.attack
    return a is not None and not a["cancelled"]


@PROCS.decision("guard", rule="Guard declaration (digest A.7.23)")
class Guard:
    """The attacked player takes the attack, guards with a dominated character,
    or responds first with a fast card or an effect. A player who can only
    take the attack is not asked."""

    def run(state, step, events):
        a = state.attack
        if not attack_goes_on(state) or not state.on_field(a["attacker"]):
            return DONE
        dp = a["defending_player"]
        gs = guards(state, dp, a["attacker"])
        if not gs and not may_answer(state, dp):
            return _take(state, a, events)  # nothing to guard or respond with: the attack is taken unasked
        d = _decision(state, a, dp, gs)
        if only_pass(d.choices):  # likewise: no guard, and no fast card or effect usable now
            return _take(state, a, events)
        state.decision = d
        return WAIT

    def decide(state, step):
        a = state.attack
        dp = a["defending_player"]
        return _decision(state, a, dp, guards(state, dp, a["attacker"]))

    def choose(state, step, choice, events):
        """Guard declaration: a dominated character pays its guard cost (its printed
        guard cost in its own power cards, usually 1; Intercept pays none) and
        battles the attacker (seed 4.2, digest A.7.23)."""
        a = state.attack
        if choice.kind in ("fast", "activate"):
            play_fast(state, choice, events, window=True)
            return AGAIN
        if choice.kind == "take":
            return _take(state, a, events)
        g = choice.args["card"]
        gc = state.guard_cost(g)
        paid = state.power_ids(g)[-gc:] if gc > 0 else []
        for pw in reversed(paid):
            events.append(state.move(pw, DISCARD[state.table.owner[g]], face=1,
                                       caption=f"Guard cost: a power card of {state.name_of(g)}",
                                       rule="seed 4.2, digest A.7.23 guard cost"))
        state.attack = dict(a, guard=g)
        events.append(make_event("guard.declare", "{card} guards".format(card=state.name_of(g)), "digest A.7.23", {"card": g, "attacker": a["attacker"]}))
        return DONE


def _decision(state, a: dict, dp: int, gs: list):
    """The defending player's decision: take the attack, guard with one of ``gs``, or respond."""
    ch = [Choice("take", {}, dp, f"Take the attack ({state.stat(a['attacker'], 'attack')} damage)", role="pass")]
    for g in gs:
        gc = state.guard_cost(g)
        cost = ("Intercept, no cost" if state.skill(g, "intercept") else "no cost") if gc == 0 else \
            f"pay {gc} power card{'s' if gc > 1 else ''}"
        ch.append(Choice("guard", {"card": g, "target": a["attacker"]}, dp, f"Guard with {state.name_of(g)} ({cost})"))
    ch.extend(fast_choices(state, dp, in_attack=True))
    return OnePlayerDecision(ONE[dp], "guard", f"{state.name_of(a['attacker'])} attacks you: take it, guard, or respond", ch)


def _take(state, a: dict, events: list) -> str:
    """No guard: the attack goes on to the damage judgment (digest A.7.24)."""
    events.append(make_event("guard.none", f"{state.names[a['defending_player']]} takes the attack", "digest A.7.24",
                        {"player": a["defending_player"]}))
    return DONE


@PROCS.step("strike", rule="Battle or damage judgment (digest A.7.24)")
def strike(state, step, events):
    """After the windows: battle if guarded, otherwise damage judgment (digest A.7.24)."""
    a = state.attack
    if not attack_goes_on(state):
        return DONE
    att = a["attacker"]
    if not state.on_field(att):
        events.append(make_event("attack.fizzle", "The attacker has left the field: the attack ends", "digest A.7", {}))
        return DONE
    g = a["guard"]
    if g >= 0 and state.on_field(g):
        battle(state, att, g, events)
        return DONE
    if a["target"] != "player":
        events.append(make_event("attack.fizzle", "The attacked character has left the field: the attack ends", "digest A.7", {}))
        return DONE
    n = state.stat(att, "attack")
    dp = a["defending_player"]
    events.append(make_event("damage.judgment", f"{state.names[dp]} makes a damage judgment of {n}", "digest A.9.30",
                    {"player": dp, "n": n, "attacker": att}))
    state.push("damage_judgment", player=dp, count=n)
    return DONE


@PROCS.step("attack_end", rule="End of the attack (digest A.7)")
def attack_end(state, step, events):
    state.attack = None
    events.append(make_event("attack.end", "The attack is over", "digest A.7", {}))
    return DONE


@PROCS.step("damage_judgment", rule="Damage judgment (digest A.9.30)")
def damage_judgment(state, step, events):
    """Turn cards from the deck one at a time (``count`` left); a character
    enters its faction's stack as the new active, anything else goes to the
    damage zone (seed 4.2, digest A.9.30). An empty deck stops the judgment
    (digest A.14 design default)."""
    p, n = step.args["player"], step.args["count"]
    if n <= 0:
        return DONE
    deck = state.table.zones[DECK[p]]
    if not deck:
        events.append(make_event("damage.deck_empty", f"{state.names[p]}'s deck is empty: the judgment stops", "digest A.14 design default",
                        {"player": p}))
        return DONE
    step.args["count"] = n - 1
    iid = deck[0]
    c = state.card(iid)
    events.append(make_event("damage.reveal", f"{state.names[p]} turns over {c['name']}", "digest A.9.30",
                    {"player": p, "card": iid, "card_id": state.table.card[iid], "left": n - 1}))
    if c["type"] == "character" and not (c["name_level"] and state.name_on_field(c["name"])):
        f = c["faction"]
        events.append(state.move(iid, STACK_OF[p][f], face=1, caption=f"{c['name']} enters the {FACTION_NAMES[f]} stack",
                                   rule="seed 4.2"))
        if state.phase == "faction" and p == state.active and 0 <= state.faction_index < len(FACTIONS):
            if FACTION_ORDER[f] <= state.faction_index:
                note = f"{FACTION_NAMES[f]} was already checked this turn: it waits until next turn"
            else:
                note = f"{FACTION_NAMES[f]} is still to be checked this turn"
        else:
            note = "it is the new active character"
        events.append(make_event("faction.newcomer", f"{c['name']} becomes the {FACTION_NAMES[f]} active character; {note}",
                        "seed 4.2", {"player": p, "card": iid, "faction": f}))
        if note.endswith("next turn"):
            events.append(make_event("faction.wait", f"{FACTION_NAMES[f]} has been checked this turn: {c['name']} waits for the "
                            "next faction phase", "seed 4.2 (each faction is checked once per turn)",
                            {"player": p, "card": iid, "faction": f}))
    else:
        events.append(state.move(iid, DAMAGE[p], face=1, caption=f"{c['name']} goes to the damage zone", rule="digest A.9.30"))
        events.append(state.damage_counter_event(p))
        state.judge_defeat(events)
    return AGAIN
