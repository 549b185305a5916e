"""The HTTP server under the app: uvicorn's h11 protocol with a deadline and a ceiling.

uvicorn closes an idle kept-alive connection, but not one that never completes its
request headers, and it takes every connection offered: thousands of idle sockets can
exhaust the process's file handles (and ``accept`` then logs a traceback per attempt).
``guarded_protocol`` closes a connection whose request headers are not complete
``header_timeout`` seconds after it opened or after its last answer, and closes at once any
connection beyond ``max_connections`` (counted by uvicorn), so that file handles stay
bounded and quiet. A request whose headers are complete is never cut (its body has its
own deadline in the app).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import resource
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from banluck.web.limits import HEADER_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD

log = logging.getLogger("banluck.web")


def connection_ceiling(wanted: int = MAX_CONNECTIONS) -> int:
    """``wanted``, lowered to a quarter of the process's file handle limit if need be."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft // 4))


def guarded_protocol(header_timeout: float, max_connections: int) -> type[H11Protocol]:
    """An ``H11Protocol`` with a header deadline and a connection ceiling."""

    class GuardedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _refused = 0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
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

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(header_timeout, self._headers_late)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _headers_late(self) -> None:
            self._deadline = None
            busy = self.cycle is not None and not self.cycle.response_complete
            if not busy and not self.transport.is_closing():
                self.transport.close()  # no answer is owed: the request never arrived

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()  # the connection is a WebSocket's now (rooms, issue 11)
            super().handle_websocket_upgrade(event)

        def handle_events(self) -> None:
            super().handle_events()
            if self.cycle is not None and not self.cycle.response_complete:
                self._disarm()  # a request is being answered

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's headers have the same deadline

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return GuardedH11Protocol


def run(
    app: Any,
    host: str,
    port: int,
    log_level: str,
    *,
    header_timeout: float = HEADER_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
) -> None:
    """Serve ``app`` with uvicorn on the guarded protocol until stopped."""
    import uvicorn

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=guarded_protocol(header_timeout, connection_ceiling(max_connections)),
        h11_max_incomplete_event_size=MAX_HEAD,
        ws_max_size=16 * 1024,  # rooms' frames are at most 1 KiB (rooms_ws.MAX_FRAME)
        ws_per_message_deflate=False,  # a zlib state per socket costs ~0.4 MB and CPU
        timeout_keep_alive=5,
        server_header=False,
    )
    gc.freeze()  # the objects of the start (modules, tables) are kept: no full GC rescans them
    uvicorn.Server(config).run()
