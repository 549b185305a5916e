"""One client against everyone else: how many room sockets one player and one client address
may hold open in this process, and how fast one address may make rooms.

A player is their signed cookie; a client address is the connection's peer, or, behind a
proxy the operator trusts, the last address that proxy wrote in its header (``banluck serve
--client-header X-Forwarded-For``; never read otherwise, as any client can write it). The
defaults leave room for honest use: a person with several tabs, a family or a classroom
behind one router (``PER_ADDRESS``), and 1,000 players each with a socket or two under the
server's connection ceiling. A refused socket is closed before it is accepted (a 403 to the
browser, with the reason); a refused room is ``rate_limited`` (429).

>>> c = ClientLimits(per_player=2, per_address=3, clock=lambda: 0.0)
>>> c.open_socket("p1", "10.0.0.1"); c.open_socket("p1", "10.0.0.1")
>>> c.open_socket("p1", "10.0.0.1")
Traceback (most recent call last):
...
banluck.core.refusal.Refusal: one player may have at most 2 room sockets open at once
>>> c.open_socket("p2", "10.0.0.1"); c.open_socket("p3", "10.0.0.1")
Traceback (most recent call last):
...
banluck.core.refusal.Refusal: at most 3 room sockets may be open from one address at once
>>> c.close_socket("p1", "10.0.0.1"); c.open_socket("p3", "10.0.0.1")
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping

from banluck.core.refusal import Refusal

#: Room sockets one player may hold open at once (their tabs and devices).
PER_PLAYER = 8
#: Room sockets one client address may hold open at once (everyone behind one router).
PER_ADDRESS = 64
#: New rooms one address may make: a burst, then this many an hour.
ROOMS_BURST = 10
ROOMS_PER_HOUR = 30.0


def client_address(peer: str | None, headers: Mapping[str, str], header: str | None = None) -> str:
    """The client's address: the trusted proxy's ``header`` (its last address) when one is
    configured and present, else the connection's peer.

    >>> client_address("10.0.0.9", {"x-forwarded-for": "1.2.3.4, 5.6.7.8"}, "X-Forwarded-For")
    '5.6.7.8'
    >>> client_address("10.0.0.9", {"x-forwarded-for": "1.2.3.4"})
    '10.0.0.9'
    """
    if header is not None:
        value = headers.get(header.lower(), "")
        last = value.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return peer or "unknown"


class ClientLimits:
    """The counts of one server process (each process of ``--workers`` keeps its own)."""

    def __init__(
        self,
        *,
        per_player: int = PER_PLAYER,
        per_address: int = PER_ADDRESS,
        rooms_burst: int = ROOMS_BURST,
        rooms_per_hour: float = ROOMS_PER_HOUR,
        clock: Callable[[], float] = time.monotonic,
        header: str | None = None,
    ) -> None:
        self.per_player = per_player
        self.per_address = per_address
        self.rooms_burst = rooms_burst
        self.rooms_per_hour = rooms_per_hour
        self.clock = clock
        #: the header a trusted proxy writes the client's address into (None: the peer)
        self.header = header
        self.by_player: Counter[str] = Counter()
        self.by_address: Counter[str] = Counter()
        self._rooms: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def address(self, peer: str | None, headers: Mapping[str, str]) -> str:
        return client_address(peer, headers, self.header)

    def open_socket(self, player: str, address: str) -> None:
        """Count a socket opening (``Refusal`` when the player or address has its fill)."""
        if self.by_player[player] >= self.per_player:
            raise Refusal(
                "rate_limited",
                f"one player may have at most {self.per_player} room sockets open at once",
            )
        if self.by_address[address] >= self.per_address:
            raise Refusal(
                "rate_limited",
                f"at most {self.per_address} room sockets may be open from one address at once",
            )
        self.by_player[player] += 1
        self.by_address[address] += 1

    def close_socket(self, player: str, address: str) -> None:
        for counts, key in ((self.by_player, player), (self.by_address, address)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]

    def new_room(self, address: str) -> None:
        """Take one of the address's room tokens (``rate_limited`` when none is left)."""
        now = self.clock()
        tokens, when = self._rooms.get(address, (float(self.rooms_burst), now))
        tokens = min(float(self.rooms_burst), tokens + (now - when) * self.rooms_per_hour / 3600)
        if tokens < 1:
            raise Refusal(
                "rate_limited",
                f"too many new rooms from one address: at most {self.rooms_per_hour:g} an hour",
            )
        self._rooms[address] = (tokens - 1, now)
        if len(self._rooms) > 100_000:  # bounded: the fullest buckets are forgotten first
            full = [a for a, (t, _) in self._rooms.items() if t >= self.rooms_burst - 1]
            for a in full[:50_000]:
                del self._rooms[a]
