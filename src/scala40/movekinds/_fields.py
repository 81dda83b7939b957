"""The fields of moves (internal, read through :mod:`scala40.movekinds`, which documents
the codecs and bounds defined here): how each kind of field is converted (checked) and
written in the notation and in JSON (its :class:`Codec`), and how a meld's words are
read and written."""

from __future__ import annotations

import enum
from collections.abc import Callable, Container, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from scala40._format.serial import rewritten, unwritten, written_cards, written_meld
from scala40.cards import CARD_NAMES, Card, as_card, as_cards, format_cards, parse_card
from scala40.checks import describe, is_int
from scala40.errors import InvalidCardError, InvalidMoveError
from scala40.melds._spelling import MeldNotation, Readings, melds_agree, read_meld_words
from scala40.schema_parts import (
    boolean,
    card,
    card_text,
    enum_of,
    integer,
    melds_as_text_or_pieces,
)

__all__ = [
    "BOOL",
    "CARD",
    "CARDS",
    "INDEX",
    "INT",
    "MAX_INDEX",
    "MAX_MOVE_CARDS",
    "OPTIONAL_CARD",
    "OPTIONAL_CARDS",
    "SEAT",
    "Codec",
    "as_bool",
    "as_index",
    "as_move_card",
    "as_move_cards",
    "as_move_readings",
    "as_optional_move_card",
    "as_optional_move_cards",
    "as_seat",
    "as_small_int",
    "as_some_move_cards",
    "check_written_melds",
    "enum_codec",
    "enum_converter",
    "format_meld_text",
    "melds_codec",
    "parse_index",
    "parse_meld_text",
    "read_meld_readings",
]

T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)

MAX_INDEX = 10_000
MAX_MOVE_CARDS = 1_000


@attrs.frozen
class Codec:
    """How one kind of field is written in a move's text and in its dictionary."""

    what: str
    """What the field holds, for messages (``"a card"``)."""
    to_text: Callable[[Any], str]
    """The field's text in the notation (empty when there is nothing to write)."""
    from_text: Callable[[list[str]], Any]
    """The field's value from its tokens (raises :class:`~scala40.InvalidMoveError`)."""
    to_json: Callable[[Any], Any]
    """The field's value as JSON holds it."""
    from_json: Callable[[Any], Any]
    """The field's value from JSON (raises ``InvalidMoveError``, ``InvalidCardError``)."""
    json_types: tuple[type, ...] = (str,)
    """The JSON types the field's dictionary value may have."""
    tokens: int | None = 1
    """How many tokens of the notation the field takes; ``None`` for all that are left."""
    schema: Mapping[str, Any] | None = attrs.field(default=None, eq=False)
    """The JSON Schema of the field's value in a move's dictionary (``None``: only its
    JSON types, from :attr:`json_types`)."""
    tree: tuple[Callable[[Any], Any], Callable[[Any], Any]] | None = attrs.field(
        default=None, eq=False
    )
    """For a field whose dictionary text is more than cards (melds with their wild
    cards' readings inline, ``"8C 9C JK=10C"``): the value as a tree of lists and plain
    card texts, and back (``[["8C 9C JK", "8C 9C 10C"]]``), which the learning adapters'
    action encoding reads card by card. ``None``: the dictionary's JSON is that tree."""
    agrees: Callable[[Any, Any, MeldNotation], bool] | None = attrs.field(default=None, eq=False)
    """For a field whose value a text may spell in more than one way (melds in any order,
    each with its wild cards' readings or without): whether a value as written (read by
    :func:`~scala40.melds._spelling.loose_spelling`) may be a listed move's value, under
    the kind's notation. ``None``: only an equal value is."""
    words: tuple[str, ...] = ()
    """The words (other than cards, table melds and numbers) the field writes in a move's
    text, as the library writes them: an end's ``low``, ``high``, ``set``; ``yes`` and
    ``no``. A saved document's move text uses no others
    (:meth:`~scala40.movekinds.MoveSet.text_pattern`)."""

    def to_tree(self, value: Any) -> Any:
        """The field's value as lists, plain card texts, numbers, yes/no and null."""
        return self.to_json(value) if self.tree is None else self.tree[0](value)

    def from_tree(self, data: Any) -> Any:
        """The field's value from :meth:`to_tree`'s output (raises like :attr:`from_json`)."""
        return self.from_json(data) if self.tree is None else self.tree[1](data)

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the field's value in a move's dictionary.

        >>> from scala40.movekinds import CARD, Codec
        >>> CARD.json_schema()["pattern"]
        '^(?:(?:[A2-9JQK]|10)[SHDC]|JK)$'
        >>> Codec("a word", str, str, str, str).json_schema()
        {'type': 'string'}
        """
        if self.schema is not None:
            return dict(self.schema)
        names = [_JSON_TYPE_NAMES[kind] for kind in self.json_types]
        return {"type": names[0] if len(names) == 1 else names}


_JSON_TYPE_NAMES: dict[type, str] = {
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    list: "array",
    dict: "object",
    type(None): "null",
}


def _card_text(card: Card) -> str:
    return CARD_NAMES[card]


# A move's dictionary is a document: its cards are read as the library writes them (a
# card by its name, several one space apart; :func:`scala40._format.serial.written_cards`),
# where a move's text, which people write, reads every spelling of C-NOTATION.


def _written_card(value: str) -> Card:
    found = written_cards(value)
    if found is not None and len(found) == 1:
        return found[0]
    try:
        written = rewritten(value)
    except InvalidCardError as error:
        raise InvalidMoveError(str(error)) from None
    raise InvalidMoveError(f"{describe(value, 40)} is written {written}")


def _written_cards(value: str) -> tuple[Card, ...]:
    # The longest name and its space take four characters: longer text names too many.
    if len(value) > 4 * MAX_MOVE_CARDS:
        raise InvalidMoveError(
            f"a move names at most {MAX_MOVE_CARDS} cards, got {len(value)} characters of them"
        )
    found = written_cards(value)
    if found is None:
        raise InvalidMoveError(unwritten(value))
    if len(found) > MAX_MOVE_CARDS:
        raise InvalidMoveError(f"a move names at most {MAX_MOVE_CARDS} cards, got {len(found)}")
    return found


def check_written_melds(value: Sequence[Any], field: str) -> None:
    """Refuse a dictionary's list of melds (a close's melds, a split's pieces) whose texts
    are not written as the library writes them: each meld's text (``8C 9C JK=10C``), or a
    ``[cards, represented]`` pair of card texts (``["8C 9C JK", "8C 9C 10C"]``).

    :raises InvalidMoveError: naming the first meld that is not.
    """
    for index, item in enumerate(value):
        if isinstance(item, str):
            if not written_meld(item):
                problem = unwritten(item, meld=True) if item else "no cards"
                raise InvalidMoveError(f"field {field!r} meld #{index}: {problem}")
        elif isinstance(item, list):
            for part in item:
                if isinstance(part, str) and not (part and written_cards(part) is not None):
                    problem = unwritten(part) if part else "no cards"
                    raise InvalidMoveError(f"field {field!r} meld #{index}: {problem}")


def _one(tokens: list[str]) -> str:
    return tokens[0]


def as_move_card(value: object) -> Card:
    """The converter of a card field: a card code or its text."""
    try:
        return as_card(value)
    except InvalidCardError as error:
        raise InvalidMoveError(str(error)) from error


def as_move_cards(value: object) -> tuple[Card, ...]:
    """The converter of a cards field: cards as text or codes, at most
    :data:`MAX_MOVE_CARDS` of them."""
    try:
        cards = as_cards(value)  # type: ignore[arg-type]
    except InvalidCardError as error:
        raise InvalidMoveError(str(error)) from error
    if len(cards) > MAX_MOVE_CARDS:
        raise InvalidMoveError(f"a move names at most {MAX_MOVE_CARDS} cards, got {len(cards)}")
    return cards


def as_some_move_cards(value: object) -> tuple[Card, ...]:
    """The converter of a cards field that names at least one card (a meld, a gift):
    as :func:`as_move_cards`, refusing no cards, which no text could write."""
    cards = as_move_cards(value)
    if not cards:
        raise InvalidMoveError("expected at least one card, got none")
    return cards


def _bounded_index(value: object, what: str = "a table meld index") -> int:
    if not (is_int(value) and 0 <= value <= MAX_INDEX):
        raise InvalidMoveError(f"expected {what} from 0 to {MAX_INDEX}, got {describe(value)}")
    return int(value)


def parse_index(token: str) -> int:
    """A table meld's index from its text (``#2``, or ``2``).

    >>> from scala40.movekinds import parse_index
    >>> parse_index("#2"), parse_index("12")
    (2, 12)
    """
    digits = token[1:] if token.startswith("#") else token
    # str.isdigit() admits superscripts and other digit characters int() refuses.
    if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(MAX_INDEX)):
        raise InvalidMoveError(f"expected a table meld like #2, got {describe(token)}")
    return _bounded_index(int(digits))


def _int_text(tokens: list[str]) -> int:
    token = tokens[0]
    body = token[1:] if token.startswith("-") else token
    # Seven digits at most: the longest number a field holds (10**6) reads back.
    if not (body.isascii() and body.isdigit()) or len(body) > 7:
        raise InvalidMoveError(f"expected a number, got {describe(token)}")
    return _json_int(int(token))


def _json_int(value: object) -> int:
    if not is_int(value) or abs(value) > 10**6:
        raise InvalidMoveError(f"expected an integer, got {describe(value)}")
    return int(value)


def _json_bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidMoveError(f"expected true or false, got {describe(value)}")
    return value


_BOOL_WORDS = {"yes": True, "no": False}


def _bool_text(tokens: list[str]) -> bool:
    word = tokens[0].lower()
    if word not in _BOOL_WORDS:
        raise InvalidMoveError(f"expected yes or no, got {describe(tokens[0])}")
    return _BOOL_WORDS[word]


CARD = Codec(
    "a card",
    _card_text,
    lambda tokens: parse_card(tokens[0]),
    _card_text,
    _written_card,
    schema=card(),
)
CARDS = Codec(
    "cards",
    lambda cards: format_cards(cards),
    lambda tokens: tuple(parse_card(token) for token in tokens),
    lambda cards: format_cards(cards),
    _written_cards,
    tokens=None,
    schema=card_text(),
)
OPTIONAL_CARD = Codec(
    "a card or nothing",
    lambda card: "" if card is None else CARD_NAMES[card],
    lambda tokens: parse_card(tokens[0]) if tokens else None,
    lambda card: None if card is None else CARD_NAMES[card],
    lambda value: None if value is None else _written_card(value),
    json_types=(str, type(None)),
    schema=card(nullable=True),
)
OPTIONAL_CARDS = Codec(
    "cards or nothing",
    lambda cards: "" if cards is None else format_cards(cards),
    lambda tokens: tuple(parse_card(token) for token in tokens) if tokens else None,
    lambda cards: None if cards is None else format_cards(cards),
    lambda value: None if value is None else _written_cards(value),
    json_types=(str, type(None)),
    tokens=None,
    schema=card_text(nullable=True),
)
INDEX = Codec(
    "a table meld index",
    lambda index: f"#{index}",
    lambda tokens: parse_index(tokens[0]),
    int,
    _bounded_index,
    json_types=(int,),
    schema=integer(0, MAX_INDEX),
)
SEAT = Codec(
    "a seat",
    str,
    lambda tokens: _bounded_index(_int_text(tokens), "a seat"),
    int,
    lambda value: _bounded_index(value, "a seat"),
    json_types=(int,),
    schema=integer(0, MAX_INDEX),
)
INT = Codec(
    "a number",
    str,
    _int_text,
    int,
    _json_int,
    json_types=(int,),
    schema=integer(-(10**6), 10**6),
)
BOOL = Codec(
    "yes or no",
    lambda value: "yes" if value else "no",
    _bool_text,
    bool,
    _json_bool,
    json_types=(bool,),
    schema=boolean(),
    words=tuple(_BOOL_WORDS),
)


def format_meld_text(
    cards: Sequence[Card], represented: Sequence[Card] = (), always: Container[Card] = ()
) -> str:
    """A meld's cards in notation, in meld order, each wild card followed by ``=`` and the
    card it stands for: ``8C 9C JK=10C``. A card standing for itself is written alone,
    unless it is in ``always`` (a game whose 2s are always wild writes ``2S=2S``).
    ``represented`` empty: every card is written alone.

    >>> from scala40.movekinds import format_meld_text
    >>> format_meld_text((46, 47, 52), (46, 47, 48))
    '8C 9C JK=10C'
    >>> format_meld_text((0, 1, 2), (0, 1, 2), always={1})
    'AS 2S=2S 3S'
    """
    if not represented:
        return " ".join(CARD_NAMES[card] for card in cards)
    return " ".join(
        CARD_NAMES[card]
        if card == rep and card not in always
        else f"{CARD_NAMES[card]}={CARD_NAMES[rep]}"
        for card, rep in zip(cards, represented)
    )


def parse_meld_text(tokens: Sequence[str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Read a meld written ``8C 9C JK=10C`` (its tokens): its cards, and what each stands
    for when any ``=`` is given (else an empty tuple). The inverse of
    :func:`format_meld_text`.

    >>> from scala40.movekinds import parse_meld_text
    >>> parse_meld_text("8C 9C JK=10C".split())
    ((46, 47, 52), (46, 47, 48))
    >>> parse_meld_text(["8C", "9C", "10C"])
    ((46, 47, 48), ())

    :raises InvalidCardError: a token is not a card.
    :raises InvalidMoveError: ``tokens`` is not a list of texts, names more than
        :data:`MAX_MOVE_CARDS` cards, or says a card stands for a joker (``JK=JK``).
    """
    cards, readings = _meld_words(tokens)
    if all(reading is None for reading in readings):
        return cards, ()
    return cards, tuple(card if rep is None else rep for card, rep in zip(cards, readings))


def _meld_words(tokens: Sequence[str]) -> tuple[tuple[Card, ...], Readings]:
    """A meld's words read (:func:`~scala40.melds._spelling.read_meld_words`), at most
    :data:`MAX_MOVE_CARDS` of them."""
    given: object = tokens
    if not isinstance(given, (list, tuple)) or not all(isinstance(t, str) for t in given):
        raise InvalidMoveError(f"expected a list of card texts, got {describe(given)}")
    if len(tokens) > MAX_MOVE_CARDS:
        raise InvalidMoveError(f"a move names at most {MAX_MOVE_CARDS} cards, got {len(tokens)}")
    return read_meld_words(tokens)


def read_meld_readings(tokens: Sequence[str]) -> tuple[tuple[Card, ...], Readings]:
    """Read a meld written ``8C 9C JK=10C`` (its words) as written: its cards, and what
    each is said to stand for, ``None`` where nothing is written (for a move's
    constructor, which fixes the rest). A card said to stand for a joker is refused.

    >>> from scala40.movekinds import read_meld_readings
    >>> read_meld_readings("JK=6S 7S 8S".split())
    ((52, 6, 7), (5, None, None))

    :raises InvalidCardError: a word is not a card.
    :raises InvalidMoveError: ``tokens`` is not a list of texts, names more than
        :data:`MAX_MOVE_CARDS` cards, or says a card stands for a joker.
    """
    return _meld_words(tokens)


def melds_codec(name: str, convert: Callable[[Any], Any]) -> Codec:
    """The codec of a move's field ``name`` that holds melds (a close's melds, a split's
    pieces), each as its cards and what they stand for, ``convert`` being the field's
    converter: in the text, the melds' texts with ``/`` between them (``AC 2C 3C /
    JK=5S 5H 5C``); in a dictionary, the list of the melds' texts, each wild card's
    reading inline, read back from those or from ``[cards, represented]`` pairs of card
    texts (the form of version 1, and of the action encoding's tree).

    >>> from scala40.movekinds import melds_codec
    >>> codec = melds_codec("melds", tuple)
    >>> melds = (((46, 47, 52), (46, 47, 48)),)
    >>> codec.to_text(melds), codec.to_json(melds), codec.to_tree(melds)
    ('8C 9C JK=10C', ['8C 9C JK=10C'], [['8C 9C JK', '8C 9C 10C']])
    """

    def to_json(melds: Any) -> list[str]:
        return [format_meld_text(cards, represented) for cards, represented in melds]

    def to_tree(melds: Any) -> list[list[str]]:
        return [
            [format_cards(cards), format_cards(represented or cards)]
            for cards, represented in melds
        ]

    def from_json(value: Any) -> Any:
        if not isinstance(value, list) or not all(
            isinstance(item, str)
            or (
                isinstance(item, list) and len(item) == 2 and all(isinstance(p, str) for p in item)
            )
            for item in value
        ):
            raise InvalidMoveError(
                f"field {name!r} must hold a list of melds, each as text, such as "
                "'8C 9C JK=10C', or as a [cards, represented] pair of card texts, such as "
                "['8C 9C JK', '8C 9C 10C']"
            )
        check_written_melds(value, name)
        return convert(
            [
                read_meld_readings(item.split(" ")) if isinstance(item, str) else item
                for item in value
            ]
        )

    return Codec(
        name,
        lambda melds: " / ".join(to_json(melds)),
        lambda tokens: convert(" ".join(tokens).split("/")),
        to_json,
        from_json,
        json_types=(list,),
        tokens=None,
        schema=melds_as_text_or_pieces(),
        tree=(to_tree, from_json),
        agrees=melds_agree,
    )


def as_move_readings(value: object) -> Readings:
    """The converter of a meld's represented cards: what each card stands for, as cards
    (text or codes), ``None`` where the meld's cards are to fix it; at most
    :data:`MAX_MOVE_CARDS`. A card said to stand for a joker is refused (a joker said to
    stand for itself says nothing: its reading is left to the meld's cards)."""
    if isinstance(value, (list, tuple)) and any(item is None for item in value):
        if len(value) > MAX_MOVE_CARDS:
            raise InvalidMoveError(
                f"a move names at most {MAX_MOVE_CARDS} cards, got {len(value)}"
            )
        return tuple(None if item is None else as_move_card(item) for item in value)
    return as_move_cards(value)


def as_optional_move_card(value: object) -> Card | None:
    """The converter of an optional card field: ``None`` or a card."""
    return None if value is None else as_move_card(value)


def as_optional_move_cards(value: object) -> tuple[Card, ...] | None:
    """The converter of an optional cards field (a chance step's order): ``None`` or at
    least one card. No cards is refused: it is neither an order nor the absence of one
    (the text ``deal`` means ``None``)."""
    if value is None:
        return None
    cards = as_move_cards(value)
    if not cards:
        raise InvalidMoveError("expected no order (None) or at least one card, got no cards")
    return cards


def as_index(value: object) -> int:
    """The converter of a table meld's index: an integer from 0 to :data:`MAX_INDEX`."""
    return _bounded_index(value)


def as_seat(value: object) -> int:
    """The converter of a seat: an integer from 0 to :data:`MAX_INDEX`."""
    return _bounded_index(value, "a seat")


def as_small_int(value: object) -> int:
    """The converter of a number field: an integer of at most six digits."""
    return _json_int(value)


def as_bool(value: object) -> bool:
    """The converter of a yes-or-no field: ``True`` or ``False`` only."""
    return _json_bool(value)


def enum_codec(choices: type[E], *, optional: bool = False) -> Codec:
    """The codec of a field holding a member of the enum ``choices`` (written by its
    value; ``None`` too when ``optional``). Pair it with a converter made by
    :func:`enum_converter`."""
    words = ", ".join(str(member.value) for member in choices)
    convert = enum_converter(choices, optional=optional)
    by_value = {member.value: member for member in choices}

    def from_json(value: object) -> E | None:
        # A dictionary writes the member's value as it is (a text, any case, is people's).
        if value is None and optional:
            return None
        if isinstance(value, str) and value in by_value:
            return by_value[value]
        raise InvalidMoveError(f"expected one of {words}, got {describe(value)}")

    return Codec(
        words,
        lambda member: "" if member is None else str(member.value),
        lambda tokens: convert(tokens[0]) if tokens else None,
        lambda member: None if member is None else member.value,
        from_json,
        json_types=(str, type(None)) if optional else (str,),
        schema=enum_of([member.value for member in choices], nullable=optional),
        words=tuple(str(member.value) for member in choices),
    )


def enum_converter(choices: type[E], *, optional: bool = False) -> Callable[[object], Any]:
    """A converter to a member of ``choices``, from the member or its value (any case);
    :class:`~scala40.InvalidMoveError` names the choices otherwise."""
    words = ", ".join(str(member.value) for member in choices)

    def convert(value: object) -> E | None:
        if value is None and optional:
            return None
        if isinstance(value, choices):
            return value
        if isinstance(value, str):
            try:
                return choices(value.lower())
            except ValueError:
                pass
        raise InvalidMoveError(f"expected one of {words}, got {describe(value)}")

    return convert
