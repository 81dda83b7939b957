"""Meld tables and opening searches behind the engine's legal moves (internal).

The engine asks, millions of times, which melds a hand holds and whether an
opening can still reach its threshold. These searches answer from caches kept
here for each :class:`~scala40.MeldRules` (hands recur, and the per-suit and
per-rank tables recur far more), and are exact: the fast tables are checked
against the general enumerator :func:`find_melds` in the tests.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from operator import eq
from typing import Any

from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import ACE, JOKER, RANK_OF, SUIT_OF, Card
from scala40.errors import InvalidMeldError, SearchLimitError
from scala40.melds import Meld, MeldKind, MeldRules, make_meld


class _Caches:
    """What the searches remember under one :class:`~scala40.MeldRules`.

    The three caches of the opening search share the budget of one cache keyed by a
    whole hand (:data:`~scala40._cache.HAND_LIMIT` entries in all): a search keeps its
    memo, the largest of the three, so fewer of them are kept.
    """

    __slots__ = (
        "failed",
        "hands",
        "meld_options",
        "meld_rows",
        "melds",
        "opening_answers",
        "opening_starts",
        "piece_cards",
        "reached",
        "searches",
        "sequence_pieces",
        "sequence_shapes",
        "set_choices",
        "set_options",
        "set_pieces",
        "suit_best",
        "suit_shapes",
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
        self.with_card: BoundedCache[tuple[int, int, Card], tuple[Meld, ...]] = BoundedCache(
            "scala40 table melds with a card"
        )
        """The melds of a per-rank (0) or per-suit (1) table that hold one card, by kind,
        table key and card (:func:`melds_with_card`)."""
        self.piece_cards: BoundedCache[int, int] = BoundedCache("scala40 table cards")
        """Which cards the melds of each per-suit or per-rank table use, as a bit mask."""
        self.meld_options: BoundedCache[
            tuple[Card, ...], tuple[int, int, int, frozenset[Card]]
        ] = BoundedCache("scala40 opening options")
        """Each meld's cards as a multiset code, their number, their bound and the
        distinct cards."""
        self.opening_answers: BoundedCache[
            tuple[tuple[Card, ...], int, int, Card | None], bool
        ] = BoundedCache("scala40 opening answers", HAND_LIMIT // 2)
        """Whether a hand can still open (:func:`can_open`)."""
        self.opening_starts: BoundedCache[tuple[Any, ...], tuple[Meld, ...]] = BoundedCache(
            "scala40 opening starts", HAND_LIMIT // 4
        )
        """The melds that may start an opening (:func:`opening_starts`)."""
        self.searches: BoundedCache[tuple[tuple[Card, ...], int], _OpeningSearch] = BoundedCache(
            "scala40 opening searches", HAND_LIMIT // 4
        )
        """The search of a hand, whose memo serves every question about it."""
        self.reached: BoundedCache[int, int] = BoundedCache("scala40 opening reached")
        """For a multiset of cards and a room, the most value known reached."""
        self.failed: BoundedCache[int, int] = BoundedCache("scala40 opening failed")
        """For a multiset of cards and a room, the least value known missed."""
        self.meld_rows: BoundedCache[int, _MeldRow] = BoundedCache("scala40 opening meld rows")
        """What the opening solver needs of each meld (:func:`_meld_row`), by the meld's
        identity."""
        self.set_choices: BoundedCache[int, tuple[_Choice, ...]] = BoundedCache(
            "scala40 opening set choices"
        )
        """The choices of sets, by the counts of the ranks that can make one and jokers."""
        self.set_options: BoundedCache[int, tuple[_SetOption, ...]] = BoundedCache(
            "scala40 opening set options"
        )
        """The ways to make sets of one rank, by rank, suits' counts and jokers."""
        self.suit_best: BoundedCache[int, int] = BoundedCache("scala40 opening suit best")
        """The best sequences of one suit's cards, by suit code and jokers."""
        self.suit_shapes: BoundedCache[int, tuple[tuple[tuple[int, int, int], ...], ...]] = (
            BoundedCache("scala40 opening suit shapes")
        )
        """The sequences of one suit by their lowest rank, by ranks held and jokers."""


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 53
    for card in cards:
        counts[card] += 1
    return counts


def sorted_hand_melds(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """:func:`hand_melds` for a sorted, validated hand (the engine's hot path)."""
    caches: _Caches = rules.tables.owned[_Caches]
    cache = caches.hands
    found = cache.get(cards)
    if found is None:
        if rules.tables.wild_cards == _JOKER_ONLY and rules.set_suits_distinct:
            found = _melds_by_suit_and_rank(cards, rules)
        else:
            found = find_melds(cards, rules)
        cache.put(cards, found)
    return found


_JOKER_ONLY = frozenset({JOKER})


def melds_with_card(cards: tuple[Card, ...], card: Card, rules: MeldRules) -> list[Meld]:
    """The melds of a sorted hand that hold ``card`` (a natural card in the hand).

    With jokers as the only wild cards these all sit in two cached tables: the
    sets of the card's rank and the sequences of its suit.
    """
    tables = rules.tables
    if tables.wild_cards != _JOKER_ONLY or not rules.set_suits_distinct or card == JOKER:
        return [m for m in sorted_hand_melds(cards, rules) if card in m.cards]
    jokers = cards.count(JOKER)
    cap = jokers if rules.max_wilds is None else min(jokers, rules.max_wilds)
    suit, rank = SUIT_OF[card], RANK_OF[card]
    suit_mask = rank_mask = 0
    for other in cards:
        if other != JOKER:
            if SUIT_OF[other] == suit:
                suit_mask |= _RANK_BIT[other]
            if RANK_OF[other] == rank:
                rank_mask |= _SUIT_BIT[other]
    found: list[Meld] = []
    caches: _Caches = rules.tables.owned[_Caches]
    with_card = caches.with_card
    if rank in tables.ranks and _POPCOUNT[rank_mask] >= rules.set_min - cap:
        key = (rank << 8) | (rank_mask << 3) | cap
        melds = with_card.get((0, key, card))
        if melds is None:
            piece = caches.set_pieces.get(key)
            if piece is None:
                piece = caches.set_pieces.put(key, _set_piece(rank, rank_mask, cap, rules))
            melds = with_card.put((0, key, card), tuple(m for m in piece if card in m.cards))
        found.extend(melds)
    key = (suit << 20) | (suit_mask << 3) | cap
    melds = with_card.get((1, key, card))
    if melds is None:
        piece = caches.sequence_pieces.get(key)
        if piece is None:
            piece = caches.sequence_pieces.put(key, _sequence_piece(suit, suit_mask, cap, rules))
        melds = with_card.put((1, key, card), tuple(m for m in piece if card in m.cards))
    found.extend(melds)
    return found


_SUIT_BIT = (*tuple(1 << card // 13 for card in range(52)), 0)
_RANK_BIT = (*tuple(1 << card % 13 for card in range(52)), 0)


def _melds_by_suit_and_rank(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """Melds of a hand assembled from cached per-suit and per-rank tables
    (:func:`hand_meld_pieces`)."""
    pieces = _pieces(cards, rules)
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
    if rules.tables.wild_cards == _JOKER_ONLY and rules.set_suits_distinct:
        return _pieces(cards, rules)
    return None


def _pieces(cards: tuple[Card, ...], rules: MeldRules) -> list[tuple[Meld, ...]]:
    """The per-rank tables of sets, then the per-suit tables of sequences, of a hand.

    With jokers as the only wild cards and sets of distinct suits, the
    sequences of a suit depend only on which ranks of that suit are held and
    how many jokers may join, and the sets of a rank only on its suits held:
    a few small keys that recur across millions of hands.
    """
    held = 0
    for card in cards:
        held |= _BIT[card]
    jokers = cards.count(JOKER)
    cap = jokers if rules.max_wilds is None else min(jokers, rules.max_wilds)
    suits = _suit_slices(held)
    caches: _Caches = rules.tables.owned[_Caches]
    found: list[tuple[Meld, ...]] = []
    set_ranks = _set_ranks(suits, rules.set_min - cap) & rules.tables.rank_bits
    if set_ranks:
        set_pieces = caches.set_pieces
        s0, s1, s2, s3 = suits
        for rank in rules.rank_order:
            place = rank - 1
            if not set_ranks >> place & 1:
                continue
            mask = (s0 >> place & 1) | (s1 >> place & 1) << 1 | (s2 >> place & 1) << 2
            mask |= (s3 >> place & 1) << 3
            key = (rank << 8) | (mask << 3) | cap
            piece = set_pieces.get(key)
            if piece is None:
                piece = set_pieces.put(key, _set_piece(rank, mask, cap, rules))
            if piece:
                found.append(piece)
    sequence_pieces = caches.sequence_pieces
    for suit in range(4):
        mask = suits[suit]
        if mask:
            key = (suit << 20) | (mask << 3) | cap
            piece = sequence_pieces.get(key)
            if piece is None:
                piece = sequence_pieces.put(key, _sequence_piece(suit, mask, cap, rules))
            if piece:
                found.append(piece)
    return found


def _suit_slices(held: int) -> tuple[int, int, int, int]:
    """The ranks held in each suit (bit ``rank - 1``), from the bit mask of the cards."""
    return (held & _FIRST_SUIT, held >> 13 & _FIRST_SUIT, held >> 26 & _FIRST_SUIT,
            held >> 39 & _FIRST_SUIT)  # fmt: skip


def _set_ranks(suits: tuple[int, int, int, int], least: int) -> int:
    """The ranks held in at least ``least`` suits (bit ``rank - 1``)."""
    s0, s1, s2, s3 = suits
    if least <= 1:
        return s0 | s1 | s2 | s3
    if least == 2:
        return (s0 | s1) & (s2 | s3) | s0 & s1 | s2 & s3
    if least == 3:
        return (s0 & s1) & (s2 | s3) | (s2 & s3) & (s0 | s1)
    return s0 & s1 & s2 & s3


_POPCOUNT = tuple(bin(mask).count("1") for mask in range(16))


def meldable_bound(cards: tuple[Card, ...], rules: MeldRules) -> int:
    """The opening search's bound (every card of the hand that sits in some meld, at its
    best value) from the per-suit and per-rank tables of :func:`_melds_by_suit_and_rank`,
    without listing the hand's melds: which cards a table's melds use is kept beside it.

    The hand is read as a bit mask of the cards held (and one of the cards held twice):
    a suit's ranks are a slice of it, and the ranks held in enough suits to make a set
    come from a few operations on the four slices.
    """
    held = twice = 0
    for card in cards:
        bit = _BIT[card]
        twice |= held & bit
        held |= bit
    jokers = cards.count(JOKER)
    cap = jokers if rules.max_wilds is None else min(jokers, rules.max_wilds)
    caches: _Caches = rules.tables.owned[_Caches]
    used_by = caches.piece_cards
    suits = _suit_slices(held)
    s0, s1, s2, s3 = suits
    set_ranks = _set_ranks(suits, rules.set_min - cap) & rules.tables.rank_bits
    meldable = 0
    while set_ranks:
        low = set_ranks & -set_ranks
        set_ranks ^= low
        place = low.bit_length() - 1
        mask = (s0 >> place & 1) | (s1 >> place & 1) << 1 | (s2 >> place & 1) << 2
        mask |= (s3 >> place & 1) << 3
        key = ((place + 1) << 8) | (mask << 3) | cap
        used = used_by.get(key)
        if used is None:
            piece = caches.set_pieces.get(key)
            if piece is None:
                piece = caches.set_pieces.put(key, _set_piece(place + 1, mask, cap, rules))
            used = used_by.put(key, _cards_used(piece))
        meldable |= used
    for suit in range(4):
        mask = suits[suit]
        if mask:
            # Which ranks a suit's sequences use does not depend on the suit: the table
            # of the first suit, moved over, serves all four.
            key = _SEQUENCE_KEY | (mask << 3) | cap
            used = used_by.get(key)
            if used is None:
                used = 0
                for shape, _, _, _ in _sequence_shapes(mask, cap, rules):
                    for card in shape:
                        used |= 1 << card
                used = used_by.put(key, used)
            meldable |= (used & _FIRST_SUIT) << 13 * suit | (used & _JOKER_BIT)
    if not meldable:
        return 0
    values = rules.tables.best_values
    naturals = held & ~_JOKER_BIT
    if naturals.bit_count() + twice.bit_count() != len(cards) - jokers:
        # Some card is held three times or more: count card by card.
        return sum(values[card] for card in cards if meldable >> card & 1)
    total = values[JOKER] * jokers if meldable & _JOKER_BIT else 0
    for found in (meldable & naturals, meldable & twice & ~_JOKER_BIT):
        while found:
            low = found & -found
            found ^= low
            total += values[low.bit_length() - 1]
    return total


_BIT = tuple(1 << card for card in range(53))
_SEQUENCE_KEY = 1 << 40  # keeps the keys of sequence tables apart from those of sets
_FIRST_SUIT = (1 << 13) - 1
_JOKER_BIT = 1 << JOKER


def _cards_used(melds: tuple[Meld, ...]) -> int:
    """The bit mask of the cards that some of ``melds`` use."""
    used = 0
    for meld in melds:
        for card in meld.cards:
            used |= 1 << card
    return used


def _wilds_ok(rules: MeldRules, naturals: int, wilds: int) -> bool:
    if rules.max_wilds is not None and wilds > rules.max_wilds:
        return False
    return rules.min_natural_lead is None or naturals - wilds >= rules.min_natural_lead


def _set_piece(rank: int, mask: int, cap: int, rules: MeldRules) -> tuple[Meld, ...]:
    """Every set of ``rank`` from the suits in ``mask`` plus up to ``cap`` jokers (distinct
    suits, jokers the only wild cards)."""
    present = [s for s in range(4) if mask >> s & 1]
    melds = rules.tables.owned[_Caches].melds
    found: list[Meld] = []
    for size in range(1, len(present) + 1):
        for suits in combinations(present, size):
            missing = [s for s in range(4) if s not in suits]
            for wilds in range(min(cap, len(missing)) + 1):
                total = size + wilds
                if not rules.set_min <= total <= rules.set_max or not _wilds_ok(
                    rules, size, wilds
                ):
                    continue
                for chosen in combinations(missing, wilds):
                    pairs = sorted(
                        [(s * 13 + rank - 1, s * 13 + rank - 1) for s in suits]
                        + [(JOKER, s * 13 + rank - 1) for s in chosen],
                        key=lambda pair: pair[1],
                    )
                    cards = tuple(card for card, _ in pairs)
                    represented = tuple(rep for _, rep in pairs)
                    key = (-1, cards, represented)
                    meld = melds.get(key)
                    if meld is None:
                        meld = melds.put(
                            key, make_meld(MeldKind.SET, cards, represented, -1, rules)
                        )
                    found.append(meld)
    return tuple(sorted(found, key=meld_order))


def _sequence_piece(suit: int, mask: int, cap: int, rules: MeldRules) -> tuple[Meld, ...]:
    """Every sequence of ``suit`` from the ranks in ``mask`` plus up to ``cap`` jokers
    (jokers the only wild cards), in :func:`meld_order`."""
    offset = 13 * suit
    melds = rules.tables.owned[_Caches].melds
    found = []
    for cards, represented, start, value in _sequence_shapes(mask, cap, rules):
        key = (suit, cards, represented)
        meld = melds.get(key)
        if meld is None:
            meld = melds.put(
                key,
                Meld(
                    MeldKind.SEQUENCE,
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


def _sequence_shapes(mask: int, cap: int, rules: MeldRules) -> tuple[_Shape, ...]:
    """The sequences of :func:`_sequence_piece` in the first suit, as (cards, represented,
    start, value): the other suits' are the same, moved over (a value depends on ranks
    only), so the search for them is made once for all four suits."""
    caches: _Caches = rules.tables.owned[_Caches]
    cache = caches.sequence_shapes
    key = (mask << 3) | cap
    found = cache.get(key)
    if found is None:
        found = cache.put(key, _first_suit_shapes(mask, cap, rules))
    return found


def _first_suit_shapes(mask: int, cap: int, rules: MeldRules) -> tuple[_Shape, ...]:
    """Every sequence of the first suit from the ranks in ``mask`` plus up to ``cap``
    jokers, as (cards, represented, start, value), in :func:`meld_order`. The values
    are :func:`~scala40.melds.make_meld`'s, worked out here without building the melds."""
    slots = rules.sequence_slots
    count = len(slots)
    longest = count if rules.sequence_max is None else min(rules.sequence_max, count)
    window = [rank - 1 for rank in slots]
    held = [bool(mask >> (rank - 1) & 1) for rank in slots]
    rank_values = rules.rank_values
    natural_values = [rank_values[rank] for rank in slots]
    wild_value = rules.wild_value
    # A sequence from the first place starts with the low ace when the first slot is the
    # ace: worth low_ace_value there, unless a wild card with a value of its own takes it.
    low_ace_change = rules.low_ace_value - rank_values[ACE] if slots[0] == ACE else 0
    both_aces = slots[0] == slots[-1]
    found: list[_Shape] = []
    if cap == 0:
        # No joker: the sequences are the runs of held ranks, each slot natural.
        for start in range(count):
            total = 0
            for stop in range(start + 1, min(start + longest, count) + 1):
                if not held[stop - 1]:
                    break
                total += natural_values[stop - 1]
                length = stop - start
                if (
                    length < rules.sequence_min
                    or (length == count and both_aces)  # two aces of the suit (S40-SEQ)
                    or not _wilds_ok(rules, length, 0)
                ):
                    continue
                represented = tuple(window[start:stop])
                value = total + low_ace_change if start == 0 else total
                found.append((represented, represented, start, value))
        found.sort(key=_shape_order)
        return tuple(found)
    for start in range(count):
        holes = 0
        for stop in range(start + 1, min(start + longest, count) + 1):
            if not held[stop - 1]:
                holes += 1
                if holes > cap:
                    break
            length = stop - start
            if length < rules.sequence_min:
                continue
            represented = tuple(window[start:stop])
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
            for extra in range(min(cap - holes, len(filled)) + 1):
                wilds = holes + extra
                if wilds == length or not _wilds_ok(rules, length - wilds, wilds):
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


def _shape_order(shape: _Shape) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
    # :func:`meld_order` of sequences of one suit.
    return shape[1], shape[0], shape[2]


MAX_HAND_READINGS = 3_000
"""The most meld readings :func:`find_melds` lists for one set of cards; past it the
search raises :class:`~scala40.SearchLimitError` (so does a meld past
:data:`~scala40.melds.MAX_READINGS`). Scala 40's rulesets keep hands far below it (at most
120 readings for 14 cards in random dense hands with eight jokers and no cap on jokers per
meld); it bounds hands full of wild cards under raw :class:`~scala40.MeldRules` that allow
any number in a meld, whose melds grow with the subsets of the hand."""


def find_melds(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    counts = _counts(cards)
    wild_set = rules.wild_cards
    wild_pool = [c for c in cards if c in wild_set]
    most_wilds = (
        len(wild_pool) if rules.max_wilds is None else min(rules.max_wilds, len(wild_pool))
    )
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
                in_window = [window_cards[i] for i in range(start, stop) if held[i]]
                if not in_window:
                    continue
                spare = most_wilds - holes
                for extra in range(min(spare, len(in_window)) + 1):
                    for replaced in combinations(range(len(in_window)), extra):
                        kept = tuple(c for i, c in enumerate(in_window) if i not in replaced)
                        if not kept:
                            continue
                        for wilds in wild_choices[holes + extra]:
                            candidates.add(tuple(sorted(kept + wilds)))
    melds: set[Meld] = set()
    readings = 0
    for candidate in candidates:
        if _fits(candidate, counts):
            try:
                found = rules.readings_of_sorted(candidate)
            except InvalidMeldError as error:  # one meld past MAX_READINGS
                raise SearchLimitError(f"the cards hold a meld past a bound: {error}") from None
            readings += len(found)
            if readings > MAX_HAND_READINGS:
                raise SearchLimitError(
                    f"the cards can be read as more than {MAX_HAND_READINGS} melds "
                    f"(MAX_HAND_READINGS): {len(wild_pool)} wild cards under rules that allow "
                    f"{'any number' if rules.max_wilds is None else rules.max_wilds} in a meld"
                )
            melds.update(found)
    return tuple(sorted(melds, key=meld_order))


def _fits(candidate: tuple[Card, ...], counts: list[int]) -> bool:
    previous = -1
    run = 0
    for card in candidate:
        run = run + 1 if card == previous else 1
        previous = card
        if run > counts[card]:
            return False
    return True


def meld_order(meld: Meld) -> tuple[int, int, tuple[Card, ...], tuple[Card, ...], int]:
    # Sets by rank, then sequences by suit: the order the cached tables concatenate in.
    if meld.kind is MeldKind.SET:
        return (
            0,
            _RANK_ORDER_KEY[RANK_OF[meld.represented[0]]],
            meld.represented,
            meld.cards,
            -1,
        )
    return (1, meld.suit, meld.represented, meld.cards, meld.start)


_RANK_ORDER_KEY = tuple(range(14))


def can_open_sorted(
    cards: tuple[Card, ...], needed: int, rules: MeldRules, keep: int, must: Card | None
) -> bool:
    """:func:`can_open` for a sorted, validated hand (the engine's hot path)."""
    if len(cards) - keep < (
        rules.set_min if rules.set_min < rules.sequence_min else rules.sequence_min
    ):
        return needed <= 0 and must is None and len(cards) >= keep
    caches: _Caches = rules.tables.owned[_Caches]
    cache = caches.opening_answers
    key = (cards, needed, keep, must)
    found = cache.get(key)
    if found is None:
        found = None
        if must is None and needed > 0 and _fast_rules(rules):
            found = _fast_can_open(cards, needed, rules, keep)
        if found is None:
            found = _search_opening(cards, needed, rules, keep, must)
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
    caches: _Caches = rules.tables.owned[_Caches]
    cache = caches.opening_starts
    key = (cards, needed, keep, final_keep, close_ok, must)
    found = cache.get(key)
    if found is None:
        if must is None and needed > 0 and _fast_rules(rules):
            found = _fast_starts(cards, needed, rules, keep, final_keep, close_ok)
        if found is None:
            if not can_open_sorted(cards, needed, rules, final_keep, must):
                found = ()
            else:
                found = _searcher(cards, rules, final_keep).opening_starts(
                    needed, keep, close_ok, must
                )
        cache.put(key, found)
    return found


def searched_can_open(
    cards: tuple[Card, ...], needed: int, rules: MeldRules, keep: int, must: Card | None
) -> bool:
    """:func:`can_open_sorted` by the general search alone, remembering no answer: slower,
    and the reference the tests hold the solver to."""
    if len(cards) - keep < min(rules.set_min, rules.sequence_min):
        return needed <= 0 and must is None and len(cards) >= keep
    return _search_opening(cards, needed, rules, keep, must)


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
    return _OpeningSearch(cards, rules, final_keep).opening_starts(needed, keep, close_ok, must)


def _search_opening(
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
    search = _searcher(cards, rules, keep)
    if search.max_used < 0:
        return False
    search._prepare()
    # The cheap bound first: every card that sits in some meld, at its best value.
    if search.root_bound < needed:
        return False
    return search._reach_with(
        search.live, search.live_count, needed, search.max_used, must, search.root_bound
    )


def _searcher(cards: tuple[Card, ...], rules: MeldRules, keep: int) -> _OpeningSearch:
    """The opening search of a hand, kept so that its memo serves every question asked
    about that hand (can it open, which melds may start the opening)."""
    caches: _Caches = rules.tables.owned[_Caches]
    cache = caches.searches
    key = (cards, keep)
    found = cache.get(key)
    if found is None:
        found = cache.put(key, _OpeningSearch(cards, rules, keep))
    return found


class _OpeningSearch:
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
        self.code = _code(cards)
        self.by_card: dict[Card, list[tuple[int, int, int, int]]] = {}
        self.meldable = 0
        self.values: tuple[int, ...] = ()
        self.root_bound = 0
        self.live = 0
        self.live_count = 0
        self.smallest = min(rules.set_min, rules.sequence_min)
        # What is known about (cards, room) pairs holds whatever hand they came from:
        # the searches of every hand under these rules share it.
        caches: _Caches = rules.tables.owned[_Caches]
        self.reached = caches.reached.make_room()
        self.failed = caches.failed.make_room()
        self.prepared = False

    def _prepare(self) -> None:
        if self.prepared:
            return
        self.prepared = True
        values = self.rules.tables.best_values
        # Readings of the same cards differ only in value: keep the best one of each.
        caches: _Caches = self.rules.tables.owned[_Caches]
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
                    (_code(cards), len(cards), sum(values[card] for card in cards),
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
        self.meldable = sum(_FIELD_MASK[card] for card in by_card)
        self.values = values
        self.root_bound = self.bound(self.code)
        self.live = self.code & self.meldable
        self.live_count = _card_count(self.live)

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
            rest = (code | _GUARDS) - option
            if rest & _GUARDS != _GUARDS:
                continue
            if value >= needed or self._reach(
                rest ^ _GUARDS, left - size, room - size, needed - value, bound - worth
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
                rest = (code | _GUARDS) - option
                if rest & _GUARDS == _GUARDS and (
                    value >= needed
                    or self._reach(
                        rest ^ _GUARDS, left - size, room - size, needed - value, bound - worth
                    )
                ):
                    found = True
                    break
        if not found:
            found = self._reach(
                code - _ONE[lowest], left - 1, room, needed, bound - self.values[lowest]
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
        caches: _Caches = self.rules.tables.owned[_Caches]
        option = caches.meld_options.get(meld.cards)
        if option is None:
            option = (_code(meld.cards), size, self.bound(_code(meld.cards)), frozenset())
        return self._reach_with(
            self.live - option[0],
            self.live_count - size,
            still,
            room,
            still_must,
            self.root_bound - option[2],
        )


# One 5-bit field per card (53 of them); see _OpeningSearch.
_ONE = tuple(1 << 5 * card for card in range(53))
_FIELD_MASK = tuple(0b01111 << 5 * card for card in range(53))
_GUARDS = sum(0b10000 << 5 * card for card in range(53))


def _card_count(code: int) -> int:
    """How many cards the multiset ``code`` holds (the sum of its fields, bit by bit)."""
    return (
        (code & _BITS[0]).bit_count()
        + 2 * (code & _BITS[1]).bit_count()
        + 4 * (code & _BITS[2]).bit_count()
        + 8 * (code & _BITS[3]).bit_count()
    )


_BITS = tuple(sum(1 << 5 * card + bit for card in range(53)) for bit in range(4))


def _code(cards: Iterable[Card]) -> int:
    ones = _ONE
    return sum(ones[card] for card in cards)


# -- the opening solver: sets rank by rank, sequences suit by suit ------------------------
#
# With jokers as the only wild cards and sets of distinct suits (every Scala 40 ruleset),
# the best opening splits along the cards' two coordinates: sets take cards of one rank,
# sequences cards of one suit. The solver lists the ways to choose the sets (few: a rank
# needs several suits, or a joker, to give one), and for each, the suits' sequences come
# from a table keyed by one suit's cards as a small int: two bits per rank holding its
# count (:data:`_SPREAD`), with the jokers that suit may use. A hand differs from the
# previous one by a card or two, so nearly every suit and rank it asks about is known.
#
# Values travel packed as ``value * 64 - cards``: sums add both, and the largest is the
# best value, reached with the fewest cards. An answer found with more cards than the
# room allows is left to the general search (:class:`_OpeningSearch`), which is exact.

_SPREAD_LIST = [0] * 8192
for _mask in range(1, 8192):
    _SPREAD_LIST[_mask] = _SPREAD_LIST[_mask >> 1] << 2 | (_mask & 1)
_SPREAD = tuple(_SPREAD_LIST)
"""A 13-bit mask of ranks (bit ``rank - 1``) as a suit code holding one of each."""
del _SPREAD_LIST, _mask
_PACK = {spread: mask for mask, spread in enumerate(_SPREAD)}
"""The 13-bit mask of the ranks present in a suit code's low bits (:data:`_SPREAD` undone)."""
_LOW_BITS = _SPREAD[(1 << 13) - 1]
_NEVER = -(1 << 60)


def _fast_rules(rules: MeldRules) -> bool:
    """Whether the solver below serves ``rules``."""
    return (
        rules.tables.wild_cards == _JOKER_ONLY
        and rules.set_suits_distinct
        and rules.wild_meld_min is None
    )


def _hand_codes(cards: tuple[Card, ...]) -> tuple[int, int, int, int, int] | None:
    """The jokers and the four suit codes of a sorted hand; ``None`` if some card is held
    more than three times.

    A suit code holds two bits a rank, so the codes of the whole hand are one sum of
    ``4 ** card`` over its natural cards (in C, by :func:`sum`): a card's count stays in
    its two bits as long as no card is held four times, which in a sorted hand shows as
    a card equal to the one three places on.
    """
    jokers = cards.count(JOKER)
    natural = cards[: len(cards) - jokers] if jokers else cards  # jokers sort last
    if any(map(eq, natural, natural[3:])):
        return None
    total = sum(map(_QUAD.__getitem__, natural))
    return (
        jokers,
        total & _SUIT_CODE,
        total >> 26 & _SUIT_CODE,
        total >> 52 & _SUIT_CODE,
        total >> 78,
    )


_QUAD = tuple(1 << 2 * card for card in range(52))
"""A natural card's one copy in the four suit codes laid end to end (26 bits a suit)."""
_SUIT_CODE = (1 << 26) - 1


_SetOption = tuple[int, int, int, int, int, int, tuple[int, ...]]
"""A way to make sets of one rank: packed value, jokers, the four suit codes' decrease,
and the sets' keys (:func:`_set_key`)."""


def _set_key(rank: int, suits: int, jokers: int) -> int:
    """A set by what the solver tells apart: its rank, natural suits and joker count."""
    return rank << 12 | suits << 8 | jokers


def _set_options(rank: int, counts: int, jokers: int, rules: MeldRules) -> tuple[_SetOption, ...]:
    """Every nonempty multiset of sets of ``rank`` from the suits' counts (two bits per
    suit in ``counts``) and up to ``jokers`` jokers."""
    caches: _Caches = rules.tables.owned[_Caches]
    key = rank << 16 | counts << 8 | jokers
    found = caches.set_options.get(key)
    if found is not None:
        return found
    have = [counts >> 2 * suit & 3 for suit in range(4)]
    present = [suit for suit in range(4) if have[suit]]
    cap = jokers if rules.max_wilds is None else min(jokers, rules.max_wilds)
    value = rules.rank_values[rank]
    wild = value if rules.wild_value is None else rules.wild_value
    singles: list[tuple[int, int, int]] = []
    for size in range(1, len(present) + 1):
        for chosen in combinations(present, size):
            for wilds in range(min(cap, 4 - size) + 1):
                total = size + wilds
                if rules.set_min <= total <= rules.set_max and _wilds_ok(rules, size, wilds):
                    mask = sum(1 << suit for suit in chosen)
                    singles.append((mask, wilds, (size * value + wilds * wild) * 64 - total))
    options: list[_SetOption] = []
    place = 2 * (rank - 1)

    def grow(first: int, used: list[int], wilds: int, packed: int, keys: tuple[int, ...]) -> None:
        for index in range(first, len(singles)):
            mask, more, worth = singles[index]
            if wilds + more > jokers:
                continue
            if any(mask >> suit & 1 and used[suit] >= have[suit] for suit in range(4)):
                continue
            now = [used[suit] + (mask >> suit & 1) for suit in range(4)]
            sets = (*keys, _set_key(rank, mask, more))
            options.append(
                (packed + worth, wilds + more, now[0] << place, now[1] << place,
                 now[2] << place, now[3] << place, sets)
            )  # fmt: skip
            grow(index, now, wilds + more, packed + worth, sets)

    grow(0, [0, 0, 0, 0], 0, 0, ())
    return caches.set_options.put(key, tuple(options))


_Choice = tuple[int, int, int, int, int, int, tuple[int, ...]]
"""A choice of sets for a hand: packed value, jokers used, what it takes from each of the
four suit codes, and the sets' keys."""


def _set_choices(codes: tuple[int, int, int, int, int], rules: MeldRules) -> tuple[_Choice, ...]:
    """Every choice of sets from the hand (none at all first).

    The choices depend only on the counts of the ranks that can make a set and on the
    jokers: they are kept under those (the suit codes with every other rank cleared),
    and hands that differ elsewhere share them.
    """
    jokers, c0, c1, c2, c3 = codes
    per_set = jokers if rules.max_wilds is None else min(jokers, rules.max_wilds)
    # The ranks held in enough suits, worked out on the codes' low bits of each rank.
    low = _LOW_BITS
    p0 = (c0 | c0 >> 1) & low
    p1 = (c1 | c1 >> 1) & low
    p2 = (c2 | c2 >> 1) & low
    p3 = (c3 | c3 >> 1) & low
    ranks = _set_ranks((p0, p1, p2, p3), rules.set_min - per_set) & _SPREAD[rules.tables.rank_bits]
    if not ranks:
        return _NO_SETS
    both = ranks | ranks << 1
    key = jokers | (c0 & both) << 4 | (c1 & both) << 30 | (c2 & both) << 56 | (c3 & both) << 82
    caches: _Caches = rules.tables.owned[_Caches]
    found = caches.set_choices.get(key)
    if found is not None:
        return found
    choices: list[_Choice] = [_NO_SETS[0]]
    while ranks:
        bit = ranks & -ranks
        ranks ^= bit
        shift = bit.bit_length() - 1
        counts = (c0 >> shift & 3) | (c1 >> shift & 3) << 2 | (c2 >> shift & 3) << 4
        counts |= (c3 >> shift & 3) << 6
        options = _set_options(shift // 2 + 1, counts, jokers, rules)
        if not options:
            continue
        grown = list(choices)
        for packed, used, d0, d1, d2, d3, keys in choices:
            for more, wilds, e0, e1, e2, e3, sets in options:
                if used + wilds <= jokers:
                    grown.append(
                        (packed + more, used + wilds, d0 + e0, d1 + e1, d2 + e2, d3 + e3,
                         keys + sets)
                    )  # fmt: skip
        choices = grown
    return caches.set_choices.put(key, tuple(choices))


_NO_SETS: tuple[_Choice, ...] = ((0, 0, 0, 0, 0, 0, ()),)


def _suit_best(code: int, jokers: int, rules: MeldRules) -> int:
    """The best sequences of one suit's cards (a suit code) with up to ``jokers`` jokers,
    packed; the suit itself does not matter (values depend on ranks only)."""
    caches: _Caches = rules.tables.owned[_Caches]
    key = code << 4 | jokers
    found = caches.suit_best.get(key)
    if found is not None:
        return found
    if not code:
        return 0
    place = ((code & -code).bit_length() - 1) >> 1
    # Either one copy of the lowest rank stays out of the sequences, or a sequence holds it.
    best = _suit_best(code - (1 << 2 * place), jokers, rules)
    cap = jokers if rules.max_wilds is None else min(jokers, rules.max_wilds)
    for natural, wilds, packed in _suit_shapes(_PACK[(code | code >> 1) & _LOW_BITS], cap, rules)[
        place
    ]:
        value = packed + _suit_best(code - natural, jokers - wilds, rules)
        if value > best:
            best = value
    return caches.suit_best.put(key, best)


def _suit_shapes(
    mask: int, cap: int, rules: MeldRules
) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The sequences from the ranks in ``mask`` with up to ``cap`` jokers, grouped by their
    lowest natural rank: each as its natural cards (a suit code), jokers and packed value."""
    caches: _Caches = rules.tables.owned[_Caches]
    key = mask << 4 | cap
    found = caches.suit_shapes.get(key)
    if found is not None:
        return found
    grouped: list[list[tuple[int, int, int]]] = [[] for _ in range(13)]
    for cards, _, _, value in _sequence_shapes(mask, cap, rules):
        natural = wilds = 0
        lowest = 13
        for card in cards:
            if card == JOKER:
                wilds += 1
            else:
                natural |= 1 << 2 * card
                if card < lowest:
                    lowest = card
        grouped[lowest].append((natural, wilds, value * 64 - len(cards)))
    return caches.suit_shapes.put(key, tuple(tuple(group) for group in grouped))


def _suit_rows(
    c0: int, c1: int, c2: int, c3: int, jokers: int, rules: MeldRules
) -> list[list[int]]:
    """Each suit's best sequences (packed) with 0 to ``jokers`` jokers."""
    caches: _Caches = rules.tables.owned[_Caches]
    table = caches.suit_best
    rows = []
    for code in (c0, c1, c2, c3):
        row = []
        for wilds in range(jokers + 1):
            found = table.get(code << 4 | wilds)
            row.append(_suit_best(code, wilds, rules) if found is None else found)
        rows.append(row)
    return rows


def _combine(first: list[int], second: list[int]) -> list[int]:
    """The best of two parts sharing jokers: entry ``n`` for up to ``n`` jokers in all."""
    return [
        max(first[used] + second[total - used] for used in range(total + 1))
        for total in range(len(first))
    ]


def _others(rows: list[list[int]]) -> list[list[int]]:
    """For each suit, the best of the three other suits sharing 0 to n jokers."""
    r0, r1, r2, r3 = rows
    front01 = _combine(r0, r1)
    back23 = _combine(r2, r3)
    return [
        _combine(r1, back23),
        _combine(r0, back23),
        _combine(front01, r3),
        _combine(front01, r2),
    ]


_Scored = tuple[int, int, int, tuple[int, int, int, int], Any, Any, tuple[int, ...]]
"""A choice of sets with its best opening: the opening (packed), the sets' value
(packed), the jokers left for sequences, the four suit codes left, each suit's best
sequences (:func:`_score_choices`), and the sets' keys."""


def _score_choices(
    codes: tuple[int, int, int, int, int], rules: MeldRules, least: int
) -> tuple[int, list[_Scored]]:
    """The best opening of a hand (packed) if it reaches ``least`` (packed), and each
    choice of sets that may reach it, with its own best.

    Taking sets leaves the suits fewer cards, so a choice of sets can add to its value at
    most the suits' best with all their cards: a choice that cannot reach ``least`` so is
    left out at once (on most hands, every choice). For each choice kept, what the
    sequences need later is kept too: with no joker left, each suit's best; with one,
    each suit's best without and with it; with more, each suit's row for 0 to n jokers
    (:func:`_suit_rows`).
    """
    caches: _Caches = rules.tables.owned[_Caches]
    table = caches.suit_best
    jokers, b0, b1, b2, b3 = codes
    # The suits' best with all their cards, for each number of jokers left to them.
    if jokers == 0:
        bound = [0]
        for code in (b0, b1, b2, b3):
            found = table.get(code << 4)
            bound[0] += _suit_best(code, 0, rules) if found is None else found
    elif jokers == 1:
        base = gain = 0
        for code in (b0, b1, b2, b3):
            without = table.get(code << 4)
            if without is None:
                without = _suit_best(code, 0, rules)
            with_it = table.get(code << 4 | 1)
            if with_it is None:
                with_it = _suit_best(code, 1, rules)
            base += without
            if with_it - without > gain:
                gain = with_it - without
        bound = [base, base + gain]
    else:
        rows = _suit_rows(b0, b1, b2, b3, jokers, rules)
        bound = _combine(_combine(rows[0], rows[1]), _combine(rows[2], rows[3]))
    scored: list[_Scored] = []
    reached = _NEVER
    for packed, used, d0, d1, d2, d3, keys in _set_choices(codes, rules):
        left = jokers - used
        if packed + bound[left] < least:
            continue
        suits = (b0 - d0, b1 - d1, b2 - d2, b3 - d3)
        if left == 0:
            bases = []
            total = packed
            for code in suits:
                found = table.get(code << 4)
                if found is None:
                    found = _suit_best(code, 0, rules)
                bases.append(found)
                total += found
            scored.append((total, packed, 0, suits, bases, None, keys))
        elif left == 1:
            bases = []
            gains = []
            total = packed
            for code in suits:
                without = table.get(code << 4)
                if without is None:
                    without = _suit_best(code, 0, rules)
                with_it = table.get(code << 4 | 1)
                if with_it is None:
                    with_it = _suit_best(code, 1, rules)
                bases.append(without)
                gains.append(with_it - without)
                total += without
            total += max(gains)
            scored.append((total, packed, 1, suits, bases, gains, keys))
        else:
            rows = _suit_rows(*suits, left, rules)
            total = packed + _combine(_combine(rows[0], rows[1]), _combine(rows[2], rows[3]))[left]
            scored.append((total, packed, left, suits, rows, None, keys))
        if total > reached:
            reached = total
    return reached, scored


def _fast_can_open(
    cards: tuple[Card, ...], needed: int, rules: MeldRules, keep: int
) -> bool | None:
    """Whether melds from ``cards`` reach ``needed`` (above 0) with ``keep`` cards left:
    ``True``/``False``, or ``None`` when only the general search can tell."""
    codes = _hand_codes(cards)
    if codes is None:
        return None
    least = needed * 64 - 63
    reached, _ = _score_choices(codes, rules, least)
    if reached < least:
        return False
    # Reached; with too many cards, the search decides.
    return True if -reached % 64 <= len(cards) - keep else None


def _fast_starts(
    cards: tuple[Card, ...],
    needed: int,
    rules: MeldRules,
    keep: int,
    final_keep: int,
    close_ok: bool,
) -> tuple[Meld, ...] | None:
    """:func:`opening_starts` without a taken card to use, for needed above 0; ``None``
    when only the general search can tell.

    A meld may start the opening when some opening holds it. A set: some choice of sets
    holding it reaches the threshold. A sequence: some choice of sets leaving its cards
    does, once the sequence is taken out of its suit; the choices are tried best first,
    and none can do better with the sequence than it does alone.
    """
    codes = _hand_codes(cards)
    if codes is None:
        return None
    room = len(cards) - final_keep
    least = needed * 64 - 63
    reached, scored = _score_choices(codes, rules, least)
    if reached < least:
        return ()
    if -reached % 64 > room:
        return None  # the best opening holds too many cards: the search decides
    if len(scored) > 1:
        scored.sort(key=_first, reverse=True)
    # What a sequence of each suit adds to, choice by choice (best first): the sets and
    # the other suits' best, with the jokers left shared between them and the suit.
    viable: list[tuple[int, int, tuple[int, int, int, int], Any, Any, tuple[int, ...]]] = []
    for total, packed, left, suits, bases, gains, keys in scored:
        if total < least:
            break
        if left == 0:
            viable.append((total, 0, suits, [total - base for base in bases], None, keys))
        elif left == 1:
            top = max(gains)
            first = gains.index(top)
            second = max(gains[:first] + gains[first + 1 :])
            viable.append(
                (total, 1, suits, [total - top - base for base in bases],
                 [second if suit == first else top for suit in range(4)], keys)
            )  # fmt: skip
        else:
            viable.append((total, left, suits, packed, _others(bases), keys))
    caches: _Caches = rules.tables.owned[_Caches]
    table = caches.suit_best
    total_cards = len(cards)
    rows = caches.meld_rows
    found_melds: list[Meld] = []
    # The hand's melds, table by table (sets of a rank, sequences of a suit), each with
    # what the solver needs of it: a meld is one object in all the tables holding it.
    for piece in _pieces(cards, rules):
        if piece[0].kind is MeldKind.SET:
            for meld in piece:
                row = rows.get(id(meld))
                if row is None or row[0] is not meld:
                    row = _meld_row(meld, rows)
                _, size, value, key, _, _, _ = row
                rest = total_cards - size
                if value >= needed:
                    if rest >= keep or (rest == 0 and close_ok):
                        found_melds.append(meld)
                    continue
                crowded = False  # reached only with too many cards
                for total, _, _, _, _, keys in viable:
                    if key in keys:
                        if -total % 64 <= room:
                            found_melds.append(meld)
                            break
                        crowded = True
                else:
                    if crowded and _searcher(cards, rules, final_keep).starts_with(
                        meld, needed, keep, close_ok, None
                    ):
                        found_melds.append(meld)
            continue
        for meld in piece:
            row = rows.get(id(meld))
            if row is None or row[0] is not meld:
                row = _meld_row(meld, rows)
            _, size, value, place, natural, wilds, worth = row
            rest = total_cards - size
            if value >= needed:
                if rest >= keep or (rest == 0 and close_ok):
                    found_melds.append(meld)
                continue
            crowded = False
            for _, left, suits, rests, more, _ in viable:
                code = suits[place]
                if wilds > left or (code | code >> 1) & natural != natural:
                    continue
                after = code - natural
                if left < 2:
                    tail = table.get(after << 4)
                    if tail is None:
                        tail = _suit_best(after, 0, rules)
                    reach = rests[place] + worth + tail
                    if left and not wilds:
                        # The joker left goes to this suit, or to the best of the others.
                        with_it = table.get(after << 4 | 1)
                        if with_it is None:
                            with_it = _suit_best(after, 1, rules)
                        if with_it - tail > more[place]:
                            reach += with_it - tail
                        else:
                            reach += more[place]
                else:
                    others = more[place]
                    reach = _NEVER
                    for kept in range(wilds, left + 1):
                        part = table.get(after << 4 | (kept - wilds))
                        if part is None:
                            part = _suit_best(after, kept - wilds, rules)
                        if part + others[left - kept] > reach:
                            reach = part + others[left - kept]
                    reach += rests + worth
                if reach >= least:
                    if -reach % 64 <= room:
                        found_melds.append(meld)
                        break
                    crowded = True
            else:
                if crowded and _searcher(cards, rules, final_keep).starts_with(
                    meld, needed, keep, close_ok, None
                ):
                    found_melds.append(meld)
    return tuple(found_melds)


def _first(item: _Scored) -> int:
    return item[0]


_MeldRow = tuple[Meld, int, int, int, int, int, int]
"""What the solver needs of a meld: the meld, its size and value, its set key (a set,
:func:`_set_key`) or suit (a sequence), its natural cards as a suit code, its jokers,
and its packed value."""


def _meld_row(meld: Meld, rows: BoundedCache[int, _MeldRow]) -> _MeldRow:
    """The row of ``meld``, remembered in ``rows`` by the meld's identity (the row keeps
    the meld alive, so that its id is not reused meanwhile)."""
    natural = wilds = suits = 0
    for card in meld.cards:
        if card == JOKER:
            wilds += 1
        else:
            natural |= 1 << 2 * (card % 13)
            suits |= 1 << card // 13
    if meld.kind is MeldKind.SET:
        place = _set_key(RANK_OF[meld.represented[0]], suits, wilds)
    else:
        place = meld.suit
    size = len(meld.cards)
    return rows.put(
        id(meld), (meld, size, meld.value, place, natural, wilds, meld.value * 64 - size)
    )
