"""The most a player may bet on the next deal (State ``limits.bet_cap``; a room member's
``you.limits.bet_cap``).

The page no longer works this out itself: the server asks the game's own rules, the same
functions the deal calls (T9's fresh stack, then T8 / O1 / B5 / K3's bet check).
"""

from __future__ import annotations

from collections.abc import Callable

from banluck.core.errors import BadBet


def largest_bet(
    check: Callable[[int], object],
    low: int,
    high: int,
    refused: type[Exception] | tuple[type[Exception], ...] = BadBet,
) -> int | None:
    """The largest bet from ``low`` to ``high`` that ``check`` accepts (it raises ``refused``,
    BadBet unless told, for a bet the rules refuse), or None when it accepts none. The bet
    checks are monotone: a stack that covers a bet covers every smaller one, so a bisection
    finds the edge.

    >>> largest_bet(lambda b: b if 3 * b <= 600 else (_ for _ in ()).throw(BadBet("")), 10, 500)
    200
    """

    def ok(bet: int) -> bool:
        try:
            check(bet)
        except refused:
            return False
        return True

    if low > high or not ok(low):
        return None
    if ok(high):  # the common case, a stack that covers the largest bet: one check more
        return high
    lo, hi = low, high  # ok(lo) holds; the answer is in lo..hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo
