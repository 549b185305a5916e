"""Rooms live over WebSockets: the rooms in memory (``RoomHub``) and one socket per tab.

Every change to a room is saved (``store.rooms``) and then sent to every socket of the
room, each its own ``Room.view``: a frame for a player holds only what their seat may see
(T22, B9, K17); a watcher's holds no face-down card at all. Each socket has a queue and a
writer task, so one slow browser never holds up the others (a queue that overflows closes
that socket; the browser reconnects and gets the whole state again).

The socket's own checks, before the room sees a frame (``Guard`` lets WebSockets through):
the Host header (DNS rebinding) and the Origin (another site's page may not open a socket
with the player's cookie), the signed cookie (``identity``), frames of JSON text of at most
``MAX_FRAME`` bytes, and a token bucket per socket (``RATE`` frames a second, bursts of
``BURST``). Each refusal is an ``error`` frame to that socket only; nothing changes.

Client → server frames: ``join {name, passcode?}``, ``sit {seat?}``, ``stand``, ``free {seat}``
(host), ``bet {hand, amount}``, ``act {hand, step, action}``, ``state``, and the door's
(``rooms.door``; docs/API.md lists them all). Server → client:
``state`` (``Room.view``) and ``error`` (``Refusal.body`` plus ``type``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from starlette.requests import cookie_parser
from starlette.websockets import WebSocket, WebSocketDisconnect

from banluck.core.refusal import Refusal
from banluck.web import metrics
from banluck.web.guard import HostCheck
from banluck.web.identity import COOKIE, Identities
from banluck.web.rooms.frames import Connection, TokenBucket, dumps, error_frame, parse_frame
from banluck.web.rooms.hub import RoomHub

log = logging.getLogger("banluck.web")

#: Close codes (4000–4999 are the application's own).
CLOSE_POLICY = 1008
CLOSE_TRY_LATER = 1013
CLOSE_NO_ROOM = 4404
CLOSE_SLOW = 4408


def socket_refusal(ws: WebSocket, hosts: HostCheck) -> str | None:
    """Why a socket may not open (Host, Origin), else None."""
    host = ws.headers.get("host", "")
    if not hosts(host):
        return hosts.refusal(host)
    origin = ws.headers.get("origin")
    scheme = "https" if ws.url.scheme == "wss" else "http"
    if origin is None or origin.lower() != hosts.origin(host, scheme):
        return "a socket (a room's, a ledger's) must be opened by this server's page"
    return None


def socket_player(ws: WebSocket, identities: Identities) -> str | None:
    """The player of the socket's signed cookie, else None."""
    cookies: dict[str, str] = {}
    for value in ws.headers.getlist("cookie"):
        cookies.update(cookie_parser(value))
    return identities.player(cookies.get(COOKIE, ""))


async def serve_socket(
    ws: WebSocket, code: str, hub: RoomHub, identities: Identities, hosts: HostCheck
) -> None:
    """One tab in one room, from the handshake to the close."""
    refusal = socket_refusal(ws, hosts)
    if refusal is not None:
        await ws.close(code=CLOSE_POLICY, reason=refusal)  # before accept: a 403
        return
    player = socket_player(ws, identities)
    if player is None:
        await ws.close(code=CLOSE_POLICY, reason="open the room's page first (no cookie)")
        return
    address = hub.clients.address(ws.client.host if ws.client else None, ws.headers)
    try:
        hub.clients.open_socket(player, address)  # one client cannot hold every socket
    except Refusal as exc:
        await ws.close(code=CLOSE_POLICY, reason=exc.message)  # before accept: a 403
        return
    try:
        await _serve_open(ws, code, hub, player, address)
    finally:
        hub.clients.close_socket(player, address)


async def _serve_open(ws: WebSocket, code: str, hub: RoomHub, player: str, address: str) -> None:
    """The socket of ``player``, admitted, in room ``code``."""
    try:
        room = hub.get(code)
    except Refusal as exc:  # the rooms' database is out of reach: the page tries again
        await ws.accept()
        await ws.send_text(error_frame(exc))
        await ws.close(code=CLOSE_TRY_LATER)
        return
    await ws.accept()
    if room is None:
        await ws.send_text(error_frame(hub.missing(code)))
        await ws.close(code=CLOSE_NO_ROOM)
        return
    conn = Connection(player)
    async with hub.opening(room):
        if not hub.is_ready(room):  # its house is being solved: the room is shown meanwhile,
            await ws.send_text(dumps(room.view(player)))  # its frames heard once it is
        await hub.ready(room)  # a room whose house is being solved: nobody else waits
    try:
        hub.attach(room, conn)
    except Refusal as exc:  # the rooms' database is out of reach: the page tries again
        hub.release(room)
        await ws.send_text(error_frame(exc))
        await ws.close(code=CLOSE_TRY_LATER)
        return
    writer = asyncio.get_running_loop().create_task(_write(ws, conn))
    bucket = TokenBucket(hub.rate, hub.burst, now=time.monotonic())
    metrics.SOCKETS.inc()
    try:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            try:
                if not bucket.take(time.monotonic()):
                    raise Refusal("rate_limited", f"too many frames: at most {hub.rate:g} a second")
                frame = parse_frame(message)
                await hub.ready(room)  # the room's house solve, off the loop
                hub.command(room, player, frame, address)
            except Refusal as exc:
                conn.send(error_frame(exc))
            except Exception:  # a fault of the server: this frame fails, the socket stays
                log.exception("room %s: a frame failed", code)
                conn.send(error_frame(Refusal("server_error", "the server failed on this frame")))
    except WebSocketDisconnect:
        pass
    finally:
        metrics.SOCKETS.dec()
        hub.detach(room, conn)
        conn.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 1.0)
        writer.cancel()


async def _write(ws: WebSocket, conn: Connection) -> None:
    """Send the socket's queue in order; None closes it."""
    try:
        while True:
            text = await conn.queue.get()
            if text is None:
                if conn.slow:
                    with contextlib.suppress(Exception):
                        await ws.close(code=CLOSE_SLOW, reason="too slow: reconnect")
                elif conn.close_code is not None:
                    with contextlib.suppress(Exception):
                        await ws.close(code=conn.close_code, reason="not in this room")
                return
            await ws.send_text(text)
            del text  # an idle socket keeps no copy of its last frame
    except Exception:  # the socket went away: the reader sees the disconnect
        conn.closed = True
