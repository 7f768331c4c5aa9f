"""Synthesize the table's sound effects into assets/sounds/ (pure Python).

    python tools/make_sounds.py

Each effect is built from sine tones, pitch sweeps and seeded noise with
short envelopes, written as 22050 Hz mono 16-bit WAV. The same script always
writes the same files (the noise has a fixed seed). Effects: draw, place,
flip, attack, damage, step (a step banner), win, lose.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def env(i: int, n: int, attack: float = 0.005, decay: float = 6.0) -> float:
    """A fast attack, then an exponential decay over the sound's length."""
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * math.exp(-decay * i / n)


def tone(dur, f0, f1=None, decay=6.0, attack=0.005, harmonics=((1, 1.0),)):
    n = int(dur * RATE)
    f1 = f0 if f1 is None else f1
    out, ph = [], 0.0
    for i in range(n):
        f = f0 + (f1 - f0) * i / n
        ph += 2 * math.pi * f / RATE
        v = sum(a * math.sin(ph * k) for k, a in harmonics)
        out.append(v * env(i, n, attack, decay))
    return out


def noise(dur, seed, decay=8.0, attack=0.002, smooth=0.0, rise=None):
    """Noise, low-passed by ``smooth`` (0: none, towards 1: darker);
    ``rise`` sweeps the low-pass from dark to bright (a swish)."""
    rng = random.Random(seed)
    n = int(dur * RATE)
    out, last = [], 0.0
    for i in range(n):
        k = smooth if rise is None else rise[0] + (rise[1] - rise[0]) * i / n
        last = last * k + rng.uniform(-1, 1) * (1 - k)
        out.append(last * env(i, n, attack, decay))
    return out


def mix(*parts, gains=None):
    n = max(len(p) for p in parts)
    gains = gains or [1.0] * len(parts)
    return [sum(g * (p[i] if i < len(p) else 0.0) for p, g in zip(parts, gains)) for i in range(n)]


def seq(*parts, gap=0.0):
    out = []
    for p in parts:
        out.extend(p)
        out.extend([0.0] * int(gap * RATE))
    return out


def effects() -> dict[str, list[float]]:
    chime = ((1, 1.0), (2, 0.35), (3, 0.12))
    return {
        "draw": mix(noise(0.16, 1, decay=5, attack=0.03, rise=(0.93, 0.6)), tone(0.16, 600, 900, decay=7), gains=[0.9, 0.12]),
        "place": mix(tone(0.14, 150, 90, decay=9), noise(0.05, 2, decay=12, smooth=0.5), gains=[0.8, 0.5]),
        "flip": seq(noise(0.05, 3, decay=9, smooth=0.3), noise(0.06, 4, decay=9, smooth=0.45), gap=0.03),
        "attack": mix(noise(0.28, 5, decay=4, attack=0.04, rise=(0.95, 0.5)), tone(0.28, 520, 180, decay=5), gains=[0.8, 0.25]),
        "damage": mix(tone(0.32, 110, 45, decay=6, harmonics=((1, 1.0), (2, 0.3))), noise(0.12, 6, decay=10, smooth=0.6),
                      gains=[0.8, 0.6]),
        "step": mix(tone(0.4, 880, decay=5, attack=0.01, harmonics=chime), tone(0.4, 1320, decay=6, attack=0.01), gains=[0.45, 0.2]),
        "win": seq(*(tone(0.16, f, decay=4, harmonics=chime) for f in (523.25, 659.25, 783.99)),
                   tone(0.5, 1046.5, decay=4, harmonics=chime), gap=0.01),
        "lose": seq(*(tone(0.2, f, decay=3, harmonics=chime) for f in (392.0, 311.13)),
                    tone(0.6, 261.63, decay=3.5, harmonics=chime), gap=0.02),
    }


def write(path: Path, samples: list[float], peak: float = 0.7) -> None:
    top = max(1e-9, max(abs(s) for s in samples))
    k = peak / top
    fade = int(0.01 * RATE)  # no click at the end
    data = bytearray()
    n = len(samples)
    for i, s in enumerate(samples):
        g = min(1.0, (n - i) / fade)
        data += struct.pack("<h", int(max(-1.0, min(1.0, s * k * g)) * 32767))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(data))


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, samples in effects().items():
        write(OUT / f"{name}.wav", samples)
    print(f"{len(effects())} sounds in {OUT.name}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
