"""The melds a set of cards holds, under any :class:`~scala40.MeldRules`: the hand
layer's one general enumerator, which every game's faster tables are held to (internal).

A game answers "which melds does this hand hold" millions of times, each from tables
made for its own meld rules (Scala 40's per-suit and per-rank tables, Skarney's groups,
the knock games' candidates); :func:`find_melds` answers it for any rules, proposing
only the card multisets that could be melds (cards of one rank, or of one suit within
a window of places, or wild cards alone, with wild cards filling the rest) and leaving
the verdict to the meld rules themselves (:meth:`~scala40.MeldRules.readings_of_sorted`).

>>> from scala40.melds._hand import find_melds
>>> from scala40.cards import parse_cards
>>> from scala40.melds import MeldRules
>>> [str(meld) for meld in find_melds(tuple(sorted(parse_cards("7S 8S 9S 9H 9D"))), MeldRules())]
['9S 9H 9D', '7S 8S 9S']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.errors import InvalidMeldError, SearchLimitError
from scala40.melds import Meld, MeldKind, MeldRules

# The meld kinds and ends as module constants, which the hot paths compare with: an
# enum member costs some 15 times as much to read on CPython 3.11 (see the
# architecture page, "Hot code reads what it compares often as module constants").
_SET_KIND, _SEQUENCE_KIND, _WILD_KIND = MeldKind  # every member, in order

__all__ = [
    "MAX_HAND_READINGS",
    "find_melds",
    "meld_order",
    "melded_card_sets",
    "run_reach",
    "sequence_windows",
]


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 53
    for card in cards:
        counts[card] += 1
    return counts


MAX_HAND_READINGS = 3_000
"""The most meld readings :func:`find_melds` lists for one set of cards; past it the
search raises :class:`~scala40.SearchLimitError` (so does a meld past
:data:`~scala40.melds.MAX_READINGS`). Scala 40's rulesets keep hands far below it (at most
120 readings for 14 cards in random dense hands with eight jokers and no cap on jokers per
meld); it bounds hands full of wild cards under raw :class:`~scala40.MeldRules` that allow
any number in a meld, whose melds grow with the subsets of the hand."""


def find_melds(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """Every reading (C-WILD) of every sub-multiset of the sorted ``cards`` that is a meld
    under ``rules``, each once, in :func:`meld_order` (two copies of a card give one
    meld, C-IDENTITY).

    :raises SearchLimitError: past :data:`MAX_HAND_READINGS` readings, or a meld past
        :data:`~scala40.melds.MAX_READINGS`.
    """
    melds: set[Meld] = set()
    for found in _readings(cards, rules).values():
        melds.update(found)
    return tuple(sorted(melds, key=meld_order))


def _readings(
    cards: tuple[Card, ...], rules: MeldRules
) -> dict[tuple[Card, ...], tuple[Meld, ...]]:
    """The readings of each sub-multiset of the sorted ``cards`` that could be a meld
    (proposed by rank, by windows of places of a suit, and wild cards alone; each
    sorted), those with none included; bounded as :func:`find_melds` says."""
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
    # Sets: natural cards of one rank (distinct suits when required) plus wilds. Only
    # the ranks held in enough copies can make one.
    by_rank: dict[int, list[Card]] = {}
    by_suit: list[list[Card]] = [[], [], [], []]
    for card in dict.fromkeys(cards):
        if card not in wild_set:
            by_rank.setdefault(RANK_OF[card], []).append(card)
            by_suit[SUIT_OF[card]].append(card)
    most_copies = 0  # of a rank: whether a long meld of a rank may be there
    for rank, present in by_rank.items():
        copies = sum(counts[card] for card in present)
        if copies > most_copies:
            most_copies = copies
        if copies + len(wild_pool) < rules.set_min or rank not in rules.tables.ranks:
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
    slot_of = rules.tables.slot_of_rank
    if all(len(places) == 1 for places in slot_of.values()):
        # Each rank has one place (the ace low or high, not both): the lowest and highest
        # natural cards fix a sequence's span, the places between held or left to wilds.
        for suited in by_suit:
            if len(suited) + most_wilds < rules.sequence_min:
                continue
            placed = sorted(
                (slot_of[RANK_OF[card]][0], card) for card in suited if RANK_OF[card] in slot_of
            )
            for part, holes in _run_parts(placed, most_wilds, longest):
                for size in range(holes, min(most_wilds, longest - len(part)) + 1):
                    if len(part) + size >= rules.sequence_min:
                        for wilds in wild_choices[size]:
                            candidates.add(tuple(sorted(part + wilds)))
        suits: range = range(0)
    else:
        suits = range(4)
    for suit in suits:
        _add_runs(candidates, counts, rules, suit, (rules.sequence_min, longest), wild_choices)
    long = rules.long_meld_size
    if long is not None and len(cards) >= long:
        # Long melds (RU-MELDS' Rumino): exactly ``long`` cards of a rank or a suit's run,
        # with wild cards where the rules let them stand in one; only a rank or a suit
        # held in ``fewest`` natural cards or more can make one.
        allowed = wild_choices if rules.long_meld_wilds else wild_choices[:1]
        fewest = long - len(allowed) + 1
        if fewest < 1:
            fewest = 1
        if most_copies >= fewest:
            for rank, present in by_rank.items():
                if sum(counts[c] for c in present) < fewest or rank not in rules.tables.ranks:
                    continue
                pool = [
                    c for c in present for _ in range(1 if rules.set_suits_distinct else counts[c])
                ]
                for size in range(fewest, min(len(pool), long) + 1):
                    for naturals in sorted(set(combinations(pool, size))):
                        for wilds in allowed[long - size]:
                            candidates.add(tuple(sorted(naturals + wilds)))
        for suit in range(4):
            if len(by_suit[suit]) >= fewest:
                _add_runs(candidates, counts, rules, suit, (long, long), allowed)
    if rules.wild_meld_min is not None:
        # Wild cards alone (a meld of jokers, or of 2s, where the rules allow one).
        low = max(smallest, rules.wild_meld_min)
        high = len(wild_pool) if rules.wild_meld_max is None else rules.wild_meld_max
        for size in range(low, min(high, len(wild_pool)) + 1):
            candidates.update(combinations(wild_pool, size))
    by_cards: dict[tuple[Card, ...], tuple[Meld, ...]] = {}
    readings = 0
    # Every candidate is a sub-multiset of the cards: naturals are taken once each (or as
    # often as held, for sets of repeated suits), wild cards from the wild cards held.
    for candidate in candidates:
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
        by_cards[candidate] = found
    return by_cards


def _add_runs(
    candidates: set[tuple[Card, ...]],
    counts: list[int],
    rules: MeldRules,
    suit: int,
    lengths: tuple[int, int],
    wild_choices: list[list[tuple[Card, ...]]],
) -> None:
    """Add to ``candidates`` the cards of ``suit`` (copies in ``counts``) and wild cards
    (``wild_choices[n]``: the choices of ``n`` of them) that fill a window of places of
    ``lengths`` (fewest, most), a natural card held in the window taken, or left to a
    wild card."""
    wild_set = rules.wild_cards
    most_wilds = len(wild_choices) - 1
    shortest, longest = lengths
    window_cards = [suit * 13 + rank - 1 for rank in rules.sequence_slots]
    held = [counts[c] > 0 and c not in wild_set for c in window_cards]
    if held.count(True) + most_wilds < shortest or not any(held):
        return
    for start, stop, holes in sequence_windows(held, longest, shortest, most_wilds):
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


def _run_parts(
    placed: list[tuple[int, Card]], wilds: int, longest: int
) -> list[tuple[tuple[Card, ...], int]]:
    """The natural parts of sequences among cards of one suit given with their places
    (sorted, one place each): each with the number of holes wild cards must fill."""
    parts: list[tuple[tuple[Card, ...], int]] = []
    count = len(placed)
    for low in range(count):
        low_place, low_card = placed[low]
        parts.append(((low_card,), 0))
        for high in range(low + 1, count):
            high_place, high_card = placed[high]
            span = high_place - low_place + 1
            if span > longest:
                break
            inside = [card for _, card in placed[low + 1 : high]]
            # The cards between may be left out, each leaving one more hole to fill.
            fewest = max(0, span - 2 - wilds)
            for size in range(len(inside), fewest - 1, -1):
                for middle in combinations(inside, size):
                    parts.append(((low_card, *middle, high_card), span - 2 - size))
    return parts


def sequence_windows(
    held: Sequence[int],
    longest: int,
    shortest: int,
    most_holes: int,
    starts: Iterable[int] | None = None,
) -> Iterator[tuple[int, int, int]]:
    """The windows of places a sequence of one suit may fill, as (first place, place
    past the last, places not held): from ``shortest`` to ``longest`` places, with at
    most ``most_holes`` places that ``held`` (a flag per place, 1 or 0) says are not held, each
    to be filled by a wild card; from the places ``starts`` only, if given."""
    count = len(held)
    for start in range(count) if starts is None else starts:
        holes = 0
        end = start + longest  # capped at count: min() without the builtin's call (hot)
        for stop in range(start + 1, (end if end < count else count) + 1):
            if not held[stop - 1]:
                holes += 1
                if holes > most_holes:
                    break
            if stop - start >= shortest:
                yield start, stop, holes


def run_reach(places: int, count: int, shortest: int, cap: int) -> int:
    """The places of ``places`` (bit ``i`` for the ``i``-th of ``count`` places in a
    suit's order, each held) that some sequence of up to ``cap`` wild cards can hold: those
    in a run of ``shortest`` places of which at most ``cap`` are not held (a rank in a
    sequence lies in ``shortest`` places of it, filled by those wild cards where not held).

    The searches key a suit's sequences by these places, so that suits differing only in
    cards no sequence holds share them.

    >>> from scala40.melds._hand import run_reach
    >>> held = 0b11000101101011   # places 0 1, 3, 5 6, 8, 12 13 of 14
    >>> bin(run_reach(held, 14, 3, 0))   # no wild card: no three in a row
    '0b0'
    >>> bin(run_reach(held, 14, 3, 1))   # one: each held within two places of another
    '0b11000101101011'
    >>> bin(run_reach(held | 0b100, 14, 3, 0))   # place 2 too: 0 1 2 3 in a row
    '0b1111'
    """
    if count < shortest:
        return 0
    need = shortest - cap  # places held in each run of shortest places
    if need <= 1:
        return places  # the place itself: any run through it will do
    if need == shortest:  # held whole: each place in a run of held places
        starts = places
        for step in range(1, shortest):
            starts &= places >> step
        kept = starts
        for step in range(1, shortest):
            kept |= starts << step
        return kept
    if need == 2:  # another place held in the same run: fewer than shortest places away
        near = 0
        for step in range(1, shortest):
            near |= places << step | places >> step
        return places & near
    kept = 0
    run = (1 << shortest) - 1
    for start in range(count - shortest + 1):
        held = places & (run << start)
        if held.bit_count() >= need:
            kept |= held
    return kept


def meld_order(meld: Meld) -> tuple[int, int, tuple[Card, ...], tuple[Card, ...], int]:
    # Sets by rank, then sequences by suit: the order the cached tables concatenate in.
    if meld.kind is _SET_KIND:
        return (
            0,
            _RANK_ORDER_KEY[RANK_OF[meld.represented[0]]],
            meld.represented,
            meld.cards,
            -1,
        )
    return (1, meld.suit, meld.represented, meld.cards, meld.start)


_RANK_ORDER_KEY = tuple(range(14))


def melded_card_sets(cards: tuple[Card, ...], rules: MeldRules) -> tuple[tuple[Card, ...], ...]:
    """The sub-multisets of the sorted ``cards`` that read as at least one meld (each
    sorted, each once), smallest first, then in card order.

    >>> from scala40.melds._hand import melded_card_sets
    >>> from scala40.cards import parse_cards, format_cards
    >>> from scala40.melds import MeldRules
    >>> hand = tuple(sorted(parse_cards("5C 6C 7C JC 5S 5H JK")))
    >>> [format_cards(cards) for cards in melded_card_sets(hand, MeldRules())][:3]
    ['5S 5H 5C', '5S 5H JK', '5S 5C JK']
    """
    found = [key for key, readings in _readings(cards, rules).items() if readings]
    return tuple(sorted(found, key=lambda melded: (len(melded), melded)))
