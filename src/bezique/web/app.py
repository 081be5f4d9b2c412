"""The web app of ``bezique serve``, on Starlette (the ``web`` extra), and
:func:`serve`, which runs it with uvicorn.

The routes (every ``TOKEN`` a seat's private token, which opens that seat alone):

========================================  ===============================================
``GET /``                                 the page that opens a table
``POST /tables``                          open a table (the page's form); the seats' links
``POST /api/tables``                      the same, in JSON
``GET /api/presets``                      each preset, the seats it allows, its players
``GET /seat/TOKEN``                       the seat's page
``POST /seat/TOKEN/act``                  a move (the page's form), then the page again
``GET /api/seat/TOKEN``                   what the seat is told, in JSON
``POST /api/seat/TOKEN/act``              a move in JSON (``{"action": "play QS"}``)
``GET /seat/TOKEN/board.svg``             the seat's board
``GET /seat/TOKEN/record``                the game record, once the game is over
``WS /ws/TOKEN``                          the seat's updates, pushed as they happen
``GET /static/...``                       the page's script and style sheet
========================================  ===============================================

Bad input gets a 4xx answer in JSON, ``{"error": code, "message": text}`` (a page
asked for by a browser gets the same as HTML); a body over :data:`MAX_BODY` bytes is
refused with 413. Every answer carries a content security policy that allows no
inline script, and no referrer is sent (a seat's link is its key).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from bezique.errors import require_extra
from bezique.web import pages
from bezique.web.store import PERSON, Store
from bezique.web.tables import Lobby, Outcome, Table, TableError

# Starlette is imported where it is used, so that this module loads without the web
# extra (the documentation and the default test run import every module); building
# the app without it raises ImportError naming the extra.
if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.websockets import WebSocket

__all__ = ["CSP", "MAX_BODY", "create_app", "serve"]

#: The largest request body accepted, in bytes.
MAX_BODY = 16 * 1024
#: The largest WebSocket message a client may send (it sends none but pings).
MAX_MESSAGE = 1024
#: The content security policy of every answer. Scripts, styles and connections come
#: from the server itself only; no inline script, no plug-in, no framing.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class _Guard:
    """ASGI middleware: the security headers on every answer, and a body declared
    longer than :data:`MAX_BODY` refused before it is read (413)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        guarded = _with_headers(send)
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        if not length.isdigit():
            response = _error(400, "bad-request", "Content-Length: not a number of bytes")
            await response(scope, receive, guarded)
            return
        if int(length) > self.limit:
            response = _error(413, "too-large", f"a request body is at most {self.limit} bytes")
            await response(scope, receive, guarded)
            return
        await self.app(scope, receive, guarded)


def _with_headers(send: Send) -> Send:
    """``send``, adding the security headers to the start of every answer."""

    async def guarded(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *_HEADERS]
        await send(message)

    return guarded


def _error(status: int, code: str, message: str) -> JSONResponse:
    from starlette.responses import JSONResponse

    return JSONResponse({"error": code, "message": message}, status_code=status)


def _wants_html(request: Request) -> bool:
    return "text/html" in request.headers.get("accept", "")


async def _body(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) past ``limit`` bytes however it is sent."""
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError(413, "too-large", f"a request body is at most {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def _json(request: Request, limit: int) -> dict[str, Any]:
    body = await _body(request, limit)
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise TableError(400, "bad-json", "the body is not a JSON document") from None
    if not isinstance(data, dict):
        raise TableError(400, "bad-json", "the body is a JSON object")
    return data


async def _form(request: Request, limit: int) -> dict[str, str]:
    """An URL-encoded form's fields (each field's first value)."""
    body = await _body(request, limit)
    try:
        text = body.decode("utf-8")
        fields = parse_qs(text, keep_blank_values=True, strict_parsing=False, max_num_fields=64)
    except (ValueError, UnicodeDecodeError):
        raise TableError(400, "bad-form", "the form could not be read") from None
    return {key: values[0] for key, values in fields.items()}


def _seed(value: object) -> int | str | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TableError(400, "bad-seed", "seed: an integer or a text")
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 64:
            raise TableError(400, "bad-seed", "seed: at most 64 characters")
        return int(text) if text.isascii() and text.isdigit() and len(text) < 20 else text
    if not 0 <= value < 2**63:
        raise TableError(400, "bad-seed", "seed: an integer from 0 to 2**63 - 1")
    return value


def _seats_of_json(data: dict[str, Any]) -> list[tuple[str, str]]:
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) > pages.MAX_SEATS:
        raise TableError(400, "bad-seats", f"seats: a list of at most {pages.MAX_SEATS} seats")
    found = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise TableError(400, "bad-seats", f"seats[{i}]: an object")
        player = seat.get("player", PERSON)
        name = seat.get("name", f"Seat {i}") if player == PERSON else player
        if not isinstance(player, str) or not isinstance(name, str):
            raise TableError(400, "bad-seats", f"seats[{i}]: player and name are texts")
        found.append((PERSON, name) if player == PERSON else ("player", player))
    return found


def _seats_of_form(form: dict[str, str]) -> list[tuple[str, str]]:
    count = form.get("seats", "")
    if not count.isascii() or not count.isdigit() or not 1 <= int(count) <= pages.MAX_SEATS:
        raise TableError(400, "bad-seats", f"seats: a number from 1 to {pages.MAX_SEATS}")
    seats = []
    for i in range(int(count)):
        player = form.get(f"seat{i}", PERSON)
        seats.append((PERSON, form.get(f"name{i}", "")) if player == PERSON else ("player", player))
    return seats


class App:
    """The tables of one store served: the routes, the seats' WebSockets and the
    built-in players' moves."""

    def __init__(self, store: Store, limit: int = MAX_BODY) -> None:
        self.lobby = Lobby(store)
        self.limit = limit
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, set[tuple[int, WebSocket]]] = {}
        self.running: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        # Each seat's fragment and data at the position last rendered, by its number of
        # moves: a person's move renders them once for its WebSocket and its answer.
        self.rendered: dict[tuple[str, int], tuple[int, str, dict[str, Any]]] = {}

    def lock(self, table: Table) -> asyncio.Lock:
        return self.locks.setdefault(table.id, asyncio.Lock())

    # -- the built-in players and the updates

    async def broadcast(self, table: Table) -> None:
        """Send each seat connected to ``table`` its own update."""
        for seat, socket in list(self.sockets.get(table.id, ())):
            with contextlib.suppress(Exception):
                await socket.send_text(self.update(table, seat, socket.path_params["token"]))

    def render(self, table: Table, seat: int, token: str) -> tuple[str, dict[str, Any]]:
        """The seat's page fragment and what it is told, at the position as it stands;
        made once a position (the actions only grow: their number names it)."""
        moves = len(table.actions)
        found = self.rendered.get((table.id, seat))
        if found is not None and found[0] == moves:
            return found[1], found[2]
        data = table.seat_data(seat)
        html = pages.seat_fragment(table, seat, token, data=data)
        self.rendered[table.id, seat] = (moves, html, data)
        return html, data

    def update(self, table: Table, seat: int, token: str) -> str:
        html, data = self.render(table, seat, token)
        return json.dumps({"type": "update", "html": html, "state": data})

    async def run_bots(self, table: Table) -> None:
        """Play the built-in players' moves while one of them is to act, each chosen
        (in a worker thread) from its seat's view alone, each sent to every seat."""
        from starlette.concurrency import run_in_threadpool

        if table.id in self.running:
            return
        self.running.add(table.id)
        try:
            while table.bot_to_act() is not None:
                choice = await run_in_threadpool(table.bot_choice)
                async with self.lock(table):
                    move = table.bot_move(choice)
                    if move is not None:
                        await self.keep(table, *move)
                if move is None:
                    break
                await self.broadcast(table)
        finally:
            self.running.discard(table.id)

    async def keep(self, table: Table, seat: int, action: Any) -> None:
        """Store the table's next action, then apply it; under the table's lock. The
        write waits for the disk (its commit is durable): it runs in a worker thread,
        so that the event loop serves every other table meanwhile. The table changes
        on the loop, after, all at once: a page drawn meanwhile shows it before."""
        from starlette.concurrency import run_in_threadpool

        await run_in_threadpool(table.keep, seat, action)
        table.apply(seat, action)

    def kick(self, table: Table) -> None:
        """Start the built-in players of ``table`` if one is to act (after a restart)."""
        if table.bot_to_act() is not None and table.id not in self.running:
            task = asyncio.get_running_loop().create_task(self.run_bots(table))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    # -- routes

    async def home(self, request: Request) -> Response:
        from starlette.responses import HTMLResponse

        return HTMLResponse(pages.open_page())

    async def presets(self, request: Request) -> Response:
        from starlette.responses import JSONResponse

        return JSONResponse(
            [
                {"name": name, "seats": list(counts), "players": list(players)}
                for name, counts, players in pages._presets()
            ]
        )

    def _open(self, data: dict[str, Any], seats: list[tuple[str, str]]) -> Table:
        preset = data.get("preset")
        if not isinstance(preset, str):
            raise TableError(400, "bad-preset", "preset: the name of a preset")
        return self.lobby.open(preset, seats, seed=_seed(data.get("seed")))

    async def open_form(self, request: Request) -> Response:
        from starlette.background import BackgroundTask
        from starlette.responses import HTMLResponse

        form = await _form(request, self.limit)
        table = self._open(dict(form), _seats_of_form(form))
        base = str(request.base_url).rstrip("/")
        return HTMLResponse(
            pages.links_page(table, base),
            status_code=201,
            background=BackgroundTask(self.run_bots, table),
        )

    async def open_json(self, request: Request) -> Response:
        from starlette.background import BackgroundTask
        from starlette.responses import JSONResponse

        data = await _json(request, self.limit)
        table = self._open(data, _seats_of_json(data))
        base = str(request.base_url).rstrip("/")
        seats = [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                **({"token": s.token, "link": f"{base}/seat/{s.token}"} if s.token else {}),
            }
            for s in table.row.seats
        ]
        return JSONResponse(
            {"table": table.id, "rules": table.rules.name, "seats": seats},
            status_code=201,
            background=BackgroundTask(self.run_bots, table),
        )

    def _seat(self, request: Request) -> tuple[Table, int, str]:
        token = request.path_params["token"]
        table, seat = self.lobby.seat(token)
        return table, seat, token

    async def seat_page(self, request: Request) -> Response:
        from starlette.responses import HTMLResponse

        table, seat, token = self._seat(request)
        self.kick(table)
        return HTMLResponse(pages.seat_page(table, seat, token))

    async def seat_json(self, request: Request) -> Response:
        from starlette.responses import JSONResponse

        table, seat, _token = self._seat(request)
        self.kick(table)
        return JSONResponse(table.seat_data(seat))

    async def board(self, request: Request) -> Response:
        from starlette.responses import Response

        table, seat, _token = self._seat(request)
        kind, picture = table.picture(seat)
        media = "image/svg+xml" if kind == "svg" else "text/plain; charset=utf-8"
        return Response(picture, media_type=media)

    async def record(self, request: Request) -> Response:
        from starlette.responses import Response

        table, _seat, _token = self._seat(request)
        text = table.record()
        # The file's name from the preset's: letters, digits, dots and dashes alone.
        preset = "".join(
            ch if ch.isascii() and (ch.isalnum() or ch in ".-") else "-" for ch in table.rules.name
        )
        name = f"bezique-{preset}-{table.row.created}.json"
        return Response(
            text,
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def _act(self, table: Table, seat: int, text: object) -> Outcome:
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise TableError(400, "bad-action", "action: the text of a move, e.g. play QS")
        async with self.lock(table):
            outcome, action = table.read(seat, text)
            if outcome.accepted:
                await self.keep(table, seat, action)
        if outcome.accepted:
            await self.broadcast(table)
        return outcome

    async def act_form(self, request: Request) -> Response:
        from starlette.background import BackgroundTask
        from starlette.responses import HTMLResponse, RedirectResponse

        table, seat, token = self._seat(request)
        form = await _form(request, self.limit)
        outcome = await self._act(table, seat, form.get("action"))
        if outcome.accepted:
            return RedirectResponse(
                f"/seat/{token}", status_code=303, background=BackgroundTask(self.run_bots, table)
            )
        return HTMLResponse(pages.seat_page(table, seat, token, outcome), status_code=422)

    async def act_json(self, request: Request) -> Response:
        from starlette.background import BackgroundTask
        from starlette.responses import JSONResponse

        table, seat, token = self._seat(request)
        data = await _json(request, self.limit)
        outcome = await self._act(table, seat, data.get("action"))
        html, state = self.render(table, seat, token)
        if not outcome.accepted:
            html = pages.seat_fragment(table, seat, token, outcome, state)
        body = {
            **({} if outcome.accepted else {"error": "illegal-action"}),
            "outcome": outcome.to_dict(),
            "html": html,
            "state": state,
        }
        if outcome.accepted:
            return JSONResponse(body, background=BackgroundTask(self.run_bots, table))
        return JSONResponse(body, status_code=422)

    async def socket(self, websocket: WebSocket) -> None:
        from starlette.websockets import WebSocketDisconnect

        token = websocket.path_params["token"]
        try:
            table, seat = self.lobby.seat(token)
        except TableError:
            await websocket.close(code=4404)
            return
        await websocket.accept()
        entry = (seat, websocket)
        self.sockets.setdefault(table.id, set()).add(entry)
        try:
            await websocket.send_text(self.update(table, seat, token))
            self.kick(table)
            while True:
                # Nothing is read from a client but pings: moves are posted.
                message = await websocket.receive_text()
                if len(message) > MAX_MESSAGE:
                    await websocket.close(code=1009)
                    break
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets.get(table.id, set()).discard(entry)

    # -- errors

    async def table_error(self, request: Request, error: Exception) -> Response:
        from starlette.responses import HTMLResponse

        if not isinstance(error, TableError):  # pragma: no cover - registered for it alone
            raise error
        if _wants_html(request):
            return HTMLResponse(
                pages.error_page(error.status, str(error), [("/", "Open a table")]),
                status_code=error.status,
            )
        return _error(error.status, error.code, str(error))

    async def http_error(self, request: Request, error: Exception) -> Response:
        from starlette.exceptions import HTTPException

        if not isinstance(error, HTTPException):  # pragma: no cover - registered for it alone
            raise error
        code = {404: "not-found", 405: "method-not-allowed"}.get(error.status_code, "bad-request")
        return _error(error.status_code, code, str(error.detail))


def create_app(store: Store | None = None, *, limit: int = MAX_BODY) -> ASGIApp:
    """The ASGI app serving the tables of ``store`` (a new in-memory store if none);
    request bodies of at most ``limit`` bytes."""
    require_extra("starlette", "web")
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles

    served = App(store if store is not None else Store(), limit)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        # A server started again: every table replayed, its built-in players back at it.
        for table in served.lobby.resume():
            served.kick(table)
        yield

    static = StaticFiles(directory=str(Path(__file__).parent / "static"))
    routes = [
        Route("/", served.home),
        Route("/tables", served.open_form, methods=["POST"]),
        Route("/api/tables", served.open_json, methods=["POST"]),
        Route("/api/presets", served.presets),
        Route("/seat/{token}", served.seat_page),
        Route("/seat/{token}/act", served.act_form, methods=["POST"]),
        Route("/seat/{token}/board.svg", served.board),
        Route("/seat/{token}/record", served.record),
        Route("/api/seat/{token}", served.seat_json),
        Route("/api/seat/{token}/act", served.act_json, methods=["POST"]),
        WebSocketRoute("/ws/{token}", served.socket),
        Mount("/static", app=static, name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={TableError: served.table_error, HTTPException: served.http_error},
    )
    app.state.served = served
    return _Guard(app, limit)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> None:
    """Run the app with uvicorn on ``host``:``port``, its tables kept in the SQLite
    file ``db`` (in memory if ``None``: gone when the server stops)."""
    uvicorn = require_extra("uvicorn", "web")
    app = create_app(Store(db) if db else Store())
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE * 16, log_level="info")
