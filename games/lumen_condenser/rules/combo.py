"""Combo time (seed 6): a judgment field reading 'combo' lets its player
add attack techniques of consecutive speed from hand, each dealing its
damage minus 100 per combo after the first."""

from __future__ import annotations

from tabletop.engine.core import Choice, make_choice
from tabletop.engine.procedure import DONE

from ..effects import apply_effect, condition_holds
from ..zones import BATTLE, HAND
from .decision import LumenDecision
from .procedures import PROCS, push


_END = tuple(Choice("combo_end", {}, p, "End combo time", role="end") for p in (0, 1))


@PROCS.step("combo_time", rule="Combo time (seed 6)")
def combo_time(state, step, events):
    """Seed 6: a result field reading 'combo' opens combo time; with both
    players on a combo result, each only gets the first combo (seed 8)."""
    c = state.combo_result
    if not (c[0] or c[1]):
        return DONE
    state.battle_step = "combo"
    if c[0] and c[1]:
        state.combo_cards = [state.battle_cards[0], state.battle_cards[1]]
        state.event("combo.mutual", "Both players have a combo result: one combo each, then combo time ends", "seed 8",
                    {})
        end_combo(state)
        return DONE
    p = 0 if c[0] else 1
    open_combo(state, p, state.battle_cards[p])
    return DONE


def open_combo(state, p: int, iid: int) -> None:
    """Seed 6: combo time for ``p``; the technique whose judgment read
    'combo' (a readied or a catch technique) is the 1st combo."""
    state.battle_step = "combo"
    state.combo_player = p
    state.combo_count = 1
    state.combo_last_speed = state.tech(iid).speed
    state.combo_cards = [iid]
    state.event("combo.begin", f"Combo time for {state.names[p]}: {state.tech(iid).name} is the 1st combo", "seed 6",
                {"player": p})
    if combo_pairs(state, p):
        push(state, ("combo_choice", {"player": p, "continuing": False}))
    else:
        state.event("combo.stop", f"{state.names[p]} has no two techniques of consecutive speed: only the 1st combo",
                    "seed 6", {})
        end_combo(state)


def combo_damage(state, iid: int, n: int) -> int:
    """Seed 6: from the 2nd combo, -100 per combo (2nd -100, 3rd -200), plus
    any 'on combo' power effect of the card."""
    t = state.card_db.techs[state.table.card[iid]]
    bonus = sum(e.get("amount", 0) for e in t.effects_at.get("combo", ()) if e["do"] == "power")
    return t.damage + bonus - 100 * (n - 1)


def can_combo(state, iid: int) -> bool:
    """Only attack techniques (not special ones) can be combo or catch cards."""
    t = state.card_db.techs[state.table.card[iid]]
    return t.type == "attack" and not t.special


def _pair_refusal(state, a: int, b: int) -> str | None:
    if b == a:
        return "a combo starts with two different techniques (seed 6)"
    if state.tech(b).speed != state.tech(a).speed + 1:
        return "the two techniques that start a combo must be of consecutive speed, the second 1 higher (seed 6)"
    for iid, n in ((a, 2), (b, 3)):
        if combo_damage(state, iid, n) <= 0:
            return (f"with the combo correction of -{100 * (n - 1)} the damage of {state.tech(iid).name} "
                    "would be 0 or less (seed 6)")
    return None


def combo_pair_refusal(state, p: int, a, b) -> str | None:
    """Why ``a`` then ``b`` can't start p's combo now, or None (seed 6): two
    different attack techniques from p's hand, of consecutive speed, both
    dealing more than 0 after the correction (as the 2nd and 3rd combo)."""
    for iid in (a, b):
        if state.table.zone[iid] != HAND[p] or not can_combo(state, iid):
            return "only attack techniques from your hand can start a combo (seed 6)"
    return _pair_refusal(state, a, b)


def combo_pairs(state, p: int) -> list[tuple]:
    """Seed 6: the pairs that may start the combo (:func:`combo_pair_refusal`)."""
    hand = [i for i in state.table.zones[HAND[p]] if can_combo(state, i)]
    techs = state.card_db.techs
    cards = state.table.card
    out = []
    for a in hand:
        if combo_damage(state, a, 2) <= 0:  # no pair starts with it
            continue
        speed = techs[cards[a]].speed + 1
        for b in hand:
            # (only a technique of the next speed can pair with it: the others are refused at once)
            if techs[cards[b]].speed == speed and _pair_refusal(state, a, b) is None:
                out.append((a, b))
    return out


def combo_refusal(state, iid: int, n: int) -> str | None:
    """Why ``iid`` can't be combo ``n`` now, or None (seed 6): an attack
    technique, dealing more than 0 after the correction, of the speed right
    after the last combo technique's."""
    if not can_combo(state, iid):
        return "only attack techniques from your hand can continue a combo (seed 6)"
    if combo_damage(state, iid, n) <= 0:
        return (f"with the combo correction of -{100 * (n - 1)} the damage of {state.tech(iid).name} "
                "would be 0 or less (seed 6)")
    if state.tech(iid).speed != state.combo_last_speed + 1:
        return "combo techniques must be of consecutive speed, each 1 higher than the last (seed 6)"
    return None


def combo_nexts(state, p: int) -> list[int]:
    """The techniques that may continue the combo (:func:`combo_refusal`)."""
    n = state.combo_count + 1
    return [i for i in state.table.zones[HAND[p]] if combo_refusal(state, i, n) is None]


@PROCS.step("combo_card", rule="Combo time (seed 6)")
def combo_card(state, step, events):
    """Seed 6: a combo card's 'on combo' effects and damage (no 'on hit'
    effects from the 2nd combo on); the HP check follows each card."""
    p = step.args["player"]
    iid = step.args["card"]
    state.combo_count += 1
    n = state.combo_count
    t = state.tech(iid)
    state.move(iid, BATTLE[p], 1, f"{state.names[p]} adds {t.name} as combo {n}", "seed 6")
    state.combo_cards.append(iid)
    state.combo_last_speed = t.speed
    d = combo_damage(state, iid, n)
    ev = state.event("combo.card", f"Combo {n}: {t.name} deals {d} (-{100 * (n - 1)} combo correction)", "seed 6",
                     {"player": p, "card": iid, "combo": n, "damage": d})
    for e in t.effects_at.get("combo", ()):
        if e["do"] != "power" and condition_holds(state, p, e):
            apply_effect(state, p, e, iid)
    for e in state.char(p).trait_effects_at.get("combo", ()):
        if condition_holds(state, p, e):
            apply_effect(state, p, e, iid, trait=True)
    state.set_hp(1 - p, state.hp[1 - p] - d, "combo {n}".format(n=n), "seed 6")
    ev.data["hp"] = state.hp[1 - p]
    return DONE


@PROCS.step("combo_continue", rule="Combo time (seed 6)")
def combo_continue(state, step, events):
    """Seed 6: the combo goes on while a technique of the next speed can
    follow; otherwise combo time ends."""
    p = step.args["player"]
    if combo_nexts(state, p):
        push(state, ("combo_choice", {"player": p, "continuing": True}))
    else:
        state.event("combo.stop", f"No technique of speed {state.combo_last_speed + 1} can continue the combo "
                    "(or its damage would be 0 or less)", "seed 6", {})
        end_combo(state)
    return DONE


def end_combo(state) -> None:
    """Seed 6: the combo's attack techniques go back to the List and both FP become 0."""
    for iid in state.combo_cards:
        o = state.table.owner[iid]
        if state.table.zone[iid] != BATTLE[o] or (iid == state.battle_cards[o] and state.breaks_after_use[o]):
            continue  # a technique that breaks after use is broken at clean-up
        state.to_list(iid, "seed 6")
    state.combo_cards = []
    for p in (0, 1):
        state.set_fp(p, 0, "combo time ends", "seed 6")
    state.event("combo.end", "Combo time ends: combo techniques go back to the List, both FP are 0", "seed 6", {})
    state.combo_player = -1
    state.combo_count = 0


@PROCS.decision("combo_choice", rule="Combo time (seed 6)")
class ComboChoice:
    """Seed 6: the first pair (two consecutive speeds), then one technique
    at a time, or end combo time."""

    @staticmethod
    def decide(state, step):
        p = step.args["player"]
        techs = state.card_db.techs
        name = lambda i: techs[state.table.card[i]].name  # noqa: E731
        if not step.args["continuing"]:
            ch = [make_choice("combo_start", {"card": a, "next": b}, p, f"Combo {name(a)} then {name(b)}")
                  for a, b in combo_pairs(state, p)]
        else:
            ch = [make_choice("combo_next", {"card": i}, p, f"Continue with {name(i)}") for i in combo_nexts(state, p)]
        ch.append(_END[p])
        return LumenDecision.of(p, "combo", "Combo time: add techniques of consecutive speed or end", ch)

    @staticmethod
    def choose(state, step, c, events):
        p = c.player
        if c.kind == "combo_end":
            end_combo(state)
        elif c.kind == "combo_start":
            push(state, ("combo_card", {"player": p, "card": c.args["card"]}),
                 ("combo_card", {"player": p, "card": c.args["next"]}), ("combo_continue", {"player": p}))
        else:
            push(state, ("combo_card", {"player": p, "card": c.args["card"]}), ("combo_continue", {"player": p}))
        return DONE
