"""The combinatorics under a meld's readings: where natural cards can sit in a sequence,
and the distinct orders of a meld's wild cards.

Pure counting over card codes and rank places, apart from the meld rules that give the
numbers: :func:`scala40.melds.meld_interpretations` makes a reading of each layout and
each order (C-WILD).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping

from scala40.cards import ACE, RANK_OF, Card

__all__ = ["Layout", "order_count", "sequence_layouts", "unique_orders"]

Layout = tuple[list[Card | None], list[int], tuple[Card, ...], int]
"""A sequence's layout: the cards by place (wild places empty), the wild places, the card
each place stands for, and the first place."""


def order_count(wilds: list[Card]) -> int:
    """How many distinct orders the wild cards have (identical ones are never told apart):
    the multinomial coefficient of their multiplicities.

    >>> from scala40.melds._layouts import order_count
    >>> order_count([52, 52, 53])
    3
    """
    if len(wilds) < 2:
        return 1
    count = math.factorial(len(wilds))
    for times in Counter(wilds).values():
        count //= math.factorial(times)
    return count


def unique_orders(wilds: list[Card]) -> list[tuple[Card, ...]]:
    """The distinct orders of the (sorted) wild cards, in lexicographic order: each order
    once, however many copies of a card there are (next-permutation on the sorted list,
    so the work is the number of distinct orders, never the factorial of the count).

    >>> from scala40.melds._layouts import unique_orders
    >>> unique_orders([52, 52, 53])
    [(52, 52, 53), (52, 53, 52), (53, 52, 52)]
    """
    if len(wilds) < 2 or wilds[0] == wilds[-1]:
        return [tuple(wilds)]
    order = sorted(wilds)
    found = [tuple(order)]
    last = len(order) - 1
    while True:
        pivot = last - 1
        while pivot >= 0 and order[pivot] >= order[pivot + 1]:
            pivot -= 1
        if pivot < 0:
            return found
        swap = last
        while order[swap] <= order[pivot]:
            swap -= 1
        order[pivot], order[swap] = order[swap], order[pivot]
        order[pivot + 1 :] = reversed(order[pivot + 1 :])
        found.append(tuple(order))


def sequence_layouts(
    naturals: list[Card],
    suits: list[int],
    ranks: set[int],
    size: int,
    *,
    slots: tuple[int, ...],
    slot_of_rank: Mapping[int, tuple[int, ...]],
    shortest: int,
    longest: int,
    two_aces: bool,
) -> list[Layout]:
    """The places of the natural cards in every sequence of ``size`` cards they can make
    with the wild cards, a sequence running over the rank places ``slots`` (each rank's
    places in ``slot_of_rank``), from ``shortest`` to ``longest`` cards long; with
    ``two_aces``, an ace may sit at both ends.

    >>> from scala40.melds._layouts import sequence_layouts
    >>> slots = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)
    >>> places = {rank: tuple(i for i, r in enumerate(slots) if r == rank) for rank in range(1, 14)}
    >>> # 2S and 3S (codes 1 and 2) in three places: the wild card is the ace or the four.
    >>> [layout[0] for layout in sequence_layouts(
    ...     [1, 2], [0, 0], {2, 3}, 3, slots=slots, slot_of_rank=places,
    ...     shortest=3, longest=14, two_aces=False)]
    [[None, 1, 2], [1, 2, None]]
    """
    if len(set(suits)) != 1 or len(ranks) != len(naturals):
        # Only an ace may repeat, once, where a sequence may hold it at both ends.
        repeated = len(naturals) - len(ranks)
        if not (
            two_aces
            and repeated == 1
            and len(set(suits)) == 1
            and sum(RANK_OF[card] == ACE for card in naturals) == 2
        ):
            return []
    if not shortest <= size <= longest:
        return []
    suit = suits[0]
    found: list[Layout] = []
    for start in range(len(slots) - size + 1):
        stop = start + size
        choices: list[list[int]] = []
        for card in naturals:
            places = [p for p in slot_of_rank.get(RANK_OF[card], ()) if start <= p < stop]
            if not places:
                break
            choices.append(places)
        else:
            # The naturals are of distinct ranks: only an ace has two places to choose from.
            assignments: list[list[int]] = [[]]
            for places in choices:
                assignments = [[*done, p] for done in assignments for p in places if p not in done]
            represented = tuple(suit * 13 + slots[start + i] - 1 for i in range(size))
            seen: list[list[Card | None]] = []
            for placed in assignments:
                layout: list[Card | None] = [None] * size
                for card, place in zip(naturals, placed):
                    layout[place - start] = card
                if layout in seen:
                    continue  # two identical aces swapped: the same layout
                seen.append(layout)
                holes = [i for i, card in enumerate(layout) if card is None]
                found.append((layout, holes, represented, start))
    return found
