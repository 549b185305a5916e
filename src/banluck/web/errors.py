"""The HTTP status of every refusal code (``core.refusal.Refusal``), in one table for the
game routes and the rooms' routes alike (docs/API.md)."""

from __future__ import annotations

STATUS = {
    "bad_bet": 422,
    "bad_action": 422,
    "bad_settings": 422,
    "bad_request": 422,
    "bad_name": 422,
    "bad_spot": 422,
    "bad_ledger": 422,
    "no_spot": 422,
    "stale": 409,
    "hand_in_progress": 409,
    "no_hand": 409,
    "not_your_turn": 409,
    "seat_taken": 409,
    "not_seated": 409,
    "room_full": 409,
    "too_many_rooms": 409,
    "too_many_ledgers": 409,
    "not_found": 404,
    "room_damaged": 410,
    "forbidden": 403,
    "too_large": 413,
    "rate_limited": 429,
    "too_many_new_players": 429,
    "hint_unavailable": 503,
    "server_full": 503,
    "unavailable": 503,
    "server_error": 500,
    "busy": 503,
}


def status_of(code: str) -> int:
    """The status of a refusal code (422 for a code of a bad request not listed).

    >>> status_of("stale"), status_of("bad_frame")
    (409, 422)
    """
    return STATUS.get(code, 422)
