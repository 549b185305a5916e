"""A solo table's routes (docs/API.md, "Games"): each request read, handed to the game's
``GameService`` in a worker thread and answered; and the lobby. Statuses are the app's
(``web.errors``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from banluck.core.refusal import Refusal
from banluck.games.driver import cell_json
from banluck.games.house import read_house
from banluck.rooms.settings import offered
from banluck.web import metrics
from banluck.web.asker import admit, language, player_id
from banluck.web.bodies import read_body
from banluck.web.catalog import chart, edge_of_house, house_edge
from banluck.web.heavy import OneAtATime
from banluck.web.queries import optional_whole, spot_param, whole_param
from banluck.web.solo.guide import LESSONS, guide_json
from banluck.web.solo.service import GameService


async def _change(request: Request, apply: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """A change to the player's table (a deal, a choice, the settings, a seed): its body read,
    then ``apply``'d in a worker thread."""
    body = await read_body(request)
    return await run_in_threadpool(
        apply, player_id(request), language(request), body, admit(request)
    )


def solo_routes(
    app: FastAPI,
    prefix: str,
    pick: Callable[[Request], GameService],
    *,
    hints: bool,
    drills: OneAtATime,
) -> None:
    """The routes of one game's solo table under ``prefix`` (``/api`` for the ``table``
    aliases), its service picked from the request; the Hint and the drill where ``hints``."""

    @app.get(f"{prefix}/state")
    async def state(request: Request) -> dict[str, Any]:
        svc = pick(request)
        return await run_in_threadpool(svc.state, player_id(request), language(request))

    @app.post(f"{prefix}/deal")
    async def deal(request: Request) -> dict[str, Any]:
        answer = await _change(request, pick(request).deal)
        metrics.HANDS.labels("solo").inc()
        return answer

    @app.post(f"{prefix}/action")
    async def action(request: Request) -> dict[str, Any]:
        return await _change(request, pick(request).act)

    @app.put(f"{prefix}/settings")
    async def settings(request: Request) -> dict[str, Any]:
        return await _change(request, pick(request).settings)

    @app.get(f"{prefix}/guide")
    async def guide(request: Request) -> dict[str, Any]:
        svc = pick(request)
        if svc.game.name not in LESSONS:
            raise Refusal(
                "not_found", f"{svc.game.title} has no guided hand", {"game": svc.game.name}
            )
        return await run_in_threadpool(guide_json, svc.game.name)

    @app.post(f"{prefix}/seed")
    async def seed(request: Request) -> dict[str, Any]:
        return await _change(request, pick(request).seed)

    @app.get(f"{prefix}/fair.json")
    async def fair_history(request: Request) -> Response:
        svc = pick(request)
        data = await run_in_threadpool(svc.fair_history, player_id(request))
        return Response(
            json.dumps(data, indent=1) + "\n",
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="{svc.game.name}-fair.json"',
                "Cache-Control": "no-store",
            },
        )

    @app.get(f"{prefix}/history")
    async def history(request: Request) -> dict[str, Any]:
        svc = pick(request)
        return await run_in_threadpool(svc.history, player_id(request))

    @app.get(f"{prefix}/history/{{hand}}")
    async def history_entry(request: Request, hand: str) -> dict[str, Any]:
        svc = pick(request)
        number = whole_param(hand, "hand")
        return await run_in_threadpool(svc.history_entry, player_id(request), number)

    @app.get(f"{prefix}/history/{{hand}}/replay.json")
    async def replay_file(request: Request, hand: str) -> Response:
        svc = pick(request)
        number = whole_param(hand, "hand")
        entry = await run_in_threadpool(svc.history_entry, player_id(request), number)
        name = svc.game.name
        filename = (
            f"banluck-hand-{number}.json" if name == "table" else f"{name}-hand-{number}.json"
        )
        return Response(
            json.dumps(entry["replay"], indent=2) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    if hints:

        @app.get(f"{prefix}/hint")
        async def hint(request: Request) -> dict[str, Any]:
            svc = pick(request)
            q = request.query_params
            number = whole_param(q.get("hand"), "hand")
            step = whole_param(q.get("step"), "step")
            return await run_in_threadpool(svc.hint, player_id(request), number, step)

        @app.get(f"{prefix}/drill")
        async def drill(request: Request) -> dict[str, Any]:
            svc = pick(request)
            spot = spot_param(request.query_params)
            player = player_id(request)
            async with drills.turn(player):  # one at a time, a few a second, per player
                return await run_in_threadpool(svc.drill, player, spot)

    @app.get(f"{prefix}/stats")
    async def stats(request: Request) -> dict[str, Any]:
        svc = pick(request)
        return await run_in_threadpool(svc.stats, player_id(request))

    @app.get(f"{prefix}/chart")
    async def chart_route(request: Request) -> dict[str, Any]:
        svc = pick(request)
        q = request.query_params
        number, step = optional_whole(q, "hand"), optional_whole(q, "step")

        def answer() -> dict[str, Any]:
            decks, house = svc.chart_setting(player_id(request))
            data = chart(svc.game.name, decks, house)
            if data is None:
                raise Refusal(
                    "not_found",
                    f"{svc.game.title} has no solved chart",
                    {"game": svc.game.name},
                )
            cell = svc.cell(player_id(request), number, step)
            current = cell_json(cell)
            return {"game": svc.game.name, **data, "current": current}

        return await run_in_threadpool(answer)


def lobby_route(app: FastAPI, services: Mapping[str, GameService]) -> None:
    """``GET /api/games``: every game's card in the lobby, with your stack and the edge of
    the house you play there (H9)."""

    @app.get("/api/games")
    async def lobby(request: Request) -> dict[str, Any]:
        pid = player_id(request)

        def answer() -> dict[str, Any]:
            games = []
            for name, svc in services.items():
                g = svc.game
                summary = svc.summary(pid)
                # H9: the edge of the house you play at this table, else the preset's
                played = summary.pop("house")
                edge = house_edge(name) if played is None else edge_of_house(read_house(played))
                games.append(
                    {
                        "name": name,
                        "title": g.title,
                        "family": g.family,
                        "path": f"/play/{name}",
                        "house_edge": edge,
                        "edge_source": "none" if edge is None else "exact",
                        "house": played,
                        "room": offered(name),
                        **summary,
                    }
                )
            return {"games": games}

        return await run_in_threadpool(answer)
