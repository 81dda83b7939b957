"""The small pieces every game's engine shares: the illegal-move error citing its rule,
hands as tuples of cards, and the order a deal uses (internal)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from scala40._rng import shuffle
from scala40.cards import Card
from scala40.errors import IllegalMoveError
from scala40.melds import Meld

__all__ = ["deal_order", "illegal", "one_reading", "replace_item", "without"]


def illegal(move: object, rule: str, reason: str) -> IllegalMoveError:
    """The error refusing ``move``: what is wrong, and the rule it breaks.

    >>> illegal("discard 7H", "S40-CLOSE", "no card would be left")
    IllegalMoveError('discard 7H: no card would be left (S40-CLOSE)')
    """
    return IllegalMoveError(f"{move}: {reason} ({rule})")


def one_reading(move: Any, readings: Sequence[Meld], wild: str) -> Meld:
    """The meld a meld move means when it names no wild card's card: its only reading, or
    its only reading in the order the move gives its cards (either way round); otherwise
    an :class:`~scala40.IllegalMoveError` asking which card ``wild`` ("each wild card",
    "the wild card") stands for (C-WILD)."""
    if len(readings) == 1:
        return readings[0]
    backwards = move.cards[::-1]
    in_order = [meld for meld in readings if meld.cards in (move.cards, backwards)]
    if len(in_order) == 1:
        return in_order[0]
    raise illegal(
        move,
        "C-WILD",
        f"say which card {wild} stands for (e.g. JK=10C); readings: "
        + " | ".join(str(meld) for meld in readings),
    )


def replace_item(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with the one at ``index`` replaced by ``value``.

    >>> replace_item((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], value, *items[index + 1 :])


def without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (a multiset difference, the order kept), or ``None`` if a
    card is missing.

    >>> without((1, 2, 2, 5), (2, 5)), without((1, 2), (3,))
    ((1, 2), None)
    """
    if len(cards) == 1:
        # The engines' commonest case (a card discarded, drawn or laid off): one slice.
        card = cards[0]
        try:
            index = hand.index(card)
        except ValueError:
            return None
        return hand[:index] + hand[index + 1 :]
    left = list(hand)
    for card in cards:
        try:
            left.remove(card)
        except ValueError:
            return None
    return tuple(left)


def deal_order(
    deck: tuple[Card, ...],
    order: tuple[Card, ...] | None,
    rng: int,
    move: Callable[[], object],
) -> tuple[tuple[Card, ...], int]:
    """The order of the cards a deal uses (top card last) and the generator state after
    it: ``deck`` shuffled (C-RNG), or ``order`` as given once it holds every card of the
    deck, no more and no less (C-DECK; else :class:`IllegalMoveError` naming ``move()``).

    >>> deal_order((1, 2, 3), (3, 1, 2), 7, lambda: "deal")
    ((3, 1, 2), 7)
    >>> deal_order((1, 2, 3), (3, 3, 2), 7, lambda: "deal")
    Traceback (most recent call last):
    ...
    scala40.errors.IllegalMoveError: deal: the order must hold every card of the deck (C-DECK)
    """
    if order is None:
        return shuffle(deck, rng)
    if Counter(order) != Counter(deck):
        raise illegal(move(), "C-DECK", "the order must hold every card of the deck")
    return order, rng
