"""A room's house settings, fixed when the room is made: the game, decks, speed, the bank
(kampung, K2) and the turn timer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from banluck.rooms.errors import RoomError

#: The games a room can be made for (``one-on-one`` is one person against the dealer).
GAMES = ("table", "kampung", "classic", "infinite")
#: The page's animation speeds (``web.records.SPEEDS``).
SPEEDS = ("slow", "normal", "fast", "instant")
#: The deck counts each game allows (T11, K4; blackjack's are fixed by the preset).
DECKS = {"table": (1, 2), "kampung": (1, 2), "classic": (2,), "infinite": (8,)}
DEFAULT_DECKS = {"table": 2, "kampung": 2, "classic": 2, "infinite": 8}
TIMER_MIN, TIMER_MAX, TIMER_DEFAULT = 5, 300, 30


@dataclass(frozen=True, kw_only=True, slots=True)
class RoomSettings:
    """What the host chose when making the room."""

    game: str
    decks: int
    speed: str = "normal"
    #: K2: ``house`` (the dealer always banks) or ``rotate``; kampung only.
    bank: str = "house"
    #: seconds a person has to act (or bet) before the seat is played for them (I8).
    timer: int = TIMER_DEFAULT

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "decks": self.decks,
            "speed": self.speed,
            "bank": self.bank,
            "timer": self.timer,
        }


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_settings(body: dict[str, Any]) -> RoomSettings:
    """The settings of a request body, or ``bad_settings`` saying which field is wrong.

    >>> parse_settings({"game": "kampung", "bank": "rotate", "timer": 20}).decks
    2
    >>> parse_settings({"game": "one-on-one"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    banluck.rooms.errors.RoomError: a room plays table, ... not 'one-on-one'
    """
    game = body.get("game")
    if game not in GAMES:
        raise RoomError(
            "bad_settings",
            f"a room plays {', '.join(GAMES[:-1])} or {GAMES[-1]}, not {game!r}",
            {"field": "game", "allowed": list(GAMES)},
        )
    assert isinstance(game, str)
    decks = body.get("decks", DEFAULT_DECKS[game])
    if not _whole(decks) or decks not in DECKS[game]:
        raise RoomError(
            "bad_settings",
            f"{game} plays with {' or '.join(map(str, DECKS[game]))} deck(s), not {decks!r}",
            {"field": "decks", "allowed": list(DECKS[game])},
        )
    speed = body.get("speed", "normal")
    if speed not in SPEEDS:
        raise RoomError("bad_settings", f"speed is one of {', '.join(SPEEDS)}", {"field": "speed"})
    bank = body.get("bank", "house")
    if bank not in ("house", "rotate") or (game != "kampung" and bank != "house"):
        raise RoomError(
            "bad_settings",
            "bank is 'house' or 'rotate', and only kampung passes the bank",
            {"field": "bank"},
        )
    timer = body.get("timer", TIMER_DEFAULT)
    if not _whole(timer) or not TIMER_MIN <= timer <= TIMER_MAX:
        raise RoomError(
            "bad_settings",
            f"the turn timer is {TIMER_MIN} to {TIMER_MAX} seconds",
            {"field": "timer", "min": TIMER_MIN, "max": TIMER_MAX},
        )
    return RoomSettings(game=game, decks=decks, speed=str(speed), bank=str(bank), timer=timer)


def settings_from_json(data: dict[str, Any]) -> RoomSettings:
    """Settings saved by ``RoomSettings.to_json`` (checked again)."""
    return parse_settings(data)
