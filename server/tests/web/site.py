"""A web table server on a free port for the tests, over real sockets: its requests, its
tables read back from its SQLite file, and raw requests whose bytes the test chooses."""

from __future__ import annotations

import http.client
import json
import sqlite3
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from contextlib import closing, contextmanager
from typing import Any

from scala40.game import load_game
from scala40_server.serving.fair_deal import value_commitment_of
from scala40_server.web.limits import ServerLimits
from scala40_server.web.server import make_server
from scala40_server.web.tables import Tables, TableStore

__all__ = ["UNMETERED", "Site", "serving", "shuffle_in", "unmetered", "value_of"]

UNMETERED = {
    "client_tables_per_minute": 1e6,
    "client_bot_seconds_per_minute": 1e6,
    "client_cpu_seconds_per_minute": 1e6,
    "table_bot_seconds_per_minute": 1e6,
    "bots_at_once": 1_000,
    "requests_at_once": 1_000,
    "max_connections": 1_000,
    "client_connections": 1_000,
}
"""What a stranger may spend, set past what any test spends: the tests of the server's
other promises make tables and play bots from one address, many times a minute."""


def unmetered(**limits: Any) -> ServerLimits:
    """Server limits ``limits``, the strangers' quotas set past any test's use (the tests
    of the quotas set theirs)."""
    return ServerLimits(**{**UNMETERED, **limits})


def value_of(table: int, seat: int) -> str:
    """The value the tests' people send for ``seat`` of ``table`` (a page draws one at
    random; the tests' are fixed, so that a test can give them to the check)."""
    return f"{table:016x}{seat:016x}" * 2


def shuffle_in(
    call: Callable[[str, str, Any], tuple[int, Any]], made: Mapping[str, Any]
) -> tuple[Any, list[str | None]]:
    """Each person of the table ``made`` (``POST /tables``'s answer) takes part in its deal
    as the page does, through ``call(method, path, body)`` (its status and answer): every
    person commits to its value (:func:`value_of`), then every person reveals it. The last
    answer (the table dealt: at a server whose decisions have no time, at once, from the
    server's secret alone), and the commitments the people saw before they revealed."""
    table, deal = made["table"], made["deal"]
    answer: Any = None
    seen: list[str | None] = []
    for part in ("commitment", "value"):
        for seat, token in sorted(made["tokens"].items()):
            value = value_of(table, int(seat))
            sent = value_commitment_of(deal["commitment"], int(seat), value)
            body = {
                "seat": int(seat),
                "token": token,
                part: sent if part == "commitment" else value,
            }
            status, answer = call("POST", f"/tables/{table}/shuffle", body)
            if status == 409 and answer["error"] == "Dealt":
                # A server whose clock gives no time deals at once, as the seat looks.
                query = f"seat={seat}&token={token}"
                status, answer = call("GET", f"/tables/{table}?{query}", None)
                assert status == 200, answer
                assert answer["dealt"], answer
                return answer, seen
            assert status == 200, answer
        if part == "commitment":
            seen = list(answer["deal"]["commitments"])
    return answer, seen


class Site:
    """A server on a free port, its tables in a fresh SQLite file."""

    def __init__(self, base: str, database: str, tables: Tables | None = None) -> None:
        self.base = base
        self.database = database
        self.tables = tables
        """The server's tables, when the test made the server."""

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        raw: bytes | None = None,
        origin: str | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if origin is not None:
            request.add_header("Origin", origin)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        status, _, data = self.request(method, path, body)
        return status, json.loads(data)

    def create(self, game: str, bots: Any, **fields: Any) -> tuple[int, dict[str, str]]:
        """A table, dealt: its people shuffle with the server (:func:`shuffle_in`) unless
        its seed was chosen."""
        status, made = self.call("POST", "/tables", {"game": game, "bots": bots, **fields})
        assert status == 200, made
        if not made["dealt"]:
            shuffle_in(self.call, made)
        return made["table"], made["tokens"]

    def state(self, table: int) -> Any:
        with closing(sqlite3.connect(self.database)) as db:
            game, text = db.execute(
                "SELECT game, state FROM tables WHERE id = ?", (table,)
            ).fetchone()
        return load_game(game).state_from_dict(json.loads(text))

    def raw(self, path: str, body: bytes, length: str) -> tuple[int, Any]:
        """One POST over a socket, its body and Content-Length as given."""
        host, port = self.base.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        try:
            connection.putrequest("POST", path)
            connection.putheader("Content-Length", length)
            connection.endheaders(body)
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()


@contextmanager
def serving(
    database: str, *, clock: Callable[[], float] | None = None, **options: Any
) -> Iterator[Site]:
    """A server over the tables of ``database``, made with ``options`` (those of
    :func:`scala40_server.web.server.make_server`), its decisions' clocks reading ``clock``
    (:class:`~scala40_server.web.tables.Tables`'s), stopped when the block ends."""
    options.setdefault("limits", unmetered())
    store = TableStore(database)
    if clock is None:
        server = make_server(store, **options)
    else:
        server = make_server(Tables(store, options.pop("limits"), clock=clock), **options)
    tables: Tables = server.RequestHandlerClass.tables  # type: ignore[attr-defined]
    try:
        yield Site(f"http://127.0.0.1:{server.server_address[1]}", database, tables)
    finally:
        server.shutdown()
        server.server_close()
