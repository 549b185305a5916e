"""The rooms of one server process in memory (``RoomHub``): loaded from the store when first
asked for, changed by the players' frames and by what falls due, saved, and sent to every
socket of the room, each its own ``Room.view`` (a frame for a player holds only what their
seat may see, T22, B9, K17; a watcher's holds no face-down card at all).

On PostgreSQL shared by several processes, a change's notice carries the change itself
(``Step``), so the other processes make it again instead of reading the room back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg

from banluck.core.clock import SteadyClock
from banluck.core.refusal import Refusal
from banluck.core.text import raw_json_fault
from banluck.core.whole import is_whole
from banluck.rooms.hints import room_hint
from banluck.rooms.names import is_code, new_code
from banluck.rooms.room import Room, new_room
from banluck.rooms.saved import migrated
from banluck.rooms.settings import parse_settings
from banluck.store.pg_rooms import PgRoomStore
from banluck.store.rooms import Hand, RoomStore
from banluck.web import metrics
from banluck.web.clients import ClientLimits
from banluck.web.heavy import HeavyLane
from banluck.web.rooms.frames import (
    BURST,
    CLOSE_BANNED,
    FRAMES,
    RATE,
    Connection,
    apply_frame,
    dumps,
    unknown_frame,
)
from banluck.web.rooms.shared import SharedRooms, Step, kept_hand, shared_strings
from banluck.web.rooms.solves import RoomSolves

T = TypeVar("T")
log = logging.getLogger("banluck.web")

#: How often deadlines are checked (seconds).
TICK = 0.2
#: Who is online, gathered this long (seconds) before the room is saved and sent: a burst
#: of sockets opening (everyone coming back after a restart) is one save and one frame
#: each, not one per socket.
PRESENCE_DELAY = 0.1
#: Shared store: how often the revisions of the rooms with sockets here are looked up (a
#: notice lost on the way, e.g. while ``LISTEN`` reconnects, is made up for).
POLL = 1.0


class RoomHub(SharedRooms, RoomSolves):
    """The rooms of one server process: loaded from the store when first asked for, saved
    after every change, and their sockets.

    With a shared store (``PgRoomStore``: several processes, issue 11) every change is made
    under the room's row lock on the latest state (``_change_shared``); the process that
    made it sends its own sockets their views, and the others hear of it (``NOTIFY``), read
    the new state and send theirs (``_heard``). A room in memory is refreshed in place (the
    same ``Room`` object, whose ``connections`` are every live process's sockets). A
    notice carries the change (``Step``): a process whose room is at the revision before
    makes the same change on it, and keeps the result only when it is the notice's state to
    the byte (``_replay``): no parse of the whole room, no new room to collect."""

    def __init__(
        self,
        store: RoomStore | PgRoomStore,
        *,
        clock: Callable[[], float] | None = None,
        entropy: Callable[[], int] | None = None,
    ) -> None:
        self.store: RoomStore | PgRoomStore = store
        #: deadlines follow a steady clock: a change of the system's clock moves none
        self.clock: Callable[[], float] = SteadyClock() if clock is None else clock
        self.entropy = entropy
        self.rooms: dict[str, Room] = {}
        #: codes whose saved room could not be read (kept as it was; ``missing``)
        self.damaged: set[str] = set()
        #: each socket's token bucket (``RATE``, ``BURST``)
        self.rate, self.burst = RATE, BURST
        #: sockets per player and per client address, new rooms per address (``clients``)
        self.clients = ClientLimits()
        #: the rooms' house solves, on a lane of their own, in a child process (``web.heavy``)
        self.lane = HeavyLane(processes=True)
        #: each room's house solve under way on the lane: the room waits for it (``ready``)
        self._preparing: dict[str, asyncio.Future[None]] = {}
        #: the sockets of each room opened and not attached yet (waiting for its solve):
        #: the room stays in memory for them, the one they will attach to
        self._opening: Counter[str] = Counter()
        #: the house each room's solve was last asked for
        self._houses: dict[str, Any] = {}
        self.sockets: dict[str, set[Connection]] = {}
        #: a shared store: whether its database answered last time (``database_lost``)
        self.database_ok = True
        #: (room, player) whose last socket here closed while the database was away
        self._owed: set[tuple[str, str]] = set()
        #: rooms whose presence changes wait to be saved and sent (``PRESENCE_DELAY``)
        self._pending: dict[str, asyncio.TimerHandle] = {}
        #: shared store: the revision of each room in memory
        self.revs: dict[str, int] = {}
        #: shared store: notices taken by making the change again / by reading the state
        self.replayed = self.reread = 0
        self._ticker: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def shared(self) -> bool:
        return isinstance(self.store, PgRoomStore)

    def _kw(self) -> dict[str, Any]:
        return {} if self.entropy is None else {"entropy": self.entropy}

    # ------------------------------------------------------------------ rooms

    def _read(self, code: str, raw: str) -> Room | None:
        try:
            data = json.loads(raw)
            fault = raw_json_fault(raw, data)
            if fault is not None:
                raise ValueError(fault)
            # the fair ledger's cards are shared as it reads them; its salts are unique
            data = migrated(data) if isinstance(data, dict) else data
            run = data.get("table") if isinstance(data, dict) else None
            fair = run.pop("fair", None) if isinstance(run, dict) else None
            data = shared_strings(data)
            if fair is not None:
                data["table"]["fair"] = fair
            room = Room.from_json(data, **self._kw())
            self.damaged.discard(code)
            return room
        except (ValueError, KeyError, TypeError, Refusal, RecursionError) as exc:
            log.warning("room %s cannot be read (%s): left as it is", code, exc)
            self.damaged.add(code)
            return None

    def missing(self, code: str) -> Refusal:
        """Why ``get(code)`` found no room: none of this link, or a saved room that does
        not add up (kept as it was, never served: its people are told so)."""
        if code in self.damaged:
            return Refusal(
                "room_damaged",
                "this room's save is damaged: it is kept as it was but cannot be played;"
                " its host can make a new room",
            )
        return Refusal("not_found", "there is no room of this link")

    def get(self, code: str) -> Room | None:
        """The room of an invite code, from memory or the store; None when there is none."""
        if not is_code(code):
            return None
        room = self.rooms.get(code)
        if room is not None:
            return room
        if isinstance(self.store, PgRoomStore):
            try:
                row = self.store.read(code)
            except psycopg.Error as exc:
                raise self.database_lost(exc) from None
            room = None if row is None else self._read(code, row.data)
            if row is None or room is None:
                return None
            room.connections = self.store.connections(row.presence)
            room.bound_deadline(self.clock())
            self.rooms[code], self.revs[code] = room, row.rev
            self.prepare(room)
            return room  # what is due is played by the next change, under the lock
        raw = self.store.load(code)
        if raw is None:
            return None
        room = self._read(code, raw)
        if room is None:
            return None
        room.bound_deadline(self.clock())
        self.prepare(room)
        if not self.is_ready(room):  # what fell due is played once its house is solved
            self.rooms[code] = room
            return room
        try:
            room.tick(self.clock())
        except Exception:  # what fell due fails: served as saved (the next change says so)
            log.exception("room %s: what fell due could not be played", code)
            room = self._read(code, raw)
            if room is None:
                return None
        self.rooms[code] = room
        return room

    def create(self, player: str, body: dict[str, Any]) -> Room:
        """A new room for ``body``'s settings, its host ``player`` named ``body['name']``."""
        settings = parse_settings(body)
        room = new_room(new_code(), settings, player, body.get("name"), self.clock(), **self._kw())
        try:
            self._save(room)
        except sqlite3.Error as exc:
            log.warning("a new room could not be saved (%s): not made", exc)
            raise Refusal(
                "unavailable",
                "the server could not save a new room (its disk may be full): try again later",
            ) from None
        self.rooms[room.code] = room
        self.revs[room.code] = 1
        return room

    def hands(
        self, code: str, *, before: int | None = None, limit: int = -1
    ) -> list[dict[str, Any]]:
        """The room's finished hands kept (``rooms.recall`` records), newest first: below
        hand ``before`` (all when None), at most ``limit`` (all when negative)."""
        try:
            found = self.store.hands(code, before=before, limit=limit)
            return [json.loads(data) for _, data in found]
        except psycopg.Error as exc:
            raise self.database_lost(exc) from None

    def hand_rows(self, code: str) -> list[Hand]:
        """Every finished hand the room keeps as stored (number, JSON text), newest first:
        read, not parsed (``download`` parses them off the loop)."""
        try:
            return self.store.hands(code)
        except psycopg.Error as exc:
            raise self.database_lost(exc) from None

    def hand(self, code: str, number: int) -> dict[str, Any] | None:
        """One finished hand's record, or None."""
        try:
            data = self.store.hand(code, number)
        except psycopg.Error as exc:
            raise self.database_lost(exc) from None
        return None if data is None else dict(json.loads(data))

    def _save(self, room: Room) -> None:
        self.store.save(room.code, dumps(room.to_json()), kept_hand(room))

    def change(
        self,
        room: Room,
        command: Callable[[float], None],
        *,
        sockets: tuple[str, int] | None = None,
        step: Step | None = None,
        presence: bool = False,
    ) -> None:
        """Run a command on a room (after what is due by now); if the room changed, save
        it and send every socket its view. A refusal changes nothing and is raised.
        ``sockets``: a player's first socket in this process opened ``(player, 1)`` or
        their last closed ``(player, -1)`` with the command (a shared store keeps each
        process's). ``step``: the command as ``apply_frame`` makes it (for the other
        processes). ``presence``: the command only changes who is online, so the save and
        the frames may wait ``PRESENCE_DELAY`` for others (one store, a running loop)."""
        if isinstance(self.store, PgRoomStore):
            self._change_shared(self.store, room, command, sockets, step)
            return
        before = room.version
        sockets_before = dict(room.connections)
        now = self.clock()
        try:
            room.tick(now)
            command(now)
        except Refusal:
            self._publish_changed(room, before, sockets_before, presence)
            raise
        except Exception:
            raise self._failed(room, sockets_before) from None
        self._publish_changed(room, before, sockets_before, presence)

    def _publish_changed(
        self, room: Room, before: int, sockets: dict[str, int], presence: bool
    ) -> None:
        if room.version != before:
            if presence and self._loop is not None:
                self._publish_soon(room)
            else:
                self._publish(room, sockets)

    def _failed(self, room: Room, sockets: dict[str, int]) -> Refusal:
        """A change that failed for a fault of the server (not a refusal): logged, the room
        made again as saved (none of the change is kept or shown, the room plays on), and
        the person told; other rooms know nothing of it."""
        log.exception("room %s: a change failed: not made", room.code)
        self.revs.pop(room.code, None)
        raw = None
        with contextlib.suppress(Exception):
            if isinstance(self.store, PgRoomStore):
                row = self.store.read(room.code)
                raw = None if row is None else row.data
            else:
                raw = self.store.load(room.code)
        connections = dict(sockets or room.connections)
        if raw is not None and self._refresh(room, raw):
            room.connections = connections
        else:  # cannot be read again: forgotten here, read anew at the next look
            self.rooms.pop(room.code, None)
        return Refusal("server_error", "the server failed on this change; nothing was changed")

    def _publish(self, room: Room, sockets: dict[str, int] | None = None) -> None:
        """Save the room and send every socket its view (what was waiting goes with it).
        Nothing is sent that is not saved: when the save fails (a full disk) the room is
        made again as saved (its open sockets as ``sockets``, else as they are) and the
        change is refused (``unavailable``)."""
        waiting = self._pending.pop(room.code, None)
        if waiting is not None:
            waiting.cancel()
        try:
            self._save(room)
        except sqlite3.Error as exc:
            connections = dict(room.connections if sockets is None else sockets)
            raw = self.store.load(room.code)
            if raw is not None and self._refresh(room, raw):
                room.connections = connections
            log.warning("room %s: the change could not be saved (%s): not made", room.code, exc)
            raise Refusal(
                "unavailable",
                "the server could not save this change (its disk may be full): nothing"
                " changed; try again in a moment",
            ) from None
        self.broadcast(room)

    def _publish_soon(self, room: Room) -> None:
        """``_publish`` in ``PRESENCE_DELAY``, once for every change until then."""
        if room.code not in self._pending and self._loop is not None:
            self._pending[room.code] = self._loop.call_later(
                PRESENCE_DELAY, self._publish_waiting, room.code
            )

    def _publish_waiting(self, code: str) -> None:
        self._pending.pop(code, None)
        room = self.rooms.get(code)
        if room is not None:
            with contextlib.suppress(Refusal):  # not saved (said): nothing was shown
                self._publish(room)

    def broadcast(self, room: Room) -> None:
        """Each socket of the room gets the room as its player may see it."""
        frames: dict[str, str] = {}
        public = room.public()
        door = room.door
        for conn in self.sockets.get(room.code, ()):
            p = conn.player
            if p not in room.members and p not in door.knocking and p not in door.banned:
                continue  # a socket that has not joined is told nothing (it asks: ``state``)
            frame = frames.get(conn.player)
            if frame is None:
                frame = frames[conn.player] = dumps(room.view(conn.player, public))
            conn.send(frame)
            if p in door.banned:  # told once that they may not come back, then closed
                conn.close_after(CLOSE_BANNED)

    # ------------------------------------------------------------------ sockets

    def attach(self, room: Room, conn: Connection) -> None:
        """A socket opens: the room hears of it when it is the player's first here (another
        tab of theirs changes nothing), and the socket gets the room as it may see it (a
        socket that has not joined: only that the room exists)."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            if isinstance(self.store, PgRoomStore):
                self.store.start(self._notice)
        if not self._has_socket(room.code, conn.player):
            self._presence(room, conn.player, 1)
        self.sockets.setdefault(room.code, set()).add(conn)
        conn.send(dumps(room.view(conn.player)))
        if conn.player in room.door.banned:  # the view says so; nothing more for them
            conn.close_after(CLOSE_BANNED)
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.get_running_loop().create_task(self._tick_loop())

    def detach(self, room: Room, conn: Connection) -> None:
        """A socket closed: the room hears of it when it was the player's last here."""
        conns = self.sockets.get(room.code)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.sockets[room.code]
        try:
            if not self._has_socket(room.code, conn.player):
                self._presence(room, conn.player, -1)
        except Refusal:  # the database is out of reach (said): told when it is back
            self._owed.add((room.code, conn.player))
        finally:
            self.release(room)

    def _has_socket(self, code: str, player: str) -> bool:
        return any(c.player == player for c in self.sockets.get(code, ()))

    def _presence(self, room: Room, player: str, delta: int) -> None:
        """The player's first socket here opened (1) or their last closed (-1)."""
        come_or_go = room.connect if delta > 0 else room.disconnect
        if not self.shared:
            self.change(room, lambda now: come_or_go(player, now), presence=True)
            return

        def counted(now: float) -> None:
            before = room.version
            come_or_go(player, now)
            if room.version == before:  # this process's sockets are in the row: the
                room.touched(now)  # other processes hear of it as a new version

        self.change(room, counted, sockets=(player, delta))

    def for_member(self, player: str, code: str, what: str, make: Callable[[Room], T]) -> T:
        """``make(room)`` for a person of room ``code``, what fell due played first:
        ``forbidden`` for anyone else, ``missing``'s refusal where there is no such room."""
        room = self.get(code)
        if room is None:
            raise self.missing(code)
        try:
            self.change(room, lambda now: None)
            if player not in room.members:
                raise Refusal("forbidden", f"join the room (choose a name) to see {what}")
            return make(room)
        finally:
            self.release(room)

    def release(self, room: Room) -> None:
        """Forget a room nobody has a socket in (it is saved, with what was waiting; ``get``
        reloads it, and plays what fell due meanwhile): an idle room costs no memory."""
        if room.code not in self.sockets and room.code not in self._opening:
            if room.code in self._pending:
                with contextlib.suppress(Refusal):  # not saved (said): it is as saved
                    self._publish(room)
            self.rooms.pop(room.code, None)
            self.revs.pop(room.code, None)
            key = self._houses.get(room.code)
            # nobody here waits for its solve now: dropped if not started (asked again then)
            if key is not None and self.lane.release(key, ("room", room.code)):
                del self._houses[room.code]

    def tick(self) -> None:
        """Play what is due in every room that has a socket open (shared store: the room's
        row lock makes it happen in one process only; the others find it done)."""
        now = self.clock()
        for code in list(self.sockets):
            room = self.rooms.get(code)
            if room is None or not self.is_ready(room):  # its house is being solved
                continue
            if self.shared:
                if (room.deadline is not None and now >= room.deadline) or room.gone_due(now):
                    with contextlib.suppress(Refusal):
                        self.change(room, lambda now: None, step=(None, None))
            elif room.tick(now):
                with contextlib.suppress(Refusal):  # not saved (said): tried at the next tick
                    self._publish(room)

    async def _tick_loop(self) -> None:
        polled = time.monotonic()
        while self.sockets:
            await asyncio.sleep(TICK)
            try:
                self.tick()
                if self.shared and time.monotonic() - polled >= POLL:
                    polled = time.monotonic()
                    self._heard("")  # a notice lost on the way is made up for here
            except Exception:  # a fault in one tick must not stop the timers
                log.exception("room timers failed")

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._ticker
        self.store.close()

    # ------------------------------------------------------------------ frames

    def command(
        self, room: Room, player: str, frame: dict[str, Any], address: str | None = None
    ) -> None:
        """One frame of a player (``Refusal`` when refused), from client ``address``."""
        kind = frame.get("type")
        if kind not in FRAMES:
            raise unknown_frame(kind)
        if kind == "join" and player not in room.members and room.door.public_json():
            # a passcode or a knock at a door that is not simply open: slowed (rooms.door)
            self.clients.door_try(room.code, address or "unknown")
        if kind == "state":  # the player's sockets get the state, ``reply`` set to ``id``
            self.change(room, lambda now: None, step=(None, None))
            self._to_player(room, player, {**room.view(player), "reply": _ref(frame.get("id"))})
            return
        if kind == "hint":  # only the asker hears it, a refusal too; the room does not change
            answer: dict[str, Any] = {"type": "hint", "reply": _ref(frame.get("id"))}
            try:
                answer["hint"] = room_hint(room, player, frame.get("hand"), frame.get("step"))
            except Refusal as exc:
                metrics.refused(exc.code)
                answer |= exc.body()
            self._to_player(room, player, answer)
            return
        if kind == "house":
            self.lane.check_room(("room", room.code))  # busy: refused before any change
        dealt = False

        def apply(now: float) -> None:
            nonlocal dealt  # the last run is the one kept (a shared store may run it again)
            before = room.hand
            apply_frame(room, player, frame, now)
            dealt = room.hand is not None and room.hand is not before

        self.change(room, apply, step=(player, frame))
        if dealt:
            metrics.HANDS.labels("room").inc()
        if kind == "house":
            self.prepare(room)

    def _to_player(self, room: Room, player: str, frame: dict[str, Any]) -> None:
        """A frame for ``player`` alone, on each of their sockets in the room."""
        text = dumps(frame)
        for conn in self.sockets.get(room.code, ()):
            if conn.player == player:
                conn.send(text)


def _ref(ref: object) -> int | None:
    """A frame's ``id`` as its answer's ``reply`` (None unless a whole number in range)."""
    return ref if is_whole(ref) and 0 <= ref < 2**31 else None
