"""``banluck replay`` on bad input (REPLAY.md "Errors") and ``--lines``.

Bad input exits with status 2 and one line on standard error, never a traceback; with
``--lines`` a bad hand gives ``{"error": …}`` on its line and the exit status stays 0.
Most cases run in process through ``cli.main`` (an exception would fail the test as a
traceback would); a few run the real command in a subprocess.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from banluck.cli import main
from tests.conftest import OWN_CASES
from tests.replay_check import assert_one_error_line, changed, run_cli

GOOD: dict[str, Any] = {
    "preset": "table",
    "decks": 2,
    "shoe": ["TS", "TD", "QC", "TH", "9H", "8C", "6C", "8D", "5S", "4S", "3S"],
    "seats": [
        {"name": "you", "stack": 1000, "bet": 50, "moves": ["stand"]},
        {"name": "anna", "moves": ["stand"]},
        {"name": "ben", "moves": ["stand"]},
    ],
}


def variant(**changes: Any) -> dict[str, Any]:
    """GOOD with top-level keys replaced, or seat fields as ``seat_you={"bet": 9}``."""
    return changed(GOOD, **changes)


BAD_HANDS: list[tuple[str, str, str]] = [
    # (id, input text, a word the message must contain)
    ("malformed-json", '{"preset": "table", "shoe": [', "malformed JSON"),
    ("not-an-object", "[1, 2]", "JSON object"),
    ("unknown-card", json.dumps(variant(shoe=["TS", "ZZ"])), "unknown card 'ZZ'"),
    ("card-not-a-string", json.dumps(variant(shoe=["TS", 10])), "unknown card"),
    ("unknown-preset", json.dumps(variant(preset="baccarat")), "unknown preset 'baccarat'"),
    ("bad-decks", json.dumps(variant(decks=3)), "deck"),
    (
        "unknown-seat",
        json.dumps(variant(seats=[{"name": "you", "bet": 50}, {"name": "carl"}, {"name": "ben"}])),
        "seats",
    ),
    ("missing-seat", json.dumps(variant(seats=[{"name": "you", "bet": 50}])), "seats"),
    ("unknown-move", json.dumps(variant(seat_you={"moves": ["double"]})), "'double' is unknown"),
    ("bet-too-small", json.dumps(variant(seat_you={"bet": 9})), "bet 9"),
    ("bet-too-large", json.dumps(variant(seat_you={"bet": 501})), "bet 501"),
    ("bet-over-stack", json.dumps(variant(seat_you={"bet": 200, "stack": 150})), "stack"),
    ("bet-not-whole", json.dumps(variant(seat_you={"bet": 50.5})), "bet 50.5"),
    ("bet-missing", json.dumps(variant(seat_you={"bet": None})), "bet"),
    ("bot-bet-not-50", json.dumps(variant(seat_anna={"bet": 60})), "must be 50"),
    ("bad-stack", json.dumps(variant(seat_you={"stack": -5})), "stack -5"),
    ("too-many-of-a-card", json.dumps(variant(shoe=["TS", "TS", "TS", *GOOD["shoe"]])), "TS"),
    ("one-deck-twice", json.dumps(variant(decks=1, shoe=["AS", "AS"])), "AS"),
    ("shoe-runs-out", json.dumps(variant(shoe=["TS", "TD", "QC", "TH", "9H"])), "ran out"),
    ("move-not-allowed", json.dumps(variant(seat_you={"moves": ["throw"]})), "not allowed"),
    ("too-few-moves", json.dumps(variant(seat_anna={"moves": []})), "none is left"),
    (
        "moves-left-over",
        json.dumps(variant(seat_ben={"moves": ["stand", "hit"]})),
        "left over",
    ),
    ("deep-nesting", "[" * 100_000 + "]" * 100_000, "malformed JSON"),
    (
        "huge-integer",
        json.dumps(variant(seat_you={"stack": 1})).replace('"stack": 1', '"stack": 1' + "0" * 5000),
        "malformed JSON",
    ),
]


def test_good_hand_replays() -> None:
    """The base of every bad case is itself good: each case breaks exactly one thing."""
    proc = run_cli(json.dumps(GOOD))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [s["result"] for s in out["seats"]] == ["win", "push", "lose"]


@pytest.mark.parametrize(
    ("text", "words"), [c[1:] for c in BAD_HANDS], ids=[c[0] for c in BAD_HANDS]
)
def test_bad_input_exits_2_with_one_line(
    text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert_one_error_line(text, words, tmp_path, capsys)


@pytest.mark.parametrize(
    "case", ["malformed-json", "move-not-allowed", "deep-nesting", "shoe-runs-out"]
)
def test_bad_input_through_the_real_command(case: str) -> None:
    text = next(c[1] for c in BAD_HANDS if c[0] == case)
    proc = run_cli(text)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


def test_the_error_says_where() -> None:
    proc = run_cli(json.dumps(variant(seat_you={"moves": ["hit", "stand", "stand"]})))
    # you: T+9 = 19, hit 5 -> bust after the first move: two moves left over
    assert proc.returncode == 2
    assert "seat 'you'" in proc.stderr and "left over" in proc.stderr
    proc = run_cli(json.dumps(variant(shoe=["TS", "TD", "QC", "XX"])))
    assert "shoe card 4" in proc.stderr


def test_missing_file_and_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in (tmp_path / "nope.json", tmp_path):
        assert main(["replay", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("banluck replay: cannot read") and len(err.splitlines()) == 1


def test_bytes_that_are_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_bytes(b"\xff\xfe{}")
    assert main(["replay", str(path)]) == 2
    assert "malformed JSON" in capsys.readouterr().err
    path.write_bytes(json.dumps(GOOD).encode() + b"\n\xff\n")
    assert main(["replay", "--lines", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "error" not in json.loads(lines[0])
    assert "malformed JSON" in json.loads(lines[1])["error"]


def test_lines_mixes_results_and_errors_in_order(tmp_path: Path) -> None:
    goods = [GOOD, variant(seat_you={"moves": ["hit"]}), variant(preset="table")]
    bads = [c[1] for c in BAD_HANDS if c[0] != "deep-nesting"]
    text_lines = []
    kinds = []
    for i, bad in enumerate(bads):
        good = goods[i % len(goods)]
        text_lines += [json.dumps(good), bad.replace("\n", " ")]
        kinds += ["ok", "error"]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(text_lines) + "\n")
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "replay", "--lines", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == len(text_lines)
    for line_in, got, kind in zip(text_lines, out, kinds, strict=True):
        if kind == "error":
            assert set(got) == {"error"} and got["error"]
        else:
            single = run_in_process(line_in)
            assert got == single


def run_in_process(text: str) -> Any:
    from banluck.replay import replay_text

    return replay_text(text)


def test_lines_from_stdin() -> None:
    proc = run_cli(json.dumps(GOOD) + "\n" + "{oops\n", "--lines")
    assert proc.returncode == 0
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first["seats"][0]["net"] == 50 and "malformed JSON" in second["error"]


def test_lines_keeps_one_output_line_per_input_line_even_blank() -> None:
    """REPLAY.md: each output line is that input line's result, in the same order."""
    from banluck.replay import replay_lines

    good = json.dumps(json.loads((OWN_CASES / "totals-win-lose-push.json").read_text())["input"])
    out = [json.loads(line) for line in replay_lines([good, "\n", "   ", good])]
    assert len(out) == 4
    assert "error" not in out[0] and "error" not in out[3]
    assert "empty line" in out[1]["error"] and "empty line" in out[2]["error"]
