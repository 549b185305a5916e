"""The rooms' HTTP routes and their place in the app (``install_rooms``).

- ``POST /api/rooms`` ``{game, decks?, speed?, bank?, timer?, name}``: a new room; the
  caller is its host. Answers ``{code, link, state}`` (201).
- ``GET /api/rooms/{code}``: the room as the caller may see it (``Room.view``).
- ``GET /room/new``: the page that makes a room (``static/room/new.html``).
- ``GET /room/{code}``: the room's page: the game page (``static/index.html``), which plays
  the room's game over the room's socket.
- ``GET /room/{code}/qr.svg``: the QR code of the room's invite link.
- ``GET /room/{code}/history.json``: the room's provably fair history (docs/FAIRNESS.md),
  to download, for the people of the room only: the commitment of every shoe, the order,
  salt and deals of the finished ones (never the shoe in use). ``banluck verify`` checks it.
- ``GET /room/{code}/settle-up.csv`` and ``settle-up.json``: the session's settle-up table
  (``rooms.tally``: each person's hands, net chips and biggest win), for the people of the
  room only.
- ``WS /api/rooms/{code}/ws``: the live room (``ws``).

A player hosts at most ``RoomLimits.per_player`` rooms and the server holds at most
``RoomLimits.total`` (``too_many_rooms``, 409), counted from PostgreSQL over every process
when the rooms are there; rooms idle for ``RoomLimits.idle_days`` are removed
(``expiry``).

The HTTP routes sit behind ``guard.Guard`` like every other (Host, Origin and JSON body of a
change, the signed cookie); the socket makes the same checks itself (``ws``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import psycopg
from fastapi import APIRouter, FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response, StreamingResponse

from banluck.core.refusal import Refusal
from banluck.games.registry import GAMES
from banluck.rooms.limits import RoomIndex, RoomLimits
from banluck.rooms.names import display_name
from banluck.rooms.recall import for_person, hand_line
from banluck.rooms.room import Room
from banluck.rooms.settings import parse_settings
from banluck.store.pg_rooms import PgRoomStore
from banluck.store.rooms import RoomStore, rooms_path
from banluck.web.asker import language
from banluck.web.bodies import read_body
from banluck.web.errors import status_of
from banluck.web.guard import SCOPE_KEY, HostCheck
from banluck.web.identity import Identities
from banluck.web.invite import invite_qr, public_link
from banluck.web.preload import family_module, page_response
from banluck.web.rooms.download import HandFiles
from banluck.web.rooms.expiry import ready_index, sweep_forever
from banluck.web.rooms.hub import RoomHub
from banluck.web.rooms.teach import teach_routes
from banluck.web.rooms.ws import serve_socket

STATIC = Path(__file__).resolve().parent.parent / "static"
#: the game page, for a room as for a solo table; the page that makes a room
ROOM_PAGE = STATIC / "index.html"
NEW_ROOM_PAGE = STATIC / "room" / "new.html"
#: what the page imports at once at a room's address (a table's first load goes without)
#: (and every family's, as the room's game is known only once the page joins)
ROOM_MODULES = (
    "js/room/room.js",
    *(family_module(f) for f in dict.fromkeys(g.family for g in GAMES.values())),
)
#: the finished hands one request lists (the page asks for older ones as it is scrolled)
HANDS_PAGE = 50


def _refused(exc: Refusal) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=status_of(exc.code))


def _create(hub: RoomHub, rooms: RoomIndex, player: str, body: dict[str, Any]) -> Room:
    """A new room within the limits: counted by this process's index, or with the rooms in
    PostgreSQL by the database, over every process (one room made at a time)."""
    store = hub.store
    if not isinstance(store, PgRoomStore):
        ready_index(hub, rooms).check_create(player)
        return hub.create(player, body)
    try:
        with store.creating(player) as (total, hosted):
            rooms.check_counts(total, hosted)
            return hub.create(player, body)
    except psycopg.Error as exc:
        raise hub.database_lost(exc) from None


def rooms_router(
    hub: RoomHub, identities: Identities, hosts: HostCheck, index: RoomIndex | None = None
) -> APIRouter:
    """The routes of the module's text on ``hub`` (``index``: the rooms' limits)."""
    router = APIRouter()
    rooms = index if index is not None else RoomIndex()

    teach_routes(router, hub)  # the chart and drill where the host allows hints

    @router.post("/api/rooms")
    async def create_room(request: Request) -> Response:
        player: str = request.scope[SCOPE_KEY]
        peer = request.client.host if request.client else None
        try:
            body = await read_body(request)
            parse_settings(body)  # a bad body is refused before it spends a room token
            display_name(body.get("name"))
            hub.clients.new_room(hub.clients.address(peer, request.headers))
            room = _create(hub, rooms, player, body)
        except Refusal as exc:
            return _refused(exc)
        rooms.note(room.code, room.host, room.updated or hub.clock())
        hub.prepare(room)
        body = {"code": room.code, "link": f"/room/{room.code}", "state": room.view(player)}
        hub.release(room)
        return JSONResponse(body, status_code=201)

    @router.get("/api/rooms/{code}")
    async def room_state(request: Request, code: str) -> Response:
        room = hub.get(code)
        if room is None:
            return _refused(hub.missing(code))
        await hub.ready(room)
        hub.change(room, lambda now: None)
        answer = room.view(request.scope[SCOPE_KEY])
        hub.release(room)
        return JSONResponse(answer)

    @router.get("/room/{code}", include_in_schema=False)
    async def room_page(code: str, request: Request) -> Response:
        page = NEW_ROOM_PAGE if code == "new" else ROOM_PAGE
        if not page.is_file():
            return _refused(Refusal("not_found", "the room page is not installed"))
        modules = () if code == "new" else ROOM_MODULES
        return page_response(page, STATIC, language(request), modules)

    def members_only(
        request: Request, code: str, what: str, make: Callable[[Room], Response]
    ) -> Response:
        """``make(room)`` for a person of the room (403 ``forbidden`` for anyone else)."""
        try:
            return hub.for_member(request.scope[SCOPE_KEY], code, what, make)
        except Refusal as exc:
            return _refused(exc)

    def download(name: str) -> dict[str, str]:
        return {
            "Cache-Control": "no-store",
            "Content-Disposition": f'attachment; filename="{name}"',
        }

    @router.get("/room/{code}/qr.svg", include_in_schema=False)
    async def room_qr(request: Request, code: str) -> Response:
        """The QR code of the room's invite link (this server's address as the browser
        reached it), for a friend's phone camera."""
        room = hub.get(code)
        if room is None:
            return _refused(hub.missing(code))
        hub.release(room)
        return Response(
            invite_qr(public_link(request, hosts, "room_page", code=code)),
            media_type="image/svg+xml",
            headers={"Cache-Control": "private, max-age=3600"},
        )

    @router.get("/room/{code}/history.json", include_in_schema=False)
    async def room_history(request: Request, code: str) -> Response:
        return members_only(
            request,
            code,
            "its history",
            lambda room: JSONResponse(
                room.public_history(), headers=download(f"banluck-room-{code}.json")
            ),
        )

    @router.get("/room/{code}/settle-up.json", include_in_schema=False)
    async def room_tally_json(request: Request, code: str) -> Response:
        return members_only(
            request,
            code,
            "the settle-up table",
            lambda room: JSONResponse(
                {"room": code, "game": room.settings.game, "people": room.tally.rows()},
                headers=download(f"banluck-room-{code}-settle-up.json"),
            ),
        )

    @router.get("/room/{code}/settle-up.csv", include_in_schema=False)
    async def room_tally_csv(request: Request, code: str) -> Response:
        return members_only(
            request,
            code,
            "the settle-up table",
            lambda room: Response(
                BOM + room.tally.csv(),  # a spreadsheet then reads its names as UTF-8
                media_type="text/csv; charset=utf-8",
                headers=download(f"banluck-room-{code}-settle-up.csv"),
            ),
        )

    def hands_seen(
        request: Request,
        code: str,
        make: Callable[[Room, list[Any]], Response],
        *,
        before: int | None = None,
        limit: int = -1,
    ) -> Response:
        """``make(room, hands)`` for a person of the room: the finished hands the room
        keeps (below ``before``, at most ``limit``), newest first, as that person saw them
        (``rooms.recall.for_person``)."""
        player: str = request.scope[SCOPE_KEY]

        def seen(room: Room) -> Response:
            hands = hub.hands(code, before=before, limit=limit)
            return make(room, [for_person(r, player) for r in hands])

        return members_only(request, code, "its hands", seen)

    @router.get("/api/rooms/{code}/hands")
    async def room_hands(request: Request, code: str) -> Response:
        """A page of the finished hands the room keeps, newest first, as the reader saw
        them (their seats' bets and results; a table is in ``/hands/{hand}``): at most
        ``HANDS_PAGE``, below ``?before=N`` when given; ``more`` when older ones remain."""
        raw = request.query_params.get("before")
        before = int(raw) if raw is not None and raw.isascii() and raw.isdigit() else None
        if raw is not None and (before is None or len(raw) > 15):
            return _refused(Refusal("bad_request", "before must be a hand number"))

        def page(room: Room, hands: list[Any]) -> Response:
            lines = [hand_line(h) for h in hands[:HANDS_PAGE]]
            return JSONResponse({"hands": lines, "more": len(hands) > HANDS_PAGE})

        return hands_seen(request, code, page, before=before, limit=HANDS_PAGE + 1)

    @router.get("/api/rooms/{code}/hands/{hand}")
    async def room_hand(request: Request, code: str, hand: str) -> Response:
        """One finished hand as the reader saw it: its seats, choices and table."""
        player: str = request.scope[SCOPE_KEY]
        number = int(hand) if hand.isascii() and hand.isdigit() and len(hand) <= 9 else -1

        def make(room: Room) -> Response:
            rec = hub.hand(code, number)
            if rec is None:
                return _refused(Refusal("not_found", f"this room keeps no hand {hand!r}"))
            return JSONResponse(for_person(rec, player))

        return members_only(request, code, "its hands", make)

    files = HandFiles()

    @router.get("/room/{code}/hands.json", include_in_schema=False)
    async def room_hands_file(request: Request, code: str) -> Response:
        """Every hand the room keeps, as the reader saw each, oldest first: a file, made
        off the loop and streamed, kept per reader and room version (``download``);
        one download at a time per member, a few a minute."""
        player: str = request.scope[SCOPE_KEY]
        headers = download(f"banluck-room-{code}-hands.json")

        def make(room: Room) -> Response:
            finished = room.last_number - (1 if room.in_hand else 0)
            key = (code, finished, player)
            files.start(player)  # every download counts: a few a minute per member
            kept = files.kept(key)
            if kept is not None:
                files.done(player)
                return Response(kept, media_type="application/json", headers=headers)
            try:
                rows = hub.hand_rows(code)[::-1]
            except BaseException:
                files.done(player)
                raise
            head = {"room": code, "game": room.settings.game}
            return StreamingResponse(
                files.stream(key, head, rows, player),
                media_type="application/json",
                headers=headers,
            )

        try:
            return members_only(request, code, "its hands", make)
        except Refusal as exc:
            return _refused(exc)

    @router.websocket("/api/rooms/{code}/ws")
    async def room_socket(ws: WebSocket, code: str) -> None:
        await serve_socket(ws, code, hub, identities, hosts)

    return router


#: the byte-order mark that tells a spreadsheet a CSV file is UTF-8 (小明, not mojibake)
BOM = "\ufeff"


def install_rooms(
    app: FastAPI,
    db_path: str | Path,
    secret: bytes,
    *,
    hosts: HostCheck,
    clock: Callable[[], float] | None = None,
    entropy: Callable[[], int] | None = None,
    limits: RoomLimits | None = None,
    client_header: str | None = None,
    store: RoomStore | PgRoomStore | None = None,
) -> RoomHub:
    """Add the rooms to ``app``: their store (``store``, else a file beside ``db_path``:
    ``rooms_path``), their
    routes and limits (``app.state.room_index``), the removal of idle rooms while the app
    runs, and their shutdown (the timers stop, the store closes) after the app's own."""
    if store is None:
        store = RoomStore(rooms_path(db_path))
    hub = RoomHub(store, clock=clock, entropy=entropy)
    hub.clients.header = client_header  # the trusted proxy's header of the client's address
    index = RoomIndex(limits)
    app.include_router(rooms_router(hub, Identities(secret), hosts, index))
    app.state.rooms = hub
    app.state.room_index = index
    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[Any]:
        sweeper: asyncio.Task[None] | None = None
        try:
            async with inner(a) as state:
                sweeper = asyncio.get_running_loop().create_task(sweep_forever(hub, index))
                yield state
        finally:
            if sweeper is not None:
                sweeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweeper
            await hub.close()

    app.router.lifespan_context = lifespan
    return hub
