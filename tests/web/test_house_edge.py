"""H9 on the server: the exact house edge of any Ban Luck house, asked with the house object
(``POST /api/houses/edge``), the figure ``banluck odds --house`` prints; a bad house is
refused naming its field, as everywhere (H1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from banluck.games.banluck import preset
from banluck.games.banluck.strategy.solver import solve
from banluck.games.house import read_house
from tests.web.games_helpers import game_client

pytestmark = pytest.mark.slow

ROUTE = "/api/houses/edge"


@pytest.mark.rule("H9")
def test_the_edge_of_a_house_is_the_solvers_and_moves_with_its_fields(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    base = c.post(ROUTE, json={"house": {"base": "table"}}).json()
    assert base["edge_source"] == "exact" and base["changes"] == {}
    assert base["house_edge"] == pytest.approx(solve(preset("table")).house_edge, abs=1e-12)
    house = {"base": "table", "name": "Grandma", "rules": {"five_card_bust": 1}}
    got = c.post(ROUTE, json={"house": house}).json()
    assert got["changes"] == {"five_card_bust": 1}
    assert got["house"]["name"] == "Grandma"
    want = solve(read_house(house).record()).house_edge
    assert got["house_edge"] == pytest.approx(want, abs=1e-12)
    assert got["house_edge"] < base["house_edge"]  # a cheaper five-card bust helps the seats


@pytest.mark.rule("H9")
def test_a_kampung_houses_edge_is_simulated_with_its_own_bots(tmp_path: Path) -> None:
    """The bank's edge of a kampung house: the bots of the house's own solve on the
    simulator's shoes, the figure ``banluck odds --preset kampung --house`` prints (the same
    run: same seed and hands), with its interval; a house where any 21 wins or collects 3
    has a figure of its own."""
    from banluck.games.kampung.sim.edge import odds_data

    c = game_client(tmp_path / "save.sqlite3")
    own = c.post(ROUTE, json={"house": {"base": "kampung"}}).json()
    house = {"base": "kampung", "rules": {"any_21": 3}}
    got = c.post(ROUTE, json={"house": house}).json()
    for k in (own, got):
        assert k["edge_source"] == "simulated" and k["hands"] == 200_000 and k["seed"] == 1
        assert 0 < k["ci95"] < 0.01
    want = odds_data(read_house(house).record())
    assert got["house_edge"] == want["house_edge"] and got["ci95"] == want["ci95"]
    assert got["house_edge"] != own["house_edge"]


@pytest.mark.rule("H1")
@pytest.mark.parametrize(
    ("house", "field"),
    [
        ({"base": "table", "rules": {"five_card_bust": 9}}, "five_card_bust"),
        ({"base": "table", "rules": {"no_such_field": 1}}, "no_such_field"),
        ({"base": "nowhere"}, "base"),
        ("not an object", None),
    ],
)
def test_a_bad_house_is_refused_naming_its_field(
    house: object, field: str | None, tmp_path: Path
) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    r = c.post(ROUTE, json={"house": house})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "bad_settings" and error["params"]["field"] == "house"
    assert error["params"]["house_field"] == field


@pytest.mark.rule("H9")
def test_a_blackjack_houses_edge_is_the_solvers(tmp_path: Path) -> None:
    from banluck.games.blackjack.strategy.solver import solve as bj_solve

    c = game_client(tmp_path / "save.sqlite3")
    house = {"base": "classic", "rules": {"dealer_hits_soft_17": True, "decks": 6}}
    got = c.post(ROUTE, json={"house": house}).json()
    assert got["edge_source"] == "exact"
    want = bj_solve(read_house(house).record()).house_edge
    assert got["house_edge"] == pytest.approx(want, abs=1e-12)
    no_peek = c.post(ROUTE, json={"house": {"base": "classic", "rules": {"peek": False}}}).json()
    assert no_peek["edge_source"] == "exact"
    want = bj_solve(read_house({"base": "classic", "rules": {"peek": False}}).record()).house_edge
    assert no_peek["house_edge"] == pytest.approx(want, abs=1e-12)
    peek = c.post(ROUTE, json={"house": {"base": "classic"}}).json()["house_edge"]
    assert no_peek["house_edge"] > peek  # an unpeeked blackjack also takes doubles and splits
