"""I10: Infinite Blackjack's four side bets, their pay tables as data, one function per bet.

Each function returns the bet's highest paying line (REPLAY.md's line names), or None when
the bet loses; ``PAYS`` gives the odds of each line (k to 1: the stake back and k times it).

>>> from banluck.core.cards import parse_cards as cs
>>> pairs_line(*cs(["7D", "7H"])), pairs_line(*cs(["7D", "7C"])), pairs_line(*cs(["7D", "7D"]))
('coloured', 'mixed', 'perfect')
>>> bust_line(cs(["TS", "6H", "9C"])), bust_line(cs(["TS", "7H"]))
('3', None)
>>> lucky3_line(*cs(["7S", "7S", "7S"])), lucky3_line(*cs(["AS", "9H", "KC"]))
('suited-777', '19-20')
"""

from __future__ import annotations

from collections.abc import Sequence

from banluck.core.cards import RANKS, Card
from banluck.games.blackjack.hands import total_and_soft

#: I10: red suits (hearts and diamonds); the others are black.
RED_SUITS = frozenset("HD")

#: I10: each bet's lines and what they pay, k to 1.
PAYS: dict[str, dict[str, int]] = {
    "pairs": {"mixed": 5, "coloured": 10, "perfect": 30},
    "bust": {"3": 1, "4": 2, "5": 9, "6": 50, "7": 100, "8+": 250},
    "lucky3": {
        "19-20": 2,
        "21": 3,
        "suited-21": 10,
        "678": 30,
        "777": 50,
        "suited-678": 100,
        "suited-777": 200,
    },
    "poker3": {
        "flush": 5,
        "straight": 10,
        "three-of-a-kind": 30,
        "straight-flush": 40,
        "suited-three-of-a-kind": 100,
    },
}


def pairs_line(first: Card, second: Card) -> str | None:
    """I10 ``pairs``: the seat's first two cards of one rank: perfect (same suit), coloured
    (same colour), mixed (colours differ)."""
    if first.rank != second.rank:
        return None
    if first.suit == second.suit:
        return "perfect"
    if (first.suit in RED_SUITS) == (second.suit in RED_SUITS):
        return "coloured"
    return "mixed"


def bust_line(dealer: Sequence[Card]) -> str | None:
    """I10 ``bust``: the dealer's final hand busts; the line is its card count (8 or more
    is one line). A dealer's blackjack (two cards) never busts, so it loses."""
    if total_and_soft(dealer)[0] <= 21:
        return None
    return "8+" if len(dealer) >= 8 else str(len(dealer))


def lucky3_line(first: Card, second: Card, up: Card) -> str | None:
    """I10 ``lucky3``: the seat's two cards and the dealer's up card as one hand (B1 total)."""
    cards = (first, second, up)
    suited = len({c.suit for c in cards}) == 1
    ranks = sorted(c.rank for c in cards)
    if ranks == ["7", "7", "7"]:
        return "suited-777" if suited else "777"
    if ranks == ["6", "7", "8"]:
        return "suited-678" if suited else "678"
    total = total_and_soft(cards)[0]
    if total == 21:
        return "suited-21" if suited else "21"
    if total in (19, 20):
        return "19-20"
    return None


def _is_straight(cards: Sequence[Card]) -> bool:
    """Three consecutive ranks; an ace is low (A-2-3) or high (Q-K-A), never both (K-A-2)."""
    low = sorted(RANKS.index(c.rank) + 1 for c in cards)  # ace 1 … king 13
    high = sorted(14 if v == 1 else v for v in low)
    return any(v[0] + 1 == v[1] and v[1] + 1 == v[2] for v in (low, high))


def poker3_line(first: Card, second: Card, up: Card) -> str | None:
    """I10 ``poker3``: the seat's two cards and the dealer's up card as a poker hand."""
    cards = (first, second, up)
    suited = len({c.suit for c in cards}) == 1
    if len({c.rank for c in cards}) == 1:
        return "suited-three-of-a-kind" if suited else "three-of-a-kind"
    if _is_straight(cards):
        return "straight-flush" if suited else "straight"
    return "flush" if suited else None


def side_bet_line(
    name: str, seat_cards: Sequence[Card], up: Card, dealer: Sequence[Card]
) -> str | None:
    """I10: the line side bet ``name`` pays, from the seat's first two cards, the dealer's
    up card and the dealer's final hand; None when it loses.

    >>> from banluck.core.cards import parse_cards as cs
    >>> side_bet_line("poker3", cs(["QS", "KH"]), cs(["AD"])[0], cs(["AD", "5C"]))
    'straight'
    >>> side_bet_line("poker3", cs(["KS", "AH"]), cs(["2D"])[0], cs(["2D", "5C"])) is None
    True
    """
    first, second = seat_cards[0], seat_cards[1]
    if name == "pairs":
        return pairs_line(first, second)
    if name == "bust":
        return bust_line(dealer)
    if name == "lucky3":
        return lucky3_line(first, second, up)
    if name == "poker3":
        return poker3_line(first, second, up)
    raise ValueError(f"unknown side bet {name!r}")


def side_bet_net(name: str, stake: int, line: str | None) -> int:
    """I10: the stack change of a side bet: ``k`` times the stake on a line paying k to 1,
    the stake lost otherwise.

    >>> side_bet_net("pairs", 36, "perfect"), side_bet_net("bust", 10, None)
    (1080, -10)
    """
    if line is None:
        return -stake
    return stake * PAYS[name][line]
