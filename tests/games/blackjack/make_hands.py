"""Random but valid blackjack replay inputs (seeded), for the ``replay --lines`` benchmark.

python -m tests.games.blackjack.make_hands 10000 > /tmp/hands.jsonl
time banluck replay --lines /tmp/hands.jsonl > /dev/null
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from banluck.core.cards import ONE_DECK
from banluck.games.blackjack.rules import PRESETS


def make_hand(rnd: random.Random) -> dict[str, Any]:
    """One hand: a preset, the top 40 cards of a shuffled shoe, bets, side bets, and for each
    seat either no moves (the strategy) or ``auto``."""
    preset = rnd.choice(["classic", "infinite"])
    rules = PRESETS[preset]
    cards = list(ONE_DECK * rules.decks)
    rnd.shuffle(cards)
    seats: list[dict[str, Any]] = []
    for name in rules.seats:
        seat: dict[str, Any] = {"name": name, "stack": rnd.choice([200, 1000, 5000])}
        if name == "you":
            seat["bet"] = rnd.randrange(10, 101)
        if rules.side_bets and rnd.random() < 0.5:
            seat["side_bets"] = {"pairs": 5, "bust": 5} if rnd.random() < 0.5 else {"lucky3": 2}
        if rnd.random() < 0.5:
            seat["moves"] = ["auto"]
        seats.append(seat)
    hand: dict[str, Any] = {"preset": preset, "shoe": [c.code for c in cards[:40]], "seats": seats}
    if rules.side_bets:
        hand["shoe_hand"] = rnd.randint(1, 40)
    return hand


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv else 10_000
    rnd = random.Random(int(argv[1]) if len(argv) > 1 else 8)
    for _ in range(count):
        sys.stdout.write(json.dumps(make_hand(rnd)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
