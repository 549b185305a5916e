"""The solved strategy as lookup tables: shipped as package data, loaded lazily, cheap per call.

``banluck replay`` is a short process that plays the solved strategy, so the solve (and its
Numba compile) must not run at every start: ``python -m
banluck.games.banluck.strategy.generate`` writes one compact JSON file per preset to
``strategy/data/``; :func:`strategy_table` loads it on
first use. Rules that match no shipped file (a house) are solved hand by hand as they are
asked (``SolvedOnDemand``), the whole table only when it is wanted.
A test checks that a fresh solve reproduces the shipped files.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from banluck.core.cards import CLASS_LABELS, RANK_CLASS, Card, class_counts, class_label, rank_class
from banluck.games.banluck.actions import Action
from banluck.games.banluck.records import DecisionPoint
from banluck.games.banluck.rules import PRESETS, Rules, preset
from banluck.games.banluck.strategy.ties import best_choice

if TYPE_CHECKING:
    from banluck.games.banluck.strategy.solver import Solver

FORMAT = 1
DIGITS = 10
_CODE = {Action.HIT: "h", Action.STAND: "s", Action.THROW: "t"}
_ACTION = {v: k for k, v in _CODE.items()}

Entry = tuple[Action, dict[Action, float]]


def hand_key(cards: Sequence[Card], dealer_up: Card | None) -> str:
    """The table key of a hand: its ranks in order (``"A5T"``), after ``"T:"`` for an up card."""
    key = "".join([CLASS_LABELS[c] for c in sorted([RANK_CLASS[card.rank] for card in cards])])
    return key if dealer_up is None else f"{CLASS_LABELS[RANK_CLASS[dealer_up.rank]]}:{key}"


def data_name(rules: Rules) -> str:
    """The package-data file of a preset: ``table-2.json``, ``one-on-one-1.json``."""
    return f"{rules.name}-{rules.decks}.json"


def is_shipped_preset(rules: Rules) -> bool:
    """True when ``rules`` are exactly a named preset (so its shipped table applies)."""
    return (
        rules.name in PRESETS
        and rules.decks in PRESETS[rules.name].allowed_decks
        and (rules == preset(rules.name, rules.decks))
    )


def table_data(rules: Rules) -> dict[str, Any]:
    """Solve ``rules`` and put the result in the shipped JSON form."""
    from banluck.games.banluck.strategy.solver import MODEL, solve

    sol = solve(rules)
    hands: dict[str, list[Any]] = {}
    for (up, counts), hv in sorted(
        sol.hands.items(),
        key=lambda kv: (-1 if kv[0][0] is None else kv[0][0], sum(kv[0][1]), class_label(kv[0][1])),
    ):
        key = class_label(counts) if up is None else f"{CLASS_LABELS[up]}:{class_label(counts)}"
        row: list[Any] = [_CODE[hv.best]]
        for action in (Action.HIT, Action.STAND, Action.THROW):
            if action in hv.ev:
                row.append(round(hv.ev[action], DIGITS))
        hands[key] = row
    return {
        "format": FORMAT,
        "preset": rules.name,
        "decks": rules.decks,
        "model": MODEL,
        "summary": {
            "player_ev": sol.player_ev,
            "house_edge": sol.house_edge,
            "std": sol.std,
            "frequencies": sol.frequencies,
            "extra": sol.extra,
            "outcome": {str(k): v for k, v in sol.outcome.items()},
        },
        "hands": hands,
    }


class _Strategy:
    """What a strategy answers from ``entry``: the values of a hand and the best legal choice."""

    def entry(self, cards: Sequence[Card], dealer_up: Card | None) -> Entry:
        raise NotImplementedError

    def values(self, cards: Sequence[Card], dealer_up: Card | None) -> dict[Action, float]:
        """The EV of each choice (hit, stand, and throw on a free hand), per initial bet."""
        return self.entry(cards, dealer_up)[1]

    def policy(self, point: DecisionPoint) -> Action:
        """The solved strategy as a ``Policy``: the best of ``point.legal``."""
        best, ev = self.entry(point.cards, point.dealer_up)
        if best in point.legal:
            return best
        return best_choice(ev, point.legal)


class StrategyTable(_Strategy):
    """Every decision of one preset: the best legal choice and the EV of each choice."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.entries: dict[str, Entry] = {}
        for key, row in data["hands"].items():
            ev = {Action.HIT: float(row[1]), Action.STAND: float(row[2])}
            if len(row) > 3:
                ev[Action.THROW] = float(row[3])
            self.entries[key] = (_ACTION[row[0]], ev)

    def entry(self, cards: Sequence[Card], dealer_up: Card | None) -> Entry:
        key = hand_key(cards, dealer_up)
        try:
            return self.entries[key]
        except KeyError:
            raise KeyError(f"no solved hand {key!r} (a natural, a bust or five cards?)") from None


class SolvedOnDemand(_Strategy):
    """The strategy of rules with no shipped table: each hand solved when first asked (the
    hands it can lead to, against its up card), the whole table (``data``) only when asked
    for. Its answers are the whole table's, to the same digits."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._solver: Solver | None = None
        self._data: dict[str, Any] | None = None
        # the solver's caches are one up card's at a time: one question at a time (the web
        # server asks from several threads)
        self._lock = threading.Lock()

    @property
    def data(self) -> dict[str, Any]:
        """The whole table in the shipped form (a full solve, once)."""
        if self._data is None:
            self._data = table_data(self.rules)
        return self._data

    def entry(self, cards: Sequence[Card], dealer_up: Card | None) -> Entry:
        up = rank_class(dealer_up) if dealer_up is not None and self.rules.dealer_up_card else None
        try:
            with self._lock:
                if self._solver is None:
                    from banluck.games.banluck.strategy.solver import Solver

                    self._solver = Solver(self.rules)
                hv = self._solver.value_at(class_counts(cards), up)
        except KeyError:
            key = hand_key(cards, dealer_up)
            raise KeyError(f"no solved hand {key!r} (a natural, a bust or five cards?)") from None
        return hv.best, {a: round(v, DIGITS) for a, v in hv.ev.items()}


@lru_cache(maxsize=16)
def strategy_table(rules: Rules) -> StrategyTable | SolvedOnDemand:
    """The strategy of ``rules``: the shipped table of a preset, else solved on demand."""
    if is_shipped_preset(rules):
        table = _shipped(data_name(rules))
        if table is not None:
            return table
    return SolvedOnDemand(rules)


@cache
def _shipped(name: str) -> StrategyTable | None:
    """The shipped table in file ``name`` (read once: many houses may be a preset)."""
    path = resources.files("banluck.games.banluck.strategy").joinpath("data", name)
    if path.is_file():
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") == FORMAT:
            return StrategyTable(data)
    return None
