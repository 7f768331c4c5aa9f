"""The effect primitives (seed 3.4), each registered once: its arguments,
the text it prints on a card and its resolver, side by side.

A resolver gets the state, an :class:`EffectContext` (whose effect, from
which card, the source name for captions, the rule it applies under), the
effect table and the event list.
"""

from __future__ import annotations

from tabletop.engine.effects import OPTIONAL, Effects

from ..zones import LIST
from .conditions import CONDITIONS, condition_holds

EFFECTS = Effects("lumen_condenser")

WHO = frozenset(("self", "opponent"))  # the kit's target shorthands a card may use
TYPES = frozenset(("attack", "defence"))
# keys every effect may carry besides its primitive's arguments
COMMON_KEYS = ("do", "when", "cost", "timing") + tuple(CONDITIONS)
# timings whose effects are the keywords of seed 3.4 (the rest are card effects)
KEYWORD_TIMINGS = ("hit", "counter", "offset", "evade", "combo")


class EffectContext:
    """Who applies an effect, from which card (-1: a trait ability), the
    name shown in captions and the rule it applies under."""

    __slots__ = ("player", "card", "source", "rule")

    def __init__(self, player: int, card: int, source: str, rule: str):
        self.player = player
        self.card = card
        self.source = source
        self.rule = rule


# a restriction in words, whole: its card text by (target, type) and what it says when it applies by type
RESTRICT_TEXT = {
    ("self", "attack"): "You may ready only attack techniques this turn.",
    ("self", "defence"): "You may ready only defence techniques this turn.",
    ("opponent", "attack"): "The opponent may ready only attack techniques this turn.",
    ("opponent", "defence"): "The opponent may ready only defence techniques this turn.",
}
RESTRICT_SAYS = {
    "attack": "{source}: {player} may ready only attack techniques this turn",
    "defence": "{source}: {player} may ready only defence techniques this turn",
}


@EFFECTS.primitive("damage", args={"amount": int, "target": (WHO, OPTIONAL)},
                   text=lambda a: (f"{a['amount']} damage to yourself." if a.get("target") == "self"
                                   else f"{a['amount']} damage to the opponent."))
def damage(state, ctx, a, events):
    """Damage to the opponent (or ``target = "self"``)."""
    p = ctx.player
    t = p if a.get("target") == "self" else 1 - p
    amount = a.get("amount", 0)
    state.event("effect.damage", f"{ctx.source}: {amount} damage to {state.names[t]}", ctx.rule,
                {"player": p, "amount": amount})
    state.set_hp(t, state.hp[t] - amount, ctx.source, ctx.rule)


@EFFECTS.primitive("heal", args={"amount": int, "target": (WHO, OPTIONAL)},
                   text=lambda a: (f"The opponent recovers {a['amount']} HP." if a.get("target") == "opponent"
                                   else f"Recover {a['amount']} HP."))
def heal(state, ctx, a, events):
    """HP back, up to the character's start HP."""
    p = ctx.player
    t = 1 - p if a.get("target") == "opponent" else p
    amount = a.get("amount", 0)
    top = state.char(t).hp
    state.event("effect.heal", f"{ctx.source}: {state.names[t]} recovers {amount} HP", ctx.rule,
                {"player": t, "amount": amount})
    state.set_hp(t, min(top, state.hp[t] + amount), ctx.source, ctx.rule)


@EFFECTS.primitive("fp", args={"amount": int, "target": (WHO, OPTIONAL)},
                   text=lambda a: (f"The opponent's FP {a['amount']:+d}." if a.get("target") == "opponent"
                                   else f"FP {a['amount']:+d}."))
def fp(state, ctx, a, events):
    """FP up or down (seed 3.1)."""
    p = ctx.player
    t = 1 - p if a.get("target") == "opponent" else p
    amount = a.get("amount", 0)
    state.event("effect.fp", f"{ctx.source}: {state.names[t]} FP {amount:+d}", ctx.rule,
                {"player": t, "amount": amount})
    state.set_fp(t, state.fp[t] + amount, ctx.source, ctx.rule)


@EFFECTS.primitive("power", args={"amount": int}, text=lambda a: f"Damage {a['amount']:+d} this battle.")
def power(state, ctx, a, events):
    """This technique's damage this battle (as an on-combo effect it also
    counts for the combo correction, seed 6)."""
    p = ctx.player
    amount = a.get("amount", 0)
    state.power_bonus[p] += amount
    state.event("effect.power", f"{ctx.source}: {state.names[p]}'s damage {amount:+d} this battle", ctx.rule,
                {"player": p, "amount": amount})


@EFFECTS.primitive("speed", args={"amount": int}, text=lambda a: f"Speed {a['amount']:+d}.")
def speed(state, ctx, a, events):
    """This technique's speed (never below 1)."""
    p = ctx.player
    amount = a.get("amount", 0)
    state.speeds[p] = max(1, state.speeds[p] + amount)
    state.event("effect.speed", f"{ctx.source}: {state.names[p]}'s speed {amount:+d} (now {state.speeds[p]})",
                ctx.rule, {"player": p, "amount": amount})


@EFFECTS.primitive("nullify", args={}, text=lambda a: "Nullify the opponent's technique.")
def nullify(state, ctx, a, events):
    """Seed 3.4 nullify: none of the opponent technique's results are
    processed; it counts as no technique."""
    q = 1 - ctx.player
    if state.technique_live[q]:
        state.technique_live[q] = 0
        state.battle_memo = None
        state.event("effect.nullify", f"{ctx.source} nullifies {state.names[q]}'s {state.technique_name(q)}: none of "
                    "its results are processed", "seed 3.4 (nullify)", {"player": q, "card": state.battle_cards[q]})


# a trait counter's change, named by the character's counter name (or not)
COUNTER_CHANGE = "{source}: {player}'s {counter} {old} -> {new}"
TRAIT_COUNTER_CHANGE = "{source}: {player}'s trait counter {old} -> {new}"


@EFFECTS.primitive("charge", args={"amount": int}, text=lambda a: f"Trait counter {a['amount']:+d}.")
def charge(state, ctx, a, events):
    """The trait counter, kept between 0 and the character's maximum."""
    p = ctx.player
    ch = state.char(p)
    new = max(0, min(ch.counter_max, state.trait_counters[p] + a.get("amount", 0)))
    if new != state.trait_counters[p]:
        old = state.trait_counters[p]
        state.trait_counters[p] = new
        says = COUNTER_CHANGE if ch.counter_name else TRAIT_COUNTER_CHANGE
        state.event("counter.change", says.format(source=ctx.source, player=state.names[p], counter=ch.counter_name,
                                                  old=old, new=new),
                    ctx.rule, {"player": p, "counter": "trait", "delta": new - old, "value": new})


@EFFECTS.primitive("draw", args={"amount": int},
                   text=lambda a: f"Take the first {a['amount']} technique(s) of your List into your hand.")
def draw(state, ctx, a, events):
    """The first techniques of the own List go to hand."""
    p = ctx.player
    for _ in range(a.get("amount", 0)):
        lst = state.table.zones[LIST[p]]
        if not lst:
            break
        state.to_hand(lst[0], ctx.rule, f"{ctx.source}: {state.names[p]} takes {state.tech(lst[0]).name} from the List")


@EFFECTS.primitive("break_self", args={}, text=lambda a: "This technique is broken after use.")
def break_self(state, ctx, a, events):
    """Broken after use instead of returning to hand."""
    p = ctx.player
    state.breaks_after_use[p] = 1
    state.event("effect.break_self", f"{state.names[p]}'s {ctx.source} will be broken after use", ctx.rule,
                {"player": p})


@EFFECTS.primitive("restrict", args={"value": TYPES, "target": (WHO, OPTIONAL)},
                   text=lambda a: RESTRICT_TEXT[("self" if a.get("target") == "self" else "opponent", a["value"])])
def restrict(state, ctx, a, events):
    """Only attack (or defence) techniques may be readied this turn; a second
    restriction on the same player does not apply (digest B.9 rule 39)."""
    p = ctx.player
    t = p if a.get("target") == "self" else 1 - p
    if not state.restrictions[t]:
        state.restrictions[t] = a["value"]
        state.event("effect.restrict", RESTRICT_SAYS[a["value"]].format(source=ctx.source, player=state.names[t]),
                    ctx.rule, {"player": t, "value": a["value"]})


# -- using the table ---------------------------------------------------------------------
def _primitive_args(e: dict) -> dict:
    op = {"op": e.get("do")}
    for k, v in e.items():
        if k not in COMMON_KEYS:
            op[k] = v
    return op


def effect_problems(e: dict) -> list[str]:
    """What is wrong with an effect's primitive arguments (checked when the
    card file loads)."""
    return EFFECTS.problems(_primitive_args(e))


def effect_text(e: dict) -> str:
    """The card text of one effect."""
    return EFFECTS.text(_primitive_args(e))


def apply_effect(state, p: int, e: dict, iid: int, trait: bool = False) -> None:
    """Apply one effect of player ``p`` from card ``iid`` (or the trait)."""
    source = state.char(p).trait if trait else (state.tech(iid).name if iid >= 0 else "ability")
    rule = "seed 3.4" if e.get("when") in KEYWORD_TIMINGS else "card effect"
    EFFECTS.table[e["do"]].resolve(state, EffectContext(p, iid, source, rule), e, state.events)


_COLLECTED: dict = {}  # (technique record, character record, timings) -> ((effect, from the trait), ...)


def _effects_of(t, ch, whens: tuple) -> tuple:
    """A technique's effects (and its character's trait effects) for the
    given timings, in order; worked out once per technique, character and
    timings (card records never change)."""
    key = (t, ch, whens)
    fx = _COLLECTED.get(key)
    if fx is None:
        at = t.effects_at
        trait = ch.trait_effects_at
        out = []
        for when in whens:
            for e in at.get(when, ()):
                out.append((e, False))
            for e in trait.get(when, ()):
                out.append((e, True))
        if len(_COLLECTED) > 20_000:
            _COLLECTED.clear()
        fx = _COLLECTED[key] = tuple(out)
    return fx


def _collect(state, p: int, whens) -> list:
    """p's technique effects (and trait effects) for the given timings."""
    iid = state.battle_cards[p]
    db = state.card_db
    key = (db.techs[state.table.card[iid]], db.chars[state.characters[p]], whens)
    fx = _COLLECTED.get(key)
    if fx is None:
        fx = _effects_of(*key)
    return [(p, e, iid, trait) for e, trait in fx] if fx else fx


def effects_both(state, whens: dict) -> int:
    """Seed 8: effects that apply at the same time alternate one by one,
    starting with the priority holder. ``whens`` maps a player to the
    timings that apply to them. Returns how many applied."""
    if not whens:
        return 0
    # _collect for each player, written out (most judgment steps find no effect)
    bc = state.battle_cards
    db = state.card_db
    cards = state.table.card
    got = _COLLECTED.get
    a = b = ()
    w = whens.get(0)
    if w:
        key = (db.techs[cards[bc[0]]], db.chars[state.characters[0]], w)
        fx = got(key)
        if fx is None:
            fx = _effects_of(*key)
        if fx:
            iid = bc[0]
            a = [(0, e, iid, trait) for e, trait in fx]
    w = whens.get(1)
    if w:
        key = (db.techs[cards[bc[1]]], db.chars[state.characters[1]], w)
        fx = got(key)
        if fx is None:
            fx = _effects_of(*key)
        if fx:
            iid = bc[1]
            b = [(1, e, iid, trait) for e, trait in fx]
    if not (a or b):
        return 0
    if state.priority() == 1:  # state.effect_order()
        a, b = b, a
    n = 0
    for k in range(max(len(a), len(b))):
        for lst in (a, b):
            if k < len(lst):
                p, e, iid, trait = lst[k]
                if condition_holds(state, p, e):
                    apply_effect(state, p, e, iid, trait)
                    n += 1
    return n
