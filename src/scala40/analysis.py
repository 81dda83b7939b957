"""Hand analysis: every meld a hand can form, and the best opening it can make.

These are exact searches over a multiset of cards. The engine uses them to
keep its legal moves free of dead ends (a meld is only legal while the
opening threshold can still be reached, S40-OPEN), and bots use them to plan.

>>> from scala40 import parse_cards, format_cards
>>> from scala40.analysis import hand_melds, best_opening
>>> hand = parse_cards("JK 9C 8C 5D 5H 5S 2H")
>>> len(hand_melds(hand))
10
>>> opening = best_opening(hand)
>>> opening.value, [str(m) for m in opening.melds]
(42, ['5S 5H 5D', '8C 9C JK=10C'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import attrs

from scala40.cards import _RANK_OF, JOKER, Card, as_cards
from scala40.melds import Meld, MeldKind, MeldRules, RulesLike, resolve_meld_rules

__all__ = [
    "Opening",
    "best_opening",
    "can_open",
    "hand_melds",
]

_HAND_CACHE: dict[tuple[int, tuple[Card, ...]], tuple[Meld, ...]] = {}
_HAND_CACHE_LIMIT = 50_000


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 53
    for card in cards:
        counts[card] += 1
    return counts


def hand_melds(hand: Iterable[Card] | str, rules: RulesLike = None) -> tuple[Meld, ...]:
    """Every distinct meld (with every wild reading) that cards of ``hand`` can form.

    Two copies of a card give one meld, not two (C-IDENTITY). The result is
    sorted: sets before sequences, then by cards.

    >>> [str(m) for m in hand_melds("7S 8S 9S 9H 9D")]
    ['9S 9H 9D', '7S 8S 9S']
    """
    meld_rules = resolve_meld_rules(rules)
    cards = tuple(sorted(as_cards(hand)))
    key = (id(meld_rules), cards)
    found = _HAND_CACHE.get(key)
    if found is not None:
        return found
    found = _find_melds(cards, meld_rules)
    if len(_HAND_CACHE) >= _HAND_CACHE_LIMIT:
        _HAND_CACHE.clear()
    _HAND_CACHE[key] = found
    # Keep the rules alive while their id is a key, so the id is never reused.
    _RULES_KEEPALIVE[id(meld_rules)] = meld_rules
    return found


_RULES_KEEPALIVE: dict[int, MeldRules] = {}


def _find_melds(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    counts = _counts(cards)
    wild_set = rules.wild_cards
    wild_pool = [c for c in cards if c in wild_set]
    most_wilds = len(wild_pool) if rules.max_wilds is None else min(rules.max_wilds, len(wild_pool))
    wild_choices: list[list[tuple[Card, ...]]] = [
        sorted({tuple(sorted(combo)) for combo in combinations(wild_pool, size)})
        for size in range(most_wilds + 1)
    ]
    candidates: set[tuple[Card, ...]] = set()
    smallest = min(rules.set_min, rules.sequence_min)
    # Sets: natural cards of one rank (distinct suits when required) plus wilds.
    for rank in rules.rank_order:
        present = [
            s * 13 + rank - 1
            for s in range(4)
            if counts[s * 13 + rank - 1] and s * 13 + rank - 1 not in wild_set
        ]
        if not present:
            continue
        if rules.set_suits_distinct:
            natural_options = [
                combo for k in range(1, len(present) + 1) for combo in combinations(present, k)
            ]
        else:
            pool = [c for c in present for _ in range(counts[c])]
            natural_options = sorted(
                {
                    tuple(sorted(combo))
                    for k in range(1, min(len(pool), rules.set_max) + 1)
                    for combo in combinations(pool, k)
                }
            )
        for naturals in natural_options:
            for size in range(len(wild_choices)):
                total = len(naturals) + size
                if rules.set_min <= total <= rules.set_max and total >= smallest:
                    for wilds in wild_choices[size]:
                        candidates.add(tuple(sorted(naturals + wilds)))
    # Sequences: windows of slots of one suit, each slot natural (if held) or wild.
    slots = rules.sequence_slots
    longest = len(slots) if rules.sequence_max is None else min(rules.sequence_max, len(slots))
    for suit in range(4):
        window_cards = [suit * 13 + rank - 1 for rank in slots]
        held = [counts[c] > 0 and c not in wild_set for c in window_cards]
        if not any(held):
            continue
        for start in range(len(slots)):
            holes = 0
            for stop in range(start + 1, min(start + longest, len(slots)) + 1):
                if not held[stop - 1]:
                    holes += 1
                    if holes > most_wilds:
                        break
                length = stop - start
                if length < rules.sequence_min:
                    continue
                naturals = [window_cards[i] for i in range(start, stop) if held[i]]
                if not naturals:
                    continue
                spare = most_wilds - holes
                for extra in range(min(spare, len(naturals)) + 1):
                    for replaced in combinations(range(len(naturals)), extra):
                        kept = tuple(c for i, c in enumerate(naturals) if i not in replaced)
                        if not kept:
                            continue
                        for wilds in wild_choices[holes + extra]:
                            candidates.add(tuple(sorted(kept + wilds)))
    melds: set[Meld] = set()
    for candidate in candidates:
        if _fits(candidate, counts):
            melds.update(rules.readings(candidate))
    return tuple(sorted(melds, key=_meld_order))


def _fits(candidate: tuple[Card, ...], counts: list[int]) -> bool:
    previous = -1
    run = 0
    for card in candidate:
        run = run + 1 if card == previous else 1
        previous = card
        if run > counts[card]:
            return False
    return True


def _meld_order(meld: Meld) -> tuple[int, tuple[Card, ...], tuple[Card, ...], int]:
    return (0 if meld.kind is MeldKind.SET else 1, meld.represented, meld.cards, meld.start)


@attrs.frozen
class Opening:
    """A set of disjoint new melds from one hand, their total value and the cards left."""

    melds: tuple[Meld, ...]
    value: int
    remaining: tuple[Card, ...]


def best_opening(
    hand: Iterable[Card] | str,
    rules: RulesLike = None,
    *,
    keep: int = 1,
    must_include: Card | None = None,
) -> Opening | None:
    """The disjoint melds of highest total value that ``hand`` can put down (S40-OPEN).

    At least ``keep`` cards stay in hand (one to discard, S40-CLOSE), and when
    ``must_include`` is given one of the melds holds that card (a card taken
    from the discard pile, S40-DRAW-DISCARD). Ties are broken by fewer cards
    left, then by lower value left. Returns ``None`` when no meld fits.

    >>> best_opening("QH KH AH 2C 3D") .value
    31
    >>> best_opening("QH KH AH", keep=1) is None
    True
    """
    meld_rules = resolve_meld_rules(rules)
    cards = tuple(sorted(as_cards(hand)))
    search = _OpeningSearch(cards, meld_rules, keep, must_include)
    return search.best()


def can_open(
    hand: Iterable[Card] | str,
    threshold: int = 40,
    rules: RulesLike = None,
    *,
    keep: int = 1,
    must_include: Card | None = None,
) -> bool:
    """Whether ``hand`` can put down disjoint melds worth at least ``threshold`` (S40-OPEN),
    keeping ``keep`` cards, with one meld holding ``must_include`` if given.

    >>> can_open("JK 9C 8C 5D 5H 5S 2H"), can_open("9S 9H 9D 2S 2H 2D 4C")
    (True, False)
    """
    meld_rules = resolve_meld_rules(rules)
    cards = tuple(sorted(as_cards(hand)))
    return _OpeningSearch(cards, meld_rules, keep, must_include).reaches(threshold)


class _OpeningSearch:
    """Branch and bound over disjoint melds of a hand."""

    def __init__(
        self, cards: tuple[Card, ...], rules: MeldRules, keep: int, must_include: Card | None
    ) -> None:
        self.cards = cards
        self.rules = rules
        self.max_used = len(cards) - keep
        self.must = must_include
        melds = hand_melds(cards, rules)
        self.melds = sorted(melds, key=lambda m: -m.value)
        # The most a single card can add to a meld's value: an upper bound for pruning.
        top = max(rules.rank_values) if rules.wild_value is None else max(
            max(rules.rank_values), rules.wild_value
        )
        self.card_bound = top

    def _must_options(self) -> list[Meld]:
        if self.must is None:
            return []
        return [m for m in self.melds if self.must in m.cards]

    def reaches(self, threshold: int) -> bool:
        if self.max_used < 0:
            return False
        counts = _counts(self.cards)
        if self.must is None:
            if threshold <= 0:
                return True
            return self._reach(0, counts, threshold, self.max_used)
        for meld in self._must_options():
            if len(meld.cards) > self.max_used or not _take(counts, meld.cards):
                continue
            done = meld.value >= threshold or self._reach(
                0, counts, threshold - meld.value, self.max_used - len(meld.cards)
            )
            _give(counts, meld.cards)
            if done:
                return True
        return False

    def _reach(self, index: int, counts: list[int], needed: int, room: int) -> bool:
        melds = self.melds
        for i in range(index, len(melds)):
            meld = melds[i]
            size = len(meld.cards)
            if size > room:
                continue
            # Values are sorted descending: no meld from here on can close a bigger gap
            # than room // 3 melds of this value.
            if meld.value * (room // self.rules.sequence_min + 1) < needed:
                return False
            if not _take(counts, meld.cards):
                continue
            ok = meld.value >= needed or self._reach(i, counts, needed - meld.value, room - size)
            _give(counts, meld.cards)
            if ok:
                return True
        return False

    def best(self) -> Opening | None:
        if self.max_used < 0:
            return None
        counts = _counts(self.cards)
        best: list[tuple[tuple[int, int, int], tuple[Meld, ...]]] = []

        def visit(index: int, chosen: list[Meld], value: int, room: int) -> None:
            if chosen and (self.must is None or any(self.must in m.cards for m in chosen)):
                left = [c for c in range(53) for _ in range(counts[c])]
                left_value = sum(self.rules.rank_values[_RANK_OF[c]] if c != JOKER else 25
                                 for c in left)  # fmt: skip
                score = (value, -len(left), -left_value)
                if not best or score > best[0][0]:
                    best[:] = [(score, tuple(chosen))]
            for i in range(index, len(self.melds)):
                meld = self.melds[i]
                if len(meld.cards) > room or not _take(counts, meld.cards):
                    continue
                chosen.append(meld)
                visit(i, chosen, value + meld.value, room - len(meld.cards))
                chosen.pop()
                _give(counts, meld.cards)

        visit(0, [], 0, self.max_used)
        if not best:
            return None
        melds = tuple(sorted(best[0][1], key=_meld_order))
        remaining = list(self.cards)
        for meld in melds:
            for card in meld.cards:
                remaining.remove(card)
        return Opening(melds, best[0][0][0], tuple(remaining))


def _take(counts: list[int], cards: Sequence[Card]) -> bool:
    for index, card in enumerate(cards):
        if counts[card] == 0:
            for undo in cards[:index]:
                counts[undo] += 1
            return False
        counts[card] -= 1
    return True


def _give(counts: list[int], cards: Sequence[Card]) -> None:
    for card in cards:
        counts[card] += 1

