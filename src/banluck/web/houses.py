"""The house rules over HTTP (HOUSE_RULES.md, docs/API.md): the named houses, a base's
fields for the House rules dialog, and the exact edge of any house, worked out on the heavy
lane (``web.heavy``)."""

from __future__ import annotations

import functools
from asyncio import CancelledError
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from banluck.core.refusal import Refusal
from banluck.games.house import HouseError, schema_json
from banluck.rooms.settings import house_refusal, house_setting
from banluck.web.asker import player_id
from banluck.web.bodies import read_body
from banluck.web.catalog import keep_odds, odds_known, odds_of_object
from banluck.web.heavy import HeavyLane, wait_while_wanted


def house_routes(app: FastAPI, lane: HeavyLane) -> None:
    """``/api/houses``, ``/api/houses/fields`` and ``/api/houses/edge`` on ``app``."""

    @app.get("/api/houses")
    async def named_houses() -> dict[str, Any]:
        """H10: the named houses, each with its base, name, fields and where it comes from."""
        from banluck.games.named_houses import NAMED, named_house

        out = []
        for key, named in NAMED.items():
            h = named_house(key)
            out.append(
                {
                    "id": key,
                    **h.to_object(),
                    "changes": h.changes(),
                    "source": named.source,
                    "game": named.offered_with,
                }
            )
        return {"houses": out}

    @app.get("/api/houses/fields")
    async def house_fields(base: str) -> dict[str, Any]:
        """H1: the fields of a base's house, each with its kind, values, group and rule
        ids, and the base's own values (the House rules dialog's form)."""
        try:
            return schema_json(base)
        except HouseError as exc:
            raise house_refusal(exc) from None

    @app.post("/api/houses/edge")
    async def edge_of_a_house(request: Request) -> Response:
        """H9: the exact house edge of the house object ``{"house": {...}}`` (None where
        the family's edge is measured by simulation), each house solved once, on the heavy
        lane (``web.heavy``): a house not known yet costs its asker one of their new-work
        tokens, and its work is dropped if the asker leaves before it starts."""
        body = await read_body(request)
        house = house_setting(body.get("house"))
        player = player_id(request)
        odds = odds_known(house)
        if odds is None:
            clients = request.app.state.rooms.clients
            peer = request.client.host if request.client else None
            clients.new_work(clients.address(peer, request.headers), player)
            key = ("edge", house.edge_key())
            owner = ("edge", player)
            job = functools.partial(odds_of_object, house.to_object())
            future = lane.submit(key, job, owner)
            try:
                odds = await wait_while_wanted(lane, key, owner, future, request.is_disconnected)
            except CancelledError:  # replaced by a newer house of the same asker
                raise Refusal(
                    "busy", "a newer house was asked for: this one was not computed"
                ) from None
            keep_odds(house, odds)
        return JSONResponse({"house": house.to_object(), "changes": house.changes(), **odds})
