"""The bank's edge of a kampung house measured by playing whole hands through the driver: the
table's own round and bots, hand after hand, each from a fresh shoe (XI_DACH.md X13's
houses shuffle every hand).

The Numba simulator (``runner``) restates kampung's comparison and penalties and so
refuses Xì Dách's fields; this one restates nothing: every rule is the round's, every choice
the table's bots' (``KampungHand.bot_choice``), so it measures any house the table plays,
at the cost of speed (about 1,300 hands a second on one core). Three bots play against a
bot banker, each betting the bots' bet; the edge is the bank's net per initial player bet.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from banluck.games.driver import HandStart
from banluck.games.kampung.driver import KampungDriver, KampungHand
from banluck.games.kampung.rules import KampungRules

#: hands played for a house's edge (about 7 seconds on one core) and their seed
ENGINE_HANDS = 20_000
ENGINE_SEED = 1
#: the figures of the named houses of XI_DACH.md, measured by ``engine_edge`` and shipped
#: so that a lobby shows them at once (tests/games/kampung/test_houses.py plays them again)
KNOWN = Path(__file__).with_name("engine_edges.json")


@dataclass(frozen=True, kw_only=True)
class EngineEdge:
    """What a run measured: the bank's edge per initial player bet and its 95 % half-width."""

    hands: int
    seed: int
    bank_edge: float
    ci95: float


def engine_edge(
    rules: KampungRules, *, hands: int = ENGINE_HANDS, seed: int = ENGINE_SEED
) -> EngineEdge:
    """``hands`` hands of ``rules`` played by the table's bots, the dealer banking; the
    same ``seed`` plays the same hands.

    >>> from banluck.games.kampung.rules import KAMPUNG
    >>> r = engine_edge(KAMPUNG, hands=50)
    >>> r.hands, r.ci95 > 0
    (50, True)
    """
    if hands < 2:
        raise ValueError("the edge needs at least two hands")
    driver = KampungDriver("kampung", decks=rules.decks, house=None)
    driver.rules = rules.with_bank("house")  # the house's rules, the dealer banking (K2)
    seats = driver.layout
    banker = rules.bank_order[0]
    rng = random.Random(seed)
    total = squares = 0.0
    for number in range(1, hands + 1):
        start = HandStart(
            number=number,
            seed=rng.getrandbits(32),
            shoe=driver.fresh_shoe(rng.getrandbits(63)),
            seats=seats,
            people=(),
            stacks=dict.fromkeys(seats, rules.fresh_stack),
            bets={},
            banker=banker,
        )
        x = _bank_result(KampungHand(driver, start))
        total += x
        squares += x * x
    mean = total / hands
    var = max(squares / hands - mean * mean, 0.0)
    return EngineEdge(hands=hands, seed=seed, bank_edge=mean, ci95=1.96 * math.sqrt(var / hands))


def _bank_result(hand: KampungHand) -> float:
    """The bank's net per initial player bet of one hand played through by the bots."""
    staked = sum(h.bet for h in hand.round.hands)  # the initial bets, before a burn
    hand.play_until(lambda _seat: hand.bot_choice())
    return hand.round.outcome().bank.net / staked


def rules_key(rules: KampungRules) -> str:
    """A digest of the rules a run plays (the bank as the run has it: the dealer's)."""
    return hashlib.sha256(repr(rules.with_bank("house")).encode()).hexdigest()[:16]


@cache
def _known() -> dict[str, dict[str, Any]]:
    if not KNOWN.is_file():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(KNOWN.read_text(encoding="utf-8"))
    return {entry["key"]: entry for entry in data.values()}


def measured_edge(rules: KampungRules) -> EngineEdge:
    """``engine_edge(rules)`` with the default hands and seed: the shipped figure of a named
    house, else played now."""
    entry = _known().get(rules_key(rules))
    if entry is not None:
        return EngineEdge(
            hands=entry["hands"],
            seed=entry["seed"],
            bank_edge=entry["bank_edge"],
            ci95=entry["ci95"],
        )
    return engine_edge(rules)


def known_data(names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The shipped figures of these named houses, played now (``KNOWN``'s content)."""
    from banluck.games.named_houses import named_house

    out = {}
    for name in names:
        rules: KampungRules = named_house(name).record()
        out[name] = {"key": rules_key(rules), **asdict(engine_edge(rules))}
    return out


def write_known() -> None:
    """Play XI_DACH.md's named houses again and write ``KNOWN``."""
    names = ("xi-dach", "xi-dach-rooms", "xi-dach-bots")
    KNOWN.write_text(json.dumps(known_data(names), indent=1) + "\n", encoding="utf-8")
