"""The value of each rule (issue 8, I11): the preset re-solved with one rule changed, and the
price of playing the printed chart instead of the composition-dependent strategy.

``python -m banluck.games.blackjack.strategy.rulevalues`` prints the table that
``docs/BLACKJACK_ODDS.md`` shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from banluck.games.blackjack.rules import CLASSIC, INFINITE, BlackjackRules
from banluck.games.blackjack.strategy.chart import COLUMN_LABELS, COLUMNS, build_chart
from banluck.games.blackjack.strategy.solver import (
    Counts,
    FixedStrategy,
    Solution,
    evaluate,
    hand_total,
    shoe_counts,
    solve,
)

_LETTER_ACTION = {
    "H": "hit",
    "S": "stand",
    "D": "double",
    "Ds": "double",
    "P": "split",
    "R": "surrender",
    "Rs": "surrender",
}


@dataclass(frozen=True)
class RuleValue:
    """One variant: its house edge and the change from the preset (positive: better for
    the house)."""

    label: str
    house_edge: float
    delta: float


def chart_strategy(sol: Solution) -> FixedStrategy:
    """The printed chart without its exceptions, as a fixed strategy: two-card hands play
    their cell (a split hand: H or S where the cell says P or R), more cards its fallback."""
    chart = build_chart(sol)

    def play(pair: int, counts: Counts, up: int) -> str | None:
        n = sum(counts)
        if n < 2:
            return None
        total, soft = hand_total(counts)
        col = COLUMN_LABELS[COLUMNS.index(up)]
        is_pair = n == 2 and max(counts) == 2
        if pair < 0 and is_pair:
            r = counts.index(2)
            row = f"pair {'A23456789T'[r]},{'A23456789T'[r]}"
        else:
            row = f"{'soft' if soft else 'hard'} {total}"
        cell = chart.cells.get((row, col))
        if cell is None:
            return None
        fallback = "hit" if cell.fallback == "H" else "stand"
        if n > 2:
            return fallback
        action = _LETTER_ACTION[cell.text]
        if pair >= 0 and action in ("split", "surrender"):
            return fallback
        return action

    return play


def chart_edge(rules: BlackjackRules) -> float:
    """The house edge when the seat plays the printed chart (total-dependent play)."""
    sol = solve(rules)
    fixed = evaluate(rules, shoe_counts(rules.decks), strategy=chart_strategy(sol))
    return fixed.house_edge


def variants(rules: BlackjackRules) -> list[tuple[str, BlackjackRules, bool]]:
    """(label, changed rules, resplit aces) for the rules worth a figure."""
    out: list[tuple[str, BlackjackRules, bool]] = []
    sur_all = frozenset(range(1, 11))
    if rules.surrender_against:
        out.append(
            (
                "surrender against any up card (ace and ten too)",
                rules.replace(surrender_against=sur_all),
                False,
            )
        )
        out.append(("no surrender", rules.replace(surrender_against=frozenset()), False))
    else:
        out.append(
            ("late surrender against any up card", rules.replace(surrender_against=sur_all), False)
        )
    out.append(("resplit to 4 hands (not aces)", rules.replace(max_splits=3), False))
    out.append(("resplit to 4 hands, aces too", rules.replace(max_splits=3), True))
    if rules.split_aces_one_card:
        out.append(
            (
                "split aces play on (hit, no double)",
                rules.replace(split_aces_one_card=False, double_after_split=False),
                False,
            )
        )
        out.append(
            ("split aces play on (hit and double)", rules.replace(split_aces_one_card=False), False)
        )
    else:
        out.append(
            ("split aces take one card each", rules.replace(split_aces_one_card=True), False)
        )
    if rules.double:
        if rules.double_after_split:
            out.append(("no double after split", rules.replace(double_after_split=False), False))
        out.append(("no doubling at all (classic's C5)", rules.replace(double=False), False))
    else:
        out.append(("double on any two, no DAS", rules.replace(double=True), False))
        out.append(
            (
                "double on any two and after split",
                rules.replace(double=True, double_after_split=True),
                False,
            )
        )
    out.append(
        (
            "split by value (J+Q a pair)" if not rules.split_by_value else "split by rank only",
            rules.replace(split_by_value=not rules.split_by_value),
            False,
        )
    )
    for decks in (1, 2, 6, 8):
        if decks != rules.decks:
            out.append((f"{decks} deck(s)", rules.replace(decks=decks), False))
    return out


def rule_values(rules: BlackjackRules) -> list[RuleValue]:
    """Each variant's edge and its change from ``rules``; the chart's cost last."""
    base = solve(rules).house_edge
    out = []
    for label, changed, rsa in variants(rules):
        edge = evaluate(changed, shoe_counts(changed.decks), resplit_aces=rsa).house_edge
        out.append(RuleValue(label, edge, edge - base))
    chart = chart_edge(rules)
    out.append(RuleValue("playing the printed chart (no exceptions)", chart, chart - base))
    return out


def main() -> None:  # pragma: no cover - prints the docs' table
    for rules in (INFINITE, CLASSIC):
        base = solve(rules)
        print(f"\n{rules.name}: house edge {base.house_edge:.4%}, RTP {base.rtp:.4%}\n")
        print("| variant | house edge | change |")
        print("|---|---:|---:|")
        for v in rule_values(rules):
            print(f"| {v.label} | {v.house_edge:.4%} | {v.delta:+.4%} |")


if __name__ == "__main__":  # pragma: no cover
    main()
