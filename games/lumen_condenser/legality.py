"""Legality as named checks (kit :class:`Checks`), and ``why_not``.

Each check returns why a choice is refused, or None; the same rule lists
the legal choices (``ready_cards``, ``combo_nexts``, ``catch_cards``,
``get_options``, ``grab_cards``, ``replenish_cards``, ``abilities`` and the
discard list apply the refusals these checks call) and answers
``why_not``. A check that needs the decision's own arguments (the catch
speed, the ability timing) reads them from the decision
step now waiting; away from that step it refuses with the step's name.
"""

from __future__ import annotations

from tabletop.engine.checks import Checks

from .rules.battle import grab_break_refusal
from .rules.breaks import replenish_refusal
from .rules.catch import catch_refusal
from .rules.combo import combo_pair_refusal, combo_refusal
from .rules.get import discard_refusal, get_refusal, hand_full
from .rules.ready import ready_cards, ready_refusal
from .rules.windows import ability_refusal
from .zones import HAND

LEGAL = Checks()


def _card(args):
    card = args.get("card")
    return card if isinstance(card, int) and not isinstance(card, bool) else None


@LEGAL.check("ready")  # its reasons name their rules
def check_ready(state, p, args):
    return ready_refusal(state, p, args.get("card"))


@LEGAL.check("no_response", rule="seed 5.2")
def check_no_response(state, p, args):
    if ready_cards(state, p):
        return "you have a technique to ready; no response only comes when none can be readied (seed 5.2)"
    return None


@LEGAL.check("timeout", rule="seed 5.2")
def check_timeout(state, p, args):
    if not state.timed:
        return "untimed play has no countdown (seed 5.2 timer is a set-up option)"
    if state.first_declarer < 0:
        return "the 10-second countdown starts only once the opponent has declared ready (seed 5.2)"
    return None


@LEGAL.check("get_skip", rule="seed 5.4")
def check_get_skip(state, p, args):
    if not hand_full(state, p):
        return "below the hand limit taking a technique is mandatory (seed 5.4)"
    return None


def _step_args(state, *procs):
    """The arguments of the decision step now waiting when it is one of ``procs``, else None."""
    if state.decision is None or not state.steps or state.steps[-1].proc not in procs:
        return None
    return state.steps[-1].args


def _on_table(state, card) -> bool:
    return card is not None and 0 <= card < len(state.table.card)


def _card_refusal(state, args, refusal, *rest):
    card = _card(args)
    if not _on_table(state, card):
        return "that is not a card on the table"
    return refusal(state, *rest, card)


@LEGAL.check("catch", rule="seed 5.3.10")
def check_catch(state, p, args):
    a = _step_args(state, "catch_choice")
    if a is None:
        return "a catch comes only at catch time (seed 5.3.10)"
    card = _card(args)
    if not _on_table(state, card):
        return f"a catch uses an attack from hand of speed {a['max']} or less (seed 5.3.10)"
    return catch_refusal(state, p, card, a["max"])


@LEGAL.check("get")  # its reasons name their rules (seed 5.4; seed 8 in sudden death)
def check_get(state, p, args):
    a = _step_args(state, "get_pick", "sudden_death_get")
    if a is None:
        return "techniques are taken in the Get phase (seed 5.4)"
    card = _card(args)
    if not _on_table(state, card):
        return "only a technique from your own List (or your ultimate) can be taken (seed 5.4)"
    return get_refusal(state, p, card, state.steps[-1].proc == "sudden_death_get")


@LEGAL.check("discard", rule="seed 5.4")
def check_discard(state, p, args):
    if _step_args(state, "get_discard", "hand_limit") is None:
        return "a discard comes only when the hand is over its limit (seed 5.4)"
    return _card_refusal(state, args, discard_refusal, p)


@LEGAL.check("grab_break", rule="seed 7")
def check_grab_break(state, p, args):
    if _step_args(state, "grab_window") is None:
        return "a grab technique is broken only to nullify a grab, in the grab timing (seed 7)"
    return _card_refusal(state, args, grab_break_refusal, p)


@LEGAL.check("replenish", rule="seed 3.3")
def check_replenish(state, p, args):
    if _step_args(state, "replenish") is None:
        return "the List is refilled only after one of your techniques is broken (seed 3.3)"
    return _card_refusal(state, args, replenish_refusal, p)


@LEGAL.check("ability")  # its reasons name their rules (seed 5.1, 5.5; digest B.1 rule 4)
def check_ability(state, p, args):
    a = _step_args(state, "ability_window")
    if a is None:
        return "abilities are used in the Lumen and Recovery phases (seed 5.1, 5.5)"
    return ability_refusal(state, p, a["timing"], args)


@LEGAL.check("combo_start", rule="seed 6")
def check_combo_start(state, p, args):
    a, b = _card(args), _card({"card": args.get("next")})
    if not (_on_table(state, a) and _on_table(state, b)):
        return None
    return combo_pair_refusal(state, p, a, b)


@LEGAL.check("combo_next", rule="seed 6")
def check_combo_next(state, p, args):
    card = _card(args)
    if not _on_table(state, card):
        return None
    if state.table.zone[card] != HAND[p]:
        return "only attack techniques from your hand can continue a combo (seed 6)"
    return combo_refusal(state, card, state.combo_count + 1)

WAITING_FOR = {  # the player whose decision it is not: what the other is doing
    "get": "{who} takes first: the Get phase goes in priority order, one technique each (seed 5.4).",
    "lumen_ability": "{who} is acting: Lumen-phase abilities go one at a time from the priority holder (seed 3.2).",
    "recovery_ability": "{who} is acting: Recovery-phase abilities go one at a time from the priority holder "
                        "(seed 3.2).",
    "grab": "{who} may break a grab technique to nullify the grab now (seed 7).",
    "combo": "it is {who}'s combo time (seed 6).",
    "catch": "{who} may catch now (seed 5.3.10).",
    "discard": "{who} is discarding a technique (seed 5.4).",
}


DECISION_KINDS = {  # decision step: (its checked choice kind, the sentence for anything else it refuses, by timing
    #                  in an ability window)
    "catch_choice": ("catch", "it is catch time: catch with an attack of speed {max} or less, or don't (seed 5.3.10)."),
    "grab_window": ("grab_break", "it is the grab timing: break a grab technique from your hand to nullify the grab, "
                                  "or let it go on (seed 7)."),
    "replenish": ("replenish", "refill your List with a non-special technique from your own side deck (seed 3.3)."),
    "ability_window": ("ability", {"lumen": "it is the lumen timing: use an ability or pass (seed 3.2).",
                                   "recovery": "it is the recovery timing: use an ability or pass (seed 3.2)."}),
    "get_discard": ("discard", "discard a technique from your own hand (seed 5.4)."),
    "hand_limit": ("discard", "discard a technique from your own hand (seed 5.4)."),
}


def why_not(state, kind: str, args: dict, player=None) -> str:
    """One sentence naming the rule that forbids this choice now."""
    d = state.decision
    if d is None:
        return "the game is over."
    if player is not None and player not in d.players:
        if d.kind == "ready" and state.declared[player]:
            return "you have already declared ready; the opponent is still choosing (seed 5.2)."
        if d.kind == "replenish":
            return f"{state.names[d.players[0]]} is choosing a side-deck technique to refill the List (seed 3.3)."
        who = state.names[d.players[0]]
        msg = WAITING_FOR.get(d.kind)
        return msg.format(who=who) if msg else f"it is {who}'s decision now ({d.kind})."
    step = state.steps[-1]
    proc = step.proc
    p = player if player is not None else d.players[0]
    if proc == "ready_declarations":
        if kind in ("ready", "no_response", "timeout"):
            refused = LEGAL.why_not(state, kind, args, p)
            if refused:
                return refused
        return "both players are choosing a technique in the Ready phase (seed 5.2)."
    if proc == "sudden_death_get":
        return ((kind == "get" and LEGAL.why_not(state, kind, args, p))
                or "sudden death: take techniques from your own List until your hand reaches its limit (seed 8).")
    if proc == "get_pick":
        if kind in ("get_skip", "get"):
            refused = LEGAL.why_not(state, kind, args, p)
            if refused:
                return refused
        return "it is the Get phase: take a technique from your List (seed 5.4)."
    if proc == "combo_choice":
        if kind in ("combo_start", "combo_next") and _card(args) is not None and 0 <= args["card"] < len(state.table.card):
            return (LEGAL.why_not(state, kind, args, p)
                    or "combo techniques must be of consecutive speed, each 1 higher than the last (seed 6).")
        return "it is combo time: add a technique of the next speed or end it (seed 6)."
    kinds = DECISION_KINDS.get(proc)
    if kinds is not None:
        if kind == kinds[0]:
            refused = LEGAL.why_not(state, kind, args, p)
            if refused:
                return refused
        said = kinds[1][step.args["timing"]] if isinstance(kinds[1], dict) else kinds[1]
        return said.format(**step.args)
    return f"that is not one of the legal choices now ({d.prompt})."
