"""``banluck odds`` and ``banluck strategy`` for ``classic`` and ``infinite`` (issue 8).

The registry routes ``--preset classic|infinite`` here; ``args`` has ``preset``, ``decks``
and ``json`` (odds) or ``png`` (strategy). The solver, NumPy, rich and matplotlib are
imported inside the commands.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Any

from banluck.chart_draw import EXCEPTIONS_TITLE, label_axes, print_exceptions
from banluck.command_kit import EXIT_BAD_INPUT, bad_input, print_figures, print_json
from banluck.games.blackjack.rules import PRESETS, BlackjackRules

if TYPE_CHECKING:
    from banluck.games.blackjack.strategy.chart import Chart

#: I11: the maximum return to player that seed 002 states for the seat bet.
SEED_RTP: dict[str, float] = {"infinite": 0.9946}
_STYLE = {
    "H": "bold red",
    "S": "bold green",
    "D": "bold cyan",
    "P": "bold yellow",
    "R": "bold magenta",
}
_COLOUR = {"H": "#e8a0a0", "S": "#9fd89f", "D": "#9fc8e8", "P": "#f0d78c", "R": "#d8b0e8"}


def _rules(args: argparse.Namespace, cmd: str) -> BlackjackRules | None:
    house = getattr(args, "house_played", None)
    if house is not None:  # H2: --house / --rule
        record: BlackjackRules = house.record()
        return record
    try:
        rules = PRESETS[args.preset]
        return rules.with_decks(getattr(args, "decks", None))
    except (KeyError, ValueError) as exc:
        bad_input(cmd, exc)
        return None


def odds_data(rules: BlackjackRules) -> dict[str, Any]:
    """The figures ``banluck odds --json`` prints: the seat bet with best play (per initial
    bet), each side bet's house edge, and the solve time."""
    from banluck.games.blackjack.strategy.sidebets import SIDE_BET_MODEL, side_bet_edges
    from banluck.games.blackjack.strategy.solver import MODEL, solve

    start, cpu = time.perf_counter(), time.process_time()
    sol = solve(rules)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    data: dict[str, Any] = {
        "preset": rules.name,
        "decks": rules.decks,
        "house_edge": sol.house_edge,
        "player_ev": sol.player_ev,
        "rtp": sol.rtp,
        "std": sol.std,
        "side_bets": side_bet_edges(rules),
        "frequencies": {k: float(v) for k, v in sol.extra.items() if k != "insurance_ev"},
        "insurance_ev": float(sol.extra["insurance_ev"]),
        "solve_seconds": seconds,
        "solve_cpu_seconds": cpu_seconds,
        "model": MODEL,
    }
    if rules.side_bets:
        data["side_bet_model"] = SIDE_BET_MODEL
    if rules.name in SEED_RTP:
        data["seed_rtp"] = SEED_RTP[rules.name]
    return data


def odds(args: argparse.Namespace) -> int:
    """``banluck odds --preset classic|infinite [--json]`` (of a house: ``--house``,
    ``--rule``, H9)."""
    rules = _rules(args, "odds")
    if rules is None:
        return EXIT_BAD_INPUT
    try:
        data = odds_data(rules)
    except ValueError as exc:  # the solve's own refusals (a dealer standing above 21)
        return bad_input("odds", exc)
    house = getattr(args, "house_played", None)
    if house is not None:
        data = {"house": house.to_json(), **data}
    if getattr(args, "json", False):
        print_json(data)
        return 0
    rows = [
        ("house edge (per initial bet, best play)", f"{data['house_edge']:.4%}"),
        ("player's EV per initial bet", f"{data['player_ev']:+.6f}"),
        ("return to player (RTP)", f"{data['rtp']:.4%}"),
    ]
    if "seed_rtp" in data:
        rows.append(("RTP stated by the seed (I11)", f"{data['seed_rtp']:.2%}"))
    rows.append(("standard deviation of one hand", f"{data['std']:.4f}"))
    for key, value in data["frequencies"].items():
        rows.append((f"frequency: {key.replace('_', ' ')}", f"{value:.4%}"))
    rows.append(("insurance EV per initial bet (ace up)", f"{data['insurance_ev']:+.4%}"))
    for key, value in data["side_bets"].items():
        rows.append((f"side bet {key}: house edge", f"{value:.4%}"))
    notes = [f"Model: {data['model']}"]
    if "side_bet_model" in data:
        notes.append(f"Side bets: {data['side_bet_model']}")
    title = f"Blackjack exact odds: {data['preset']}, {data['decks']} decks"
    print_figures(title, rows, notes)
    return 0


def strategy(args: argparse.Namespace) -> int:
    """``banluck strategy --preset classic|infinite [--png FILE]``."""
    rules = _rules(args, "strategy")
    if rules is None:
        return EXIT_BAD_INPUT
    from banluck.games.blackjack.strategy.chart import build_chart
    from banluck.games.blackjack.strategy.solver import solve

    try:
        chart = build_chart(solve(rules))
    except ValueError as exc:  # the solve's own refusals (a dealer standing above 21)
        return bad_input("strategy", exc)
    print_chart(chart)
    png = getattr(args, "png", None)
    if png:
        draw_png(chart, png)
        print(f"wrote {png}", file=sys.stderr)
    return 0


def simulate(args: argparse.Namespace) -> int:
    """``banluck simulate``: the simulator's own command (``sim.command.simulate``)."""
    from importlib import import_module

    try:
        module = import_module("banluck.games.blackjack.sim.command")
    except ModuleNotFoundError:
        print("banluck simulate: the blackjack simulator is not installed", file=sys.stderr)
        return EXIT_BAD_INPUT
    code: int = module.simulate(args)
    return code


_MEANING = {
    "H": "H hit",
    "S": "S stand",
    "D": "D double (else hit; Ds: else stand)",
    "P": "P split",
    "R": "R surrender (else hit; Rs: else stand)",
}


def legend(chart: Chart) -> str:
    """What the chart's letters mean (only those it uses)."""
    used = {cell.text[0] for cell in chart.cells.values()}
    text = ", ".join(m for letter, m in _MEANING.items() if letter in used or letter in "HS")
    fallback = " (D, R: hit)" if used & {"D", "R"} else ""
    rest = f"Hands of three or more cards hit or stand by the letter{fallback}"
    return f"{text}. {rest}; * see the exceptions."


def print_chart(chart: Chart) -> None:
    """The chart in the terminal, with rich, and the exceptions below it."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(chart.title, style="bold")
    t = Table(caption=legend(chart))
    t.add_column("your hand")
    for col in chart.columns:
        t.add_column(col, justify="center")
    for row in chart.rows:
        cells = []
        for col in chart.columns:
            cell = chart.cells[(row, col)]
            mark = "*" if cell.exceptions or cell.more else ""
            cells.append(f"[{_STYLE[cell.text[0]]}]{cell.text}{mark}[/]")
        t.add_row(row, *cells)
    console.print("columns: the dealer's up card")
    console.print(t)
    lines = chart.exception_lines()
    print_exceptions(console, lines)


def draw_png(chart: Chart, path: str) -> None:
    """The chart as an image (matplotlib, Agg backend), the exceptions below it."""
    import matplotlib

    matplotlib.use("Agg")
    import textwrap

    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    lines: list[str] = []
    for line in chart.exception_lines():
        lines.extend(textwrap.wrap(line, 150, subsequent_indent="    "))
    nrows, ncols = len(chart.rows), len(chart.columns)
    width = 11.0
    h_chart = 0.27 * nrows
    h_text = 0.15 * (len(lines) + 3)
    total_h = 1.0 + h_chart + h_text
    fig = plt.figure(figsize=(width, total_h))
    ax = fig.add_axes(
        (1.2 / width, (h_text + 0.1) / total_h, 0.55 * ncols / width, h_chart / total_h)
    )
    ax.set_xlim(0, ncols)
    ax.set_ylim(nrows, 0)
    for i, row in enumerate(chart.rows):
        for j, col in enumerate(chart.columns):
            cell = chart.cells[(row, col)]
            colour = _COLOUR[cell.text[0]]
            ax.add_patch(Rectangle((j, i), 1, 1, facecolor=colour, edgecolor="white"))
            mark = "*" if cell.exceptions or cell.more else ""
            ax.text(j + 0.5, i + 0.5, cell.text + mark, ha="center", va="center", fontsize=8)
    label_axes(ax, chart.rows, chart.columns, "dealer's up card", row_size=7, title_size=8)
    fig.suptitle(chart.title, fontsize=11, y=1 - 0.12 / total_h)
    text = "\n".join(textwrap.wrap(legend(chart), 150))
    if lines:
        text += "\n" + EXCEPTIONS_TITLE + "\n" + "\n".join(lines)
    fig.text(0.01, (h_text - 0.02) / total_h, text, fontsize=5.5, va="top", family="monospace")
    fig.savefig(path, dpi=130)
    plt.close(fig)
