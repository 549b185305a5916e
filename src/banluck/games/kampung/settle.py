"""How a kampung hand is settled (K6, K12, K13, K15, K16, K3 / K23): pure functions, one home
for each rule, read by the round (and by anyone who needs the same answer).

Each returns ``(result, multiple)``: the hand wins or loses ``multiple`` bets, or pushes (0).

>>> from banluck.games.kampung.rules import KAMPUNG
>>> opening(19, 18, KAMPUNG), opening(18, 21, KAMPUNG), opening(21, 20, KAMPUNG)
((<Result.WIN: 'win'>, 1), (<Result.LOSE: 'lose'>, 2), (<Result.WIN: 'win'>, 2))
>>> net_paid(Result.WIN, 2, bet=100, player_stack=1000, bank_stack=150)
150
"""

from __future__ import annotations

from dataclasses import dataclass

from banluck.games.banluck.hands import HandKind, win_multiple
from banluck.games.kampung.events import Result
from banluck.games.kampung.rules import KampungRules

Settlement = tuple[Result, int]


def against_banker_natural(
    mine: HandKind | None, two_card_15: bool, banker: HandKind, rules: KampungRules
) -> Settlement:
    """K6: a player's two cards against the banker's natural ``banker``."""
    if mine is None and two_card_15:
        return Result.PUSH, 0  # a two-card 15 escapes
    if mine is banker:
        if rules.equal_naturals == "push":
            return Result.PUSH, 0
        return Result.LOSE, win_multiple(banker, 21, rules.totals)  # H18
    if mine is HandKind.BAN_BAN:
        return Result.WIN, win_multiple(mine, 21, rules.totals)
    return Result.LOSE, win_multiple(banker, 21, rules.totals)


def player_natural(natural: HandKind, rules: KampungRules) -> Settlement:
    """K8: a player's Ban-Ban wins 3 to 1, a Ban-Luck 2 to 1."""
    return Result.WIN, win_multiple(natural, 21, rules.totals)


def five_cards(total: int, rules: KampungRules) -> Settlement:
    """K12: a player's five dragon wins 2 to 1 (3 at 21); a five-card bust loses 2 bets."""
    if total <= 21:
        return Result.WIN, win_multiple(HandKind.FIVE_DRAGON, total, rules.totals)
    return Result.LOSE, rules.totals.five_card_bust_multiple


def twenty_one_or_one(total: int, rules: KampungRules) -> int:
    """K15 / K16: a 21 wins (or collects) 2, any other total 1."""
    return rules.twenty_one_multiple if total == 21 else 1


#: X9: a penalised hand (non, heavy bust) loses one bet, whatever the banker holds
PENALTY: Settlement = (Result.PENALTY, 1)


def own_multiple(total: int, count: int, rules: KampungRules) -> int:
    """X12: a hand's own multiple: a five dragon's (``five_dragon``, ``five_dragon_21`` at
    21), a plain total's (``any_21`` at 21, else 1), a bust's 1."""
    if count == rules.card_limit and total <= 21:
        return win_multiple(HandKind.FIVE_DRAGON, total, rules.totals)
    return twenty_one_or_one(total, rules) if total <= 21 else 1


def equal(total: int, count: int, bank_multiple: int, rules: KampungRules) -> Settlement:
    """X5: equal totals ``push``, go to the banker (its multiple) or the player (its own)."""
    if rules.equal_totals == "banker":
        return Result.LOSE, bank_multiple
    if rules.equal_totals == "player":
        return Result.WIN, own_multiple(total, count, rules)
    return Result.PUSH, 0


def opening(total: int, bank_total: int, rules: KampungRules, count: int = 2) -> Settlement:
    """K16: the banker at 16 to 21 opens a hand of ``total`` (``count`` cards); X4: under
    ``compare: xi_dach`` a five dragon wins its own multiple and a five-card bust loses like
    any bust; X5: equal totals."""
    bank_multiple = twenty_one_or_one(bank_total, rules)
    if count == rules.card_limit and total <= 21:  # X4: only xi_dach keeps five cards
        return Result.WIN, own_multiple(total, count, rules)
    if total > 21 or total < bank_total:
        return Result.LOSE, bank_multiple
    if total == bank_total:
        return equal(total, count, bank_multiple, rules)
    return Result.WIN, twenty_one_or_one(total, rules)


def banker_special_xi_dach(
    total: int, count: int, bank_total: int, bank_count: int, rules: KampungRules
) -> Settlement:
    """X4 / X6: an unopened hand against the banker's five dragon (its multiple from every
    hand but a five dragon, which X6 settles) or its bust of two to five cards (each hand
    its own multiple, a bust pushing)."""
    if bank_count == rules.card_limit and bank_total <= 21:
        bank_multiple = win_multiple(HandKind.FIVE_DRAGON, bank_total, rules.totals)
        if count == rules.card_limit and total <= 21:
            return five_against_five(total, bank_total, rules)
        return Result.LOSE, bank_multiple
    if total > 21:
        return Result.PUSH, 0
    return Result.WIN, own_multiple(total, count, rules)


def five_against_five(total: int, bank_total: int, rules: KampungRules) -> Settlement:
    """X6: a player's five dragon against the banker's."""
    rule = rules.five_against_five
    own = win_multiple(HandKind.FIVE_DRAGON, total, rules.totals)
    bank = win_multiple(HandKind.FIVE_DRAGON, bank_total, rules.totals)
    if rule == "push":
        return Result.PUSH, 0
    if rule == "banker":
        return Result.LOSE, bank
    if total == bank_total:
        return equal(total, rules.card_limit, bank, rules)
    wins = total > bank_total if rule == "by_total" else total < bank_total
    return (Result.WIN, own) if wins else (Result.LOSE, bank)


def den_lang(total: int, count: int, penalised: bool, rules: KampungRules) -> Settlement:
    """X11: a banker whose turn ends non or heavy pays every unopened hand its own multiple
    (an ordinary bust one bet); a penalised hand pushes."""
    if penalised:
        return Result.PUSH, 0
    return Result.WIN, own_multiple(total, count, rules)


def shares(paid: int, caps: list[int]) -> list[int]:
    """X10 / X19: ``paid`` split equally among offenders (the remainder a chip at a time to
    the earliest), each share capped (``caps``: N bets, what the offender has).

    >>> shares(25, [600, 600]), shares(1000, [600]), shares(0, [5])
    ([13, 12], [600], [0])
    """
    n = len(caps)
    q, r = divmod(paid, n)
    return [min(q + (1 if i < r else 0), cap) for i, cap in enumerate(caps)]


def banker_special(total: int, bank_total: int, bank_count: int, rules: KampungRules) -> Settlement:
    """K15 / K22: an unopened hand against the banker's five cards or its bust."""
    if bank_count == rules.card_limit and bank_total <= 21:  # five dragon
        return Result.LOSE, win_multiple(HandKind.FIVE_DRAGON, bank_total, rules.totals)
    if bank_count == rules.card_limit:  # five-card bust: 2 to 1, bust or not
        return Result.WIN, rules.totals.five_card_bust_multiple
    if total > 21:  # the banker busts: a bust hand still loses 1 bet
        return Result.LOSE, 1
    return Result.WIN, twenty_one_or_one(total, rules)


def seven_seven_seven(bank_total: int, rules: KampungRules) -> Settlement:
    """K13: 21 to 1, a push when the banker's final total is 21."""
    if bank_total == 21:
        return Result.PUSH, 0
    return Result.WIN, rules.seven_seven_seven_multiple


def owed(result: Result, multiple: int, bet: int) -> int:
    """What the rules move for a hand before K3 / K23's caps: ``multiple`` bets (none for a
    push).

    >>> owed(Result.WIN, 2, 100), owed(Result.PUSH, 0, 100)
    (200, 0)
    """
    return (
        multiple * bet if result in (Result.WIN, Result.LOSE, Result.FORFEIT, Result.PENALTY) else 0
    )


def net_paid(result: Result, multiple: int, *, bet: int, player_stack: int, bank_stack: int) -> int:
    """K3 / K23: the change to the player's stack: a loss is capped by the player's stack
    (T20), a win by what the bank holds now.

    >>> net_paid(Result.LOSE, 3, bet=100, player_stack=150, bank_stack=0)
    -150
    >>> net_paid(Result.FORFEIT, 1, bet=50, player_stack=60, bank_stack=0)
    -50
    """
    full = owed(result, multiple, bet)
    if result is Result.WIN:
        return min(full, bank_stack)
    return -min(full, player_stack)


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerEnd:
    """How a player's hand ended, as a real table tells it (a ledger's entry): its total and
    number of cards; ``natural`` its two cards' natural, ``two_card_15`` a two-card 15 that
    K6 lets escape, ``seven`` a 7-7-7 (K13); ``burnt`` it burnt its 15 (K10), ``forfeit``
    it forfeited against the banker's burn (K7); ``opened_at`` the bank's total when the
    banker opened it before the end of its turn (K16)."""

    total: int
    cards: int
    natural: HandKind | None = None
    two_card_15: bool = False
    seven: bool = False
    burnt: bool = False
    forfeit: bool = False
    opened_at: int | None = None
    #: X7: it stood under its licence
    non: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class BankEnd:
    """How the banker's hand ended: its total and cards, ``natural`` (K6), ``fifteen`` its
    first two cards were a 15 that K7 lets every natural escape, ``void`` it voided it."""

    total: int
    cards: int
    natural: HandKind | None = None
    fifteen: bool = False
    void: bool = False
    #: X7: it stood under 16
    non: bool = False


def settle_end(rules: KampungRules, hand: PlayerEnd, bank: BankEnd) -> Settlement:
    """A player's whole settlement from how its hand and the bank's ended (``ending``)."""
    result, multiple, _ = ending(rules, hand, bank)
    return result, multiple


def ending(rules: KampungRules, hand: PlayerEnd, bank: BankEnd) -> tuple[Result, int, bool]:
    """A player's whole settlement from how its hand and the bank's ended, in the order the
    round settles them, and whether it is a win that offenders pay back (X10): forfeits and
    the banker's void (K7: a forfeit at the burn stands when the fresh pair is voided), the
    banker's natural (K6), the player's natural (K8; escaping the banker's 15, K7), 7-7-7
    (K13), five cards under kampung's comparison (K12), a bust
    shown (H19), a hand opened early (K16), the banker's *non* or heavy bust (X11), its bust
    or five cards (K15, X4), and the opening at the banker's final total (K14 / K16); a
    penalised hand (X9: *non*, heavy bust) loses one bet wherever it meets the bank.

    >>> from banluck.games.kampung.rules import KAMPUNG
    >>> ending(KAMPUNG, PlayerEnd(total=19, cards=3, opened_at=17), BankEnd(total=25, cards=3))
    (<Result.WIN: 'win'>, 1, True)
    >>> ending(KAMPUNG, PlayerEnd(total=20, cards=3), BankEnd(total=21, cards=3))
    (<Result.LOSE: 'lose'>, 2, True)
    """
    penalised = hand.non or rules.heavy(hand.total)
    if hand.forfeit:  # at the burn, before a second 15 can void the hand
        return Result.FORFEIT, 1, False
    if bank.void:
        return Result.VOID, 0, False
    if bank.natural is not None:
        return *against_banker_natural(hand.natural, hand.two_card_15, bank.natural, rules), False
    if hand.natural is not None:
        if bank.fifteen and not hand.burnt:
            return Result.PUSH, 0, False
        return *player_natural(hand.natural, rules), False
    if hand.seven:
        return *seven_seven_seven(bank.total, rules), True
    if hand.cards == rules.card_limit and rules.compare == "kampung":
        return *(PENALTY if rules.heavy(hand.total) else five_cards(hand.total, rules)), True
    if hand.total > 21 and rules.busts_shown:
        return *(PENALTY if rules.heavy(hand.total) else (Result.LOSE, 1)), False
    if hand.opened_at is not None:
        found = opening(hand.total, hand.opened_at, rules, hand.cards)
        return *(PENALTY if penalised else found), True
    if bank.non or rules.heavy(bank.total):
        return *den_lang(hand.total, hand.cards, penalised, rules), False
    if bank.cards == rules.card_limit or bank.total > 21:
        if penalised:
            return *PENALTY, True
        if rules.compare == "xi_dach":
            found = banker_special_xi_dach(hand.total, hand.cards, bank.total, bank.cards, rules)
        else:
            found = banker_special(hand.total, bank.total, bank.cards, rules)
        return *found, True
    found = opening(hand.total, bank.total, rules, hand.cards)
    return *(PENALTY if penalised else found), True
