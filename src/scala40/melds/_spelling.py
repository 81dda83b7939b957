"""Melds as moves write them, in one form (internal): what a game's notation treats as
wild, and the one way to write each meld a move names.

A move that names a meld (a put-down, a close's melds, a split's pieces) holds it in one
form, whatever order its cards came in and whichever wild readings were written out:

* a set's cards in the order of the cards they stand for (♠ ♥ ♦ ♣), a sequence's low to
  high (the ace high after the king), a meld of wild cards only in card order;
* every wild card's reading explicit once the meld's own cards fix it: by the other
  cards (``9C 9D 9H JK`` leaves ♠), or by its place in a sequence written low to high or
  high to low (``JK 7S 8S``: the joker is 6♠);
* a natural card "standing for itself" says nothing, and is written alone; a card
  always wild (Skarney's 2s) keeps its reading, even standing for itself (``2S=2S``);
* where sets are "cards of that rank" (every game but Scala 40), a set's wild card
  stands for the rank in the first suit its natural cards lack, as the meld engine reads
  it (:class:`~scala40.melds.MeldRules` with ``set_suits_distinct`` false), whatever suit
  the text named.

Which readings the cards allow is asked of the meld engine under a game's
:class:`MeldNotation`: the rank orders its packs may use, the cards it always treats as
wild, whether a set's reading names a suit. The notation is lenient on purpose (any
number of wild cards, melds of any length): judging a meld is the state's work; here a
reading is only fixed. Cards that make no set or sequence under any reading are kept as
they are (in card order), for the state to refuse with its reason. Where the cards allow
several readings and the text does not say which, :func:`canonical_meld` refuses with
:class:`~scala40.MissingReadingError`, naming what each wild card could stand for.

A *loose* reading (:func:`loose_spelling`) keeps a meld as written, each reading left out
as ``None``: what a state matches against its legal moves (:func:`meld_agrees`) to read a
text the context-free reading cannot settle.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import cast

import attrs

from scala40.cards import (
    CARD_NAMES,
    FRENCH_RANKS,
    JOKER,
    RANK_OF,
    SPANISH_40_RANKS,
    SPANISH_48_RANKS,
    Card,
    parse_card,
)
from scala40.errors import InvalidMeldError, InvalidMoveError, MissingReadingError
from scala40.melds import MAX_MELD_CARDS, Meld, MeldRules
from scala40.melds._members import SEQUENCE_KIND, WILD_KIND
from scala40.melds._text import Readings, readings_agree

__all__ = [
    "FRENCH_ACES",
    "FRENCH_ACE_LOW",
    "SPANISH_40",
    "SPANISH_48",
    "MeldNotation",
    "Readings",
    "SequenceOrder",
    "canonical_meld",
    "is_loose",
    "kept_readings",
    "loose_spelling",
    "meld_agrees",
    "melds_agree",
    "read_meld_words",
    "reading_agrees",
    "set_reading",
]


@attrs.frozen
class SequenceOrder:
    """One order a game's sequences may follow: its ranks lowest first, and where the ace
    may go."""

    ranks: tuple[int, ...]
    ace_low: bool
    ace_high: bool
    name: str
    """The pack, for messages (``"the 40-card pack"``)."""


FRENCH_ACES = SequenceOrder(FRENCH_RANKS, True, True, "the French pack")
"""A-2-…-K-A: the ace low or high (S40-SEQ, SK-MELDS)."""
FRENCH_ACE_LOW = SequenceOrder(FRENCH_RANKS, True, False, "the French pack")
"""A-2-…-K, the ace low only (RU-DECK)."""
SPANISH_40 = SequenceOrder(SPANISH_40_RANKS, True, False, "the 40-card pack")
"""A-2-…-7-J-Q-K, the ace low only (CH-DECK, CH-MELDS)."""
SPANISH_48 = SequenceOrder(SPANISH_48_RANKS, True, False, "the 48-card pack")
"""A-2-…-7-8-9-J-Q-K, the ace low only (CH-DECK, CH-MELDS)."""

_SHOWN = 6
"""The most readings a message lists (a meld of many wild cards may have hundreds)."""

_RULES_KEPT = 64
"""How many lenient rules a notation keeps (one per rank order and set of natural cards
given a reading: a move's text can name any)."""


@attrs.frozen
class MeldNotation:
    """What a game's notation needs to write each meld one way: its move classes hold it
    as their ``notation`` (data, not code).

    >>> from scala40.melds._spelling import FRENCH_ACES, MeldNotation, canonical_meld
    >>> notation = MeldNotation((FRENCH_ACES,))
    >>> canonical_meld((52, 6, 7), (None, None, None), notation)   # JK 7S 8S
    ((52, 6, 7), (5, 6, 7))
    """

    orders: tuple[SequenceOrder, ...]
    """The orders its sequences may follow, under one preset or another (Chinchón's 40-
    and 48-card packs differ after the 7)."""
    always_wild: frozenset[Card] = frozenset()
    """Natural cards wild wherever they stand, besides the joker (Skarney's 2s)."""
    set_names_suit: bool = True
    """Whether a set's wild card stands for one definite card (Scala 40: a set's suits are
    distinct, S40-SET) or only for its rank (SK-MELDS, RU-MELDS, CH-MELDS)."""
    two_aces: bool = False
    """Whether a sequence may hold both aces naturally (SK-MELDS)."""
    pack: str = "french"
    """The pack whose cards these melds are drawn in, ``"french"`` or ``"spanish"``: a
    move's picture reads it of a kind several games share (which has no move set of its
    own to say)."""
    wild_cards: frozenset[Card] = attrs.field(init=False, eq=False, repr=False)
    """The cards a meld's text always reads as wild: the joker, and :attr:`always_wild`."""
    _rules: dict[tuple[SequenceOrder, frozenset[Card]], MeldRules] = attrs.field(
        factory=dict, init=False, eq=False, hash=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "wild_cards", self.always_wild | {JOKER})

    def rules(self, order: SequenceOrder, claimed: frozenset[Card]) -> MeldRules:
        """Lenient meld rules for ``order``, with ``claimed`` (natural cards the text says
        stand for another card) wild too."""
        key = (order, claimed)
        found = self._rules.get(key)
        if found is None:
            if len(self._rules) >= _RULES_KEPT:
                self._rules.clear()
            found = self._rules[key] = MeldRules(
                rank_order=order.ranks,
                ace_low=order.ace_low,
                ace_high=order.ace_high,
                extra_wilds=self.always_wild | claimed,
                max_wilds=None,
                set_max=MAX_MELD_CARDS,
                set_suits_distinct=self.set_names_suit,
                sequence_two_aces=self.two_aces,
                wild_meld_min=3,
            )
        return found


_LOOSE: ContextVar[bool] = ContextVar("scala40 loose meld spelling", default=False)


@contextmanager
def loose_spelling() -> Iterator[None]:
    """Within it, moves are read as written: :func:`canonical_meld` keeps a meld's cards in
    their order and each reading left out as ``None``, and nothing is put in order. The
    values it gives are spellings to match against legal moves, never moves to play."""
    token = _LOOSE.set(True)
    try:
        yield
    finally:
        _LOOSE.reset(token)


def is_loose() -> bool:
    """Whether moves are being read as written (:func:`loose_spelling`)."""
    return _LOOSE.get()


def read_meld_words(tokens: Sequence[str]) -> tuple[tuple[Card, ...], Readings]:
    """A meld's cards as written (``8C 9C JK=10C``, its words), and what each is said to
    stand for (``None`` where nothing is written).

    >>> from scala40.melds._spelling import read_meld_words
    >>> read_meld_words("JK=6S 7S 8S".split())
    ((52, 6, 7), (5, None, None))
    >>> read_meld_words(["JK=5D", "6D", "JK=JK"])
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidMoveError: JK=JK: a card stands for a natural card, never for a joker

    :raises InvalidCardError: a word is not a card.
    :raises InvalidMoveError: a card is said to stand for a joker.
    """
    cards: list[Card] = []
    readings: list[Card | None] = []
    for token in tokens:
        if "=" in token:
            card_text, reading_text = token.split("=", 1)
            card, reading = parse_card(card_text), parse_card(reading_text)
            if reading == JOKER:
                raise InvalidMoveError(
                    f"{token}: a card stands for a natural card, never for a joker"
                )
            cards.append(card)
            readings.append(reading)
        else:
            cards.append(parse_card(token))
            readings.append(None)
    return tuple(cards), tuple(readings)


def set_reading(rank_card: Card) -> Card:
    """The card a wild card added to a set stands for where sets are "cards of that rank"
    (the rank's ♠, whatever suit the text named): one move, however it is written.

    >>> from scala40.cards import CARD_NAMES, parse_card
    >>> from scala40.melds._spelling import set_reading
    >>> CARD_NAMES[set_reading(parse_card("5D"))]
    '5S'
    """
    return RANK_OF[rank_card] - 1


def canonical_meld(
    cards: tuple[Card, ...],
    readings: Readings,
    notation: MeldNotation,
    *,
    sequence_only: bool = False,
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A meld in its one form: its cards in meld order, and what each stands for (empty
    when every card stands for itself and none is always wild, or the meld is of wild
    cards only). ``readings`` gives each card's reading or ``None``; ``sequence_only``
    reads the cards as a sequence only (a split's pieces).

    >>> from scala40.cards import CARD_NAMES
    >>> from scala40.melds._spelling import FRENCH_ACES, MeldNotation, canonical_meld, read_meld_words
    >>> notation = MeldNotation((FRENCH_ACES,))
    >>> def show(text):
    ...     cards, readings = read_meld_words(text.split())
    ...     cards, represented = canonical_meld(cards, readings, notation)
    ...     return " ".join(CARD_NAMES[card] + ("=" + CARD_NAMES[rep] if card != rep else "")
    ...                     for card, rep in zip(cards, represented or cards))
    >>> show("8S 7S JK"), show("7S 8S JK"), show("9C 9S JK 9H"), show("AS KS QS")
    ('JK=6S 7S 8S', '7S 8S JK=9S', '9S 9H JK=9D 9C', 'QS KS AS')
    >>> show("9C 9D JK")
    Traceback (most recent call last):
    ...
    scala40.errors.MissingReadingError: JK in 9C 9D JK could stand for 9S or 9H: write JK=9S or JK=9H

    :raises MissingReadingError: the cards allow several readings, and the text does not
        say which.
    :raises InvalidMoveError: a natural card is said to stand for a joker; the cards have
        more readings than the meld engine lists (:data:`~scala40.melds.MAX_READINGS`).
    """
    for card, reading in zip(cards, readings):
        if reading == JOKER and card != JOKER:
            # One rule for texts (read_meld_words) and values: no card is a joker's stand-in.
            raise InvalidMoveError(
                f"{CARD_NAMES[card]}=JK: a card stands for a natural card, never for a joker"
            )
    if _LOOSE.get():
        return cards, cast("tuple[Card, ...]", readings)
    always = notation.always_wild
    # A natural card said to stand for itself says nothing; a joker said to (the
    # represented cards of an older dictionary) leaves its reading to the cards.
    given = tuple(
        None if reading == card and card not in always else reading
        for card, reading in zip(cards, readings)
    )
    if len(cards) > MAX_MELD_CARDS:
        return _as_written(cards, given)
    wild = notation.wild_cards
    claimed = frozenset(
        card for card, reading in zip(cards, given) if reading is not None and card not in wild
    )
    found: dict[tuple[tuple[Card, ...], tuple[Card, ...]], tuple[Meld, list[SequenceOrder]]] = {}
    for order in notation.orders:
        try:
            readings_found = notation.rules(order, claimed).readings(cards)
        except InvalidMeldError as error:
            raise InvalidMoveError(str(error)) from None
        for meld in readings_found:
            if sequence_only and meld.kind is not SEQUENCE_KIND:
                continue
            # A reading of the cards that gives every reading the text gives.
            if meld_agrees(cards, given, meld.cards, meld.represented, notation):
                key = (meld.cards, meld.represented)
                found.setdefault(key, (meld, []))[1].append(order)
    if not found:
        return _as_written(cards, given)
    if len(found) > 1:
        # A sequence's place fixes its wild cards: keep the readings in the order written
        # (either way) when there are any. Sets have no order.
        placed = {
            key: entry
            for key, entry in found.items()
            if entry[0].kind is SEQUENCE_KIND and key[0] in (cards, cards[::-1])
        }
        if placed:
            found = {
                key: entry
                for key, entry in found.items()
                if entry[0].kind is not SEQUENCE_KIND or key in placed
            }
    if len(found) > 1:
        raise MissingReadingError(_unfixed(cards, given, list(found.values()), notation))
    meld = next(iter(found.values()))[0]
    return meld.cards, kept_readings(meld, notation)


def kept_readings(meld: Meld, notation: MeldNotation) -> tuple[Card, ...]:
    """A meld's represented cards as a move keeps them: none when every card stands for
    itself and none is always wild, or when the meld is of wild cards only."""
    if meld.kind is WILD_KIND:
        return ()
    if meld.represented == meld.cards and notation.always_wild.isdisjoint(meld.cards):
        return ()
    return meld.represented


def _as_written(
    cards: tuple[Card, ...], given: Readings
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Cards that make no meld: kept in card order, for the state to refuse; a card with
    no reading stands for itself."""
    pairs = sorted(zip(cards, (card if rep is None else rep for card, rep in zip(cards, given))))
    ordered = tuple(card for card, _ in pairs)
    if all(rep is None for rep in given):
        return ordered, ()
    return ordered, tuple(rep for _, rep in pairs)


def reading_agrees(given: Card, listed: Card, in_set: bool, notation: MeldNotation) -> bool:
    """Whether a reading a text gives is the reading of a listed move: the same card, or,
    in a set whose readings name no suit, a card of the same rank."""
    if given == listed:
        return True
    return in_set and not notation.set_names_suit and RANK_OF[given] == RANK_OF[listed]


def meld_agrees(
    cards: Sequence[Card],
    readings: Sequence[Card | None],
    listed_cards: tuple[Card, ...],
    listed_represented: tuple[Card, ...],
    notation: MeldNotation,
) -> bool:
    """Whether a meld as written (its cards, each one's reading or ``None``) may be the
    meld a listed move names (its cards and represented cards, empty when they are the
    cards): the same cards, and every reading written is the listed one's.

    >>> from scala40.melds._spelling import FRENCH_ACES, MeldNotation, meld_agrees
    >>> notation = MeldNotation((FRENCH_ACES,))
    >>> meld_agrees((45, 46, 52), (None, None, None), (52, 45, 46), (44, 45, 46), notation)
    True
    >>> meld_agrees((45, 46, 52), (None, None, 47), (52, 45, 46), (44, 45, 46), notation)
    False
    """
    return readings_agree(
        cards,
        readings,
        listed_cards,
        listed_represented,
        notation.always_wild,
        notation.set_names_suit,
    )


def melds_agree(
    written: Sequence[tuple[tuple[Card, ...], Sequence[Card | None]]],
    listed: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]],
    notation: MeldNotation,
) -> bool:
    """Whether melds as written (each its cards and readings, in any order) may be the
    melds of a listed move, one for one (:func:`meld_agrees`)."""
    if len(written) != len(listed):
        return False
    fits = [
        [
            index
            for index, (cards, represented) in enumerate(listed)
            if meld_agrees(spelled, readings, cards, represented, notation)
        ]
        for spelled, readings in written
    ]
    # One listed meld for each written one (a matching, found by augmenting paths).
    owner: dict[int, int] = {}

    def place(item: int, seen: set[int]) -> bool:
        for index in fits[item]:
            if index not in seen:
                seen.add(index)
                if index not in owner or place(owner[index], seen):
                    owner[index] = item
                    return True
        return False

    return all(place(item, set()) for item in range(len(written)))


def _unfixed(
    cards: tuple[Card, ...],
    given: Readings,
    found: list[tuple[Meld, list[SequenceOrder]]],
    notation: MeldNotation,
) -> str:
    """Why the readings of a meld's wild cards cannot be fixed, and what to write."""
    text = " ".join(
        CARD_NAMES[card] if reading is None else f"{CARD_NAMES[card]}={CARD_NAMES[reading]}"
        for card, reading in zip(cards, given)
    )
    open_cards = [
        card
        for card, reading in zip(cards, given)
        if reading is None and (card in notation.wild_cards)
    ]
    options: list[str] = []
    notes: list[str] = []
    for meld, orders in found:
        readings = sorted(
            (CARD_NAMES[card], CARD_NAMES[rep])
            for card, rep in zip(meld.cards, meld.represented)
            if card in open_cards and not (card == rep and card not in notation.always_wild)
        )
        option = " ".join(f"{card}={rep}" for card, rep in readings)
        if option and option not in options:
            options.append(option)
            several_packs = len(notation.orders) > 1 and len(orders) < len(notation.orders)
            notes.append(f" (in {' or '.join(o.name for o in orders)})" if several_packs else "")
    if len(set(open_cards)) == 1 and open_cards.count(open_cards[0]) == 1 and options:
        name = CARD_NAMES[open_cards[0]]
        could = " or ".join(option.split("=", 1)[1] + note for option, note in zip(options, notes))
        return f"{name} in {text} could stand for {could}: write {' or '.join(options)}"
    listed = options or [str(meld) for meld, _ in found]
    shown = " | ".join(listed[:_SHOWN]) + (" | ..." if len(listed) > _SHOWN else "")
    return (
        f"the wild cards of {text} have {len(found)} readings ({shown}): write what each "
        "one stands for"
    )
