"""The checks every game's loader makes alike (internal): the parts of a saved or given
position that every card game has, each checked once here in the same words.

A game's loader keeps the rules of its own fields (Scala 40's opening and table, Skarney's
sides, contract and stop cards, the knock family's ends); what is written here is what the
games share: the cards a position places against its deck, the melds on a table, the
deal, and the hand number and cards of the last hand's result.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from scala40.cards import CARD_NAMES, Card, Deck
from scala40.melds import Meld, MeldRules

__all__ = [
    "deal_problems",
    "last_hand_problems",
    "table_problems",
    "too_many",
    "winner_problems",
    "winners_left",
]


def too_many(placed: Counter[Card], deck: Counter[Card]) -> list[str]:
    """For each card a position places more times than the deck holds it, the problem.

    >>> from collections import Counter
    >>> from scala40._base.load import too_many
    >>> too_many(Counter([0, 0, 0]), Counter([0, 0]))
    ['AS: 3 placed, but the deck has 2']
    """
    return [
        f"{CARD_NAMES[card]}: {placed[card]} placed, but the deck has {deck[card]}"
        for card in sorted(placed)
        if placed[card] > deck[card]
    ]


def table_problems(table: Sequence[Meld], rules: MeldRules, invalid: str) -> list[str]:
    """For each meld of a ``table`` that the game's meld ``rules`` do not make (a meld read
    under other rules, or cards they read otherwise), the problem: the meld ``invalid``."""
    return [
        f"table meld #{index} ({meld}) {invalid}"
        for index, meld in enumerate(table)
        if meld.rules != rules or meld not in rules.readings(meld.cards)
    ]


def deal_problems(turn: int, dealer: int, seat: str = "seat") -> list[str]:
    """At a deal, the dealer is the ``seat`` named to act (the word is the game's)."""
    if turn == dealer:
        return []
    return [f"a hand is to be dealt: the dealer ({dealer}) is the {seat} named, not {turn}"]


def last_hand_problems(result: Any, hand_number: int, after: bool, deck: Deck) -> list[str]:
    """What every game checks of the last hand's ``result`` (its ``hand_number`` and
    ``hands``): that it is the hand that precedes this point of hand ``hand_number`` (that
    hand itself ``after`` its end, the one before while it is played), and that the hands
    it shows hold no card more often than the ``deck`` does."""
    problems: list[str] = []
    expected = hand_number if after else hand_number - 1
    if result.hand_number != expected or expected < 1:
        problems.append(
            f"last_hand: hand {result.hand_number} cannot precede this point of hand {hand_number}"
        )
    held: Counter[Card] = Counter()
    for hand in result.hands:
        held.update(hand)
    in_deck = Counter(deck.cards)
    problems.extend(
        f"last_hand: {CARD_NAMES[card]} held {held[card]} times, the deck has {in_deck[card]}"
        for card in sorted(held - in_deck)
    )
    return problems


def winners_left(
    winners: tuple[int, ...], resigned: tuple[int, ...], seats_in: tuple[int, ...], best: Any
) -> tuple[int, ...]:
    """The ``winners`` a game that is over must have: ``best`` as its rules rank the seats,
    unless seats ``resigned`` and the winners are the ``seats_in`` left (C-RESIGN)."""
    if resigned and winners == seats_in:
        return winners
    result: tuple[int, ...] = best
    return result


def winner_problems(over: bool, winners: tuple[int, ...], game: str = "game") -> list[str]:
    """A ``game`` that is over has winners, and one going on has none (C-WINNERS); who they
    are is the game's own rule."""
    if over and not winners:
        return [f"the {game} is over but has no winner"]
    if winners and not over:
        return [f"the {game} has winners but is not over"]
    return []
