"""Options that lead to the same position, searched once.

A decision often lists several options that come to the same thing: two
copies of one card in hand played the same way, the same card paid from
either of two identical sources. A search that weighs each of them apart
spends its budget on one line several times over. ``position_of`` describes
the position an option leads to as the mover sees it, with the card instance
numbers replaced by the order in which the cards appear on the table (so
that "copy 1 played, copy 2 in hand" and "copy 2 played, copy 1 in hand"
read alike), and ``distinct`` keeps the first option of each group whose
positions are identical.

Two options are merged only when everything the mover can see after them is
the same: every zone with its cards in order (each card's face, orientation,
slot, counters and attachments), the players' counters, the game's public
extras, and the next decision with the labels of all its choices (which name
what each player may do next, so a card that could still act in one line and
not in the other keeps the options apart). The positions are compared in one
determinized world, after the engine's default answers (how to pay) that
follow the option. Game-agnostic: ``view``, ``decision`` and the choices'
labels only.

``best_by_one_step`` narrows a root to the options the heuristic likes best
one step ahead (Hard's ``top_k``).
"""

from __future__ import annotations

from tabletop.engine.core import Choice, State, canonical_json

from .agents import apply_with_defaults

__all__ = ["position_of", "distinct", "distinct_options", "best_by_one_step"]


def _iids(node, order: dict) -> None:
    """The card instance numbers of a view, numbered in the order met."""
    if isinstance(node, dict):
        iid = node.get("iid")
        if isinstance(iid, int) and not isinstance(iid, bool) and iid not in order:
            order[iid] = len(order)
        for v in node.values():
            if isinstance(v, (dict, list)):
                _iids(v, order)
    elif isinstance(node, list):
        for v in node:
            if isinstance(v, (dict, list)):
                _iids(v, order)


def _renamed(node, order: dict, in_card: bool = False):
    """``node`` with each card instance number replaced by its place in
    ``order``: in a card's "iid" field always; elsewhere outside a card's own
    entries (the game's extras: an attacker, a chain) an integer that is an
    instance number of this view. A card's counters stay as they are."""
    if isinstance(node, dict):
        card = in_card or "iid" in node
        out = {}
        for k, v in node.items():
            if k == "iid" and isinstance(v, int) and v in order:
                out[k] = f"#{order[v]}"
            else:
                out[k] = _renamed(v, order, card)
        return out
    if isinstance(node, list):
        return [_renamed(v, order, in_card) for v in node]
    if not in_card and isinstance(node, int) and not isinstance(node, bool) and node in order:
        return f"#{order[node]}"
    return node


def position_of(s: State, player: int) -> str:
    """The position ``s`` as ``player`` sees it, card instances renumbered
    (see the module docstring), as one text: equal texts, the same position."""
    v = s.view(player)
    order: dict = {}
    _iids(v, order)
    d = s.decision
    nxt = None if d is None else [list(d.players), d.kind, d.prompt,
                                  sorted([c.player, c.label, c.role] for c in d.choices)]
    return canonical_json([_renamed(v, order), nxt])


def distinct(looked: list, player: int) -> list:
    """The entries of ``looked`` (each ``[choice, position after it, ...]``)
    that differ, the first of each group kept, in the given order: options
    are one group when their labels are the same (the engine names the same
    action, with another copy of a card) and so are their positions. The
    labels guard against a position caught in the middle of an action (a
    summon waiting for its tributes) whose part still to come the view does
    not show."""
    seen = set()
    out = []
    for x in looked:
        key = (x[0].label, position_of(x[1], player))
        if key in seen:
            continue
        seen.add(key)
        out.append(x)
    return out


def distinct_options(state: State, player: int, options: list[Choice], rng) -> list[Choice]:
    """``options`` without the ones that repeat an earlier option (see
    ``distinct``), in the given order. Only options sharing a label are
    compared (in one world determinized for ``player``), so a decision
    without such options costs nothing."""
    by_label: dict = {}
    for c in options:
        by_label.setdefault(c.label, []).append(c)
    if all(len(g) == 1 for g in by_label.values()):
        return options
    world = state.determinize(player, rng)
    drop = set()
    for group in by_label.values():
        if len(group) < 2:
            continue
        looked = []
        for c in group:
            s = world.clone()
            mine = s.decision.find(c.id, player) if s.decision is not None else None
            if mine is None:
                return options
            apply_with_defaults(s, mine)
            looked.append([c, s])
        kept = {id(x[0]) for x in distinct(looked, player)}
        drop.update(id(c) for c in group if id(c) not in kept)
    return [c for c in options if id(c) not in drop]


def best_by_one_step(state: State, player: int, options: list[Choice], k: int, rng) -> list[Choice]:
    """The ``k`` options with the best one-step heuristic in one determinization
    (Hard's ``top_k``)."""
    from .expert import _one_step

    world = state.determinize(player, rng)
    scored = []
    for i, c in enumerate(options):
        s = world.clone()
        mine = s.decision.find(c.id, player)
        if mine is None:
            continue
        apply_with_defaults(s, mine)
        scored.append((-_one_step(s.game, s, player), i, c))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [c for _, _, c in scored[:k]] or options
