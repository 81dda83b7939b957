"""What every serialized value shares (internal): a mapping with a format and a version,
and typed reads of its fields."""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from scala40._cache import BoundedCache
from scala40.cards import CARD_NAMES, JOKER, MAX_CARDS, Card, Deck, as_card
from scala40.checks import describe, is_int
from scala40.errors import InvalidCardError, InvalidMoveError, Scala40Error, SerializationError

__all__ = [
    "COUNTS",
    "MAX_COUNT",
    "MAX_MOVE_TEXT",
    "MAX_READ_ITEMS",
    "MAX_READ_TEXT",
    "MAX_RESIGNED",
    "MAX_SEED_DIGITS",
    "STATE_HEADER",
    "TOTALS",
    "FieldReader",
    "all_pass",
    "as_items",
    "card_counts",
    "count_problems",
    "deck_counts",
    "expect_header",
    "field_keys",
    "is_card_code",
    "is_card_codes",
    "is_count",
    "is_seed",
    "is_total",
    "read_meld_text",
    "refuse_many_keys",
    "resigned_from_dict",
    "resigned_to_dict",
    "rewritten",
    "tuple_or",
    "unwritten",
    "written_cards",
    "written_meld",
]

E = TypeVar("E", bound=enum.Enum)
K = TypeVar("K")
V = TypeVar("V")


def expect_header(data: object, kind: str, version: int) -> Mapping[str, Any]:
    """``data`` itself, once it is known to be a mapping of format ``scala40.<kind>`` at
    ``version`` (``kind`` may also be a whole format name with dots, such as
    ``scala40.skarney.state``); otherwise a :class:`~scala40.SerializationError` that
    starts with ``kind`` and says what was found. A mapping of more than
    :data:`MAX_READ_ITEMS` keys (no format has a tenth of that) is refused at once, so
    that naming its unknown keys costs little."""
    full = kind if "." in kind else f"scala40.{kind}"
    kind = full.removeprefix("scala40.")
    if not isinstance(data, Mapping):
        raise SerializationError(f"{kind}: expected a mapping, got {type(data).__name__}")
    refuse_many_keys(data, kind)
    found = data.get("format")
    if not (isinstance(found, str) and found == full):
        raise SerializationError(f"{kind}: expected format {full!r}, got {describe(found)}")
    number = data.get("version")
    if not (type(number) is int and number == version):
        raise SerializationError(
            f"{kind}: unsupported version {describe(number)}, expected {version}"
        )
    return data


def refuse_many_keys(data: object, kind: str) -> None:
    """Refuse a mapping of more than :data:`MAX_READ_ITEMS` keys (no format has a tenth
    of that) with a :class:`~scala40.SerializationError` that starts with ``kind``, before
    any work on it: copying it, or naming its unknown keys in order, would cost time in
    proportion.

    >>> from scala40._format.serial import refuse_many_keys
    >>> refuse_many_keys(dict.fromkeys(range(2000)), "chinchon.move")
    Traceback (most recent call last):
    ...
    scala40.errors.SerializationError: chinchon.move: a mapping of 2000 keys, more than any format has (1000)
    """
    if isinstance(data, Mapping) and len(data) > MAX_READ_ITEMS:
        raise SerializationError(
            f"{kind}: a mapping of {len(data)} keys, more than any format has ({MAX_READ_ITEMS})"
        )


MAX_READ_ITEMS = 1_000
"""The most items a list of a serialized value may hold when read back (more than any
game places: a deck of the library holds at most 116 cards)."""
MAX_READ_TEXT = 10_000
"""The longest text of cards read back (every card of the largest deck, written out)."""
MAX_MOVE_TEXT = 20_000
"""The longest move text read: a bound that keeps the work of reading one small whatever
is sent, and above the text of any move that can be built (the longest, a split naming
:data:`~scala40.movekinds.MAX_MOVE_CARDS` added cards and as many in pieces of one card
each, takes about 14,000 characters), so that every move reads back."""


def read_meld_text(spec: object, key: K, kept: BoundedCache[K, V], read: Callable[[str], V]) -> V:
    """The table meld a saved state writes as ``spec`` (such as ``8C 9C JK=10C``, each wild
    card with its card), as ``read`` reads it; kept in ``kept`` by ``key`` (the text, and
    the meld rules where they vary), since a state's dict writes its table as meld texts
    and the same melds come back in state after state. Only texts that read as a meld
    are kept, none longer than :data:`MAX_MOVE_TEXT`, so a text refused is refused again
    with the same message.

    :raises InvalidMoveError: ``spec`` is not a text, or too long for any meld.
    """
    if not isinstance(spec, str):
        raise InvalidMoveError(f"expected meld text, got {describe(spec)}")
    if len(spec) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"meld text of {len(spec)} characters: no meld is that long")
    known = kept.get(key)
    if known is not None:
        return known
    return kept.put(key, read(spec))


MAX_COUNT = 10**18
"""The largest hand number, turn count or total (either way) a loaded state may hold: far
beyond any game (a bound that keeps every state printable and serializable)."""
MAX_SEED_DIGITS = 40
"""The most digits a seed may have (a seed is reduced to 64 bits anyway)."""
MAX_RESIGNED = 64
"""The longest list of resigned seats a saved state may give (no game seats more)."""


# The checks that the games' loaders make of a state's fields, before they check how the
# fields fit together. Each returns False (or None) for a value of any other kind, so that
# the loader names it.


def as_items(value: object) -> list[Any] | None:
    """``value`` as a list, when it is a list or a tuple (not text); else ``None``."""
    if isinstance(value, (list, tuple)):
        return list(value)
    return None


def tuple_or(value: object, default: tuple[Any, ...]) -> Any:
    """``default`` for ``None``, a list or tuple as a tuple, anything else as given (for
    the checks to name it)."""
    if value is None:
        return default
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return value


def is_count(value: object) -> bool:
    """An integer from 0 to :data:`MAX_COUNT`."""
    return is_int(value) and 0 <= value <= MAX_COUNT


def is_total(value: object) -> bool:
    """An integer from -:data:`MAX_COUNT` to :data:`MAX_COUNT`."""
    return is_int(value) and -MAX_COUNT <= value <= MAX_COUNT


COUNTS = f"integers from 0 to {MAX_COUNT}"
"""What a field's check calls the items :func:`is_count` passes."""
TOTALS = f"integers from -{MAX_COUNT} to {MAX_COUNT}"
"""What a field's check calls the items :func:`is_total` passes."""

_INT_RANGES: dict[Callable[[object], bool], tuple[int, int]] = {
    is_count: (0, MAX_COUNT),
    is_total: (-MAX_COUNT, MAX_COUNT),
}


def is_seed(value: object) -> bool:
    """An integer of at most :data:`MAX_SEED_DIGITS` digits, either sign."""
    return is_int(value) and -(10**MAX_SEED_DIGITS) < value < 10**MAX_SEED_DIGITS


def is_card_code(value: object) -> bool:
    """A card's code (an ``int``, not a ``bool``, from 0 to the joker's)."""
    return type(value) is int and 0 <= value <= JOKER


def is_card_codes(value: object, most: int = MAX_READ_ITEMS) -> bool:
    """A tuple of at most ``most`` card codes.

    >>> from scala40._format.serial import is_card_codes
    >>> is_card_codes((0, 52, 7)), is_card_codes((0, 53)), is_card_codes((True,))
    (True, False, False)
    """
    # The types first, all at once (so that min and max compare integers only): the
    # loaders check every card of a state this way.
    return (
        isinstance(value, tuple)
        and len(value) <= most
        and (
            not value
            or (set(map(type, value)) == _INT_ONLY and min(value) >= 0 and max(value) <= JOKER)
        )
    )


_INT_ONLY = frozenset({int})
_BOOL_ONLY = frozenset({bool})


def all_pass(values: tuple[Any, ...], test: Callable[[object], bool]) -> bool:
    """Whether every item of ``values`` passes ``test``: for :func:`is_count` and
    :func:`is_total` over plain integers, by their least and greatest (the checks of a
    state's fields run at each load).

    >>> from scala40._format.serial import all_pass, is_count, is_total
    >>> all_pass((0, 5, 2), is_count), all_pass((0, -1), is_count), all_pass((), is_total)
    (True, False, True)
    """
    span = _INT_RANGES.get(test)
    if span is not None and _INT_ONLY.issuperset(map(type, values)):
        return not values or (span[0] <= min(values) and max(values) <= span[1])
    return all(map(test, values))


def deck_counts(deck: Deck) -> list[int]:
    """How many copies of each card code ``deck`` holds, by code (a deck's counts are
    worked out once: loaders compare a state's cards with them).

    >>> from scala40 import JOKER
    >>> from scala40._format.serial import deck_counts
    >>> from scala40.cards import french_deck
    >>> counts = deck_counts(french_deck())
    >>> counts[0], counts[JOKER]
    (2, 4)
    """
    known = _DECK_COUNTS.get(deck)
    if known is None:
        known = [0] * (JOKER + 1)
        for card in deck.cards:
            known[card] += 1
        _DECK_COUNTS.put(deck, known)
    return known


def card_counts(*groups: Iterable[Card]) -> list[int]:
    """How many copies of each card code the ``groups`` of card codes hold together, by
    code: the cheapest count there is (a state's cards are counted at each load).

    >>> from scala40._format.serial import card_counts
    >>> card_counts((0, 5), (5,))[:6]
    [1, 0, 0, 0, 0, 2]
    """
    found = [0] * (JOKER + 1)
    for cards in groups:
        for card in cards:
            found[card] += 1
    return found


def count_problems(found: list[int], expected: list[int]) -> list[str]:
    """For each card whose count in ``found`` is not its count in ``expected`` (both by
    :func:`card_counts`), the problem: every card of the deck is somewhere, exactly
    once (C-DECK).

    >>> from scala40._format.serial import card_counts, count_problems
    >>> count_problems(card_counts((0, 0)), card_counts((0, 1)))
    ['AS: 2 in play, the deck has 1', '2S: 0 in play, the deck has 1']
    """
    if found == expected:
        return []
    return [
        f"{CARD_NAMES[card]}: {found[card]} in play, the deck has {expected[card]}"
        for card in range(JOKER + 1)
        if found[card] != expected[card]
    ]


_DECK_COUNTS: BoundedCache[Deck, list[int]] = BoundedCache("deck counts", limit=64)
"""The counts of the decks loaded, by deck (a game has a deck per ruleset, and a process
uses few). Callers never change the lists."""


_HEX = frozenset("0123456789abcdefABCDEF")

# -- cards as a document writes them ----------------------------------------------------------
#
# A saved document (a state, a view, a move's dictionary, a record) holds cards as the
# library writes them, the spelling its JSON Schema describes: each card by its name
# (``7S``, ``10H``, ``JK``), several cards one space apart. A loader reads that spelling
# alone: a document that spells a card otherwise (``7s``, ``S7``, ``7♠``, ``TH``, a comma,
# a second space) was not written by the library, and nothing in it is put right
# silently. People's text (``parse_cards``, a move's text given to ``apply``) reads every
# spelling of C-NOTATION.

_CARD_CODES: dict[str, Card] = {name: code for code, name in enumerate(CARD_NAMES)}


def written_cards(text: str) -> tuple[Card, ...] | None:
    """The cards of ``text`` when it is card text as the library writes it (each card by
    its name, one space apart; ``""`` for none), else ``None``: one dictionary look-up a
    card (a state's cards are read at each load).

    >>> from scala40._format.serial import written_cards
    >>> written_cards("7S 10H JK"), written_cards(""), written_cards("7s"), written_cards("7S  8S")
    ((6, 22, 52), (), None, None)
    """
    if not text:
        return ()
    codes = tuple(map(_CARD_CODES.get, text.split(" ")))
    return None if None in codes else codes  # type: ignore[return-value]


def written_meld(text: str) -> bool:
    """Whether ``text`` is a meld as the library writes it: its cards by name one space
    apart, each perhaps followed by ``=`` and the card it stands for (``8C 9C JK=10C``).

    >>> from scala40._format.serial import written_meld
    >>> written_meld("8C 9C JK=10C"), written_meld("8c 9C JK"), written_meld("")
    (True, False, False)
    """
    if not text:
        return False
    codes = _CARD_CODES
    for word in text.split(" "):
        card, equals, reading = word.partition("=")
        if card not in codes or (equals and reading not in codes):
            return False
    return True


def unwritten(text: str, *, meld: bool = False) -> str:
    """Why ``text`` is not card text (or, with ``meld``, a meld's text) as the library
    writes it: its first word that is not, and how the library writes that card.

    >>> from scala40._format.serial import unwritten
    >>> unwritten("7S 8s"), unwritten(" 7S")
    ("'8s' at position 2 is written 8S", 'an empty word at position 1: cards are written one space apart')
    >>> unwritten("7S X")
    "bad card 'X' at position 2: expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK)"
    """
    for position, word in enumerate(text.split(" "), 1):
        parts = word.split("=", 1) if meld else [word]
        if all(part in _CARD_CODES for part in parts):
            continue
        if not word:
            return f"an empty word at position {position}: cards are written one space apart"
        try:
            written = rewritten(word, meld=meld, position=position)
        except InvalidCardError as error:
            return str(error)
        return f"{describe(word, 40)} at position {position} is written {written}"
    return "no card"  # pragma: no cover - only a meld of no words, which is ""


def rewritten(word: str, *, meld: bool = False, position: int | None = None) -> str:
    """How the library writes the card ``word`` names in any spelling of C-NOTATION (with
    ``meld``, a card and perhaps ``=`` and the card it stands for).

    >>> from scala40._format.serial import rewritten
    >>> rewritten("♠7"), rewritten("jk=th", meld=True)
    ('7S', 'JK=10H')

    :raises InvalidCardError: ``word`` names no card in any spelling (the message gives
        ``position``, when given).
    """
    parts = word.split("=", 1) if meld else [word]
    return "=".join(CARD_NAMES[as_card(part.strip(), position)] for part in parts)


def _key_name(key: object) -> str:
    return key if isinstance(key, str) else describe(key)


class FieldReader:
    """Typed reads of a dictionary that came from JSON: each value of one exact type (no
    ``bool`` for a number, no ``NaN``, no text for a number) and range. The first value
    that is not what it must be is named in a :class:`~scala40.SerializationError` whose
    message starts with ``where``.

    >>> from scala40._format.serial import FieldReader
    >>> read = FieldReader({"turn": 2, "hands": ["7S 8S", ""], "flag": 1}, "state: ")
    >>> read.integer("turn", 0, 3), read.card_lists("hands")
    (2, ((6, 7), ()))
    >>> read.boolean("flag")
    Traceback (most recent call last):
    ...
    scala40.errors.SerializationError: state: flag must be true or false, got 1
    """

    def __init__(self, data: Mapping[str, Any], where: str) -> None:
        self.data = data
        self.where = where

    def fail(self, message: str) -> SerializationError:
        """The error naming what was wrong."""
        return SerializationError(f"{self.where}{message}")

    def keys_of(self, record: type, ignored: frozenset[str] = frozenset()) -> None:
        """Refuse a dictionary whose keys are not the fields of ``record`` (an attrs
        class, :func:`field_keys`; ``ignored`` are allowed)."""
        self.keys(field_keys(record), ignored)

    def keys(self, expected: frozenset[str], ignored: frozenset[str] = frozenset()) -> None:
        """Refuse a dictionary with missing or unknown keys (``ignored`` are allowed)."""
        given = set(self.data)
        missing = sorted(expected - given)
        if missing:
            raise self.fail(f"missing fields {missing}")
        unknown = sorted(_key_name(key) for key in given - expected - ignored)
        if unknown:
            raise self.fail(f"unknown fields {describe(unknown, 200)}")

    def integer(
        self, name: str, low: int, high: int, value: object = None, *, given: bool = False
    ) -> int:
        """The integer ``name`` (or ``value``, when ``given``), from ``low`` to ``high``."""
        found = value if given else self.data[name]
        if not (type(found) is int and low <= found <= high):
            raise self.fail(
                f"{name} must be an integer from {low} to {high}, got {describe(found)}"
            )
        return found

    def optional_integer(self, name: str, low: int, high: int) -> int | None:
        """The integer ``name`` from ``low`` to ``high``, or ``None``."""
        return None if self.data[name] is None else self.integer(name, low, high)

    def boolean(self, name: str) -> bool:
        """``true`` or ``false``."""
        found = self.data[name]
        if type(found) is not bool:
            raise self.fail(f"{name} must be true or false, got {describe(found)}")
        return found

    def ints(
        self,
        name: str,
        low: int,
        high: int,
        value: object = None,
        *,
        given: bool = False,
        most: int = MAX_READ_ITEMS,
    ) -> tuple[int, ...]:
        """A list of at most ``most`` integers, each from ``low`` to ``high``."""
        found = value if given else self.data[name]
        if (
            not isinstance(found, list)
            or len(found) > most
            or not (
                _INT_ONLY.issuperset(map(type, found))
                and (not found or (low <= min(found) and max(found) <= high))
            )
        ):
            raise self.fail(
                f"{name} must be a list of at most {most} integers from {low} to {high}, "
                f"got {describe(found)}"
            )
        return tuple(found)

    def bools(
        self, name: str, most: int = MAX_READ_ITEMS, value: object = None, *, given: bool = False
    ) -> tuple[bool, ...]:
        """A list of at most ``most`` booleans."""
        found = value if given else self.data[name]
        if (
            not isinstance(found, list)
            or len(found) > most
            or not _BOOL_ONLY.issuperset(map(type, found))
        ):
            raise self.fail(f"{name} must be a list of booleans, got {describe(found)}")
        return tuple(found)

    def cards(self, value: object, what: str) -> tuple[Card, ...]:
        """Card text as the library writes it (``"7S 8S JK"``: :func:`written_cards`), at
        most :data:`MAX_READ_TEXT` characters and :data:`~scala40.cards.MAX_CARDS` cards."""
        if not isinstance(value, str) or len(value) > MAX_READ_TEXT:
            raise self.fail(f"{what} must be card text, got {describe(value)}")
        found = written_cards(value)
        if found is None:
            raise self.fail(f"{what}: {unwritten(value)}")
        if len(found) > MAX_CARDS:
            raise self.fail(f"{what}: {len(found)} cards, more than the {MAX_CARDS} read")
        return found

    def card(self, value: object, what: str) -> Card:
        """The text of exactly one card."""
        found = self.cards(value, what)
        if len(found) != 1:
            raise self.fail(f"{what} must be one card, got {describe(value)}")
        return found[0]

    def optional_card(self, name: str) -> Card | None:
        """The text of one card, or ``None``."""
        value = self.data[name]
        return None if value is None else self.card(value, name)

    def card_lists(
        self, name: str, value: object = None, *, given: bool = False, most: int = MAX_READ_ITEMS
    ) -> tuple[tuple[Card, ...], ...]:
        """A list of at most ``most`` card texts, each read and sorted (hands)."""
        found = value if given else self.data[name]
        if not isinstance(found, list) or len(found) > most:
            raise self.fail(f"{name} must be a list of card texts, got {describe(found)}")
        return tuple(
            tuple(sorted(self.cards(item, f"{name} {index}"))) for index, item in enumerate(found)
        )

    def rng(self, name: str, value: object = None, *, given: bool = False) -> int:
        """A generator state written as 16 hex digits."""
        found = value if given else self.data[name]
        if not (isinstance(found, str) and len(found) == 16 and set(found) <= _HEX):
            raise self.fail(f"{name} must be 16 hex digits, got {describe(found)}")
        return int(found, 16)

    def choice(
        self, name: str, choices: type[E], value: object = None, *, given: bool = False
    ) -> E:
        """A member of the enum ``choices``, written by its value."""
        found = value if given else self.data[name]
        for member in choices:
            if isinstance(found, str) and member.value == found:
                return member
        known = ", ".join(repr(member.value) for member in choices)
        raise self.fail(f"{name} must be one of {known}, got {describe(found)}")

    def ruleset(self, kind: Any) -> Any:
        """The ruleset of the class ``kind`` written under ``rules``."""
        try:
            return kind.from_dict(self.data["rules"])
        except SerializationError as error:
            raise self.fail(str(error)) from None

    def melds(
        self, name: str, read: Callable[[Any], Any], most: int, value: object = None
    ) -> tuple[Any, ...]:
        """A list of at most ``most`` meld texts (``value``, or the field ``name``), each
        read by ``read`` (whose :class:`~scala40.Scala40Error` names what is wrong with the
        meld)."""
        found = self.data[name] if value is None else value
        if not isinstance(found, list) or len(found) > most:
            raise self.fail(f"{name} must be a list of meld texts, got {describe(found)}")
        melds = []
        for index, spec in enumerate(found):
            if isinstance(spec, str) and not written_meld(spec):
                raise self.fail(f"{name} meld #{index}: {unwritten(spec, meld=True)}")
            try:
                melds.append(read(spec))
            except Scala40Error as error:
                raise self.fail(f"{name} meld #{index}: {error}") from None
        return tuple(melds)

    def part(self, name: str, record: type, ignored: frozenset[str] = frozenset()) -> Any:
        """A reader of the mapping ``name`` (of the same class, its messages starting
        with ``name``), its keys the fields of ``record``; ``None`` for ``null``."""
        found = self.data[name]
        if found is None:
            return None
        if not isinstance(found, Mapping):
            raise self.fail(f"{name} must be a mapping or null, got {describe(found)}")
        read = type(self)(found, f"{self.where}{name}: ")
        read.keys(field_keys(record), ignored)
        return read

    def valid(self, state: Any) -> Any:
        """``state`` once it has no problem (``state.problems()``); else the error that
        lists them."""
        problems = state.problems()
        if problems:
            raise self.fail("invalid state: " + "; ".join(problems))
        return state


STATE_HEADER = frozenset({"format", "version"})
"""The keys that head a versioned dictionary."""
_KEPT_APART = frozenset({"move_number", "hand_log"})
"""The fields a state's base writes and reads itself, around the game's own."""


@functools.cache
def field_keys(record: type) -> frozenset[str]:
    """The keys of the dictionary an attrs class ``record`` (a hand's result, a part of
    one) is written as: one for each field it is built with, by the field's name.

    >>> from scala40._format.serial import field_keys
    >>> from scala40.games.skarney.phases import HandResult
    >>> sorted(field_keys(HandResult))[:4]
    ['bonus', 'hand_number', 'hand_points', 'hands']
    """
    return frozenset(
        "players" if field.name == "player_count" else field.name
        for field in attrs.fields(record)
        if field.init and field.name not in _KEPT_APART
    )


def resigned_to_dict(resigned: tuple[int, ...]) -> dict[str, Any]:
    """The ``resigned`` entry of a state's dictionary: the seats that resigned, in the
    order they left, or nothing when nobody did (so that a state without resignations
    is saved as before resignations existed).

    >>> from scala40._format.serial import resigned_to_dict
    >>> resigned_to_dict(()), resigned_to_dict((2, 0))
    ({}, {'resigned': [2, 0]})
    """
    return {"resigned": list(resigned)} if resigned else {}


def resigned_from_dict(data: Mapping[str, Any], where: str) -> tuple[int, ...]:
    """The seats a state's dictionary says resigned (none when the key is absent, as in
    states saved before resignations existed). Their range and consistency are the
    state's checks; here only the shape: a list of integers.

    :raises SerializationError: the entry is not a list of at most
        ``MAX_RESIGNED`` (64) integers (the message starts with ``where``).

    >>> from scala40._format.serial import resigned_from_dict
    >>> resigned_from_dict({"resigned": [1]}, "state: ")
    (1,)
    >>> resigned_from_dict({"resigned": "1"}, "state: ")
    Traceback (most recent call last):
    ...
    scala40.errors.SerializationError: state: resigned must be a list of seats, got '1'
    """
    value = data.get("resigned", [])
    if (
        not isinstance(value, list)
        or len(value) > MAX_RESIGNED
        or not all(type(seat) is int and 0 <= seat < MAX_RESIGNED for seat in value)
    ):
        raise SerializationError(f"{where}resigned must be a list of seats, got {describe(value)}")
    return tuple(value)
