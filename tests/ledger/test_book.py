"""The ledger file and ``banluck ledger settle`` (docs/LEDGER.md): the example settles, every
hand and the whole ledger sum to zero, bets carry over, and bad input exits 2 with one line
naming the hand, the person and the fault."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from banluck.cli import main
from banluck.core.errors import LedgerError
from banluck.ledger.book import read_book, settle_book

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "ledger.json"


def settle_json(data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Any:
    path = tmp_path / "ledger.json"
    path.write_text(json.dumps(data))
    assert main(["ledger", "settle", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_example_is_a_named_house_of_twenty_hands_and_settles_to_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = json.loads(EXAMPLE.read_text())
    assert isinstance(data["house"], str) and len(data["hands"]) >= 20
    assert main(["ledger", "settle", str(EXAMPLE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"people", "hands", "transfers"}
    assert len(out["hands"]) == len(data["hands"])
    for hand in out["hands"]:
        assert sum(hand["nets"].values()) == 0
    assert sum(out["people"].values()) == 0
    for name, net in out["people"].items():
        assert net == sum(h["nets"].get(name, 0) for h in out["hands"])
    left = dict(out["people"])
    for t in out["transfers"]:
        left[t["from"]] += t["amount"]
        left[t["to"]] -= t["amount"]
    assert all(v == 0 for v in left.values())


def test_the_text_settle_up_names_who_pays_whom_and_that_no_money_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["ledger", "settle", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "24 hands of The dealer wins ties, in S$" in out
    assert " pays " in out and "it moves no money" in out


def test_bets_carry_over_and_a_changed_bet_changes_only_its_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "house": "table",
        "unit": {"name": "S$", "coin": 0.5},
        "hands": [
            {
                "banker": "Mum",
                "bets": {"Anna": 2, "Ben": 1.5},
                "ends": {"Mum": "18", "Anna": "19", "Ben": "bust"},
            },
            {"bets": {"Ben": 3}, "ends": {"Mum": "ban-luck", "Anna": "20", "Ben": "17"}},
            {
                "banker": "Anna",
                "bets": {"Mum": 1},
                "ends": {"Anna": "20", "Mum": "21", "Ben": "five-card-bust"},
            },
        ],
    }
    out = settle_json(data, tmp_path, capsys)
    assert [h["nets"] for h in out["hands"]] == [
        {"Anna": 2, "Ben": -1.5, "Mum": -0.5},
        {"Anna": -4, "Ben": -6, "Mum": 10},  # T14: the banker's Ban-Luck takes two bets
        {"Mum": 1, "Ben": -6, "Anna": 5},  # Ben's last bet, 3; a five-card bust costs two
    ]
    assert [h["banker"] for h in out["hands"]] == ["Mum", "Mum", "Anna"]
    assert out["people"] == {"Mum": 10.5, "Anna": 3, "Ben": -13.5}
    assert out["transfers"] == [
        {"from": "Ben", "to": "Anna", "amount": 3},
        {"from": "Ben", "to": "Mum", "amount": 10.5},
    ]


BAD = [
    ([], "a ledger is a JSON object"),
    ({"house": "table"}, "a ledger needs 'house' and 'hands'"),
    ({"house": "nowhere", "hands": []}, "unknown preset 'nowhere'"),
    ({"house": "classic", "hands": []}, "the ledger keeps houses of kampung, one-on-one, table"),
    ({"house": "table", "hands": [], "extra": 1}, "unknown key 'extra'"),
    ({"house": "table", "unit": {"coin": 0}, "hands": []}, "'coin' 0 is not an amount"),
    (
        {"house": "table", "hands": [{"ends": {"A": "18", "B": "17"}, "bets": {"B": 5}}]},
        "hand 1: no banker",
    ),
    (
        {"house": "table", "hands": [{"banker": "A", "ends": {"A": "18", "B": "17"}}]},
        "hand 1: B: no bet",
    ),
    (
        {
            "house": "table",
            "hands": [{"banker": "A", "bets": {"B": 0}, "ends": {"A": "18", "B": "17"}}],
        },
        "hand 1: B's bet: 0 is not a whole number of 1 chips",
    ),
    (
        {
            "house": "table",
            "unit": {"name": "S$", "coin": 0.5},
            "hands": [{"banker": "A", "bets": {"B": 0.3}, "ends": {"A": "18", "B": "17"}}],
        },
        "hand 1: B's bet: 0.3 is not a whole number of 0.5 S$",
    ),
    (
        {
            "house": "table",
            "hands": [{"banker": "A", "bets": {"C": 5}, "ends": {"A": "18", "B": "17"}}],
        },
        "hand 1: C: has a bet but no end",
    ),
    (
        {"house": "table", "hands": [{"banker": "A", "bets": {"B": 5}, "ends": {"B": "17"}}]},
        "hand 1: A: the banker has no end",
    ),
    (
        {
            "house": "table",
            "hands": [{"banker": "A", "bets": {"B": 5}, "ends": {"A": "18", "B": "22"}}],
        },
        "hand 1: B: 22 is not a total a hand ends on",
    ),
    (
        {
            "house": "table",
            "hands": [{"banker": "A", "bets": {"B": 5}, "ends": {"A": "18", "B": "seventeen"}}],
        },
        "hand 1: B: 'seventeen' is not an end",
    ),
    (
        {
            "house": "table",
            "hands": [{"banker": "A", "bets": {"B": 5}, "ends": {"A": "18", "B": "7-7-7"}}],
        },
        "hand 1: B: 7-7-7 is paid only to a seat, in a house that pays it",
    ),
    (
        {
            "house": {"base": "table", "rules": {"free_hand": False}},
            "hands": [{"banker": "A", "bets": {"B": 5}, "ends": {"A": "18", "B": "thrown"}}],
        },
        "hand 1: B: thrown is a seat's two-card 15",
    ),
    (
        {
            "house": "table",
            "hands": [{"banker": "A", "bets": {"B": 5}, "ends": {"A": "18", "B": ["AS", "XX"]}}],
        },
        "hand 1: B: ",
    ),
    (
        {
            "house": "table",
            "hands": [
                {
                    "banker": "A",
                    "bets": {"B": 5},
                    "ends": {"A": "18", "B": ["AS", "2S", "3S", "4S", "5S", "6S"]},
                }
            ],
        },
        "a hand stops at 5 cards",
    ),
    (
        {
            "house": "dealer-17",
            "hands": [
                {"banker": "A", "bets": {"B": 5}, "ends": {"A": "five-dragon 20", "B": "18"}}
            ],
        },
        "the banker's five cards are no five dragon in this house",
    ),
]


@pytest.mark.parametrize(("data", "says"), BAD, ids=[s for _, s in BAD])
def test_bad_input_exits_2_with_one_line_naming_the_fault(
    data: Any, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["ledger", "settle", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("banluck ledger: ") and says in lines[0], lines


def test_a_file_that_is_not_json_or_not_there_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"{\xff")
    assert main(["ledger", "settle", str(path)]) == 2
    assert main(["ledger", "settle", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("banluck ledger: ") for line in err)


def test_the_command_reads_standard_input_as_installed() -> None:
    data = json.loads(EXAMPLE.read_text())
    done = subprocess.run(
        [sys.executable, "-m", "banluck", "ledger", "settle", "-", "--json"],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert sum(json.loads(done.stdout)["people"].values()) == 0


def test_an_edited_earlier_hand_changes_everything_after_it_by_the_rules() -> None:
    data = json.loads(EXAMPLE.read_text())
    before = settle_book(read_book(data))
    first = data["hands"][0]
    banker = first["banker"]
    seat = next(name for name in first["ends"] if name != banker)
    first["ends"][seat] = "ban-ban"
    after = settle_book(read_book(data))
    assert after.hands[1:] == before.hands[1:]
    assert after.hands[0][seat] == 3 * read_book(data).hands[0].bets[seat]  # T21: 3 to 1
    assert sum(after.people.values()) == 0


def test_the_reader_refuses_with_the_hand_and_person() -> None:
    with pytest.raises(LedgerError, match=r"^hand 2: Ben: no bet"):
        read_book(
            {
                "house": "table",
                "hands": [
                    {"banker": "Mum", "bets": {"Anna": 1}, "ends": {"Mum": "18", "Anna": "17"}},
                    {"ends": {"Mum": "18", "Anna": "17", "Ben": "19"}},
                ],
            }
        )


def test_a_kampung_ledger_settles_openings_burns_and_forfeits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "house": "kampung",
        "hands": [
            {
                "banker": "Ah Ma",
                "bets": {"Wei": 10, "Siew": 10, "Kok": 20},
                "ends": {
                    "Ah Ma": "20",
                    "Wei": {"end": "19", "opened_at": 17},  # K16: opened at 17, won
                    "Siew": "21",  # K15: a 21 wins two
                    "Kok": "lost",
                },
            },
            {
                "ends": {
                    "Ah Ma": {"end": "bust", "fifteen": True},
                    "Wei": "ban-luck",  # K7: escapes the banker's 15
                    "Siew": "forfeit",  # K7: did not double against the burn
                    "Kok": {"end": "18", "doubled": True},  # doubled: 40 at stake
                }
            },
            {
                "banker": "Kok",
                "bets": {"Ah Ma": 10},
                "ends": {
                    "Kok": "five-dragon 19",
                    "Wei": {"end": "20", "burnt": True},  # K10: a double bet
                    "Siew": "five-card-bust",  # K12: settled at once, two bets
                    "Ah Ma": "bust",
                },
            },
        ],
    }
    out = settle_json(data, tmp_path, capsys)
    assert [h["nets"] for h in out["hands"]] == [
        {"Wei": 10, "Siew": 20, "Kok": -20, "Ah Ma": -10},
        {"Wei": 0, "Siew": -10, "Kok": 40, "Ah Ma": -30},
        {"Wei": -40, "Siew": -20, "Ah Ma": -20, "Kok": 80},
    ]


def test_a_xi_dach_house_settles_non_heavy_busts_and_paying_for_the_banker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """XI_DACH.md: a non hand and a heavy bust are penalised (X9: one bet, whatever the
    banker holds) and pay back the banker's payouts in equal shares (X10); the banker's own
    non pays every unopened hand its own multiple (X11)."""
    house = {
        "base": "kampung",
        "rules": {"compare": "xi_dach", "non": "all", "heavy_bust_from": 28, "pay_for_banker": 2},
    }
    hands = [
        {
            "banker": "Ba",
            "bets": {"An": 10, "Binh": 10, "Chi": 10},
            "ends": {"Ba": "18", "An": "20", "Binh": "non", "Chi": "heavy-bust"},
        },
        {"ends": {"Ba": "non", "An": "17", "Binh": "21", "Chi": "bust"}},
    ]
    out = settle_json({"house": house, "hands": hands}, tmp_path, capsys)
    # hand 1: An wins 10 from the bank; Binh and Chi lose one bet each and pay the 10 back
    # in two shares of 5; hand 2: the banker's non pays An 10, Binh's 21 its two, Chi's
    # bust one bet (X11: an ordinary bust is paid one)
    assert [h["nets"] for h in out["hands"]] == [
        {"An": 10, "Binh": -15, "Chi": -15, "Ba": 20},
        {"An": 10, "Binh": 20, "Chi": 10, "Ba": -40},
    ]


def test_the_people_at_the_table_are_kept_in_seat_order_with_those_yet_to_play() -> None:
    hands = [{"banker": "Mum", "bets": {"Ann": 10}, "ends": {"Mum": "18", "Ann": "19"}}]
    listed = read_book({"house": "table", "people": ["Mum", "Ben", "Ann"], "hands": hands})
    assert listed.people == ("Mum", "Ben", "Ann")  # Ben has not played yet
    assert read_book({"house": "table", "hands": hands}).people == ("Mum", "Ann")
    for people, said in ((["Mum", "Mum"], "listed twice"), ("Mum", "list"), ([""], "people")):
        with pytest.raises(LedgerError, match=said):
            read_book({"house": "table", "people": people, "hands": hands})
