"""A room's chart and drill over HTTP, where its host turned hints on (``rooms.hints``): the
same answers as a solo table's ``chart`` and ``drill`` (docs/API.md), of the room's game,
decks and house, for a person of the room only. The chart's ``current`` is the cell of the
asker's own pending choice; a drill runs one at a time per person, a few a second (the solo
tables' limit, ``app.state.drills``)."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from banluck.core.refusal import Refusal
from banluck.games.drill import drill_json
from banluck.games.house import read_house
from banluck.rooms.hints import Teaching, room_teaching
from banluck.web.catalog import chart
from banluck.web.guard import SCOPE_KEY
from banluck.web.queries import optional_whole, spot_param
from banluck.web.rooms.hub import RoomHub


def teach_routes(router: APIRouter, hub: RoomHub) -> None:
    """``GET /api/rooms/{code}/chart`` and ``/drill`` on ``router``."""

    def teaching(request: Request, code: str, hand: int | None, step: int | None) -> Teaching:
        player: str = request.scope[SCOPE_KEY]
        return hub.for_member(
            player, code, "its chart", lambda room: room_teaching(room, player, hand, step)
        )

    def chart_of(t: Teaching) -> dict[str, Any]:
        data = chart(t.game, t.decks, t.house)
        if data is None:  # the registry names a chart for the game: never, but said
            raise Refusal("not_found", "this game has no solved chart", {"game": t.game})
        return data

    @router.get("/api/rooms/{code}/chart")
    async def room_chart(request: Request, code: str) -> dict[str, Any]:
        q = request.query_params
        t = teaching(request, code, optional_whole(q, "hand"), optional_whole(q, "step"))
        data = await run_in_threadpool(chart_of, t)
        return {"game": t.game, **data, "current": t.current}

    @router.get("/api/rooms/{code}/drill")
    async def room_drill(request: Request, code: str) -> dict[str, Any]:
        spot = spot_param(request.query_params)
        t = teaching(request, code, None, None)
        house = None if t.house is None else read_house(t.house)

        def drill() -> dict[str, Any]:
            rng = secrets.SystemRandom()
            return drill_json(t.game, t.decks, house, chart_of(t), spot, rng)

        async with request.app.state.drills.turn(request.scope[SCOPE_KEY]):
            return await run_in_threadpool(drill)
