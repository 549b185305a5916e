"""The web table's ASGI app (docs/API.md): FastAPI on uvicorn, the page from ``static/``.

``create_app(db_path, shoe_file=None, rng=None)`` builds it. Each request of a browser
(``banluck_id`` cookie) runs under that browser's lock and in one SQLite transaction: it reads
the saved table, applies the request with the rules engine, and writes the result back, all
or nothing.
"""

from __future__ import annotations

import json
import logging
import random
import re
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from banluck.core import BanLuckError, Shoe
from banluck.core.cards import Card, parse_card
from banluck.core.rules import TABLE
from banluck.store import Store, Transaction
from banluck.web import game
from banluck.web.game import ApiError, CorruptSave, PlayerRecord

STATIC = Path(__file__).resolve().parent / "static"
COOKIE = "banluck_id"
COOKIE_MAX_AGE = 365 * 24 * 3600
_COOKIE_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_MAX_BODY = 4096
_SCOPE_KEY = "banluck.player"
log = logging.getLogger("banluck.web")


class ShoeFileError(ValueError):
    """A ``--shoe`` file that is not a JSON list of card codes fitting the shoe."""


def read_shoe_file(path: str | Path, decks: int = TABLE.decks) -> list[Card]:
    """The cards of a ``--shoe`` file (top first), checked against ``decks`` decks."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ShoeFileError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ShoeFileError(f"{path} is not JSON: {exc}") from None
    if not isinstance(data, list):
        raise ShoeFileError(f'{path}: a shoe file is a JSON list of card codes such as "TS"')
    try:
        cards = [parse_card(c) for c in data]
        Shoe.stacked(cards, decks=decks)
    except BanLuckError as exc:
        raise ShoeFileError(f"{path}: {exc}") from None
    return cards


def language_from(accept: str | None) -> str:
    """The first of en, de, zh the browser's Accept-Language asks for (English otherwise).

    >>> language_from("de-CH,de;q=0.9,en;q=0.8"), language_from("zh-CN"), language_from(None)
    ('de', 'zh', 'en')
    """
    if not accept:
        return "en"
    choices: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in game.LANGUAGES and q > 0:
            choices.append((-q, i, lang))
    return min(choices)[2] if choices else "en"


class TableService:
    """The requests of docs/API.md on the store, one transaction each."""

    def __init__(
        self, store: Store, first_cards: list[Card] | None, rng: random.Random | None
    ) -> None:
        self.store = store
        self.first_cards = first_cards
        self.rng = rng
        # What this server offers, in every State, so the page need not probe (docs/API.md).
        self.features = {"hint": _hint_available()}

    def _new_shoe(self) -> Shoe:
        if self.first_cards:
            return Shoe.stacked_then_shuffled(self.first_cards, decks=TABLE.decks, rng=self.rng)
        return Shoe(TABLE.decks, self.rng)

    def _load(self, tx: Transaction, player: str, language: str) -> tuple[PlayerRecord, bool]:
        """The player's record (created when new); True when it must be written back."""
        raw = tx.load_player(player)
        if raw is None:
            return PlayerRecord.fresh(self._new_shoe(), language), True
        try:
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise CorruptSave(f"not JSON: {exc}") from None
            return PlayerRecord.from_json(data), False
        except CorruptSave as exc:
            log.warning("save of player %s unreadable (%s): kept aside, fresh start", player, exc)
            tx.quarantine(player, raw, str(exc))
            rec = PlayerRecord.fresh(self._new_shoe(), language)
            rec.notices = [{"code": "save_reset", "params": {"stack": TABLE.fresh_stack}}]
            rec.next_hand = tx.last_hand(player) + 1  # the kept history keeps its numbers
            return rec, True

    def _save(self, tx: Transaction, player: str, change: game.Change) -> None:
        tx.save_player(player, json.dumps(change.record.to_json(), separators=(",", ":")))
        if change.finished is not None:
            number = change.finished["item"]["hand"]
            tx.add_history(player, number, json.dumps(change.finished, separators=(",", ":")))

    def run(
        self,
        player: str,
        language: str,
        apply: Callable[[PlayerRecord], game.Change] | None,
    ) -> dict[str, Any]:
        """Load, apply (None: only read), save, answer the new State; all or nothing."""
        with self.store.player_lock(player), self.store.transaction() as tx:
            rec, dirty = self._load(tx, player, language)
            if apply is not None:
                change = apply(rec)
                rec = change.record
                self._save(tx, player, change)
            elif dirty:
                self._save(tx, player, game.Change(rec))
            return {**game.state_json(rec, self.rng), "features": dict(self.features)}

    def state(self, player: str, language: str) -> dict[str, Any]:
        return self.run(player, language, None)

    def deal(self, player: str, language: str, body: dict[str, Any]) -> dict[str, Any]:
        return self.run(player, language, lambda rec: game.deal(rec, body, self.rng))

    def act(self, player: str, language: str, body: dict[str, Any]) -> dict[str, Any]:
        return self.run(player, language, lambda rec: game.act(rec, body, self.rng))

    def settings(self, player: str, language: str, body: dict[str, Any]) -> dict[str, Any]:
        return self.run(player, language, lambda rec: game.change_settings(rec, body))

    def history(self, player: str) -> dict[str, Any]:
        with self.store.transaction() as tx:
            rows = tx.history(player)
        hands = []
        for number, raw in rows:
            try:
                hands.append(json.loads(raw)["item"])
            except (json.JSONDecodeError, KeyError, TypeError):
                log.warning("history hand %s of player %s is unreadable: left out", number, player)
        return {"hands": hands}

    def history_entry(self, player: str, hand: int) -> dict[str, Any]:
        with self.store.transaction() as tx:
            raw = tx.history_item(player, hand)
        if raw is None:
            raise ApiError(404, "not_found", f"hand {hand} is not in your history", {"hand": hand})
        try:
            data = json.loads(raw)
            return {"hand": hand, "replay": data["replay"], "result": data["result"]}
        except (json.JSONDecodeError, KeyError, TypeError):
            log.warning("history hand %s of player %s is unreadable", hand, player)
            raise ApiError(
                404, "not_found", f"hand {hand} of your history cannot be read", {"hand": hand}
            ) from None

    def hint(self, player: str, hand: int, step: int) -> dict[str, Any]:
        from banluck.strategy.hint import hint_for

        with self.store.player_lock(player), self.store.transaction() as tx:
            raw = tx.load_player(player)
            if raw is None:
                raise ApiError(409, "no_hand", "no hand has been dealt yet", {})
            try:
                rec = PlayerRecord.from_json(json.loads(raw))
            except (CorruptSave, json.JSONDecodeError):
                raise ApiError(409, "no_hand", "no hand to give a hint for", {}) from None
        r = game.hint_point(rec, hand, step, self.rng)
        point = r.decision_point()
        try:
            h = hint_for(r.rules, point.cards, point.dealer_up, point.legal)
        except (ImportError, OSError, LookupError, ValueError) as exc:
            log.warning("no hint for %s: %s", point.total, exc)
            raise ApiError(503, "hint_unavailable", "no hint is available for this hand") from None
        return {"best": h.best.value, "ev": {a.value: float(v) for a, v in h.ev.items()}}


def _player_id(request: Request) -> str:
    pid: str = request.scope[_SCOPE_KEY]
    return pid


def _language(request: Request) -> str:
    return language_from(request.headers.get("accept-language"))


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > _MAX_BODY:
        raise ApiError(413, "bad_request", "the request body is too large", {})
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ApiError(422, "bad_request", "the body must be a JSON object", {}) from None
    if not isinstance(data, dict):
        raise ApiError(422, "bad_request", "the body must be a JSON object", {})
    return data


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(ApiError(status, code, message).body(), status_code=status)


def create_app(
    db_path: str | Path,
    shoe_file: str | Path | None = None,
    rng: random.Random | None = None,
) -> FastAPI:
    """The web table on the SQLite file ``db_path``.

    ``shoe_file``: a JSON list of card codes every new browser's first shoe deals first (top
    first); the rest of that shoe and every later shuffle are random. ``rng``: the shuffles'
    random source (tests only; ``secrets.SystemRandom()`` when None).
    """
    first = read_shoe_file(shoe_file) if shoe_file is not None else None
    store = Store(db_path)
    service = TableService(store, first, rng)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(
        title="Ban Luck", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.state.service = service

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(422, "bad_request", "bad request parameters")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = "not_found" if exc.status_code == 404 else "bad_request"
        return _error(exc.status_code, code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return _error(500, "server_error", "the server failed; nothing was changed")

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        page = STATIC / "index.html"
        if not page.is_file():
            return _error(404, "not_found", "the page is not installed")
        return FileResponse(page, headers={"Cache-Control": "no-cache"})

    @app.get("/api/state")
    async def state(request: Request) -> dict[str, Any]:
        return await run_in_threadpool(service.state, _player_id(request), _language(request))

    @app.post("/api/deal")
    async def deal(request: Request) -> dict[str, Any]:
        body = await _body(request)
        return await run_in_threadpool(service.deal, _player_id(request), _language(request), body)

    @app.post("/api/action")
    async def action(request: Request) -> dict[str, Any]:
        body = await _body(request)
        return await run_in_threadpool(service.act, _player_id(request), _language(request), body)

    @app.put("/api/settings")
    async def settings(request: Request) -> dict[str, Any]:
        body = await _body(request)
        return await run_in_threadpool(
            service.settings, _player_id(request), _language(request), body
        )

    @app.get("/api/history")
    async def history(request: Request) -> dict[str, Any]:
        return await run_in_threadpool(service.history, _player_id(request))

    @app.get("/api/history/{hand}")
    async def history_entry(request: Request, hand: str) -> dict[str, Any]:
        return await run_in_threadpool(service.history_entry, _player_id(request), _hand(hand))

    @app.get("/api/history/{hand}/replay.json")
    async def replay_file(request: Request, hand: str) -> Response:
        number = _hand(hand)
        entry = await run_in_threadpool(service.history_entry, _player_id(request), number)
        return Response(
            json.dumps(entry["replay"], indent=2) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="banluck-hand-{number}.json"'},
        )

    if service.features["hint"]:

        @app.get("/api/hint")
        async def hint(request: Request) -> dict[str, Any]:
            q = request.query_params
            number = _int_param(q.get("hand"), "hand")
            step = _int_param(q.get("step"), "step")
            return await run_in_threadpool(service.hint, _player_id(request), number, step)

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    app.add_middleware(IdentityMiddleware)
    return app


class IdentityMiddleware:
    """The ``banluck_id`` cookie (docs/API.md, Identity) and a few safe headers.

    A plain ASGI middleware: a request without a well-formed id gets a new random one
    (``secrets.token_urlsafe``), set as an HttpOnly, SameSite=Lax cookie for a year.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookie = ""
        for name, value in scope["headers"]:
            if name == b"cookie":
                cookie = cookie_parser(value.decode("latin-1")).get(COOKIE, cookie)
        fresh = not _COOKIE_RE.match(cookie)
        player = secrets.token_urlsafe(18) if fresh else cookie
        scope[_SCOPE_KEY] = player
        api = str(scope["path"]).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if fresh:
                    headers.append(
                        "set-cookie",
                        f"{COOKIE}={player}; HttpOnly; Max-Age={COOKIE_MAX_AGE}; Path=/;"
                        " SameSite=Lax",
                    )
                headers["X-Content-Type-Options"] = "nosniff"
                if api:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _hint_available() -> bool:
    try:
        from banluck.strategy import hint  # noqa: F401
    except ImportError:
        return False
    return True


def _hand(text: str) -> int:
    return _int_param(text, "hand")


def _int_param(text: str | None, name: str) -> int:
    if text is None or not re.fullmatch(r"[0-9]{1,9}", text):
        raise ApiError(422, "bad_request", f"{name!r} must be a whole number", {"field": name})
    return int(text)
