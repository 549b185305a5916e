"""Reading REPLAY.md's input fields that every game shares: ``decks``, ``shoe``, the
``seats`` list, a seat's ``stack``, ``bet`` and the ``moves`` list.

Each reader raises :class:`ReplayError` with one line saying what is wrong and where; the
games check what is their own (presets, bets' limits, which moves exist) after these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from banluck.core.cards import ONE_DECK, Card, parse_card
from banluck.core.errors import BanLuckError, ReplayError
from banluck.core.shoe import Shoe, check_copies
from banluck.core.whole import is_whole

#: Python writes no integer of more than 4,300 digits: a stack stays well below that, so the
#: stack after the hand can be written (it would otherwise end in a traceback at the output).
STACK_DIGITS = 4000
STACK_LIMIT = 10**STACK_DIGITS

#: the usual spelling of every card, read without parsing (10,000 hands take seconds)
_EXACT: dict[str, Card] = {c.code: c for c in ONE_DECK}


def require(cond: bool, message: str) -> None:
    """Raise ``ReplayError(message)`` unless ``cond``."""
    if not cond:
        raise ReplayError(message)


#: a JSON whole number (``core.whole``: the one check)
whole = is_whole


def read_decks(data: dict[str, Any]) -> int | None:
    """``decks``: left out, the preset's; given (even as null), a whole number.

    >>> read_decks({"decks": "2"})
    Traceback (most recent call last):
    ...
    banluck.core.errors.ReplayError: 'decks' must be a whole number, not '2'
    """
    decks: Any = data.get("decks")
    if "decks" in data and not whole(decks):  # the message is made only when needed
        raise ReplayError(f"'decks' must be a whole number, not {decks!r}")
    return None if decks is None else int(decks)


def with_decks(make: Callable[[int | None], Any], decks: int | None) -> Any:
    """``make(decks)``, its ValueError (an unplayable number of decks) as a ReplayError."""
    try:
        return make(decks)
    except ValueError as exc:
        raise ReplayError(str(exc)) from None


def read_shoe(data: dict[str, Any], decks: int) -> Shoe:
    """``shoe``: the card codes top first, stacked into a shoe of ``decks`` decks (which
    refuses more copies of a card than the decks hold)."""
    codes: Any = data.get("shoe")
    require(isinstance(codes, list), "'shoe' must be a list of card codes")
    try:  # the usual spellings, all at once
        order = [_EXACT[code] for code in codes]
    except (KeyError, TypeError):  # another spelling, a bad code or an unhashable one
        pass
    else:  # each code is its card's own (``Card.code``): count the codes as they are
        check_copies(codes, decks)
        return Shoe.of_checked(order, decks=decks)
    cards: list[Card] = []
    for i, code in enumerate(codes):
        card = _EXACT.get(code) if isinstance(code, str) else None
        if card is None:  # another spelling ("10s", "ts") or a bad code
            try:
                card = parse_card(code)
            except BanLuckError as exc:
                raise ReplayError(f"shoe card {i + 1}: {exc}") from None
        cards.append(card)
    return Shoe.stacked(cards, decks=decks)


def read_seats(data: dict[str, Any], preset: str, names: tuple[str, ...]) -> list[dict[str, Any]]:
    """``seats``: a list of objects naming the preset's seats in order."""
    seats: Any = data.get("seats")
    require(isinstance(seats, list), "'seats' must be a list")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise ReplayError(f"seat {i + 1} must be a JSON object, not {seat!r}")
    given = tuple([s.get("name") for s in seats])
    if given != names:
        raise ReplayError(
            f"preset {preset!r} needs the seats {list(names)} in that order, got {list(given)}"
        )
    return list(seats)


#: REPLAY.md / H12: a seat's stack left out is 1,000 whatever the house's ``fresh_stack``
#: (T9 then applies)
STACK_LEFT_OUT = 1000


def read_stack(seat: dict[str, Any]) -> int:
    """A seat's ``stack`` (``STACK_LEFT_OUT`` when left out): a whole number of chips, not
    negative, of at most ``STACK_DIGITS`` digits."""
    stack = seat.get("stack", STACK_LEFT_OUT)
    if type(stack) is int and 0 <= stack < STACK_LIMIT:  # the usual case, checked at once
        return stack
    who = f"seat {seat['name']!r}"
    require(whole(stack) and stack >= 0, f"{who}: stack {stack!r} is not a whole number of chips")
    require(stack < STACK_LIMIT, f"{who}: stack is too large (at most {STACK_DIGITS:,} digits)")
    return int(stack)


def read_bet(seat: dict[str, Any], *, bot: bool, bot_bet: int) -> Any:
    """A seat's ``bet`` as given (the game checks it): a bot may leave it out (``bot_bet``);
    a person must give it."""
    if bot:
        return seat.get("bet", bot_bet)
    if "bet" not in seat:
        raise ReplayError(f"seat {seat['name']!r}: a bet is required")
    return seat["bet"]


def read_move_list(seat: str, moves: Any) -> list[Any]:
    """A seat's ``moves``: a list (each game reads its items)."""
    require(isinstance(moves, list), f"seat {seat!r}: 'moves' must be a list, not {moves!r}")
    return list(moves)
