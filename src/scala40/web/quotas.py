"""What strangers may spend on a web table server: connections, tables made and the bots'
thinking, per client address and in all (the limits are the server's,
:class:`~scala40.web.limits.ServerLimits`).

A rate is kept as a bucket per address and one for everyone: each fills at its rate a
minute up to a minute's worth, and a request takes from both. A request is let in while
both hold something, and pays what it spent afterwards (a bot's thinking is known only
once it is done): one request overspends by its own bound at most, and its address
then waits for the bucket to fill again.

>>> from scala40.web.quotas import Buckets
>>> tables = Buckets(per_client=2, in_all=100)
>>> [tables.take_one("10.0.0.1") for _ in range(3)]
[True, True, False]
>>> tables.take_one("10.0.0.2")
True
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

__all__ = ["MAX_CLIENTS", "Buckets", "Connections"]

MAX_CLIENTS = 10_000
"""The client addresses whose buckets are remembered at once (the least recently seen
is forgotten past it, and starts again full)."""

_MINUTE = 60.0


class _Bucket:
    __slots__ = ("capacity", "level", "rate", "updated")

    def __init__(self, per_minute: float, now: float) -> None:
        self.capacity = per_minute
        self.rate = per_minute / _MINUTE
        self.level = per_minute
        self.updated = now

    def fill(self, now: float) -> float:
        self.level = min(self.capacity, self.level + (now - self.updated) * self.rate)
        self.updated = now
        return self.level


class Buckets:
    """A rate a minute per client address (``per_client``) and in all (``in_all``), each
    with a minute's worth at once (see the module). Safe to share between threads."""

    def __init__(self, per_client: float, in_all: float) -> None:
        self._per_client = float(per_client)
        self._lock = threading.Lock()
        self._all = _Bucket(float(in_all), time.monotonic())
        self._clients: OrderedDict[str, _Bucket] = OrderedDict()

    def _client(self, client: str, now: float) -> _Bucket:
        bucket = self._clients.get(client)
        if bucket is None:
            bucket = self._clients[client] = _Bucket(self._per_client, now)
            if len(self._clients) > MAX_CLIENTS:
                self._clients.popitem(last=False)
        else:
            self._clients.move_to_end(client)
        return bucket

    def has_some(self, client: str) -> bool:
        """Whether ``client``'s bucket and everyone's both hold something."""
        now = time.monotonic()
        with self._lock:
            return self._client(client, now).fill(now) > 0 and self._all.fill(now) > 0

    def take_one(self, client: str) -> bool:
        """Take one (a table made) from ``client``'s bucket and everyone's if both hold
        one; whether they did."""
        now = time.monotonic()
        with self._lock:
            mine = self._client(client, now)
            if mine.fill(now) < 1 or self._all.fill(now) < 1:
                return False
            mine.level -= 1
            self._all.level -= 1
            return True

    def pay(self, client: str, amount: float) -> None:
        """Take ``amount`` (seconds a request's bots thought) from ``client``'s bucket and
        everyone's, below empty if need be."""
        if amount <= 0:
            return
        now = time.monotonic()
        with self._lock:
            mine = self._client(client, now)
            mine.fill(now)
            self._all.fill(now)
            mine.level -= amount
            self._all.level -= amount


class Connections:
    """The connections served at once, in all (at most ``in_all``) and from each client
    address (at most ``per_client``). Safe to share between threads."""

    def __init__(self, per_client: int, in_all: int) -> None:
        self._per_client = per_client
        self._in_all = in_all
        self._lock = threading.Lock()
        self._open: dict[str, int] = {}
        self._total = 0

    def open(self, client: str) -> bool:
        """Count a new connection from ``client`` if the caps allow it; whether they did."""
        with self._lock:
            mine = self._open.get(client, 0)
            if mine >= self._per_client or self._total >= self._in_all:
                return False
            self._open[client] = mine + 1
            self._total += 1
            return True

    def close(self, client: str) -> None:
        """Count a connection from ``client`` closed."""
        with self._lock:
            left = self._open.get(client, 0) - 1
            if left > 0:
                self._open[client] = left
            else:
                self._open.pop(client, None)
            self._total = max(self._total - 1, 0)

    @property
    def open_count(self) -> int:
        """The connections open now."""
        with self._lock:
            return self._total
