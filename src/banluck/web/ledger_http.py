"""The ledger of a real-card table on the web (docs/LEDGER.md, docs/API.md "Ledger").

- ``GET /ledger``: the ledger's page (``static/ledger/index.html``). It keeps the ledger in
  the browser, so that hands are entered without a connection.
- ``GET /api/ledger/houses``: the houses a ledger may keep.
- ``POST /api/ledger/table`` ``{"house": …}``: the house checked, and what each end of a
  player's wins or loses against each end of the banker's, in bets (the family's
  ``settlement_table``): the page multiplies by the bet, and never settles a hand itself.
- ``POST /api/ledger/transfers`` ``{"nets": {name: net}}``: who pays whom, with the fewest
  transfers (``ledger.transfers``), nets in the ledger's smallest coin.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, Response

from banluck.core.errors import LedgerError
from banluck.core.refusal import Refusal
from banluck.core.whole import is_whole
from banluck.games.named_houses import NAMED, named_house
from banluck.games.registry import GAMES, game
from banluck.ledger.book import NAME_MAX, read_ledger_house
from banluck.ledger.transfers import fewest
from banluck.web.bodies import read_body

#: the most people one settle-up pays among
PEOPLE_MAX = 40
#: the largest net, in coins, a settle-up takes
NET_MAX = 10**12


def install_ledger(app: FastAPI, static: Any) -> None:
    """Add the ledger's page and its two answers to ``app``."""
    router = APIRouter()

    @router.get("/ledger", include_in_schema=False)
    async def ledger_page() -> Response:
        return FileResponse(static / "ledger" / "index.html", headers={"Cache-Control": "no-cache"})

    @router.get("/api/ledger/houses")
    async def ledger_houses() -> dict[str, Any]:
        """The houses the page's ledger may keep: each game whose settlement table the page
        can apply, then the named houses of those games (H10)."""
        kept = [g.name for g in GAMES.values() if g.ledger_table]
        named = [(key, named_house(key)) for key in NAMED]
        return {
            "houses": [{"id": name, "base": name, "name": None} for name in kept]
            + [{"id": key, "base": h.base, "name": h.name} for key, h in named if h.base in kept]
        }

    @router.post("/api/ledger/table")
    async def settlement_table(request: Request) -> dict[str, Any]:
        body = await read_body(request)
        try:
            house = read_ledger_house(body.get("house"))
        except LedgerError as exc:
            raise Refusal("bad_ledger", str(exc), {"field": "house"}) from None
        if game(house.base).ledger_table is None:
            kept = ", ".join(g.name for g in GAMES.values() if g.ledger_table)
            message = (
                f"house: the page keeps ledgers of {kept}; of {house.base!r}, the command does"
            )
            raise Refusal("bad_ledger", message, {"field": "house"})
        table = game(house.base).part("ledger_table")(house.record())
        return {"house": house.to_object(), **table}

    @router.post("/api/ledger/transfers")
    async def transfers(request: Request) -> dict[str, Any]:
        nets = (await read_body(request)).get("nets")
        if not isinstance(nets, dict) or len(nets) > PEOPLE_MAX:
            raise Refusal("bad_ledger", f"'nets' is an object of up to {PEOPLE_MAX} people")
        for name, net in nets.items():
            if not 1 <= len(name) <= NAME_MAX or not is_whole(net) or abs(net) > NET_MAX:
                raise Refusal("bad_ledger", f"{name!r}: a net is a whole number of coins")
        if sum(nets.values()) != 0:
            raise Refusal("bad_ledger", f"the nets sum to {sum(nets.values())}, not zero")
        return {
            "transfers": [
                {"from": t.giver, "to": t.taker, "amount": t.amount} for t in fewest(nets)
            ]
        }

    app.include_router(router)
