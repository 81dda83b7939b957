"""Deterministic randomness carried as a plain integer (C-RNG).

The generator is SplitMix64: tiny, fast enough in pure Python, and fixed
forever, so a seed gives the same shuffles on every Python version (the
standard :mod:`random` module does not promise that for ``shuffle``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

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
    # random_below and next_random written out inline (a shuffle draws once per card,
    # and a deal shuffles the whole deck): the same numbers, without two calls per draw.
    order = list(items)
    state &= _MASK
    mask = _MASK
    golden = _GOLDEN
    for index in range(len(order) - 1, 0, -1):
        bound = index + 1
        limit = mask + 1 - ((mask + 1) % bound)
        while True:
            state = (state + golden) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limit:
                break
        other = z % bound
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
