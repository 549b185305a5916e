"""``banluck odds`` and ``banluck strategy``: the exact solver's figures and chart."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from banluck.chart_draw import EXCEPTIONS_TITLE, label_axes, print_exceptions
from banluck.command_kit import EXIT_BAD_INPUT, bad_input, print_figures, print_json
from banluck.games import GAMES, game
from banluck.games.banluck.rules import preset
from banluck.games.house import House, HouseError
from banluck.games.house_options import add_house_options, resolve_house_args, rules_of

if TYPE_CHECKING:
    from banluck.games.banluck.strategy.chart import Chart

# The solver, NumPy and matplotlib are imported inside the commands, so that registering
# them costs ``banluck replay`` nothing at start-up.

_STYLE = {"H": "bold red", "S": "bold green", "T": "bold yellow"}
_COLOUR = {"H": "#e8a0a0", "S": "#9fd89f", "T": "#f0d78c"}


def register(sub: Any) -> None:
    """Add ``odds`` and ``strategy`` to the ``banluck`` subcommands."""
    for name, helptext, run in (
        ("odds", "the exact house edge and frequencies of a preset", "odds"),
        ("strategy", "the solved best play as a chart (terminal, or PNG)", "strategy"),
    ):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--preset", default=None, choices=sorted(GAMES), help="default: table")
        p.add_argument("--decks", type=int, default=None, help="1 or 2 (table)")
        add_house_options(p)
        if name == "odds":
            p.add_argument("--json", action="store_true", help="print JSON")
        else:
            p.add_argument("--png", metavar="FILE", help="also draw the chart to FILE")
        p.set_defaults(run=_by_game(run))


def _by_game(command: str) -> Any:
    """The game's own command (its registry entry's part)."""

    def run(args: argparse.Namespace) -> int:
        try:
            resolve_house_args(args)  # H2: --house and --rule
        except HouseError as exc:
            return bad_input(command, exc)
        g = game(args.preset)
        if getattr(g, command) is None:
            return bad_input(command, ValueError(f"{g.title} has no exact {command} yet"))
        code: int = g.part(command)(args)
        return code

    return run


def odds_data(name: str, decks: int | None, house: House | None = None) -> dict[str, Any]:
    """The figures ``banluck odds --json`` prints (of ``house`` when given, H9)."""
    from banluck.games.banluck.strategy.solver import MODEL, solve

    rules = preset(name, decks) if house is None else house.record()
    sol = solve(rules)
    out: dict[str, Any] = {"house": house.to_json()} if house is not None else {}
    return {
        "preset": rules.name,
        "decks": rules.decks,
        "house_edge": sol.house_edge,
        "player_ev": sol.player_ev,
        "frequencies": sol.frequencies,
        "std": sol.std,
        "outcome": {str(k): v for k, v in sol.outcome.items()},
        "extra": sol.extra,
        "model": MODEL,
        **out,
    }


def _rules_or_error(args: argparse.Namespace, cmd: str) -> bool:
    try:
        rules_of(args, lambda: preset(args.preset, args.decks))
    except ValueError as exc:
        bad_input(cmd, exc)
        return False
    return True


def odds(args: argparse.Namespace) -> int:
    """``banluck odds`` of a Ban Luck preset."""
    if not _rules_or_error(args, "odds"):
        return EXIT_BAD_INPUT
    data = odds_data(args.preset, args.decks, getattr(args, "house_played", None))
    if args.json:
        print_json(data)
        return 0
    rows = [
        ("house edge (dealer's advantage per initial bet)", f"{data['house_edge']:.4%}"),
        ("player's EV per initial bet", f"{data['player_ev']:+.5f}"),
        ("standard deviation of one hand", f"{data['std']:.4f}"),
    ]
    for key, value in data["frequencies"].items():
        rows.append((f"frequency: {key}", f"{value:.4%}"))
    for key, value in data["extra"].items():
        rows.append((f"  {key}", f"{value:.4%}"))
    title = f"Ban Luck exact odds: {data['preset']}, {data['decks']} deck(s)"
    if "house" in data:
        title += f", house {data['house']['name'] or 'of your rules'}"
    print_figures(title, rows, [f"Model: {data['model']}"])
    return 0


def strategy(args: argparse.Namespace) -> int:
    """``banluck strategy`` of a Ban Luck preset."""
    if not _rules_or_error(args, "strategy"):
        return EXIT_BAD_INPUT
    from banluck.games.banluck.strategy.chart import build_chart
    from banluck.games.banluck.strategy.solver import solve

    chart = build_chart(solve(rules_of(args, lambda: preset(args.preset, args.decks))))
    print_chart(chart)
    if args.png:
        draw_png(chart, args.png)
        print(f"wrote {args.png}", file=sys.stderr)
    return 0


def _legend(chart: Chart) -> str:
    free = any("free" in r for r in chart.rows)
    text = "H hit, S stand" + (", T throw in the free hand" if free else "")
    return text + "; * the usual play, with exceptions listed. Under 16 you must draw."


def exception_lines(chart: Chart) -> list[str]:
    """The compositions that play otherwise than their chart cell."""
    from banluck.games.banluck.strategy.chart import LETTER

    lines = []
    for row in chart.rows:
        for col in chart.columns:
            cell = chart.cells.get((row, col))
            if cell is None or not cell.exceptions:
                continue
            others = ", ".join(f"{lab} {LETTER[a]}" for lab, a in cell.exceptions)
            lines.append(f"{chart.where(row, col)}: {LETTER[cell.action]}, except {others}")
    return lines


def print_chart(chart: Chart) -> None:
    """The chart in the terminal, with rich."""
    from rich.console import Console
    from rich.table import Table

    from banluck.games.banluck.strategy.chart import LETTER

    console = Console()
    console.print(chart.title, style="bold")
    t = Table(caption=_legend(chart))
    t.add_column("your total" if chart.column_title == "your cards" else "your hand")
    for col in chart.columns:
        t.add_column(col, justify="center")
    for row in chart.rows:
        cells = []
        for col in chart.columns:
            cell = chart.cells.get((row, col))
            if cell is None:
                cells.append("")
            else:
                cells.append(f"[{_STYLE[LETTER[cell.action]]}]{cell.text}[/]")
        t.add_row(row, *cells)
    if chart.column_title != "your cards":
        console.print(f"columns: the {chart.column_title}")
    console.print(t)
    lines = exception_lines(chart)
    print_exceptions(console, lines)


def draw_png(chart: Chart, path: str) -> None:
    """The chart as an image (matplotlib, Agg backend), exceptions listed below it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    from banluck.games.banluck.strategy.chart import LETTER

    lines = exception_lines(chart)
    nrows, ncols = len(chart.rows), len(chart.columns)
    cell_w = 0.62 if ncols > 6 else 1.0
    width = max(7.0, 2.6 + cell_w * ncols)
    height_chart = 0.3 * nrows
    height_text = 0.17 * (len(lines) + 2)
    fig = plt.figure(figsize=(width, 1.3 + height_chart + height_text))
    total_h = 1.3 + height_chart + height_text
    ax = fig.add_axes(
        (2.4 / width, (height_text + 0.2) / total_h, cell_w * ncols / width, height_chart / total_h)
    )
    ax.set_xlim(0, ncols)
    ax.set_ylim(nrows, 0)
    for i, row in enumerate(chart.rows):
        for j, col in enumerate(chart.columns):
            cell = chart.cells.get((row, col))
            if cell is None:
                continue
            letter = LETTER[cell.action]
            ax.add_patch(Rectangle((j, i), 1, 1, facecolor=_COLOUR[letter], edgecolor="white"))
            ax.text(j + 0.5, i + 0.5, cell.text, ha="center", va="center", fontsize=9)
    label_axes(ax, chart.rows, chart.columns, chart.column_title, row_size=8, title_size=9)
    fig.suptitle(chart.title, fontsize=11, y=1 - 0.15 / total_h)
    text = _legend(chart)
    if lines:
        text += "\n" + EXCEPTIONS_TITLE + "\n" + "\n".join(lines)
    fig.text(0.02, (height_text + 0.05) / total_h, text, fontsize=7, va="top", family="monospace")
    fig.savefig(path, dpi=130)
    plt.close(fig)
