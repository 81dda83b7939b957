"""Hands as tuples of cards: the multiset arithmetic every engine does (internal)."""

from __future__ import annotations

from collections.abc import Sequence

from scala40.cards import Card

__all__ = ["without"]


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
