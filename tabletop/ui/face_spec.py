"""A game's card-face spec (``faces.toml``) and the card views faces are drawn from.

See :mod:`faces` for the drawing. Nothing here names a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field as dc_field

from tabletop.engine import tomlio
from tabletop.engine.errors import TabletopError
from tabletop.i18n import N_, _, card_text, game_text

from . import gfx


# -- the spec ----------------------------------------------------------------------------
@dataclass
class Item:
    """One printed element: a badge, a stat box, the marks row."""

    field: str = ""
    label: str = ""
    icon: str = ""
    legend: str = ""
    color: tuple = (40, 40, 48)
    current: str = ""            # the card's live value in the view: counters[current] or stats[current]
    icons: dict = dc_field(default_factory=dict)   # value -> icon (a domain, a position)
    names: dict = dc_field(default_factory=dict)   # value -> word
    small: bool = True           # shown on a small card too (else only when zoomed)
    shape: str = "circle"        # marks: "star" or "dot"
    zero: bool = True            # a value of 0 is printed (false: left off, like a gear with no Might bonus)


@dataclass
class Kind:
    match: dict = dc_field(default_factory=dict)
    frame: tuple | None = None
    badge_left: Item | None = None
    badge_right: Item | None = None
    marks: Item | None = None
    type_line: str = ""
    stats: list = dc_field(default_factory=list)
    note: str = ""
    art: str = ""

    def matches(self, view: dict) -> bool:
        for k, want in self.match.items():
            v = lookup(view, k)
            wants = want if isinstance(want, list) else [want]
            vals = v if isinstance(v, list) else [v]
            if not any(x in wants for x in vals):
                return False
        return True


@dataclass
class FaceSpec:
    background_by: str = ""
    backgrounds: dict = dc_field(default_factory=dict)
    fallback_art: str = "card-random"
    legend_title: str = N_("Reading a card")
    legend: list = dc_field(default_factory=list)     # extra (icon, text) lines
    kinds: list = dc_field(default_factory=list)
    keywords: dict = dc_field(default_factory=dict)   # keyword (lower case, first word) -> icon

    def keyword_icons(self, view: dict) -> list[tuple[str, str]]:
        """(icon, keyword) for each keyword of ``view`` that has an icon."""
        out = []
        for k in view.get("keywords") or []:
            word = str(k).split(" ")[0].split("(")[0].split("+")[0].split("-")[0].strip().lower()
            ic = self.keywords.get(word)
            if ic and (ic, str(k)) not in out:
                out.append((ic, str(k)))
        return out

    def kind_for(self, view: dict) -> Kind:
        for k in self.kinds:
            if k.matches(view):
                return k
        return Kind()

    def legend_lines(self, view: dict | None = None) -> list[tuple[str, str]]:
        """(icon, text) lines explaining every mark on ``view``'s face (all kinds when None)."""
        kinds = [self.kind_for(view)] if view is not None else self.kinds
        out: list[tuple[str, str]] = []
        for k in kinds:
            for it in [k.badge_left, k.badge_right, k.marks, *k.stats]:
                if it is None or not it.legend or (view is not None and not present(it, view)):
                    continue
                ic = it.icon or next(iter(it.icons.values()), "")
                if (ic, game_text(it.legend)) not in out:
                    out.append((ic, game_text(it.legend)))
            if k.note and ("", game_text(k.note)) not in out:
                out.append(("", game_text(k.note)))
        if view is not None:
            for ic, kw in self.keyword_icons(view):
                out.append((ic, _("{keyword} (keyword icon on the picture)").format(keyword=game_text(kw))))
        for ic, text in self.legend:
            line = (ic, game_text(text))
            if line not in out:
                out.append(line)
        return out


def _item(d, where: str, path) -> Item | None:
    if d is None:
        return None
    if not isinstance(d, dict):
        raise TabletopError(f"{where} must be a table", path)
    known = {"field", "label", "icon", "legend", "color", "current", "icons", "names", "small", "shape", "zero"}
    bad = set(d) - known
    if bad:
        raise TabletopError(f"{where}: unknown key {sorted(bad)[0]!r} (known: {', '.join(sorted(known))})", path)
    return Item(field=str(d.get("field", "")), label=str(d.get("label", "")), icon=str(d.get("icon", "")),
                legend=str(d.get("legend", "")), color=gfx.color(d.get("color"), (40, 40, 48)),
                current=str(d.get("current", "")), icons=dict(d.get("icons") or {}),
                names=dict(d.get("names") or {}), small=bool(d.get("small", True)), shape=str(d.get("shape", "circle")),
                zero=bool(d.get("zero", True)))


def load_faces(path) -> FaceSpec:
    """Read a faces.toml; a malformed file raises one TabletopError naming it."""
    data = tomlio.load(path, TabletopError)
    face = data.get("face") or {}
    spec = FaceSpec(background_by=str(face.get("background_by", "")),
                    backgrounds={str(k): gfx.color(v) for k, v in (face.get("background") or {}).items()},
                    fallback_art=str(face.get("fallback_art", "card-random")),
                    legend_title=str(face.get("legend_title", N_("Reading a card"))))
    spec.keywords = {str(k).lower(): str(v) for k, v in (data.get("keywords") or {}).items()}
    for line in data.get("legend", []) or []:
        spec.legend.append((str(line.get("icon", "")), str(line.get("text", ""))))
    for i, k in enumerate(data.get("kind", []) or []):
        where = f"[[kind]] {i + 1}"
        kd = Kind(match=dict(k.get("match") or {}), frame=gfx.color(k["frame"]) if k.get("frame") else None,
                  badge_left=_item(k.get("badge_left"), where + " badge_left", path),
                  badge_right=_item(k.get("badge_right"), where + " badge_right", path),
                  marks=_item(k.get("marks"), where + " marks", path),
                  type_line=str(k.get("type_line", "")), note=str(k.get("note", "")), art=str(k.get("art", "")))
        for j, st in enumerate(k.get("stat", []) or []):
            kd.stats.append(_item(st, f"{where} stat {j + 1}", path))
        spec.kinds.append(kd)
    return spec


_spec_cache: dict = {}


def spec_for(game) -> FaceSpec:
    """The game's faces.toml, or a plain spec (name, art, text) when it has none."""
    from .layout import game_dir
    key = id(game)
    got = _spec_cache.get(key)
    if got is None:
        d = game_dir(game)
        p = d / "faces.toml" if d else None
        got = load_faces(p) if p is not None and p.exists() else FaceSpec()
        _spec_cache[key] = got
    return got


# -- card views --------------------------------------------------------------------------
def card_view(game, card_id) -> dict:
    """What a face is drawn from: describe_card plus the card's own fields
    (``atk``, ``domain``, ``art``...). An unknown id gives a blank card."""
    try:
        d = dict(game.describe_card(card_id))
    except Exception:  # an unknown id must not break the table
        d = {"name": str(card_id), "type": "", "text": ""}
    d["card_id"] = card_id  # its name and text are translated by its id (shown_name, shown_text)
    try:
        rec = game.cards.get(card_id)
    except Exception:
        rec = None
    if isinstance(rec, dict):
        d["fields"] = rec
        if rec.get("art"):
            d["art"] = rec["art"]
    return d


def lookup(view: dict, key: str):
    """A card field by name (the card's own fields first, then its
    description); ``name[0]`` takes the first of a list."""
    if not key:
        return None
    idx = None
    m = re.match(r"^([a-z_]+)\[(\d+)\]$", key)
    if m:
        key, idx = m.group(1), int(m.group(2))
    f = view.get("fields") or {}
    v = f[key] if key in f else view.get(key)
    if idx is not None:
        return v[idx] if isinstance(v, list) and len(v) > idx else None
    return v


def present(item, view: dict) -> bool:
    """Does ``view`` print ``item`` (a value, and not a 0 the item leaves off)?"""
    if item is None:
        return False
    v = lookup(view, item.field)
    return v not in (None, "", []) and (item.zero or v != 0)


def value_text(item: Item, v) -> str:
    """A printed value (a name from ``names`` for it), in the language in use."""
    if v is None or v == "" or v == []:
        return ""
    if isinstance(v, list):
        return " ".join(_word(item.names.get(str(x), x)) for x in v)
    return _word(item.names.get(str(v), v))


def _word(v) -> str:
    """A value as printed: numbers as they are, words in the language in use."""
    if isinstance(v, (int, float)):
        return str(v)
    s = str(v)
    return game_text(s) if any(ch.isalpha() for ch in s) else s


def shown_name(view: dict) -> str:
    """A card view's name as shown (translated by the card's id)."""
    name = str(view.get("name", "?"))
    cid = view.get("card_id")
    return card_text(str(cid), "name", name) if cid is not None else game_text(name)


def shown_text(view: dict) -> dict:
    """The part of a card view its rules box shows (text and keywords), in the language in use."""
    cid = view.get("card_id")
    text = str(view.get("text", "") or "")
    text = card_text(str(cid), "text", text) if cid is not None else game_text(text)
    return {"text": text, "keywords": [game_text(str(k)) for k in (view.get("keywords") or [])]}



def current_value(item: Item, live: dict | None):
    """The live value of a stat on the table (None: as printed)."""
    if not live or not item.current:
        return None
    for part in ("counters", "stats"):
        d = live.get(part) or {}
        if item.current in d:
            return d[item.current]
    return None
