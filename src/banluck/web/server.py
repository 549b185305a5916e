"""The HTTP server under the app: uvicorn's h11 protocol with a deadline and a ceiling.

uvicorn closes an idle kept-alive connection, but not one that never completes its
request headers, and it takes every connection offered: thousands of idle sockets can
exhaust the process's file handles (and ``accept`` then logs a traceback per attempt).
``guarded_protocol`` closes a connection whose request headers are not complete
``header_timeout`` seconds after it opened or after its first byte that follows an answer
(an idle kept-alive connection waits for that byte ``keep_alive`` seconds), and closes at once any
connection beyond ``max_connections`` (counted by uvicorn), so that file handles stay
bounded and quiet; and one peer address may hold at most ``per_address`` plain connections
at once (a slowloris reopening its partial requests as they close fills its own share, not
the server). A request whose headers are complete is never cut (its body has its own
deadline in the app). A connection that becomes a room's socket is counted by the rooms
(``web.clients``) from then on.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import resource
import signal
import socket
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from banluck.web.limits import (
    CONNECTIONS_PER_ADDRESS,
    HEADER_TIMEOUT,
    KEEP_ALIVE,
    MAX_CONNECTIONS,
    MAX_HEAD,
)

log = logging.getLogger("banluck.web")


def connection_ceiling(wanted: int = MAX_CONNECTIONS) -> int:
    """``wanted``, within a quarter of the process's file handle limit: the soft limit is
    raised towards the hard one first when it is too low (as far as the system allows)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    need = 4 * wanted
    if soft < need and (hard == resource.RLIM_INFINITY or soft < hard):
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass  # the soft limit stays: the ceiling follows it
    return max(1, min(wanted, soft // 4))


def guarded_protocol(
    header_timeout: float,
    max_connections: int,
    per_address: int | None = None,
    keep_alive: int = KEEP_ALIVE,
) -> type[H11Protocol]:
    """An ``H11Protocol`` with a header deadline, a connection ceiling and, unless
    ``per_address`` is None (behind a proxy, every connection is the proxy's), a ceiling
    per peer address. After an answer the connection waits ``keep_alive`` seconds (uvicorn's
    own keep-alive closes it then) for the next request's first byte, which has
    ``header_timeout`` seconds to become a whole request head."""
    by_peer: Counter[str] = Counter()

    class GuardedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _refused = 0
        _peer: str | None = None  # the address this connection is counted under
        _idle = False  # the deadline armed waits for a next request, not for its head

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if per_address is not None and self.client is not None:
                peer = self.client[0]
                if by_peer[peer] >= per_address:
                    self.transport.abort()  # its own share is full: the others' is not
                    return
                by_peer[peer] += 1
                self._peer = peer
            if len(self.connections) > max_connections:
                GuardedH11Protocol._refused += 1
                if GuardedH11Protocol._refused in (1, 10, 100) or not (
                    GuardedH11Protocol._refused % 1000
                ):
                    log.warning(
                        "more than %d connections: closing new ones (%d so far)",
                        max_connections,
                        GuardedH11Protocol._refused,
                    )
                self.transport.abort()
                return
            self._arm()

        def _arm(self, seconds: float = header_timeout, *, idle: bool = False) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._headers_late)
            self._idle = idle

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            self._idle = False

        def data_received(self, data: bytes) -> None:
            if self._idle:
                self._arm()  # a next request begins: its head has the usual deadline
            super().data_received(data)

        def _headers_late(self) -> None:
            self._deadline = None
            busy = self.cycle is not None and not self.cycle.response_complete
            if not busy and not self.transport.is_closing():
                self.transport.close()  # no answer is owed: the request never arrived

        def _uncount(self) -> None:
            if self._peer is not None:
                by_peer[self._peer] -= 1
                if by_peer[self._peer] <= 0:
                    del by_peer[self._peer]
                self._peer = None

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()  # the connection is a WebSocket's now (rooms, issue 11)
            self._uncount()  # counted by the rooms from now on (``web.clients``)
            super().handle_websocket_upgrade(event)

        def handle_events(self) -> None:
            super().handle_events()
            if self.cycle is not None and not self.cycle.response_complete:
                self._disarm()  # a request is being answered

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                # idle until the next request's first byte, then its head's own deadline
                self._arm(max(header_timeout, keep_alive), idle=True)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

    return GuardedH11Protocol


class LeanWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol (its ``ws="auto"`` choice), which forgets the
    opening handshake once it is answered: its response and request are never read again,
    and a room's sockets stay open for hours (about 1 KB a socket: ``websockets`` itself
    keeps the request)."""

    async def send(self, message: Any) -> None:
        await super().send(message)
        if self.handshake_complete:
            self.__dict__.pop("request", None)
            self.__dict__.pop("response", None)


#: The rooms' socket (``rooms.http``): served straight from the server (``direct_sockets``).
ROOM_SOCKET = "/api/rooms/{code}/ws"


def direct_sockets(app: Any) -> Any:
    """``app`` with its rooms' socket route called straight from the server: an open socket
    otherwise sits, for hours, inside every layer of the app's stack (middleware, routing,
    dependency exit stacks: about 10 KB a socket), none of which does anything for a
    WebSocket once it is open (``guard.Guard`` lets them through; the socket makes its own
    checks, ``rooms.ws.serve_socket``). Everything else goes to ``app`` as before."""
    from starlette.routing import Match, WebSocketRoute
    from starlette.websockets import WebSocket

    def found(router: Any) -> list[Any]:
        out = []
        for r in getattr(router, "routes", ()):
            if isinstance(r, WebSocketRoute) and r.path == ROOM_SOCKET:
                out.append(r)
            context = getattr(r, "include_context", None)  # FastAPI's include_router
            if context is not None and not context.prefix and not context.dependencies:
                out += found(getattr(r, "original_router", None))
        return out

    routes = found(getattr(app, "router", None))
    if not routes:
        return app

    async def serve(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            for route in routes:
                match, child = route.matches(scope)
                if match is Match.FULL:
                    ws = WebSocket({**scope, **child}, receive, send)
                    await route.endpoint(ws, **child["path_params"])
                    return
        await app(scope, receive, send)

    return serve


def _memory_report_on_sigusr1() -> None:
    """Under ``PYTHONTRACEMALLOC=N``: the first SIGUSR1 takes a snapshot of the memory, each
    later one writes to the log what was allocated since, by line, largest first (where the
    memory of idle rooms and their sockets goes: ``benchmarks/bench_rooms.py``)."""
    import tracemalloc

    if not tracemalloc.is_tracing():
        return
    first: list[tracemalloc.Snapshot] = []

    def report(signum: int, frame: Any) -> None:
        if first:  # what a collection would free is garbage, not the rooms' memory
            log.warning("tracemalloc: a collection freed %d objects", gc.collect())
        snap = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)]
        )
        if not first:
            first.append(snap)
            return
        deep = tracemalloc.get_traceback_limit() > 1  # PYTHONTRACEMALLOC=N: N frames each
        stats = snap.compare_to(first[0], "traceback" if deep else "lineno")
        total = sum(s.size_diff for s in stats)
        lines = [f"tracemalloc: {total / 1024:+.0f} KiB since the first snapshot"]
        for s in stats[:30]:
            lines.append(f"  {s.size_diff / 1024:+9.1f} KiB {s.count_diff:+7d}  {s.traceback}")
            if deep:
                lines += [f"      {line.strip()}" for line in s.traceback.format()[-8::2]]
        log.warning("\n".join(lines))

    signal.signal(signal.SIGUSR1, report)


#: Collections of the middle generation between two full ones (Python's default: 10). A
#: full collection stops every room while it walks every object of the sockets and rooms
#: (25-85 ms with 1,000 sockets on this machine): ten times rarer, it falls on ten times
#: fewer updates. Young collections are as before; cyclic garbage that outlived them
#: waits longer (the rooms make little: ``RoomHub`` changes a room in place).
FULL_COLLECTION_EVERY = 100


def _collect_for_latency() -> None:
    """The objects of the start (modules, tables) are kept (``gc.freeze``: no full
    collection walks them again), and full collections are ``FULL_COLLECTION_EVERY``
    middle ones apart."""
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


@dataclass(frozen=True, kw_only=True)
class ConnectionLimits:
    """The server's limits on connections (``banluck serve``'s options)."""

    #: seconds a connection may take to complete its request headers
    header_timeout: float = HEADER_TIMEOUT
    #: connections open at once, beyond which new ones are closed at once
    max_connections: int = MAX_CONNECTIONS
    #: plain connections one peer address may hold at once (None: not counted, as behind a
    #: proxy every connection is the proxy's)
    per_address: int | None = CONNECTIONS_PER_ADDRESS
    #: seconds an idle kept-alive connection waits for its client's next request
    keep_alive: int = KEEP_ALIVE


def _config(
    app: Any,
    host: str,
    port: int,
    log_level: str,
    limits: ConnectionLimits,
    log_json: bool = False,
) -> Any:
    import uvicorn
    from uvicorn.config import LOGGING_CONFIG

    from banluck.web.logs import json_log_config

    http = guarded_protocol(
        limits.header_timeout,
        connection_ceiling(limits.max_connections),
        limits.per_address,
        limits.keep_alive,
    )
    return uvicorn.Config(
        direct_sockets(app),
        host=host,
        port=port,
        log_level=log_level,
        log_config=json_log_config(log_level) if log_json else LOGGING_CONFIG,
        http=http,
        h11_max_incomplete_event_size=MAX_HEAD,
        ws=LeanWebSocketProtocol,
        ws_max_size=16 * 1024,  # rooms' frames are at most 1 KiB (rooms_frames.MAX_FRAME)
        ws_per_message_deflate=False,  # a zlib state per socket costs ~0.4 MB and CPU
        timeout_keep_alive=limits.keep_alive,
        server_header=False,
        # the client's address is the peer's: a forwarded header is read only as
        # ``--client-header`` says (uvicorn's own handling would trust any local client)
        proxy_headers=False,
    )


def run(
    app: Any,
    host: str,
    port: int,
    log_level: str,
    limits: ConnectionLimits = ConnectionLimits(),
    log_json: bool = False,
) -> None:
    """Serve ``app`` with uvicorn on the guarded protocol until stopped (``log_json``: the
    log as JSON lines, ``web.logs``)."""
    import uvicorn

    config = _config(app, host, port, log_level, limits, log_json)
    _memory_report_on_sigusr1()
    _collect_for_latency()
    uvicorn.Server(config).run()


def run_workers(
    workers: int,
    host: str,
    port: int,
    log_level: str,
    limits: ConnectionLimits = ConnectionLimits(),
    log_json: bool = False,
) -> int:
    """Serve with ``workers`` processes on one listening socket, bound here, each a new
    ``banluck`` of this command line serving it (``web.workers``: replaced when one dies,
    restarted one at a time on SIGHUP). The rooms must be in a shared store
    (``--db postgresql://…``)."""
    from banluck.web.solo import fair as solo_fair
    from banluck.web.workers import supervise

    probe = _config(None, host, port, log_level, limits, log_json)
    sock = probe.bind_socket()
    return supervise(sock, workers, sys.argv[1:], solo_fair.START)


def run_worker(
    app: Any,
    sock: socket.socket,
    host: str,
    port: int,
    log_level: str,
    limits: ConnectionLimits = ConnectionLimits(),
    log_json: bool = False,
) -> int:
    """Serve ``app`` on the listening socket a supervisor handed over (``run_workers``),
    telling it once this worker serves."""
    import uvicorn

    from banluck.web.workers import say_ready

    class Told(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                say_ready()

    config = _config(app, host, port, log_level, limits, log_json)
    _collect_for_latency()
    Told(config).run(sockets=[sock])
    return 0
