"""The web table over HTTP (docs/API.md): FastAPI routes, statuses and headers only.

``create_app(db_path, shoe_file=None, rng=None, preset="table", ...)`` builds it. The game
is ``sessions`` (flow) and ``service`` (the store); this module maps their ``Refusal``
codes to statuses in one place (``STATUS``), reads request bodies within their limits, and
puts ``guard.Guard`` (Host, Origin, content type, cookie, headers, the 500) in front.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import random
from asyncio import CancelledError
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from banluck.core.refusal import Refusal
from banluck.games import game
from banluck.games.drivers import driver_for, own_house
from banluck.games.house import HouseError, read_house, schema_json
from banluck.games.registry import GAMES, driver_class
from banluck.rooms.settings import house_refusal, house_setting, offered
from banluck.store import PLAYER_IDLE_DAYS, PLAYER_LIMIT, Saves, Store
from banluck.store.pg_rooms import PgRoomStore
from banluck.store.rooms import RoomStore
from banluck.web import metrics
from banluck.web.bodies import read_body
from banluck.web.catalog import (
    chart,
    edge_of_house,
    house_edge,
    keep_odds,
    odds_known,
    odds_of_object,
)
from banluck.web.errors import STATUS, status_of
from banluck.web.guard import CSP, SCOPE_KEY, Guard, HostCheck, HttpRefusal
from banluck.web.heavy import HeavyLane, OneAtATime, wait_while_wanted
from banluck.web.identity import COOKIE, COOKIE_MAX_AGE, Identities
from banluck.web.ledger.http import install_ledger
from banluck.web.metrics import Metrics
from banluck.web.operations import install_operations
from banluck.web.preload import family_module, page_response
from banluck.web.public import PublicUrl
from banluck.web.queries import optional_whole, spot_param, whole_param
from banluck.web.rooms.http import install_rooms
from banluck.web.saves.codecs import codec_for, decks_of
from banluck.web.saves.records import language_from
from banluck.web.shoefile import ShoeFileError, read_shoe_file
from banluck.web.solo.guide import LESSONS, guide_json
from banluck.web.solo.service import GameService

__all__ = [
    "COOKIE",
    "COOKIE_MAX_AGE",
    "CSP",
    "STATUS",
    "ShoeFileError",
    "create_app",
    "language_from",
    "read_shoe_file",
]

STATIC = Path(__file__).resolve().parent / "static"
#: what the page imports at once at the lobby's address (a table's first load goes without)
LOBBY_MODULES = ("js/lobby.js",)
#: The presets this server can seat a browser at (the page draws three seats).
SERVED = ("table",)
log = logging.getLogger("banluck.web")


def _player_id(request: Request) -> str:
    pid: str = request.scope[SCOPE_KEY]
    return pid


def _admit(request: Request) -> Callable[[], None]:
    """The check made before the request's player is first stored: one client address makes
    only so many new players (``web.clients``)."""
    clients = request.app.state.rooms.clients
    address = clients.address(request.client.host if request.client else None, request.headers)
    return lambda: clients.new_player(address)


def _language(request: Request) -> str:
    return language_from(request.headers.get("accept-language"))


def _error(status: int, code: str, message: str, headers: Any = None) -> JSONResponse:
    return JSONResponse(Refusal(code, message).body(), status_code=status, headers=headers)


#: the page's files a service worker does not keep at install: itself, and what the page
#: loads only when it needs it (the Chinese fonts: kept once a page in Chinese or a name
#: fetched them; the sounds, once sound is on) or elsewhere (the room maker's page)
_NOT_KEPT = (
    "sw.js",
    "fonts/cjk-subset.woff",
    "fonts/cjk-names.woff",
    "fonts/LICENSE-DroidSansFallback.txt",
)


@lru_cache(maxsize=1)
def _service_worker() -> str:
    """``static/sw.js`` with its cache version (a digest of the page's files, so that a new
    version of the page replaces the cached one) and the files it keeps at install."""
    digest = hashlib.sha256()
    kept = []
    for path in sorted(STATIC.rglob("*")):
        if not path.is_file():
            continue
        name = path.relative_to(STATIC).as_posix()
        digest.update(name.encode())
        digest.update(path.read_bytes())
        if name not in _NOT_KEPT and not name.startswith(("room/", "sounds/", "__")):
            kept.append(f"/static/{name}")
    kept.append("/ledger")  # the ledger's page opens without a connection (sw.js)
    text = (STATIC / "sw.js").read_text(encoding="utf-8")
    files = json.dumps(kept)
    return text.replace("__VERSION__", digest.hexdigest()[:16]).replace("__FILES__", files)


def create_app(
    db_path: str | Path,
    shoe_file: str | Path | None = None,
    rng: random.Random | None = None,
    *,
    preset: str = "table",
    shoes: Mapping[str, str | Path] | None = None,
    host_names: Iterable[str] = (),
    port: int | None = None,
    player_limit: int = PLAYER_LIMIT,
    idle_days: int = PLAYER_IDLE_DAYS,
    cookie_key: bytes | None = None,
    client_header: str | None = None,
    public: tuple[PublicUrl, ...] = (),
    saves: Saves | None = None,
    rooms: RoomStore | PgRoomStore | None = None,
) -> FastAPI:
    """Every game of the registry on the SQLite file ``db_path``; ``/api/state`` and the
    other routes of issue 3 are the ``preset`` game's (only ``table``).

    ``shoe_file``: a JSON list of card codes every new browser's first ``table`` shoe deals
    first (top first); ``shoes``: the same per game (``{"classic": path}``); the rest of
    that shoe and every later shuffle are random. ``rng``: the shuffles' random source
    (tests only; ``secrets.SystemRandom()`` when None). ``host_names``: host names served
    besides localhost and IP addresses; ``port``: the only port a Host header may name (any
    when None). ``player_limit``, ``idle_days``: ``Store``. ``cookie_key``: the key that
    signs the players' cookies (the rooms' PostgreSQL's, shared by every machine on it);
    the save file's when None. ``client_header``: the header a trusted proxy writes the
    client's address into (``web.clients``; None: the connection's peer). ``public``: the
    addresses a front door reaches this server at (``web.public``). ``saves``: the players'
    tables somewhere else than ``db_path`` (PostgreSQL: ``store.pg_saves``; closed with the
    app; its key signs the cookies unless ``cookie_key`` is given); ``rooms``: the rooms'
    store somewhere else than beside ``db_path`` (``install_rooms``). With both given,
    nothing is kept at ``db_path``.
    """
    if preset not in SERVED:
        raise ValueError(f"the web table serves {', '.join(SERVED)}, not {game(preset).name!r}")
    files: dict[str, str | Path] = dict(shoes or {})
    if shoe_file is not None:
        files["table"] = shoe_file
    for name in files:
        game(name)  # ValueError naming the known games
    firsts = {name: read_shoe_file(path, decks_of(name)) for name, path in files.items()}
    store: Saves = (
        Store(db_path, player_limit=player_limit, idle_days=idle_days) if saves is None else saves
    )
    features = {"hint": _hint_available(), "stats": True, "chart": True}

    def service_for(name: str, shared: GameService | None) -> GameService:
        g = game(name)
        spec = driver_class(name).settings_spec(name)
        driver = driver_for(name, decks=spec.default_decks)
        codec = codec_for(name, firsts.get(name), rng, store.secret)
        extra = {
            # H2: the solo table takes a house in its settings
            "house": "house" in codec.own_settings,
            "chart": g.chart is not None,
            "side_bets": bool(driver.side_bet_names),
            "bank": "rotate" in spec.banks,
            # the page names no game: the server says which deck counts and buttons it has
            "decks": len(spec.decks) > 1,
            # a game played under a named house: the house its table plays unless told
            **({"own_house": own.to_object()} if (own := own_house(name)) else {}),
            **driver.page_features(),
        }
        return GameService(
            store,
            g,
            codec,
            {**features, **extra},
            lambda: house_edge(name),
            shared,
        )

    table = service_for("table", None)
    services = {"table": table} | {n: service_for(n, table) for n in GAMES if n != "table"}
    service = services[preset]

    #: expensive work (a house's edge) in a child process of its own, apart from the
    #: tables' requests; a room's house solve has a lane of its own (``RoomHub.lane``)
    lane = HeavyLane(processes=True)
    #: each player's drills: one at a time, a burst then a few a second
    drills = OneAtATime("drill", burst=40, per_second=4.0)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()
        lane.close()
        app.state.rooms.lane.close()

    app = FastAPI(
        title="Ban Luck", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.state.service = service
    app.state.services = services
    app.state.heavy = lane
    app.state.drills = drills

    @app.exception_handler(Refusal)
    async def _game_error(request: Request, exc: Refusal) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=status_of(exc.code))

    @app.exception_handler(HttpRefusal)
    async def _refusal(request: Request, exc: HttpRefusal) -> Response:
        return exc.response()

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(422, "bad_request", "bad request parameters")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = "not_found" if exc.status_code == 404 else "bad_request"
        return _error(exc.status_code, code, str(exc.detail), exc.headers)  # 405: Allow

    def _page(request: Request, also: tuple[str, ...] = ()) -> Response:
        page = STATIC / "index.html"
        if not page.is_file():
            return _error(404, "not_found", "the page is not installed")
        return page_response(page, STATIC, _language(request), also)

    def _service(name: str) -> GameService:
        found = services.get(name)
        if found is None:
            raise Refusal("not_found", f"no game {name!r}", {"game": name})
        return found

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        """The page's service worker, at the root so that it serves every page (an
        installable app); its cache is named by the version of the page's files."""
        return Response(
            _service_worker(),
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache"},
        )

    @app.get("/", include_in_schema=False)
    async def index(request: Request) -> Response:
        return _page(request, LOBBY_MODULES)

    @app.get("/play/{name}", include_in_schema=False)
    async def play(name: str, request: Request) -> Response:
        family = _service(name).game.family
        return _page(request, (family_module(family),))

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
        player = _player_id(request)
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

    @app.get("/api/games")
    async def lobby(request: Request) -> dict[str, Any]:
        pid = _player_id(request)

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

    def routes(prefix: str, pick: Callable[[Request], GameService]) -> None:
        """The routes of one game (``prefix`` ``/api`` for the ``table`` aliases)."""

        @app.get(f"{prefix}/state")
        async def state(request: Request) -> dict[str, Any]:
            svc = pick(request)
            return await run_in_threadpool(svc.state, _player_id(request), _language(request))

        @app.post(f"{prefix}/deal")
        async def deal(request: Request) -> dict[str, Any]:
            svc = pick(request)
            body = await read_body(request)
            answer = await run_in_threadpool(
                svc.deal, _player_id(request), _language(request), body, _admit(request)
            )
            metrics.HANDS.labels("solo").inc()
            return answer

        @app.post(f"{prefix}/action")
        async def action(request: Request) -> dict[str, Any]:
            svc = pick(request)
            body = await read_body(request)
            return await run_in_threadpool(
                svc.act, _player_id(request), _language(request), body, _admit(request)
            )

        @app.put(f"{prefix}/settings")
        async def settings(request: Request) -> dict[str, Any]:
            svc = pick(request)
            body = await read_body(request)
            return await run_in_threadpool(
                svc.settings, _player_id(request), _language(request), body, _admit(request)
            )

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
            svc = pick(request)
            body = await read_body(request)
            return await run_in_threadpool(
                svc.seed, _player_id(request), _language(request), body, _admit(request)
            )

        @app.get(f"{prefix}/fair.json")
        async def fair_history(request: Request) -> Response:
            svc = pick(request)
            data = await run_in_threadpool(svc.fair_history, _player_id(request))
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
            return await run_in_threadpool(svc.history, _player_id(request))

        @app.get(f"{prefix}/history/{{hand}}")
        async def history_entry(request: Request, hand: str) -> dict[str, Any]:
            svc = pick(request)
            number = whole_param(hand, "hand")
            return await run_in_threadpool(svc.history_entry, _player_id(request), number)

        @app.get(f"{prefix}/history/{{hand}}/replay.json")
        async def replay_file(request: Request, hand: str) -> Response:
            svc = pick(request)
            number = whole_param(hand, "hand")
            entry = await run_in_threadpool(svc.history_entry, _player_id(request), number)
            name = svc.game.name
            filename = (
                f"banluck-hand-{number}.json" if name == "table" else f"{name}-hand-{number}.json"
            )
            return Response(
                json.dumps(entry["replay"], indent=2) + "\n",
                media_type="application/json",
                headers={"Content-Disposition": f'attachment; filename="{filename}"'},
            )

        if features["hint"]:

            @app.get(f"{prefix}/hint")
            async def hint(request: Request) -> dict[str, Any]:
                svc = pick(request)
                q = request.query_params
                number = whole_param(q.get("hand"), "hand")
                step = whole_param(q.get("step"), "step")
                return await run_in_threadpool(svc.hint, _player_id(request), number, step)

            @app.get(f"{prefix}/drill")
            async def drill(request: Request) -> dict[str, Any]:
                svc = pick(request)
                spot = spot_param(request.query_params)
                player = _player_id(request)
                async with drills.turn(player):  # one at a time, a few a second, per player
                    return await run_in_threadpool(svc.drill, player, spot)

        @app.get(f"{prefix}/stats")
        async def stats(request: Request) -> dict[str, Any]:
            svc = pick(request)
            return await run_in_threadpool(svc.stats, _player_id(request))

        @app.get(f"{prefix}/chart")
        async def chart_route(request: Request) -> dict[str, Any]:
            svc = pick(request)
            q = request.query_params
            number, step = optional_whole(q, "hand"), optional_whole(q, "step")

            def answer() -> dict[str, Any]:
                decks, house = svc.chart_setting(_player_id(request))
                data = chart(svc.game.name, decks, house)
                if data is None:
                    raise Refusal(
                        "not_found",
                        f"{svc.game.title} has no solved chart",
                        {"game": svc.game.name},
                    )
                cell = svc.cell(_player_id(request), number, step)
                current = None if cell is None else {"row": cell[0], "column": cell[1]}
                return {"game": svc.game.name, **data, "current": current}

            return await run_in_threadpool(answer)

    routes("/api", lambda request: service)
    routes("/api/games/{game_name}", lambda request: _service(request.path_params["game_name"]))

    key = store.secret if cookie_key is None else cookie_key
    hosts = HostCheck.serving(host_names, port, public)  # the guard's, the rooms', the ops'
    hub = install_rooms(app, db_path, key, hosts=hosts, client_header=client_header, store=rooms)
    install_operations(app, store, hub, hosts)
    install_ledger(app, STATIC, store, hosts, Identities(key))
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    app.add_middleware(
        Guard,
        identities=Identities(key),
        known=service.known,
        hosts=hosts,
        trust_proxy=client_header is not None,
    )
    app.add_middleware(Metrics)  # outside the guard: its refusals are counted too
    # text compressed for a browser that asks (the page's modules, styles and JSON): outside
    # the guard, so its refusals are compressed too; a socket passes through untouched
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN_SIZE)
    return app


#: answers shorter than this go as they are (compressing them saves nothing worth the time)
GZIP_MIN_SIZE = 1024


def _hint_available() -> bool:
    try:
        from banluck.games.banluck.strategy import hint  # noqa: F401
    except ImportError:
        return False
    return True
