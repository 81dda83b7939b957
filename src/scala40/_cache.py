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

>>> cache: BoundedCache[str, int] = BoundedCache("example", limit=2)
>>> cache.put("a", 1), cache.put("b", 2), cache.get("a")
(1, 2, 1)
>>> cache.put("c", 3), sorted(cache)      # full: emptied, then "c" stored
(3, ['c'])
"""

from __future__ import annotations

import weakref
from typing import Generic, TypeVar

__all__ = ["HAND_LIMIT", "TABLE_LIMIT", "BoundedCache", "cache_sizes", "clear_caches"]

K = TypeVar("K")
V = TypeVar("V")

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
        self.name = name
        """What the cache keeps, for :func:`cache_sizes`."""
        self.limit = limit
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
    __eq__ = object.__eq__
    __hash__ = object.__hash__  # type: ignore[assignment]


def cache_sizes() -> dict[str, int]:
    """How many entries each live cache holds, by name (caches of one name are summed).

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
