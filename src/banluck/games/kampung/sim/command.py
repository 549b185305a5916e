"""``banluck simulate --preset kampung --banker POLICY --players POLICY`` (the registry's
``simulate`` part for kampung)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from banluck.command_kit import (
    bad_input,
    check_at_least_one,
    emit,
    print_figures,
    print_json,
    run_simulation,
)
from banluck.command_kit import pct as _pct

if TYPE_CHECKING:
    from banluck.games.kampung.sim.runner import KampungSimResult

DEFAULT_CHUNK = 1 << 18

_NOTES = {
    "project": "the pure solve's: opens, hits and stands to maximise the bank's expected "
    "result against the pure solve's players, on the shoe less the cards it has seen (K18)",
    "never-open": "never opens early: draws like the table dealer (T17), stand opens everyone",
    "open-four": "opens every four-card hand, then plays as the table dealer",
    "full-shoe": "the project's recursion on the full shoe's make-up (the solver's model)",
    "equilibrium": "the table's bot, the model's equilibrium: each hand one of its strategies, "
    "drawn by its weight, played as the project's recursion on the players it answers",
}
_PLAYER_NOTES = {
    "project": "the pure solve's: the best play against the pure solve's banker (K18)",
    "simple": "stands from 17, never burns, always doubles on a banker's burn",
    "best-response": "the best answer to the project's banker in the solver's model",
    "equilibrium": "the table's bots, the model's equilibrium: each seat draws one of its "
    "tables each hand",
}


def report(result: KampungSimResult) -> str:
    """The result as text a player can read."""
    shoe = "shuffled before every hand" if result.fresh_shoe else "reshuffled by K4 / T12"
    freq = result.to_json()["per_hand"]
    lines = [
        f"kampung, {result.decks} deck(s), the house banks (dealer); shoe {shoe}",
        f"banker: {result.banker} ({_NOTES[result.banker]})",
        f"players: {result.players} ({_PLAYER_NOTES[result.players]}); each bets one unit, "
        "stacks deep (K3's caps never bite)",
        f"hands: {result.hands:,} = {result.player_bets:,} player bets",
        f"bank's edge: {_pct(result.bank_edge)} ± {_pct(result.ci95)} (95 %) per initial "
        "player bet, positive when the bank is ahead",
        "per hand: " + ", ".join(f"{k.replace('_', ' ')} {v:.4f}" for k, v in freq.items()),
        f"speed: {result.hands / max(result.seconds, 1e-9):,.0f} hands/s "
        f"({result.workers} worker(s), {result.seconds:.2f} s wall clock)",
        f"seed: {result.seed} (--seed repeats this run exactly)",
    ]
    return "\n".join(lines)


def simulate(args: argparse.Namespace) -> int:
    """``banluck simulate --preset kampung``: exit 0, or 2 with one line on bad input."""
    from banluck.games.kampung.rules import KAMPUNG
    from banluck.games.kampung.sim.runner import SIM_BANKERS, SIM_PLAYERS

    # the table's bots by default (the model's equilibrium, both sides mixing)
    banker = getattr(args, "banker", None) or "equilibrium"
    players = getattr(args, "players", None) or "equilibrium"
    chunk = getattr(args, "chunk", None) or DEFAULT_CHUNK
    try:
        if banker not in SIM_BANKERS:
            raise ValueError(f"unknown --banker {banker!r} (known: {', '.join(SIM_BANKERS)})")
        if players not in SIM_PLAYERS:
            raise ValueError(f"unknown --players {players!r} (known: {', '.join(SIM_PLAYERS)})")
        house = getattr(args, "house_played", None)
        rules = KAMPUNG.with_decks(args.decks) if house is None else house.record()
        check_at_least_one({"hands": args.hands, "workers": args.workers, "chunk": chunk})
    except ValueError as exc:
        return bad_input("simulate", exc)
    from banluck.games.kampung.sim.runner import simulate as run

    result = run_simulation(
        run, rules, args, chunk=chunk, clock=False, banker=banker, players=players
    )
    if house is None:
        return emit(result, args.json, report)
    if args.json:  # H9: the figures name the house they are for
        print_json({"house": house.to_json(), **result.to_json()})
        return 0
    changes = ", ".join(f"{k}={v}" for k, v in house.changes().items()) or "none"
    print(f"house: {house.name or 'unnamed'} (changes: {changes})")
    print(report(result))
    return 0


def _small(x: float) -> str:
    """A gain in bets, rounding's residue written as such."""
    return "0 (< 1e-12)" if abs(x) < 1e-12 else f"{x:.2e}"


def _weights(ws: list[float]) -> str:
    return " / ".join(f"{w:.3f}" for w in ws)


def odds(args: argparse.Namespace) -> int:
    """``banluck odds --preset kampung`` (H9): the bank's edge of the house (kampung's own
    without one) with the table's bots (its own equilibrium), by simulation (the page's
    figure); kampung's own figures are shipped (``odds_shipped``)."""
    from banluck.games.drivers import own_house
    from banluck.games.kampung.rules import KAMPUNG
    from banluck.games.kampung.sim.edge import odds_data
    from banluck.games.kampung.sim.odds_shipped import shipped

    # a game played under a named house (xi-dach) is that house unless another is given
    house = getattr(args, "house_played", None) or own_house(args.preset or "kampung")
    try:
        rules = KAMPUNG.with_decks(args.decks) if house is None else house.record()
        # kampung's own rules: the figures shipped with the package (the same run's)
        data = (shipped(rules) if house is None else None) or odds_data(rules)
    except ValueError as exc:
        return bad_input("odds", exc)
    if house is not None:
        data = {"house": house.to_json(), **data}
    if args.json:
        print_json(data)
        return 0
    title = f"Kampung odds, {data['decks']} deck(s)" + (
        f", house {house.name or 'unnamed'}" if house is not None else ""
    )
    if "model" in data:  # a house the model does not cover (XI_DACH.md)
        rows = [
            ("bank's edge per initial player bet (simulated)", f"{_pct(data['house_edge'])}"),
            ("95 % interval", f"± {_pct(data['ci95'])}"),
            ("hands played (seed)", f"{data['hands']:,} ({data['seed']})"),
        ]
        notes = [
            "Bots: the table's banker and players, each hand from a fresh shoe, played by "
            "the table's own round (each player bets one unit).",
            f"Not exact, and no equilibrium: {data['model']}.",
        ]
        print_figures(title, rows, notes)
        return 0
    rows = [
        ("bank's edge per initial player bet (simulated)", f"{_pct(data['house_edge'])}"),
        ("95 % interval", f"± {_pct(data['ci95'])}"),
        ("hands simulated (seed)", f"{data['hands']:,} ({data['seed']})"),
        (
            "best response's gain against the pure solve, in the model",
            _pct(data["best_response_gain"]),
        ),
    ]
    eq = data["equilibrium"]
    rows += [
        (
            "the pure solve's value in the model (a player's result at the banker's turn)",
            _pct(eq["pure_value"]),
        ),
        ("the pure solve's NashConv in the model", _pct(eq["pure_nash_conv"])),
        ("equilibrium value in the model", _pct(eq["value"])),
        (
            "equilibrium NashConv (player's gain + bank's gain)",
            f"{_small(eq['nash_conv'])} ({_small(eq['player_gain'])} + "
            f"{_small(eq['banker_gain'])})",
        ),
        (
            "its NashConv when each side sees what K17 shows (other hands' counts, bets)",
            f"{_small(eq['seen']['nash_conv'])} ({_small(eq['seen']['player_gain'])} + "
            f"{_small(eq['seen']['banker_gain'])})",
        ),
        (
            "its value bracket then (the bank's best answer · the player's)",
            " – ".join(_pct(v) for v in eq["seen"]["value_bracket"]),
        ),
        (
            "the equilibrium with the bets seen: value, NashConv when each side sees what "
            "K17 shows",
            f"{_pct(eq['bets_seen']['value'])}, {_small(eq['bets_seen']['nash_conv'])}",
        ),
        ("equilibrium players' tables, weights", _weights(eq["player_tables"])),
        ("equilibrium banker's strategies, weights", _weights(eq["banker_strategies"])),
    ]
    for key, value in data["frequencies"].items():
        rows.append((f"per hand: {key.replace('_', ' ')}", f"{value:.4f}"))
    solve = "kampung's own (shipped)" if data["shipped_solve"] else "this house's own"
    notes = [
        f"Bots: the table's banker and players, playing {solve} equilibrium (K18: each hand "
        "every seat draws its table or strategy by the weights below); each player bets one "
        "unit on a two-deck shoe reshuffled by K4 / T12.",
        "Not exact: kampung's edge is measured by simulation (docs/KAMPUNG_BOTS.md).",
        "The equilibrium is the model's (an infinite shoe, hands independent, bets alike): "
        "the players mix a few tables, the banker a few strategies, grown from the pure "
        "solve (docs/KAMPUNG_BOTS.md).",
        "With the bets seen, the banker tells a burnt hand's doubled bet apart and a player "
        "plays that hand's fresh pair by a table of its own: that model's own equilibrium is "
        "solved beside it; the bots play the first.",
    ]
    print_figures(title, rows, notes)
    return 0
