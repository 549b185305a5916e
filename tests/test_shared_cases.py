"""Every worked hand (tests/cases and ../shared/cases, recursively), through the real command
line (REPLAY.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from banluck.replay import replay_text
from tests.conftest import OWN_CASES, SHARED_CASES, case_files

CASES = case_files()
CASE_FILES = [path for _, path in CASES]
IDS = [name for name, _ in CASES]


def test_the_worked_cases_are_there() -> None:
    own = [p for p in CASE_FILES if OWN_CASES in p.parents]
    assert len(own) >= 61, f"expected the worked cases in {OWN_CASES}"
    for game in ("classic", "infinite", "kampung"):
        assert list((OWN_CASES / game).glob("*.json")), game


def test_own_copy_holds_every_shared_case() -> None:
    """The repository's copy is not behind ../shared (when it is there)."""
    if not SHARED_CASES.is_dir():
        return
    for path in SHARED_CASES.rglob("*.json"):
        own = OWN_CASES / path.relative_to(SHARED_CASES)
        assert own.is_file(), f"{own} is missing: copy it from {path}"


def _subset(expected: Any, got: Any) -> bool:
    """Every key of ``expected`` is in ``got`` with the same value (REPLAY: keys may be added)."""
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(
            k in got and _subset(v, got[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(got, list)
            and len(got) == len(expected)
            and all(_subset(a, b) for a, b in zip(expected, got, strict=True))
        )
    return bool(expected == got)


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_shared_case_through_cli(path: Path) -> None:
    case = json.loads(path.read_text())
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "replay", "-"],
        input=json.dumps(case["input"]),
        capture_output=True,
        text=True,
        timeout=60,
    )
    if "expected_exit" in case:
        assert proc.returncode == case["expected_exit"]
        assert "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert proc.stdout == ""
    else:
        assert proc.returncode == 0, proc.stderr
        got = json.loads(proc.stdout)
        assert _subset(case["expected"], got), (case["expected"], got)


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_shared_case_in_process_with_lines(path: Path) -> None:
    """The same cases through ``--lines``, all at once, in one process."""
    case = json.loads(path.read_text())
    from banluck.replay import replay_lines

    (line,) = list(replay_lines([json.dumps(case["input"])]))
    got = json.loads(line)
    if "expected_exit" in case:
        assert set(got) == {"error"} and got["error"]
    else:
        assert _subset(case["expected"], got)
        assert got == replay_text(json.dumps(case["input"]))
