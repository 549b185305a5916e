"""docs/FAIRNESS.md's checks with ordinary tools work as written: its shell script (bash,
jq, sha256sum) and its Python reference, run on real histories, fair and tampered."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from banluck.core.fair import derive_order
from banluck.verify import play_banluck, play_blackjack

from .helpers import edited

DOC = Path(__file__).resolve().parents[2] / "docs" / "FAIRNESS.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


needs_tools = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("bash", "jq", "sha256sum")), reason="needs bash, jq"
)


def run_sh(
    script: str, history: dict[str, Any], tmp_path: Path
) -> subprocess.CompletedProcess[str]:
    (tmp_path / "history.json").write_text(json.dumps(history))
    return subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )


@needs_tools
def test_the_shell_check_passes_a_fair_history_and_fails_a_tampered_one(tmp_path: Path) -> None:
    script = next(b for b in blocks("sh") if "for i in" in b)
    history = play_blackjack("infinite", 20, random.Random(1), salt_rng=random.Random(1))
    fair = history.to_json()
    done = run_sh(script, fair, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        "shoe 1: commitment ok",
        "deals: every card came from its shoe, in order",
    ]
    bad = edited(history)
    cards = bad["deals"][3]["cards"]
    cards[0], cards[1] = cards[1], cards[0]
    assert run_sh(script, bad, tmp_path).stdout.splitlines()[-1] == "deals: MISMATCH"
    salted = edited(history)
    salt = salted["shoes"][0]["reveal"]["salt"]
    salted["shoes"][0]["reveal"]["salt"] = salt[::-1]
    assert "shoe 1: COMMITMENT MISMATCH" in run_sh(script, salted, tmp_path).stdout


@needs_tools
def test_the_first_shoe_by_hand_and_the_full_shoe_check(tmp_path: Path) -> None:
    history = play_banluck("table", 12, random.Random(2), salt_rng=random.Random(2)).to_json()
    by_hand = next(b for b in blocks("sh") if "sha256sum" in b and "for i in" not in b)
    out = run_sh(by_hand, history, tmp_path).stdout.split()
    assert out[0] == out[2] == history["shoes"][0]["commitment"]
    full = next(b for b in blocks("sh") if "group_by" in b)
    assert run_sh(full, history, tmp_path).stdout.strip() == "true"
    history["shoes"][0]["reveal"]["order"][0] = history["shoes"][0]["reveal"]["order"][1]
    assert run_sh(full, history, tmp_path).stdout.strip() == "false"


def test_the_python_reference_is_the_derivation(capsys: pytest.CaptureFixture[str]) -> None:
    (code,) = blocks("python")
    space: dict[str, Any] = {"__name__": "reference"}
    exec(compile(code, str(DOC), "exec"), space)
    cards = ["KS", "AS", "2H", "TD", "TD", "9C"] * 3
    assert space["derive"]("ab" * 32, "x", cards) == list(derive_order("ab" * 32, "x", cards))
    history = play_banluck("table", 20, None, salt_rng=random.Random(3), client_seed="hi")
    space["check"](history.to_json())
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.endswith(": ok") for line in lines)
    bad = edited(history)
    bad["shoes"][0]["client_seed"] = "ho"
    space["check"](bad)
    assert capsys.readouterr().out.splitlines()[0] == "shoe 1: MISMATCH"


@needs_tools
def test_the_worked_example_accepts_one_history_and_refuses_three_tampered_copies(
    tmp_path: Path,
) -> None:
    """docs/FAIRNESS.md's worked example, run as written (its ``sh`` block with ``banluck``
    on the PATH): it prints the lines the document shows."""
    import os
    import sys

    script = next(b for b in blocks("sh") if "--demo table --hands 40" in b)
    shown = re.search(
        r"It prints, one line a check.*?\n\n((?:    [^\n]*\n)+)",
        DOC.read_text(encoding="utf-8"),
        re.S,
    )
    assert shown is not None
    expected = [line[4:] for line in shown.group(1).splitlines()]
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300
    )
    assert done.stdout.splitlines() == expected, done.stdout + done.stderr
