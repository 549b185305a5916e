"""``banluck replay`` of blackjack hands on bad input (REPLAY.md "Errors"), and ``--lines``:
every bad input exits 2 with one line naming what is wrong and where, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banluck.cli import main
from banluck.replay import replay_lines
from tests.replay_check import assert_one_error_line, changed, run_cli

GOOD_INFINITE: dict[str, Any] = {
    "preset": "infinite",
    "shoe_hand": 1,
    "shoe": ["8S", "6H", "8D", "TC", "3C", "KD", "9H", "5S", "4S"],
    "seats": [
        {"name": "you", "stack": 1000, "bet": 100, "moves": ["split", "double", "stand"]},
        {"name": "anna", "moves": ["stand"]},
        {"name": "ben", "bet": 0, "side_bets": {"bust": 10}},
    ],
}
GOOD_CLASSIC: dict[str, Any] = {
    "preset": "classic",
    "shoe": ["8S", "9H", "9C", "7D", "8H", "9S", "9D", "TD", "8D", "3C", "5C"],
    "seats": [
        {"name": "you", "stack": 1000, "bet": 100, "moves": ["split", "stand", "hit", "stand"]},
        {"name": "anna", "moves": ["stand"]},
        {"name": "ben", "moves": ["stand"]},
    ],
}


def variant(base: dict[str, Any], **changes: Any) -> str:
    """``base`` with top-level keys replaced, or seat fields as ``seat_you={"bet": 9}``."""
    return json.dumps(changed(base, **changes))


INF, CLA = GOOD_INFINITE, GOOD_CLASSIC
BAD: list[tuple[str, str, str]] = [
    (
        "inf-illegal-move",
        variant(INF, seat_you={"moves": ["hit", "surrender"]}),
        "seat 'you': move 2 'surrender' is not allowed at 19",
    ),
    ("inf-unknown-move", variant(INF, seat_you={"moves": ["fold"]}), "'fold' is unknown"),
    ("inf-auto-not-last", variant(INF, seat_you={"moves": ["auto", "stand"]}), "last move"),
    ("inf-too-few-moves", variant(INF, seat_you={"moves": ["split"]}), "none is left"),
    (
        "inf-moves-left-over",
        variant(INF, seat_anna={"moves": ["stand", "hit"]}),
        "seat 'anna': 1 move(s) left over",
    ),
    ("inf-moves-not-list", variant(INF, seat_you={"moves": "stand"}), "must be a list"),
    ("inf-insurance-no-ace", variant(INF, seat_anna={"insurance": True}), "needs an ace up"),
    (
        "inf-insurance-odd-bet",
        variant(
            INF,
            shoe=["8S", "AH", "8D", "9C", "3C", "KD", "9H", "5S", "4S"],
            seat_you={"bet": 99, "insurance": True},
        ),
        "even bet (the bet is 99)",
    ),
    ("inf-insurance-not-bool", variant(INF, seat_you={"insurance": "yes"}), "true or false"),
    (
        "inf-insurance-bet-0",
        variant(INF, shoe=["8S", "AH", "8D", "9C", "3C"], seat_ben={"insurance": True}),
        "needs a seat bet",
    ),
    ("inf-side-bet-limit", variant(INF, shoe_hand=46), "hands 1 to 45"),
    (
        "inf-pairs-limit",
        variant(INF, shoe_hand=41, seat_ben={"side_bets": {"pairs": 5}}),
        "hands 1 to 40",
    ),
    ("inf-side-stake-0", variant(INF, seat_ben={"side_bets": {"bust": 0}}), "from 1 to 100"),
    ("inf-side-stake-101", variant(INF, seat_ben={"side_bets": {"bust": 101}}), "from 1 to 100"),
    ("inf-side-stake-str", variant(INF, seat_ben={"side_bets": {"bust": "5"}}), "from 1 to 100"),
    ("inf-side-unknown", variant(INF, seat_ben={"side_bets": {"craps": 5}}), "unknown side bet"),
    ("inf-side-not-object", variant(INF, seat_ben={"side_bets": ["bust"]}), "an object"),
    ("inf-bet-0-no-sides", variant(INF, seat_ben={"side_bets": {}}), "needs at least one side"),
    ("inf-bot-bet-40", variant(INF, seat_anna={"bet": 40}), "bets 50"),
    ("inf-bet-9", variant(INF, seat_you={"bet": 9}), "bet 9 is out of range"),
    ("inf-bet-501", variant(INF, seat_you={"bet": 501}), "bet 501 is out of range"),
    ("inf-bet-str", variant(INF, seat_you={"bet": "100"}), "not a whole number"),
    (
        "inf-bet-over-stack",
        variant(INF, seat_you={"stack": 120, "bet": 100, "side_bets": {"pairs": 30}}),
        "above the stack of 120",
    ),
    ("inf-bet-missing", variant(INF, seat_you={"bet": None}), "bet"),
    ("inf-stack-negative", variant(INF, seat_you={"stack": -1}), "stack -1"),
    ("inf-decks-2", variant(INF, decks=2), "8 decks"),
    ("inf-shoe-hand-0", variant(INF, shoe_hand=0), "shoe_hand"),
    ("inf-shoe-runs-out", variant(INF, shoe=["8S", "6H", "8D", "TC", "3C"]), "ran out"),
    ("inf-card-9-times", variant(INF, shoe=["9C"] * 9), "appears 9 times"),
    ("inf-unknown-card", variant(INF, shoe=["8S", "1H"]), "unknown card '1H'"),
    ("inf-shoe-not-list", variant(INF, shoe="8S AH"), "'shoe' must be a list"),
    ("inf-seats-order", variant(INF, seats=list(reversed(INF["seats"]))), "in that order"),
    ("inf-seat-not-object", variant(INF, seats=["you", "anna", "ben"]), "JSON object"),
    ("cla-double", variant(CLA, seat_you={"moves": ["double"]}), "'double' is not allowed"),
    ("cla-insurance", variant(CLA, seat_you={"insurance": True}), "not played in 'classic'"),
    ("cla-side-bets", variant(CLA, seat_you={"side_bets": {"pairs": 5}}), "side bets"),
    ("cla-bet-0", variant(CLA, seat_anna={"bet": 0}), "bet of 0"),
    ("cla-decks-8", variant(CLA, decks=8), "2 decks"),
    ("cla-shoe-runs-out", variant(CLA, shoe=CLA["shoe"][:9]), "ran out"),
    (
        "cla-resplit",
        variant(
            CLA,
            shoe=["8S", "9H", "9C", "7D", "8H", "9S", "9D", "TD", "8D"],
            seat_you={"moves": ["split", "split"]},
        ),
        "'split' is not allowed",
    ),
]


@pytest.mark.parametrize("base", [GOOD_INFINITE, GOOD_CLASSIC], ids=["infinite", "classic"])
def test_good_hands_replay(
    base: dict[str, Any], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The base of every bad case is itself good: each case breaks one thing."""
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(base))
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["seats"]) == 3 and out["cards_used"] > 4


@pytest.mark.parametrize(("text", "words"), [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_bad_input_exits_2_with_one_line(
    text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert_one_error_line(text, words, tmp_path, capsys)


def test_lines_gives_an_error_object_per_bad_hand() -> None:
    texts = [json.dumps(GOOD_INFINITE), BAD[0][1], json.dumps(GOOD_CLASSIC), BAD[-1][1]]
    out = [json.loads(line) for line in replay_lines(texts)]
    assert "error" not in out[0] and "error" not in out[2]
    assert set(out[1]) == {"error"} and "surrender" in out[1]["error"]
    assert set(out[3]) == {"error"}


def test_the_real_command_in_a_subprocess() -> None:
    proc = run_cli(BAD[0][1])
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    proc = run_cli("\n".join([json.dumps(GOOD_CLASSIC), BAD[1][1]]) + "\n", "--lines")
    assert proc.returncode == 0
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert lines[0]["preset"] == "classic" and "error" in lines[1]
