"""The rooms in PostgreSQL, shared by several server processes (issue 11, item 5).

One row per room: its JSON (``Room.to_json``), a revision ``rev`` raised by every write,
and ``presence``, the open sockets of each server process (``{process: {player: n}}``:
a room's ``connections`` are the sum over the processes still alive). A change is one
transaction: ``lock`` takes the row (``SELECT … FOR UPDATE``: the changes of one room are
serialized across processes), the caller applies its command to the latest state, ``write``
stores it with ``rev + 1`` and sends ``NOTIFY banluck_rooms, 'code:rev'``, delivered to
every listening process when (and only if) the transaction commits.

The cookies' key of every process on the database is in ``banluck_meta`` (``cookie_key``:
made by the first, read by the others), so a player's cookie is good on every machine. New
rooms are made one at a time across processes (``creating``), counted from ``host``, the
column of each room's host: the rooms' limits hold for all processes together.

Each process beats in ``banluck_room_processes`` (``beat``) every few seconds; a process
not heard from for ``ALIVE_SECONDS`` (killed, or closed: its beat is set to the epoch) is
dead: its sockets no longer count in any room's presence (one not yet seen counts).

``PgRoomStore`` is used from one thread at a time (the event loop), on one connection;
``start`` adds two threads with a connection each: the beat, and the ``LISTEN`` whose
notices go to a callback (the hub hands them to its event loop).
"""

from __future__ import annotations

import base64
import json
import logging
import threading
import time
import uuid
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import psycopg

from banluck.store.rooms import KEEP_HANDS, Hand
from banluck.store.schema import cookie_key, migrate
from banluck.store.sqlite import SaveError

log = logging.getLogger("banluck.web")

#: The channel of ``NOTIFY``: payload ``code:rev``, or ``code:rev:DATA`` where DATA is the
#: room's new JSON (zlib, base64) when it fits (``MAX_PAYLOAD``): the processes that hear
#: it need not read the row; or ``code:rev:DATA:STEP``, STEP (JSON) the change that made it
#: from ``rev - 1`` (``step_of``): a process at ``rev - 1`` may make it again rather than
#: parse DATA, and keeps it only when its result is DATA to the byte.
CHANNEL = "banluck_rooms"
#: PostgreSQL takes payloads under 8,000 bytes.
MAX_PAYLOAD = 7900
#: Seconds a connection may take to be made (PostgreSQL's least is 2).
CONNECT_SECONDS = 2
#: After a failed reconnection, calls fail at once for this long before the next try.
RECONNECT_SECONDS = 1.0
#: A process whose last beat is older than this is taken for dead.
ALIVE_SECONDS = 10.0
#: How often a process beats (seconds).
BEAT_SECONDS = 2.0
#: A room's row lock is waited for at most this long (the event loop waits with it), and a
#: transaction left open is ended by the server: a stuck process never holds a room.
_SESSION_OPTIONS = "-c lock_timeout=5000 -c idle_in_transaction_session_timeout=10000"
#: An arbitrary key of ``pg_advisory_xact_lock``: one process makes a room at a time
#: (``creating``).
_CREATE_LOCK = 0x424C524E


@dataclass
class Locked:
    """A room's row, locked until the transaction ends."""

    code: str
    data: str
    rev: int
    presence: dict[str, dict[str, int]]
    written: int | None = field(default=None)


class PgRoomStore:
    """Rooms by invite code in PostgreSQL (see the module's text)."""

    shared = True

    def __init__(self, url: str, *, process: str | None = None) -> None:
        self.url = url
        self.process = process or uuid.uuid4().hex
        self._tried = 0.0  # when the last reconnection failed (``_db``)
        try:
            migrate(url)
            self._conn = self._connect()
        except psycopg.Error as exc:
            raise SaveError(f"cannot use the rooms' PostgreSQL: {exc}".strip()) from None
        self.dead: frozenset[str] = frozenset()
        self.beat()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(
            self.url, autocommit=True, connect_timeout=CONNECT_SECONDS, options=_SESSION_OPTIONS
        )

    @property
    def _db(self) -> psycopg.Connection[Any]:
        """The connection, made again when the last one was lost (the database restarted,
        the network cut): every call after a fault tries again, at most one a second (a
        ``psycopg.OperationalError`` meanwhile, as the failed call had)."""
        conn = self._conn
        if not conn.closed and not conn.broken:
            return conn
        if time.monotonic() - self._tried < RECONNECT_SECONDS:
            raise psycopg.OperationalError("the rooms' database is being reconnected")
        try:
            self._conn = self._connect()
        except psycopg.Error:
            self._tried = time.monotonic()
            raise
        log.warning("rooms: reconnected to the database")
        return self._conn

    def start(self, on_notice: Callable[[str], None]) -> None:
        """Beat every ``BEAT_SECONDS`` and pass every notice's payload to ``on_notice``
        (from a thread of its own), until ``close``."""
        if self._threads:
            return
        for target, args in ((self._beating, ()), (self._listening, (on_notice,))):
            t = threading.Thread(target=target, args=args, daemon=True, name="banluck-pg")
            t.start()
            self._threads.append(t)

    def _beating(self) -> None:
        conn: psycopg.Connection[Any] | None = None
        while not self._stop.wait(BEAT_SECONDS):
            try:
                if conn is None or conn.closed:
                    conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
                self.dead = _beat(conn, self.process)
            except psycopg.Error as exc:
                log.warning("rooms: the beat failed (%s); trying again", exc)
                conn = None
        if conn is not None:
            conn.close()

    def _listening(self, on_notice: Callable[[str], None]) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    on_notice("")  # listening (again): whatever was missed is looked up
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            on_notice(notice.payload)
            except psycopg.Error as exc:
                log.warning("rooms: LISTEN failed (%s); again in a second", exc)
                self._stop.wait(1.0)

    # ------------------------------------------------------------------ the same as RoomStore

    def load(self, code: str) -> str | None:
        """A room's JSON text, or None."""
        got = self.read(code)
        return None if got is None else got.data

    def save(self, code: str, data: str, hand: Hand | None = None) -> None:
        """Write a room outside of ``lock`` (a new room): ``rev`` 1, or one more. (A room
        finishes its hands under ``lock``: ``hand`` is always None here.)"""
        assert hand is None, "a hand is kept with a locked write"
        self._db.execute(
            "INSERT INTO banluck_rooms (code, data, host) VALUES (%s, %s, %s::jsonb ->> 'host')"
            " ON CONFLICT (code) DO UPDATE SET data = excluded.data, host = excluded.host,"
            " rev = banluck_rooms.rev + 1, updated = now()",
            (code, data, data),
        )

    def cookie_key(self) -> bytes:
        """The key that signs the players' cookies, the same for every process and machine
        on this database: made once by whichever asks first (no race: the insert of a
        second is ignored), read by all."""
        return cookie_key(self._db)

    @contextmanager
    def creating(self, host: str) -> Iterator[tuple[int, int]]:
        """``(rooms stored, rooms hosted by host)``, counted while no other process makes a
        room (an advisory lock, until the block ends): the room the block saves is counted
        by the next. Committed at the end of the block, rolled back when it raises."""
        conn = self._db
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_CREATE_LOCK,))
            row = conn.execute(
                "SELECT count(*), count(*) FILTER (WHERE host = %s) FROM banluck_rooms",
                (host,),
            ).fetchone()
            yield (int(row[0]), int(row[1])) if row else (0, 0)

    def delete(self, code: str) -> bool:
        """Remove a room nobody has a socket in (idle too long: ``rooms.limits``); whether
        it was removed (a room with a socket open in a live process stays)."""
        with self.lock(code) as row:
            if row is None or self.connections(row.presence):
                return False
            self._db.execute("DELETE FROM banluck_rooms WHERE code = %s", (code,))
            self._db.execute("DELETE FROM banluck_room_hands WHERE code = %s", (code,))
            return True

    def codes(self) -> list[str]:
        """Every stored room's code."""
        cur = self._db.execute("SELECT code FROM banluck_rooms ORDER BY code")
        return [str(r[0]) for r in cur]

    def ping(self) -> None:
        """A query that must answer (readiness): ``psycopg.Error`` when the database does
        not."""
        self._db.execute("SELECT 1").fetchone()

    def close(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(5.0)
        try:
            if not self._conn.closed and not self._conn.broken:
                self._conn.execute(
                    "UPDATE banluck_room_processes SET beat = 'epoch' WHERE process = %s",
                    (self.process,),
                )
        except psycopg.Error:
            pass
        self._conn.close()

    # ------------------------------------------------------------------ shared rooms

    def read(self, code: str) -> Locked | None:
        """A room's row as it is now (no lock)."""
        row = self._db.execute(
            "SELECT data, rev, presence FROM banluck_rooms WHERE code = %s", (code,)
        ).fetchone()
        return None if row is None else Locked(code, str(row[0]), int(row[1]), _presence(row[2]))

    def revs(self, codes: list[str]) -> dict[str, int]:
        """The revision of each of ``codes`` that is stored."""
        cur = self._db.execute("SELECT code, rev FROM banluck_rooms WHERE code = ANY(%s)", (codes,))
        return {str(c): int(r) for c, r in cur}

    @contextmanager
    def lock(self, code: str) -> Iterator[Locked | None]:
        """The room's row, locked (None when there is no such room) until the block ends:
        committed then (rolled back when the block raises). In pipeline mode: the lock and
        the read are one round trip to the server, the write, the notice and the commit
        another."""
        conn = self._db
        with conn.pipeline(), conn.transaction():
            row = conn.execute(
                "SELECT data, rev, presence FROM banluck_rooms WHERE code = %s FOR UPDATE",
                (code,),
            ).fetchone()
            yield (
                None if row is None else Locked(code, str(row[0]), int(row[1]), _presence(row[2]))
            )

    def write(
        self,
        locked: Locked,
        data: str,
        *,
        carry: bool = True,
        step: str | None = None,
        hand: Hand | None = None,
    ) -> int:
        """Store a locked room's new state and presence (and the hand it just finished),
        and notify every process (on commit), the state (and ``step``, see ``notice``) in
        the notice when ``carry`` and it fits; the new revision (one more: the row is
        locked)."""
        presence = {p: n for p, n in locked.presence.items() if n and p not in self.dead}
        rev = locked.rev + 1
        self._db.execute(
            "UPDATE banluck_rooms SET data = %s, presence = %s, rev = %s, updated = now()"
            " WHERE code = %s",
            (data, json.dumps(presence), rev, locked.code),
        )
        if hand is not None:
            number, record = hand
            self._db.execute(
                "INSERT INTO banluck_room_hands (code, hand, data) VALUES (%s, %s, %s)"
                " ON CONFLICT (code, hand) DO UPDATE SET data = excluded.data",
                (locked.code, number, record),
            )
            self._db.execute(
                "DELETE FROM banluck_room_hands WHERE code = %s AND hand <= %s",
                (locked.code, number - KEEP_HANDS),
            )
        payload = notice(locked.code, rev, data if carry else None, step)
        self._db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        locked.rev = locked.written = rev
        return rev

    def write_if(
        self,
        code: str,
        rev: int,
        data: str,
        sockets: tuple[str, int] | None = None,
        step: str | None = None,
        hand: Hand | None = None,
    ) -> bool:
        """Store a room's new state if it is still at ``rev`` (nobody changed it since this
        process read it), and notify every process; one statement, one round trip. Whether
        it was written (else nothing was). ``sockets``: ``(player, n)``, this process's
        sockets of a player opened (1) or closed (-1) with the change; ``step``: the change
        (``notice``); ``hand``: the hand it finished, kept with it."""
        if sockets is None:
            presence_sql, args = "presence", []
        else:
            player, delta = sockets
            presence_sql = (
                "presence || jsonb_build_object(%s::text, COALESCE(presence -> %s, '{}')"
                " || jsonb_build_object(%s::text,"
                " COALESCE((presence -> %s ->> %s)::int, 0) + %s))"
            )
            p = self.process
            args = [p, p, player, p, player, delta]
        kept, kept_args = "", []
        if hand is not None:  # in the same statement: only when the room is written
            number, record = hand
            kept = (
                ", h AS (INSERT INTO banluck_room_hands (code, hand, data)"
                " SELECT %s, %s, %s FROM u ON CONFLICT (code, hand) DO UPDATE"
                " SET data = excluded.data),"
                " d AS (DELETE FROM banluck_room_hands WHERE code = %s AND hand <= %s"
                " AND EXISTS (SELECT 1 FROM u))"
            )
            kept_args = [code, number, record, code, number - KEEP_HANDS]
        row = self._db.execute(
            "WITH u AS (UPDATE banluck_rooms SET data = %s, rev = %s, updated = now(),"
            f" presence = {presence_sql} WHERE code = %s AND rev = %s RETURNING rev){kept}"
            " SELECT pg_notify(%s, %s) FROM u",
            (
                data,
                rev + 1,
                *args,
                code,
                rev,
                *kept_args,
                CHANNEL,
                notice(code, rev + 1, None if sockets else data, step),
            ),
        ).fetchone()
        return row is not None

    def hands(self, code: str, *, before: int | None = None, limit: int = -1) -> list[Hand]:
        """The room's finished hands kept, newest first: those numbered below ``before``
        (all when None), at most ``limit`` (all when negative)."""
        cur = self._db.execute(
            "SELECT hand, data FROM banluck_room_hands WHERE code = %s AND hand < %s"
            " ORDER BY hand DESC LIMIT %s",
            (code, 2**62 if before is None else before, None if limit < 0 else limit),
        )
        return [(int(n), str(d)) for n, d in cur]

    def hand(self, code: str, number: int) -> str | None:
        """One finished hand's record, or None."""
        row = self._db.execute(
            "SELECT data FROM banluck_room_hands WHERE code = %s AND hand = %s", (code, number)
        ).fetchone()
        return None if row is None else str(row[0])

    def beat(self) -> frozenset[str]:
        """This process is alive; which processes are dead (never this one)."""
        self.dead = _beat(self._db, self.process)
        return self.dead

    def connections(self, presence: dict[str, dict[str, int]]) -> dict[str, int]:
        """Each player's open sockets, over the processes alive."""
        out: dict[str, int] = {}
        for process, players in presence.items():
            if process not in self.dead:
                for player, n in players.items():
                    out[player] = out.get(player, 0) + n
        return {p: n for p, n in out.items() if n > 0}


def _beat(conn: psycopg.Connection[Any], process: str) -> frozenset[str]:
    conn.execute(
        "INSERT INTO banluck_room_processes (process) VALUES (%s)"
        " ON CONFLICT (process) DO UPDATE SET beat = now()",
        (process,),
    )
    cur = conn.execute(
        "SELECT process FROM banluck_room_processes"
        " WHERE beat <= now() - make_interval(secs => %s)",
        (ALIVE_SECONDS,),
    )
    return frozenset(str(r[0]) for r in cur) - {process}


def _presence(value: Any) -> dict[str, dict[str, int]]:
    if isinstance(value, str):
        value = json.loads(value)
    if not isinstance(value, dict):
        return {}
    return {
        str(p): {str(k): int(v) for k, v in players.items()}
        for p, players in value.items()
        if isinstance(players, dict)
    }


def notice(code: str, rev: int, data: str | None, step: str | None = None) -> str:
    """The payload of a notice: ``code:rev``, and ``:DATA`` when ``data`` fits, and then
    ``:STEP`` when ``step`` (ASCII JSON: the change, ``step_of``) fits too.

    >>> notice("abc", 3, None), unpack(parse_notice(notice("abc", 3, '{"x": 1}'))[2])
    ('abc:3', '{"x": 1}')
    >>> got = parse_notice(notice("abc", 4, "{}", '{"t": 1.5}'))
    >>> unpack(got[2]), step_of(got[2])
    ('{}', {'t': 1.5})
    """
    head = f"{code}:{rev}"
    if data is None:
        return head
    packed = base64.b64encode(zlib.compress(data.encode(), 1)).decode("ascii")
    size = len(head) + 1 + len(packed)
    if size > MAX_PAYLOAD:
        return head
    if step is not None and step.isascii() and size + 1 + len(step) <= MAX_PAYLOAD:
        packed = f"{packed}:{step}"
    return f"{head}:{packed}"


def parse_notice(payload: str) -> tuple[str, int, str | None] | None:
    """``(code, rev, packed state or None)`` of a notice (``unpack`` the state when it is
    needed: most notices are of rooms this process has no socket in), or None.

    >>> parse_notice("abc:12"), parse_notice("junk")
    (('abc', 12, None), None)
    """
    parts = payload.split(":", 2)
    if len(parts) < 2 or not parts[1].isdigit():
        return None
    return parts[0], int(parts[1]), parts[2] if len(parts) == 3 else None


def unpack(packed: str | None) -> str | None:
    """The room's JSON of a notice's packed state; None when there is none or it is
    damaged (the row is read instead)."""
    if packed is None:
        return None
    try:
        return zlib.decompress(base64.b64decode(packed.partition(":")[0])).decode()
    except (ValueError, zlib.error):
        return None


def step_of(packed: str | None) -> dict[str, Any] | None:
    """The change a notice's packed state carries (a JSON object), or None.

    >>> step_of('eAGrrgUAAXUA+Q==:{"t": 2}'), step_of("eAGrrgUAAXUA+Q=="), step_of("x:[1]")
    ({'t': 2}, None, None)
    """
    text = None if packed is None else packed.partition(":")[2]
    if not text:
        return None
    try:
        step = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return step if isinstance(step, dict) else None
