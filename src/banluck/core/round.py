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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from banluck.core.actions import Action
from banluck.core.cards import POINTS, Card
from banluck.core.choices import MUST_DRAW, TURN_OVER, seat_choices
from banluck.core.dealer import dealer_draws, dealer_kind, dealer_voids
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
from banluck.core.hands import HandKind, kind_with_total, natural_kind, total_from
from banluck.core.rules import Rules
from banluck.core.settle import (
    against_dealer_natural,
    bust,
    natural_paid,
    showdown,
    stack_net,
)
from banluck.core.shoe import Shoe


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


#: A strategy: the choice a seat makes at a decision point (the bots, the solved tables).
Policy = Callable[[DecisionPoint], Action]


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

    def copy(self, shoe: Shoe) -> Round:
        """The round as it stands, played on apart from this one and drawing from ``shoe``.

        Cheap (the lists and dictionaries of the hand are copied, the events themselves are
        frozen and shared), so a search can walk the game tree from a decision point: copy,
        give the copy the cards to come, apply a choice.

        >>> from banluck.core.rules import ONE_ON_ONE
        >>> r = Round.start(ONE_ON_ONE, Shoe.stacked("TS 7H 6C TH".split(), decks=1),
        ...                 [SeatEntry("you", 1000, 10)])
        >>> hit = r.copy(Shoe.stacked(["5D", "8D"], decks=1))
        >>> _ = hit.apply(Action.HIT); _ = r.apply(Action.STAND)
        >>> len(hit.hands["you"]), len(r.hands["you"]), r.to_act
        (3, 2, None)
        """
        twin = Round.__new__(Round)
        twin.rules = self.rules
        twin.shoe = shoe
        twin.seats = self.seats
        twin.bets = dict(self.bets)
        twin.stacks = dict(self.stacks)
        twin.hands = {name: list(cards) for name, cards in self.hands.items()}
        twin._base = dict(self._base)
        twin._aces = dict(self._aces)
        twin._totals = dict(self._totals)
        twin._kinds = dict(self._kinds)
        twin.revealed = set(self.revealed)
        twin.events = list(self.events)
        twin.actions = list(self.actions)
        twin.drawn = list(self.drawn)
        twin.to_act = self.to_act
        twin.void = self.void
        twin._turn = self._turn
        twin._waiting = list(self._waiting)
        twin._settled = dict(self._settled)
        twin._started = set(self._started)
        twin._action_count = self._action_count
        return twin

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
            return TURN_OVER
        return seat_choices(self.rules, self._totals[seat], len(self.hands[seat]))

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
            elif seat == DEALER:
                kind = dealer_kind(self.rules, self._totals[seat], len(cards))
            else:
                kind = kind_with_total(len(cards), self._totals[seat])
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
        elif dealer_voids(self.rules, self.total(DEALER), 2):
            self._void()
        else:
            self._play_on()

    def _dealer_natural(self, natural: HandKind) -> None:
        """T14: the dealer's natural settles every seat at once."""
        self._reveal(DEALER)
        rules = self.rules
        for seat in self.seats:
            self._reveal(seat)
            cards = self.hands[seat]
            mine = natural_kind(cards[0], cards[1])
            self._settle(seat, *against_dealer_natural(rules, mine, natural))
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
                    self._settle(seat, *natural_paid(rules, natural))
                    self._turn += 1
                    continue
            if seat_choices(rules, self._totals[seat], len(cards)) is MUST_DRAW:
                self._draw(seat, DrawReason.FORCED)
                if self._after_draw(seat):
                    self._turn += 1
                continue
            self.to_act = seat
            return
        self._dealer_plays()

    def _after_draw(self, seat: str) -> bool:
        """After a seat draws: True when its turn is over (bust, or five cards: T16)."""
        cards = len(self.hands[seat])
        total = self._totals[seat]
        if seat_choices(self.rules, total, cards) is not TURN_OVER:
            return False
        if total > 21:
            self._reveal(seat)
            self._settle(seat, *bust(self.rules, cards))
        else:
            self._waiting.append(seat)  # T16: a five dragon waits for the dealer
        return True

    def _dealer_plays(self) -> None:
        """T17 / O8: the dealer turns its cards over and draws by its rule; then T18."""
        self.events.append(TurnStarted(DEALER))
        self._reveal(DEALER)
        if self._waiting:
            rules = self.rules
            hand = self.hands[DEALER]
            while dealer_draws(rules, self._totals[DEALER], len(hand)):
                self._draw(DEALER, DrawReason.DEALER, face_up=True)
            self._open_hands()
        self._finish()

    def _open_hands(self) -> None:
        """T18: the dealer opens the hands still in the round, in seat order."""
        rules = self.rules
        dealer = self.kind(DEALER)
        dealer_total = self.total(DEALER)
        for seat in self.seats:
            if seat not in self._waiting:
                continue
            self._reveal(seat)
            self._settle(
                seat, *showdown(rules, self.kind(seat), self.total(seat), dealer, dealer_total)
            )

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
        # T2 / T3: the same total as hand_total(hand), without walking the hand again
        # (``total_from`` of a hand without aces is its points).
        aces = self._aces[seat]
        self._totals[seat] = (
            total_from(self._base[seat], aces, self.rules.ace_values(len(hand)))
            if aces
            else self._base[seat]
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
        """T19 / T20: the hand's net (``stack_net``) recorded."""
        stack = self.stacks[seat]
        net = stack_net(result, multiple, self.bets[seat], stack)
        event = HandSettled(seat, result, multiple, net, stack + net)
        self._settled[seat] = event
        self.events.append(event)

    def _finish(self) -> None:
        self.to_act = None
        self.events.append(RoundOver())
