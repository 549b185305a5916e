"""The commitment (issue 11 #6) and, with a client seed, the derived order (docs/FAIRNESS.md).

The commitment of a shoe is the SHA-256, in lowercase hex, of the UTF-8 text
``SALT + ":" + ORDER``: ``SALT`` 32 secret bytes in lowercase hex (64 characters), ``ORDER``
the card codes of the shoe, top first, joined by single spaces.

>>> salt = "00" * 32
>>> commitment_of(salt, ["AS", "KH"]) == hashlib.sha256(
...     (salt + ":AS KH").encode()).hexdigest()
True
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Iterator, Sequence

from banluck.core.cards import RANKS, SUITS

#: The salt's length in bytes (64 hex characters).
SALT_BYTES = 32


def canonical_text(salt: str, order: Sequence[str]) -> str:
    """The text a commitment hashes: the salt, a colon, the codes top first, space-separated.

    >>> canonical_text("ab" * 32, ["AS", "TD"])[-8:]
    'ab:AS TD'
    """
    return salt + ":" + " ".join(order)


def commitment_of(salt: str, order: Sequence[str]) -> str:
    """The SHA-256 of :func:`canonical_text`, lowercase hex."""
    return hashlib.sha256(canonical_text(salt, order).encode("utf-8")).hexdigest()


def salt_commitment_of(salt: str) -> str:
    """With a client seed: the SHA-256 of the salt's hex text, shown before the seed is asked."""
    return hashlib.sha256(salt.encode("ascii")).hexdigest()


#: With a client seed, the cards are first put in this order: rank A…K, then suit S H D C.
_SORT_KEY = {r + s: i for i, (r, s) in enumerate((r, s) for r in RANKS for s in SUITS)}
_MAX_SEED = 1024


def _stream(salt: str, client_seed: str) -> Iterator[int]:
    """64-bit numbers: block k is HMAC-SHA256(key=salt bytes, msg=f"{client_seed}:{k}"),
    read as four big-endian 8-byte numbers."""
    key = bytes.fromhex(salt)
    k = 0
    while True:
        block = hmac.new(key, f"{client_seed}:{k}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 8):
            yield int.from_bytes(block[i : i + 8], "big")
        k += 1


def derive_order(salt: str, client_seed: str, cards: Iterable[str]) -> tuple[str, ...]:
    """The order, top first, that a salt and a client seed give ``cards`` (docs/FAIRNESS.md):
    the cards sorted (rank A…K, then suit S H D C), then for i from n-1 down to 1 swap
    position i with position j, j uniform in 0…i (a 64-bit number x below the largest
    multiple of i+1, j = x mod (i+1); larger x are skipped).

    >>> derive_order("00" * 32, "my seed", ["KS", "AS", "2H"])
    ('2H', 'KS', 'AS')
    """
    order = sorted(cards, key=_SORT_KEY.__getitem__)
    numbers = _stream(salt, client_seed)
    for i in range(len(order) - 1, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        j = x % n
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def check_client_seed(seed: str) -> str:
    """A client seed: 1 to 1,024 characters, none of them a control character."""
    if not 1 <= len(seed) <= _MAX_SEED or any(ord(c) < 32 or ord(c) == 127 for c in seed):
        raise ValueError(f"a client seed is 1 to {_MAX_SEED} printable characters")
    return seed
