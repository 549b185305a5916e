"""House rules at the solo Ban Luck table (HOUSE_RULES.md H2, H3, H4): the house is a
setting, played from the next hand (the hand in play keeps its own), its deck count from the
next shuffle; a finished hand's replay names the house and ``banluck replay`` settles it
alike; a bad house is refused naming its field and changes nothing; a saved house that no
longer passes its checks is set aside with a notice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from banluck.games.banluck.strategy.hint import hint_for
from banluck.games.house import read_house
from banluck.replay import replay_hand
from tests.web.games_helpers import api, deal, game_client
from tests.web.helpers import TestClient

Json = dict[str, Any]
GRANDMA = {
    "base": "table",
    "name": "Grandma's table",
    "rules": {"five_card_bust": 1, "seven_seven_seven": 7, "bet_min": 20, "bet_max": 300},
}


def put(c: TestClient, game: str, body: Json) -> Any:
    return c.put(api(game, "settings"), json=body)


def finish(c: TestClient, game: str, state: Json) -> Json:
    """Stand (or hit where standing is not allowed) until the hand is over."""
    while not state["table"]["over"]:
        t = state["table"]
        legal = t["legal"]
        action = "stand" if "stand" in legal else "hit"
        res = c.post(
            api(game, "action"), json={"action": action, "hand": t["hand"], "step": t["step"]}
        )
        assert res.status_code == 200, res.text
        state = res.json()
    return state


@pytest.mark.rule("H2")
@pytest.mark.parametrize("game", ["table", "one-on-one"])
def test_a_house_is_played_and_named_in_the_hands_replay(game: str, tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3", seed=5)
    house = {**GRANDMA, "base": game}
    r = put(c, game, {"house": house})
    assert r.status_code == 200, r.text
    chosen = r.json()["player"]["settings"]["house"]
    assert chosen["name"] == "Grandma's table" and chosen["rules"]["five_card_bust"] == 1
    assert r.json()["limits"]["bet_min"] == 20 and r.json()["limits"]["bet_max"] == 300
    for _ in range(4):
        finish(c, game, deal(c, game, bet=100))
    hands = c.get(api(game, "history")).json()["hands"]
    assert len(hands) == 4
    for h in hands:
        entry = c.get(api(game, f"history/{h['hand']}")).json()
        replay = entry["replay"]
        assert "preset" not in replay and replay["house"]["name"] == "Grandma's table"
        assert replay["house"]["rules"]["seven_seven_seven"] == 7
        assert entry["result"]["house"]["rules"]["five_card_bust"] == 1
        assert replay_hand(replay) == entry["result"]  # the house settles it alike


@pytest.mark.rule("H3")
def test_a_house_chosen_during_a_hand_plays_from_the_next(tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3", seed=12)
    state = deal(c, "table", bet=400)
    assert not state["table"]["over"], "the seed deals a hand that waits for you"
    r = put(c, "table", {"house": GRANDMA})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["table"] == state["table"]  # the hand in play is untouched
    finish(c, "table", after)
    first = c.get(api("table", "history/1")).json()
    assert first["replay"]["preset"] == "table" and "house" not in first["replay"]
    # the next deal is the house's: its bet range
    nxt = c.get(api("table", "state")).json()
    assert nxt["player"]["last_bet"] == 300  # the last bet, brought into the house's range
    refused = c.post(api("table", "deal"), json={"hand": nxt["next_hand"], "bet": 400})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_bet"
    finish(c, "table", deal(c, "table", bet=20))
    assert c.get(api("table", "history/2")).json()["replay"]["house"]["name"] == GRANDMA["name"]
    # back to the preset's own rules
    r = put(c, "table", {"house": None})
    assert "house" not in r.json()["player"]["settings"] and r.json()["limits"]["bet_max"] == 500


@pytest.mark.rule("H3")
def test_a_houses_deck_count_plays_from_the_next_shuffle(tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3", seed=3)
    rules: dict[str, Any] = {"decks": 5, "shuffle_every_hand": True}
    house = {"base": "table", "rules": rules}
    # the shoe made for the next hand, not dealt from yet, is made again of the house's count
    r = put(c, "table", {"house": house}).json()
    assert r["player"]["settings"]["decks"] == 5 and r["player"]["pending_decks"] is None
    assert r["player"]["decks_in_play"] == 5 and r["fair"]["decks"] == 5
    state = finish(c, "table", deal(c, "table", bet=100))
    codes = [n["code"] for n in state["player"]["notices"]]
    assert "decks_changed" in codes
    # once dealt from, a shoe keeps its count until its shuffle (the house shuffles every
    # hand: the next hand's shoe is made as this one ends, of the count chosen)
    r = put(c, "table", {"house": {**house, "rules": {**rules, "decks": 3}}}).json()
    assert r["player"]["pending_decks"] is None and r["player"]["decks_in_play"] == 3
    # the Decks setting is the house's own field while a house is played
    r = put(c, "table", {"decks": 7}).json()
    assert r["player"]["settings"]["house"]["rules"]["decks"] == 7
    bad = put(c, "table", {"house": house, "decks": 2})
    assert bad.status_code == 422 and bad.json()["error"]["params"]["field"] == "decks"


@pytest.mark.rule("H1")
@pytest.mark.parametrize(
    ("house", "field"),
    [
        ({"base": "table", "rules": {"five_card_bust": 9}}, "five_card_bust"),
        ({"base": "table", "rules": {"bet_min": 400, "bet_max": 300}}, "bet_max"),
        ({"base": "kampung"}, "base"),
        ({"base": "table", "rules": {"ace_two_cards": []}}, "ace_two_cards"),
        ([1, 2], None),
    ],
)
def test_a_bad_house_is_refused_and_changes_nothing(
    house: object, field: str | None, tmp_path: Path
) -> None:
    c = game_client(tmp_path / "s.sqlite3")
    put(c, "table", {"speed": "fast"})
    before = _table_record(c)
    r = put(c, "table", {"house": house, "speed": "slow"})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "bad_settings" and error["params"]["house_field"] == field
    assert _table_record(c) == before


def test_a_saved_house_that_no_longer_passes_is_set_aside_with_a_notice(tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3")
    put(c, "table", {"house": {"base": "table", "rules": {"decks": 6, "bet_min": 50}}})
    state = finish(c, "table", deal(c, "table", bet=200))
    data = _table_record(c)
    # a later version narrowed a field: the saved house fails its checks
    data["settings"]["house"]["rules"]["five_card_bust"] = 9
    _write_table_record(c, data)
    got = c.get(api("table", "state")).json()
    assert "house" not in got["player"]["settings"]
    assert got["player"]["settings"]["decks"] == 2  # the preset's own count
    assert got["player"]["notices"][-1]["code"] == "house_set_aside"
    assert got["table"] == state["table"]  # the last hand, dealt under the house, still shows
    finish(c, "table", deal(c, "table", bet=10))  # the preset's bet range again


def test_the_hint_follows_the_house_being_played(tmp_path: Path) -> None:
    house = {"base": "table", "rules": {"free_hand": False, "dealer_stands_on": 18}}
    c = game_client(tmp_path / "s.sqlite3", seed=11)
    put(c, "table", {"house": house})
    for _ in range(20):
        state = deal(c, "table", bet=100)
        t = state["table"]
        if not t["over"] and len(t["legal"]) > 1:
            break
        finish(c, "table", state)
    else:
        pytest.fail("no hand waited for a choice")
    res = c.get(api("table", "hint"), params={"hand": t["hand"], "step": t["step"]})
    assert res.status_code == 200, res.text
    rules = read_house(house).record()
    you = next(s for s in t["seats"] if s["name"] == "you")
    from banluck.core.cards import parse_card

    cards = tuple(parse_card(x) for x in you["cards"])
    want = hint_for(rules, cards, None, frozenset(_actions(t["legal"])))
    assert res.json()["best"] == want.best.value
    assert res.json()["ev"] == pytest.approx({a.value: float(v) for a, v in want.ev.items()})
    assert "throw" not in res.json()["ev"]  # the house has no free hand (T16)
    assert res.json()["house"]["rules"]["dealer_stands_on"] == 18  # H9: it says its house
    put(c, "table", {"house": None})  # from the next hand: the hand in play keeps its house
    res = c.get(api("table", "hint"), params={"hand": t["hand"], "step": t["step"]})
    assert res.json()["house"]["rules"]["dealer_stands_on"] == 18


def _actions(names: list[str]) -> list[Any]:
    from banluck.games.banluck import Action

    return [Action(n) for n in names]


def _table_record(c: TestClient) -> Any:
    import json

    from tests.web.helpers import db_key

    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.reading() as tx:
        return json.loads(tx.load_player(db_key(c)))


def _write_table_record(c: TestClient, data: Any) -> None:
    import json

    from tests.web.helpers import db_key

    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.transaction() as tx:
        tx.save_player(db_key(c), json.dumps(data))


@pytest.mark.rule("H9")
def test_the_strategy_chart_is_the_house_being_played(tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3")
    own = c.get(api("table", "chart")).json()
    assert "house" not in own
    house = {"base": "table", "name": "Hard dealer", "rules": {"dealer_stands_on": 18}}
    put(c, "table", {"house": house})
    got = c.get(api("table", "chart")).json()
    assert got["house"]["name"] == "Hard dealer"
    assert got["house"]["rules"]["dealer_stands_on"] == 18
    from banluck.games.banluck.catalog import chart as banluck_chart

    want = banluck_chart("table", 2, read_house(house))
    assert got["cells"] == want["cells"] and got["cells"] != own["cells"]


@pytest.mark.rule("H9")
def test_the_lobby_shows_the_edge_of_your_house(tmp_path: Path) -> None:
    from banluck.games.banluck.catalog import house_edge

    c = game_client(tmp_path / "s.sqlite3")
    before = {g["name"]: g for g in c.get("/api/games").json()["games"]}
    assert before["table"]["house"] is None
    put(c, "table", {"house": GRANDMA})
    after = {g["name"]: g for g in c.get("/api/games").json()["games"]}
    assert after["table"]["house"]["name"] == GRANDMA["name"]
    want = house_edge(read_house(GRANDMA))
    assert after["table"]["house_edge"] == pytest.approx(want, abs=1e-12)
    assert after["table"]["house_edge"] != before["table"]["house_edge"]
    assert after["one-on-one"] == before["one-on-one"]


def test_the_house_form_lists_every_field_with_its_base_values(tmp_path: Path) -> None:
    from banluck.games.banluck.house import FIELDS

    c = game_client(tmp_path / "s.sqlite3")
    got = c.get("/api/houses/fields", params={"base": "one-on-one"}).json()
    assert [f["name"] for f in got["fields"]] == [f.name for f in FIELDS]
    assert got["defaults"]["dealer_up_card"] is True and got["defaults"]["decks"] == 1
    assert {f["group"] for f in got["fields"]} == {
        "cards",
        "deal",
        "specials",
        "dealer",
        "ties",
        "bets",
    }
    assert all(f["cites"] for f in got["fields"])
    state = c.get(api("table", "state")).json()
    assert state["features"]["house"] is True
    bad = c.get("/api/houses/fields", params={"base": "nowhere"})
    assert bad.status_code == 422 and bad.json()["error"]["params"]["house_field"] == "base"


NO_BURN = {"base": "kampung", "name": "No burn", "rules": {"burn": False, "bet_min": 20}}


@pytest.mark.rule("H2")
@pytest.mark.slow
def test_a_kampung_house_is_played_and_named_in_the_hands_replay(tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3", seed=9)
    r = put(c, "kampung", {"house": NO_BURN, "bank": "rotate"})
    assert r.status_code == 200, r.text
    assert r.json()["player"]["settings"]["house"]["rules"]["burn"] is False
    assert r.json()["limits"]["bet_min"] == 20
    for _ in range(6):
        state = c.get(api("kampung", "state")).json()
        you_bank = state["player"]["banker"] == "you"
        state = deal(c, "kampung", **({} if you_bank else {"bet": 20}))
        while not state["table"]["over"]:
            t = state["table"]
            assert "burn" not in t["legal"]  # K7 / K10: no burn in this house
            action = "stand" if "stand" in t["legal"] else t["legal"][0]
            res = c.post(
                api("kampung", "action"),
                json={"action": action, "hand": t["hand"], "step": t["step"]},
            )
            assert res.status_code == 200, res.text
            state = res.json()
    for h in c.get(api("kampung", "history")).json()["hands"]:
        entry = c.get(api("kampung", f"history/{h['hand']}")).json()
        assert entry["replay"]["house"]["name"] == "No burn" and "preset" not in entry["replay"]
        assert replay_hand(entry["replay"]) == entry["result"]
    lobby = {g["name"]: g for g in c.get("/api/games").json()["games"]}
    assert lobby["kampung"]["house"]["name"] == "No burn"
    assert lobby["kampung"]["house_edge"] is None  # kampung's edge is simulated, not solved


@pytest.mark.rule("H1")
def test_a_kampung_table_refuses_another_games_house(tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3")
    r = put(c, "kampung", {"house": GRANDMA})
    assert r.status_code == 422 and r.json()["error"]["params"]["house_field"] == "base"
    r = put(c, "kampung", {"house": {"base": "kampung", "rules": {"decks": 3}}})
    assert r.json()["player"]["settings"]["decks"] == 3
    state = deal(c, "kampung", bet=100)
    assert state["player"]["decks_in_play"] == 3  # kampung: a deck count brings its shoe now


def _kampung_choice(c: TestClient) -> Json:
    """Deal until a hand waits for the person's choice; its table."""
    for _ in range(20):
        t: Json = deal(c, "kampung", bet=20)["table"]
        if not t["over"]:
            return t
    pytest.fail("no hand waited for a choice")


@pytest.mark.rule("H9")
@pytest.mark.slow
def test_a_kampung_house_gets_the_hint_of_its_own_solve(tmp_path: Path) -> None:
    """7-7-7 paying 3 and a banker's licence of 15: a house gets a Hint
    (its figures are the house's own solve's: ``tests/games/kampung/test_houses.py``)."""
    from banluck.games.kampung.bots.shipped import is_shipped

    c = game_client(tmp_path / "s.sqlite3", seed=2)
    house = {"base": "kampung", "rules": {"seven_seven_seven": 3, "banker_must_draw_under": 15}}
    put(c, "kampung", {"house": house})
    rules = read_house(house).record()
    assert not is_shipped(rules)
    t = _kampung_choice(c)
    res = c.get(api("kampung", "hint"), params={"hand": t["hand"], "step": t["step"]})
    assert res.status_code == 200, res.text
    assert set(res.json()["ev"]) == set(t["legal"])
    assert res.json()["best"] in t["legal"]
    assert res.json()["house"]["rules"]["seven_seven_seven"] == 3  # H9: the house it is for


H17 = {"base": "classic", "name": "Soft 17", "rules": {"dealer_hits_soft_17": True, "decks": 6}}


@pytest.mark.rule("H3")
def test_a_blackjack_house_plays_from_the_next_deal_with_a_shoe_of_its_own(tmp_path: Path) -> None:
    c = game_client(tmp_path / "s.sqlite3", seed=4)
    first = deal(c, "classic", bet=100)
    r = put(c, "classic", {"house": H17})
    assert r.status_code == 200, r.text
    assert r.json()["player"]["settings"]["house"]["rules"]["decks"] == 6
    assert r.json()["table"] == first["table"]  # the hand in play keeps its rules
    state = r.json()
    while not state["table"]["over"]:
        t = state["table"]
        res = c.post(
            api("classic", "action"), json={"action": "stand", "hand": t["hand"], "step": t["step"]}
        )
        assert res.status_code == 200, res.text
        state = res.json()
    assert c.get(api("classic", "history/1")).json()["replay"]["preset"] == "classic"
    state = deal(c, "classic", bet=100)
    assert state["table"]["shoe"]["cards_left"] > 6 * 52 - 20  # a new six-deck shoe
    assert "reshuffled" in [n["code"] for n in state["player"]["notices"]]
    while not state["table"]["over"]:
        t = state["table"]
        res = c.post(
            api("classic", "action"), json={"action": "stand", "hand": t["hand"], "step": t["step"]}
        )
        state = res.json()
    entry = c.get(api("classic", "history/2")).json()
    assert entry["replay"]["house"]["name"] == "Soft 17" and "preset" not in entry["replay"]
    assert replay_hand(entry["replay"]) == entry["result"]
    chart = c.get(api("classic", "chart")).json()
    assert chart["house"]["rules"]["dealer_hits_soft_17"] is True
    lobby = {g["name"]: g for g in c.get("/api/games").json()["games"]}
    from banluck.games.blackjack.strategy.solver import solve as bj_solve

    want = bj_solve(read_house(H17).record()).house_edge
    assert lobby["classic"]["house_edge"] == pytest.approx(want, abs=1e-12)
    bad = put(c, "classic", {"house": H17, "decks": 2})
    assert bad.status_code == 422 and bad.json()["error"]["params"]["fields"] == ["decks"]


def test_a_saved_blackjack_house_that_no_longer_passes_is_set_aside(tmp_path: Path) -> None:
    from tests.web.games_helpers import stored, write_record

    c = game_client(tmp_path / "s.sqlite3")
    put(c, "infinite", {"house": {"base": "infinite", "rules": {"splits": 2}}})
    data = stored(c, "infinite")
    data["settings"]["house"]["rules"]["splits"] = 7  # a later version narrowed the field
    write_record(c, "infinite", data)
    got = c.get(api("infinite", "state")).json()
    assert "house" not in got["player"]["settings"]
    assert got["player"]["notices"][-1]["code"] == "house_set_aside"
    deal(c, "infinite", bet=10)  # the game's own rules play
