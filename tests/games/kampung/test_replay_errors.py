"""REPLAY.md's kampung errors: bad input is one clear line (exit 2; ``{"error"}`` in --lines)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from banluck.core.errors import BanLuckError
from banluck.replay import replay_lines
from tests.games.kampung.helpers import replay, shoe_order

BURN_15 = {"you": "TS 8S", "anna": "TH 7H", "ben": "9D 9C", "dealer": "9S 6H"}
PLAIN = {"you": "TS 9S", "anna": "TH 8H", "ben": "TD 7D", "dealer": "TC 6C"}


@pytest.mark.parametrize(
    ("hands", "draws", "kwargs", "message"),
    [
        (
            BURN_15,
            "7C 8C",
            {
                "moves": {
                    "you": ["double"],
                    "anna": ["double"],
                    "ben": ["double"],
                    "dealer": ["burn", "burn"],
                }
            },
            "second 15 cannot be burnt",
        ),
        (
            BURN_15,
            "TC 7C",
            {
                "moves": {
                    "you": ["double", "stand"],
                    "anna": ["double", "stand"],
                    "ben": ["double"],
                    "dealer": ["burn", "stand"],
                },
                "stacks": {"ben": 60},
            },
            "cannot cover a doubled bet of 100",
        ),
        (
            {"you": "TS 5S", **{k: v for k, v in PLAIN.items() if k != "you"}},
            "",
            {"moves": {"you": ["burn"]}, "stacks": {"you": 150}},
            "cannot cover a burn to 200",
        ),
        (
            PLAIN,
            "",
            {
                "moves": {
                    "you": ["stand"],
                    "anna": ["stand"],
                    "ben": ["stand"],
                    "dealer": ["open:anna", "open:anna"],
                }
            },
            "already settled",
        ),
        (PLAIN, "", {"moves": {"you": ["stand"], "anna": ["stand"]}}, "none is left"),
        (PLAIN, "", {"moves": {"you": ["double"]}}, "no banker's burn"),
        (PLAIN, "", {"moves": {"you": ["throw"]}}, "is unknown"),
        (PLAIN, "", {"moves": {"dealer": ["open:bob"]}}, "names no seat"),
        (PLAIN, "", {"moves": {"dealer": ["open:dealer"]}}, "cannot open its own hand"),
        (
            {**PLAIN, "dealer": "TC 4C"},
            "",
            {"moves": {"you": ["stand"], "anna": ["stand"], "ben": ["stand"]}},
            "ran out",
        ),
    ],
)
def test_bad_moves_are_one_clear_error(
    hands: dict[str, str], draws: str, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(BanLuckError, match=message):
        replay(hands, draws, **kwargs)


def _lines(data: Any) -> dict[str, Any]:
    (line,) = replay_lines([json.dumps(data)])
    out: dict[str, Any] = json.loads(line)
    return out


def test_bad_hands_give_an_error_line() -> None:
    seats: list[dict[str, Any]] = [
        {"name": "you", "bet": 100, "moves": ["stand"]},
        {"name": "anna", "moves": ["stand"]},
        {"name": "ben", "moves": ["stand"]},
        {"name": "dealer", "moves": ["stand"]},
    ]
    good = {"preset": "kampung", "shoe": [*shoe_order(PLAIN), "5H"], "seats": seats}
    assert "error" not in _lines(good)
    bad = [
        {**good, "seats": [*seats[:3], {**seats[3], "bet": 50}]},  # a bet for the banker
        {**good, "banker": "bob"},
        {**good, "decks": 3},
        {**good, "seats": seats[1:]},
        {**good, "shoe": ["XX"]},
        {**good, "shoe": ["AS", "AS", "AS"]},
        {**good, "seats": [{**seats[0], "stack": -1}, *seats[1:]]},
        {**good, "seats": [{**seats[0], "moves": "stand"}, *seats[1:]]},
        {**good, "seats": [{**seats[0], "moves": [["stand"]]}, *seats[1:]]},
        {**good, "banker": "you"},  # your bet given while you bank
    ]
    for data in bad:
        out = _lines(data)
        assert list(out) == ["error"], data
        assert "\n" not in out["error"]
