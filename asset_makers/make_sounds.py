"""Synthesise the game's sound effects into assets/sounds/*.ogg.

Run from the repository root after changing a sound:

    apt-get install vorbis-tools        # provides oggenc (a developer tool, not a game dependency)
    .venv/bin/python asset_makers/make_sounds.py

The browser build only plays OGG, and generating the sounds keeps their provenance
obvious and lets them be tweaked in code. Only the standard library is used (numpy is
not a dependency); noise uses a fixed seed, so a rerun gives the same samples.
"""

from __future__ import annotations

import array
import math
import random
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 44100
PEAK_DBFS = -12.0
OUT_DIR = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def seconds(n: float) -> int:
    return int(round(n * RATE))


def lowpass(samples: list[float], cutoff: float) -> list[float]:
    """One-pole low-pass; cheap and smooth enough to take the hiss off noise."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for x in samples:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(samples: list[float], cutoff: float) -> list[float]:
    low = lowpass(samples, cutoff)
    return [x - lo for x, lo in zip(samples, low, strict=True)]


def bandpass_sweep(samples: list[float], start: float, end: float, q: float) -> list[float]:
    """State-variable band-pass whose centre glides from start to end: the swoosh."""
    low = band = 0.0
    out = []
    n = len(samples)
    for i, x in enumerate(samples):
        f = start * (end / start) ** (i / max(1, n - 1))
        g = 2 * math.sin(math.pi * f / RATE)
        high = x - low - band / q
        band += g * high
        low += g * band
        out.append(band)
    return out


def envelope(n: int, attack: float, decay: float, release: float = 0.012) -> list[float]:
    """Raised-cosine attack, exponential decay, and a cosine fade so the tail can't click."""
    a = max(1, seconds(attack))
    r = max(1, seconds(release))
    env = []
    for i in range(n):
        if i < a:
            e = 0.5 - 0.5 * math.cos(math.pi * i / a)
        else:
            e = math.exp(-(i - a) / (decay * RATE))
        if i >= n - r:
            e *= 0.5 + 0.5 * math.cos(math.pi * (i - (n - r)) / r)
        env.append(e)
    return env


def noise(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1, 1) for _ in range(n)]


def normalise(samples: list[float], peak_dbfs: float = PEAK_DBFS) -> list[float]:
    peak = max(abs(s) for s in samples) or 1.0
    k = 10 ** (peak_dbfs / 20) / peak
    return [s * k for s in samples]


def deal() -> list[float]:
    """A soft flick: a brief band of noise, bright but not hissy."""
    n = seconds(0.06)
    body = lowpass(highpass(noise(n, 1), 900), 5000)
    env = envelope(n, 0.003, 0.014)
    return [b * e for b, e in zip(body, env, strict=True)]


def play() -> list[float]:
    """A card put down on cloth: a dull thump under a short papery tap."""
    n = seconds(0.12)
    env_tap = envelope(n, 0.002, 0.012)
    tap = lowpass(highpass(noise(n, 2), 500), 3000)
    env_thump = envelope(n, 0.003, 0.018)
    out = []
    for i in range(n):
        t = i / RATE
        f = 230 - 60 * min(t / 0.06, 1)  # the thump's pitch drops a little as it dies
        thump = math.sin(2 * math.pi * f * t) * env_thump[i]
        out.append(tap[i] * env_tap[i] + 0.35 * thump)
    return out


def trick() -> list[float]:
    """Cards swept together: a band of noise gliding down, swelling then fading."""
    n = seconds(0.25)
    swept = bandpass_sweep(noise(n, 3), 2600, 700, 1.6)
    out = []
    for i in range(n):
        x = i / (n - 1)
        swell = math.sin(math.pi * x ** 0.7) ** 2  # smooth rise, longer fall
        out.append(swept[i] * swell)
    tap_at = seconds(0.17)
    tap_env = envelope(n - tap_at, 0.003, 0.025)
    tap = lowpass(noise(n - tap_at, 4), 1500)
    for i in range(n - tap_at):
        out[tap_at + i] += 0.8 * tap[i] * tap_env[i]
    return lowpass(out, 6000)


def chime_note(freq: float, n: int, decay: float) -> list[float]:
    env = envelope(n, 0.006, decay, release=0.03)
    partials = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))
    out = []
    for i in range(n):
        t = i / RATE
        v = 0.0
        for mult, amp in partials:
            # Higher partials die faster, which is what makes a bell sound soft.
            v += amp * math.sin(2 * math.pi * freq * mult * t) * math.exp(-t * mult * 6)
        out.append(v * env[i])
    return out


def turn() -> list[float]:
    """A soft rising fourth, E5 then A5, to say it is your turn."""
    n = seconds(0.30)
    out = [0.0] * n
    first = chime_note(659.25, n, 0.09)
    second_at = seconds(0.11)
    second = chime_note(880.0, n - second_at, 0.1)
    for i in range(n):
        out[i] += 0.8 * first[i]
    for i, v in enumerate(second):
        out[second_at + i] += v
    return out


SOUNDS = {"deal": deal, "play": play, "trick": trick, "turn": turn}


def write_wav(path: Path, samples: list[float]) -> None:
    pcm = array.array("h", (max(-32767, min(32767, round(s * 32767))) for s in samples))
    if sys.byteorder == "big":
        pcm.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def main() -> int:
    oggenc = shutil.which("oggenc")
    if oggenc is None:
        print("oggenc not found: apt-get install vorbis-tools", file=sys.stderr)
        return 1
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in SOUNDS.items():
            wav = Path(tmp) / f"{name}.wav"
            write_wav(wav, normalise(make()))
            ogg = OUT_DIR / f"{name}.ogg"
            subprocess.run([oggenc, "--quiet", "-q", "4", "--discard-comments",
                            "-o", str(ogg), str(wav)], check=True)
            print(f"{ogg.relative_to(OUT_DIR.parents[1])}: {ogg.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
