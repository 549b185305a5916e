"""Refusals of the room model: a code the page translates, a message a player understands.

The codes are the web table's (``web.errors``) where they mean the same thing (``stale``,
``not_your_turn``, ``bad_bet``, ``bad_action``, ``hand_in_progress``, ``not_found``,
``bad_request``) and a few of the rooms' own (``bad_name``, ``seat_taken``, ``not_seated``,
``forbidden``, ``room_full``, ``rate_limited``, ``too_large``).
"""

from __future__ import annotations

from typing import Any


class RoomError(Exception):
    """A room command refused; nothing was changed."""

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params or {}

    def body(self) -> dict[str, Any]:
        """The error body of docs/API.md.

        >>> RoomError("stale", "old").body()["error"]["code"]
        'stale'
        """
        return {"error": {"code": self.code, "message": self.message, "params": self.params}}
