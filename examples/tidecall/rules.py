"""The rules of play (1-4, 6) as kit procedures, and who may do what as kit checks (LEGAL): each check
is written once, used both to list the legal choices and to answer why_not."""

from tabletop.engine.checks import Checks, in_zone
from tabletop.engine.core import Choice, Decision, Event
from tabletop.engine.procedure import AGAIN, DONE, WAIT, Procedures, Processor

from .effects import EFFECTS, choosable, chosen_target, target_text

PROCS, LEGAL = Procedures("tidecall"), Checks()
PROCESSOR = Processor(PROCS)
TURN = ("draw_phase", "main_phase", "battle_phase", "end_phase")  # rule 1: a turn, in order
FIELD_SLOTS = 3


def _may_play(state, player, args, card_type):
    """Rule 3: one card a turn, from your hand, in your main phase."""
    why = in_zone(state, player, args.get("card"), "hand")
    card = None if why else state.card_of(args["card"])
    return ("cards are played only in your own main phase" if state.phase != "main" or player != state.active else
            "you have already played your card this turn" if state.played_card else why if why else
            f"{card['name']} is a {card['type']}: " + ("cast it" if card["type"] == "spell" else "play it to your field")
            if card["type"] != card_type else None)


@LEGAL.check("summon", rule="Playing a creature (3.1)")
def summon(state, player, args):
    return _may_play(state, player, args, "creature") or (
        "a creature goes to your own field" if args.get("to") != f"p{player}.field" else
        f"your field already holds {FIELD_SLOTS} creatures" if state.table.count(f"p{player}.field") >= FIELD_SLOTS else None)


@LEGAL.check("cast", rule="Casting a spell (3.2)")
def cast(state, player, args):
    why = _may_play(state, player, args, "spell")
    if why:
        return why
    card = state.card_of(args["card"])
    wanted, target = chosen_target(card["effect"]), args.get("target")
    if target not in (choosable(state, player, wanted) if wanted else [None]):
        return f"{card['name']} " + (f"needs {target_text(wanted)} as its target" if wanted else "takes no target")


@LEGAL.check("attack", rule="Declaring an attack (4.1)")
def attack(state, player, args):
    card = args.get("card")
    return ("creatures attack one at a time, in your own battle phase"
            if state.phase != "battle" or player != state.active or state.attacker() is not None else
            "nobody attacks on the first turn of the game" if state.turn_number == 1 else
            "a creature played this turn cannot attack until your next turn" if card in state.fresh else
            "each creature attacks at most once a turn" if card in state.attacked else in_zone(state, player, card, "field"))


@LEGAL.check("block", rule="Blocking (4.2)")
def block(state, player, args):
    return ("only the defending player blocks, while a creature attacks"
            if state.attacker() is None or player == state.active else
            "a blocker stands in front of the attacking creature" if args.get("target") != state.attacker() else
            in_zone(state, player, args.get("card"), "field"))


def _open(state, step, events):
    """A phase's first run announces it (stage 0 -> 1: "main_phase" begins the main phase); it then waits."""
    if step.stage == 0:
        step.stage = 1
        state.begin_phase(step.proc.removesuffix("_phase"), events)
    return WAIT


@PROCS.step("turn", rule="The turn (1)")
def turn(state, step, events):
    for name in reversed(TURN):  # pushed last runs first
        PROCESSOR.push(state, name)
    return DONE


@PROCS.step("draw_phase", rule="Draw Phase (2)")
def draw_phase(state, step, events):
    """The active player draws a card; the first player skips it on turn 1."""
    state.begin_phase("draw", events)
    if state.turn_number > 1:
        state.draw(state.active, events, "Draw Phase (2)")
    return DONE


@PROCS.decision("main_phase", rule="Main Phase (3)")
class MainPhase:
    """Play one card (a creature or a spell), then go to battle."""

    run = _open

    def decide(state, step):
        p, out = state.active, []
        for iid in state.table.ids(f"p{p}.hand"):  # every play the checks allow: a creature summoned, a spell cast
            card = state.card_of(iid)
            wanted = chosen_target(card["effect"])
            casts = [{"card": iid, "target": t} for t in choosable(state, p, wanted)] if wanted else [{"card": iid}]
            options = [("summon", {"card": iid, "to": f"p{p}.field"})] + [("cast", args) for args in casts]
            out += [Choice(kind, args, p, f"{'Play' if kind == 'summon' else 'Cast'} {card['name']}")
                    for kind, args in options if LEGAL.allows(kind, state, p, args)]
        out += [Choice("end_phase", {}, p, "Go to battle", role="end"), Choice("concede", {}, p, "Concede", role="resign")]
        return Decision([p], "main_action", f"Player {p + 1}: play a card or go to battle", out)

    def choose(state, step, choice, events):
        if choice.role:  # "end" finishes the phase; "resign" is Conceding (7.3)
            state.conceded = choice.player if choice.role == "resign" else None
            return DONE
        p, iid, creature = choice.player, choice.args["card"], choice.kind == "summon"
        state.played_card, state.fresh = True, state.fresh + [iid] * creature
        zone, verb, rule = ("field", "plays", "Playing a creature (3.1)") if creature else \
            ("discard", "casts", "Casting a spell (3.2)")
        events.append(state.table.move(iid, f"p{p}.{zone}", face=1, rule=rule,
                                       caption=f"Player {p + 1} {verb} {state.card_of(iid)['name']}"))
        if state.card_of(iid)["effect"]:
            PROCESSOR.push(state, "resolve_effect", card=iid, player=p, target=choice.args.get("target"))
        return AGAIN


@PROCS.step("resolve_effect", rule="Resolving an effect (5)")
def resolve_effect(state, step, events):
    for op in state.card_of(step.args["card"])["effect"]:  # in the order printed
        EFFECTS.resolve(state, step.args, op, events)
    return DONE


@PROCS.decision("battle_phase", rule="Battle Phase (4)")
class BattlePhase:
    """Attack with ready creatures, one at a time, then end the turn."""

    run = _open

    def decide(state, step):
        p = state.active
        out = [Choice("attack", {"card": i}, p, f"{state.card_of(i)['name']} attacks")
               for i in state.table.ids(f"p{p}.field") if LEGAL.allows("attack", state, p, {"card": i})]
        out += [Choice("end_turn", {}, p, "End the turn", role="end"), Choice("concede", {}, p, "Concede", role="resign")]
        return Decision([p], "battle_action", f"Player {p + 1}: attack or end the turn", out)

    def choose(state, step, choice, events):
        if choice.role:  # "end" finishes the phase; "resign" is Conceding (7.3)
            state.conceded = choice.player if choice.role == "resign" else None
            return DONE
        iid = choice.args["card"]
        state.attacked.append(iid)
        events.append(Event("battle.attack", f"{state.card_of(iid)['name']} attacks", "Declaring an attack (4.1)",
                            {"card": iid, "card_id": state.table.card[iid]}))
        PROCESSOR.push(state, "block_step", attacker=iid)
        return AGAIN


@PROCS.decision("block_step", rule="Block Step (4.2)")
class BlockStep:
    """The defending player may put one of their creatures in the way."""

    def decide(state, step):
        p, attacker = 1 - state.active, step.args["attacker"]
        out = [Choice("block", {"card": i, "target": attacker}, p, f"Block with {state.card_of(i)['name']}")
               for i in state.table.ids(f"p{p}.field") if LEGAL.allows("block", state, p, {"card": i, "target": attacker})]
        out.append(Choice("no_block", {}, p, "Take the hit", role="pass"))
        return Decision([p], "block", f"Player {p + 1}: block {state.card_of(attacker)['name']}?", out)

    def choose(state, step, choice, events):
        PROCESSOR.push(state, "damage_step", attacker=step.args["attacker"], blocker=choice.args.get("card"))
        return DONE


@PROCS.step("damage_step", rule="Damage Step (4.3)")
def damage_step(state, step, events):
    """Unblocked, the defender loses the attacker's power in life; blocked, the weaker dies (both on a tie)."""
    attacker, blocker, power = step.args["attacker"], step.args["blocker"], state.card_of(step.args["attacker"])["power"]
    if blocker is None:
        state.change_life(1 - state.active, -power, events, "Damage Step (4.3)")
        return DONE
    guard = state.card_of(blocker)["power"]
    events.append(Event("battle.clash", f"Clash: {power} against {guard}", "", {"attacker": attacker, "blocker": blocker}))
    for iid in ([blocker] if power >= guard else []) + ([attacker] if guard >= power else []):
        state.destroy(iid, events, "Damage Step (4.3)")
    return DONE


@PROCS.step("end_phase", rule="End Phase (6)")
def end_phase(state, step, events):
    """The turn passes to the other player."""
    state.begin_phase("end", events)
    state.played_card, state.fresh, state.attacked = False, [], []
    state.active, state.turn_number = 1 - state.active, state.turn_number + 1
    PROCESSOR.push(state, "turn")
    return DONE
