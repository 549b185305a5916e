"""The trainer's drill (issue 18): a spot of the Strategy chart dealt as a real hand through
the game's own driver, with the exact value of every choice. Every cell of the Ban Luck
charts and of classic's (and a sample of infinite's) is dealt where it is ever a choice; the
hand's values are the solver's for the cards shown; nothing hidden is sent; the drill
follows the house played (H9); bad spots are refused; the Hint names the cell of a choice."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from banluck.core.cards import parse_card
from banluck.games.banluck.rules import preset
from banluck.games.banluck.strategy.hint import hint_for
from banluck.games.drill import drill_json
from banluck.web.catalog import chart
from tests.web.games_helpers import api, deal, game_client

Json = dict[str, Any]


def cells(game: str) -> list[tuple[str, str]]:
    data = chart(game, None, None)
    assert data is not None
    return [
        (row, col)
        for row, line in zip(data["rows"], data["cells"], strict=True)
        for col, mark in zip(data["columns"], line, strict=True)
        if mark is not None
    ]


def spot(game: str, cell: tuple[str, str] | None, seed: int = 0) -> Json:
    data = chart(game, None, None)
    assert data is not None
    return drill_json(game, None, None, data, cell, random.Random(seed))


def never_a_choice(cell: tuple[str, str]) -> bool:
    """Blackjack's 21 stands without a choice (the chart shows it as a stand)."""
    return cell[0] in ("hard 21", "soft 21")


@pytest.mark.slow  # seconds: left out of test.sh --fast
@pytest.mark.parametrize("game", ["table", "one-on-one", "classic"])
def test_every_cell_of_the_chart_is_dealt(game: str) -> None:
    for n, cell in enumerate(cells(game)):
        if never_a_choice(cell):
            continue
        d = spot(game, cell, seed=n)
        assert (d["cell"]["row"], d["cell"]["column"]) == cell
        assert set(d["ev"]) == set(d["legal"]) and d["best"] in d["legal"]
        assert d["ev"][d["best"]] == max(d["ev"].values())
        if cell[1].endswith(("cards", "soft")):  # the table's chart: the dealer shows nothing
            assert d["dealer"] == []
        else:
            assert [c[0] for c in d["dealer"]] == [cell[1]]


def test_a_sample_of_infinites_cells_is_dealt() -> None:
    rng = random.Random(7)
    for n, cell in enumerate(rng.sample(cells("infinite"), 24)):
        if never_a_choice(cell):
            continue
        d = spot("infinite", cell, seed=n)
        assert (d["cell"]["row"], d["cell"]["column"]) == cell


def test_a_stand_at_21_is_never_a_choice() -> None:
    from banluck.core.refusal import Refusal

    with pytest.raises(Refusal) as err:
        spot("classic", ("hard 21", "T"))
    assert err.value.code == "no_spot"


def test_the_values_are_the_solvers_for_the_cards_shown() -> None:
    """One-on-one: the drill's values equal the Hint's solver for the cards and up card."""
    rules = preset("one-on-one")
    for n, cell in enumerate(cells("one-on-one")[::7]):
        d = spot("one-on-one", cell, seed=n)
        cards = [parse_card(c) for c in d["cards"]]
        h = hint_for(rules, cards, parse_card(d["dealer"][0]), d["legal"])
        assert h.best.value == d["best"] and len(h.ev) == len(d["ev"])
        for action, ev in h.ev.items():
            assert d["ev"][action.value] == pytest.approx(float(ev), abs=1e-12)


@pytest.mark.parametrize("game", ["table", "one-on-one", "classic", "infinite"])
def test_a_spot_sends_only_your_cards_and_the_face_up_card(game: str, tmp_path: Path) -> None:
    c = game_client(tmp_path / "g.sqlite3")
    before = c.get(api(game, "state")).json()
    for _ in range(6):
        res = c.get(api(game, "drill"))
        assert res.status_code == 200, res.text
        d = res.json()
        assert set(d) == {"game", "house", "cell", "cards", "dealer", "legal", "best", "ev"}
        shown = [*d["cards"], *d["dealer"]]
        text = json.dumps(d)
        ranks, suits = "A23456789TJQK", "SHDC"
        codes = {r + s for r in ranks for s in suits}
        assert {code for code in codes if f'"{code}"' in text} == set(shown)
        assert len(d["dealer"]) <= 1
    assert c.get(api(game, "state")).json() == before  # nothing stored, no chip moved


def test_a_spot_asked_for_by_its_cell(tmp_path: Path) -> None:
    c = game_client(tmp_path / "g.sqlite3")
    res = c.get(api("classic", "drill"), params={"row": "pair 8,8", "column": "T"})
    assert res.status_code == 200, res.text
    d = res.json()
    assert [x[0] for x in d["cards"]] == ["8", "8"] and d["dealer"][0][0] in "TJQK"
    assert "split" in d["legal"]


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({"row": "pair 8,8", "column": "11"}, "bad_spot"),
        ({"row": "hard 99", "column": "T"}, "bad_spot"),
        ({"row": "pair 8,8"}, "bad_request"),
        ({"row": "hard 21", "column": "T"}, "no_spot"),
    ],
)
def test_a_bad_spot_is_refused(params: dict[str, str], code: str, tmp_path: Path) -> None:
    c = game_client(tmp_path / "g.sqlite3")
    res = c.get(api("classic", "drill"), params=params)
    assert res.status_code == 422 and res.json()["error"]["code"] == code, res.text


def test_kampung_has_no_drill(tmp_path: Path) -> None:
    c = game_client(tmp_path / "g.sqlite3")
    res = c.get(api("kampung", "drill"))
    assert res.status_code == 404 and res.json()["error"]["code"] == "not_found"


@pytest.mark.rule("H9")
def test_the_drill_follows_the_house_played(tmp_path: Path) -> None:
    """A house whose dealer hits soft 17 prices the spot by its own rules and is named."""
    from banluck.games.blackjack.rules import PRESETS
    from banluck.games.blackjack.strategy.solver import counts_of, rank_index, solve
    from banluck.games.house import read_house

    c = game_client(tmp_path / "g.sqlite3")
    cell = {"row": "hard 16", "column": "6"}  # the dealer's 6 and an ace: a soft 17
    assert c.get(api("classic", "drill"), params=cell).json()["house"] is None
    house = {"base": "classic", "name": "Soft 17", "rules": {"dealer_hits_soft_17": True}}
    assert c.put(api("classic", "settings"), json={"house": house}).status_code == 200
    d = c.get(api("classic", "drill"), params=cell).json()
    assert d["house"] == "Soft 17"
    counts = counts_of([parse_card(x) for x in d["cards"]])
    up = rank_index(parse_card(d["dealer"][0]))
    played = solve(read_house(house).record()).actions(counts, up)
    preset_values = solve(PRESETS["classic"]).actions(counts, up)
    assert d["ev"]["stand"] == pytest.approx(played["stand"], abs=1e-12)
    assert abs(played["stand"] - preset_values["stand"]) > 1e-4


def test_the_hint_names_the_cell_of_the_choice(tmp_path: Path) -> None:
    c = game_client(tmp_path / "g.sqlite3")
    t = deal(c, "classic", bet=100)["table"]
    hint = c.get(api("classic", "hint"), params={"hand": t["hand"], "step": t["step"]}).json()
    cell = hint["cell"]
    assert cell is not None and cell["column"] in "23456789TA"
    chart_now = c.get(api("classic", "chart"), params={"hand": t["hand"], "step": t["step"]})
    assert chart_now.json()["current"] == cell


def test_a_spot_that_is_never_a_choice_is_found_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """L-c: infinite's soft 21 stands by itself; the first ask finds it out (about half a
    second), every later ask is refused at once, nothing dealt."""
    from banluck.core.refusal import Refusal
    from banluck.games import drill

    cell = next(c for c in cells("infinite") if c[0] == "soft 21")
    with pytest.raises(Refusal) as e:
        spot("infinite", cell)
    assert e.value.code == "no_spot"

    def dealt(*args: object) -> None:
        raise AssertionError("a spot known never to be a choice was dealt again")

    monkeypatch.setattr(drill.Dealer, "_compositions", dealt)
    with pytest.raises(Refusal) as again:
        spot("infinite", cell, seed=5)
    assert again.value.code == "no_spot"


@pytest.mark.slow
def test_one_players_drills_are_one_at_a_time_and_a_few_a_second(tmp_path: Path) -> None:
    """A burst of 40, then 4 a second, per player: the allowance's clock is held still so
    the answer does not depend on how fast this machine asks."""
    from fastapi.testclient import TestClient

    from tests.web.helpers import client_for

    c = client_for(tmp_path / "d.sqlite3")
    now = [100.0]
    c.app.state.drills.allowance.clock = lambda: now[0]  # type: ignore[attr-defined]
    statuses = [c.get("/api/games/one-on-one/drill").status_code for _ in range(41)]
    assert statuses == [200] * 40 + [429]
    now[0] += 0.5  # half a second: two more
    statuses = [c.get("/api/games/one-on-one/drill").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    other = TestClient(c.app)  # another player (a cookie of its own) is not held
    assert other.get("/api/games/one-on-one/drill").status_code == 200
