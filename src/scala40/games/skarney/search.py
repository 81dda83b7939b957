"""The melds of a hand and the contract search behind Skarney's legal moves (internal).

Every answer here is built from candidate card multisets whose readings come from the
core (:meth:`scala40.MeldRules.readings_of_sorted`), so a meld listed here is a meld the
core accepts; the tests check the lists against a brute-force enumeration of every
sub-multiset of small hands.

* :func:`hand_melds`: every meld a hand can put down (every reading of every
  sub-multiset that is a meld: SK-MELDS, SK-WILDMELD), and :func:`hand_put_downs`, the
  moves that put them down;
* :func:`contract_melds`: the 3-card melds of one kind a hand holds (SK-CONTRACT);
* :func:`can_complete`: whether a hand holds ``needed`` disjoint 3-card melds of one
  kind, each with at most one wild card;
* :func:`contract_starts`: the moves putting down the 3-card melds that start (or
  continue) a contract the hand can still complete, which is what makes the contract's
  legal moves free of dead ends;
* :func:`contracts`: every whole contract of a hand, and :func:`best_contract`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any, Final

from scala40._base.engine import without, without_sorted
from scala40._cache import HAND_LIMIT, BoundedCache
from scala40.cards import JOKER, RANK_OF, SUIT_OF, Card
from scala40.errors import SearchLimitError
from scala40.games.skarney.moves import PutDown, put_down_of
from scala40.games.skarney.rules import MELD_RULES, meld_points
from scala40.melds import Meld, MeldKind, make_meld
from scala40.melds._hand import find_melds, run_reach
from scala40.melds._members import SEQUENCE_KIND, SET_KIND

__all__ = [
    "CARDS_PER_STEP",
    "CONTRACT_KINDS",
    "MAX_CONTRACT_STEPS",
    "MOST_CONTRACT_MELDS",
    "best_contract",
    "can_complete",
    "contract_melds",
    "contract_starts",
    "contracts",
    "hand_melds",
    "hand_put_downs",
    "without",
]

CONTRACT_KINDS = (SET_KIND, SEQUENCE_KIND)
"""The kinds of melds a contract is made of: all sets, or all sequences (SK-CONTRACT)."""

_WILD: Final = MELD_RULES.wild_cards
_SLOTS: Final = MELD_RULES.sequence_slots
"""The rank of each place of a sequence: A 2 3 ... K A."""
_WILD_SORTED: Final = tuple(sorted(_WILD))
_SHORTEST: Final = MELD_RULES.sequence_min
"""The fewest cards of a sequence."""
_CARD_SLOTS: Final = JOKER + 1
"""Card numbers run from 0 to the joker's."""
_RUN_BITS: tuple[tuple[int, int] | None, ...] = tuple(
    (SUIT_OF[card], 1 << (RANK_OF[card] - 1)) if card != JOKER and RANK_OF[card] != 2 else None
    for card in range(JOKER + 1)
)
"""The suit and the rank's bit of each natural card that can hold a place of a sequence
(``None`` for the wild cards)."""

_HAND_MELDS: BoundedCache[tuple[Card, ...], tuple[Meld, ...]] = BoundedCache(
    "skarney hand melds", HAND_LIMIT
)
_THREES: BoundedCache[tuple[tuple[Card, ...], MeldKind], tuple[Meld, ...]] = BoundedCache(
    "skarney contract melds", HAND_LIMIT
)
_COMPLETE: BoundedCache[tuple[tuple[Card, ...], MeldKind | None, int], bool] = BoundedCache(
    "skarney contract answers", HAND_LIMIT
)
_STARTS: BoundedCache[tuple[tuple[Card, ...], MeldKind | None, int], tuple[PutDown, ...]] = (
    BoundedCache("skarney contract starts", HAND_LIMIT)
)


def _meld_order(meld: Meld) -> tuple[int, tuple[Card, ...], tuple[Card, ...]]:
    return (len(meld.cards), meld.cards, meld.represented)


_Entry = tuple[tuple[int, tuple[Card, ...], tuple[Card, ...]], Meld, PutDown]
"""A meld made by the searches: its place in meld order (:func:`_meld_order`), the meld,
and the move that puts it down. Entries sort in meld order as they stand (no two melds
have the same cards standing for the same)."""

_Group = tuple[Any, ...]
"""A group of melds (the sets of a rank, the sequences of a suit), each followed by the
move that puts it down (``meld, move, meld, move...``), made once with the group (the
move lists of most hands are put together from groups met before). One flat tuple, not
a tuple of melds and one of moves: tens of thousands of groups stay cached, and each is
then one object for the garbage collector to walk instead of three. ``group[0::2]`` are
the melds, ``group[1::2]`` the moves."""


# The melds of a hand are put together from the melds of each rank (sets) and of each
# suit (sequences), which depend only on a few small keys that recur across hands.
_GROUPS: BoundedCache[tuple[object, ...], _Group] = BoundedCache("skarney meld groups")


def _rank_melds(
    rank: int, copies: tuple[int, ...], wilds: tuple[Card, ...], sizes: range
) -> _Group:
    """The sets of one rank: ``copies`` naturals of each suit, plus at most one of the
    distinct wild cards ``wilds``: each multiset of naturals of a size in ``sizes``, and
    of one size less with each wild card. A set's suits may repeat, so every such
    multiset is a set, and its one reading (SK-MELDS), built here directly as the core's
    readings of its cards give it."""
    group_key = ("set", rank, copies, wilds, sizes.start, sizes.stop)
    found = _GROUPS.get(group_key)
    if found is None:
        # The naturals held, sorted (by suit: the cards of one rank), each copy once.
        held = [s * 13 + rank - 1 for s, many in enumerate(copies) for _ in range(many)]
        entries: list[_Entry] = []
        for size in range(sizes.start - 1, sizes.stop):
            # Sorted sub-multisets of ``size`` naturals, each once.
            for naturals in set(combinations(held, size)):
                if size in sizes:
                    entries.append(_set(naturals, None))
                if size + 1 in sizes:
                    entries += [_set(naturals, wild) for wild in wilds]
        found = _GROUPS.put(group_key, _group_of(entries))
    return found


_SETS: BoundedCache[tuple[tuple[Card, ...], Card | None], _Entry] = BoundedCache("skarney sets")
"""Each set met and the move that puts it down, by its natural cards and its wild card:
a set recurs in the groups of many hands."""


def _set(naturals: tuple[Card, ...], wild: Card | None) -> _Entry:
    """The set of ``naturals`` (sorted, of one rank), with ``wild`` if not ``None``, and
    its move (a valid set: see :func:`_rank_melds`)."""
    key = (naturals, wild)
    found = _SETS.get(key)
    if found is None:
        if wild is None:
            cards = represented = naturals
        else:
            # The wild card stands for the rank in the first suit the naturals lack (in
            # spades if they have every suit): the core's choice. In the order of the
            # cards stood for, a wild card after a natural card standing for the same.
            suits = {card // 13 for card in naturals}
            lacking = next((s for s in range(4) if s not in suits), 0)
            stands_for = lacking * 13 + naturals[0] % 13
            pairs = sorted(
                [*((card, card) for card in naturals), (wild, stands_for)], key=_stood_for
            )
            cards = tuple(c for c, _ in pairs)
            represented = tuple(r for _, r in pairs)
        found = _SETS.put(key, _entry(make_meld(SET_KIND, cards, represented, -1, MELD_RULES)))
    return found


def _group_of(entries: list[_Entry]) -> _Group:
    """The group of the melds of ``entries`` (with their moves), in meld order."""
    entries.sort()
    return tuple([item for _, meld, move in entries for item in (meld, move)])  # no generator


def _entry(meld: Meld) -> _Entry:
    return (len(meld.cards), meld.cards, meld.represented), meld, put_down_of(meld)


def _stood_for(pair: tuple[Card, Card]) -> tuple[Card, Card]:
    return pair[1], pair[0]


_ALL_RANKS: Final = sum(1 << (rank - 1) for rank in range(1, 14) if rank != 2)
"""Every rank a natural card of a sequence can have (a 2 is always wild)."""


def _meldable_ranks(ranks: int, wild: bool) -> int:
    """The ranks of ``ranks`` (bit ``rank - 1`` each) that some sequence could hold, with
    the one wild card a sequence may have or without (:func:`run_reach` over Skarney's
    places: the ace at both ends, place 13 the ace again)."""
    kept = run_reach(ranks | (ranks & 1) << 13, len(_SLOTS), _SHORTEST, 1 if wild else 0)
    return (kept | kept >> 13) & 0x1FFF


def _suit_melds(
    suit: int, ranks: int, aces: int, wilds: tuple[Card, ...], smallest: int, largest: int
) -> _Group:
    """The sequences of one suit: consecutive places, each held naturally (``ranks`` has
    bit ``rank - 1`` for each rank held) or, one of them, by one of the wild cards; both
    ace places held naturally only with ``aces`` of 2 (SK-MELDS)."""
    # A hand's suits differ in cards no sequence can hold (every sequence has 3 places or
    # more, at most one of them wild): the answer is kept under the suit's key and under
    # the key of the ranks that matter, which far more hands share. Both ace places are
    # held only when every rank is.
    assert smallest >= 3
    group_key = ("run", suit, ranks, aces, wilds, smallest, largest)
    meldable = _meldable_ranks(ranks, bool(wilds))
    both_aces = 2 if meldable == _ALL_RANKS and aces >= 2 else 0
    found = _GROUPS.get(("run", suit, meldable, both_aces, wilds, smallest, largest))
    if found is None:
        found = _suit_melds_of(suit, meldable, both_aces, wilds, smallest, largest)
        _GROUPS.put(("run", suit, meldable, both_aces, wilds, smallest, largest), found)
    return _GROUPS.put(group_key, found)


def _suit_melds_of(
    suit: int, ranks: int, aces: int, wilds: tuple[Card, ...], smallest: int, largest: int
) -> _Group:
    """:func:`_suit_melds`, worked out: each window of consecutive places with at most one
    place the hand does not hold, read as the sequence of its places, the wild card at
    the missing place or, in a window held whole, at each place in turn. Those are every
    reading of every multiset of cards such windows hold (what the core's readings of
    them give, built here directly: one suit, one wild card at most)."""
    if ranks.bit_count() + (1 if wilds else 0) < smallest:
        return ()
    natural = [
        suit * 13 + rank - 1 if rank != 2 and ranks >> (rank - 1) & 1 else None for rank in _SLOTS
    ]
    stands_for = tuple([suit * 13 + rank - 1 for rank in _SLOTS])  # a list: no generator
    entries: list[_Entry] = []
    places = len(_SLOTS)
    for first in range(places):
        missing = -1
        end = first + largest  # capped at places: min() without the builtin's call (hot)
        for last in range(first, end if end < places else places):
            if natural[last] is None:
                if missing >= 0 or not wilds:
                    break
                missing = last
            if last - first + 1 < smallest:
                continue
            if first == 0 and last == places - 1 and aces < 2:
                break  # both ends are the ace: the hand holds one
            represented = stands_for[first : last + 1]
            window: list[Any] = natural[first : last + 1]  # every place held, but one
            if missing >= 0:
                hole = missing - first
                for wild in wilds:
                    window[hole] = wild
                    entries.append(_sequence(tuple(window), represented, first))
                continue
            held: tuple[Card, ...] = tuple(window)
            entries.append(_sequence(held, represented, first))
            for index in range(len(held)):
                for wild in wilds:
                    cards = (*held[:index], wild, *held[index + 1 :])
                    entries.append(_sequence(cards, represented, first))
    return _group_of(entries)


_SEQUENCES: BoundedCache[tuple[tuple[Card, ...], int], _Entry] = BoundedCache("skarney sequences")
"""Each sequence met and the move that puts it down, by its cards and first place: a
sequence recurs in the groups of many hands."""


def _sequence(cards: tuple[Card, ...], represented: tuple[Card, ...], start: int) -> _Entry:
    """The sequence of ``cards`` in place order, standing for ``represented`` from place
    ``start``, and its move (a valid sequence: see :func:`_suit_melds_of`)."""
    key = (cards, start)
    found = _SEQUENCES.get(key)
    if found is None:
        meld = make_meld(SEQUENCE_KIND, cards, represented, start, MELD_RULES)
        found = _SEQUENCES.put(key, _entry(meld))
    return found


def _wild_melds(jokers: int, twos: tuple[int, ...]) -> _Group:
    """Melds of wild cards only: 3 or more jokers, or 3 or more 2s (``twos`` copies of each
    suit's 2), as the core's enumerator finds them among the wild cards held."""
    group_key = ("wild", jokers, twos)
    found = _GROUPS.get(group_key)
    if found is None:
        held = [suit * 13 + 1 for suit, many in enumerate(twos) for _ in range(many)]
        wilds = tuple(sorted([*held, *[JOKER] * jokers]))
        entries = [_entry(meld) for meld in find_melds(wilds, MELD_RULES)]
        found = _GROUPS.put(group_key, _group_of(entries))
    return found


_CARD_PLACE: Final = tuple(
    (4, 1 << _WILD_SORTED.index(card)) if place is None else place
    for card, place in enumerate(_RUN_BITS)
)
""":data:`_RUN_BITS` with the wild cards apart, as a fifth suit: a bit for each."""
_WILDS_HELD: Final = tuple(
    tuple(card for index, card in enumerate(_WILD_SORTED) if held >> index & 1)
    for held in range(1 << len(_WILD_SORTED))
)
"""The wild cards held, sorted, by their bits in that fifth suit."""


def _groups(
    hand: tuple[Card, ...], sets: range | None, runs: range | None, wild: bool
) -> list[_Group]:
    """The groups of melds of a hand, in order: sets of the sizes ``sets`` rank by rank,
    sequences of the sizes ``runs`` suit by suit, and melds of wild cards only if
    ``wild``."""
    # Copies of each card by its number, and each suit's natural ranks as bits (lists,
    # not a Counter: this is the hot path).
    counts = [0] * _CARD_SLOTS
    masks = [0, 0, 0, 0, 0]
    for card in hand:
        counts[card] += 1
        suit, bit = _CARD_PLACE[card]
        masks[suit] |= bit
    wilds = _WILDS_HELD[masks[4]]
    found: list[_Group] = []
    spare = 1 if wilds else 0
    if sets is not None:
        # Only the ranks held naturally can make a set (a set needs natural cards:
        # sets.start is more than the one wild card a set may hold), the ace first.
        held = masks[0] | masks[1] | masks[2] | masks[3]
        fewest, most = sets.start, sets.stop  # read once (compiled, a generic lookup)
        while held:
            lowest = held & -held
            held ^= lowest
            rank = lowest.bit_length()
            at = rank - 1  # the rank's card in spades; the other suits' 13 apart
            if counts[at] + counts[at + 13] + counts[at + 26] + counts[at + 39] + spare >= fewest:
                copies = (counts[at], counts[at + 13], counts[at + 26], counts[at + 39])
                # The group's cache read here first: most groups were met before.
                group = _GROUPS.get(("set", rank, copies, wilds, fewest, most))
                if group is None:
                    group = _rank_melds(rank, copies, wilds, sets)
                found.append(group)
    if runs is not None:
        shortest, longest = runs.start, runs.stop - 1
        for suit in range(4):
            ranks = masks[suit]
            if ranks.bit_count() + spare >= shortest:
                aces = counts[suit * 13]
                if aces > 2:
                    aces = 2  # min(), without the builtin's call: this is the hot path
                group = _GROUPS.get(("run", suit, ranks, aces, wilds, shortest, longest))
                if group is None:
                    group = _suit_melds(suit, ranks, aces, wilds, shortest, longest)
                found.append(group)
    if wild:
        twos = (counts[1], counts[14], counts[27], counts[40])
        if counts[JOKER] >= 3 or sum(twos) >= 3:
            found.append(_wild_melds(counts[JOKER], twos))
    return found


def hand_melds(hand: tuple[Card, ...]) -> tuple[Meld, ...]:
    """Every meld of a sorted hand: every reading (C-WILD) of every sub-multiset that is a
    meld (SK-MELDS, SK-WILDMELD): the sets rank by rank (the ace first), the sequences
    suit by suit, then the melds of wild cards only."""
    found = _HAND_MELDS.get(hand)
    if found is None:
        melds: list[Meld] = []
        for group in _groups(hand, _SET_SIZES, _RUN_SIZES, True):
            melds += group[0::2]
        found = _HAND_MELDS.put(hand, tuple(melds))
    return found


def hand_put_downs(hand: tuple[Card, ...]) -> list[PutDown]:
    """The moves that put down each of :func:`hand_melds`, in its order (a new list)."""
    moves: list[PutDown] = []
    for group in _groups(hand, _SET_SIZES, _RUN_SIZES, True):
        moves += group[1::2]
    return moves


_SET_SIZES: Final = range(MELD_RULES.set_min, MELD_RULES.set_max + 1)
_RUN_SIZES: Final = range(MELD_RULES.sequence_min, len(_SLOTS) + 1)


def contract_melds(hand: tuple[Card, ...], kind: MeldKind) -> tuple[Meld, ...]:
    """The 3-card melds of ``kind`` (a set or a sequence) in a sorted hand, every reading
    (SK-CONTRACT)."""
    cache_key = (hand, kind)
    found = _THREES.get(cache_key)
    if found is None:
        melds: list[Meld] = []
        for group in _contract_groups(hand, kind):
            melds += group[0::2]
        found = _THREES.put(cache_key, tuple(melds))
    return found


_THREE: Final = range(3, 4)


def _contract_groups(hand: tuple[Card, ...], kind: MeldKind) -> list[_Group]:
    """The groups of :func:`contract_melds`."""
    if kind is SET_KIND:
        return _groups(hand, _THREE, None, False)
    return _groups(hand, None, _THREE, False)


# -- can a hand still make its contract? --------------------------------------------------
#
# A contract is ``needed`` disjoint 3-card melds of one kind, each of three natural cards
# or of two and a wild card; wild cards are interchangeable here. Sets of different ranks
# share nothing but the wild cards, and so do sequences of different suits: the most
# melds a hand holds is worked out rank by rank (or suit by suit) for each number of wild
# cards, then the wild cards are shared out among them.


def _most_sets(count: int, wilds: int) -> int:
    """The most 3-card sets ``count`` natural cards of one rank make with up to ``wilds``
    wild cards (a set: three naturals, or two and a wild card)."""
    best = 0
    for with_wild in range(min(wilds, count // 2) + 1):
        best = max(best, with_wild + (count - 2 * with_wild) // 3)
    return best


_RUNS: BoundedCache[tuple[tuple[Card, ...], int], int] = BoundedCache("skarney suit runs")

MOST_CONTRACT_MELDS = 5
"""The most melds a contract holds (the rulesets' bound on ``contract_melds``): the
searches below count melds up to this many, and no further."""


def _most_runs(cards: tuple[Card, ...], wilds: int) -> int:
    """The most disjoint 3-card sequences the natural cards of one suit (sorted, written
    in spades) make with up to ``wilds`` wild cards, counted up to
    :data:`MOST_CONTRACT_MELDS` (more are never needed).

    The lowest card is either left out or starts a sequence with cards at most two places
    above it (an ace also with a queen and a king), so the sub-hands met are the hand's
    suffixes with a few cards taken near their start: few, whatever the hand's size."""
    if len(cards) < 2:
        return 0
    if cards[0] > 2:
        # No ace (it would come first): the same cards lower down make as many sequences
        # (see _suit_runs), so the sub-hands met are counted from the 3 up, and shared.
        shift = cards[0] - 2
        cards = tuple(card - shift for card in cards)
    key = (cards, wilds)
    found = _RUNS.get(key)
    if found is not None:
        return found
    first, rest = cards[0], cards[1:]
    best = 0
    for piece in _run_pieces(first, rest):
        wild_used = 2 - len(piece)
        if wild_used <= wilds and 1 + (len(rest) - len(piece) + wilds - wild_used) // 2 > best:
            left = without(rest, piece)
            assert left is not None
            made = 1 + _most_runs(left, wilds - wild_used)
            if made > best:  # max() without the builtin's call, as below
                best = made
            if best >= MOST_CONTRACT_MELDS:
                return _RUNS.put(key, MOST_CONTRACT_MELDS)
    made = _most_runs(rest, wilds)
    return _RUNS.put(key, made if made > best else best)


def _run_pieces(card: Card, rest: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """The cards of ``rest`` (natural, of ``card``'s suit) that make a 3-card sequence with
    ``card``: two of them, or one (the third place held by a wild card)."""
    held = set(rest)
    pieces: list[tuple[Card, ...]] = []
    base = card - card % 13
    last_first = len(_SLOTS) - 3
    for place in MELD_RULES.tables.slot_of_rank[RANK_OF[card]]:
        # The windows of three places through ``place``, written without min() and max()
        # (each a builtin call): this runs for every card a contract's search tries.
        low = place - 2 if place > 2 else 0
        high = place if place < last_first else last_first
        for first in range(low, high + 1):
            others = [base + _SLOTS[p] - 1 for p in range(first, first + 3) if p != place]
            present = [c for c in others if c in held and RANK_OF[c] != 2]
            pieces.extend((c,) for c in present)
            if len(present) == 2:
                pieces.append((present[0], present[1]))
    # A piece of two cards fits two windows (the wild card below or above them).
    return list(dict.fromkeys(pieces))


def _reaches(options: Sequence[Sequence[int]], wilds: int, needed: int) -> bool:
    """Whether the groups make ``needed`` melds in all: ``options[i][k]`` melds from group
    ``i`` with up to ``k`` wild cards (so never fewer with more), ``wilds`` wild cards to
    share out."""
    # Each group's melds without a wild card count whatever happens; only the groups that
    # make more with wild cards take part in sharing them out (mostly one or none).
    base = 0
    gaining: list[Sequence[int]] = []
    gaining_base = most_gained = 0  # summed here, not by sum() over generators later
    for group in options:
        without = group[0]
        base += without
        if wilds and group[wilds] != without:
            gaining.append(group)
            gaining_base += without
            most_gained += group[wilds] - without
    if base >= needed:
        return True  # enough without a wild card
    if base + most_gained < needed:
        return False  # not enough even if every group had every wild card
    if len(gaining) == 1:
        return True  # the one group that gains takes every wild card: enough, as above
    # The most melds the gaining groups make, sharing out every wild card (never fewer
    # with more), group by group; plain loops, as this is asked of most contract melds.
    best = gaining[0]
    for group in gaining[1:]:
        shared = []
        for spend in range(wilds + 1):
            most = 0
            for used in range(spend + 1):
                made = best[spend - used] + group[used]
                if made > most:
                    most = made
            shared.append(most)
        best = shared
    return base - gaining_base + best[wilds] >= needed


_HOLDS: BoundedCache[tuple[object, ...], bool] = BoundedCache(
    "skarney contract shapes", HAND_LIMIT
)
"""The answers of :func:`_holds` for sets by the shape of a hand that decides them: how
many natural cards of each rank (sorted: which rank does not matter), with the wild cards
and the melds needed. Far fewer shapes than hands recur, so the contract check of a hand
is mostly one lookup. (Sequences are counted suit by suit, :func:`_suit_runs`.)"""


def _holds(hand: tuple[Card, ...], kind: MeldKind, needed: int) -> bool:
    """Whether a hand holds ``needed`` disjoint 3-card melds of ``kind``."""
    naturals = [card for card in hand if card not in _WILD]
    if len(naturals) < 2 * needed:
        return False
    # Each meld takes one wild card at most: more than ``needed`` are never used.
    wilds = min(len(hand) - len(naturals), needed)
    if kind is SET_KIND:
        ranks = [RANK_OF[card] for card in naturals]
        counts = tuple(sorted(ranks.count(rank) for rank in set(ranks)))
        return _shape_holds(kind, wilds, needed, counts)
    suits: list[list[Card]] = [[], [], [], []]
    for card in naturals:
        suits[SUIT_OF[card]].append(card % 13)  # every suit written as spades
    return _holds_runs(tuple(map(tuple, suits)), wilds, needed)


def _shape_holds(kind: MeldKind, wilds: int, needed: int, groups: tuple[Any, ...]) -> bool:
    """:func:`_holds` of a hand of that shape (see :data:`_HOLDS`): the natural cards'
    ``groups`` are the sorted counts by rank for sets, the sorted suits (in spades) for
    sequences."""
    shape = (kind, wilds, needed, groups)
    found = _HOLDS.get(shape)
    if found is None:
        holds = _holds_sets if kind is SET_KIND else _holds_runs
        found = _HOLDS.put(shape, holds(groups, wilds, needed))
    return found


_SETS_OF_COUNT: Final = tuple(
    tuple(_most_sets(count, wilds) for wilds in range(MOST_CONTRACT_MELDS + 1))
    for count in range(2 * 4 + 1)
)
""":func:`_most_sets` of each count of naturals of one rank (two decks: at most 8) with
0 to :data:`MOST_CONTRACT_MELDS` wild cards."""


def _holds_sets(counts: tuple[int, ...], wilds: int, needed: int) -> bool:
    """Whether natural cards ``counts`` of a few ranks make ``needed`` sets with up to
    ``wilds`` wild cards."""
    # counts is sorted: its last is its largest (max() without the builtin's call).
    if wilds <= MOST_CONTRACT_MELDS and (not counts or counts[-1] < len(_SETS_OF_COUNT)):
        options: list[Sequence[int]] = [_SETS_OF_COUNT[count] for count in counts if count > 1]
    else:  # not from a deal of the two decks
        spans = range(wilds + 1)
        options = [[_most_sets(count, k) for k in spans] for count in counts if count > 1]
    return _reaches(options, wilds, needed)


def _holds_runs(suits: Sequence[tuple[Card, ...]], wilds: int, needed: int) -> bool:
    """Whether natural cards of a few suits (each written in spades, sorted, in any
    order) make ``needed`` sequences with up to ``wilds`` wild cards."""
    runs = [_suit_runs(cards, wilds) for cards in suits if len(cards) > 1]
    return _reaches(runs, wilds, needed)


_SUIT_RUNS: BoundedCache[tuple[tuple[Card, ...], int], tuple[int, ...]] = BoundedCache(
    "skarney suit run counts"
)
""":func:`_suit_runs` by its arguments: one suit's cards recur across hands far more than
a whole hand's shape does (a hand differs from the last by a card or two)."""


def _suit_runs(cards: tuple[Card, ...], wilds: int) -> tuple[int, ...]:
    """The most disjoint 3-card sequences the natural ``cards`` of one suit (sorted,
    written in spades) make with 0, 1, ... ``wilds`` wild cards (see :func:`_most_runs`)."""
    key = (cards, wilds)
    found = _SUIT_RUNS.get(key)
    if found is None:
        # A card no 3-card sequence can hold (no other rank within two places) is left
        # out first, so that the suits that differ only in such cards share their counts.
        ranks = 0
        for card in cards:
            ranks |= 1 << card
        kept = _meldable_ranks(ranks, True)
        # Lists made into tuples: a generator's resumption per card costs more.
        useful = tuple([card for card in cards if kept >> card & 1])
        if useful and useful[0]:
            # Without an ace, the same cards a few places higher or lower make as many
            # sequences (a 3 or a king still has a place beyond it, for a wild card):
            # counted from the 3 up.
            shift = useful[0] - 2
            useful = tuple([card - shift for card in useful])
        found = _SUIT_RUNS.get((useful, wilds))
        if found is None:
            found = _SUIT_RUNS.put(
                (useful, wilds), tuple(_most_runs(useful, k) for k in range(wilds + 1))
            )
        _SUIT_RUNS.put(key, found)
    return found


def can_complete(hand: tuple[Card, ...], kind: MeldKind | None, needed: int) -> bool:
    """Whether a sorted hand holds ``needed`` disjoint 3-card melds of ``kind`` (either
    kind when ``None``, all of one kind), each with at most one wild card (SK-CONTRACT)."""
    if needed <= 0:
        return True
    cache_key = (hand, kind, needed)
    found = _COMPLETE.get(cache_key)
    if found is None:
        if len(hand) < 3 * needed:
            found = False
        else:
            kinds = CONTRACT_KINDS if kind is None else (kind,)
            found = any(_holds(hand, one, needed) for one in kinds)
        _COMPLETE.put(cache_key, found)
    return found


class _Parts:
    """A hand taken apart as :func:`_holds` looks at it for one kind of meld, so that the
    hand less a few of its cards is looked at without being rebuilt: the contract's next
    meld is tried against every candidate meld of the hand."""

    __slots__ = ("groups", "kind", "naturals", "size", "wilds")

    def __init__(self, hand: tuple[Card, ...], kind: MeldKind) -> None:
        self.kind = kind
        self.size = len(hand)
        naturals = [card for card in hand if card not in _WILD]
        self.naturals = len(naturals)
        self.wilds = self.size - self.naturals
        self.groups: list[Any]
        if kind is SET_KIND:
            # Natural cards by rank: one count each.
            counts = [0] * 14
            for card in naturals:
                counts[RANK_OF[card]] += 1
            self.groups = counts
        else:
            # Natural cards by suit, each written in spades, in the hand's order.
            suits: list[list[int]] = [[], [], [], []]
            for card in naturals:
                suits[SUIT_OF[card]].append(card % 13)
            self.groups = [tuple(suit) for suit in suits]

    def completes_without(self, cards: tuple[Card, ...], needed: int) -> bool:
        """:func:`can_complete` of the hand less ``cards`` (cards it holds) for ``needed``
        melds of its kind: the same answer, from the same shape of :func:`_holds`."""
        if needed <= 0:
            return True
        if self.size - len(cards) < 3 * needed:
            return False
        taken = [card for card in cards if card not in _WILD]
        naturals = self.naturals - len(taken)
        if naturals < 2 * needed:
            return False
        wilds = self.wilds - (len(cards) - len(taken))
        if wilds > needed:
            wilds = needed  # min(), without the builtin's call: asked of every candidate
        kind = self.kind
        if kind is SET_KIND:
            counts = self.groups.copy()
            for card in taken:
                counts[RANK_OF[card]] -= 1
            ranks = tuple(sorted([count for count in counts if count]))  # no generator
            return _shape_holds(kind, wilds, needed, ranks)
        suits = self.groups
        if taken:
            # Only the suits of the cards taken change (a sequence's: one).
            suits = suits.copy()
            for card in taken:
                suit = SUIT_OF[card]
                left = list(suits[suit])
                left.remove(card % 13)
                suits[suit] = tuple(left)
        return _holds_runs(suits, wilds, needed)


def contract_starts(
    hand: tuple[Card, ...], kind: MeldKind | None, needed: int
) -> tuple[PutDown, ...]:
    """The moves that put down the 3-card melds of ``kind`` (either kind when ``None``)
    of a sorted hand after which the rest of the hand still holds ``needed - 1`` more of
    the same kind: the melds that may start, or continue, a contract of ``needed`` more
    melds, in the order of :func:`contract_melds`."""
    cache_key = (hand, kind, needed)
    found = _STARTS.get(cache_key)
    if found is None:
        moves: list[PutDown] = []
        if needed >= 1:
            for one in CONTRACT_KINDS if kind is None else (kind,):
                parts = _Parts(hand, one)
                if not parts.completes_without((), needed):  # can_complete(hand, one, needed)
                    continue
                answers: dict[tuple[Card, ...], bool] = {}
                for group in _contract_groups(hand, one):
                    pairs = iter(group)  # a meld, then its move (see _Group)
                    for meld, move in zip(pairs, pairs):
                        ok = answers.get(meld.cards)
                        if ok is None:
                            ok = parts.completes_without(meld.cards, needed - 1)
                            answers[meld.cards] = ok
                        if ok:
                            moves.append(move)
        found = _STARTS.put(cache_key, tuple(moves))
    return found


# -- whole contracts (analysis) -----------------------------------------------------------


MAX_CONTRACT_STEPS = 25_000
"""The most steps the search for whole contracts takes (about a twentieth of a second):
each candidate meld tried is one step, or one per :data:`CARDS_PER_STEP` cards of the
hand it is tried in when the hand is larger, as the work of trying a meld (copying and
hashing what is left of the hand) grows with it. Every hand of a dozen or so cards is
searched whole within it (a 14-card hand of many melds takes a few thousand steps);
every hand of up to 31 cards has the full 25,000 candidate melds. Past it the lists of
contracts (``scala40.games.skarney.analysis``) raise :class:`~scala40.SearchLimitError`;
the greedy bot takes the best contract found within it."""

CARDS_PER_STEP = 16
"""How many cards of a hand one step of the contract search pays for (see
:data:`MAX_CONTRACT_STEPS`): a meld tried in a hand of ``n`` cards takes
``max(1, n // CARDS_PER_STEP)`` steps, so a 112-card hand has 25,000 / 7 melds."""


class _Steps:
    """What is left of a search's steps."""

    __slots__ = ("left",)

    def __init__(self, steps: int) -> None:
        self.left = steps

    def take(self, cards: int) -> None:
        """Pay for a meld tried in a hand of ``cards`` cards."""
        self.left -= cards // CARDS_PER_STEP or 1
        if self.left < 0:
            raise SearchLimitError(
                f"the hand holds too many contracts to list: the search took its "
                f"{MAX_CONTRACT_STEPS} steps (MAX_CONTRACT_STEPS), one for each meld tried "
                f"and each {CARDS_PER_STEP} cards of the hand it was tried in"
            )


def contracts(
    hand: tuple[Card, ...], needed: int, kind: MeldKind | None = None
) -> Iterator[tuple[Meld, ...]]:
    """Every contract of ``needed`` 3-card melds in a sorted hand: each a tuple of melds
    of one kind in canonical order, each multiset of melds once (C-IDENTITY).

    :raises SearchLimitError: the search took its :data:`MAX_CONTRACT_STEPS` steps (the
        contracts found until then have been given).
    """
    steps = _Steps(MAX_CONTRACT_STEPS)
    for one in CONTRACT_KINDS if kind is None else (kind,):
        if needed >= 1 and can_complete(hand, one, needed):
            options = contract_melds(hand, one)
            yield from _contracts_from(hand, options, 0, needed, one, steps)


def _contracts_from(
    hand: tuple[Card, ...],
    options: tuple[Meld, ...],
    start: int,
    needed: int,
    kind: MeldKind,
    steps: _Steps,
) -> Iterator[tuple[Meld, ...]]:
    if needed == 0:
        yield ()
        return
    for index in range(start, len(options)):
        steps.take(len(hand))
        meld = options[index]
        rest = without_sorted(hand, meld.cards)
        if rest is None or not can_complete(rest, kind, needed - 1):
            continue
        for tail in _contracts_from(rest, options, index, needed - 1, kind, steps):
            yield (meld, *tail)


def best_contract(
    hand: tuple[Card, ...],
    needed: int,
    meld_score: Callable[[Meld], tuple[int, ...]] | None = None,
    kind: MeldKind | None = None,
    *,
    within_limit: bool = False,
    most: int | None = None,
) -> tuple[Meld, ...] | None:
    """The contract of ``needed`` melds with the highest score, the sum element by element
    of its melds' ``meld_score`` (by default their points, SK-SCORE-MELDS); the first in
    canonical order among equals; ``None`` if the hand holds none. Each candidate meld is
    scored once, however many contracts it is part of. With ``most``, the best of the
    first ``most`` contracts found in canonical order (a bound on the work, for a bot
    that must decide fast).

    :raises SearchLimitError: the search went past :data:`MAX_CONTRACT_STEPS`, unless
        ``within_limit``: then the best of the contracts found within it.
    """
    score_of = _points if meld_score is None else meld_score
    scores: dict[int, tuple[int, ...]] = {}  # by the meld's id: the candidates live on
    best: tuple[Meld, ...] | None = None
    best_score: tuple[int, ...] | None = None
    try:
        for number, found in enumerate(contracts(hand, needed, kind)):
            if most is not None and number >= most:
                break
            parts = []
            for meld in found:
                part = scores.get(id(meld))
                if part is None:
                    part = scores[id(meld)] = score_of(meld)
                parts.append(part)
            value = tuple(map(sum, zip(*parts)))
            if best_score is None or value > best_score:
                best, best_score = found, value
    except SearchLimitError:
        if not within_limit:
            raise
    return best


def _points(meld: Meld) -> tuple[int, ...]:
    return (meld_points(meld),)
