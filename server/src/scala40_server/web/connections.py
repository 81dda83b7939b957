"""The connections a web table server holds, and which of them make room for a new one
when they are as many as it holds.

A connection is **arriving** from the moment the server accepts it until its request has
come whole (the server reads every request whole before any thread serves it:
:mod:`scala40_server.web.intake`), then **served** until its answer is written; a served
request may be **waiting** (for a turn to run, for its table, for a bot's turn:
:mod:`scala40_server.web.turns`; or for its client to read its answer) rather than worked on. The server holds
:attr:`~scala40_server.web.limits.ServerLimits.client_connections` from one client
(:func:`~scala40_server.web.quotas.client_of`) and
:attr:`~scala40_server.web.limits.ServerLimits.max_connections` in all. A new connection is
never turned away while an arriving or a waiting one can make room:

* past its client's cap, that client's own connection that sent least makes room, if
  one is past its first :attr:`~Connections.young_seconds` (else the new one is closed at
  once: a client gains nothing by opening connections faster than it sends requests);
* past the total, the connection that sent least makes room, taken from the client that
  holds the most connections.

An arriving connection that makes room is answered 503 and closed; a waiting request
stops waiting and answers at once (503, or its bots ``waiting``); an answer being
written is cut. Of one client's, an
arriving connection makes room before a waiting request, which sent its request whole.

**Sent least** is the fewest bytes a second since the connection was accepted: an idle
connection has sent none, a trickle a few. A connection in its first
:attr:`~Connections.young_seconds` (a quarter of the read time) has not had the time to
send its request: it makes room only when every arriving connection is as young (the
oldest of them first, of the client that holds the most). So a client that sends its request at once is served, however many
connections strangers open, trickle on or keep idle; a stranger keeps a connection only
by sending its request faster than the others, and loses it at the read time anyway
(:attr:`~scala40_server.web.limits.ServerLimits.read_seconds`). A served connection is never
reclaimed while it is worked on: the requests worked on at once are a few
(:attr:`~scala40_server.web.limits.ServerLimits.requests_at_once` and
:attr:`~scala40_server.web.limits.ServerLimits.bots_at_once`), each within the request bound.

>>> from scala40_server.web.connections import Connections
>>> held = Connections(per_client=2, in_all=3, young_seconds=1.0)
>>> held.admit("a1", "10.0.0.1", now=0.0), held.admit("a2", "10.0.0.1", now=0.0)
([], [])
>>> held.received("a2", 300)
>>> held.admit("a3", "10.0.0.1", now=5.0)        # past the client's cap: its idle one goes
['a1']
>>> held.admit("b1", "10.0.0.2", now=5.5)
[]
>>> held.admit("c1", "10.0.0.3", now=9.0)        # past the total: the biggest client's
['a3']
>>> held.serve("b1"); held.serve("c1"); held.serve("a2")
>>> held.admit("d1", "10.0.0.4", now=9.5) is None   # every one is worked on: none makes room
True
>>> held.waiting("c1", True)                        # c1 waits for its table
>>> held.admit("d1", "10.0.0.4", now=9.5)
['c1']
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable

__all__ = ["Connections"]


class _Held:
    __slots__ = ("client", "opened", "received", "served", "waiting")

    def __init__(self, client: str, opened: float) -> None:
        self.client = client
        self.opened = opened
        self.received = 0
        self.served = False
        self.waiting = False


class Connections:
    """The connections held at once, each under a handle of the caller's, at most
    ``per_client`` from one client and ``in_all`` in all, and those that make room (see
    the module). Safe to share between threads."""

    def __init__(self, per_client: int, in_all: int, young_seconds: float) -> None:
        self.per_client = per_client
        """The connections held at once from one client, at most."""
        self.in_all = in_all
        """The connections held at once in all, at most."""
        self.young_seconds = young_seconds
        """How long a new connection has to send its request before it may make room
        for another while older ones could."""
        self._lock = threading.Lock()
        self._held: dict[Hashable, _Held] = {}
        self._by_client: dict[str, set[Hashable]] = {}

    @property
    def open_count(self) -> int:
        """The connections held now."""
        with self._lock:
            return len(self._held)

    def client_count(self, client: str) -> int:
        """The connections held now from ``client``."""
        with self._lock:
            return len(self._by_client.get(client, ()))

    def admit(self, handle: Hashable, client: str, now: float) -> list[Hashable] | None:
        """Hold a new connection ``handle`` from ``client``, accepted at ``now``
        (``time.monotonic()``): the handles of the connections that make room for it
        (the caller closes them; they are no longer held), or ``None`` when none can and
        the new one is not held (the caller closes it)."""
        with self._lock:
            reclaimed: list[Hashable] = []
            mine = self._by_client.get(client, set())
            if len(mine) >= self.per_client:
                # Only an old one: a client opening connections faster than they may send
                # their requests has its new ones closed, at the cost of an accept.
                victim = self._least_sent(mine, now, young=False)
                if victim is None:
                    return None
                reclaimed.append(victim)
                self._forget(victim)
            elif len(self._held) >= self.in_all:
                victim = self._least_sent(self._held, now)
                if victim is None:
                    return None
                reclaimed.append(victim)
                self._forget(victim)
            self._held[handle] = _Held(client, now)
            self._by_client.setdefault(client, set()).add(handle)
            return reclaimed

    def received(self, handle: Hashable, count: int) -> None:
        """Count ``count`` bytes received on ``handle``."""
        with self._lock:
            held = self._held.get(handle)
            if held is not None:
                held.received += count

    def serve(self, handle: Hashable) -> None:
        """``handle``'s request has come whole: it is served, reclaimed only while it
        waits."""
        with self._lock:
            held = self._held.get(handle)
            if held is not None:
                held.served = True

    def waiting(self, handle: Hashable, waits: bool) -> None:
        """``handle``'s request starts (``waits``) or stops waiting."""
        with self._lock:
            held = self._held.get(handle)
            if held is not None:
                held.waiting = waits

    def close(self, handle: Hashable) -> None:
        """``handle`` is closed: no longer held (nothing if it was not)."""
        with self._lock:
            if handle in self._held:
                self._forget(handle)

    def _forget(self, handle: Hashable) -> None:
        held = self._held.pop(handle)
        mine = self._by_client[held.client]
        mine.discard(handle)
        if not mine:
            del self._by_client[held.client]

    def _least_sent(
        self, handles: Iterable[Hashable], now: float, *, young: bool = True
    ) -> Hashable | None:
        """Of ``handles`` (an iterable of held ones), the connection that makes room first
        (see the module; with ``young`` false, none in its first :attr:`young_seconds`),
        or ``None`` when none may."""
        best: Hashable | None = None
        best_key: tuple[bool, int, bool, float, float] | None = None
        for handle in handles:
            held = self._held[handle]
            if held.served and not held.waiting:
                continue
            age = now - held.opened
            is_young = age < self.young_seconds
            if is_young and not young:
                continue
            key = (
                is_young,
                -len(self._by_client[held.client]),
                held.served,
                0.0 if is_young else held.received / max(age, 1e-3),
                held.opened,
            )
            if best_key is None or key < best_key:
                best, best_key = handle, key
        return best
