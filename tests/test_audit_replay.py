"""An adversarial audit of ``banluck replay`` against REPLAY.md, sentence by sentence.

Inputs: defaults (decks, stack), ``10`` for ``T``, bets, moves (exactly one per choice
point; forced draws, naturals and five-card hands ask none). Output: every field's meaning.
Errors: exit status 2, one line on standard error saying what and where, never a traceback,
for malformed input of every shape. ``--lines``: one answer per line, in order.

Where REPLAY.md is silent this file pins the project's decision: a key left out takes its
default (``preset`` ``table``, the preset's ``decks``, a stack of 1,000, the strategy for
``moves``); a key that is given, even as ``null``, must be valid. Numbers must be JSON
integers: ``100.0`` is not a bet.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from banluck.cli import main
from banluck.core import Shoe
from banluck.games.banluck import Action, Round, SeatEntry, preset
from banluck.replay import ReplayError, replay_lines, replay_text

# you T+9 = 19, anna T+8 = 18, ben Q+6 = 16, dealer T+8 = 18; each stands once.
GOOD: dict[str, Any] = {
    "preset": "table",
    "decks": 2,
    "shoe": ["TS", "TD", "QC", "TH", "9H", "8C", "6C", "8D", "5S"],
    "seats": [
        {"name": "you", "stack": 1000, "bet": 100, "moves": ["stand"]},
        {"name": "anna", "stack": 1000, "moves": ["stand"]},
        {"name": "ben", "stack": 1000, "moves": ["stand"]},
    ],
}


def hand(**changes: Any) -> dict[str, Any]:
    """GOOD with top-level keys replaced (``_drop`` removes keys), or a seat's fields as
    ``you={...}`` (a value of ``...`` removes that field)."""
    h = copy.deepcopy(GOOD)
    for key in changes.pop("_drop", ()):
        del h[key]
    for key, value in changes.items():
        if key in ("you", "anna", "ben"):
            seat = next(s for s in h["seats"] if s["name"] == key)
            for field, v in value.items():
                if v is ...:
                    seat.pop(field, None)
                else:
                    seat[field] = v
        else:
            h[key] = value
    return h


def run(data: Any) -> dict[str, Any]:
    return replay_text(data if isinstance(data, str) else json.dumps(data))


def error_of(data: Any) -> str:
    with pytest.raises(ReplayError) as info:
        run(data)
    return str(info.value)


def seat(out: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in out["seats"] if s["name"] == name)


def test_the_base_hand_is_good() -> None:
    out = run(GOOD)
    assert [s["result"] for s in out["seats"]] == ["win", "push", "lose"]
    assert [s["net"] for s in out["seats"]] == [100, 0, -50]
    assert out["cards_used"] == 8  # the ninth card is never drawn: ignored


# ----------------------------------------------------------------------------- input


@pytest.mark.rule("T11")
def test_decks_is_optional_the_presets_default() -> None:
    """Without ``decks``, ``table`` has two decks (a card may appear twice) and
    ``one-on-one`` one (it may not)."""
    twice = hand(_drop=["decks"], shoe=["TS", "TS", "QC", "TH", "9H", "8C", "6C", "8D"])
    assert run(twice)["cards_used"] == 8
    one: dict[str, Any] = {
        "preset": "one-on-one",
        "shoe": ["TS", "8H", "9S", "TH"],
        "seats": [{"name": "you", "bet": 100, "moves": ["stand"]}],
    }
    assert seat(run(one), "you")["result"] == "win"
    one["shoe"] = ["TS", "8H", "9S", "TS"]
    assert "TS" in error_of(one)
    one["decks"] = 2
    assert "deck" in error_of(one)  # O2: one-on-one plays with one deck only


def test_stack_defaults_to_1000() -> None:
    out = run(hand(you={"stack": ...}, anna={"stack": ...}, ben={"stack": ...}))
    assert [s["stack"] for s in out["seats"]] == [1100, 1000, 950]


def test_preset_left_out_is_table() -> None:
    """REPLAY.md is silent: the project's default preset is ``table``."""
    assert run(hand(_drop=["preset"]))["preset"] == "table"


@pytest.mark.parametrize("code", ["10S", "10s"])
def test_10_is_accepted_for_T_and_written_T(code: str) -> None:
    out = run(hand(shoe=[code, *GOOD["shoe"][1:]]))
    assert seat(out, "you")["cards"] == ["TS", "9H"]
    # 10S and TS are the same card: three of them do not fit two decks
    assert "TS" in error_of(hand(shoe=[code, "TS", "TS", *GOOD["shoe"][1:]]))


def test_a_card_may_appear_as_often_as_the_decks_hold() -> None:
    shoe = ["TS", "TD", "QC", "TH", "9H", "8C", "6C", "8D", "TS"]
    assert run(hand(shoe=shoe))["cards_used"] == 8
    msg = error_of(hand(decks=1, shoe=shoe))
    assert "TS" in msg and "1" in msg


@pytest.mark.rule("T8")
def test_a_bots_bet_if_given_must_be_50() -> None:
    assert seat(run(hand(anna={"bet": 50})), "anna")["net"] == 0
    for bad in (40, 51, 500, 50.0, "50", True, None, [50]):
        msg = error_of(hand(ben={"bet": bad}))
        assert "'ben'" in msg and "50" in msg, (bad, msg)


@pytest.mark.rule("T8")
@pytest.mark.rule("O1")
@pytest.mark.parametrize(
    ("preset_name", "stack", "bet", "ok"),
    [
        ("table", 1000, 10, True),
        ("table", 1000, 500, True),
        ("table", 1000, 9, False),
        ("table", 1000, 501, False),
        ("table", 200, 200, True),
        ("table", 200, 201, False),  # at most the stack
        ("table", 9, 500, True),  # T9 first: 9 < 10 gives 1,000
        ("one-on-one", 1000, 333, True),  # O1: at most a third
        ("one-on-one", 1000, 334, False),
        ("one-on-one", 30, 10, True),
        ("one-on-one", 29, 300, True),  # T9 with O1's minimum of 30
        ("one-on-one", 31, 11, False),
    ],
)
def test_bet_limits(preset_name: str, stack: int, bet: int, ok: bool) -> None:
    if preset_name == "table":
        data = hand(you={"stack": stack, "bet": bet})
    else:
        data = {
            "preset": "one-on-one",
            "shoe": ["TS", "8H", "9S", "TH"],
            "seats": [{"name": "you", "stack": stack, "bet": bet, "moves": ["stand"]}],
        }
    if ok:
        assert seat(run(data), "you")["net"] == bet
    else:
        assert f"bet {bet}" in error_of(data)


@pytest.mark.parametrize("bet", [100.0, 1e2, True, None, "100", [100], {"n": 100}, 10**30])
def test_your_bet_must_be_a_whole_number_in_range(bet: Any) -> None:
    msg = error_of(hand(you={"bet": bet}))
    assert msg.startswith("seat 'you': bet"), msg


def test_your_bet_is_required() -> None:
    assert error_of(hand(you={"bet": ...})) == "seat 'you': a bet is required"


@pytest.mark.parametrize("stack", [1000.0, -1, True, None, "1000", [1000]])
def test_a_stack_must_be_a_whole_number_of_chips(stack: Any) -> None:
    msg = error_of(hand(anna={"stack": stack}))
    assert msg.startswith("seat 'anna': stack"), msg


def test_a_huge_stack_is_kept_exactly() -> None:
    out = run(hand(you={"stack": 10**30}))
    assert seat(out, "you")["stack"] == 10**30 + 100


@pytest.mark.parametrize("decks", [None, 0, 3, -1, 2.0, "2", True, 10**30])
def test_decks_given_must_be_1_or_2(decks: Any) -> None:
    assert "deck" in error_of(hand(decks=decks))


@pytest.mark.parametrize("name", [None, "", "Table", "baccarat", 1, ["table"]])
def test_preset_given_must_be_known(name: Any) -> None:
    assert "preset" in error_of(hand(preset=name))


@pytest.mark.parametrize(
    "seats",
    [
        [{"name": "you", "bet": 100}, {"name": "anna"}],  # missing
        [{"name": "you", "bet": 100}, {"name": "anna"}, {"name": "ben"}, {"name": "cat"}],
        [{"name": "you", "bet": 100}, {"name": "anna"}, {"name": "anna"}],  # duplicate
        [{"name": "you", "bet": 100}, {"name": "ben"}, {"name": "anna"}],  # order
        [{"name": "You", "bet": 100}, {"name": "anna"}, {"name": "ben"}],
        [{"name": "yöu", "bet": 100}, {"name": "anna"}, {"name": "ben"}],
        [{"bet": 100}, {"name": "anna"}, {"name": "ben"}],
        [{"name": None, "bet": 100}, {"name": "anna"}, {"name": "ben"}],
        [],
    ],
)
def test_seats_must_be_the_presets_all_in_order(seats: list[Any]) -> None:
    assert "seats" in error_of(hand(seats=seats))


@pytest.mark.parametrize("entry", ["you", None, 1, ["you"]])
def test_a_seat_must_be_an_object(entry: Any) -> None:
    data = hand()
    data["seats"][0] = entry
    assert error_of(data).startswith("seat 1 must be a JSON object")


@pytest.mark.parametrize("seats", [None, "you", {"name": "you"}, 3])
def test_seats_must_be_a_list(seats: Any) -> None:
    assert error_of(hand(seats=seats)) == "'seats' must be a list"


@pytest.mark.parametrize("shoe", [None, "TS TD", {"0": "TS"}, 7])
def test_shoe_must_be_a_list(shoe: Any) -> None:
    assert "'shoe' must be a list" in error_of(hand(shoe=shoe))


@pytest.mark.parametrize(
    "card", ["ZZ", "1S", "11S", "100S", "T", "S", "TSS", "", "T♠", "ＴＳ", None, 10, ["TS"]]
)
def test_an_unknown_card_names_its_place(card: Any) -> None:
    msg = error_of(hand(shoe=["TS", "TD", card, *GOOD["shoe"][3:]]))
    assert msg.startswith("shoe card 3: unknown card"), msg


def test_an_unknown_card_after_the_last_drawn_is_still_an_error() -> None:
    """The project's reading: 'ignored' means not drawn; the shoe must still be cards."""
    assert "shoe card 9" in error_of(hand(shoe=[*GOOD["shoe"][:8], "XX"]))


def test_a_shoe_that_runs_out() -> None:
    assert "ran out after 7 cards" in error_of(hand(shoe=GOOD["shoe"][:7]))


# ----------------------------------------------------------------------------- moves


@pytest.mark.parametrize("moves", [None, "stand", {"0": "stand"}, 1])
def test_moves_given_must_be_a_list(moves: Any) -> None:
    assert "'moves' must be a list" in error_of(hand(you={"moves": moves}))


@pytest.mark.parametrize("move", ["STAND", "Stand", "double", "", None, 1, ["stand"], "ständ"])
def test_an_unknown_move_names_its_seat_and_number(move: Any) -> None:
    msg = error_of(hand(anna={"moves": [move]}))
    assert msg.startswith("seat 'anna': move 1 ") and "unknown" in msg, msg


@pytest.mark.rule("T16")
def test_too_few_moves() -> None:
    msg = error_of(hand(ben={"moves": []}))
    assert msg == "seat 'ben': a move is needed at 16, none is left"


@pytest.mark.rule("T16")
def test_moves_left_over() -> None:
    assert "left over" in error_of(hand(you={"moves": ["stand", "stand"]}))


@pytest.mark.rule("T16")
def test_a_move_not_allowed_where_it_falls_names_seat_number_and_total() -> None:
    # you 19: throw is only for a free hand
    assert error_of(hand(you={"moves": ["throw"]})) == (
        "seat 'you': move 1 'throw' is not allowed at 19"
    )
    # you 9+6 = 15, a free hand: stand is not allowed (throw in or play on)
    shoe = ["9S", "TD", "QC", "TH", "6H", "8C", "6C", "8D", "2S"]
    assert error_of(hand(shoe=shoe, you={"moves": ["stand"]})) == (
        "seat 'you': move 1 'stand' is not allowed at 15"
    )
    # ... hit on it draws 2 -> 17; then stand is a second move
    assert seat(run(hand(shoe=shoe, you={"moves": ["hit", "stand"]})), "you")["total"] == 17


@pytest.mark.rule("T16")
def test_a_forced_draw_uses_no_move() -> None:
    # you 5+4 = 9 must draw T -> 19, then one choice: stand.
    shoe = ["5S", "TD", "QC", "TH", "4H", "8C", "6C", "8D", "TC"]
    out = run(hand(shoe=shoe))
    assert seat(out, "you")["cards"] == ["5S", "4H", "TC"]
    # the first move falls at 19, not at the forced draw: hit 2 -> 21, then stand
    out = run(hand(shoe=[*shoe, "2C"], you={"moves": ["hit", "stand"]}))
    assert seat(out, "you")["cards"] == ["5S", "4H", "TC", "2C"]
    assert "left over" in error_of(hand(shoe=shoe, you={"moves": ["stand", "stand"]}))


@pytest.mark.rule("T16")
@pytest.mark.rule("T4")
def test_a_natural_asks_no_move() -> None:
    shoe = ["AS", "TD", "QC", "TH", "KH", "8C", "6C", "8D"]
    out = run(hand(shoe=shoe, you={"moves": []}))
    assert seat(out, "you")["hand"] == "ban-luck"
    assert error_of(hand(shoe=shoe, you={"moves": ["stand"]})) == (
        "seat 'you': 1 move(s) left over after the hand ended"
    )


@pytest.mark.rule("T6")
def test_a_five_card_hand_asks_no_move() -> None:
    # you 2+3 -> 4 -> 5 -> 2: five cards of 16, stopped without a choice
    shoe = ["2S", "TD", "QC", "TH", "3H", "8C", "6C", "8D", "4S", "5S", "2H"]
    out = run(hand(shoe=shoe, you={"moves": []}))
    assert seat(out, "you")["hand"] == "five-dragon"
    assert "left over" in error_of(hand(shoe=shoe, you={"moves": ["stand"]}))


@pytest.mark.rule("T14")
@pytest.mark.rule("T15")
def test_a_dealers_natural_or_15_asks_no_move() -> None:
    natural = ["9S", "TD", "QC", "AH", "9H", "8C", "6C", "KD"]
    fifteen = ["9S", "TD", "QC", "7H", "9H", "8C", "6C", "8D"]
    for shoe in (natural, fifteen):
        assert run(hand(shoe=shoe, you={"moves": []}, anna={"moves": []}, ben={"moves": []}))
        assert "left over" in error_of(hand(shoe=shoe))


@pytest.mark.rule("T23")
def test_without_moves_the_seat_plays_the_strategy() -> None:
    """A seat without ``moves`` plays legal choices of the project's strategy: the same
    hand replayed move by move through the engine gives the same output."""
    from banluck.games.banluck.strategy import policy_for

    data = hand(you={"moves": ...}, anna={"moves": ...}, ben={"moves": ...})
    shoe = [
        "9S",
        "TD",
        "5C",
        "7H",
        "6H",
        "6C",
        "5D",
        "9D",
        "4S",
        "2S",
        "3S",
        "4H",
        "5H",
        "2D",
        "3D",
        "4D",
        "2H",
        "3H",
        "7S",
        "7D",
    ]
    data["shoe"] = shoe
    out = run(data)
    rules = preset("table")
    policy = policy_for(rules)
    r = Round.start(
        rules,
        Shoe.stacked(shoe, decks=2),
        [SeatEntry("you", 1000, 100), SeatEntry("anna", 1000, 50), SeatEntry("ben", 1000, 50)],
    )
    while r.to_act is not None:
        choice = policy(r.decision_point())
        assert choice in r.legal_actions()
        r.apply(choice)
    assert [s["net"] for s in out["seats"]] == [s.net for s in r.outcome().seats]
    assert out["cards_used"] == r.outcome().cards_used


def test_moves_and_strategy_mix() -> None:
    """Scripted seats follow their script; a seat without ``moves`` decides by itself."""
    out = run(hand(anna={"moves": ...}))
    assert seat(out, "you")["cards"] == ["TS", "9H"]
    assert seat(out, "anna")["result"] in {"push", "lose", "win"}


# ----------------------------------------------------------------------------- output


def test_output_fields_and_their_meaning() -> None:
    out = run(hand(you={"stack": 5, "bet": 500}, anna={"stack": 49}))
    assert set(out) >= {"preset", "void", "dealer", "seats", "cards_used"}
    assert out["dealer"] == {"cards": ["TH", "8D"], "total": 18, "hand": "plain"}
    you = seat(out, "you")
    # T9 first: 5 -> 1,000; net is after T9, the bet not counted twice
    assert (you["net"], you["stack"]) == (500, 1500)
    assert (seat(out, "anna")["net"], seat(out, "anna")["stack"]) == (0, 1000)
    for s in out["seats"]:
        assert set(s) >= {"name", "cards", "total", "hand", "result", "net", "stack"}
    assert out["void"] is False and isinstance(out["cards_used"], int)


def test_the_dealers_hand_name_for_a_bust() -> None:
    # dealer T+6 = 16 stands... with 5+6 = 11 draws K -> 21, plain; with 6+6 -> K: bust
    shoe = ["TS", "TD", "QC", "6H", "9H", "8C", "6C", "6D", "KH"]
    out = run(hand(shoe=shoe))
    assert out["dealer"] == {"cards": ["6H", "6D", "KH"], "total": 22, "hand": "bust"}
    assert [s["result"] for s in out["seats"]] == ["win", "win", "win"]


def test_output_json_is_ascii_safe_and_one_object() -> None:
    proc = _cli(json.dumps(GOOD))
    assert proc.returncode == 0 and proc.stderr == b""
    assert json.loads(proc.stdout) == run(GOOD)


# ----------------------------------------------------------------------------- errors

MALFORMED: list[tuple[str, str]] = [
    ("empty", ""),
    ("blank", "   \n"),
    ("truncated", json.dumps(GOOD)[:-5]),
    ("trailing-garbage", json.dumps(GOOD) + " x"),
    ("two-objects", json.dumps(GOOD) + json.dumps(GOOD)),
    ("array", json.dumps([GOOD])),
    ("string", '"table"'),
    ("number", "1"),
    ("null", "null"),
    ("true", "true"),
    ("nan-decks", json.dumps(GOOD).replace('"decks": 2', '"decks": NaN')),
    ("infinity-stack", json.dumps(GOOD).replace('"stack": 1000', '"stack": Infinity', 1)),
    ("huge-exponent", json.dumps(GOOD).replace('"bet": 100', '"bet": 1e400')),
    ("huge-integer", json.dumps(GOOD).replace('"bet": 100', '"bet": 1' + "0" * 5000)),
    ("deep", "[" * 50_000 + "]" * 50_000),
    ("deep-object", '{"a":' * 50_000 + "1" + "}" * 50_000),
    ("single-quotes", json.dumps(GOOD).replace('"', "'")),
    ("seat-null", json.dumps(hand(seats=[None, {"name": "anna"}, {"name": "ben"}]))),
    ("unicode-seat", json.dumps(hand(seats=[{"name": "你", "bet": 10}]), ensure_ascii=False)),
    ("line-separator", json.dumps(hand(preset="table\u2028x"), ensure_ascii=False)),
    ("control-char", json.dumps(hand(preset="tab\nle"))),
    ("lone-surrogate", json.dumps(hand(preset="\ud800"))),
    ("moves-null", json.dumps(hand(you={"moves": None}))),
    ("decks-null", json.dumps(hand(decks=None))),
    ("anna-bet-float", json.dumps(hand(anna={"bet": 50.0}))),
]


@pytest.mark.parametrize("text", [m[1] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_malformed_input_exits_2_with_one_line(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert main(["replay", str(path)]) == 2
    got = capsys.readouterr()
    assert got.out == ""
    lines = got.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("banluck replay: "), got.err
    assert "Traceback" not in got.err


def _cli(text: str | bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "banluck", "replay", *args, "-"],
        input=text.encode() if isinstance(text, str) else text,
        capture_output=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "raw",
    [
        b'{"preset": "\xff\xfe"}',
        json.dumps(hand(preset="\u00e9\u4e2d\U0001f0a1"), ensure_ascii=False).encode(),
        json.dumps(hand(shoe=["\U0001f0a1", *GOOD["shoe"]]), ensure_ascii=False).encode(),
        b"\x00\x01\x02",
    ],
    ids=["bad-utf8", "unicode-preset", "unicode-card", "binary"],
)
def test_bad_bytes_through_the_real_command(raw: bytes) -> None:
    proc = _cli(raw)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, err
    assert proc.stdout == b""
    assert len(err.strip().splitlines()) == 1 and err.startswith("banluck replay: "), err
    assert "Traceback" not in err


def test_errors_say_where() -> None:
    """The message names the place: the seat, the move's number, the card's number."""
    assert error_of(hand(anna={"moves": ["hit", "stand"]})).startswith("seat 'anna'")
    assert error_of(hand(ben={"bet": 40})).startswith("seat 'ben'")
    assert error_of(hand(shoe=["TS", "QQ"])).startswith("shoe card 2")
    assert "line 1 column" in error_of('{"preset": "table",')


def test_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert main(["replay", str(tmp_path)]) == 2  # a directory
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("banluck replay: cannot read") for line in err)


# ----------------------------------------------------------------------------- --lines


def test_lines_answers_each_line_in_order_errors_included() -> None:
    bad = hand(you={"bet": 5})
    inputs = [json.dumps(GOOD), json.dumps(bad), "{", json.dumps(hand(you={"stack": 5}))]
    proc = _cli("\n".join(inputs) + "\n", "--lines")
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(out) == 4
    assert out[0] == run(GOOD)
    assert set(out[1]) == {"error"} and "bet 5" in out[1]["error"]
    assert set(out[2]) == {"error"} and "malformed JSON" in out[2]["error"]
    assert seat(out[3], "you")["stack"] == 1100  # T9 then a win of 100


def test_lines_keeps_alignment_with_crlf_and_no_final_newline() -> None:
    got = list(replay_lines([json.dumps(GOOD) + "\r\n", json.dumps(GOOD)]))
    assert len(got) == 2 and all("error" not in json.loads(g) for g in got)


def test_lines_bad_bytes_on_one_line_only() -> None:
    raw = json.dumps(GOOD).encode() + b"\n\xff\xfe\n" + json.dumps(GOOD).encode() + b"\n"
    proc = _cli(raw, "--lines")
    assert proc.returncode == 0
    out = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [("error" in o) for o in out] == [False, True, False]


def test_apply_takes_only_legal_moves_in_the_engine() -> None:
    """The engine itself refuses what replay reports (the check is not replay's alone)."""
    r = Round.start(
        preset("table"),
        Shoe.stacked(GOOD["shoe"], decks=2),
        [SeatEntry("you", 1000, 100), SeatEntry("anna", 1000, 50), SeatEntry("ben", 1000, 50)],
    )
    from banluck.core.errors import IllegalAction

    with pytest.raises(IllegalAction):
        r.apply(Action.THROW)


def test_a_stack_too_large_to_write_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """A stack near Python's 4,300-digit limit would make the output unwritable (once a
    traceback): it is refused up front, with one line."""
    text = json.dumps(hand(you={"stack": 1})).replace('"stack": 1,', '"stack": ' + "9" * 4300 + ",")
    assert "stack is too large" in error_of(text)
    (line,) = replay_lines([text])
    assert "stack is too large" in json.loads(line)["error"]
    assert seat(run(hand(you={"stack": 10**3999})), "you")["stack"] == 10**3999 + 100


def test_a_reader_that_goes_away_gives_no_traceback(tmp_path: Path) -> None:
    """``banluck replay --lines big.jsonl | head -1``: the command stops quietly."""
    path = tmp_path / "many.jsonl"
    path.write_text((json.dumps(GOOD) + "\n") * 5000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "banluck", "replay", "--lines", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert json.loads(first)["cards_used"] == 8
    assert "Traceback" not in err and err == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("lines", [False, True])
def test_a_full_disk_gives_one_line_not_a_traceback(tmp_path: Path, lines: bool) -> None:
    """Output that cannot be written (``> /dev/full``): exit 1 and one line that says so."""
    path = tmp_path / "hands.jsonl"
    path.write_text((json.dumps(GOOD) + "\n") * (3000 if lines else 1))
    args = ["--lines", str(path)] if lines else [str(path)]
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "banluck", "replay", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        "banluck replay: cannot write the output: No space left on device"
    ]


_WEIRD: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    100.0,
    float("nan"),
    10**30,
    -(10**30),
    "",
    "x",
    "TS",
    "10S",
    "hit",
    "you",
    "\ud800",
    "你",
    [],
    {},
    ["hit"],
    ["TS", "TS", "TS"],
    {"name": "you"},
    [None],
]


def _mutate(data: Any, rng: Any) -> Any:
    """One random change somewhere in a JSON value: replace, delete, add or repeat."""
    if isinstance(data, dict) and data and rng.random() < 0.7:
        key = rng.choice(sorted(data))
        roll = rng.random()
        if roll < 0.15:
            del data[key]
        elif roll < 0.55:
            data[key] = rng.choice(_WEIRD)
        else:
            data[key] = _mutate(data[key], rng)
        return data
    if isinstance(data, list) and data and rng.random() < 0.7:
        i = rng.randrange(len(data))
        roll = rng.random()
        if roll < 0.15:
            del data[i]
        elif roll < 0.3:
            data.insert(i, copy.deepcopy(data[i]))
        elif roll < 0.6:
            data[i] = rng.choice(_WEIRD)
        else:
            data[i] = _mutate(data[i], rng)
        return data
    return copy.deepcopy(rng.choice(_WEIRD))


def test_random_malformed_hands_never_raise_anything_but_replay_error() -> None:
    """Thousands of random mutations of good hands: each either replays or is a
    ReplayError with a one-line message (never another exception: a traceback)."""
    import random

    rng = random.Random(7)
    one = {
        "preset": "one-on-one",
        "shoe": ["TS", "8H", "9S", "TH", "2C", "3C", "4C", "5C"],
        "seats": [{"name": "you", "stack": 300, "bet": 100, "moves": ["stand"]}],
    }
    outcomes = {"ok": 0, "error": 0}
    for i in range(3000):
        data = copy.deepcopy(GOOD if i % 2 else one)
        for _ in range(rng.randint(1, 3)):
            data = _mutate(data, rng)
        text = json.dumps(data)
        try:
            out = replay_text(text)
        except ReplayError as exc:
            assert str(exc) and "\n" not in str(exc), text
            outcomes["error"] += 1
        else:
            json.dumps(out)  # writable
            outcomes["ok"] += 1
        (line,) = replay_lines([text])
        assert "\n" not in line and json.loads(line)
    assert outcomes["ok"] >= 20 and outcomes["error"] >= 1000, outcomes
