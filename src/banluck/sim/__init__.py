"""What every family's simulator shares: the random source and shoe of the Numba kernels
(``rng``) and the seeded chunks a run is cut into and merged from exactly (``chunks``).
Each family's own simulator is in its package (``games/<family>/``).
"""

from __future__ import annotations

#: Hands per chunk of work: a fraction of a second, so the progress bar moves.
DEFAULT_CHUNK = 1 << 19

__all__ = ["DEFAULT_CHUNK"]
