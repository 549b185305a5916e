"""Deterministic random replay input for the byte-identical check (issue 7).

``hands(seed, n)`` makes ``n`` REPLAY.md hands for the presets ``table`` and ``one-on-one``:
shuffled shoes from a seeded generator, random stacks and bets (some out of range), and
either no moves (the project's strategy plays) or random move lists (which often do not fit,
so the error messages are pinned too). The output of ``banluck replay --lines`` over these
hands is pinned by its SHA-256 in ``test_golden_replay.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

RANKS = "A23456789TJQK"
SUITS = "SHDC"
MOVES = ("hit", "stand", "throw")


def _shoe(rng: random.Random, decks: int) -> list[str]:
    cards = [r + s for r in RANKS for s in SUITS] * decks
    rng.shuffle(cards)
    return cards[: rng.randint(8, 30)]


def hands(seed: int, n: int) -> Iterator[str]:
    """``n`` hands as JSON lines."""
    rng = random.Random(seed)
    for _ in range(n):
        preset = rng.choice(("table", "table", "one-on-one"))
        decks = 1 if preset == "one-on-one" else rng.choice((1, 2))
        names = ("you", "anna", "ben") if preset == "table" else ("you",)
        seats = []
        for name in names:
            stack = rng.choice((1000, 1000, 500, 40, 5, 0))
            seat: dict[str, object] = {"name": name, "stack": stack}
            if name == "you":
                seat["bet"] = rng.choice((10, 50, 100, 300, 500, 50, 100, 5, 600))
            if rng.random() < 0.12:
                hits = ["hit"] * rng.randint(0, 2)
                seat["moves"] = [*hits, rng.choice(MOVES)]
            seats.append(seat)
        hand = {"preset": preset, "decks": decks, "shoe": _shoe(rng, decks), "seats": seats}
        yield json.dumps(hand, separators=(",", ":"))
