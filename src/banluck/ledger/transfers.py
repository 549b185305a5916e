"""Who pays whom, with the fewest transfers.

A group of people whose nets sum to zero settles among itself in one transfer fewer than
its size, and no fewer; so the fewest transfers for everyone are the number of people owed
or owing, less the most groups of zero sum they split into. For up to ``EXACT_UP_TO``
such people that split is found exactly (dynamic programming over subsets); above it the
largest debt is paid to the largest credit, again and again, which takes at most one
transfer fewer than the number of people and may take more than the least.

>>> fewest({"Mum": 30, "Dad": -10, "Anna": -20})
[Transfer(giver='Anna', taker='Mum', amount=20), Transfer(giver='Dad', taker='Mum', amount=10)]
>>> len(fewest({"a": 5, "b": -5, "c": 7, "d": -7}))
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

#: the most people (owed or owing) whose fewest transfers are found exactly
EXACT_UP_TO = 12


@dataclass(frozen=True, slots=True)
class Transfer:
    """``giver`` pays ``taker`` ``amount`` (in the ledger's smallest coin)."""

    giver: str
    taker: str
    amount: int


def fewest(nets: Mapping[str, int]) -> list[Transfer]:
    """Transfers that settle ``nets`` (which sum to zero): the fewest possible for up to
    ``EXACT_UP_TO`` people who are owed or owe; ValueError if the nets do not sum to zero."""
    if sum(nets.values()) != 0:
        raise ValueError(f"the nets sum to {sum(nets.values())}, not zero")
    people = sorted((name for name, net in nets.items() if net), key=lambda n: (-nets[n], n))
    if len(people) > EXACT_UP_TO:
        return _settle(people, nets)
    transfers: list[Transfer] = []
    for group in _zero_groups([nets[p] for p in people]):
        transfers += _settle([people[i] for i in group], nets)
    return transfers


def _zero_groups(amounts: list[int]) -> list[list[int]]:
    """The most groups of zero sum the indices of ``amounts`` (summing to zero) split into.

    ``most[mask]`` is the most zero-sum groups that the people of ``mask`` can be put in
    one after another so that the whole prefix ends each group; a person added to a mask
    of zero sum closes a group."""
    n = len(amounts)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    most = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + amounts[low]
        best = 0
        rest = mask
        while rest:
            bit = rest & -rest
            best = max(best, most[mask ^ bit])
            rest ^= bit
        most[mask] = best + (1 if total[mask] == 0 else 0)
    order: list[int] = []
    mask = full
    while mask:
        closes = 1 if total[mask] == 0 else 0
        rest = mask
        while rest:
            bit = rest & -rest
            if most[mask ^ bit] + closes == most[mask]:
                order.append(bit.bit_length() - 1)
                mask ^= bit
                break
            rest ^= bit
    order.reverse()
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for i in order:
        current.append(i)
        running += amounts[i]
        if running == 0:
            groups.append(current)
            current = []
    return groups


def _settle(people: list[str], nets: Mapping[str, int]) -> list[Transfer]:
    """The largest debt paid to the largest credit until everyone is even: one transfer
    fewer than the group's size for a group with no smaller group of zero sum inside."""
    owed = {p: nets[p] for p in people}
    transfers: list[Transfer] = []
    while True:
        takers = [p for p in owed if owed[p] > 0]
        givers = [p for p in owed if owed[p] < 0]
        if not takers:
            return sorted(transfers, key=lambda t: (t.giver, t.taker))
        taker = max(takers, key=lambda p: (owed[p], p))
        giver = min(givers, key=lambda p: (owed[p], p))
        amount = min(owed[taker], -owed[giver])
        transfers.append(Transfer(giver, taker, amount))
        owed[taker] -= amount
        owed[giver] += amount
