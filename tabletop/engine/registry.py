"""Finds installed games: the built-in ``games`` package and the entry-point
group ``tabletop.games`` (each entry point loads to a Game object)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

from .core import Game
from .errors import TabletopError

_CACHE: dict[str, Game] | None = None


def _builtin() -> list[Game]:
    import games

    out = []
    for mod in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not mod.ispkg or mod.name.startswith("_"):
            continue
        module = importlib.import_module(f"games.{mod.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            out.append(game)
    return out


def _entry_points() -> list[Game]:
    from importlib.metadata import entry_points

    out = []
    try:
        eps = entry_points(group="tabletop.games")
    except TypeError:  # Python 3.10's older API
        eps = entry_points().get("tabletop.games", [])
    for ep in eps:
        try:
            obj = ep.load()
        except Exception as exc:  # a broken third-party plugin must not stop the app
            print(f"tabletop: game plugin {ep.name!r} failed to load: {exc}", file=sys.stderr)
            continue
        if isinstance(obj, Game):
            out.append(obj)
    return out


def all_games() -> dict[str, Game]:
    """Every installed game by id, built-in first."""
    global _CACHE
    if _CACHE is None:
        found: dict[str, Game] = {}
        for g in _builtin() + _entry_points():
            found.setdefault(g.id, g)
        _CACHE = found
    return _CACHE


def refresh() -> None:
    """Forget the games found so far: the next lookup searches again (after a
    plugin was installed while the program runs)."""
    global _CACHE
    _CACHE = None


def get_game(game_id: str) -> Game:
    games = all_games()
    if game_id not in games:
        known = ", ".join(sorted(games)) or "none"
        raise TabletopError(f"no game {game_id!r} is installed (installed: {known})")
    return games[game_id]


def game_dir(game: Game):
    """The folder holding a game's data files (cards.toml, layout.toml, lessons/):
    ``game.package_dir`` when set, else the innermost package of the game's
    class that has a layout.toml or cards.toml."""
    from pathlib import Path

    if game.package_dir:
        return Path(game.package_dir)
    parts = type(game).__module__.split(".")
    fallback = None
    for n in range(len(parts), 0, -1):
        mod = sys.modules.get(".".join(parts[:n])) or importlib.import_module(".".join(parts[:n]))
        f = getattr(mod, "__file__", None)
        if not f:
            continue
        d = Path(f).resolve().parent
        fallback = fallback or d
        if (d / "layout.toml").exists() or (d / "cards.toml").exists():
            return d
    return fallback
