"""Ban Luck's fast simulator: full tables by the real rules, compiled with Numba.

``tables`` turns a ``Rules`` and any ``Policy`` into arrays (hand states, totals, the
decision table); ``kernel`` plays hands on them; ``runner`` reads the counts (its chunks
run by the shared ``banluck.sim.chunks``); ``command`` is ``banluck simulate``.

Importing this package is cheap: NumPy and Numba load only when ``simulate`` is first used,
so the other ``banluck`` commands do not pay for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from banluck.games.banluck.sim.runner import SimResult, simulate


def __getattr__(name: str) -> Any:
    if name in ("SimResult", "simulate"):
        from banluck.games.banluck.sim import runner

        return getattr(runner, name)
    raise AttributeError(f"module 'banluck.games.banluck.sim' has no attribute {name!r}")


__all__ = ["SimResult", "simulate"]
