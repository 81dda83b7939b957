"""The small pieces every game's engine shares: the illegal-move error citing its rule
(and the one for a move made out of its phase), hands as tuples of cards, the seats in
play order, the order and hands a deal uses, and the checked arguments and first fields
of a new game (internal)."""

from __future__ import annotations

import secrets
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from scala40._cache import BoundedCache
from scala40._format.serial import MAX_SEED_DIGITS, is_seed
from scala40._rng import next_random, random_below, seed_state, shuffle
from scala40.cards import Card
from scala40.checks import check_seat, describe, is_bool
from scala40.errors import IllegalMoveError, InvalidArgumentError, InvalidValueError
from scala40.rulesets import RulesetBase

__all__ = [
    "deal_hands",
    "deal_order",
    "illegal",
    "new_game_fields",
    "next_active",
    "out_of_phase",
    "replace_item",
    "resolve_rules",
    "seats_from",
    "with_card",
    "without",
    "without_sorted",
]


def illegal(move: object, rule: str, reason: str) -> IllegalMoveError:
    """The error refusing ``move``: what is wrong, and the rule it breaks.

    >>> from scala40._base.engine import illegal
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

    >>> from scala40._base.engine import out_of_phase
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

    >>> from scala40._base.engine import next_active
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

    >>> from scala40._base.engine import seats_from
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

    >>> from scala40._base.engine import replace_item
    >>> replace_item((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    # Two slices and two joins: compiled, a starred tuple display builds a list first.
    return items[:index] + (value,) + items[index + 1 :]  # noqa: RUF005


def with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """A sorted ``hand`` with ``card`` added in its place (a card drawn, taken or freed).

    >>> from scala40._base.engine import with_card
    >>> with_card((1, 4, 9), 5)
    (1, 4, 5, 9)
    """
    cards = list(hand)
    insort(cards, card)
    return tuple(cards)


def without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (a multiset difference, the order kept), or ``None`` if a
    card is missing.

    >>> from scala40._base.engine import without
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

    >>> from scala40._base.engine import without_sorted
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

    >>> from scala40._base.engine import deal_hands
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

    >>> from scala40._base.engine import deal_order
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


R = TypeVar("R", bound=RulesetBase)


def resolve_rules(kind: type[R], rules: object, name: str = "Ruleset") -> R:
    """The ruleset of the class ``kind`` (called ``name`` in messages) that ``rules``
    gives: itself, a preset name, or ``None`` for the game's default.

    :raises InvalidArgumentError: ``rules`` is none of those.

    >>> from scala40._base.engine import resolve_rules
    >>> from scala40.games.chinchon import Ruleset
    >>> resolve_rules(Ruleset, None) == Ruleset()
    True
    >>> resolve_rules(Ruleset, 3)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidArgumentError: expected a Ruleset or a preset name, got 3
    """
    if rules is not None and not isinstance(rules, (str, kind)):
        raise InvalidArgumentError(f"expected a {name} or a preset name, got {describe(rules)}")
    return kind.resolve(rules)


def new_game_fields(
    rules: Any,
    players: object,
    seed: object,
    auto_chance: object,
    dealer: object,
    deal_phase: Any,
    *,
    players_note: str = "",
    dealer_word: str = "seat",
    skip_one: bool = True,
) -> dict[str, Any]:
    """The fields every card game's new game starts with (no card dealt), waiting at
    ``deal_phase`` for its first deal, once the arguments of its ``new_game`` are checked: ``players`` as
    ``rules`` allow (``players_note`` ends that message), a ``seed`` of at most
    :data:`~scala40._format.serial.MAX_SEED_DIGITS` digits (``None``: one from the operating
    system, C-RNG), the first dealer drawn by lot from it unless ``dealer`` names one
    (C-LOT, a ``dealer_word`` in its message). With ``skip_one`` the generator passes
    over one number after the lot (Scala 40 and the knock games have always dealt so).

    :raises InvalidArgumentError: ``players``, ``dealer``, ``auto_chance`` or ``seed`` is
        of the wrong type.
    :raises InvalidValueError: ``players`` or ``dealer`` is out of range, or ``seed`` has
        too many digits.

    >>> from scala40._base.engine import new_game_fields
    >>> from scala40.games.chinchon import Ruleset
    >>> fields = new_game_fields(Ruleset(), 2, 1, True, 1, "deal")
    >>> fields["dealer"], fields["turn"], fields["hands"], fields["hand_number"]
    (1, 1, ((), ()), 0)
    >>> new_game_fields(Ruleset(), -1, 1, True, None, "deal")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidValueError: players must be from 2 to 4, got -1
    """
    span = f"from {rules.min_players} to {rules.max_players}{players_note}"
    if type(players) is not int:
        raise InvalidArgumentError(f"players must be an integer {span}, got {describe(players)}")
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidValueError(f"players must be {span}, got {describe(players)}")
    if not is_bool(auto_chance):
        raise InvalidArgumentError(
            f"auto_chance must be True or False, got {describe(auto_chance)}"
        )
    if seed is None:
        seed = secrets.randbits(64)
    elif type(seed) is not int:
        raise InvalidArgumentError(f"seed must be an integer or None, got {describe(seed)}")
    elif not is_seed(seed):
        raise InvalidValueError(
            f"seed must have at most {MAX_SEED_DIGITS} digits, got {describe(seed)}"
        )
    rng = seed_state(seed)
    if dealer is None:
        dealer, rng = random_below(players, rng)
    else:
        check_seat("dealer", dealer, players, f"a {dealer_word}")
    if skip_one:
        _, rng = next_random(rng)
    return {
        "rules": rules,
        "player_count": players,
        "dealer": dealer,
        "hand_number": 0,
        "phase": deal_phase,
        "turn": dealer,
        "hands": ((),) * players,
        "stock": (),
        "winners": (),
        "rng": rng,
        "auto_chance": auto_chance,
        "last_hand": None,
    }
