"""The turn (rules 1-4 and 6) as kit procedures, each naming its rule once.
TURN is the order of the phases; the kit Processor runs the step stack."""

from tabletop.engine.core import Choice, Decision, Event
from tabletop.engine.procedure import AGAIN, DONE, WAIT, Procedures, Processor

from .effects import EFFECTS, choosable, chosen_target
from .legality import LEGAL

PROCS = Procedures("tidecall")
PROCESSOR = Processor(PROCS)
TURN = ("draw_phase", "main_phase", "battle_phase", "end_phase")  # rule 1: a turn, in order


def _open(state, step, phase, events):
    """A phase's first run announces it (stage 0 -> 1); it then waits."""
    if step.stage == 0:
        step.stage = 1
        state.begin_phase(phase, events)
    return WAIT


def _finish(state, choice):
    """A phase's end (role "end") or Conceding (7.3) (role "resign", offered
    in both phases of one's own turn) finishes the phase's step."""
    if choice.role == "resign":
        state.conceded = choice.player
    return DONE


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

    def run(state, step, events):
        return _open(state, step, "main", events)

    def decide(state, step):
        p, out = state.active, []
        for iid in state.table.ids(f"p{p}.hand"):
            card = state.card_of(iid)
            if card["type"] == "creature":
                options = [("summon", {"card": iid, "to": f"p{p}.field"}, "Play")]
            else:
                wanted = chosen_target(card["effect"])
                targets = [None] if wanted is None else choosable(state, p, wanted)
                options = [("cast", {"card": iid} if t is None else {"card": iid, "target": t}, "Cast") for t in targets]
            out += [Choice(kind, args, p, f"{verb} {card['name']}") for kind, args, verb in options
                    if LEGAL.allows(kind, state, p, args)]
        out += [Choice("end_phase", {}, p, "Go to battle", role="end"), Choice("concede", {}, p, "Concede", role="resign")]
        return Decision([p], "main_action", f"Player {p + 1}: play a card or go to battle", out)

    def choose(state, step, choice, events):
        if choice.role:
            return _finish(state, choice)
        p, iid, creature = choice.player, choice.args["card"], choice.kind == "summon"
        state.played_card = True
        state.fresh += [iid] if creature else []
        zone, verb, rule = ("field", "plays", "Playing a creature (3.1)") if creature else \
            ("discard", "casts", "Casting a spell (3.2)")
        events.append(state.table.move(iid, f"p{p}.{zone}", face=1, rule=rule,
                                       caption=f"Player {p + 1} {verb} {state.card_of(iid)['name']}"))
        if state.card_of(iid)["effect"]:
            PROCESSOR.push(state, "resolve_effect", card=iid, player=p, target=choice.args.get("target"))
        return AGAIN


@PROCS.step("resolve_effect", rule="Resolving an effect (5)")
def resolve_effect(state, step, events):
    """The card's operations, in the order printed."""
    for op in state.card_of(step.args["card"])["effect"]:
        EFFECTS.resolve(state, step.args, op, events)
    return DONE


@PROCS.decision("battle_phase", rule="Battle Phase (4)")
class BattlePhase:
    """Attack with ready creatures, one at a time, then end the turn."""

    def run(state, step, events):
        return _open(state, step, "battle", events)

    def decide(state, step):
        p = state.active
        out = [Choice("attack", {"card": i}, p, f"{state.card_of(i)['name']} attacks")
               for i in state.table.ids(f"p{p}.field") if LEGAL.allows("attack", state, p, {"card": i})]
        out += [Choice("end_turn", {}, p, "End the turn", role="end"), Choice("concede", {}, p, "Concede", role="resign")]
        return Decision([p], "battle_action", f"Player {p + 1}: attack or end the turn", out)

    def choose(state, step, choice, events):
        if choice.role:
            return _finish(state, choice)
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
    """Unblocked, the defender loses life equal to the attacker's power;
    blocked, the weaker creature is destroyed (both on a tie)."""
    attacker, blocker = step.args["attacker"], step.args["blocker"]
    power = state.card_of(attacker)["power"]
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
