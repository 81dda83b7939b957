"""How a web table server reads its requests: one thread for every connection, each
request read whole before a thread serves it.

The thread accepts the connections and reads what each sends as it comes, and hands a
request to a thread of its own only once it is whole: its head (at most
:data:`MAX_HEAD` bytes) and the body its ``Content-Length`` announces (at most the
server's ``max_body``). A connection that sends nothing, or trickles, costs no thread,
only its bytes so far; when the server holds as many as it may, those that sent least
make room (:mod:`scala40_server.web.connections`), answered 503 with when to try again (and so
do requests that wait, served, when they make room: their waits end at once). A
request that has not come whole within the read time
(:attr:`~scala40_server.web.limits.ServerLimits.read_seconds`) from its connection's accept is
answered 408 if its head came (its body did not), else closed unanswered; a head past
:data:`MAX_HEAD` is answered 431. The thread reads the connections that have sent
something before it accepts new ones, so that a request already sent is whole before a
newcomer may take its place.

Each connection carries one request: the server answers in HTTP/1.0 and closes it.

Over TLS (:mod:`scala40_server.web.tls`), the thread steps each connection's handshake as its
client's bytes come, never waiting for them (``Intake._handshake``): a connection in
its handshake is an arriving one that has sent none of its request, held, making room
and expiring as any other; one whose handshake fails is closed.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import json
import selectors
import socket
import ssl
import threading
import time
from collections.abc import Callable
from functools import partial

from scala40_server.web.connections import Connections
from scala40_server.web.quotas import client_of
from scala40_server.web.tls import wrapped
from scala40_server.web.turns import Waits

__all__ = ["ACCEPTS_AT_ONCE", "MAX_HEAD", "Arrived", "Intake"]

MAX_HEAD = 65_536
"""The longest request head read (its line and its headers), in bytes."""
ACCEPTS_AT_ONCE = 64
"""The connections accepted before the thread reads again."""
_READ_SIZE = 65_536
_WAKE = object()
_LISTEN = object()


class Arrived:
    """A connection the server holds: its socket, its peer's address, its client
    (:func:`~scala40_server.web.quotas.client_of`) and what it sent (at most its request:
    :data:`MAX_HEAD` and one more byte until its head has ended, then the head and the
    body it announced)."""

    __slots__ = ("address", "client", "data", "ends", "head_length", "length", "socket", "waits")

    def __init__(self, connection: socket.socket, address: tuple[str, int], ends: float) -> None:
        self.socket: socket.socket = connection
        self.address: tuple[str, int] = address
        self.client: str = client_of(str(address[0]))
        self.ends: float = ends
        """When its request must have come whole (``time.monotonic()``)."""
        self.data: bytearray = bytearray()
        self.head_length: int | None = None
        """The length of its head, once it is whole."""
        self.length: int | None = None
        """The length of its whole request (head and body), once its head is whole."""
        self.waits: Waits = Waits()
        """The waits of its request, once it is served (:mod:`scala40_server.web.turns`)."""


def _answer(
    status: str, kind: str, message: str, retry_after: int | None = None, limit: str | None = None
) -> bytes:
    """A whole HTTP/1.0 answer with a JSON error, for the thread to send as it closes."""
    body: dict[str, object] = {"error": kind, "message": message}
    retry = ""
    if retry_after is not None:
        body["retry_after"] = retry_after
        retry = f"Retry-After: {retry_after}\r\n"
    if limit is not None:
        body["limit"] = limit
    data = json.dumps(body).encode()
    head = (
        f"HTTP/1.0 {status}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n{retry}Cache-Control: no-store\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + data


def request_length(data: bytes | bytearray, max_body: int) -> tuple[int | None, int | None]:
    """The lengths of the request ``data`` begins with, as far as they are known: its
    head's (``None`` until it has ended) and the whole request's (``None`` until the head
    has ended: then its body's length added, or nothing where ``Content-Length`` is not
    given once as a number up to ``max_body``, which the handler refuses by name).

    >>> from scala40_server.web.intake import request_length
    >>> request_length(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n", 100)
    (None, None)
    >>> request_length(b"POST /t HTTP/1.1\\r\\nContent-Length: 2\\r\\n\\r\\n{", 100)
    (39, 41)
    >>> request_length(b"POST /t HTTP/1.1\\r\\nContent-Length: 999\\r\\n\\r\\n", 100)
    (41, 41)
    """
    line_end = data.find(b"\n")
    if line_end < 0:
        return None, None
    if len(data[:line_end].split()) < 3:
        # An empty line or a request of HTTP/0.9: no headers follow.
        return line_end + 1, line_end + 1
    ends = [index for index in (data.find(b"\n\r\n"), data.find(b"\n\n")) if index >= 0]
    if not ends:
        return None, None
    end = min(ends)
    head_length = end + (3 if data[end + 1 : end + 2] == b"\r" else 2)
    lengths: list[bytes] = []
    for line in bytes(data[line_end + 1 : end]).split(b"\n"):
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"transfer-encoding":
            return head_length, head_length
        if name == b"content-length":
            lengths.append(value.strip())
    if len(lengths) != 1 or not (lengths[0].isdigit() and len(lengths[0]) <= 12):
        return head_length, head_length
    body = int(lengths[0])
    return head_length, head_length + (body if body <= max_body else 0)


class Intake:
    """The thread that accepts and reads every connection of a server (see the module):
    ``listener``'s connections, held by ``connections``, each request read whole within
    ``read_seconds`` and its body within ``max_body`` bytes, then handed to ``serve``
    (in this thread: ``serve`` starts the thread that answers it, and closes the
    connection, telling ``connections``, when it is done); with ``tls``, each connection
    under TLS, its handshake stepped here (see the module)."""

    def __init__(
        self,
        listener: socket.socket,
        connections: Connections,
        read_seconds: float,
        max_body: int,
        serve: Callable[[Arrived, bytes], None],
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.connections = connections
        self._tls = tls
        self._handshaking: set[Arrived] = set()
        """The arriving connections whose TLS handshake is not done."""
        self._listener = listener
        self._read_seconds = read_seconds
        self._max_body = max_body
        self._serve = serve
        self._selector = selectors.DefaultSelector()
        self._waker, self._woken = socket.socketpair()
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        self._stopped.set()
        self._deadlines: list[tuple[float, int, Arrived]] = []
        self._order = itertools.count()
        self._arriving: set[Arrived] = set()

    def run(self) -> None:
        """Accept and read until :meth:`stop` (in the calling thread)."""
        self._stopping.clear()
        self._stopped.clear()
        self._listener.setblocking(False)
        self._selector.register(self._listener, selectors.EVENT_READ, _LISTEN)
        self._woken.setblocking(False)
        self._selector.register(self._woken, selectors.EVENT_READ, _WAKE)
        try:
            while not self._stopping.is_set():
                self._step()
        finally:
            for arrived in list(self._arriving):
                self._drop(arrived)
            self._selector.unregister(self._listener)
            self._selector.unregister(self._woken)
            self._stopped.set()

    def stop(self) -> None:
        """Stop :meth:`run` (from another thread), and wait until it has."""
        self._stopping.set()
        with contextlib.suppress(OSError):
            self._waker.send(b"x")
        self._stopped.wait()

    def close(self) -> None:
        """Free what the thread used (once it has stopped)."""
        self._selector.close()
        self._waker.close()
        self._woken.close()

    def _step(self) -> None:
        timeout = 0.5
        if self._deadlines:
            timeout = min(timeout, max(self._deadlines[0][0] - time.monotonic(), 0.0))
        accept = False
        for key, _ in self._selector.select(timeout):
            if key.data is _LISTEN:
                accept = True
            elif key.data is _WAKE:
                with contextlib.suppress(OSError):
                    self._woken.recv(64)
            else:
                self._receive(key.data)
        if accept:
            self._accept()
        self._expire()

    def _accept(self) -> None:
        for _ in range(ACCEPTS_AT_ONCE):
            try:
                connection, address = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return  # out of descriptors, or the peer gone: the next turn tries again
            if self._tls is not None:
                try:
                    connection = wrapped(self._tls, connection)
                except (OSError, ValueError):
                    connection.close()  # the peer gone already
                    continue
            now = time.monotonic()
            arrived = Arrived(connection, address, now + self._read_seconds)
            arrived.waits = Waits(partial(self.connections.waiting, arrived))
            limit = (
                "client_connections"
                if self.connections.client_count(arrived.client) >= self.connections.per_client
                else "max_connections"
            )
            reclaimed = self.connections.admit(arrived, arrived.client, now)
            if reclaimed is None:
                connection.close()  # every connection held is being answered
                continue
            for other in reclaimed:
                assert isinstance(other, Arrived)
                if other not in self._arriving:
                    other.waits.reclaim()  # a waiting request: it answers at once
                    continue
                self._send_and_drop(
                    other,
                    _answer(
                        "503 Service Unavailable",
                        "Busy",
                        "the server holds as many connections as it may, and this one had "
                        "sent the least of its request: send it again",
                        retry_after=1,
                        limit=limit,
                    ),
                    forget=False,
                )
            connection.setblocking(False)
            self._selector.register(connection, selectors.EVENT_READ, arrived)
            self._arriving.add(arrived)
            if self._tls is not None:
                self._handshaking.add(arrived)
            heapq.heappush(self._deadlines, (arrived.ends, next(self._order), arrived))

    def _receive(self, arrived: Arrived) -> None:
        if arrived in self._handshaking and not self._handshake(arrived):
            return
        # No more than the request needs: its head (until it has ended), then its body.
        needed = MAX_HEAD + 1 if arrived.length is None else arrived.length
        try:
            chunk = arrived.socket.recv(max(min(_READ_SIZE, needed - len(arrived.data)), 1))
        except (BlockingIOError, InterruptedError, ssl.SSLWantReadError, ssl.SSLWantWriteError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._drop(arrived)
            return
        arrived.data += chunk
        self.connections.received(arrived, len(chunk))
        if arrived.length is None:
            arrived.head_length, arrived.length = request_length(arrived.data, self._max_body)
            if arrived.length is None and len(arrived.data) > MAX_HEAD:
                self._send_and_drop(
                    arrived,
                    _answer(
                        "431 Request Header Fields Too Large",
                        "TooLarge",
                        f"a request's head is at most {MAX_HEAD} bytes",
                    ),
                )
                return
        if arrived.length is not None and len(arrived.data) >= arrived.length:
            self._selector.unregister(arrived.socket)
            self._arriving.discard(arrived)
            self.connections.serve(arrived)
            whole = bytes(arrived.data[: arrived.length])
            arrived.data = bytearray()
            self._serve(arrived, whole)
        elif isinstance(arrived.socket, ssl.SSLSocket) and arrived.socket.pending():
            # Bytes TLS has taken off the socket past this read: no event tells of them.
            self._receive(arrived)

    def _handshake(self, arrived: Arrived) -> bool:
        """Step ``arrived``'s TLS handshake as far as its client's bytes take it, never
        waiting for more (the selector tells when they come, or when the socket takes what
        the server has to send): whether it is done. A handshake that fails (plain HTTP
        sent to the port, bytes that are no TLS, a client that does not trust the
        certificate, a client gone) closes the connection."""
        connection = arrived.socket
        assert isinstance(connection, ssl.SSLSocket)
        try:
            connection.do_handshake()
        except ssl.SSLWantReadError:
            self._selector.modify(connection, selectors.EVENT_READ, arrived)
            return False
        except ssl.SSLWantWriteError:
            self._selector.modify(connection, selectors.EVENT_WRITE, arrived)
            return False
        except OSError:
            self._drop(arrived)
            return False
        self._handshaking.discard(arrived)
        self._selector.modify(connection, selectors.EVENT_READ, arrived)
        return True

    def _expire(self) -> None:
        now = time.monotonic()
        while self._deadlines and self._deadlines[0][0] <= now:
            _, _, arrived = heapq.heappop(self._deadlines)
            if arrived not in self._arriving:
                continue  # served, closed or reclaimed before its time
            if arrived.head_length is None:
                self._drop(arrived)  # half a head: nothing to answer
                continue
            body = (arrived.length or 0) - arrived.head_length
            self._send_and_drop(
                arrived,
                _answer(
                    "408 Request Timeout",
                    "Timeout",
                    f"the body's {body} bytes did not all come within {self._read_seconds:g} s",
                ),
            )

    def _send_and_drop(self, arrived: Arrived, answer: bytes, *, forget: bool = True) -> None:
        """Send ``answer`` as far as the connection takes it at once (none before its TLS
        handshake is done), and close it."""
        if arrived not in self._handshaking:
            with contextlib.suppress(OSError):
                arrived.socket.send(answer)
        self._drop(arrived, forget=forget)

    def _drop(self, arrived: Arrived, *, forget: bool = True) -> None:
        """Close an arriving connection (and, with ``forget``, tell the connections)."""
        if arrived in self._arriving:
            self._arriving.discard(arrived)
            self._handshaking.discard(arrived)
            self._selector.unregister(arrived.socket)
        if forget:
            self.connections.close(arrived)
        with contextlib.suppress(OSError):
            arrived.socket.shutdown(socket.SHUT_RDWR)
        arrived.socket.close()
