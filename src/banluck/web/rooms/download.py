"""A room's every hand as one file (``/room/{code}/hands.json``) without holding up the
rooms: the kept records are read from the store (one query), then each is parsed, cut to what
the reader saw (``rooms.recall.for_person``) and encoded a few at a time in a worker thread,
streamed as it goes; the file made is kept per reader and room version (the hands kept
only grow), so asking again costs nothing; one member downloads one file at a time, a few
a minute (``rate_limited`` past that).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import Any

from banluck.core.refusal import Refusal
from banluck.rooms.recall import for_person
from banluck.web.clients import Buckets

#: Files kept made (each a reader's, at a room version), and the most bytes kept in all.
KEEP_FILES = 16
KEEP_BYTES = 32 * 1024 * 1024
#: Downloads one member may start: a burst, then this many a minute.
DOWNLOADS_BURST = 4
DOWNLOADS_PER_MINUTE = 2.0
#: Records encoded between two chunks of the answer.
CHUNK = 20


def _dumps(data: Any) -> str:
    """JSON as the API's answers write it (Starlette's ``JSONResponse``)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class HandFiles:
    """The files made, the downloads under way and each member's allowance."""

    def __init__(self, clock: Any = None) -> None:
        import time

        self._files: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()
        self._busy: set[str] = set()
        self._lock = threading.Lock()
        self.allowance = Buckets(
            DOWNLOADS_BURST, DOWNLOADS_PER_MINUTE / 60, clock or time.monotonic
        )

    def start(self, player: str) -> None:
        """A member starts a download (``rate_limited``: one under way already, or too
        many of late)."""
        with self._lock:
            if player in self._busy:
                raise Refusal("rate_limited", "your download of this room's hands is under way")
            if not self.allowance.take(player):
                per_minute = self.allowance.per_second * 60
                raise Refusal(
                    "rate_limited",
                    f"the room's hands may be downloaded at most {per_minute:g} times a minute",
                )
            self._busy.add(player)

    def done(self, player: str) -> None:
        with self._lock:
            self._busy.discard(player)

    def kept(self, key: tuple[str, int, str]) -> bytes | None:
        with self._lock:
            data = self._files.get(key)
            if data is not None:
                self._files.move_to_end(key)
            return data

    def keep(self, key: tuple[str, int, str], data: bytes) -> None:
        with self._lock:
            self._files[key] = data
            while len(self._files) > KEEP_FILES or (
                len(self._files) > 1 and sum(map(len, self._files.values())) > KEEP_BYTES
            ):
                self._files.popitem(last=False)

    def stream(
        self,
        key: tuple[str, int, str],
        head: dict[str, Any],
        rows: Sequence[tuple[int, str]],
        player: str,
    ) -> Iterator[bytes]:
        """The file of ``head`` with ``"hands"``: the records ``rows`` (oldest first) as
        ``player`` saw them, a few at a time (Starlette runs a plain iterator in a worker
        thread); the whole file is kept once sent."""
        parts: list[bytes] = []
        try:
            parts.append((_dumps(head)[:-1] + ',"hands":[').encode())
            yield parts[-1]
            for i in range(0, len(rows), CHUNK):
                seen = [for_person(json.loads(data), player) for _, data in rows[i : i + CHUNK]]
                text = ",".join(_dumps(h) for h in seen)
                parts.append((("," if i else "") + text).encode())
                yield parts[-1]
            parts.append(b"]}")
            yield parts[-1]
            self.keep(key, b"".join(parts))
        finally:
            self.done(player)
