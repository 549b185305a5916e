"""The choices a seat can make (T16)."""

from enum import StrEnum


class Action(StrEnum):
    """A seat's choice at its turn."""

    HIT = "hit"
    STAND = "stand"
    THROW = "throw"
