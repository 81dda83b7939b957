"""The web table's bounds, over real sockets: a request's bots think within the server's
request bound (``request_seconds``, never the client's), playing in slices; a request
waits for a busy table no longer than its bound. The default run judges the slices and
the answers, and the seconds each took only where the tests run alone
(:data:`~tests.hostile.TIMED`)."""

from __future__ import annotations

import pathlib
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40_server.web.limits import ServerLimits
from scala40_server.web.server import TableHandler, make_server
from scala40_server.web.tables import RequestError, Tables, TableStore

from ..support.bots import patient_bots
from ..support.hostile import TIMED
from ..web.site import Site, serving, unmetered

pytestmark = pytest.mark.timed  # seconds judged alone (tests/hostile.py: TIMED)

BOUND = 0.2
"""The request bound of these tests' server, in seconds."""
SLACK = 0.3
"""What a request may take past the bound: the library's bounded calls, the SQLite file,
the sockets and the machine's load."""


@pytest.fixture
def site(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    with (
        patient_bots(monkeypatch, "scala40"),
        serving(
            str(tmp_path / "tables.sqlite"), limits=unmetered(request_seconds=BOUND)
        ) as running,
    ):
        yield running


def _timed(site: Site, method: str, path: str, body: Any = None) -> tuple[int, Any, float]:
    started = time.monotonic()
    status, answered = site.call(method, path, body)
    return status, answered, time.monotonic() - started


def test_five_bots_of_two_seconds_stop_at_the_request_bound(site: Site) -> None:
    """POST /tables with five bots at 2.0 s once took 4.1 s at rest and 36.7 s under
    load: each bot thinks within the request's deadline, and the page plays on with
    ``advance`` while the answer says ``waiting``."""
    body = {
        "game": "scala40",
        "players": 6,
        "bots": [*["patient"] * 5, None],
        "bot_time_limit": 2.0,
        "seed": 1,
    }
    status, made, seconds = _timed(site, "POST", "/tables", body)
    assert status == 200, made
    if TIMED:
        assert seconds < BOUND + SLACK
    asker = {"seat": 5, "token": made["tokens"]["5"]}
    path = f"/tables/{made['table']}"
    status, answered, _ = _timed(site, "GET", f"{path}?seat=5&token={asker['token']}")
    slices = 1
    while answered["waiting"]:
        status, answered, seconds = _timed(site, "POST", f"{path}/advance", asker)
        assert status == 200, answered
        if TIMED:
            assert seconds < BOUND + SLACK
        slices += 1
    assert slices > 2
    assert answered["view"]["current_player"] == 5


def test_a_busy_table_is_answered_within_the_bound(tmp_path: pathlib.Path) -> None:
    """A request waits for a table another request holds no longer than its bound, then
    is answered 503 (the table's lock was waited for without end)."""
    tables = Tables(TableStore(str(tmp_path / "tables.sqlite")), unmetered(request_seconds=BOUND))
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon"})
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with tables.store.locked(made["table"], 5.0):
            holding.set()
            release.wait(5.0)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(5.0)
        started = time.monotonic()
        with pytest.raises(RequestError) as refused:
            tables.handle(
                "GET", f"/tables/{made['table']}", f"seat=0&token={made['tokens']['0']}", None
            )
        if TIMED:
            assert time.monotonic() - started < BOUND + SLACK
        assert (refused.value.status, refused.value.kind) == (503, "Busy")
    finally:
        release.set()
        holder.join()


def test_the_servers_parts_refuse_what_they_cannot_use(tmp_path: pathlib.Path) -> None:
    """The reusable parts check what they are given, with the library's errors."""
    with pytest.raises(InvalidArgumentError, match="the tables' file must be a path"):
        TableStore(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="store must be a TableStore"):
        Tables(object())  # type: ignore[arg-type]
    store = TableStore(str(tmp_path / "tables.sqlite"))
    with pytest.raises(InvalidArgumentError, match="limits must be ServerLimits"):
        Tables(store, {"request_seconds": 1})  # type: ignore[arg-type]
    wrong: list[tuple[str, Any]] = [
        ("request_seconds", "2"),
        ("read_seconds", 0),
        ("idle_seconds", -1),
        ("client_connections", 0),
        ("max_tables", 1.5),
        ("client_tables_per_minute", 0),
        ("client_bot_seconds_per_minute", float("nan")),
        ("table_bot_seconds_per_minute", -1),
        ("bots_at_once", 0),
        ("requests_at_once", 1.5),
        ("allowed_origins", ["http://example.com/page"]),
        ("allowed_origins", ["example.com"]),
    ]
    for field, value in wrong:
        with pytest.raises(InvalidValueError, match=field):
            ServerLimits(**{field: value})
    with pytest.raises(InvalidArgumentError, match="allowed_origins"):
        ServerLimits(allowed_origins="http://example.com")
    with pytest.raises(InvalidArgumentError, match="give the limits to the Tables"):
        make_server(Tables(store), limits=ServerLimits(), start=False)


def test_a_handler_of_ones_own_is_served_with_the_servers_bounds(tmp_path: pathlib.Path) -> None:
    """``make_server`` serves a subclass of the package's handler (routes of one's own)
    with its intake, connections and turns; anything else is refused."""

    class Counting(TableHandler):
        answered = 0

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            Counting.answered += 1
            super().do_GET()

    store = TableStore(str(tmp_path / "tables.sqlite"))
    server = make_server(store, limits=unmetered(), handler=Counting)
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        with urllib.request.urlopen(base + "/games", timeout=30) as answer:
            assert answer.status == 200
        assert Counting.answered == 1
        held = server.connections  # type: ignore[attr-defined]
        deadline = time.monotonic() + 5
        while held.open_count and time.monotonic() < deadline:
            time.sleep(0.01)  # the connection is let go once its answer is written
        assert held.open_count == 0
    finally:
        server.shutdown()
        server.server_close()
    with pytest.raises(InvalidArgumentError, match="handler must be TableHandler"):
        make_server(store, handler=object)  # type: ignore[arg-type]
