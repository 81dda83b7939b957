"""Deterministic randomness carried as a plain integer (C-RNG).

The generator is SplitMix64: tiny, fast enough in pure Python, and fixed
forever, so a seed gives the same shuffles on every Python version (the
standard :mod:`random` module does not promise that for ``shuffle``).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from typing import TypeVar

from scala40._cache import BoundedCache

__all__ = ["next_random", "random_below", "rewind", "seed_state", "shuffle"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed into a 64-bit generator state."""
    return seed & _MASK


def next_random(state: int) -> tuple[int, int]:
    """One 64-bit output and the next state."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def random_below(bound: int, state: int) -> tuple[int, int]:
    """A uniform integer in ``range(bound)`` and the next state (rejection sampling)."""
    limit = _MASK + 1 - ((_MASK + 1) % bound)
    while True:
        value, state = next_random(state)
        if value < limit:
            return value % bound, state


def shuffle(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of ``items`` and the generator state after it."""
    order = list(items)
    state &= _MASK
    count = len(order) - 1  # one draw for each place but the first
    if count <= 0:
        return tuple(order), state
    draws = _draws(state, count)
    # A draw is refused (and drawn again) where it falls among the few highest values
    # that do not divide evenly among the places it chooses from (fewer than
    # ``count + 1``): one chance in more than 10**16 for a draw, so every draw is worked
    # out at once, and read one at a time only where one may be refused.
    if max(draws) >= _MASK - count:
        return _shuffle_drawing(order, state)
    for index in range(count, 0, -1):
        other = draws[count - index] % (index + 1)
        order[index], order[other] = order[other], order[index]
    return tuple(order), (state + count * _GOLDEN) & _MASK


def _shuffle_drawing(order: list[T], state: int) -> tuple[tuple[T, ...], int]:
    """:func:`shuffle`, drawing one number at a time: where a draw may be refused."""
    for index in range(len(order) - 1, 0, -1):
        other, state = random_below(index + 1, state)
        order[index], order[other] = order[other], order[index]
    return tuple(order), state


def rewind(state: int, draws: int) -> int:
    """The generator state ``draws`` draws before ``state``: SplitMix64 steps by adding a
    constant, so its states can be walked back (a position's text names a stock by the
    shuffle that dealt it, found this way; :mod:`scala40.notation`).

    >>> from scala40._rng import next_random, rewind
    >>> _, after = next_random(7)
    >>> rewind(after, 1)
    7
    """
    return (state - draws * _GOLDEN) & _MASK


# Every draw of a shuffle is worked out at once, in one integer of 128 bits a draw (its
# "lane"): a product of a 64-bit draw by a 64-bit constant fits in its lane, and a shift
# right by fewer than 64 bits brings the next lane's bits only into the upper half of
# this one, which the mask clears before the next product. So each step of the
# generator is a few operations on one long integer, not a few for each card. The draws
# of ``count`` steps from state ``s`` are the outputs of the states ``s + k * _GOLDEN``
# for ``k`` from 1: ``s * ONES + _GOLDEN * STEPS``, each lane's low 64 bits.
_LANE = 128


def _draws(state: int, count: int) -> list[int]:
    """The next ``count`` outputs of :func:`next_random` from ``state``, drawn in turn."""
    ones, steps, lanes = _lanes(count)
    z = (state * ones + _GOLDEN * steps) & lanes
    z = (((z ^ (z >> 30)) & lanes) * 0xBF58476D1CE4E5B9) & lanes
    z = (((z ^ (z >> 27)) & lanes) * 0x94D049BB133111EB) & lanes
    z = (z ^ (z >> 31)) & lanes
    # Read as 64-bit words in the machine's order, the first lane's low word first.
    words = array("Q", z.to_bytes(count * _LANE // 8, sys.byteorder))
    if sys.byteorder == "big":
        words.reverse()
    return words[::2].tolist()


def _lanes(count: int) -> tuple[int, int, int]:
    """A 1 in each of ``count`` lanes, each lane's number (1, 2, ...), and the mask of
    each lane's low 64 bits."""
    found = _LANES.get(count)
    if found is None:
        width = _LANE // 8
        ones = b"\x01".ljust(width, b"\0") * count
        steps = b"".join([k.to_bytes(width, "little") for k in range(1, count + 1)])
        lanes = (b"\xff" * 8).ljust(width, b"\0") * count
        found = _LANES.put(
            count,
            (
                int.from_bytes(ones, "little"),
                int.from_bytes(steps, "little"),
                int.from_bytes(lanes, "little"),
            ),
        )
    return found


_LANES: BoundedCache[int, tuple[int, int, int]] = BoundedCache("shuffle lanes", limit=256)
""":func:`_lanes` by the number of draws (the sizes of the decks and of the cards unseen
in a position)."""
