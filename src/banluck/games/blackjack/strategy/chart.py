"""The solved strategy as the usual chart: hard 5-21, soft 13-21 and pairs by up card 2..A,
with H hit, S stand, D double (else hit; Ds: else stand), P split, R surrender (else hit;
Rs: else stand), and the compositions that play otherwise (composition-dependent play).

A hard or soft cell shows the best first decision of the two-card hands of that total that
are not pairs, the commonest winning (weighted by how often each is dealt from a fresh shoe);
rows with no such hand (hard 20 and 21, soft 21) show the hit-or-stand of the hands of more
cards. A hand of three or more cards may only hit or stand: it follows the letter's fallback
(D and R: H unless written Ds / Rs) and is an exception when it should not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb

from banluck.core.cards import Card
from banluck.games.blackjack.hands import counts_total, is_pair
from banluck.games.blackjack.rules import BlackjackRules
from banluck.games.blackjack.strategy.solver import (
    N_RANKS,
    RANK_LABELS,
    Solution,
    counts_of,
    hand_total,
    label,
    rank_index,
    shoe_counts,
)

#: Column order: the up card 2..9, ten, ace (rank classes).
COLUMNS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
COLUMN_LABELS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
LETTER = {"hit": "H", "stand": "S", "double": "D", "split": "P", "surrender": "R"}
#: Exceptions listed one by one up to this many cards; more are counted.
LIST_UP_TO_CARDS = 4


def total_row(total: int, soft: bool) -> str:
    return f"{'soft' if soft else 'hard'} {total}"


def pair_row(rank: int) -> str:
    return f"pair {RANK_LABELS[rank]},{RANK_LABELS[rank]}"


def cell_of(cards: Sequence[Card], up: Card, *, pair: bool) -> tuple[str, str]:
    """The cell of ``cards`` against the face-up ``up``: a pair's row when the two cards may
    be split (``pair``), else the hand's hard or soft total."""
    col = COLUMN_LABELS[COLUMNS.index(rank_index(up))]
    counts = counts_of(cards)
    if len(cards) == 2 and pair and max(counts) == 2:
        return pair_row(counts.index(2)), col
    return total_row(*hand_total(counts)), col


def cards_cell(
    rules: BlackjackRules, cards: Sequence[Card], up: Card | None
) -> tuple[str, str] | None:
    """The cell of ``cards`` alone against ``up`` (None without one): a pair's row where the
    rules split the two (C6 / I6)."""
    if up is None:
        return None
    pair = (
        len(cards) == 2
        and rules.max_splits > 0
        and is_pair(cards[0], cards[1], by_value=rules.split_by_value)
    )
    return cell_of(cards, up, pair=pair)


@dataclass
class Cell:
    """One cell: its letter (with fallback) and the hands that play otherwise."""

    text: str
    exceptions: list[tuple[str, str]] = field(default_factory=list)
    more: int = 0

    @property
    def fallback(self) -> str:
        """What a hand of three or more cards does: H or S."""
        if self.text in ("S", "Ds", "Rs"):
            return "S"
        return "H"


@dataclass
class Chart:
    """Rows (``hard 5`` ... ``pair A,A``) by the up card columns."""

    title: str
    rows: list[str]
    cells: dict[tuple[str, str], Cell]
    columns: tuple[str, ...] = COLUMN_LABELS

    def exception_lines(self) -> list[str]:
        """One line per cell that has exceptions."""
        lines = []
        for row in self.rows:
            for col in self.columns:
                cell = self.cells[(row, col)]
                if not cell.exceptions and not cell.more:
                    continue
                text = ", ".join(f"{lab} {letter}" for lab, letter in cell.exceptions)
                if cell.more:
                    text += ", and " if text else ""
                    text += f"{cell.more} hands of {LIST_UP_TO_CARDS + 1}+ cards"
                    text += f" ({'S' if cell.fallback == 'H' else 'H'})"
                lines.append(f"{row} against {col}: {cell.text}, except {text}")
        return lines


def _letter(evs: dict[str, float]) -> str:
    best = max(evs, key=lambda a: evs[a])
    letter = LETTER[best]
    if best in ("double", "surrender") and evs.get("stand", -9.0) >= evs.get("hit", -9.0):
        letter += "s"
    return letter


def _weight(counts: tuple[int, ...], shoe: tuple[int, ...]) -> float:
    w = 1.0
    for c, n in zip(counts, shoe, strict=True):
        w *= comb(n, c)
    return w


def build_chart(sol: Solution) -> Chart:
    """Group the solved decisions into the chart (see the module text)."""
    rules = sol.rules
    shoe = shoe_counts(rules.decks)
    fam = sol.regular.family
    # C6 / I6: pairs have rows of their own where the rules split them; a house that splits
    # nothing plays a pair by its total (2,2 a hard 4, A,A a soft 12)
    splits = rules.max_splits >= 1
    low_hard, low_soft = (5, 13) if splits else (4, 12)
    rows = [total_row(t, False) for t in range(low_hard, 22)]
    rows += [total_row(t, True) for t in range(low_soft, 22)]
    pair_rows = [pair_row(r) for r in (*range(1, 10), 0)]
    if not splits:
        pair_rows = []
    cells: dict[tuple[str, str], Cell] = {}
    groups: dict[str, list[tuple[int, ...]]] = {}
    for counts in fam.keys:
        total, soft = hand_total(counts)
        if sum(counts) == 2 and counts[0] == 1 and counts[9] == 1:
            continue  # A+T is a blackjack
        if splits and sum(counts) == 2 and max(counts) == 2:
            continue  # pairs have their own rows
        groups.setdefault(total_row(total, soft), []).append(counts)
    for row in rows:
        hands = groups.get(row, [])
        two = [c for c in hands if sum(c) == 2]
        more = sorted((c for c in hands if sum(c) > 2), key=lambda c: (sum(c), label(c)))
        for up, col in zip(COLUMNS, COLUMN_LABELS, strict=True):
            cell = _cell(sol, two, more, up, shoe)
            cells[(row, col)] = cell
    for r, row in zip((*range(1, 10), 0), pair_rows, strict=False):
        counts = tuple(2 if i == r else 0 for i in range(N_RANKS))
        for up, col in zip(COLUMNS, COLUMN_LABELS, strict=True):
            cells[(row, col)] = Cell(_letter(_first(sol, counts, up)))
    title = f"Blackjack best play: preset {rules.name}, {rules.decks} decks"
    return Chart(title, rows + pair_rows, cells)


def _first(sol: Solution, counts: tuple[int, ...], up: int) -> dict[str, float]:
    """The first-decision EVs the rules offer (I6 / C5)."""
    rules = sol.rules
    evs = sol.actions(counts, up)
    if not rules.may_double(counts_total(counts)):
        evs.pop("double", None)
    if not rules.can_surrender_against(up + 1):
        evs.pop("surrender", None)
    return evs


def _cell(
    sol: Solution,
    two: list[tuple[int, ...]],
    more: list[tuple[int, ...]],
    up: int,
    shoe: tuple[int, ...],
) -> Cell:
    fam = sol.regular
    index = fam.family.index

    def hs(counts: tuple[int, ...]) -> str:
        i = index[counts]
        if int(fam.family.total[i]) >= 21:
            return "S"
        return "H" if fam.ev[i, up, 1] > fam.ev[i, up, 0] else "S"

    if two:
        votes: dict[str, float] = {}
        letters = {c: _letter(_first(sol, c, up)) for c in two}
        for c, letter in letters.items():
            votes[letter] = votes.get(letter, 0.0) + _weight(c, shoe)
        cell = Cell(max(votes, key=lambda k: votes[k]))
        for c in sorted(two, key=label):
            if letters[c] != cell.text:
                cell.exceptions.append((label(c), letters[c]))
    else:
        votes = {}
        for c in more:
            votes[hs(c)] = votes.get(hs(c), 0.0) + _weight(c, shoe)
        cell = Cell(max(votes, key=lambda k: votes[k]) if votes else "S")
    for c in more:
        letter = hs(c)
        if letter != cell.fallback and _weight(c, shoe) > 0:
            if sum(c) <= LIST_UP_TO_CARDS:
                cell.exceptions.append((label(c), letter))
            else:
                cell.more += 1
    return cell
