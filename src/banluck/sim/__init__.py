"""The fast simulator (issue 4): full tables by the real rules, compiled with Numba.

``tables`` turns a ``Rules`` and any ``Policy`` into arrays (hand states, totals, the
decision table); ``kernel`` plays hands on them; ``runner`` splits a run over workers and
merges the counts exactly; ``command`` is ``banluck simulate``.
"""

from banluck.sim.runner import SimResult, simulate

__all__ = ["SimResult", "simulate"]
