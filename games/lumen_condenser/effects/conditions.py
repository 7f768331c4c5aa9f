"""The conditions an effect may carry (README, "Effects"), and the conflict
rule for restrictions (digest B.9 rule 39)."""

from __future__ import annotations

# condition key -> what it asks (the card text wording)
CONDITIONS = {
    "if_opp": "the opponent's technique is of this type",
    "if_opp_pos": "the opponent's attack is at this position",
    "if_fp_min": "your FP is at least this",
    "if_hp_max": "your HP is at most this",
    "if_opp_hp_max": "the opponent's HP is at most this",
    "if_counter_min": "your trait counter is at least this",
}


def condition_holds(state, p: int, e: dict) -> bool:
    """True when every condition of effect ``e`` holds for player ``p``."""
    q = 1 - p
    v = e.get("if_opp")
    if v is not None and state.technique_type(q) != v:
        return False
    v = e.get("if_opp_pos")
    if v is not None and (state.technique_type(q) != "attack" or state.tech(state.battle_cards[q]).pos != v):
        return False
    v = e.get("if_fp_min")
    if v is not None and state.fp[p] < v:
        return False
    v = e.get("if_hp_max")
    if v is not None and state.hp[p] > v:
        return False
    v = e.get("if_opp_hp_max")
    if v is not None and state.hp[q] > v:
        return False
    v = e.get("if_counter_min")
    if v is not None and state.trait_counters[p] < v:
        return False
    return True


def conflicts(state, p: int, e: dict) -> bool:
    """Digest B.9 rule 39: of two conflicting mandatory effects only the
    first applies, so a restriction can't be declared on a player who
    already has one (seed 3.2 example)."""
    if e["do"] != "restrict":
        return False
    t = p if e.get("target", "opponent") == "self" else 1 - p
    return bool(state.restrictions[t])
