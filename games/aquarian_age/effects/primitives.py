"""The Aquarian Age effect primitives (digest A.10 / A.11), each registered
once in the kit's Effects table: its arguments (checked when a card file
loads, naming the file and the card), the text it prints and its resolver,
side by side. A resolver is ``fn(state, ctx, params, events)`` with ``ctx``
= (player, target): who plays the card or uses the ability and the chosen
character iid (None when there is none or it has left the field)."""

from __future__ import annotations

from tabletop.engine.core import make_event
from tabletop.engine.effects import OPTIONAL, Effects

from ..board import DECK, DAMAGE, DISCARD, HAND
from ..carddb import STATS, parse_skill, skill_text

EFFECTS = Effects("aquarian_age")
RULE_EFFECT = "digest A.10 (card effects as data)"
ON = (frozenset({"self", "target"}), OPTIONAL)    # "self": a character ability aims at its own character
WHO = (frozenset({"self", "opp"}), OPTIONAL)      # whose deck, hand or judgment (default per primitive)
# the primitives that aim at a character (a card or ability using one needs a target)
TARGETED: set[str] = set()


def primitive(name: str, args: dict, text, targeted: bool = False):
    if targeted:
        TARGETED.add(name)
    return EFFECTS.primitive(name, args=args, text=text if callable(text) else (lambda a, t=text: t))


# an effect's text is one whole sentence for each case: one card or several
# (``_count``), you or your opponent (``_mine``)
def _count(n: int, one: str, many: str) -> str:
    return (one if n == 1 else many).format(n=n)


def _mine(a: dict, default: str) -> bool:
    return a.get("who", default) == "self"


def _judge_text(a: dict) -> str:
    if _mine(a, "opp"):
        return "You make a damage judgment of {n}.".format(n=a["n"])
    return "Your opponent makes a damage judgment of {n}.".format(n=a["n"])


def _discard_random_text(a: dict) -> str:
    if _mine(a, "opp"):
        return _count(a["n"], "You discards 1 card at random.", "You discards {n} cards at random.")
    return _count(a["n"], "Your opponent discards 1 card at random.", "Your opponent discards {n} cards at random.")


def _mill_text(a: dict) -> str:
    if _mine(a, "self"):
        return _count(a["n"], "You puts the top 1 card of the deck into the discard pile.",
                      "You puts the top {n} cards of the deck into the discard pile.")
    return _count(a["n"], "Your opponent puts the top 1 card of the deck into the discard pile.",
                  "Your opponent puts the top {n} cards of the deck into the discard pile.")


def _search_text(a: dict) -> str:
    what = " ".join(x for x in (a.get("faction"), a.get("icon"), a.get("type")) if x) or "any"
    return f"Put the first {what} card of your deck into your hand, then shuffle the deck."


def _who(state, player, params, default="opp"):
    who = params.get("who", default)
    return player if who == "self" else 1 - player


@primitive("draw", args={"n": int, "on": ON},
           text=lambda a: _count(a["n"], "Draw 1 card.", "Draw {n} cards."))
def draw(state, ctx, params, events):
    player, target = ctx
    for _ in range(params["n"]):
        if not state.draw_card(player, events, RULE_EFFECT):
            return


@primitive("judge", args={"n": int, "who": WHO, "on": ON},
           text=_judge_text)
def judge(state, ctx, params, events):
    player, target = ctx
    victim = _who(state, player, params)
    events.append(make_event("damage.judgment", f"{state.names[victim]} makes a damage judgment of {params['n']} (card effect)",
                    "digest A.9.30", {"player": victim, "n": params["n"]}))
    state.push("damage_judgment", player=victim, count=params["n"])


@primitive("destroy", args={"on": ON},
           text="Discard the character with everything stacked on it.", targeted=True)
def destroy(state, ctx, params, events):
    player, target = ctx
    if target is None:
        return
    state.push("removal", card=target, why="effect")


@primitive("strip", args={"on": ON},
           text="Discard the character's power cards.", targeted=True)
def strip(state, ctx, params, events):
    player, target = ctx
    if target is None:
        return
    state.strip_power(target, events, "effect: power cards discarded (digest A.10)")


# what a stat change says, one whole sentence per stat
_MODIFY_SAID = {"mental": "{card} mental {delta} until end of turn",
                "attack": "{card} attack {delta} until end of turn",
                "durability": "{card} durability {delta} until end of turn"}


@primitive("modify", args={"stat": frozenset(STATS), "delta": int, "on": ON},
           text=lambda a: f"The character gets {a['stat']} {a['delta']:+d} until the end of the turn.", targeted=True)
def modify(state, ctx, params, events):
    player, target = ctx
    if target is None:
        return
    state.add_modifier(target, params["stat"], params["delta"])
    said = _MODIFY_SAID[params["stat"]].format(card=state.name_of(target), delta=f"{params['delta']:+d}")
    events.append(make_event("effect.modify", said,
                    RULE_EFFECT, {"card": target, "stat": params["stat"], "delta": params["delta"]}))


@primitive("grant", args={"keyword": str, "on": ON},
           text=lambda a: f"The character gains {a['keyword']} until the end of the turn.", targeted=True)
def grant(state, ctx, params, events):
    player, target = ctx
    if target is None:
        return
    k, v = parse_skill(params["keyword"])
    state.add_modifier(target, "kw." + k, v)
    events.append(make_event("effect.grant", f"{state.name_of(target)} gains {skill_text(k, v)} until end of turn",
                    RULE_EFFECT, {"card": target, "keyword": k, "value": v}))


@primitive("bounce", args={"on": ON},
           text="Return the character to its owner's hand.", targeted=True)
def bounce(state, ctx, params, events):
    player, target = ctx
    if target is None:
        return
    state.push("removal", card=target, why="bounce")


@primitive("recover", args={"n": int, "on": ON},
           text=lambda a: _count(a["n"], "Put 1 card of your damage zone into the discard pile.",
                                 "Put {n} cards of your damage zone into the discard pile."))
def recover(state, ctx, params, events):
    player, target = ctx
    z = state.table.zones[DAMAGE[player]]
    for _ in range(params["n"]):
        if not z:
            break
        iid = z[-1]
        events.append(state.move(iid, DISCARD[player], face=1, caption="A card leaves the damage zone (card effect)",
                               rule=RULE_EFFECT))
        events.append(state.damage_counter_event(player))


@primitive("charge", args={"n": int, "on": ON},
           text=lambda a: _count(a["n"], "The top 1 card of the deck become the character's power cards.",
                                 "The top {n} cards of the deck become the character's power cards."), targeted=True)
def charge(state, ctx, params, events):
    player, target = ctx
    if target is None:
        return
    state.charge_from_deck(state.table.owner[target], target, params["n"], events, RULE_EFFECT)


@primitive("dominate", args={"on": ON},
           text="Your faction-area character moves to your dominion area.", targeted=True)
def dominate(state, ctx, params, events):
    player, target = ctx
    if target is None or not state.table.zone[target].startswith(f"p{player}.faction."):
        return
    state.move_to_dominion(target, events, "card effect: the character is dominated (digest A.6.19)")


@primitive("discard_random", args={"n": int, "who": WHO, "on": ON},
           text=_discard_random_text)
def discard_random(state, ctx, params, events):
    player, target = ctx
    victim = _who(state, player, params)
    hand = state.table.zones[HAND[victim]]
    for _ in range(params["n"]):
        if not hand:
            break
        iid = hand[state.rng.randbelow(len(hand))]
        events.append(state.move(iid, DISCARD[victim], face=1, caption=f"{state.names[victim]} discards a random card",
                               rule=RULE_EFFECT))


@primitive("cancel_attack", args={"on": ON},
           text="Stop the attack.")
def cancel_attack(state, ctx, params, events):
    player, target = ctx
    if state.attack is not None:
        state.attack = dict(state.attack, cancelled=1)
        events.append(make_event("attack.cancel", "The attack is stopped (card effect)", RULE_EFFECT, {}))


@primitive("search", args={"faction": (str, OPTIONAL), "icon": (str, OPTIONAL), "type": (str, OPTIONAL), "on": ON},
           text=_search_text)
def search(state, ctx, params, events):
    player, target = ctx
    deck = state.table.zones[DECK[player]]
    for iid in deck:
        c = state.db[state.table.card[iid]]
        if "faction" in params and c["faction"] != params["faction"]:
            continue
        if "icon" in params and params["icon"] not in c["icons"]:
            continue
        if "type" in params and c["type"] != params["type"]:
            continue
        e = state.move(iid, HAND[player], caption=f"{state.names[player]} searches the deck for a card", rule=RULE_EFFECT)
        events.append(state.table.reveal([iid], caption="{player} reveals {card}".format(player=state.names[player], card=c["name"]), rule=RULE_EFFECT))
        events.append(e)
        break
    state.rng.shuffle(deck)
    events.append(make_event("deck.shuffle", f"{state.names[player]} shuffles the deck", RULE_EFFECT, {"player": player}))


@primitive("mill", args={"n": int, "who": WHO, "on": ON},
           text=_mill_text)
def mill(state, ctx, params, events):
    player, target = ctx
    victim = _who(state, player, params)
    deck = state.table.zones[DECK[victim]]
    for _ in range(params["n"]):
        if not deck:
            break
        events.append(state.move(deck[0], DISCARD[victim], face=1, caption=f"A card of {state.names[victim]}'s deck is discarded",
                               rule=RULE_EFFECT))
