"""Write the catalog templates (.pot) from the code and data files, and bring
each language's .po up to date with them (new words added untranslated, words
no longer used dropped, translations kept).

    python tools/i18n_catalogs.py            # every game and the rules kit
    python tools/i18n_catalogs.py rush_duel  # one game

The application's own words (tabletop/locale/screens.pot, table.pot) are
extracted with Babel's pybabel (README, "Translating").
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.engine import registry  # noqa: E402
from tabletop.engine.registry import game_dir  # noqa: E402
from tabletop.i18n.extract import game_templates, kit_template  # noqa: E402

LANGS = ("ko", "ja")


def write(locale: Path, name: str, pot) -> None:
    locale.mkdir(parents=True, exist_ok=True)
    with open(locale / f"{name}.pot", "wb") as fh:
        write_po(fh, pot, width=0, sort_output=False, omit_header=False, include_lineno=False)
    for lang in LANGS:
        po_path = locale / lang / "LC_MESSAGES" / f"{name}.po"
        po_path.parent.mkdir(parents=True, exist_ok=True)
        if po_path.exists():
            with open(po_path, "rb") as fh:
                po = read_po(fh, locale=lang)
            po.update(pot, no_fuzzy_matching=True, update_header_comment=False)
            po.obsolete.clear()
        else:
            with open(locale / f"{name}.pot", "rb") as fh:
                po = read_po(fh, locale=lang)
            po.locale = lang
        with open(po_path, "wb") as fh:
            write_po(fh, po, width=0, sort_output=False, include_lineno=False, ignore_obsolete=True)


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    games = registry.all_games()
    wanted = args or sorted(games) + ["kit"]
    for gid in wanted:
        if gid == "kit":
            write(ROOT / "tabletop" / "locale", "kit", kit_template())
            print("kit")
            continue
        g = games[gid]
        loc = Path(game_dir(g)) / "locale"
        for name, pot in game_templates(g).items():
            write(loc, name, pot)
        print(gid)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
