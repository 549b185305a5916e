"""An independent brute force of one seat's hit/stand/double EVs for a tiny shoe: the hole
card enumerated explicitly (never a blackjack after the peek; without one, a blackjack that
takes the hand's whole bet), the dealer played card by card with ``hands.points_total``. It
shares no code with the solver's graph or kernel."""

from __future__ import annotations

from functools import cache

from banluck.games.blackjack.hands import points_total

VAL = tuple(range(1, 11))
Counts = tuple[int, ...]


def _take(shoe: Counts, r: int) -> Counts:
    return (*shoe[:r], shoe[r] - 1, *shoe[r + 1 :])


@cache
def dealer_dist(shoe: Counts, points: int, aces: int, h17: bool = False) -> dict[int, float]:
    """B7: the dealer's final total (22 = bust) drawing from ``shoe``; ``h17``: the dealer
    draws to a soft 17 too."""
    total, soft = points_total(points, aces)
    if total > 21:
        return {22: 1.0}
    if total >= 17 and not (h17 and soft and total == 17):
        return {total: 1.0}
    n = sum(shoe)
    out: dict[int, float] = {}
    for r in range(10):
        if shoe[r] == 0:
            continue
        for t, p in dealer_dist(_take(shoe, r), points + VAL[r], aces + (r == 0), h17).items():
            out[t] = out.get(t, 0.0) + p * shoe[r] / n
    return out


def _bj(up: int) -> int:
    return 9 if up == 0 else 0 if up == 9 else -1


def _pay(mine: int, dealer: int) -> float:
    if mine > 21:
        return -1.0
    if dealer == 22 or mine > dealer:
        return 1.0
    return -1.0 if mine < dealer else 0.0


def hole_weights(shoe: Counts, up: int, peek: bool = True) -> dict[int, float]:
    """C3 / I5: the hole card's distribution given it makes no blackjack (after a peek)."""
    bj = _bj(up) if peek else -1
    weights = {h: float(shoe[h]) for h in range(10) if shoe[h] and h != bj}
    z = sum(weights.values())
    return {h: w / z for h, w in weights.items()}


def stand_ev(shoe: Counts, up: int, total: int, peek: bool = True, h17: bool = False) -> float:
    """Standing on ``total``; ``shoe`` is what is left after the seat's cards and the up card."""
    ev = 0.0
    for h, ph in hole_weights(shoe, up, peek).items():
        if h == _bj(up):  # no peek: the dealer's blackjack beats the hand
            ev -= ph
            continue
        dist = dealer_dist(_take(shoe, h), VAL[up] + VAL[h], (up == 0) + (h == 0), h17)
        ev += ph * sum(p * _pay(total, t) for t, p in dist.items())
    return ev


def next_card(shoe: Counts, up: int, peek: bool = True) -> dict[int, float]:
    """The seat's next card given the hole card (dealt before it) makes no blackjack (after a
    peek)."""
    out: dict[int, float] = {}
    n = sum(shoe)
    for h, ph in hole_weights(shoe, up, peek).items():
        for c in range(10):
            left = shoe[c] - (c == h)
            if left > 0:
                out[c] = out.get(c, 0.0) + ph * left / (n - 1)
    return out


@cache
def best_ev(
    shoe: Counts, up: int, points: int, aces: int, peek: bool = True, h17: bool = False
) -> float:
    """Hit or stand, whichever is better, from here on (a 21 stands)."""
    total, _ = points_total(points, aces)
    if total > 21:
        return -1.0
    stand = stand_ev(shoe, up, total, peek, h17)
    if total == 21:
        return stand
    return max(stand, hit_ev(shoe, up, points, aces, peek, h17))


def hit_ev(
    shoe: Counts, up: int, points: int, aces: int, peek: bool = True, h17: bool = False
) -> float:
    return sum(
        p * best_ev(_take(shoe, c), up, points + VAL[c], aces + (c == 0), peek, h17)
        for c, p in next_card(shoe, up, peek).items()
    )


def double_ev(
    shoe: Counts, up: int, points: int, aces: int, peek: bool = True, h17: bool = False
) -> float:
    ev = 0.0
    for c, p in next_card(shoe, up, peek).items():
        total, _ = points_total(points + VAL[c], aces + (c == 0))
        stand = -1.0 if total > 21 else stand_ev(_take(shoe, c), up, total, peek, h17)
        ev += p * 2 * stand
    return ev
