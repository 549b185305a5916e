"""A request refused, and why: one type for the solo table, the rooms and every game.

``code`` is what the page translates (docs/API.md lists them), ``message`` an English
sentence a player understands, ``params`` what the translation fills in. Whoever raises a
``Refusal`` has changed nothing; the HTTP and socket layers send ``body()`` (the status of
each code is the web layer's one table, ``web.errors.STATUS``).
"""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A command or request refused; nothing was changed."""

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params or {}

    def body(self) -> dict[str, Any]:
        """The error body of docs/API.md.

        >>> Refusal("stale", "old", {"hand": 2}).body()["error"]["code"]
        'stale'
        """
        return {"error": {"code": self.code, "message": self.message, "params": self.params}}
