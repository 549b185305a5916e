"""The table's sounds, made for the project from noise and resonances (no recording): a card
dealt, a card turned over, chips, and a special hand's moment.

    python -m banluck.web.sounds        # writes static/sounds/*.wav

Each sound is a sum of a few physical pieces, every one seeded, so the files are what this
module makes (a test makes them again and compares): a card is a burst of paper noise
shaped in time and in frequency, with the soft thump of landing on cloth; a chip's clack is
the ringing of a few inharmonic modes of a clay disc, struck; the moment is a bell's chime
(four notes rising, each with a bell's partials) over a cascade of chips. Mono, 16-bit,
22,050 samples a second. They are part of Ban Luck, under its licence (MIT).
"""

from __future__ import annotations

import io
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

RATE = 22_050
Wave = npt.NDArray[np.float64]
SOUNDS_DIR = Path(__file__).parent / "static" / "sounds"


def _t(seconds: float) -> Wave:
    return np.arange(int(seconds * RATE)) / RATE


def _band_noise(rng: np.random.Generator, seconds: float, centre: float, width: float) -> Wave:
    """White noise kept around ``centre`` Hz (a Gaussian band ``width`` Hz wide), in the
    frequency domain."""
    n = int(seconds * RATE)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    spectrum *= np.exp(-0.5 * ((freqs - centre) / width) ** 2)
    out: Wave = np.fft.irfft(spectrum, n)
    return out / (np.abs(out).max() or 1.0)


def _place(total: Wave, piece: Wave, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    end = min(len(total), start + len(piece))
    total[start:end] += gain * piece[: end - start]


def _card(rng: np.random.Generator, slide: float) -> Wave:
    """A card slid ``slide`` seconds across cloth, then landing."""
    out = np.zeros(int((slide + 0.08) * RATE))
    if slide > 0:
        t = _t(slide)
        hiss = _band_noise(rng, slide, 3800, 1600) * np.sin(np.pi * t / slide) ** 1.5
        _place(out, hiss, 0.0, 0.35)
    t = _t(0.05)
    snap = _band_noise(rng, 0.05, 5200, 2200) * np.exp(-t / 0.006)
    thump = np.sin(2 * np.pi * 140 * t) * np.exp(-t / 0.012)
    _place(out, snap, slide, 0.9)
    _place(out, thump, slide, 0.45)
    return out


def _clack(rng: np.random.Generator, pitch: float) -> Wave:
    """One chip striking another: a clay disc's inharmonic modes, damped, and the click."""
    t = _t(0.09)
    modes = ((2650, 0.030, 1.0), (4410, 0.020, 0.7), (6120, 0.012, 0.45), (7730, 0.008, 0.3))
    ring = sum(
        amp * np.sin(2 * np.pi * f * pitch * t + rng.uniform(0, 2 * np.pi)) * np.exp(-t / tau)
        for f, tau, amp in modes
    )
    click = _band_noise(rng, 0.09, 6500, 2500) * np.exp(-t / 0.0015)
    return np.asarray(ring, dtype=np.float64) + 0.8 * click


def _chips(rng: np.random.Generator, clacks: int, spread: float) -> Wave:
    """``clacks`` chips falling on a stack over ``spread`` seconds, softer as they settle."""
    out = np.zeros(int((spread + 0.1) * RATE))
    times = np.sort(rng.uniform(0, spread, clacks))
    times[0] = 0.0
    for i, at in enumerate(times):
        _place(out, _clack(rng, rng.uniform(0.94, 1.06)), float(at), 0.85**i)
    return out


def _bell(freq: float, seconds: float) -> Wave:
    """A small bell's note: its partials (Rayleigh's ratios of a bell), each dying away."""
    t = _t(seconds)
    partials = ((0.5, 0.35, 1.2), (1.0, 1.0, 0.9), (1.19, 0.45, 0.7), (1.5, 0.3, 0.6),
                (2.0, 0.35, 0.45), (2.51, 0.18, 0.3), (3.0, 0.12, 0.22))  # fmt: skip
    note = sum(
        amp * np.sin(2 * np.pi * freq * r * t) * np.exp(-t / tau) for r, amp, tau in partials
    )
    attack = np.minimum(1.0, t / 0.004)
    return np.asarray(note, dtype=np.float64) * attack


def deal() -> Wave:
    return _card(np.random.default_rng(1), 0.07)


def flip() -> Wave:
    rng = np.random.default_rng(2)
    out = np.zeros(int(0.12 * RATE))
    t = _t(0.04)
    _place(out, _band_noise(rng, 0.04, 2600, 1200) * np.sin(np.pi * t / 0.04), 0.0, 0.3)
    _place(out, _card(rng, 0.0), 0.03, 0.8)
    return out


def chips() -> Wave:
    return _chips(np.random.default_rng(3), 4, 0.16)


def moment() -> Wave:
    rng = np.random.default_rng(4)
    out = np.zeros(int(1.3 * RATE))
    for i, f in enumerate((1046.5, 1318.5, 1568.0, 2093.0)):  # C6 E6 G6 C7
        _place(out, _bell(f, 1.0), 0.1 * i, 0.5)
    _place(out, _chips(rng, 9, 0.5), 0.25, 0.55)
    return out


#: each sound by its name (``sound.js`` plays them by these) and its loudness (peak, of 1)
SOUNDS: dict[str, tuple[Callable[[], Wave], float]] = {
    "deal": (deal, 0.5),
    "flip": (flip, 0.45),
    "chips": (chips, 0.55),
    "moment": (moment, 0.7),
}


def wav(name: str) -> bytes:
    """Sound ``name`` as a WAV file's bytes."""
    make, peak = SOUNDS[name]
    samples = make()
    samples = samples / (np.abs(samples).max() or 1.0) * peak
    fade = min(len(samples), int(0.005 * RATE))  # no click at the end
    samples[-fade:] *= np.linspace(1.0, 0.0, fade)
    pcm = np.round(samples * 32767).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def main() -> None:
    SOUNDS_DIR.mkdir(exist_ok=True)
    for name in SOUNDS:
        path = SOUNDS_DIR / f"{name}.wav"
        path.write_bytes(wav(name))
        print(f"{path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
