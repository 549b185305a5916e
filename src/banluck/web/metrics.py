"""What an operator watches (``GET /metrics``, Prometheus' text format, ``prometheus-client``):
requests and their latency by route, room sockets open, rooms held, hands dealt, refusals by
code, database errors. One set per server process (with ``--workers`` each worker reports
its own; sum them). ``/metrics`` answers only a request that names the machine itself
(``127.0.0.1:PORT``, as a scraper on the machine or in its container does), never one that
came through the public address.

``Metrics`` is also the ASGI middleware that times every request (between the response
compression and the guard, so the guard's refusals count too).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from prometheus_client import CONTENT_TYPE_LATEST as CONTENT_TYPE
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_TYPE", "REGISTRY", "Metrics", "refused", "text"]

#: this process's metrics (not the library's global registry: nothing else's lands here)
REGISTRY = CollectorRegistry()
REQUESTS = Counter(
    "banluck_requests",
    "HTTP requests answered, by route, method and status",
    ["route", "method", "status"],
    registry=REGISTRY,
)
LATENCY = Histogram(
    "banluck_request_seconds",
    "Time to answer an HTTP request, by route",
    ["route"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
    registry=REGISTRY,
)
SOCKETS = Gauge("banluck_room_sockets", "Room sockets open", registry=REGISTRY)
ROOMS = Gauge("banluck_rooms_held", "Rooms held in this process's memory", registry=REGISTRY)
HANDS = Counter(
    "banluck_hands_dealt",
    "Hands dealt, at a solo table or in a room",
    ["where"],
    registry=REGISTRY,
)
REFUSALS = Counter(
    "banluck_refusals",
    "Requests and room frames refused, by error code",
    ["code"],
    registry=REGISTRY,
)
DATABASE_ERRORS = Counter(
    "banluck_database_errors",
    "Database statements that failed (out of reach, or refused)",
    registry=REGISTRY,
)
#: an error body read for its code only up to this size
_BODY_READ = 4096
#: the methods counted by name (any other a client makes up is "other": no series of its own)
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def text() -> bytes:
    """The metrics in Prometheus' text format."""
    return generate_latest(REGISTRY)


def refused(code: str) -> None:
    """Count a refusal sent in a room frame (HTTP refusals are counted by ``Metrics``)."""
    REFUSALS.labels(code).inc()


def rooms_held(count: Callable[[], float]) -> None:
    """Read the rooms held from ``count`` at every scrape (the latest app's hub)."""
    ROOMS.set_function(count)


class Metrics:
    """Counts and times every HTTP request by its route's template (``/api/games/{game}``,
    never the path a client made up), and each refusal's ``error.code``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500
        error = bytearray()
        json_error = False

        async def watched(message: Message) -> None:
            nonlocal status, json_error
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = dict(message.get("headers", ()))
                kind = headers.get(b"content-type", b"")
                json_error = status >= 400 and kind.startswith(b"application/json")
            elif message["type"] == "http.response.body" and json_error:
                error.extend(message.get("body", b"")[: max(0, _BODY_READ - len(error))])
            await send(message)

        try:
            await self.app(scope, receive, watched)
        finally:
            route = scope.get("route")
            name = str(getattr(route, "path", "other"))
            method = scope["method"] if scope["method"] in _METHODS else "other"
            REQUESTS.labels(name, method, str(status)).inc()
            LATENCY.labels(name).observe(time.perf_counter() - start)
            if status >= 400:
                REFUSALS.labels(_code(bytes(error), status)).inc()


def _code(body: bytes, status: int) -> str:
    """A refusal's ``error.code`` (``http_STATUS`` when the body names none)."""
    try:
        code = json.loads(body)["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return f"http_{status}"
    return code if isinstance(code, str) and code.isidentifier() else f"http_{status}"
