"""The packing search: the best disjoint melds of a hand (internal).

One search answers every question the engine and the analysis ask about packing a hand
into disjoint melds: whether it can open (S40-OPEN), which melds may start an opening,
the best opening by meld value, by cards left or by penalty left, and the least
deadwood of what a turn leaves to meld. It serves any :class:`~scala40.MeldRules`, and
is the reference: the opening solver of :mod:`~scala40.games.scala40.hand.solver`
answers the engine's two questions faster where it serves, and the tests hold it to
this search, and this search to a brute-force oracle over every set of disjoint melds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from scala40._base.engine import without
from scala40.cards import ACE, RANK_OF, SUIT_OF, Card
from scala40.games.scala40.hand.tables import meld_order, sorted_hand_melds
from scala40.melds import Meld, MeldRules

__all__ = [
    "COUNT_WEIGHTS",
    "LEAST_LEFT",
    "ORDERS",
    "Found",
    "Packing",
    "best_packing",
]

COUNT_WEIGHTS = (1,) * 53
"""Every card weighs one: the penalty left is the number of cards left."""

# The three additive parts of a set of melds: its meld value, the cards it uses, and the
# penalty it takes out of the hand. A criterion compares them in some order.
_VALUE, _USED, _REMOVED = 0, 1, 2
ORDERS: dict[str, tuple[int, int, int]] = {
    "value": (_VALUE, _USED, _REMOVED),
    "cards": (_USED, _VALUE, _REMOVED),
    "deadwood": (_REMOVED, _VALUE, _USED),
}
# Least penalty, then fewest cards left: the order of min_deadwood and of the close search.
LEAST_LEFT = (_REMOVED, _USED, _VALUE)
_MOST_VALUE = ORDERS["value"]


_Front = list[tuple[int, int, int]]


def _search_key(rules: MeldRules) -> Callable[[Card], tuple[int, ...]]:
    """The order in which :class:`Packing` places cards: rank by rank (in the rules'
    rank order), the aces after the other ranks and the wild cards last.

    Placing the lowest card first, in this order, a set takes only cards of the rank being
    placed, and a sequence takes the next ranks of one suit: what is left of each suit is
    its cards from the current rank up, less a few runs started below it. The sub-multisets
    the search meets stay few (polynomial in the hand), where an order suit by suit, whose
    sets take cards out of every other suit, meets exponentially many on dense hands."""
    wild = rules.tables.wild_cards
    middle = [rank for rank in rules.rank_order if rank != ACE]
    place = {rank: index for index, rank in enumerate(middle)}

    def key(card: Card) -> tuple[int, ...]:
        if card in wild:
            return (2, card)
        rank = RANK_OF[card]
        if rank == ACE:
            return (1, card)
        return (0, place.get(rank, len(middle)), SUIT_OF[card])

    return key


class Found(NamedTuple):
    """A set of disjoint melds of a hand and the cards it leaves."""

    melds: tuple[Meld, ...]
    value: int
    left: tuple[Card, ...]
    left_weight: int
    """Penalty of :attr:`left`, the lone ace counted as the rules say."""


class Packing:
    """Memoized search over the disjoint melds of the sub-multisets of one hand.

    The search takes the lowest card still to place (in the order of :func:`_search_key`:
    rank by rank, which keeps the sub-multisets it meets few) and either leaves it in the
    hand or puts it in one of the melds that hold it (as their lowest card) and fit in
    what is left. What is still to place is a multiset, kept as one integer with a small field of
    bits per distinct card: taking a meld out is one subtraction, checked by guard bits.
    Every part of the objective adds up meld by meld, so the best completion of a
    multiset does not depend on how it was reached: it is memoized, and the memo serves
    every sub-multiset of the hand asked about (the deadwood search asks about many).
    """

    def __init__(self, cards: tuple[Card, ...], rules: MeldRules, weights: Sequence[int]) -> None:
        self.cards = cards
        self.rules = rules
        self.counts: Counter[Card] = Counter(cards)
        self.weights = weights
        best: dict[tuple[Card, ...], Meld] = {}
        for meld in sorted_hand_melds(cards, rules):
            # Readings of the same cards differ only in value: keep the best one.
            key = tuple(sorted(meld.cards))
            known = best.get(key)
            if known is None or meld.value > known.value:
                best[key] = meld
        distinct = sorted({card for key in best for card in key}, key=_search_key(rules))
        self.distinct = distinct
        field_of_card = {card: index for index, card in enumerate(distinct)}
        width = max([self.counts[card] for card in distinct] or [1]).bit_length() + 1
        self.unit: list[int] = [1 << (index * width) for index in range(len(distinct))]
        self.guard: int = sum(unit << (width - 1) for unit in self.unit)
        self.field_of_bit: list[int] = [bit // width for bit in range(len(distinct) * width)]
        self.field_of_card = field_of_card
        # The melds, each as (delta, size, (value, used, removed), meld), by lowest card.
        self.options: list[tuple[int, int, tuple[int, int, int], Meld]] = []
        self.by_field: list[list[int]] = [[] for _ in distinct]
        for key, meld in best.items():
            delta = sum(self.unit[field_of_card[card]] for card in key)
            parts = (meld.value, len(key), sum(weights[card] for card in key))
            self.by_field[min(field_of_card[card] for card in key)].append(len(self.options))
            self.options.append((delta, len(key), parts, meld))
        values = rules.tables.best_values
        self.scale: int = 1 + max(
            sum(values[card] for card in cards),
            len(cards),
            sum(weights[card] for card in cards),
        )
        self.memos: dict[tuple[tuple[int, int, int], int], dict[tuple[int, int, bool], Any]] = {}
        self.must_cache: dict[int, frozenset[int]] = {}
        self.packed_cache: dict[tuple[int, int, int], list[int]] = {}

    def covers(self, cards: Iterable[Card]) -> bool:
        """Whether ``cards`` is a sub-multiset of the hand searched."""
        return not Counter(cards) - self.counts

    def _start(self, cards: tuple[Card, ...]) -> tuple[int, int, list[Card]]:
        """``cards`` (a sub-multiset of the hand searched) as the search holds them: the
        multiset of the cards in some meld, their number, and the cards in none."""
        rem = 0
        loose: list[Card] = []
        field_of_card = self.field_of_card
        unit = self.unit
        for card in cards:
            field = field_of_card.get(card)
            if field is None:
                loose.append(card)
            else:
                rem += unit[field]
        return rem, len(cards) - len(loose), loose

    def best(
        self,
        order: tuple[int, int, int],
        keep: int,
        must: Card | None,
        threshold: int,
        hand: tuple[Card, ...] | None = None,
    ) -> Found | None:
        """The best melds of ``hand`` (a sorted sub-multiset of the hand searched, all of
        it by default) by ``order`` (parts compared in that order), leaving at least
        ``keep`` cards, one meld holding ``must`` if given, worth at least ``threshold``;
        ``None`` if there are none (leaving everything counts when nothing is asked)."""
        cards = self.cards if hand is None else hand
        room = len(cards) - keep
        if room < 0:
            return None
        if must is not None and must not in self.field_of_card:
            return None
        rem, count, loose = self._start(cards)
        start = (rem, count)
        must_field = len(self.distinct) if must is None else self.field_of_card[must]
        done = must is None
        path = self._scalar(order, start, room, must_field, done)
        if path is not None and self._value_of(path) >= threshold:
            return self._found(path, loose)
        if order[0] == _VALUE or threshold <= 0:
            return None
        path = self._front(order, threshold, start, room, must_field, done)
        return None if path is None else self._found(path, loose)

    def most_value(
        self, keep: int, must: Card | None, hand: tuple[Card, ...] | None = None
    ) -> int:
        """The most meld value of disjoint melds of ``hand`` (a sorted sub-multiset of the
        hand searched, all of it by default) leaving at least ``keep`` cards, one of them
        holding ``must`` if given; -1 if no melds fit so (0: no meld at all fits, or
        none is needed)."""
        cards = self.cards if hand is None else hand
        room = len(cards) - keep
        if room < 0 or (must is not None and must not in self.field_of_card):
            return -1
        rem, count, _ = self._start(cards)
        must_field = len(self.distinct) if must is None else self.field_of_card[must]
        top = self._top(_MOST_VALUE, rem, count, room, must_field, must is None)
        return top // (self.scale * self.scale) if top >= 0 else -1

    def reaches(
        self, needed: int, keep: int, must: Card | None, hand: tuple[Card, ...] | None = None
    ) -> bool:
        """Whether disjoint melds of ``hand`` (all of the hand searched by default) worth
        at least ``needed`` leave ``keep`` cards, one of them holding ``must`` if given:
        whether the hand can open (S40-OPEN, S40-V-EARLYDISCARD)."""
        if needed <= 0 and must is None:
            return len(self.cards if hand is None else hand) >= keep
        value = self.most_value(keep, must, hand)
        return value >= 0 and value >= needed

    def starts(
        self, needed: int, keep: int, final_keep: int, close_ok: bool, must: Card | None
    ) -> tuple[Meld, ...]:
        """The melds of the hand that can be put down next in an opening still short of
        ``needed`` (:meth:`starts_with`), in the order of the hand's melds."""
        return tuple(
            meld
            for meld in sorted_hand_melds(self.cards, self.rules)
            if self.starts_with(meld, needed, keep, final_keep, close_ok, must)
        )

    def starts_with(
        self,
        meld: Meld,
        needed: int,
        keep: int,
        final_keep: int,
        close_ok: bool,
        must: Card | None,
    ) -> bool:
        """Whether ``meld`` (of the hand) can be put down next in an opening still short
        of ``needed``: the rest must stay reachable with ``final_keep`` cards kept at the
        end, ``keep`` cards left if the meld completes it (or none, when ``close_ok``),
        and ``must`` in the opening (S40-OPEN, S40-V-EARLYDISCARD)."""
        cards = self.cards
        rest = len(cards) - len(meld.cards)
        still = needed - meld.value
        still_must = None if must is None or must in meld.cards else must
        if still <= 0:
            return still_must is None and (rest >= keep or (rest == 0 and close_ok))
        left = without(cards, meld.cards)
        return left is not None and self.reaches(still, final_keep, still_must, left)

    def _value_of(self, path: list[int]) -> int:
        return sum(self.options[index][2][_VALUE] for index in path if index >= 0)

    def _found(self, path: list[int], loose: list[Card]) -> Found:
        melds = tuple(sorted((self.options[i][3] for i in path if i >= 0), key=meld_order))
        left = list(loose)
        for index in path:
            if index < 0:
                left.append(self.distinct[-1 - index])
        left.sort()
        return Found(
            melds,
            sum(meld.value for meld in melds),
            tuple(left),
            sum(self.weights[card] for card in left),
        )

    def _must_options(self, must_field: int) -> frozenset[int]:
        """The options holding the card of ``must_field`` (none past the last field)."""
        found = self.must_cache.get(must_field)
        if found is None:
            card = self.distinct[must_field] if must_field < len(self.distinct) else None
            found = self.must_cache[must_field] = frozenset(
                i for i, option in enumerate(self.options) if card in option[3].cards
            )
        return found

    def _packed(self, order: tuple[int, int, int]) -> list[int]:
        """Each option's parts as one integer that compares in ``order``."""
        found = self.packed_cache.get(order)
        if found is None:
            scale = self.scale
            found = self.packed_cache[order] = [
                (parts[order[0]] * scale + parts[order[1]]) * scale + parts[order[2]]
                for _, _, parts, _ in self.options
            ]
        return found

    def _top(
        self,
        order: tuple[int, int, int],
        rem: int,
        count: int,
        room: int,
        must_field: int,
        done: bool,
    ) -> int:
        """The best parts by ``order`` (packed) of the melds from the multiset ``rem`` of
        ``count`` cards, within ``room`` cards, one holding the card of ``must_field``
        unless ``done``; -1 if none fit so. What each multiset was found to give is kept
        in the memo of ``order`` and ``must_field``: the best and the choice that gives
        it (an option index, or ``-1 - field`` to leave a card of that field)."""
        packed = self._packed(order)
        unit = self.unit
        branches = self._branches
        must_options = self._must_options(must_field)
        memo: dict[tuple[int, int, bool], tuple[int, int]] = self.memos.setdefault(
            (order, must_field), {}
        )

        def best(rem: int, count: int, room: int, done: bool) -> int:
            if not rem:
                return 0 if done else -1
            key = (rem, room if room < count else count, done)
            hit = memo.get(key)
            if hit is not None:
                return hit[0]
            found = branches(rem, room, done, must_field, must_options)
            if found is None:
                memo[key] = (-1, 0)
                return -1
            field, fits = found
            top = best(rem - unit[field], count - 1, room, done)
            choice = -1 - field
            for index, rest, size, placed in fits:
                child = best(rest, count - size, room - size, placed)
                if child >= 0 and child + packed[index] > top:
                    top = child + packed[index]
                    choice = index
            memo[key] = (top, choice)
            return top

        return best(rem, count, room, done)

    def _branches(
        self, rem: int, room: int, done: bool, must_field: int, must_options: frozenset[int]
    ) -> tuple[int, list[tuple[int, int, int, bool]]] | None:
        """How a search goes on from the multiset ``rem`` (not empty): the field of its
        lowest card, which either stays in hand or goes down in one of the options that
        hold it and fit within ``room``, each given as (option, multiset left, its size,
        whether the card asked for is placed then); ``None`` if the card of
        ``must_field``, not placed yet (``done`` false), is now out of reach."""
        field = self.field_of_bit[(rem & -rem).bit_length() - 1]
        if not done and field > must_field:
            return None
        options = self.options
        guard = self.guard
        fits = []
        for index in self.by_field[field]:
            delta, size, _, _ = options[index]
            if size <= room:
                rest = (rem | guard) - delta
                if rest & guard == guard:
                    fits.append((index, rest ^ guard, size, done or index in must_options))
        return field, fits

    def _scalar(
        self,
        order: tuple[int, int, int],
        start: tuple[int, int],
        room: int,
        must_field: int,
        done: bool,
    ) -> list[int] | None:
        """The lexicographic best by ``order``, as the path of choices (an option index,
        or ``-1 - field`` to leave a card of that field)."""
        rem, count = start
        if self._top(order, rem, count, room, must_field, done) < 0:
            return None
        memo = self.memos[(order, must_field)]
        return self._path(start, room, must_field, done, lambda key: memo[key][1])

    def _path(
        self,
        start: tuple[int, int],
        room: int,
        must_field: int,
        done: bool,
        choose: Callable[[tuple[int, int, bool]], int],
    ) -> list[int]:
        """The choices (an option index, or ``-1 - field`` to leave a card of that field)
        from the multiset ``start`` down to nothing, each one ``choose`` makes from the
        memo key of the multiset still to place."""
        rem, count = start
        options = self.options
        unit = self.unit
        guard = self.guard
        must_options = self._must_options(must_field)
        path: list[int] = []
        while rem:
            choice = choose((rem, room if room < count else count, done))
            path.append(choice)
            if choice < 0:
                rem -= unit[-1 - choice]
                count -= 1
            else:
                delta, size, _, _ = options[choice]
                rem = ((rem | guard) - delta) ^ guard
                count -= size
                room -= size
                done = done or choice in must_options
        return path

    def _front(
        self,
        order: tuple[int, int, int],
        threshold: int,
        start: tuple[int, int],
        room: int,
        must_field: int,
        done: bool,
    ) -> list[int] | None:
        """The best by ``order`` among the melds worth at least ``threshold``, for an order
        that does not put the meld value first.

        Each multiset keeps its Pareto front of completions: meld value against the other
        two parts (compared in order); a completion another beats on both never matters.
        """
        scale = self.scale
        first, _, last = order
        second = [parts[first] * scale + parts[last] for _, _, parts, _ in self.options]
        options = self.options
        unit = self.unit
        branches = self._branches
        must_options = self._must_options(must_field)
        # A front: (value, the other parts packed, choice), by value downwards.
        # (Fronts are kept apart from the scalar answers: their orders hold a -1.)
        memo: dict[tuple[int, int, bool], _Front] = self.memos.setdefault(
            ((first, -1, last), must_field), {}
        )
        empty: _Front = []
        finished: _Front = [(0, 0, 0)]

        def front(rem: int, count: int, room: int, done: bool) -> _Front:
            if not rem:
                return finished if done else empty
            key = (rem, room if room < count else count, done)
            known = memo.get(key)
            if known is not None:
                return known
            found = branches(rem, room, done, must_field, must_options)
            if found is None:
                memo[key] = empty
                return empty
            field, fits = found
            leave = -1 - field
            candidates = [
                (value, other, leave)
                for value, other, _ in front(rem - unit[field], count - 1, room, done)
            ]
            for index, rest, size, placed in fits:
                value, other = options[index][2][_VALUE], second[index]
                candidates.extend(
                    (v + value, o + other, index)
                    for v, o, _ in front(rest, count - size, room - size, placed)
                )
            candidates.sort(key=lambda entry: (-entry[0], -entry[1]))
            kept: _Front = []
            best_other = -1
            for entry in candidates:
                if entry[1] > best_other:
                    kept.append(entry)
                    best_other = entry[1]
            memo[key] = kept
            return kept

        root = front(*start, room, done)
        reaching = [entry for entry in root if entry[0] >= threshold]
        if not reaching:
            return None
        value, other, _ = max(
            reaching, key=lambda entry: (entry[1] // scale, entry[0], entry[1] % scale)
        )
        wanted = [value, other]  # what the completion chosen still holds

        def choose(key: tuple[int, int, bool]) -> int:
            choice = next(c for v, o, c in memo[key] if v == wanted[0] and o == wanted[1])
            if choice >= 0:
                wanted[0] -= options[choice][2][_VALUE]
                wanted[1] -= second[choice]
            return choice

        return self._path(start, room, must_field, done, choose)


def best_packing(
    cards: tuple[Card, ...],
    rules: MeldRules,
    weights: Sequence[int],
    lone_ace: bool,
    order: tuple[int, int, int],
    keep: int,
    must: Card | None = None,
    threshold: int = 0,
    search: Packing | None = None,
) -> Found | None:
    """The best disjoint melds of a sorted hand by ``order`` (see :class:`Packing`;
    ``search``, if given, is one over a hand holding ``cards``), with S40-V-LONEACE taken
    into account when ``lone_ace``: the best opening and the least deadwood."""
    if search is None:
        search = Packing(cards, rules, weights)
    found = search.best(order, keep, must, threshold, cards)
    if not (lone_ace and keep <= 1):
        return found
    # The lone ace (S40-V-LONEACE) costs 1, which breaks the sum of penalties, but only
    # when it is the one card left: compare each way to leave exactly one ace as well.
    total = sum(weights[card] for card in cards)
    candidates = [] if found is None else [_lone_ace_fix(found)]
    for ace in sorted({card for card in cards if RANK_OF[card] == ACE}):
        rest = without(cards, (ace,))
        assert rest is not None
        whole = search.best(ORDERS["cards"], 0, must, threshold, rest)
        if whole is not None and not whole.left and whole.melds:
            candidates.append(Found(whole.melds, whole.value, (ace,), 1))
    if not candidates:
        return None

    def key(found: Found) -> tuple[int, ...]:
        parts = (found.value, len(cards) - len(found.left), total - found.left_weight)
        return tuple(parts[i] for i in order)

    return max(candidates, key=key)


def _lone_ace_fix(found: Found) -> Found:
    if len(found.left) == 1 and RANK_OF[found.left[0]] == ACE:
        return found._replace(left_weight=1)
    return found
