"""The engine's two questions about a hand that has not opened, answered and remembered
(internal): can it still open (S40-OPEN), and which melds may start the opening.

The opening solver (:mod:`~scala40.games.scala40.hand.solver`) answers where it serves;
the packing search (:mod:`~scala40.games.scala40.hand.packing`) answers the hands it
leaves, and every hand under other meld rules. Their answers are kept for each
:class:`~scala40.MeldRules`: hands recur within a turn and its lookahead.
"""

from __future__ import annotations

from typing import Any

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import Card
from scala40.games.scala40.hand.packing import COUNT_WEIGHTS, Packing
from scala40.games.scala40.hand.solver import solver_can_open, solver_serves, solver_starts
from scala40.melds import Meld, MeldRules

__all__ = ["SOLVED_STARTS_LIMIT", "OpeningCaches", "can_open_sorted", "opening_starts"]


class OpeningCaches:
    """What :func:`can_open_sorted` and :func:`opening_starts` remember under one
    :class:`~scala40.MeldRules`.

    The packing searches and the first two caches share the budget of one cache keyed by
    a whole hand (:data:`~scala40._cache.HAND_LIMIT` entries in all): a search keeps its
    memo, the largest of the three, so fewer of them are kept. The solver's answers are
    kept apart, only the latest few.
    """

    __slots__ = ("opening_answers", "opening_starts", "packings", "solved_starts")

    def __init__(self) -> None:
        self.packings: BoundedCache[tuple[Card, ...], Packing] = BoundedCache(
            "scala40 packing searches", HAND_LIMIT // 4
        )
        """The packing search of a hand, whose memo serves every question about it."""
        self.opening_answers: BoundedCache[
            tuple[tuple[Card, ...], int, int, Card | None], bool
        ] = BoundedCache("scala40 opening answers", HAND_LIMIT // 2)
        """Whether a hand can still open (:func:`can_open_sorted`)."""
        self.opening_starts: BoundedCache[tuple[Any, ...], tuple[Meld, ...]] = BoundedCache(
            "scala40 opening starts", HAND_LIMIT // 4
        )
        """The melds that may start an opening, as the packing search found them
        (:func:`opening_starts`)."""
        self.solved_starts: BoundedCache[tuple[Any, ...], tuple[Meld, ...]] = BoundedCache(
            "scala40 solved opening starts", SOLVED_STARTS_LIMIT
        )
        """The same, as the opening solver found them: only the latest few (see
        :data:`SOLVED_STARTS_LIMIT`)."""


SOLVED_STARTS_LIMIT = 256
"""How many of the opening solver's answers :func:`opening_starts` keeps. The solver
answers in tens of microseconds, and in play a hand seldom comes back (in random
playouts, under 1% of the calls): what is worth keeping is the latest few, for a program
that loads the same state again and again (a server, a view at each request) or a search
that comes back to a position. A large cache would keep, besides, thousands of answers
that never come back, objects the garbage collector walks until the cache empties."""


def _packing(cards: tuple[Card, ...], rules: MeldRules) -> Packing:
    """The packing search of a sorted hand, kept so that its memo serves every question
    asked about that hand (can it open, which melds may start the opening)."""
    caches: OpeningCaches = rules.tables.owned[OpeningCaches]
    found = caches.packings.get(cards)
    if found is None:
        found = caches.packings.put(cards, Packing(cards, rules, COUNT_WEIGHTS))
    return found


def can_open_sorted(
    cards: tuple[Card, ...], needed: int, rules: MeldRules, keep: int, must: Card | None
) -> bool:
    """Whether disjoint melds of a sorted, validated hand reach ``needed``, leaving
    ``keep`` cards, one of them holding ``must`` if given (the engine's hot path)."""
    if len(cards) - keep < (
        rules.set_min if rules.set_min < rules.sequence_min else rules.sequence_min
    ):
        return needed <= 0 and must is None and len(cards) >= keep
    caches: OpeningCaches = rules.tables.owned[OpeningCaches]
    cache = caches.opening_answers
    key = (cards, needed, keep, must)
    found = cache.get(key)
    if found is None:
        found = None
        if must is None and needed > 0 and solver_serves(rules):
            found = solver_can_open(cards, needed, rules, keep)
        if found is None:
            found = _packing(cards, rules).reaches(needed, keep, must)
        cache.put(key, found)
    return found


def opening_starts(
    cards: tuple[Card, ...],
    needed: int,
    rules: MeldRules,
    keep: int,
    final_keep: int,
    close_ok: bool,
    must: Card | None,
) -> tuple[Meld, ...]:
    """The melds a player who has not opened may put down next (the engine's hot path):
    those after which the opening can still reach ``needed``."""
    caches: OpeningCaches = rules.tables.owned[OpeningCaches]
    key = (cards, needed, keep, final_keep, close_ok, must)
    if must is None and needed > 0 and solver_serves(rules):
        solved_cache = caches.solved_starts
        found = solved_cache.get(key)
        if found is not None:
            return found
        # The search's cache is not looked at first: hashing the key again costs every
        # call 0.5% of a playout's instructions, while the hands the solver leaves to the
        # search (one call in some 20,000) only pay the solver again.
        found = solver_starts(cards, needed, rules, keep, len(cards) - final_keep, close_ok)
        if found is not None:
            return solved_cache.put(key, found)
    cache = caches.opening_starts
    found = cache.get(key)
    if found is None:
        if not can_open_sorted(cards, needed, rules, final_keep, must):
            found = ()
        else:
            found = _packing(cards, rules).starts(needed, keep, final_keep, close_ok, must)
        cache.put(key, found)
    return found
