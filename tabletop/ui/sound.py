"""Sound effects: short synthesized sounds from assets/sounds, mixed quietly.

The table asks for an effect by name (``draw``, ``place``, ``flip``,
``attack``, ``damage``, ``step``, ``win``, ``lose``); :func:`for_event` picks
one for a rules event. Without a sound device (or with
``SDL_AUDIODRIVER=dummy``) everything here is silent and never raises.
"""

from __future__ import annotations

import pygame

from tabletop.engine.assets import assets_dir

NAMES = ("draw", "place", "flip", "attack", "damage", "step", "win", "lose")
MASTER = 0.45   # the loudest the volume slider goes: effects stay under the player's music
MIN_GAP = 0.045  # s: the same effect again sooner is dropped (a 40-card shuffle is one sound)


class Sounds:
    """Loads the effects on first use; volume 0-100, and mute."""

    def __init__(self, volume: int = 60, muted: bool = False):
        self.volume = int(volume)
        self.muted = bool(muted)
        self._sounds: dict | None = None
        self._ok = True
        self._last: dict = {}
        self.played: list[str] = []   # what was asked for and played (tests read it)

    # -- device -------------------------------------------------------------------------
    def _load(self) -> dict:
        if self._sounds is not None:
            return self._sounds
        self._sounds = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(22050, -16, 2, 512)
                pygame.mixer.init()
            for n in NAMES:
                p = assets_dir() / "sounds" / f"{n}.wav"
                if p.is_file():
                    self._sounds[n] = pygame.mixer.Sound(str(p))
        except (pygame.error, OSError, NotImplementedError, AttributeError):
            self._ok = False  # no sound device: stay silent
            self._sounds = {}
        self._apply_volume()
        return self._sounds

    @property
    def available(self) -> bool:
        self._load()
        return self._ok and bool(self._sounds)

    def _apply_volume(self) -> None:
        v = 0.0 if self.muted else MASTER * max(0, min(100, self.volume)) / 100.0
        for s in (self._sounds or {}).values():
            try:
                s.set_volume(v)
            except pygame.error:
                pass

    # -- public -------------------------------------------------------------------------
    def set_volume(self, volume: int) -> None:
        self.volume = max(0, min(100, int(volume)))
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        self._apply_volume()

    def play(self, name: str, now: float | None = None) -> bool:
        """Play effect ``name``; False when silent (muted, no device, unknown)."""
        if self.muted or self.volume <= 0 or name not in NAMES:
            return False
        sounds = self._load()
        s = sounds.get(name)
        if s is None:
            return False
        t = pygame.time.get_ticks() / 1000.0 if now is None else now
        if t - self._last.get(name, -1.0) < MIN_GAP:
            return False
        self._last[name] = t
        try:
            s.play()
        except pygame.error:
            return False
        self.played.append(name)
        del self.played[:-50]
        return True


def for_event(ev, viewer: int | None = None) -> str | None:
    """The effect for a rules event shown on the table (None: none).
    Reads only the generic event kinds and words of the kind, never a game."""
    kind = str(getattr(ev, "kind", "") or "")
    data = getattr(ev, "data", None) or {}
    if kind == "game.over":
        w = data.get("winner")
        if w is None or viewer is None:
            return "step"
        return "win" if w == viewer else "lose"
    if kind == "card.move":
        to = str(data.get("to", "") or "")
        frm = str(data.get("from", "") or "")
        if "deck" in frm and "hand" in to:
            return "draw"
        if any(w in to for w in ("grave", "discard", "trash", "damage", "break")):
            return "damage" if data.get("destroyed") else "place"
        return "place"
    if kind == "card.flip":
        return "flip"
    if kind in ("phase.begin", "step.begin"):
        return "step"
    last = kind.rsplit(".", 1)[-1]
    if last in QUIET_ENDINGS:
        return None
    if any(w in kind for w in DAMAGE_WORDS):
        return "damage"
    if any(w in kind for w in ATTACK_WORDS):
        return "attack"
    return None


# words of event kinds (every game names its steps its own way; these are the
# players' words for a fight and for harm, not any one game's)
ATTACK_WORDS = ("attack.declare", "attack.begin", "combat.start", "battle.begin", "battle.reveal", "battle.declare",
                "showdown.start", "combo.begin")
DAMAGE_WORDS = ("damage", "destroy", "kill", "defeat")
QUIET_ENDINGS = ("end", "done", "pass", "none", "skip", "expire", "heal", "count")
