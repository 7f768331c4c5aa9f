"""Effect primitives of the Aquarian Age card vocabulary (cards.toml ``effect``).

Each primitive is ``fn(state, player, target, params, events)``: ``player`` is
who plays the card or uses the ability, ``target`` the chosen character iid
(or None), ``params`` the effect table. A targeted effect whose target has
left the field does nothing (the card resolves without it, digest A.7.25).

Vocabulary (digest A.10 / A.11; every card composes these):

- ``draw {n}``: the player draws n (an empty deck loses the game, digest A.4.11b).
- ``judge {n, who}``: ``who`` (default opp) makes a damage judgment of n cards (digest A.9).
- ``destroy``: the target is discarded with everything stacked on it (Bind may save it).
- ``strip``: the target's power cards go to the discard pile.
- ``modify {stat, delta}``: the target's stat changes until the end of the turn.
- ``grant {keyword}``: the target gains a skill until the end of the turn.
- ``bounce``: the target returns to its owner's hand; stacked cards are discarded.
- ``recover {n}``: n cards of the player's damage zone go to the discard pile.
- ``charge {n}``: n cards from the player's deck top become power cards of the target (never beyond mental).
- ``dominate``: the target (your faction-area active) moves to your dominion area.
- ``discard_random {n, who}``: ``who`` (default opp) discards n random cards from hand.
- ``cancel_attack``: the attack being resolved ends with no battle and no damage.
- ``search {faction, icon, type}``: the first matching card of the deck goes to hand; the deck is shuffled.
- ``mill {n, who}``: n cards from the top of ``who``'s deck go to the discard pile.

``on = "self"`` in a character ability aims the effect at the character itself.
"""

from __future__ import annotations

from tabletop.engine.core import Event

RULE_EFFECT = "digest A.10 (card effects as data)"


def _who(state, player, params, default="opp"):
    who = params.get("who", default)
    return player if who == "self" else 1 - player


def fx_draw(state, player, target, params, ev):
    for _ in range(params["n"]):
        if not state.draw_card(player, ev, RULE_EFFECT):
            return


def fx_judge(state, player, target, params, ev):
    victim = _who(state, player, params)
    ev.append(Event("damage.judgment", f"Player {victim + 1} makes a damage judgment of {params['n']} (card effect)",
                    "digest A.9.30", {"player": victim, "n": params["n"]}))
    state.push("damage_judgment", player=victim, count=params["n"])


def fx_destroy(state, player, target, params, ev):
    if target is None:
        return
    state.push("removal", card=target, why="effect")


def fx_strip(state, player, target, params, ev):
    if target is None:
        return
    state.strip_power(target, ev, "effect: power cards discarded (digest A.10)")


def fx_modify(state, player, target, params, ev):
    if target is None:
        return
    state.add_modifier(target, params["stat"], params["delta"])
    ev.append(Event("effect.modify", f"{state.name_of(target)} {params['stat']} {params['delta']:+d} until end of turn",
                    RULE_EFFECT, {"card": target, "stat": params["stat"], "delta": params["delta"]}))


def fx_grant(state, player, target, params, ev):
    if target is None:
        return
    from .carddb import parse_skill, skill_text

    k, v = parse_skill(params["keyword"])
    state.add_modifier(target, "kw." + k, v)
    ev.append(Event("effect.grant", f"{state.name_of(target)} gains {skill_text(k, v)} until end of turn",
                    RULE_EFFECT, {"card": target, "keyword": k, "value": v}))


def fx_bounce(state, player, target, params, ev):
    if target is None:
        return
    state.push("removal", card=target, why="bounce")


def fx_recover(state, player, target, params, ev):
    z = state.table.zones[f"p{player}.damage"]
    for _ in range(params["n"]):
        if not z:
            break
        iid = z[-1]
        ev.append(state.table.move(iid, f"p{player}.discard", face=1, caption="A card leaves the damage zone (card effect)",
                               rule=RULE_EFFECT))
        ev.append(state.damage_counter_event(player))


def fx_charge(state, player, target, params, ev):
    if target is None:
        return
    state.charge_from_deck(state.table.owner[target], target, params["n"], ev, RULE_EFFECT)


def fx_dominate(state, player, target, params, ev):
    if target is None or not state.table.zone[target].startswith(f"p{player}.faction."):
        return
    state.move_to_dominion(target, ev, "card effect: the character is dominated (digest A.6.19)")


def fx_discard_random(state, player, target, params, ev):
    victim = _who(state, player, params)
    hand = state.table.zones[f"p{victim}.hand"]
    for _ in range(params["n"]):
        if not hand:
            break
        iid = hand[state.rng.randbelow(len(hand))]
        ev.append(state.table.move(iid, f"p{victim}.discard", face=1, caption=f"Player {victim + 1} discards a random card",
                               rule=RULE_EFFECT))


def fx_cancel_attack(state, player, target, params, ev):
    if state.attack is not None:
        state.attack = dict(state.attack, cancelled=1)
        ev.append(Event("attack.cancel", "The attack is stopped (card effect)", RULE_EFFECT, {}))


def fx_search(state, player, target, params, ev):
    deck = state.table.zones[f"p{player}.deck"]
    for iid in deck:
        c = state.db[state.table.card[iid]]
        if "faction" in params and c["faction"] != params["faction"]:
            continue
        if "icon" in params and params["icon"] not in c["icons"]:
            continue
        if "type" in params and c["type"] != params["type"]:
            continue
        e = state.table.move(iid, f"p{player}.hand", caption=f"Player {player + 1} searches the deck for a card", rule=RULE_EFFECT)
        ev.append(state.table.reveal([iid], caption=f"Player {player + 1} reveals {c['name']}", rule=RULE_EFFECT))
        ev.append(e)
        break
    state.rng.shuffle(deck)
    ev.append(Event("deck.shuffle", f"Player {player + 1} shuffles the deck", RULE_EFFECT, {"player": player}))


def fx_mill(state, player, target, params, ev):
    victim = _who(state, player, params)
    deck = state.table.zones[f"p{victim}.deck"]
    for _ in range(params["n"]):
        if not deck:
            break
        ev.append(state.table.move(deck[0], f"p{victim}.discard", face=1, caption=f"A card of Player {victim + 1}'s deck is discarded",
                               rule=RULE_EFFECT))


EFFECTS = {
    "draw": fx_draw, "judge": fx_judge, "destroy": fx_destroy, "strip": fx_strip, "modify": fx_modify,
    "grant": fx_grant, "bounce": fx_bounce, "recover": fx_recover, "charge": fx_charge, "dominate": fx_dominate,
    "discard_random": fx_discard_random, "cancel_attack": fx_cancel_attack, "search": fx_search, "mill": fx_mill,
}


def run_effects(state, player, effects, target, host, ev):
    """Apply a card's effect list in order. Effects pushed as steps (judgment,
    removal) resolve after the list, in the order written."""
    pushed = []
    for e in effects:
        tgt = host if e.get("on") == "self" else target
        if tgt is not None and not state.on_field(tgt):
            tgt = None
        before = len(state.steps)
        EFFECTS[e["op"]](state, player, tgt, e, ev)
        if len(state.steps) > before:
            pushed.extend(state.steps[before:])
            del state.steps[before:]
        if state.outcome is not None:
            return
    state.steps.extend(reversed(pushed))
