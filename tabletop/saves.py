"""Save files, autosave and replay verification (DESIGN.md, "Saves").

A save is TOML: format version, game id and rules version, seed, set-up, the
list of choices made (``[player, choice id]``), the digest of the final state
and UI state. Loading replays the choices from the set-up and checks the
digest; the log is the only source of truth. Writes are atomic (temporary
file, fsync, one rename over the old file, which is first hard-linked or
copied to ``.bak``): the path always holds a whole save. Nothing is ever
pickled or evaluated.

A save made under another rules version of its game replays its choices as
far as they stay legal under the installed rules and stops there
(:class:`ReplayReport` says where and why); one made under the installed
rules must replay exactly (every choice legal, the same digest).

Each unfinished game has its own autosave in ``autosaves/``; a finished or
conceded game is kept in ``finished/`` (to be watched back) and its autosave
is removed. Continue lists the unfinished ones.
"""

from __future__ import annotations

import datetime as _dt
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from .engine import tomlio
from .engine.core import Choice, Event, Game, State
from .engine.errors import IllegalChoice, SaveError, TabletopError
from .i18n import _, game_text

FORMAT_VERSION = 2
# Format 1 (the first release) took its digest over each game's internal state
# fields; format 2 takes it over State.canonical_form(). A format-1 save is
# upgraded on load: its choices are replayed one by one, each checked legal,
# and it is written as format 2 the next time it is saved.
DIGEST_SINCE_FORMAT = 2
MAX_SAVE_BYTES = 8 * 1024 * 1024
AUTOSAVE_NAME = "autosave.toml"  # the single autosave of earlier releases (still offered by Continue)
AUTOSAVE_DIR = "autosaves"       # one autosave per unfinished game
FINISHED_DIR = "finished"        # finished games, kept to be watched back
FINISHED_KEEP = 100              # ... the most recent ones: the oldest goes when one more is kept


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


def home_short(text: str) -> str:
    """``text`` (a path, or a message naming one) as a screen writes it: the
    player's home folder as "~" (``~/.local/share/tabletop/saves``), which is
    shorter and does not spell out the account's name."""
    try:
        home = str(Path.home())
    except (RuntimeError, KeyError):  # no home folder known
        return text
    if len(home) <= 1:
        return text
    text = text.replace(home + os.sep, "~" + os.sep)
    return "~" if text == home else text


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
    """Write ``text`` to ``path`` atomically; the previous file becomes ``path.bak``.

    The path holds a whole file at every instant: the new text goes to a
    temporary file (fsynced), the old file is hard-linked (or copied) to
    ``.bak``, and one ``os.replace`` puts the new file in place."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and path.exists():
            _backup(path)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def backup_path(path: str | os.PathLike) -> Path:
    path = Path(path)
    return path.with_name(path.name + ".bak")


def delete_save(path: str | os.PathLike) -> None:
    """Remove a save and its backup (``.bak``); one already gone is no error."""
    for p in (Path(path), backup_path(path)):
        try:
            p.unlink()
        except FileNotFoundError:
            pass


def _backup(path: Path) -> None:
    """Make ``path.bak`` a copy of ``path`` without ever moving ``path``: a hard
    link (or a copy where links are refused) under a temporary name, then one
    rename over the old ``.bak``."""
    bak = backup_path(path)
    tmp = bak.with_name(f".{bak.name}.{os.getpid()}.tmp")
    try:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        try:
            os.link(path, tmp)
        except OSError:  # no hard links here (some file systems): copy
            shutil.copyfile(path, tmp)
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        os.replace(tmp, bak)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _fsync_dir(folder: Path) -> None:
    try:
        dfd = os.open(str(folder), os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


# -- the match: a game in progress and its log -----------------------------------

class Match:
    """A game in progress: the game, its set-up and seed, the state, and the log
    of choices. Everything (saves, replays, undo, take-over) derives from the log."""

    def __init__(self, game: Game, setup: dict, seed: int, state: State | None = None):
        self.game = game
        self.setup = setup
        self.seed = int(seed)
        self.state = state if state is not None else self.initial_state()
        self.log = []  # (player, choice id) of each choice made (see the property)
        self.ui: dict = {}
        self.name = ""
        self.created = _now()
        self.autosave_path: Path | None = None
        self.upgraded_from: int | None = None  # the older save format it was loaded from
        self.replay: ReplayReport | None = None  # set when loaded from a save of other rules
        self.notes: list[str] = []  # what the player is told on loading (a backup used, a replay stopped)
        self.keep_autosave_backup = True  # False once: the file at the autosave path is damaged
        self.kept_finished = False  # this game's end was written to finished/ (see autosave)

    @property
    def over(self) -> bool:
        """The game ended, or a player conceded."""
        return self.state.decision is None or self.ui.get("conceded") is not None

    def initial_state(self) -> State:
        if "position" in self.setup:
            return self.game.from_position(self.setup["position"], self.seed, self.setup.get("extra_cards"))
        return self.game.new_state(self.setup, self.seed)

    @classmethod
    def new(cls, game: Game, setup: dict | None = None, seed: int = 0) -> "Match":
        return cls(game, setup if setup is not None else game.default_setup(), seed)

    @property
    def log(self) -> list[tuple[int, str]]:
        """The choices made, as ``(player, choice id)``, in order. A choice
        applied is kept as its player, id if written, kind and args, and its id written when
        the log is next read (saves, undo and replays read it; play without a
        save never does)."""
        made = self._made
        if made:
            self._log.extend([(p, i if i is not None else Choice(kind, args).id) for p, i, kind, args in made])
            made.clear()
        return self._log

    @log.setter
    def log(self, entries: list[tuple[int, str]]) -> None:
        self._log = entries
        self._made = []

    def apply(self, choice: Choice) -> list[Event]:
        events = self.state.apply(choice)
        # not the choice: its label may hold a state; an id already written is kept (the
        # table's copy of a choice may carry more args under the same id: a Get dragged to the hand)
        self._made.append((choice.player, choice._id, choice.kind, choice.args))
        if self.autosave_path is not None:
            self.autosave()
        return events

    def autosave(self) -> None:
        """Write the autosave (keeping the previous one as ``.bak``). A finished
        or conceded game is kept in the ``finished`` folder (to be watched
        back) and its autosave is removed, so Continue never offers it."""
        path = self.autosave_path
        if path is None:
            return
        if self.over:
            try:
                self.save(finished_path_for(path), keep_backup=False)
            except OSError:  # can't keep it: the autosave stays (Continue never offers a finished game)
                return
            self.kept_finished = True
            delete_save(path)
            prune_finished(finished_path_for(path).parent)
            return
        if self.kept_finished:  # the end was taken back: the game is not finished any more
            try:
                finished_path_for(path).unlink()
            except OSError:
                pass
            self.kept_finished = False
        self.save(path, keep_backup=self.keep_autosave_backup)
        self.keep_autosave_backup = True

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
            "deck_lists": self.game.deck_lists_version,
            "name": self.name,
            "created": self.created,
            "saved": _now(),
            "turn": int(self.state.turn),
            "over": self.over,
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
            raise SaveError(_("is not a complete save: the field {field} is missing (truncated or not a tabletop save)").format(
                field=repr(key)), path)
        if not isinstance(data[key], typ) or isinstance(data[key], bool):
            raise SaveError(_("the field {field} has the wrong type").format(field=repr(key)), path)
    if data["format"] > FORMAT_VERSION:
        raise SaveError(_("was written by a newer tabletop (save format {format}; this version reads up to {newest})").format(
            format=data["format"], newest=FORMAT_VERSION), path)
    if data["format"] < 1:
        raise SaveError(_("has an unknown save format {format}").format(format=data["format"]), path)
    for i, entry in enumerate(data["choices"]):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                or isinstance(entry[0], bool) or not isinstance(entry[1], str)):
            raise SaveError(_("choice {n} is malformed (expected [player, choice id])").format(n=i + 1), path)
    return data


@dataclass
class ReplayReport:
    """How a save made under another rules version replayed under the installed
    rules: ``replayed`` of ``total`` choices, and why it stopped (``reason``:
    ``"illegal"``, ``"ended"`` or ``"failed"``; None when every choice replayed).
    ``same_position`` says whether the final digest matched (None: a format-1
    save, whose digest can't be compared)."""

    game: str
    saved_version: str
    installed_version: str
    replayed: int
    total: int
    reason: str | None = None
    choice: tuple[int, str] | None = None  # the choice it stopped at: (player, id)
    turn: int = 0                          # the turn it stopped at (or ended on)
    player_name: str = ""
    detail: str = ""                       # the engine's words when it failed
    same_position: bool | None = None
    title: str = ""                        # the game's title, for the window

    @property
    def complete(self) -> bool:
        return self.reason is None

    def _head(self) -> str:
        return _("This save was made under rules version {saved} of {game}; the installed rules are version {installed}.").format(
            saved=self.saved_version, game=game_text(self.title, self.game) or self.game, installed=self.installed_version)

    def for_players(self) -> str:
        """The sentence shown in the window (no choice ids)."""
        if self.complete:
            if self.same_position:
                tail = _("Every move replays under the new rules and gives the same position.")
            elif self.same_position is False:
                tail = _("All {total} moves replay under the new rules, so the game goes on from its last move; "
                         "the position may differ a little from the one saved.").format(total=self.total)
            else:
                tail = _("All {total} moves replay under the new rules, so the game goes on from its last move.").format(
                    total=self.total)
            return f"{self._head()} {tail}"
        n = self.replayed + 1
        who = game_text(self.player_name, self.game)
        if self.reason == "ended":
            why = _("under the new rules the game is already over on turn {turn}, before move {n} of {total}").format(
                turn=self.turn, n=n, total=self.total)
        elif self.reason == "failed":
            why = _("move {n} of {total} ({player}, turn {turn}) could not be replayed").format(
                n=n, total=self.total, player=who, turn=self.turn)
        else:
            why = _("move {n} of {total} ({player}, turn {turn}) is not allowed under the new rules").format(
                n=n, total=self.total, player=who, turn=self.turn)
        return self._head() + " " + _("It replays up to move {replayed} of {total}: {why}. "
                                      "The game goes on from there; the save file itself is not changed.").format(
            replayed=self.replayed, total=self.total, why=why)

    def for_cli(self) -> str:
        """The explanation printed by ``tabletop replay`` (names the choice)."""
        head = _("saved under {game} rules version {saved}; installed rules version {installed}").format(
            game=self.game, saved=self.saved_version, installed=self.installed_version)
        if self.complete:
            pos = {True: _("the same position as saved"), False: _("a different position from the one saved"),
                   None: _("a position this format-1 save can't be compared with")}[self.same_position]
            return head + ": " + _("all {total} choices replay legally and reach {position}").format(
                total=self.total, position=pos)
        n = self.replayed + 1
        player, cid = self.choice or (0, "?")
        if self.reason == "ended":
            why = _("the game ends before it (turn {turn})").format(turn=self.turn)
        elif self.reason == "failed":
            why = _("the rules failed on it ({problem})").format(problem=self.detail)
        else:
            why = _("it is not legal under the installed rules")
        return head + ": " + _("replayed {replayed} of {total} choices; stopped at choice {n} "
                               "({choice} by player {player}, turn {turn}): {why}").format(
            replayed=self.replayed, total=self.total, n=n, choice=cid, player=player + 1, turn=self.turn, why=why)


def load_match(path: str | os.PathLike, expect_game: str | None = None) -> Match:
    """Load a save: replay its choices and check the digest. Any problem raises
    SaveError naming the file; nothing is written.

    A save made under another rules version of its game is not an error: its
    choices replay as far as they stay legal, and ``match.replay`` (a
    :class:`ReplayReport`) says where it stopped and why."""
    from .engine.registry import all_games

    path = os.fspath(path)
    data = read_save(path)
    games = all_games()
    gid = data["game"]
    if expect_game is not None and gid != expect_game:
        raise SaveError(_("is a save of {game}, not of {expected}").format(game=repr(gid), expected=repr(expect_game)), path)
    if gid not in games:
        raise SaveError(_("is a save of the game {game}, which is not installed").format(game=repr(gid)), path)
    game = games[gid]
    same_rules = data["rules_version"] == game.rules_version
    try:
        match = Match(game, dealt_setup(game, data["setup"], data.get("deck_lists", "1")), data["seed"])
    except TabletopError as exc:
        raise SaveError(_other_rules(data, game, _("its set-up can't be used: {problem}").format(problem=exc.detail)),
                        path) from None
    except Exception as exc:  # a damaged set-up, or rules that fail on it: one message, no traceback
        raise SaveError(_other_rules(data, game, _("its set-up is damaged ({problem})").format(
            problem=f"{type(exc).__name__}: {exc}")), path) from None
    names = [str(n) for n in data.get("players", [])] if isinstance(data.get("players"), list) else []
    choices = data["choices"]
    state = match.state
    report = None
    for i, (player, cid) in enumerate(choices):
        detail = ""
        try:
            d = state.decision
            c = d.find(cid, player) if d is not None else None
            reason = "ended" if d is None else ("illegal" if c is None else None)
            if c is not None:
                state.apply(c)
        except Exception as exc:  # the rules failed on it: say so, never a traceback
            reason, detail = "failed", f"{type(exc).__name__}: {exc}"
        if reason is None:
            match.log.append((player, cid))
            continue
        if same_rules:
            if reason == "ended":
                msg = _("choice {n} ({choice}) comes after the game ended: the choice list was edited or damaged")
            elif reason == "illegal":
                msg = _("choice {n} ({choice} by player {player}) is not legal at that point: "
                        "the choice list was edited or damaged")
            else:
                msg = _("the rules failed while replaying choice {n} ({choice}): {problem}")
            raise SaveError(msg.format(n=i + 1, choice=cid, player=player + 1 if isinstance(player, int) else player,
                                       problem=detail), path)
        if reason == "failed":  # the state may be half changed: rebuild it, and it must be playable
            try:
                match.replay_to(len(match.log))
                match.state.digest()
            except Exception:
                raise SaveError(_other_rules(data, game, _("the installed rules fail on it at choice {n} ({choice}): {problem}").format(
                    n=i + 1, choice=cid, problem=detail)), path) from None
            state = match.state
        name = names[player] if isinstance(player, int) and 0 <= player < len(names) else f"Player {player + 1}"
        report = ReplayReport(gid, data["rules_version"], game.rules_version, len(match.log), len(choices),
                              reason, (player, cid), int(state.turn), name, detail, title=game.title)
        break
    match.state = state
    match.upgraded_from = data["format"] if data["format"] < FORMAT_VERSION else None
    digest_ok = None if data["format"] < DIGEST_SINCE_FORMAT else state.digest() == data["digest"]
    if same_rules and digest_ok is False:
        raise SaveError(_("the replayed game does not match the stored digest: the file was edited or damaged"), path)
    if not same_rules:
        if report is None:
            report = ReplayReport(gid, data["rules_version"], game.rules_version, len(choices), len(choices),
                                  turn=int(state.turn), same_position=digest_ok, title=game.title)
        match.replay = report
        match.notes.append(report.for_players())
    match.ui = data.get("ui", {}) if isinstance(data.get("ui", {}), dict) else {}
    if report is not None and not report.complete:
        match.ui.pop("conceded", None)  # conceded later than where the replay stopped
    match.name = str(data.get("name", ""))
    if not same_rules and Path(path).parent.name != AUTOSAVE_DIR:  # Save offers a new name, not the old file's
        match.name = f"{match.name or Path(path).stem} (rules {game.rules_version})"
    match.created = str(data.get("created", match.created))
    return match


def dealt_setup(game: Game, setup: dict, deck_lists) -> dict:
    """The set-up a save was dealt from. A save names its preconstructed decks
    and the edition of the deck lists it was made under (``deck_lists``; a
    save without it predates editions: "1"); a deck whose list has changed
    since is given the cards it had then, so the save replays to the same
    game. Other set-ups are returned as they are."""
    players = setup.get("players") if isinstance(setup, dict) else None
    if str(deck_lists) == game.deck_lists_version or not isinstance(players, list):
        return setup
    out = dict(setup, players=[dict(p) if isinstance(p, dict) else p for p in players])
    for entry in out["players"]:
        if isinstance(entry, dict) and isinstance(entry.get("deck"), str) and "cards" not in entry:
            former = game.former_deck(entry["deck"], str(deck_lists))
            if former is not None:
                entry["cards"] = former
    return out


def _other_rules(data: dict, game: Game, problem: str) -> str:
    """``problem``, said of a save made under other rules as such."""
    if data["rules_version"] == game.rules_version:
        return problem
    return _("was saved with {game} rules version {saved} (the installed rules are version {installed}) and {problem}").format(
        game=data["game"], saved=data["rules_version"], installed=game.rules_version, problem=problem)


def load_with_backup(path: str | os.PathLike, expect_game: str | None = None) -> Match:
    """Load a save for the window: when the file is damaged, its ``.bak`` (the
    save before the last write) is loaded instead and ``match.notes`` says so.
    Raises the file's own SaveError when neither loads. Nothing is written."""
    try:
        return load_match(path, expect_game)
    except SaveError as exc:
        bak = backup_path(path)
        if not bak.is_file():
            raise
        try:
            match = load_match(bak, expect_game)
        except SaveError:
            raise exc from None
        auto = Path(path).parent.name == AUTOSAVE_DIR
        if auto:
            note = _("This game's autosave is damaged ({problem}); its backup from {date} (the game one move earlier) "
                     "was loaded instead.")
        else:
            note = _("{file} is damaged ({problem}); its backup from {date} was loaded instead.")
        match.notes.insert(0, note.format(file=Path(path).name, problem=exc.detail, date=_saved_at(bak)))
        match.keep_autosave_backup = False
        return match


def _saved_at(path: Path) -> str:
    try:
        saved = str(read_save(path).get("saved", ""))
    except SaveError:
        saved = ""
    return saved.replace("T", " ")[:16] or _("the previous save")


def list_saves(folder: str | os.PathLike) -> list[dict]:
    """Summaries of the saves in a folder (newest first): path, game, players,
    turn, date, whether it is over, or the error that stops a save from loading."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("*.toml"), key=lambda x: x.stat().st_mtime, reverse=True)
    return [_summary(p) for p in files]


def _summary(p: Path) -> dict:
    entry = {"path": str(p), "name": p.stem}
    try:
        data = read_save(p)
        ui = data.get("ui") if isinstance(data.get("ui"), dict) else {}
        over = data.get("over") if isinstance(data.get("over"), bool) else (True if "conceded" in ui else None)
        entry.update(game=data["game"], players=data.get("players", []), turn=data.get("turn", 0),
                     date=data.get("saved", ""), error=None, name=data.get("name") or p.stem, over=over)
    except SaveError as exc:
        entry.update(game="?", players=[], turn=0, date="", error=str(exc), over=None)
    return entry


# -- autosaves: one per unfinished game ---------------------------------------------

def autosave_dir(saves: str | os.PathLike | None = None) -> Path:
    return saves_dir(saves) / AUTOSAVE_DIR


def finished_dir(saves: str | os.PathLike | None = None) -> Path:
    return saves_dir(saves) / FINISHED_DIR


def finished_path_for(autosave: str | os.PathLike) -> Path:
    """Where a game autosaved at ``autosave`` is kept once it is over: the
    ``finished`` folder beside ``autosaves/``, under the same file name."""
    autosave = Path(autosave)
    root = autosave.parent.parent if autosave.parent.name == AUTOSAVE_DIR else autosave.parent
    return root / FINISHED_DIR / autosave.name


def finished_games(saves: str | os.PathLike | None = None) -> list[dict]:
    """The finished games kept to be watched back, the most recent first
    (summaries as :func:`list_saves` gives them)."""
    return list_saves(finished_dir(saves))


def prune_finished(folder: str | os.PathLike, keep: int | None = None) -> list[Path]:
    """Keep only the ``keep`` (``FINISHED_KEEP``) most recent finished games in
    ``folder`` (by the time each was written); returns the files removed."""
    keep = FINISHED_KEEP if keep is None else keep
    try:
        files = sorted(Path(folder).glob("*.toml"), key=lambda x: x.stat().st_mtime, reverse=True)
    except OSError:
        return []
    gone = []
    for p in files[keep:]:
        try:
            delete_save(p)
        except OSError:  # can't remove it now: the next game kept tries again
            continue
        gone.append(p)
    return gone


def new_autosave_path(match: Match, saves: str | os.PathLike | None = None) -> Path:
    """A fresh autosave file for a game that starts (or is loaded) at the table."""
    folder = autosave_dir(saves)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{match.game.id}-{stamp}"
    path, n = folder / f"{base}.toml", 1
    while path.exists() or backup_path(path).exists() or finished_path_for(path).exists():  # never one kept
        n += 1
        path = folder / f"{base}-{n}.toml"
    return path


def unfinished_games(saves: str | os.PathLike | None = None) -> list[dict]:
    """The autosaves Continue offers, most recent first: every unfinished game
    (never a finished or conceded one). A damaged autosave whose ``.bak`` reads
    is offered with ``damaged`` set (loading it falls back to the backup); one
    with no usable backup is listed with its ``error``."""
    files = list(autosave_dir(saves).glob("*.toml")) if autosave_dir(saves).is_dir() else []
    legacy = saves_dir(saves) / AUTOSAVE_NAME  # the single autosave of earlier releases
    if legacy.is_file():
        files.append(legacy)
    out = []
    for p in files:
        entry = _summary(p)
        entry["damaged"] = None
        if entry["error"] and backup_path(p).is_file():
            bak = _summary(backup_path(p))
            if bak["error"] is None:
                entry.update({k: bak[k] for k in ("game", "players", "turn", "date", "name", "over")},
                             damaged=entry["error"], error=None)
                if entry["name"] == backup_path(p).stem:  # no name of its own: as the file's
                    entry["name"] = p.stem
        if entry["error"] is None and entry["over"] is None:  # an older autosave: replay it to know
            try:
                entry["over"] = load_with_backup(p).over
            except SaveError as exc:
                entry["error"] = str(exc)
        if entry["over"]:
            continue
        try:
            entry["mtime"] = p.stat().st_mtime
        except OSError:
            entry["mtime"] = 0.0
        out.append(entry)
    out.sort(key=lambda e: (e["mtime"], str(e["date"])), reverse=True)
    return out


def verify(path: str | os.PathLike) -> Match:
    """Replay a save and check its digest (raises SaveError when it doesn't
    match; a save of other rules comes back with ``match.replay`` set)."""
    return load_match(path)
