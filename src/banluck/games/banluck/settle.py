"""What a hand wins or loses (T14, T16, T18–T21, O5–O8): the one home of settlement.

Each function answers with a ``Result`` and a multiple of the bet (T21); ``stack_net`` turns
that into the change to a stack (T19, T20) and ``bets_won`` into a signed multiple.

>>> from banluck.games.banluck.rules import TABLE
>>> against_dealer_natural(TABLE, HandKind.BAN_BAN, HandKind.BAN_LUCK)   # T14
(<Result.WIN: 'win'>, 3)
>>> showdown(TABLE, HandKind.FIVE_DRAGON, 21, HandKind.PLAIN, 21)       # T18
(<Result.WIN: 'win'>, 3)
>>> stack_net(Result.LOSE, 3, 50, 120)                                 # T20: the stack caps it
-120
"""

from __future__ import annotations

from dataclasses import dataclass

from banluck.games.banluck.events import Result
from banluck.games.banluck.hands import HandKind, win_multiple
from banluck.games.banluck.rules import Rules

Settlement = tuple[Result, int]


def natural_paid(rules: Rules, natural: HandKind) -> Settlement:
    """T16: a seat's natural is paid at once (T21's multiple), the dealer having none."""
    return Result.WIN, win_multiple(natural, 21, rules)


def against_dealer_natural(rules: Rules, seat: HandKind | None, dealer: HandKind) -> Settlement:
    """T14 / O5: a seat's two cards (``seat`` its natural or None) against the dealer's natural.

    The same natural pushes (H6: or loses the dealer's multiple where the dealer wins
    ties); a Ban-Ban beats a Ban-Luck; every other hand loses the dealer's multiple.
    """
    if seat is dealer:
        if rules.equal_naturals == "push":
            return Result.PUSH, 0
        return Result.LOSE, win_multiple(dealer, 21, rules)
    if seat is HandKind.BAN_BAN:
        return Result.WIN, win_multiple(seat, 21, rules)
    return Result.LOSE, win_multiple(dealer, 21, rules)


def bust(rules: Rules, cards: int) -> Settlement:
    """T16 / O6: a bust loses at once, ``five_card_bust_multiple`` with five cards."""
    return Result.LOSE, rules.five_card_bust_multiple if cards >= 5 else 1


def showdown(
    rules: Rules, kind: HandKind, total: int, dealer_kind: HandKind, dealer_total: int
) -> Settlement:
    """T18 / O7 / O8: a hand still in the round against the dealer's final hand.

    The dealer's bust pays every hand; a five dragon beats a plain total on either side;
    else the higher total wins (two five dragons compare totals, or push: H7), equal totals
    push (H6: or lose the dealer's multiple). A win pays the hand's own multiple, a loss
    costs the dealer's. H5 / H18: a 7-7-7 wins its multiple unless the dealer ends on 21,
    when it pushes.

    >>> import dataclasses
    >>> from banluck.games.banluck.rules import TABLE
    >>> house = dataclasses.replace(TABLE, seven_seven_seven=7, equal_totals="banker")
    >>> showdown(house, HandKind.SEVEN_SEVEN_SEVEN, 21, HandKind.BUST, 25)
    (<Result.WIN: 'win'>, 7)
    >>> showdown(house, HandKind.SEVEN_SEVEN_SEVEN, 21, HandKind.PLAIN, 21)
    (<Result.PUSH: 'push'>, 0)
    >>> showdown(house, HandKind.PLAIN, 19, HandKind.PLAIN, 19)
    (<Result.LOSE: 'lose'>, 1)
    """
    if kind is HandKind.SEVEN_SEVEN_SEVEN:
        if dealer_kind is not HandKind.BUST and dealer_total == 21:
            return Result.PUSH, 0
        return Result.WIN, win_multiple(kind, total, rules)
    if dealer_kind is HandKind.BUST:
        return Result.WIN, win_multiple(kind, total, rules)
    seat_dragon = kind is HandKind.FIVE_DRAGON
    dealer_dragon = dealer_kind is HandKind.FIVE_DRAGON
    if dealer_dragon and not seat_dragon:
        return Result.LOSE, win_multiple(dealer_kind, dealer_total, rules)
    if seat_dragon and dealer_dragon and rules.five_against_five == "push":
        return Result.PUSH, 0
    if (seat_dragon and not dealer_dragon) or total > dealer_total:
        return Result.WIN, win_multiple(kind, total, rules)
    if total < dealer_total:
        return Result.LOSE, win_multiple(dealer_kind, dealer_total, rules)
    if rules.equal_totals == "banker":
        return Result.LOSE, win_multiple(dealer_kind, dealer_total, rules)
    return Result.PUSH, 0


def stack_net(result: Result, multiple: int, bet: int, stack: int) -> int:
    """T19 / T20: a win pays ``multiple`` × bet; a loss costs it, as far as the stack goes.

    >>> stack_net(Result.WIN, 2, 50, 10), stack_net(Result.PUSH, 0, 50, 10)
    (100, 0)
    """
    if result is Result.WIN:
        return multiple * bet
    if result is Result.LOSE:
        return -min(multiple * bet, stack)
    return 0


def bets_won(result: Result, multiple: int) -> int:
    """The signed multiple of the bet a seat with a deep stack wins (T20's cap ignored).

    >>> bets_won(Result.LOSE, 2), bets_won(Result.THROWN_IN, 0)
    (-2, 0)
    """
    if result is Result.WIN:
        return multiple
    if result is Result.LOSE:
        return -multiple
    return 0


@dataclass(frozen=True, kw_only=True, slots=True)
class End:
    """How a hand ended, as a real table tells it (a ledger's entry): its kind, total and
    number of cards; ``natural`` its first two cards' natural (T4), if any; ``thrown`` a
    seat's free hand thrown in (T16); ``void`` the dealer's two-card 15 thrown in (T15)."""

    kind: HandKind
    total: int
    cards: int
    natural: HandKind | None = None
    thrown: bool = False
    void: bool = False


def settle_end(rules: Rules, seat: End, dealer: End) -> Settlement:
    """A seat's whole settlement from how its hand and the dealer's ended, in the order the
    round settles them: the dealer's void (T15) and natural (T14) first, then the seat's
    natural (T16), free hand thrown in, bust (T16), and the showdown (T18).

    >>> from banluck.games.banluck.rules import TABLE
    >>> nineteen = End(kind=HandKind.PLAIN, total=19, cards=3)
    >>> settle_end(TABLE, End(kind=HandKind.BUST, total=24, cards=5), nineteen)
    (<Result.LOSE: 'lose'>, 2)
    >>> settle_end(TABLE, nineteen, End(kind=HandKind.BUST, total=25, cards=3))
    (<Result.WIN: 'win'>, 1)
    """
    if dealer.void:
        return Result.VOID, 0
    if dealer.natural is not None:
        return against_dealer_natural(rules, seat.natural, dealer.natural)
    if seat.natural is not None:
        return natural_paid(rules, seat.natural)
    if seat.thrown:
        return Result.THROWN_IN, 0
    if seat.total > 21:
        return bust(rules, seat.cards)
    return showdown(rules, seat.kind, seat.total, dealer.kind, dealer.total)
