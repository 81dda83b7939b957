"""Exact analysis of Skarney hands: the melds a hand holds, whether it makes its
contract, the best contract by value, and the least penalty its own melds can leave it.

>>> from scala40.cards import format_cards
>>> from scala40.games.skarney.analysis import best_contract, can_make_contract
>>> hand = "5S 5H 5D 7C 7C 7D 9S 9H JK KS KD QH"
>>> can_make_contract(hand, hand_number=1), can_make_contract(hand, hand_number=4)
(True, False)
>>> best = best_contract(hand, hand_number=1)
>>> [str(meld) for meld in best.melds], best.points, best.kind.value
(['5S 5H 5D', '7D 7C 7C', 'KS JK=KH KD'], 100, 'set')
>>> format_cards(best.rest)
'9S 9H QH'

The joker goes with the kings (10 + 50 + 10) rather than with the nines (5 + 50 + 5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs

from scala40._base.engine import without_sorted
from scala40.cards import ACE, CARD_NAMES, JOKER, RANK_OF, SUIT_OF, Card, as_cards
from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError, SearchLimitError
from scala40.games.skarney import search
from scala40.games.skarney.rules import (
    MAX_JOKERS,
    MELD_RULES,
    Ruleset,
    hand_penalty,
    meld_points,
)
from scala40.games.skarney.search import CARDS_PER_STEP, MOST_CONTRACT_MELDS
from scala40.melds import Meld, MeldKind

__all__ = [
    "MAX_HAND_CARDS",
    "MAX_PENALTY_STEPS",
    "Contract",
    "best_contract",
    "can_make_contract",
    "contract_size",
    "contracts",
    "hand_melds",
    "hand_penalty",
    "least_penalty",
    "meld_points",
]


@attrs.frozen
class Contract:
    """A whole contract a hand can put down (SK-CONTRACT): its melds, their points
    (SK-SCORE-MELDS) and the cards it leaves in the hand."""

    melds: tuple[Meld, ...]
    """The 3-card melds, all sets or all sequences, in canonical order."""
    rest: tuple[Card, ...]
    """The cards of the hand the contract leaves, sorted."""

    @property
    def kind(self) -> MeldKind:
        """Sets or sequences."""
        return self.melds[0].kind

    @property
    def points(self) -> int:
        """What the contract's cards score on the table (SK-SCORE-MELDS)."""
        return sum(meld_points(meld) for meld in self.melds)

    @property
    def wild_count(self) -> int:
        """How many wild cards the contract uses."""
        return sum(meld.wild_count for meld in self.melds)

    def __str__(self) -> str:
        return " / ".join(str(meld) for meld in self.melds)


MAX_HAND_CARDS = 2 * 52 + MAX_JOKERS
"""The most cards a hand analysed may hold: the largest Skarney deck (two packs and
eight jokers, 112 cards). Any hand of that deck is analysed in bounded time; only
:func:`contracts` and :func:`best_contract`, which compare whole contracts, stop at
:data:`~scala40.games.skarney.search.MAX_CONTRACT_STEPS`."""


def _hand(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    """The cards of a hand, sorted, once they are known to fit a Skarney deck."""
    hand = tuple(sorted(as_cards(cards)))
    counts = Counter(hand)
    extra = [
        card for card, count in counts.items() if count > (MAX_JOKERS if card == JOKER else 2)
    ]
    if extra:
        card = extra[0]
        raise InvalidValueError(
            f"a hand with {counts[card]} copies of {CARD_NAMES[card]}: a Skarney deck holds two "
            f"of each card and at most {MAX_JOKERS} jokers"
        )
    return hand


def contract_size(
    hand_number: int = 1, rules: Ruleset | str | None = None, size: int | None = None
) -> int:
    """How many 3-card melds make the contract: ``size`` if given, else the contract of
    hand ``hand_number`` under ``rules`` (SK-CONTRACT). Every argument is checked,
    whichever decides.

    >>> from scala40.games.skarney.analysis import contract_size
    >>> contract_size(1), contract_size(5), contract_size(size=2)
    (3, 4, 2)
    >>> contract_size(-1, size=2)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidValueError: hand_number must be from 1 to 7, got -1

    :raises InvalidArgumentError: ``rules`` is not a Skarney ruleset, a preset name or
        ``None``.
    :raises InvalidValueError: ``hand_number`` is not a hand of ``rules``, or ``size`` is
        not from 1 to :data:`~scala40.games.skarney.search.MOST_CONTRACT_MELDS`.
    """
    if rules is not None and not isinstance(rules, (str, Ruleset)):
        raise InvalidArgumentError(
            f"expected a Skarney Ruleset, a preset name or None, got {describe(rules)}"
        )
    ruleset = Ruleset.resolve(rules)
    if not (type(hand_number) is int and 1 <= hand_number <= len(ruleset.contract_melds)):
        raise InvalidValueError(
            f"hand_number must be from 1 to {len(ruleset.contract_melds)}, "
            f"got {describe(hand_number)}"
        )
    if size is None:
        return ruleset.contract_size(hand_number)
    if not (type(size) is int and 1 <= size <= MOST_CONTRACT_MELDS):
        raise InvalidValueError(
            f"size must be an integer from 1 to {MOST_CONTRACT_MELDS}, got {describe(size)}"
        )
    return size


def hand_melds(cards: Iterable[Card] | str) -> tuple[Meld, ...]:
    """Every meld a hand can put down: every reading (C-WILD) of every group of its cards
    that is a meld (SK-MELDS, SK-WILDMELD): sets rank by rank, sequences suit by suit,
    then melds of wild cards only.

    >>> from scala40.games.skarney.analysis import hand_melds
    >>> [str(meld) for meld in hand_melds("2S 2H 2C 4D 5D")]
    ['2S=3D 4D 5D', '2H=3D 4D 5D', '4D 5D 2S=6D', '4D 5D 2H=6D', '4D 5D 2C=6D', '2C=3D 4D 5D', '2S 2H 2C']
    """
    return search.hand_melds(_hand(cards))


def can_make_contract(
    cards: Iterable[Card] | str,
    hand_number: int = 1,
    rules: Ruleset | str | None = None,
    *,
    size: int | None = None,
) -> bool:
    """Whether a hand can put down the contract of hand ``hand_number`` (or of ``size``
    melds): that many disjoint 3-card sets, or 3-card sequences, each with at most one
    wild card (SK-CONTRACT).

    >>> from scala40.games.skarney.analysis import can_make_contract
    >>> can_make_contract("4S 5S 6S 8H 9H JK 2C QD QD", size=3)
    False
    >>> can_make_contract("4S 5S 6S 8H 9H JK 2C QD QD KD", size=3)
    True
    """
    return search.can_complete(_hand(cards), None, contract_size(hand_number, rules, size))


def contracts(
    cards: Iterable[Card] | str,
    hand_number: int = 1,
    rules: Ruleset | str | None = None,
    *,
    size: int | None = None,
) -> tuple[Contract, ...]:
    """Every contract a hand can put down, each multiset of melds once (C-IDENTITY).

    >>> from scala40.games.skarney.analysis import contracts
    >>> [str(contract) for contract in contracts("3S 3H 3D 4S 4H 2C 5S", size=2)]
    ['3S 3H 3D / 4S 4H 2C=4D', '3S 4S 5S / 3H 4H 2C=5H', '3S 4S 5S / 2C=2H 3H 4H']

    The melds of a contract are all sets or all sequences: 3S 3H 3D with 4S 5S 2C is
    none.

    :raises SearchLimitError: the hand holds too many contracts to list (the search
        took its :data:`~scala40.games.skarney.search.MAX_CONTRACT_STEPS` steps).
    """
    hand = _hand(cards)
    needed = contract_size(hand_number, rules, size)
    # The whole search first: past its limit it raises before any contract is built.
    found = tuple(search.contracts(hand, needed))
    return tuple(_contract(hand, melds) for melds in found)


def best_contract(
    cards: Iterable[Card] | str,
    hand_number: int = 1,
    rules: Ruleset | str | None = None,
    *,
    size: int | None = None,
) -> Contract | None:
    """The contract worth the most points on the table (SK-SCORE-MELDS), the first in
    canonical order among equals; ``None`` if the hand makes none.

    >>> from scala40.games.skarney.analysis import best_contract
    >>> best = best_contract("3S 3H 3D 4S 4H 2C 5S", size=2)
    >>> str(best), best.points
    ('3S 3H 3D / 4S 4H 2C=4D', 50)
    >>> best_contract("3S 3H 3D 4S 4H 5S", size=2) is None
    True

    :raises SearchLimitError: the hand holds too many contracts to compare (the search
        took its :data:`~scala40.games.skarney.search.MAX_CONTRACT_STEPS` steps).
    """
    hand = _hand(cards)
    best = search.best_contract(hand, contract_size(hand_number, rules, size))
    return None if best is None else _contract(hand, best)


def _contract(hand: tuple[Card, ...], melds: tuple[Meld, ...]) -> Contract:
    rest: tuple[Card, ...] | None = hand
    for meld in melds:
        assert rest is not None
        rest = without_sorted(rest, meld.cards)
    assert rest is not None
    return Contract(melds, rest)


# -- the least penalty a hand's own melds leave it (SK-SCORE-HAND) --------------------------

MAX_PENALTY_STEPS = 50_000
"""The most steps :func:`least_penalty` takes: one for each meld it tries on what is left
of a hand, or one per :data:`~scala40.games.skarney.search.CARDS_PER_STEP` cards of what
is left when that is more (trying a meld copies it). The hands of games played (a dozen
to twenty cards) take a few hundred; past the bound, which only hands of dozens of cards
reach, it raises :class:`~scala40.SearchLimitError`."""

_WILD = MELD_RULES.wild_cards
_NO_WILD, _A_JOKER, _A_TWO = range(3)
"""The wild card a meld of natural cards takes: none, a joker or a 2 (any 2: a 2 is wild
whatever its suit, and a mixed meld takes one wild card at most, SK-MELDS)."""
_PENALTY = tuple(hand_penalty((card,)) for card in range(JOKER + 1))
"""What each card costs left in hand (SK-SCORE-HAND)."""
_JOKER_PENALTY = _PENALTY[JOKER]
_TWO_PENALTY = hand_penalty("2S")


def _placing_order(card: Card) -> tuple[int, int]:
    """The order :func:`least_penalty` places a hand's natural cards in: rank by rank,
    the aces after the other ranks. Placed lowest first, a set takes cards of the rank
    being placed and a sequence the next ranks of a suit, so what is left of a hand stays
    one of few shapes (as in Scala 40's packing search)."""
    rank = RANK_OF[card]
    return (14 if rank == ACE else rank, SUIT_OF[card])


def _wild_taken(cards: tuple[Card, ...], naturals: int) -> int:
    """The kind of wild card a meld of ``naturals`` natural cards among ``cards`` takes."""
    if JOKER in cards:
        return _A_JOKER
    return _A_TWO if naturals < len(cards) else _NO_WILD


def _taken(left: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """``left`` less ``cards``, or ``None`` if it does not hold them all."""
    rest = list(left)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def _wild_penalty(jokers: int, twos: int) -> int:
    """What the wild cards left cost once the melds of wild cards only are down: three or
    more 2s meld, as do three or more jokers (SK-WILDMELD); fewer stay in hand."""
    return (0 if jokers >= 3 else jokers * _JOKER_PENALTY) + (
        0 if twos >= 3 else twos * _TWO_PENALTY
    )


def least_penalty(cards: Iterable[Card] | str, rules: Ruleset | None = None) -> int:
    """The least penalty (SK-SCORE-HAND) a hand can be left with once it puts down melds
    made of its own cards (SK-MELDS, SK-WILDMELD), as if its contract were made: what it
    would cost if the hand ended with those melds down, so how far it is from going out;
    ``0`` for a hand that melds whole. No table meld is extended and no contract asked.
    It is the game's :attr:`~scala40.game.Game.least_deadwood`. ``rules`` changes
    nothing (no ruleset changes the melds or the penalties), and is checked.

    >>> from scala40.games.skarney.analysis import least_penalty
    >>> least_penalty("5S 5H 5D 7C 8C 9C KD")
    10
    >>> least_penalty("5S 5H JK 9C 9C KD KD 2C")
    10

    The joker melds the fives and the 2 the kings (a meld takes one wild card at most):
    the two nines are left, 5 each, where the joker left would cost 100.

    :raises InvalidCardError: a card is not a card.
    :raises InvalidArgumentError: ``rules`` is neither a Skarney ruleset nor ``None``.
    :raises InvalidValueError: the cards are more copies than a Skarney deck holds.
    :raises SearchLimitError: the search took its :data:`MAX_PENALTY_STEPS` steps.
    """
    if rules is not None and not isinstance(rules, Ruleset):
        raise InvalidArgumentError(f"expected a Skarney Ruleset or None, got {describe(rules)}")
    hand = _hand(cards)
    # Each meld by its natural cards and the kind of wild card it takes, filed under its
    # lowest natural card in placing order: the card placed next is the lowest left, so a
    # meld that holds it and fits in what is left starts with it. The melds of wild cards
    # only are counted last (_wild_penalty).
    starting: dict[Card, set[tuple[tuple[Card, ...], int]]] = {}
    for meld in search.hand_melds(hand):
        natural = tuple(
            sorted((card for card in meld.cards if card not in _WILD), key=_placing_order)
        )
        if natural:
            wild = _wild_taken(meld.cards, len(natural))
            starting.setdefault(natural[0], set()).add((natural, wild))
    ordered = {card: sorted(shapes) for card, shapes in starting.items()}
    known: dict[tuple[tuple[Card, ...], int, int], int] = {}
    steps = MAX_PENALTY_STEPS

    def least(left: tuple[Card, ...], jokers: int, twos: int) -> int:
        nonlocal steps
        if not left:
            return _wild_penalty(jokers, twos)
        key = (left, jokers, twos)
        found = known.get(key)
        if found is not None:
            return found
        first = left[0]
        best = _PENALTY[first] + least(left[1:], jokers, twos)
        for natural, wild in ordered.get(first, ()):
            if (wild == _A_JOKER and not jokers) or (wild == _A_TWO and not twos):
                continue
            steps -= len(left) // CARDS_PER_STEP or 1
            if steps < 0:
                raise SearchLimitError(
                    f"the least penalty of a hand of {len(hand)} cards took more than "
                    f"{MAX_PENALTY_STEPS} steps (MAX_PENALTY_STEPS), one for each meld tried and "
                    f"each {CARDS_PER_STEP} cards of what was left"
                )
            rest = _taken(left, natural)
            if rest is not None:
                found = least(rest, jokers - (wild == _A_JOKER), twos - (wild == _A_TWO))
                if found < best:
                    best = found
        known[key] = best
        return best

    naturals = tuple(sorted((card for card in hand if card not in _WILD), key=_placing_order))
    jokers = hand.count(JOKER)
    return least(naturals, jokers, len(hand) - len(naturals) - jokers)
