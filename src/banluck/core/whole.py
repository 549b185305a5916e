"""A JSON whole number: the one check of every input that must be one (a bet, a stack, a
hand's number, a step, a house field), so that ``true`` and ``2.0`` are refused alike."""

from __future__ import annotations

from typing import TypeGuard


def is_whole(value: object) -> TypeGuard[int]:
    """A whole number, not a bool (JSON's ``true`` is not 1 here).

    >>> is_whole(3), is_whole(True), is_whole(2.0), is_whole("2")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)
