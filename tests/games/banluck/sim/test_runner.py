"""The run: seeds, workers, the exact merge, and the ``banluck simulate`` command."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import pytest

from banluck.cli import main
from banluck.games.banluck import Action, preset
from banluck.games.banluck.records import DecisionPoint
from banluck.games.banluck.sim import simulate
from banluck.games.banluck.sim.tables import build_tables
from banluck.games.banluck.strategy import baseline_policy


@pytest.mark.slow
def test_same_seed_same_counts_whatever_the_workers() -> None:
    rules = preset("table", 2)
    done: list[int] = []
    one = simulate(rules, 300_000, seed=5, chunk=60_000, progress=done.append)
    again = simulate(rules, 300_000, seed=5, chunk=60_000)
    two = simulate(rules, 300_000, seed=5, chunk=60_000, workers=2)
    other = simulate(rules, 300_000, seed=6, chunk=60_000)
    assert sum(done) == 300_000 and len(done) == 5
    assert one.counts == again.counts == two.counts
    assert two.workers == 2
    assert other.counts != one.counts
    assert one.hands == 300_000 and one.seat_hands == 900_000


def test_a_worse_strategy_costs_more() -> None:
    """The decision table is really used: drawing to 21 loses more than the project's
    strategy on the same random streams."""
    rules = preset("table", 2)

    def hit_to_21(point: DecisionPoint) -> Action:
        return Action.HIT if point.total < 21 else Action.STAND

    good = simulate(rules, 400_000, seed=1)
    bad = simulate(rules, 400_000, seed=1, policy=hit_to_21)
    assert bad.house_edge - good.house_edge > 3 * (bad.ci95 + good.ci95)


def test_policy_must_choose_a_legal_action() -> None:
    def illegal(point: DecisionPoint) -> Action:
        return Action.THROW

    with pytest.raises(ValueError, match="legal"):
        build_tables(preset("table", 2), illegal)


def test_baseline_throws_every_free_hand() -> None:
    res = simulate(preset("table", 1), 200_000, seed=2, policy=baseline_policy)
    assert res.results["thrown-in"] > 0.03


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_command_json_has_the_issue_keys_and_matches_the_library() -> None:
    code, out, _ = _run(
        ["simulate", "--hands", "50000", "--seed", "3", "--json", "--no-progress", "--fresh-shoe"]
    )
    assert code == 0
    data = json.loads(out)
    for key in ("hands", "house_edge", "ci95", "frequencies", "hands_per_second"):
        assert key in data
    assert set(data["frequencies"]) == {
        "ban-ban", "ban-luck", "five-dragon", "dealer-natural", "void",
    }  # fmt: skip
    assert data["hands"] == 50_000 and data["shoe"] == "fresh" and data["decks"] == 2
    direct = simulate(preset("table", 2), 50_000, seed=3, fresh_shoe=True)
    assert data["house_edge"] == direct.house_edge and data["ci95"] == direct.ci95


def test_command_text_says_per_what() -> None:
    code, out, _ = _run(
        ["simulate", "--preset", "one-on-one", "--hands", "20000", "--seed", "1", "--no-progress"]
    )
    assert code == 0
    assert "house edge:" in out and "± " in out
    assert "per seat hand:" in out and "per table hand:" in out
    assert "shuffled before every hand" in out  # O2: one-on-one always has a fresh shoe


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--hands", "0"],
        ["simulate", "--preset", "one-on-one", "--decks", "2"],
        ["simulate", "--workers", "0"],
    ],
)
def test_command_bad_input_exits_2(argv: list[str]) -> None:
    code, out, err = _run(argv)
    assert code == 2 and out == ""
    assert err.startswith("banluck simulate: ")


def test_batch_means_interval_agrees_with_the_plain_one() -> None:
    """Hands of a fresh shoe are independent, so both intervals estimate the same spread."""
    res = simulate(preset("table", 1), 800_000, seed=4, chunk=20_000, fresh_shoe=True)
    assert res.ci95_batches is not None
    assert 0.6 < res.ci95_batches / res.ci95 < 1.6
    few = simulate(preset("table", 1), 100_000, seed=4, chunk=20_000)
    assert few.ci95_batches is None  # fewer than 20 chunks


@pytest.mark.slow
def test_python_m_banluck_with_two_workers() -> None:
    """Workers are spawned processes; ``python -m banluck`` must survive that."""
    argv = ["simulate", "--hands", "40000", "--chunk", "10000", "--workers", "2", "--seed", "8"]
    out = subprocess.run(
        [sys.executable, "-m", "banluck", *argv, "--json", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    data = json.loads(out.stdout)
    assert data["workers"] == 2 and data["hands"] == 40_000
    direct = simulate(preset("table", 2), 40_000, seed=8, chunk=10_000)
    assert data["house_edge"] == direct.house_edge
