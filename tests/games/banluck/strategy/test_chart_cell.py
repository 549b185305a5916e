"""The chart cell of a Ban Luck hand (the Hint's and the drill's) is read from the strategy
table and the hand's own total, not from a fresh solve: the same cell as the solve's own
value of every composition it solved, for every preset, and no solve at a server's first
Hint."""

from __future__ import annotations

import pytest

from banluck.core.cards import (
    CLASS_LABELS,
    RANK_CLASS,
    Card,
    class_counts,
    parse_card,
    rank_class,
)
from banluck.games.banluck.choices import THROW_HIT, seat_choices
from banluck.games.banluck.rules import PRESETS, Rules
from banluck.games.banluck.strategy import solver
from banluck.games.banluck.strategy.chart import cell_of

#: a rank of each card class
RANK_OF = {RANK_CLASS[r]: r for r in "KQJT98765432A"}


def _solved_cell(rules: Rules, cards: list[Card], up: Card | None) -> object:
    u = rank_class(up) if up is not None else None
    hv = solver.solve(rules).value(class_counts(cards), u)
    free = " (free hand)" if seat_choices(rules, hv.total, hv.cards) is THROW_HIT else ""
    group = f"{hv.cards} cards{' soft' if hv.soft else ''}"
    if u is None:
        return f"{hv.total}{free}", group
    return f"{group} {hv.total}{free}", CLASS_LABELS[u]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_solved_hand_has_the_solves_cell(name: str) -> None:
    rules = PRESETS[name]
    hands = solver.solve(rules).hands
    assert hands
    for up, counts in hands:
        cards = [parse_card(RANK_OF[c] + "S") for c, k in enumerate(counts) for _ in range(k)]
        face = None if up is None else parse_card(RANK_OF[up] + "H")
        assert cell_of(rules, cards, face) == _solved_cell(rules, cards, face), (counts, up)
    bust = [parse_card(c) for c in ("TS", "TH", "5C")]
    assert cell_of(rules, bust, None) is None  # no cell for a hand nobody decides on


def test_a_presets_cell_needs_no_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object) -> None:
        raise AssertionError("a preset's chart cell solved the game again")

    monkeypatch.setattr(solver, "solve", refused)
    cards = [parse_card(c) for c in ("QS", "3D", "6S")]
    assert cell_of(PRESETS["one-on-one"], cards, parse_card("8D")) == ("3 cards 19", "8")
