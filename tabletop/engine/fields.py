"""State fields declared once.

A game state lists its fields in one table, each with its kind and a short
comment; :func:`declare` derives ``clone()``, ``fields_to_data()`` and
``fields_from_data()`` from it, so there is no hand-kept parallel list of
names. ``clone()`` is generated as straight-line code (as ``dataclasses``
does), so it is as fast as a hand-written one.

Kinds (how a field is copied by ``clone`` and written by ``to_data``):

=============  ===========================================  ==========================
kind           copied as                                    data
=============  ===========================================  ==========================
``value``      the same object (ints, strings, None)         as is
``tuple``      the same object (an immutable tuple)          a list
``list``       ``x[:]`` (a list of plain values)             a list
``lists``      ``[y[:] for y in x]`` (a list of lists)       a list of lists
``dict``       ``dict(x)`` (int keys, plain values)          sorted ``[key, value]`` pairs
``tuples``     ``dict(x)`` (int keys, tuple values)          sorted ``[key, [..]]`` pairs
``records``    ``[dict(y) for y in x]`` (a list of dicts)    a list of dicts
``per_player`` ``[dict(y) for y in x]`` (a dict per player)  a list of dicts
``table``      ``x.clone()`` (a :class:`CardTable`)           ``x.to_data()``
``rng``        ``x.copy()`` (a :class:`PCG32`)                ``x.to_data()``
``steps``      the procedure stack (:mod:`.procedure`)       a list of step records
``outcome``    the same object (a frozen :class:`Outcome`)  ``x.to_data()`` or None
``shared``     the same object, never written (card db)     not written
``cache``      reset to ``None``                            not written
``decision``   the same object (the pending decision: a     not written
               clone's is the same until either changes;
               determinize resets it)
=============  ===========================================  ==========================

Example::

    FIELDS = declare(RushState, [
        field("table", "table", "card instances and zones"),
        field("life_points", "list", "each player's LP", default=lambda: [8000, 8000]),
        field("decision_cache", "decision", "the pending decision, built on demand"),
    ])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

KINDS = ("value", "tuple", "list", "lists", "dict", "tuples", "records", "per_player",
         "table", "rng", "steps", "shared", "cache", "decision", "outcome")

_COPY = {
    "value": "self.{n}",
    "tuple": "self.{n}",
    "shared": "self.{n}",
    "cache": "None",
    "decision": "self.{n}",
    "list": "self.{n}.copy()",  # as x[:], without building a slice
    "lists": "list(map(_list_copy, self.{n}))",  # as [y[:] for y in x], without a comprehension's call
    "dict": "_dict_copy(self.{n})",  # dict(x): a plain dict, without the class call
    "tuples": "_dict_copy(self.{n})",
    "records": "list(map(_dict_copy, self.{n}))",  # as [dict(y) for y in x]: plain dicts
    "per_player": "list(map(_dict_copy, self.{n}))",
    "table": "self.{n}.clone()",
    "rng": "self.{n}.copy()",
    "steps": "list(map(_step_copy, self.{n}))",  # as [y.copy() for y in x], without a comprehension's call
    "outcome": "self.{n}",
}


@dataclass(frozen=True)
class Field:
    """One state field: its attribute name, kind, comment and default (a value,
    or a callable that makes a fresh one)."""

    name: str
    kind: str
    doc: str
    default: Any = None

    def fresh(self):
        return self.default() if callable(self.default) else self.default


def field(name: str, kind: str, doc: str, default: Any = None) -> Field:
    if kind not in KINDS:
        raise ValueError(f"field {name!r}: unknown kind {kind!r} (known: {', '.join(KINDS)})")
    if not doc:
        raise ValueError(f"field {name!r} needs a comment")
    return Field(name, kind, doc, default)


def _dump(f: Field, value):
    k = f.kind
    if k in ("value",):
        return value
    if k == "tuple":
        return list(value) if value is not None else None
    if k == "list":
        return list(value)
    if k == "lists":
        return [list(y) for y in value]
    if k == "dict":
        return sorted([key, v] for key, v in value.items())
    if k == "tuples":
        return sorted([key, list(v)] for key, v in value.items())
    if k in ("records", "per_player"):
        return [dict(y) for y in value]
    if k in ("table", "rng"):
        return value.to_data()
    if k == "steps":
        return [y.to_data() for y in value]
    if k == "outcome":
        return None if value is None else value.to_data()
    raise AssertionError(k)


def _load(f: Field, data, table_specs, step_type):
    k = f.kind
    if k == "value":
        return data
    if k == "tuple":
        return tuple(data) if data is not None else None
    if k == "list":
        return list(data)
    if k == "lists":
        return [list(y) for y in data]
    if k == "dict":
        return {key: v for key, v in data}
    if k == "tuples":
        return {key: tuple(v) for key, v in data}
    if k in ("records", "per_player"):
        return [dict(y) for y in data]
    if k == "table":
        from .table import CardTable

        return CardTable.from_data(data, table_specs)
    if k == "rng":
        from .rng import PCG32

        return PCG32.from_data(data)
    if k == "steps":
        return [step_type.from_data(y) for y in data]
    if k == "outcome":
        from .outcome import Outcome

        return Outcome.from_data(data)
    raise AssertionError(k)


class Fields:
    """The declared fields of one state class."""

    def __init__(self, cls, fields: list[Field]):
        self.cls = cls
        self.fields = list(fields)
        self.by_name = {f.name: f for f in self.fields}
        if len(self.by_name) != len(self.fields):
            raise ValueError(f"{cls.__name__}: a field is declared twice")
        self.written = [f for f in self.fields if f.kind not in ("shared", "cache", "decision")]

    def init(self, state) -> None:
        """Give every field of ``state`` its default."""
        for f in self.fields:
            setattr(state, f.name, f.fresh())

    def to_data(self, state) -> dict:
        return {f.name: _dump(f, getattr(state, f.name)) for f in self.written}

    def from_data(self, state, data: dict, table_specs=None) -> None:
        """Fill ``state`` from ``to_data`` output (fields missing from ``data``
        keep their defaults: an older state form still loads)."""
        from .procedure import Step

        for f in self.fields:
            if f.kind in ("shared",):
                continue
            if f.kind in ("cache", "decision") or f.name not in data:
                setattr(state, f.name, f.fresh()) if f.kind != "shared" else None
                continue
            setattr(state, f.name, _load(f, data[f.name], table_specs, Step))

    def describe(self) -> list[tuple[str, str, str]]:
        return [(f.name, f.kind, f.doc) for f in self.fields]


def declare(cls, fields: list[Field]) -> Fields:
    """Attach the field table to ``cls`` (as ``cls.FIELDS``) and give it a
    generated ``clone()``. Returns the table."""
    table = Fields(cls, fields)
    lines = ["def clone(self):", "    s = _new(_cls)"]
    for f in table.fields:
        lines.append(f"    s.{f.name} = " + _COPY[f.kind].format(n=f.name))
    lines.append("    return s")
    from .procedure import Step

    namespace: dict[str, Callable] = {"_new": object.__new__, "_cls": cls, "_step_copy": Step.copy,
                                   "_dict_copy": dict.copy, "_list_copy": list.copy}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the field table above
    clone = namespace["clone"]
    clone.__doc__ = f"A copy of this {cls.__name__} (generated from its field table)."
    clone.__qualname__ = f"{cls.__name__}.clone"
    cls.FIELDS = table
    cls.clone = clone
    return table
