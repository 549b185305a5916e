"""Who asks: the player a request is from (the guard's signed cookie), the language their
browser prefers, and the check made before a new player is first stored."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request

from banluck.web.guard import SCOPE_KEY
from banluck.web.saves.records import language_from


def player_id(request: Request) -> str:
    """The player the guard read from the request's cookie (or made for it)."""
    pid: str = request.scope[SCOPE_KEY]
    return pid


def admit(request: Request) -> Callable[[], None]:
    """The check made before the request's player is first stored: one client address makes
    only so many new players (``web.clients``)."""
    clients = request.app.state.rooms.clients
    address = clients.address(request.client.host if request.client else None, request.headers)
    return lambda: clients.new_player(address)


def language(request: Request) -> str:
    """The language of the browser's Accept-Language that the page speaks (else English)."""
    return language_from(request.headers.get("accept-language"))
