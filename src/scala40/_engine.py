"""The small pieces every game's engine shares: the illegal-move error citing its rule
(and the one for a move made out of its phase), hands as tuples of cards, the seats in
play order, and the order and hands a deal uses (internal)."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from scala40._cache import BoundedCache
from scala40._rng import shuffle
from scala40.cards import Card
from scala40.errors import IllegalMoveError

__all__ = [
    "deal_hands",
    "deal_order",
    "illegal",
    "next_active",
    "out_of_phase",
    "replace_item",
    "seats_from",
    "without",
    "without_sorted",
]


def illegal(move: object, rule: str, reason: str) -> IllegalMoveError:
    """The error refusing ``move``: what is wrong, and the rule it breaks.

    >>> from scala40._engine import illegal
    >>> illegal("discard 7H", "S40-CLOSE", "no card would be left")
    IllegalMoveError('discard 7H: no card would be left (S40-CLOSE)')
    """
    return IllegalMoveError(f"{move}: {reason} ({rule})")


# What a game is waiting for, by the name of its phase, in words: said when a move comes
# at the wrong time (a game adds the words of its own phases).
_WAITING = {
    "DEAL": "a hand is to be dealt",
    "DRAW": "the player to move has not drawn yet",
    "PLAY": "the player to move has drawn already",
    "RESTOCK": "the stock is to be rebuilt",
}


def out_of_phase(
    move: object,
    now: Enum,
    allowed: str,
    rule: str,
    over: tuple[str, str],
    waiting: Mapping[str, str] | None = None,
) -> IllegalMoveError:
    """The error refusing ``move`` in phase ``now``: the rule and the reason ``over``
    gives once the game is over (phase ``OVER``), else ``rule``, when the move is
    ``allowed`` and what the game waits for now (in ``waiting``, by the phase's name, or
    the words every game shares).

    >>> from scala40._engine import out_of_phase
    >>> from enum import Enum
    >>> Phase = Enum("Phase", "DRAW PLAY OVER")
    >>> out_of_phase("x", Phase.PLAY, "first", "R-1", ("R-2", "it is over"))
    IllegalMoveError('x: this move is allowed first; the player to move has drawn already (R-1)')
    >>> out_of_phase("x", Phase.OVER, "first", "R-1", ("R-2", "it is over"))
    IllegalMoveError('x: it is over (R-2)')
    """
    if now.name == "OVER":
        return illegal(move, *over)
    doing = (waiting or {}).get(now.name) or _WAITING[now.name]
    return illegal(move, rule, f"this move is allowed {allowed}; {doing}")


def next_active(seat: int, active: Sequence[bool]) -> int:
    """The next seat in play order still in the game (C-SEAT): ``seat`` itself when no
    other is.

    >>> from scala40._engine import next_active
    >>> next_active(2, (True, False, True, False)), next_active(0, (True, False))
    (0, 0)
    """
    count = len(active)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if active[candidate]:
            return candidate
    return seat


def seats_from(seat: int, active: Sequence[bool]) -> tuple[int, ...]:
    """The seats still in, in play order from the one after ``seat`` (``seat`` last, if
    in; C-SEAT).

    >>> from scala40._engine import seats_from
    >>> seats_from(1, (True, True, False, True))
    (3, 0, 1)
    """
    # Asked after every discard in some games, of a few seats that change only when a
    # player drops out: the answers are kept.
    key = (seat, tuple(active))
    found = _SEATS_FROM.get(key)
    if found is None:
        count = len(active)
        found = _SEATS_FROM.put(
            key,
            tuple(
                (seat + step) % count
                for step in range(1, count + 1)
                if active[(seat + step) % count]
            ),
        )
    return found


_SEATS_FROM: BoundedCache[tuple[int, tuple[bool, ...]], tuple[int, ...]] = BoundedCache(
    "seats in play order", 4_096
)


def replace_item(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with the one at ``index`` replaced by ``value``.

    >>> from scala40._engine import replace_item
    >>> replace_item((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], value, *items[index + 1 :])


def without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (a multiset difference, the order kept), or ``None`` if a
    card is missing.

    >>> from scala40._engine import without
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


def without_sorted(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """A sorted ``hand`` less ``cards`` (still sorted), or ``None`` if a card is missing:
    :func:`without` for the searches, whose hands are sorted, each card found by bisection
    and cut out by slicing (no walk through a long hand in Python).

    >>> from scala40._engine import without_sorted
    >>> without_sorted((1, 2, 2, 5), (5, 2)), without_sorted((1, 2), (3,))
    ((1, 2), None)
    """
    for card in cards:
        index = bisect_left(hand, card)
        if index == len(hand) or hand[index] != card:
            return None
        hand = hand[:index] + hand[index + 1 :]
    return hand


def deal_hands(
    order: Sequence[Card],
    seats: Sequence[int],
    hand_size: int,
    player_count: int,
    extra: int | None = None,
) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """The hands a deal gives, one card at a time from the top of ``order`` (its last
    card) to each of ``seats`` in turn, ``hand_size`` rounds, then one more card to seat
    ``extra`` if given: every seat's hand sorted (empty for a seat not dealt), and how
    many cards of ``order`` are left under the dealt ones.

    >>> from scala40._engine import deal_hands
    >>> deal_hands((9, 8, 7, 6, 5, 4, 3), (2, 0), 2, 3, extra=2)
    (((4, 6), (), (3, 5, 7)), 2)
    """
    dealt: dict[int, list[Card]] = {seat: [] for seat in seats}
    position = len(order)
    for _ in range(hand_size):
        for seat in seats:
            position -= 1
            dealt[seat].append(order[position])
    if extra is not None:
        position -= 1
        dealt[extra].append(order[position])
    hands = tuple(
        tuple(sorted(dealt[seat])) if seat in dealt else () for seat in range(player_count)
    )
    return hands, position


def deal_order(
    deck: tuple[Card, ...],
    order: tuple[Card, ...] | None,
    rng: int,
    move: Callable[[], object],
) -> tuple[tuple[Card, ...], int]:
    """The order of the cards a deal uses (top card last) and the generator state after
    it: ``deck`` shuffled (C-RNG), or ``order`` as given once it holds every card of the
    deck, no more and no less (C-DECK; else :class:`IllegalMoveError` naming ``move()``).

    >>> from scala40._engine import deal_order
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
