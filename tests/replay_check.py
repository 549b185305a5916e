"""Helpers the replay tests of every game share: the real command in a subprocess, and the
check that bad input exits 2 with one line on standard error (REPLAY.md "Errors")."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from banluck.cli import main


def run_cli(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``banluck replay [args] -`` with ``text`` on standard input, in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "banluck", "replay", *args, "-"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
    )


def assert_one_error_line(
    text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Replaying ``text`` from a file exits 2, prints nothing on stdout and one line on
    stderr that starts ``banluck replay: `` and contains ``words`` (no traceback)."""
    path = tmp_path / "hand.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    got = capsys.readouterr()
    assert got.out == ""
    lines = got.err.strip().splitlines()
    assert len(lines) == 1, got.err
    assert lines[0].startswith("banluck replay: ")
    assert words in lines[0], lines[0]
    assert "Traceback" not in got.err


def changed(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of the hand ``base`` with top-level keys replaced, or seat fields as
    ``seat_you={"bet": 9}``."""
    hand = copy.deepcopy(base)
    for key, value in changes.items():
        if key.startswith("seat_"):
            seat = next(s for s in hand["seats"] if s["name"] == key[5:])
            seat.update(value)
        else:
            hand[key] = value
    return hand
