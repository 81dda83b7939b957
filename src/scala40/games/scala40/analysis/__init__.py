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
  out of them (S40-AFTER-OPEN, S40-SWAP), and :func:`least_deadwood` its value
  with no table: how far a hand is from closing;
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

from collections.abc import Iterable
from typing import Literal

import attrs

from scala40.cards import Card, as_card
from scala40.checks import describe
from scala40.errors import InvalidValueError
from scala40.games.scala40.analysis import deadwood, inputs
from scala40.games.scala40.analysis.closing import can_close, closing_moves
from scala40.games.scala40.analysis.deadwood import Deadwood, least_deadwood, min_deadwood
from scala40.games.scala40.analysis.inputs import check_count, hand_rules, sorted_hand
from scala40.games.scala40.hand.opening import can_open_sorted
from scala40.games.scala40.hand.packing import ORDERS, best_packing
from scala40.games.scala40.hand.tables import MAX_HAND_READINGS, sorted_hand_melds
from scala40.games.scala40.rules import Ruleset
from scala40.melds import Meld, RulesLike, resolve_meld_rules

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
    "least_deadwood",
    "min_deadwood",
]

MAX_HAND_CARDS = inputs.MAX_HAND_CARDS
"""The most cards a hand given to the analysis may hold: 14, a hand of 13 and the card
drawn (S40-DEAL; no ruleset deals more). Within it every search here is exact, and
bounded: the worst hands found take milliseconds. Larger hands are refused
(:class:`~scala40.InvalidValueError`)."""
MAX_MELDS_HAND_CARDS = 64
""":func:`hand_melds` lists the melds of larger sets of cards (listing is cheap): at most
this many."""
MAX_THRESHOLD = inputs.MAX_THRESHOLD
"""The largest opening threshold (or ``keep``) the analysis takes."""
MAX_TABLE_MELDS = deadwood.MAX_TABLE_MELDS
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

    >>> from scala40 import hand_melds
    >>> [str(m) for m in hand_melds("7S 8S 9S 9H 9D")]
    ['9S 9H 9D', '7S 8S 9S']
    """
    meld_rules = resolve_meld_rules(rules)
    return sorted_hand_melds(sorted_hand(hand, MAX_MELDS_HAND_CARDS), meld_rules)


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

    >>> from scala40 import best_opening
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
    cards = sorted_hand(hand)
    given: object = criterion
    order = ORDERS.get(given) if isinstance(given, str) else None
    if order is None:
        raise InvalidValueError(
            f"criterion must be 'value', 'cards' or 'deadwood', got {describe(criterion)}"
        )
    keep = check_count("keep", keep, MAX_HAND_CARDS)
    if threshold is None:
        threshold = rules.opening_threshold if isinstance(rules, Ruleset) else 40
    threshold = check_count("threshold", threshold)
    must = None if must_include is None else as_card(must_include)
    weights, lone_ace = hand_rules(rules)
    found = best_packing(cards, meld_rules, weights, lone_ace, order, keep, must, threshold)
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

    >>> from scala40.games.scala40.analysis import can_open
    >>> can_open("JK 9C 8C 5D 5H 5S 2H"), can_open("9S 9H 9D 2S 2H 2D 4C")
    (True, False)
    """
    meld_rules = resolve_meld_rules(rules)
    cards = sorted_hand(hand)
    threshold = check_count("threshold", threshold)
    keep = check_count("keep", keep, MAX_HAND_CARDS)
    must = None if must_include is None else as_card(must_include)
    return can_open_sorted(cards, threshold, meld_rules, keep, must)
