"""The three engines behind one face for a room: start a hand, whose turn, the legal
choices, a bot's and an absent person's choice, each seat's view, the settlement.

``Game`` knows a room's game (its rules, its seats, its bets); ``Hand`` is one hand in
play. A hand is built only from JSON-ready data (``HandStart``), so that a hand saved in
the middle is rebuilt by starting it again and replaying its choices (``Hand.replay``).

Absent people (the turn timer ran out, or they are marked away):
- blackjack: I8 (hit at 11 or less, then stand; never insure, double, split or surrender);
- Ban Luck: a free hand is thrown in (T16), else the hand stands as soon as it may;
- kampung: a player stands, plays its 15 on, forfeits against a banker's burn (no larger
  stake is put down for anyone absent); a banker stands (opening every hand, K14) or plays
  its 15 on (K7).
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from banluck.core.actions import Action
from banluck.core.cards import Card
from banluck.core.errors import BadBet, BanLuckError
from banluck.core.fair import FairLedger
from banluck.core.money import HandRef
from banluck.core.round import Round, SeatEntry
from banluck.core.rules import preset as table_preset
from banluck.core.seating import Seating
from banluck.core.shoe import Shoe
from banluck.core.views import view_for as table_view_for
from banluck.games.blackjack import views as bj_views
from banluck.games.blackjack.bets import SeatEntry as BlackjackEntry
from banluck.games.blackjack.bets import check_entry
from banluck.games.blackjack.decisions import auto_play
from banluck.games.blackjack.round import BlackjackRound
from banluck.games.blackjack.rules import PRESETS as BLACKJACK_PRESETS
from banluck.games.blackjack.rules import BlackjackRules
from banluck.games.blackjack.shoe import BlackjackShoe
from banluck.games.kampung import views as k_views
from banluck.games.kampung.round import KampungRound, PlayerEntry
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from banluck.games.kampung.table import KampungTable
from banluck.rooms.errors import RoomError
from banluck.rooms.rules import room_seating
from banluck.rooms.settings import RoomSettings
from banluck.rooms.shoes import core_shoe, core_shoe_json, hand_rng
from banluck.web.wire import table_json

#: ``infinite`` (I2): seats are made as people sit down, up to this many.
INFINITE_SEATS = 64


@dataclass(frozen=True, kw_only=True)
class HandStart:
    """Everything a hand is built from: JSON-ready, stored with the room."""

    number: int
    seed: int
    #: the shoe before the hand (``Game.shoe_json``)
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

    def to_json(self) -> dict[str, Any]:
        return {
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
        )


@dataclass(frozen=True, kw_only=True)
class Settled:
    """A finished hand: the stacks after it (T10), the shoe, and kampung's bank (K2)."""

    stacks: dict[str, int]
    shoe: dict[str, Any]
    banker: str | None = None
    hands_banked: int = 0
    summary: list[dict[str, Any]] = field(default_factory=list)


class Hand(ABC):
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
        """What an absent person's seat plays (I8 and this module's text)."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @abstractmethod
    def view(self, seat: str | None) -> dict[str, Any]:
        """T22/B9/K17: what ``seat`` may see (None: a watcher, who holds no cards)."""

    @abstractmethod
    def settle(self) -> Settled:
        """After the last choice: stacks, the shoe between hands, the bank."""

    def apply(self, action: str) -> None:
        """The seat to act plays ``action`` (``bad_action`` when it may not)."""
        seat = self.to_act()
        if seat is None:
            raise RoomError("no_hand", f"hand {self.number} is over")
        legal = self.legal()
        if action not in legal:
            raise RoomError(
                "bad_action",
                f"{action!r} is not allowed now (allowed: {', '.join(legal)})",
                {"action": action, "legal": list(legal)},
            )
        self._apply(action)
        self.actions.append((seat, action))

    def replay(self, actions: list[tuple[str, str]]) -> None:
        """The choices of a saved hand again, each by the seat that made it."""
        for seat, action in actions:
            if seat != self.to_act():
                raise ValueError(f"saved hand: seat {seat!r} acted out of turn")
            self.apply(action)


class Game(ABC):
    """A room's game: its seats, bets and hands."""

    def __init__(self, settings: RoomSettings) -> None:
        self.settings = settings

    #: the seats of the table, in order (empty for ``infinite``: made as people sit)
    layout: tuple[str, ...] = ()
    #: the bet a room's page offers first
    min_bet: int = 10
    #: issue 11 #6: the room's ledger, told of every shuffle and draw of its hands' shoes
    ledger: FairLedger | None = None

    @abstractmethod
    def fresh_shoe(self, seed: int) -> dict[str, Any]:
        """A new shoe, shuffled with ``seed``, as JSON."""

    @abstractmethod
    def fresh_stack(self) -> int: ...

    def bettors(self, people: tuple[str, ...], banker: str | None) -> tuple[str, ...]:
        """The people's seats that bet this hand (a kampung banker does not, K3)."""
        return tuple(s for s in people if s != banker)

    @abstractmethod
    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        """The bet of a person in ``seat`` (``bad_bet`` saying why not)."""

    @abstractmethod
    def begin(self, start: HandStart) -> Hand:
        """Deal a hand from ``start`` (nothing is played yet but what needs no choice)."""

    def first_banker(self) -> str | None:
        return None

    def next_seat_name(self, taken: tuple[str, ...]) -> str:
        """``infinite`` only: the name of a new seat."""
        raise RoomError("bad_request", "choose one of the table's seats")


def _bad_bet(exc: BanLuckError, seat: str, lo: int, hi: int, stack: int) -> RoomError:
    message = str(exc).removeprefix(f"seat {seat!r}: ")
    return RoomError("bad_bet", message, {"min": lo, "max": hi, "stack": stack})


# ---------------------------------------------------------------------------- Ban Luck


class TableGame(Game):
    """``table``: Ban Luck (T1–T23), three seats."""

    def __init__(self, settings: RoomSettings) -> None:
        super().__init__(settings)
        self.rules = table_preset("table", settings.decks)
        self.layout = self.rules.seats
        self.min_bet = self.rules.bet_min

    def fresh_shoe(self, seed: int) -> dict[str, Any]:
        return core_shoe_json(Shoe(self.rules.decks, hand_rng(seed)))

    def fresh_stack(self) -> int:
        return self.rules.fresh_stack

    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        rules, seating = self.rules, room_seating(self.rules, people)
        stack = seating.fresh_stack_for(rules, seat, stack)
        try:
            return seating.check_bet(rules, seat, bet, stack)
        except BadBet as exc:
            raise _bad_bet(exc, seat, rules.bet_min, rules.bet_max, stack) from None

    def begin(self, start: HandStart) -> Hand:
        return TableHand(self, start)


class TableHand(Hand):
    def __init__(self, game: TableGame, start: HandStart) -> None:
        super().__init__(start)
        rules = self.base = game.rules
        seating = room_seating(rules, start.people)
        shoe = core_shoe(start.shoe, hand_rng(start.seed), game.ledger)
        if rules.shuffle_every_hand or shoe.needs_shuffle(rules.reshuffle_below()):
            shoe.shuffle()  # T12
        entries = []
        for seat, bet in seating.bets({p: start.bets[p] for p in start.people}).items():
            stack = seating.fresh_stack_for(rules, seat, start.stacks[seat])  # T9
            entries.append(SeatEntry(seat, stack, seating.check_bet(rules, seat, bet, stack)))
        self.round = Round.start(rules, shoe, entries)

    def to_act(self) -> str | None:
        return self.round.to_act

    def legal(self) -> tuple[str, ...]:
        return tuple(sorted(a.value for a in self.round.legal_actions()))

    def _apply(self, action: str) -> None:
        self.round.apply(Action(action))

    def bot_choice(self) -> str:
        from banluck.strategy import policy_for

        return policy_for(self.base)(self.round.decision_point()).value

    def auto_choice(self) -> str:
        legal = self.round.legal_actions()
        for a in (Action.THROW, Action.STAND, Action.HIT):  # T16, then stand when allowed
            if a in legal:
                return a.value
        raise AssertionError("a seat to act always has a choice")

    @property
    def over(self) -> bool:
        return self.round.is_over

    def view(self, seat: str | None) -> dict[str, Any]:
        r = self.round
        if seat is not None:
            return {"game": "table", **table_json(table_view_for(r, seat), self.number)}
        # A watcher sees of each hand what another seat sees of it (T22 does not depend on
        # which other seat looks), and no events (they are told as each seat saw them).
        first, second = r.seats[0], r.seats[1]
        out = table_json(table_view_for(r, second), self.number)
        out["seats"][1] = table_json(table_view_for(r, first), self.number)["seats"][1]
        out["legal"], out["events"] = [], []
        return {"game": "table", **out}

    def settle(self) -> Settled:
        o = self.round.outcome()
        return Settled(
            stacks={s.name: s.stack for s in o.seats},
            shoe=core_shoe_json(self.round.shoe),
            summary=[{"seat": s.name, "net": s.net} for s in o.seats],
        )


# ---------------------------------------------------------------------------- blackjack


class BlackjackGame(Game):
    """``classic`` (three seats) and ``infinite`` (any number sharing the hand, I2). People
    bet the main bet only (no side bets in rooms)."""

    def __init__(self, settings: RoomSettings) -> None:
        super().__init__(settings)
        self.rules: BlackjackRules = BLACKJACK_PRESETS[settings.game]
        self.infinite = self.rules.shared_cards
        self.layout = () if self.infinite else self.rules.seats
        self.min_bet = self.rules.bet_min

    def room_seating(self, seats: tuple[str, ...], people: tuple[str, ...]) -> Seating:
        return room_seating(self.rules, people, seats)

    def fresh_shoe(self, seed: int) -> dict[str, Any]:
        return BlackjackShoe(self.rules, hand_rng(seed)).to_json()

    def fresh_stack(self) -> int:
        return self.rules.fresh_stack

    def next_seat_name(self, taken: tuple[str, ...]) -> str:
        if not self.infinite:
            return super().next_seat_name(taken)
        for i in range(1, INFINITE_SEATS + 1):
            if f"p{i}" not in taken:
                return f"p{i}"
        raise RoomError("room_full", f"all {INFINITE_SEATS} seats are taken")

    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        rules, seating = self.rules, self.room_seating((seat,), people)
        stack = seating.fresh_stack_for(rules, seat, stack)
        try:
            entry = BlackjackEntry(name=seat, stack=stack, bet=bet)  # type: ignore[arg-type]
            return check_entry(rules, entry, seating=seating).bet
        except BadBet as exc:
            raise _bad_bet(exc, seat, rules.bet_min, rules.bet_max, stack) from None

    def begin(self, start: HandStart) -> Hand:
        return BlackjackHand(self, start)


class BlackjackHand(Hand):
    def __init__(self, game: BlackjackGame, start: HandStart) -> None:
        super().__init__(start)
        rules = self.base = game.rules
        seating = game.room_seating(start.seats, start.people)
        self.shoe = BlackjackShoe.from_json(
            rules, start.shoe, hand_rng(start.seed), ledger=game.ledger
        )
        entries = []
        for seat in seating.seats:
            stack = seating.fresh_stack_for(rules, seat, start.stacks[seat])  # T9
            bet = start.bets[seat] if seat in start.people else seating.bot_bet
            entries.append(BlackjackEntry(name=seat, stack=stack, bet=bet))
        number = self.shoe.begin_hand()  # I1 / C8: shuffles when the rules say so
        self.round = BlackjackRound.start(
            rules, self.shoe, entries, shoe_hand=number, seating=seating
        )

    def to_act(self) -> str | None:
        return self.round.to_act

    def legal(self) -> tuple[str, ...]:
        return tuple(sorted(self.round.legal_actions()))

    def _apply(self, action: str) -> None:
        self.round.apply(action)

    def bot_choice(self) -> str:
        if self.round.phase == "insurance":
            return "decline"  # B10: the bots never insure
        from banluck.games.blackjack.strategy import policy_for

        return policy_for(self.base)(self.round.decision())

    def auto_choice(self) -> str:
        if self.round.phase == "insurance":
            return "decline"  # I8: no insurance for an absent seat
        return auto_play(self.round.decision())

    @property
    def over(self) -> bool:
        return self.round.over

    def _json(self, seat: str) -> dict[str, Any]:
        data = bj_views.view_json(bj_views.view_for(self.round, seat))
        return {
            "game": self.base.name,
            "hand": self.number,
            "step": self.step,
            "over": self.round.over,
            **data,
        }

    def view(self, seat: str | None) -> dict[str, Any]:
        if seat is not None:
            return self._json(seat)
        names = self.round.seat_names()
        if len(names) == 1:  # infinite: every seat card is face up (I3)
            out = self._json(names[0])
        else:
            out = self._json(names[1])
            out["seats"][1] = self._json(names[0])["seats"][1]
        out["seat"], out["legal"], out["offered"] = None, [], []
        return out

    def settle(self) -> Settled:
        o = self.round.outcome()
        self.shoe.end_hand()
        return Settled(
            stacks={s.name: s.stack for s in o.seats},
            shoe=self.shoe.to_json(),
            summary=[{"seat": s.name, "net": s.net} for s in o.seats],
        )


# ---------------------------------------------------------------------------- kampung


class KampungGame(Game):
    """``kampung`` (K1–K23): four seats; under ``rotate`` the bank passes among people and
    bots alike (K2), and a person holding it makes the banker's choices."""

    def __init__(self, settings: RoomSettings) -> None:
        super().__init__(settings)
        self.rules: KampungRules = KAMPUNG.with_decks(settings.decks).with_bank(settings.bank)
        self.layout = self.rules.seats
        self.min_bet = self.rules.bet_min

    def fresh_shoe(self, seed: int) -> dict[str, Any]:
        return core_shoe_json(Shoe(self.rules.decks, hand_rng(seed)))

    def fresh_stack(self) -> int:
        return self.rules.fresh_stack

    def first_banker(self) -> str | None:
        return self.rules.bank_order[0]

    def check_bet(self, seat: str, people: tuple[str, ...], bet: object, stack: int) -> int:
        rules, seating = self.rules, room_seating(self.rules, people)
        stack = seating.fresh_stack_for(rules, seat, stack)
        try:
            return seating.check_bet(rules, seat, bet, stack, bot_covered=True)
        except BadBet as exc:
            raise _bad_bet(exc, seat, rules.bet_min, rules.bet_max, stack) from None

    def begin(self, start: HandStart) -> Hand:
        return KampungHand(self, start)


class KampungHand(Hand):
    def __init__(self, game: KampungGame, start: HandStart) -> None:
        super().__init__(start)
        assert start.banker is not None
        self.base = game.rules
        rules = self.rules = game.rules
        seating = room_seating(rules, start.people)
        banker = start.banker
        self.stacks = {
            s: seating.fresh_stack_for(rules, s, start.stacks[s], banker) for s in rules.seats
        }
        self.shoe = core_shoe(start.shoe, hand_rng(start.seed), game.ledger)
        if self.shoe.needs_shuffle(rules.reshuffle_below()):
            self.shoe.shuffle()  # K4 / T12
        players = []
        for seat in rules.players(banker):
            bet = start.bets[seat] if seat in start.people else seating.bot_bet
            stake = seating.check_bet(rules, seat, bet, self.stacks[seat], bot_covered=True)
            players.append(PlayerEntry(seat, self.stacks[seat], stake))
        self.round = KampungRound.start(
            rules, self.shoe, banker=banker, bank_stack=self.stacks[banker], players=players
        )

    def to_act(self) -> str | None:
        return self.round.to_act

    def legal(self) -> tuple[str, ...]:
        return tuple(sorted(self.round.legal_actions()))

    def _apply(self, action: str) -> None:
        self.round.apply(action)

    def bot_choice(self) -> str:
        from banluck.games.kampung.decisions import BankerDecision
        from banluck.games.kampung.policy import banker_policy, player_policy

        d = self.round.decision()
        if isinstance(d, BankerDecision):
            return banker_policy(self.base)(d)
        return player_policy(self.base)(d)

    def auto_choice(self) -> str:
        legal = self.round.legal_actions()
        for a in ("stand", "play", "forfeit", "hit"):
            if a in legal:
                return a
        return legal[0]

    @property
    def over(self) -> bool:
        return self.round.is_over

    def _json(self, seat: str) -> dict[str, Any]:
        v = k_views.view_for(self.round, seat)
        return {
            "game": "kampung",
            "hand": self.number,
            "step": self.step,
            "seat": v.seat,
            "banker": v.banker,
            "players": [_plain(h) for h in v.players],
            "bank": _plain(v.bank),
            "to_act": v.to_act,
            "legal": sorted(v.legal_actions),
            "events": [_event(e) for e in v.events],
            "over": v.over,
            "void": v.void,
        }

    def view(self, seat: str | None) -> dict[str, Any]:
        if seat is not None:
            return self._json(seat)
        # K17: a player's hand looks the same to every other seat, the banker's too.
        banker = self.round.banker
        out = self._json(banker)
        some_player = self.round.hands[0].seat
        out["bank"] = self._json(some_player)["bank"]
        out["seat"], out["legal"], out["events"] = None, [], []
        return out

    def settle(self) -> Settled:
        start = self.start
        assert start.banker is not None
        table = KampungTable(
            self.rules,
            stacks=self.stacks,
            shoe=self.shoe,
            banker=start.banker,
            hands_banked=start.hands_banked,
        )
        o = table.finish_round(self.round)  # K2: the bank passes under rotate
        summary = [{"seat": s.name, "net": s.net} for s in o.seats]
        summary.append({"seat": o.bank.name, "net": o.bank.net})
        return Settled(
            stacks=dict(table.stacks),
            shoe=core_shoe_json(self.shoe),
            banker=table.banker,
            hands_banked=table.hands_banked,
            summary=summary,
        )


def _plain(value: Any) -> Any:
    """A view's record as JSON-ready data (card codes; a hidden card stays None)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, HandRef):
        return {"seat": value.seat, "index": value.index}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _event(e: Any) -> dict[str, Any]:
    name = type(e).__name__
    snake = "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
    return {"type": snake, **_plain(e)}


def game_for(settings: RoomSettings) -> Game:
    """The game of a room's settings."""
    if settings.game == "table":
        return TableGame(settings)
    if settings.game == "kampung":
        return KampungGame(settings)
    return BlackjackGame(settings)
