"""The Ban Luck solver's kernels compiled ahead of time (``banluck.native``), so that a
house's strategy in a new process needs no Numba.

``kernel`` is the one home of the dealer's drawing graph and of the seat's recursion;
``SEAT`` builds it into an extension beside it (``banluck warm``) and ``kernels()`` is what
the solver calls them on: the extension when it is built from today's source, else the
just-in-time kernels. (The dealer's outcomes are the shared ``banluck.draws``.)
"""

from __future__ import annotations

from types import ModuleType

from banluck.native import AheadOfTime

#: The seat's choices by code, as the kernels' legal masks' bits say (1 << code).
STAND, HIT, THROW = 0, 1, 2

#: Each kernel's one signature (the types the solver passes, all arrays C-contiguous).
SEAT = AheadOfTime(
    kernel="banluck.games.banluck.strategy.kernel",
    signatures={
        "dealer_graph": (
            "i8(i8[:, ::1], i8[:, ::1], i8[:, :, ::1], i8[::1], i8[::1], i8, i8[:, ::1],"
            " i8[::1], f8[::1], i8[:, ::1], i8[:, ::1], i8[::1])"
        ),
        "seat_reach": (
            "i8(i8[::1], i8[:, ::1], i8[:, :, ::1], i8[::1], i8[::1], i8[:, ::1], i8[::1],"
            " i8[:, ::1], i8[:, ::1], i8[::1], i8[::1], i8[::1], i8[::1])"
        ),
        "seat_values": (
            "i8(i8[::1], i8[:, ::1], i8[:, ::1], i8[::1], i8[::1], i8[::1], f8[:, ::1],"
            " f8[::1], i8[:, ::1], i8[::1], f8[:, ::1], i8[::1], i8[::1], i8[::1],"
            " f8[:, ::1], f8[:, ::1], i8[::1])"
        ),
    },
)


def kernels() -> ModuleType:
    """What the solver calls ``dealer_graph``, ``seat_reach`` and ``seat_values`` on."""
    return SEAT.kernels()
