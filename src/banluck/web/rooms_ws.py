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

Client → server frames: ``join {name}``, ``sit {seat?}``, ``stand``, ``free {seat}`` (host),
``bet {hand, amount}``, ``act {hand, step, action}``, ``state``. Server → client:
``state`` (``Room.view``) and ``error`` (``RoomError.body`` plus ``type``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import cookie_parser
from starlette.websockets import WebSocket, WebSocketDisconnect

from banluck.rooms.errors import RoomError
from banluck.rooms.names import is_code, new_code
from banluck.rooms.room import Room, new_room
from banluck.rooms.settings import parse_settings
from banluck.store.rooms import RoomStore
from banluck.web.guard import HostCheck
from banluck.web.identity import COOKIE, Identities

log = logging.getLogger("banluck.web")

#: The largest frame a browser may send (bytes of UTF-8 text).
MAX_FRAME = 1024
#: The token bucket of each socket: frames a second, and the largest burst.
RATE = 8.0
BURST = 16
#: Frames waiting for a slow socket before it is closed.
QUEUE = 64
#: How often deadlines are checked (seconds).
TICK = 0.2
#: Close codes (4000–4999 are the application's own).
CLOSE_POLICY = 1008
CLOSE_NO_ROOM = 4404
CLOSE_SLOW = 4408


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; a frame takes one.

    >>> b = TokenBucket(1.0, 2, now=0.0)
    >>> [b.take(0.0), b.take(0.0), b.take(0.0), b.take(1.0)]
    [True, True, False, True]
    """

    def __init__(self, rate: float, burst: int, *, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass(eq=False)
class Connection:
    """One open socket of one player in one room."""

    player: str
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE))
    closed: bool = False
    slow: bool = False

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = self.slow = True  # closed; the browser comes back for a fresh state
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def error_frame(exc: RoomError) -> str:
    return _dumps({"type": "error", **exc.body()})


class RoomHub:
    """The rooms of one server process: loaded from the store when first asked for, saved
    after every change, and their sockets."""

    def __init__(
        self,
        store: RoomStore,
        *,
        clock: Callable[[], float] = time.time,
        entropy: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.entropy = entropy
        self.rooms: dict[str, Room] = {}
        #: each socket's token bucket (``RATE``, ``BURST``)
        self.rate, self.burst = RATE, BURST
        self.sockets: dict[str, set[Connection]] = {}
        self._ticker: asyncio.Task[None] | None = None

    def _kw(self) -> dict[str, Any]:
        return {} if self.entropy is None else {"entropy": self.entropy}

    # ------------------------------------------------------------------ rooms

    def get(self, code: str) -> Room | None:
        """The room of an invite code, from memory or the store; None when there is none."""
        if not is_code(code):
            return None
        room = self.rooms.get(code)
        if room is not None:
            return room
        raw = self.store.load(code)
        if raw is None:
            return None
        try:
            room = Room.from_json(json.loads(raw), **self._kw())
        except (ValueError, KeyError, TypeError, RoomError, RecursionError) as exc:
            log.warning("room %s cannot be read (%s): left as it is", code, exc)
            return None
        self.rooms[code] = room
        room.tick(self.clock())
        return room

    def create(self, player: str, body: dict[str, Any]) -> Room:
        """A new room for ``body``'s settings, its host ``player`` named ``body['name']``."""
        settings = parse_settings(body)
        room = new_room(new_code(), settings, player, body.get("name"), self.clock(), **self._kw())
        self.rooms[room.code] = room
        self._save(room)
        return room

    def _save(self, room: Room) -> None:
        self.store.save(room.code, _dumps(room.to_json()))

    def change(self, room: Room, command: Callable[[float], None]) -> None:
        """Run a command on a room (after what is due by now); if the room changed, save
        it and send every socket its view. A refusal changes nothing and is raised."""
        before = room.version
        now = self.clock()
        room.tick(now)
        try:
            command(now)
        finally:
            if room.version != before:
                self._save(room)
                self.broadcast(room)

    def broadcast(self, room: Room) -> None:
        """Each socket of the room gets the room as its player may see it."""
        frames: dict[str, str] = {}
        public = room.public()
        for conn in self.sockets.get(room.code, ()):
            frame = frames.get(conn.player)
            if frame is None:
                frame = frames[conn.player] = _dumps(room.view(conn.player, public))
            conn.send(frame)

    # ------------------------------------------------------------------ sockets

    def attach(self, room: Room, conn: Connection) -> None:
        self.sockets.setdefault(room.code, set()).add(conn)
        self.change(room, lambda now: room.connect(conn.player, now))  # sent to every socket
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.get_running_loop().create_task(self._tick_loop())

    def detach(self, room: Room, conn: Connection) -> None:
        conns = self.sockets.get(room.code)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.sockets[room.code]
        self.change(room, lambda now: room.disconnect(conn.player, now))
        self.release(room)

    def release(self, room: Room) -> None:
        """Forget a room nobody has a socket in (it is saved; ``get`` reloads it, and plays
        what fell due meanwhile): an idle room costs no memory."""
        if room.code not in self.sockets:
            self.rooms.pop(room.code, None)

    def tick(self) -> None:
        """Play what is due in every room that has a socket open."""
        now = self.clock()
        for code in list(self.sockets):
            room = self.rooms.get(code)
            if room is not None and room.tick(now):
                self._save(room)
                self.broadcast(room)

    async def _tick_loop(self) -> None:
        while self.sockets:
            await asyncio.sleep(TICK)
            try:
                self.tick()
            except Exception:  # a fault in one tick must not stop the timers
                log.exception("room timers failed")

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._ticker
        self.store.close()

    # ------------------------------------------------------------------ frames

    def command(self, room: Room, player: str, frame: dict[str, Any]) -> None:
        """One frame of a player (``RoomError`` when refused)."""
        kind = frame.get("type")
        if kind == "join":
            self.change(room, lambda now: room.join(player, frame.get("name"), now))
        elif kind == "sit":
            self.change(room, lambda now: room.sit(player, frame.get("seat"), now))
        elif kind == "stand":
            self.change(room, lambda now: room.stand_up(player, now))
        elif kind == "free":
            self.change(room, lambda now: room.free(player, frame.get("seat"), now))
        elif kind == "bet":
            self.change(
                room, lambda now: room.bet(player, frame.get("hand"), frame.get("amount"), now)
            )
        elif kind == "act":
            self.change(
                room,
                lambda now: room.act(
                    player, frame.get("hand"), frame.get("step"), frame.get("action"), now
                ),
            )
        elif kind == "state":  # the player's sockets get the state, ``reply`` set to ``id``
            self.change(room, lambda now: None)
            ref = frame.get("id")
            if not (isinstance(ref, int) and not isinstance(ref, bool)) or not 0 <= ref < 2**31:
                ref = None
            for conn in self.sockets.get(room.code, ()):
                if conn.player == player:
                    conn.send(_dumps({**room.view(player), "reply": ref}))
        else:
            raise RoomError(
                "bad_request",
                f"unknown frame type {kind!r} (join, sit, stand, free, bet, act, state)",
                {"type": kind if isinstance(kind, str) else None},
            )


def parse_frame(message: Mapping[str, Any]) -> dict[str, Any]:
    """A socket message as a frame, or the ``RoomError`` saying why not.

    >>> parse_frame({"type": "websocket.receive", "text": '{"type": "state"}'})
    {'type': 'state'}
    >>> parse_frame({"type": "websocket.receive", "text": "[1]"})
    Traceback (most recent call last):
    ...
    banluck.rooms.errors.RoomError: a frame is a JSON object with a 'type'
    """
    text = message.get("text")
    if text is None:
        raise RoomError("bad_request", "send frames as JSON text, not binary")
    if len(text) > MAX_FRAME or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise RoomError("too_large", f"a frame holds at most {MAX_FRAME} bytes", {"max": MAX_FRAME})
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RoomError("bad_request", "a frame must be JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RoomError("bad_request", "a frame is a JSON object with a 'type'")
    return data


def socket_refusal(ws: WebSocket, hosts: HostCheck) -> str | None:
    """Why a socket may not open (Host, Origin), else None."""
    host = ws.headers.get("host", "")
    if not hosts(host):
        return f"this server does not serve {host!r}"
    origin = ws.headers.get("origin")
    scheme = "https" if ws.url.scheme == "wss" else "http"
    if origin is None or origin.lower() != f"{scheme}://{host.lower()}":
        return "a room's socket must be opened by this server's page"
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
    room = hub.get(code)
    await ws.accept()
    if room is None:
        await ws.send_text(error_frame(RoomError("not_found", "there is no room of this link")))
        await ws.close(code=CLOSE_NO_ROOM)
        return
    conn = Connection(player)
    writer = asyncio.get_running_loop().create_task(_write(ws, conn))
    bucket = TokenBucket(hub.rate, hub.burst, now=time.monotonic())
    hub.attach(room, conn)
    try:
        while not conn.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            try:
                if not bucket.take(time.monotonic()):
                    raise RoomError(
                        "rate_limited", f"too many frames: at most {hub.rate:g} a second"
                    )
                hub.command(room, player, parse_frame(message))
            except RoomError as exc:
                conn.send(error_frame(exc))
    except WebSocketDisconnect:
        pass
    finally:
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
                return
            await ws.send_text(text)
    except Exception:  # the socket went away: the reader sees the disconnect
        conn.closed = True
