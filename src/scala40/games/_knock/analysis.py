"""The arrangement of a hand, as the knock games offer it to callers: every argument
checked, the work bounded (the engine calls :mod:`~scala40.games._knock.arrange` itself,
with values it made).

Each game exports these functions: ``rumino.best_arrangement``,
``chinchon.least_unmatched``, ``rumino.has_rumino``... ``rules`` is the game's ruleset or
its :class:`~scala40.games._knock.profile.KnockRules`; cards are given as text or codes,
in any order.

>>> from scala40.games.chinchon import Ruleset, best_arrangement, least_unmatched
>>> best = best_arrangement("7H 7S 7D AC 2C 3C KS", Ruleset())
>>> [str(meld) for meld in best.melds], best.value
(['7S 7H 7D', 'AC 2C 3C'], 10)
>>> least_unmatched("AS 2S 3S 4S 5S 6S 7S 8S 9S", Ruleset())
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: a hand of 9 cards: the arrangement takes hands of at most 8 cards
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from scala40._base.engine import without
from scala40.cards import CARD_NAMES, Card, as_card, as_cards
from scala40.checks import describe, is_int
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.games._knock import arrange
from scala40.games._knock.arrange import Arrangement
from scala40.games._knock.engine import resolve_spec
from scala40.games._knock.knocking import KnockingRules
from scala40.games._knock.moves import Close
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.spanish import SpanishRules
from scala40.melds import Meld

__all__ = [
    "MAX_ARRANGE_CARDS",
    "MAX_TARGETS",
    "best_arrangement",
    "close_cost",
    "has_rumino",
    "least_unmatched",
]

MAX_ARRANGE_CARDS = 8
"""The most cards a hand arranged may hold: seven and the card drawn (every arrangement
of such a hand is searched in a few milliseconds; the work grows about threefold with
each card more)."""
MAX_TARGETS = 16
"""The most shown melds :func:`best_arrangement` lays off onto (eight players show
sixteen at most)."""
_MAX_INDEX = 10_000


def _profile(rules: object) -> KnockRules:
    """The profile of a knock game's ruleset (or the profile itself)."""
    if isinstance(rules, KnockRules):
        return rules
    try:
        profile = getattr(rules, "profile", None)
    except Exception:  # a property that fails: not a ruleset
        profile = None
    if not isinstance(profile, KnockRules):
        raise InvalidArgumentError(
            f"expected the ruleset of Rumino, Chinchón or La Conga, got {describe(rules)}"
        )
    return profile


def _deck_problem(placed: Counter[Card], profile: KnockRules) -> None:
    extra = placed - Counter(profile.deck.cards)
    if extra:
        card = min(extra)
        raise InvalidValueError(
            f"{placed[card]} copies of {CARD_NAMES[card]}: the deck of these rules holds "
            f"{profile.deck.cards.count(card)}"
        )


def _hand(cards: object, profile: KnockRules) -> tuple[Card, ...]:
    """The cards of a hand, sorted, once they are known to be a hand of the game."""
    hand = tuple(sorted(as_cards(cards)))  # type: ignore[arg-type]
    if len(hand) > MAX_ARRANGE_CARDS:
        raise InvalidValueError(
            f"a hand of {len(hand)} cards: the arrangement takes hands of at most "
            f"{MAX_ARRANGE_CARDS} cards"
        )
    _deck_problem(Counter(hand), profile)
    return hand


def least_unmatched(cards: Iterable[Card] | str, rules: Any, min_melded: int = 0) -> int:
    """The least value a hand leaves unmatched once arranged in melds, with at least
    ``min_melded`` of its cards in melds (RU-KNOCK); a huge number if no arrangement has
    that many (RU-VALUES, CH-VALUES).

    >>> from scala40.games.rumino import Ruleset, least_unmatched
    >>> least_unmatched("AS 2S 3S AH AD 4C 5C", Ruleset())
    11

    :raises InvalidCardError: a card is not a card.
    :raises InvalidArgumentError: ``rules`` is not a ruleset of a knock game.
    :raises InvalidValueError: more than :data:`MAX_ARRANGE_CARDS` cards, cards the deck
        cannot hold, or ``min_melded`` not from 0 to that many.
    """
    profile = _profile(rules)
    hand = _hand(cards, profile)
    if not (is_int(min_melded) and 0 <= min_melded <= MAX_ARRANGE_CARDS):
        raise InvalidValueError(
            f"min_melded must be an integer from 0 to {MAX_ARRANGE_CARDS}, "
            f"got {describe(min_melded)}"
        )
    return arrange.least_unmatched(hand, profile, min_melded)


def best_arrangement(
    cards: Iterable[Card] | str,
    rules: Any,
    targets: Sequence[Meld] = (),
    owners: Sequence[tuple[int, int]] = (),
) -> Arrangement:
    """The best arrangement of a hand (C-ARRANGE): disjoint melds and layoffs onto
    ``targets``, the melds other players showed (``owners[i]`` names the seat and the
    index of ``targets[i]`` among that seat's melds), leaving the least unmatched value;
    among equals the fewest cards laid off, then the lowest card order.

    :raises InvalidCardError: a card is not a card.
    :raises InvalidArgumentError: ``rules`` is not a ruleset of a knock game, or
        ``targets`` and ``owners`` are not lists of melds and of (seat, index) pairs.
    :raises InvalidValueError: more than :data:`MAX_ARRANGE_CARDS` cards or
        :data:`MAX_TARGETS` targets, targets that are no melds of these rules, one owner
        for each target missing, or cards the deck cannot hold.
    """
    profile = _profile(rules)
    hand = _hand(cards, profile)
    if not isinstance(targets, (list, tuple)) or not all(
        isinstance(meld, Meld) for meld in targets
    ):
        raise InvalidArgumentError(f"targets must be a list of melds, got {describe(targets)}")
    if not isinstance(owners, (list, tuple)) or not all(
        isinstance(owner, tuple)
        and len(owner) == 2
        and all(is_int(part) and 0 <= part <= _MAX_INDEX for part in owner)
        for owner in owners
    ):
        raise InvalidArgumentError(
            f"owners must be a list of (seat, index) pairs, got {describe(owners)}"
        )
    if len(targets) > MAX_TARGETS:
        raise InvalidValueError(f"{len(targets)} targets: at most {MAX_TARGETS}")
    if len(owners) != len(targets):
        raise InvalidValueError(
            f"one owner for each target: {len(targets)} targets, {len(owners)} owners"
        )
    rules_of = profile.meld_rules
    placed = Counter(hand)
    for index, meld in enumerate(targets):
        if meld.rules != rules_of or meld not in rules_of.readings(meld.cards):
            raise InvalidValueError(f"target #{index} ({meld}) is not a meld of these rules")
        placed.update(meld.cards)
    _deck_problem(placed, profile)
    return arrange.best_arrangement(hand, profile, tuple(targets), tuple(owners))


def has_rumino(cards: Iterable[Card] | str, rules: Any, extra: Card | str | None = None) -> bool:
    """Whether seven of ``cards`` (and ``extra``, if given) make a Rumino: seven of a suit
    in sequence, or seven of a rank (RU-RUMINO).

    >>> from scala40.games.rumino import Ruleset, has_rumino
    >>> has_rumino("3H 4H 5H 6H 7H 8H 2C", Ruleset(), extra="9H")
    True

    :raises InvalidCardError: a card is not a card.
    :raises InvalidArgumentError: ``rules`` is not a ruleset of a knock game (its profile
        is not enough: Rumino's ``rumino_jokers`` is read from the ruleset).
    :raises InvalidValueError: more than :data:`MAX_ARRANGE_CARDS` cards, or cards the
        deck cannot hold.
    """
    if not isinstance(rules, (KnockingRules, SpanishRules)):
        raise InvalidArgumentError(
            f"expected the ruleset of Rumino, Chinchón or La Conga, got {describe(rules)}"
        )
    profile = rules.profile
    hand = _hand(cards, profile)
    if extra is None:
        return arrange.has_rumino(hand, rules)
    card = as_card(extra)
    _hand((*hand, card), profile)
    return arrange.has_rumino(hand, rules, card)


def close_cost(move: Close, hand: tuple[Card, ...], rules: SpanishRules) -> tuple[int, int]:
    """What a close costs the closer, then how much it offers the others: the points of
    his unmatched cards (less for all matched), then the cards his melds accept (the
    greedy bot closes the cheapest; the command line's hint names it)."""
    profile = rules.profile
    kept = without(hand, (move.card,))
    assert kept is not None
    melds = [resolve_spec(spec, profile.meld_rules) for spec in move.melds]
    used = [card for meld in melds if isinstance(meld, Meld) for card in meld.cards]
    left = without(kept, used) or ()
    value = sum(profile.values[card] for card in left)
    if not left:
        run = arrange.is_seven_run(kept, profile.meld_rules)
        if run and not any(card in profile.wild_cards for card in kept):
            return (-10_000, 0)  # CH-CHINCHON: the game is won
        value = (rules.wild_chinchon_bonus if run else rules.all_matched_bonus) - 100
    offered = (
        sum(len(meld.extensions()) for meld in melds if isinstance(meld, Meld)) if left else 0
    )
    return (value, offered)
