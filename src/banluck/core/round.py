"""One hand of Ban Luck as a state machine (T13–T21, O4–O8).

>>> from banluck.core.rules import TABLE
>>> from banluck.core.shoe import Shoe
>>> shoe = Shoe.stacked("TS TD QC TH 9H 8C 6C 8D".split(), decks=2)
>>> seats = [SeatEntry("you", 1000, 10), SeatEntry("anna", 1000, 50), SeatEntry("ben", 1000, 50)]
>>> r = Round.start(TABLE, shoe, seats)
>>> r.to_act, sorted(r.legal_actions())
('you', [<Action.HIT: 'hit'>, <Action.STAND: 'stand'>])
>>> _ = r.apply(Action.STAND); _ = r.apply(Action.STAND); _ = r.apply(Action.STAND)
>>> [(s.name, s.result.value, s.net) for s in r.outcome().seats]
[('you', 'win', 10), ('anna', 'push', 0), ('ben', 'lose', -50)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from banluck.core.actions import Action
from banluck.core.cards import POINTS, Card
from banluck.core.errors import IllegalAction
from banluck.core.events import (
    DEALER,
    ActionTaken,
    CardDealt,
    DrawReason,
    Event,
    HandRevealed,
    HandSettled,
    Result,
    RoundOver,
    RoundVoided,
    TurnStarted,
)
from banluck.core.hands import HandKind, kind_with_total, natural_kind, total_from, win_multiple
from banluck.core.rules import Rules
from banluck.core.shoe import Shoe

_HIT_STAND = frozenset({Action.HIT, Action.STAND})
_THROW_HIT = frozenset({Action.THROW, Action.HIT})
_NONE: frozenset[Action] = frozenset()


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """A seat joining a hand: its name, its stack before the hand (after T9) and its bet."""

    name: str
    stack: int
    bet: int


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A hand at the end of the round. The dealer's has no bet, result or net."""

    name: str
    cards: tuple[Card, ...]
    total: int
    kind: HandKind
    bet: int = 0
    result: Result | None = None
    multiple: int = 0
    net: int = 0
    stack: int = 0


@dataclass(frozen=True, slots=True)
class Outcome:
    """The settled hand: every seat's result and the dealer's cards."""

    void: bool
    dealer: SeatResult
    seats: tuple[SeatResult, ...]
    cards_used: int

    @property
    def bank_net(self) -> int:
        """What the dealer (the bank) won: minus what the seats won together."""
        return -sum(s.net for s in self.seats)


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """What a seat knows when it must choose: its own cards and the dealer's up card."""

    seat: str
    cards: tuple[Card, ...]
    total: int
    legal: frozenset[Action]
    dealer_up: Card | None


class Round:
    """One hand from the deal to the last settlement.

    ``Round.start`` deals and plays every step that needs no choice; then, while
    ``to_act`` names a seat, ``apply(action)`` takes that seat's choice and plays on to the
    next choice. Every step is recorded in ``events``.
    """

    __slots__ = (
        "_aces",
        "_action_count",
        "_base",
        "_kinds",
        "_settled",
        "_started",
        "_totals",
        "_turn",
        "_waiting",
        "actions",
        "bets",
        "drawn",
        "events",
        "hands",
        "revealed",
        "rules",
        "seats",
        "shoe",
        "stacks",
        "to_act",
        "void",
    )

    def __init__(self, rules: Rules, shoe: Shoe, seats: Sequence[SeatEntry]) -> None:
        names = tuple(s.name for s in seats)
        if names != rules.seats:
            raise ValueError(f"preset {rules.name!r} seats {rules.seats}, not {names}")
        self.rules = rules
        self.shoe = shoe
        self.seats: tuple[str, ...] = names
        self.bets = {s.name: s.bet for s in seats}
        self.stacks = {s.name: s.stack for s in seats}  # stacks before the hand
        self.hands: dict[str, list[Card]] = {name: [] for name in (*names, DEALER)}
        # T3 kept up to date card by card (see _draw): the non-ace points, the aces, the total.
        self._base = dict.fromkeys(self.hands, 0)
        self._aces = dict.fromkeys(self.hands, 0)
        self._totals = dict.fromkeys(self.hands, 0)
        self._kinds: dict[str, HandKind] = {}  # kinds asked for since the hand's last card
        self.revealed: set[str] = set()
        self.events: list[Event] = []
        self.actions: list[tuple[str, Action]] = []
        self.drawn: list[Card] = []
        self.to_act: str | None = None
        self.void = False
        self._turn = 0
        self._waiting: list[str] = []  # seats still in the round for the dealer to open
        self._settled: dict[str, HandSettled] = {}
        self._started: set[str] = set()
        self._action_count = 0

    # ----------------------------------------------------------------- starting

    @classmethod
    def start(cls, rules: Rules, shoe: Shoe, seats: Sequence[SeatEntry]) -> Round:
        """Deal a hand (T13) and play it up to the first choice."""
        r = cls(rules, shoe, seats)
        r._deal()
        return r

    @classmethod
    def replay(
        cls,
        rules: Rules,
        cards: Sequence[Card],
        seats: Sequence[SeatEntry],
        actions: Sequence[tuple[str, Action]],
        *,
        shoe: Shoe | None = None,
    ) -> Round:
        """The same round again from the cards it drew and the actions it took.

        ``shoe``, when given, is where the round draws from afterwards (a hand saved in
        the middle continues with the rest of its shoe).
        """
        r = cls.start(rules, Shoe.stacked(cards, decks=rules.decks), seats)
        for seat, action in actions:
            if seat != r.to_act:
                raise IllegalAction(f"seat {seat!r} acted out of turn")
            r.apply(action)
        if shoe is not None:
            r.shoe = shoe
        return r

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return bool(self.events) and isinstance(self.events[-1], RoundOver)

    @property
    def step(self) -> int:
        """How many choices have been applied; a client names it to avoid acting twice."""
        return self._action_count

    def legal_actions(self) -> frozenset[Action]:
        """The choices of the seat to act (T16); empty when no seat is to act."""
        seat = self.to_act
        if seat is None:
            return _NONE
        cards = self.hands[seat]
        if self.rules.free_hand and len(cards) == 2 and self.total(seat) == 15:
            return _THROW_HIT
        return _HIT_STAND

    def total(self, seat: str) -> int:
        """T3: a hand's total (``hand_total`` of its cards, kept up to date as they come)."""
        return self._totals[seat]

    def kind(self, seat: str) -> HandKind:
        """T4–T6: a hand's kind (the dealer's five cards by T18 / O8)."""
        kind = self._kinds.get(seat)
        if kind is None:
            cards = self.hands[seat]
            natural = natural_kind(cards[0], cards[1]) if len(cards) == 2 else None
            if natural is not None:
                kind = natural
            else:
                special = seat != DEALER or self.rules.dealer_five_dragon
                kind = kind_with_total(len(cards), self._totals[seat], five_card_special=special)
            self._kinds[seat] = kind
        return kind

    def decision_point(self) -> DecisionPoint:
        """What the seat to act may know: its cards and the dealer's up card (O4)."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction("no seat is to act: the round is over")
        up = self.hands[DEALER][0] if self.rules.dealer_up_card else None
        return DecisionPoint(
            seat, tuple(self.hands[seat]), self.total(seat), self.legal_actions(), up
        )

    def outcome(self) -> Outcome:
        """The settled round (only once it is over)."""
        if not self.is_over:
            raise IllegalAction("the round is not over yet")
        seats = []
        for name in self.seats:
            s = self._settled[name]
            seats.append(
                SeatResult(
                    name=name,
                    cards=tuple(self.hands[name]),
                    total=self.total(name),
                    kind=self.kind(name),
                    bet=self.bets[name],
                    result=s.result,
                    multiple=s.multiple,
                    net=s.net,
                    stack=s.stack,
                )
            )
        dealer = SeatResult(
            name=DEALER,
            cards=tuple(self.hands[DEALER]),
            total=self.total(DEALER),
            kind=self.kind(DEALER),
        )
        return Outcome(self.void, dealer, tuple(seats), len(self.drawn))

    # ----------------------------------------------------------------- choices

    def apply(self, action: Action | str) -> list[Event]:
        """The seat to act chooses ``action``; returns the events up to the next choice."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction(f"{action!r} is not allowed: the round is over")
        if action.__class__ is not Action:
            try:
                action = Action(action)
            except ValueError:
                raise IllegalAction(f"unknown action {action!r} (hit, stand or throw)") from None
        if action not in self.legal_actions():
            raise IllegalAction(
                f"seat {seat!r}: {action.value} is not allowed at {self.total(seat)}"
                f" with {len(self.hands[seat])} cards"
            )
        first = len(self.events)
        self.actions.append((seat, action))
        self._action_count += 1
        self.to_act = None
        self.events.append(ActionTaken(seat, action))
        if action is Action.THROW:
            self._reveal(seat)
            self._settle(seat, Result.THROWN_IN, 0)
            self._turn += 1
        elif action is Action.STAND:
            self._waiting.append(seat)
            self._turn += 1
        else:
            self._draw(seat, DrawReason.HIT)
            if self._after_draw(seat):
                self._turn += 1
        self._play_on()
        return self.events[first:]

    # ----------------------------------------------------------------- the flow

    def _deal(self) -> None:
        """T13 / O4: two passes, each seat in order then the dealer."""
        up = self.rules.dealer_up_card
        for round_of_deal in range(2):
            for seat in self.seats:
                self._draw(seat, DrawReason.DEAL, face_up=up)
            self._draw(DEALER, DrawReason.DEAL, face_up=up and round_of_deal == 0)
        dealer = self.hands[DEALER]
        natural = natural_kind(dealer[0], dealer[1])
        if natural is not None:
            self._dealer_natural(natural)
        elif self.rules.dealer_voids_15 and self.total(DEALER) == 15:
            self._void()
        else:
            self._play_on()

    def _dealer_natural(self, natural: HandKind) -> None:
        """T14: the dealer's natural settles every seat at once."""
        self._reveal(DEALER)
        rules = self.rules
        dealer_multiple = win_multiple(natural, 21, rules)
        for seat in self.seats:
            self._reveal(seat)
            cards = self.hands[seat]
            mine = natural_kind(cards[0], cards[1])
            if mine is None:
                self._settle(seat, Result.LOSE, dealer_multiple)
            elif mine is natural:
                self._settle(seat, Result.PUSH, 0)
            elif mine is HandKind.BAN_BAN:
                self._settle(seat, Result.WIN, win_multiple(mine, 21, rules))
            else:
                self._settle(seat, Result.LOSE, dealer_multiple)
        self._finish()

    def _void(self) -> None:
        """T15: the dealer throws in a two-card 15; every bet comes back."""
        self._reveal(DEALER)
        self.void = True
        self.events.append(RoundVoided())
        for seat in self.seats:
            self._reveal(seat)
            self._settle(seat, Result.VOID, 0)
        self._finish()

    def _play_on(self) -> None:
        """T16: play the seats in order up to the next choice; then the dealer (T17)."""
        rules = self.rules
        while self._turn < len(self.seats):
            seat = self.seats[self._turn]
            cards = self.hands[seat]
            if seat not in self._started:
                self._started.add(seat)
                self.events.append(TurnStarted(seat))
                natural = natural_kind(cards[0], cards[1])
                if natural is not None:
                    self._reveal(seat)
                    self._settle(seat, Result.WIN, win_multiple(natural, 21, rules))
                    self._turn += 1
                    continue
            total = self.total(seat)
            if rules.free_hand and len(cards) == 2 and total == 15:
                self.to_act = seat
                return
            if total < rules.seat_must_draw_under:
                self._draw(seat, DrawReason.FORCED)
                if self._after_draw(seat):
                    self._turn += 1
                continue
            self.to_act = seat
            return
        self._dealer_plays()

    def _after_draw(self, seat: str) -> bool:
        """After a seat draws: True when its turn is over (bust, or five cards)."""
        cards = self.hands[seat]
        total = self.total(seat)
        if total > 21:
            self._reveal(seat)
            rules = self.rules
            multiple = rules.five_card_bust_multiple if len(cards) >= 5 else 1
            self._settle(seat, Result.LOSE, multiple)
            return True
        if len(cards) >= self.rules.seat_card_limit:
            self._waiting.append(seat)  # T16: a five dragon waits for the dealer
            return True
        return False

    def _dealer_plays(self) -> None:
        """T17 / O8: the dealer turns its cards over and draws by its rule; then T18."""
        self.events.append(TurnStarted(DEALER))
        self._reveal(DEALER)
        if self._waiting:
            rules = self.rules
            hand = self.hands[DEALER]
            limit = rules.dealer_card_limit
            while limit is None or len(hand) < limit:
                total = self.total(DEALER)
                if total < rules.dealer_stands_on or (
                    rules.dealer_draws_16_with_four and total == 16 and len(hand) == 4
                ):
                    self._draw(DEALER, DrawReason.DEALER, face_up=True)
                else:
                    break
            self._open_hands()
        self._finish()

    def _open_hands(self) -> None:
        """T18: the dealer opens the hands still in the round, in seat order."""
        rules = self.rules
        dealer_kind = self.kind(DEALER)
        dealer_total = self.total(DEALER)
        dealer_multiple = win_multiple(dealer_kind, dealer_total, rules)
        for seat in self.seats:
            if seat not in self._waiting:
                continue
            self._reveal(seat)
            kind = self.kind(seat)
            total = self.total(seat)
            own = win_multiple(kind, total, rules)
            if dealer_kind is HandKind.BUST:
                self._settle(seat, Result.WIN, own)
            elif dealer_kind is HandKind.FIVE_DRAGON and kind is not HandKind.FIVE_DRAGON:
                self._settle(seat, Result.LOSE, dealer_multiple)
            elif kind is HandKind.FIVE_DRAGON and dealer_kind is not HandKind.FIVE_DRAGON:
                self._settle(seat, Result.WIN, own)  # T18: a five dragon beats a plain total
            elif total > dealer_total:
                self._settle(seat, Result.WIN, own)
            elif total < dealer_total:
                self._settle(seat, Result.LOSE, dealer_multiple)
            else:
                self._settle(seat, Result.PUSH, 0)

    # ----------------------------------------------------------------- primitives

    def _draw(self, seat: str, reason: DrawReason, *, face_up: bool = False) -> None:
        card = self.shoe.draw()
        self.drawn.append(card)
        hand = self.hands[seat]
        hand.append(card)
        if card.rank == "A":
            self._aces[seat] += 1
        else:
            self._base[seat] += POINTS[card.rank]
        # T2 / T3: the same total as hand_total(hand), without walking the hand again.
        self._totals[seat] = total_from(
            self._base[seat], self._aces[seat], self.rules.ace_values(len(hand))
        )
        self._kinds.pop(seat, None)
        self.events.append(CardDealt(seat, card, face_up, reason))

    def _reveal(self, seat: str) -> None:
        if seat in self.revealed:
            return
        self.revealed.add(seat)
        cards = self.hands[seat]
        self.events.append(HandRevealed(seat, tuple(cards), self.total(seat), self.kind(seat)))

    def _settle(self, seat: str, result: Result, multiple: int) -> None:
        """T19 / T20: a win pays multiple × bet; a loss costs it, as far as the stack goes."""
        bet = self.bets[seat]
        stack = self.stacks[seat]
        if result is Result.WIN:
            net = multiple * bet
        elif result is Result.LOSE:
            net = -min(multiple * bet, stack)
        else:
            net = 0
        event = HandSettled(seat, result, multiple, net, stack + net)
        self._settled[seat] = event
        self.events.append(event)

    def _finish(self) -> None:
        self.to_act = None
        self.events.append(RoundOver())
