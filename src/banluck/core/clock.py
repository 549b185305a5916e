"""A steady wall clock for deadlines: the wall time when it was made, advanced by the
monotonic clock. Setting the system's clock while the server runs (an hour ahead, two
back) moves no turn timer; saved times stay wall times, so a restart reads them as such.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class SteadyClock:
    """``time.time()`` at creation plus the monotonic seconds since.

    >>> clock = SteadyClock(wall=lambda: 1000.0, monotonic=iter([5.0, 7.5]).__next__)
    >>> clock()
    1002.5
    """

    def __init__(
        self,
        *,
        wall: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._monotonic = monotonic
        self._start = monotonic()
        self._wall = wall()

    def __call__(self) -> float:
        return self._wall + (self._monotonic() - self._start)
