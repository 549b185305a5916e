"""K18: the model's equilibrium as the bots and the Hint play it.

``equilibrium.nash`` solves kampung's model game to an equilibrium in which both sides
mix: the players draw a table each hand, the banker a strategy. This module keeps what play
needs of it (``EquilibriumPlay``): the players' tables and weights, the banker's weights and
the players' mixture each of its strategies answers (its *belief*), and a player's values
against the banker's mixture (the Hint's). Kampung's own rules ship it as package data
(``policy_equilibrium.json``, written by ``python -m banluck.games.kampung.bots.mixed``;
``tests/games/kampung`` fails until it matches a fresh solve), so the table's bots need no
solve; any other house is solved on first use (0.4–4.5 s) and kept: a room does it off its
loop when the house is set (``GameDriver.prepare``), and the House rules dialog's edge
(``edge.simulated_edge``) does it while the house is edited.

**The draw.** Every hand each bot seat draws afresh: ``draw(key, seat)`` is a number in
[0, 1) from SHA-256 of the hand's first deal (``KampungRound.deal_key``: every seat's first
two cards) and the seat's name, and ``pick`` turns it into a table or a strategy by the
weights. So the solo table, a room and ``banluck replay`` of the same shoe without moves
make the same draws (REPLAY.md: a seat without moves plays the project's own strategy), a
hand restored in the middle draws as before, and no draw needs a random source of its own.
The draw depends on cards nobody at the table has seen, through a cryptographic hash: it
tells nothing about them, and nobody can foresee it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any

import numpy as np

from banluck.games.kampung.bots.shipped import (
    DATA_DIR,
    Solved,
    by_object,
    model_rules,
    solved,
    tables_from_json,
    tables_json,
    values_from_json,
    write_data,
)
from banluck.games.kampung.bots.tables import PlayerTables
from banluck.games.kampung.rules import KAMPUNG, KampungRules

#: a mixture of player tables: (weight, table) for each table with a weight above 0
Belief = tuple[tuple[float, PlayerTables], ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class EquilibriumPlay:
    """What the bots and the Hint play of the model's equilibrium (module text)."""

    tables: tuple[PlayerTables, ...]
    table_weights: tuple[float, ...]
    strategy_weights: tuple[float, ...]
    #: for each banker strategy, the players' weights over ``tables`` it answers
    beliefs: tuple[tuple[float, ...], ...]
    #: the pure solve's record with a player's values against the banker's mixture
    #: (``w``, ``v777``, ``hand``, ``start``, ``double_ev``, ``fresh``: the player's Hint)
    #: and the banker's 15 priced against the players' mixture (``bank15_ev``: the
    #: banker's Hint; the bots keep the pure solve's 15 choices, ``bank15``)
    hint: Solved
    value: float
    nash_conv: float

    @property
    def players(self) -> Belief:
        """The players' mixture."""
        return _belief(self.table_weights, self.tables)

    def belief(self, strategy: int) -> Belief:
        """The players' mixture banker strategy ``strategy`` answers."""
        return _belief(self.beliefs[strategy], self.tables)

    def table_for(self, key: str, seat: str) -> int:
        """The table ``seat`` plays this hand (``key``: the hand's ``deal_key``)."""
        return pick(self.table_weights, draw(key, seat))

    def strategy_for(self, key: str, seat: str) -> int:
        """The strategy the banker in ``seat`` plays this hand."""
        return pick(self.strategy_weights, draw(key, seat))

    def running(self) -> tuple[list[float], list[float]]:
        """The running sums of the tables' and the strategies' weights, each ending at 1,
        for ``pick_running`` (which picks as ``pick`` does)."""
        return _running(self.table_weights), _running(self.strategy_weights)


def _belief(weights: tuple[float, ...], tables: tuple[PlayerTables, ...]) -> Belief:
    return tuple((q, t) for q, t in zip(weights, tables, strict=True) if q > 0.0)


def draw(key: str, seat: str) -> float:
    """A number in [0, 1) for ``seat`` this hand, from SHA-256 of ``key`` and the seat.

    >>> draw("you:AS,KH|dealer:7D,7C", "you") == draw("you:AS,KH|dealer:7D,7C", "you")
    True
    >>> 0.0 <= draw("k", "anna") < 1.0
    True
    """
    digest = hashlib.sha256(f"kampung-bots\n{key}\n{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2.0**64


def pick(weights: tuple[float, ...], u: float) -> int:
    """The index ``u`` in [0, 1) falls on by the running sums of ``weights`` (never one of
    weight 0).

    >>> [pick((0.5, 0.0, 0.5), u) for u in (0.0, 0.49, 0.5, 0.99)]
    [0, 0, 2, 2]
    """
    total = sum(weights)
    last = max(i for i, q in enumerate(weights) if q > 0.0)
    for i, edge in enumerate(accumulate(weights)):
        if weights[i] > 0.0 and u * total < edge:
            return i
    return last


def _running(weights: tuple[float, ...]) -> list[float]:
    total = sum(weights)
    out = [q / total for q in accumulate(weights)]
    last = max(i for i, q in enumerate(weights) if q > 0.0)
    for i in range(last, len(out)):
        out[i] = 1.0
    return out


def pick_running(running: list[float], u: float) -> int:
    """``pick`` on the running sums of the weights (``EquilibriumPlay.running``): the first
    index whose running sum exceeds ``u``, never one of weight 0.

    >>> [pick_running(_running((0.5, 0.0, 0.5)), u) for u in (0.0, 0.49, 0.5, 0.99)]
    [0, 0, 2, 2]
    """
    return bisect_right(running, u)


def data_path() -> Path:
    """The shipped file (kampung's own rules, every deck count: ``shipped.data_path``)."""
    return DATA_DIR / "policy_equilibrium.json"


def equilibrium_data(rules: KampungRules) -> dict[str, Any]:
    """A fresh equilibrium solve of ``rules`` as the shipped JSON data."""
    from banluck.games.kampung.equilibrium.dp import shoe_probs
    from banluck.games.kampung.equilibrium.model import solve_against
    from banluck.games.kampung.equilibrium.nash import against_banker, equilibrium

    e = equilibrium(rules)
    a = against_banker(e)
    # K7: the banker's 15 priced against the players' mixture (the banker's Hint)
    bank15_ev = solve_against(rules, shoe_probs(rules.decks), e.players).bank15_ev
    return {
        "tables": [tables_json(t) for t in e.tables],
        "table_weights": list(e.table_weights),
        "strategy_weights": list(e.strategy_weights),
        "beliefs": [list(b) for b in e.beliefs],
        "value": e.value,
        "nash_conv": e.nash_conv,
        "hint": {
            "w": a.w.tolist(),
            "v777": a.v777,
            "hand": a.best.hand.tolist(),
            "start": a.best.start.tolist(),
            "double_ev": a.best.double_ev.tolist(),
            "fresh": a.best.fresh,
            "bank15_ev": bank15_ev.tolist(),
        },
    }


def _from_data(rules: KampungRules, d: dict[str, Any]) -> EquilibriumPlay:
    h = d["hint"]
    hint = dataclasses.replace(
        solved(rules),
        **values_from_json(h),
        bank15_ev=np.asarray(h["bank15_ev"], dtype=np.float64),
    )
    return EquilibriumPlay(
        tables=tuple(tables_from_json(f"equilibrium-{i}", t) for i, t in enumerate(d["tables"])),
        table_weights=tuple(float(q) for q in d["table_weights"]),
        strategy_weights=tuple(float(q) for q in d["strategy_weights"]),
        beliefs=tuple(tuple(float(q) for q in b) for b in d["beliefs"]),
        hint=hint,
        value=float(d["value"]),
        nash_conv=float(d["nash_conv"]),
    )


#: equilibria solved elsewhere (a child process), by the model's rules (``keep_made``)
_MADE: dict[KampungRules, dict[str, Any]] = {}


def keep_made(rules: KampungRules, data: dict[str, Any]) -> None:
    """An equilibrium of ``rules`` solved elsewhere (``equilibrium_data``'s answer)."""
    if len(_MADE) >= 64:
        _MADE.clear()
    _MADE[model_rules(rules)] = data


@lru_cache(maxsize=16)
def _play(rules: KampungRules) -> EquilibriumPlay:
    made = _MADE.pop(rules, None)
    if made is not None:
        return _from_data(rules, made)
    if model_rules(rules) == model_rules(KAMPUNG):
        path = data_path()
        if not path.exists():
            raise ValueError(
                "no solved kampung equilibrium: run python -m banluck.games.kampung.bots.mixed"
            )
        return _from_data(KAMPUNG, json.loads(path.read_text(encoding="utf-8")))
    return _from_data(rules, equilibrium_data(rules))


#: ``equilibrium_play``'s answers by the rules object asked (as ``shipped.solved``)
_BY_OBJECT: dict[int, tuple[KampungRules, EquilibriumPlay]] = {}


def equilibrium_play(rules: KampungRules) -> EquilibriumPlay:
    """The equilibrium the bots and the Hint play under ``rules`` (H9): the shipped one for
    kampung's own, else the house's, solved once per house as the model sees it."""
    return by_object(_BY_OBJECT, rules, lambda: _play(model_rules(rules)))


def main() -> int:
    return write_data(data_path(), equilibrium_data(KAMPUNG))


if __name__ == "__main__":
    raise SystemExit(main())
