"""The drawing graph's kernel compiled ahead of time (``banluck.native``), so that the exact
solvers in a new process need no Numba.

``kernel`` is the one home of the walk; ``DRAWS`` builds it into an extension beside it
(``banluck warm``) and ``kernels()`` is what the solvers call it on: the extension when it is
built from today's source, else the just-in-time kernel.
"""

from __future__ import annotations

from types import ModuleType

from banluck.native import AheadOfTime

#: The kernel's one signature (the types the solvers pass, all arrays C-contiguous).
DRAWS = AheadOfTime(
    kernel="banluck.draws.kernel",
    signatures={
        "graph_outcomes": (
            "i8(i8[::1], i8[:, ::1], i8, i8[:, ::1], i8[::1], i8[:, ::1], i8[:, ::1],"
            " f8[:, ::1], f8[:, ::1], i8)"
        ),
    },
)


def kernels() -> ModuleType:
    """What the solvers call ``graph_outcomes`` on."""
    return DRAWS.kernels()
