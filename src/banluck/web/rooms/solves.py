"""A room's house solve apart from the rooms' loop (``RoomHub``'s part that waits for it):
the solve of a room's rules (``GameDriver.solve_job``) runs in the rooms' heavy lane's own
process, once per house however many rooms play it; until it is kept the room plays nothing
that needs it, and a socket opening in it is shown the room at once and kept attached to
it (``opening``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from banluck.core.refusal import Refusal
from banluck.games.driver import GameDriver
from banluck.rooms.room import Room
from banluck.web.heavy import HeavyLane
from banluck.web.rooms.frames import Connection

log = logging.getLogger("banluck.web")


class RoomSolves:
    """The house solves' part of ``RoomHub`` (see the module)."""

    # the hub's state these read and change (``RoomHub.__init__`` sets it)
    lane: HeavyLane
    rooms: dict[str, Room]
    sockets: dict[str, set[Connection]]
    _houses: dict[str, Any]
    _preparing: dict[str, asyncio.Future[None]]
    _opening: Counter[str]

    if TYPE_CHECKING:  # the hub's own, which these call

        def release(self, room: Room) -> None: ...
        def change(
            self, room: Room, command: Callable[[float], None], *, step: Any = None
        ) -> None: ...

    def prepare(self, room: Room) -> None:
        """Compute the room's rules' solve (``GameDriver.solve_job``) in the rooms' heavy
        lane's own process, once per house however many rooms play it; a newer house of the
        room replaces one not started. Until it is kept (``take_solve``) the room plays
        nothing that needs it (``ready``, ``tick``): no solve ever runs in this process,
        and no other room waits."""
        game = room.game
        job = game.solve_job()
        if job is None:  # nothing to compute for this game and house
            return
        house = room.settings.house
        key = ("prepare", room.settings.game, room.settings.decks, house and house.edge_key())
        if self._houses.get(room.code) == key:  # asked for already (a room read again)
            return
        self._houses[room.code] = key
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not serving (a test, a tool): made here and now
            game.take_solve(job())
            return
        try:
            future = self.lane.submit(key, job, ("room", room.code))
        except Refusal:  # the lane is full: the first bot decision solves it
            log.warning("room %s: its house is solved when first needed (lane full)", room.code)
            return
        waiting: asyncio.Future[None] = loop.create_future()
        self._preparing[room.code] = waiting

        def done(f: Future[Any]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self._prepared, room.code, game, f, waiting)

        future.add_done_callback(done)

    def _prepared(
        self, code: str, game: GameDriver, future: Future[Any], waiting: asyncio.Future[None]
    ) -> None:
        """On the loop: the solve is made; kept, and the room plays what fell due."""
        if not future.cancelled():
            error = future.exception()
            if error is None:
                game.take_solve(future.result())
            else:
                log.warning("room %s: its house could not be solved apart (%s)", code, error)
        if self._preparing.get(code) is waiting:
            del self._preparing[code]
        if not waiting.done():
            waiting.set_result(None)
        self._kick(code)

    def _kick(self, code: str) -> None:
        """A room whose solve is done plays what fell due meanwhile."""
        room = self.rooms.get(code)
        if room is not None and code in self.sockets and self.is_ready(room):
            with contextlib.suppress(Refusal):
                self.change(room, lambda now: None, step=(None, None))

    @contextlib.asynccontextmanager
    async def opening(self, room: Room) -> AsyncIterator[None]:
        """A socket opening in ``room``: the room stays in memory until it attaches (an
        HTTP request meanwhile releases nothing), or is released if the socket fails."""
        self._opening[room.code] += 1
        try:
            yield
        except BaseException:
            self._done_opening(room)
            self.release(room)
            raise
        self._done_opening(room)

    def _done_opening(self, room: Room) -> None:
        self._opening[room.code] -= 1
        if self._opening[room.code] <= 0:
            del self._opening[room.code]

    def is_ready(self, room: Room) -> bool:
        """Whether the room's house solve is kept (nothing of it is computed here)."""
        waiting = self._preparing.get(room.code)
        return waiting is None or waiting.done()

    async def ready(self, room: Room) -> None:
        """Wait (without holding up anyone else) until the room's house solve is kept."""
        waiting = self._preparing.get(room.code)
        if waiting is not None and not waiting.done():
            await asyncio.shield(waiting)
