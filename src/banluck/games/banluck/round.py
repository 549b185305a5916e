"""One hand of Ban Luck as a state machine (T13–T21, O4–O8).

>>> from banluck.games.banluck.rules import TABLE
>>> from banluck.core.shoe import Shoe
>>> shoe = Shoe.stacked("TS TD QC TH 9H 8C 6C 8D".split(), decks=2)
>>> seats = [SeatEntry("you", 1000, 10), SeatEntry("anna", 1000, 50), SeatEntry("ben", 1000, 50)]
>>> r = Round.start(TABLE, shoe, seats)
>>> r.to_act, sorted(r.legal_actions())
('you', [<Action.HIT: 'hit'>, <Action.STAND: 'stand'>])
>>> _ = r.apply(Action.STAND); _ = r.apply(Action.STAND); _ = r.apply(Action.STAND)
>>> [(s.name, s.result.value, s.net) for s in r.outcome().seats]
[('you', 'win', 10), ('anna', 'push', 0), ('ben', 'lose', -50)]

Hands are addressed as ``HandRef(seat, index)`` (a Ban Luck seat holds one hand, index 0;
the dealer's is ``HandRef("dealer")``), and each wager is settled by one ``WagerSettled``
record with its exact net, next to the ``HandSettled`` events:

>>> [(w.hand, w.wager, w.stake, w.net) for w in r.outcome().settlements][0]
(HandRef(seat='you', index=0), 'main', 10, 10)
"""

from __future__ import annotations

from collections.abc import Sequence

from banluck.core.cards import POINTS, Card
from banluck.core.errors import IllegalAction
from banluck.core.money import HandRef, WagerSettled
from banluck.core.seating import Role
from banluck.core.shoe import Shoe
from banluck.games.banluck.actions import Action
from banluck.games.banluck.choices import MUST_DRAW, TURN_OVER, seat_choices
from banluck.games.banluck.dealer import dealer_choice, dealer_kind, dealer_voids
from banluck.games.banluck.events import (
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
from banluck.games.banluck.hands import (
    HandKind,
    is_seven_seven_seven,
    kind_with_total,
    natural_kind,
    total_from,
)
from banluck.games.banluck.records import (
    DecisionPoint,
    HandState,
    Outcome,
    SeatEntry,
    SeatResult,
    first_hand,
    main_wager,
)
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.settle import (
    against_dealer_natural,
    bets_won,
    bust,
    natural_paid,
    showdown,
    stack_net,
)


class Round:
    """One hand from the deal to the last settlement.

    ``Round.start`` deals and plays every step that needs no choice; then, while
    ``to_act`` names a seat, ``apply(action)`` takes that seat's choice and plays on to the
    next choice. Every step is recorded in ``events``, every wager's settlement in
    ``settlements``.

    Each seat holds hands addressed by ``HandRef``; the dealer is a seat too (role
    ``Role.DEALER``) whose choices are automatic: ``auto_choice`` is the rule's choice
    (``dealer.dealer_choice``), taken by the round itself at the dealer's turn.
    """

    __slots__ = (
        "_action_count",
        "_by_seat",
        "_dealer",
        "_order",
        "_settled",
        "_turn",
        "_waiting",
        "actions",
        "dealer",
        "drawn",
        "events",
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
        self.dealer = DEALER
        self.stacks = {s.name: s.stack for s in seats}  # stacks before the hand
        #: the seats' hands in playing order (one each), then the dealer's
        self._order = [HandState(first_hand(s.name), s.bet) for s in seats]
        self._dealer = HandState(first_hand(DEALER), 0)
        self._by_seat = {h.seat: [h] for h in (*self._order, self._dealer)}
        self.events: list[Event] = []
        self._settled: list[HandState] = []  # the hands in the order they were settled
        self.actions: list[tuple[str, Action]] = []
        self.drawn: list[Card] = []
        self.to_act: str | None = None
        self.void = False
        self._turn = 0
        self._waiting = 0  # how many hands wait for the dealer to open them (T18)
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

        Cheap (the hands and lists of the round are copied, the events themselves are
        frozen and shared), so a search can walk the game tree from a decision point: copy,
        give the copy the cards to come, apply a choice.

        >>> from banluck.games.banluck.rules import ONE_ON_ONE
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
        twin.dealer = self.dealer
        twin.stacks = dict(self.stacks)
        twin._order = [h.copy() for h in self._order]
        twin._dealer = self._dealer.copy()
        twin._by_seat = {h.seat: [h] for h in (*twin._order, twin._dealer)}
        twin.events = list(self.events)
        twin._settled = [twin.hand(h.ref) for h in self._settled]
        twin.actions = list(self.actions)
        twin.drawn = list(self.drawn)
        twin.to_act = self.to_act
        twin.void = self.void
        twin._turn = self._turn
        twin._waiting = self._waiting
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

    def hand(self, hand: HandRef | str) -> HandState:
        """A hand by its reference (a seat's name means its first hand)."""
        if isinstance(hand, str):
            return self._by_seat[hand][0]
        return self._by_seat[hand.seat][hand.index]

    def hands_of(self, seat: str) -> tuple[HandRef, ...]:
        """The hands ``seat`` holds, in playing order (a Ban Luck seat holds one)."""
        return tuple(h.ref for h in self._by_seat[seat])

    @property
    def hands(self) -> dict[str, list[Card]]:
        """Each seat's cards, the dealer's included (the first hand of each seat)."""
        return {seat: hands[0].cards for seat, hands in self._by_seat.items()}

    @property
    def bets(self) -> dict[str, int]:
        """Each seat's bet (on its first hand)."""
        return {h.seat: h.bet for h in self._order}

    @property
    def revealed(self) -> set[str]:
        """The seats whose hand has been turned over (T22)."""
        return {seat for seat, hands in self._by_seat.items() if hands[0].revealed}

    @property
    def settlements(self) -> list[WagerSettled]:
        """One record per wager settled so far, in the order they were settled: a Ban Luck
        hand has one, its ``main`` bet, whose ``net`` is the exact change to the stack."""
        return [
            main_wager(h.ref, h.bet, h.settled.result, h.settled.net)
            for h in self._settled
            if h.settled is not None
        ]

    def role(self, seat: str) -> Role:
        """The dealer's seat deals; the others play."""
        return Role.DEALER if seat == self.dealer else Role.PLAYER

    def must_act(self) -> tuple[str, ...]:
        """The seats whose choice the round waits for (in Ban Luck one at a time; the
        dealer's choices are automatic, so it never waits for the dealer)."""
        return () if self.to_act is None else (self.to_act,)

    def auto_choice(self, seat: str) -> Action | None:
        """The choice the rules make for ``seat`` now, where its choices are automatic: the
        dealer's draw or stand at its hand (T17 / O8; ``dealer.dealer_choice``). None for a
        seat that chooses for itself."""
        if self.role(seat) is not Role.DEALER:
            return None
        h = self._dealer
        return dealer_choice(self.rules, h.total, len(h.cards))

    def legal_actions(self) -> frozenset[Action]:
        """The choices of the seat to act (T16); empty when no seat is to act."""
        seat = self.to_act
        if seat is None:
            return TURN_OVER
        h = self._by_seat[seat][0]
        return seat_choices(self.rules, h.total, len(h.cards))

    def total(self, hand: HandRef | str) -> int:
        """T3: a hand's total (``hand_total`` of its cards, kept up to date as they come)."""
        return self.hand(hand).total

    def kind(self, hand: HandRef | str) -> HandKind:
        """T4–T6: a hand's kind (the dealer's five cards by T18 / O8)."""
        return self._kind(self.hand(hand))

    def _kind(self, h: HandState) -> HandKind:
        kind = h.kind
        if kind is None:
            cards = h.cards
            natural = natural_kind(cards[0], cards[1]) if len(cards) == 2 else None
            if natural is not None:
                kind = natural
            elif h is self._dealer:
                kind = dealer_kind(self.rules, h.total, len(cards))
            elif h.seven:
                kind = HandKind.SEVEN_SEVEN_SEVEN
            else:
                kind = kind_with_total(len(cards), h.total)
            h.kind = kind
        return kind

    def decision_point(self) -> DecisionPoint:
        """What the seat to act may know: its cards and the dealer's up card (O4)."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction("no seat is to act: the round is over")
        h = self._by_seat[seat][0]
        up = self._dealer.cards[0] if self.rules.dealer_up_card else None
        legal = seat_choices(self.rules, h.total, len(h.cards))
        return DecisionPoint(seat, tuple(h.cards), h.total, legal, up, h.ref)

    def outcome(self) -> Outcome:
        """The settled round (only once it is over)."""
        if not self.is_over:
            raise IllegalAction("the round is not over yet")
        seats = []
        for h in self._order:
            s = h.settled
            assert s is not None
            seats.append(
                SeatResult(
                    name=h.seat,
                    cards=tuple(h.cards),
                    total=h.total,
                    kind=self._kind(h),
                    bet=h.bet,
                    result=s.result,
                    multiple=s.multiple,
                    net=s.net,
                    stack=s.stack,
                    hand=h.ref,
                )
            )
        d = self._dealer
        dealer = SeatResult(name=d.seat, cards=tuple(d.cards), total=d.total, kind=self._kind(d))
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
        h = self._by_seat[seat][0]
        if action not in seat_choices(self.rules, h.total, len(h.cards)):
            raise IllegalAction(
                f"seat {seat!r}: {action.value} is not allowed at {h.total}"
                f" with {len(h.cards)} cards"
            )
        first = len(self.events)
        self.actions.append((seat, action))
        self._action_count += 1
        self.to_act = None
        self.events.append(ActionTaken(seat, action))
        if action is Action.THROW:
            self._reveal(h)
            self._settle(h, Result.THROWN_IN, 0)
            self._turn += 1
        elif action is Action.STAND:
            h.waiting = True
            self._waiting += 1
            self._turn += 1
        else:
            self._draw(h, DrawReason.HIT)
            if self._after_draw(h):
                self._turn += 1
        self._play_on()
        return self.events[first:]

    # ----------------------------------------------------------------- the flow

    def _deal(self) -> None:
        """T13 / O4: two passes, each seat in order then the dealer."""
        up = self.rules.dealer_up_card
        dealer = self._dealer
        for round_of_deal in range(2):
            for h in self._order:
                self._draw(h, DrawReason.DEAL, face_up=up)
            self._draw(dealer, DrawReason.DEAL, face_up=up and round_of_deal == 0)
        natural = natural_kind(dealer.cards[0], dealer.cards[1])
        if natural is not None:
            self._dealer_natural(natural)
        elif dealer_voids(self.rules, dealer.total, 2):
            self._void()
        else:
            self._play_on()

    def _dealer_natural(self, natural: HandKind) -> None:
        """T14: the dealer's natural settles every seat at once."""
        self._reveal(self._dealer)
        rules = self.rules
        for h in self._order:
            self._reveal(h)
            mine = natural_kind(h.cards[0], h.cards[1])
            self._settle(h, *against_dealer_natural(rules, mine, natural))
        self._finish()

    def _void(self) -> None:
        """T15: the dealer throws in a two-card 15; every bet comes back."""
        self._reveal(self._dealer)
        self.void = True
        self.events.append(RoundVoided())
        for h in self._order:
            self._reveal(h)
            self._settle(h, Result.VOID, 0)
        self._finish()

    def _play_on(self) -> None:
        """T16: play the seats in order up to the next choice; then the dealer (T17)."""
        rules = self.rules
        order = self._order
        while self._turn < len(order):
            h = order[self._turn]
            cards = h.cards
            if not h.started:
                h.started = True
                self.events.append(TurnStarted(h.seat))
                natural = natural_kind(cards[0], cards[1])
                if natural is not None:
                    self._reveal(h)
                    self._settle(h, *natural_paid(rules, natural))
                    self._turn += 1
                    continue
            if seat_choices(rules, h.total, len(cards)) is MUST_DRAW:
                self._draw(h, DrawReason.FORCED)
                if self._after_draw(h):
                    self._turn += 1
                continue
            self.to_act = h.seat
            return
        self._dealer_turn()

    def _after_draw(self, h: HandState) -> bool:
        """After a seat draws: True when its turn is over (bust, or five cards: T16; a
        7-7-7, H5: turned over at once, it takes no more cards and waits for the dealer)."""
        cards = len(h.cards)
        total = h.total
        if (
            cards == 3
            and self.rules.seven_seven_seven
            and is_seven_seven_seven(h.cards, self.rules)
        ):
            h.seven = True
            h.kind = None
            self._reveal(h)
            h.waiting = True
            self._waiting += 1
            return True
        if seat_choices(self.rules, total, cards) is not TURN_OVER:
            return False
        if total > 21:
            self._reveal(h)
            self._settle(h, *bust(self.rules, cards))
        else:
            h.waiting = True  # T16: a five dragon waits for the dealer
            self._waiting += 1
        return True

    def _dealer_turn(self) -> None:
        """T17 / O8: the dealer's seat turns its cards over and, with hands left to open,
        takes its automatic choices (``auto_choice``: ``dealer_choice``) until it stands;
        then T18."""
        dealer = self._dealer
        self.events.append(TurnStarted(dealer.seat))
        self._reveal(dealer)
        if self._waiting:
            rules, cards = self.rules, dealer.cards
            while dealer_choice(rules, dealer.total, len(cards)) is Action.HIT:
                self._draw(dealer, DrawReason.DEALER, face_up=True)
            self._open_hands()
        self._finish()

    def _open_hands(self) -> None:
        """T18: the dealer opens the hands still in the round, in seat order; a waiting
        7-7-7 is settled after them (H5)."""
        rules = self.rules
        dealer = self._kind(self._dealer)
        dealer_total = self._dealer.total
        for sevens in (False, True):
            for h in self._order:
                if not h.waiting or h.seven is not sevens:
                    continue
                self._reveal(h)
                self._settle(h, *showdown(rules, self._kind(h), h.total, dealer, dealer_total))

    # ----------------------------------------------------------------- primitives

    def _draw(self, h: HandState, reason: DrawReason, *, face_up: bool = False) -> None:
        card = self.shoe.draw()
        self.drawn.append(card)
        cards = h.cards
        cards.append(card)
        if card.rank == "A":
            h.aces += 1
        else:
            h.base += POINTS[card.rank]
        # T2 / T3: the same total as hand_total(hand), without walking the hand again
        # (``total_from`` of a hand without aces is its points).
        aces = h.aces
        h.total = total_from(h.base, aces, self.rules.ace_values(len(cards))) if aces else h.base
        h.kind = None
        self.events.append(CardDealt(h.seat, card, face_up, reason))

    def _reveal(self, h: HandState) -> None:
        if h.revealed:
            return
        h.revealed = True
        self.events.append(HandRevealed(h.seat, tuple(h.cards), h.total, self._kind(h)))

    def _settle(self, h: HandState, result: Result, multiple: int) -> None:
        """T19 / T20: the hand's main wager settled (``stack_net``): the ``HandSettled``
        event with the seat's new stack (``settlements`` gives its ``WagerSettled``)."""
        stack = self.stacks[h.seat]
        net = stack_net(result, multiple, h.bet, stack)
        owed = abs(bets_won(result, multiple)) * h.bet
        event = HandSettled(h.seat, result, multiple, net, stack + net, owed)
        h.settled = event
        self._settled.append(h)
        self.events.append(event)

    def _finish(self) -> None:
        self.to_act = None
        self.events.append(RoundOver())
