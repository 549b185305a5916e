"""A room's Hint and what teaches beside it: the game's own solver (``HandDriver.hint``) for a
seated person at their own pending choice, the Strategy chart's cell of that choice, and the
chart and drill of the room's game and house, when the room's host allowed hints
(``RoomSettings.hints``: a family with learners wants them, a serious table does not). Only
the person who asks hears the answer; it is worked out from what their seat sees, as at the
solo table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from banluck.core.refusal import Refusal
from banluck.games.driver import cell_json
from banluck.games.registry import game

if TYPE_CHECKING:
    from banluck.rooms.room import Room


def _allowed(room: Room) -> None:
    if not room.settings.hints:
        raise Refusal("hint_unavailable", "this room's host has not turned hints on")


def room_hint(room: Room, player: str, hand: object, step: object) -> dict[str, Any]:
    """The Hint of ``player``'s seat at the hand and step they name: ``{"best", "ev"}``,
    the chart's ``cell`` of the choice (None without one) and the ``house`` the room plays
    (None: the game's own rules), as at the solo table. ``hint_unavailable`` when the room
    gives none; the turn's refusals otherwise."""
    _allowed(room)
    seat, h = room.turn_of(player, hand, step, "hint")
    advice = h.hint_json(seat)
    return {**advice, "cell": cell_json(h.chart_cell()), "house": _house(room)}


def _house(room: Room) -> dict[str, Any] | None:
    house = room.settings.house
    return None if house is None else house.to_object()


def has_chart(room: Room) -> bool:
    """Whether the room offers its game's chart and drill (hints on, a game with a chart)."""
    return room.settings.hints and game(room.settings.game).chart is not None


@dataclass(frozen=True, kw_only=True)
class Teaching:
    """The chart a member of the room is shown: its game, decks and house (H9), and the
    cell of their pending choice (None when it is not their turn at the hand they name)."""

    game: str
    decks: int
    house: dict[str, Any] | None
    current: dict[str, str] | None


def room_teaching(room: Room, player: str, hand: object = None, step: object = None) -> Teaching:
    """What the room's chart and drill are of, for ``player`` (``hint_unavailable`` where the
    host has not turned hints on, ``not_found`` for a game with no chart)."""
    _allowed(room)
    g = game(room.settings.game)
    if g.chart is None:
        raise Refusal("not_found", f"{g.title} has no solved chart", {"game": g.name})
    current = None
    if hand is not None and step is not None:
        try:
            current = cell_json(room.turn_of(player, hand, step, "chart")[1].chart_cell())
        except Refusal:
            current = None
    return Teaching(game=g.name, decks=room.settings.decks, house=_house(room), current=current)
