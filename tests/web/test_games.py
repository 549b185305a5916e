"""Every game in the browser (issue 10) and you as the banker (issue 9 item 5): the lobby,
per-game sessions and stacks, restarts mid-hand (a split included), stale steps, the
history's replays, statistics and charts."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from banluck.games.banluck import preset
from banluck.games.banluck.strategy.solver import solve
from banluck.games.blackjack.rules import PRESETS
from banluck.games.blackjack.strategy import solver as bj_solver
from banluck.games.drivers import house_base, own_house
from banluck.games.registry import GAMES, driver_class
from banluck.replay import replay_text
from banluck.store import Store
from tests.web.games_helpers import (
    Json,
    act,
    api,
    deal,
    game_client,
    rig_kampung,
    stored,
    write_record,
)
from tests.web.helpers import db_key, player_id

# classic (C2): you 8D 8C, anna TH 6C, ben JS 5H, dealer 7S TD (17); then KC to your first
# split hand, 9C to the second (REPLAY.md's case split-same-rank).
CLASSIC_SPLIT = "8D TH JS 7S 8C 6C 5H TD KC 9C"
# infinite (I3): shared TS, up AH, shared 9D, hole 7C: everyone holds 19 against an ace.
INFINITE_ACE = "TS AH 9D 7C"
# kampung, the dealer banks (K5: you, anna, ben, then the dealer; twice): you TS 7H (17).
KAMPUNG_PLAYER = "TS 9C 8C 7S 7H 8D 9D TD 2C 2D 2H 2S"
BET_BODY: dict[str, dict[str, Any]] = {
    "table": {"bet": 100},
    "one-on-one": {"bet": 100},
    "classic": {"bet": 100},
    "infinite": {"bet": 100},
    "kampung": {"bet": 100},
    "xi-dach": {"bet": 100},
}


def _stand_or_any(rng: random.Random) -> Any:
    def choose(t: Json) -> str:
        legal: list[str] = t["legal"]
        return rng.choice(legal)

    return choose


def _play(c: Any, game: str, rng: random.Random) -> Json:
    state = deal(c, game, **BET_BODY[game])
    while not state["table"]["over"]:
        state = act(c, game, state, rng.choice(state["table"]["legal"]))
    return state


# ---------------------------------------------------------------------------- the lobby


def test_the_lobby_lists_every_game_with_its_exact_house_edge(db: Path) -> None:
    c = game_client(db)
    games = c.get("/api/games").json()["games"]
    assert [g["name"] for g in games] == list(GAMES)
    by = {g["name"]: g for g in games}
    for name in ("classic", "infinite"):
        assert by[name]["house_edge"] == pytest.approx(bj_solver.solve(PRESETS[name]).house_edge)
        assert by[name]["edge_source"] == "exact"
    assert by["classic"]["house_edge"] == pytest.approx(0.016407, abs=5e-7)  # BLACKJACK_ODDS.md
    assert by["infinite"]["house_edge"] == pytest.approx(0.004831, abs=5e-7)
    for name in ("table", "one-on-one"):
        assert by[name]["house_edge"] == pytest.approx(solve(preset(name)).house_edge, abs=1e-9)
    assert by["kampung"]["house_edge"] is None and by["kampung"]["edge_source"] == "none"
    for g in games:
        assert g["stack"] == 1000 and g["in_progress"] is False
        assert g["title"] == GAMES[g["name"]].title and g["family"] == GAMES[g["name"]].family
        assert g["path"] == f"/play/{g['name']}"


def test_every_game_has_its_page_and_an_unknown_one_is_404(db: Path) -> None:
    c = game_client(db)
    for name in GAMES:
        res = c.get(f"/play/{name}")
        assert res.status_code == 200 and "text/html" in res.headers["content-type"]
    assert c.get("/play/poker").status_code == 404
    res = c.get("/api/games/poker/state")
    assert res.status_code == 404 and res.json()["error"]["code"] == "not_found"


def test_the_lobby_shows_a_hand_in_progress_and_the_stack(db: Path, tmp_path: Path) -> None:
    c = game_client(db, shoes={"classic": CLASSIC_SPLIT}, tmp=tmp_path)
    deal(c, "classic", bet=100)
    by = {g["name"]: g for g in c.get("/api/games").json()["games"]}
    assert by["classic"]["in_progress"] is True
    assert not any(by[n]["in_progress"] for n in GAMES if n != "classic")


# ---------------------------------------------------------------------------- sessions


def test_a_stack_in_one_game_is_untouched_by_play_in_another(db: Path) -> None:
    c = game_client(db, seed=3)
    rng = random.Random(3)
    for _ in range(3):
        _play(c, "classic", rng)
    classic = c.get(api("classic", "state")).json()["player"]["stacks"]["you"]
    for name in GAMES:
        if name != "classic":
            assert c.get(api(name, "state")).json()["player"]["stacks"]["you"] == 1000
            assert stored(c, name) is None or name == "table"
    _play(c, "kampung", rng)
    _play(c, "table", rng)
    assert c.get(api("classic", "state")).json()["player"]["stacks"]["you"] == classic
    assert c.get(api("infinite", "state")).json()["player"]["stacks"]["you"] == 1000
    # the old routes are the table game's
    assert c.get("/api/state").json()["player"] == c.get(api("table", "state")).json()["player"]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_deals_acts_and_settles(db: Path, game: str) -> None:
    c = game_client(db, seed=11)
    rng = random.Random(5)
    for _ in range(4):
        state = _play(c, game, rng)
        assert state["table"]["over"] and state["table"]["to_act"] is None
    hist = c.get(api(game, "history")).json()["hands"]
    assert [h["hand"] for h in hist] == [4, 3, 2, 1]
    stacks = c.get(api(game, "stats")).json()
    assert stacks["hands"] == 4 and stacks["won"] + stacks["lost"] + stacks["pushed"] == 4
    you = c.get(api(game, "state")).json()["player"]["stacks"]["you"]
    assert stacks["stacks"][-1] == you
    assert stacks["net"] == sum(h["net"] for h in hist)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_stale_step_or_hand_is_409_and_changes_nothing(
    db: Path, tmp_path: Path, game: str
) -> None:
    shoes = {"classic": CLASSIC_SPLIT, "kampung": KAMPUNG_PLAYER, "infinite": INFINITE_ACE}
    c = game_client(db, seed=2, shoes={k: v for k, v in shoes.items() if k == game}, tmp=tmp_path)
    rng = random.Random(9)
    state = deal(c, game, **BET_BODY[game])
    tries = 0
    while state["table"]["over"] and tries < 20:  # a natural: deal again
        state = deal(c, game, **BET_BODY[game])
        tries += 1
    t = state["table"]
    assert not t["over"]
    before = c.get(api(game, "state")).json()
    action = rng.choice(t["legal"])
    for hand, step in ((t["hand"], t["step"] + 1), (t["hand"] - 1, t["step"])):
        res = c.post(api(game, "action"), json={"action": action, "hand": hand, "step": step})
        assert res.status_code == 409 and res.json()["error"]["code"] == "stale"
    res = c.post(api(game, "deal"), json={**BET_BODY[game], "hand": state["next_hand"]})
    assert res.status_code == 409 and res.json()["error"]["code"] == "hand_in_progress"
    assert c.get(api(game, "state")).json() == before
    act(c, game, state, action)
    res = c.post(api(game, "action"), json={"action": action, "hand": t["hand"], "step": t["step"]})
    assert res.status_code == 409


@pytest.mark.parametrize(
    ("game", "body", "code"),
    [
        ("classic", {"bet": 5}, "bad_bet"),
        ("classic", {"bet": 100, "side_bets": {"pairs": 10}}, "bad_bet"),
        ("infinite", {"bet": 100, "side_bets": {"pairs": 500}}, "bad_bet"),
        ("infinite", {"bet": 0}, "bad_bet"),
        ("one-on-one", {"bet": 400}, "bad_bet"),
        ("kampung", {}, "bad_bet"),
        ("classic", {}, "bad_bet"),
    ],
)
def test_a_bad_bet_gives_the_rules_own_message(
    db: Path, game: str, body: dict[str, Any], code: str
) -> None:
    c = game_client(db)
    res = c.post(api(game, "deal"), json={**body, "hand": 1})
    assert res.status_code == 422, res.text
    err = res.json()["error"]
    assert err["code"] == code and err["message"] and "seat 'you'" not in err["message"]
    assert stored(c, game) is None


def test_one_on_one_needs_three_times_the_bet(db: Path) -> None:
    c = game_client(db)
    res = c.post(api("one-on-one", "deal"), json={"bet": 400, "hand": 1})
    assert res.status_code == 422 and "1200" in res.json()["error"]["message"].replace(",", "")


# ---------------------------------------------------------------------------- blackjack


@pytest.mark.rule("C6")
def test_classic_split_survives_a_restart_in_the_middle(db: Path, tmp_path: Path) -> None:
    c = game_client(db, shoes={"classic": CLASSIC_SPLIT}, tmp=tmp_path)
    state = deal(c, "classic", bet=100)
    t = state["table"]
    assert t["phase"] == "play" and "split" in t["legal"]
    assert t["seats"][0]["hands"][0]["cards"] == ["8D", "8C"]
    chart = c.get(api("classic", "chart"), params={"hand": t["hand"], "step": t["step"]}).json()
    assert chart["current"] == {"row": "pair 8,8", "column": "7"}
    state = act(c, "classic", state, "split")
    state = act(c, "classic", state, "stand")  # 8D KC
    assert state["table"]["current_hand"] == {"seat": "you", "index": 1}
    before = c.get(api("classic", "state")).json()
    pid = player_id(c)
    c.close()
    c2 = game_client(db, seed=77, cookie=pid)  # a new server on the same file
    assert c2.get(api("classic", "state")).json() == before
    state = act(c2, "classic", before, "stand")  # 8C 9C
    t = state["table"]
    assert t["over"]
    hands = t["seats"][0]["hands"]
    assert [h["cards"] for h in hands] == [["8D", "KC"], ["8C", "9C"]]
    assert [(h["result"], h["net"]) for h in hands] == [("win", 100), ("push", 0)]
    assert state["player"]["stacks"]["you"] == 1100
    entry = c2.get(api("classic", "history/1")).json()
    assert replay_text(json.dumps(entry["replay"])) == entry["result"]


@pytest.mark.rule("I4")
def test_infinite_insurance_and_side_bets(db: Path, tmp_path: Path) -> None:
    c = game_client(db, shoes={"infinite": INFINITE_ACE}, tmp=tmp_path)
    state = deal(c, "infinite", bet=100, side_bets={"pairs": 10, "lucky3": 5, "bust": 0})
    t = state["table"]
    assert t["phase"] == "insurance" and t["legal"] == ["decline", "insure"]
    assert t["dealer"]["cards"] == ["AH", None]
    hint = c.get(api("infinite", "hint"), params={"hand": t["hand"], "step": t["step"]}).json()
    assert set(hint["ev"]) == {"insure", "decline"} and hint["ev"]["decline"] == 0.0
    state = act(c, "infinite", state, "insure")
    t = state["table"]
    assert t["phase"] == "play" and "stand" in t["legal"] and t["seats"][0]["insurance"] == 50
    state = act(c, "infinite", state, "stand")
    t = state["table"]
    assert t["over"] and t["dealer"]["cards"][:2] == ["AH", "7C"]
    you = t["seats"][0]
    assert you["hands"][0]["result"] == "win"
    entry = c.get(api("infinite", "history/1")).json()
    replay = entry["replay"]
    assert replay["seats"][0]["insurance"] is True
    assert replay["seats"][0]["side_bets"] == {"pairs": 10, "lucky3": 5}
    assert replay_text(json.dumps(replay)) == entry["result"]
    assert entry["result"]["seats"][0]["net"] == you["net"]
    assert state["player"]["stacks"]["you"] == 1000 + you["net"]


def test_blackjack_has_no_settings_of_its_own_and_shares_the_language(db: Path) -> None:
    c = game_client(db)
    res = c.put(api("classic", "settings"), json={"decks": 1})
    assert res.status_code == 422 and res.json()["error"]["code"] == "bad_settings"
    res = c.put(api("classic", "settings"), json={"language": "zh", "speed": "fast"})
    assert res.status_code == 200
    assert res.json()["player"]["settings"] == {"language": "zh", "speed": "fast"}
    for name in GAMES:
        settings = c.get(api(name, "state")).json()["player"]["settings"]
        assert settings["language"] == "zh" and settings["speed"] == "fast"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_table_takes_the_settings_its_driver_offers_and_no_other(db: Path, name: str) -> None:
    """The settings a game's table keeps itself are its driver's (``SettingsSpec.table``):
    the page is offered house rules where the game takes them, and a setting only another
    game takes is refused here, by name, changing nothing."""
    c = game_client(db)
    offered = set(driver_class(name).settings_spec(name).table)
    before = c.get(api(name, "state")).json()
    assert before["features"]["house"] == ("house" in offered)
    for other in sorted({"bank", "decks", "house"} - offered):
        res = c.put(api(name, "settings"), json={other: 1})
        err = res.json()["error"]
        assert res.status_code == 422 and err["code"] == "bad_settings", err
        assert other in err["message"] and other in err["params"]["fields"], err
    assert c.get(api(name, "state")).json()["player"] == before["player"]


# ---------------------------------------------------------------------------- kampung


def test_kampung_as_a_player_against_the_bot_banker(db: Path, tmp_path: Path) -> None:
    c = game_client(db, shoes={"kampung": KAMPUNG_PLAYER}, tmp=tmp_path)
    state = deal(c, "kampung", bet=100)
    t = state["table"]
    assert t["banker"] == "dealer" and not t["you_bank"]
    assert t["to_act"] == "you" and t["legal"] == ["hit", "stand"]
    assert t["players"][0]["cards"] == ["TS", "7H"]
    assert t["bank"]["cards"] == [None, None]
    hint = c.get(api("kampung", "hint"), params={"hand": t["hand"], "step": t["step"]}).json()
    assert set(hint["ev"]) == {"hit", "stand"}
    state = act(c, "kampung", state, "stand")
    assert state["table"]["over"]
    entry = c.get(api("kampung", "history/1")).json()
    assert replay_text(json.dumps(entry["replay"])) == entry["result"]
    you = next(s for s in entry["result"]["seats"] if s["name"] == "you")
    assert state["player"]["stacks"]["you"] == you["stack"]


def test_kampung_a_bet_is_refused_when_you_bank(db: Path) -> None:
    c = game_client(db)
    rig_kampung(c, "9C 8C TC TS 8D 9D 7D 6H", banker="you")
    res = c.post(api("kampung", "deal"), json={"bet": 100, "hand": 1})
    assert res.status_code == 422 and res.json()["error"]["code"] == "bad_bet"
    assert "bank" in res.json()["error"]["message"]


@pytest.mark.rule("K14")
def test_kampung_as_the_banker_open_hit_stand(db: Path) -> None:
    c = game_client(db)
    # anna 9C 8D, ben 8C 9D, dealer TC 7D (17 each); you TS 6H (16); then low cards.
    rig_kampung(c, "9C 8C TC TS 8D 9D 7D 6H 2C 2D 2H 3C 3D", banker="you")
    state = deal(c, "kampung")
    t = state["table"]
    assert t["you_bank"] and t["to_act"] == "you"
    assert {"hit", "stand", "open:anna", "open:ben", "open:dealer"} <= set(t["legal"])
    assert t["bank"]["cards"] == ["TS", "6H"]
    for p in t["players"]:
        assert all(card is None for card in p["cards"]) and p["card_count"] >= 2
    hint = c.get(api("kampung", "hint"), params={"hand": t["hand"], "step": t["step"]}).json()
    assert set(hint["ev"]) == set(t["legal"])
    state = act(c, "kampung", state, "open:anna")
    anna = state["table"]["players"][0]
    assert anna["seat"] == "anna" and anna["turned"] and None not in anna["cards"]
    assert anna["result"] is not None
    assert all(card is None for p in state["table"]["players"][1:] for card in p["cards"])
    # a restart in the middle of the banker's turn resumes it
    before = c.get(api("kampung", "state")).json()
    pid = player_id(c)
    c.close()
    c = game_client(db, seed=5, cookie=pid)
    assert c.get(api("kampung", "state")).json() == before
    count = before["table"]["bank"]["card_count"]
    state = act(c, "kampung", before, "hit")
    assert state["table"]["bank"]["card_count"] == count + 1
    while not state["table"]["over"]:
        legal = state["table"]["legal"]
        state = act(c, "kampung", state, "stand" if "stand" in legal else legal[0])
    entry = c.get(api("kampung", "history/1")).json()
    assert entry["replay"]["banker"] == "you" and "bet" not in entry["replay"]["seats"][0]
    assert replay_text(json.dumps(entry["replay"])) == entry["result"]
    assert state["player"]["stacks"]["you"] == entry["result"]["bank"]["stack"]
    stats = c.get(api("kampung", "stats")).json()
    assert stats["hands"] == 1 and stats["wagered"] == 0
    assert stats["net"] == entry["result"]["bank"]["net"]


@pytest.mark.rule("K7")
@pytest.mark.parametrize("choice", ["void", "burn", "play"])
def test_kampung_the_banker_s_fifteen(db: Path, choice: str) -> None:
    c = game_client(db, seed=4)
    # anna 9C 8D, ben 8C 9D, dealer TC 7D; you 9S 6H (15)
    rig_kampung(c, "9C 8C TC 9S 8D 9D 7D 6H 2C 2D 2H 3C 3D 4C 4D", banker="you")
    state = deal(c, "kampung")
    t = state["table"]
    assert t["to_act"] == "you" and set(t["legal"]) == {"void", "burn", "play"}
    state = act(c, "kampung", state, choice)
    rng = random.Random(1)
    while not state["table"]["over"]:
        state = act(c, "kampung", state, rng.choice(state["table"]["legal"]))
    t = state["table"]
    if choice == "void":
        assert t["void"] and all(p["result"] == "void" for p in t["players"])
        assert state["player"]["stacks"] == stored(c, "kampung")["table"]["stacks"]
    if choice == "burn":
        assert t["bank"]["burnt"] == ["9S", "6H"]
        assert all(p["result"] in ("forfeit", "win", "lose", "push") for p in t["players"])
    entry = c.get(api("kampung", "history/1")).json()
    assert replay_text(json.dumps(entry["replay"])) == entry["result"]


def test_kampung_settings(db: Path) -> None:
    c = game_client(db)
    res = c.put(api("kampung", "settings"), json={"bank": "sometimes"})
    assert res.status_code == 422 and res.json()["error"]["code"] == "bad_settings"
    res = c.put(api("kampung", "settings"), json={"decks": 3})
    assert res.status_code == 422
    res = c.put(api("kampung", "settings"), json={"bank": "rotate", "decks": 1})
    assert res.status_code == 200
    assert res.json()["player"]["settings"]["bank"] == "rotate"
    state = deal(c, "kampung", bet=50)
    assert state["player"]["decks_in_play"] == 1


@pytest.mark.rule("K2")
def test_kampung_the_bank_rotates_to_you(db: Path) -> None:
    c = game_client(db, seed=21)
    c.put(api("kampung", "settings"), json={"bank": "rotate"})
    rng = random.Random(2)
    for _ in range(12):
        state = c.get(api("kampung", "state")).json()
        if state["player"]["banker"] == "you":
            break
        _play(c, "kampung", rng)
    else:
        pytest.fail("the bank never came to you")
    state = deal(c, "kampung")
    assert state["table"]["you_bank"]


# ---------------------------------------------------------------------------- reads


def test_statistics_follow_the_hands(db: Path) -> None:
    c = game_client(db, seed=8)
    rng = random.Random(8)
    for _ in range(5):
        _play(c, "infinite", rng)
    s = c.get(api("infinite", "stats")).json()
    assert s["hands"] == 5 and s["wagered"] == 500
    assert s["expected_net"] == pytest.approx(-s["house_edge"] * 500, abs=0.01)
    assert s["stacks"][0] == 1000 and len(s["stacks"]) == 6
    assert c.get(api("kampung", "stats")).json()["hands"] == 0


def test_statistics_give_kampungs_shipped_simulated_edge_and_none_under_a_house(
    db: Path,
) -> None:
    """A game with no exact edge: kampung's own rules have their shipped simulated edge (the
    lobby's figure, with its interval), the expected net from it; a house has none here."""
    from banluck.games.kampung.rules import KAMPUNG
    from banluck.games.kampung.sim.odds_shipped import shipped

    c = game_client(db, seed=8)
    rng = random.Random(8)
    for _ in range(3):
        _play(c, "kampung", rng)
    s = c.get(api("kampung", "stats")).json()
    figures = shipped(KAMPUNG.with_decks(_kampung_decks(c)))
    assert figures is not None
    assert s["edge_source"] == "simulated"
    assert s["house_edge"] == figures["house_edge"] and s["ci95"] == figures["ci95"]
    assert s["expected_net"] == pytest.approx(-s["house_edge"] * s["wagered"], abs=0.01)
    assert c.get(api("table", "stats")).json()["edge_source"] == "exact"
    house = {"base": "kampung", "rules": {"seven_seven_seven": 7}}
    assert c.put(api("kampung", "settings"), json={"house": house}).status_code == 200
    s = c.get(api("kampung", "stats")).json()
    assert s["house_edge"] is None and s["edge_source"] == "none" and s["expected_net"] is None


def _kampung_decks(c: Any) -> int:
    decks: int = c.get(api("kampung", "state")).json()["player"]["settings"]["decks"]
    return decks


def test_the_chart_of_each_game(db: Path) -> None:
    c = game_client(db)
    for name in ("table", "one-on-one", "classic", "infinite"):
        chart = c.get(api(name, "chart")).json()
        assert chart["current"] is None
        assert len(chart["cells"]) == len(chart["rows"])
        assert all(len(row) == len(chart["columns"]) for row in chart["cells"])
    assert c.get(api("kampung", "chart")).status_code == 404


def test_the_table_chart_marks_the_current_hand(db: Path) -> None:
    c = game_client(db, seed=4)
    for _ in range(10):
        state = deal(c, "table", bet=50)
        t = state["table"]
        if not t["over"] and t["to_act"] == "you":
            chart = c.get(api("table", "chart"), params={"hand": t["hand"], "step": t["step"]})
            cur = chart.json()["current"]
            assert cur is not None
            assert cur["row"] in chart.json()["rows"] and cur["column"] in chart.json()["columns"]
            return
        while not t["over"]:
            state = act(c, "table", state, "stand" if "stand" in t["legal"] else t["legal"][0])
            t = state["table"]
    pytest.fail("no hand waited for a choice")


@pytest.mark.parametrize(
    ("version", "missing"),
    [("1", ("game_saves", "game_history", "ledgers")), ("2", ("ledgers",))],
)
def test_an_older_save_is_upgraded(tmp_path: Path, version: str, missing: tuple[str, ...]) -> None:
    """Format 1 (the table alone) and 2 (every game) gain the tables they lack: format 3."""
    db = tmp_path / "old.sqlite3"
    Store(db).close()
    conn = sqlite3.connect(db)
    with conn:
        for table in missing:
            conn.execute(f"DROP TABLE {table}")
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (version,))
    conn.close()
    c = game_client(db)
    assert deal(c, "classic", bet=10)["table"] is not None
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == "3"
    assert conn.execute("SELECT COUNT(*) FROM ledgers").fetchone()[0] == 0
    conn.close()


def test_an_unreadable_game_save_is_moved_aside_and_only_that_game_restarts(db: Path) -> None:
    c = game_client(db, seed=6)
    rng = random.Random(6)
    _play(c, "classic", rng)
    _play(c, "infinite", rng)
    infinite = c.get(api("infinite", "state")).json()["player"]["stacks"]["you"]
    data = stored(c, "classic")
    data["table"]["stacks"]["you"] = -5
    write_record(c, "classic", data)
    state = c.get(api("classic", "state")).json()
    assert state["player"]["notices"] == [{"code": "save_reset", "params": {"stack": 1000}}]
    assert state["player"]["stacks"]["you"] == 1000 and state["next_hand"] == 2
    assert c.get(api("infinite", "state")).json()["player"]["stacks"]["you"] == infinite
    store = c.app.state.service.store  # type: ignore[attr-defined]
    with store.reading() as tx:
        moved = tx.corrupt_saves(db_key(c))
    assert len(moved) == 1 and moved[0][1].startswith("classic: ")


def test_a_hand_of_any_game_downloads_as_replay_input(db: Path) -> None:
    c = game_client(db, seed=12)
    rng = random.Random(12)
    for name in GAMES:
        _play(c, name, rng)
        res = c.get(api(name, "history/1/replay.json"))
        assert res.status_code == 200
        assert "attachment" in res.headers["content-disposition"]
        data = json.loads(res.text)
        # a game played under a named house downloads its house (xi-dach: kampung's)
        assert data.get("preset", data.get("house", {}).get("base")) == house_base(name)
        assert ("house" in data) == (own_house(name) is not None)
        assert replay_text(res.text) == c.get(api(name, "history/1")).json()["result"]
    assert c.get(api("classic", "history/9")).status_code == 404


@pytest.mark.rule("K11")
def test_a_hidden_bust_opened_late_by_you_as_banker(db: Path) -> None:
    c = game_client(db, seed=3)
    # anna 5C 9H (14: must draw KD: a hidden bust), ben 8C 9D, dealer TC 7D; you TS 7S (17)
    rig_kampung(c, "5C 8C TC TS 9H 9D 7D 7S KD 2D 2H 3C 3D", banker="you")
    state = deal(c, "kampung")
    anna = state["table"]["players"][0]
    assert anna["cards"] == [None, None, None] and anna["result"] is None
    while not state["table"]["over"]:
        legal = state["table"]["legal"]
        state = act(c, "kampung", state, "open:anna" if "open:anna" in legal else "stand")
    anna = state["table"]["players"][0]
    assert anna["cards"] == ["5C", "9H", "KD"] and anna["result"] == "lose"
    entry = c.get(api("kampung", "history/1")).json()
    assert replay_text(json.dumps(entry["replay"])) == entry["result"]


@pytest.mark.rule("K13")
def test_kampung_seven_seven_seven_against_the_bot_banker(db: Path, tmp_path: Path) -> None:
    # you 7S 7H (14: you must draw) and 7D; anna 9C 8D, ben 8C 9D; the dealer banks TS 7C.
    c = game_client(db, shoes={"kampung": "7S 9C 8C TS 7H 8D 9D 7C 7D"}, tmp=tmp_path)
    state = deal(c, "kampung", bet=10)
    you = state["table"]["players"][0]
    assert you["cards"] == ["7S", "7H", "7D"] and you["kind"] == "seven-seven-seven"
    assert you["result"] == "win" and you["net"] == 210
    while not state["table"]["over"]:
        state = act(c, "kampung", state, state["table"]["legal"][0])
    entry = c.get(api("kampung", "history/1")).json()
    assert replay_text(json.dumps(entry["replay"])) == entry["result"]
    assert c.get(api("kampung", "stats")).json()["specials"] == {"seven-seven-seven": 1}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hint_at_every_choice_values_every_legal_action(db: Path, game: str) -> None:
    c = game_client(db, seed=13)
    rng = random.Random(13)
    kampung = GAMES[game].family == "kampung"
    own = own_house(game)
    if kampung:
        c.put(api(game, "settings"), json={"bank": "rotate"})  # some hands as the banker
    for _ in range(12):
        state = c.get(api(game, "state")).json()
        body: dict[str, Any] = {"bet": 20}
        if kampung and state["player"]["banker"] == "you":
            body = {}
        state = deal(c, game, **body)
        while not state["table"]["over"]:
            t = state["table"]
            res = c.get(api(game, "hint"), params={"hand": t["hand"], "step": t["step"]})
            assert res.status_code == 200, res.text
            hint = res.json()
            assert set(hint["ev"]) <= set(t["legal"]) and hint["best"] in hint["ev"]
            # the game's own rules: its preset, or the named house it plays (xi-dach)
            assert hint["house"] == (None if own is None else own.to_object())
            if not kampung:  # kampung's banker hint values hit, stand and the opens
                assert hint["ev"]
            state = act(c, game, state, rng.choice(t["legal"]))
        t = state["table"]
        res = c.get(api(game, "hint"), params={"hand": t["hand"], "step": t["step"]})
        assert res.status_code == 409  # the hand is over: no choice pending


@pytest.mark.rule("O2")
def test_one_on_one_does_not_announce_the_shuffle_it_makes_every_hand(db: Path) -> None:
    """One-on-one shuffles before every hand (O2): a 'reshuffled' notice each hand tells
    nothing, so none is given; the table still says when T12 reshuffles."""
    c = game_client(db, seed=4)
    rng = random.Random(4)
    for _ in range(3):
        state = _play(c, "one-on-one", rng)
        assert not any(n["code"] == "reshuffled" for n in state["player"]["notices"])
