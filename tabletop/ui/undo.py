"""Undo and take-back, derived from the match log (no pygame here).

The log of choices is the only source of truth (tabletop.saves.Match), so
taking a move back is ``Match.replay_to(n)``: the state is rebuilt from the
set-up by replaying the first ``n`` choices. This module decides *which* ``n``.

The rule (applied the same way against the computer and at one screen):

1. **What is taken back.** A player's last *real* choice, i.e. the last entry
   of the log made by that player at a decision where they had more than one
   choice (giving up aside), together with every choice made after it (the
   other player's replies, and the one-choice steps the table took on its own).
   The game goes back to the moment that decision was asked.

2. **Hidden information is never taken back.** Undo never crosses a point where
   the undoing player learned something the earlier state did not show them.
   "Learned" is decided generically, from what the engine already says about
   visibility:

   * ``K`` = the card identities the player sees in ``view(player)`` of the
     state the undo would go back to (pairs of ``iid`` and card id, attached
     cards included).
   * Every event of every choice from there on is looked at *as that player
     sees it* (``Event.for_player``). An event that shows a card id for an
     instance not in ``K`` (``card.move``/``card.flip`` ``{card, card_id}``,
     ``reveal`` ``{cards, card_ids}``, or any game event carrying a
     ``card_id``) told them something new: a card drawn into their hand, the
     rival's set card turned face up, a card revealed from a hand.
   * So does a view of a later state that shows an identity not in ``K``
     (for games whose events leave the identity out).

   If that happened, the undo goes back only to just after the last such
   choice, and says so in words; if that point is where the game is now,
   nothing is taken back and the refusal says why. (Redoing a choice after an
   undo gives the same result, because all randomness comes from the state's
   own generator: an undo can't re-roll a shuffle or a draw.)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.engine.core import Event
from tabletop.i18n import N_, _, game_text, ngettext

def real_decision(state, player: int) -> bool:
    """Did ``player`` have a real choice here (more than one, giving up aside)?"""
    d = state.decision
    if d is None or player not in d.players:
        return False
    return sum(1 for c in d.choices_for(player) if c.role != "resign") > 1


def known_cards(view: dict) -> set:
    """The (iid, card id) pairs a view shows: every card whose identity the
    viewer may know, attached cards included."""
    out = set()

    def add(c):
        if not isinstance(c, dict):
            return
        if c.get("card") is not None and c.get("iid") is not None:
            out.add((c["iid"], c["card"]))
        for a in c.get("attached") or ():
            add(a)

    for cards in (view.get("zones") or {}).values():
        for c in cards or ():
            add(c)
    return out


def _identities(data: dict) -> list:
    """The (iid or None, card id) pairs an event's data shows."""
    out = []
    if not isinstance(data, dict):
        return out
    cid = data.get("card_id")
    if isinstance(cid, str):
        iid = data.get("card")
        out.append((iid if isinstance(iid, int) and not isinstance(iid, bool) else None, cid))
    ids, iids = data.get("card_ids"), data.get("cards")
    if isinstance(ids, list):
        iids = iids if isinstance(iids, list) and len(iids) == len(ids) else [None] * len(ids)
        for i, c in zip(iids, ids):
            if isinstance(c, str):
                out.append((i if isinstance(i, int) and not isinstance(i, bool) else None, c))
    return out


def new_identities(ev: Event, player: int, known: set) -> set:
    """The card identities ``ev`` shows ``player`` (as they see it) that are
    not in ``known``. An identity shown without its instance counts as new
    unless a card of that id is in ``known``."""
    out = set()
    known_ids = None
    for iid, cid in _identities(ev.for_player(player).data):
        if iid is not None:
            if (iid, cid) not in known:
                out.add((iid, cid))
        else:
            if known_ids is None:
                known_ids = {c for _iid, c in known}
            if cid not in known_ids:
                out.add((None, cid))
    return out


@dataclass
class UndoPlan:
    """What an undo for ``player`` would do: rewind to ``target`` choices (None:
    nothing can be taken back), and the words to say."""

    player: int
    current: int
    target: int | None = None
    limited: bool = False
    message: str = ""
    label: str = ""                 # the choice taken back (when it is)
    events: list = field(default_factory=list)  # events of the choices kept, in order

    @property
    def ok(self) -> bool:
        return self.target is not None and self.target < self.current

    @property
    def count(self) -> int:
        return self.current - self.target if self.ok else 0


def plan_undo(match, player: int, name: str = "you") -> UndoPlan:
    """Where an undo by ``player`` goes on ``match`` (see the module docstring
    for the rule). ``name`` is how the message calls the player ("you", or a
    name at one screen). Replays the log once; nothing is changed."""
    log = list(match.log)
    cur = len(log)
    plan = UndoPlan(player, cur)
    state = match.initial_state()
    all_events: list = []          # events of each choice, by index
    k = None                       # the last real choice of the player
    k_state = None
    labels = {}
    for i, (p, cid) in enumerate(log):
        if p == player and real_decision(state, player):
            k, k_state = i, state.clone()
            c = state.decision.find(cid, p)
            labels[i] = c.label if c is not None else cid
        all_events.append(state.apply_id(cid, p))
    if k is None:
        plan.message = _("There is nothing to take back yet.")
        return plan
    # what the player learned from the state at k onwards: ``seen`` grows with
    # each identity shown, so the last choice that showed something new is found
    seen = known_cards(k_state.view(player))
    last_reveal, reveal_caption = None, ""
    state = k_state
    for i in range(k, cur):
        evs = all_events[i]
        state.apply_id(log[i][1], log[i][0])
        hit = None
        for e in evs:
            new = new_identities(e, player, seen)
            if new:
                seen |= new
                hit = e
        later = known_cards(state.view(player)) - seen
        if later:
            seen |= later
            hit = hit or (evs[-1] if evs else Event("reveal", N_("a hidden card came into sight")))
        if hit is not None:
            last_reveal = i
            reveal_caption = hit.for_player(player).caption or hit.kind
    target = k if last_reveal is None else last_reveal + 1
    plan.label = labels.get(k, "")
    gid = getattr(getattr(match, "game", None), "id", None)
    seen_what = game_text(reveal_caption, gid)
    if target >= cur:
        if name == "you":
            plan.message = _("Can't take that back: since your last move you saw a hidden card ({caption}). "
                             "Undo never goes back past a point where hidden information was shown.").format(caption=seen_what)
        else:
            plan.message = _("Can't take that back: since {name}'s last move {name} saw a hidden card ({caption}). "
                             "Undo never goes back past a point where hidden information was shown.").format(
                name=name, caption=seen_what)
        return plan
    plan.target = target
    plan.limited = last_reveal is not None
    plan.events = [e for evs in all_events[:target] for e in evs]
    if plan.limited:
        if name == "you":
            plan.message = _("Taken back only to just after \"{caption}\": that showed you a hidden card, and undo "
                             "never goes back past what was seen.").format(caption=seen_what)
        else:
            plan.message = _("Taken back only to just after \"{caption}\": that showed {name} a hidden card, and undo "
                             "never goes back past what was seen.").format(caption=seen_what, name=name)
    else:
        n = cur - target
        move = game_text(plan.label, gid)
        if n > 1:
            plan.message = ngettext("Took back: {move} (and {n} step after it).", "Took back: {move} (and {n} steps after it).",
                                    n - 1).format(move=move, n=n - 1)
        else:
            plan.message = _("Took back: {move}.").format(move=move)
    return plan

