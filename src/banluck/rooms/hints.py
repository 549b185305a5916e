"""A room's Hint: the game's own solver (``HandDriver.hint``) for a seated person at their
own pending choice, when the room's host allowed hints (``RoomSettings.hints``: a family
with learners wants them, a serious table does not). Only the person who asks hears the
answer; it is worked out from what their seat sees, as at the solo table."""

from __future__ import annotations

from typing import Any

from banluck.core.refusal import Refusal
from banluck.core.whole import is_whole
from banluck.games.driver import NoHint
from banluck.rooms.room import Room


def room_hint(room: Room, player: str, hand: object, step: object) -> dict[str, Any]:
    """The Hint of ``player``'s seat at the hand and step they name: ``{"best", "ev"}``.
    ``hint_unavailable`` when the room gives none; the turn's refusals otherwise."""
    if not room.settings.hints:
        raise Refusal("hint_unavailable", "this room's host has not turned hints on")
    member = room.member(player)
    if member.seat is None:
        raise Refusal("not_seated", "take a seat to play")
    h = room.hand
    if h is None:
        raise Refusal("no_hand", "no hand is being played: bet for the next one")
    if not is_whole(hand) or not is_whole(step):
        raise Refusal("bad_request", "'hand' and 'step' must be whole numbers")
    h.check_turn(int(hand), int(step), member.seat, "hint")
    try:
        return h.hint(member.seat).to_json()
    except NoHint as exc:
        raise Refusal("hint_unavailable", str(exc)) from None
