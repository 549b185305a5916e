"""A room's house settings, fixed when the room is made: the game, decks, speed, the bank
(kampung, K2), the turn timer, the watchers and whether hints are given."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from banluck.core.refusal import Refusal
from banluck.core.whole import is_whole
from banluck.games.drivers import house_base, own_house
from banluck.games.house import House, HouseError, read_house
from banluck.games.registry import GAMES as REGISTRY
from banluck.games.registry import driver_class

#: The games a room can be made for: every game of the registry (``one-on-one`` is one
#: person against the dealer, friends watching). Read when a room is made, so a game
#: added to the registry can be a room at once.
GAMES = REGISTRY
#: The page's animation speeds (``web.records.SPEEDS``).
SPEEDS = ("slow", "normal", "fast", "instant")
TIMER_MIN, TIMER_MAX, TIMER_DEFAULT = 5, 300, 30
#: the timer a relaxed family table turns off: nobody is timed (``Room``: only someone gone
#: is played for)
TIMER_OFF = 0
#: how many people may watch a room (not seated), at most and by default
WATCHERS_MAX, WATCHERS_DEFAULT = 200, 50


@dataclass(frozen=True, kw_only=True, slots=True)
class RoomSettings:
    """What the host chose when making the room."""

    game: str
    decks: int
    speed: str = "normal"
    #: K2: ``house`` (the dealer always banks) or ``rotate``; kampung only.
    bank: str = "house"
    #: seconds a person has to act (or bet) before the seat is played for them (I8);
    #: ``TIMER_OFF``: nobody is timed
    timer: int = TIMER_DEFAULT
    #: H3: the house the table plays (None: the game's preset as it is)
    house: House | None = None
    #: at most this many people watch (the host removes any, ``Room.remove``)
    watchers: int = WATCHERS_DEFAULT
    #: whether a seated person may ask the game's solver (the Hint, and the trainer's prices)
    hints: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "decks": self.decks,
            "speed": self.speed,
            "bank": self.bank,
            "timer": self.timer,
        }
        if self.house is not None:
            out["house"] = self.house.to_object()
        if self.watchers != WATCHERS_DEFAULT:
            out["watchers"] = self.watchers
        if self.hints:
            out["hints"] = True
        return out


_whole = is_whole


def offered(game: str) -> dict[str, list[Any]]:
    """What the room maker offers for ``game``: its deck counts (a game played under a named
    house, its house's) and who may bank, as ``parse_settings`` accepts them; the first the
    default.

    >>> offered("kampung"), offered("xi-dach")["decks"], offered("classic")["banks"]
    ({'decks': [2, 1], 'banks': ['house', 'rotate']}, [1], ['house'])
    """
    default, allowed = _deck_counts(game, own_house(game))
    decks = [default, *(d for d in allowed if d != default)]
    return {"decks": decks, "banks": list(driver_class(game).settings_spec(game).banks)}


def _deck_counts(game: str, house: House | None) -> tuple[int, list[int]]:
    """A room of ``game`` under ``house``: its deck count unless told, and every count it
    may play (a house plays its own)."""
    if house is not None:
        return house.rules["decks"], [house.rules["decks"]]
    spec = driver_class(game).settings_spec(game)
    return spec.default_decks, list(spec.decks)


def parse_settings(body: dict[str, Any]) -> RoomSettings:
    """The settings of a request body, or ``bad_settings`` saying which field is wrong.

    >>> parse_settings({"game": "kampung", "bank": "rotate", "timer": 20}).decks
    2
    >>> parse_settings({"game": "pontoon"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    banluck.core.refusal.Refusal: a room plays table, ... not 'pontoon'
    """
    house = _house(body)
    game = body.get("game", house.base if house is not None else None)
    if not isinstance(game, str) or game not in GAMES:
        names = list(GAMES)
        raise Refusal(
            "bad_settings",
            f"a room plays {', '.join(names[:-1])} or {names[-1]}, not {game!r}",
            {"field": "game", "allowed": names},
        )
    if house is not None and house_base(game) != house.base:
        raise Refusal(
            "bad_settings",
            f"the house's base is {house.base!r}, not the room's game {house_base(game)!r}",
            {"field": "house", "house_field": "base"},
        )
    if house is None:
        house = own_house(game)  # a game played under a named house (xi-dach)
    spec = driver_class(game).settings_spec(game)
    default, allowed = _deck_counts(game, house)
    decks = body.get("decks", default)
    if house is not None and decks != default:
        raise Refusal(
            "bad_settings",
            f"the house plays with {default} deck(s), not {decks!r}",
            {"field": "decks", "allowed": allowed},
        )
    if house is None and (not _whole(decks) or decks not in allowed):
        raise Refusal(
            "bad_settings",
            f"{game} plays with {' or '.join(map(str, allowed))} deck(s), not {decks!r}",
            {"field": "decks", "allowed": allowed},
        )
    speed = body.get("speed", "normal")
    if speed not in SPEEDS:
        raise Refusal("bad_settings", f"speed is one of {', '.join(SPEEDS)}", {"field": "speed"})
    bank = body.get("bank", "house")
    if bank not in spec.banks:
        raise Refusal(
            "bad_settings",
            f"{game}'s bank is {' or '.join(repr(b) for b in spec.banks)}",
            {"field": "bank", "allowed": list(spec.banks)},
        )
    timer = check_timer(body.get("timer", TIMER_DEFAULT))
    watchers = check_watchers(body.get("watchers", WATCHERS_DEFAULT))
    hints = body.get("hints", False)
    if not isinstance(hints, bool):
        raise Refusal("bad_settings", "hints is true or false", {"field": "hints"})
    return RoomSettings(
        hints=hints,
        game=game,
        decks=decks,
        speed=str(speed),
        bank=str(bank),
        timer=timer,
        house=house,
        watchers=watchers,
    )


def _house(body: dict[str, Any]) -> House | None:
    """H3: the room's house, checked (H1, H4, H11), or None; ``bad_settings`` naming the
    house's field when it is refused."""
    if "house" not in body or body["house"] is None:
        return None
    return house_setting(body["house"])


def house_setting(data: object) -> House:
    """A house object as a setting (a room's, or one asked about), checked (H1, H4, H11);
    ``bad_settings`` naming the house's field when it is refused."""
    try:
        return read_house(data)
    except HouseError as exc:
        raise house_refusal(exc) from None


def house_refusal(exc: HouseError) -> Refusal:
    """A refused house as the settings refuse it: ``bad_settings`` naming its field."""
    return Refusal("bad_settings", str(exc), {"field": "house", "house_field": exc.field})


def settings_from_json(data: dict[str, Any]) -> RoomSettings:
    """Settings saved by ``RoomSettings.to_json`` (checked again)."""
    return parse_settings(data)


def check_timer(timer: object) -> int:
    """A turn timer: ``TIMER_MIN`` to ``TIMER_MAX`` seconds, or ``TIMER_OFF``
    (``bad_settings`` otherwise)."""
    if not _whole(timer) or not (timer == TIMER_OFF or TIMER_MIN <= timer <= TIMER_MAX):
        raise Refusal(
            "bad_settings",
            f"the turn timer is {TIMER_MIN} to {TIMER_MAX} seconds, or 0 for none",
            {"field": "timer", "min": TIMER_MIN, "max": TIMER_MAX},
        )
    return timer


def check_watchers(watchers: object, code: str = "bad_settings") -> int:
    """How many may watch a room: 0 to ``WATCHERS_MAX`` (``code`` otherwise: a room's
    settings are ``bad_settings``, the host's frame a ``bad_request``)."""
    if not _whole(watchers) or not 0 <= watchers <= WATCHERS_MAX:
        raise Refusal(
            code,
            f"a room takes 0 to {WATCHERS_MAX} watchers",
            {"field": "watchers", "min": 0, "max": WATCHERS_MAX},
        )
    return watchers
