"""Refused requests as domain errors: a code the page translates, parameters, a message.

The game flow (``sessions``) raises ``GameError`` and knows nothing of HTTP; the HTTP layer
maps each code to a status in one place (``app.STATUS``), and a socket layer would send the
same body. Codes: docs/API.md.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """A request the table refuses, and why: ``code`` (docs/API.md), English ``message``,
    ``params`` to fill in the page's translation."""

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params or {}

    def body(self) -> dict[str, Any]:
        """The error body of docs/API.md.

        >>> GameError("stale", "old", {"hand": 2}).body()["error"]["code"]
        'stale'
        """
        return {"error": {"code": self.code, "message": self.message, "params": self.params}}
