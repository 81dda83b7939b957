"""The web server's own bounds, over real sockets: a client that announces a body and
never sends it (or sends its headers a byte at a time) frees its connection after the
server's read time; the locks kept are those of the tables in use, whatever numbers are
asked for; finished and idle tables expire after the times whoever starts the server
sets."""

from __future__ import annotations

import json
import pathlib
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing
from http.server import ThreadingHTTPServer

import pytest

import scala40_server.web.store
from scala40_server.web.server import TableHandler
from scala40_server.web.tables import Tables, TableStore

from ..support.hostile import TIMED
from ..web.site import Site, serving, unmetered

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

READ = 0.3
"""The server's read time in these tests, in seconds."""
SLACK = 0.5


@pytest.fixture
def site(tmp_path: pathlib.Path) -> Iterator[Site]:
    # The idle table's margin is wide (1.7 s), so that a loaded machine's slow requests
    # between the two looks do not age it past idle_seconds.
    limits = unmetered(read_seconds=READ, finished_seconds=0.2, idle_seconds=2.0)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as running:
        yield running


def _connect(site: Site) -> socket.socket:
    host, port = site.base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10)


def _until_closed(connection: socket.socket) -> bytes:
    """What the server sends on ``connection`` until it closes it."""
    received = b""
    while chunk := connection.recv(4096):
        received += chunk
    return received


def test_a_body_announced_and_never_sent_frees_its_connection(site: Site) -> None:
    """Connections that announced a body and never sent it once held a thread each for
    ever (50 of 50): each is answered 408 and closed after the read time, and the
    server's threads go back to what they were."""
    threads = threading.active_count()
    stalled = []
    for _ in range(8):
        connection = _connect(site)
        connection.sendall(b"POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        stalled.append(connection)
    started = time.monotonic()
    answers = []
    for connection in stalled:
        with connection:
            answers.append(_until_closed(connection).split(b"\r\n", 1)[0])
    if TIMED:
        assert time.monotonic() - started < READ + SLACK
    assert set(answers) == {b"HTTP/1.0 408 Request Timeout"}
    time.sleep(0.1)
    assert threading.active_count() <= threads + 1


def test_headers_sent_a_byte_at_a_time_free_their_connection(site: Site) -> None:
    connection = _connect(site)
    with connection:
        connection.sendall(b"GET /games HTTP/1.1\r\nHost:")
        started = time.monotonic()
        assert _until_closed(connection) == b""  # closed, no answer to half a request
        if TIMED:
            assert time.monotonic() - started < READ + SLACK


def test_the_locks_kept_are_those_of_the_tables_in_use(site: Site) -> None:
    """A lock was kept for every table number ever asked, existing or not (221 bytes a
    request): 200 numbers asked, none kept after."""
    assert site.tables is not None
    for number in range(1000, 1200):
        status, answered = site.call("GET", f"/tables/{number}?seat=0&token=x")
        assert status == 404, answered
    assert site.tables.store.locks_held == 0


def _count(site: Site, table: str, table_id: int) -> int:
    column = "id" if table == "tables" else "table_id"
    with closing(sqlite3.connect(site.database)) as db:
        (count,) = db.execute(
            f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (table_id,)
        ).fetchone()
    return int(count)


def test_finished_and_idle_tables_expire(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables never expired: a finished one goes after finished_seconds, an unfinished
    one where nobody played after idle_seconds, with their events and decisions; the
    newest is kept (its number is never given again)."""
    monkeypatch.setattr(scala40_server.web.store, "SWEEP_SECONDS", 0.0)
    finished, finished_tokens = site.create("chinchon", [None, "greedy"], seed=1)
    asker = {"seat": 0, "token": finished_tokens["0"]}
    assert site.call("POST", f"/tables/{finished}/resign", asker)[0] == 200
    idle, idle_tokens = site.create("chinchon", [None, "greedy"], seed=2)
    time.sleep(0.3)
    site.create("chinchon", [None, "greedy"], seed=3)  # a request sweeps: the finished one goes
    assert site.call("GET", f"/tables/{finished}?seat=0&token={finished_tokens['0']}")[0] == 404
    assert (_count(site, "events", finished), _count(site, "decisions", finished)) == (0, 0)
    assert site.call("GET", f"/tables/{idle}?seat=0&token={idle_tokens['0']}")[0] == 200
    time.sleep(2.0)
    newest, newest_tokens = site.create("chinchon", [None, "greedy"], seed=4)
    assert site.call("GET", f"/tables/{idle}?seat=0&token={idle_tokens['0']}")[0] == 404
    assert _count(site, "tables", idle) == 0
    assert site.call("GET", f"/tables/{newest}?seat=0&token={newest_tokens['0']}")[0] == 200
    answered = site.call("GET", f"/tables/{finished}?seat=0&token=x")[1]
    assert "no table" in answered["message"], json.dumps(answered)


def test_a_handler_under_a_server_of_ones_own_still_bounds_each_request_by_the_read_time(
    tmp_path: pathlib.Path,
) -> None:
    """The package's handler, served by the standard library's threading server (no
    intake: each connection a thread from its accept), still reads a request's head and
    body within the read time, however they trickle."""
    tables = Tables(TableStore(str(tmp_path / "tables.sqlite")), unmetered(read_seconds=READ))
    handler = type("Bound", (TableHandler,), {"tables": tables})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        connection = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10)
        with connection:
            connection.sendall(b"POST /tables HTTP/1.1\r\nContent-Length: 100\r\n\r\n{")
            started = time.monotonic()
            answer = _until_closed(connection)
        if TIMED:
            assert time.monotonic() - started < READ + SLACK
        assert answer.startswith(b"HTTP/1.0 408 "), answer[:80]
    finally:
        server.shutdown()
        server.server_close()
