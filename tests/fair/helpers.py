"""Small builders for the fairness tests: recorded shoes and their histories as JSON."""

from __future__ import annotations

import copy
import random
from typing import Any

from banluck.core.fair import FairLedger, History, parse_history, verify_history
from banluck.core.shoe import Shoe


def ledger(seed: int = 0) -> FairLedger:
    """A ledger whose salts come from a seeded source (never do this in play)."""
    return FairLedger(salt_source=random.Random(seed).randbytes)


def drawn_history(seed: int, hands: list[int], *, decks: int = 1) -> History:
    """A core shoe shuffled by ``seed``: hand i draws ``hands[i]`` cards (a fresh shuffle
    first when too few are left, T12); then finished."""
    book = ledger(seed)
    shoe = Shoe(decks, random.Random(seed), ledger=book)
    for n in hands:
        book.begin_hand()
        if len(shoe) < n:
            shoe.shuffle()
        for _ in range(n):
            shoe.draw()
        book.end_hand()
    book.finish()
    return book.public_history()


def problem(data: dict[str, Any]) -> str | None:
    """The first problem verify finds in a history given as JSON data."""
    return verify_history(parse_history(data)).problem


def edited(history: History) -> dict[str, Any]:
    """A deep copy of the history's JSON data, to tamper with."""
    return copy.deepcopy(history.to_json())
