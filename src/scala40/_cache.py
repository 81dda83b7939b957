"""Bounded caches: one typed kind, declared by the module whose answers it keeps (internal).

Rules engines answer the same questions again and again (the readings of a meld, the
melds of a hand, what a table offers), so the modules that answer them keep what they
found. Every such cache is a :class:`BoundedCache`: a plain ``dict`` for reading (its
``get`` is the built-in one, as fast as a dictionary's), written through :meth:`put`,
which empties it first once it holds ``limit`` entries. Emptying all at once, instead of
evicting one entry at a time, keeps the hot path free of bookkeeping; the answers that
matter come back at once.

Every cache is listed where :func:`cache_sizes` and :func:`clear_caches` find it, so a
long-running program can see what the library holds and release it.

A cache whose answers vary in size (the readings of a meld: one, or hundreds) is a
:class:`SizedCache`, bounded by the total size of what it holds as well: a request can
never make it hold more than its budget, however large its answers. Every key of the
library's caches is bounded too, by the limits the public functions check (a meld holds
at most :data:`scala40.melds.MAX_MELD_CARDS` cards, a hand analysed at most
:data:`scala40.games.scala40.analysis.MAX_HAND_CARDS`).

>>> from scala40._cache import BoundedCache
>>> cache: BoundedCache[str, int] = BoundedCache("example", limit=2)
>>> cache.put("a", 1), cache.put("b", 2), cache.get("a")
(1, 2, 1)
>>> cache.put("c", 3), sorted(cache)      # full: emptied, then "c" stored
(3, ['c'])
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import ClassVar, Generic, TypeVar

__all__ = [
    "HAND_LIMIT",
    "TABLE_LIMIT",
    "BoundedCache",
    "SizedCache",
    "cache_sizes",
    "clear_caches",
]

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")

TABLE_LIMIT = 100_000
"""Entries of a cache whose keys are small and recur across games: per-suit and per-rank
meld tables, meld readings, extensions."""
HAND_LIMIT = 8_192
"""Entries of a cache keyed by a whole hand or a whole table: its answers recur within a
turn and its lookahead, seldom across games, so a small one serves as well and keeps the
memory of a long run (and the objects the garbage collector walks) down."""

_ALL: weakref.WeakSet[BoundedCache[object, object]] = weakref.WeakSet()


class BoundedCache(dict[K, V], Generic[K, V]):
    """A dictionary of remembered answers that never holds more than ``limit`` entries."""

    __slots__ = ("__weakref__", "limit", "name")

    def __init__(self, name: str, limit: int = TABLE_LIMIT) -> None:
        super().__init__()
        self.name: str = name
        """What the cache keeps, for :func:`cache_sizes`."""
        self.limit: int = limit
        """The most entries it holds; reaching it empties the cache before the next put."""
        _ALL.add(self)  # type: ignore[arg-type]

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` and return it (emptying the cache first if full)."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def make_room(self) -> BoundedCache[K, V]:
        """Empty the cache if it is full, and return it: for code about to write many
        entries directly (``cache[key] = value``) in one bounded piece of work."""
        if len(self) >= self.limit:
            self.clear()
        return self

    def __repr__(self) -> str:
        return f"<BoundedCache {self.name}: {len(self)} of {self.limit}>"

    # A cache is compared and hashed by identity: two empty caches are not "equal".
    __eq__: ClassVar[Callable[[object, object], bool]] = object.__eq__
    __hash__ = object.__hash__  # type: ignore[assignment]


class SizedCache(BoundedCache[K, tuple[T, ...]]):
    """A :class:`BoundedCache` of tuples that also never holds more than ``budget`` items
    in all (an entry counts one more than its length): answers of any size keep it small.

    >>> from scala40._cache import SizedCache
    >>> cache: SizedCache[str, int] = SizedCache("example", limit=10, budget=5)
    >>> cache.put("a", (1, 2)), cache.held
    ((1, 2), 3)
    >>> cache.put("b", (1, 2, 3)), sorted(cache), cache.held   # over budget: emptied first
    ((1, 2, 3), ['b'], 4)
    """

    __slots__ = ("budget", "held")

    def __init__(self, name: str, limit: int = TABLE_LIMIT, budget: int = TABLE_LIMIT) -> None:
        super().__init__(name, limit)
        self.budget: int = budget
        """The most items the entries may hold together."""
        self.held: int = 0
        """The items the entries hold now (each entry counts one more than its length)."""

    def put(self, key: K, value: tuple[T, ...]) -> tuple[T, ...]:
        """Remember ``value`` for ``key`` and return it (emptying the cache first if it is
        full or the value would take it over its budget)."""
        size = len(value) + 1
        if len(self) >= self.limit or self.held + size > self.budget:
            self.clear()
        previous = self.get(key)
        if previous is not None:
            self.held -= len(previous) + 1
        self[key] = value
        self.held += size
        return value

    def make_room(self) -> SizedCache[K, T]:
        """Empty the cache if it is full (see :meth:`BoundedCache.make_room`); entries
        written directly are not weighed."""
        if len(self) >= self.limit or self.held >= self.budget:
            self.clear()
        return self

    def clear(self) -> None:
        super().clear()
        self.held = 0


def cache_sizes() -> dict[str, int]:
    """How many entries each live cache holds, by name (caches of one name are summed).

    >>> from scala40 import cache_sizes
    >>> isinstance(cache_sizes(), dict)
    True
    """
    sizes: dict[str, int] = {}
    for cache in list(_ALL):
        sizes[cache.name] = sizes.get(cache.name, 0) + len(cache)
    return dict(sorted(sizes.items()))


def clear_caches() -> None:
    """Empty every cache of the library (answers are computed again when next asked)."""
    for cache in list(_ALL):
        cache.clear()
