"""Only views leave the server, in every game (issue 10 item 3, issue 9 item 5; B9, K17,
T22): no answer holds a card the player may not see yet (the hole card, another seat's
face-down cards, a hidden bust, an unopened hand when you bank)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from banluck.core.cards import parse_card
from banluck.games.banluck import preset
from tests.web.games_helpers import (
    Json,
    api,
    assert_hidden_absent,
    blackjack_truth,
    game_client,
    hidden_blackjack,
    hidden_kampung,
    kampung_truth,
    rig_kampung,
    stored,
    visible_blackjack,
    visible_kampung,
)
from tests.web.helpers import assert_no_leak, from_json


def _check(c: Any, game: str, state: Json) -> None:
    if game in ("classic", "infinite"):
        r = blackjack_truth(c, game)
        assert r is not None
        burn = state["table"]["shoe"]["burn"]
        turned = [] if burn is None else [parse_card(burn["turned"])]
        assert_hidden_absent(state, hidden_blackjack(r), visible_blackjack(r) + turned)
        t = state["table"]
        if not r.hole_turned:
            assert t["dealer"]["cards"][1] is None
            hole = [e for e in t["events"] if e["type"] == "dealt" and e["seat"] == "dealer"]
            assert hole[1]["card"] is None
        if r.rules.seat_cards_face_down:
            for seat in t["seats"][1:]:
                for h, real in zip(seat["hands"], r.seat_state(seat["name"]).hands, strict=True):
                    if not real.turned_over:
                        assert all(card is None for card in h["cards"])
    elif game == "kampung":
        k = kampung_truth(c)
        assert k is not None
        assert_hidden_absent(state, hidden_kampung(k), visible_kampung(k))
        t = state["table"]
        for p in t["players"]:
            h = k.player(p["seat"])
            if p["seat"] != "you" and not h.turned:
                assert all(card is None for card in p["cards"]) and p["total"] is None
        if t["banker"] != "you" and not k.bank.turned:
            assert all(card is None for card in t["bank"]["cards"])
    else:
        data = stored(c, game) if game != "table" else None
        if data is None:
            return
        _, r = from_json(data, preset(game))
        assert_no_leak(state, r)


def _play_and_check(c: Any, game: str, hands: int, seed: int, bet: bool = True) -> None:
    rng = random.Random(seed)
    for _ in range(hands):
        state = c.get(api(game, "state")).json()
        body: dict[str, Any] = {"hand": state["next_hand"]}
        if bet and not (game == "kampung" and state["player"].get("banker") == "you"):
            body["bet"] = {"infinite": rng.choice([0, 20]), "one-on-one": 10}.get(game, 20)
        if game == "infinite":
            body["side_bets"] = {"pairs": 5, "bust": 5} if rng.random() < 0.5 else {"poker3": 1}
        res = c.post(api(game, "deal"), json=body)
        assert res.status_code == 200, res.text
        state = res.json()
        _check(c, game, state)
        _check(c, game, c.get(api(game, "state")).json())
        while not state["table"]["over"]:
            t = state["table"]
            action = rng.choice(t["legal"])
            res = c.post(
                api(game, "action"), json={"action": action, "hand": t["hand"], "step": t["step"]}
            )
            assert res.status_code == 200, res.text
            state = res.json()
            _check(c, game, state)
        text = json.dumps(c.get(api(game, "history")).json())
        assert text  # finished hands show every card: nothing to hide there


@pytest.mark.rule("B9")
@pytest.mark.parametrize("game", ["classic", "infinite"])
def test_no_hidden_blackjack_card_in_any_answer(db: Path, game: str) -> None:
    _play_and_check(game_client(db, seed=31), game, 25, seed=7)


@pytest.mark.rule("K17")
def test_no_hidden_kampung_card_in_any_answer_as_a_player(db: Path) -> None:
    _play_and_check(game_client(db, seed=32), "kampung", 25, seed=8)


@pytest.mark.rule("K17")
def test_no_hidden_kampung_card_in_any_answer_as_the_banker(db: Path) -> None:
    c = game_client(db, seed=33)
    for i in range(12):
        rig_kampung(c, "", banker="you", seed=i)
        _play_and_check(c, "kampung", 1, seed=i, bet=False)


@pytest.mark.rule("K11")
def test_a_hidden_bust_stays_hidden_from_the_banker(db: Path) -> None:
    c = game_client(db, seed=3)
    # anna 5C 9H (14: must draw), ben 8C 9D, dealer TC 7D; you TS 7S (17); anna draws KD: bust
    rig_kampung(c, "5C 8C TC TS 9H 9D 7D 7S KD 2D 2H 3C 3D", banker="you")
    res = c.post(api("kampung", "deal"), json={"hand": 1})
    state = res.json()
    t = state["table"]
    anna = t["players"][0]
    assert anna["card_count"] == 3 and anna["cards"] == [None, None, None]
    assert '"KD"' not in json.dumps(state) and '"5C"' not in json.dumps(state)
    _check(c, "kampung", state)


@pytest.mark.rule("T22")
def test_no_hidden_card_in_one_on_one(db: Path) -> None:
    _play_and_check(game_client(db, seed=34), "one-on-one", 25, seed=9)
