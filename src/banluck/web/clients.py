"""One client against everyone else: how many room sockets one player and one client address
may hold open in this process, and how fast one address may open sockets, make rooms and
become new players (``banluck.web.server`` bounds its plain connections).

A player is their signed cookie; a client address is the connection's peer, or, behind a
proxy the operator trusts, the last address that proxy wrote in its header (``banluck serve
--client-header X-Forwarded-For``; never read otherwise, as any client can write it). The
defaults leave room for honest use: a person with several tabs, a family or a classroom
behind one router, or many households behind a mobile carrier's shared address
(carrier-grade NAT: ``PER_ADDRESS``, ``PLAYERS_BURST``), and 1,000 players each with a socket
or two under the server's connection ceiling. An IPv6 client is counted by its /64 (one
household's network), since one network holds 2^64 addresses. A refused socket is closed
before it is accepted (a 403 to the browser, with the reason); a refused room is
``rate_limited`` (429), a refused new player ``too_many_new_players`` (429).

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

import ipaddress
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping

from banluck.core.refusal import Refusal
from banluck.web.rooms.frames import TokenBucket

#: Room sockets one player may hold open at once (their tabs and devices).
PER_PLAYER = 8
#: Room sockets one client address may hold open at once (everyone behind one router, or
#: many households behind a carrier's shared address: 60 people with 3 tabs each).
PER_ADDRESS = 192
#: Room sockets one address may open: a burst (everyone behind a router coming back after
#: a restart), then this many a minute (a reconnecting tab opens one every few seconds).
SOCKETS_BURST = 2 * PER_ADDRESS
SOCKETS_PER_MINUTE = 120.0
#: New rooms one address may make: a burst, then this many an hour (a bad request spends
#: none: it is checked first).
ROOMS_BURST = 20
ROOMS_PER_HOUR = 60.0
#: New players one address may have stored (a first change at a table): two classrooms at
#: once, then this many an hour, so that one address fills a store of 10,000 players in
#: no less than a week (and visitors who never finish a hand are forgotten first:
#: ``store.sqlite.VISITOR_HOURS``).
PLAYERS_BURST = 100
PLAYERS_PER_HOUR = 60.0
#: Houses not known yet whose edge one address, or one player, may ask for: a burst (a
#: family trying houses in the dialog), then this many an hour (``web.heavy``).
WORK_BURST = 30
WORK_PER_HOUR = 120.0
#: Shared ledgers one address may write (a new one, or a new version): a family's evening
#: saves a hand a minute or so; a phone back online sends one version for all it missed
LEDGER_BURST = 30
LEDGER_PER_MINUTE = 20.0
#: Tries at a room's door (a passcode given, a knock) one address may make at one room: a
#: burst (a typo or two), then this many a minute; and every address together at one room.
DOOR_BURST = 5
DOOR_PER_MINUTE = 2.0
DOOR_ROOM_BURST = 30
DOOR_ROOM_PER_MINUTE = 10.0
#: Addresses a bucket remembers at most; past it the full buckets are forgotten first.
REMEMBERED = 100_000


class Buckets:
    """A token bucket (``rooms.frames.TokenBucket``) per address: ``burst`` tokens, refilled
    at ``per_second``. Safe to share between the server's threads (a change at a solo table
    runs in a thread).

    >>> now = [0.0]
    >>> b = Buckets(2, 1.0, lambda: now[0])
    >>> [b.take("a"), b.take("a"), b.take("a"), b.take("b")]
    [True, True, False, True]
    >>> now[0] = 1.5; b.take("a"), b.take("a")
    (True, False)
    """

    def __init__(self, burst: int, per_second: float, clock: Callable[[], float]) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self._buckets: dict[str, TokenBucket] = {}
        self._lock = threading.Lock()

    def take(self, address: str) -> bool:
        """Take one of the address's tokens; False (and nothing taken) when none is left."""
        with self._lock:
            now = self.clock()
            bucket = self._buckets.get(address)
            if bucket is None:
                bucket = self._buckets[address] = TokenBucket(self.per_second, self.burst, now=now)
                if len(self._buckets) > REMEMBERED:  # bounded: the fullest are forgotten first
                    full = [a for a, b in self._buckets.items() if b.tokens >= self.burst - 1]
                    for a in full[: REMEMBERED // 2]:
                        del self._buckets[a]
            return bucket.take(now)


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
            return network_of(last)
    return network_of(peer or "unknown")


def network_of(address: str) -> str:
    """The key the limits count ``address`` by: an IPv4 address itself, an IPv6 address by
    its /64 (an IPv4-mapped one as its IPv4), anything else as it is.

    >>> network_of("2001:db8:1:2:aaaa::1"), network_of("2001:db8:1:2:bbbb::9")
    ('2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> network_of("127.0.0.2"), network_of("::ffff:10.0.0.1"), network_of("unknown")
    ('127.0.0.2', '10.0.0.1', 'unknown')
    """
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address.strip("[]"))
    except ValueError:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((ip, 64), strict=False))


class ClientLimits:
    """The counts of one server process (each process of ``--workers`` keeps its own)."""

    def __init__(
        self,
        *,
        per_player: int = PER_PLAYER,
        per_address: int = PER_ADDRESS,
        rooms_burst: int = ROOMS_BURST,
        rooms_per_hour: float = ROOMS_PER_HOUR,
        players_burst: int = PLAYERS_BURST,
        players_per_hour: float = PLAYERS_PER_HOUR,
        sockets_burst: int = SOCKETS_BURST,
        sockets_per_minute: float = SOCKETS_PER_MINUTE,
        clock: Callable[[], float] = time.monotonic,
        header: str | None = None,
    ) -> None:
        self.per_player = per_player
        self.per_address = per_address
        #: the header a trusted proxy writes the client's address into (None: the peer)
        self.header = header
        self.by_player: Counter[str] = Counter()
        self.by_address: Counter[str] = Counter()
        self.rooms = Buckets(rooms_burst, rooms_per_hour / 3600, clock)
        self.players = Buckets(players_burst, players_per_hour / 3600, clock)
        self.opens = Buckets(sockets_burst, sockets_per_minute / 60, clock)
        self.work = Buckets(WORK_BURST, WORK_PER_HOUR / 3600, clock)
        self.ledgers = Buckets(LEDGER_BURST, LEDGER_PER_MINUTE / 60, clock)
        self.door = Buckets(DOOR_BURST, DOOR_PER_MINUTE / 60, clock)
        self.door_room = Buckets(DOOR_ROOM_BURST, DOOR_ROOM_PER_MINUTE / 60, clock)

    def address(self, peer: str | None, headers: Mapping[str, str]) -> str:
        return client_address(peer, headers, self.header)

    def open_socket(self, player: str, address: str) -> None:
        """Count a socket opening (``Refusal`` when the player or address has its fill, or
        the address opens them faster than a browser reconnecting would)."""
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
        if not self.opens.take(address):
            per_minute = self.opens.per_second * 60
            raise Refusal(
                "rate_limited",
                f"too many room sockets opened from one address: at most {per_minute:g} a minute",
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
        if not self.rooms.take(address):
            per_hour = self.rooms.per_second * 3600
            raise Refusal(
                "rate_limited",
                f"too many new rooms from one address: at most {per_hour:g} an hour",
            )

    def new_work(self, address: str, player: str) -> None:
        """Take one of the address's and one of the player's tokens for expensive new work
        (a house not computed yet: ``rate_limited`` when either has none left)."""
        if not (self.work.take(f"player:{player}") and self.work.take(address)):
            per_hour = self.work.per_second * 3600
            raise Refusal(
                "rate_limited",
                f"too many new houses asked for: at most {per_hour:g} an hour after the"
                f" first {self.work.burst}",
            )

    def ledger_write(self, address: str) -> None:
        """Take one of the address's tokens for writing a shared ledger (``rate_limited``
        when none is left: nothing is written)."""
        if not self.ledgers.take(address):
            per_minute = self.ledgers.per_second * 60
            raise Refusal(
                "rate_limited",
                f"too many ledger changes from one address: at most {per_minute:g} a minute",
            )

    def new_player(self, address: str) -> None:
        """Take one of the address's new-player tokens, as a new player is first stored
        (``rate_limited`` when none is left: nothing is stored)."""
        if not self.players.take(address):
            per_hour = self.players.per_second * 3600
            raise Refusal(
                "too_many_new_players",
                f"too many new players from one address: at most {per_hour:g} an hour;"
                " play on from a browser that has played here before",
            )

    def door_try(self, code: str, address: str) -> None:
        """Take a token of the address at room ``code``'s door and one of the room's (a
        passcode guessed, a knock): ``rate_limited`` when either has none left, so guesses
        are slowed per client and per room."""
        if not self.door.take(f"{code} {address}"):
            raise Refusal(
                "rate_limited",
                f"too many tries at this room's door: {DOOR_PER_MINUTE:g} a minute after the"
                f" first {DOOR_BURST}",
                {"per_minute": DOOR_PER_MINUTE},
            )
        if not self.door_room.take(code):
            raise Refusal(
                "rate_limited",
                f"too many tries at this room's door: {DOOR_ROOM_PER_MINUTE:g} a minute from"
                " everyone",
                {"per_minute": DOOR_ROOM_PER_MINUTE},
            )
