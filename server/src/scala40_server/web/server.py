"""The web table over HTTP, with the standard library's ``http.server``: the page and its
static files, the card pictures, the pictures of views, and the JSON interface of
:class:`~scala40_server.web.tables.Tables`; over HTTPS too, with a TLS context of Python's
``ssl`` (:func:`make_server`'s ``ssl_context``: :mod:`scala40_server.web.tls`).

The server is same-origin by default: a request whose ``Origin`` header names another
origin than the server's own is refused (403), unless whoever starts the server allows
it (:attr:`~scala40_server.web.limits.ServerLimits.allowed_origins`); only then do answers carry
CORS headers for it, and ``OPTIONS`` answers its browser's preflight (seats are proven by
their tokens, never by cookies). An error is JSON, ``{"error": kind, "message": text}``,
with status 400 (a bad request, an illegal move, a ``Content-Length`` given twice or a
``Transfer-Encoding``, which the server does not read), 403 (a wrong token, another
origin), 404 (no such table or resource, an expired table included), 408 (a body that
did not all come within the server's read time), 409 (a stale move: the move number is
checked before anything else, so a retry that arrives after the turn has passed is
stale; a timeout asked before the clock has run out), 413 (a body over :data:`MAX_BODY`
bytes), 429 (a client past the tables, or the CPU its requests cost, or a client or a
table past the bots' time, a minute the server allows), 503 (a connection making room
for a new one; no turn to run within the request bound; a table busy with other requests
for longer than a request may wait; the tables kept at their cap) or, for a fault of the
server itself, 500: no request is left without an answer. A refusal that may pass says when to try again
(``Retry-After``, and ``retry_after`` in its JSON) and, where a limit of the server's was
reached, which (``limit``: the :class:`~scala40_server.web.limits.ServerLimits` field). Bodies
are read as untrusted JSON (``NaN`` and ``Infinity`` refused, numbers bounded by
Python's reader).

A request's head and body must all come within the server's read time
(:attr:`~scala40_server.web.limits.ServerLimits.read_seconds`) from its connection's accept,
however the client trickles them. One thread reads every connection, and a request gets
a thread of its own only once it is whole (:mod:`scala40_server.web.intake`); when the server
holds as many connections as it may, the arriving ones that sent least make room
(:mod:`scala40_server.web.connections`). Requests are worked on in turns, a few at once
(:mod:`scala40_server.web.turns`), the request of the client holding the fewest connections
first, then of the client whose requests cost least; each is metered by the CPU it
spends in its turn, paid from its client's budget a minute (:mod:`scala40_server.web.budgets`).

The endpoints::

    GET  /                         the page (static/index.html); /static/NAME its files
    GET  /cards/PACK/NAME.svg      a card's picture (PACK: french or spanish; NAME: 7S,
                                   JK, back)
    GET  /games                    the games, their presets, players and bots
    POST /tables                   {"game": "chinchon", "rules": "classic", "players": 2,
                                    "seed": 7, "bots": [null, "greedy"],
                                    "bot_time_limit": 0.2}
                                   -> {"table": 1, "tokens": {"0": T}, "seats": [...]}
    GET  /tables/1?seat=0&token=T&since=0
                                   -> {"view": {...}, "events": [...], "seats": [...],
                                       "waiting": false, "can_undo": false, ...}
    POST /tables/1/moves           {"seat": 0, "token": T, "move": "draw",
                                    "move_number": 12, "since": 12}
    POST /tables/1/advance         {"seat": 0, "token": T}   (the bots play on)
    POST /tables/1/undo            {"seat": 0, "token": T, "move_number": 15}
    POST /tables/1/shuffle         {"seat": 0, "token": T, "value": HEX}   (a person's
                                   value for the deal, before it: scala40_server.serving.fair_deal)
    POST /tables/1/resign          {"seat": 0, "token": T}
    POST /tables/1/timeout         {"seat": 0, "token": T}   (the default move for the
                                                              person to decide)
    GET  /tables/1/picture?seat=0&token=T&size=600[&layout_width=300][&what=last_hand]
                                   the seat's view as SVG (the last move marked), laid
                                   out in layout_width units (a phone's: narrow)
    POST /picture                  a view's JSON (or {"view": ..., "size": ...,
                                   "perspective": ..., "last_move": ...,
                                   "layout_width": ...}) -> SVG

>>> import json, tempfile, pathlib, urllib.request
>>> from scala40_server.web.server import make_server
>>> from scala40_server.web.tables import TableStore
>>> folder = tempfile.TemporaryDirectory()
>>> server = make_server(TableStore(str(pathlib.Path(folder.name, "tables.sqlite"))))
>>> base = f"http://127.0.0.1:{server.server_address[1]}"
>>> with urllib.request.urlopen(base + "/games") as answer:
...     names = [game["name"] for game in json.loads(answer.read())["games"]]
>>> from scala40.game import game_names
>>> names[:2], names == list(game_names())
(['scala40', 'skarney'], True)
>>> server.shutdown()
>>> server.server_close()
>>> folder.cleanup()
"""

from __future__ import annotations

import io
import json
import math
import queue
import socket
import ssl
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import urlparse

# The module, not its names: the command line's package, which scala40_server.web.tables imports
# for its bot seats, imports this module through ``scala40 web``.
import scala40_server.web.tables as web_tables
from scala40.checks import describe, refuse_json_constant
from scala40.deadline import Deadline
from scala40.drawing import PACKS, card_set, view_svg
from scala40.errors import (
    InvalidArgumentError,
    Scala40Error,
    StaleMoveError,
)
from scala40_server.web.budgets import BUSY_RETRY_SECONDS
from scala40_server.web.connections import Connections
from scala40_server.web.faults import FaultLog
from scala40_server.web.intake import Arrived, Intake
from scala40_server.web.limits import ServerLimits
from scala40_server.web.lobby import games_listing
from scala40_server.web.quotas import client_of
from scala40_server.web.requests import read_query, refuse
from scala40_server.web.tls import check_server_context
from scala40_server.web.turns import Turns, reclaimable, reclaimed, waiting_as

__all__ = ["MAX_BODY", "STATIC_FILES", "TableHandler", "make_server"]

MAX_BODY = 256_000
"""The longest request body read, in bytes (a view's JSON is a few kilobytes)."""

STATIC_FILES = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
"""The page's files (``scala40_server/web/static``) and their types: the only files served."""

_SVG = "image/svg+xml"
_JSON = "application/json"


def _static(name: str) -> bytes:
    return resources.files("scala40_server.web").joinpath("static").joinpath(name).read_bytes()


_CARDS: dict[str, dict[str, bytes]] = {}
_CARDS_LOCK = threading.Lock()


def _card(pack: str, name: str) -> bytes:
    """A card's picture (made once per pack, on the first request for it)."""
    with _CARDS_LOCK:
        if pack not in _CARDS:
            _CARDS[pack] = {file: svg.encode() for file, svg in card_set(pack).items()}
        found = _CARDS[pack].get(name)
    if found is None:
        raise web_tables.RequestError(404, "NotFound", f"no card picture {name[:20]!r}")
    return found


def _picture_of_json(body: object, query: Mapping[str, str]) -> str:
    """``POST /picture``: a view's JSON, or an object holding it as ``view`` with the
    options ``size``, ``perspective``, ``last_move`` and ``layout_width``.

    The picture's work is bounded by what it draws (at most
    :data:`~scala40.drawing.MAX_DRAWN_CARDS` cards): the view's legal moves, which it
    does not draw, are not read (each would be judged by its game, a list as long as the
    body allows costing the server tens of milliseconds for nothing drawn)."""
    if not isinstance(body, dict):
        raise InvalidArgumentError("the body must be a view's JSON")
    options: dict[str, Any] = {}
    view: Any = body
    if body.get("format") != "scala40.view":
        view = body.get("view")
        if not isinstance(view, dict):
            raise InvalidArgumentError("give a view's JSON, or one as 'view'")
        options = {
            key: body[key]
            for key in ("size", "perspective", "last_move", "layout_width")
            if key in body
        }
    size = query.get("size", "")
    if size.isascii() and size.isdigit() and len(size) <= 5:
        options.setdefault("size", int(size))
    return view_svg(_undrawn_moves_unread(view), **options)


def _undrawn_moves_unread(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its legal moves left out (an empty list, which every view may hold),
    once they are seen to be a list: the picture draws none of them."""
    moves = view.get("legal_moves")
    if not isinstance(moves, list):
        return view  # the view's reader names what is wrong with it
    return {**view, "legal_moves": []}


class TableHandler(BaseHTTPRequestHandler):
    """The HTTP layer of the web table: routes each request, turns refusals into JSON
    errors with their status, and adds the CORS headers. Serve it with
    :func:`make_server` (a subclass too, with routes of one's own: ``handler``), or
    subclass it with a :class:`~scala40_server.web.tables.Tables` as ``tables`` for a server of
    one's own."""

    tables: web_tables.Tables
    faults: FaultLog = FaultLog()
    """Where the server's own faults (answered 500) are told: the process's error stream
    (:mod:`scala40_server.web.faults`; :func:`make_server` gives each server its own)."""
    # As the base classes declare them: setup() replaces the file, and a refused read
    # closes the connection.
    rfile: io.BufferedIOBase
    close_connection: bool
    server_version = "scala40-web"
    _ends = math.inf
    """When the request being read must have come whole (``time.monotonic()``)."""

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the socket's own file, replaced (the socket stays open)
        whole = None
        if isinstance(self.server, _TableServer):
            whole = self.server.whole_request(self.connection)
        if whole is not None:
            self.rfile = io.BytesIO(whole)  # read whole by the server's intake
        else:
            # Under a server of one's own, every read of the request (its line, its
            # headers, its body) is bounded by the time left of the whole request's read
            # time, not by the gap between two bytes.
            self.rfile = io.BufferedReader(_DeadlineReader(self))

    def handle_one_request(self) -> None:
        self._ends = time.monotonic() + self.tables.limits.read_seconds
        super().handle_one_request()

    def do_OPTIONS(self) -> None:
        if self._foreign_origin():
            self._send(403, _error("Forbidden", "another origin may not call this server"), _JSON)
            return
        self._send(204, b"", "text/plain")

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def _foreign_origin(self) -> bool:
        """Whether the request comes from a page of another origin that the server does
        not allow (a request with no ``Origin``, as from a program, is no page's)."""
        origin = self.headers.get("Origin")
        if origin is None:
            return False
        allowed = self.tables.limits.allowed_origins
        if "*" in allowed or origin in allowed:
            return False
        host = self.headers.get("Host", "")
        return origin not in (f"http://{host}", f"https://{host}")

    def _check_framing(self) -> None:
        """Refuse a request whose body's length is not said once: two
        ``Content-Length`` headers (alike or not), or a ``Transfer-Encoding``, which
        another server on the way may read otherwise."""
        lengths = self.headers.get_all("Content-Length") or []
        if len(lengths) > 1 or self.headers.get("Transfer-Encoding") is not None:
            self.close_connection = True
            what = (
                f"Content-Length is given {len(lengths)} times"
                if len(lengths) > 1
                else "Transfer-Encoding is not read by this server: send Content-Length"
            )
            raise web_tables.RequestError(400, "BadRequest", what)

    def _serve(self, method: str) -> None:
        url = urlparse(self.path)
        retry_after = None
        try:
            self._check_framing()
            if self._foreign_origin():
                raise web_tables.RequestError(
                    403, "Forbidden", "another origin may not call this server"
                )
            # Worked on in a turn of the server's (given back before the answer is
            # written: a client that reads it slowly holds no turn).
            with self._turn() as taken:
                if not taken:
                    raise web_tables.RequestError(
                        503,
                        "Busy",
                        "the server is busy with other requests: send it again",
                        retry_after=BUSY_RETRY_SECONDS,
                        limit="max_connections" if reclaimed() else "requests_at_once",
                    )
                status, data, kind = self._route(method, url.path, url.query)
        except web_tables.RequestError as error:
            retry_after = error.retry_after
            data = _error(error.kind, str(error), retry_after, error.limit)
            status, kind = error.status, _JSON
        except StaleMoveError as error:
            status, data, kind = 409, _error(type(error).__name__, str(error)), _JSON
        except Scala40Error as error:
            status, data, kind = 400, _error(type(error).__name__, str(error)), _JSON
        except (ValueError, RecursionError) as error:
            status, data, kind = 400, _error("BadRequest", str(error)[:200]), _JSON
        except Exception as error:  # a fault of the server: answered, never left hanging
            status, data, kind = 500, _error("InternalError", type(error).__name__), _JSON
            self.faults.report(error, method, url.path)
        self._send(status, data, kind, retry_after)

    def _turn(self) -> AbstractContextManager[bool]:
        """A turn to run in (:mod:`scala40_server.web.turns`), the request of the client that
        holds the fewest connections first, then of the one whose requests cost least; the
        CPU it spends there paid from its client's budget, a client past it refused (429)
        (:meth:`~scala40_server.web.budgets.Budgets.running`). A server of one's own gives it at
        once, unmetered."""
        if not isinstance(self.server, _TableServer):
            return nullcontext(True)
        client = self._client()
        budgets = self.tables.budgets
        refuse(budgets.refuse_work(client))
        return budgets.running(
            client,
            self.server.connections.client_count(client),
            self.server.running,
            Deadline.after(self.tables.limits.request_seconds),
        )

    def _body(self) -> object:
        length_text = (self.headers.get("Content-Length") or "0").strip()
        if not (length_text.isascii() and length_text.isdigit() and len(length_text) <= 12):
            raise web_tables.RequestError(
                400,
                "BadRequest",
                f"Content-Length must be a number of bytes, got {length_text[:20]!r}",
            )
        length = int(length_text)
        if length > MAX_BODY:
            raise web_tables.RequestError(413, "TooLarge", f"a body is at most {MAX_BODY} bytes")
        raw = self._read(length)
        if not raw:
            return None
        try:
            return json.loads(raw.decode("utf-8"), parse_constant=refuse_json_constant)
        except json.JSONDecodeError as error:
            raise web_tables.RequestError(
                400, "BadRequest", f"the body is not JSON: {error}"
            ) from None
        except UnicodeDecodeError:
            raise web_tables.RequestError(400, "BadRequest", "the body is not UTF-8") from None
        except ValueError as error:  # NaN, Infinity, or an integer of thousands of digits
            message = str(error) if "is not a number" in str(error) else "a number too long"
            raise web_tables.RequestError(400, "BadRequest", f"the body's {message}") from None

    def _read(self, length: int) -> bytes:
        """The body's ``length`` bytes, all read within what is left of the request's
        read time: a client that sends them slower, or never, is answered 408 and its
        connection closed, so that it holds no thread."""
        seconds = self.tables.limits.read_seconds
        chunks: list[bytes] = []
        got = 0
        try:
            while got < length:
                chunk = self.rfile.read1(min(length - got, 65_536))
                if not chunk:
                    break  # the client closed before the whole body: what came is read
                chunks.append(chunk)
                got += len(chunk)
        except TimeoutError:
            self.close_connection = True
            raise web_tables.RequestError(
                408,
                "Timeout",
                f"the body's {length} bytes did not all come within {seconds:g} s",
            ) from None
        return b"".join(chunks)

    def _route(self, method: str, path: str, query: str) -> tuple[int, bytes, str]:
        parts = [part for part in path.split("/") if part]
        if method == "GET" and (not parts or parts[0] == "static"):
            name = "index.html" if not parts else "/".join(parts[1:])
            if name not in STATIC_FILES:
                raise web_tables.RequestError(404, "NotFound", f"no file {name[:60]!r}")
            return 200, _static(name), STATIC_FILES[name]
        if method == "GET" and len(parts) == 3 and parts[0] == "cards" and parts[1] in PACKS:
            return 200, _card(parts[1], parts[2]), _SVG
        if method == "POST" and parts == ["picture"]:
            params = read_query(query)
            return 200, _picture_of_json(self._body(), params).encode(), _SVG
        if method == "GET" and len(parts) == 3 and parts[0] == "tables" and parts[2] == "picture":
            if not (parts[1].isascii() and parts[1].isdigit()) or len(parts[1]) > 12:
                raise web_tables.RequestError(404, "NotFound", "no such table")
            svg = self.tables.picture(int(parts[1]), read_query(query))
            return 200, svg.encode(), _SVG
        body = self._body() if method == "POST" else None
        status, answer = self.tables.handle(method, path, query, body, client=self._client())
        return status, json.dumps(answer).encode(), _JSON

    def _client(self) -> str:
        """The client, by whose address what it spends is counted
        (:func:`~scala40_server.web.quotas.client_of`)."""
        return client_of(str(self.client_address[0]))

    def _send(self, status: int, data: bytes, kind: str, retry_after: int | None = None) -> None:
        # The request is read: the answer is written under the read time, afresh.
        self._ends = math.inf
        self.connection.settimeout(self.tables.limits.read_seconds)
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        if retry_after is not None:
            self.send_header("Retry-After", str(retry_after))
        origin = self.headers.get("Origin")
        allowed = self.tables.limits.allowed_origins
        if origin is not None and (origin in allowed or "*" in allowed):
            self.send_header("Access-Control-Allow-Origin", "*" if "*" in allowed else origin)
            self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
            self.send_header("Access-Control-Allow-Headers", "Content-Type")
            self.send_header("Vary", "Origin")
        self.send_header(
            "Cache-Control",
            "max-age=86400" if kind == _SVG and "/cards/" in self.path else "no-store",
        )
        self.send_header("X-Content-Type-Options", "nosniff")
        # Written while the client reads: a wait the server may reclaim for a new
        # connection (the connection then shut, the write ends), bounded by the read time.
        with reclaimable(self._shut):
            if reclaimed():  # made room already: its answer gets a second at most
                self.connection.settimeout(min(1.0, self.tables.limits.read_seconds))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

    def _shut(self) -> None:
        """End the answer being written: the connection shut both ways."""
        with suppress(OSError):
            # The socket's own shutdown, under TLS too: a TLS socket's would first let go
            # of its TLS, and a write racing it would then send the answer in clear.
            socket.socket.shutdown(self.connection, socket.SHUT_RDWR)

    def log_message(self, format: str, *args: Any) -> None:
        del format, args  # quiet: a server of one's own logs as it likes


class _DeadlineReader(io.RawIOBase):
    """The connection's bytes, each read bounded by what is left of the request's read
    time (``TimeoutError`` once it has passed)."""

    def __init__(self, handler: TableHandler) -> None:
        self._handler = handler

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self._handler._ends - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not all come within the read time")
        connection: socket.socket = self._handler.connection
        connection.settimeout(min(left, self._handler.tables.limits.read_seconds))
        return connection.recv_into(buffer)


class _TableServer(ThreadingHTTPServer):
    """The standard library's threading server, its requests read whole by one thread
    before a thread of their own answers each (:mod:`scala40_server.web.intake`), its
    connections held within the caps of :mod:`scala40_server.web.connections`."""

    daemon_threads = True
    request_queue_size = 1024
    """Connections the system queues before they are accepted (past it, a client's
    connection waits a second for the system to try again: the standard library's 5 made
    a sixth client wait so, and 128 a new client while 64 addresses reconnected at once)."""

    def __init__(
        self,
        address: tuple[str, int],
        handler: type[TableHandler],
        limits: ServerLimits,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        # The family of the host's address (``::1`` is IPv6), as the standard library's
        # own ``http.server`` chooses it: the class's IPv4 could not bind an IPv6 host.
        self.address_family = _family_of(address[0], address[1])
        super().__init__(address, handler)
        self.connections = Connections(
            limits.client_connections, limits.max_connections, limits.read_seconds / 4
        )
        """The connections held, and those that make room for new ones."""
        self._read_seconds = limits.read_seconds
        self.running = Turns(limits.requests_at_once)
        """The turns in which requests are worked on (:mod:`scala40_server.web.turns`)."""
        self._whole: dict[socket.socket, bytes] = {}
        self._intake = Intake(
            self.socket, self.connections, limits.read_seconds, MAX_BODY, self._dispatch, tls
        )
        self._workers = _Workers(self._answer)

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        del poll_interval  # the intake wakes when it has something to do
        self._intake.run()

    def shutdown(self) -> None:
        self._intake.stop()

    def server_close(self) -> None:
        super().server_close()
        # The standard library's constructor closes a server whose bind failed (a port
        # in use) before this one has made its intake and workers: then there are none
        # to close, and the bind's own OSError goes on to the caller.
        if "_intake" in vars(self):
            self._intake.close()
            self._workers.stop()

    def whole_request(self, connection: socket.socket) -> bytes | None:
        """The request read whole from ``connection``, once (``None`` after)."""
        return self._whole.pop(connection, None)

    def _dispatch(self, arrived: Arrived, whole: bytes) -> None:
        self._whole[arrived.socket] = whole
        self._workers.submit(arrived)

    def _answer(self, arrived: Arrived) -> None:
        """Answer a whole request in this thread (its waits its own: the intake may end
        them to make room), then close its connection."""
        try:
            arrived.socket.settimeout(self._read_seconds)  # for writing the answer
            with waiting_as(arrived.waits):
                self.finish_request(arrived.socket, arrived.address)
        except OSError:
            pass  # the client went away: nobody to answer
        finally:
            self._whole.pop(arrived.socket, None)
            self.shutdown_request(arrived.socket)
            self.connections.close(arrived)


class _Workers:
    """The threads that answer whole requests, each kept for the next: one is started only
    when none is idle (the intake, which starts it, waits for a new thread to run)."""

    def __init__(self, work: Callable[[Arrived], None]) -> None:
        self._work = work
        self._queue: queue.SimpleQueue[Arrived | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._idle = 0
        self._count = 0

    def submit(self, arrived: Arrived) -> None:
        """Have ``arrived``'s request answered by an idle thread, or a new one."""
        with self._lock:
            start = not self._idle
            if start:
                self._count += 1
            else:
                self._idle -= 1
        self._queue.put(arrived)
        if start:
            threading.Thread(target=self._run, daemon=True).start()

    def stop(self) -> None:
        """Let every thread leave once its request is answered."""
        with self._lock:
            count, self._count = self._count, 0
        for _ in range(count):
            self._queue.put(None)

    def _run(self) -> None:
        while (arrived := self._queue.get()) is not None:
            with suppress(Exception):  # the handler answers its own faults (500)
                self._work(arrived)
            with self._lock:
                self._idle += 1


def _is_handler(value: object) -> bool:
    """Whether ``value`` is :class:`TableHandler` or a subclass of it."""
    return isinstance(value, type) and issubclass(value, TableHandler)


def _error(
    kind: str, message: str, retry_after: int | None = None, limit: str | None = None
) -> bytes:
    answer: dict[str, object] = {"error": kind, "message": message}
    if retry_after is not None:
        answer["retry_after"] = retry_after
    if limit is not None:
        answer["limit"] = limit
    return json.dumps(answer).encode()


def _family_of(host: str, port: int) -> socket.AddressFamily:
    """The address family to serve ``host`` on: its first address's (IPv4 for a name
    that has one; the system's OSError for a host it cannot resolve)."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    return found[0][0]


def make_server(
    store: web_tables.TableStore | web_tables.Tables,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    start: bool = True,
    limits: ServerLimits | None = None,
    handler: type[TableHandler] = TableHandler,
    ssl_context: ssl.SSLContext | None = None,
) -> ThreadingHTTPServer:
    """A web table server on ``host`` and ``port`` (0: any free port; the server's
    ``server_address`` says which) over ``store``'s tables, with ``limits`` (the
    defaults of :class:`~scala40_server.web.limits.ServerLimits` unless given: give them to
    :class:`~scala40_server.web.tables.Tables` when ``store`` is one), answering with
    ``handler`` (:class:`TableHandler`, or a subclass of one's own with its routes); with
    ``start``, already serving in a thread of its own (stop it with ``shutdown()`` then
    ``server_close()``), else call its ``serve_forever()``. The server reads requests
    whole, holds its connections and hands out its turns as :mod:`scala40_server.web.intake`,
    :mod:`scala40_server.web.connections` and :mod:`scala40_server.web.turns` say (a handler served by
    the standard library's server of one's own gets none of that). With ``ssl_context``
    (a server's, presenting its certificate: :func:`scala40_server.web.tls.server_context`
    makes one from PEM files), it serves HTTPS: each connection's handshake is part of
    its request's read time, stepped by the thread that reads every connection
    (:mod:`scala40_server.web.tls`).

    :raises InvalidArgumentError: ``limits`` beside a ``Tables`` that has its own;
        ``handler`` not a :class:`TableHandler`; ``ssl_context`` not an
        ``ssl.SSLContext``, or a client's.
    :raises InvalidValueError: ``ssl_context`` presents no certificate.
    """
    if isinstance(store, web_tables.Tables):
        if limits is not None:
            raise InvalidArgumentError("give the limits to the Tables, not beside them")
        tables = store
    else:
        tables = web_tables.Tables(store, limits)
    if not _is_handler(handler):
        raise InvalidArgumentError(
            f"handler must be TableHandler or a subclass of it, got {describe(handler)}"
        )
    if ssl_context is not None:
        check_server_context(ssl_context)
    # The games are loaded before any request comes: loading them costs as much CPU as
    # tens of requests, which the first client would pay and be expected to cost again.
    games_listing()
    bound = type(f"Bound{handler.__name__}", (handler,), {"tables": tables, "faults": FaultLog()})
    server = _TableServer((host, port), bound, tables.limits, ssl_context)
    if start:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
