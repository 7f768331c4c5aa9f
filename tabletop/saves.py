"""Save files, autosave and replay verification (DESIGN.md, "Saves").

A save is TOML: format version, game id and rules version, seed, set-up, the
list of choices made (``[player, choice id]``), the digest of the final state
and UI state. Loading replays the choices from the set-up and checks the
digest; the log is the only source of truth. Writes are atomic (temporary
file, fsync, rename) and keep the previous file as ``.bak``. Nothing is ever
pickled or evaluated.
"""

from __future__ import annotations

import datetime as _dt
import os
import tempfile
from pathlib import Path

import tomli_w

from .engine import tomlio
from .engine.core import Choice, Event, Game, State
from .engine.errors import IllegalChoice, SaveError, TabletopError

FORMAT_VERSION = 2
# Format 1 (the first release) took its digest over each game's internal state
# fields; format 2 takes it over State.canonical_form(). A format-1 save is
# upgraded on load: its choices are replayed one by one, each checked legal,
# and it is written as format 2 the next time it is saved.
DIGEST_SINCE_FORMAT = 2
MAX_SAVE_BYTES = 8 * 1024 * 1024
AUTOSAVE_NAME = "autosave.toml"


# -- folders -------------------------------------------------------------------

def saves_dir(override: str | os.PathLike | None = None) -> Path:
    """Where a player's saves go: ``override``, else $TABLETOP_SAVES, else the
    platform's user data folder."""
    if override:
        return Path(override)
    env = os.environ.get("TABLETOP_SAVES")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletop", appauthor=False)) / "saves"


def config_dir() -> Path:
    env = os.environ.get("TABLETOP_CONFIG")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir("tabletop", appauthor=False))


def examples_dir() -> Path:
    """The example saves shipped with the app (read-only for the app): the
    repository's ``saves/`` folder, installed as ``tabletop/example_saves``."""
    here = Path(__file__).resolve().parent
    installed = here / "example_saves"
    return installed if installed.is_dir() else here.parent / "saves"


# -- atomic writing ------------------------------------------------------------

def atomic_write_text(path: str | os.PathLike, text: str, keep_backup: bool = True) -> None:
    """Write ``text`` to ``path`` atomically; the previous file becomes ``path.bak``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and path.exists():
            bak = path.with_name(path.name + ".bak")
            os.replace(path, bak)
        os.replace(tmp, path)
        try:
            dfd = os.open(str(path.parent), os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# -- the match: a game in progress and its log -----------------------------------

class Match:
    """A game in progress: the game, its set-up and seed, the state, and the log
    of choices. Everything (saves, replays, undo, take-over) derives from the log."""

    def __init__(self, game: Game, setup: dict, seed: int, state: State | None = None):
        self.game = game
        self.setup = setup
        self.seed = int(seed)
        self.state = state if state is not None else self.initial_state()
        self.log: list[tuple[int, str]] = []
        self.ui: dict = {}
        self.name = ""
        self.created = _now()
        self.autosave_path: Path | None = None
        self.upgraded_from: int | None = None  # the older save format it was loaded from

    def initial_state(self) -> State:
        if "position" in self.setup:
            return self.game.from_position(self.setup["position"], self.seed, self.setup.get("extra_cards"))
        return self.game.new_state(self.setup, self.seed)

    @classmethod
    def new(cls, game: Game, setup: dict | None = None, seed: int = 0) -> "Match":
        return cls(game, setup if setup is not None else game.default_setup(), seed)

    def apply(self, choice: Choice) -> list[Event]:
        events = self.state.apply(choice)
        self.log.append((choice.player, choice.id))
        if self.autosave_path is not None:
            self.save(self.autosave_path, keep_backup=False)
        return events

    def replay_to(self, n: int) -> None:
        """Rewind to after the first ``n`` choices (undo, Back in a lesson)."""
        state = self.initial_state()
        for i, (player, cid) in enumerate(self.log[:n]):
            state.apply_id(cid, player)
        self.state = state
        self.log = self.log[:n]

    def players(self) -> list[str]:
        return [p.get("name", f"Player {i + 1}") for i, p in enumerate(self.setup.get("players", []))]

    # -- saving ----------------------------------------------------------------
    def to_toml(self) -> str:
        data = {
            "format": FORMAT_VERSION,
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "name": self.name,
            "created": self.created,
            "saved": _now(),
            "turn": int(self.state.turn),
            "players": self.players(),
            "seed": self.seed,
            "digest": self.state.digest(),
            "setup": self.setup,
            "choices": [[int(p), str(c)] for p, c in self.log],
            "ui": self.ui,
        }
        return tomli_w.dumps(data)

    def save(self, path: str | os.PathLike, keep_backup: bool = True) -> Path:
        path = Path(path)
        atomic_write_text(path, self.to_toml(), keep_backup=keep_backup)
        return path


def _now() -> str:
    return _dt.datetime.now().replace(microsecond=0).isoformat()


# -- loading ---------------------------------------------------------------------

def read_save(path: str | os.PathLike) -> dict:
    """Read and check a save's fields without replaying it."""
    path = os.fspath(path)
    data = tomlio.load(path, SaveError, max_bytes=MAX_SAVE_BYTES)
    for key, typ in (("format", int), ("game", str), ("rules_version", str), ("seed", int),
                     ("setup", dict), ("choices", list), ("digest", str)):
        if key not in data:
            raise SaveError(f"is not a complete save: the field {key!r} is missing (truncated or not a tabletop save)", path)
        if not isinstance(data[key], typ) or isinstance(data[key], bool):
            raise SaveError(f"the field {key!r} has the wrong type", path)
    if data["format"] > FORMAT_VERSION:
        raise SaveError(f"was written by a newer tabletop (save format {data['format']}; this version reads up to {FORMAT_VERSION})", path)
    if data["format"] < 1:
        raise SaveError(f"has an unknown save format {data['format']}", path)
    for i, entry in enumerate(data["choices"]):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                or isinstance(entry[0], bool) or not isinstance(entry[1], str)):
            raise SaveError(f"choice {i + 1} is malformed (expected [player, choice id])", path)
    return data


def load_match(path: str | os.PathLike, expect_game: str | None = None) -> Match:
    """Load a save: replay its choices and check the digest. Any problem raises
    SaveError naming the file; nothing is written."""
    from .engine.registry import all_games

    path = os.fspath(path)
    data = read_save(path)
    games = all_games()
    gid = data["game"]
    if expect_game is not None and gid != expect_game:
        raise SaveError(f"is a save of {gid!r}, not of {expect_game!r}", path)
    if gid not in games:
        raise SaveError(f"is a save of the game {gid!r}, which is not installed", path)
    game = games[gid]
    if data["rules_version"] != game.rules_version:
        raise SaveError(
            f"was saved with {gid} rules version {data['rules_version']}; the installed rules are version {game.rules_version}", path)
    try:
        match = Match(game, data["setup"], data["seed"])
    except TabletopError as exc:
        raise SaveError(f"its set-up can't be used: {exc.detail}", path) from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"its set-up is damaged ({type(exc).__name__}: {exc})", path) from None
    state = match.state
    for i, (player, cid) in enumerate(data["choices"]):
        d = state.decision
        if d is None:
            raise SaveError(f"choice {i + 1} ({cid}) comes after the game ended: the choice list was edited or damaged", path)
        c = d.find(cid, player)
        if c is None:
            raise SaveError(f"choice {i + 1} ({cid} by player {player + 1}) is not legal at that point: the choice list was edited or damaged", path)
        state.apply(c)
        match.log.append((player, cid))
    match.upgraded_from = data["format"] if data["format"] < FORMAT_VERSION else None
    if data["format"] >= DIGEST_SINCE_FORMAT and state.digest() != data["digest"]:
        raise SaveError("the replayed game does not match the stored digest: the file was edited or damaged", path)
    match.ui = data.get("ui", {}) if isinstance(data.get("ui", {}), dict) else {}
    match.name = str(data.get("name", ""))
    match.created = str(data.get("created", match.created))
    return match


def list_saves(folder: str | os.PathLike) -> list[dict]:
    """Summaries of the saves in a folder (newest first): path, game, players,
    turn, date, or the error that stops a save from loading."""
    folder = Path(folder)
    out = []
    if not folder.is_dir():
        return out
    for p in sorted(folder.glob("*.toml"), key=lambda x: x.stat().st_mtime, reverse=True):
        entry = {"path": str(p), "name": p.stem}
        try:
            data = read_save(p)
            entry.update(game=data["game"], players=data.get("players", []), turn=data.get("turn", 0),
                         date=data.get("saved", ""), error=None, name=data.get("name") or p.stem)
        except SaveError as exc:
            entry.update(game="?", players=[], turn=0, date="", error=str(exc))
        out.append(entry)
    return out


def verify(path: str | os.PathLike) -> Match:
    """Replay a save and check its digest (raises SaveError when it doesn't match)."""
    return load_match(path)
