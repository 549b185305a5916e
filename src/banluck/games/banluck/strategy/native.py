"""The Ban Luck solver's kernel compiled ahead of time (``banluck.native``), so that
``banluck odds`` and ``strategy`` for Ban Luck in a new process need no Numba.

``kernel`` is the one home of the dealer's play-out; ``KERNEL`` builds it into an extension
beside it (``banluck warm``) and ``kernels()`` is what the solver calls it on: the extension
when it is built from today's source, else the just-in-time kernel.
"""

from __future__ import annotations

from types import ModuleType

from banluck.native import AheadOfTime

#: The kernel's one signature (the types ``solver`` passes, all arrays C-contiguous).
KERNEL = AheadOfTime(
    kernel="banluck.games.banluck.strategy.kernel",
    signatures={
        "dealer_outcomes": "f8(i8[::1], i8, i8[:, :, ::1], i8[:, ::1], i8[:, ::1], f8[::1])",
    },
)


def kernels() -> ModuleType:
    """What the solver calls ``dealer_outcomes`` on."""
    return KERNEL.kernels()
