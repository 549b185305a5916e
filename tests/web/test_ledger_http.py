"""The ledger's page and its two answers (docs/API.md, "Ledger"): the settlement table of a
house, as the family's ``settlement_table`` makes it, and who pays whom."""

from __future__ import annotations

from pathlib import Path

from banluck.games.banluck.ledger import settle_hand
from banluck.games.named_houses import named_house
from banluck.ledger.transfers import fewest
from tests.web.games_helpers import game_client


def test_the_page_is_served_and_kept_for_use_without_a_connection(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    page = c.get("/ledger")
    assert page.status_code == 200 and 'src="/static/ledger/ledger.js"' in page.text
    worker = c.get("/sw.js").text
    assert '"/ledger"' in worker and '"/static/ledger/ledger.js"' in worker


def test_the_table_is_the_houses_own_settlement_end_by_end(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    got = c.post("/api/ledger/table", json={"house": "lucky-sevens"})
    assert got.status_code == 200
    body = got.json()
    assert body["house"]["name"] == "Lucky sevens"
    rules = named_house("lucky-sevens").record()
    assert "7-7-7" in body["seat_ends"] and "void" in body["banker_ends"]
    for i, seat in enumerate(body["seat_ends"]):
        for j, bank in enumerate(body["banker_ends"]):
            m = body["multiples"][i][j]
            if m is None:
                assert (seat, bank) == ("lost", "bust")
                continue
            assert m == settle_hand(rules, "B", {"S": 1}, {"B": bank, "S": seat})["S"]
    seven = body["multiples"][body["seat_ends"].index("7-7-7")]
    assert seven[body["banker_ends"].index("19")] == 7  # H5: 7 to 1 in this house
    assert seven[body["banker_ends"].index("21")] == 0  # a push against 21


def test_a_house_the_ledger_does_not_keep_is_refused(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    for house in ("kampung", "nowhere", {"base": "table", "rules": {"ban_ban": 99}}, None):
        got = c.post("/api/ledger/table", json={"house": house})
        assert got.status_code == 422
        assert got.json()["error"]["code"] == "bad_ledger"


def test_who_pays_whom_is_the_fewest_transfers(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    nets = {"a": -8, "b": 6, "c": -2, "d": 3, "e": 4, "f": -3}
    got = c.post("/api/ledger/transfers", json={"nets": nets})
    assert got.status_code == 200
    assert got.json()["transfers"] == [
        {"from": t.giver, "to": t.taker, "amount": t.amount} for t in fewest(nets)
    ]
    assert len(got.json()["transfers"]) == 4


def test_nets_that_cannot_be_settled_are_refused(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    for nets in (
        {"a": 1},
        {"a": 1.5, "b": -1.5},
        {"a": True, "b": -1},
        [1, -1],
        {f"p{i}": 0 for i in range(41)},
        {"": 0},
        {"a": 10**13, "b": -(10**13)},
    ):
        got = c.post("/api/ledger/transfers", json={"nets": nets})
        assert got.status_code == 422, nets
        assert got.json()["error"]["code"] == "bad_ledger"


def test_the_houses_offered_are_those_of_the_games_the_ledger_keeps(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    houses = c.get("/api/ledger/houses").json()["houses"]
    ids = [h["id"] for h in houses]
    assert ids[:2] == ["table", "one-on-one"]
    assert "dealer-wins-ties" in ids and "lucky-sevens" in ids
    assert "kampung-no-burn" not in ids and "six-deck-six-five" not in ids
    for h in houses:  # every one of them gives a table
        assert c.post("/api/ledger/table", json={"house": h["id"]}).status_code == 200
