"""The web table over HTTP (docs/API.md): the app, its pages, statuses and headers.

``create_app(db_path, shoe_file=None, rng=None, preset="table", ...)`` builds it: a
``GameService`` per game (``web.solo``), whose routes are ``web.solo.http``'s, the house
rules' (``web.houses``), the rooms' (``web.rooms``), the ledger's and the operations'. This
module maps every ``Refusal`` code to its status in one place (``STATUS``) and puts
``guard.Guard`` (Host, Origin, content type, cookie, headers, the 500) in front.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import random
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from banluck.core.refusal import Refusal
from banluck.games import game
from banluck.games.drivers import driver_for, own_house
from banluck.games.registry import GAMES, driver_class
from banluck.store import PLAYER_IDLE_DAYS, PLAYER_LIMIT, Saves, Store
from banluck.store.pg_rooms import PgRoomStore
from banluck.store.rooms import RoomStore
from banluck.web.asker import language
from banluck.web.catalog import (
    house_edge,
)
from banluck.web.errors import STATUS, status_of
from banluck.web.guard import CSP, Guard, HostCheck, HttpRefusal
from banluck.web.heavy import HeavyLane, OneAtATime
from banluck.web.houses import house_routes
from banluck.web.identity import COOKIE, COOKIE_MAX_AGE, Identities
from banluck.web.ledger.http import install_ledger
from banluck.web.metrics import Metrics
from banluck.web.operations import install_operations
from banluck.web.preload import family_module, page_response
from banluck.web.public import PublicUrl
from banluck.web.rooms.http import install_rooms
from banluck.web.saves.codecs import codec_for, decks_of
from banluck.web.saves.records import language_from
from banluck.web.shoefile import ShoeFileError, read_shoe_file
from banluck.web.solo.http import lobby_route, solo_routes
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
    other routes without a game's name are the ``preset`` game's (only ``table``).

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
        return page_response(page, STATIC, language(request), also)

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

    house_routes(app, lane)
    lobby_route(app, services)
    hints = features["hint"]
    solo_routes(app, "/api", lambda request: service, hints=hints, drills=drills)
    solo_routes(
        app,
        "/api/games/{game_name}",
        lambda request: _service(request.path_params["game_name"]),
        hints=hints,
        drills=drills,
    )

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
    """Whether the games' solvers can run here: NumPy, their one dependency beyond the
    standard library (the Hint button is offered only then)."""
    return importlib.util.find_spec("numpy") is not None
