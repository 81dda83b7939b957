"""A stranger cannot exhaust the web table, over real sockets on loopback: a stranger at
127.0.0.2, another client at 127.0.0.1 (every 127.x address is this machine's).

The defects, each reproduced here: table creation had no rate, count or per-client
limit (26 tables a second from one client, kept a week); each request could spend the
request bound of bot time, as often as a client liked; the read time bounded the gap
between two bytes, not a request (one byte every 0.6 s held a thread 12 s at a read time
of 2 s); there was no cap on connections; two conflicting ``Content-Length`` headers were
answered 200. Every loop here is bounded in count and in time.
"""

from __future__ import annotations

import http.client
import json
import pathlib
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from scala40_server.web.limits import ServerLimits

from ..support.hostile import TIMED
from ..web.site import Site, serving

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

STRANGER = "127.0.0.2"
"""The address the flooding client's connections come from."""
READ = 0.6
"""The server's read time in these tests, in seconds."""


@pytest.fixture
def site(tmp_path: pathlib.Path) -> Iterator[Site]:
    limits = ServerLimits(read_seconds=READ, request_seconds=0.5)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as running:
        yield running


def _connect(site: Site, source: str = STRANGER) -> socket.socket:
    host, port = site.base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))


def _http(site: Site, source: str) -> http.client.HTTPConnection:
    host, port = site.base.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=10, source_address=(source, 0))


def _post(
    connection: http.client.HTTPConnection, path: str, body: Any
) -> tuple[int, dict[str, Any]]:
    connection.request(
        "POST", path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def _raw(site: Site, head: bytes, body: bytes = b"") -> bytes:
    with _connect(site) as connection:
        connection.sendall(head + body)
        return _until_closed(connection)


def _until_closed(connection: socket.socket) -> bytes:
    """What the server sends on ``connection`` until it closes it."""
    received = b""
    while chunk := connection.recv(4096):
        received += chunk
    return received


@pytest.mark.parametrize(
    "lengths",
    [("3", "3"), ("3", "4"), ("2", "200"), ("3", "0")],
    ids=["alike", "conflicting", "longer", "zero"],
)
def test_a_content_length_given_twice_is_refused(site: Site, lengths: tuple[str, str]) -> None:
    """The defect: two conflicting ``Content-Length`` headers were answered 200 (a proxy
    on the way may frame the body by the other)."""
    head = (
        b"POST /tables HTTP/1.1\r\nHost: x\r\n"
        + b"".join(b"Content-Length: " + length.encode() + b"\r\n" for length in lengths)
        + b"\r\n"
    )
    answer = _raw(site, head, b"{}")
    assert answer.startswith((b"HTTP/1.0 400", b"HTTP/1.1 400")), answer[:80]
    assert b"Content-Length is given 2 times" in answer
    chunked = b"POST /tables HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
    assert b" 400 " in _raw(site, chunked)[:20]


def test_a_request_trickled_a_byte_at_a_time_is_closed_within_the_read_time(site: Site) -> None:
    """The defect: the read time bounded the gap between two bytes, so a byte every 0.6 s
    held a thread 12 s at a read time of 2 s. A byte every READ / 4 seconds now has its
    connection closed once the whole request's read time has passed."""
    request = b"GET /games HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200
    with _connect(site) as connection:
        started = time.monotonic()
        closed_after = None
        for byte in request:
            try:
                connection.sendall(bytes([byte]))
                connection.settimeout(READ / 4)
                if connection.recv(1) == b"":
                    closed_after = time.monotonic() - started
                    break
            except TimeoutError:
                continue
            except OSError:
                closed_after = time.monotonic() - started
                break
    assert closed_after is not None, "the server waited for the whole trickle"
    if TIMED:
        assert closed_after < READ + 1.0


def test_a_connection_past_its_clients_cap_takes_the_place_of_an_idle_one(site: Site) -> None:
    """There was no cap on connections: 9 at once held 9 threads; then the ninth was
    closed unread, whoever held the eight. One address holds ``client_connections`` (8
    by default): the next takes the place of the one of them that sent least (answered
    503 with when to try again), and is served; another address is served all along."""
    limits = site.tables.limits if site.tables is not None else ServerLimits()
    held = [_connect(site) for _ in range(limits.client_connections)]
    try:
        for connection in held[1:]:
            connection.sendall(b"GET /games HTTP/1.1\r\n")  # sent more than the first
        time.sleep(READ / 2)  # past the first quarter of the read time: old enough
        with _connect(site) as extra:
            extra.settimeout(5)
            extra.sendall(b"GET /games HTTP/1.1\r\nHost: x\r\n\r\n")
            assert _until_closed(extra).startswith(b"HTTP/1.0 200 ")
        held[0].settimeout(5)
        reclaimed = _until_closed(held[0])
        assert reclaimed.startswith(b"HTTP/1.0 503 "), reclaimed
        assert b"Retry-After: 1\r\n" in reclaimed
        assert json.loads(reclaimed.split(b"\r\n\r\n", 1)[1])["retry_after"] == 1
        other = _http(site, "127.0.0.1")
        other.request("GET", "/games")
        assert other.getresponse().status == 200
        other.close()
    finally:
        for connection in held:
            connection.close()


def test_tables_a_minute_per_client_and_the_tables_kept_are_capped(tmp_path: pathlib.Path) -> None:
    """Table creation had no rate, count or per-client limit. One address makes
    ``client_tables_per_minute`` tables at once, and is refused 429 after, with when it
    may make the next (``Retry-After``: a table every 20 s at 3 a minute); another
    address is not refused for it; the server keeps ``max_tables``, and refuses 503 past
    them."""
    limits = ServerLimits(client_tables_per_minute=3, max_tables=4)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        stranger = _http(site, STRANGER)
        statuses = [_post(stranger, "/tables", {"game": "chinchon"})[0] for _ in range(6)]
        assert statuses == [200, 200, 200, 429, 429, 429]
        stranger.request("POST", "/tables", json.dumps({"game": "chinchon"}).encode())
        response = stranger.getresponse()
        refused = json.loads(response.read())
        assert (response.status, refused["error"]) == (429, "TooManyRequests")
        assert 19 <= int(response.headers["Retry-After"]) <= 20
        assert refused["retry_after"] == int(response.headers["Retry-After"])
        assert f"try again in {refused['retry_after']} s" in refused["message"]
        other = _http(site, "127.0.0.1")
        assert _post(other, "/tables", {"game": "chinchon"})[0] == 200
        status, full = _post(other, "/tables", {"game": "chinchon"})
        assert (status, full["error"]) == (503, "Full")


def test_the_bots_time_a_minute_per_client_is_capped(tmp_path: pathlib.Path) -> None:
    """Each request could spend the request bound of bot time, as often as a client
    liked. Once an address's bots have thought ``client_bot_seconds_per_minute``, its
    requests that would make them think are refused 429 before any work."""
    # (The tables a minute set past the test's use: they would refuse the 11th table.)
    # A table whose deal makes the person move first makes no bot think (one deal in
    # two): the budget is spent once two tables' bots moved first, which twelve tables
    # miss about one run in 170; forty, about one in 10^10.
    limits = ServerLimits(
        client_bot_seconds_per_minute=0.3, request_seconds=0.2, client_tables_per_minute=1e6
    )
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        stranger = _http(site, STRANGER)
        statuses = []
        answer: dict[str, Any] = {}
        for _ in range(40):
            status, answer = _post(
                stranger,
                "/tables",
                {
                    "game": "chinchon",
                    "bots": ["search:worlds=10000", None],
                    "bot_time_limit": 2,
                    "shuffle": False,
                },
            )
            statuses.append(status)
            if status == 429:
                break
        assert statuses[-1] == 429, statuses
        # Refused for the bots' time, not for the tables a minute (which refuse too).
        assert answer["limit"] == "client_bot_seconds_per_minute", answer


def test_a_strangers_flood_leaves_another_client_answered_within_a_second(
    tmp_path: pathlib.Path,
) -> None:
    """One client's bounded flood (1,000 table creations, 50 trickling connections)
    leaves another client's requests answered in under a second each. The stranger may
    hold 60 connections here (8 by default), so that its trickles hold 50 of the
    server's threads and its creations reach the tables' rate."""
    limits = ServerLimits(read_seconds=2, client_connections=60)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        stop = threading.Event()
        outcomes: Counter[str] = Counter()
        lock = threading.Lock()

        def trickle() -> None:
            try:
                with _connect(site) as connection:
                    connection.settimeout(0.3)
                    for byte in b"POST /tables HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 40:
                        if stop.is_set():
                            return
                        connection.sendall(bytes([byte]))
                        try:
                            if connection.recv(1) == b"":
                                break
                        except TimeoutError:
                            pass
            except OSError:
                pass
            with lock:
                outcomes["trickles ended"] += 1

        def create(count: int) -> None:
            made = 0
            while made < count and not stop.is_set():
                connection = _http(site, STRANGER)
                try:
                    status, _ = _post(connection, "/tables", {"game": "chinchon"})
                    key = str(status)
                except (OSError, http.client.HTTPException):
                    key = "closed"
                finally:
                    connection.close()
                made += 1
                with lock:
                    outcomes[key] += 1

        flood = [threading.Thread(target=trickle, daemon=True) for _ in range(50)]
        flood += [threading.Thread(target=create, args=(250,), daemon=True) for _ in range(4)]
        for thread in flood:
            thread.start()
        slowest = 0.0
        try:
            time.sleep(0.2)
            for _ in range(5):
                started = time.monotonic()
                other = _http(site, "127.0.0.1")
                status, made = _post(other, "/tables", {"game": "chinchon"})
                assert status == 200, made
                table, token = made["table"], made["tokens"]["0"]
                other.request("GET", f"/tables/{table}?seat=0&token={token}")
                response = other.getresponse()
                assert response.status == 200
                response.read()
                other.close()
                slowest = max(slowest, time.monotonic() - started)
        finally:
            deadline = time.monotonic() + 60
            for thread in flood:
                thread.join(max(deadline - time.monotonic(), 0.1))
            stop.set()
        print(f"the other client waited {slowest:.3f} s at most; the flood: {dict(outcomes)}")
        if TIMED:
            assert slowest < 1.0, f"the other client waited {slowest:.2f} s ({dict(outcomes)})"
        tries = sum(outcomes[key] for key in outcomes if key != "trickles ended")
        assert tries == 1_000, dict(outcomes)
        assert outcomes["200"] <= ServerLimits().client_tables_per_minute + 1, dict(outcomes)


def test_tables_left_alone_make_room_and_tables_in_play_are_never_taken(
    tmp_path: pathlib.Path,
) -> None:
    """Once the server kept ``max_tables`` (for a week, the unfinished ones), one
    stranger making 10 tables a minute could keep anyone from making one. A new table past
    the tables kept, the client's (``client_tables``) or in all (``max_tables``), takes
    the place of the table that changed least recently, unless that one changed within
    ``in_play_seconds``: then it is refused, with when to try again."""
    limits = ServerLimits(client_tables=2, max_tables=3, in_play_seconds=1.0)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        stranger, other = _http(site, STRANGER), _http(site, "127.0.0.1")

        def make(client: http.client.HTTPConnection) -> tuple[int, dict[str, Any]]:
            # Dealt at once (the server's secret alone), so that a seat can resign it.
            return _post(client, "/tables", {"game": "chinchon", "shuffle": False})

        def look(made: dict[str, Any]) -> int:
            query = f"seat=0&token={made['tokens']['0']}"
            return site.call("GET", f"/tables/{made['table']}?{query}")[0]

        first, second = make(stranger)[1], make(stranger)[1]
        status, refused = make(stranger)
        assert (status, refused["limit"], refused["retry_after"]) == (429, "client_tables", 1)
        status, mine = make(other)
        assert status == 200, mine
        status, full = make(other)
        assert (status, full["error"], full["limit"]) == (503, "Full", "max_tables"), full
        time.sleep(1.1)  # none is in play now
        asker = {"seat": 0, "token": first["tokens"]["0"]}
        assert _post(stranger, f"/tables/{first['table']}/resign", asker)[0] == 200
        assert make(stranger)[0] == 200  # in the place of the stranger's second table
        assert look(second) == 404
        assert make(other)[0] == 200  # in the place of the other's table, left alone
        assert look(mine) == 404
        assert look(first) == 200  # in play: never taken
