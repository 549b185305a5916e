"""What the lobby and the Strategy dialog show of a Ban Luck game: its exact house edge
(from the shipped solved tables, the figure ``banluck odds`` prints) and its solved chart as
data (docs/API.md ``Chart``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from banluck.games.banluck.rules import Rules
    from banluck.games.house import House


def edge(name: str) -> float:
    """The exact house edge of preset ``name`` per initial bet, with best play."""
    from banluck.games.banluck import preset

    return _edge_of(preset(name))


def house_edge(house: House) -> float:
    """H9: the exact house edge of a Ban Luck ``house`` per initial bet, with best play (the
    solver's tables for its rules record, solved on first use)."""
    return _edge_of(house.record())


def _edge_of(rules: Rules) -> float:
    from banluck.games.banluck.strategy.tables import strategy_table

    summary = strategy_table(rules).data["summary"]
    return float(summary["house_edge"])


def chart(name: str, decks: int | None, house: House | None = None) -> dict[str, Any]:
    """The solved chart of preset ``name`` with ``decks`` decks (the preset's when None), or
    of ``house`` (H9: the chart of the house being played, never of its base)."""
    from banluck.games.banluck import preset
    from banluck.games.banluck.strategy.chart import LETTER, build_chart
    from banluck.games.banluck.strategy.solver import solve

    c = build_chart(solve(preset(name, decks) if house is None else house.record()))
    exceptions = [
        {
            "row": row,
            "column": col,
            "hands": [[lab, LETTER[a]] for lab, a in c.cells[(row, col)].exceptions],
            "more": 0,  # every hand is listed
            "more_play": None,
            "more_cards": None,
        }
        for row in c.rows
        for col in c.columns
        if (row, col) in c.cells and c.cells[(row, col)].exceptions
    ]
    return {
        "title": c.title,
        "column_title": c.column_title,
        "columns": list(c.columns),
        "rows": list(c.rows),
        "cells": [
            [c.cells[(r, k)].text if (r, k) in c.cells else None for k in c.columns] for r in c.rows
        ],
        "exceptions": exceptions,
        "legend": {"H": "hit", "S": "stand", "T": "throw in (free hand)", "*": "exceptions"},
    }
