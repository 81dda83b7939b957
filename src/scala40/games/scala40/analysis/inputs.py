"""What the analysis functions take: the bounds of their inputs and the checks that keep
them within (internal)."""

from __future__ import annotations

from scala40.cards import Card, as_cards
from scala40.checks import describe
from scala40.errors import InvalidValueError
from scala40.games.scala40.rules import MAX_HAND_SIZE, Ruleset, hand_value

__all__ = [
    "MAX_HAND_CARDS",
    "MAX_THRESHOLD",
    "check_count",
    "hand_rules",
    "sorted_hand",
]

MAX_HAND_CARDS = MAX_HAND_SIZE + 1
"""The most cards a hand given to the analysis may hold: 14, a hand of 13 and the card
drawn (S40-DEAL); published as :data:`scala40.games.scala40.analysis.MAX_HAND_CARDS`."""
MAX_THRESHOLD = 100_000
"""The largest opening threshold (or ``keep``) the analysis takes; published as
:data:`scala40.games.scala40.analysis.MAX_THRESHOLD`."""

# Penalty of each card code left in hand (S40-HAND-VALUE), by S40-V-HIGHVALUES switch. The
# lone ace of S40-V-LONEACE is the one exception to adding them up; the packing search
# handles it apart.
_WEIGHTS: dict[bool, tuple[int, ...]] = {
    high: tuple(hand_value((card,), Ruleset(high_card_values=high)) for card in range(53))
    for high in (False, True)
}


def hand_rules(rules: object) -> tuple[tuple[int, ...], bool]:
    """The penalty of each card and whether S40-V-LONEACE applies, for any rules argument
    (a bare :class:`~scala40.MeldRules`, or ``None``, counts the official penalties)."""
    if isinstance(rules, Ruleset):
        return _WEIGHTS[rules.high_card_values], rules.lone_ace_scores_one
    return _WEIGHTS[False], False


def check_count(name: str, value: object, most: int = MAX_THRESHOLD) -> int:
    """``value``, once it is known to be an integer from 0 to ``most``."""
    if type(value) is not int or not 0 <= value <= most:
        raise InvalidValueError(
            f"{name} must be an integer of at least 0 (at most {most}), got {describe(value)}"
        )
    return value


def sorted_hand(hand: object, most: int = MAX_HAND_CARDS) -> tuple[Card, ...]:
    """The cards of ``hand``, sorted, once they are known to be at most ``most``."""
    cards = tuple(sorted(as_cards(hand)))  # type: ignore[arg-type]
    if len(cards) > most:
        raise InvalidValueError(
            f"a hand of {len(cards)} cards: this analysis takes hands of at most {most} cards"
        )
    return cards
