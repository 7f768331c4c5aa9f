"""Effects of the Aquarian Age card vocabulary (cards.toml ``effect``): the
primitives are registered in primitives.py; ``run_effects`` applies a card's
list. A targeted effect whose target has left the field does nothing (the
card resolves without it, digest A.7.25).

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

from .primitives import EFFECTS, TARGETED

__all__ = ["EFFECTS", "TARGETED", "effects_text", "run_effects"]


def effects_text(effects: list) -> str:
    """The text an effect list prints (each primitive's text, in order)."""
    return " ".join(EFFECTS.text(e) for e in effects)


def run_effects(state, player, effects, target, host, events):
    """Apply a card's effect list in order. Effects pushed as steps (judgment,
    removal) resolve after the list, in the order written."""
    pushed = []
    for e in effects:
        tgt = host if e.get("on") == "self" else target
        if tgt is not None and not state.on_field(tgt):
            tgt = None
        before = len(state.steps)
        EFFECTS.resolve(state, (player, tgt), e, events)
        if len(state.steps) > before:
            pushed.extend(state.steps[before:])
            del state.steps[before:]
        if state.outcome is not None:
            return
    state.steps.extend(reversed(pushed))
