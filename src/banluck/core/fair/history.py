"""The history of a table's shoes and deals, and its JSON file (docs/FAIRNESS.md)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from banluck.core.cards import ONE_DECK, parse_card
from banluck.core.errors import BadCard, BanLuckError
from banluck.core.fair.scheme import SALT_BYTES, check_client_seed

#: The ``format`` field of a history file.
FORMAT = "banluck-fair/1"
#: the most decks a history's shoe may name
MAX_DECKS = 16
#: ``shuffle``: every card of the decks, shuffled; ``discards``: C8, the discards of earlier
#: hands shuffled into a new pack in the middle of a hand.
Source = Literal["shuffle", "discards"]
SOURCES: tuple[Source, ...] = ("shuffle", "discards")
_HEX = frozenset("0123456789abcdef")
#: every card's code as written in a history (``"TS"``, never ``"10S"`` or ``"ts"``)
_CODES = frozenset(card.code for card in ONE_DECK)


class FairFormatError(BanLuckError):
    """A history file that is not the documented format (docs/FAIRNESS.md)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class ShoeCommitment:
    """What every seat sees before a shoe's first card: public, reveals nothing."""

    #: the shoe's number at the table: 1, 2, … in the order they were committed
    shoe: int
    #: the decks the table plays with
    decks: int
    #: how many cards the committed order holds
    cards: int
    source: Source
    #: SHA-256 of canonical_text(salt, order), lowercase hex
    commitment: str
    #: with a client seed: SHA-256 of the salt (shown before the seed was given), and the seed
    salt_commitment: str | None = None
    client_seed: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "shoe": self.shoe,
            "decks": self.decks,
            "cards": self.cards,
            "source": self.source,
            "commitment": self.commitment,
        }
        if self.client_seed is not None:
            data["salt_commitment"] = self.salt_commitment
            data["client_seed"] = self.client_seed
        return data


@dataclass(frozen=True, kw_only=True, slots=True)
class ShoeReveal:
    """What is published when the shoe is finished: its order (top first) and salt."""

    order: tuple[str, ...]
    salt: str

    def to_json(self) -> dict[str, Any]:
        return {"salt": self.salt, "order": list(self.order)}


@dataclass(frozen=True, kw_only=True, slots=True)
class ShoeRecord:
    """One shoe in a history: its commitment and, once finished, its reveal."""

    commitment: ShoeCommitment
    reveal: ShoeReveal | None = None

    def to_json(self) -> dict[str, Any]:
        data = self.commitment.to_json()
        if self.reveal is not None:
            data["reveal"] = self.reveal.to_json()
        return data


@dataclass(frozen=True, kw_only=True, slots=True)
class Deal:
    """Cards drawn one after another from one shoe for one hand (or I1's burn)."""

    shoe: int
    #: the hand's number at the table, from 1; None for the cards burnt after a shuffle (I1)
    hand: int | None
    cards: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"hand {self.hand}" if self.hand is not None else f"the burn of shoe {self.shoe}"

    def to_json(self) -> dict[str, Any]:
        where: dict[str, Any] = {"hand": self.hand} if self.hand is not None else {"burn": True}
        return {"shoe": self.shoe, **where, "cards": list(self.cards)}


@dataclass(frozen=True, kw_only=True, slots=True)
class History:
    """Shoes in the order committed and deals in the order drawn (docs/FAIRNESS.md)."""

    shoes: tuple[ShoeRecord, ...]
    deals: tuple[Deal, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "shoes": [s.to_json() for s in self.shoes],
            "deals": [d.to_json() for d in self.deals],
        }


# -- reading a history file -------------------------------------------------------------------


def need(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise FairFormatError(f"{where}: {key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise FairFormatError(f"{where}: {key!r} must be {_KINDS[kind]}")
    return value


_KINDS: dict[type, str] = {int: "a whole number", str: "text", list: "a list", dict: "an object"}


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise FairFormatError(f"{where} must be an object")
    return value


def _codes(values: list[Any], where: str) -> tuple[str, ...]:
    """The card codes of a list, each one shared string (a saved room's ledger holds
    thousands); FairFormatError names the first that is not a code."""
    with contextlib.suppress(TypeError):  # (a list in the list, a str subclass: below)
        if _CODES.issuperset(values):
            return tuple(map(sys.intern, values))  # every one a code: the common case
    out = []
    for i, code in enumerate(values, 1):
        try:
            ok = isinstance(code, str) and parse_card(code).code == code
        except BadCard:
            ok = False
        if not ok:
            raise FairFormatError(
                f"{where}, card {i}: {code!r} is not a card code like 'AS' or 'TD'"
            )
        out.append(code)
    return tuple(out)


def hex_text(value: str, length: int, where: str) -> str:
    if len(value) != length or not set(value) <= _HEX:
        raise FairFormatError(f"{where} must be {length} lowercase hex digits")
    return value


def _bounded(value: int, low: int, high: int, where: str) -> int:
    if not low <= value <= high:
        raise FairFormatError(f"{where} must be from {low} to {high}")
    return value


def _seeded(s: Mapping[str, Any], where: str) -> dict[str, str]:
    """A shoe's ``salt_commitment`` and ``client_seed``: both or neither."""
    if "client_seed" not in s and "salt_commitment" not in s:
        return {}
    seed = need(s, "client_seed", str, where)
    try:
        if seed:  # empty: derived with no seed given (docs/FAIRNESS.md)
            check_client_seed(seed)
    except ValueError as exc:
        raise FairFormatError(f"{where}: {exc}") from None
    return {
        "client_seed": seed,
        "salt_commitment": hex_text(
            need(s, "salt_commitment", str, where), 64, f"{where}: 'salt_commitment'"
        ),
    }


def parse_history(data: Any) -> History:
    """A history from its JSON data; FairFormatError says what is wrong and where.

    >>> parse_history({"format": FORMAT, "shoes": [], "deals": [{"shoe": 1, "hand": 1}]})
    Traceback (most recent call last):
    ...
    banluck.core.fair.history.FairFormatError: deal 1: 'cards' is missing
    """
    top = _object(data, "the history")
    if top.get("format") != FORMAT:
        raise FairFormatError(f"the history's 'format' must be {FORMAT!r}")
    shoes = []
    for i, raw in enumerate(need(top, "shoes", list, "the history"), 1):
        where = f"shoe entry {i}"
        s = _object(raw, where)
        raw_source = need(s, "source", str, where)
        if raw_source not in SOURCES:
            raise FairFormatError(f"{where}: 'source' must be 'shuffle' or 'discards'")
        source: Source = "shuffle" if raw_source == "shuffle" else "discards"
        commitment = ShoeCommitment(
            shoe=need(s, "shoe", int, where),
            decks=_bounded(need(s, "decks", int, where), 1, MAX_DECKS, f"{where}: 'decks'"),
            cards=_bounded(need(s, "cards", int, where), 0, 52 * MAX_DECKS, f"{where}: 'cards'"),
            source=source,
            commitment=hex_text(need(s, "commitment", str, where), 64, f"{where}: 'commitment'"),
            **_seeded(s, where),
        )
        reveal = None
        if "reveal" in s:
            r = _object(s["reveal"], f"{where}: 'reveal'")
            reveal = ShoeReveal(
                salt=hex_text(
                    need(r, "salt", str, f"{where}: reveal"),
                    2 * SALT_BYTES,
                    f"{where}: the salt",
                ),
                order=_codes(need(r, "order", list, f"{where}: reveal"), f"{where}: order"),
            )
        shoes.append(ShoeRecord(commitment=commitment, reveal=reveal))
    deals = []
    for i, raw in enumerate(need(top, "deals", list, "the history"), 1):
        where = f"deal {i}"
        d = _object(raw, where)
        shoe = need(d, "shoe", int, where)
        if d.get("burn") is True and "hand" not in d:
            hand = None
        else:
            hand = need(d, "hand", int, where)
            if hand < 1 or "burn" in d:
                raise FairFormatError(f"{where}: 'hand' must be a number from 1 (or 'burn': true)")
        deals.append(Deal(shoe=shoe, hand=hand, cards=_codes(need(d, "cards", list, where), where)))
    return History(shoes=tuple(shoes), deals=tuple(deals))


def optional_int(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise FairFormatError(f"the saved ledger: {key!r} must be a whole number or null")
    return value
