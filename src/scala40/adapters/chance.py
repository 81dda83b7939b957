"""Chance steps for the learning adapters: a shuffle drawn one card at a time, each card
with its exact probability (:class:`ChanceDraws`, OpenSpiel's explicit chance nodes), and
a uniform shuffle drawn from a caller's generator (:func:`shuffled_chance_move`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from scala40.adapters.actions import CARD_CODES, IllegalActionError
from scala40.cards import format_cards

__all__ = ["ChanceDraws", "shuffled_chance_move"]


class ChanceDraws:
    """A chance step factored into draws of one card at a time.

    A chance step shuffles ``cards`` (a multiset: a state's ``chance_cards()``); its
    outcomes are drawn one card at a time, each distinct card code with probability its
    copies over the cards left, which gives every order of the multiset the probability
    a uniform shuffle gives it. Once all are drawn, :attr:`order` is the shuffled order
    for the state's ``chance_move(order)``. Immutable: :meth:`after` gives the next one.

    >>> from scala40.adapters.chance import ChanceDraws
    >>> draws = ChanceDraws((7, 7, 52))
    >>> draws.outcomes()
    ((7, 0.6666666666666666), (52, 0.3333333333333333))
    >>> draws = draws.after(52).after(7)
    >>> draws.outcomes(), draws.complete
    (((7, 1.0),), False)
    >>> draws.after(7).order
    (52, 7, 7)
    """

    __slots__ = ("_outcomes", "counts", "left", "order")

    def __init__(
        self,
        cards: Iterable[int],
        *,
        _counts: tuple[int, ...] | None = None,
        _order: tuple[int, ...] = (),
        _left: int | None = None,
    ) -> None:
        if _counts is None:
            counts = [0] * CARD_CODES
            for card in cards:
                counts[card] += 1
            _counts = tuple(counts)
        self.counts: tuple[int, ...] = _counts
        """Copies left of each card code."""
        self.order: tuple[int, ...] = _order
        """The cards drawn so far, in order."""
        self.left: int = sum(_counts) if _left is None else _left
        """How many cards are left to draw."""
        self._outcomes: tuple[tuple[int, float], ...] | None = None

    @property
    def complete(self) -> bool:
        """Whether every card has been drawn."""
        return not self.left

    def outcomes(self) -> tuple[tuple[int, float], ...]:
        """Each card code that can come next, with its probability, in increasing order."""
        found = self._outcomes
        if found is None:
            left = self.left
            found = self._outcomes = tuple(
                [(card, count / left) for card, count in enumerate(self.counts) if count]
            )
        return found

    def after(self, card: object) -> ChanceDraws:
        """The draws once ``card`` is drawn (a caller's action, checked here).

        :raises IllegalActionError: no copy of ``card`` is left.
        """
        if type(card) is not int or not (0 <= card < CARD_CODES and self.counts[card]):
            raise IllegalActionError(
                f"chance outcome {card!r} is not possible: the cards left are "
                f"{format_cards(sorted(Counter(dict(enumerate(self.counts))).elements()))}"
            )
        counts = list(self.counts)
        counts[card] -= 1
        return ChanceDraws(
            (), _counts=tuple(counts), _order=(*self.order, card), _left=self.left - 1
        )

    def __repr__(self) -> str:
        return f"<ChanceDraws {len(self.order)} drawn, {self.left} left>"


def shuffled_chance_move(state: Any, draw: Callable[[int], int]) -> Any:
    """The chance move of ``state`` with its cards in an order drawn by ``draw(n)`` (a
    uniform integer below ``n``, such as ``random.Random.randrange``): a uniform shuffle."""
    cards = list(state.chance_cards())
    for index in range(len(cards) - 1, 0, -1):
        other = draw(index + 1)
        cards[index], cards[other] = cards[other], cards[index]
    return state.chance_move(cards)
