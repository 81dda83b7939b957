"""Many strangers flooding a web table server over real sockets, from many addresses of
127.0.0.0/8 (Linux routes all of it to loopback, so a socket bound to 127.0.0.x comes
from that address), and the clients the flood must leave served.

The server runs in a process of its own (``scala40 web``, as whoever starts it would),
so that the flood's threads do not share its interpreter. From each flooding address:

* **half-open connections** that send the start of a request and nothing more;
* **trickles**: connections that send a byte of a request that never ends now and then;
* **whole requests** that cost no budget (``GET /games``), one a connection, each sent
  again as soon as it is answered;
* **tables made** back to back;
* **heavy bots**: a table of three ``montecarlo`` bots thinking 2 s a move, played on
  (``advance``, and its person's moves) as fast as it answers;
* **expensive requests**: whole, valid requests that cost the server the most CPU each
  endpoint accepts, one connection at a time, each sent as soon as the last is answered
  (:data:`EXPENSIVE_KINDS`): a ``POST /picture`` of a view holding as many cards as a
  picture draws and a list of legal moves up to the body's limit
  (:func:`expensive_picture`), a table of the most seats, five of them bots that play in
  the request (:data:`EXPENSIVE_TABLE`), its view, its picture at the largest size and
  its moves, the games, the page's largest file and a card.

Each opens its connection again :data:`RECONNECT_SECONDS` after the server closes it.
The clients measured: **new clients**,
each from an address of its own that has sent nothing before, making a table; and a
**seated person**, whose table was made before the flood, playing their moves through
it. Every loop is bounded in time.
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import pathlib
import selectors
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from scala40_server.serving.fair_deal import value_commitment_of

__all__ = [
    "Flood",
    "Outcome",
    "SeatedPerson",
    "busy_cores",
    "cpu_seconds_of",
    "expensive_picture",
    "flooding_addresses",
    "new_client",
    "web_server",
]

HEAVY_TABLE = {
    "game": "scala40",
    "players": 4,
    "bots": ["montecarlo", "montecarlo", "montecarlo", None],
    "bot_time_limit": 2,
}
"""The table a heavy-bots flood plays: three bots that think 2 s a move, before its
person's every decision."""
PARTIAL_HEAD = b"POST /tables HTTP/1.1\r\nHost: flood\r\nContent-Length: 100\r\n"
"""What a half-open connection sends: a request's start, its headers never ended."""
WHOLE_REQUEST = b"GET /games HTTP/1.1\r\nHost: flood\r\n\r\n"
"""What a connection of whole requests sends: a request that costs no budget."""
EXPENSIVE_SEAT = 5
"""The person's seat at :data:`EXPENSIVE_TABLE`: the last."""
EXPENSIVE_TABLE = {
    "game": "scala40",
    "players": EXPENSIVE_SEAT + 1,
    "seed": 1,
    "bots": ["greedy"] * EXPENSIVE_SEAT + [None],
}
"""The table an expensive flood makes and plays: the most seats, every one but the last
a bot that plays in the request (it does not search), dealt at once from a chosen seed,
so that making it, and each move at it, plays five bots' moves."""
EXPENSIVE_GETS = {
    "games": "/games",
    "page": "/static/app.js",
    "card": "/cards/spanish/back.svg",
}
"""The endpoints an expensive flood reads that take no body: their heaviest answers."""
EXPENSIVE_KINDS = (
    "picture",
    "tables",
    "table play",
    "games",
    "table view",
    "picture",
    "page",
    "table picture",
    "card",
    "table play",
)
"""The order in which an expensive flood sends its requests: every endpoint's heaviest, a
picture of a view twice as often (the costliest), a table made once in ten (the tables a
minute refuse the rest)."""
TRICKLE_SECONDS = 0.25
"""How often a trickle sends its next byte."""
RECONNECT_SECONDS = 0.1
"""How soon a flooding connection the server closed is opened again."""


def expensive_picture() -> bytes:
    """The heaviest ``POST /picture`` body the server accepts: a Scala 40 view of the
    seat to move, its table holding melds up to the cards a picture draws, its legal
    moves its first one repeated up to the body's limit, laid out narrow."""
    from scala40 import new_game
    from scala40.drawing import MAX_DRAWN_CARDS
    from scala40_server.web.server import MAX_BODY

    state = new_game(players=2, seed=3)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat).to_dict()
    melds = (MAX_DRAWN_CARDS - len(view["hand"]) - 1) // 3
    view["public"]["table"] = ["10S 10H 10C"] * melds
    move = view["legal_moves"][0]
    room = MAX_BODY - len(json.dumps({"view": view, "layout_width": 200})) - 100
    view["legal_moves"] = [move] * (room // (len(json.dumps(move)) + 2))
    body = json.dumps({"view": view, "layout_width": 200}).encode()
    assert len(body) <= MAX_BODY
    return body


def flooding_addresses(count: int) -> list[str]:
    """``count`` addresses of 127.0.0.0/8 for the flood: 127.0.0.2 onwards."""
    return [f"127.0.{2 + index // 250}.{2 + index % 250}" for index in range(count)]


@contextmanager
def web_server(database: str, *options: str) -> Iterator[tuple[tuple[str, int], int]]:
    """``scala40 web`` on a free port of 127.0.0.1 over ``database``, with ``options``
    (its command line's), in a process of its own: its host and port, and its process's
    id (:func:`cpu_seconds_of`)."""
    command = [sys.executable, "-m", "scala40", "web", "--port", "0", "--db", database]
    with subprocess.Popen([*command, *options], stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert line.startswith("scala40 web table on http://"), line
            host, port = line.split()[4].removeprefix("http://").rstrip("/").split(":")
            yield (host, int(port)), process.pid
        finally:
            process.terminate()
            process.wait(timeout=30)


def busy_cores() -> tuple[float, float]:
    """The seconds the machine's cores have been busy so far, and the seconds they have
    counted in all (busy or idle), summed over its cores (Linux's ``/proc/stat``)."""
    fields = [
        int(field) for field in pathlib.Path("/proc/stat").read_text().split("\n")[0].split()[1:]
    ]
    # user, nice, system, idle, iowait, irq, softirq, steal (guests are within user).
    idle = fields[3] + fields[4]
    total = sum(fields[:8])
    ticks = os.sysconf("SC_CLK_TCK")
    return (total - idle) / ticks, total / ticks


def cpu_seconds_of(pid: int) -> float:
    """The CPU seconds process ``pid`` has run so far, in user and system time (Linux's
    ``/proc``, as the flood's addresses are)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # After the name: state (field 3) ... utime (field 14) and stime (field 15).
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Outcome:
    """What one request got: its status (0: the connection closed or timed out
    unanswered), its answer, and how long it took."""

    def __init__(self, status: int, answer: Any, seconds: float) -> None:
        self.status = status
        self.answer = answer
        self.seconds = seconds

    def __repr__(self) -> str:
        return f"Outcome({self.status}, {self.seconds:.3f} s)"


def request(
    server: tuple[str, int],
    source: str,
    method: str,
    path: str,
    body: Any = None,
    timeout: float = 10.0,
) -> Outcome:
    """One request on a new connection from ``source``."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(*server, timeout=timeout, source_address=(source, 0))
    try:
        data = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
        connection.request(method, path, data, {"Content-Type": "application/json"})
        response = connection.getresponse()
        raw = response.read()
        try:
            answer = json.loads(raw)
        except ValueError:
            answer = raw[:100]
        return Outcome(response.status, answer, time.monotonic() - started)
    except (OSError, http.client.HTTPException) as error:
        return Outcome(0, type(error).__name__, time.monotonic() - started)
    finally:
        connection.close()


def new_client(server: tuple[str, int], source: str) -> Outcome:
    """A new client from ``source``: it makes a table (a person against ``greedy``)."""
    return request(server, source, "POST", "/tables", {"game": "chinchon"})


PERSON_PACE = 0.3
"""The seconds a seated person takes for each of their decisions."""


PERSON_TABLE = {"game": "chinchon"}
"""A seated person's table by default: Chinchón against ``greedy``."""


class SeatedPerson:
    """A person at a table of their own (``table``: the request that makes it, its first
    seat the person's), made from ``source``, playing the first of their legal moves at
    each decision (one every :data:`PERSON_PACE` seconds), and ``advance`` while the bots
    are to move; a new table when the match is over. Every answer is kept."""

    def __init__(
        self, server: tuple[str, int], source: str, table: dict[str, Any] | None = None
    ) -> None:
        self.server = server
        self.source = source
        self.table = PERSON_TABLE if table is None else table
        self.outcomes: list[Outcome] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._play, daemon=True)
        made = request(self.server, self.source, "POST", "/tables", self.table)
        assert made.status == 200, made.answer
        self._table, self._token = made.answer["table"], made.answer["tokens"]["0"]
        self._made: dict[str, Any] = made.answer

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(60)

    def statuses(self) -> Counter[int]:
        return Counter(outcome.status for outcome in self.outcomes)

    def _deal_part(self, answer: dict[str, Any] | None) -> dict[str, Any] | None:
        """The person's part of the deal ``answer`` says its table waits for (its
        commitment, then its value), or ``None``."""
        deal = None if answer is None or answer.get("dealt", True) else answer.get("deal")
        if deal is None or "commitment" not in deal:
            return None
        value = f"{self._table:032x}" * 2
        asker: dict[str, Any] = {"seat": 0, "token": self._token}
        if (deal.get("commitments") or [None])[0] is None:
            commitment = value_commitment_of(deal["commitment"], 0, value)
            return {**asker, "commitment": commitment}
        if (deal.get("values") or [None])[0] is None:
            return {**asker, "value": value}
        return None

    def _play(self) -> None:
        answer: dict[str, Any] | None = self._made
        while not self._stop.is_set():
            asker = {"seat": 0, "token": self._token}
            deal = self._deal_part(answer)
            if deal is not None:
                # The person's part of the deal, as the page sends it (each part sent
                # again until it is answered).
                got = request(
                    self.server, self.source, "POST", f"/tables/{self._table}/shuffle", deal
                )
            elif answer is None or "view" not in answer:
                query = f"seat=0&token={self._token}"
                got = request(self.server, self.source, "GET", f"/tables/{self._table}?{query}")
            elif answer["view"]["is_over"]:
                got = request(self.server, self.source, "POST", "/tables", self.table)
            elif answer["waiting"] or answer["view"]["current_player"] != 0:
                got = request(
                    self.server, self.source, "POST", f"/tables/{self._table}/advance", asker
                )
            else:
                view = answer["view"]
                body = {
                    **asker,
                    "move": view["legal_moves"][0]["move"],
                    "move_number": view["move_number"],
                }
                got = request(
                    self.server, self.source, "POST", f"/tables/{self._table}/moves", body
                )
            self.outcomes.append(got)
            answer = got.answer if got.status == 200 else None
            if answer is not None and "table" in answer and "tokens" in answer:
                self._table, self._token = answer["table"], answer["tokens"]["0"]
            if answer is None or "view" not in answer or answer["view"]["current_player"] == 0:
                self._stop.wait(PERSON_PACE)
            else:
                self._stop.wait(0.1)  # the page's pace while the bots play


class Flood:
    """The flood of ``addresses`` (see the module): per address ``holds`` half-open
    connections, ``trickles`` trickling ones, ``wholes`` sending whole requests, and,
    with ``tables`` and ``heavy``, a client making tables and one playing a table of
    heavy bots (8 connections an address by default: as many as the server holds from
    one client), and ``expensive`` clients sending expensive requests. Counts what the server did to them. Start it, then stop it (it stops
    within a few seconds)."""

    def __init__(
        self,
        server: tuple[str, int],
        addresses: Sequence[str],
        *,
        holds: int = 3,
        trickles: int = 2,
        wholes: int = 1,
        tables: bool = True,
        heavy: bool = True,
        expensive: int = 0,
    ) -> None:
        self.server = server
        self.addresses = list(addresses)
        self.counts: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._slots = [
            (address, kind)
            for address in self.addresses
            for kind in ["hold"] * holds + ["trickle"] * trickles + ["whole"] * wholes
        ]
        self._threads = [threading.Thread(target=self._raw_connections, daemon=True)]
        for address in self.addresses:
            if tables:
                self._threads.append(
                    threading.Thread(target=self._make_tables, args=(address,), daemon=True)
                )
            if heavy:
                self._threads.append(
                    threading.Thread(target=self._heavy_bots, args=(address,), daemon=True)
                )
            self._threads.extend(
                threading.Thread(target=self._expensive, args=(address,), daemon=True)
                for _ in range(expensive)
            )
        self._picture = expensive_picture() if expensive else b""

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(30)

    def _count(self, key: str) -> None:
        with self._lock:
            self.counts[key] += 1

    def _raw_connections(self) -> None:
        """The half-open and trickling connections, all on one selector: each opened
        again (after :data:`RECONNECT_SECONDS`) once the server closes it."""
        selector = selectors.DefaultSelector()
        due: dict[int, float] = dict.fromkeys(range(len(self._slots)), 0.0)
        sockets: dict[int, tuple[socket.socket, int]] = {}
        try:
            while not self._stop.is_set():
                now = time.monotonic()
                for slot, when in list(due.items()):
                    if when <= now:
                        del due[slot]
                        self._open(selector, slot, sockets)
                        if slot not in sockets:
                            due[slot] = now + RECONNECT_SECONDS
                for key, _ in selector.select(timeout=0.05):
                    slot = key.data
                    connection, _sent = sockets[slot]
                    try:
                        closed = connection.recv(4096) == b""
                    except BlockingIOError:
                        closed = False
                    except OSError:
                        closed = True
                    if closed:
                        self._count("raw closed by the server")
                        selector.unregister(connection)
                        connection.close()
                        del sockets[slot]
                        due[slot] = time.monotonic() + RECONNECT_SECONDS
                self._trickle(sockets, now)
        finally:
            for connection, _ in sockets.values():
                connection.close()
            selector.close()

    def _open(
        self,
        selector: selectors.BaseSelector,
        slot: int,
        sockets: dict[int, tuple[socket.socket, int]],
    ) -> None:
        address, kind = self._slots[slot]
        connection = socket.socket()
        try:
            connection.bind((address, 0))
            connection.settimeout(1.0)
            connection.connect(self.server)
            connection.setblocking(False)
            if kind == "hold":
                connection.send(PARTIAL_HEAD)
            elif kind == "whole":
                connection.send(WHOLE_REQUEST)
            selector.register(connection, selectors.EVENT_READ, slot)
        except OSError:
            connection.close()
            self._count("raw refused")
            return
        self._count(f"{kind} opened")
        sockets[slot] = (connection, 0)

    def _trickle(self, sockets: dict[int, tuple[socket.socket, int]], now: float) -> None:
        """The trickles' next bytes: the partial head, then header text without end."""
        tick = int(now / TRICKLE_SECONDS)
        for slot, (connection, sent_at) in list(sockets.items()):
            if self._slots[slot][1] != "trickle" or sent_at >= tick:
                continue
            try:
                connection.send(b"a" if sent_at else PARTIAL_HEAD[:20])
            except OSError:
                continue
            sockets[slot] = (connection, tick)

    def _make_tables(self, address: str) -> None:
        while not self._stop.is_set():
            made = request(self.server, address, "POST", "/tables", {"game": "chinchon"})
            self._count(f"tables made: {made.status}")
            if made.status != 200:
                self._stop.wait(RECONNECT_SECONDS)

    def _expensive(self, address: str) -> None:
        """The heaviest request of each endpoint in turn (:data:`EXPENSIVE_TABLE`'s own
        requests at a table of one's own), one connection at a time, each sent as soon as
        the last is answered."""
        table: dict[str, Any] | None = None
        answer: Any = None
        for turn in itertools.count():
            if self._stop.is_set():
                return
            kind = EXPENSIVE_KINDS[turn % len(EXPENSIVE_KINDS)]
            if kind == "tables" or (table is None and kind.startswith("table ")):
                got = request(self.server, address, "POST", "/tables", EXPENSIVE_TABLE)
                if got.status == 200:
                    table, answer = got.answer, got.answer
                kind = "tables"
            elif kind == "picture":
                got = request(self.server, address, "POST", "/picture", self._picture)
            elif kind in EXPENSIVE_GETS:
                got = request(self.server, address, "GET", EXPENSIVE_GETS[kind])
            else:
                assert table is not None
                seat = str(EXPENSIVE_SEAT)
                asker = {"seat": int(seat), "token": table["tokens"][seat]}
                at = f"/tables/{table['table']}"
                query = f"seat={seat}&token={asker['token']}"
                if kind == "table view":
                    got = request(self.server, address, "GET", f"{at}?{query}")
                elif kind == "table picture":
                    got = request(self.server, address, "GET", f"{at}/picture?{query}&size=10000")
                elif answer is not None and "view" in answer and answer["view"]["legal_moves"]:
                    view = answer["view"]
                    move = {
                        **asker,
                        "move": view["legal_moves"][0]["move"],
                        "move_number": view["move_number"],
                    }
                    got = request(self.server, address, "POST", f"{at}/moves", move)
                else:
                    got = request(self.server, address, "POST", f"{at}/advance", asker)
                if kind == "table play" and got.status == 200:
                    answer = got.answer
                    if answer["view"]["is_over"]:
                        table = None
                elif got.status in (0, 404):
                    table = None
            self._count(f"expensive {kind}: {got.status}")
            if got.status not in (200, 429):
                self._stop.wait(RECONNECT_SECONDS)

    def _heavy_bots(self, address: str) -> None:
        table: int | None = None
        token = ""
        answer: Any = None
        while not self._stop.is_set():
            if table is None:
                got = request(self.server, address, "POST", "/tables", HEAVY_TABLE)
                if got.status == 200:
                    table, token, answer = got.answer["table"], got.answer["tokens"]["3"], None
            elif answer is None or answer["waiting"] or answer["view"]["current_player"] != 3:
                asker = {"seat": 3, "token": token}
                got = request(self.server, address, "POST", f"/tables/{table}/advance", asker)
            else:
                view = answer["view"]
                move = {
                    "seat": 3,
                    "token": token,
                    "move": view["legal_moves"][0]["move"],
                    "move_number": view["move_number"],
                }
                got = request(self.server, address, "POST", f"/tables/{table}/moves", move)
            self._count(f"heavy bots: {got.status}")
            if got.status == 200 and "view" in got.answer:
                answer = got.answer
                if answer["view"]["is_over"]:
                    table = None
            else:
                if got.status in (0, 404):
                    table = None
                self._stop.wait(RECONNECT_SECONDS)
