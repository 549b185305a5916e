"""``banluck replay`` (shared/spec/REPLAY.md): one hand from a stacked shoe, JSON in and out."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from banluck.core import BanLuckError
from banluck.core.errors import ReplayError
from banluck.core.seating import seating_for
from banluck.games import game
from banluck.games.banluck import Action, Round, SeatEntry, preset
from banluck.games.banluck.records import Policy
from banluck.games.banluck.strategy import policy_for
from banluck.games.drivers import own_house
from banluck.games.house import House, read_house, with_house
from banluck.replay_input import (
    read_bet,
    read_decks,
    read_move_list,
    read_seats,
    read_shoe,
    read_stack,
    require,
    with_decks,
)
from banluck.wire import outcome_json

__all__ = ["ReplayError", "outcome_json", "replay_hand", "replay_lines", "replay_text"]

#: what ``json.dumps(result, separators=(",", ":"))`` uses, made once rather than every line;
#: a result is plain nested dicts and lists, never circular: nothing to check
_LINE_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def replay_hand(data: Any, policy: Policy | None = None) -> dict[str, Any]:
    """Play one hand of REPLAY.md input, of any game, and return its output object
    (H12: with ``house`` in place of ``preset``, the house as played besides)."""
    require(isinstance(data, dict), "a hand is a JSON object")
    house = read_replay_house(data) if "house" in data else None
    name = data.get("preset", "table") if house is None else house.base
    require(isinstance(name, str), "'preset' must be a string")
    try:
        g = game(name)
    except ValueError as exc:
        raise ReplayError(str(exc)) from None
    if house is None and g.named_house is not None:
        # a game played under a named house (xi-dach) replays that house, echoed as H12 says
        house = own_house(name)
        assert house is not None
        data = {**data, "preset": house.base}
    if g.family == "banluck":
        return replay_banluck(data, policy, house)
    if house is None:
        result: dict[str, Any] = g.part("replay")(data)
        return result
    return with_house(g.part("replay")(data, house=house), house)


def read_replay_house(data: dict[str, Any]) -> House:
    """H12: ``house`` checked (H1, H4, H11); a ``preset`` beside it must be its base, a
    ``decks`` beside it its deck count."""
    house = read_house(data["house"])
    if "preset" in data:
        require(
            data["preset"] == house.base,
            f"'preset' {data['preset']!r} must be the house's base {house.base!r}",
        )
    decks = read_decks(data)
    if "decks" in data:
        require(
            decks == house.rules["decks"],
            f"'decks' {decks} must be the house's decks {house.rules['decks']}",
        )
    return house


def replay_banluck(
    data: Any, policy: Policy | None = None, house: House | None = None
) -> dict[str, Any]:
    """One hand of ``table`` or ``one-on-one`` (REPLAY.md's first sections), of a preset
    or of a ``house`` (H2)."""
    if house is None:
        name = data.get("preset", "table")
        # A key left out takes its default; a key given (even as null) must be valid.
        rules = with_decks(lambda decks: preset(name, decks), read_decks(data))
    else:
        rules = house.record()
    shoe = read_shoe(data, rules.decks)
    seating = seating_for(rules)
    seats = read_seats(data, rules.name, seating.seats)
    entries: list[SeatEntry] = []
    scripts: dict[str, list[Action] | None] = {}
    for seat in seats:
        seat_name = seat["name"]
        stack = read_stack(seat)
        stack = seating.fresh_stack_for(rules, seat_name, stack)  # T9 first
        bet = read_bet(seat, bot=seating.is_bot(seat_name), bot_bet=seating.bot_bet)
        bet = seating.check_bet(rules, seat_name, bet, stack)
        entries.append(SeatEntry(seat_name, stack, bet))
        scripts[seat_name] = _read_moves(seat_name, seat["moves"]) if "moves" in seat else None

    chooser = policy or policy_for(rules)
    r = Round.start(rules, shoe, entries)
    used = dict.fromkeys(scripts, 0)
    while r.to_act is not None:
        seat_name = r.to_act
        script = scripts[seat_name]
        if script is None:
            r.apply(chooser(r.decision_point()))
            continue
        n = used[seat_name]
        total = r.total(seat_name)
        require(n < len(script), f"seat {seat_name!r}: a move is needed at {total}, none is left")
        move = script[n]
        require(
            move in r.legal_actions(),
            f"seat {seat_name!r}: move {n + 1} {move.value!r} is not allowed at {total}",
        )
        used[seat_name] = n + 1
        r.apply(move)
    for seat_name, script in scripts.items():
        if script is not None and used[seat_name] < len(script):
            left = len(script) - used[seat_name]
            raise ReplayError(f"seat {seat_name!r}: {left} move(s) left over after the hand ended")
    out = outcome_json(rules.name, r.outcome())
    return out if house is None else with_house(out, house)


def _read_moves(seat: str, moves: Any) -> list[Action]:
    out = []
    for i, m in enumerate(read_move_list(seat, moves)):
        try:
            out.append(Action(m))
        except ValueError:
            raise ReplayError(
                f"seat {seat!r}: move {i + 1} {m!r} is unknown (hit, stand or throw)"
            ) from None
    return out


def replay_text(text: str, policy: Policy | None = None) -> dict[str, Any]:
    """One hand from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(
            f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise ReplayError(f"malformed JSON: {exc}") from None
    except RecursionError:
        raise ReplayError("malformed JSON: nested too deeply") from None
    try:
        return replay_hand(data, policy)
    except BanLuckError as exc:
        raise ReplayError(str(exc)) from None
    except (KeyError, TypeError, AttributeError) as exc:  # a field of the wrong shape
        raise ReplayError(f"malformed hand: {type(exc).__name__} {exc}") from None


def replay_lines(lines: Iterable[str], policy: Policy | None = None) -> Iterator[str]:
    """``--lines``: one output line per input line, in order; a bad hand (a blank line
    too, so that output line i always answers input line i) gives ``{"error": …}``."""
    for line in lines:
        try:
            if not line.strip():
                raise ReplayError("an empty line: each line must be one hand as JSON")
            result: dict[str, Any] = replay_text(line, policy)
        except ReplayError as exc:
            result = {"error": str(exc)}
        yield _LINE_ENCODER.encode(result)
