"""Sampling full states from a view: dealing the hidden cards, building the cards a
hidden hand is known to need, and the bound on redraws (the games' ``view.sample``).

A view's ``sample`` deals the cards its seat cannot see. Cards known to be in a hand
(taken from the discard pile, accepted, shown) are dealt there first; the rest go at
random to the other hands and the stock. Some public facts are about a hidden hand as a
whole: a player who took the top discard to meld it holds cards that meld it; a player
half way through his contract holds the rest of it; a seat that may claim a discard
holds the Rumino it completes. The games deal such a hand a *witness* first (cards that
make the fact true, drawn at random from the unseen cards), then the rest at random.

Every dealt state is then checked (the state's own ``problems()`` and the facts the
game's view adds). A state that fails is dealt again from the generator's next state, at
most :data:`MAX_SAMPLE_DRAWS` times in all; past that, the view raises
:class:`~scala40.SearchLimitError` (nothing is returned rather than a state the view
rules out). The witnesses make the first deal pass all but rarely, so the bound is met
only by a view no state fits, such as one edited by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations_with_replacement
from typing import TypeVar

from scala40._rng import random_below, shuffle
from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.errors import InvalidStateError, SearchLimitError
from scala40.melds import MeldKind, MeldRules

__all__ = [
    "MAX_SAMPLE_DRAWS",
    "deal_hidden",
    "draw_consistent",
    "pick",
    "random_meld",
    "unplaced",
]

MAX_SAMPLE_DRAWS = 32
"""The most deals one ``sample`` call tries before it gives up (each deal is checked
with the state's ``problems()``, a few milliseconds at most)."""

S = TypeVar("S")


def unplaced(unseen: Iterable[Card], known: Mapping[int, Iterable[Card]]) -> Counter[Card]:
    """The cards of ``unseen`` left once each hand has its ``known`` cards: what a
    witness is drawn from.

    >>> from scala40._base.sampling import unplaced
    >>> sorted(unplaced([1, 1, 2, 3], {0: [1], 2: [3]}).elements())
    [1, 2]
    """
    pool = Counter(unseen)
    for cards in known.values():
        pool -= Counter(cards)
    return pool


def deal_hidden(
    unseen: Iterable[Card],
    *,
    viewer: int,
    hand: tuple[Card, ...],
    hand_sizes: Sequence[int],
    known: Mapping[int, Sequence[Card]],
    stock_size: int,
    stock_name: str,
    rng: int,
    shuffled: bool = True,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int]:
    """Deal ``unseen`` (the cards the viewer cannot see) to the other hands and the stock:
    each hand its ``known`` cards first, then cards of the shuffled rest (of the rest in
    card order, unless ``shuffled``). Returns the hands, the stock (top card last) and
    the generator state after the shuffle.

    :raises InvalidStateError: the known cards are not among the unseen ones, or the
        counts do not add up to ``stock_size`` (a view that no state gives).
    """
    pool = Counter(unseen)
    for seat, cards in known.items():
        # Card by card rather than by Counter arithmetic: a sample is drawn in every
        # search world, and the known cards are few.
        if seat == viewer or len(cards) > hand_sizes[seat]:
            raise InvalidStateError(
                [f"the view's cards do not add up: seat {seat} holds cards nobody can hold"]
            )
        for card in cards:
            if pool[card] <= 0:
                raise InvalidStateError(
                    [f"the view's cards do not add up: seat {seat} holds cards nobody can hold"]
                )
            pool[card] -= 1
    order = tuple(sorted(pool.elements()))
    if shuffled:
        order, rng = shuffle(order, rng)
    position = 0
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(hand_sizes):
        if seat == viewer:
            hands.append(hand)
            continue
        held = tuple(known.get(seat, ()))
        need = size - len(held)
        hands.append(tuple(sorted((*held, *order[position : position + need]))))
        position += need
    stock = order[position:]
    if len(stock) != stock_size:
        raise InvalidStateError(
            [
                f"the view's card counts do not add up: {len(stock)} cards left for a "
                f"{stock_name} of {stock_size}"
            ]
        )
    return tuple(hands), stock, rng


def draw_consistent(
    deal: Callable[[int], tuple[S, int]],
    accept: Callable[[S], bool],
    rng: int,
    what: str,
    move_number: int = 0,
) -> S:
    """The first state ``deal`` gives that ``accept`` takes, dealing at most
    :data:`MAX_SAMPLE_DRAWS` times, each from the generator state the previous one left.
    The state gets ``move_number``, the view's: a sample stands where the game stands.

    :raises SearchLimitError: no deal was accepted within the bound.
    """
    for _ in range(MAX_SAMPLE_DRAWS):
        state, rng = deal(rng)
        if accept(state):
            # States are frozen; the count is kept beside the position (see StateBase).
            object.__setattr__(state, "move_number", move_number)
            return state
    raise SearchLimitError(
        f"no state consistent with {what} found in {MAX_SAMPLE_DRAWS} deals: "
        "the view may be one no state gives"
    )


def pick(items: Sequence[S], rng: int) -> tuple[S, int]:
    """One of ``items`` (not empty) at random, and the generator state after."""
    index, rng = random_below(len(items), rng)
    return items[index], rng


def random_meld(
    pool: Sequence[Card],
    rules: MeldRules,
    rng: int,
    *,
    containing: Card | None = None,
    kind: MeldKind | None = None,
    size: int = 3,
) -> tuple[tuple[Card, ...] | None, int]:
    """``size`` cards of ``pool`` that make a meld under ``rules`` (of ``kind``, if
    given), chosen at random; with ``containing`` (a card not in ``pool``), ``size - 1``
    cards of ``pool`` that make a meld with it. ``None`` when the pool holds none.

    The meld grows from one card (``containing``, or a natural card of ``pool`` at
    random) with cards of its rank or its suit and wild cards: at most 13 + 4 + the wild
    kinds distinct partners, so at most a few hundred groups are read (a wild
    ``containing`` card relates to all 53 kinds of card: some 1,400 pairs).
    """
    wild = rules.wild_cards
    if containing is None:
        # A natural card to grow from (a wild one would relate to every card).
        natural = [card for card in pool if card not in wild]
        if not natural:
            return None, rng
        anchor, rng = pick(natural, rng)
        rest = Counter(pool)
        rest[anchor] -= 1
    else:
        anchor = containing
        rest = Counter(pool)
    related = sorted(
        card
        for card, count in rest.items()
        if count > 0
        and (
            card in wild
            or anchor in wild
            or RANK_OF[card] == RANK_OF[anchor]
            or SUIT_OF[card] == SUIT_OF[anchor]
        )
    )
    found: list[tuple[Card, ...]] = []
    for others in combinations_with_replacement(related, size - 1):
        if any(others.count(card) > rest[card] for card in others):
            continue  # a card used more often than the pool holds it
        readings = rules.readings_of_sorted(tuple(sorted((anchor, *others))))
        if readings and (kind is None or any(meld.kind is kind for meld in readings)):
            found.append(others if containing is not None else (anchor, *others))
    if not found:
        return None, rng
    chosen, rng = pick(found, rng)
    return chosen, rng
