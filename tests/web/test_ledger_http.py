"""The ledger's page and its two answers (docs/API.md, "Ledger"): the settlement table of a
house, as the family's ``settlement_table`` makes it, and who pays whom."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from banluck.games.banluck.ledger import settle_hand
from banluck.games.kampung.ledger import settle_hand as kampung_hand
from banluck.games.named_houses import named_house
from banluck.ledger.book import read_book, settle_book, settled_json
from banluck.ledger.transfers import fewest
from banluck.web.app import create_app
from banluck.web.clients import LEDGER_BURST
from banluck.web.ledger.http import SHARED_PER_PLAYER
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
    for house in ("classic", "nowhere", {"base": "table", "rules": {"ban_ban": 99}}, None):
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
    assert "kampung-no-burn" in ids and "xi-dach" in ids and "six-deck-six-five" not in ids
    assert len(ids) == len(set(ids))  # Xì Dách once: its game is its named house
    for h in houses:  # every one of them gives a table
        assert c.post("/api/ledger/table", json={"house": h["id"]}).status_code == 200


def test_a_kampung_table_offers_its_ends_and_leaves_the_settling_to_the_server(
    tmp_path: Path,
) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    body = c.post("/api/ledger/table", json={"house": "xi-dach"}).json()
    assert body["house"]["name"] == "Xì Dách" and body["multiples"] is None
    assert "non" in body["seat_ends"] and "heavy-bust" in body["banker_ends"]
    assert body["seat_extras"] == {"opened_at": [16, 17, 18, 19, 20, 21]}
    assert body["bank_passes_every"] == 5  # K2: the page passes the bank on by it
    assert "bank_passes_every" not in c.post("/api/ledger/table", json={"house": "table"}).json()


def test_hands_sent_are_settled_each_by_the_houses_own_rules(tmp_path: Path) -> None:
    c = game_client(tmp_path / "save.sqlite3")
    hands: list[dict[str, Any]] = [
        {  # X9 / X10: Ann's non loses her bet and pays back Ben's win, up to her cap
            "banker": "Mum",
            "bets": {"Ann": 10, "Ben": 10, "Cy": 10},
            "ends": {"Mum": "20", "Ann": "non", "Ben": "21", "Cy": {"end": "19", "opened_at": 17}},
        },
        {"banker": "Ann", "bets": {"Mum": 5}, "ends": {"Ann": "bust", "Mum": "lost"}},
        {"banker": "Ann", "bets": {"Mum": 5}, "ends": {"Ann": "18"}},
    ]
    got = c.post("/api/ledger/hands", json={"house": "xi-dach", "hands": hands})
    assert got.status_code == 200
    first, lost, no_end = got.json()["hands"]
    rules = named_house("xi-dach").record()
    assert first == {"nets": kampung_hand(rules, "Mum", hands[0]["bets"], hands[0]["ends"])}
    assert sum(first["nets"].values()) == 0 and first["nets"]["Ann"] < -10
    assert lost["who"] == "Mum" and "loses" in lost["error"]
    assert no_end["who"] == "Mum" and "has a bet but no end" in no_end["error"]
    for body in (
        {"house": "xi-dach", "hands": []},
        {"house": "xi-dach", "hands": hands * 100},
        {"house": "classic", "hands": hands},
        {"house": "xi-dach"},
    ):
        refused = c.post("/api/ledger/hands", json=body)
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_ledger"


EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "ledger.json").read_text())


def two_phones(tmp_path: Path) -> tuple[TestClient, TestClient]:
    """The phone that enters the hands and a relative's, on one server."""
    app = create_app(tmp_path / "save.sqlite3", host_names=["testserver"])
    return TestClient(app), TestClient(app)


def test_a_shared_ledger_is_settled_for_anyone_with_its_link(tmp_path: Path) -> None:
    banker, relative = two_phones(tmp_path)
    first = {**EXAMPLE, "hands": EXAMPLE["hands"][:10]}
    made = banker.post("/api/ledgers", json={"ledger": first})
    assert made.status_code == 200, made.text
    code, link = made.json()["code"], made.json()["link"]
    assert link == f"/ledger/{code}" and made.json()["version"] == 1
    seen = relative.get(f"/api/ledgers/{code}").json()
    expected = settled_json(read_book(first), settle_book(read_book(first)))
    assert seen["version"] == 1 and {k: seen[k] for k in expected} == expected
    assert seen["house"] == {
        "base": "table",
        "name": "The dealer wins ties",
        "id": "dealer-wins-ties",
    }
    # the banker's phone sends the next version; the relative sees it
    assert banker.put(f"/api/ledgers/{code}", json={"version": 1, "ledger": EXAMPLE}).json() == {
        "version": 2
    }
    seen = relative.get(f"/api/ledgers/{code}").json()
    assert seen["version"] == 2 and len(seen["hands"]) == len(EXAMPLE["hands"])
    page = relative.get(link)
    assert page.status_code == 200 and 'src="/static/ledger/view.js"' in page.text
    qr = relative.get(f"{link}/qr.svg")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")


def test_only_the_sharing_phone_changes_it_and_only_from_the_latest_version(
    tmp_path: Path,
) -> None:
    banker, relative = two_phones(tmp_path)
    code = banker.post("/api/ledgers", json={"ledger": EXAMPLE}).json()["code"]
    before = relative.get(f"/api/ledgers/{code}").json()
    got = relative.put(f"/api/ledgers/{code}", json={"version": 1, "ledger": EXAMPLE})
    assert got.status_code == 403 and got.json()["error"]["code"] == "forbidden"
    got = banker.put(f"/api/ledgers/{code}", json={"version": 7, "ledger": EXAMPLE})
    assert got.status_code == 409 and got.json()["error"]["params"] == {"version": 1}
    bad = {**EXAMPLE, "hands": [{"banker": "Mum", "ends": {"Mum": "18"}}]}
    got = banker.put(f"/api/ledgers/{code}", json={"version": 1, "ledger": bad})
    assert got.status_code == 422 and got.json()["error"]["code"] == "bad_ledger"
    assert relative.get(f"/api/ledgers/{code}").json() == before  # nothing changed
    for path in ("/api/ledgers/nope", "/ledger/nope", f"/api/ledgers/{'x' * 16}"):
        assert relative.get(path).status_code == 404


def test_the_entering_phone_hands_the_ledger_to_another_which_alone_enters_from_then(
    tmp_path: Path,
) -> None:
    banker, next_banker = two_phones(tmp_path)
    onlooker = TestClient(next_banker.app)
    code = banker.post("/api/ledgers", json={"ledger": EXAMPLE}).json()["code"]
    # only the phone that enters it hands it over
    got = next_banker.post(f"/api/ledgers/{code}/pass")
    assert got.status_code == 403 and got.json()["error"]["code"] == "forbidden"
    passed = banker.post(f"/api/ledgers/{code}/pass").json()
    key = passed["key"]
    assert passed["link"] == f"/ledger?take={code}&key={key}"
    qr = banker.get(f"/ledger/{code}/pass.svg", params={"key": key})
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    # a wrong key takes nothing
    for wrong in ("x" * 22, key[:-1], None):
        got = next_banker.post(f"/api/ledgers/{code}/take", json={"key": wrong})
        assert got.status_code == 403, wrong
    taken = next_banker.post(f"/api/ledgers/{code}/take", json={"key": key})
    assert taken.status_code == 200
    assert taken.json() == {"code": code, "version": 2, "ledger": EXAMPLE}
    # the next banker's phone enters from now on; the first phone's changes are refused
    got = banker.put(f"/api/ledgers/{code}", json={"version": 2, "ledger": EXAMPLE})
    assert got.status_code == 403
    got = next_banker.put(f"/api/ledgers/{code}", json={"version": 2, "ledger": EXAMPLE})
    assert got.json() == {"version": 3}
    # the key was the first phone's: it hands nothing over again (one phone enters at a time)
    got = onlooker.post(f"/api/ledgers/{code}/take", json={"key": key})
    assert got.status_code == 403
    assert banker.get(f"/ledger/{code}/pass.svg", params={"key": key}).status_code == 403
    # taken twice by the same phone: nothing changes
    again = next_banker.post(f"/api/ledgers/{code}/take", json={"key": key}).json()
    assert again["version"] == 3


def test_a_live_view_is_told_each_new_version_over_its_socket(tmp_path: Path) -> None:
    banker, relative = two_phones(tmp_path)
    code = banker.post("/api/ledgers", json={"ledger": EXAMPLE}).json()["code"]
    relative.get(f"/ledger/{code}")  # the page's cookie
    page = {"origin": "http://testserver"}
    with relative.websocket_connect(f"/api/ledgers/{code}/live", headers=page) as live:
        assert live.receive_json() == {"version": 1}
        banker.put(f"/api/ledgers/{code}", json={"version": 1, "ledger": EXAMPLE})
        assert live.receive_json() == {"version": 2}  # at once, not at the next look
        banker.put(f"/api/ledgers/{code}", json={"version": 2, "ledger": EXAMPLE})
        assert live.receive_json() == {"version": 3}
    stranger = TestClient(relative.app)  # no page, no cookie: no socket
    for client, path, headers, closed in (
        (relative, f"/api/ledgers/{'x' * 16}/live", page, 4404),
        (stranger, f"/api/ledgers/{code}/live", page, 1008),
        (relative, f"/api/ledgers/{code}/live", {"origin": "http://evil.example"}, 1008),
    ):
        with (
            pytest.raises(WebSocketDisconnect) as gone,
            client.websocket_connect(path, headers=headers) as live,
        ):
            live.receive_json()
        assert gone.value.code == closed, path


def test_a_browser_shares_a_bounded_number_of_bounded_ledgers(tmp_path: Path) -> None:
    banker, _ = two_phones(tmp_path)
    big = {**EXAMPLE, "hands": EXAMPLE["hands"] * 200}
    assert banker.post("/api/ledgers", json={"ledger": big}).status_code == 413
    fits = {**EXAMPLE, "hands": EXAMPLE["hands"] * 20}  # 480 hands: about 55 KB
    for _ in range(SHARED_PER_PLAYER):
        assert banker.post("/api/ledgers", json={"ledger": fits}).status_code == 200
    got = banker.post("/api/ledgers", json={"ledger": EXAMPLE})
    assert got.status_code == 409 and got.json()["error"]["code"] == "too_many_ledgers"


def test_one_address_writes_ledgers_at_a_bounded_pace(tmp_path: Path) -> None:
    banker, _ = two_phones(tmp_path)
    code = banker.post("/api/ledgers", json={"ledger": EXAMPLE}).json()["code"]
    version = 1
    for _ in range(LEDGER_BURST - 1):
        got = banker.put(f"/api/ledgers/{code}", json={"version": version, "ledger": EXAMPLE})
        assert got.status_code == 200
        version = got.json()["version"]
    got = banker.put(f"/api/ledgers/{code}", json={"version": version, "ledger": EXAMPLE})
    assert got.status_code == 429 and got.json()["error"]["code"] == "rate_limited"
    assert banker.get(f"/api/ledgers/{code}").json()["version"] == version  # nothing written
