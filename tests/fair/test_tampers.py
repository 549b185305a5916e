"""The tampers the probe found ``verify`` let through (issue 20): hands renumbered, swapped,
merged, dealt again, shoes renumbered, and the last shoe dropped. Each is refused, from the
history alone or, for what only the table saw, from the commitments seen there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banluck.cli import main
from banluck.core.fair import parse_history, verify_history

from .helpers import drawn_history, edited, problem

# four one-deck shoes, a fresh shuffle when too few cards are left (T12)
HISTORY = drawn_history(11, [5, 6, 4, 7, 5, 6, 5, 4, 6, 7, 5, 6, 4, 5] * 2, decks=1)
#: each hand and the shoe it was dealt from, as the table showed them
DEALT = {d.hand: d.shoe for d in reversed(HISTORY.deals) if d.hand is not None}


def _hands(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in data["deals"] if "hand" in d]


def test_the_untouched_history_verifies_with_what_was_seen() -> None:
    seen = [s.commitment.commitment for s in HISTORY.shoes]
    report = verify_history(HISTORY, seen=seen, hands_seen=DEALT)
    assert report.ok and report.shoes == 4 and report.hands == 28, report.summary()


def test_a_hand_renumbered_is_refused() -> None:
    data = edited(HISTORY)
    for d in _hands(data)[6:]:  # every hand from the seventh on, one number up
        d["hand"] += 1
    assert problem(data) == (
        "hand 8 is dealt after hand 6: hands are numbered in turn, each after the one before"
    )


def test_two_hands_swapped_are_refused() -> None:
    data = edited(HISTORY)
    a, b = _hands(data)[3], _hands(data)[4]
    a["hand"], b["hand"] = b["hand"], a["hand"]
    assert problem(data) == (
        "hand 5 is dealt after hand 3: hands are numbered in turn, each after the one before"
    )


def test_a_hand_dealt_again_after_another_is_refused() -> None:
    data = edited(HISTORY)
    _hands(data)[6]["hand"] = 5  # hand 7's cards under hand 5's number
    assert problem(data) == (
        "hand 5 is dealt after hand 6: hands are numbered in turn, each after the one before"
    )


def test_a_shoe_renumbered_or_dropped_in_the_middle_is_refused() -> None:
    data = edited(HISTORY)
    data["shoes"][2]["shoe"] = 4
    for d in data["deals"]:
        if d["shoe"] == 3:
            d["shoe"] = 4
    assert problem(data) == "shoe 4 follows shoe 2: shoes are numbered in turn"


def test_the_last_shoe_dropped_is_refused_with_its_commitment_seen() -> None:
    data = edited(HISTORY)
    last = data["shoes"].pop()
    data["deals"] = [d for d in data["deals"] if d["shoe"] != last["shoe"]]
    cut = parse_history(data)
    assert verify_history(cut).ok  # the history alone cannot tell
    report = verify_history(cut, seen=[last["commitment"]])
    assert report.problem == (
        f"the commitment {last['commitment'][:16]}… seen at the table is not in it"
    )


def test_two_hands_merged_and_the_rest_renumbered_are_refused_with_the_hands_seen() -> None:
    data = edited(HISTORY)
    hands = _hands(data)
    a, b = hands[2], hands[3]
    assert a["shoe"] == b["shoe"]
    a["cards"] += b["cards"]
    data["deals"].remove(b)
    for d in hands[4:]:
        d["hand"] -= 1
    cut = parse_history(data)
    assert verify_history(cut).ok  # every card still in order: the history alone cannot tell
    first = {d.hand: d.shoe for d in reversed(cut.deals) if d.hand is not None}
    moved = min(h for h in DEALT if first.get(h) != DEALT[h])  # the first hand it moved
    report = verify_history(cut, hands_seen=DEALT)
    assert report.problem == (
        f"hand {moved}, seen dealt from shoe {DEALT[moved]}, is not dealt from it"
    )


def test_verify_takes_what_was_seen_on_its_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = edited(HISTORY)
    last = data["shoes"].pop()
    data["deals"] = [d for d in data["deals"] if d["shoe"] != last["shoe"]]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(data))
    assert main(["verify", str(path)]) == 0
    capsys.readouterr()
    assert main(["verify", str(path), "--seen", last["commitment"]]) == 1
    assert "seen at the table is not in it" in capsys.readouterr().out
    hand = max(DEALT)
    assert main(["verify", str(path), "--seen-hand", f"{hand}:{DEALT[hand]}"]) == 0  # not revealed
    full = tmp_path / "full.json"
    full.write_text(json.dumps(HISTORY.to_json()))
    seen = [f"{h}:{s}" for h, s in DEALT.items()]
    args = ["verify", str(full), *(x for h in seen for x in ("--seen-hand", h))]
    assert main(args) == 0
    assert main(["verify", str(full), "--seen-hand", "3:4"]) == 1
    assert main(["verify", str(full), "--seen-hand", "three"]) == 2
