"""Where the app's shared assets live (fonts, card art, icons, sounds).

In a source checkout they are the repository's top-level ``assets/`` folder;
an installed package carries the same folder as ``tabletop/assets``. Card
files name their art by icon name (``art = "wolf-head"``), a file
``assets/art/<name>.svg``; :func:`art_problem` is the check the card loader
runs on it. Imports no pygame.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

ART_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    """The assets folder: installed beside the package, else the checkout's."""
    here = Path(__file__).resolve().parent.parent  # the tabletop package
    for cand in (here / "assets", here.parent / "assets"):
        if (cand / "CREDITS.md").is_file():
            return cand
    return here.parent / "assets"


def art_path(name: str) -> Path:
    return assets_dir() / "art" / f"{name}.svg"


def art_problem(value) -> str | None:
    """Why ``value`` is not a usable ``art`` field (None: it is)."""
    if not isinstance(value, str) or not ART_NAME.match(value):
        return f"must be an icon name such as \"wolf-head\" (lower-case words joined by '-'), not {value!r}"
    p = art_path(value)
    if not p.is_file():
        return f"names art {value!r}, but the file assets/art/{value}.svg is missing"
    return None
