"""Rule references as a player's rulebook names them.

The rules code cites its sources in every rule reference ("seed 3.2.1",
"digest 1.D rules 14, 21"): those notes stay in the code and the scenario
files. What a player reads comes from the game's ``rule_names.toml`` (next to
its layout.toml), one entry per reference the game emits::

    [names]
    "seed 3.2.1.1" = "Advance Summon (3.2.1.1)"

A reference the file does not name is shown with its source notes taken out
(:func:`strip_source_notes`).
"""

from __future__ import annotations

import re

from . import tomlio
from .errors import TabletopError

FILE = "rule_names.toml"
_SOURCE = re.compile(r"\b(?:seed|digest)\b\s*", re.IGNORECASE)
_PAREN_REF = re.compile(r"\(([^()]*\b(?:seed|digest)\b[^()]*)\)", re.IGNORECASE)


def strip_source_notes(ref: str) -> str:
    """``ref`` without the words naming where a rule was read: "seed 3.2.1"
    -> "3.2.1", "seed 'invisible Cleanup'" -> "invisible Cleanup"."""
    out = _SOURCE.sub("", ref)
    out = out.replace("'", "").replace("()", "")
    out = re.sub(r"\s*;\s*", "; ", out)
    out = re.sub(r"\s{2,}", " ", out).strip(" ;,")
    return out


def load_names(game) -> dict[str, str]:
    """The ``[names]`` table of the game's rule_names.toml ({} without one)."""
    from .registry import game_dir

    try:
        d = game_dir(game)
    except Exception:  # a game defined in a script has no folder
        return {}
    path = d / FILE if d is not None else None
    if path is None or not path.exists():
        return {}
    data = tomlio.load(path)
    names = data.get("names", {})
    if not isinstance(names, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
        raise TabletopError("[names] must map each rule reference to a name (text)", str(path))
    return dict(names)


def rule_name(game, ref: str) -> str:
    """What a player reads for the rule reference ``ref``."""
    if not ref:
        return ""
    names = getattr(game, "_rule_names", None)
    if names is None:
        names = load_names(game)
        try:
            game._rule_names = names
        except AttributeError:
            pass
    return names.get(ref) or strip_source_notes(ref)


def rule_text(game, text: str) -> str:
    """A sentence with each parenthesised rule reference ("... (seed 3.2.5).")
    replaced by the rule's name ("... (Activating a Trap Card, 3.2.5).")."""
    if not text:
        return text

    def one(m):
        name = rule_name(game, m.group(1).strip())
        # "Name (3.2.5)" inside brackets reads "Name, 3.2.5"
        name = re.sub(r"\s*\(([^()]*)\)$", r", \1", name)
        return f"({name})"

    return _PAREN_REF.sub(one, text)
