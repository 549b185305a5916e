"""The state of one kampung hand (``KampungRound``'s): the seats' hands and the bank, what
each seat may know now (K17), its totals and kinds kept until its cards change (T3, K22), and
the bookkeeping every step of the hand shares: a card drawn, a hand turned over or settled
(K23), the end (K21). The flow of the hand, K5–K23, is ``round.py``'s."""

from __future__ import annotations

from collections.abc import Sequence

from banluck.core.cards import Card
from banluck.core.errors import IllegalAction
from banluck.core.money import HandRef, WagerSettled
from banluck.core.shoe import Shoe
from banluck.games.banluck.hands import hand_total, kind_with_total, natural_kind
from banluck.games.kampung import settle
from banluck.games.kampung.decisions import BankerDecision, PlayerDecision, SeenHands
from banluck.games.kampung.events import (
    HEAVY_BUST,
    NON,
    SEVEN_SEVEN_SEVEN,
    ActionTaken,
    CardDealt,
    DrawReason,
    Event,
    HandSettled,
    HandTurned,
    Met,
    RoundOver,
)
from banluck.games.kampung.records import (
    BankHand,
    KampungOutcome,
    Phase,
    PlayerEntry,
    PlayerHand,
)
from banluck.games.kampung.rules import KampungRules
from banluck.games.kampung.settle import Settlement


class RoundState:
    """One hand's state and its bookkeeping; ``KampungRound`` plays it."""

    def __init__(
        self,
        rules: KampungRules,
        shoe: Shoe,
        *,
        banker: str,
        bank_stack: int,
        players: Sequence[PlayerEntry],
        record: bool = True,
    ) -> None:
        names = tuple(p.name for p in players)
        if banker not in rules.seats:
            raise IllegalAction(f"unknown banker {banker!r}")
        if names != rules.players(banker):
            raise IllegalAction(
                f"the players against {banker!r} are {list(rules.players(banker))}, "
                f"got {list(names)}"
            )
        self.rules = rules
        self.shoe = shoe
        self.bank = BankHand(banker, bank_stack)
        #: the players as they entered the hand (stacks after T9, bets before any doubling)
        self.entries = tuple(players)
        self.hands = [PlayerHand(p) for p in players]
        self._by_seat = {h.seat: h for h in self.hands}
        self.events: list[Event] = []
        #: False: no events are kept (``events``, ``drawn``, ``actions`` and ``apply``'s
        #: answer stay empty), for a caller that reads only the outcome (``replay``)
        self._record = record
        self.phase = Phase.PLAYERS
        self.to_act: str | None = None
        self._legal: tuple[str, ...] = ()
        self._index = 0  # the player whose burn reply or turn is next
        self.voided = False
        self.cards_used = 0
        # seat -> its total and its kind (T3 / K22), kept until its cards change
        self._totals: dict[str, int] = {}
        self._kinds: dict[str, str] = {}
        self._seen = SeenHands()
        #: every seat's first two cards as dealt (``_deal``), for ``deal_key``
        self._first_deal: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    def drawn(self) -> tuple[Card, ...]:
        """Every card the round drew, in order (for ``replay.round_again``; never for a
        player)."""
        return tuple(e.card for e in self.events if isinstance(e, CardDealt) and e.card)

    @property
    def deal_key(self) -> str:
        """Every seat's first two cards as dealt, as text (the key from which the bots draw
        their mixed strategy for the hand, ``bots.mixed``; never for a player)."""
        return "|".join(
            f"{seat}:{','.join(c.rank + c.suit for c in cards)}" for seat, cards in self._first_deal
        )

    def actions(self) -> tuple[tuple[str, str], ...]:
        """Every choice made, in order: ``(seat, action)``."""
        return tuple((e.seat, e.action) for e in self.events if isinstance(e, ActionTaken))

    @property
    def banker(self) -> str:
        """The seat holding the bank."""
        return self.bank.seat

    @property
    def is_over(self) -> bool:
        """K21: every hand is settled."""
        return self.phase is Phase.OVER

    def legal_actions(self) -> tuple[str, ...]:
        """The choices of the seat to act (empty when nobody is to act)."""
        return self._legal

    def cards(self, seat: str) -> tuple[Card, ...]:
        """A seat's cards now (the round knows everything: views filter, K17)."""
        if seat == self.bank.seat:
            return tuple(self.bank.cards)
        return tuple(self._hand(seat).cards)

    def total(self, seat: str) -> int:
        """T3 / K1: a seat's total now."""
        total = self._totals.get(seat)
        if total is None:
            cards = self.bank.cards if seat == self.bank.seat else self._hand(seat).cards
            total = self._totals[seat] = hand_total(cards, self.rules.totals)
        return total

    def player(self, seat: str) -> PlayerHand:
        """A player's hand (read only, for views)."""
        return self._hand(seat)

    def stand_is_non(self) -> bool:
        """X7 / X17: whether ``stand`` now makes the hand of the seat to act non (it stands
        under its licence), which the page asks the person to confirm."""
        seat = self.to_act
        return seat is not None and "stand" in self._legal and self._under_licence(seat)

    def _under_licence(self, seat: str) -> bool:
        """X7: the seat's total is under the total it must draw to (K9, K14)."""
        rules = self.rules
        licence = (
            rules.banker_must_draw_under if seat == self.bank.seat else rules.player_must_draw_under
        )
        return self.total(seat) < licence

    def kind(self, seat: str) -> str:
        """K22 / X23: what a seat's hand is now, as REPLAY.md names it (``non``,
        ``heavy-bust`` and ``seven-seven-seven`` among them; views show it only to whom
        may see the hand, K17)."""
        if seat == self.bank.seat:
            return self._kind(seat, self.bank.cards)
        return self._player_kind(self._hand(seat))

    def decision(self) -> PlayerDecision | BankerDecision:
        """What the seat to act may know (K17), with its legal choices."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction("the hand is over: nobody is to act")
        legal = frozenset(self._legal)
        if seat == self.bank.seat:
            return BankerDecision(
                seat=seat,
                cards=tuple(self.bank.cards),
                total=self.total(seat),
                stack=self.bank.stack,
                legal=legal,
                hands=tuple([self._seen.of(h) for h in self.hands]),
                burnt=bool(self.bank.burnt),
            )
        h = self._hand(seat)
        return PlayerDecision(
            seat=seat,
            banker=self.bank.seat,
            cards=tuple(h.cards),
            total=self.total(seat),
            bet=h.bet,
            stack=h.stack,
            legal=legal,
            burnt=h.burnt,
            banker_burnt=self.bank.burnt,
            others=tuple([self._seen.of(o) for o in self.hands if o is not h]),
        )

    def outcome(self) -> KampungOutcome:
        """The settled hand (only once it is over)."""
        if not self.is_over:
            raise IllegalAction("the hand is not over yet")
        b = self.bank
        return KampungOutcome(
            void=self.voided,
            bank=b.result(self.total(b.seat), self._kind(b.seat, b.cards)),  # K22
            seats=tuple(h.result_of(self.total(h.seat), self._player_kind(h)) for h in self.hands),
            cards_used=self.cards_used,
        )

    def _special_15(self) -> bool:
        """X3: a two-card 15 is K7 / K10's special hand (else a plain 15)."""
        return self.rules.two_card_15 == "special"

    def _penalised(self, h: PlayerHand) -> bool:
        """X9: a non hand or a heavy bust."""
        return h.non or self.rules.heavy(self.total(h.seat))

    def _hand(self, seat: str) -> PlayerHand:
        try:
            return self._by_seat[seat]
        except KeyError:
            raise IllegalAction(f"{seat!r} is not a player in this hand") from None

    def _unsettled(self) -> list[PlayerHand]:
        return [h for h in self.hands if h.result is None]

    def _unopened(self) -> list[PlayerHand]:
        """K14: hands the banker may still open (a waiting 7-7-7 is not one, K21)."""
        return [h for h in self.hands if h.result is None and not h.seven]

    def _sevens(self) -> list[PlayerHand]:
        return [h for h in self.hands if h.result is None and h.seven]

    def _ask(self, seat: str, phase: Phase, legal: tuple[str, ...]) -> None:
        self.phase = phase
        self.to_act = seat
        self._legal = legal

    def _draw(
        self, seat: str, cards: list[Card], reason: DrawReason, *, face_up: bool = False
    ) -> None:
        card = self.shoe.draw()
        self.cards_used += 1
        cards.append(card)
        self._totals.pop(seat, None)  # as _cards_changed, inline: a draw is frequent
        self._kinds.pop(seat, None)
        if self._record:
            self.events.append(CardDealt(seat, card, face_up, reason))

    def _turn_over(self, h: PlayerHand) -> None:
        if not h.turned:
            h.turned = True
            if self._record:
                cards = tuple(h.cards)
                kind = self._player_kind(h)
                self.events.append(HandTurned(h.seat, cards, self.total(h.seat), kind))

    def _turn_over_bank(self) -> None:
        b = self.bank
        if not b.turned:
            b.turned = True
            if self._record:
                cards = tuple(b.cards)
                kind = self._kind(b.seat, b.cards)
                self.events.append(HandTurned(b.seat, cards, self.total(b.seat), kind))

    def _player_kind(self, h: PlayerHand) -> str:
        if h.seven:
            return SEVEN_SEVEN_SEVEN
        if h.non:
            return NON
        return self._kind(h.seat, h.cards)

    def _kind(self, seat: str, cards: list[Card]) -> str:
        """K22: what a seat's hand is now (``core.hands.hand_kind``), kept until it changes."""
        kind = self._kinds.get(seat)
        if kind is None and seat == self.bank.seat and self.bank.non:
            kind = self._kinds[seat] = NON
        if kind is None and self.rules.heavy(self.total(seat)):
            kind = self._kinds[seat] = HEAVY_BUST
        if kind is None:
            # ``hand_kind`` on the total kept (``total``): a natural, else by count and total
            natural = natural_kind(cards[0], cards[1]) if len(cards) == 2 else None
            found = natural or kind_with_total(len(cards), self.total(seat))
            kind = self._kinds[seat] = found.value
        return kind

    def _cards_changed(self, seat: str) -> None:
        """A seat's cards changed: its total and kind are worked out again when asked."""
        self._totals.pop(seat, None)
        self._kinds.pop(seat, None)

    def _settle(self, h: PlayerHand, settlement: Settlement, *, repaid: bool = False) -> None:
        """K3 / K23: settle one hand now; the bank pays from its stack as far as it goes.
        ``repaid``: a win the offenders pay back (X10)."""
        result, multiple = settlement
        h.repaid = repaid
        b = self.bank
        net = settle.net_paid(result, multiple, bet=h.bet, player_stack=h.stack, bank_stack=b.stack)
        b.stack -= net
        h.result = result
        h.multiple = multiple
        h.net = net
        h.done = True
        if self._record:
            self.events.append(
                HandSettled(
                    WagerSettled(HandRef(h.seat), "main", h.bet, result.value, net),
                    multiple,
                    h.stack + net,
                    b.stack,
                    settle.owed(result, multiple, h.bet),
                    self._met(h),
                )
            )

    def _met(self, h: PlayerHand) -> Met | None:
        """The hand against the bank as they stand now, when both are turned over."""
        b = self.bank
        if not (h.turned and b.turned):
            return None
        bank = (self.total(b.seat), self._kind(b.seat, b.cards))
        return Met(self.total(h.seat), self._player_kind(h), *bank)

    def _finish(self) -> None:
        """K21: the hand is over; every hand is turned over (K17: the end of the hand)."""
        self._turn_over_bank()
        for h in self.hands:
            self._turn_over(h)
        self.phase = Phase.OVER
        self.to_act = None
        self._legal = ()
        if self._record:
            self.events.append(RoundOver())
