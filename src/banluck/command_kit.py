"""What every game's commands share: the exit code for bad input and its one line, the
checks of counts, the progress bar, and printing a result as JSON or as text.

Rich (the progress bar) loads only when a run starts, so other commands do not pay for it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

#: The exit code of a command given input it cannot use.
EXIT_BAD_INPUT = 2

T = TypeVar("T")


class _HasJson(Protocol):
    def to_json(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=_HasJson)


def pct(x: float) -> str:
    """A fraction as a percentage with three decimals.

    >>> pct(0.012345)
    '1.234 %'
    """
    return f"{100 * x:.3f} %"


def check_at_least_one(values: Mapping[str, int]) -> None:
    """Refuse (ValueError) the first option whose value is below 1.

    >>> check_at_least_one({"hands": 0})
    Traceback (most recent call last):
    ...
    ValueError: --hands must be at least 1, not 0
    """
    for name, value in values.items():
        if value < 1:
            raise ValueError(f"--{name} must be at least 1, not {value}")


def bad_input(command: str, exc: Exception) -> int:
    """Say what was wrong in one line on stderr; the exit code for bad input."""
    print(f"banluck {command}: {exc}", file=sys.stderr)
    return EXIT_BAD_INPUT


def print_json(data: Any) -> None:
    """``data`` as indented JSON on stdout, with a final newline."""
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")


def with_progress(
    total: int,
    work: Callable[[Callable[[int], None]], T],
    *,
    disable: bool,
    clock: bool = True,
) -> T:
    """Run ``work(advance)`` under a transient progress bar of ``total`` hands on stderr;
    ``work`` calls ``advance(n)`` as ``n`` more hands are done. ``clock`` adds the elapsed
    and remaining time."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns: list[ProgressColumn] = [
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
    ]
    if clock:
        columns += [TimeElapsedColumn(), TimeRemainingColumn()]
    with Progress(
        *columns, console=Console(stderr=True), disable=disable, transient=True
    ) as progress:
        task = progress.add_task("hands", total=total)
        return work(lambda n: progress.advance(task, n))


def emit(result: R, as_json: bool, report: Callable[[R], str]) -> int:
    """Print ``result`` as JSON or as ``report``'s text; exit code 0."""
    if as_json:
        print_json(result.to_json())
    else:
        print(report(result))
    return 0


def print_figures(title: str, rows: list[tuple[str, str]], notes: list[str]) -> None:
    """A two-column table (figure, value) titled ``title`` on stdout, then each of
    ``notes`` dimmed below it (``odds``' layout)."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=title)
    table.add_column("figure")
    table.add_column("value", justify="right")
    for figure, value in rows:
        table.add_row(figure, value)
    console.print(table)
    for note in notes:
        console.print(note, style="dim")


def run_simulation(
    simulate: Callable[..., T],
    rules: Any,
    args: argparse.Namespace,
    *,
    chunk: int,
    clock: bool = True,
    **options: Any,
) -> T:
    """``simulate`` called as every game's ``banluck simulate`` calls it (``--hands``,
    ``--workers`` or ``--dask``, ``--fresh-shoe``, ``--seed``, ``chunk`` and the game's ``options``)
    under the progress bar (none with ``--no-progress``)."""
    return with_progress(
        args.hands,
        lambda advance: simulate(
            rules,
            args.hands,
            workers=args.workers,
            dask=args.dask,
            fresh_shoe=bool(args.fresh_shoe),
            seed=args.seed,
            chunk=chunk,
            progress=advance,
            **options,
        ),
        disable=bool(args.no_progress),
        clock=clock,
    )
