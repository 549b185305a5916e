"""The simulator's run: seeded runs repeat exactly, workers do not change the counts, the
side bets pay what the engine pays, the edge agrees with the exact solver, and the command."""

from __future__ import annotations

import argparse
import json
import random

import pytest

from banluck.core.cards import ONE_DECK
from banluck.games.blackjack import side_bets
from banluck.games.blackjack.rules import CLASSIC, INFINITE, SIDE_BET_NAMES, BlackjackRules
from banluck.games.blackjack.sim.command import simulate as command
from banluck.games.blackjack.sim.runner import simulate
from banluck.games.blackjack.sim.sidebets import side_bet_tables
from banluck.games.blackjack.sim.tables import card_id


@pytest.mark.parametrize(
    "rules", [pytest.param(CLASSIC, marks=pytest.mark.slow), INFINITE], ids=lambda r: r.name
)
def test_seeded_runs_repeat_exactly(rules: BlackjackRules) -> None:
    a = simulate(rules, 30_000, seed=42, chunk=7_000)
    b = simulate(rules, 30_000, seed=42, chunk=7_000)
    c = simulate(rules, 30_000, seed=43, chunk=7_000)
    assert a.counts == b.counts
    assert a.counts != c.counts
    assert a.hands == 30_000 and a.seat_hands == 90_000


@pytest.mark.slow
def test_workers_do_not_change_the_counts() -> None:
    one = simulate(INFINITE, 40_000, seed=7, chunk=10_000, workers=1)
    two = simulate(INFINITE, 40_000, seed=7, chunk=10_000, workers=2)
    assert one.counts == two.counts
    assert two.workers == 2


@pytest.mark.rule("I10")
def test_side_bet_tables_are_the_engines_lines() -> None:
    """Every side bet line of the tables, on random cards, is what ``side_bets`` says, and
    the pays are its ``PAYS``."""
    t = side_bet_tables(INFINITE)
    rng = random.Random(8)
    deck = list(ONE_DECK)
    for _ in range(5_000):
        a, b, u = (rng.choice(deck) for _ in range(3))
        ia, ib, iu = card_id(a), card_id(b), card_id(u)
        for name, table in (("lucky3", t.lucky3_line), ("poker3", t.poker3_line)):
            line = side_bets.side_bet_line(name, (a, b), u, (u,))
            assert t.line_names[SIDE_BET_NAMES.index(name)][table[ia, ib, iu]] == (line or "lost")
        line = side_bets.pairs_line(a, b)
        assert t.line_names[0][t.pairs_line[ia, ib]] == (line or "lost")
    for i, name in enumerate(SIDE_BET_NAMES):
        for k, paid in enumerate(side_bets.PAYS[name], start=1):
            assert t.line_names[i][k] == paid
            assert t.pays[i, k] == side_bets.PAYS[name][paid]


@pytest.mark.parametrize("rules", [CLASSIC, INFINITE], ids=lambda r: r.name)
@pytest.mark.slow
def test_small_run_agrees_with_the_exact_edge(rules: BlackjackRules) -> None:
    """A fresh-shoe run (the solver's model) is within its 95 % interval of the exact house
    edge, and each side bet within its 99.9 % interval (3.29 standard errors: five checks
    on one run) of its exact edge. The seed is fixed, so the check cannot flicker."""
    from banluck.games.blackjack.strategy.command import odds_data

    exact = odds_data(rules)
    run = simulate(rules, 1_000_000, seed=2026, fresh_shoe=True)
    assert abs(run.house_edge - exact["house_edge"]) < run.ci95
    for name, sb in run.side_bets.items():
        se = sb["ci95"] / 1.959963984540054
        assert abs(sb["house_edge"] - exact["side_bets"][name]) < 3.29 * se, name


def _args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "preset": "infinite", "decks": None, "hands": 20_000, "workers": 1, "dask": None,
        "fresh_shoe": False, "seed": 5, "json": True, "no_progress": True, "chunk": 5_000,
    }  # fmt: skip
    base.update(kw)
    return argparse.Namespace(**base)


def test_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert command(_args()) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["preset"] == "infinite" and data["hands"] == 20_000
    assert set(data["side_bets"]) == set(SIDE_BET_NAMES)
    for key in ("house_edge", "ci95", "frequencies", "dealer_busts_by_cards", "seed"):
        assert key in data
    assert data["frequencies"]["insurance-not-taken"] > 0


def test_command_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert command(_args(preset="classic", json=False, fresh_shoe=True)) == 0
    out = capsys.readouterr().out
    assert "house edge:" in out and "seed: 5" in out and "side bet" not in out


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"hands": 0}, "--hands must be at least 1"),
        ({"decks": 6}, "plays with 8 decks"),
        ({"preset": "table"}, "unknown blackjack preset"),
    ],
)
def test_command_bad_input(
    capsys: pytest.CaptureFixture[str], kw: dict[str, object], message: str
) -> None:
    assert command(_args(**kw)) == 2
    assert message in capsys.readouterr().err
