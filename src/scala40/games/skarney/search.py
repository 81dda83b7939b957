"""The melds of a hand and the contract search behind Skarney's legal moves (internal).

Every answer here is built from candidate card multisets whose readings come from the
core (:meth:`scala40.MeldRules.readings_of_sorted`), so a meld listed here is a meld the
core accepts; the tests check the lists against a brute-force enumeration of every
sub-multiset of small hands.

* :func:`hand_melds`: every meld a hand can put down (every reading of every
  sub-multiset that is a meld: SK-MELDS, SK-WILDMELD);
* :func:`contract_melds`: the 3-card melds of one kind a hand holds (SK-CONTRACT);
* :func:`can_complete`: whether a hand holds ``needed`` disjoint 3-card melds of one
  kind, each with at most one wild card;
* :func:`contract_starts`: the 3-card melds that start (or continue) a contract the hand
  can still complete, which is what makes the contract's legal moves free of dead ends;
* :func:`contracts`: every whole contract of a hand, and :func:`best_contract`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import product

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import JOKER, RANK_OF, SUIT_OF, Card
from scala40.games.skarney.rules import MELD_RULES, meld_points
from scala40.melds import Meld, MeldKind

__all__ = [
    "CONTRACT_KINDS",
    "best_contract",
    "can_complete",
    "contract_melds",
    "contract_starts",
    "contracts",
    "hand_melds",
    "without",
]

CONTRACT_KINDS = (MeldKind.SET, MeldKind.SEQUENCE)
"""The kinds of melds a contract is made of: all sets, or all sequences (SK-CONTRACT)."""

_WILD = MELD_RULES.wild_cards
_SLOTS = MELD_RULES.sequence_slots
"""The rank of each place of a sequence: A 2 3 ... K A."""
_SET_RANKS = tuple(rank for rank in range(1, 14) if rank != 2)
"""Ranks that make sets: a 2 is always wild (SK-MELDS)."""

_HAND_MELDS: BoundedCache[tuple[Card, ...], tuple[Meld, ...]] = BoundedCache(
    "skarney hand melds", HAND_LIMIT
)
_THREES: BoundedCache[tuple[tuple[Card, ...], MeldKind], tuple[Meld, ...]] = BoundedCache(
    "skarney contract melds", HAND_LIMIT
)
_COMPLETE: BoundedCache[tuple[tuple[Card, ...], MeldKind | None, int], bool] = BoundedCache(
    "skarney contract answers", HAND_LIMIT
)
_STARTS: BoundedCache[tuple[tuple[Card, ...], MeldKind | None, int], tuple[Meld, ...]] = (
    BoundedCache("skarney contract starts", HAND_LIMIT)
)


def without(
    hand: tuple[Card, ...], cards: tuple[Card, ...] | list[Card]
) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (a multiset difference, the order kept), or ``None`` if a
    card is missing."""
    left = list(hand)
    for card in cards:
        try:
            left.remove(card)
        except ValueError:
            return None
    return tuple(left)


def _meld_order(meld: Meld) -> tuple[int, tuple[Card, ...], tuple[Card, ...]]:
    return (len(meld.cards), meld.cards, meld.represented)


def _sub_multisets(counts: list[tuple[Card, int]], sizes: range) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``counts`` (card, copies) whose size is in ``sizes``."""
    for taken in product(*(range(copies + 1) for _, copies in counts)):
        if sum(taken) in sizes:
            yield tuple(card for (card, _), many in zip(counts, taken) for _ in range(many))


def _readings(keys: set[tuple[Card, ...]]) -> list[Meld]:
    found: list[Meld] = []
    for key in keys:
        found.extend(MELD_RULES.readings_of_sorted(tuple(sorted(key))))
    return found


def _set_keys(counts: Counter[Card], wilds: list[Card], sizes: range) -> set[tuple[Card, ...]]:
    """Card multisets of sets: naturals of one rank, plus at most one wild card."""
    keys: set[tuple[Card, ...]] = set()
    largest = max(sizes)
    for rank in _SET_RANKS:
        held = [(s * 13 + rank - 1, counts[s * 13 + rank - 1]) for s in range(4)]
        held = [(card, copies) for card, copies in held if copies]
        if sum(copies for _, copies in held) + (1 if wilds else 0) < min(sizes):
            continue
        for naturals in _sub_multisets(held, range(min(sizes) - 1, largest + 1)):
            if len(naturals) in sizes:
                keys.add(naturals)
            if len(naturals) + 1 in sizes and len(naturals) >= 1:
                keys.update((*naturals, wild) for wild in wilds)
    return keys


def _sequence_keys(
    counts: Counter[Card], wilds: list[Card], smallest: int, largest: int
) -> set[tuple[Card, ...]]:
    """Card multisets of sequences: consecutive places of one suit, each held naturally or
    (one of them) by a wild card."""
    keys: set[tuple[Card, ...]] = set()
    places = len(_SLOTS)
    for suit in range(4):
        natural = [
            suit * 13 + rank - 1 if rank != 2 and counts[suit * 13 + rank - 1] else None
            for rank in _SLOTS
        ]
        for first in range(places):
            missing = 0
            for last in range(first, places):
                if natural[last] is None:
                    missing += 1
                    if missing > 1:
                        break
                length = last - first + 1
                if length < smallest:
                    continue
                if length > largest:
                    break
                held = [card for card in natural[first : last + 1] if card is not None]
                if missing:
                    keys.update((*held, wild) for wild in wilds)
                    continue
                keys.add(tuple(held))
                for index in range(len(held)):
                    rest = held[:index] + held[index + 1 :]
                    keys.update((*rest, wild) for wild in wilds)
    return keys


def _wild_meld_keys(counts: Counter[Card]) -> set[tuple[Card, ...]]:
    """Card multisets of melds of wild cards only: 3 or more jokers, or 3 or more 2s."""
    keys: set[tuple[Card, ...]] = set()
    least = MELD_RULES.wild_meld_min or 3
    jokers = counts[JOKER]
    keys.update((JOKER,) * size for size in range(least, jokers + 1))
    twos = [(card, counts[card]) for card in sorted(_WILD) if card != JOKER and counts[card]]
    if sum(copies for _, copies in twos) >= least:
        keys.update(_sub_multisets(twos, range(least, 9)))
    return keys


def hand_melds(hand: tuple[Card, ...]) -> tuple[Meld, ...]:
    """Every meld of a sorted hand: every reading (C-WILD) of every sub-multiset that is a
    meld, shortest first, then by cards (SK-MELDS, SK-WILDMELD)."""
    found = _HAND_MELDS.get(hand)
    if found is None:
        counts = Counter(hand)
        wilds = sorted(card for card in counts if card in _WILD)
        keys = _set_keys(counts, wilds, range(3, 5))
        keys |= _sequence_keys(counts, wilds, 3, len(_SLOTS))
        keys |= _wild_meld_keys(counts)
        found = _HAND_MELDS.put(hand, tuple(sorted(_readings(keys), key=_meld_order)))
    return found


def contract_melds(hand: tuple[Card, ...], kind: MeldKind) -> tuple[Meld, ...]:
    """The 3-card melds of ``kind`` (a set or a sequence) in a sorted hand, every reading
    (SK-CONTRACT)."""
    cache_key = (hand, kind)
    found = _THREES.get(cache_key)
    if found is None:
        counts = Counter(hand)
        wilds = sorted(card for card in counts if card in _WILD)
        if kind is MeldKind.SET:
            keys = _set_keys(counts, wilds, range(3, 4))
        else:
            keys = _sequence_keys(counts, wilds, 3, 3)
        melds = [meld for meld in _readings(keys) if meld.kind is kind]
        found = _THREES.put(cache_key, tuple(sorted(melds, key=_meld_order)))
    return found


# -- can a hand still make its contract? --------------------------------------------------


def _pieces_with(card: Card, rest: tuple[Card, ...], kind: MeldKind) -> list[tuple[Card, ...]]:
    """The natural cards of ``rest`` that make a 3-card meld of ``kind`` with ``card``:
    two of them (a meld of naturals) or one (the third place taken by a wild card)."""
    pieces: list[tuple[Card, ...]] = []
    held = set(rest)
    if kind is MeldKind.SET:
        rank = RANK_OF[card]
        mates = sorted(c for c in held if RANK_OF[c] == rank)
        pieces.extend((mate,) for mate in mates)
        for index, first in enumerate(mates):
            pieces.extend((first, second) for second in mates[index + 1 :])
            if rest.count(first) >= 2:
                pieces.append((first, first))
        return pieces
    suit = SUIT_OF[card]
    for place in MELD_RULES.tables.slot_of_rank[RANK_OF[card]]:
        for first in range(max(0, place - 2), min(place, len(_SLOTS) - 3) + 1):
            others = [suit * 13 + _SLOTS[p] - 1 for p in range(first, first + 3) if p != place]
            present = [c for c in others if c in held and RANK_OF[c] != 2 and c != card]
            pieces.extend((c,) for c in present)
            if len(present) == 2:
                pieces.append((present[0], present[1]))
    # A piece of two cards fits several windows (the wild card below or above them).
    return list(dict.fromkeys(pieces))


def _solve(
    rem: tuple[Card, ...],
    wilds: int,
    needed: int,
    kind: MeldKind,
    memo: dict[tuple[tuple[Card, ...], int, int], bool],
) -> bool:
    """Whether the naturals ``rem`` (sorted) and ``wilds`` wild cards hold ``needed``
    disjoint 3-card melds of ``kind``, each with at most one wild card. The lowest card
    is either left out or used in a meld with higher cards: every choice is made once."""
    if needed == 0:
        return True
    if len(rem) < 2 * needed or len(rem) + wilds < 3 * needed:
        return False
    key = (rem, wilds, needed)
    found = memo.get(key)
    if found is not None:
        return found
    first, rest = rem[0], rem[1:]
    result = _solve(rest, wilds, needed, kind, memo)
    if not result:
        for piece in _pieces_with(first, rest, kind):
            wild_used = 3 - 1 - len(piece)
            if wild_used > wilds:
                continue
            left = without(rest, piece)
            if left is not None and _solve(left, wilds - wild_used, needed - 1, kind, memo):
                result = True
                break
    memo[key] = result
    return result


def can_complete(hand: tuple[Card, ...], kind: MeldKind | None, needed: int) -> bool:
    """Whether a sorted hand holds ``needed`` disjoint 3-card melds of ``kind`` (either
    kind when ``None``, all of one kind), each with at most one wild card (SK-CONTRACT)."""
    if needed <= 0:
        return True
    cache_key = (hand, kind, needed)
    found = _COMPLETE.get(cache_key)
    if found is None:
        naturals = tuple(card for card in hand if card not in _WILD)
        wilds = len(hand) - len(naturals)
        kinds = CONTRACT_KINDS if kind is None else (kind,)
        found = any(_solve(naturals, wilds, needed, one, {}) for one in kinds)
        _COMPLETE.put(cache_key, found)
    return found


def contract_starts(
    hand: tuple[Card, ...], kind: MeldKind | None, needed: int
) -> tuple[Meld, ...]:
    """The 3-card melds of ``kind`` (either kind when ``None``) in a sorted hand after
    which the rest of the hand still holds ``needed - 1`` more of the same kind: the
    melds that may start, or continue, a contract of ``needed`` more melds."""
    cache_key = (hand, kind, needed)
    found = _STARTS.get(cache_key)
    if found is None:
        melds: list[Meld] = []
        if needed >= 1:
            for one in CONTRACT_KINDS if kind is None else (kind,):
                if not can_complete(hand, one, needed):
                    continue
                answers: dict[tuple[Card, ...], bool] = {}
                for meld in contract_melds(hand, one):
                    ok = answers.get(meld.cards)
                    if ok is None:
                        rest = without(hand, meld.cards)
                        assert rest is not None
                        ok = answers[meld.cards] = can_complete(rest, one, needed - 1)
                    if ok:
                        melds.append(meld)
        found = _STARTS.put(cache_key, tuple(melds))
    return found


# -- whole contracts (analysis) -----------------------------------------------------------


def contracts(
    hand: tuple[Card, ...], needed: int, kind: MeldKind | None = None
) -> Iterator[tuple[Meld, ...]]:
    """Every contract of ``needed`` 3-card melds in a sorted hand: each a tuple of melds
    of one kind in canonical order, each multiset of melds once (C-IDENTITY)."""
    for one in CONTRACT_KINDS if kind is None else (kind,):
        if needed >= 1 and can_complete(hand, one, needed):
            options = contract_melds(hand, one)
            yield from _contracts_from(hand, options, 0, needed, one)


def _contracts_from(
    hand: tuple[Card, ...], options: tuple[Meld, ...], start: int, needed: int, kind: MeldKind
) -> Iterator[tuple[Meld, ...]]:
    if needed == 0:
        yield ()
        return
    for index in range(start, len(options)):
        meld = options[index]
        rest = without(hand, meld.cards)
        if rest is None or not can_complete(rest, kind, needed - 1):
            continue
        for tail in _contracts_from(rest, options, index, needed - 1, kind):
            yield (meld, *tail)


def best_contract(
    hand: tuple[Card, ...],
    needed: int,
    score: Callable[[tuple[Meld, ...]], tuple[int, ...] | int] | None = None,
    kind: MeldKind | None = None,
) -> tuple[Meld, ...] | None:
    """The contract of ``needed`` melds with the highest ``score`` (by default its points,
    SK-SCORE-MELDS); the first in canonical order among equals; ``None`` if the hand
    holds none."""
    rank = score if score is not None else _points
    best: tuple[Meld, ...] | None = None
    best_score: tuple[int, ...] | int | None = None
    for found in contracts(hand, needed, kind):
        value = rank(found)
        if best_score is None or value > best_score:  # type: ignore[operator]
            best, best_score = found, value
    return best


def _points(melds: tuple[Meld, ...]) -> int:
    return sum(meld_points(meld) for meld in melds)
