"""The rules as small grids for the compiled solver and simulator.

Every cell is the answer of a core rule function (``total_from``, ``class_natural``,
``dealer_voids``, ``dealer_draws``, ``kind_with_total``, ``showdown``,
``against_dealer_natural``), so the Numba kernels read the rules and never restate them:
they keep only the flow. The grids are plain lists; the solver and the simulator turn them
into arrays.

Outcome classes of a hand that stands to the end (T18): ``t`` (0..21) a plain total ``t``,
``FIVE_DRAGON_CLASS + t`` a five dragon of total ``t``, ``BUST_CLASS`` a bust.

>>> from banluck.games.banluck.rules import TABLE
>>> opening_grid(TABLE)[0][9], opening_grid(TABLE)[5][8], opening_grid(TABLE)[4][5]
(2, 3, 0)
>>> end = dealer_end_grid(TABLE, 6)
>>> end[3][15], end[3][17], end[4][16], end[5][16]   # T17: draws, stands, 16 with four, five
(-1, 17, -1, 38)
>>> showdown_grid(TABLE)[outcome_class(HandKind.PLAIN, 20)][BUST_CLASS]
1
"""

from __future__ import annotations

from collections.abc import Iterable

from banluck.core.cards import CLASS_POINTS, N_CLASSES
from banluck.games.banluck.dealer import dealer_draws, dealer_kind, dealer_voids
from banluck.games.banluck.hands import HandKind, class_natural, total_from
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.settle import against_dealer_natural, bets_won, showdown

FIVE_DRAGON_CLASS = 22
BUST_CLASS = 44
N_OUTCOMES = 45
#: Every total above 21 is a bust: grids indexed by a total stop at this index.
TOTAL_CAP = 22
#: Bases above 21 are bust whatever the aces count: the solver's total table stops here.
BASE_CAP = 22
#: ``opening_grid``: what the dealer's two cards do (T14 / T15).
OPEN_PLAY = 0
OPEN_BAN_BAN = 1
OPEN_BAN_LUCK = 2
OPEN_VOID = 3
#: Natural codes of a seat's two cards, as ``natural_grid`` indexes them.
NATURAL_CODE = {None: 0, HandKind.BAN_BAN: OPEN_BAN_BAN, HandKind.BAN_LUCK: OPEN_BAN_LUCK}
#: ``dealer_end_grid``: the dealer draws (else the cell is its outcome class).
DRAWS = -1


def outcome_class(kind: HandKind, total: int) -> int:
    """The outcome class of a hand that is not a natural (T18)."""
    if kind is HandKind.BUST:
        return BUST_CLASS
    if kind is HandKind.FIVE_DRAGON:
        return FIVE_DRAGON_CLASS + total
    return total


def total_grid(rules: Rules, max_cards: int, max_aces: int, max_base: int) -> list[list[list[int]]]:
    """``[cards][aces][base]``: T3's total of a hand of ``cards`` cards whose ``aces`` aces
    come with non-ace points ``base``."""
    return [
        [
            [total_from(base, aces, rules.ace_values(cards)) for base in range(max_base + 1)]
            for aces in range(max_aces + 1)
        ]
        for cards in range(max_cards + 1)
    ]


def opening_grid(rules: Rules) -> list[list[int]]:
    """``[first][second]`` by rank class: the dealer's two cards play on (``OPEN_PLAY``), are
    a natural (T14: ``OPEN_BAN_BAN``, ``OPEN_BAN_LUCK``) or are thrown in (T15: ``OPEN_VOID``)."""
    grid = []
    for first in range(N_CLASSES):
        row = []
        for second in range(N_CLASSES):
            natural = class_natural(first, second)
            points = [CLASS_POINTS[c] for c in (first, second) if c != 0]
            aces = 2 - len(points)
            total = total_from(sum(points), aces, rules.ace_values(2))
            if natural is not None:
                row.append(NATURAL_CODE[natural])
            elif dealer_voids(rules, total, 2):
                row.append(OPEN_VOID)
            else:
                row.append(OPEN_PLAY)
        grid.append(row)
    return grid


def dealer_end_grid(rules: Rules, max_cards: int) -> list[list[int]]:
    """``[cards][min(total, TOTAL_CAP)]``: ``DRAWS`` where the dealer draws (T17 / O8), else
    the outcome class it stands with (O8: a five dragon only where the rules say so). At
    ``max_cards``, the kernels' capacity, it stands whatever its rule."""
    grid = []
    for cards in range(max_cards + 1):
        row = []
        for total in range(TOTAL_CAP + 1):
            if cards < max_cards and dealer_draws(rules, total, cards):
                row.append(DRAWS)
            else:
                row.append(outcome_class(dealer_kind(rules, total, cards), total))
        grid.append(row)
    return grid


def _class_hand(cls: int) -> tuple[HandKind, int]:
    """The kind and total an outcome class stands for."""
    if cls == BUST_CLASS:
        return HandKind.BUST, TOTAL_CAP
    if cls >= FIVE_DRAGON_CLASS:
        return HandKind.FIVE_DRAGON, cls - FIVE_DRAGON_CLASS
    return HandKind.PLAIN, cls


#: the kind and total each dealer outcome class stands for
_DEALER_HANDS = tuple(_class_hand(cls) for cls in range(N_OUTCOMES))


def showdown_row(rules: Rules, seat: int, dealers: Iterable[int] = range(N_OUTCOMES)) -> list[int]:
    """``[dealer class]``: the bets a seat standing with outcome class ``seat`` wins (T18 /
    O7 / O8; negative: loses), against the dealer classes ``dealers`` (0 against the
    others: a caller whose dealer never ends there)."""
    kind, total = _class_hand(seat)
    row = [0] * N_OUTCOMES
    for dealer in dealers:
        row[dealer] = bets_won(*showdown(rules, kind, total, *_DEALER_HANDS[dealer]))
    return row


def showdown_grid(rules: Rules) -> list[list[int]]:
    """``[seat class][dealer class]``: ``showdown_row`` for every seat class but the bust."""
    return [showdown_row(rules, seat) for seat in range(BUST_CLASS)]


def seven_seven_seven_row(rules: Rules) -> list[int]:
    """``[dealer class]``: the bets a 7-7-7 wins against each dealer outcome (H5 / H18)."""
    return [
        bets_won(*showdown(rules, HandKind.SEVEN_SEVEN_SEVEN, 21, *_class_hand(dealer)))
        for dealer in range(N_OUTCOMES)
    ]


def natural_grid(rules: Rules) -> list[list[int]]:
    """``[seat natural code][dealer natural code]``: the bets a seat wins against the dealer's
    natural (T14 / O5); row and column 0 (no natural) are for the seat without one."""
    kinds = {code: kind for kind, code in NATURAL_CODE.items()}
    grid = []
    for seat in range(3):
        row = [0]
        for dealer in (OPEN_BAN_BAN, OPEN_BAN_LUCK):
            dealer_natural = kinds[dealer]
            assert dealer_natural is not None
            row.append(bets_won(*against_dealer_natural(rules, kinds[seat], dealer_natural)))
        grid.append(row)
    return grid
