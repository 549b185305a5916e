"""One blackjack hand as a state machine: ``start`` deals; ``to_act`` / ``legal_actions`` /
``apply`` play it; ``outcome`` settles it (BLACKJACK.md; pure, no I/O).

The round draws from any :class:`CardSource` (a stacked shoe in replay, the play shoe of
``shoe.py`` at a table). Every difference between the games is a field of
:class:`BlackjackRules`; the round never asks which preset it plays.

Phases: ``insurance`` (I4: each eligible seat chooses ``insure`` or ``decline``), ``play``
(each seat in turn, each of its hands: hit / stand / double / split / surrender), ``over``.

>>> from banluck.core.shoe import Shoe
>>> from banluck.games.blackjack.rules import CLASSIC
>>> shoe = Shoe.stacked(["TS", "9H", "8C", "6D", "TH", "QH", "9C", "TD", "9S"], decks=2)
>>> r = BlackjackRound.start(CLASSIC, shoe, [SeatEntry(name="you", stack=100, bet=10),
...     SeatEntry(name="anna", stack=100, bet=50), SeatEntry(name="ben", stack=100, bet=50)])
>>> r.to_act, sorted(r.legal_actions())
('you', ['hit', 'split', 'stand'])
>>> r.apply("stand")[0]
ActionTaken(hand=HandRef(seat='you', index=0), action='stand', played_as='stand')
>>> _ = r.apply("stand"); _ = r.apply("stand")
>>> o = r.outcome()
>>> [c.code for c in o.dealer_cards], [s.net for s in o.seats]
(['6D', 'TD', '9S'], [10, 50, 50])
"""

from __future__ import annotations

from collections.abc import Sequence

from banluck.core.cards import Card
from banluck.core.errors import BadBet, IllegalAction
from banluck.core.money import HandRef, WagerSettled, half_rounded_up, win_amount
from banluck.core.seating import Seating, seating_for
from banluck.games.blackjack.bets import SeatEntry, check_entry
from banluck.games.blackjack.decisions import Decision
from banluck.games.blackjack.events import (
    ActionTaken,
    CardDealt,
    DealerPeeked,
    Event,
    HandTurnedOver,
    InsuranceDecided,
    RoundOver,
)
from banluck.games.blackjack.hands import dealer_draws, is_blackjack, is_pair, total_and_soft
from banluck.games.blackjack.records import (
    CardSource,
    HandOutcome,
    PlayHand,
    PlaySeat,
    RoundOutcome,
    SeatOutcome,
    hand_kind,
    known_kind,
)
from banluck.games.blackjack.rules import BlackjackRules
from banluck.games.blackjack.side_bets import side_bet_line, side_bet_net

__all__ = [
    "BlackjackRound",
    "CardSource",
    "HandOutcome",
    "RoundOutcome",
    "SeatEntry",
    "SeatOutcome",
    "hand_kind",
]

INSURANCE_ACTIONS = frozenset({"insure", "decline"})


class BlackjackRound:
    """One hand of ``classic`` or ``infinite`` from the deal to the settlement."""

    def __init__(self, rules: BlackjackRules, source: CardSource, seats: list[PlaySeat]) -> None:
        """Use :meth:`start`."""
        self.rules = rules
        self._source = source
        self._seats = seats
        self._by_name = {s.name: s for s in seats}
        self.events: list[Event] = []
        self.cards_used = 0
        self._row: list[Card] = []
        self.dealer: list[Card] = []
        self.hole_turned = False
        self.phase = "deal"
        self.to_act: str | None = None
        self._current: PlayHand | None = None
        self._dealer_blackjack = False
        self._peeked = False
        self._legal: frozenset[str] | None = None

    # -- the deal ------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        rules: BlackjackRules,
        source: CardSource,
        entries: Sequence[SeatEntry],
        *,
        shoe_hand: int = 1,
        seating: Seating | None = None,
    ) -> BlackjackRound:
        """Check every seat's stake (B5, B11, B13, I10), take it, and deal (C2 / I3).

        ``entries`` are the seating's seats in order, stacks after T9; ``shoe_hand`` is the
        hand's number in its shoe (I10's limits); ``seating`` says who sits where and who is
        a bot (by default the preset's: the rules' seats, every one but the first a bot, B5).
        """
        if seating is None:
            seating = seating_for(rules)
        names = tuple(e.name for e in entries)
        if names != seating.seats:
            raise BadBet(
                f"{rules.name!r} needs the seats {', '.join(seating.seats)} in that order,"
                f" not {', '.join(map(str, names))}"
            )
        seats = []
        for e in entries:
            check_entry(rules, e, shoe_hand=shoe_hand, seating=seating)
            seats.append(PlaySeat(entry=e, committed=e.committed))
        r = cls(rules, source, seats)
        r._deal()
        return r

    def _draw(self) -> Card:
        card = self._source.draw()
        self.cards_used += 1
        return card

    def _deal(self) -> None:
        rules = self.rules
        face_up = not rules.seat_cards_face_down
        if rules.shared_cards:
            # I3: shared first card, up card, shared second card, hole card.
            first = self._draw()
            up = self._draw()
            second = self._draw()
            hole = self._draw()
            for s in self._seats:
                s.first_two = [first, second]
        else:
            # C2: each seat in order, the up card, each seat again, the hole card.
            dealt = [s for s in self._seats if s.entry.committed > 0]
            for s in dealt:
                s.first_two.append(self._draw())
            up = self._draw()
            for s in dealt:
                s.first_two.append(self._draw())
            hole = self._draw()
        self.dealer = [up, hole]
        for s in self._seats:
            if s.entry.bet > 0:
                s.hands.append(
                    PlayHand(ref=HandRef(s.name, 0), cards=list(s.first_two), bet=s.entry.bet)
                )
        for i in range(2):
            for s in self._seats:
                if s.first_two:
                    ref = HandRef(s.name, 0)
                    self.events.append(CardDealt(ref, s.first_two[i], face_up))
            if i == 0:
                self.events.append(CardDealt(None, up, True))
        self.events.append(CardDealt(None, hole, False))
        self.phase = "insurance"
        self._next_insurance()

    @property
    def up_card(self) -> Card:
        """The dealer's up card."""
        return self.dealer[0]

    # -- insurance (I4) ------------------------------------------------------------------

    def insurance_refusal(self, seat: str) -> str | None:
        """I4 / B11 / B13: why ``seat`` may not insure this hand, or None when it may."""
        s = self._by_name[seat]
        if not self.rules.insurance:
            return f"insurance is not played in {self.rules.name!r}"
        if not self.up_card.is_ace:
            return f"insurance needs an ace up, the up card is {self.up_card.code}"
        if s.entry.bet == 0:
            return "insurance needs a seat bet (the bet is 0)"
        if s.entry.bet % 2:
            return f"insurance needs an even bet (the bet is {s.entry.bet})"
        if s.entry.bet // 2 > s.uncovered:
            return (
                f"insurance of {s.entry.bet // 2} is above what the stack covers"
                f" ({s.uncovered} left of {s.entry.stack})"
            )
        return None

    def _next_insurance(self) -> None:
        if self.rules.insurance and self.up_card.is_ace:
            for s in self._seats:
                if not s.insurance_decided and self.insurance_refusal(s.name) is None:
                    self.to_act = s.name
                    return
        self._after_insurance()

    def _after_insurance(self) -> None:
        rules = self.rules
        up = self.up_card
        self.to_act = None
        self.phase = "play"
        if rules.dealer_peeks and (up.is_ace or up.is_ten_value):
            self._peeked = True
            self._dealer_blackjack = is_blackjack(self.dealer)
            self.events.append(DealerPeeked(self._dealer_blackjack))
            self._settle_insurance()
            if self._dealer_blackjack:
                # C3 / I5: turned over at once; the hand ends.
                self._turn_dealer()
                self._finish()
                return
        for s in self._seats:
            for h in s.hands:
                if h.blackjack:
                    h.done = True
                    if rules.blackjack_paid_at_once:  # C4
                        self._turn(h)
                        self._settle_hand(h)
        self._advance()

    def _settle_insurance(self) -> None:
        for s in self._seats:
            if s.insurance:
                if self._dealer_blackjack:
                    w = WagerSettled(
                        HandRef(s.name, 0),
                        "insurance",
                        s.insurance,
                        "win",
                        s.insurance * self.rules.insurance_pays,
                    )
                else:
                    w = WagerSettled(
                        HandRef(s.name, 0), "insurance", s.insurance, "lose", -s.insurance
                    )
                self._record(s, w)

    # -- play ------------------------------------------------------------------------------

    def _draw_for(self, s: PlaySeat, h: PlayHand) -> None:
        """I2: a shared-cards seat's n-th drawn card is the row's n-th; else the next card."""
        row: int | None = None
        if self.rules.shared_cards:
            row = s.drawn
            while len(self._row) <= row:
                self._row.append(self._draw())
            card = self._row[row]
            s.drawn += 1
        else:
            card = self._draw()
        h.cards.append(card)
        self.events.append(CardDealt(h.ref, card, not self.rules.seat_cards_face_down, row))

    def _advance(self) -> None:
        """Find the next hand that asks a choice, finishing hands that ask none; when none is
        left, the dealer plays and the round settles."""
        rules = self.rules
        for s in self._seats:
            for h in s.hands:
                if h.done:
                    continue
                if len(h.cards) == 1:  # a split hand takes its second card as it starts
                    self._draw_for(s, h)
                    if rules.split_aces_one_card and h.cards[0].is_ace:
                        h.done = True  # I6: split aces take one card each and stand
                        continue
                total = h.total
                if total > 21:
                    self._bust(h)
                    continue
                if total == 21:  # B4 (and a split A + ten: a plain 21, B12)
                    h.done = True
                    continue
                self._current = h
                self.to_act = s.name
                return
        self._current = None
        self.to_act = None
        self._dealer_plays()

    def _bust(self, h: PlayHand) -> None:
        """B3: a bust hand loses at once and is turned over."""
        h.done = True
        self._turn(h)
        self._settle_hand(h)

    def legal_actions(self) -> frozenset[str]:
        """What ``to_act`` may do now: ``insure``/``decline`` (I4), else among hit, stand,
        double, split, surrender by the rules and the cards (C5, C6, I6, B12). A double or
        split the stack cannot cover stays legal and is played by I7."""
        if self.to_act is None:
            return frozenset()
        if self.phase == "insurance":
            return INSURANCE_ACTIONS
        if self._legal is not None:
            return self._legal
        h = self._current
        assert h is not None
        s = self._by_name[h.ref.seat]
        rules = self.rules
        legal = {"hit", "stand"}
        if len(h.cards) == 2:
            split_aces = h.from_split and h.cards[0].is_ace and rules.split_aces_one_card
            if (
                rules.may_double(h.total)
                and (not h.from_split or rules.double_after_split)
                and not split_aces
            ):
                legal.add("double")
            if s.splits < rules.max_splits and is_pair(
                h.cards[0], h.cards[1], by_value=rules.split_by_value
            ):
                legal.add("split")
            if (
                not s.acted
                and not h.from_split
                and rules.can_surrender_against(self.up_card.points)
            ):
                legal.add("surrender")
        self._legal = frozenset(legal)
        return self._legal

    def decision(self) -> Decision:
        """What the seat to act knows for its current hand (play phase)."""
        h = self._current
        if self.phase != "play" or h is None:
            raise IllegalAction("no seat is choosing for a hand now")
        s = self._by_name[h.ref.seat]
        return Decision(
            seat=s.name,
            hand=h.ref,
            cards=tuple(h.cards),
            up=self.up_card,
            legal=self.legal_actions(),
            from_split=h.from_split,
            splits=s.splits,
            bet=h.bet,
            stack=s.uncovered,
        )

    def current_hand(self) -> HandRef | None:
        """The hand being played, or None."""
        return None if self._current is None else self._current.ref

    def apply(self, action: str) -> list[Event]:
        """``to_act`` takes ``action``; the events it produced, in order."""
        if self.to_act is None:
            raise IllegalAction("the round is over: no seat is to act")
        legal = self.legal_actions()
        if action not in legal:
            where = (
                "to insurance"
                if self.phase == "insurance"
                else f"at {self._current.total if self._current else '?'}"
            )
            raise IllegalAction(
                f"seat {self.to_act!r}: {action!r} is not allowed {where}"
                f" (allowed: {', '.join(sorted(legal))})"
            )
        start = len(self.events)
        self._legal = None
        if self.phase == "insurance":
            s = self._by_name[self.to_act]
            s.insurance_decided = True
            if action == "insure":
                s.insurance = s.entry.bet // 2
                s.committed += s.insurance
            self.events.append(InsuranceDecided(s.name, s.insurance))
            self._next_insurance()
        else:
            self._play(action)
        return self.events[start:]

    def _play(self, action: str) -> None:
        h = self._current
        assert h is not None
        s = self._by_name[h.ref.seat]
        played = action
        if action in ("double", "split") and s.uncovered < h.bet:
            played = "hit" if h.total <= 11 else "stand"  # I7 / B11
        s.acted = True
        self.events.append(ActionTaken(h.ref, action, played))
        if played == "hit":
            self._draw_for(s, h)
        elif played == "stand":
            h.done = True
        elif played == "double":
            s.committed += h.bet
            h.bet *= 2
            h.doubled = True
            self._draw_for(s, h)
            h.done = True
            if h.total > 21:
                self._bust(h)
        elif played == "split":
            s.committed += h.bet
            s.splits += 1
            second = PlayHand(ref=h.ref, cards=[h.cards.pop()], bet=h.bet, from_split=True)
            h.from_split = True
            h.counted = -1
            at = s.hands.index(h) + 1
            s.hands.insert(at, second)
            for i, each in enumerate(s.hands):
                each.ref = HandRef(s.name, i)
        elif played == "surrender":
            h.done = True
            h.surrendered = True
            self._settle_hand(h)
        self._advance()

    # -- the dealer and the settlement -------------------------------------------------------

    def _turn(self, h: PlayHand) -> None:
        if not h.turned_over:
            h.turned_over = True
            self.events.append(HandTurnedOver(h.ref, tuple(h.cards)))

    def _turn_dealer(self) -> None:
        self.hole_turned = True
        self.events.append(HandTurnedOver(None, tuple(self.dealer)))

    def _dealer_plays(self) -> None:
        """C7 / I9, B7: the hole card is turned; the dealer draws under 17 unless (C7) no
        seat hand is still standing."""
        self._turn_dealer()
        standing = any(h.settled is None for s in self._seats for h in s.hands)
        if standing or self.rules.dealer_always_plays:
            while self._dealer_draws():
                card = self._draw()
                self.dealer.append(card)
                self.events.append(CardDealt(None, card, True))
        if not self._peeked:
            self._settle_insurance()
        self._finish()

    def _dealer_draws(self) -> bool:
        """B7: the dealer draws on its total (on a soft 17 too where the house says so)."""
        total, soft = total_and_soft(self.dealer)
        rules = self.rules
        return dealer_draws(total, rules.dealer_stands_on, soft, rules.dealer_hits_soft_17)

    def _settle_hand(self, h: PlayHand) -> None:
        """B6, B8, C3, I5, I6: the hand's main wager (its bet, a double included)."""
        s = self._by_name[h.ref.seat]
        bet = h.bet
        if h.surrendered:
            result, net = "surrender", -half_rounded_up(bet)
        elif h.total > 21:
            result, net = "lose", -bet
        else:
            blackjack = h.blackjack
            mine = (h.total, blackjack)
            dealer_bj = self._dealer_blackjack or (self.hole_turned and is_blackjack(self.dealer))
            if blackjack and not dealer_bj:  # B6 (C4: perhaps before the hole is turned)
                result, net = "win", win_amount(bet, *self.rules.blackjack_pays)
            else:
                dealer_total = total_and_soft(self.dealer)[0]
                theirs = (dealer_total, dealer_bj)
                if dealer_total > 21 or mine > theirs:
                    result, net = "win", bet
                elif mine == theirs:
                    result, net = "push", 0
                else:
                    result, net = "lose", -bet
        w = WagerSettled(h.ref, "main", bet, result, net)
        h.settled = w
        self._record(s, w)

    def _record(self, s: PlaySeat, w: WagerSettled) -> None:
        s.settlements.append(w)
        self.events.append(w)

    def _finish(self) -> None:
        for s in self._seats:
            for h in s.hands:
                self._turn(h)  # every hand is shown at the settlement
                if h.settled is None:
                    self._settle_hand(h)
            for name, stake in s.entry.side_bets.items():
                line = side_bet_line(name, s.first_two, self.up_card, self.dealer)
                self._record(
                    s,
                    WagerSettled(
                        HandRef(s.name, 0),
                        name,
                        stake,
                        "lose" if line is None else "win",
                        side_bet_net(name, stake, line),
                        line,
                    ),
                )
        self.phase = "over"
        self.to_act = None
        self.events.append(RoundOver(self.cards_used))

    # -- reading the round -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> RoundOutcome:
        """The settled round (after the last action)."""
        if not self.over:
            raise IllegalAction("the round is not over yet")
        seats = []
        for s in self._seats:
            hands = []
            for h in s.hands:
                assert h.settled is not None
                hands.append(
                    HandOutcome(
                        ref=h.ref,
                        cards=tuple(h.cards),
                        total=h.total,
                        kind=known_kind(h.blackjack, h.total),
                        bet=h.bet,
                        doubled=h.doubled,
                        result=h.settled.result,
                        net=h.settled.net,
                    )
                )
            insurance = next((w for w in s.settlements if w.wager == "insurance"), None)
            sides = tuple(w for w in s.settlements if w.wager in s.entry.side_bets)
            net = sum(w.net for w in s.settlements)
            seats.append(
                SeatOutcome(
                    name=s.name,
                    hands=tuple(hands),
                    insurance=insurance,
                    side_bets=sides,
                    net=net,
                    stack_before=s.entry.stack,
                    stack=s.entry.stack + net,
                )
            )
        return RoundOutcome(
            dealer_cards=tuple(self.dealer),
            dealer_total=total_and_soft(self.dealer)[0],
            dealer_kind=hand_kind(self.dealer),
            seats=tuple(seats),
            settlements=tuple(w for s in self._seats for w in s.settlements),
            cards_used=self.cards_used,
        )

    # -- for views and tests (read-only copies) ----------------------------------------------

    def seat_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self._seats)

    def seat_state(self, seat: str) -> PlaySeat:
        """The live state of one seat (views read it; nothing outside may change it)."""
        return self._by_name[seat]
