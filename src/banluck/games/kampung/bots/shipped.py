"""K18: the solved kampung strategy shipped as package data, so a bot needs no solve.

Run ``python -m banluck.games.kampung.bots.shipped`` after any change to the rules or the
solver (``equilibrium.model``); ``tests/games/kampung`` fails until the shipped files match a fresh
solve. Loading is plain JSON into NumPy arrays (no Numba).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from banluck.games.kampung.bots.tables import PlayerTables
from banluck.games.kampung.rules import KAMPUNG, KampungRules

Array = np.ndarray[Any, np.dtype[np.float64]]
DATA_DIR = Path(__file__).parent


@dataclass(frozen=True, kw_only=True, slots=True)
class Solved:
    """What the bots and the hint read: ``equilibrium.model.Model`` without the arrays of work."""

    decks: int
    players: PlayerTables
    best_response: PlayerTables
    #: the bank's gain per unit bet by a hand's card count (rows 2..4) and settling event
    gain: Array
    #: a player's expected result by card count (rows 2..4) and outcome; a 7-7-7's value
    w: Array
    v777: float
    #: the values of playing best against the project's banker from each hand (the hint):
    #: hand[c, base, aces], start (two cards, with the burn), double_ev, fresh (K10)
    hand: Array
    start: Array
    double_ev: Array
    fresh: float
    #: the banker's 15: choice [which 15, first/second] and per-player EVs (void, burn, play)
    bank15: Any
    bank15_ev: Array
    player_gap: float
    rounds: int


def data_path() -> Path:
    """The shipped file. The model's shoe is infinite with the full shoe's make-up, which
    is the same for one deck and two: one solve serves both."""
    return DATA_DIR / "policy_solved.json"


def tables_json(t: PlayerTables) -> dict[str, Any]:
    return {"hit": t.hit.tolist(), "burn": t.burn.tolist(), "double": t.double.tolist()}


def tables_from_json(name: str, d: dict[str, Any]) -> PlayerTables:
    return PlayerTables(
        name=name,
        hit=np.array(d["hit"], dtype=np.int64),
        burn=np.array(d["burn"], dtype=np.int64),
        double=np.array(d["double"], dtype=np.int64),
    )


def solved_data(rules: KampungRules) -> dict[str, Any]:
    """A fresh solve as the shipped JSON data."""
    from banluck.games.kampung.equilibrium.model import solve

    m = solve(rules)
    assert m.best_response is not None and m.best_values is not None
    best = m.best_values
    return {
        "decks": rules.decks,
        "rounds": m.rounds,
        "players": tables_json(m.players),
        "best_response": tables_json(m.best_response),
        "gain": m.gain.tolist(),
        "w": m.w.tolist(),
        "v777": m.v777,
        "hand": best.hand.tolist(),
        "start": best.start.tolist(),
        "double_ev": best.double_ev.tolist(),
        "fresh": best.fresh,
        "player_ev": m.values.ev,
        "best_response_ev": best.ev,
        "bank15": m.bank15.tolist(),
        "bank15_ev": m.bank15_ev.tolist(),
        "player_gap": m.player_gap,
    }


def values_from_json(d: dict[str, Any]) -> dict[str, Any]:
    """A player's values as ``Solved`` keeps them (``w``, ``v777``, ``hand``, ``start``,
    ``double_ev``, ``fresh``), from shipped JSON data."""
    f = np.asarray
    return {
        "w": f(d["w"], dtype=np.float64),
        "v777": float(d["v777"]),
        "hand": f(d["hand"], dtype=np.float64),
        "start": f(d["start"], dtype=np.float64),
        "double_ev": f(d["double_ev"], dtype=np.float64),
        "fresh": float(d["fresh"]),
    }


def _from_data(d: dict[str, Any]) -> Solved:
    f = np.asarray
    return Solved(
        decks=d["decks"],
        players=tables_from_json("project", d["players"]),
        best_response=tables_from_json("best-response", d["best_response"]),
        gain=f(d["gain"], dtype=np.float64),
        **values_from_json(d),
        bank15=np.array(d["bank15"], dtype=np.int64),
        bank15_ev=f(d["bank15_ev"], dtype=np.float64),
        player_gap=float(d["player_gap"]),
        rounds=int(d["rounds"]),
    )


@lru_cache(maxsize=1)
def load() -> Solved:
    """The shipped solve."""
    path = data_path()
    if not path.exists():
        raise ValueError(
            "no solved kampung strategy: run python -m banluck.games.kampung.bots.shipped"
        )
    return _from_data(json.loads(path.read_text(encoding="utf-8")))


def model_rules(rules: KampungRules) -> KampungRules:
    """``rules`` as the model sees them (H9): what it leaves out set to kampung's own, so
    two houses that differ only there share one solve. Left out: the deck count (an
    infinite shoe of the same make-up), bets and stacks (every bet alike), who banks and
    how often the bank passes, the shuffle, H18's equal_naturals (the simulator settles
    it; the solve does not read it) and H20's five_against_five (nothing in kampung).

    >>> import dataclasses
    >>> model_rules(KAMPUNG.with_decks(1)) == model_rules(KAMPUNG)
    True
    >>> model_rules(dataclasses.replace(KAMPUNG, seven_seven_seven_multiple=7)) == KAMPUNG
    False
    """
    k = KAMPUNG
    totals = dataclasses.replace(rules.totals, decks=k.decks, allowed_decks=k.totals.allowed_decks)
    kept = {name: getattr(k, name) for name in _LEFT_OUT}
    return dataclasses.replace(
        rules, decks=k.decks, allowed_decks=k.allowed_decks, totals=totals, **kept
    )


#: the fields of ``KampungRules`` the model does not read (``model_rules``)
_LEFT_OUT = (
    "name",
    "seats",
    "bank",
    "rotate_every",
    "bank_order",
    "equal_naturals",  # the simulator settles it (K6); the solve does not read it
    "five_against_five",
    "shuffle_every_hand",
    "bet_min",
    "bet_max",
    "bet_cover",
    "fresh_stack",
    "player_min_stack",
    "banker_min_stack",
)


#: solves made elsewhere (a child process: ``house_data``), by the model's rules, taken
#: by ``_solve`` instead of solving again (at most 64 kept)
_MADE: dict[KampungRules, dict[str, Any]] = {}


def keep_made(rules: KampungRules, data: dict[str, Any]) -> None:
    """A solve of ``rules`` made elsewhere (``solved_data``'s answer), for ``solved``."""
    if len(_MADE) >= 64:
        _MADE.clear()
    _MADE[model_rules(rules)] = data


@lru_cache(maxsize=16)
def _solve(rules: KampungRules) -> Solved:
    made = _MADE.pop(rules, None)
    return _from_data(made if made is not None else solved_data(rules))


def is_shipped(rules: KampungRules) -> bool:
    """Whether ``rules`` are played by the shipped solve (kampung's own, as the model sees
    them); any other house is solved on first use (about a second) and kept."""
    return model_rules(rules) == model_rules(KAMPUNG)


#: ``solved``'s answers by the rules object asked (a table asks with the same object at
#: every decision: this spares it comparing the rules field by field each time)
_BY_OBJECT: dict[int, tuple[KampungRules, Solved]] = {}


def solved(rules: KampungRules) -> Solved:
    """The solve for these rules (H9): the shipped one for kampung's own (every deck count:
    see ``data_path``), else the house's own solve, made once per house as the model sees
    it (``model_rules``)."""
    return by_object(
        _BY_OBJECT, rules, lambda: load() if is_shipped(rules) else _solve(model_rules(rules))
    )


T = TypeVar("T")


def by_object(
    memo: dict[int, tuple[KampungRules, T]], rules: KampungRules, compute: Callable[[], T]
) -> T:
    """``compute()``'s answer for ``rules``, remembered in ``memo`` by the rules object (a
    table asks with the same object at every decision: this spares comparing the rules
    field by field each time); at most 64 objects are remembered."""
    seen = memo.get(id(rules))
    if seen is not None and seen[0] is rules:
        return seen[1]
    answer = compute()
    if len(memo) >= 64:
        memo.clear()
    memo[id(rules)] = (rules, answer)  # the entry keeps the object, so its id stays its own
    return answer


def write_data(path: Path, data: dict[str, Any]) -> int:
    """Write shipped JSON data (each data module's ``main``)."""
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    print(f"wrote {path}", file=sys.stderr)
    return 0


def main() -> int:
    return write_data(data_path(), solved_data(KAMPUNG))


if __name__ == "__main__":
    raise SystemExit(main())
