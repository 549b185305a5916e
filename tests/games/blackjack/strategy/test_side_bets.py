"""I10: the side bets' exact edges against counts written out by hand (not the solver's path)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

import pytest

from banluck.games.blackjack.rules import CLASSIC, INFINITE
from banluck.games.blackjack.strategy.sidebets import side_bet_edges

D = 8  # I1: eight decks
N = 52 * D


def _edges() -> dict[str, float]:
    return side_bet_edges(INFINITE)


@pytest.mark.rule("I10")
def test_pairs_edge_by_counting() -> None:
    # second card: same suit 7 left, same colour other suit 8, other colour 16, of 415
    perfect, coloured, mixed = Fraction(D - 1, N - 1), Fraction(D, N - 1), Fraction(2 * D, N - 1)
    ev = 30 * perfect + 10 * coloured + 5 * mixed - (1 - perfect - coloured - mixed)
    assert _edges()["pairs"] == pytest.approx(float(-ev), abs=1e-12)


@pytest.mark.rule("I10")
def test_poker3_edge_by_counting() -> None:
    all3 = comb(N, 3)
    suited_trips = 52 * comb(D, 3)
    trips = 13 * comb(4 * D, 3) - suited_trips
    straight_flush = 12 * 4 * D**3  # A23 .. QKA
    straight = 12 * (4 * D) ** 3 - straight_flush
    flush = 4 * comb(13 * D, 3) - suited_trips - straight_flush
    win = 5 * flush + 10 * straight + 30 * trips + 40 * straight_flush + 100 * suited_trips
    lose = all3 - flush - straight - trips - straight_flush - suited_trips
    assert _edges()["poker3"] == pytest.approx(-(win - lose) / all3, abs=1e-12)


def _lucky3_pay(ranks: tuple[int, ...], suits: tuple[int, ...]) -> int:
    """I10 lucky3 written afresh: ranks 1..13 (ace 1), best total with one ace as 11."""
    suited = len(set(suits)) == 1
    srt = sorted(ranks)
    if srt == [7, 7, 7]:
        return 200 if suited else 50
    if srt == [6, 7, 8]:
        return 100 if suited else 30
    hard = sum(min(r, 10) for r in ranks)
    total = hard + 10 if 1 in ranks and hard + 10 <= 21 else hard
    if total == 21:
        return 10 if suited else 3
    if total in (19, 20):
        return 2
    return -1


@pytest.mark.rule("I10")
def test_lucky3_edge_by_ordered_enumeration() -> None:
    cards = [(r, s) for r in range(1, 14) for s in range(4)]
    ev = 0.0
    for a, b, c in product(range(52), repeat=3):
        n_b = D - (b == a)
        n_c = D - (c == a) - (c == b)
        if n_b <= 0 or n_c <= 0:
            continue
        p = D * n_b * n_c / (N * (N - 1) * (N - 2))
        trio = (cards[a], cards[b], cards[c])
        ev += p * _lucky3_pay(tuple(x[0] for x in trio), tuple(x[1] for x in trio))
    assert _edges()["lucky3"] == pytest.approx(-ev, abs=1e-12)


@cache
def _bust(shoe: tuple[int, ...], points: int, aces: int, cards: int) -> dict[int, float]:
    """P(bust with k cards) drawing card by card (0: stands)."""
    total = points + 10 if aces and points + 10 <= 21 else points
    if total > 21:
        return {cards: 1.0}
    if total >= 17:
        return {0: 1.0}
    n = sum(shoe)
    out: dict[int, float] = {}
    for r in range(10):
        if shoe[r]:
            left = (*shoe[:r], shoe[r] - 1, *shoe[r + 1 :])
            for key, p in _bust(left, points + r + 1, aces + (r == 0), cards + 1).items():
                out[key] = out.get(key, 0.0) + p * shoe[r] / n
    return out


@pytest.mark.rule("I10")
def test_bust_edge_by_card_by_card_recursion() -> None:
    shoe = (4 * D,) * 9 + (16 * D,)
    pays = {3: 1, 4: 2, 5: 9, 6: 50, 7: 100}
    ev = 0.0
    n = sum(shoe)
    for up in range(10):
        left = (*shoe[:up], shoe[up] - 1, *shoe[up + 1 :])
        for hole in range(10):
            p = shoe[up] / n * left[hole] / (n - 1)
            rest = (*left[:hole], left[hole] - 1, *left[hole + 1 :])
            if {up, hole} == {0, 9}:
                ev -= p  # I10: a dealer blackjack loses the bet
                continue
            aces = (up == 0) + (hole == 0)
            for k, q in _bust(rest, up + hole + 2, aces, 2).items():
                ev += p * q * (-1 if k == 0 else pays.get(k, 250))
    assert _edges()["bust"] == pytest.approx(-ev, abs=1e-12)


def test_classic_has_no_side_bets() -> None:
    assert side_bet_edges(CLASSIC) == {}


@pytest.mark.rule("I9")
@pytest.mark.rule("I2")
def test_bust_edge_does_not_depend_on_how_the_seat_plays() -> None:
    """The dealer plays out after the seats (I9); a seat that draws by the solved strategy
    first leaves the bust bet's edge exactly where a fresh shoe puts it."""
    from banluck.games.blackjack.strategy.bustplay import bust_edge_after_play

    assert bust_edge_after_play(INFINITE) == pytest.approx(_edges()["bust"], abs=1e-12)


@pytest.mark.parametrize("decks", [1, 2, 8])
def test_the_shipped_three_card_counts_are_the_counts(decks: int) -> None:
    """The table a new process reads (``three_card``) is ``three_card_ev`` counted again,
    bit for bit (a change of a pay table or a line function must write it again:
    ``python -m banluck.games.blackjack.strategy.sidebets``)."""
    from banluck.games.blackjack.strategy.sidebets import three_card, three_card_ev

    for name in ("lucky3", "poker3"):
        assert three_card(decks, name) == three_card_ev(decks, name)
    assert three_card(9, "poker3") == three_card_ev(9, "poker3")  # past the table: counted
