"""``tabletop i18n --check``: how much of every catalog each language has.

For each template (``.pot``) of the app and of each installed game, and each
language, counts the entries its ``.po`` translates and lists the rest: an
entry is missing when the ``.po`` lacks it, leaves it empty or marks it fuzzy,
and broken when its translation drops a ``{slot}`` that carries a name or a
number (a slot that carries only an English plural ending may go).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.i18n import LANGUAGES, LOCALE_DIR

_SLOT = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*|\d+)\}")
GOAL = 99.0


@dataclass
class CatalogStatus:
    name: str            # "tabletop/screens", "rush_duel/play"
    lang: str
    total: int = 0
    translated: int = 0
    missing: list = field(default_factory=list)   # msgids
    broken: list = field(default_factory=list)    # (msgid, the slots the translation lost)

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def templates() -> list[tuple[str, Path]]:
    """(name, .pot path) of the app's and every installed game's catalogs."""
    from tabletop.engine import registry

    out = [(f"tabletop/{p.stem}", p) for p in sorted(LOCALE_DIR.glob("*.pot"))]
    for gid, game in sorted(registry.all_games().items()):
        loc = Path(registry.game_dir(game)) / "locale"
        out += [(f"{gid}/{p.stem}", p) for p in sorted(loc.glob("*.pot"))]
    return out


def _plural_slot(msgid: str, slot: str, comments) -> bool:
    """Does ``slot`` only carry an English plural ending or an article?"""
    for c in comments:
        m = re.search(r"\{%s\}: ([^;]*)" % re.escape(slot), c)
        if m and re.search(r"'s'|\"s\"|'es'|'an?'|\"an?\"|'' if|\"\" if", m.group(1)):
            return True
    return False


def check_catalog(name: str, pot_path: Path, lang: str) -> CatalogStatus:
    from babel.messages.pofile import read_po

    st = CatalogStatus(name, lang)
    with open(pot_path, "rb") as fh:
        pot = read_po(fh)
    po_path = pot_path.parent / lang / "LC_MESSAGES" / f"{pot_path.stem}.po"
    po = None
    if po_path.exists():
        with open(po_path, "rb") as fh:
            po = read_po(fh, locale=lang)
    for m in pot:
        if not m.id:
            continue
        st.total += 1
        got = po.get(m.id, m.context) if po is not None else None
        strings = [s for s in (got.string if got is not None and isinstance(got.string, (list, tuple))
                               else [got.string if got is not None else ""])]
        if got is None or got.fuzzy or not all(strings):
            st.missing.append(m.id if isinstance(m.id, str) else m.id[0])
            continue
        st.translated += 1
        msgid = m.id if isinstance(m.id, str) else m.id[0]
        want = set(_SLOT.findall(msgid if isinstance(m.id, str) else " ".join(m.id)))
        have = set().union(*(_SLOT.findall(s) for s in strings))
        lost = sorted(s for s in want - have if not _plural_slot(msgid, s, m.auto_comments))
        if lost:
            st.broken.append((msgid, lost))
    return st


def check_all(langs=None) -> list[CatalogStatus]:
    langs = langs or [code for code in LANGUAGES if code != "en"]
    return [check_catalog(name, pot, lang) for lang in langs for name, pot in templates()]


def report(statuses: list[CatalogStatus], show_missing: int = 20) -> tuple[str, bool]:
    """The text ``tabletop i18n --check`` prints, and whether every catalog
    reaches the goal with no broken entry."""
    lines, ok = [], True
    for lang in dict.fromkeys(s.lang for s in statuses):
        mine = [s for s in statuses if s.lang == lang]
        total = sum(s.total for s in mine)
        done = sum(s.translated for s in mine)
        pct = 100.0 * done / total if total else 100.0
        lines.append(f"{LANGUAGES.get(lang, lang)} ({lang}): {done} of {total} entries translated ({pct:.1f}%)")
        for s in mine:
            mark = "" if s.percent >= GOAL and not s.broken else "  <-"
            lines.append(f"  {s.name}: {s.translated}/{s.total} ({s.percent:.1f}%){mark}")
            for msgid in s.missing[:show_missing]:
                lines.append(f"      missing: {msgid[:100]!r}")
            if len(s.missing) > show_missing:
                lines.append(f"      ... and {len(s.missing) - show_missing} more missing")
            for msgid, lost in s.broken[:show_missing]:
                lines.append(f"      loses {', '.join('{%s}' % x for x in lost)}: {msgid[:100]!r}")
            if s.percent < GOAL or s.broken:
                ok = False
    return "\n".join(lines), ok
