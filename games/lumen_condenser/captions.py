"""Captions written from their templates without ``str.format``.

The rules keep each sentence as one template with named fields (the
translation catalogs are made from those texts). ``str.format`` reads the
template again at every call; :func:`writer` reads it once and gives a
function that writes the same text from the fields, as fast as an f-string.
"""

from __future__ import annotations

from string import Formatter
from typing import Callable

from tabletop.engine.core import Event


def writer(template: str) -> Callable[..., str]:
    """A function ``(**fields) -> str`` (or ``(*values)`` for a template with
    numbered fields) that writes ``template.format(...)`` exactly."""
    body = []
    names: list[str] = []
    for literal, field, spec, conv in Formatter().parse(template):
        body.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is None:
            continue
        name = f"_{field}" if field.isdigit() else field
        if not name.isidentifier():
            raise ValueError(f"caption template {template!r}: field {field!r} is not a plain name")
        if name not in names:
            names.append(name)
        body.append("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    if any(n.startswith("_") for n in names):  # numbered fields: taken in their number's order
        names.sort(key=lambda n: int(n[1:]))
    source = "lambda" + " " + ", ".join(names) + ":f" + repr("".join(body))  # lambda a, b:f"{a} ... {b}"
    return eval(source, {})  # noqa: S307 (the template is the rules' own)


def writers(templates: dict) -> dict:
    """:func:`writer` for each template of a dict, under the same keys."""
    return {k: writer(v) for k, v in templates.items()}


class SaidEvent(Event):
    """An event whose caption is written when first read (headless play
    never reads it), as the kit's card moves write theirs: ``_say`` is the
    caption, or ``(writer, value...)`` to write it with, the values as they
    were when the event was made."""

    __slots__ = ("_say",)
    __init__ = object.__init__  # made field by field

    @property
    def caption(self) -> str:
        say = self._say
        if say.__class__ is tuple:
            say = self._say = say[0](*say[1:])
        return say

    @caption.setter
    def caption(self, value: str) -> None:
        self._say = value


class DataEvent(SaidEvent):
    """A :class:`SaidEvent` whose data is written when first read too (a
    tuple costs less to make than a dict, and headless play never reads
    it): ``_more`` is the data's keys and values in turn, ``(key, value,
    key, value...)``, the values as they were when the event was made."""

    __slots__ = ("_more", "_data")

    @property
    def data(self) -> dict:
        try:
            return self._data
        except AttributeError:  # not written yet
            d = self._data = self._written()
            return d

    @data.setter
    def data(self, value: dict) -> None:
        self._data = value

    def _written(self) -> dict:
        """The data, written from ``_more``."""
        more = self._more
        return dict(zip(more[::2], more[1::2]))
