"""The [EFFECT] primitives (cards.toml ``effect`` steps), each registered once in the
kit :class:`~tabletop.engine.effects.Effects` table with its argument schema beside its
resolver. Every argument may be left out (the resolver has its default); the schema
is checked when cards.toml loads (carddb), naming the file, the card and the line. A
card's text is printed on the card (cards.toml ``text``), so no text is generated.

A resolver gets the state, the effect being resolved (the args of its
``effect_resolution`` step), the step's table and the event list; it returns True
when the step is done, False when it waits for a card pick."""

from __future__ import annotations

from tabletop.engine.core import make_event
from tabletop.engine.effects import Effects

from ..zones import Z, quiet
from . import F_SUMMONED, WHAT, WHO, card_matches

#: the [EFFECT] steps
EFFECTS = Effects("rush_duel")
#: the cost steps, paid in full when the card is activated (digest 1.E rule 23)
COST_STEPS = Effects("rush_duel costs")
#: the [EFFECT] and cost steps that resolve without asking a player anything (no card
#: pick, no trap timing of their own); the others (search, salvage, revive, fusion, a
#: discard) may stop for a decision, and so may any step not named here
AT_ONCE = frozenset(("draw", "damage", "damage_per", "gain", "destroy", "bounce", "to_deck", "boost", "pierce",
                     "to_defense", "mill", "negate_attack", "equip", "pay_lp", "self_to_defense"))


@EFFECTS.primitive("draw", args={"n": int, "who": WHO})
def draw(state, effect, op, events) -> bool:
    """[EFFECT] draw n; too few cards in the deck loses (seed 2; README rule choice 2)."""
    q = state._who(effect, op)
    n = op.get("n", 1)
    events.append(make_event("effect.draw", f"{state.names[q]} draws {n} by the effect of {state.name(effect['source'])}",
                           "card effect (draw)", {"player": q, "n": n}))
    state.draw(q, n, events, "card effect (draw)")
    return True


@EFFECTS.primitive("damage", args={"n": int, "who": WHO})
def damage(state, effect, op, events) -> bool:
    """[EFFECT] deal n damage; LP 0 loses (seed 2)."""
    q = state._who(effect, op)
    n = op["n"]
    events.append(make_event("effect.damage", f"{state.name(effect['source'])} deals {n} damage to {state.names[q]}",
                           "card effect (damage)", {"player": q, "amount": n}))
    state._lp_change(q, -n, events, "card effect (damage)")
    return True


@EFFECTS.primitive("damage_per", args={"n": int, "per": ("opp_monsters", "own_monsters", "own_grave_monsters", "opp_hand")})
def damage_per(state, effect, op, events) -> bool:
    """[EFFECT] deal n damage per counted thing (monsters, GY monsters, cards in the rival's hand)."""
    p = effect["player"]
    per = op["per"]
    t = state.table
    k = {"opp_monsters": lambda: len(state.units(1 - p)), "own_monsters": lambda: len(state.units(p)),
         "own_grave_monsters": lambda: sum(1 for i in t.zones[Z[p]["grave"]] if state.card_data(i)["kind"] == "monster"),
         "opp_hand": lambda: len(t.zones[Z[1 - p]["hand"]])}[per]()
    n = op["n"] * k
    if n <= 0:
        return True
    events.append(make_event("effect.damage", f"{state.name(effect['source'])} deals {n} damage to {state.names[1 - p]}",
                           "card effect (damage)", {"player": 1 - p, "amount": n}))
    state._lp_change(1 - p, -n, events, "card effect (damage)")
    return True


@EFFECTS.primitive("gain", args={"n": int})
def gain(state, effect, op, events) -> bool:
    """[EFFECT] gain n LP (no LP ceiling, digest 1.C rule 9)."""
    p = effect["player"]
    n = op["n"]
    events.append(make_event("effect.gain", f"{state.names[p]} gains {n} LP", "card effect (gain LP)", {"player": p, "amount": n}))
    state._lp_change(p, n, events, "card effect (gain LP; no LP ceiling)")
    return True


#: what a destroy, bounce or to_deck step says, whole
_MOVE_WORDS = {"destroy": "{source} destroys {card}", "bounce": "{source} returns {card} to the hand",
               "to_deck": "{source} returns {card} to the bottom of the deck"}

#: what a boost step says, whole, by the signs of its ATK and DEF changes
_BOOST_WORDS = {
    (0, 0): "{card}  until the end of the turn",
    (1, 0): "{card} gains {atk} ATK until the end of the turn",
    (-1, 0): "{card} loses {atk} ATK until the end of the turn",
    (0, 1): "{card} gains {def_} DEF until the end of the turn",
    (0, -1): "{card} loses {def_} DEF until the end of the turn",
    (1, 1): "{card} gains {atk} ATK and gains {def_} DEF until the end of the turn",
    (1, -1): "{card} gains {atk} ATK and loses {def_} DEF until the end of the turn",
    (-1, 1): "{card} loses {atk} ATK and gains {def_} DEF until the end of the turn",
    (-1, -1): "{card} loses {atk} ATK and loses {def_} DEF until the end of the turn",
}


def move_cards(state, effect, op, events, dest: str, verb: str) -> bool:
    """Destroy, return to the hand or return to the deck the cards ``what`` names."""
    for i in state._what(effect["player"], effect["source"], op, effect):
        if not state.table.zone[i].endswith((".monster", ".spell", ".field")):
            continue
        nm = state.name(i) if state.table.face[i] else "a face-down card"
        cap = _MOVE_WORDS[verb].format(source=state.name(effect["source"]), card=nm)
        events.append(make_event(f"effect.{verb}", cap, f"card effect ({verb.replace('_', ' ')})", {"card": i}))
        # one line in the log: the line above says it, the move says nothing
        state.leave_field(i, dest, events, "", f"card effect ({verb})")
    return True


@EFFECTS.primitive("destroy", args={"what": WHAT, "filter": dict})
def destroy(state, effect, op, events) -> bool:
    """[EFFECT] destroy: to the graveyard."""
    return move_cards(state, effect, op, events, "grave", "destroy")


@EFFECTS.primitive("bounce", args={"what": WHAT, "filter": dict})
def bounce(state, effect, op, events) -> bool:
    """[EFFECT] return to the hand (a Fusion monster to the Extra Deck, digest 29)."""
    return move_cards(state, effect, op, events, "hand", "bounce")


@EFFECTS.primitive("to_deck", args={"what": WHAT, "filter": dict})
def to_deck(state, effect, op, events) -> bool:
    """[EFFECT] return to the bottom of the deck (a Fusion monster to the Extra Deck, digest 29)."""
    return move_cards(state, effect, op, events, "deck_bottom", "to_deck")


@EFFECTS.primitive("boost", args={"what": WHAT, "atk": int, "def": int, "filter": dict})
def boost(state, effect, op, events) -> bool:
    """[EFFECT] face-up monsters gain or lose ATK/DEF until the end of the turn (digest 1.D rule 21)."""
    for i in state._what(effect["player"], effect["source"], op, effect):
        if not state.table.face[i]:
            continue
        m = state.until_end_of_turn.get(i, (0, 0, 0))
        state.until_end_of_turn = {**state.until_end_of_turn, i: (m[0] + op.get("atk", 0), m[1] + op.get("def", 0), m[2])}
        a, d = op.get("atk", 0), op.get("def", 0)
        cap = _BOOST_WORDS[((a > 0) - (a < 0), (d > 0) - (d < 0))].format(card=state.name(i), atk=abs(a), def_=abs(d))
        events.append(make_event("effect.boost", cap,
                               "card effect (modify stats)", {"card": i, "atk": op.get("atk", 0), "def": op.get("def", 0)}))
    return True


@EFFECTS.primitive("pierce", args={"what": WHAT})
def pierce(state, effect, op, events) -> bool:
    """[EFFECT] grant piercing until the end of the turn (seed 3.3.2.2)."""
    for i in state._what(effect["player"], effect["source"], op, effect):
        m = state.until_end_of_turn.get(i, (0, 0, 0))
        state.until_end_of_turn = {**state.until_end_of_turn, i: (m[0], m[1], 1)}
        events.append(make_event("effect.pierce", f"{state.name(i)} gains piercing until the end of the turn",
                               "card effect (grant piercing; seed 3.3.2.2)", {"card": i}))
    return True


@EFFECTS.primitive("to_defense", args={"what": WHAT, "filter": dict})
def to_defense(state, effect, op, events) -> bool:
    """[EFFECT] change face-up attack-position monsters to defense position (not a Maximum monster, digest 31)."""
    t = state.table
    for i in state._what(effect["player"], effect["source"], op, effect):
        if i in state.maximum_centre or not t.face[i] or not state.is_attack(i):
            continue
        events.append(quiet(t.set_orient(i, 1, rule="card effect")))  # the line below says it
        events.append(make_event("effect.position", f"{state.name(effect['source'])} changes {state.name(i)} to defense position",
                               "card effect (change position)", {"card": i}))
    return True


@EFFECTS.primitive("mill", args={"n": int, "who": WHO})
@COST_STEPS.primitive("mill", args={"n": int})  # send the top n cards of your deck to the graveyard
def mill(state, effect, op, events) -> bool:
    """[EFFECT] or cost: send the top n cards of a deck to the graveyard (as many as there are)."""
    q = state._who(effect, op)
    t = state.table
    n = min(op.get("n", 1), len(t.zones[Z[q]["deck"]]))
    for _ in range(n):
        i = t.zones[Z[q]["deck"]][0]
        events.append(t.move(i, Z[q]["grave"], face=1, caption=f"{state.name(i)} is sent from the top of the deck to the graveyard",
                             rule="card effect / cost (mill)"))
    return True


@EFFECTS.primitive("negate_attack", args={})
def negate_attack(state, effect, op, events) -> bool:
    """[EFFECT] stop the attack this trap answered: no damage calculation (digest 1.F rule 26)."""
    k = effect.get("damage_step")
    if k is not None and k < len(state.steps) and state.steps[k].proc == "damage_step":
        state.steps[k].args["negated"] = 1
        events.append(make_event("effect.negate_attack", f"{state.name(effect['source'])} stops the attack",
                               "card effect (negate attack)", {"attacker": effect.get("attacker")}))
    return True


@EFFECTS.primitive("search", args={"filter": dict})
def search(state, effect, op, events) -> bool:
    """Add a card matching the filter from the deck to the hand, then shuffle."""
    p = effect["player"]
    t = state.table
    picked = state._pick_from(effect, op, "deck", "Add", "Choose a card to add from your deck to your hand")
    if picked is not True:
        return picked is None  # None: nothing matches, the step is done; False: waiting for the pick
    i = effect["picked"][0]
    events.append(t.reveal([i], caption=f"{state.names[p]} reveals {state.name(i)} from the deck", rule="card effect (search)"))
    events.append(t.move(i, Z[p]["hand"], face=0, caption=f"{state.name(i)} is added to the hand", rule="card effect (search)"))
    deck = t.zones[Z[p]["deck"]]
    state.rng.shuffle(deck)
    events.append(make_event("deck.shuffle", f"{state.names[p]} shuffles the deck", "card effect (search)", {"player": p}))
    return True


@EFFECTS.primitive("salvage", args={"filter": dict})
def salvage(state, effect, op, events) -> bool:
    """[EFFECT] add a matching card from your graveyard to your hand (revealed)."""
    p = effect["player"]
    t = state.table
    picked = state._pick_from(effect, op, "grave", "Return", "Choose a card to add from your graveyard to your hand")
    if picked is not True:
        return picked is None
    i = effect["picked"][0]
    t.reveal([i], rule="card effect (salvage)")
    events.append(t.move(i, state._to_hand_zone(i, "hand"), face=0,
                         caption=f"{state.name(i)} returns from the graveyard to the hand", rule="card effect (salvage)"))
    return True


@EFFECTS.primitive("revive", args={"filter": dict})
def revive(state, effect, op, events) -> bool:
    """Special summon a monster from your graveyard in face-up attack position."""
    p = effect["player"]
    t = state.table
    if state.free_slots(Z[p]["monster"]) == 0:
        return True
    if not effect["picked"]:
        opts = state._distinct([i for i in t.zones[Z[p]["grave"]] if state.card_data(i)["kind"] == "monster"
                               and state.card_data(i)["subtype"] != "fusion" and card_matches(state.card_data(i), op.get("filter", {}))])
        if not opts:
            return True
        if len(opts) > 1:
            state._pick(effect, p, opts, "Revive", "Choose a monster to special summon from your graveyard")
            return False
        effect["picked"] = [opts[0]]
    i = effect["picked"][0]
    # one line in the log: the move says nothing, the summon says it all
    events.append(t.move(i, Z[p]["monster"], face=1, orient=0, rule="card effect (special summon)", quiet=True))
    state.card_flags[i] = F_SUMMONED
    events.append(make_event("summon.special", f"{state.name(i)} is special summoned from the graveyard",
                               "card effect (special summon)",
                           {"card": i, "player": p}))
    state._open_window("summon", p, events, summoned=i)
    return True


@EFFECTS.primitive("equip", args={"atk": int, "def": int})
def equip(state, effect, op, events) -> bool:
    """[EFFECT] equip this spell to the target; it leaves with that monster (digest 1.A rule 1)."""
    src, tg = effect["source"], effect.get("target")
    t = state.table
    if tg is None or not t.zone[tg].endswith(".monster") or not t.face[tg] or not t.zone[src].endswith(".spell"):
        return True
    state.equips = {**state.equips, src: (tg, op.get("atk", 0), op.get("def", 0))}
    events.append(make_event("effect.equip", f"{state.name(src)} is equipped to {state.name(tg)}", "equip spell",
                           {"card": src, "target": tg, "atk": op.get("atk", 0)}))
    return True


@EFFECTS.primitive("fusion", args={})
def fusion(state, effect, op, events) -> bool:
    """Fusion summon (digest 1.G rule 29): choose a Fusion monster, send its named
    materials from the hand or field to the graveyard, summon it from the Extra Deck."""
    p = effect["player"]
    t = state.table
    picked = list(effect["picked"])
    if "fusion_monster" not in effect:
        if not picked:
            opts = state.fusion_candidates(p, effect["source"])
            if not opts:
                return True
            if len(opts) > 1:
                state._pick(effect, p, opts, "Fusion summon", "Choose the Fusion monster to summon")
                return False
            picked = [opts[0]]
        effect["fusion_monster"] = picked[0]
        effect["materials"] = []
        effect["picked"] = picked = []
    elif picked:
        effect["materials"] = effect["materials"] + picked
        effect["picked"] = []
    fz = effect["fusion_monster"]
    need = list(state.db[t.card[fz]]["materials"])
    for m in effect["materials"]:
        need.remove(t.card[m])
    while need:
        cid = need[0]
        pool = [i for i in t.zones[Z[p]["hand"]] + t.zones[Z[p]["monster"]]
                if i is not None and i != effect["source"] and i not in state.maximum_centre and t.card[i] == cid and i not in effect["materials"]]
        if len(need) == 1 and state.free_slots(Z[p]["monster"]) == 0 and \
                not any(t.zone[m].endswith(".monster") for m in effect["materials"]):
            pool = [i for i in pool if t.zone[i].endswith(".monster")]  # leave room for the Fusion monster
        if not pool:
            return True
        if len(pool) > 1:
            state._pick(effect, p, pool, "Use as material", f"Choose the {state.db[cid]['name']} to use as Fusion material")
            return False
        effect["materials"] = effect["materials"] + [pool[0]]
        need.pop(0)
    for m in effect["materials"]:
        if t.zone[m].endswith(".monster"):
            state.leave_field(m, "grave", events, "{name} is sent to the graveyard as Fusion material", "digest 1.G rule 29")
        else:
            state.send_hand_to_grave(m, events, f"{state.name(m)} is sent from the hand to the graveyard as Fusion material",
                                    "digest 1.G rule 29")
    if state.free_slots(Z[p]["monster"]) == 0:
        events.append(make_event("summon.fusion_failed", "No Monster Zone is free: the Fusion monster stays in the Extra Deck",
                               "digest 1.A rule 2", {}))
        return True
    # one line in the log: the move says nothing, the summon says it all
    events.append(t.move(fz, Z[p]["monster"], face=1, orient=0, rule="digest 1.G rule 29", quiet=True))
    state.card_flags[fz] = F_SUMMONED
    events.append(make_event("summon.fusion", f"{state.name(fz)} is fusion summoned from the Extra Deck",
                               "digest 1.G rule 29 (fusion summon)",
                           {"card": fz, "player": p}))
    state._open_window("summon", p, events, summoned=fz)
    return True
