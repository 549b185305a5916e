"""Every request body, read one way: a JSON object of at most ``MAX_BODY`` bytes, refused
(413) as soon as it passes them, declared or not, and (408) when it takes over
``BODY_TIMEOUT`` seconds; each refusal closes the connection, so the rest of a body is
never read. The game routes and the rooms' routes both read theirs here."""

from __future__ import annotations

import json
from typing import Any

import anyio
from fastapi import Request
from starlette.requests import ClientDisconnect

from banluck.core.text import json_fault
from banluck.web.guard import CLOSE, HttpRefusal
from banluck.web.limits import BODY_TIMEOUT, MAX_BODY


async def read_body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The JSON object of a request, read chunk by chunk and refused (413) as soon as it
    passes ``limit`` bytes (``MAX_BODY`` unless a route takes more), or when it takes over
    ``BODY_TIMEOUT`` seconds (408)."""
    too_large = HttpRefusal(413, "bad_request", "the request body is too large", CLOSE)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise too_large
    raw = bytearray()
    try:
        with anyio.fail_after(BODY_TIMEOUT):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > limit:
                    raise too_large
    except TimeoutError:
        raise HttpRefusal(408, "bad_request", "the request body came too slowly", CLOSE) from None
    except ClientDisconnect:  # nobody to answer; not a fault of the server
        raise HttpRefusal(400, "bad_request", "the request body was cut off", CLOSE) from None
    try:
        data = json.loads(bytes(raw))
    except (ValueError, RecursionError):  # not JSON, not UTF-8, nested too deeply
        raise HttpRefusal(422, "bad_request", "the body must be a JSON object") from None
    if not isinstance(data, dict):
        raise HttpRefusal(422, "bad_request", "the body must be a JSON object")
    fault = json_fault(data)  # a "\ud800" escape: refused at the door, never stored
    if fault is not None:
        raise HttpRefusal(422, "bad_request", f"the body holds {fault}")
    return data
