"""The disjoint melds of a hand: the memoized search behind the best opening, the least
deadwood and the closing search, and the checks of the hands they are given (internal).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from scala40._checks import describe
from scala40.cards import ACE, RANK_OF, SUIT_OF, Card, as_cards
from scala40.errors import InvalidValueError
from scala40.games.scala40.rules import MAX_HAND_SIZE, Ruleset, hand_value
from scala40.games.scala40.search import (
    meld_order,
    sorted_hand_melds,
)
from scala40.melds import Meld, MeldRules

__all__ = [
    "COUNT_WEIGHTS",
    "LEAST_LEFT",
    "MAX_HAND_CARDS",
    "MAX_THRESHOLD",
    "ORDERS",
    "Found",
    "MeldSearch",
    "check_count",
    "hand_rules",
    "solve",
    "sorted_hand",
    "without",
]

MAX_HAND_CARDS = MAX_HAND_SIZE + 1
"""The most cards a hand given to the analysis may hold: 14, a hand of 13 and the card
drawn (S40-DEAL); published as :data:`scala40.games.scala40.analysis.MAX_HAND_CARDS`."""
MAX_THRESHOLD = 100_000
"""The largest opening threshold (or ``keep``) the analysis takes; published as
:data:`scala40.games.scala40.analysis.MAX_THRESHOLD`."""


# ---------------------------------------------------------------- card weights

# Penalty of each card code left in hand (S40-HAND-VALUE), by S40-V-HIGHVALUES switch. The
# lone ace of S40-V-LONEACE is the one exception to adding them up; the searches below
# handle it apart.
_WEIGHTS: dict[bool, tuple[int, ...]] = {
    high: tuple(hand_value((card,), Ruleset(high_card_values=high)) for card in range(53))
    for high in (False, True)
}
COUNT_WEIGHTS = (1,) * 53


def hand_rules(rules: object) -> tuple[tuple[int, ...], bool]:
    """The penalty of each card and whether S40-V-LONEACE applies, for any rules argument
    (a bare :class:`MeldRules`, or ``None``, counts the official penalties)."""
    if isinstance(rules, Ruleset):
        return _WEIGHTS[rules.high_card_values], rules.lone_ace_scores_one
    return _WEIGHTS[False], False


def check_count(name: str, value: object, most: int = MAX_THRESHOLD) -> int:
    if type(value) is not int or not 0 <= value <= most:
        raise InvalidValueError(
            f"{name} must be an integer of at least 0 (at most {most}), got {describe(value)}"
        )
    return value


def sorted_hand(hand: object, most: int = MAX_HAND_CARDS) -> tuple[Card, ...]:
    """The cards of ``hand``, sorted, once they are known to be at most ``most``."""
    cards = tuple(sorted(as_cards(hand)))  # type: ignore[arg-type]
    if len(cards) > most:
        raise InvalidValueError(
            f"a hand of {len(cards)} cards: this analysis takes hands of at most {most} cards"
        )
    return cards


def without(cards: tuple[Card, ...], used: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` less ``used`` (a multiset difference; every card of ``used`` is there)."""
    left = list(cards)
    for card in used:
        left.remove(card)
    return tuple(left)


# ---------------------------------------------------------------- disjoint melds of a hand

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


_Front = list[tuple[int, int, int]]


def _search_key(rules: MeldRules) -> Callable[[Card], tuple[int, ...]]:
    """The order in which :class:`MeldSearch` places cards: rank by rank (in the rules'
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


class MeldSearch:
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
        self.counts = Counter(cards)
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
        self.unit = [1 << (index * width) for index in range(len(distinct))]
        self.guard = sum(unit << (width - 1) for unit in self.unit)
        self.field_of_bit = [bit // width for bit in range(len(distinct) * width)]
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
        self.scale = 1 + max(
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
        start = (rem, len(cards) - len(loose))
        must_field = len(self.distinct) if must is None else field_of_card[must]
        done = must is None
        path = self._scalar(order, start, room, must_field, done)
        if path is not None and self._value_of(path) >= threshold:
            return self._found(path, loose)
        if order[0] == _VALUE or threshold <= 0:
            return None
        path = self._front(order, start, room, must_field, done, threshold)
        return None if path is None else self._found(path, loose)

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
        packed = self._packed(order)
        options = self.options
        by_field = self.by_field
        unit = self.unit
        guard = self.guard
        field_of_bit = self.field_of_bit
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
            field = field_of_bit[(rem & -rem).bit_length() - 1]
            if not done and field > must_field:
                memo[key] = (-1, 0)
                return -1
            top = best(rem - unit[field], count - 1, room, done)
            choice = -1 - field
            for index in by_field[field]:
                delta, size, _, _ = options[index]
                if size > room:
                    continue
                rest = (rem | guard) - delta
                if rest & guard != guard:
                    continue
                child = best(
                    rest ^ guard,
                    count - size,
                    room - size,
                    done or index in must_options,
                )
                if child >= 0 and child + packed[index] > top:
                    top = child + packed[index]
                    choice = index
            memo[key] = (top, choice)
            return top

        rem, count = start
        if best(rem, count, room, done) < 0:
            return None
        path: list[int] = []
        while rem:
            _, choice = memo[(rem, room if room < count else count, done)]
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
        start: tuple[int, int],
        room: int,
        must_field: int,
        done: bool,
        threshold: int,
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
        by_field = self.by_field
        unit = self.unit
        guard = self.guard
        field_of_bit = self.field_of_bit
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
            hit = memo.get(key)
            if hit is not None:
                return hit
            field = field_of_bit[(rem & -rem).bit_length() - 1]
            if not done and field > must_field:
                memo[key] = empty
                return empty
            leave = -1 - field
            candidates = [
                (value, other, leave)
                for value, other, _ in front(rem - unit[field], count - 1, room, done)
            ]
            for index in by_field[field]:
                delta, size, parts, _ = options[index]
                if size > room:
                    continue
                rest = (rem | guard) - delta
                if rest & guard != guard:
                    continue
                child = front(
                    rest ^ guard, count - size, room - size, done or index in must_options
                )
                value, other = parts[_VALUE], second[index]
                candidates.extend((v + value, o + other, index) for v, o, _ in child)
            candidates.sort(key=lambda entry: (-entry[0], -entry[1]))
            kept: _Front = []
            best_other = -1
            for entry in candidates:
                if entry[1] > best_other:
                    kept.append(entry)
                    best_other = entry[1]
            memo[key] = kept
            return kept

        rem, count = start
        root = front(rem, count, room, done)
        reaching = [entry for entry in root if entry[0] >= threshold]
        if not reaching:
            return None
        value, other, _ = max(
            reaching, key=lambda entry: (entry[1] // scale, entry[0], entry[1] % scale)
        )
        path: list[int] = []
        while rem:
            entries = memo[(rem, room if room < count else count, done)]
            choice = next(c for v, o, c in entries if v == value and o == other)
            path.append(choice)
            if choice < 0:
                rem -= unit[-1 - choice]
                count -= 1
            else:
                delta, size, parts, _ = options[choice]
                rem = ((rem | guard) - delta) ^ guard
                count -= size
                room -= size
                value -= parts[_VALUE]
                other -= second[choice]
                done = done or choice in must_options
        return path


def solve(
    cards: tuple[Card, ...],
    rules: MeldRules,
    weights: Sequence[int],
    lone_ace: bool,
    order: tuple[int, int, int],
    keep: int,
    must: Card | None = None,
    threshold: int = 0,
    search: MeldSearch | None = None,
) -> Found | None:
    """The best disjoint melds of a sorted hand by ``order`` (see :class:`MeldSearch`;
    ``search``, if given, is one over a hand holding ``cards``), with S40-V-LONEACE taken
    into account when ``lone_ace``."""
    if search is None:
        search = MeldSearch(cards, rules, weights)
    found = search.best(order, keep, must, threshold, cards)
    if not (lone_ace and keep <= 1):
        return found
    # The lone ace (S40-V-LONEACE) costs 1, which breaks the sum of penalties, but only
    # when it is the one card left: compare each way to leave exactly one ace as well.
    total = sum(weights[card] for card in cards)
    candidates = [] if found is None else [_lone_ace_fix(found)]
    for ace in sorted({card for card in cards if RANK_OF[card] == ACE}):
        rest = without(cards, (ace,))
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
