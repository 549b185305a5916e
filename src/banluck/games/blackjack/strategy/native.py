"""The blackjack solver's kernels compiled ahead of time (``banluck.native``), so that
``banluck odds`` for blackjack in a new process needs no Numba.

``kernel`` is the one home of the solver's backward induction; ``SOLVER`` builds it
into an extension beside it (``banluck warm``) and ``kernels()`` is what the solver calls it
on: the extension when it is built from today's source, else the just-in-time kernel. (The
dealer's draws are the shared ``banluck.draws``.)
"""

from __future__ import annotations

from types import ModuleType

from banluck.native import AheadOfTime

#: The kernel's one signature (the types ``solver`` passes, all arrays C-contiguous).
SOLVER = AheadOfTime(
    kernel="banluck.games.blackjack.strategy.kernel",
    signatures={
        "play_family": (
            "i8(i8[::1], i8[:, ::1], f8[:, :, ::1], i8[::1], i8[::1], i8[::1], i8[:, ::1],"
            " i8[::1], b1, i8[::1], f8[:, ::1], f8[:, ::1], f8[:, :, ::1], f8[:, :, ::1],"
            " f8[:, :, ::1], i8[:, ::1], b1, b1)"
        ),
    },
)


def kernels() -> ModuleType:
    """What the solver calls ``play_family`` on."""
    return SOLVER.kernels()
