"""Issue 7: the redesign keeps behaviour byte-identical.

10,000 random hands (``hands.py``) through ``replay --lines`` must give exactly the output
recorded before the redesign began: its SHA-256 is pinned here, and the first 50 lines are
kept in full so that a difference can be read.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from banluck.replay import replay_lines
from tests.golden.hands import hands

HERE = Path(__file__).parent
SEED = 20261201
COUNT = 10_000
#: SHA-256 of the 10,000 output lines joined by newlines, recorded before issue 7's changes.
DIGEST = (HERE / "replay-10000.sha256").read_text().split()[0]


def _output() -> list[str]:
    return list(replay_lines(hands(SEED, COUNT)))


def test_first_lines_are_unchanged() -> None:
    want = (HERE / "replay-head.jsonl").read_text().splitlines()
    got = list(replay_lines(hands(SEED, len(want))))
    assert got == want


def test_ten_thousand_hands_are_byte_identical() -> None:
    out = _output()
    assert len(out) == COUNT
    errors = sum('"error"' in line[:10] for line in out)
    assert 0 < errors < COUNT  # both settled hands and errors are pinned
    assert hashlib.sha256("\n".join(out).encode()).hexdigest() == DIGEST


if __name__ == "__main__":  # python -m tests.golden.test_golden_replay: record anew
    lines = _output()
    (HERE / "replay-head.jsonl").write_text("\n".join(lines[:50]) + "\n")
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    note = f"replay --lines of hands({SEED}, {COUNT})"
    (HERE / "replay-10000.sha256").write_text(f"{digest}  {note}\n")
    print(digest, sum('"error"' in line[:10] for line in lines), "errors")
