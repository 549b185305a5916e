"""The solved strategy as a chart a player can learn: by total, number of cards, and whether
an ace counts high (soft); one-on-one, by the dealer's up card too.

The solver's strategy depends on the exact cards (a multiset of ranks). A chart cell groups
every composition with the same total, card count and softness; it shows the choice of the
most likely of them (weighted by how often the cards are dealt from a fresh shoe) and lists
the compositions that play otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb

from banluck.core.cards import (
    ACE_CLASS,
    CLASS_LABELS,
    Card,
    class_counts,
    class_label,
    rank_class,
)
from banluck.games.banluck.actions import Action
from banluck.games.banluck.choices import MUST_DRAW, THROW_HIT, TURN_OVER, seat_choices
from banluck.games.banluck.hands import counts_base, counts_total
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.strategy.solver import HandValue, Solution, shoe_counts

LETTER = {Action.HIT: "H", Action.STAND: "S", Action.THROW: "T"}


@dataclass
class Cell:
    """One chart cell: the usual choice and the compositions that differ."""

    action: Action
    weight: float = 0.0
    exceptions: list[tuple[str, Action]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return LETTER[self.action] + ("*" if self.exceptions else "")


@dataclass
class Chart:
    """Rows by columns of cells. Without an up card: totals by (cards, soft); one-on-one:
    (cards, soft, total) by the dealer's up card."""

    title: str
    rows: list[str]
    columns: list[str]
    cells: dict[tuple[str, str], Cell]
    column_title: str

    def where(self, row: str, col: str) -> str:
        """A cell's name for the list of exceptions."""
        if self.column_title == "your cards":
            return f"{col}, total {row}"
        return f"{row} against {col}"


def _hand_group(cards: int, soft: bool) -> str:
    return f"{cards} cards{' soft' if soft else ''}"


def cell_name(rules: Rules, cards: int, soft: bool, total: int, up: str | None) -> tuple[str, str]:
    """The row and column of the cell of a hand of ``cards`` cards, ``soft`` or not, at
    ``total``, against the dealer's face-up card's label ``up`` (None where none shows: the
    table's columns are then the card counts)."""
    free = " (free hand)" if seat_choices(rules, total, cards) is THROW_HIT else ""
    if up is None:
        return f"{total}{free}", _hand_group(cards, soft)
    return f"{_hand_group(cards, soft)} {total}{free}", up


def cell_of(rules: Rules, cards: Sequence[Card], dealer_up: Card | None) -> tuple[str, str] | None:
    """The cell of ``cards`` against the dealer's face-up card (None where none is shown),
    or None for a hand the chart has no cell for (no choice in the strategy table: a
    natural, a bust, five cards, a hand that must draw)."""
    from banluck.games.banluck.strategy.tables import strategy_table

    try:
        strategy_table(rules).entry(cards, dealer_up)
    except KeyError:
        return None
    counts = class_counts(cards)
    total = counts_total(counts, rules)
    soft = counts[ACE_CLASS] > 0 and total > counts_base(counts) + counts[ACE_CLASS]
    up = (
        None
        if dealer_up is None or not rules.dealer_up_card
        else CLASS_LABELS[rank_class(dealer_up)]
    )
    return cell_name(rules, len(cards), soft, total, up)


def _weight(counts: Sequence[int], shoe: Sequence[int]) -> float:
    """How likely a composition is dealt, up to a common factor (hypergeometric)."""
    w = 1.0
    for c, n in zip(counts, shoe, strict=True):
        w *= comb(n, c)
    return w


def build_chart(solution: Solution) -> Chart:
    """Group the solved decisions into chart cells (decision points only: T16 / O6)."""
    rules = solution.rules
    shoe = shoe_counts(rules.decks)
    groups: dict[tuple[tuple[int, bool, int], str], list[HandValue]] = {}
    for (up_rank, _counts), hv in solution.hands.items():
        if seat_choices(rules, hv.total, hv.cards) in (MUST_DRAW, TURN_OVER):
            continue  # under 16 the seat must draw: no choice
        group = (hv.cards, hv.soft, hv.total)
        up_label = CLASS_LABELS[up_rank] if up_rank is not None else "any"
        groups.setdefault((group, up_label), []).append(hv)
    cells: dict[tuple[str, str], Cell] = {}
    row_keys: dict[str, tuple[int, ...]] = {}
    col_keys: dict[str, tuple[int, ...]] = {}
    for ((cards, soft, total), up), hands in groups.items():
        by_action: dict[Action, float] = {}
        for hv in hands:
            by_action[hv.best] = by_action.get(hv.best, 0.0) + _weight(hv.counts, shoe)
        main = max(by_action, key=lambda a: by_action[a])
        cell = Cell(main, by_action[main])
        for hv in sorted(hands, key=lambda h: class_label(h.counts)):
            if hv.best is not main:
                cell.exceptions.append((class_label(hv.counts), hv.best))
        row, col = cell_name(rules, cards, soft, total, None if up == "any" else up)
        if up == "any":
            row_keys[row] = (total,)
            col_keys[col] = (cards, soft)
        else:
            row_keys[row] = (cards, soft, total)
            col_keys[col] = ("23456789TA".index(up),)
        cells[(row, col)] = cell
    rows = sorted(row_keys, key=row_keys.__getitem__)
    columns = sorted(col_keys, key=col_keys.__getitem__)
    title = f"Ban Luck best play: preset {rules.name}, {rules.decks} deck(s)"
    column_title = "dealer's up card" if rules.dealer_up_card else "your cards"
    return Chart(title, rows, columns, cells, column_title)
