"""What the strategy charts of every game share when drawn: the exceptions listed under the
terminal table, and the axes of the image (rows down the side, columns along the top)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

EXCEPTIONS_TITLE = "Exceptions (your cards as ranks, T = any ten-value card):"


def print_exceptions(console: Any, lines: Sequence[str]) -> None:
    """Under a chart in the terminal (a rich ``Console``): its exceptions, if any."""
    if lines:
        console.print(EXCEPTIONS_TITLE, style="bold")
        for line in lines:
            console.print("  " + line)


def label_axes(
    ax: Any,
    rows: Sequence[str],
    columns: Sequence[str],
    column_title: str,
    *,
    row_size: float,
    title_size: float,
) -> None:
    """A chart image's matplotlib axes: a row name beside each row, the column names and
    ``column_title`` along the top, no ticks and no frame."""
    ax.set_yticks([i + 0.5 for i in range(len(rows))])
    ax.set_yticklabels(rows, fontsize=row_size)
    ax.set_xticks([j + 0.5 for j in range(len(columns))])
    ax.set_xticklabels(columns, fontsize=8)
    ax.set_xlabel(column_title, fontsize=title_size)
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
