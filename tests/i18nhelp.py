"""Reading the shipped catalogs in tests (from the files, not through the app)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from tabletop import i18n

LOCALE = Path(i18n.__file__).resolve().parent.parent / "locale"


def catalog_word(lang: str, msgid: str, catalog: str = "screens") -> str:
    """The translation the app's ``catalog`` holds for ``msgid`` (never the English)."""
    with open(LOCALE / lang / "LC_MESSAGES" / f"{catalog}.po", "rb") as fh:
        po = read_po(fh, locale=lang)
    word = po[msgid].string
    assert word and word != msgid
    return word
