"""What the lobby and the Strategy dialog show of a blackjack game: its exact house edge
(its solver's, the figure ``banluck odds`` prints) and its solved chart as data (docs/API.md
``Chart``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from banluck.games.house import House


def house_edge(house: House) -> float:
    """H9: the exact house edge of a blackjack ``house`` per initial bet, with best play (every
    house is solved: the registry's signature allows None for games that may not be)."""
    from banluck.games.blackjack.strategy import solver

    return float(solver.solve(house.record()).house_edge)


def edge(name: str) -> float:
    """The exact house edge of preset ``name`` per initial bet, with best play."""
    from banluck.games.blackjack.rules import PRESETS
    from banluck.games.blackjack.strategy import solver

    return float(solver.solve(PRESETS[name]).house_edge)


def chart(name: str, decks: int | None, house: House | None = None) -> dict[str, Any]:
    """The solved chart of preset ``name`` (its decks are the preset's: ``decks`` is not
    read), or of ``house`` (H9)."""
    from banluck.games.blackjack.rules import PRESETS
    from banluck.games.blackjack.strategy import chart as solver_chart
    from banluck.games.blackjack.strategy import solver

    rules = PRESETS[name] if house is None else house.record()
    b = solver_chart.build_chart(solver.solve(rules))
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
                # the hands of more cards than are listed, counted: what they play, from
                # how many cards
                "more_play": "S" if b.cells[(r, k)].fallback == "H" else "H",
                "more_cards": solver_chart.LIST_UP_TO_CARDS + 1,
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
