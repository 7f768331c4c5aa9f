"""Write the app's Korean and Japanese fonts: Noto Sans CJK (SIL Open Font
License 1.1) cut down with fontTools to the characters the app can show.

    python tools/subset_fonts.py [NotoSansCJK-Regular.ttc]

The full collection comes from Debian's fonts-noto-cjk package
(/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc). Each face keeps
ASCII, Latin-1, the punctuation and symbols the table uses, kana, the
characters of every catalog of its language, and, so that names a player
types are drawn too, the 2,350 Hangul syllables of KS X 1001 (Korean) or
the 2,965 kanji of JIS X 0208 level 1 (Japanese). Run it again after the
catalogs change: tests/test_i18n_glyphs.py fails while a catalog holds a
character the font lacks.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FACES = {"ko": ("Noto Sans CJK KR", "NotoSansCJKkr-Regular-subset.otf"),
         "ja": ("Noto Sans CJK JP", "NotoSansCJKjp-Regular-subset.otf")}


def base_chars() -> set[str]:
    chars = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x180)}
    for lo, hi in ((0x2000, 0x206F), (0x2190, 0x21FF), (0x2460, 0x24FF), (0x2500, 0x25FF), (0x2600, 0x26FF),
                   (0x3000, 0x303F), (0x3040, 0x30FF), (0xFF00, 0xFFEF), (0x2200, 0x22FF)):
        chars |= {chr(c) for c in range(lo, hi + 1)}
    return chars


def legacy_set(encoding: str, rows) -> set[str]:
    out = set()
    for r in rows:
        for c in range(0xA1, 0xFF):
            try:
                out.add(bytes([r, c]).decode(encoding))
            except UnicodeDecodeError:
                pass
    return out


def catalog_chars(lang: str) -> set[str]:
    chars: set[str] = set()
    for po in list(ROOT.glob(f"tabletop/locale/{lang}/LC_MESSAGES/*.po")) + list(ROOT.glob(f"games/*/locale/{lang}/LC_MESSAGES/*.po")):
        chars |= set(po.read_text(encoding="utf-8"))
    for pot in list(ROOT.glob("tabletop/locale/*.pot")) + list(ROOT.glob("games/*/locale/*.pot")):
        chars |= set(pot.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable()}


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    source = args[0] if args else SOURCE
    if not Path(source).exists():
        print(f"{source}: no such font collection (install Debian's fonts-noto-cjk)", file=sys.stderr)
        return 2
    coll = TTCollection(source)
    by_name = {f["name"].getDebugName(4): i for i, f in enumerate(coll.fonts)}
    out_dir = ROOT / "assets" / "fonts"
    out_dir.mkdir(parents=True, exist_ok=True)
    for lang, (face, out) in FACES.items():
        chars = base_chars() | catalog_chars(lang)
        if lang == "ko":
            chars |= legacy_set("euc-kr", range(0xB0, 0xC9))   # Hangul syllables of KS X 1001
        else:
            chars |= legacy_set("euc-jp", range(0xB0, 0xD0))   # JIS X 0208 level-1 kanji
        opts = subset.Options()
        opts.font_number = by_name[face]
        opts.layout_features = ["*"]
        opts.name_IDs = ["*"]
        opts.name_languages = ["*"]
        opts.notdef_outline = True
        opts.hinting = False
        opts.desubroutinize = False
        font = subset.load_font(source, opts)
        sub = subset.Subsetter(opts)
        sub.populate(unicodes=[ord(c) for c in chars])
        sub.subset(font)
        subset.save_font(font, str(out_dir / out), opts)
        print(f"{out}: {len(chars)} characters, {(out_dir / out).stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
