"""One table's run of hands, any game, any seating: what a table keeps from one hand to the
next, and the steps between hands that every table takes alike.

A run holds the stacks, the bank (K2: who holds it and how many hands it has banked), the
shoe between hands (``GameDriver.fresh_shoe``'s JSON) with the fair ledger of every shoe it
was dealt from (docs/FAIRNESS.md: each shoe committed before its first card, the next one's
salt committed as soon as a shoe is made), and the next hand's number. It builds the next
hand's ``HandStart``, deals it through the game's driver, takes the settled hand back, and
says when the next hand needs a new shoe; the shoe is made and committed here too, from a
seed the table passes in.

The solo table and the room each hold one; what is a table's own stays with it (a room's
people, bets and timers; a solo table's settings and statistics). Pure: no I/O, no clock,
no randomness of its own (the ledger's salts and the shuffles' seeds are passed in).

Saved as one JSON object for every game and every seating (``to_json``, ``from_json``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from banluck.core.fair import FairFormatError
from banluck.core.fair.table import TableLedger
from banluck.core.money import MAX_CHIPS
from banluck.core.whole import is_whole
from banluck.games.driver import GameDriver, HandDriver, HandStart, Settled

#: The highest hand number a saved run may name: the largest integer a JavaScript number
#: holds exactly (a page reads it).
MAX_HAND = 2**53 - 1

SaltSource = Callable[[int], bytes]


class BadRun(ValueError):
    """A saved run that does not add up (the message says what)."""


@dataclass(eq=False)
class TableRun:
    """A table between hands (see the module's text)."""

    stacks: dict[str, int]
    #: the shoe the next hand is dealt from (during a hand: the one it was dealt from)
    shoe: dict[str, Any]
    ledger: TableLedger
    banker: str | None = None
    hands_banked: int = 0
    next_hand: int = 1

    @classmethod
    def fresh(cls, driver: GameDriver, seed: int, salts: SaltSource) -> TableRun:
        """A new table of ``driver``'s game: every seat of its layout at the fresh stack,
        the game's first banker, and a first shoe shuffled with ``seed`` and committed."""
        run = cls(
            stacks=dict.fromkeys(driver.layout, driver.fresh_stack()),
            shoe={},
            ledger=TableLedger(salt_source=salts),
            banker=driver.first_banker(),
        )
        run.new_shoe(driver, seed)
        return run

    @property
    def last_number(self) -> int:
        """The number of the hand dealt last (0 before the first)."""
        return self.next_hand - 1

    # ------------------------------------------------------------------ the shoe

    def shoe_due(self, driver: GameDriver) -> bool:
        """Whether the next hand needs a new shoe, asked once a hand is over (or a house
        changes): none is committed yet (a table saved before it kept a ledger), or the
        game's rules shuffle before it (T12, O2, K4, I1, C8)."""
        return self.ledger.current is None or driver.shuffle_due(self.shoe)

    def new_shoe(self, driver: GameDriver, seed: int) -> None:
        """The next hand's shoe, derived from the salt committed before it (and the seed
        given for it, in the ledger), committed; the salt of the one after it drawn and
        committed at once."""
        self.shoe = driver.fresh_shoe(seed, self.ledger)
        self.ledger.next_salt_commitment()

    # ------------------------------------------------------------------ a hand

    def start(
        self,
        *,
        seed: int,
        seats: tuple[str, ...],
        people: tuple[str, ...],
        bets: Mapping[str, int],
        stacks: Mapping[str, int] | None = None,
        side_bets: Mapping[str, Mapping[str, int]] | None = None,
    ) -> HandStart:
        """The next hand's start: its number, this run's shoe and bank, the ``stacks``
        given (None: the run's own)."""
        return HandStart(
            number=self.next_hand,
            seed=seed,
            shoe=self.shoe,
            seats=seats,
            people=people,
            stacks=dict(self.stacks if stacks is None else stacks),
            bets=dict(bets),
            banker=self.banker,
            hands_banked=self.hands_banked,
            side_bets=dict(side_bets or {}),
        )

    def deal(self, driver: GameDriver, start: HandStart) -> HandDriver:
        """Deal ``start`` through ``driver`` (whose shoes tell this run's ledger of every
        draw); the hand after it is next."""
        if not driver.shoe_marks_hands:  # else the shoe marks its hands (I1)
            self.ledger.begin_hand()
        hand = driver.begin(start)
        self.next_hand = start.number + 1
        return hand

    def settle(self, settled: Settled, *, kept: Collection[str] = ()) -> None:
        """A finished hand's settlement taken in: the stacks after it (but those of the
        ``kept`` seats, whose stacks were the hand's only), the shoe it left, the bank
        (K2); its shoe's hand ends in the ledger."""
        self.stacks.update({k: v for k, v in settled.stacks.items() if k not in kept})
        self.ledger.end_hand()
        self.shoe = settled.shoe
        if settled.banker is not None:
            self.banker, self.hands_banked = settled.banker, settled.hands_banked

    # ------------------------------------------------------------------ saved

    def to_json(self) -> dict[str, Any]:
        """The run as JSON-ready data (the ledger with its secrets: saved on the server
        only)."""
        return {
            "stacks": dict(self.stacks),
            "shoe": self.shoe,
            "fair": self.ledger.to_json(),
            "banker": self.banker,
            "hands_banked": self.hands_banked,
            "next_hand": self.next_hand,
        }

    @classmethod
    def from_json(cls, data: object, *, seats: Collection[str], salts: SaltSource) -> TableRun:
        """A run saved by ``to_json`` for a table of ``seats`` (``BadRun`` saying what does
        not add up)."""
        if not isinstance(data, dict):
            raise BadRun("a table run must be an object")
        try:
            stacks, shoe = data["stacks"], data["shoe"]
            banker, banked, number = data["banker"], data["hands_banked"], data["next_hand"]
            fair = data["fair"]
        except KeyError as exc:
            raise BadRun(f"the table run has no {exc}") from None
        if not (
            isinstance(stacks, dict)
            and set(stacks) == set(seats)
            and all(is_whole(v) and 0 <= v <= MAX_CHIPS for v in stacks.values())
        ):
            raise BadRun(f"the stacks must be whole numbers from 0 to {MAX_CHIPS} for every seat")
        if not isinstance(shoe, dict):
            raise BadRun("the shoe must be an object")
        if banker is not None and banker not in seats:
            raise BadRun(f"the banker {banker!r} is not a seat")
        if not (is_whole(banked) and 0 <= banked <= MAX_HAND):
            raise BadRun("hands_banked must be a whole number")
        if not (is_whole(number) and 1 <= number <= MAX_HAND):
            raise BadRun(f"next_hand must be a whole number from 1 to {MAX_HAND}")
        ledger = saved_ledger(fair, salts)
        return cls(
            stacks={str(k): int(v) for k, v in stacks.items()},
            shoe=dict(shoe),
            ledger=ledger,
            banker=None if banker is None else str(banker),
            hands_banked=int(banked),
            next_hand=int(number),
        )


class OnRun:
    """What holds a table run (``table``), with the run's parts readable as its own."""

    table: TableRun

    @property
    def stacks(self) -> dict[str, int]:
        return self.table.stacks

    @stacks.setter
    def stacks(self, value: dict[str, int]) -> None:
        self.table.stacks = value

    @property
    def ledger(self) -> TableLedger:
        return self.table.ledger

    @property
    def hands_banked(self) -> int:
        return self.table.hands_banked

    @hands_banked.setter
    def hands_banked(self, value: int) -> None:
        self.table.hands_banked = value

    @property
    def next_hand(self) -> int:
        return self.table.next_hand

    @next_hand.setter
    def next_hand(self, value: int) -> None:
        self.table.next_hand = value


def saved_ledger(data: object, salts: SaltSource) -> TableLedger:
    """A saved fair ledger (``BadRun`` when damaged); a table saved before it kept one gets
    an empty one (its next deal takes a new, committed shoe)."""
    if data is None:
        ledger = TableLedger(salt_source=salts)
    elif isinstance(data, dict):
        try:
            read = TableLedger.from_json(data, salt_source=salts)
        except (FairFormatError, ValueError, TypeError, KeyError) as exc:
            raise BadRun(f"fair ledger: {exc}") from None
        assert isinstance(read, TableLedger)
        ledger = read
    else:
        raise BadRun("fair ledger must be an object")
    return ledger
