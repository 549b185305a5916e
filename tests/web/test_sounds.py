"""The table's sounds are the project's own: each file shipped is what
``banluck.web.sounds`` makes (to a sample or two, as floating point may round), short, and
named with its licence; the page is sent them only when sound is on (not kept at install)."""

from __future__ import annotations

import io
import wave

import numpy as np
import pytest

from banluck.web import sounds
from banluck.web.app import _service_worker


def _samples(data: bytes) -> tuple[int, np.ndarray]:
    with wave.open(io.BytesIO(data)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        return w.getframerate(), np.frombuffer(w.readframes(w.getnframes()), "<i2")


@pytest.mark.parametrize("name", sorted(sounds.SOUNDS))
def test_each_sound_file_is_what_the_module_makes(name: str) -> None:
    shipped = (sounds.SOUNDS_DIR / f"{name}.wav").read_bytes()
    rate, have = _samples(shipped)
    made_rate, made = _samples(sounds.wav(name))
    assert rate == made_rate == sounds.RATE
    assert have.shape == made.shape
    assert np.abs(have.astype(int) - made.astype(int)).max() <= 2
    assert 0.1 <= len(have) / rate <= 1.5 and len(shipped) < 64_000
    peak = np.abs(have).max() / 32767
    assert 0.4 <= peak <= 0.75  # loud enough to hear, never clipped


def test_the_sounds_carry_their_licence_and_are_fetched_when_wanted() -> None:
    licence = (sounds.SOUNDS_DIR / "LICENSE.txt").read_text(encoding="utf-8")
    assert all(f"{name}.wav" in licence for name in sounds.SOUNDS) and "MIT" in licence
    assert "/static/sounds/" not in _service_worker()
