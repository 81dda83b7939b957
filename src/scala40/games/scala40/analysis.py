"""Hand analysis: melds, best openings, least deadwood and closing, all answered exactly.

These are exact searches over a multiset of cards (two copies of a card are
one card twice, C-IDENTITY). The engine uses the meld tables to keep its
legal moves free of dead ends, and bots use the searches to plan:

* :func:`hand_melds` lists every meld a hand can form;
* :func:`best_opening` finds the best set of disjoint new melds that reaches
  the opening threshold (S40-OPEN), by meld value, by cards left or by the
  penalty left in hand;
* :func:`min_deadwood` finds the least penalty (S40-HAND-VALUE) a hand can be
  brought down to by melding, laying off onto table melds and swapping jokers
  out of them (S40-AFTER-OPEN, S40-SWAP);
* :func:`can_close` and :func:`closing_moves` say whether the player to move
  can close this turn (S40-CLOSE), and how.

>>> from scala40 import parse_cards, format_cards
>>> from scala40.games.scala40.analysis import hand_melds, best_opening
>>> hand = parse_cards("JK 9C 8C 5D 5H 5S 2H")
>>> len(hand_melds(hand))
10
>>> opening = best_opening(hand)
>>> opening.value, [str(m) for m in opening.melds]
(42, ['5S 5H 5D', '8C 9C JK=10C'])
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, NamedTuple, cast

import attrs

from scala40._checks import describe
from scala40.cards import ACE, CARD_NAMES, JOKER, RANK_OF, SUIT_OF, Card, as_card, as_cards
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMeldError,
    InvalidValueError,
)
from scala40.games.scala40.budget import (
    POSITION_WORK,
    TRY_WORK,
    WorkBudget,
    call_budget,
    shared_budget,
)
from scala40.games.scala40.closable import CloseTest
from scala40.games.scala40.engine import apply_trusted
from scala40.games.scala40.generate import generate
from scala40.games.scala40.moves import (
    Discard,
    DrawStock,
    LayOff,
    Move,
    PutDown,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
)
from scala40.games.scala40.phases import Phase
from scala40.games.scala40.rules import MAX_HAND_SIZE, PRESETS, Ruleset, hand_value
from scala40.games.scala40.search import (
    MAX_HAND_READINGS,
    can_open_sorted,
    meld_order,
    sorted_hand_melds,
)
from scala40.games.scala40.state import GameState, meld_from_spec
from scala40.melds import Extension, Meld, MeldKind, MeldRules, RulesLike, resolve_meld_rules

__all__ = [
    "MAX_HAND_CARDS",
    "MAX_HAND_READINGS",
    "MAX_MELDS_HAND_CARDS",
    "MAX_TABLE_MELDS",
    "MAX_THRESHOLD",
    "Criterion",
    "Deadwood",
    "Opening",
    "best_opening",
    "can_close",
    "can_open",
    "closing_moves",
    "hand_melds",
    "min_deadwood",
]

MAX_HAND_CARDS = MAX_HAND_SIZE + 1
"""The most cards a hand given to the analysis may hold: 14, a hand of 13 and the card
drawn (S40-DEAL; no ruleset deals more). Within it every search here is exact, and
bounded: the worst hands found take milliseconds. Larger hands are refused
(:class:`~scala40.InvalidValueError`)."""
MAX_MELDS_HAND_CARDS = 64
""":func:`hand_melds` lists the melds of larger sets of cards (listing is cheap): at most
this many."""
MAX_THRESHOLD = 100_000
"""The largest opening threshold (or ``keep``) the analysis takes."""
MAX_TABLE_MELDS = 64
"""The most table melds :func:`min_deadwood` takes (a deck of 108 cards makes at most 36)."""

Criterion = Literal["value", "cards", "deadwood"]
"""What :func:`best_opening` optimizes: ``"value"`` (highest total meld value),
``"cards"`` (fewest cards left) or ``"deadwood"`` (lowest penalty left, S40-HAND-VALUE)."""


def hand_melds(hand: Iterable[Card] | str, rules: RulesLike = None) -> tuple[Meld, ...]:
    """Every distinct meld (with every wild reading) that cards of ``hand`` can form.

    Two copies of a card give one meld, not two (C-IDENTITY). Sets come first
    (by rank), then sequences (by suit).

    :raises InvalidCardError: a card of ``hand`` is not a card.
    :raises SearchLimitError: the cards can be read as more than ``MAX_HAND_READINGS`` (3,000)
        melds, or one meld as more than ``MAX_READINGS``: only under rules that allow
        many wild cards in a meld.

    >>> [str(m) for m in hand_melds("7S 8S 9S 9H 9D")]
    ['9S 9H 9D', '7S 8S 9S']
    """
    meld_rules = resolve_meld_rules(rules)
    return sorted_hand_melds(_hand(hand, MAX_MELDS_HAND_CARDS), meld_rules)


# ---------------------------------------------------------------- card weights

# Penalty of each card code left in hand (S40-HAND-VALUE), by S40-V-HIGHVALUES switch. The
# lone ace of S40-V-LONEACE is the one exception to adding them up; the searches below
# handle it apart.
_WEIGHTS: dict[bool, tuple[int, ...]] = {
    high: tuple(hand_value((card,), Ruleset(high_card_values=high)) for card in range(53))
    for high in (False, True)
}
_COUNT_WEIGHTS = (1,) * 53


def _hand_rules(rules: object) -> tuple[tuple[int, ...], bool]:
    """The penalty of each card and whether S40-V-LONEACE applies, for any rules argument
    (a bare :class:`MeldRules`, or ``None``, counts the official penalties)."""
    if isinstance(rules, Ruleset):
        return _WEIGHTS[rules.high_card_values], rules.lone_ace_scores_one
    return _WEIGHTS[False], False


def _check_count(name: str, value: object, most: int = MAX_THRESHOLD) -> int:
    if type(value) is not int or not 0 <= value <= most:
        raise InvalidValueError(
            f"{name} must be an integer of at least 0 (at most {most}), got {describe(value)}"
        )
    return value


def _hand(hand: object, most: int = MAX_HAND_CARDS) -> tuple[Card, ...]:
    """The cards of ``hand``, sorted, once they are known to be at most ``most``."""
    cards = tuple(sorted(as_cards(hand)))  # type: ignore[arg-type]
    if len(cards) > most:
        raise InvalidValueError(
            f"a hand of {len(cards)} cards: this analysis takes hands of at most {most} cards"
        )
    return cards


def _without(cards: tuple[Card, ...], used: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` less ``used`` (a multiset difference; every card of ``used`` is there)."""
    left = list(cards)
    for card in used:
        left.remove(card)
    return tuple(left)


# ---------------------------------------------------------------- disjoint melds of a hand

# The three additive parts of a set of melds: its meld value, the cards it uses, and the
# penalty it takes out of the hand. A criterion compares them in some order.
_VALUE, _USED, _REMOVED = 0, 1, 2
_ORDERS: dict[str, tuple[int, int, int]] = {
    "value": (_VALUE, _USED, _REMOVED),
    "cards": (_USED, _VALUE, _REMOVED),
    "deadwood": (_REMOVED, _VALUE, _USED),
}
# Least penalty, then fewest cards left: the order of min_deadwood and of the close search.
_LEAST_LEFT = (_REMOVED, _USED, _VALUE)


_Front = list[tuple[int, int, int]]


def _search_key(rules: MeldRules) -> Callable[[Card], tuple[int, ...]]:
    """The order in which :class:`_MeldSearch` places cards: rank by rank (in the rules'
    rank order), the aces after the other ranks and the wild cards last.

    Placing the lowest card first, in this order, a set takes only cards of the rank being
    placed, and a sequence takes the next ranks of one suit: what is left of each suit is
    its cards from the current rank up, less a few runs started below it. The sub-multisets
    the search meets stay few (polynomial in the hand), where an order suit by suit, whose
    sets take cards out of every other suit, meets exponentially many on dense hands."""
    wild = rules.tables.wild_cards
    middle = [rank for rank in rules.rank_order if rank != ACE]
    place = {rank: index for index, rank in enumerate(middle)}

    def key(card: Card) -> tuple[int, ...]:
        if card in wild:
            return (2, card)
        rank = RANK_OF[card]
        if rank == ACE:
            return (1, card)
        return (0, place.get(rank, len(middle)), SUIT_OF[card])

    return key


class _Found(NamedTuple):
    """A set of disjoint melds of a hand and the cards it leaves."""

    melds: tuple[Meld, ...]
    value: int
    left: tuple[Card, ...]
    left_weight: int
    """Penalty of :attr:`left`, the lone ace counted as the rules say."""


class _MeldSearch:
    """Memoized search over the disjoint melds of the sub-multisets of one hand.

    The search takes the lowest card still to place (in the order of :func:`_search_key`:
    rank by rank, which keeps the sub-multisets it meets few) and either leaves it in the
    hand or puts it in one of the melds that hold it (as their lowest card) and fit in
    what is left. What is still to place is a multiset, kept as one integer with a small field of
    bits per distinct card: taking a meld out is one subtraction, checked by guard bits.
    Every part of the objective adds up meld by meld, so the best completion of a
    multiset does not depend on how it was reached: it is memoized, and the memo serves
    every sub-multiset of the hand asked about (the deadwood search asks about many).
    """

    def __init__(self, cards: tuple[Card, ...], rules: MeldRules, weights: Sequence[int]) -> None:
        self.cards = cards
        self.counts = Counter(cards)
        self.weights = weights
        best: dict[tuple[Card, ...], Meld] = {}
        for meld in sorted_hand_melds(cards, rules):
            # Readings of the same cards differ only in value: keep the best one.
            key = tuple(sorted(meld.cards))
            known = best.get(key)
            if known is None or meld.value > known.value:
                best[key] = meld
        distinct = sorted({card for key in best for card in key}, key=_search_key(rules))
        self.distinct = distinct
        field_of_card = {card: index for index, card in enumerate(distinct)}
        width = max([self.counts[card] for card in distinct] or [1]).bit_length() + 1
        self.unit = [1 << (index * width) for index in range(len(distinct))]
        self.guard = sum(unit << (width - 1) for unit in self.unit)
        self.field_of_bit = [bit // width for bit in range(len(distinct) * width)]
        self.field_of_card = field_of_card
        # The melds, each as (delta, size, (value, used, removed), meld), by lowest card.
        self.options: list[tuple[int, int, tuple[int, int, int], Meld]] = []
        self.by_field: list[list[int]] = [[] for _ in distinct]
        for key, meld in best.items():
            delta = sum(self.unit[field_of_card[card]] for card in key)
            parts = (meld.value, len(key), sum(weights[card] for card in key))
            self.by_field[min(field_of_card[card] for card in key)].append(len(self.options))
            self.options.append((delta, len(key), parts, meld))
        values = rules.tables.best_values
        self.scale = 1 + max(
            sum(values[card] for card in cards),
            len(cards),
            sum(weights[card] for card in cards),
        )
        self.memos: dict[tuple[tuple[int, int, int], int], dict[tuple[int, int, bool], Any]] = {}
        self.must_cache: dict[int, frozenset[int]] = {}
        self.packed_cache: dict[tuple[int, int, int], list[int]] = {}

    def covers(self, cards: Iterable[Card]) -> bool:
        """Whether ``cards`` is a sub-multiset of the hand searched."""
        return not Counter(cards) - self.counts

    def best(
        self,
        order: tuple[int, int, int],
        keep: int,
        must: Card | None,
        threshold: int,
        hand: tuple[Card, ...] | None = None,
    ) -> _Found | None:
        """The best melds of ``hand`` (a sorted sub-multiset of the hand searched, all of
        it by default) by ``order`` (parts compared in that order), leaving at least
        ``keep`` cards, one meld holding ``must`` if given, worth at least ``threshold``;
        ``None`` if there are none (leaving everything counts when nothing is asked)."""
        cards = self.cards if hand is None else hand
        room = len(cards) - keep
        if room < 0:
            return None
        if must is not None and must not in self.field_of_card:
            return None
        rem = 0
        loose: list[Card] = []
        field_of_card = self.field_of_card
        unit = self.unit
        for card in cards:
            field = field_of_card.get(card)
            if field is None:
                loose.append(card)
            else:
                rem += unit[field]
        start = (rem, len(cards) - len(loose))
        must_field = len(self.distinct) if must is None else field_of_card[must]
        done = must is None
        path = self._scalar(order, start, room, must_field, done)
        if path is not None and self._value_of(path) >= threshold:
            return self._found(path, loose)
        if order[0] == _VALUE or threshold <= 0:
            return None
        path = self._front(order, start, room, must_field, done, threshold)
        return None if path is None else self._found(path, loose)

    def _value_of(self, path: list[int]) -> int:
        return sum(self.options[index][2][_VALUE] for index in path if index >= 0)

    def _found(self, path: list[int], loose: list[Card]) -> _Found:
        melds = tuple(sorted((self.options[i][3] for i in path if i >= 0), key=meld_order))
        left = list(loose)
        for index in path:
            if index < 0:
                left.append(self.distinct[-1 - index])
        left.sort()
        return _Found(
            melds,
            sum(meld.value for meld in melds),
            tuple(left),
            sum(self.weights[card] for card in left),
        )

    def _must_options(self, must_field: int) -> frozenset[int]:
        """The options holding the card of ``must_field`` (none past the last field)."""
        found = self.must_cache.get(must_field)
        if found is None:
            card = self.distinct[must_field] if must_field < len(self.distinct) else None
            found = self.must_cache[must_field] = frozenset(
                i for i, option in enumerate(self.options) if card in option[3].cards
            )
        return found

    def _packed(self, order: tuple[int, int, int]) -> list[int]:
        """Each option's parts as one integer that compares in ``order``."""
        found = self.packed_cache.get(order)
        if found is None:
            scale = self.scale
            found = self.packed_cache[order] = [
                (parts[order[0]] * scale + parts[order[1]]) * scale + parts[order[2]]
                for _, _, parts, _ in self.options
            ]
        return found

    def _scalar(
        self,
        order: tuple[int, int, int],
        start: tuple[int, int],
        room: int,
        must_field: int,
        done: bool,
    ) -> list[int] | None:
        """The lexicographic best by ``order``, as the path of choices (an option index,
        or ``-1 - field`` to leave a card of that field)."""
        packed = self._packed(order)
        options = self.options
        by_field = self.by_field
        unit = self.unit
        guard = self.guard
        field_of_bit = self.field_of_bit
        must_options = self._must_options(must_field)
        memo: dict[tuple[int, int, bool], tuple[int, int]] = self.memos.setdefault(
            (order, must_field), {}
        )

        def best(rem: int, count: int, room: int, done: bool) -> int:
            if not rem:
                return 0 if done else -1
            key = (rem, room if room < count else count, done)
            hit = memo.get(key)
            if hit is not None:
                return hit[0]
            field = field_of_bit[(rem & -rem).bit_length() - 1]
            if not done and field > must_field:
                memo[key] = (-1, 0)
                return -1
            top = best(rem - unit[field], count - 1, room, done)
            choice = -1 - field
            for index in by_field[field]:
                delta, size, _, _ = options[index]
                if size > room:
                    continue
                rest = (rem | guard) - delta
                if rest & guard != guard:
                    continue
                child = best(
                    rest ^ guard,
                    count - size,
                    room - size,
                    done or index in must_options,
                )
                if child >= 0 and child + packed[index] > top:
                    top = child + packed[index]
                    choice = index
            memo[key] = (top, choice)
            return top

        rem, count = start
        if best(rem, count, room, done) < 0:
            return None
        path: list[int] = []
        while rem:
            _, choice = memo[(rem, room if room < count else count, done)]
            path.append(choice)
            if choice < 0:
                rem -= unit[-1 - choice]
                count -= 1
            else:
                delta, size, _, _ = options[choice]
                rem = ((rem | guard) - delta) ^ guard
                count -= size
                room -= size
                done = done or choice in must_options
        return path

    def _front(
        self,
        order: tuple[int, int, int],
        start: tuple[int, int],
        room: int,
        must_field: int,
        done: bool,
        threshold: int,
    ) -> list[int] | None:
        """The best by ``order`` among the melds worth at least ``threshold``, for an order
        that does not put the meld value first.

        Each multiset keeps its Pareto front of completions: meld value against the other
        two parts (compared in order); a completion another beats on both never matters.
        """
        scale = self.scale
        first, _, last = order
        second = [parts[first] * scale + parts[last] for _, _, parts, _ in self.options]
        options = self.options
        by_field = self.by_field
        unit = self.unit
        guard = self.guard
        field_of_bit = self.field_of_bit
        must_options = self._must_options(must_field)
        # A front: (value, the other parts packed, choice), by value downwards.
        # (Fronts are kept apart from the scalar answers: their orders hold a -1.)
        memo: dict[tuple[int, int, bool], _Front] = self.memos.setdefault(
            ((first, -1, last), must_field), {}
        )
        empty: _Front = []
        finished: _Front = [(0, 0, 0)]

        def front(rem: int, count: int, room: int, done: bool) -> _Front:
            if not rem:
                return finished if done else empty
            key = (rem, room if room < count else count, done)
            hit = memo.get(key)
            if hit is not None:
                return hit
            field = field_of_bit[(rem & -rem).bit_length() - 1]
            if not done and field > must_field:
                memo[key] = empty
                return empty
            leave = -1 - field
            candidates = [
                (value, other, leave)
                for value, other, _ in front(rem - unit[field], count - 1, room, done)
            ]
            for index in by_field[field]:
                delta, size, parts, _ = options[index]
                if size > room:
                    continue
                rest = (rem | guard) - delta
                if rest & guard != guard:
                    continue
                child = front(
                    rest ^ guard, count - size, room - size, done or index in must_options
                )
                value, other = parts[_VALUE], second[index]
                candidates.extend((v + value, o + other, index) for v, o, _ in child)
            candidates.sort(key=lambda entry: (-entry[0], -entry[1]))
            kept: _Front = []
            best_other = -1
            for entry in candidates:
                if entry[1] > best_other:
                    kept.append(entry)
                    best_other = entry[1]
            memo[key] = kept
            return kept

        rem, count = start
        root = front(rem, count, room, done)
        reaching = [entry for entry in root if entry[0] >= threshold]
        if not reaching:
            return None
        value, other, _ = max(
            reaching, key=lambda entry: (entry[1] // scale, entry[0], entry[1] % scale)
        )
        path: list[int] = []
        while rem:
            entries = memo[(rem, room if room < count else count, done)]
            choice = next(c for v, o, c in entries if v == value and o == other)
            path.append(choice)
            if choice < 0:
                rem -= unit[-1 - choice]
                count -= 1
            else:
                delta, size, parts, _ = options[choice]
                rem = ((rem | guard) - delta) ^ guard
                count -= size
                room -= size
                value -= parts[_VALUE]
                other -= second[choice]
                done = done or choice in must_options
        return path


def _solve(
    cards: tuple[Card, ...],
    rules: MeldRules,
    weights: Sequence[int],
    lone_ace: bool,
    order: tuple[int, int, int],
    keep: int,
    must: Card | None = None,
    threshold: int = 0,
    search: _MeldSearch | None = None,
) -> _Found | None:
    """The best disjoint melds of a sorted hand by ``order`` (see :class:`_MeldSearch`;
    ``search``, if given, is one over a hand holding ``cards``), with S40-V-LONEACE taken
    into account when ``lone_ace``."""
    if search is None:
        search = _MeldSearch(cards, rules, weights)
    found = search.best(order, keep, must, threshold, cards)
    if not (lone_ace and keep <= 1):
        return found
    # The lone ace (S40-V-LONEACE) costs 1, which breaks the sum of penalties, but only
    # when it is the one card left: compare each way to leave exactly one ace as well.
    total = sum(weights[card] for card in cards)
    candidates = [] if found is None else [_lone_ace_fix(found)]
    for ace in sorted({card for card in cards if RANK_OF[card] == ACE}):
        rest = _without(cards, (ace,))
        whole = search.best(_ORDERS["cards"], 0, must, threshold, rest)
        if whole is not None and not whole.left and whole.melds:
            candidates.append(_Found(whole.melds, whole.value, (ace,), 1))
    if not candidates:
        return None

    def key(found: _Found) -> tuple[int, ...]:
        parts = (found.value, len(cards) - len(found.left), total - found.left_weight)
        return tuple(parts[i] for i in order)

    return max(candidates, key=key)


def _lone_ace_fix(found: _Found) -> _Found:
    if len(found.left) == 1 and RANK_OF[found.left[0]] == ACE:
        return found._replace(left_weight=1)
    return found


# ---------------------------------------------------------------- openings


@attrs.frozen
class Opening:
    """A set of disjoint new melds from one hand, their total value and the cards left."""

    melds: tuple[Meld, ...]
    """The melds, sets first (by rank), then sequences (by suit)."""
    value: int
    """Their total meld value (S40-MELD-VALUE)."""
    remaining: tuple[Card, ...]
    """The cards left in hand, sorted."""
    remaining_value: int
    """What the cards left would cost if another player closed (S40-HAND-VALUE)."""


def best_opening(
    hand: Iterable[Card] | str,
    rules: RulesLike = None,
    *,
    criterion: Criterion = "value",
    keep: int = 1,
    must_include: Card | str | None = None,
    threshold: int | None = None,
) -> Opening | None:
    """The best set of disjoint new melds from ``hand`` that reaches ``threshold`` (S40-OPEN).

    ``criterion`` says which set is best:

    * ``"value"``: the highest total meld value; ties go to fewer cards left, then to
      the lower penalty left;
    * ``"cards"``: the fewest cards left in hand; ties go to the higher value, then to
      the lower penalty left;
    * ``"deadwood"``: the lowest penalty left in hand (S40-HAND-VALUE, with
      S40-V-HIGHVALUES and S40-V-LONEACE when ``rules`` is a ruleset that has them);
      ties go to the higher value, then to fewer cards left.

    At least ``keep`` cards stay in hand (one to discard, S40-CLOSE; two in the first
    round, S40-FIRST-ROUND). When ``must_include`` is given, one of the melds holds that
    card (a card taken from the discard pile, S40-DRAW-DISCARD, S40-V-EARLYDISCARD).
    ``threshold`` defaults to the ruleset's ``opening_threshold``, or 40 when ``rules``
    is not a :class:`~scala40.Ruleset`; ``threshold=0`` asks for no minimum. Penalties
    follow the ruleset, or the official values for other ``rules``.

    Returns ``None`` when no set of melds (at least one meld) fits.

    :raises InvalidCardError: a card of ``hand``, or ``must_include``, is not a card.
    :raises InvalidValueError: ``criterion``, ``keep`` or ``threshold`` is out of range.
    :raises SearchLimitError: the cards can be read as more than ``MAX_HAND_READINGS`` (3,000)
        melds, or one meld as more than ``MAX_READINGS``: only under rules that allow
        many wild cards in a meld.

    >>> opening = best_opening("QH KH AH 2C 3C 4C 9S 9H 9D 5D")
    >>> opening.value, [str(m) for m in opening.melds], opening.remaining_value
    (67, ['9S 9H 9D', 'QH KH AH', '2C 3C 4C'], 5)
    >>> best_opening("QH KH AH 2C 3D") is None                   # 31 < 40
    True
    >>> best_opening("QH KH AH 2C 3D", threshold=0).value
    31
    >>> from scala40 import format_cards
    >>> [format_cards(best_opening("AS 2S 3S 3H 3D 9C", threshold=0, criterion=criterion)
    ...               .remaining) for criterion in ("value", "deadwood")]
    ['AS 2S 9C', '3H 3D 9C']
    """
    meld_rules = resolve_meld_rules(rules)
    cards = _hand(hand)
    given: object = criterion
    order = _ORDERS.get(given) if isinstance(given, str) else None
    if order is None:
        raise InvalidValueError(
            f"criterion must be 'value', 'cards' or 'deadwood', got {describe(criterion)}"
        )
    keep = _check_count("keep", keep, MAX_HAND_CARDS)
    if threshold is None:
        threshold = rules.opening_threshold if isinstance(rules, Ruleset) else 40
    threshold = _check_count("threshold", threshold)
    must = None if must_include is None else as_card(must_include)
    weights, lone_ace = _hand_rules(rules)
    found = _solve(cards, meld_rules, weights, lone_ace, order, keep, must, threshold)
    if found is None or not found.melds:
        return None
    return Opening(found.melds, found.value, found.left, found.left_weight)


def can_open(
    hand: Iterable[Card] | str,
    threshold: int = 40,
    rules: RulesLike = None,
    *,
    keep: int = 1,
    must_include: Card | None = None,
) -> bool:
    """Whether ``hand`` can put down disjoint melds worth at least ``threshold`` (S40-OPEN),
    keeping ``keep`` cards, with one meld holding ``must_include`` if given.

    >>> can_open("JK 9C 8C 5D 5H 5S 2H"), can_open("9S 9H 9D 2S 2H 2D 4C")
    (True, False)
    """
    meld_rules = resolve_meld_rules(rules)
    cards = _hand(hand)
    threshold = _check_count("threshold", threshold)
    keep = _check_count("keep", keep, MAX_HAND_CARDS)
    must = None if must_include is None else as_card(must_include)
    return can_open_sorted(cards, threshold, meld_rules, keep, must)


# ---------------------------------------------------------------- laying off and swapping


def _relevant(meld: Meld) -> Callable[[Card], bool]:
    """Which cards could ever join ``meld`` (its suit or its rank, or a wild card)."""
    wild = meld.rules.wild_cards
    if meld.kind is MeldKind.SEQUENCE:
        suit = meld.suit
        return lambda card: card in wild or SUIT_OF[card] == suit
    rank = meld.rank
    return lambda card: card in wild or RANK_OF[card] == rank


def _extension_options(
    meld: Meld, pool: tuple[Card, ...]
) -> list[tuple[tuple[Card, ...], tuple[Extension, ...]]]:
    """Every multiset of cards of ``pool`` that can be laid off onto ``meld``, one card at
    a time, each with an order that works (S40-AFTER-OPEN, S40-LAYOFF-JOKER).

    Every way is explored, card by card, so chains (8♠ then 9♠ onto 5♠-6♠-7♠) and wild
    cards that make room for naturals beyond them come out, and every intermediate meld
    is checked by the meld engine itself.
    """
    found: dict[tuple[Card, ...], tuple[Extension, ...]] = {(): ()}
    seen = {meld}
    frontier: list[tuple[Meld, tuple[Card, ...], tuple[Extension, ...]]] = [(meld, (), ())]
    while frontier:
        following = []
        for current, added, path in frontier:
            for ext in current.extensions():
                if pool.count(ext.card) <= added.count(ext.card):
                    continue
                grown = current.with_extension(ext)
                if grown in seen:
                    continue
                seen.add(grown)
                now = tuple(sorted((*added, ext.card)))
                steps = (*path, ext)
                found.setdefault(now, steps)
                following.append((grown, now, steps))
        frontier = following
    return list(found.items())


class _TablePlan(NamedTuple):
    swaps: tuple[tuple[int, Card], ...]
    """(table index, natural card) of each joker swap, applied first."""
    layoffs: tuple[tuple[int, Extension], ...]
    """(table index, extension) of each layoff, in an order that works."""
    found: _Found
    """The new melds from what is left, and the cards left."""


_TABLE_SEARCH = "the search for the least deadwood (S40-AFTER-OPEN, S40-SWAP)"


class _TableSearch:
    """The least penalty a hand can be brought to with a table to lay off onto.

    Joker swaps come first: each feasible subset of them is tried (a swap takes a natural
    card out of the hand and puts a joker in, which may or may not pay). Then, table meld
    by table meld, each multiset of cards that can be laid off onto it (the chains at
    each end, the missing suits of a set, wild cards within the rules' limits), over
    disjoint cards of the hand; then the new melds of what is left (:func:`_solve`). The
    answers are memoized per table position and hand left.
    """

    def __init__(
        self, rules: MeldRules, weights: Sequence[int], lone_ace: bool, keep: int
    ) -> None:
        self.rules = rules
        self.weights = weights
        self.lone_ace = lone_ace
        self.keep = keep
        self.leaves: dict[tuple[Card, ...], _Found | None] = {}
        self.layoff_cache: dict[
            tuple[Meld, tuple[Card, ...]], list[tuple[tuple[Card, ...], tuple[Extension, ...]]]
        ] = {}
        self.search: _MeldSearch | None = None
        self.budget = call_budget()

    def leaf(self, hand: tuple[Card, ...]) -> _Found | None:
        if hand in self.leaves:
            return self.leaves[hand]
        # A leaf solves a whole hand: it costs two moves tried.
        self.budget.spend(2 * TRY_WORK, _TABLE_SEARCH)
        found = self.leaves[hand] = _solve(
            hand,
            self.rules,
            self.weights,
            self.lone_ace,
            _LEAST_LEFT,
            self.keep,
            search=self.search,
        )
        return found

    def best(
        self, hand: tuple[Card, ...], table: Sequence[Meld], target: int | None = None
    ) -> _TablePlan | None:
        """The plan leaving the least weight, then the fewest cards; with ``target``, the
        first plan found leaving at most that weight, or ``None`` if there is none."""
        # Every hand left to meld is part of the hand plus the wild cards the table's
        # swaps could free: one meld search over that serves them all.
        freed = [meld.cards[index] for meld in table for index, _ in meld.joker_swaps()]
        widest = tuple(sorted((*hand, *freed)))
        if self.search is None or not self.search.covers(widest):
            self.search = _MeldSearch(widest, self.rules, self.weights)
            self.leaves.clear()
        best: tuple[tuple[int, int], _TablePlan] | None = None
        for swaps, swapped_hand, swapped_table in self._swap_choices(hand, table):
            plan = self._lay_off(swapped_hand, swapped_table, target)
            if plan is None:
                continue
            if target is not None:
                return plan._replace(swaps=swaps)
            score = (plan.found.left_weight, len(plan.found.left))
            if best is None or score < best[0]:
                best = (score, plan._replace(swaps=swaps))
        return None if best is None else best[1]

    def _swap_choices(
        self, hand: tuple[Card, ...], table: Sequence[Meld]
    ) -> list[tuple[tuple[tuple[int, Card], ...], tuple[Card, ...], tuple[Meld, ...]]]:
        """Every feasible set of joker swaps (S40-SWAP), with the hand and table after."""
        possible = [
            (index, represented)
            for index, meld in enumerate(table)
            for _, represented in meld.joker_swaps()
        ]
        choices: dict[tuple[tuple[Card, ...], tuple[Meld, ...]], tuple[tuple[int, Card], ...]] = {}

        def visit(
            at: int,
            chosen: tuple[tuple[int, Card], ...],
            hand: tuple[Card, ...],
            melds: list[Meld],
        ) -> None:
            self.budget.spend(1, _TABLE_SEARCH)
            if at == len(possible):
                choices.setdefault((hand, tuple(melds)), chosen)
                return
            visit(at + 1, chosen, hand, melds)
            index, card = possible[at]
            if card in hand:
                swapped, freed = melds[index].swap(card)
                after = tuple(sorted((*_without(hand, (card,)), freed)))
                changed = [*melds[:index], swapped, *melds[index + 1 :]]
                visit(at + 1, (*chosen, (index, card)), after, changed)

        visit(0, (), hand, list(table))
        return [(chosen, hand, melds) for (hand, melds), chosen in choices.items()]

    def _lay_off(
        self, hand: tuple[Card, ...], table: tuple[Meld, ...], target: int | None
    ) -> _TablePlan | None:
        relevant = [_relevant(meld) for meld in table]
        weights = self.weights
        assert self.search is not None
        meldable = self.search.field_of_card
        # stuck_after[i]: the cards that are in no meld at all and can't join a table meld
        # from #i on. In a search for a target, their weight bounds what will be left.
        stuck_after = [
            frozenset(
                card
                for card in set(hand)
                if card not in meldable and not any(test(card) for test in relevant[i:])
            )
            for i in range(len(table) + 1)
        ]
        spend = self.budget.spend
        memo: dict[tuple[int, tuple[Card, ...]], tuple[tuple[int, int], int, int] | None] = {}
        option_lists: dict[
            tuple[int, tuple[Card, ...]], list[tuple[tuple[Card, ...], tuple[Extension, ...]]]
        ] = {}

        def options(
            index: int, rem: tuple[Card, ...]
        ) -> list[tuple[tuple[Card, ...], tuple[Extension, ...]]]:
            pool = tuple(card for card in rem if relevant[index](card))
            key = (table[index], pool)
            found = self.layoff_cache.get(key)
            if found is None:
                found = self.layoff_cache[key] = (
                    _extension_options(table[index], pool) if pool else [((), ())]
                )
                # Each option found took a few extensions tried, not one.
                self.budget.spend(2 * TRY_WORK * len(found), _TABLE_SEARCH)
            option_lists[(index, rem)] = found
            return found

        def best(index: int, rem: tuple[Card, ...]) -> tuple[int, int] | None:
            if index == len(table):
                leaf = self.leaf(rem)
                if leaf is None or (target is not None and leaf.left_weight > target):
                    return None
                return (leaf.left_weight, len(leaf.left))
            key = (index, rem)
            if key in memo:
                hit = memo[key]
                return None if hit is None else hit[0]
            top: tuple[tuple[int, int], int, int] | None = None
            if target is not None:
                stuck = stuck_after[index]
                if sum(weights[card] for card in rem if card in stuck) > target:
                    memo[key] = None
                    return None
            listed = options(index, rem)
            spend(1 + len(listed), _TABLE_SEARCH)
            for number, (added, _) in enumerate(listed):
                score = best(index + 1, _without(rem, added) if added else rem)
                if score is not None and (top is None or score < top[0]):
                    top = (score, number, 0)
                    if target is not None:
                        break  # good enough
            memo[key] = top
            return None if top is None else top[0]

        if best(0, hand) is None:
            return None
        layoffs: list[tuple[int, Extension]] = []
        rem = hand
        for index in range(len(table)):
            hit = memo[(index, rem)]
            assert hit is not None
            added, path = option_lists[(index, rem)][hit[1]]
            layoffs.extend((index, ext) for ext in path)
            rem = _without(rem, added) if added else rem
        leaf = self.leaf(rem)
        assert leaf is not None
        return _TablePlan((), tuple(layoffs), leaf)


def _lay_off_move(index: int, ext: Extension) -> LayOff:
    return LayOff(ext.card, index, ext.end, None if ext.card == ext.represents else ext.represents)


@attrs.frozen
class Deadwood:
    """The least penalty a hand can be left with, and one way to get there."""

    value: int
    """The penalty of the cards left (S40-HAND-VALUE)."""
    melds: tuple[Meld, ...]
    """New melds put down from the hand (after the swaps and layoffs)."""
    layoffs: tuple[LayOff, ...]
    """Cards laid off onto the table melds (numbered as given), in an order that works
    once the swaps are made."""
    swaps: tuple[SwapJoker, ...]
    """Jokers swapped out of the table melds (S40-SWAP), made first."""
    remaining: tuple[Card, ...]
    """The cards left in hand, sorted."""


def _table_melds(table: Iterable[Meld | str], ruleset: Ruleset) -> tuple[Meld, ...]:
    given: object = table
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise InvalidArgumentError(f"table must be a list of melds, got {describe(given)}")
    melds: list[Meld] = []
    for index, spec in enumerate(table):
        if len(melds) >= MAX_TABLE_MELDS:
            raise InvalidValueError(f"a table holds at most {MAX_TABLE_MELDS} melds")
        if isinstance(spec, Meld):
            if spec.rules != ruleset.meld_rules:
                raise InvalidMeldError(
                    f"table meld #{index} ({spec}) was checked under other meld rules"
                )
            if spec not in ruleset.meld_rules.readings(spec.cards):
                raise InvalidMeldError(f"table meld #{index} ({spec}) is not a valid meld")
            melds.append(spec)
        elif isinstance(spec, str):
            melds.append(meld_from_spec(spec, ruleset))
        else:
            raise InvalidArgumentError(
                f"expected a Meld or meld text for table meld #{index}, got {describe(spec)}"
            )
    return tuple(melds)


@functools.lru_cache(maxsize=16)
def _deck_counts(jokers: int) -> dict[Card, int]:
    """How many copies of each card the deck of a ruleset with ``jokers`` jokers holds."""
    return Ruleset(jokers=jokers).deck.counts()


def _check_deck(hand: tuple[Card, ...], table: tuple[Meld, ...], rules: Ruleset) -> None:
    """The hand and the table together hold no more copies of a card than the deck (C-DECK):
    this also bounds the table, and the jokers that swaps can free."""
    placed = Counter(hand)
    for meld in table:
        placed.update(meld.cards)
    deck = _deck_counts(rules.jokers)
    for card, count in sorted(placed.items()):
        if count > deck.get(card, 0):
            raise InvalidValueError(
                f"the hand and the table hold {count} copies of {CARD_NAMES[card]}, but the "
                f"deck has {deck.get(card, 0)} (C-DECK)"
            )


def min_deadwood(
    hand: Iterable[Card] | str,
    rules: Ruleset | None = None,
    *,
    table: Iterable[Meld | str] = (),
    keep: int = 0,
) -> Deadwood:
    """The lowest penalty (S40-HAND-VALUE) ``hand`` can be left with in one turn.

    Cards leave the hand in new melds and, when ``table`` melds are given (:class:`Meld`
    values or text like ``"8C 9C JK=10C"``), laid off onto them (S40-AFTER-OPEN; chains
    included: after 8♠ goes onto 5♠-6♠-7♠, 9♠ can follow) and in joker swaps (S40-SWAP:
    the natural card a joker stands for frees it, and the joker joins the hand, to be
    melded, laid off or kept), in any order, as a player who has opened may. At least
    ``keep`` cards stay in hand (``keep=1`` leaves one to discard). No opening threshold
    applies, and sequences are not split (S40-V-SPLIT). Penalties follow ``rules``,
    including S40-V-HIGHVALUES and S40-V-LONEACE.

    :raises InvalidCardError: a card of ``hand`` is not a card.
    :raises InvalidMoveError, IllegalMoveError: a table meld's text is not a valid meld.
    :raises InvalidMeldError: a table :class:`Meld` was made under other rules.
    :raises InvalidValueError: ``keep`` is negative.
    :raises SearchLimitError: the cards can be read as more than ``MAX_HAND_READINGS`` (3,000)
        melds, or one meld as more than ``MAX_READINGS``, or the search spent its budget
        of work (``MAX_SEARCH_WORK`` of :mod:`scala40.games.scala40.budget`, under
        two tenths of a second): only under rules that allow many wild cards in a meld.

    >>> min_deadwood("9S 10S 3D 3H KC KD JK").value               # no table: JK 3D 3H
    25
    >>> table = ["6S 7S 8S", "3S 3C JK=3H"]
    >>> found = min_deadwood("9S 10S 3D 3H KC KD JK", table=table)
    >>> found.value, [str(m) for m in found.swaps], [str(m) for m in found.layoffs]
    (0, ['swap 3H #1'], ['layoff 3D #1 set'])
    >>> [str(m) for m in found.melds]
    ['JK=KS KD KC', '9S 10S JK=JS']
    >>> found = min_deadwood("9S 10S 3D 3H KC KD JK", table=table, keep=1)
    >>> found.value, found.remaining
    (3, (15,))
    """
    if rules is None:
        rules = PRESETS["official"]
    elif not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"expected a Ruleset or None, got {describe(rules)}")
    cards = _hand(hand)
    keep = _check_count("keep", keep, MAX_HAND_CARDS)
    melds = _table_melds(table, rules)
    _check_deck(cards, melds, rules)
    weights, lone_ace = _hand_rules(rules)
    with shared_budget(WorkBudget()):
        search = _TableSearch(rules.meld_rules, weights, lone_ace, keep)
        plan = search.best(cards, melds)
    if plan is None:
        # Fewer cards than ``keep``: nothing can be put down.
        return Deadwood(hand_value(cards, rules), (), (), (), cards)
    found = plan.found
    return Deadwood(
        found.left_weight,
        found.melds,
        tuple(_lay_off_move(index, ext) for index, ext in plan.layoffs),
        tuple(SwapJoker(card, index) for index, card in plan.swaps),
        found.left,
    )


# ---------------------------------------------------------------- closing


def _post_draw_states(state: GameState, drawn: Card | None) -> list[tuple[Move, GameState]]:
    """The draws worth asking about, and the states after them."""
    legal = state.legal_moves()
    found: list[tuple[Move, GameState]] = []
    for move in (TakeDiscard(), TakeUpcard()):
        if move in legal:
            found.append((move, state.apply(move)))
    if drawn is not None:
        stock = list(state.stock)
        if drawn not in stock:
            raise IllegalMoveError(
                f"draw: {CARD_NAMES[drawn]} is not in the stock (S40-DRAW-STOCK)"
            )
        # The stock is hidden: put the card asked about on top, leaving a valid state.
        position = len(stock) - 1 - stock[::-1].index(drawn)
        stock[position], stock[-1] = stock[-1], stock[position]
        moved = attrs.evolve(state, stock=tuple(stock))
        found.append((DrawStock(), moved.apply(DrawStock())))
    return found


def can_close(state: GameState, drawn: Card | str | None = None) -> bool:
    """Whether the player to move can close this turn (S40-CLOSE).

    In the PLAY phase (after the draw): whether some sequence of legal melds, layoffs,
    joker swaps and splits leaves one card that can be discarded, or, under
    S40-V-NODISCARDCLOSE, no card at all. Everything the rules ask is checked by the
    engine's legal moves: the opening threshold for a player who has not opened (who
    may open and close in one turn, S40-OPEN, S40-AFTER-OPEN), the first round
    (S40-FIRST-ROUND), the card taken from the discard pile (S40-DRAW-DISCARD) and the
    discard bans (S40-DISCARD, S40-V-PLAYABLE).

    In the DRAW phase: whether some draw lets the player close. The stock is hidden, so
    only the draws of a known card are tried: taking the top of the discard pile (when
    legal, S40-DRAW-DISCARD), the turned-up card (S40-V-UPCARD), and, when ``drawn`` is
    given, drawing that card from the stock (it must be in the stock; it is taken as
    the top card). In other phases nobody can close: ``False``.

    :raises InvalidArgumentError: ``state`` is not a :class:`~scala40.games.scala40.state.GameState`.
    :raises IllegalMoveError: ``drawn`` is given outside the DRAW phase, or is not in
        the stock.
    :raises SearchLimitError: the search spent its budget of work
        (``MAX_SEARCH_WORK`` of :mod:`scala40.games.scala40.budget`, under two tenths of a
        second) without an answer.

    >>> from scala40 import GameState
    >>> state = GameState.from_position(
    ...     hands=["7S 8S 9S 9H 9D 9C KD", "2C 3C 4C 5H 6H 7H QD"],
    ...     discard="JC", opened=[True, True], turns_played=[1, 1], phase="play")
    >>> can_close(state)
    True
    >>> can_close(state.apply("meld 9S 9H 9D 9C"))
    False
    """
    return closing_moves(state, drawn) is not None


def closing_moves(state: GameState, drawn: Card | str | None = None) -> tuple[Move, ...] | None:
    """Moves that close the hand this turn (S40-CLOSE), or ``None`` if there are none.

    The moves apply one after the other to ``state``; the last one is the closing
    discard (or, under S40-V-NODISCARDCLOSE, possibly the meld of the last cards). In
    the DRAW phase the first move is the draw (see :func:`can_close`; a ``DrawStock``
    assumes ``drawn`` is the card drawn).

    >>> from scala40 import GameState
    >>> state = GameState.from_position(
    ...     hands=["7S 8S 9S 9H 9D 9C KD", "2C 3C 4C 5H 6H 7H QD"],
    ...     discard="JC", opened=[True, True], turns_played=[1, 1], phase="play")
    >>> [str(move) for move in closing_moves(state)]
    ['meld 9H 9D 9C', 'meld 7S 8S 9S', 'discard KD']
    """
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"expected a GameState, got {describe(state)}")
    card = None if drawn is None else as_card(drawn)
    if state.phase is not Phase.DRAW and card is not None:
        raise IllegalMoveError(
            "draw: the card has been drawn already; drawn= is for the draw phase (S40-TURN)"
        )
    # One budget for the whole call: every search it starts draws on it.
    with shared_budget(WorkBudget()) as budget:
        if state.phase is Phase.DRAW:
            for move, after in _post_draw_states(state, card):
                moves = _CloseSearch(after, budget).run()
                if moves is not None:
                    return (move, *moves)
            return None
        if state.phase is not Phase.PLAY:
            return None
        return _CloseSearch(state, budget).run()


def _apply_listed(state: GameState, move: Move) -> GameState:
    """``move``, generated as legal in ``state``, applied without the checks already made
    (the engine keeps the class of the state it is given)."""
    return cast(GameState, apply_trusted(state, move))


_MOVE_RANK = {SwapJoker: 0, LayOff: 1, PutDown: 2, Split: 3}


class _CloseSearch:
    """Depth-first search of the melding moves of one turn for a close.

    Two necessary conditions prune it. Every card but one (the discard) must be able to
    leave the hand somehow: in a meld with other cards of the hand (and the jokers the
    table could give back), onto a table meld (at a reachable end, or by a split), or
    as a joker swap. And, without splits, :class:`_TableSearch` counting cards must
    find a way to leave one card (the card taken from the discard pile, which may not be
    discarded, counting two). The plan that last search finds is tried first; a failed
    position is remembered.
    """

    def __init__(self, state: GameState, budget: WorkBudget) -> None:
        self.state = state
        self.player = state.turn
        self.budget = budget
        rules = state.rules
        self.rules = rules
        self.meld_rules = rules.meld_rules
        self.split = rules.split_sequences
        self.keep = 0 if rules.close_without_discard else 1
        self.failed: set[tuple[object, ...]] = set()
        # Under S40-V-SPLIT, the exact test that keeps the search off dead branches.
        self.test = CloseTest(self.player, self._hopeless, budget) if self.split else None
        self.searches: dict[tuple[Card, ...], _TableSearch] = {}
        self.relaxed: dict[tuple[object, ...], _TablePlan | None] = {}

    def run(self) -> tuple[Move, ...] | None:
        state = self.state
        if not state.may_close:
            return None  # S40-FIRST-ROUND
        if self._dead_count(state) > 1:
            return None
        player = self.player
        hand = state.hands[player]
        if not state.opened[player] and len(hand) > 1:
            # Closing needs opening first, with new melds from this very hand (S40-OPEN).
            taken = state.taken if state.taken_must_use and not state.taken_used else None
            needed = self.rules.opening_threshold - state.opening_value
            if not can_open_sorted(hand, needed, self.meld_rules, self.keep, taken):
                return None
        plan = None
        if not self.split:
            plan = self._relaxed(state)
            if plan is None:
                return None
            moves = self._follow(state, plan)
            if moves is not None:
                return moves
        if self.test is not None and not self.test.closable(state):
            return None
        found = self._search(state)
        return None if found is None else tuple(found)

    # -- the search

    def _search(self, state: GameState) -> list[Move] | None:
        player = self.player
        hand = state.hands[player]
        key = (hand, state.table, state.opened[player], state.opening_value, state.taken_used)
        if key in self.failed:
            return None
        self.budget.spend(POSITION_WORK, "the search for a close (S40-CLOSE)")
        if self.split:
            # The splits come last in the order tried, and listing them is the costly
            # part: they are listed only when no other move leads to a close.
            found = self._try(state, generate(state, splits=False), _apply_listed)
            if found is None:
                splits = [move for move in state.legal_moves() if type(move) is Split]
                found = self._try(state, splits, GameState.apply)
        else:
            found = self._try(state, list(state.legal_moves()), GameState.apply)
        if found is None:
            self.failed.add(key)
        return found

    def _try(
        self,
        state: GameState,
        legal: Sequence[Move],
        play: Callable[[GameState, Move], GameState],
    ) -> list[Move] | None:
        """The first of the legal moves ``legal`` (in the order of :func:`_move_rank`)
        that leads to a close, followed by the rest of the way; ``play`` applies them."""
        if len(state.hands[self.player]) == 1:
            for move in legal:
                if type(move) is Discard:
                    return [move]
        melding = [move for move in legal if type(move) is not Discard]
        melding.sort(key=_move_rank)
        for move in melding:
            self.budget.spend(TRY_WORK, "the search for a close (S40-CLOSE)")
            after = play(state, move)
            if after.phase is not Phase.PLAY:
                return [move]  # closed by melding every card (S40-V-NODISCARDCLOSE)
            if self._hopeless(after):
                continue
            if self.test is not None and not self.test.closable(after):
                continue
            rest = self._search(after)
            if rest is not None:
                return [move, *rest]
        return None

    def _hopeless(self, state: GameState) -> bool:
        if self._dead_count(state) > 1:
            return True
        return not self.split and self._relaxed(state) is None

    def _follow(self, state: GameState, plan: _TablePlan) -> tuple[Move, ...] | None:
        """Play the plan of the relaxed search, if the engine accepts every move of it."""
        puts: list[Move] = [
            PutDown(meld.cards, meld.represented if meld.wild_count else ())
            for meld in plan.found.melds
        ]
        table_moves: list[Move] = [SwapJoker(card, index) for index, card in plan.swaps]
        table_moves += [_lay_off_move(index, ext) for index, ext in plan.layoffs]
        # A player who has not opened must open with new melds first (S40-OPEN).
        moves = table_moves + puts if state.opened[self.player] else puts + table_moves
        if plan.found.left:
            moves.append(Discard(plan.found.left[0]))
        try:
            for move in moves:
                state = state.apply(move)
        except IllegalMoveError:
            return None
        return tuple(moves) if state.phase is not Phase.PLAY else None

    # -- the necessary conditions

    def _relaxed(self, state: GameState) -> _TablePlan | None:
        """A way to leave at most one card, ignoring the order of the rules (the opening
        threshold, bans); ``None`` proves there is none."""
        hand = state.hands[self.player]
        taken = state.taken if state.taken_must_use and not state.taken_used else None
        # The taken card must be melded: alone in hand it counts two, so it is never the
        # one card left to discard (with two copies, the other copy may be discarded).
        heavy = taken if taken is not None and hand.count(taken) == 1 else None
        key = (hand, state.table, heavy)
        if key in self.relaxed:
            return self.relaxed[key]
        search = self.searches.get((heavy,) if heavy is not None else ())
        if search is None:
            weights = list(_COUNT_WEIGHTS)
            if heavy is not None:
                weights[heavy] = 2
            search = _TableSearch(self.meld_rules, weights, False, self.keep)
            self.searches[(heavy,) if heavy is not None else ()] = search
        plan = search.best(hand, state.table, target=1)
        self.relaxed[key] = plan
        return plan

    def _dead_count(self, state: GameState) -> int:
        """How many cards of the hand can't leave it this turn by any means (an upper
        bound on what can: the cards counted can't)."""
        hand = state.hands[self.player]
        rules = self.meld_rules
        in_melds: set[Card] = set()
        for meld in sorted_hand_melds(hand, rules):
            in_melds.update(meld.cards)
        wild = rules.wild_cards
        doubtful = [c for c in hand if c not in in_melds and c not in wild]
        if len(doubtful) <= 1:
            return len(doubtful)
        table = state.table
        swappable = Counter(rep for meld in table for _, rep in meld.joker_swaps())
        swap_cards = set(swappable)
        # The most jokers swaps could free: one per table joker whose card is in hand.
        freed = sum(min(count, hand.count(card)) for card, count in swappable.items())
        jokers = sum(1 for card in hand if card in wild) + freed
        dead = [
            c
            for c in doubtful
            if c not in swap_cards and not self._reaches(c, hand, table, jokers)
        ]
        if len(dead) > 1 and freed:
            # Jokers freed by swaps could join new melds.
            more = tuple(sorted((*hand, *([JOKER] * freed))))
            for meld in sorted_hand_melds(more, rules):
                in_melds.update(meld.cards)
            dead = [c for c in dead if c not in in_melds]
        return len(dead)

    def _reaches(
        self, card: Card, hand: tuple[Card, ...], table: tuple[Meld, ...], jokers: int
    ) -> bool:
        """Whether ``card`` could be laid off onto some table meld this turn, after other
        cards of the hand (or jokers) fill the places between."""
        rules = self.meld_rules
        suit, rank = SUIT_OF[card], RANK_OF[card]
        slots = rules.sequence_slots
        for meld in table:
            if meld.kind is MeldKind.SET:
                if rank != meld.rank or len(meld) >= rules.set_max:
                    continue
                if rules.set_suits_distinct and any(
                    SUIT_OF[rep] == suit for rep in meld.represented
                ):
                    continue
                return True
            if meld.suit != suit:
                continue
            if self.split:
                return True
            if rules.sequence_max is not None and len(meld) >= rules.sequence_max:
                continue
            low, high = meld.start, meld.start + len(meld) - 1
            for place, slot_rank in enumerate(slots):
                if slot_rank != rank or low <= place <= high:
                    continue
                gap = range(place + 1, low) if place < low else range(high + 1, place)
                missing = sum(1 for between in gap if suit * 13 + slots[between] - 1 not in hand)
                if missing <= jokers:
                    return True
        return False


def _move_rank(move: Move) -> tuple[int, int]:
    size = len(move.cards) if isinstance(move, PutDown) else 0
    return (_MOVE_RANK.get(type(move), 4), -size)
