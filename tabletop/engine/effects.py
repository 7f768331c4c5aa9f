"""Effect primitives, each registered in one place.

A card's effect is data: a list of operations ``{"op": NAME, ...args}``. Each
primitive is registered once, with its argument schema (checked when the card
file loads, naming the file and the card), the text it prints on a card and
its resolver, side by side::

    EFFECTS = Effects("riftbound")

    @EFFECTS.primitive("damage", args={"amount": int, "target": TARGET},
                       text=lambda a: f"Deal {a['amount']} to {target_text(a['target'])}.")
    def damage(state, ctx, args, events): ...

Targets are written the same way in every game: ``target`` is a table
``{who = "self"|"opponent"|"any", zone = ZONE NAME, filter = {...},
count = N, choose = true|false}``, or one of the shorthands ``"self"``,
``"opponent"``, ``"this"`` (the card itself).
"""

from __future__ import annotations

from typing import Any, Callable

from .errors import CardFileError

TARGET = "target"       # schema type: a target table or shorthand (see above)
OPTIONAL = object()     # wrap: {"amount": (int, OPTIONAL)}
TARGET_SHORTHANDS = ("self", "opponent", "this")
TARGET_KEYS = {"who": str, "zone": str, "filter": dict, "count": int, "choose": bool}


class Primitive:
    __slots__ = ("name", "args", "text", "resolve", "doc")

    def __init__(self, name: str, args: dict, text: Callable | None, resolve: Callable, doc: str):
        self.name = name
        self.args = args
        self.text = text
        self.resolve = resolve
        self.doc = doc


def _type_name(t) -> str:
    if t is TARGET:
        return "a target"
    if isinstance(t, tuple):
        return " or ".join(_type_name(x) for x in t if x is not OPTIONAL)
    return {int: "a whole number", str: "text", bool: "true or false", list: "a list", dict: "a table",
            float: "a number"}.get(t, getattr(t, "__name__", str(t)))


def _fits(value, t) -> bool:
    if isinstance(t, tuple):
        return any(_fits(value, x) for x in t if x is not OPTIONAL)
    if t is TARGET:
        return check_target(value) is None
    if t is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if t is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(t, (set, frozenset)):
        return value in t
    return isinstance(value, t)


def check_target(value) -> str | None:
    """None for a well-formed target, else what is wrong with it."""
    if isinstance(value, str):
        return None if value in TARGET_SHORTHANDS else f"{value!r} is not a target (use a table or one of {', '.join(TARGET_SHORTHANDS)})"
    if not isinstance(value, dict):
        return "a target is a table or a shorthand"
    for k, v in value.items():
        if k not in TARGET_KEYS:
            return f"a target has no key {k!r} (keys: {', '.join(TARGET_KEYS)})"
        if not isinstance(v, TARGET_KEYS[k]) or (TARGET_KEYS[k] is int and isinstance(v, bool)):
            return f"the target's {k} must be {_type_name(TARGET_KEYS[k])}"
    if value.get("who", "any") not in ("self", "opponent", "any"):
        return "the target's who must be \"self\", \"opponent\" or \"any\""
    return None


class Effects:
    """The effect primitives of one game."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self.table: dict[str, Primitive] = {}

    def primitive(self, name: str, args: dict | None = None, text: Callable | None = None):
        def deco(fn):
            if name in self.table:
                raise ValueError(f"{self.game_id}: effect primitive {name!r} is registered twice")
            self.table[name] = Primitive(name, dict(args or {}), text, fn, (fn.__doc__ or "").strip())
            return fn
        return deco

    def __contains__(self, name: str) -> bool:
        return name in self.table

    def __getitem__(self, name: str) -> Primitive:
        return self.table[name]

    # -- card files ------------------------------------------------------------------
    def problems(self, op: Any) -> list[str]:
        """What is wrong with one operation (empty: nothing)."""
        if not isinstance(op, dict):
            return ["an effect operation must be a table with an \"op\" key"]
        name = op.get("op")
        if name not in self.table:
            return [f"unknown effect {name!r} (known: {', '.join(sorted(self.table))})"]
        prim = self.table[name]
        out = []
        for key, t in prim.args.items():
            optional = isinstance(t, tuple) and OPTIONAL in t
            if key not in op:
                if not optional:
                    out.append(f"effect {name!r} needs {key!r} ({_type_name(t)})")
                continue
            if not _fits(op[key], t):
                why = check_target(op[key]) if t is TARGET else None
                out.append(f"effect {name!r}: {key!r} must be {_type_name(t)}" + (f": {why}" if why else ""))
        for key in op:
            if key != "op" and key not in prim.args:
                out.append(f"effect {name!r} has no argument {key!r} (arguments: {', '.join(prim.args) or 'none'})")
        return out

    def validate(self, ops: Any, path: str, card_id: str, field: str = "effect") -> None:
        """Raise CardFileError naming the file and the card for a bad effect list."""
        if not isinstance(ops, list):
            raise CardFileError(f"card {card_id!r}: {field} must be a list of operations", path)
        for n, op in enumerate(ops):
            problems = self.problems(op)
            if problems:
                raise CardFileError(f"card {card_id!r}: {field} operation {n + 1}: {problems[0]}", path)

    # -- text and resolution -----------------------------------------------------------
    def text(self, op: dict) -> str:
        prim = self.table[op["op"]]
        return prim.text(op) if prim.text else ""

    def resolve(self, state, ctx, op: dict, events: list):
        return self.table[op["op"]].resolve(state, ctx, op, events)
