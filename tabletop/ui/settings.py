"""User settings kept in ``config_dir()/settings.toml`` (written atomically)."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import tomli_w

from tabletop.engine import tomlio
from tabletop.engine.errors import TabletopError
from tabletop.i18n import LANGUAGES, N_
from tabletop.saves import atomic_write_text, config_dir

SPEEDS = {"slow": 0.55, "normal": 1.0, "fast": 2.2, "instant": 0.0}
# the words are English here and translated where shown (tabletop.i18n)
AUTOPASS = {"never": N_("Auto-pass everywhere"), "own_turn": N_("Stop in my own turn"),
            "always": N_("Always stop (no auto-pass)")}
# the computer opponent's difficulty (tabletop.ai difficulty levels), as New game and Settings name it
COMPUTERS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
# names kept by settings files of earlier versions: the quick computer played like Easy's
# look-ahead without its slips, the strong one is Normal
_OLD_COMPUTERS = {"greedy": "easy", "expert": "normal"}
# how long the computer may think per decision (Normal and Hard search for that long)
THINK_TIMES = {500: N_("0.5 s"), 1000: N_("1 s"), 2000: N_("2 s"), 4000: N_("4 s")}
# the animation speeds as Settings names them
SPEED_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
WINDOW_SIZES = ["1024x640", "1280x720", "1600x900", "1920x1080", "2560x1440", "3840x2160"]


@dataclass
class Settings:
    speed: str = "normal"            # slow | normal | fast | instant
    window: str = "1600x900"         # window size when not full screen
    fullscreen: bool = False
    confirmations: bool = True       # ask before ending a phase with actions left
    autopass_stop: str = "never"     # never | own_turn | always (see AUTOPASS)
    allow_undo: bool = True          # Ctrl+Z / Undo against the computer (tabletop.ui.undo)
    computer: str = "normal"         # easy | normal | hard (tabletop.ai difficulty levels)
    think_ms: int = 1000             # the computer's thinking time per decision (THINK_TIMES)
    volume: int = 60                 # sound effects, 0-100 (tabletop.ui.sound)
    muted: bool = False              # no sound at all
    last_game: str = ""              # New game opens with the last choices made there
    last_mode: str = "hotseat"       # hotseat | computer
    last_deck_1: str = ""
    last_deck_2: str = ""
    language: str = ""               # "" (the system's language), or a code of tabletop.i18n.LANGUAGES

    @property
    def speed_factor(self) -> float:
        return SPEEDS.get(self.speed, 1.0)

    @property
    def window_size(self) -> tuple[int, int]:
        try:
            w, h = (int(x) for x in self.window.lower().split("x"))
            return max(640, min(8192, w)), max(400, min(8192, h))
        except ValueError:
            return 1600, 900

    def fixed(self) -> "Settings":
        """Unknown values replaced by defaults (a hand-edited file can't break the app)."""
        d = Settings()
        if self.speed not in SPEEDS:
            self.speed = d.speed
        if self.autopass_stop not in AUTOPASS:
            self.autopass_stop = d.autopass_stop
        self.computer = _OLD_COMPUTERS.get(self.computer, self.computer)
        if self.computer not in COMPUTERS:
            self.computer = d.computer
        try:
            self.think_ms = int(self.think_ms)
        except (TypeError, ValueError):
            self.think_ms = d.think_ms
        if self.think_ms not in THINK_TIMES:
            self.think_ms = d.think_ms
        self.fullscreen = bool(self.fullscreen)
        self.confirmations = bool(self.confirmations)
        self.allow_undo = bool(self.allow_undo)
        self.muted = bool(self.muted)
        self.volume = max(0, min(100, int(self.volume)))
        if self.language not in LANGUAGES:
            self.language = d.language
        if self.last_mode not in ("hotseat", "computer"):
            self.last_mode = d.last_mode
        self.window = "%dx%d" % self.window_size
        return self


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def load_settings(path: str | os.PathLike | None = None) -> Settings:
    """Read the settings; a missing or bad file gives the defaults."""
    path = Path(path) if path else settings_path()
    s = Settings()
    if not path.exists():
        return s
    try:
        data = tomlio.load(path)
    except TabletopError:
        return s
    names = {f.name: f.type for f in fields(Settings)}
    for k, v in data.items():
        if k in names and type(v) is type(getattr(s, k)):
            setattr(s, k, v)
    return s.fixed()


def save_settings(s: Settings, path: str | os.PathLike | None = None) -> None:
    path = Path(path) if path else settings_path()
    try:
        atomic_write_text(path, tomli_w.dumps(asdict(s.fixed())), keep_backup=False)
    except OSError:
        pass  # a read-only config folder must not stop the game
