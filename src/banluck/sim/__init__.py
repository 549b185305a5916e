"""The fast simulator (issue 4): full tables by the real rules, compiled with Numba.

``tables`` turns a ``Rules`` and any ``Policy`` into arrays (hand states, totals, the
decision table); ``kernel`` plays hands on them; ``chunks`` splits a run over workers and
merges the counts exactly (for every game's simulator); ``runner`` reads Ban Luck's counts;
``command`` is ``banluck simulate``.

Importing this package is cheap: NumPy and Numba load only when ``simulate`` is first used,
so the other ``banluck`` commands do not pay for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from banluck.sim.runner import SimResult, simulate

#: Hands per chunk of work: a fraction of a second, so the progress bar moves.
DEFAULT_CHUNK = 1 << 19


def __getattr__(name: str) -> Any:
    if name in ("SimResult", "simulate"):
        from banluck.sim import runner

        return getattr(runner, name)
    raise AttributeError(f"module 'banluck.sim' has no attribute {name!r}")


__all__ = ["DEFAULT_CHUNK", "SimResult", "simulate"]
