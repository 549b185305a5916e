"""``banluck verify``: 0 verified, 1 not verified (one line, the first mismatch), 2 not a
history (one line, never a traceback)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from banluck.cli import main
from banluck.verify import play_banluck

from .helpers import edited

HISTORY = play_banluck("table", 12, random.Random(1), salt_rng=random.Random(2))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["verify", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_fair_history_exits_0_with_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "h.json"
    path.write_text(json.dumps(HISTORY.to_json()))
    code, out, err = run(capsys, str(path))
    cards = sum(len(d.cards) for d in HISTORY.deals)
    shoes = len(HISTORY.shoes)
    assert (code, err) == (0, "")
    assert out == f"verified: {shoes} shoes, 12 hands, {cards} cards\n"


def test_a_tampered_history_exits_1_with_the_first_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = edited(HISTORY)
    cards = data["deals"][1]["cards"]
    cards[0], cards[1] = cards[1], cards[0]
    path = tmp_path / "h.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, str(path))
    assert code == 1
    assert out == (
        f"NOT verified: hand 2, card 1: dealt {cards[0]} but the committed shoe 1 has "
        f"{cards[1]} at position {len(data['deals'][0]['cards']) + 1}\n"
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{", "is not JSON (line 1, column 2)"),
        (b"\xff\xfe", "is not UTF-8 text"),
        (b"[]", "the history must be an object"),
        (b'{"format": "banluck-fair/1", "shoes": {}, "deals": []}', "'shoes' must be a list"),
        (b"[" * 100_000 + b"]" * 100_000, "nests too deep"),
    ],
)
def test_malformed_input_exits_2_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = tmp_path / "h.json"
    path.write_bytes(content)
    code, out, err = run(capsys, str(path))
    assert (code, out) == (2, "")
    assert err.startswith("banluck verify: ") and message in err and err.count("\n") == 1


def test_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in err and "No such file" in err


def test_demo_then_verify_through_standard_input() -> None:
    """The installed command end to end: ``banluck verify --demo … | banluck verify -``."""
    cmd = [sys.executable, "-m", "banluck"]
    demo = subprocess.run(
        [*cmd, "verify", "--demo", "infinite", "--hands", "8", "--seed", "4"],
        capture_output=True,
        check=True,
        timeout=120,
    ).stdout
    done = subprocess.run([*cmd, "verify", "-"], input=demo, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().startswith("verified: 1 shoes, 8 hands, ")


def test_demo_and_a_file_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "x.json", "--demo", "table")
    assert code == 2 and "not both" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--demo", "table", "--hands", "0"], "--hands must be from 1 to 10000"),
        (["--demo", "table", "--client-seed", ""], "1 to 1024 printable characters"),
        ([], "give a history file"),
    ],
)
def test_bad_options_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and message in err


def test_a_seeded_demo_verifies(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "--demo", "kampung", "--hands", "6", "--client-seed", "x")
    assert code == 0
    assert all(s["client_seed"].startswith("x #") for s in json.loads(out)["shoes"])
    path = tmp_path / "h.json"
    path.write_text(out)
    assert run(capsys, str(path))[1].startswith("verified: ")
