"""B10: the bots' solved policy and the Hint; the shipped tables; the commands."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.cli import main
from banluck.core.cards import ONE_DECK, Card, parse_cards
from banluck.core.money import HandRef
from banluck.games.blackjack.decisions import ACTIONS, Decision
from banluck.games.blackjack.rules import CLASSIC, INFINITE, PRESETS, BlackjackRules
from banluck.games.blackjack.strategy.chart import build_chart
from banluck.games.blackjack.strategy.play import hint_for, insurance_ev, policy_for
from banluck.games.blackjack.strategy.solver import solve
from banluck.games.blackjack.strategy.tables import build_table, data_path, load_table


def _decision(
    cards: list[str], up: str, legal: set[str], *, split: bool = False, stack: int = 1000
) -> Decision:
    return Decision(
        seat="anna",
        hand=HandRef("anna"),
        cards=tuple(parse_cards(cards)),
        up=parse_cards([up])[0],
        legal=frozenset(legal),
        from_split=split,
        splits=int(split),
        bet=50,
        stack=stack,
    )


@pytest.mark.rule("B10")
@settings(max_examples=300, deadline=None)
@given(
    rules=st.sampled_from([CLASSIC, INFINITE]),
    cards=st.lists(st.sampled_from(ONE_DECK), min_size=1, max_size=6),
    up=st.sampled_from(ONE_DECK),
    legal=st.sets(st.sampled_from(ACTIONS), min_size=1),
    split=st.booleans(),
    stack=st.integers(0, 100),
)
def test_the_policy_only_returns_legal_actions(
    rules: BlackjackRules,
    cards: list[Card],
    up: Card,
    legal: set[str],
    split: bool,
    stack: int,
) -> None:
    d = Decision(
        seat="ben",
        hand=HandRef("ben"),
        cards=tuple(cards),
        up=up,
        legal=frozenset(legal),
        from_split=split,
        splits=int(split),
        bet=50,
        stack=stack,
    )
    assert policy_for(rules)(d) in legal


@pytest.mark.rule("B10")
@pytest.mark.parametrize(
    ("rules", "cards", "up", "legal", "want"),
    [
        (INFINITE, ["6S", "5H"], "6C", {"hit", "stand", "double", "surrender"}, "double"),
        (INFINITE, ["TS", "6H"], "9C", {"hit", "stand", "double", "surrender"}, "surrender"),
        (INFINITE, ["TS", "6H"], "TC", {"hit", "stand", "double"}, "hit"),
        (INFINITE, ["8S", "8H"], "TC", {"hit", "stand", "double", "split"}, "split"),
        (INFINITE, ["AS", "7H"], "4C", {"hit", "stand", "double", "surrender"}, "double"),
        (INFINITE, ["AS", "7H", "2C"], "TC", {"hit", "stand"}, "stand"),
        (INFINITE, ["TS", "4H", "2C"], "TC", {"hit", "stand"}, "hit"),
        (INFINITE, ["2S", "4H", "TC"], "TD", {"hit", "stand"}, "hit"),
        (INFINITE, ["4S", "4H", "8C"], "TD", {"hit", "stand"}, "stand"),  # a CD exception
        (CLASSIC, ["6S", "5H"], "6C", {"hit", "stand"}, "hit"),
        (CLASSIC, ["9S", "9H"], "7C", {"hit", "stand", "split"}, "stand"),
    ],
)
def test_the_policy_plays_the_solved_strategy(
    rules: BlackjackRules, cards: list[str], up: str, legal: set[str], want: str
) -> None:
    assert policy_for(rules)(_decision(cards, up, legal)) == want


@pytest.mark.rule("B11")
def test_a_double_the_stack_cannot_cover_is_passed_over() -> None:
    d = _decision(["6S", "5H"], "6C", {"hit", "stand", "double"}, stack=10)
    assert policy_for(INFINITE)(d) == "hit"


@pytest.mark.rule("I6")
def test_split_hands_double_where_allowed() -> None:
    d = _decision(["8S", "3H"], "6C", {"hit", "stand", "double"}, split=True)
    assert policy_for(INFINITE)(d) == "double"


def test_the_hint_values_every_legal_action_and_agrees_with_the_policy() -> None:
    d = _decision(["TS", "6H"], "9C", {"hit", "stand", "double", "surrender"})
    hint = hint_for(INFINITE, d)
    assert set(hint) == {"hit", "stand", "double", "surrender"}
    assert hint["surrender"] == -0.5
    assert max(hint, key=lambda a: hint[a]) == policy_for(INFINITE)(d)
    assert -1.0 < hint["stand"] < 0.0 and hint["double"] < hint["hit"]


@pytest.mark.rule("I4")
def test_insurance_is_a_losing_bet_off_the_top() -> None:
    d = _decision(["9S", "7H"], "AC", {"hit", "stand"})
    p = 128 / 413
    assert insurance_ev(INFINITE, d) == pytest.approx(0.5 * (2 * p - (1 - p)))
    assert solve(INFINITE).extra["insurance_ev"] < 0


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_shipped_table_is_what_a_fresh_solve_gives(name: str) -> None:
    shipped = load_table(name, data_path(name))
    fresh = build_table(PRESETS[name])
    assert (shipped.keys == fresh.keys).all()
    assert (shipped.rank == fresh.rank).all()


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--preset", "infinite", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["side_bets"]) == {"pairs", "bust", "lucky3", "poker3"}
    assert data["rtp"] == pytest.approx(1 - data["house_edge"])
    assert data["player_ev"] == pytest.approx(-data["house_edge"])
    assert data["std"] > 1


@pytest.mark.slow
def test_odds_and_strategy_print(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    assert main(["odds", "--preset", "classic"]) == 0
    assert "house edge" in capsys.readouterr().out
    png = f"{tmp_path}/chart.png"
    assert main(["strategy", "--preset", "classic", "--png", png]) == 0
    out = capsys.readouterr().out
    assert "hard 16" in out and "pair A,A" in out and "double" not in out


@pytest.mark.rule("C5")
def test_the_classic_chart_has_no_double_or_surrender() -> None:
    chart = build_chart(solve(CLASSIC))
    letters = {cell.text for cell in chart.cells.values()}
    assert letters <= {"H", "S", "P"}
    inf = {cell.text[0] for cell in build_chart(solve(INFINITE)).cells.values()}
    assert inf == {"H", "S", "D", "P", "R"}


def test_a_wrong_deck_count_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--preset", "infinite", "--decks", "6"]) == 2
    assert "8 decks" in capsys.readouterr().err


@pytest.mark.rule("B2")
def test_a_split_ace_and_ten_is_a_plain_21() -> None:
    """B2 / B12: after a split, A + ten stands as 21 (no 3 to 2, no choice)."""
    counts = (1, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    evs = solve(INFINITE).actions(counts, 9, split_pair=0)
    assert set(evs) == {"stand"}
    assert 0.0 < evs["stand"] < 1.0


@pytest.mark.rule("I6")
def test_the_hint_of_a_split_hand_offers_no_surrender_or_split() -> None:
    d = _decision(["9S", "2H"], "5C", {"hit", "stand", "double"}, split=True)
    hint = hint_for(INFINITE, d)
    assert set(hint) == {"hit", "stand", "double"}
    assert max(hint, key=lambda a: hint[a]) == "double"


def test_a_reader_that_goes_away_stops_odds_quietly() -> None:
    """``banluck odds ... | head``: the pipe closed before the figures are written ends the
    command with status 1 and no traceback (as ``replay`` does)."""
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "banluck", "odds", "--preset", "classic", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # long before the solve ends and the figures are written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert "Traceback" not in err and err == ""
