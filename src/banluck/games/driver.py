"""One face per game: what every consumer of a game (a room, the solo table, replay, the
bots) runs on, in the spirit of OpenSpiel's one game interface.

A family implements it once, in its own package (``games/banluck/driver.py``,
``games/blackjack/driver.py``, ``games/kampung/driver.py``); the registry names each game's
driver (``games.drivers.driver_for``). ``GameDriver`` is a game with its options (the
decks, the bank): its seats, fresh stacks and shoes, its bet check. ``HandDriver`` is one
hand in play: whose turn, the legal choices, a bot's and an absent person's choice, each
seat's and a watcher's view as JSON, the settlement.

A hand is built only from JSON-ready data (``HandStart``), so that a hand saved in the
middle is rebuilt by starting it again and replaying its choices (``HandDriver.replay``).
Every shuffle a hand causes uses ``hand_rng(start.seed)``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from banluck.core.cards import Card
from banluck.core.errors import BadBet, BanLuckError
from banluck.core.fair import FairLedger
from banluck.core.refusal import Refusal
from banluck.core.seating import Seating
from banluck.games.betcap import largest_bet
from banluck.games.solo_answers import SoloAnswers

if TYPE_CHECKING:
    from banluck.games.house import House


def hand_rng(seed: int) -> random.Random:
    """The random source of one hand's shuffles (its seed is kept with the hand)."""
    return random.Random(seed)


def shoe_rng(seed: int, ledger: FairLedger | None) -> random.Random:
    """The random source of a new shoe: a recorded shoe's order is derived from the
    ledger's secret salt and the players' seed (HMAC-SHA256 driving Fisher-Yates,
    docs/FAIRNESS.md), so that anyone can recompute it once the salt is revealed; a shoe
    nobody records is shuffled from ``seed``."""
    return hand_rng(seed) if ledger is None else ledger.shuffler()


@dataclass(frozen=True, kw_only=True, slots=True)
class SettingsSpec:
    """The settings a game offers a table: its deck counts and who may bank."""

    decks: tuple[int, ...]
    default_decks: int
    #: K2: ``house`` (the dealer always banks), and ``rotate`` where the bank passes round
    banks: tuple[str, ...] = ("house",)
    #: the settings a person changes at the game's own table, beyond speed and language
    #: (``house``: H3's house rules; ``decks``: the deck count, T11 / K4; ``bank``: K2)
    table: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "decks": list(self.decks),
            "default_decks": self.default_decks,
            "banks": list(self.banks),
        }


@dataclass(frozen=True, kw_only=True)
class HandStart:
    """Everything a hand is built from: JSON-ready, stored with the table."""

    number: int
    seed: int
    #: the shoe before the hand (``GameDriver.fresh_shoe``'s form)
    shoe: dict[str, Any]
    #: the seats dealt in, in playing order, and those a person holds
    seats: tuple[str, ...]
    people: tuple[str, ...]
    #: stacks before T9, and the people's bets (bots bet the rules' bot bet)
    stacks: Mapping[str, int]
    bets: Mapping[str, int]
    #: kampung (K2): the banker and how many hands it has banked
    banker: str | None = None
    hands_banked: int = 0
    #: I10: the people's side bets, seat -> bet name -> stake (blackjack's ``infinite``)
    side_bets: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out = {
            "number": self.number,
            "seed": self.seed,
            "shoe": self.shoe,
            "seats": list(self.seats),
            "people": list(self.people),
            "stacks": dict(self.stacks),
            "bets": dict(self.bets),
            "banker": self.banker,
            "hands_banked": self.hands_banked,
        }
        if self.side_bets:  # only where a seat has side bets: a start without them reads alike
            out["side_bets"] = {s: dict(b) for s, b in self.side_bets.items()}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandStart:
        return cls(
            number=int(data["number"]),
            seed=int(data["seed"]),
            shoe=dict(data["shoe"]),
            seats=tuple(str(s) for s in data["seats"]),
            people=tuple(str(s) for s in data["people"]),
            stacks={str(k): int(v) for k, v in data["stacks"].items()},
            bets={str(k): int(v) for k, v in data["bets"].items()},
            banker=None if data.get("banker") is None else str(data["banker"]),
            hands_banked=int(data.get("hands_banked", 0)),
            side_bets={
                str(s): {str(k): int(v) for k, v in b.items()}
                for s, b in data.get("side_bets", {}).items()
            },
        )


@dataclass(frozen=True, kw_only=True)
class Settled:
    """A finished hand: the stacks after it (T10), the shoe, and kampung's bank (K2)."""

    stacks: dict[str, int]
    shoe: dict[str, Any]
    banker: str | None = None
    hands_banked: int = 0
    summary: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class SeatLine:
    """A seat's part in a finished hand, as its statistics count it: what it won (negative:
    lost) and wagered, the kinds of its hands (REPLAY.md's names), whether one was a
    natural, its stack before the hand (after a fresh stack, T9) and after."""

    net: int
    wagered: int
    kinds: tuple[str, ...] = ()
    natural: bool = False
    stack_before: int
    stack_after: int


@dataclass(frozen=True, kw_only=True)
class Hint:
    """The game's own solver at a hand's pending choice: the value of each legal choice
    (in bets, kampung's in chips) and the ``best`` of them."""

    best: str
    ev: Mapping[str, float]

    def to_json(self) -> dict[str, Any]:
        return {"best": self.best, "ev": dict(self.ev)}


class NoHint(LookupError):
    """No hint for this choice: the game has no solver, or none covers this spot."""


class HandDriver(ABC):
    """One hand in play."""

    def __init__(self, start: HandStart) -> None:
        self.start = start
        self.actions: list[tuple[str, str]] = []

    @property
    def number(self) -> int:
        return self.start.number

    @property
    def step(self) -> int:
        """How many choices were made (the ``step`` a choice must name)."""
        return len(self.actions)

    @abstractmethod
    def to_act(self) -> str | None:
        """The seat whose choice the hand waits for (None when over)."""

    @abstractmethod
    def legal(self) -> tuple[str, ...]:
        """That seat's choices, sorted."""

    @abstractmethod
    def _apply(self, action: str) -> None: ...

    @abstractmethod
    def bot_choice(self) -> str:
        """What a bot in the seat to act plays (T8/B10/K18)."""

    @abstractmethod
    def auto_choice(self) -> str:
        """What an absent person's seat plays (I8, and the family's rule for the absent)."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @abstractmethod
    def view(self, seat: str | None) -> dict[str, Any]:
        """T22/B9/K17: what ``seat`` may see (None: a watcher, who holds no cards)."""

    @abstractmethod
    def settle(self) -> Settled:
        """After the last choice: stacks, the shoe between hands, the bank."""

    def dealt_stacks(self) -> dict[str, int]:
        """Each seat's stack as the hand dealt it, T9's fresh stacks given (asked before
        its first choice; the table tells a seat of a fresh stack by it)."""
        return {s: int(v) for s, v in self.start.stacks.items()}

    def refusal_message(self, action: str) -> str:
        """Why the seat to act may not play ``action`` now, as its person reads it."""
        return f"{action} is not allowed now (allowed: {', '.join(self.legal())})"

    def next_shoe_hand(self) -> int | None:
        """I1: the number the next hand dealt from this hand's shoe as it stands will have
        in it (None: a game whose shoe numbers no hands)."""
        return None

    def news(self) -> list[dict[str, Any]]:
        """What the settled hand tells the table beyond its result (K2's bank passing), as
        notices (``code`` and ``params``); none by default. After ``settle``."""
        return []

    def hint(self, seat: str) -> Hint:
        """The solver's advice to ``seat`` at the choice the hand waits for from it (the
        table's Hint, the drill's answer, the guided hand's lesson). NoHint without one."""
        raise NoHint("this game has no hint")

    def result_json(self) -> dict[str, Any]:
        """The finished hand's result as ``banluck replay`` prints it (REPLAY.md's output,
        with the house it was dealt under, H12); a game without a replay format of its own
        gives its settlement's summary."""
        return {"summary": self.settle().summary}

    def seat_line(self, seat: str, settled: Settled) -> SeatLine:
        """``seat``'s part in the hand ``settled`` ends (the statistics' line); a game
        without hand kinds of its own counts its net and bet alone."""
        return SeatLine(
            net=sum(int(x["net"]) for x in settled.summary if x["seat"] == seat),
            wagered=int(self.start.bets.get(seat, 0)),
            stack_before=int(self.start.stacks[seat]),
            stack_after=settled.stacks[seat],
        )

    def history_json(self, seat: str, time: str) -> dict[str, Any] | None:
        """The finished hand as ``seat``'s history keeps it, finished at ``time``: its line
        (``item``), its REPLAY.md input (``replay``) and output (``result``); None for a game
        with no replay format of its own (the table keeps its start and choices). Before
        ``settle``."""
        return None

    def _history(
        self,
        time: str,
        item: dict[str, Any],
        replay: dict[str, Any],
        result: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """``history_json`` from the family's line, replay input and (if it has it already)
        ``result_json``."""
        return {
            "item": {"hand": self.number, "time": time, **item},
            "replay": replay,
            "result": self.result_json() if result is None else result,
        }

    def chart_cell(self) -> tuple[str, str] | None:
        """The Strategy chart's cell (row, column) of the choice the hand waits for (the
        Hint's and the drill's); None where the game has no chart or the choice no cell."""
        return None

    def hint_json(self, seat: str) -> dict[str, Any]:
        """The Hint for ``seat`` as every table sends it (solo, room, drill);
        ``hint_unavailable`` when the game has none for this choice."""
        try:
            return self.hint(seat).to_json()
        except NoHint as exc:
            raise Refusal("hint_unavailable", str(exc)) from None

    def check_turn(self, number: int, step: int, seat: str | None, what: str = "choice") -> None:
        """The one stale check of every table, solo or room: ``number`` and ``step`` name
        where the hand stands (``stale``), it is not over (``no_hand``) and it waits for
        ``seat`` (``not_your_turn``). A refused choice changes nothing."""
        if number != self.number or step != self.step:
            raise Refusal(
                "stale",
                f"this {what} is for hand {number} step {step};"
                f" the table is at hand {self.number} step {self.step}",
                {"hand": self.number, "step": self.step},
            )
        if self.over:
            raise Refusal("no_hand", f"hand {number} is over: deal the next one")
        to_act = self.to_act()
        if to_act != seat:
            raise Refusal("not_your_turn", "it is not your turn", {"to_act": to_act})

    def apply(self, action: str) -> None:
        """The seat to act plays ``action`` (``bad_action`` when it may not)."""
        seat = self.to_act()
        if seat is None:
            raise Refusal("no_hand", f"hand {self.number} is over")
        legal = self.legal()
        if action not in legal:
            raise Refusal(
                "bad_action",
                f"{action!r} is not allowed now (allowed: {', '.join(legal)})",
                {"action": action, "legal": list(legal)},
            )
        self._apply(action)
        self.actions.append((seat, action))

    def play_until(self, choice_for: Callable[[str], str | None]) -> str | None:
        """The one loop of automatic choices every table runs: while the hand is not over,
        the seat to act plays ``choice_for(seat)`` (a bot's, an absent person's), until it
        is None (the seat waits for its person), which is returned; None once over."""
        while (seat := self.to_act()) is not None:
            choice = choice_for(seat)
            if choice is None:
                return seat
            self.apply(choice)
        return None

    def replay(self, actions: list[tuple[str, str]]) -> None:
        """The choices of a saved hand again, each by the seat that made it."""
        for seat, action in actions:
            if seat != self.to_act():
                raise ValueError(f"saved hand: seat {seat!r} acted out of turn")
            self.apply(action)


class _Round(Protocol):
    """What ``RoundHand`` reads of a family's round."""

    @property
    def to_act(self) -> str | None: ...
    def legal_actions(self) -> Collection[Any]: ...
    def apply(self, action: Any) -> Any: ...


class RoundHand(HandDriver):
    """A hand whose engine is a round object with ``to_act``, ``legal_actions()`` and
    ``apply(action)`` (every family's): the turn, the choices and a choice are its."""

    round: _Round

    def to_act(self) -> str | None:
        return self.round.to_act

    def legal(self) -> tuple[str, ...]:
        return tuple(sorted(str(a) for a in self.round.legal_actions()))

    def _apply(self, action: str) -> None:
        self.round.apply(action)


class GameDriver(SoloAnswers, ABC):
    """A game with its options: its seats, stacks, shoes, bets and hands."""

    def __init__(
        self, name: str, *, decks: int, bank: str = "house", house: House | None = None
    ) -> None:
        self.name = name
        self.decks = decks
        self.bank = bank
        #: H3: the house this table plays (None: the preset), its rules record the driver's
        self.house = house

    #: the family's rules record the table plays (its bet range, seats and the rest)
    rules: Any
    #: the seats of the table, in order (empty for ``infinite``: made as people sit)
    layout: tuple[str, ...] = ()
    #: the smallest bet (an absent person's bet, the bet a page offers first) and the largest
    min_bet: int = 10
    max_bet: int = 500
    #: whether the game's shoe marks its own hands in the fair ledger (I1's hand numbers);
    #: otherwise the table tells the ledger where each hand begins
    shoe_marks_hands: bool = False
    #: the ledger told of every shuffle and draw of its hands' shoes (docs/FAIRNESS.md)
    ledger: FairLedger | None = None

    @staticmethod
    @abstractmethod
    def settings_spec(name: str) -> SettingsSpec:
        """The settings game ``name`` offers."""

    @abstractmethod
    def fresh_shoe(self, seed: int, ledger: FairLedger | None = None) -> dict[str, Any]:
        """A new shoe, shuffled with ``seed`` (committed to ``ledger``), as JSON."""

    @abstractmethod
    def stacked_shoe(self, cards: Sequence[str]) -> dict[str, Any]:
        """A full shoe that deals ``cards`` first (codes), then the rest of its decks in
        their order, never shuffled before the hand: a guided hand's, a test's."""

    @abstractmethod
    def shuffle_due(self, shoe: dict[str, Any]) -> bool:
        """Whether the next hand would shuffle ``shoe`` before its first card (T12, K4,
        I1's cut card, C8's reshuffle)."""

    @abstractmethod
    def fresh_stack(self) -> int: ...

    def prepare(self) -> None:
        """Compute now what this table's bots and Hint will need at its rules (a house's own
        solve); the default has nothing to compute."""
        return None

    def solve_job(self) -> Callable[[], Any] | None:
        """What ``prepare`` computes, as a picklable job another process may run (a room
        runs it off its server: ``take_solve`` keeps its answer); None: nothing to compute."""
        return None

    def take_solve(self, data: Any) -> None:
        """Keep what ``solve_job`` made (the default made nothing)."""
        return None

    def bettors(self, people: tuple[str, ...], banker: str | None) -> tuple[str, ...]:
        """The people's seats that bet this hand (a kampung banker does not, K3)."""
        return tuple(s for s in people if s != banker)

    @abstractmethod
    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        """The bet of a person in ``seat`` (``bad_bet`` saying why not)."""

    #: I10: the side bets a person may place beside the bet (none but in ``infinite``)
    side_bet_names: tuple[str, ...] = ()
    #: every choice a hand of this game may offer, in the order a page shows its buttons
    choices: tuple[str, ...] = ()
    #: O1: the stack must cover this many times the bet (1: the bet itself)
    bet_cover: int = 1

    def next_shoe_hand(self, shoe: dict[str, Any]) -> int | None:
        """I1: the number the next hand dealt from ``shoe`` will have in it (None: a game
        whose shoe numbers no hands)."""
        return None

    @property
    def shuffle_is_news(self) -> bool:
        """Whether a new shoe is told to the table (O2's shuffle before every hand is not)."""
        return True

    def page_features(self) -> dict[str, Any]:
        """What a page needs of the game beyond a hand's view, so that it names no game:
        the buttons of its choices (and blackjack's common row, I2)."""
        return {"choices": list(self.choices)}

    def side_bet_limits(self) -> dict[str, Any]:
        """I10: the side bets' names, range and last hand in a shoe, as ``limits`` names
        them (empty for a game without side bets)."""
        return {}

    def seating_of(self, people: tuple[str, ...]) -> Seating | None:
        """The table's seating with ``people`` in their seats and bots in the others (None:
        a game with no bots, whose seats are all people's)."""
        return None

    def shipped_edge(self) -> dict[str, Any] | None:
        """The house edge measured by simulation and shipped with the package for this
        driver's rules ({house_edge, ci95}), for a game with no exact edge; None when none
        is shipped (a house: measured when asked)."""
        return None

    def bank_limits(self) -> dict[str, Any]:
        """What a banker's stack must hold, for a game where a seat holds the bank (K3)."""
        return {}

    def limits(
        self,
        seat: str | None,
        people: tuple[str, ...],
        stack: int | None,
        banker: str | None = None,
    ) -> dict[str, Any]:
        """docs/API.md ``Limits``, the solo table's and a room's alike: the bet range, a
        bot's bet, the cover (O1), the fresh stack, the side bets (I10) and, for ``seat``
        among ``people``, the stack below which the next deal brings it a fresh one (T9)
        and the most it may bet with ``stack`` (``bet_cap``, by the game's own bet check;
        None without a stack to bet, for the banker, who bets nothing, K3, or where no bet
        is possible)."""
        seating = self.seating_of(people)
        cap = None
        if seat is not None and seat != banker and stack is not None:
            cap = largest_bet(
                lambda bet: self.check_bet(seat, people, bet, stack),
                self.min_bet,
                self.max_bet,
                refused=Refusal,
            )
        min_stack = None
        if seating is not None and seat is not None:
            min_stack = seating.min_stack(self.rules, seat, banker)
        return {
            "bet_min": self.min_bet,
            "bet_max": self.max_bet,
            "bot_bet": None if seating is None else seating.bot_bet,
            **self.bank_limits(),
            "bet_cover": self.bet_cover,
            "fresh_stack": self.fresh_stack(),
            "min_stack": min_stack,
            "bet_cap": cap,
            **self.side_bet_limits(),
        }

    def check_side_bets(
        self,
        seat: str,
        people: tuple[str, ...],
        bet: object,
        side_bets: object,
        stack: int,
        shoe: dict[str, Any],
    ) -> dict[str, int]:
        """The side bets of a person in ``seat`` beside ``bet`` (those of 0 left out), with
        ``stack``, for the next hand of ``shoe`` (``bad_bet`` saying why not)."""
        if side_bets in (None, {}):
            return {}
        raise Refusal("bad_bet", "this game has no side bets")

    def chart_cell_of(self, cards: Sequence[Card], up: Card | None) -> tuple[str, str] | None:
        """The chart's cell of ``cards`` alone against the dealer's face-up ``up`` (None: none
        shows), before a hand is dealt (the drill looks for a spot's cards so); None where
        the game has no chart or the cards no cell."""
        return None

    @abstractmethod
    def begin(self, start: HandStart) -> HandDriver:
        """Deal a hand from ``start`` (nothing is played yet but what needs no choice)."""

    def first_banker(self) -> str | None:
        return None

    def next_seat_name(self, taken: tuple[str, ...]) -> str:
        """``infinite`` only: the name of a new seat."""
        raise Refusal("bad_request", "choose one of the table's seats")


def checked_bet(
    rules: Any, seating: Any, seat: str, stack: int, check: Callable[[int], int]
) -> int:
    """T9 then the game's own bet check (``check``, given the stack after T9), its refusal
    as ``bad_bet`` with the range and that stack."""
    stack = seating.fresh_stack_for(rules, seat, stack)
    try:
        return check(stack)
    except BadBet as exc:
        raise bad_bet(exc, seat, rules.bet_min, rules.bet_max, stack) from None


def bad_bet(exc: BanLuckError, seat: str, lo: int, hi: int, stack: int) -> Refusal:
    """A rules' refusal of a bet as a ``bad_bet`` with the range and the stack."""
    message = str(exc).removeprefix(f"seat {seat!r}: ")
    return Refusal("bad_bet", message, {"min": lo, "max": hi, "stack": stack})


def cell_json(cell: tuple[str, str] | None) -> dict[str, str] | None:
    """A chart cell as the API names it: ``{"row", "column"}`` (None stays None)."""
    return None if cell is None else {"row": cell[0], "column": cell[1]}
