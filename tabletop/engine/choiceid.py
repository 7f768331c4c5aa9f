"""What a :class:`~.core.Choice` means (its role) and how it writes its id:
its kind, then its args in key order as ``key=value`` (the save log records
ids, so this text never changes)."""

from __future__ import annotations

from typing import Any

# What a choice means, for the table, the agents and undo (Choice.role):
ROLES = (
    "pass",        # give up the chance to act now (pass priority, no response, skip)
    "end",         # end the phase or the turn
    "resign",      # concede the game (at most one per player, after their others: resign_order_violations)
    "group_add",   # add a card to a group being built (Riftbound units moving together)
    "group_done",  # finish building the group
    "timeout",     # what happens when a timed player's time runs out
    "confirm",     # accept what is offered (keep a hand, done choosing)
    "default",     # the engine's own answer to a detail it asks about (how to pay a cost);
                   # the greedy and expert players take it without weighing the others
)
_ROLE_SET = frozenset(ROLES)


def _arg_text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_arg_text(v) for v in value) + "]"
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _id_text(kind: str, args: dict) -> str:
    """A choice's id: its kind, then its args in key order as ``key=value``."""
    parts = []
    for k in (sorted(args) if len(args) > 1 else args):
        v = args[k]
        t = type(v)  # bool is not int here: it goes through _arg_text
        parts.append(k + "=" + (str(v) if t is int else v if t is str else _arg_text(v)))
    return kind + "(" + ",".join(parts) + ")"


#: (kind, *arg keys in the dict's order) -> (the keys in id order, or None when the
#: dict's own order is it; the id's text with "%s" for each value)
_ID_SHAPES: dict = {}
_SIMPLE_TYPES = frozenset((int, str))  # a value whose "%s" text is the id's text (bool is not int here)


def _id_shape(kind: str, args: dict) -> tuple:
    keys = sorted(args)
    text = kind.replace("%", "%%") + "(" + ",".join(k.replace("%", "%%") + "=%s" for k in keys) + ")"
    shape = (None if keys == list(args) else tuple(keys), text)
    if len(_ID_SHAPES) < 4096:  # kinds and key sets are few; never grow without bound
        _ID_SHAPES[(kind, *args)] = shape
    return shape


def resign_order_violations(d) -> list[str]:
    """Where the decision ``d`` breaks the order of resign choices (role "resign") the
    computer players rely on (``ai.agents.playing_choices``): each deciding
    player lists at most one, after all their other choices."""
    out = []
    for p in d.players:
        mine = d.choices_for(p)
        at = [k for k, c in enumerate(mine) if c.role == "resign"]
        if len(at) > 1 or (at and at[0] != len(mine) - 1):
            out.append(f"decision {d.kind}: the resign choice of player {p + 1} is not their last choice")
    return out
