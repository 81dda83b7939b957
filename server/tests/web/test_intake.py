"""The web server's intake, over real sockets: every request read whole by one thread
before a thread of its own answers it, and, when the server holds as many connections as
it may, the ones that sent least making room (:mod:`scala40_server.web.intake`,
:mod:`scala40_server.web.connections`).

The defect: each connection held a thread of the server's from its accept, so 8 addresses
holding 8 half-open connections each filled the 64 the server served, and every other
client was closed unread while they held them.
"""

from __future__ import annotations

import json
import pathlib
import socket
import threading
import time
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

import scala40_server.web.server
from scala40_server.web.connections import Connections
from scala40_server.web.intake import MAX_HEAD, request_length
from scala40_server.web.server import MAX_BODY

from ..support.hostile import TIMED
from ..web.site import Site, serving, unmetered

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

STATIC_APP = (
    resources.files("scala40_server.web").joinpath("static").joinpath("app.js").read_bytes()
)
"""The page's script: an answer of some 32 KB."""
READ = 1.2
"""The server's read time in these tests, in seconds (a connection is young for its first
quarter)."""
OLD = READ / 4 + 0.1
"""Seconds after which a connection is no longer young."""


@pytest.fixture
def site(tmp_path: pathlib.Path) -> Iterator[Site]:
    limits = unmetered(read_seconds=READ, max_connections=4, client_connections=3)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as running:
        yield running


def _connect(site: Site, source: str) -> socket.socket:
    host, port = site.base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))


def _until_closed(connection: socket.socket) -> bytes:
    received = b""
    try:
        while chunk := connection.recv(4096):
            received += chunk
    except ConnectionResetError:
        pass
    return received


def _ask(site: Site, source: str) -> bytes:
    with _connect(site, source) as connection:
        connection.sendall(b"GET /games HTTP/1.1\r\nHost: x\r\n\r\n")
        return _until_closed(connection)


def test_connections_that_send_nothing_hold_no_thread(tmp_path: pathlib.Path) -> None:
    """Fifty connections that sent half a request each held a thread of the server's;
    they hold none now, and another client is answered meanwhile."""
    limits = unmetered(read_seconds=5.0)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        before = threading.active_count()
        held = [_connect(site, "127.0.0.2") for _ in range(50)]
        try:
            for connection in held:
                connection.sendall(b"POST /tables HTTP/1.1\r\nContent-Length: 10\r\n")
            time.sleep(0.2)
            assert threading.active_count() <= before + 1
            assert _ask(site, "127.0.0.1").startswith(b"HTTP/1.0 200 ")
        finally:
            for connection in held:
                connection.close()


def test_a_request_whose_body_comes_after_its_head_is_answered_whole(site: Site) -> None:
    """A request's head, then its body in two parts a moment apart: handed to a thread
    once it has come whole, and answered as the whole request (a table made), never as
    the part that had come (a body cut short, refused 400)."""
    body = json.dumps({"game": "chinchon", "bots": ["greedy", None]}).encode()
    head = f"POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n"
    with _connect(site, "127.0.0.5") as connection:
        connection.sendall(head.encode())
        time.sleep(0.2)
        connection.sendall(body[:10])
        time.sleep(0.2)
        connection.sendall(body[10:])
        answer = _until_closed(connection)
    assert answer.startswith(b"HTTP/1.0 200 "), answer[:200]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["seats"][0] == {"bot": "greedy"}


def test_the_client_holding_the_most_makes_room_with_its_connection_that_sent_least(
    site: Site,
) -> None:
    """At the total (4 here), a new client's connection takes the place of the one that
    sent least of the client holding the most (3 of 4), answered 503 with when to try
    again; the connections that sent more and the other client's, which sent less still,
    are kept."""
    most = [_connect(site, "127.0.0.2") for _ in range(3)]
    other = _connect(site, "127.0.0.3")
    try:
        most[0].sendall(b"G")
        most[1].sendall(b"GET /games HTTP/1.1\r\n")
        most[2].sendall(b"GET /games HTTP/1.1\r\nHost: x\r\n")
        time.sleep(OLD)  # all past their first quarter of the read time
        assert _ask(site, "127.0.0.4").startswith(b"HTTP/1.0 200 ")
        most[0].settimeout(5)
        reclaimed = _until_closed(most[0])
        assert reclaimed.startswith(b"HTTP/1.0 503 Service Unavailable\r\n"), reclaimed
        assert b"\r\nRetry-After: 1\r\n" in reclaimed
        answer = json.loads(reclaimed.split(b"\r\n\r\n", 1)[1])
        assert (answer["limit"], answer["retry_after"]) == ("max_connections", 1)
        for kept in (most[1], other):
            kept.settimeout(0.05)
            with pytest.raises(TimeoutError):
                kept.recv(1)  # still held, waiting for the rest of its request
    finally:
        for connection in [*most, other]:
            connection.close()


def test_a_young_connection_makes_room_only_when_every_one_is_young(site: Site) -> None:
    """A stranger's new connections, opened one after another as fast as it likes, take
    the places of old idle ones, never of a client's connection in its first quarter of
    the read time while an older one could make room."""
    idle = [_connect(site, "127.0.0.2") for _ in range(3)]
    time.sleep(OLD)
    newcomer = _connect(site, "127.0.0.9")  # the fourth: no room needed
    strangers = [_connect(site, "127.0.0.3") for _ in range(3)]  # each takes an idle one's
    try:
        # The idle ones first: the newcomer answered and gone would leave room for a
        # stranger the server had not yet taken from its backlog.
        assert (
            sum(_until_closed(connection).startswith(b"HTTP/1.0 503 ") for connection in idle) == 3
        )
        newcomer.sendall(b"GET /games HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _until_closed(newcomer).startswith(b"HTTP/1.0 200 ")
    finally:
        for connection in [*idle, *strangers, newcomer]:
            connection.close()


def test_a_head_past_its_limit_is_answered_431(site: Site) -> None:
    with _connect(site, "127.0.0.2") as connection:
        connection.sendall(b"GET /games HTTP/1.1\r\nX-Long: " + b"a" * (MAX_HEAD + 10))
        answer = _until_closed(connection)
    assert answer.startswith(b"HTTP/1.0 431 Request Header Fields Too Large\r\n"), answer[:80]


def test_a_request_sent_with_its_next_is_answered_and_the_next_ignored(site: Site) -> None:
    """Each connection carries one request: what follows it is not read as another."""
    with _connect(site, "127.0.0.2") as connection:
        connection.sendall(
            b"POST /picture HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}GET /games HTTP/1.1\r\n\r\n"
        )
        answer = _until_closed(connection)
    assert answer.count(b"HTTP/1.0 ") == 1
    assert answer.startswith(b"HTTP/1.0 400 "), answer[:80]


@pytest.mark.parametrize(
    ("data", "lengths"),
    [
        (b"GET /games HTTP/1.1\n\n", (21, 21)),  # bare line feeds
        (b"GET /games\r\n", (12, 12)),  # a request of HTTP/0.9: no headers
        (b"\r\n", (2, 2)),  # an empty line: the handler closes it
        (b"POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", (57, 57)),
        (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", (47, 47)),
        (b"POST / HTTP/1.1\r\nContent-Length: x1\r\n\r\n", (39, 39)),
        (b"POST / HTTP/1.1\r\ncontent-length:  4 \r\n\r\nab", (40, 44)),
        (f"POST / HTTP/1.1\r\nContent-Length: {MAX_BODY + 1}\r\n\r\n".encode(), (43, 43)),
    ],
    ids=["lf", "http09", "empty", "twice", "chunked", "not-a-number", "spaces", "too-long"],
)
def test_a_requests_length_is_read_from_its_head(data: bytes, lengths: tuple[int, int]) -> None:
    """The intake waits for the body a head announces once, as a number up to the
    limit; any other head is whole at once, for the handler to refuse by name."""
    assert request_length(data, MAX_BODY) == lengths


def test_a_served_connection_never_makes_room() -> None:
    held = Connections(per_client=8, in_all=2, young_seconds=0.0)
    assert held.admit("a", "10.0.0.1", now=0.0) == []
    assert held.admit("b", "10.0.0.2", now=0.0) == []
    held.serve("a")
    assert held.admit("c", "10.0.0.3", now=1.0) == ["b"]
    held.serve("c")
    assert held.admit("d", "10.0.0.4", now=2.0) is None
    held.close("a")
    assert held.admit("d", "10.0.0.4", now=2.0) == []
    assert (held.open_count, held.client_count("10.0.0.4")) == (2, 1)


def test_a_request_waiting_for_its_table_makes_room_for_a_new_client(
    tmp_path: pathlib.Path,
) -> None:
    """Whole requests that wait (here for a table another request holds) are no longer a
    way to keep every connection: when the server holds as many as it may (4 here), the
    client holding the most has one of its waiting requests answered 503 at once, long
    before its wait would end, and the new client is served."""
    limits = unmetered(
        read_seconds=READ, max_connections=4, client_connections=3, request_seconds=5.0
    )
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        assert site.tables is not None
        store = site.tables.store
        table, tokens = site.create("chinchon", [None, "greedy"])
        request = f"GET /tables/{table}?seat=0&token={tokens['0']} HTTP/1.1\r\n\r\n".encode()
        holding, release = threading.Event(), threading.Event()

        def hold() -> None:
            with store.locked(table, 10.0):
                holding.set()
                release.wait(10.0)

        holder = threading.Thread(target=hold)
        holder.start()
        waiting = [_connect(site, "127.0.0.2") for _ in range(3)]
        waiting.append(_connect(site, "127.0.0.3"))
        try:
            assert holding.wait(5.0)
            for connection in waiting:
                connection.sendall(request)
            time.sleep(OLD)
            started = time.monotonic()
            assert _ask(site, "127.0.0.4").startswith(b"HTTP/1.0 200 ")
            waiting[0].settimeout(5)
            answer = _until_closed(waiting[0])
            if TIMED:
                assert time.monotonic() - started < 2.0  # its wait would have ended after 5 s
            assert answer.startswith(b"HTTP/1.0 503 "), answer[:200]
            assert b"\r\nRetry-After: 1\r\n" in answer
            for kept in waiting[1:]:
                kept.settimeout(0.05)
                with pytest.raises(TimeoutError):
                    kept.recv(1)  # still waiting for the table
        finally:
            release.set()
            holder.join()
            for connection in waiting:
                connection.close()


def test_a_client_reading_its_answer_slowly_makes_room_for_a_new_client(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing an answer to a client that reads it as slowly as it likes is a wait too:
    with the server's send buffers as small as a slow link's, four such clients hold all
    its connections (4 here), and a new client's takes the place of one of them, whose
    answer is cut."""
    answer = scala40_server.web.server._TableServer._answer

    def small_buffers(server: Any, arrived: Any) -> None:
        arrived.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        answer(server, arrived)

    monkeypatch.setattr(scala40_server.web.server._TableServer, "_answer", small_buffers)
    limits = unmetered(read_seconds=5.0, max_connections=4, client_connections=3)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        assert _ask(site, "127.0.0.9").startswith(b"HTTP/1.0 200 ")  # the games loaded
        host, port = site.base.removeprefix("http://").split(":")
        slow = []
        for source in ("127.0.0.2", "127.0.0.2", "127.0.0.2", "127.0.0.3"):
            connection = socket.socket()
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            connection.bind((source, 0))
            connection.connect((host, int(port)))
            connection.sendall(b"GET /static/app.js HTTP/1.1\r\n\r\n")
            slow.append(connection)
        try:
            time.sleep(OLD + 0.2)
            started = time.monotonic()
            assert _ask(site, "127.0.0.4").startswith(b"HTTP/1.0 200 ")
            if TIMED:
                assert time.monotonic() - started < 2.0  # not the read time of 5 s
            received = []
            for connection in slow:
                connection.settimeout(5)
                received.append(len(_until_closed(connection)))
            whole = len(STATIC_APP) + 200
            assert sum(size < whole - 200 for size in received) == 1, received
        finally:
            for connection in slow:
                connection.close()


def test_a_client_opening_connections_faster_than_it_sends_has_its_new_ones_closed(
    site: Site,
) -> None:
    """Past its cap (3 here), a client's new connection takes the place of one of its own
    only once that one is past its first quarter of the read time: one opened sooner is
    closed at once (reconnecting as fast as it could, a stranger had the server close
    and answer a connection of its own at each accept)."""
    held = [_connect(site, "127.0.0.2") for _ in range(3)]
    try:
        with _connect(site, "127.0.0.2") as extra:
            extra.settimeout(5)
            extra.sendall(b"GET /games HTTP/1.1\r\nHost: x\r\n\r\n")
            assert _until_closed(extra) == b""  # closed unread
        for kept in held:
            kept.settimeout(0.05)
            with pytest.raises(TimeoutError):
                kept.recv(1)
    finally:
        for connection in held:
            connection.close()
