"""The melds of a hand, from tables kept per suit and per rank (internal): the hand
layer's meld enumerator, with the general enumerator :func:`find_melds` as its reference.

The engine asks, millions of times, which melds a hand holds. With jokers as the only
wild cards and sets of distinct suits (every Scala 40 ruleset), the sequences of a suit
depend only on the ranks of that suit held and the jokers that may join, and the sets of
a rank only on its suits held: a few small keys that recur across millions of hands,
whose tables are kept here for each :class:`~scala40.MeldRules`. Under other rules the
core's general enumerator (:func:`~scala40.melds._hand.find_melds`) answers; the tests
hold the tables to it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import combinations
from typing import Final

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import ACE, JOKER, Card
from scala40.melds import Meld, MeldRules, make_meld
from scala40.melds._hand import (
    MAX_HAND_READINGS,
    find_melds,
    meld_order,
    run_reach,
    sequence_windows,
)
from scala40.melds._members import SEQUENCE_KIND, SET_KIND

__all__ = [
    "JOKER_ONLY",
    "MAX_HAND_READINGS",
    "MeldTableCaches",
    "find_melds",
    "hand_meld_pieces",
    "hand_pieces",
    "lowest_rank_reach",
    "lowest_rank_shapes",
    "meld_order",
    "melds_with_card",
    "ranks_with_sets",
    "sequence_places",
    "sequence_reach",
    "sequence_shapes",
    "sorted_hand_melds",
    "wild_cap",
    "wilds_allowed",
]


class MeldTableCaches:
    """What the meld tables remember under one :class:`~scala40.MeldRules`."""

    __slots__ = (
        "hands",
        "held_places",
        "melds",
        "sequence_pieces",
        "sequence_shapes",
        "set_pieces",
        "suit_plan",
        "with_card",
    )

    def __init__(self) -> None:
        self.hands: BoundedCache[tuple[Card, ...], tuple[Meld, ...]] = BoundedCache(
            "scala40 hand melds", HAND_LIMIT
        )
        """Melds of whole hands."""
        self.melds: BoundedCache[tuple[int, tuple[Card, ...], tuple[Card, ...]], Meld] = (
            BoundedCache("scala40 table melds")
        )
        """The one meld object of each meld the per-suit and per-rank tables hold (a meld
        sits in the tables of many masks): by suit (-1 for a set), cards and represented
        cards (of the first suit, for a sequence)."""
        self.set_pieces: BoundedCache[int, tuple[Meld, ...]] = BoundedCache("scala40 set tables")
        """Sets of one rank, by rank, suits held and wild cards available."""
        self.sequence_pieces: BoundedCache[int, tuple[Meld, ...]] = BoundedCache(
            "scala40 sequence tables"
        )
        """Sequences of one suit, by suit, ranks held and wild cards available."""
        self.sequence_shapes: BoundedCache[int, tuple[_Shape, ...]] = BoundedCache(
            "scala40 sequence shapes"
        )
        """Sequences of the first suit, by ranks held and wild cards available (as
        cards, represented cards, start and value), which the other suits copy."""
        self.suit_plan: _SuitPlan | None = None
        """What the search for one suit's sequences reads of the rules (:func:`_plan`)."""
        self.held_places: BoundedCache[int, tuple[int, ...]] = BoundedCache(
            "scala40 suit places held"
        )
        """For the ranks held of one suit (a mask), 1 or 0 for each place of a sequence."""
        self.with_card: BoundedCache[tuple[int, int, int, int, Card], tuple[Meld, ...]] = (
            BoundedCache("scala40 table melds with a card")
        )
        """The melds of a per-rank (0) or per-suit (1) table that hold one card, by kind,
        rank or suit, mask, wild cards available and card (:func:`melds_with_card`)."""

    def set_piece(self, rank: int, mask: int, cap: int, rules: MeldRules) -> tuple[Meld, ...]:
        """The sets of ``rank`` from the suits held ``mask`` with up to ``cap`` wild cards."""
        key = (rank << 8) | (mask << 3) | cap
        piece = self.set_pieces.get(key)
        if piece is None:
            piece = self.set_pieces.put(key, _set_piece(rank, mask, cap, rules))
        return piece

    def sequence_piece(self, suit: int, mask: int, cap: int, rules: MeldRules) -> tuple[Meld, ...]:
        """The sequences of ``suit`` from its ranks held ``mask`` with up to ``cap`` wild
        cards."""
        key = (suit << 20) | (mask << 3) | cap
        piece = self.sequence_pieces.get(key)
        if piece is None:
            # Ranks no sequence can hold change nothing: a hand that differs from a known
            # one only in those shares its table (worked out once for the two, and the
            # commonest case of all: a suit of loose cards, with no sequence).
            places, _ = sequence_places(rules)
            reach = sequence_reach(mask, cap, places, rules.sequence_min)
            piece = self.sequence_pieces.get((suit << 20) | (reach << 3) | cap)
            if piece is None:
                piece = self.sequence_pieces.put(
                    (suit << 20) | (reach << 3) | cap, _sequence_piece(suit, reach, cap, rules)
                )
            self.sequence_pieces.put(key, piece)
        return piece


def sorted_hand_melds(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """:func:`hand_melds` for a sorted, validated hand (the engine's hot path)."""
    caches: MeldTableCaches = rules.tables.owned[MeldTableCaches]
    cache = caches.hands
    found = cache.get(cards)
    if found is None:
        if rules.tables.wild_cards == JOKER_ONLY and rules.set_suits_distinct:
            found = _melds_by_suit_and_rank(cards, rules)
        else:
            found = find_melds(cards, rules)
        cache.put(cards, found)
    return found


JOKER_ONLY = frozenset({JOKER})


def melds_with_card(cards: tuple[Card, ...], card: Card, rules: MeldRules) -> list[Meld]:
    """The melds of a sorted hand that hold ``card`` (a natural card in the hand).

    With jokers as the only wild cards these all sit in two cached tables: the
    sets of the card's rank and the sequences of its suit.
    """
    tables = rules.tables
    if tables.wild_cards != JOKER_ONLY or not rules.set_suits_distinct or card == JOKER:
        return [m for m in sorted_hand_melds(cards, rules) if card in m.cards]
    # The hand is sorted, its jokers last: counted by bisection (compiled, tuple.count
    # is a generic call comparing every card).
    natural = bisect_left(cards, JOKER)
    cap = wild_cap(len(cards) - natural, rules)
    suit, place = card // 13, card % 13  # place: the rank's in the suit, the ace's 0
    suit_mask = rank_mask = 0
    for index in range(natural):
        other = cards[index]
        # A card's suit and rank by arithmetic, not by the cards' tables: compiled, a table
        # imported from another module is looked up by name at every read.
        if other // 13 == suit:
            suit_mask |= _RANK_BIT[other]
        if other % 13 == place:
            rank_mask |= _SUIT_BIT[other]
    rank = place + 1
    caches: MeldTableCaches = rules.tables.owned[MeldTableCaches]
    found: list[Meld] = []
    if rank in tables.ranks and _POPCOUNT[rank_mask] >= rules.set_min - cap:
        found.extend(_holding(caches, card, _SETS, rank, rank_mask, cap, rules))
    found.extend(_holding(caches, card, _SEQUENCES, suit, suit_mask, cap, rules))
    return found


_SETS: Final = 0
_SEQUENCES: Final = 1
"""The two kinds of table: the sets of a rank, the sequences of a suit."""


def _holding(
    caches: MeldTableCaches,
    card: Card,
    kind: int,
    place: int,
    mask: int,
    cap: int,
    rules: MeldRules,
) -> tuple[Meld, ...]:
    """The melds holding ``card`` of one table: the sets of rank ``place`` or the sequences
    of suit ``place`` (``kind``), with ``mask`` held and up to ``cap`` wild cards."""
    key = (kind, place, mask, cap, card)
    melds = caches.with_card.get(key)
    if melds is None:
        if kind == _SETS:
            piece = caches.set_piece(place, mask, cap, rules)
        else:
            piece = caches.sequence_piece(place, mask, cap, rules)
        melds = caches.with_card.put(key, tuple(m for m in piece if card in m.cards))
    return melds


_SUIT_BIT: Final = (*tuple(1 << card // 13 for card in range(52)), 0)
_RANK_BIT: Final = (*tuple(1 << card % 13 for card in range(52)), 0)


def _melds_by_suit_and_rank(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """Melds of a hand assembled from cached per-suit and per-rank tables
    (:func:`hand_meld_pieces`)."""
    pieces = hand_pieces(cards, rules)
    if len(pieces) == 1:
        return pieces[0]
    found: list[Meld] = []
    for piece in pieces:
        found.extend(piece)
    return tuple(found)


def hand_meld_pieces(cards: tuple[Card, ...], rules: MeldRules) -> list[tuple[Meld, ...]] | None:
    """The melds of a sorted, validated hand as the cached tables they come from, in
    order (:func:`sorted_hand_melds` is their concatenation), or ``None`` under rules the
    tables do not serve. The tables are the same objects from hand to hand: what is
    worked out for one of them serves every hand that holds it."""
    if rules.tables.wild_cards == JOKER_ONLY and rules.set_suits_distinct:
        return hand_pieces(cards, rules)
    return None


def hand_pieces(cards: tuple[Card, ...], rules: MeldRules) -> list[tuple[Meld, ...]]:
    """The per-rank tables of sets, then the per-suit tables of sequences, of a hand.

    With jokers as the only wild cards and sets of distinct suits, the
    sequences of a suit depend only on which ranks of that suit are held and
    how many jokers may join, and the sets of a rank only on its suits held:
    a few small keys that recur across millions of hands.
    """
    held = 0
    for card in cards:
        held |= _BIT[card]
    cap = wild_cap(len(cards) - bisect_left(cards, JOKER), rules)  # sorted: jokers last
    suits = _suit_slices(held)
    caches: MeldTableCaches = rules.tables.owned[MeldTableCaches]
    found: list[tuple[Meld, ...]] = []
    set_ranks = ranks_with_sets(suits, rules.set_min - cap) & rules.tables.rank_bits
    if set_ranks:
        s0, s1, s2, s3 = suits
        for rank in rules.rank_order:
            place = rank - 1
            if not set_ranks >> place & 1:
                continue
            mask = (s0 >> place & 1) | (s1 >> place & 1) << 1 | (s2 >> place & 1) << 2
            mask |= (s3 >> place & 1) << 3
            piece = caches.set_piece(rank, mask, cap, rules)
            if piece:
                found.append(piece)
    for suit in range(4):
        mask = suits[suit]
        if mask:
            piece = caches.sequence_piece(suit, mask, cap, rules)
            if piece:
                found.append(piece)
    return found


def wild_cap(jokers: int, rules: MeldRules) -> int:
    """The most of ``jokers`` one meld may hold (S40-JOKER's cap, S40-V-MULTIJOKER's if any)."""
    # Conditionals, not min(): on CPython 3.11 a builtin call costs about 1.2k
    # instructions more, and these run for most states.
    most = rules.max_wilds
    return jokers if most is None or most > jokers else most


def _suit_slices(held: int) -> tuple[int, int, int, int]:
    """The ranks held in each suit (bit ``rank - 1``), from the bit mask of the cards."""
    return (held & _FIRST_SUIT, held >> 13 & _FIRST_SUIT, held >> 26 & _FIRST_SUIT,
            held >> 39 & _FIRST_SUIT)  # fmt: skip


def ranks_with_sets(suits: tuple[int, int, int, int], least: int) -> int:
    """The ranks held in at least ``least`` suits (bit ``rank - 1``)."""
    s0, s1, s2, s3 = suits
    if least <= 1:
        return s0 | s1 | s2 | s3
    if least == 2:
        return (s0 | s1) & (s2 | s3) | s0 & s1 | s2 & s3
    if least == 3:
        return (s0 & s1) & (s2 | s3) | (s2 & s3) & (s0 | s1)
    return s0 & s1 & s2 & s3


_POPCOUNT: Final = tuple(bin(mask).count("1") for mask in range(16))
_BIT: Final = tuple(1 << card for card in range(53))
_FIRST_SUIT: Final = (1 << 13) - 1


def wilds_allowed(rules: MeldRules, naturals: int, wilds: int) -> bool:
    if rules.max_wilds is not None and wilds > rules.max_wilds:
        return False
    return rules.min_natural_lead is None or naturals - wilds >= rules.min_natural_lead


def _set_piece(rank: int, mask: int, cap: int, rules: MeldRules) -> tuple[Meld, ...]:
    """Every set of ``rank`` from the suits in ``mask`` plus up to ``cap`` jokers (distinct
    suits, jokers the only wild cards)."""
    present = [s for s in range(4) if mask >> s & 1]
    melds = rules.tables.owned[MeldTableCaches].melds
    found: list[Meld] = []
    for size in range(1, len(present) + 1):
        for suits in combinations(present, size):
            missing = [s for s in range(4) if s not in suits]
            for wilds in range((cap if cap < len(missing) else len(missing)) + 1):
                total = size + wilds
                if not rules.set_min <= total <= rules.set_max or not wilds_allowed(
                    rules, size, wilds
                ):
                    continue
                for chosen in combinations(missing, wilds):
                    pairs = sorted(
                        [(s * 13 + rank - 1, s * 13 + rank - 1) for s in suits]
                        + [(JOKER, s * 13 + rank - 1) for s in chosen],
                        key=lambda pair: pair[1],
                    )
                    cards = tuple([card for card, _ in pairs])  # lists: no generator
                    represented = tuple([rep for _, rep in pairs])
                    key = (-1, cards, represented)
                    meld = melds.get(key)
                    if meld is None:
                        meld = melds.put(key, make_meld(SET_KIND, cards, represented, -1, rules))
                    found.append(meld)
    return tuple(sorted(found, key=meld_order))


def _sequence_piece(suit: int, mask: int, cap: int, rules: MeldRules) -> tuple[Meld, ...]:
    """Every sequence of ``suit`` from the ranks in ``mask`` plus up to ``cap`` jokers
    (jokers the only wild cards), in :func:`meld_order`."""
    offset = 13 * suit
    melds = rules.tables.owned[MeldTableCaches].melds
    found = []
    for cards, represented, start, value in sequence_shapes(mask, cap, rules):
        key = (suit, cards, represented)
        meld = melds.get(key)
        if meld is None:
            meld = melds.put(
                key,
                Meld(
                    SEQUENCE_KIND,
                    tuple(card if card == JOKER else card + offset for card in cards),
                    tuple(card + offset for card in represented),
                    start,
                    value,
                    rules,
                ),
            )
        found.append(meld)
    return tuple(found)


_Shape = tuple[tuple[Card, ...], tuple[Card, ...], int, int]


def sequence_shapes(mask: int, cap: int, rules: MeldRules) -> tuple[_Shape, ...]:
    """The sequences of :func:`_sequence_piece` in the first suit, as (cards, represented,
    start, value): the other suits' are the same, moved over (a value depends on ranks
    only), so the search for them is made once for all four suits."""
    caches: MeldTableCaches = rules.tables.owned[MeldTableCaches]
    cache = caches.sequence_shapes
    key = (mask << 3) | cap
    found = cache.get(key)
    if found is None:
        found = cache.put(key, _first_suit_shapes(mask, cap, rules))
    return found


def lowest_rank_shapes(mask: int, cap: int, rules: MeldRules) -> list[_Shape]:
    """The sequences of :func:`sequence_shapes` (in no set order) whose lowest natural
    rank is the lowest rank in ``mask`` (not empty), found without the others: only
    sequences through a place of that rank are tried, from starts no more than ``cap``
    missing ranks before it."""
    place = (mask & -mask).bit_length() - 1
    slots = rules.sequence_slots
    longest = _longest(rules, len(slots))
    starts: set[int] = set()
    for index, rank in enumerate(slots):
        if rank - 1 == place:
            holes = 0
            lowest = index - longest  # not below -1: max() without the builtin's call
            for start in range(index, lowest if lowest > -1 else -1, -1):
                if not mask >> (slots[start] - 1) & 1:
                    holes += 1
                    if holes > cap:
                        break
                starts.add(start)
    # Every natural card of a sequence is held, so none is below the lowest rank held:
    # a sequence with that rank's card has it as its lowest.
    return [
        shape
        for shape in _first_suit_shapes(mask, cap, rules, sorted(starts))
        if place in shape[0]
    ]


def sequence_reach(mask: int, cap: int, window: tuple[int, ...], shortest: int) -> int:
    """The ranks of ``mask`` (bits, as ``mask``) that some sequence of up to ``cap``
    jokers can hold (:func:`~scala40.melds._hand.run_reach` over the rules' places):
    :func:`sequence_shapes` of these are those of ``mask``.

    ``window`` is the rules' places (each place's rank less one), ``shortest`` the
    fewest cards of a sequence.

    >>> from scala40.games.scala40.hand.tables import sequence_reach
    >>> places = tuple(range(13)) + (0,)   # A 2 ... K A
    >>> hand = 0b1100010110101   # A, 3, 5 6, 8, Q K
    >>> bin(sequence_reach(hand, 0, places, 3))   # no joker: QKA only
    '0b1100000000001'
    >>> bin(sequence_reach(hand, 1, places, 3))   # one: A3, 3 5, 56, 6 8 and QKA too
    '0b1100010110101'
    """
    held = 0
    for place, rank in enumerate(window):
        if mask >> rank & 1:
            held |= 1 << place
    kept_places = run_reach(held, len(window), shortest, cap)
    kept = 0
    for place, rank in enumerate(window):
        if kept_places >> place & 1:
            kept |= 1 << rank
    return kept


def lowest_rank_reach(mask: int, cap: int, window: tuple[int, ...], longest: int) -> int:
    """The ranks of ``mask`` that a sequence through its lowest rank can hold (bits, as
    ``mask``): :func:`lowest_rank_shapes` reads no other, so hands that differ only in
    the others share its answer (the opening solver's key).

    ``window`` and ``longest`` are the rules' places (each place's rank less one) and the
    most places a sequence takes. From each place of the lowest rank, a sequence reaches
    at most ``longest - 1`` places either way, and never past a place not held that would
    be its ``cap + 1``-th filled by a joker: the ranks held within those walks are kept.

    >>> from scala40.games.scala40.hand.tables import lowest_rank_reach
    >>> places = tuple(range(13)) + (0,)   # A 2 ... K A
    >>> hand = 0b1100010110111   # A 2 3, 5 6, 8, Q K
    >>> bin(lowest_rank_reach(hand, 0, places, 14))   # no joker: A23 and QKA
    '0b1100000000111'
    >>> bin(lowest_rank_reach(hand, 1, places, 14))   # one: 5 6 too, never the 8
    '0b1100000110111'
    """
    place = (mask & -mask).bit_length() - 1
    kept = 1 << place
    count = len(window)
    for index in range(count):
        if window[index] != place:
            continue
        for step in (1, -1):
            holes = 0
            at = index + step
            far = index + step * longest  # the first place past a sequence's length
            while 0 <= at < count and at != far:
                bit = 1 << window[at]
                if mask & bit:
                    kept |= bit
                else:
                    holes += 1
                    if holes > cap:
                        break
                at += step
    return kept


def _first_suit_shapes(
    mask: int, cap: int, rules: MeldRules, starts: Iterable[int] | None = None
) -> tuple[_Shape, ...]:
    """Every sequence of the first suit from the ranks in ``mask`` plus up to ``cap``
    jokers, as (cards, represented, start, value), in :func:`meld_order` (only those
    starting at a place in ``starts``, if given). The values are
    :func:`~scala40.melds.make_meld`'s, worked out here without building the melds."""
    caches: MeldTableCaches = rules.tables.owned[MeldTableCaches]
    count, longest, window, natural_values, low_ace_change, both_aces, shortest = _suit_plan(rules)
    if starts is None:
        starts = range(count)
    held = caches.held_places.get(mask)
    if held is None:
        held = caches.held_places.put(mask, tuple([mask >> place & 1 for place in window]))
    wild_value = rules.wild_value
    found: list[_Shape] = []
    if cap == 0:
        # No joker: the sequences are the runs of held ranks, each slot natural.
        for start in starts:
            total = 0
            end = start + longest
            for stop in range(start + 1, (end if end < count else count) + 1):
                if not held[stop - 1]:
                    break
                total += natural_values[stop - 1]
                length = stop - start
                # Too short (S40-SEQ, or for the natural lead of wilds_allowed), or two
                # aces of the suit (S40-SEQ).
                if length < shortest or (length == count and both_aces):
                    continue
                represented = window[start:stop]
                value = total + low_ace_change if start == 0 else total
                found.append((represented, represented, start, value))
        found.sort(key=_shape_order)
        return tuple(found)
    for start, stop, holes in sequence_windows(held, longest, rules.sequence_min, cap, starts):
        length = stop - start
        represented = window[start:stop]
        values = natural_values[start:stop]
        gaps = [i for i in range(length) if not held[start + i]]
        filled = [i for i in range(length) if held[start + i]]
        with_gaps = list(represented)
        for i in gaps:
            with_gaps[i] = JOKER
        gaps_value = sum(values)
        if wild_value is not None:
            gaps_value += sum(wild_value - values[i] for i in gaps)
        last = length - 1
        # With both ace places in the sequence, a wild card must take one of them.
        ace_needs_wild = length == count and both_aces and 0 not in gaps and last not in gaps
        first_wild = 0 in gaps
        spare = cap - holes
        for extra in range((spare if spare < len(filled) else len(filled)) + 1):
            wilds = holes + extra
            if wilds == length or not wilds_allowed(rules, length - wilds, wilds):
                continue
            for replaced in combinations(filled, extra):
                if ace_needs_wild and 0 not in replaced and last not in replaced:
                    continue  # both ace places natural: two aces of the suit (S40-SEQ)
                value = gaps_value
                if replaced:
                    cards_list = with_gaps.copy()
                    for i in replaced:
                        cards_list[i] = JOKER
                    cards = tuple(cards_list)
                    if wild_value is not None:
                        value += sum(wild_value - values[i] for i in replaced)
                else:
                    cards = tuple(with_gaps)
                if start == 0 and (wild_value is None or not (first_wild or 0 in replaced)):
                    value += low_ace_change
                found.append((cards, represented, start, value))
    found.sort(key=_shape_order)
    return tuple(found)


def _longest(rules: MeldRules, places: int) -> int:
    """The most places of ``places`` a sequence may take (S40-SEQ's cap, if any)."""
    most = rules.sequence_max
    return places if most is None or most > places else most  # min(), without its call


_SuitPlan = tuple[int, int, tuple[int, ...], tuple[int, ...], int, bool, int]
"""What :func:`_first_suit_shapes` reads of the rules: the places of a sequence, the most
it may take, each place's card in the first suit and natural value, the low ace's change
of value at the first place, whether both ends are the ace, and the fewest places of a
sequence without a wild card."""


def _suit_plan(rules: MeldRules) -> _SuitPlan:
    """The :data:`_SuitPlan` of ``rules``, from the rules' caches."""
    caches: MeldTableCaches = rules.tables.owned[MeldTableCaches]
    plan = caches.suit_plan
    if plan is None:
        plan = caches.suit_plan = _plan(rules)
    return plan


def sequence_places(rules: MeldRules) -> tuple[tuple[int, ...], int]:
    """The places of a sequence under ``rules`` (each place's rank less one) and the most
    places a sequence takes: what :func:`lowest_rank_reach` reads of the rules."""
    plan = _suit_plan(rules)
    return plan[2], plan[1]


def _plan(rules: MeldRules) -> _SuitPlan:
    """The :data:`_SuitPlan` of ``rules``, worked out once (kept in the rules' caches)."""
    slots = rules.sequence_slots
    count = len(slots)
    rank_values = rules.rank_values
    # A sequence from the first place starts with the low ace when the first slot is the
    # ace: worth low_ace_value there, unless a wild card with a value of its own takes it.
    low_ace_change = rules.low_ace_value - rank_values[ACE] if slots[0] == ACE else 0
    # Without a wild card, wilds_allowed asks only for the natural lead (more places than
    # the sequence has: none is allowed).
    shortest = rules.sequence_min
    while shortest <= count and not wilds_allowed(rules, shortest, 0):
        shortest += 1
    return (
        count,
        _longest(rules, count),
        tuple([rank - 1 for rank in slots]),
        tuple([rank_values[rank] for rank in slots]),
        low_ace_change,
        slots[0] == slots[-1],
        shortest,
    )


def _shape_order(shape: _Shape) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
    # :func:`meld_order` of sequences of one suit.
    return shape[1], shape[0], shape[2]
