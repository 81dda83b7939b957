"""A meld as a player writes it (internal): its cards, each wild card possibly followed
by ``=`` and the card it stands for (``8C 9C JK=10C``, as a :class:`~scala40.melds.Meld`
writes itself), read within bounds; and which readings of the cards keep what the text
says. :func:`~scala40.melds.check_meld` reads a text so, and the moves' notation asks the
same of a listed meld (:func:`~scala40.melds._spelling.meld_agrees`). Like
:mod:`scala40.melds._words`, it knows melds by their cards only, so that the meld engine
and its texts stay apart."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

from scala40.cards import (
    CARD_NAMES,
    JOKER,
    MAX_CARDS,
    MAX_CARDS_TEXT,
    RANK_OF,
    Card,
    Deck,
    as_card,
    as_cards,
    parse_cards,
)
from scala40.checks import describe
from scala40.errors import (
    AmbiguousMeldError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidMeldError,
)

__all__ = [
    "Readings",
    "choose_reading",
    "deck_of",
    "read_meld_text",
    "reading_problem",
    "readings_agree",
    "said_readings",
    "wanted_readings",
    "written_text",
]

Readings = tuple[Card | None, ...]
"""What each card of a meld is said to stand for, ``None`` where the text says nothing."""

_SEPARATORS = re.compile(r"[\s,;\-]+")
"""What separates cards in a text (C-NOTATION), as :func:`~scala40.cards.parse_cards`
reads them."""


def read_meld_text(text: str) -> tuple[tuple[Card, ...], Readings | None]:
    """The cards of a meld's text, and what each is said to stand for (``None`` where
    nothing is; ``None`` for the whole when no ``=`` is written): at most
    :data:`~scala40.cards.MAX_CARDS_TEXT` characters and
    :data:`~scala40.cards.MAX_CARDS` cards, more refused before they are read.

    >>> from scala40.melds._text import read_meld_text
    >>> read_meld_text("8C 9C JK=10C")
    ((46, 47, 52), (None, None, 48))
    >>> read_meld_text("8c, 9c, 10c")
    ((46, 47, 48), None)

    :raises InvalidCardError: a word is not a card (named, with its position), or the
        text is too long.
    """
    if "=" not in text:
        return parse_cards(text), None
    if len(text) > MAX_CARDS_TEXT:
        raise InvalidCardError(
            f"card text of {len(text)} characters: at most {MAX_CARDS_TEXT} are read"
        )
    words = [word for word in _SEPARATORS.split(text) if word]
    if len(words) > MAX_CARDS:
        raise InvalidCardError(f"{len(words)} cards: at most {MAX_CARDS} are read")
    cards: list[Card] = []
    readings: list[Card | None] = []
    for position, word in enumerate(words, 1):
        card_text, equals, reading_text = word.partition("=")
        cards.append(as_card(card_text, position))
        if not equals:
            readings.append(None)
            continue
        readings.append(as_card(reading_text, position))
    return tuple(cards), tuple(readings)


def said_readings(
    cards: tuple[Card, ...], readings: Readings, wild_cards: frozenset[Card]
) -> Readings | None:
    """What a text says its cards stand for, as a reading must keep it: a natural card
    standing for itself says nothing (as moves read it); ``None`` when nothing is said.

    :raises InvalidMeldError: no meld can have those readings (:func:`reading_problem`).
    """
    problem = reading_problem(cards, readings, wild_cards)
    if problem is not None:
        raise InvalidMeldError(f"{written_text(cards, readings)} is not a meld: {problem}")
    said = tuple(
        None if rep == card and card not in wild_cards else rep
        for card, rep in zip(cards, readings)
    )
    return None if said.count(None) == len(said) else said


def reading_problem(
    cards: Sequence[Card], readings: Readings, wild_cards: frozenset[Card]
) -> str | None:
    """Why no meld can have the readings a text gives (C-WILD: a card said to stand for a
    joker; a natural card said to stand for another card, which only wild cards do), or
    ``None``.

    >>> from scala40.melds._text import reading_problem
    >>> reading_problem((6, 7, 8), (7, None, None), frozenset({52}))
    '7S=8S: only a wild card stands for another card'
    >>> reading_problem((52, 7, 8), (52, None, None), frozenset({52}))
    'JK=JK: a card stands for a natural card, never for a joker'
    """
    for card, reading in zip(cards, readings):
        if reading == JOKER:
            return f"{CARD_NAMES[card]}=JK: a card stands for a natural card, never for a joker"
        if reading is not None and reading != card and card not in wild_cards:
            return (
                f"{CARD_NAMES[card]}={CARD_NAMES[reading]}: only a wild card stands for "
                "another card"
            )
    return None


def readings_agree(
    cards: Sequence[Card],
    readings: Sequence[Card | None],
    listed_cards: tuple[Card, ...],
    listed_represented: tuple[Card, ...],
    always_wild: frozenset[Card],
    set_names_suit: bool,
) -> bool:
    """Whether a meld as written (its cards, each one's reading or ``None``) may be a
    listed reading (its cards and represented cards, empty when they are the cards): the
    same cards, and every reading written is the listed one's, the same card or, in a set
    whose wild cards name only a rank (``set_names_suit`` false), a card of that rank. A
    card not in ``always_wild`` said to stand for itself says nothing.

    >>> from scala40.melds._text import readings_agree
    >>> readings_agree((45, 46, 52), (None, None, 47), (45, 46, 52), (45, 46, 47), frozenset(), True)
    True
    >>> readings_agree((45, 46, 52), (None, None, 44), (45, 46, 52), (45, 46, 47), frozenset(), True)
    False
    """
    if len(cards) != len(listed_cards) or sorted(cards) != sorted(listed_cards):
        return False
    pairs = list(zip(listed_cards, listed_represented or listed_cards))
    by_rank: bool | None = None
    for card, reading in zip(cards, readings):
        if reading is None or (reading == card and card not in always_wild):
            continue
        for index, (listed_card, listed_reading) in enumerate(pairs):
            if listed_card != card:
                continue
            if reading != listed_reading and by_rank is None:
                represented = listed_represented or listed_cards
                by_rank = not set_names_suit and len({RANK_OF[rep] for rep in represented}) == 1
            if reading == listed_reading or (
                by_rank and RANK_OF[reading] == RANK_OF[listed_reading]
            ):
                del pairs[index]
                break
        else:
            return False
    return True


def wanted_readings(joker_as: Card | str | Iterable[Card]) -> tuple[Card, ...]:
    """The cards ``joker_as`` names (one card, or one per wild card), in card order.

    :raises InvalidCardError: they are not cards.
    """
    if isinstance(joker_as, int):
        return as_cards([joker_as])
    return tuple(sorted(as_cards(joker_as)))


class _Reading(Protocol):
    """A reading of cards as a meld, as this module reads one (a :class:`~scala40.Meld`)."""

    @property
    def cards(self) -> tuple[Card, ...]: ...

    @property
    def represented(self) -> tuple[Card, ...]: ...


R = TypeVar("R", bound=_Reading)


def written_text(cards: Sequence[Card], said: Readings | None) -> str:
    """Cards as a meld's text writes them, each with the reading said of it."""
    if said is None:
        return " ".join(CARD_NAMES[card] for card in cards)
    return " ".join(
        CARD_NAMES[card] if rep is None else f"{CARD_NAMES[card]}={CARD_NAMES[rep]}"
        for card, rep in zip(cards, said)
    )


def choose_reading(
    given: tuple[Card, ...],
    said: Readings | None,
    wanted: tuple[Card, ...] | None,
    readings: tuple[R, ...],
    wild_cards: frozenset[Card],
    set_names_suit: bool,
) -> R:
    """The reading of ``given`` (one of ``readings``, none empty) a text means: those that
    keep what it ``said`` of its cards and that ``joker_as`` (``wanted``, in card order)
    asks; of them, the one, or else the one whose cards are in the order given, either
    way round (a sequence's wild card is fixed by its place).

    :raises InvalidMeldError: no reading keeps what was said or asked.
    :raises AmbiguousMeldError: several readings are left (``readings`` lists them).
    """
    if said is not None:
        readings = tuple(
            m
            for m in readings
            if readings_agree(given, said, m.cards, m.represented, wild_cards, set_names_suit)
        )
    if wanted is not None:
        readings = tuple(m for m in readings if _wild_targets(m, wild_cards) == wanted)
    shown = written_text(given, said)
    if not readings:
        asked = [rep for rep in said or () if rep is not None] + list(wanted or ())
        names = " ".join(CARD_NAMES[card] for card in asked)
        raise InvalidMeldError(f"in {shown} the wild cards cannot stand for {names}")
    if len(readings) == 1:
        return readings[0]
    backwards = given[::-1]
    in_order = [m for m in readings if m.cards == given or m.cards == backwards]
    if len(in_order) == 1:
        return in_order[0]
    options = " | ".join(str(m) for m in readings)
    raise AmbiguousMeldError(
        f"{shown} has {len(readings)} readings: {options}; "
        "say which card the wild card stands for",
        readings,
    )


def _wild_targets(meld: _Reading, wild_cards: frozenset[Card]) -> tuple[Card, ...]:
    """What the wild cards of a reading stand for, in card order."""
    pairs = zip(meld.cards, meld.represented)
    return tuple(sorted(rep for card, rep in pairs if card in wild_cards))


def deck_of(rules: object, deck: object) -> Deck | None:
    """The deck a meld's copies are counted against: ``deck``, or the deck of ``rules``
    when it is a ruleset (meld rules have none).

    :raises InvalidArgumentError: ``deck`` is given and is not a :class:`~scala40.cards.Deck`.
    """
    if deck is not None:
        if not isinstance(deck, Deck):
            raise InvalidArgumentError(f"deck must be a Deck, got {describe(deck)}")
        return deck
    try:
        found: Any = getattr(rules, "deck", None)
    except Exception:  # a property that fails: no deck (the meld rules were read already)
        found = None
    return found if isinstance(found, Deck) else None
