"""Precise errors, each with a message a player understands."""


class BanLuckError(Exception):
    """Base of every error the rules engine raises on bad input."""


class BadCard(BanLuckError):
    """A card code that is not a rank and a suit, or a card used too often."""


class BadBet(BanLuckError):
    """A bet that T8 (or O1) does not allow."""


class IllegalAction(BanLuckError):
    """An action that is not legal at this point of the round."""


class ShoeExhausted(BanLuckError):
    """A stacked shoe that runs out before the hand is over."""


class ReplayError(BanLuckError):
    """Bad replay input (REPLAY.md): the message says what is wrong and where."""


class LedgerError(BanLuckError):
    """A ledger of a real-card table that cannot be settled: the message names the hand,
    the person and what is wrong; ``who`` is that person where there is one (a page says
    the fault in its reader's language by it)."""

    def __init__(self, message: str, *, who: str | None = None) -> None:
        super().__init__(message)
        self.who = who
