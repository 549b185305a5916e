"""What a container engine, a load balancer and a monitor ask a server process:

- ``GET /healthz``: 200 while the process answers at all (``{"status": "ok"}``);
- ``GET /readyz``: 200 when it can serve a table: the players' save and the rooms' store
  answer a query, and the compiled kernels are built (else the first Hint or kampung hand
  would wait for the compiler); 503 naming what is not ready;
- ``GET /metrics``: Prometheus' text (``web.metrics``), only to a request that names the
  machine itself (its own address and port), never through the public address.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from banluck.core.refusal import Refusal
from banluck.native import AheadOfTime
from banluck.store import Saves
from banluck.web import metrics
from banluck.web.guard import HostCheck
from banluck.web.rooms.hub import RoomHub

log = logging.getLogger("banluck.web")

#: the compiled kernels a ready server has, as module and name (``banluck warm`` builds them)
KERNELS = (
    ("banluck.draws.native", "DRAWS"),
    ("banluck.games.blackjack.strategy.native", "SOLVER"),
    ("banluck.games.kampung.equilibrium.native", "KERNEL"),
)


def kernels_built() -> bool:
    """Whether every compiled kernel of today's sources is built (``banluck warm``)."""
    for module, name in KERNELS:
        kernel: AheadOfTime = getattr(importlib.import_module(module), name)
        if kernel.native() is None:
            return False
    return True


def install_operations(app: FastAPI, store: Saves, hub: RoomHub, hosts: HostCheck) -> None:
    """Add ``/healthz``, ``/readyz`` and ``/metrics`` to ``app``."""
    metrics.rooms_held(lambda: len(hub.rooms))

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        checks = {
            "saves": await run_in_threadpool(_answers, store.ping),
            "rooms": _answers(hub.store.ping),
            "kernels": "ok" if await run_in_threadpool(kernels_built) else "not built",
        }
        ready = all(v == "ok" for v in checks.values())
        body = {"status": "ready" if ready else "not ready", "checks": checks}
        return JSONResponse(body, status_code=200 if ready else 503)

    @app.get("/metrics", include_in_schema=False)
    async def metrics_text(request: Request) -> Response:
        if hosts.public_for(request.headers.get("host", "")) is not None:
            raise Refusal("not_found", "the metrics are answered on the machine itself")
        return Response(metrics.text(), media_type=metrics.CONTENT_TYPE)


def _answers(ping: Any) -> str:
    """``ok`` when ``ping()`` answers, else what failed (logged)."""
    try:
        ping()
    except Exception as exc:  # any fault of the store is "not ready", said in the log
        log.warning("readyz: a store does not answer: %s", exc)
        metrics.DATABASE_ERRORS.inc()
        return "not answering"
    return "ok"
