"""The blackjack solver's kernels compiled ahead of time (``banluck.native``), so that
``banluck odds`` for blackjack in a new process needs no Numba.

``solver_kernel`` is the one home of the solver's two hot loops; ``SOLVER`` builds them into
an extension beside it (``banluck warm``) and ``kernels()`` is what the solver calls them on:
the extension when it is built from today's source, else the just-in-time kernels.
"""

from __future__ import annotations

from types import ModuleType

from banluck.native import AheadOfTime

#: Each kernel's one signature (the types ``solver`` and ``solver_bustplay`` pass, all arrays
#: C-contiguous).
SOLVER = AheadOfTime(
    kernel="banluck.games.blackjack.solver_kernel",
    signatures={
        "dealer_outcomes": (
            "i8(i8[::1], i8[:, ::1], i8, i8[:, ::1], i8[::1], i8[:, ::1], i8[:, ::1],"
            " f8[:, ::1], f8[:, ::1])"
        ),
        "play_family": (
            "i8(i8[::1], i8[:, ::1], f8[:, :, ::1], i8[::1], i8[::1], i8[::1], i8[:, ::1],"
            " i8[::1], b1, i8[::1], f8[:, ::1], f8[:, ::1], f8[:, :, ::1], f8[:, :, ::1],"
            " f8[:, :, ::1], i8[:, ::1], b1, b1)"
        ),
    },
)


def kernels() -> ModuleType:
    """What the solver calls ``dealer_outcomes`` and ``play_family`` on."""
    return SOLVER.kernels()
