"""A shared ledger's live view over a socket (docs/API.md, "Ledger"): ``/api/ledgers/{code}/live``
sends ``{"version": n}`` when the socket opens and again each time the ledger changes, so a
relative's page asks for the settled ledger (``GET /api/ledgers/{code}``) only when there is
something new. A change made through this process wakes its sockets at once; one made
through another process (several servers on one database) is seen within ``CHECK_S``. The
socket is the rooms' kind: the same Host and Origin checks, one cookie, the same cap of
sockets per client.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from fastapi import WebSocket

from banluck.core.refusal import Refusal
from banluck.web.guard import HostCheck
from banluck.web.identity import Identities
from banluck.web.rooms.ws import CLOSE_NO_ROOM, CLOSE_POLICY, socket_player, socket_refusal

#: how often a socket reads the ledger's version itself (a change made by another process)
CHECK_S = 5.0


class Changes:
    """Wake-ups for the live views of each shared ledger, in this process."""

    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}

    def waiter(self, code: str) -> asyncio.Event:
        """The event set at ``code``'s next change."""
        return self._events.setdefault(code, asyncio.Event())

    def changed(self, code: str) -> None:
        """``code`` has a new version: every socket following it looks again."""
        event = self._events.pop(code, None)
        if event is not None:
            event.set()


async def serve_live(
    ws: WebSocket,
    code: str,
    version_of: Callable[[str], Awaitable[int | None]],
    changes: Changes,
    hosts: HostCheck,
    identities: Identities,
) -> None:
    """One live view of ledger ``code``, from the handshake to the close; ``version_of``
    reads its version (None: no such ledger)."""
    refusal = socket_refusal(ws, hosts)
    player = socket_player(ws, identities) if refusal is None else None
    if refusal is not None or player is None:
        await ws.close(code=CLOSE_POLICY, reason=refusal or "open the ledger's page first")
        return
    clients = ws.app.state.rooms.clients
    address = clients.address(ws.client.host if ws.client else None, ws.headers)
    try:
        clients.open_socket(player, address)  # one client cannot hold every socket
    except Refusal as exc:
        await ws.close(code=CLOSE_POLICY, reason=exc.message)
        return
    try:
        await ws.accept()
        await _follow(ws, code, version_of, changes)
    finally:
        clients.close_socket(player, address)


async def _follow(
    ws: WebSocket,
    code: str,
    version_of: Callable[[str], Awaitable[int | None]],
    changes: Changes,
) -> None:
    closed = asyncio.ensure_future(ws.receive())  # the page sends nothing: this is its close
    sent: int | None = None
    try:
        while True:
            waiter = asyncio.ensure_future(changes.waiter(code).wait())
            version = await version_of(code)
            if version is None:
                waiter.cancel()
                await ws.close(code=CLOSE_NO_ROOM)
                return
            if version != sent:
                await ws.send_json({"version": version})
                sent = version
            done, _ = await asyncio.wait(
                {closed, waiter}, timeout=CHECK_S, return_when=asyncio.FIRST_COMPLETED
            )
            waiter.cancel()
            if closed in done:
                return
    finally:
        closed.cancel()
