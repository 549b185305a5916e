"""The ledger of a real-card table on the web (docs/LEDGER.md, docs/API.md "Ledger").

- ``GET /ledger``: the ledger's page (``static/ledger/index.html``). It keeps the ledger in
  the browser, so that hands are entered without a connection.
- ``GET /api/ledger/houses``: the houses a ledger may keep.
- ``POST /api/ledger/table`` ``{"house": …}``: the house checked, and what each end of a
  player's wins or loses against each end of the banker's, in bets (the family's
  ``settlement_table``): the page multiplies by the bet, and never settles a hand itself.
- ``POST /api/ledger/hands`` ``{"house": …, "hands": [{banker, bets, ends}, …]}``: each
  hand settled by the house's own rules, bets in coins (``{"nets": …}``, or ``{"error":
  message, "who": name}``): the page of a house whose table has no multiples (kampung's)
  sends every hand here, and keeps a hand entered without a connection until it can.
- ``POST /api/ledger/transfers`` ``{"nets": {name: net}}``: who pays whom, with the fewest
  transfers (``ledger.transfers``), nets in the ledger's smallest coin.
- A live view: ``POST /api/ledgers`` ``{"ledger": FILE}`` shares a ledger (the file of
  docs/LEDGER.md) and answers its code; ``PUT /api/ledgers/{code}`` ``{"version": n,
  "ledger": FILE}`` replaces it with its next version (its owner alone: the browser that
  shared it); ``GET /api/ledgers/{code}`` is the ledger settled, for anyone with the link;
  ``GET /ledger/{code}`` the read-only page that shows it, ``/ledger/{code}/qr.svg`` its
  link as a QR code; ``/api/ledgers/{code}/live`` a socket that says each new version
  (``live``).
- Handing the entering over: ``POST /api/ledgers/{code}/pass`` (its owner) answers a key
  for another phone (``/ledger?take={code}&key={key}``; ``/ledger/{code}/pass.svg?key=``
  as a QR code); ``POST /api/ledgers/{code}/take`` ``{"key": …}`` makes the browser that
  sends it the ledger's owner and answers the ledger's file. A key is good until the ledger
  changes hands (it is the owner's, signed with the server's secret).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from banluck.core.errors import LedgerError
from banluck.core.refusal import Refusal
from banluck.core.whole import is_whole
from banluck.games.house import House
from banluck.games.named_houses import NAMED, named_house
from banluck.games.registry import GAMES, game
from banluck.ledger.book import (
    NAME_MAX,
    read_book,
    read_ledger_house,
    settle_book,
    settle_hands,
    settled_json,
)
from banluck.ledger.transfers import fewest
from banluck.store import Saves
from banluck.web.asker import language
from banluck.web.bodies import read_body
from banluck.web.guard import SCOPE_KEY, HostCheck
from banluck.web.identity import Identities
from banluck.web.invite import invite_qr, public_link
from banluck.web.ledger.live import Changes, serve_live
from banluck.web.preload import page_response

#: the most people one settle-up pays among
PEOPLE_MAX = 40
#: the largest net, in coins, a settle-up takes
NET_MAX = 10**12
#: the largest ledger file shared (bytes): some 600 hands of six people
SHARED_MAX = 128 * 1024
#: the most ledgers one browser shares, and a server keeps
SHARED_PER_PLAYER = 20
SHARED_ON_SERVER = 5_000
#: the settled answers of shared ledgers kept for their viewers
ANSWERS_KEPT = 256
#: the most hands settled by one request (those a phone entered without a connection)
SETTLE_MAX = 200
#: a shared ledger's code: 16 URL-safe characters (96 random bits)
CODE = re.compile(r"[A-Za-z0-9_-]{16}")


def install_ledger(
    app: FastAPI, static: Any, store: Saves, hosts: HostCheck, identities: Identities
) -> None:
    """Add the ledger's pages and answers to ``app``; shared ledgers are kept in ``store``."""
    router = APIRouter()
    changes = Changes()

    async def version_of(code: str) -> int | None:
        try:
            return (await _shared(store, code))[1]
        except Refusal:
            return None

    @router.websocket("/api/ledgers/{code}/live")
    async def live(ws: WebSocket, code: str) -> None:
        await serve_live(ws, code, version_of, changes, hosts, identities)

    @router.get("/ledger", include_in_schema=False)
    async def ledger_page(request: Request) -> Response:
        return page_response(static / "ledger" / "index.html", static, language(request))

    @router.get("/ledger/{code}", include_in_schema=False)
    async def ledger_view(code: str, request: Request) -> Response:
        await _shared(store, code)
        return page_response(static / "ledger" / "view.html", static, language(request))

    @router.get("/ledger/{code}/qr.svg", include_in_schema=False)
    async def ledger_qr(request: Request, code: str) -> Response:
        await _shared(store, code)
        link = public_link(request, hosts, "ledger_view", code=code)
        return Response(invite_qr(link), media_type="image/svg+xml")

    def limited(request: Request) -> None:
        """One of the client's tokens for a ledger write (``rate_limited``)."""
        clients = request.app.state.rooms.clients
        peer = request.client.host if request.client else None
        clients.ledger_write(clients.address(peer, request.headers))

    @router.post("/api/ledgers")
    async def share(request: Request) -> dict[str, Any]:
        limited(request)
        body = await read_body(request, SHARED_MAX)
        data = await run_in_threadpool(_checked, body.get("ledger"))
        owner: str = request.scope[SCOPE_KEY]
        code = secrets.token_urlsafe(12)

        def keep() -> None:
            with store.transaction() as tx:
                if tx.ledgers_owned(owner) >= SHARED_PER_PLAYER:
                    raise Refusal(
                        "too_many_ledgers",
                        f"a browser shares at most {SHARED_PER_PLAYER} ledgers",
                        {"max": SHARED_PER_PLAYER},
                    )
                if tx.ledgers_owned() >= SHARED_ON_SERVER:
                    raise Refusal("server_full", "this server keeps no more shared ledgers")
                tx.put_ledger(code, owner, 1, data)

        await run_in_threadpool(keep)
        return {"code": code, "version": 1, "link": f"/ledger/{code}"}

    @router.put("/api/ledgers/{code}")
    async def update(request: Request, code: str) -> dict[str, Any]:
        limited(request)
        body = await read_body(request, SHARED_MAX)
        data = await run_in_threadpool(_checked, body.get("ledger"))
        version = body.get("version")
        if not is_whole(version):
            raise Refusal("bad_request", "'version' is the version the change is made to")
        owner: str = request.scope[SCOPE_KEY]

        def keep() -> int:
            with store.transaction() as tx:
                found = tx.ledger(code) if CODE.fullmatch(code) else None
                if found is None:
                    raise Refusal("not_found", "no such ledger", {"code": code})
                if found[0] != owner:
                    raise Refusal(
                        "forbidden", "only the phone that shared a ledger enters its hands"
                    )
                if found[1] != version:
                    raise Refusal("stale", "the ledger has changed since", {"version": found[1]})
                tx.put_ledger(code, owner, found[1] + 1, data)
                return found[1] + 1

        next_version = await run_in_threadpool(keep)
        changes.changed(code)
        return {"version": next_version}

    #: code -> (version, its answer): every viewer asks every few seconds, and a version is
    #: settled once (the oldest answers go past ``ANSWERS_KEPT``)
    answers: dict[str, tuple[int, dict[str, Any]]] = {}

    def answer(code: str, version: int, data: str) -> dict[str, Any]:
        file = json.loads(data)
        book = read_book(file)
        house = {"base": book.house.base, "name": book.house.name}
        if isinstance(file["house"], str):  # a named house's key (or a game's): its words
            house["id"] = file["house"]
        settled = settled_json(book, settle_book(book))
        return {"code": code, "version": version, "house": house, **settled}

    def pass_key(code: str, owner: str) -> str:
        """The key that hands ``code`` over, good while ``owner`` enters it."""
        mac = hmac.new(store.secret, f"ledger-pass:{code}:{owner}".encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(mac.digest()[:16]).decode().rstrip("=")

    @router.post("/api/ledgers/{code}/pass")
    async def hand_over(request: Request, code: str) -> dict[str, Any]:
        owner: str = request.scope[SCOPE_KEY]
        found_owner, _, _ = await _shared(store, code)
        if found_owner != owner:
            raise Refusal("forbidden", "only the phone that enters a ledger's hands hands it over")
        key = pass_key(code, owner)
        return {"key": key, "link": f"/ledger?take={code}&key={key}"}

    @router.get("/ledger/{code}/pass.svg", include_in_schema=False)
    async def hand_over_qr(request: Request, code: str, key: str = "") -> Response:
        found_owner, _, _ = await _shared(store, code)
        if not hmac.compare_digest(key, pass_key(code, found_owner)):
            raise Refusal("forbidden", "this key no longer hands the ledger over")
        page = public_link(request, hosts, "ledger_page")
        return Response(invite_qr(f"{page}?take={code}&key={key}"), media_type="image/svg+xml")

    @router.post("/api/ledgers/{code}/take")
    async def take(request: Request, code: str) -> dict[str, Any]:
        limited(request)
        key = (await read_body(request)).get("key")
        taker: str = request.scope[SCOPE_KEY]

        def move() -> tuple[int, str]:
            with store.transaction() as tx:
                found = tx.ledger(code) if CODE.fullmatch(code) else None
                if found is None:
                    raise Refusal("not_found", "no such ledger", {"code": code})
                owner, version, data = found
                if owner == taker:
                    return version, data
                if not isinstance(key, str) or not hmac.compare_digest(key, pass_key(code, owner)):
                    raise Refusal("forbidden", "this key no longer hands the ledger over")
                if tx.ledgers_owned(taker) >= SHARED_PER_PLAYER:
                    raise Refusal(
                        "too_many_ledgers",
                        f"a browser shares at most {SHARED_PER_PLAYER} ledgers",
                        {"max": SHARED_PER_PLAYER},
                    )
                tx.put_ledger(code, taker, version + 1, data)
                return version + 1, data

        version, data = await run_in_threadpool(move)
        changes.changed(code)
        return {"code": code, "version": version, "ledger": json.loads(data)}

    @router.get("/api/ledgers/{code}")
    async def view(code: str) -> dict[str, Any]:
        _, version, data = await _shared(store, code)
        kept = answers.get(code)
        if kept is None or kept[0] != version:
            kept = (version, await run_in_threadpool(answer, code, version, data))
            answers.pop(code, None)
            answers[code] = kept
            while len(answers) > ANSWERS_KEPT:
                del answers[next(iter(answers))]
        return kept[1]

    @router.get("/api/ledger/houses")
    async def ledger_houses() -> dict[str, Any]:
        """The houses the page's ledger may keep: each game whose settlement table the page
        can apply, then the named houses of those games (H10)."""
        kept = [g.name for g in GAMES.values() if g.ledger_table and not g.named_house]
        named = [(key, named_house(key)) for key in NAMED]
        return {
            "houses": [{"id": name, "base": name, "name": None} for name in kept]
            + [{"id": key, "base": h.base, "name": h.name} for key, h in named if h.base in kept]
        }

    @router.post("/api/ledger/table")
    async def settlement_table(request: Request) -> dict[str, Any]:
        house = _house((await read_body(request)).get("house"))
        if game(house.base).ledger_table is None:
            kept = ", ".join(g.name for g in GAMES.values() if g.ledger_table)
            message = (
                f"house: the page keeps ledgers of {kept}; of {house.base!r}, the command does"
            )
            raise Refusal("bad_ledger", message, {"field": "house"})
        table = game(house.base).part("ledger_table")(house.record())
        return {"house": house.to_object(), **table}

    @router.post("/api/ledger/hands")
    async def hands(request: Request) -> dict[str, Any]:
        body = await read_body(request, SHARED_MAX)
        house = _house(body.get("house"))
        raw = body.get("hands")
        if not isinstance(raw, list) or not 1 <= len(raw) <= SETTLE_MAX:
            message = f"'hands' is a list of 1 to {SETTLE_MAX} hands"
            raise Refusal("bad_ledger", message, {"field": "hands"})
        settled = await run_in_threadpool(settle_hands, house, raw)
        return {
            "hands": [
                {"error": str(x), "who": x.who} if isinstance(x, LedgerError) else {"nets": x}
                for x in settled
            ]
        }

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


def _house(raw: object) -> House:
    """A ledger's house, or ``bad_ledger`` naming what is wrong with it."""
    try:
        return read_ledger_house(raw)
    except LedgerError as exc:
        raise Refusal("bad_ledger", str(exc), {"field": "house"}) from None


def _checked(ledger: object) -> str:
    """A ledger file that reads and settles (``bad_ledger`` naming what is wrong), as text."""
    try:
        settle_book(read_book(ledger))
    except LedgerError as exc:
        raise Refusal("bad_ledger", str(exc)) from None
    return json.dumps(ledger, ensure_ascii=False, separators=(",", ":"))


async def _shared(store: Saves, code: str) -> tuple[str, int, str]:
    """A shared ledger's owner, version and file, or ``not_found``."""

    def load() -> tuple[str, int, str] | None:
        with store.reading() as tx:
            return tx.ledger(code)

    found = await run_in_threadpool(load) if CODE.fullmatch(code) else None
    if found is None:
        raise Refusal("not_found", "no such ledger", {"code": code})
    return found
