"""A room's provably fair shoe (docs/FAIRNESS.md): its ledger is the tables' own
(``core.fair.table.TableLedger``: shoes made between hands, muted while a hand in play is
rebuilt after a restart); its salts come from the room's entropy.
"""

from __future__ import annotations

from collections.abc import Callable


def salt_from(entropy: Callable[[], int]) -> Callable[[int], bytes]:
    """A salt source drawing on a room's entropy (128 bits a call): secure in play, seeded
    in tests.

    >>> salt_from(lambda: 1)(4).hex()
    '00000000'
    """

    def salt(n: int) -> bytes:
        out = b""
        while len(out) < n:
            out += (entropy() % 2**128).to_bytes(16, "big")
        return out[:n]

    return salt
