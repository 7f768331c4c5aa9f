"""Legality as named checks (kit :class:`Checks`), and ``why_not``.

Each check returns why a choice is refused, or None; the same rule lists
the legal choices (``ready_cards``, ``combo_nexts``, ``catch_cards`` call
the checks of this module's rules) and answers ``why_not``.
"""

from __future__ import annotations

from tabletop.engine.checks import Checks

from .rules.combo import combo_refusal
from .rules.get import hand_full
from .rules.ready import ready_cards, ready_refusal

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


def _combo_check(state, p, args):
    card = _card(args)
    if card is None or not 0 <= card < len(state.table.card):
        return None
    return combo_refusal(state, card, state.combo_count + 1)


LEGAL.check("combo_start", rule="seed 6")(_combo_check)
LEGAL.check("combo_next", rule="seed 6")(_combo_check)

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


def why_not(state, kind: str, args: dict, player=None) -> str:
    """One sentence naming the rule that forbids this choice now."""
    d = state.decision
    if d is None:
        return "the game is over."
    if player is not None and player not in d.players:
        if d.kind == "ready" and state.declared[player]:
            return "you have already declared ready; the opponent is still choosing (seed 5.2)."
        if d.kind == "no_response_pick":
            return ("you made no response, so your opponent chooses which of your techniques you must ready "
                    "(digest B.4 rule 16).")
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
        return "sudden death: take techniques from your own List until your hand reaches its limit (seed 8)."
    if proc == "get_pick":
        if kind == "get_skip":
            return LEGAL.why_not(state, kind, args, p) or "it is the Get phase: take a technique from your List (seed 5.4)."
        if kind == "get":
            return "only a technique from your own List (or your ultimate) can be taken (seed 5.4)."
        return "it is the Get phase: take a technique from your List (seed 5.4)."
    if proc == "combo_choice":
        if kind in ("combo_start", "combo_next") and _card(args) is not None and 0 <= args["card"] < len(state.table.card):
            return (LEGAL.why_not(state, kind, args, p)
                    or "combo techniques must be of consecutive speed, each 1 higher than the last (seed 6).")
        return "it is combo time: add a technique of the next speed or end it (seed 6)."
    if proc == "catch_choice":
        if kind == "catch" and isinstance(args.get("card"), int):
            return f"a catch uses an attack from hand of speed {step.args['max']} or less (seed 5.3.10)."
        return "it is catch time (seed 5.3.10)."
    if proc == "grab_window":
        return "only a technique with the grab judgment in your hand can be broken to nullify a grab (seed 7)."
    if proc == "no_response_pick":
        return (f"{state.names[step.args['target']]} made no response: you choose one technique from their hand "
                "that they could ready (digest B.4 rule 16).")
    if proc == "replenish":
        return "refill your List with a non-special technique from your own side deck (seed 3.3)."
    if proc == "ability_window":
        return "that ability can't be used now: its timing, cost or condition is not met (seed 5.1, 5.5)."
    if proc in ("get_discard", "hand_limit"):
        return "discard a technique from your own hand (seed 5.4)."
    return f"that is not one of the legal choices now ({d.prompt})."
