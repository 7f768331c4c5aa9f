"""A rules reference's words in the language in use (the Rules screen and
``tabletop rules``). A game's catalog holds its reference.toml keyed by place
(``reference:section.3.text``, ``reference:keyword.0.name``); a page's text is
translated whole, then cut into paragraphs as the English is. Imports no pygame."""

from __future__ import annotations

import dataclasses

from tabletop.i18n import keyed_text


def _place(ref, entry) -> str:
    """Where ``entry`` is in the reference file: ``section.N`` or ``keyword.N``."""
    group, kind = (ref.keywords, "keyword") if entry.keyword else (ref.sections, "section")
    for i, e in enumerate(group):
        if e is entry:
            return f"{kind}.{i}"
    return f"{kind}.?"


def ref_title(ref, game_id: str | None = None) -> str:
    return keyed_text("reference:title", ref.title, game_id)


def entry_title(ref, entry, game_id: str | None = None) -> str:
    field = "name" if entry.keyword else "title"
    return keyed_text(f"reference:{_place(ref, entry)}.{field}", entry.title, game_id)


def entry_paragraphs(ref, entry, game_id: str | None = None) -> list[str]:
    """The page's paragraphs ("- " items their own), in the language in use."""
    text = keyed_text(f"reference:{_place(ref, entry)}.text", entry.text, game_id)
    return dataclasses.replace(entry, text=text).paragraphs()
