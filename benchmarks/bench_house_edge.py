"""How long a house's edge takes (HOUSE_RULES.md H9), the figure the House rules dialog asks
for as a field changes: Ban Luck's and blackjack's exact solve of a house (target under
0.5 s warm), and kampung's own solve of a house (target under 10 s) with the simulated edge
the page shows (200,000 hands).

    .venv/bin/python -m benchmarks.bench_house_edge

Each house is new to the process (the caches by house are empty for it); "warm" means the
kernels are loaded: one house of each family is priced first and not counted.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable
from typing import Any

from banluck.games.house import read_house

HOUSES: dict[str, list[dict[str, Any]]] = {
    "table": [
        {"five_card_bust": 1},
        {"seven_seven_seven": 7},
        {"equal_totals": "banker"},
        {"dealer_15": "play"},
    ],
    "classic": [
        {"dealer_hits_soft_17": True, "decks": 6},
        {"peek": False},
        {"blackjack_pays": "6:5"},
        {"double": "10-11"},
    ],
    "kampung": [
        {"seven_seven_seven": 7},
        {"any_21": 3},
        {"banker_must_draw_under": 17},
        {"ace_three_cards": [1]},
    ],
}
#: one house a family prices first, to load its kernels
WARM_UP: dict[str, dict[str, Any]] = {
    "table": {"ban_ban": 2},
    "classic": {"decks": 4},
    "kampung": {"five_dragon": 3},
}


def pricer(base: str) -> dict[str, Callable[[Any], Any]]:
    """What the page's edge costs for a house of ``base``, by step."""
    from banluck.games.registry import game

    g = game(base)
    if g.house_edge is not None:
        return {"exact edge": g.part("house_edge")}
    from banluck.games.kampung.bots.shipped import solved
    from banluck.games.kampung.sim.edge import house_edge

    return {"solve": lambda h: solved(h.record()), "simulated edge": house_edge}


def main() -> int:
    print(f"machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python", end=" ")
    print(platform.python_version())
    for base, houses in HOUSES.items():
        steps = pricer(base)
        for fn in steps.values():
            fn(read_house({"base": base, "rules": WARM_UP[base]}))
        for rules in houses:
            house = read_house({"base": base, "rules": rules})
            times = []
            for name, fn in steps.items():
                t = time.perf_counter()
                fn(house)
                times.append(f"{name} {time.perf_counter() - t:.3f} s")
            print(f"{base} {rules}: {', '.join(times)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
