"""What each client, and each table, may spend on a web table server a minute: tables made
and the bots' thinking (the limits are the server's,
:class:`~scala40_server.web.limits.ServerLimits`).

A **client** is counted by its address (:func:`client_of`): an IPv4 address, or an IPv6
address's network of 64 bits (one subscriber's, where a single machine may hold any
number of addresses). A rate is a **bucket** per client, or per table, that fills at its
rate a minute up to a minute's worth: a request is let in while its buckets hold
something, and pays what it spent afterwards (a bot's thinking is known only once it is
done; a bot is given no more time than its buckets hold, so that it overspends by its
lateness at most), and then waits for its buckets to fill again. No bucket is shared between clients: what strangers spend never refuses
another client's request (what is shared, the machine, is handed out in turns:
:mod:`scala40_server.web.turns`).

>>> from scala40_server.web.quotas import Buckets
>>> tables = Buckets(per_minute=2)
>>> [tables.take_one("10.0.0.1") for _ in range(3)]
[True, True, False]
>>> tables.take_one("10.0.0.2")
True
>>> round(tables.seconds_until("10.0.0.1", 1))
30

What a client's requests cost the machine is known only once each is done; what its next
one will cost is guessed from them (:class:`RequestCosts`: the costliest of its recent
requests, forgotten by halves while it sends none), so that the turns to run
(:mod:`scala40_server.web.turns`) go to the requests that cost least first.

>>> from scala40_server.web.quotas import RequestCosts
>>> costs = RequestCosts()
>>> costs.expected("10.0.0.1", now=0.0)             # a new client: NEW_CLIENT_COST
0.01
>>> costs.arrive("10.0.0.1", now=0.0)
0.01
>>> costs.leave("10.0.0.1", 0.060, now=0.1)         # a costly request counts at once
>>> costs.arrive("10.0.0.1", now=0.1)
0.06
>>> costs.leave("10.0.0.1", 0.001, now=0.2)         # a cheap one after it does not lower it
>>> costs.expected("10.0.0.1", now=0.2), costs.expected("10.0.0.1", now=2.2)
(0.06, 0.015)
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import OrderedDict

__all__ = [
    "COST_HALF_LIFE",
    "MAX_CLIENTS",
    "NEW_CLIENT_COST",
    "Buckets",
    "RequestCosts",
    "client_of",
]

MAX_CLIENTS = 10_000
"""The buckets remembered at once, per kind (the least recently used is forgotten past
it, and starts again full)."""

_MINUTE = 60.0

NEW_CLIENT_COST = 0.010
"""The CPU seconds a request of a client never seen (or forgotten) is expected to cost:
above what a page's files and a new table cost, so that a person whose requests cost
that little goes before whoever the server does not know yet; below the costliest
requests the server accepts, so that a newcomer goes before strangers who send those."""
COST_HALF_LIFE = 1.0
"""How many seconds it takes what a client's requests are expected to cost to halve:
sending costly requests less often is what lowers it, not sending cheap ones between."""


def client_of(address: str) -> str:
    """The client an address is counted as: an IPv4 address as it is (an IPv4 address
    mapped into IPv6 too), an IPv6 address as its network of 64 bits; anything else (a
    name a server of one's own gives) as it is.

    >>> from scala40_server.web.quotas import client_of
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

    def share_left(self, key: str) -> float:
        """What ``key``'s bucket holds, as a share of what it holds at most (1: full; below
        0 once a request overspent it)."""
        now = time.monotonic()
        with self._lock:
            return self._bucket(key, now).level / self.per_minute

    def level(self, key: str) -> float:
        """What ``key``'s bucket holds now (below 0 once a request overspent it)."""
        now = time.monotonic()
        with self._lock:
            return self._bucket(key, now).level

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

    def seconds_until(self, key: str, amount: float = 0.0) -> float:
        """How long until ``key``'s bucket holds ``amount`` (``0``: something), as
        :meth:`take_one` and the budgets ask: 0 when it does now, infinite when it
        never will."""
        now = time.monotonic()
        with self._lock:
            bucket = self._bucket(key, now)
            if bucket.level >= amount and bucket.level > 0:
                return 0.0
            if amount > bucket.capacity:
                return math.inf
            return (amount - bucket.level) / bucket.rate


class _Cost:
    __slots__ = ("cost", "known", "since", "within")

    def __init__(self, now: float) -> None:
        self.cost = NEW_CLIENT_COST
        self.known = False
        self.since = now
        self.within = 0

    def at(self, now: float) -> float:
        if self.within:
            return self.cost
        halvings = max(0.0, now - self.since) / COST_HALF_LIFE
        return float(self.cost * 0.5**halvings)


class RequestCosts:
    """What each client's next request is expected to cost the machine, in CPU seconds:
    the costliest of its requests, halved every :data:`COST_HALF_LIFE` seconds the client
    has had no request within the server (so that neither cheap requests spread among
    costly ones, nor requests that waited and were refused, lower it: only sending less
    does). A client never seen is expected to cost :data:`NEW_CLIENT_COST` until its first
    request counts for what it cost. Safe to share between threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._costs: OrderedDict[str, _Cost] = OrderedDict()

    def expected(self, client: str, now: float | None = None) -> float:
        """The CPU seconds ``client``'s next request is expected to cost at ``now``
        (``time.monotonic()`` by default)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            found = self._costs.get(client)
            return NEW_CLIENT_COST if found is None else found.at(now)

    def arrive(self, client: str, now: float | None = None) -> float:
        """A request of ``client``'s is within the server from ``now``
        (``time.monotonic()`` by default) until :meth:`leave`: what it is expected to
        cost."""
        now = time.monotonic() if now is None else now
        with self._lock:
            found = self._costs.pop(client, None)
            if found is None:
                found = _Cost(now)
            found.cost = found.at(now)
            found.within += 1
            self._costs[client] = found
            if len(self._costs) > MAX_CLIENTS:
                self._costs.popitem(last=False)
            return found.cost

    def leave(self, client: str, seconds: float | None, now: float | None = None) -> None:
        """A request of ``client``'s that :meth:`arrive` counted has left the server at
        ``now`` (``time.monotonic()`` by default), having cost ``seconds`` of CPU
        (``None``: it was not worked on)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            found = self._costs.get(client)
            if found is None:
                return  # forgotten meanwhile, past MAX_CLIENTS
            if seconds is not None:
                found.cost = max(seconds, found.cost) if found.known else seconds
                found.known = True
            found.within = max(0, found.within - 1)
            if not found.within:
                found.since = now
