"""``banluck odds --preset kampung``'s figures for kampung's own rules at each deck count it
allows, shipped with the package (``odds_preset.json``): the simulation and the model's
equilibrium behind them take about a minute of one core and come out the same every time
(a fixed seed), so they are made once and a test keeps them fresh. A house is measured when
asked, as before.

Regenerate with ``python -m banluck.games.kampung.sim.odds_shipped``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from banluck.games.kampung.rules import KAMPUNG
from banluck.games.kampung.sim.preset_figures import data_path, shipped

if TYPE_CHECKING:
    from banluck.games.house import House


def made() -> dict[str, Any]:
    """The figures, computed now, by deck count (as the file keeps them)."""
    from banluck.games.kampung.sim.edge import odds_data

    return {str(d): odds_data(KAMPUNG.with_decks(d)) for d in KAMPUNG.allowed_decks}


def house_edge(house: House) -> dict[str, Any] | None:
    """The page's figures for ``house`` (``edge.house_edge``), those of kampung's own rules
    at once from the shipped figures of the same run (the lobby's kampung card, a house
    that changes nothing)."""
    from banluck.games.kampung.sim import edge

    known = shipped(house.record())
    if known is None:
        return edge.house_edge(house)
    return {k: known[k] for k in ("house_edge", "ci95", "hands", "seed")}


def main() -> int:
    from banluck.games.kampung.bots.shipped import write_data

    return write_data(data_path(), made())


__all__ = ["data_path", "house_edge", "made", "shipped"]


if __name__ == "__main__":
    raise SystemExit(main())
