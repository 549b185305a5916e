"""What crosses a room's socket: the frames a player sends (``FRAMES``, ``parse_frame``,
``apply_frame``), the error frame, a socket's queue (``Connection``) and its token bucket.

Each refusal is a ``Refusal``: the socket sends it as an ``error`` frame to that socket only,
and nothing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from banluck.core.refusal import Refusal
from banluck.core.text import json_fault
from banluck.rooms import door
from banluck.rooms.room import Room
from banluck.web import metrics

#: The largest frame a browser may send (bytes of UTF-8 text).
MAX_FRAME = 1024
#: The token bucket of each socket: frames a second, and the largest burst.
RATE = 8.0
BURST = 16
#: Frames waiting for a slow socket before it is closed.
QUEUE = 64
#: The frames a player sends (``RoomHub.command``).
FRAMES = (
    "join",
    "sit",
    "stand",
    "free",
    "remove",
    "bet",
    "act",
    "house",
    "back",
    "new_session",
    "start",
    "timer",
    "react",
    "seed",
    "state",
    "hint",
    "door",
    "admit",
    "refuse",
    "make_host",
    "offer_bank",
    "take_bank",
    "decline_bank",
)


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


#: The close code of a socket whose person the host removed or turned away: the page shows
#: the last frame (which says so) and does not connect again.
CLOSE_BANNED = 4403


@dataclass(eq=False)
class Connection:
    """One open socket of one player in one room."""

    player: str
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE))
    closed: bool = False
    slow: bool = False
    #: the code the socket is closed with once its queue is sent (``close_after``)
    close_code: int | None = None

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

    def close_after(self, code: int) -> None:
        """Close the socket with ``code`` once what it was sent has gone out; nothing more
        is sent on it."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def error_frame(exc: Refusal) -> str:
    metrics.refused(exc.code)
    return dumps({"type": "error", **exc.body()})


def apply_frame(room: Room, player: str, frame: dict[str, Any], now: float) -> None:
    """A player's frame (one of ``FRAMES``) on the room; ``Refusal`` when refused."""
    kind = frame.get("type")
    if kind == "join":
        room.join(player, frame.get("name"), now, frame.get("passcode"))
    elif kind == "sit":
        room.sit(player, frame.get("seat"), now)
    elif kind == "stand":
        room.stand_up(player, now)
    elif kind == "free":
        room.free(player, frame.get("seat"), now)
    elif kind == "bet":
        room.bet(player, frame.get("hand"), frame.get("amount"), now, frame.get("side_bets"))
    elif kind == "act":
        room.act(player, frame.get("hand"), frame.get("step"), frame.get("action"), now)
    elif kind == "house":
        room.set_house(player, frame.get("house"), now)
    elif kind == "back":
        room.back(player, now)
    elif kind == "remove":
        room.remove(player, frame.get("name"), now)
    elif kind == "new_session":
        room.new_session(player, now)
    elif kind == "start":
        room.start(player, now)
    elif kind == "timer":
        room.set_timer(player, frame.get("timer"), frame.get("paused"), now)
    elif kind == "react":
        room.react(player, frame.get("reaction"), now)
    elif kind == "seed":
        room.give_seed(player, frame.get("seed"), now)
    elif kind in _DOOR:
        _DOOR[kind](room, player, frame, now)
    elif kind != "state":
        raise unknown_frame(kind)


#: who comes in and what the host hands on (``rooms.door``)
_DOOR: dict[str, Callable[[Room, str, dict[str, Any], float], None]] = {
    "door": door.set_door,
    "admit": lambda r, p, f, now: door.admit(r, p, f.get("name"), now),
    "refuse": lambda r, p, f, now: door.refuse(r, p, f.get("name"), now),
    "make_host": lambda r, p, f, now: door.make_host(r, p, f.get("name"), now),
    "offer_bank": lambda r, p, f, now: door.offer_bank(r, p, f.get("name"), now),
    "take_bank": lambda r, p, f, now: door.answer_bank(r, p, True, now),
    "decline_bank": lambda r, p, f, now: door.answer_bank(r, p, False, now),
}


def unknown_frame(kind: object) -> Refusal:
    """The refusal of a frame whose type is not one of ``FRAMES``."""
    return Refusal(
        "bad_request",
        f"unknown frame type {kind!r} ({', '.join(FRAMES)})",
        {"type": kind if isinstance(kind, str) else None},
    )


def parse_frame(message: Mapping[str, Any]) -> dict[str, Any]:
    """A socket message as a frame, or the ``Refusal`` saying why not.

    >>> parse_frame({"type": "websocket.receive", "text": '{"type": "state"}'})
    {'type': 'state'}
    >>> parse_frame({"type": "websocket.receive", "text": "[1]"})
    Traceback (most recent call last):
    ...
    banluck.core.refusal.Refusal: a frame is a JSON object with a 'type'
    """
    text = message.get("text")
    if text is None:
        raise Refusal("bad_request", "send frames as JSON text, not binary")
    if len(text) > MAX_FRAME or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise Refusal("too_large", f"a frame holds at most {MAX_FRAME} bytes", {"max": MAX_FRAME})
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refusal("bad_request", "a frame must be JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refusal("bad_request", "a frame is a JSON object with a 'type'")
    fault = json_fault(data)  # a "\ud800" escape: refused at the door, never kept
    if fault is not None:
        raise Refusal("bad_request", f"a frame holds {fault}")
    return data
