"""Who may do what (kit Checks): each rule written once, used both to list
the legal choices and to answer why_not."""

from tabletop.engine.checks import Checks

from .effects import choosable, chosen_target, target_text

LEGAL = Checks()
FIELD_SLOTS = 3


def _where(state, player, iid, zone):
    if not isinstance(iid, int) or not 0 <= iid < len(state.table.card) or state.table.zone[iid] != f"p{player}.{zone}":
        return f"that card is not in your {zone}"
    return None


def _may_play(state, player, args, card_type):
    """Rule 3: one card a turn, from your hand, in your main phase."""
    if state.phase != "main" or player != state.active:
        return "cards are played only in your own main phase"
    if state.played_card:
        return "you have already played your card this turn"
    why = _where(state, player, args.get("card"), "hand")
    card = None if why else state.card_of(args["card"])
    if card is not None and card["type"] != card_type:
        return f"{card['name']} is a {card['type']}: " + ("cast it" if card["type"] == "spell" else "play it to your field")
    return why


@LEGAL.check("summon", rule="Playing a creature (3.1)")
def summon(state, player, args):
    why = _may_play(state, player, args, "creature")
    if why:
        return why
    if args.get("to") != f"p{player}.field":
        return "a creature goes to your own field"
    if state.table.count(f"p{player}.field") >= FIELD_SLOTS:
        return f"your field already holds {FIELD_SLOTS} creatures"
    return None


@LEGAL.check("cast", rule="Casting a spell (3.2)")
def cast(state, player, args):
    why = _may_play(state, player, args, "spell")
    if why:
        return why
    card = state.card_of(args["card"])
    wanted = chosen_target(card["effect"])
    if wanted is None:
        return None if args.get("target") is None else f"{card['name']} takes no target"
    if args.get("target") not in choosable(state, player, wanted):
        return f"{card['name']} needs {target_text(wanted)} as its target"
    return None


@LEGAL.check("attack", rule="Declaring an attack (4.1)")
def attack(state, player, args):
    if state.phase != "battle" or player != state.active or state.attacker() is not None:
        return "creatures attack one at a time, in your own battle phase"
    if state.turn_number == 1:
        return "nobody attacks on the first turn of the game"
    if args.get("card") in state.fresh:
        return "a creature played this turn cannot attack until your next turn"
    if args.get("card") in state.attacked:
        return "each creature attacks at most once a turn"
    return _where(state, player, args.get("card"), "field")


@LEGAL.check("block", rule="Blocking (4.2)")
def block(state, player, args):
    if state.attacker() is None or player == state.active:
        return "only the defending player blocks, while a creature attacks"
    if args.get("target") != state.attacker():
        return "a blocker stands in front of the attacking creature"
    return _where(state, player, args.get("card"), "field")
