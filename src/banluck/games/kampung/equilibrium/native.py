"""Kampung's kernels compiled ahead of time (``banluck.native``), so that the table's bots,
the Hint and ``banluck replay`` in a new process need no Numba.

``kernel`` is the one home of the banker's recursion and of the hand types; ``KERNEL`` builds
the functions the table calls into an extension beside it (``banluck warm``), and
``kernels()`` is what they are called on: the extension when it is built from today's
source, else the just-in-time kernels.
"""

from __future__ import annotations

from types import ModuleType

from banluck.native import AheadOfTime

_TABLES = "f8[:, :, :, ::1], i8[:, :, :, ::1], f8[:, :, :, :, :, ::1], f8[:, :, :, ::1]"

#: The signatures of what the table calls (the types ``policy`` and ``posterior`` pass, all
#: arrays C-contiguous).
KERNEL = AheadOfTime(
    kernel="banluck.games.kampung.equilibrium.kernel",
    signatures={
        "banker_values": (
            f"void(i8[:, :, ::1], f8[::1], f8[:, ::1], i8, f8, f8[::1], {_TABLES}, "
            "i8, i8, i8, i8, b1, f8[::1])"
        ),
        "bank_gain": "void(f8[::1], f8[:, ::1], f8, f8[::1])",
        "hand_types": (
            "f8(i8[:, :, ::1], f8[::1], i8[:, :, ::1], i8[:, ::1], b1, i8, b1, f8[::1])"
        ),
    },
)


def kernels() -> ModuleType:
    """What the table calls ``banker_values``, ``bank_gain`` and ``hand_types`` on."""
    return KERNEL.kernels()
