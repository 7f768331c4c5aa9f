"""Copy the game-icons used by the cards and card faces into assets/.

The icons come from the game-icons.net collection (CC BY 3.0), as packaged
on npm in ``@iconify-json/game-icons`` (one JSON file of SVG bodies):

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python tools/fetch_icons.py package/icons.json

Writes ``assets/art/<name>.svg`` for every ``art = "<name>"`` in a game's
cards.toml and every icon its faces.toml names,
drawn in white on a transparent 512 x 512 canvas (the table tints them).
Only the icons in use are kept; the rest of the folder is removed.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMED = re.compile(r'^\s*(?:art|icon|fallback_art)\s*=\s*"([a-z0-9-]+)"', re.M)


ANY_QUOTED = re.compile(r'"([a-z0-9]+(?:-[a-z0-9]+)*)"')
ALWAYS = {"card-random"}  # the picture of a card that names no art


def used_icons(collection: set[str]) -> set[str]:
    """Every art named in a cards.toml, and every icon a faces.toml names
    (any quoted icon name in it: icon, icons tables, fallback_art)."""
    names: set[str] = set(ALWAYS)
    for f in (ROOT / "games").glob("*/cards.toml"):
        names.update(NAMED.findall(f.read_text(encoding="utf-8")))
    for f in (ROOT / "games").glob("*/faces.toml"):
        names.update(n for n in ANY_QUOTED.findall(f.read_text(encoding="utf-8")) if n in collection)
    return names


def svg(body: str, w: int, h: int) -> str:
    body = body.replace("currentColor", "#ffffff")
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{body}</svg>\n'


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    data = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    icons, aliases = data["icons"], data.get("aliases", {})
    w, h = data.get("width", 512), data.get("height", 512)
    out = ROOT / "assets" / "art"
    out.mkdir(parents=True, exist_ok=True)
    want = used_icons(set(icons) | set(aliases))
    missing = []
    for name in sorted(want):
        src = name
        while src not in icons and src in aliases:
            src = aliases[src]["parent"]
        if src not in icons:
            missing.append(name)
            continue
        ic = icons[src]
        (out / f"{name}.svg").write_text(svg(ic["body"], ic.get("width", w), ic.get("height", h)), encoding="utf-8")
    for old in out.glob("*.svg"):
        if old.stem not in want:
            old.unlink()
    if missing:
        print("not in the collection:", ", ".join(missing))
        return 1
    print(f"{len(want)} icons in {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
