"""What the lobby and the Strategy dialog show of each game: its exact house edge and its
solved chart (issue 10 items 1 and 5), computed on first use and kept for the server's life.

Ban Luck's edge comes from the shipped solved tables (``strategy.tables``), blackjack's from
its solver (``games.blackjack.solver``, the figure ``banluck odds`` prints); kampung has no
exact figure (its bots are measured by simulation): None. Nothing is solved at start-up.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from banluck.games.registry import game

_lock = threading.Lock()


@lru_cache(maxsize=8)
def _edge(name: str) -> float | None:
    family = game(name).family
    if family == "banluck":
        from banluck.core import preset
        from banluck.strategy.tables import strategy_table

        summary = strategy_table(preset(name)).data["summary"]
        return float(summary["house_edge"])
    if family == "blackjack":
        from banluck.games.blackjack import solver
        from banluck.games.blackjack.rules import PRESETS

        return float(solver.solve(PRESETS[name]).house_edge)
    return None


def house_edge(name: str) -> float | None:
    """The exact house edge of a game per initial bet with best play (None: not solved)."""
    with _lock:  # one solve at a time, once
        return _edge(name)


@lru_cache(maxsize=8)
def _chart(name: str, decks: int | None) -> dict[str, Any] | None:
    family = game(name).family
    if family == "banluck":
        from banluck.core import preset
        from banluck.strategy.chart import LETTER, build_chart
        from banluck.strategy.solver import solve

        c = build_chart(solve(preset(name, decks)))
        exceptions = [
            {
                "row": row,
                "column": col,
                "hands": [[lab, LETTER[a]] for lab, a in c.cells[(row, col)].exceptions],
                "more": 0,
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
                [c.cells[(r, k)].text if (r, k) in c.cells else None for k in c.columns]
                for r in c.rows
            ],
            "exceptions": exceptions,
            "legend": {"H": "hit", "S": "stand", "T": "throw in (free hand)", "*": "exceptions"},
        }
    if family == "blackjack":
        from banluck.games.blackjack import solver, solver_chart
        from banluck.games.blackjack.rules import PRESETS

        b = solver_chart.build_chart(solver.solve(PRESETS[name]))
        return {
            "title": b.title,
            "column_title": "dealer's up card",
            "columns": list(b.columns),
            "rows": list(b.rows),
            "cells": [[b.cells[(r, k)].text for k in b.columns] for r in b.rows],
            "exceptions": [
                {
                    "row": r,
                    "column": k,
                    "hands": [list(x) for x in b.cells[(r, k)].exceptions],
                    "more": b.cells[(r, k)].more,
                }
                for r in b.rows
                for k in b.columns
                if b.cells[(r, k)].exceptions or b.cells[(r, k)].more
            ],
            "legend": {
                "H": "hit",
                "S": "stand",
                "D": "double (else hit)",
                "Ds": "double (else stand)",
                "P": "split",
                "R": "surrender (else hit)",
                "Rs": "surrender (else stand)",
            },
        }
    return None


def chart(name: str, decks: int | None = None) -> dict[str, Any] | None:
    """The solved chart of a game as data (None: kampung has none); a Ban Luck game's for
    ``decks`` decks (the preset's when None; blackjack plays its preset's)."""
    with _lock:
        return _chart(name, decks if game(name).family == "banluck" else None)
