"""How a person at a real table says their hand ended (a ledger's entry, docs/LEDGER.md),
read as a word, a total, a five dragon's total or the cards, before a game's rules give it a
meaning: the words of the Ban Luck family, which kampung shares (K1).

>>> read_said("five-dragon 19", ("bust",))
Said(word='five-dragon', total=19, cards=())
>>> read_said(18, ()).total, read_said(" Bust ", ("bust",)).word
(18, 'bust')
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from banluck.core.cards import Card, parse_cards
from banluck.core.errors import BadCard, LedgerError


@dataclass(frozen=True, slots=True)
class Said:
    """``word``: ``total`` (``total`` 4 to 21), ``five-dragon`` (its ``total``), ``cards``
    (the ``cards``), or one of the family's words."""

    word: str
    total: int = 0
    cards: tuple[Card, ...] = ()


def read_said(said: object, words: Collection[str]) -> Said:
    """``said`` read (LedgerError naming what it is not): a list of card codes, a total, a
    five dragon with its total (``"five-dragon 19"``) or one of ``words``."""
    if isinstance(said, list):
        return Said("cards", cards=_cards(said))
    if isinstance(said, int) and not isinstance(said, bool):
        return _total(said)
    if not isinstance(said, str):
        raise LedgerError(f"an end is a word, a total or a list of cards, not {said!r}")
    word = said.strip().lower()
    if word.isdigit():
        return _total(int(word))
    if word.startswith("five-dragon"):
        _, _, rest = word.partition(" ")
        if not rest.strip().isdigit() or not 5 <= int(rest) <= 21:
            raise LedgerError(
                f"{said!r}: a five dragon is said with its total, e.g. 'five-dragon 19'"
            )
        return Said("five-dragon", total=int(rest))
    if word not in words:
        ends = ", ".join([*words, "five-dragon N", "a total N", "the cards"])
        raise LedgerError(f"{said!r} is not an end (ends: {ends})")
    return Said(word)


def _total(total: int) -> Said:
    """A plain total of two to four cards (any total: a hand a natural settled at once kept
    its first two cards)."""
    if not 4 <= total <= 21:
        raise LedgerError(f"{total} is not a total a hand ends on (4 to 21; 'bust' above)")
    return Said("total", total=total)


def _cards(codes: list[object]) -> tuple[Card, ...]:
    if not all(isinstance(c, str) for c in codes) or len(codes) < 2:
        raise LedgerError(f"{codes!r}: a hand's cards are two or more card codes such as 'AS'")
    try:
        return parse_cards([str(c) for c in codes])
    except BadCard as exc:
        raise LedgerError(str(exc)) from None
