"""A ledger file read and settled (docs/LEDGER.md): the house, the unit, and each hand's
banker, bets and ends; every hand settled by the house's game (``Game.ledger``, the family's
own settlement), summed per person, and settled up with the fewest transfers.

>>> book = read_book({"house": "table", "hands": [
...     {"banker": "Mum", "bets": {"Anna": 10, "Ben": 10}, "ends": {"Mum": "18", "Anna": "19",
...      "Ben": "bust"}},
...     {"ends": {"Mum": "ban-luck", "Anna": "20", "Ben": "17"}}]})
>>> s = settle_book(book)
>>> s.people, [(t.giver, t.taker, t.amount) for t in s.transfers]
({'Mum': 40, 'Anna': -10, 'Ben': -30}, [('Anna', 'Mum', 10), ('Ben', 'Mum', 30)])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from banluck.core.errors import LedgerError
from banluck.games.house import House, HouseError, read_house
from banluck.games.named_houses import NAMED, named_house
from banluck.games.registry import GAMES, game
from banluck.ledger.transfers import Transfer, fewest

#: a person's name is 1 to this many characters
NAME_MAX = 40
#: the most hands one ledger keeps
HANDS_MAX = 10_000
#: the most people one ledger names
PEOPLE_MAX = 40
_KEYS = {"house", "unit", "banker", "people", "hands"}
_HAND_KEYS = {"banker", "bets", "ends"}


@dataclass(frozen=True, kw_only=True, slots=True)
class Unit:
    """What the amounts count: chips, or a currency with its smallest coin (every bet is a
    whole number of coins)."""

    name: str = "chips"
    coin: Decimal = Decimal(1)

    def coins(self, amount: object, where: str) -> int:
        """``amount`` in this unit as a whole number of coins above zero (LedgerError)."""
        if isinstance(amount, bool) or not isinstance(amount, (int, float, str, Decimal)):
            raise LedgerError(f"{where}: {amount!r} is not an amount")
        try:
            value = Decimal(str(amount))
        except InvalidOperation:
            raise LedgerError(f"{where}: {amount!r} is not an amount") from None
        n = value / self.coin
        if not value.is_finite() or n <= 0 or n != n.to_integral_value():
            raise LedgerError(f"{where}: {amount} is not a whole number of {self.coin} {self.name}")
        return int(n)

    def amount(self, coins: int) -> int | float:
        """A number of coins as an amount of the unit (a whole number where it is one)."""
        value = coins * self.coin
        return int(value) if value == value.to_integral_value() else float(value)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "coin": self.amount(1)}


@dataclass(frozen=True, kw_only=True, slots=True)
class Hand:
    """One hand as entered: its banker, each seat's bet (in coins) and each person's end."""

    banker: str
    bets: dict[str, int]
    ends: dict[str, object]


@dataclass(frozen=True, kw_only=True, slots=True)
class Book:
    """A ledger: the house it plays, its unit, its hands in order, and everyone at the table
    in seat order (as listed, or in the order the hands first name them)."""

    house: House
    unit: Unit
    hands: tuple[Hand, ...]
    people: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Totals:
    """A person's settle-up: net, biggest single win (0 if none) and hands played."""

    net: int
    biggest_win: int
    hands: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Settled:
    """A ledger settled: each hand's nets, each person's totals and who pays whom."""

    hands: tuple[dict[str, int], ...]
    totals: dict[str, Totals]
    transfers: list[Transfer]

    @property
    def people(self) -> dict[str, int]:
        return {name: t.net for name, t in self.totals.items()}


def read_book(data: object) -> Book:
    """A ledger file's JSON checked (LedgerError naming the hand, the person and the fault)."""
    if not isinstance(data, dict):
        raise LedgerError("a ledger is a JSON object with 'house' and 'hands'")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise LedgerError(f"unknown key {unknown[0]!r} (keys: {', '.join(sorted(_KEYS))})")
    if "house" not in data or "hands" not in data:
        raise LedgerError("a ledger needs 'house' and 'hands'")
    house = read_ledger_house(data["house"])
    unit = _unit(data.get("unit", {}))
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) > HANDS_MAX:
        raise LedgerError(f"'hands' is a list of up to {HANDS_MAX:,} hands")
    banker = _name(data["banker"], "banker") if "banker" in data else None
    read: list[Hand] = []
    last_bets: dict[str, int] = {}
    for number, raw in enumerate(hands, 1):
        try:
            hand = _hand(raw, banker, last_bets, unit)
        except LedgerError as exc:
            raise LedgerError(f"hand {number}: {exc}") from None
        banker = hand.banker
        last_bets.update(hand.bets)
        read.append(hand)
    named = _people(data["people"]) if "people" in data else ()
    for hand in read:
        named += tuple(n for n in hand.ends if n not in named)
    return Book(house=house, unit=unit, hands=tuple(read), people=named)


def _people(raw: object) -> tuple[str, ...]:
    """``people``: a list of distinct names, everyone at the table in seat order (those who
    have not played a hand yet among them)."""
    if not isinstance(raw, list) or len(raw) > PEOPLE_MAX:
        raise LedgerError(f"'people' is a list of up to {PEOPLE_MAX} names")
    names = tuple(_name(n, "people") for n in raw)
    if len(set(names)) != len(names):
        raise LedgerError("people: a name is listed twice")
    return names


def settle_book(book: Book) -> Settled:
    """Every hand settled by the house's own rules; the totals; the fewest transfers."""
    settle: Callable[..., dict[str, int]] = game(book.house.base).part("ledger")
    rules = book.house.record()
    nets: list[dict[str, int]] = []
    for number, hand in enumerate(book.hands, 1):
        try:
            nets.append(settle(rules, hand.banker, hand.bets, hand.ends))
        except LedgerError as exc:
            raise LedgerError(f"hand {number}: {exc}") from None
    totals: dict[str, Totals] = {}
    for hand in book.hands:  # each person in the order the ledger first names them
        for name in hand.ends:
            totals.setdefault(name, Totals(net=0, biggest_win=0, hands=0))
    for hand_nets in nets:
        for name, net in hand_nets.items():
            t = totals[name]
            totals[name] = Totals(
                net=t.net + net, biggest_win=max(t.biggest_win, net), hands=t.hands + 1
            )
    people = {name: t.net for name, t in totals.items()}
    return Settled(hands=tuple(nets), totals=totals, transfers=fewest(people))


def settle_hands(house: House, hands: list[object]) -> list[dict[str, int] | LedgerError]:
    """Each hand on its own (its banker and every seat's bet given, in coins), settled by
    the house's own rules: its nets, or the LedgerError saying why it cannot be settled (a
    page that sends hands to be settled, docs/API.md)."""
    settle: Callable[..., dict[str, int]] = game(house.base).part("ledger")
    rules = house.record()
    out: list[dict[str, int] | LedgerError] = []
    for raw in hands:
        try:
            hand = _hand(raw, None, {}, Unit())
            out.append(settle(rules, hand.banker, hand.bets, hand.ends))
        except LedgerError as exc:
            out.append(exc)
    return out


def read_ledger_house(raw: object) -> House:
    """A named house, a preset's name, or a house object (H10 / H11), of a game the ledger
    keeps (LedgerError)."""
    try:
        if isinstance(raw, str):
            house = named_house(raw) if raw in NAMED else read_house({"base": raw})
        else:
            house = read_house(raw)
    except HouseError as exc:
        raise LedgerError(str(exc)) from None
    if game(house.base).ledger is None:
        kept = ", ".join(sorted(g.name for g in GAMES.values() if g.ledger))
        raise LedgerError(f"house: the ledger keeps houses of {kept}; not of {house.base!r} yet")
    return house


def _unit(raw: object) -> Unit:
    if not isinstance(raw, dict) or set(raw) - {"name", "coin"}:
        raise LedgerError("'unit' is an object with 'name' and 'coin'")
    name = raw.get("name", "chips")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_MAX:
        raise LedgerError(f"unit: 'name' is 1 to {NAME_MAX} characters")
    coin = raw.get("coin", 1)
    try:
        value = Decimal(str(coin))
    except InvalidOperation:
        value = Decimal(0)
    if (
        isinstance(coin, bool)
        or not isinstance(coin, (int, float, str, Decimal))
        or not value.is_finite()
        or value <= 0
    ):
        raise LedgerError(f"unit: 'coin' {coin!r} is not an amount above zero")
    return Unit(name=name.strip(), coin=value)


def _name(raw: object, where: str) -> str:
    if not isinstance(raw, str) or not 1 <= len(raw.strip()) <= NAME_MAX or raw != raw.strip():
        raise LedgerError(f"{where}: a name is 1 to {NAME_MAX} characters, {raw!r} is not")
    return raw


def _hand(raw: object, banker: str | None, last_bets: Mapping[str, int], unit: Unit) -> Hand:
    """One hand: its banker (the last hand's if left out), its ends, and a bet for each seat
    (the seat's last bet if left out)."""
    if not isinstance(raw, dict) or "ends" not in raw:
        raise LedgerError("a hand is an object with 'ends' (and 'banker', 'bets')")
    unknown = sorted(set(raw) - _HAND_KEYS)
    if unknown:
        raise LedgerError(f"unknown key {unknown[0]!r} (keys: {', '.join(sorted(_HAND_KEYS))})")
    if "banker" in raw:
        banker = _name(raw["banker"], "banker")
    if banker is None:
        raise LedgerError("no banker (the first hand names one)")
    ends = raw["ends"]
    given = raw.get("bets", {})
    if not isinstance(ends, dict) or not isinstance(given, dict):
        raise LedgerError("'ends' and 'bets' are objects by name")
    for name in ends:
        _name(name, "ends")
    if banker not in ends:
        raise LedgerError(f"{banker}: the banker has no end", who=banker)
    for name in given:
        if name not in ends or name == banker:
            why = "is the banker" if name == banker else "has a bet but no end"
            raise LedgerError(f"{name}: {why}", who=name)
    bets: dict[str, int] = {}
    for name in ends:
        if name == banker:
            continue
        if name in given:
            bets[name] = unit.coins(given[name], f"{name}'s bet")
        elif name in last_bets:
            bets[name] = last_bets[name]
        else:
            raise LedgerError(f"{name}: no bet (give one in 'bets')", who=name)
    if not bets:
        raise LedgerError("no one plays against the banker")
    return Hand(banker=banker, bets=bets, ends=dict(ends))


def settled_json(book: Book, settled: Settled) -> dict[str, Any]:
    """A settled ledger as ``banluck ledger settle --json`` prints it (docs/LEDGER.md), in
    the ledger's unit."""
    unit = book.unit
    return {
        "unit": unit.to_json(),
        "people": {n: unit.amount(t.net) for n, t in settled.totals.items()},
        "hands": [
            {"banker": h.banker, "nets": {n: unit.amount(v) for n, v in nets.items()}}
            for h, nets in zip(book.hands, settled.hands, strict=True)
        ],
        "totals": {
            n: {
                "net": unit.amount(t.net),
                "biggest_win": unit.amount(t.biggest_win),
                "hands": t.hands,
            }
            for n, t in settled.totals.items()
        },
        "transfers": [
            {"from": t.giver, "to": t.taker, "amount": unit.amount(t.amount)}
            for t in settled.transfers
        ],
    }
