"""The general opening search: branch and bound over the disjoint melds of a hand
(internal).

It answers whether a hand can open (S40-OPEN) and which melds may start the opening under
any :class:`~scala40.MeldRules`; the solver of :mod:`~scala40.games.scala40.opening_solver`
answers faster where it serves, and leaves it the hands it cannot tell.
"""

from __future__ import annotations

from collections.abc import Iterable

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import Card
from scala40.games.scala40.meld_tables import sorted_hand_melds
from scala40.melds import Meld, MeldRules

__all__ = [
    "CARD_FIELD",
    "GUARDS",
    "ONE_CARD",
    "OpeningSearch",
    "OpeningSearchCaches",
    "card_count",
    "multiset_code",
    "search_opening",
    "searched_can_open",
    "searched_opening_starts",
    "searcher",
]


class OpeningSearchCaches:
    """What the opening searches remember under one :class:`~scala40.MeldRules`."""

    __slots__ = (
        "failed",
        "meld_options",
        "reached",
        "searches",
    )

    def __init__(self) -> None:
        self.meld_options: BoundedCache[
            tuple[Card, ...], tuple[int, int, int, frozenset[Card]]
        ] = BoundedCache("scala40 opening options")
        """Each meld's cards as a multiset code, their number, their bound and the
        distinct cards."""
        self.searches: BoundedCache[tuple[tuple[Card, ...], int], OpeningSearch] = BoundedCache(
            "scala40 opening searches", HAND_LIMIT // 4
        )
        """The search of a hand, whose memo serves every question about it."""
        self.reached: BoundedCache[int, int] = BoundedCache("scala40 opening reached")
        """For a multiset of cards and a room, the most value known reached."""
        self.failed: BoundedCache[int, int] = BoundedCache("scala40 opening failed")
        """For a multiset of cards and a room, the least value known missed."""


def searched_can_open(
    cards: tuple[Card, ...], needed: int, rules: MeldRules, keep: int, must: Card | None
) -> bool:
    """:func:`can_open_sorted` by the general search alone, remembering no answer: slower,
    and the reference the tests hold the solver to."""
    if len(cards) - keep < min(rules.set_min, rules.sequence_min):
        return needed <= 0 and must is None and len(cards) >= keep
    return search_opening(cards, needed, rules, keep, must)


def searched_opening_starts(
    cards: tuple[Card, ...],
    needed: int,
    rules: MeldRules,
    keep: int,
    final_keep: int,
    close_ok: bool,
    must: Card | None,
) -> tuple[Meld, ...]:
    """:func:`opening_starts` by the general search alone, remembering no answer."""
    if not searched_can_open(cards, needed, rules, final_keep, must):
        return ()
    return OpeningSearch(cards, rules, final_keep).opening_starts(needed, keep, close_ok, must)


def search_opening(
    cards: tuple[Card, ...], needed: int, rules: MeldRules, keep: int, must: Card | None
) -> bool:
    """Whether the hand can open, by the general search (branch and bound)."""
    melds = sorted_hand_melds(cards, rules)
    if must is not None:
        if not any(must in m.cards for m in melds):
            return False
    elif needed <= 0:
        return True
    if not melds:
        return False
    search = searcher(cards, rules, keep)
    if search.max_used < 0:
        return False
    search._prepare()
    # The cheap bound first: every card that sits in some meld, at its best value.
    if search.root_bound < needed:
        return False
    return search._reach_with(
        search.live, search.live_count, needed, search.max_used, must, search.root_bound
    )


def searcher(cards: tuple[Card, ...], rules: MeldRules, keep: int) -> OpeningSearch:
    """The opening search of a hand, kept so that its memo serves every question asked
    about that hand (can it open, which melds may start the opening)."""
    caches: OpeningSearchCaches = rules.tables.owned[OpeningSearchCaches]
    cache = caches.searches
    key = (cards, keep)
    found = cache.get(key)
    if found is None:
        found = cache.put(key, OpeningSearch(cards, rules, keep))
    return found


class OpeningSearch:
    """Branch and bound over disjoint melds of a hand.

    The cards left are one int: a 5-bit field per card holds its count (at most 8, the
    most jokers a deck has), with the top bit of each field kept free as a guard, so
    taking a meld's cards is one subtraction and checking that they were all there is
    one mask (a field that went below zero borrows its guard bit).
    """

    def __init__(self, cards: tuple[Card, ...], rules: MeldRules, keep: int) -> None:
        self.cards = cards
        self.rules = rules
        self.keep = keep
        self.max_used = len(cards) - keep
        self.code = multiset_code(cards)
        self.by_card: dict[Card, list[tuple[int, int, int, int]]] = {}
        self.meldable = 0
        self.values: tuple[int, ...] = ()
        self.root_bound = 0
        self.live = 0
        self.live_count = 0
        self.smallest = min(rules.set_min, rules.sequence_min)
        # What is known about (cards, room) pairs holds whatever hand they came from:
        # the searches of every hand under these rules share it.
        caches: OpeningSearchCaches = rules.tables.owned[OpeningSearchCaches]
        self.reached = caches.reached.make_room()
        self.failed = caches.failed.make_room()
        self.prepared = False

    def _prepare(self) -> None:
        if self.prepared:
            return
        self.prepared = True
        values = self.rules.tables.best_values
        # Readings of the same cards differ only in value: keep the best one of each.
        caches: OpeningSearchCaches = self.rules.tables.owned[OpeningSearchCaches]
        known = caches.meld_options
        best: dict[int, tuple[int, int, int, frozenset[Card]]] = {}
        for meld in sorted_hand_melds(self.cards, self.rules):
            # Keyed by the cards alone: what is kept depends on nothing else, and a tuple
            # of ints compares far faster than two equal melds.
            cards = meld.cards
            found = known.get(cards)
            if found is None:
                found = known.put(
                    cards,
                    (multiset_code(cards), len(cards), sum(values[card] for card in cards),
                     frozenset(cards)),
                )  # fmt: skip
            previous = best.get(found[0])
            if previous is None or previous[0] < meld.value:
                best[found[0]] = (meld.value, found[1], found[2], found[3])
        # The options holding each card, best first: the lowest card left picks the
        # branches, and a good branch tried first ends a successful search sooner.
        by_card: dict[Card, list[tuple[int, int, int, int]]] = {}
        for code, (value, size, worth, distinct) in sorted(
            best.items(), key=lambda item: -item[1][0]
        ):
            option = (code, size, value, worth)
            for card in distinct:
                by_card.setdefault(card, []).append(option)
        self.by_card = by_card
        self.meldable = sum(CARD_FIELD[card] for card in by_card)
        self.values = values
        self.root_bound = self.bound(self.code)
        self.live = self.code & self.meldable
        self.live_count = card_count(self.live)

    def bound(self, code: int) -> int:
        """An upper bound on the value of melds from the cards in ``code``: each card that
        sits in some meld of the hand, at its best value."""
        values = self.values
        return sum(values[card] * ((code >> 5 * card) & 0b01111) for card in self.by_card)

    def _reach_with(
        self, code: int, left: int, needed: int, room: int, must: Card | None, bound: int
    ) -> bool:
        """Whether melds from the ``left`` cards in ``code`` (all of them in some meld of
        the hand; ``bound`` is their :meth:`bound`), using at most ``room`` cards, one of
        them holding ``must`` if given, reach ``needed``."""
        if must is None:
            return needed <= 0 or self._reach(code, left, room, needed, bound)
        for option, size, value, worth in self.by_card.get(must, ()):
            if size > room:
                continue
            rest = (code | GUARDS) - option
            if rest & GUARDS != GUARDS:
                continue
            if value >= needed or self._reach(
                rest ^ GUARDS, left - size, room - size, needed - value, bound - worth
            ):
                return True
        return False

    def _reach(self, code: int, left: int, room: int, needed: int, bound: int) -> bool:
        """Whether disjoint melds from the ``left`` cards in ``code`` (all of them in some
        meld of the hand; ``bound`` is their :meth:`bound`), using at most ``room`` cards,
        reach ``needed`` (above 0).

        Memoized both ways: the most needed that was reached from these cards, and the
        least needed that was not.
        """
        if bound < needed or room < self.smallest:
            return False
        # A room as large as the cards left limits nothing: one key serves every such room.
        key = code << 7 | (room if room < left else 127)  # no deck has 127 cards
        failed = self.failed.get(key)
        if failed is not None and needed >= failed:
            return False
        if needed <= self.reached.get(key, 0):
            return True
        lowest = ((code & -code).bit_length() - 1) // 5
        # Either a meld holding the lowest card goes down, or one copy of that card stays
        # in hand.
        found = False
        for option, size, value, worth in self.by_card[lowest]:
            if size <= room:
                rest = (code | GUARDS) - option
                if rest & GUARDS == GUARDS and (
                    value >= needed
                    or self._reach(
                        rest ^ GUARDS, left - size, room - size, needed - value, bound - worth
                    )
                ):
                    found = True
                    break
        if not found:
            found = self._reach(
                code - ONE_CARD[lowest], left - 1, room, needed, bound - self.values[lowest]
            )
        if found:
            self.reached[key] = needed
        elif failed is None or needed < failed:
            self.failed[key] = needed
        return found

    def opening_starts(
        self, needed: int, keep: int, close_ok: bool, must: Card | None
    ) -> tuple[Meld, ...]:
        """The melds that can be put down next in an opening still short of ``needed``: each
        must leave the rest reachable, with ``keep`` cards for the discard (or none, when
        ``close_ok``), and with ``must`` in the opening (S40-OPEN, S40-V-EARLYDISCARD)."""
        return tuple(
            meld
            for meld in sorted_hand_melds(self.cards, self.rules)
            if self.starts_with(meld, needed, keep, close_ok, must)
        )

    def starts_with(
        self, meld: Meld, needed: int, keep: int, close_ok: bool, must: Card | None
    ) -> bool:
        """Whether ``meld`` (of the hand) can be put down next in an opening still short of
        ``needed`` (see :meth:`opening_starts`)."""
        size = len(meld.cards)
        rest = len(self.cards) - size
        still = needed - meld.value
        still_must = None if must is None or must in meld.cards else must
        if still <= 0:
            return still_must is None and (rest >= keep or (rest == 0 and close_ok))
        room = rest - self.keep
        if room < 0:
            return False
        self._prepare()
        # What the search knows of each meld was kept when it was prepared.
        caches: OpeningSearchCaches = self.rules.tables.owned[OpeningSearchCaches]
        option = caches.meld_options.get(meld.cards)
        if option is None:
            option = (
                multiset_code(meld.cards),
                size,
                self.bound(multiset_code(meld.cards)),
                frozenset(),
            )
        return self._reach_with(
            self.live - option[0],
            self.live_count - size,
            still,
            room,
            still_must,
            self.root_bound - option[2],
        )


# One 5-bit field per card (53 of them); see OpeningSearch.
ONE_CARD = tuple(1 << 5 * card for card in range(53))
CARD_FIELD = tuple(0b01111 << 5 * card for card in range(53))
GUARDS = sum(0b10000 << 5 * card for card in range(53))


def card_count(code: int) -> int:
    """How many cards the multiset ``code`` holds (the sum of its fields, bit by bit)."""
    return (
        (code & _BITS[0]).bit_count()
        + 2 * (code & _BITS[1]).bit_count()
        + 4 * (code & _BITS[2]).bit_count()
        + 8 * (code & _BITS[3]).bit_count()
    )


_BITS = tuple(sum(1 << 5 * card + bit for card in range(53)) for bit in range(4))


def multiset_code(cards: Iterable[Card]) -> int:
    ones = ONE_CARD
    return sum(ones[card] for card in cards)
