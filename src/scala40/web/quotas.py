"""What each client, and each table, may spend on a web table server a minute: tables made
and the bots' thinking (the limits are the server's,
:class:`~scala40.web.limits.ServerLimits`).

A **client** is counted by its address (:func:`client_of`): an IPv4 address, or an IPv6
address's network of 64 bits (one subscriber's, where a single machine may hold any
number of addresses). A rate is a **bucket** per client, or per table, that fills at its
rate a minute up to a minute's worth: a request is let in while its buckets hold
something, and pays what it spent afterwards (a bot's thinking is known only once it is
done), so that it overspends by its own bound at most and then waits for its buckets to
fill again. No bucket is shared between clients: what strangers spend never refuses
another client's request (what is shared, the machine, is handed out in turns:
:mod:`scala40.web.turns`).

>>> from scala40.web.quotas import Buckets
>>> tables = Buckets(per_minute=2)
>>> [tables.take_one("10.0.0.1") for _ in range(3)]
[True, True, False]
>>> tables.take_one("10.0.0.2")
True
>>> round(tables.seconds_until("10.0.0.1", 1))
30
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import OrderedDict

__all__ = ["MAX_CLIENTS", "Buckets", "client_of"]

MAX_CLIENTS = 10_000
"""The buckets remembered at once, per kind (the least recently used is forgotten past
it, and starts again full)."""

_MINUTE = 60.0


def client_of(address: str) -> str:
    """The client an address is counted as: an IPv4 address as it is (an IPv4 address
    mapped into IPv6 too), an IPv6 address as its network of 64 bits; anything else (a
    name a server of one's own gives) as it is.

    >>> from scala40.web.quotas import client_of
    >>> client_of("203.0.113.9"), client_of("::ffff:203.0.113.9")
    ('203.0.113.9', '203.0.113.9')
    >>> client_of("2001:db8:1:2:aaaa::1") == client_of("2001:db8:1:2:bbbb::7")
    True
    >>> client_of("2001:db8:1:2::1")
    '2001:db8:1:2::/64'
    """
    try:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


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
    """A rate a minute per key (a client, a table), each bucket holding a minute's worth
    at once (see the module). Safe to share between threads."""

    def __init__(self, per_minute: float) -> None:
        self.per_minute: float = float(per_minute)
        """The rate, and what a bucket holds at most."""
        self._lock = threading.Lock()
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def _bucket(self, key: str, now: float) -> _Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(self.per_minute, now)
            if len(self._buckets) > MAX_CLIENTS:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        bucket.fill(now)
        return bucket

    def has_some(self, key: str) -> bool:
        """Whether ``key``'s bucket holds something."""
        now = time.monotonic()
        with self._lock:
            return self._bucket(key, now).level > 0

    def share_left(self, key: str) -> float:
        """What ``key``'s bucket holds, as a share of what it holds at most (1: full; below
        0 once a request overspent it)."""
        now = time.monotonic()
        with self._lock:
            return self._bucket(key, now).level / self.per_minute

    def take_one(self, key: str) -> bool:
        """Take one (a table made) from ``key``'s bucket if it holds one; whether it did."""
        now = time.monotonic()
        with self._lock:
            bucket = self._bucket(key, now)
            if bucket.level < 1:
                return False
            bucket.level -= 1
            return True

    def pay(self, key: str, amount: float) -> None:
        """Take ``amount`` (seconds a request's bots thought) from ``key``'s bucket, below
        empty if need be."""
        if amount <= 0:
            return
        now = time.monotonic()
        with self._lock:
            self._bucket(key, now).level -= amount

    def is_full(self, key: str) -> bool:
        """Whether ``key``'s bucket is full (nothing taken from it for a minute's worth)."""
        now = time.monotonic()
        with self._lock:
            return self._bucket(key, now).level >= self.per_minute

    def seconds_until(self, key: str, amount: float = 0.0) -> float:
        """How long until ``key``'s bucket holds ``amount`` (``0``: something), as
        :meth:`take_one` and :meth:`has_some` ask: 0 when it does now, infinite when it
        never will."""
        now = time.monotonic()
        with self._lock:
            bucket = self._bucket(key, now)
            if bucket.level >= amount and bucket.level > 0:
                return 0.0
            if amount > bucket.capacity:
                return math.inf
            return (amount - bucket.level) / bucket.rate
