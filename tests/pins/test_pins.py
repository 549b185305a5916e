"""Behaviour pinned before the house is moved: the solo API's answers, saves and history,
and the rooms' views and stored JSON, for seeded scripted play of every game, are the same
bytes as when the pins were taken (``digests.json``).

``BANLUCK_REPIN=1`` writes the digests afresh instead of comparing (a deliberate change,
named in its commit).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from banluck.games.registry import GAMES
from tests.pins.transcripts import room_transcript, solo_transcript

DIGESTS = Path(__file__).with_name("digests.json")
ROOM_GAMES = ("table", "kampung", "classic", "infinite")


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _check(key: str, transcript: dict[str, list[str]]) -> None:
    got = {part: _digest(lines) for part, lines in transcript.items()}
    assert all(transcript.values()), f"{key}: an empty transcript pins nothing"
    pinned = json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}
    if os.environ.get("BANLUCK_REPIN") == "1":
        pinned[key] = got
        DIGESTS.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n")
        return
    assert key in pinned, f"no pin for {key}: run once with BANLUCK_REPIN=1"
    assert got == pinned[key], f"{key}: the transcript changed"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_solo_answers_saves_and_history_are_pinned(game: str, tmp_path: Path) -> None:
    _check(f"solo/{game}", solo_transcript(game, tmp_path / "pin.sqlite3"))


@pytest.mark.parametrize("game", ROOM_GAMES)
def test_room_views_and_stored_json_are_pinned(game: str) -> None:
    _check(f"room/{game}", room_transcript(game))
