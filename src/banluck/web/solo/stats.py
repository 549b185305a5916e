"""Your statistics in one game (issue 10 item 4): hands won, lost and pushed, naturals and
special hands, chips won or lost, what you wagered, and your stack after each hand.

Kept in each game's save and updated when a hand of yours is settled; ``stats_json`` adds
what the exact house edge predicts for the chips you wagered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from banluck.core.whole import is_whole
from banluck.games.driver import SeatLine

#: The stack series keeps the last this many points (the chart's).
MAX_POINTS = 1000
_MAX_CHIPS = 10**15


def _count(x: Any) -> bool:
    return is_whole(x) and 0 <= x <= _MAX_CHIPS


def _chips(x: Any) -> bool:
    return is_whole(x) and abs(x) <= _MAX_CHIPS


@dataclass
class Stats:
    """The counts of one game (per browser).

    >>> s = Stats()
    >>> s.add(SeatLine(net=100, wagered=100, kinds=("ban-luck",), natural=True,
    ...                stack_before=1000, stack_after=1100))
    >>> s.hands, s.won, s.naturals, s.stacks
    (1, 1, 1, [1000, 1100])
    >>> Stats.from_json(s.to_json()) == s
    True
    """

    hands: int = 0
    won: int = 0
    lost: int = 0
    pushed: int = 0
    naturals: int = 0
    specials: dict[str, int] = field(default_factory=dict)
    wagered: int = 0
    net: int = 0
    stacks: list[int] = field(default_factory=list)

    def add(self, line: SeatLine) -> None:
        """Count one settled hand of yours (its driver's ``seat_line``)."""
        self.hands += 1
        if line.net > 0:
            self.won += 1
        elif line.net < 0:
            self.lost += 1
        else:
            self.pushed += 1
        if line.natural:
            self.naturals += 1
        for k in line.kinds:
            if k not in ("plain", "bust"):
                self.specials[k] = self.specials.get(k, 0) + 1
        self.wagered += line.wagered
        self.net += line.net
        if not self.stacks or self.stacks[-1] != line.stack_before:
            self.stacks.append(line.stack_before)  # a fresh stack (T9) starts a new step
        self.stacks.append(line.stack_after)
        del self.stacks[:-MAX_POINTS]

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "won": self.won,
            "lost": self.lost,
            "pushed": self.pushed,
            "naturals": self.naturals,
            "specials": dict(self.specials),
            "wagered": self.wagered,
            "net": self.net,
            "stacks": list(self.stacks),
        }

    @classmethod
    def from_json(cls, d: Any) -> Stats:
        """Read saved counts; ValueError on anything that is not counts."""
        if d is None:
            return cls()
        if not isinstance(d, dict):
            raise ValueError("bad stats")
        counts = ("hands", "won", "lost", "pushed", "naturals", "wagered")
        specials, stacks = d.get("specials"), d.get("stacks")
        ok = (
            all(_count(d.get(k)) for k in counts)
            and _chips(d.get("net"))
            and isinstance(specials, dict)
            and len(specials) <= 16
            and all(isinstance(k, str) and _count(v) for k, v in specials.items())
            and isinstance(stacks, list)
            and len(stacks) <= MAX_POINTS
            and all(_count(v) for v in stacks)
            and d["won"] + d["lost"] + d["pushed"] == d["hands"]
        )
        if not ok:
            raise ValueError("bad stats")
        return cls(
            hands=d["hands"],
            won=d["won"],
            lost=d["lost"],
            pushed=d["pushed"],
            naturals=d["naturals"],
            specials=dict(specials or {}),
            wagered=d["wagered"],
            net=d["net"],
            stacks=list(stacks or []),
        )


def stats_json(
    game: str,
    stats: Stats,
    house_edge: float | None,
    simulated: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """docs/API.md ``Stats``: the exact edge, else a shipped simulated one (``simulated``:
    {house_edge, ci95}), else none."""
    edge: dict[str, Any] = {"house_edge": house_edge, "edge_source": "exact"}
    if house_edge is None:
        edge = {"house_edge": None, "edge_source": "none"}
        if simulated is not None:
            edge = {**simulated, "edge_source": "simulated"}
    value = edge["house_edge"]
    expected = None if value is None else round(-value * stats.wagered, 2)
    return {"game": game, **stats.to_json(), "expected_net": expected, **edge}
