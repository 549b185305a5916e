"""Rooms on PostgreSQL shared by several processes (``RoomHub`` with a ``PgRoomStore``):
every change made under the room's row lock on its latest state, or optimistically at a
revision this process knows; the write notifies the others, which make the same change
again (a notice carries it, ``Step``) or read the new state; a database that goes away and
comes back. ``SharedRooms`` is that part of ``RoomHub`` (the hub inherits it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import psycopg

from banluck.core.refusal import Refusal
from banluck.rooms.room import Room
from banluck.store.pg_rooms import PgRoomStore, parse_notice, step_of, unpack
from banluck.store.rooms import Hand, RoomStore
from banluck.web import metrics
from banluck.web.rooms.frames import Connection, apply_frame, dumps, error_frame

log = logging.getLogger("banluck.web")

#: Strings of a room's JSON up to this long are shared (``shared_strings``).
SHARED_LEN = 64
#: A change as another process may make it again (``RoomHub._replay``): the player and the
#: frame (``apply_frame``), or ``(None, None)`` for what falls due (``Room.tick``) alone.
Step = tuple[str | None, dict[str, Any] | None]


def shared_strings(data: Any) -> Any:
    """``data`` (parsed JSON) with each short string one shared object (``sys.intern``):
    a room read from its JSON holds the same few card codes and names thousands of times
    (its shoes, their fair history); shared, a loaded room takes about a third of the
    memory.

    >>> import json
    >>> a, b = shared_strings(json.loads('[["Ah"], ["Ah"]]'))
    >>> a[0] is b[0]
    True
    """
    kind = type(data)
    if kind is str:
        return sys.intern(data) if len(data) <= SHARED_LEN else data
    if kind is list:
        if data and type(data[0]) is str:  # a shoe's cards: the common case, at C speed
            with contextlib.suppress(TypeError):
                return list(map(sys.intern, data))
        return [shared_strings(v) for v in data]
    if kind is dict:
        return {sys.intern(k): shared_strings(v) for k, v in data.items()}
    return data


def step_text(step: Step | None, now: float, drawn: list[int]) -> str | None:
    """The JSON of a change made at ``now`` for a notice (``pg_rooms.notice``), with the
    entropy the room drew for it (``drawing``): a hand's seed, a new shoe."""
    if step is None:
        return None
    player, frame = step
    out: dict[str, Any] = {"t": now} if frame is None else {"t": now, "p": player, "f": frame}
    if drawn:
        out["e"] = drawn
    return dumps(out)


@contextlib.contextmanager
def drawing(room: Room, values: list[int] | None = None) -> Iterator[list[int]]:
    """Within the block the room's entropy is recorded in the list yielded (``values``
    None), or is ``values`` in order (a change made again: ``RoomHub._replay``; one more
    is a ``ValueError``)."""
    base = room.entropy
    drawn: list[int] = []
    if values is None:

        def draw() -> int:
            value = base()
            drawn.append(value)
            return value

    else:
        given = iter(values)

        def draw() -> int:
            for value in given:
                return value
            raise ValueError("the change drew more entropy than it did first")

    room.entropy = draw
    try:
        yield drawn
    finally:
        room.entropy = base


def kept_hand(room: Room) -> Hand | None:
    """The hand the room finished since its last save, to keep with this one (recall)."""
    rec = room.take_recall()
    return None if rec is None else (int(rec["hand"]), dumps(rec))


class SharedRooms:
    """The shared store's part of ``RoomHub`` (see the module)."""

    # the hub's state these read and change (``RoomHub.__init__`` sets it)
    store: RoomStore | PgRoomStore
    clock: Callable[[], float]
    rooms: dict[str, Room]
    sockets: dict[str, set[Connection]]
    revs: dict[str, int]
    replayed: int
    reread: int
    database_ok: bool
    _owed: set[tuple[str, str]]
    _loop: asyncio.AbstractEventLoop | None

    if TYPE_CHECKING:  # the hub's own, which these call

        def get(self, code: str) -> Room | None: ...
        def missing(self, code: str) -> Refusal: ...
        def release(self, room: Room) -> None: ...
        def broadcast(self, room: Room) -> None: ...
        def prepare(self, room: Room) -> None: ...
        def is_ready(self, room: Room) -> bool: ...
        def _read(self, code: str, raw: str) -> Room | None: ...
        def _failed(self, room: Room, sockets: dict[str, int]) -> Refusal: ...
        def _has_socket(self, code: str, player: str) -> bool: ...
        def _presence(self, room: Room, player: str, delta: int) -> None: ...

    def _change_shared(
        self,
        store: PgRoomStore,
        room: Room,
        command: Callable[[float], None],
        sockets: tuple[str, int] | None,
        step: Step | None = None,
    ) -> None:
        """``change`` on the room's latest state, one change at a time across every
        process; the write notifies the others. First optimistically: on the room in memory
        when its revision is known (this process has heard of every change), written only
        if the row is still at that revision (one round trip); else, and for a refusal or a
        change that changes nothing, under the row lock (``_change_locked``)."""
        rev = self.revs.get(room.code)
        if rev is not None and self._change_optimistic(store, room, command, sockets, rev, step):
            return
        self._change_locked(store, room, command, sockets, step)

    def _change_optimistic(
        self,
        store: PgRoomStore,
        room: Room,
        command: Callable[[float], None],
        sockets: tuple[str, int] | None,
        rev: int,
        step: Step | None = None,
    ) -> bool:
        """Whether the change was made and written at ``rev + 1``. When not, nothing was
        written, and a room the attempt changed is read again by the locked way."""
        code = room.code
        before = room.version
        now = self.clock()
        try:
            with drawing(room) as drawn:
                room.tick(now)
                command(now)
        except Exception:  # maybe refused for a state that is not the latest: decide locked
            if room.version != before:
                self.revs.pop(code, None)
            return False
        if room.version == before and sockets is None:
            return False  # nothing to write: the view is sent from the latest state
        try:
            data, note = dumps(room.to_json()), step_text(step, now, drawn)
            written = store.write_if(code, rev, data, sockets, note, kept_hand(room))
        except psycopg.Error as exc:
            self.revs.pop(code, None)
            raise self.database_lost(exc) from None
        if not written:  # another process changed it first: again, on its state
            self.revs.pop(code, None)
            return False
        self.revs[code] = rev + 1
        self.broadcast(room)
        return True

    def _change_locked(
        self,
        store: PgRoomStore,
        room: Room,
        command: Callable[[float], None],
        sockets: tuple[str, int] | None,
        step: Step | None = None,
    ) -> None:
        """``change`` under the room's row lock (``SELECT … FOR UPDATE``), on the latest
        state read from the row when this process's is older."""
        error: BaseException | None = None
        fault = False
        code = room.code
        try:
            with store.lock(code) as row:
                if row is None:
                    raise Refusal("not_found", "there is no room of this link")
                behind = row.rev != self.revs.get(code)  # another process changed it
                if behind and not self._refresh(room, row.data):
                    raise self.missing(code)
                room.connections = store.connections(row.presence)
                if sockets is not None:  # the command (connect / disconnect) counts it itself
                    player, delta = sockets
                    mine = row.presence.setdefault(store.process, {})
                    mine[player] = mine.get(player, 0) + delta
                    if mine[player] <= 0:
                        del mine[player]
                before = room.version
                now = self.clock()
                with drawing(room) as drawn:
                    try:
                        room.tick(now)
                        command(now)
                    except Refusal as exc:  # raised after the write and the commit
                        error = exc
                    except Exception:  # a fault: nothing written, the room read again
                        fault = True
                if not fault and (room.version != before or sockets is not None):
                    note = None if error is not None else step_text(step, now, drawn)
                    store.write(
                        row,
                        dumps(room.to_json()),
                        carry=sockets is None,
                        step=note,
                        hand=kept_hand(room),
                    )
                self.revs[code] = row.rev
        except psycopg.Error as exc:
            self.revs.pop(code, None)  # memory may be ahead of the store: read it again
            raise self.database_lost(exc) from None
        if fault:
            raise self._failed(room, {})
        if behind or row.written is not None:  # the sockets here have not seen this state
            self.broadcast(room)
        if error is not None:
            raise error

    def _refresh(self, room: Room, raw: str) -> bool:
        """Make ``room`` (the same object) the state ``raw``; whether it could be read."""
        fresh = self._read(room.code, raw)
        if fresh is None:
            return False
        room.__dict__.clear()
        room.__dict__.update(fresh.__dict__)
        return True

    def _heard(self, payload: str) -> None:
        """A notice of the shared store (on the event loop): a room changed in some process
        (``code:rev``; empty: anything may have been missed). Rooms with sockets here that
        are behind are read again and sent to their sockets, once per revision."""
        if not isinstance(self.store, PgRoomStore) or not self.sockets:
            return
        got = parse_notice(payload)
        try:
            behind = self.store.revs(list(self.sockets)) if got is None else {got[0]: got[1]}
            for code, rev in behind.items():
                room = self.rooms.get(code)
                if room is None or code not in self.sockets or rev <= self.revs.get(code, -1):
                    continue
                raw = unpack(got[2]) if got and rev == self.revs.get(code, -1) + 1 else None
                if raw is not None:
                    step = step_of(got[2]) if got else None
                    if step is not None and self.is_ready(room):  # else no bot may play here
                        if self._replay(room, step, raw):
                            room.drop_recall()  # the process that made it kept it
                            self.prepare(room)  # another process changed its house
                            self.replayed += 1
                            self.revs[code] = rev
                            self.broadcast(room)
                            continue
                        self.revs.pop(code, None)  # the room is not that state: read anew
                    # the notice holds the next state (its presence, so the sockets, as before)
                    connections = room.connections
                    if self._refresh(room, raw):
                        room.connections = connections
                        self.prepare(room)
                        self.reread += 1
                        self.revs[code] = rev
                        self.broadcast(room)
                        continue
                row = self.store.read(code)
                if row is None or row.rev <= self.revs.get(code, -1):
                    continue
                if self._refresh(room, row.data):
                    room.connections = self.store.connections(row.presence)
                    self.reread += 1
                    self.revs[code] = row.rev
                    self.broadcast(room)
        except psycopg.Error as exc:
            self.database_lost(exc)
            return
        if not self.database_ok and got is None:  # every room here is as stored again
            self.database_ok = True
            log.warning("rooms: the database is back")
            self._settle_owed()
            for code in list(self.sockets):
                room = self.rooms.get(code)
                if room is not None:
                    self.broadcast(room)

    def _settle_owed(self) -> None:
        """The last sockets that closed while the database was away: their people are
        offline now (unless they came back meanwhile)."""
        owed, self._owed = self._owed, set()
        for code, player in sorted(owed):
            if self._has_socket(code, player):
                continue
            try:
                room = self.get(code)
                if room is not None:
                    try:
                        self._presence(room, player, -1)
                    finally:
                        self.release(room)
            except Refusal:
                self._owed.add((code, player))

    def database_lost(self, exc: Exception) -> Refusal:
        """The rooms' database failed (stopped, restarted, out of reach): the change in
        hand is refused and nothing of it is shown; the first time, the log and every
        socket here are told (the page says it is reconnecting). The store makes its
        connection again, and the poll of the rooms (``_heard``) finds the database back:
        every socket then gets its room as stored."""
        metrics.DATABASE_ERRORS.inc()
        if not isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
            # the database answered and refused this one statement (a value it cannot
            # take): only this change fails; no other room or socket hears of it
            log.error("rooms: the database refused a statement (%s): not made", exc)
            return Refusal("server_error", "the server could not save this; nothing was changed")
        refusal = Refusal(
            "unavailable",
            "the rooms' database is out of reach: reconnecting (nothing is lost); try again"
            " in a moment",
        )
        if self.database_ok:
            self.database_ok = False
            log.warning("rooms: the database is out of reach (%s): reconnecting", exc)
            frame = error_frame(refusal)
            for conns in self.sockets.values():
                for conn in conns:
                    conn.send(frame)
        return refusal

    def _replay(self, room: Room, step: dict[str, Any], raw: str) -> bool:
        """Make a notice's change (``step``, from the revision the room is at) again;
        whether the room is now the notice's state ``raw`` to the byte. When not, the room
        may be half changed: the caller reads the state."""
        try:
            now = step["t"]
            if not isinstance(now, (int, float)) or isinstance(now, bool):
                return False
            player, frame, drawn = step.get("p"), step.get("f"), step.get("e", [])
            if not isinstance(drawn, list) or not all(type(v) is int for v in drawn):
                return False
            with drawing(room, drawn):
                room.tick(now)
                if frame is not None:
                    if not isinstance(player, str) or not isinstance(frame, dict):
                        return False
                    apply_frame(room, player, frame, now)
            return dumps(room.to_json()) == raw
        except Exception:  # refused, or anything else: the state is read instead
            return False

    def _notice(self, payload: str) -> None:
        """From the store's listening thread: to the event loop."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._heard, payload)
