"""A room's Hint: the game's own solver (``HandDriver.hint``) for a seated person at their
own pending choice, when the room's host allowed hints (``RoomSettings.hints``: a family
with learners wants them, a serious table does not). Only the person who asks hears the
answer; it is worked out from what their seat sees, as at the solo table."""

from __future__ import annotations

from typing import Any

from banluck.core.refusal import Refusal
from banluck.games.driver import NoHint
from banluck.rooms.room import Room


def room_hint(room: Room, player: str, hand: object, step: object) -> dict[str, Any]:
    """The Hint of ``player``'s seat at the hand and step they name: ``{"best", "ev"}``.
    ``hint_unavailable`` when the room gives none; the turn's refusals otherwise."""
    if not room.settings.hints:
        raise Refusal("hint_unavailable", "this room's host has not turned hints on")
    seat, h = room.turn_of(player, hand, step, "hint")
    try:
        return h.hint(seat).to_json()
    except NoHint as exc:
        raise Refusal("hint_unavailable", str(exc)) from None
