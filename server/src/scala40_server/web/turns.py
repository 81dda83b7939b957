"""Turns at what a web table server's clients share, the machine's time.

The server's interpreter runs one thread at a time: a request among fifty others at work
waits fifty times its own work, however little that is. So the work is handed out in
turns, few at once, to whom waits by **priority**, then by arrival:

* **Running** (:attr:`~scala40_server.web.limits.ServerLimits.requests_at_once`): a request is
  worked on in a turn of its own (:meth:`Turns.running`), the request of the client that
  holds the fewest connections first (:mod:`scala40_server.web.connections`): a new client, or a
  person at their table, goes before strangers who hold many. A request gives its turn
  back while it waits (:func:`aside`: for its table, for a bot's turn, while a bot
  thinks) and before its answer is written, so that a turn is held only while the
  machine works for it. The CPU its thread spends while it holds its turn is what the
  request cost (``charge``): the client's budget pays it, and the client's next requests
  are expected to cost as much (:mod:`scala40_server.web.budgets`), which orders the requests
  of clients holding as many connections, the cheapest first. The interpreter's
  collections of garbage that a request's thread happens to run are told apart: the
  garbage is every request's, and a collection (tens of milliseconds in a server that
  many clients fill) set off by a person's cheap request would otherwise make their next
  requests expected to cost as much as a stranger's costliest.
* **Thinking** (:attr:`~scala40_server.web.limits.ServerLimits.bots_at_once`): a bot that
  searches is CPU-bound for as long as its move may take, so it thinks in a turn of its
  own, given back once its move is chosen; the request whose client's and table's
  budgets hold the most goes first (:mod:`scala40_server.web.budgets`). A bot that does not
  search answers in milliseconds and takes no turn.

A turn not given before the request's deadline is not taken: the request says so (503,
or its bots ``waiting``), and the client asks again. A request that waits (for a turn, or
for its table, :mod:`scala40_server.web.store`) may have to make room for a new connection
(:mod:`scala40_server.web.connections`): its :class:`Waits` then end its wait at once, and it
answers that the server is busy.

>>> from scala40.deadline import Deadline
>>> from scala40_server.web.turns import Turns
>>> turns = Turns(1)
>>> turns.take(0.0, Deadline.after(1))
True
>>> turns.take(0.0, Deadline.after(0.05))        # the one turn is taken: none by the deadline
False
>>> turns.give_back()
>>> with turns.turn(0.0, Deadline.after(1)) as given:
...     given
True
"""

from __future__ import annotations

import gc
import heapq
import itertools
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from scala40.checks import describe, is_int
from scala40.deadline import Deadline
from scala40.errors import InvalidValueError

__all__ = ["Turns", "Waits", "aside", "counted_apart", "reclaimable", "reclaimed", "waiting_as"]

_thread = threading.local()
"""The running turn the calling thread holds (``turns``), whether it holds it now
(``held``), the CPU seconds it spent in it so far (``worked``; ``apart``: those in
:func:`counted_apart`; ``collected``: those collecting garbage, from the thread's CPU
clock at the start of the collection under way, ``collecting``) and the thread's CPU
clock when it last took it (``since``), and the waits of the request it answers
(``waits``)."""


def _count_collection(phase: str, info: dict[str, int]) -> None:
    """Told by the interpreter as it starts and ends a collection of garbage, in the
    thread whose allocation set it off: the CPU it took, in a thread that holds its
    running turn, is counted as ``collected``."""
    del info
    if not getattr(_thread, "held", False):
        return
    now = time.thread_time()
    if phase == "start":
        _thread.collecting = now
    else:
        _thread.collected += now - getattr(_thread, "collecting", now)


_counting_collections = threading.Lock()


class Waits:
    """The waits of one request: each told to ``on_wait`` (``True`` as the request starts
    to wait, ``False`` as it stops), and each ended at once, not taken, once the server
    has :meth:`reclaimed <reclaim>` the request's place. Safe to share between threads."""

    def __init__(self, on_wait: Callable[[bool], None] | None = None) -> None:
        self._on_wait = on_wait
        self._lock = threading.Lock()
        self._wake: Callable[[], None] | None = None
        self.reclaimed: bool = False
        """Whether the server has reclaimed the request's place (its waits end at once)."""

    def reclaim(self) -> None:
        """End the request's wait now, and any wait after."""
        with self._lock:
            self.reclaimed = True
            wake = self._wake
        if wake is not None:
            wake()

    def _start(self, wake: Callable[[], None]) -> bool:
        with self._lock:
            if self.reclaimed:
                return False
            self._wake = wake
        if self._on_wait is not None:
            self._on_wait(True)
        return True

    def _stop(self) -> None:
        with self._lock:
            self._wake = None
        if self._on_wait is not None:
            self._on_wait(False)


@contextmanager
def reclaimable(wake: Callable[[], None]) -> Iterator[bool]:
    """The block is a wait of the calling thread's request (writing its answer to a
    client that reads it as slowly as it likes) that the server may reclaim, ``wake``
    then ending it: whether it may (``False``: the request was reclaimed already, or the
    thread answers none)."""
    waits: Waits | None = getattr(_thread, "waits", None)
    if waits is None or not waits._start(wake):
        yield False
        return
    try:
        yield True
    finally:
        waits._stop()


def reclaimed() -> bool:
    """Whether the calling thread's request has had to make room (its waits ended)."""
    waits: Waits | None = getattr(_thread, "waits", None)
    return waits is not None and waits.reclaimed


@contextmanager
def waiting_as(waits: Waits) -> Iterator[None]:
    """The calling thread's waits, for the block, are ``waits``'s (a request's)."""
    _thread.waits = waits
    try:
        yield
    finally:
        _thread.waits = None


class _Waiter:
    __slots__ = ("given", "key", "wake")

    def __init__(self, priority: float, arrival: int) -> None:
        self.key = (priority, arrival)
        self.given = False
        self.wake = threading.Event()

    def __lt__(self, other: _Waiter) -> bool:
        return self.key < other.key


class Turns:
    """At most ``count`` turns taken at once; those who wait are given the next turn by
    priority (the lowest first), then by arrival. Safe to share between threads.

    :raises InvalidValueError: ``count`` is not a whole number from 1.
    """

    def __init__(self, count: int) -> None:
        if not (is_int(count) and count >= 1):
            raise InvalidValueError(f"count must be a whole number from 1, got {describe(count)}")
        self.count = count
        """The turns taken at once, at most."""
        self._free = count
        self._lock = threading.Lock()
        self._waiting: list[_Waiter] = []
        self._arrivals = itertools.count()
        with _counting_collections:
            if _count_collection not in gc.callbacks:
                gc.callbacks.append(_count_collection)

    @property
    def waiting_count(self) -> int:
        """How many wait for a turn now."""
        with self._lock:
            return len(self._waiting)

    def take_now(self) -> bool:
        """Take a turn if one is free and nobody waits; whether one was taken."""
        with self._lock:
            if self._free and not self._waiting:
                self._free -= 1
                return True
            return False

    def take(self, priority: float, deadline: Deadline, *, reclaimable: bool = True) -> bool:
        """Take a turn, waiting for it until ``deadline`` at most, behind those of a lower
        ``priority`` and, at the same, those who came before; whether one was taken (then
        :meth:`give_back` it). With ``reclaimable``, the wait is the calling thread's
        request's (:func:`waiting_as`): it ends, not taken, once its place is reclaimed."""
        if self.take_now():
            return True
        waits: Waits | None = getattr(_thread, "waits", None) if reclaimable else None
        waiter = _Waiter(priority, next(self._arrivals))
        if waits is not None and not waits._start(waiter.wake.set):
            return False
        try:
            with self._lock:
                if self._free and not self._waiting:
                    self._free -= 1
                    return True
                heapq.heappush(self._waiting, waiter)
            left = deadline.remaining()
            waiter.wake.wait(None if math.isinf(left) else left)
            with self._lock:
                if waiter.given:
                    return True
                self._waiting.remove(waiter)
                heapq.heapify(self._waiting)
                return False
        finally:
            if waits is not None:
                waits._stop()

    def give_back(self) -> None:
        """Give a turn back: to the first who waits, if anyone does."""
        with self._lock:
            if self._waiting:
                waiter = heapq.heappop(self._waiting)
                waiter.given = True
                waiter.wake.set()
            else:
                self._free += 1

    @contextmanager
    def turn(self, priority: float, deadline: Deadline) -> Iterator[bool]:
        """A turn for the block (see :meth:`take`): whether one was taken, given back
        when the block ends."""
        taken = self.take(priority, deadline)
        try:
            yield taken
        finally:
            if taken:
                self.give_back()

    @contextmanager
    def running(
        self,
        priority: float,
        deadline: Deadline,
        charge: Callable[[float, float, float], None] | None = None,
    ) -> Iterator[bool]:
        """The calling thread's turn to run for the block (see :meth:`take`), which
        :func:`aside` gives back while the thread waits: whether one was taken. Once the
        block ends, ``charge`` is told the CPU seconds the thread spent holding the turn
        (its waits, and a bot's thinking in a turn of its own, not counted), how many of
        them in blocks of :func:`counted_apart`, and how many collecting the
        interpreter's garbage."""
        taken = self.take(priority, deadline)
        _thread.turns, _thread.held = (self, True) if taken else (None, False)
        _thread.worked, _thread.apart, _thread.since = 0.0, 0.0, time.thread_time()
        _thread.collected = 0.0
        try:
            yield taken
        finally:
            if _thread.held:
                _thread.worked += time.thread_time() - _thread.since
                self.give_back()
            worked, apart, collected = _thread.worked, _thread.apart, _thread.collected
            _thread.turns, _thread.held = None, False
            if taken and charge is not None:
                charge(worked, apart, collected)


@contextmanager
def aside() -> Iterator[None]:
    """Give the calling thread's running turn back while the block waits (or a bot
    thinks in a turn of its own), and take it again after, before anyone waiting (a thread
    that holds none just runs the block)."""
    turns: Turns | None = getattr(_thread, "turns", None)
    if turns is None or not _thread.held:
        yield
        return
    _thread.worked += time.thread_time() - _thread.since
    turns.give_back()
    _thread.held = False
    try:
        yield
    finally:
        # Taken again whatever: the request may hold its table, which it must finish.
        turns.take(-math.inf, Deadline.never(), reclaimable=False)
        _thread.held = True
        _thread.since = time.thread_time()


@contextmanager
def counted_apart() -> Iterator[None]:
    """The CPU the calling thread spends in the block, holding its running turn, is told
    apart to the turn's ``charge`` (:meth:`Turns.running`): a bot's move that another
    budget pays for (a thread that holds no turn just runs the block)."""
    if getattr(_thread, "turns", None) is None:
        yield
        return
    started = time.thread_time()
    try:
        yield
    finally:
        _thread.apart += time.thread_time() - started
