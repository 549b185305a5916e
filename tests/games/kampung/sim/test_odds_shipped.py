"""``banluck odds --preset kampung`` answers kampung's own rules at once from the figures
shipped with the package (``odds_shipped``), which are today's: the same run made again
gives them exactly (a change of the round, the bots or the simulator shows until the file is
written again: ``python -m banluck.games.kampung.sim.odds_shipped``)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from banluck.cli import main
from banluck.games.house import read_house
from banluck.games.kampung.rules import KAMPUNG
from banluck.games.kampung.sim import edge
from banluck.games.kampung.sim.odds_shipped import data_path, made, shipped
from banluck.games.registry import game


def test_kampung_own_odds_come_from_the_shipped_figures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_run(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("kampung's own figures are shipped: nothing is simulated")

    monkeypatch.setattr(edge, "measured_edge", no_run)
    monkeypatch.setattr(edge, "simulated_edge", no_run)
    monkeypatch.setattr(edge, "equilibrium_data", no_run)
    file = json.loads(data_path().read_text(encoding="utf-8"))
    for decks in KAMPUNG.allowed_decks:
        assert main(["odds", "--preset", "kampung", "--decks", str(decks), "--json"]) == 0
        said = json.loads(capsys.readouterr().out)
        assert said == file[str(decks)] and said["decks"] == decks
        assert said["hands"] == edge.EDGE_HANDS and said["seed"] == edge.EDGE_SEED
    assert main(["odds", "--preset", "kampung", "--decks", "2"]) == 0  # the table, too
    assert "Kampung odds, 2 deck(s)" in capsys.readouterr().out
    changed = KAMPUNG.with_decks(2)
    assert shipped(changed) is not None
    house = dataclasses.replace(changed, burn=not changed.burn)
    assert shipped(house) is None  # a house is measured when asked
    # the page's figure of a house that changes nothing (the lobby's kampung card): the same
    for decks in KAMPUNG.allowed_decks:
        plain = read_house({"base": "kampung", "rules": {"decks": decks}})
        own = game("kampung").part("sim_edge")(plain)
        assert own == {k: file[str(decks)][k] for k in ("house_edge", "ci95", "hands", "seed")}


def _same(made: Any, file: Any, where: str = "") -> list[str]:
    """Where ``made`` and ``file`` differ: every key and text alike, every number to nine
    digits (the compiled kernels are built for the machine they run on, which may round the
    last bits otherwise), and an equilibrium's mixed strategies only as mixes and the double
    oracle's growths only as a count: a game with several optimal mixes may give another one
    of them, in another number of growths (its value is compared)."""
    if isinstance(made, dict) and isinstance(file, dict):
        if made.keys() != file.keys():
            return [f"{where}: keys {sorted(made)} against {sorted(file)}"]
        return [d for k in made for d in _same(made[k], file[k], f"{where}.{k}")]
    if where.endswith(".growths"):  # the oracle's path to the same value, likewise
        return [] if made > 0 and file > 0 else [f"{where}: {made} against {file}"]
    if where.endswith("_strategies"):
        mixes = [made, file]
        if all(isinstance(m, list) and sum(m) == pytest.approx(1.0) for m in mixes):
            return []
        return [f"{where}: {made} against {file}"]
    if isinstance(made, list) and isinstance(file, list):
        if len(made) != len(file):
            return [f"{where}: {len(made)} items against {len(file)}"]
        return [
            d
            for i, (m, f) in enumerate(zip(made, file, strict=True))
            for d in _same(m, f, f"{where}[{i}]")
        ]
    if (
        isinstance(made, float | int)
        and isinstance(file, float | int)
        and not isinstance(made, bool)
    ):
        return (
            []
            if made == pytest.approx(file, rel=1e-9, abs=1e-12)
            else [f"{where}: {made} against {file}"]
        )
    return [] if made == file else [f"{where}: {made!r} against {file!r}"]


@pytest.mark.slow
def test_the_shipped_kampung_odds_are_todays() -> None:
    file = json.loads(data_path().read_text(encoding="utf-8"))
    assert _same(json.loads(json.dumps(made())), file) == []
