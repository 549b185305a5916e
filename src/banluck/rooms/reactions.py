"""Quick reactions in a room: a small fixed set, each a word the page shows in the reader's
language with its emoji (never free text, so a stranger with the link can write nothing),
at most one a person every ``GAP`` seconds, the last ``KEEP`` shown to everyone.

Reactions are of the moment: they live with the room in memory, not in its save.

>>> r = Reactions()
>>> r.add("p1", "Ann", "nice", 10.0)
>>> r.add("p1", "Ann", "wow", 10.5)
Traceback (most recent call last):
...
banluck.core.refusal.Refusal: one reaction every 2 s: wait a moment
>>> r.add("p1", "Ann", "wow", 12.0); [x["reaction"] for x in r.recent()]
['nice', 'wow']
"""

from __future__ import annotations

from collections import deque
from typing import Any

from banluck.core.refusal import Refusal

#: The reactions a person may send (the page's texts ``room.react.<id>``).
REACTIONS = ("nice", "unlucky", "wow", "again", "huat", "hurry")
#: Seconds between two reactions of one person, and how many the room shows.
GAP = 2.0
KEEP = 8


class Reactions:
    """The room's last reactions and when each person last reacted."""

    def __init__(self) -> None:
        self._last: dict[str, float] = {}  # player -> when they last reacted
        self._shown: deque[dict[str, Any]] = deque(maxlen=KEEP)
        self._count = 0

    def add(self, player: str, name: str, reaction: object, now: float) -> None:
        """``player`` (shown as ``name``) reacts (``bad_request`` for a reaction not of the
        set, ``rate_limited`` within ``GAP`` seconds of their last)."""
        if not isinstance(reaction, str) or reaction not in REACTIONS:
            raise Refusal(
                "bad_request",
                f"a reaction is one of {', '.join(REACTIONS)}",
                {"reactions": list(REACTIONS)},
            )
        last = self._last.get(player)
        if last is not None and now - last < GAP:
            raise Refusal("rate_limited", f"one reaction every {GAP:g} s: wait a moment")
        self._last[player] = now
        self._count += 1
        self._shown.append({"n": self._count, "name": name, "reaction": reaction, "at": now})

    def recent(self) -> list[dict[str, Any]]:
        """The last reactions, oldest first: ``{n, name, reaction, at}`` (``n`` counts every
        reaction of the room, so a page shows each once)."""
        return list(self._shown)
