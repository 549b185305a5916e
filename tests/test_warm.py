"""``banluck warm`` (run by scripts/setup.sh): it reaches every game's kernels, and a failing
step fails the command instead of passing unnoticed."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from banluck import warm
from banluck.games import GAMES


def test_the_table_steps_cover_every_solved_game_and_the_kampung_bots() -> None:
    names = [n for n, _ in warm.steps(simulate=False)]
    solved = [n for n, g in GAMES.items() if g.family == "banluck" or g.odds is not None]
    fixed = ["the solvers' and kampung's kernels ahead of time", "kampung bots and hints"]
    assert sorted(names) == sorted([*(f"odds {n}" for n in solved), *fixed])
    assert names[0] == fixed[0]  # built first, so the odds steps run on it
    with_sim = [n for n, _ in warm.steps(simulate=True)]
    simulated = [n for n, g in GAMES.items() if g.family == "banluck" or g.simulate is not None]
    assert set(with_sim) - set(names) == {f"simulate {n}" for n in simulated}


def test_kampung_hands_with_bots_and_hints_run_through_a_banked_hand() -> None:
    # the bank passes after 5 hands (K2): the dealer banks, then "you" do
    assert warm._kampung_hands(hands=6) == {"dealer", "you"}


def test_a_failing_step_fails_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken() -> None:
        raise RuntimeError("no kernel")

    monkeypatch.setattr(warm, "steps", lambda *, simulate, build=None: [("broken", broken)])
    assert warm.run(argparse.Namespace(quiet=True, simulate=False)) == 1
    assert "warm: broken failed: no kernel" in capsys.readouterr().err


def test_the_command_is_registered() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "banluck", "warm", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "--simulate" in out
