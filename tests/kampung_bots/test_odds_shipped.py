"""``banluck odds --preset kampung`` answers kampung's own rules at once from the figures
shipped with the package (``odds_shipped``), which are today's: the same run made again
gives them exactly (a change of the round, the bots or the simulator shows until the file is
written again: ``python -m banluck.games.kampung.odds_shipped``)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from banluck.cli import main
from banluck.games.kampung import edge
from banluck.games.kampung.odds_shipped import data_path, made, shipped
from banluck.games.kampung.rules import KAMPUNG


def test_kampung_own_odds_come_from_the_shipped_figures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_run(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("kampung's own figures are shipped: nothing is simulated")

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


@pytest.mark.slow
def test_the_shipped_kampung_odds_are_todays() -> None:
    file = json.loads(data_path().read_text(encoding="utf-8"))
    assert json.loads(json.dumps(made())) == file
