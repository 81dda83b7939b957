"""Move kinds described once: a frozen class gives its verb, notation and dictionary.

Every game's moves are small frozen attrs values (python-chess's ``Move`` is the model).
A move kind is written once, as a class deriving from :class:`MoveBase`: its verb and
its fields. Each field names its converter (which checks the value: :func:`as_move_card`,
:func:`as_move_cards`, :func:`as_index`, ...) and, in its metadata, its :class:`Codec`
(:data:`CARD`, :data:`CARDS`, :data:`INDEX`, ...), which writes it in the text notation
and in JSON. A game lists its kinds in one
:class:`MoveSet`, which gives it ``parse_move``, ``move_to_dict`` and ``move_from_dict``;
nothing else lists the kinds again.

The text notation is the verb followed by each field's text, in declaration order (a
``#`` before a table meld's index); a kind whose notation reads better another way
overrides :meth:`MoveBase.notation_args` and :meth:`MoveBase.from_notation_args`.

**One value per move.** A move kind's constructor either refuses a redundant or
meaningless form (raising :class:`~scala40.InvalidMoveError`, which names what was
wrong) or puts it in its one canonical form, as the kind's docstring says; so for every
move ``m`` that can be built, ``parse(str(m)) == m`` and ``from_dict(to_dict(m)) == m``,
with equal hashes, and two moves are the same move exactly when they are equal.

>>> from scala40.movekinds import CARD, MoveBase, MoveSet, as_move_card
>>> import attrs
>>> @attrs.frozen
... class Discard(MoveBase):
...     verb = "discard"
...     card: int = attrs.field(converter=as_move_card, metadata={"codec": CARD})
>>> @attrs.frozen
... class Draw(MoveBase):
...     verb = "draw"
>>> moves = MoveSet("example.move", 1, (Draw, Discard))
>>> move = moves.parse("discard 7h")
>>> move, str(move)
(Discard(card=19), 'discard 7H')
>>> moves.to_dict(move)
{'format': 'example.move', 'version': 1, 'type': 'discard', 'card': '7H'}
>>> moves.from_dict(moves.to_dict(move)) == move
True
>>> moves.parse("jump")
Traceback (most recent call last):
...
scala40.errors.InvalidMoveError: unknown move 'jump': expected draw or discard
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Callable, Container, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

import attrs
from typing_extensions import Self

from scala40._checks import describe, is_int
from scala40._scene import move_picture
from scala40._schema import (
    boolean,
    card,
    card_text,
    enum_of,
    header,
    integer,
    meld_text,
    obj,
)
from scala40._serial import expect_header, refuse_many_keys
from scala40.cards import CARD_NAMES, Card, as_card, as_cards, format_cards, parse_card
from scala40.errors import InvalidCardError, InvalidMoveError, SerializationError
from scala40.melds import MeldEnd

__all__ = [
    "BOOL",
    "CARD",
    "CARDS",
    "INDEX",
    "INT",
    "MAX_INDEX",
    "MAX_MOVE_CARDS",
    "MAX_MOVE_TEXT",
    "OPTIONAL_CARD",
    "OPTIONAL_CARDS",
    "SEAT",
    "Codec",
    "DealMove",
    "LayOffMove",
    "MoveBase",
    "MoveSet",
    "PutDownMove",
    "RestockMove",
    "as_bool",
    "as_index",
    "as_move_card",
    "as_move_cards",
    "as_optional_move_card",
    "as_optional_move_cards",
    "as_seat",
    "as_small_int",
    "as_some_move_cards",
    "enum_codec",
    "enum_converter",
    "format_meld_text",
    "parse_index",
    "parse_meld_text",
]

T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)

MAX_INDEX = 10_000
"""The largest table-meld index or count a move may name: no table holds more melds,
and a bound keeps absurd numbers (thousands of digits) out of the engines."""
MAX_MOVE_CARDS = 1_000
"""The most cards one field of a move may name: more than any deck holds (a deal names
the whole deck), and a bound on the work of reading a move sent by a stranger."""


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
    lambda value: parse_card(value),
    schema=card(),
)
"""One card, written ``7S``."""
CARDS = Codec(
    "cards",
    lambda cards: format_cards(cards),
    lambda tokens: tuple(parse_card(token) for token in tokens),
    lambda cards: format_cards(cards),
    lambda value: as_cards(value),
    tokens=None,
    schema=card_text(),
)
"""Cards in order, written ``7S 8S 9S`` (all the tokens left)."""
OPTIONAL_CARD = Codec(
    "a card or nothing",
    lambda card: "" if card is None else CARD_NAMES[card],
    lambda tokens: parse_card(tokens[0]) if tokens else None,
    lambda card: None if card is None else CARD_NAMES[card],
    lambda value: None if value is None else parse_card(value),
    json_types=(str, type(None)),
    schema=card(nullable=True),
)
"""One card or nothing."""
OPTIONAL_CARDS = Codec(
    "cards or nothing",
    lambda cards: "" if cards is None else format_cards(cards),
    lambda tokens: tuple(parse_card(token) for token in tokens) if tokens else None,
    lambda cards: None if cards is None else format_cards(cards),
    lambda value: None if value is None else as_cards(value),
    json_types=(str, type(None)),
    tokens=None,
    schema=card_text(nullable=True),
)
"""Cards or nothing (a chance step's fixed order)."""
INDEX = Codec(
    "a table meld index",
    lambda index: f"#{index}",
    lambda tokens: parse_index(tokens[0]),
    int,
    _bounded_index,
    json_types=(int,),
    schema=integer(0, MAX_INDEX),
)
"""A table meld's index, written ``#2``."""
SEAT = Codec(
    "a seat",
    str,
    lambda tokens: _bounded_index(_int_text(tokens), "a seat"),
    int,
    lambda value: _bounded_index(value, "a seat"),
    json_types=(int,),
    schema=integer(0, MAX_INDEX),
)
"""A seat, written as its number."""
INT = Codec(
    "a number",
    str,
    _int_text,
    int,
    _json_int,
    json_types=(int,),
    schema=integer(-(10**6), 10**6),
)
"""A small integer."""
BOOL = Codec(
    "yes or no",
    lambda value: "yes" if value else "no",
    _bool_text,
    bool,
    _json_bool,
    json_types=(bool,),
    schema=boolean(),
)
"""Yes or no, written ``yes`` or ``no``."""


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
    :raises InvalidMoveError: ``tokens`` is not a list of texts, or names more than
        :data:`MAX_MOVE_CARDS` cards.
    """
    given: object = tokens
    if not isinstance(given, (list, tuple)) or not all(isinstance(t, str) for t in given):
        raise InvalidMoveError(f"expected a list of card texts, got {describe(given)}")
    if len(tokens) > MAX_MOVE_CARDS:
        raise InvalidMoveError(f"a move names at most {MAX_MOVE_CARDS} cards, got {len(tokens)}")
    cards: list[Card] = []
    represented: list[Card] = []
    any_given = False
    for token in tokens:
        if "=" in token:
            card_text, rep_text = token.split("=", 1)
            card, rep = parse_card(card_text), parse_card(rep_text)
            any_given = True
        else:
            card = rep = parse_card(token)
        cards.append(card)
        represented.append(rep)
    return tuple(cards), (tuple(represented) if any_given else ())


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
    return Codec(
        words,
        lambda member: "" if member is None else str(member.value),
        lambda tokens: convert(tokens[0]) if tokens else None,
        lambda member: None if member is None else member.value,
        convert,
        json_types=(str, type(None)) if optional else (str,),
        schema=enum_of([member.value for member in choices], nullable=optional),
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


def _codec(field: attrs.Attribute[Any]) -> Codec:
    codec = field.metadata.get("codec")
    if not isinstance(codec, Codec):  # pragma: no cover - a programming error in a game
        raise TypeError(f"move field {field.name!r} has no codec in its metadata")
    return codec


class MoveBase:
    """Base of every move class: the verb, the notation and the dictionary, from the fields.

    A subclass sets :attr:`verb` and declares its fields, each with its converter and its
    codec (``metadata={"codec": ...}``); :class:`MoveSet` then knows how to read and
    write it.
    """

    __slots__ = ()

    verb: ClassVar[str] = ""
    """The first word of the move's notation and its ``type`` in dictionaries."""
    move_set: ClassVar[MoveSet]
    """The set of moves of the game this kind belongs to (set by :class:`MoveSet`)."""
    meld_fields: ClassVar[tuple[str, str] | None] = None
    """For a kind that holds one meld in two fields, its cards in meld order and the cards
    they stand for: their names. Its dictionary then writes the meld as the notation does,
    in the first field, each wild card's reading inline (``"cards": "8C 9C JK=10C"``),
    and leaves the second out; both forms are read."""

    usage: ClassVar[str] = ""
    """For a kind that reads its own notation: what the words after the verb must be, for
    :meth:`~scala40.movekinds.MoveBase.usage_error`."""
    FROM_HAND: ClassVar[tuple[str, ...]] = ()
    """The fields whose cards the move plays from its mover's hand: those declared with
    ``metadata={"from_hand": True}`` (set for each kind from its fields)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__attrs_attrs__" in cls.__dict__:  # the class attrs made (see StateBase)
            cls.FROM_HAND = tuple(
                field.name
                for field in cls.__attrs_attrs__  # type: ignore[attr-defined]
                if field.metadata.get("from_hand")
            )

    def cards_from_hand(self) -> tuple[Card, ...]:
        """The cards this move plays from its mover's hand (to the table, the discard
        pile, on offer), in its fields' order: a state's log reads from it which cards
        seen to come into a hand have left it (:mod:`scala40._hand_log`).

        >>> import attrs
        >>> from scala40.movekinds import CARD, MoveBase, as_move_card
        >>> @attrs.frozen
        ... class Throw(MoveBase):
        ...     verb = "throw"
        ...     card: int = attrs.field(
        ...         converter=as_move_card, metadata={"codec": CARD, "from_hand": True}
        ...     )
        >>> Throw("7H").cards_from_hand()
        (19,)
        """
        cards: list[Card] = []
        for name in self.FROM_HAND:
            value = getattr(self, name)
            if type(value) is int:
                cards.append(value)
            elif value:
                cards.extend(value)
        return tuple(cards)

    @classmethod
    def usage_error(cls, text: str) -> str:
        """The message for a text whose words after the verb are not :attr:`usage`."""
        return f"'{cls.verb}' {cls.usage}, got {text!r}"

    def _repr_svg_(self) -> str:
        """The move as a picture, which notebooks show (:func:`scala40.drawing.move_svg`)."""
        return move_picture(str(self), self.move_set.pack == "spanish")

    def meld_text(self) -> str:
        """The text of the meld a :attr:`meld_fields` kind holds (``8C 9C JK=10C``)."""
        cards_name, readings_name = self.meld_fields or ("", "")
        return format_meld_text(getattr(self, cards_name), getattr(self, readings_name))

    def notation_args(self) -> list[str]:
        """The words after the verb in the move's text (one per field by default)."""
        words = []
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]
            text = _codec(field).to_text(getattr(self, field.name))
            if text:
                words.append(text)
        return words

    @classmethod
    def from_notation_args(cls, args: list[str], text: str) -> Self:
        """The move from the words after its verb (the inverse of :meth:`notation_args`).

        :raises InvalidMoveError: the words do not fit the move's fields.
        """
        values: dict[str, Any] = {}
        fields = attrs.fields(cls)  # type: ignore[arg-type]
        position = 0
        for field in fields:
            codec = _codec(field)
            take = len(args) - position if codec.tokens is None else codec.tokens
            tokens = args[position : position + take]
            if len(tokens) < take or (codec.tokens is None and not tokens and _required(field)):
                if field.default is attrs.NOTHING:
                    raise InvalidMoveError(f"'{cls.verb}' needs {_describe(fields)}, got {text!r}")
                break
            values[field.name] = codec.from_text(tokens)
            position += take
        if position < len(args):
            raise InvalidMoveError(f"'{cls.verb}' takes {_describe(fields)}, got {text!r}")
        return cls(**values)

    def __str__(self) -> str:
        return " ".join([self.verb, *self.notation_args()])

    def to_dict(self) -> dict[str, Any]:
        """This move as a JSON-ready, versioned dictionary."""
        return self.move_set.to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The move :meth:`to_dict` described, which must be of this class.

        :raises SerializationError: the data is malformed or describes another kind.
        """
        move = cls.move_set.from_dict(data)
        if not isinstance(move, cls):
            raise SerializationError(
                f"move: expected a {cls.__name__}, got a {type(move).__name__}"
            )
        return move


def _summary(kind: type) -> str:
    """The first paragraph of a move kind's docstring, on one line."""
    # A kind that adds nothing to its base's description (a game's resign) inherits it.
    doc = (inspect.getdoc(kind) or "").split("\n\n")[0]
    return " ".join(doc.split()) or kind.__name__


def _required(field: attrs.Attribute[Any]) -> bool:
    return field.default is attrs.NOTHING


def _describe(fields: Sequence[attrs.Attribute[Any]]) -> str:
    if not fields:
        return "no arguments"
    return ", ".join(_codec(field).what for field in fields)


MAX_MOVE_TEXT = 20_000
"""The longest move text read: a bound that keeps the work of reading one small whatever
is sent, and above the text of any move that can be built (the longest, a split naming
:data:`MAX_MOVE_CARDS` added cards and as many in pieces of one card each, takes about
14,000 characters), so that every move reads back."""


class MoveSet:
    """The move kinds of one game: reads and writes any of them, text or dictionary.

    ``format`` and ``version`` head every dictionary (``scala40.move``, 2); dictionaries
    of every version from ``oldest_version`` are read.
    """

    def __init__(
        self,
        format: str,
        version: int,
        kinds: Sequence[type[MoveBase]],
        *,
        oldest_version: int | None = None,
        pack: str = "french",
    ) -> None:
        self.format = format
        self.pack = pack
        """The pack the game's cards are drawn in: ``"french"`` or ``"spanish"``."""
        self.version = version
        self.versions = range(oldest_version or version, version + 1)
        """The versions :meth:`from_dict` reads: from ``oldest_version`` to ``version``."""
        self.kinds = tuple(kinds)
        self.by_verb: dict[str, type[MoveBase]] = {}
        for kind in self.kinds:
            if not kind.verb or kind.verb in self.by_verb:  # pragma: no cover - a game's bug
                raise TypeError(f"move kind {kind.__name__} needs a verb of its own")
            self.by_verb[kind.verb] = kind
            kind.move_set = self

    @property
    def verbs(self) -> tuple[str, ...]:
        """The verbs, in the order the kinds were given."""
        return tuple(self.by_verb)

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of :meth:`to_dict`'s output: one of the kinds,
        each an object of the header, its ``type`` (the verb) and every field, described
        by the field's codec (:meth:`Codec.json_schema`).

        >>> from scala40.movekinds import CARD, MoveBase, MoveSet, as_move_card
        >>> import attrs
        >>> @attrs.frozen
        ... class Discard(MoveBase):
        ...     \"\"\"Discard a card.\"\"\"
        ...     verb = "discard"
        ...     card: int = attrs.field(converter=as_move_card, metadata={"codec": CARD})
        >>> moves = MoveSet("example.move", 1, (Discard,))
        >>> kind = moves.json_schema()["oneOf"][0]
        >>> kind["description"], kind["required"]
        ('Discard a card.', ['type', 'card'])
        >>> moves.verb_pattern()
        '^(?:discard)(?: .+)?$'
        """
        kinds = []
        for kind in self.kinds:
            properties: dict[str, Any] = {
                **header(self.format, self.version),
                "version": {"enum": list(self.versions)},
                "type": {"const": kind.verb},
            }
            optional = ["format", "version"]
            for field in attrs.fields(kind):  # type: ignore[arg-type]
                properties[field.name] = _codec(field).json_schema()
                if not _required(field):
                    optional.append(field.name)
            if kind.meld_fields is not None:
                properties[kind.meld_fields[0]] = meld_text()
            kinds.append(obj(properties, optional=optional, description=_summary(kind)))
        older = ", ".join(str(version) for version in self.versions[:-1])
        read_too = f"; version {older} is read too" if older else ""
        return {
            "description": f"A move ({self.format} version {self.version}{read_too}): one "
            f"of {self._expected()}.",
            "oneOf": kinds,
        }

    def verb_pattern(self) -> str:
        """A regular expression matching the text of a move as ``str(move)`` writes it:
        a verb of the set, then its arguments after a space."""
        verbs = "|".join(self.by_verb)
        return f"^(?:{verbs})(?: .+)?$"

    def _expected(self) -> str:
        verbs = list(self.by_verb)
        if len(verbs) == 1:
            return verbs[0]
        return ", ".join(verbs[:-1]) + " or " + verbs[-1]

    def parse(self, text: str) -> MoveBase:
        """Read a move from its notation (case-insensitive; the inverse of ``str(move)``).

        :raises InvalidMoveError: the text is not a move of this game; the message says why.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"expected move text, got {describe(text)}")
        if len(text) > MAX_MOVE_TEXT:
            raise InvalidMoveError(
                f"move text of {len(text)} characters: no move is longer than {MAX_MOVE_TEXT}"
            )
        tokens = text.replace(",", " ").split()
        if not tokens:
            raise InvalidMoveError("empty move text")
        verb = tokens[0].lower()
        kind = self.by_verb.get(verb)
        if kind is None:
            raise InvalidMoveError(
                f"unknown move {describe(tokens[0])}: expected {self._expected()}"
            )
        try:
            return kind.from_notation_args(tokens[1:], text)
        except InvalidCardError as error:
            raise InvalidMoveError(f"{error} in move {text!r}") from error

    def to_dict(self, move: MoveBase) -> dict[str, Any]:
        """A JSON-ready, versioned dictionary for ``move``; cards are written in notation.

        :raises InvalidMoveError: ``move`` is not a move of this game.
        """
        kind = type(move)
        if self.by_verb.get(getattr(kind, "verb", None)) is not kind:  # type: ignore[arg-type]
            raise InvalidMoveError(f"expected a move, got {describe(move)}")
        data: dict[str, Any] = {"format": self.format, "version": self.version, "type": kind.verb}
        meld_fields = kind.meld_fields
        for field in attrs.fields(kind):  # type: ignore[arg-type]
            if meld_fields is not None and field.name in meld_fields:
                if field.name == meld_fields[0]:
                    data[field.name] = move.meld_text()
                continue
            data[field.name] = _codec(field).to_json(getattr(move, field.name))
        return data

    @staticmethod
    def _inline_meld(kind: type[MoveBase], data: Mapping[str, Any]) -> dict[str, Any]:
        """The two fields of a :attr:`~MoveBase.meld_fields` kind whose meld is sent as
        text with its wild cards' readings inline; nothing for any other dictionary."""
        if kind.meld_fields is None:
            return {}
        cards_name, readings_name = kind.meld_fields
        text = data.get(cards_name)
        if not (isinstance(text, str) and "=" in text):
            return {}  # plain cards, read by the field's codec
        if readings_name in data:
            raise SerializationError(
                f"move: give the wild cards' readings inline in {cards_name!r} "
                f"({text[:40]!r}) or in {readings_name!r}, not both"
            )
        try:
            cards, readings = parse_meld_text(text.replace(",", " ").split())
        except (InvalidMoveError, InvalidCardError) as error:
            raise SerializationError(f"move: field {cards_name!r}: {error}") from None
        return {cards_name: cards, readings_name: readings}

    def from_dict(self, data: Mapping[str, Any]) -> MoveBase:
        """The move a :meth:`to_dict` dictionary describes, every field checked.

        A client may send a light dictionary: ``format`` and ``version`` may be left out
        (they are checked when present), and so may a field that has a default
        (``{"type": "draw"}``, ``{"type": "layoff", "card": "7S", "meld": 0}``).

        :raises SerializationError: the data is malformed, of another version, or not a
            move of this game.
        """
        sent: object = data  # untrusted, whatever its annotation says
        refuse_many_keys(sent, self.format.removeprefix("scala40."))  # before any copy
        if isinstance(sent, Mapping) and not {"format", "version"} <= sent.keys():
            data = {"format": self.format, "version": self.version, **sent}
        version = data.get("version") if isinstance(sent, Mapping) else None
        data = expect_header(
            data,
            self.format,
            version if type(version) is int and version in self.versions else self.version,
        )
        verb = data.get("type")
        kind = self.by_verb.get(verb) if isinstance(verb, str) else None
        if kind is None:
            raise SerializationError(
                f"move: unknown type {describe(verb)}: expected one of {', '.join(self.by_verb)}"
            )
        fields = attrs.fields(kind)  # type: ignore[arg-type]
        names = [field.name for field in fields]
        allowed = {"format", "version", "type", *names}
        required = {field.name for field in fields if _required(field)}
        if not required <= data.keys() <= allowed:
            missing = sorted(required - set(data))
            unknown = sorted(str(key) for key in set(data) - allowed)
            raise SerializationError(
                f"move: a {verb!r} move has fields {sorted(names)}; "
                f"missing {missing}, unknown {unknown}"
            )
        values = self._inline_meld(kind, data)
        for field in fields:
            if field.name not in data or field.name in values:
                continue  # a field with a default, left out, or read with the meld's text
            value = data[field.name]
            codec = _codec(field)
            # bool is an int to Python, but never a card, an index or a count.
            if not isinstance(value, codec.json_types) or (
                isinstance(value, bool) and bool not in codec.json_types
            ):
                raise SerializationError(
                    f"move: field {field.name!r} has the wrong type: {describe(value)}"
                )
            try:
                values[field.name] = codec.from_json(value)
            except (InvalidMoveError, InvalidCardError) as error:
                raise SerializationError(f"move: field {field.name!r}: {error}") from None
        try:
            return kind(**values)
        except (InvalidMoveError, InvalidCardError) as error:
            raise SerializationError(f"move: {error}") from None


# The kinds the games share: each game's class derives from one of these (as its resign
# derives from scala40.resignation.ResignMove) and adds its docstring, which cites its
# rules, and what its rules change (a lay-off's verb, the cards always wild); the fields,
# the notation, the dictionary and the checks are written here once for every game.


@attrs.frozen
class DealMove(MoveBase):
    """Chance: shuffle the deck and deal a hand: ``deal``, or ``deal`` and the order.

    ``order`` fixes the shuffled deck (top card last); ``None`` draws it from the
    state's randomness (C-RNG). An order of no cards is refused.
    """

    verb = "deal"
    order: tuple[Card, ...] | None = attrs.field(
        default=None, converter=as_optional_move_cards, metadata={"codec": OPTIONAL_CARDS}
    )


@attrs.frozen
class RestockMove(MoveBase):
    """Chance: shuffle the discard pile into a new stock: ``restock``, or ``restock`` and
    the order.

    ``order`` fixes the new stock (top card last); ``None`` draws it from the state's
    randomness (C-RNG). An order of no cards is refused.
    """

    verb = "restock"
    order: tuple[Card, ...] | None = attrs.field(
        default=None, converter=as_optional_move_cards, metadata={"codec": OPTIONAL_CARDS}
    )


@attrs.frozen
class PutDownMove(MoveBase):
    """Put a new meld from the hand on the table: ``meld 8C 9C JK=10C``.

    ``cards`` are in meld order and ``represented`` gives the card each one stands for
    (C-WILD), or is left empty for the game to read the meld when the move is applied.

    One value per move: a ``represented`` that names every card as itself says nothing
    and is dropped, unless a card is in :attr:`always_wild`; a meld of no cards, or a
    ``represented`` of another length, is refused.

    >>> import attrs
    >>> from scala40.movekinds import PutDownMove
    >>> @attrs.frozen
    ... class Meld(PutDownMove):
    ...     always_wild = frozenset({1})
    >>> str(Meld("8S 9S 10S", "8S 9S 10S")), str(Meld("AS 2S 3S", "AS 2S 3S"))
    ('meld 8S 9S 10S', 'meld AS 2S=2S 3S')
    """

    verb = "meld"
    meld_fields = ("cards", "represented")
    always_wild: ClassVar[frozenset[Card]] = frozenset()
    """The cards that are wild wherever they stand (a game whose 2s always are): one
    standing for itself is still written with its reading, ``2S=2S``."""
    cards: tuple[Card, ...] = attrs.field(
        converter=as_some_move_cards, metadata={"codec": CARDS, "from_hand": True}
    )
    represented: tuple[Card, ...] = attrs.field(
        default=(), converter=as_move_cards, metadata={"codec": CARDS}
    )

    def __attrs_post_init__(self) -> None:
        represented = self.represented
        if represented:
            if len(represented) != len(self.cards):
                raise InvalidMoveError(
                    f"a meld of {len(self.cards)} cards needs {len(self.cards)} represented "
                    f"cards, got {len(represented)}"
                )
            if represented == self.cards and self.always_wild.isdisjoint(self.cards):
                object.__setattr__(self, "represented", ())

    def meld_text(self) -> str:
        return format_meld_text(self.cards, self.represented, self.always_wild)

    def notation_args(self) -> list[str]:
        return [self.meld_text()]

    usage = "needs cards"

    @classmethod
    def from_notation_args(cls, args: list[str], text: str) -> Self:
        if not args:
            raise InvalidMoveError(cls.usage_error(text))
        cards, represented = parse_meld_text(args)
        return cls(cards, represented)


_meld_end_converter = enum_converter(MeldEnd, optional=True)


def _meld_end(value: object) -> MeldEnd | None:
    converted: MeldEnd | None = _meld_end_converter(value)
    return converted


@attrs.frozen
class LayOffMove(MoveBase):
    """Add one card from the hand to table meld ``meld``; a game's kind names its verb:
    ``layoff JK=6S #2 low``.

    ``end`` says where (a sequence's low or high end, or into a set); ``represents`` is
    the card a wild card stands for (``None``: the only card it can).

    One value per move: a card said to stand for itself is a natural card and
    ``represents`` is dropped, unless the card is in :attr:`always_wild`.

    >>> import attrs
    >>> from scala40.movekinds import LayOffMove
    >>> @attrs.frozen
    ... class LayOff(LayOffMove):
    ...     verb = "layoff"
    >>> LayOff("8S", 0, "low", "8S"), str(LayOff("JK", 2, "low", "6S"))
    (LayOff(card=7, meld=0, end=<MeldEnd.LOW: 'low'>, represents=None), 'layoff JK=6S #2 low')
    """

    always_wild: ClassVar[frozenset[Card]] = frozenset()
    """The cards that are wild wherever they stand: one said to stand for itself keeps
    ``represents``."""
    card: Card = attrs.field(converter=as_move_card, metadata={"codec": CARD, "from_hand": True})
    meld: int = attrs.field(converter=as_index, metadata={"codec": INDEX})
    end: MeldEnd | None = attrs.field(
        default=None, converter=_meld_end, metadata={"codec": enum_codec(MeldEnd, optional=True)}
    )
    represents: Card | None = attrs.field(
        default=None, converter=as_optional_move_card, metadata={"codec": OPTIONAL_CARD}
    )

    def __attrs_post_init__(self) -> None:
        if self.represents == self.card and self.card not in self.always_wild:
            object.__setattr__(self, "represents", None)

    def notation_args(self) -> list[str]:
        name = CARD_NAMES[self.card]
        if self.represents is not None:
            name += "=" + CARD_NAMES[self.represents]
        args = [name, f"#{self.meld}"]
        if self.end is not None:
            args.append(self.end.value)
        return args

    usage = "takes a card, a table meld and an end"

    @classmethod
    def from_notation_args(cls, args: list[str], text: str) -> Self:
        if len(args) not in (2, 3):
            raise InvalidMoveError(cls.usage_error(text))
        (card,), represented = parse_meld_text(args[:1])
        index = parse_index(args[1])
        end = args[2] if len(args) == 3 else None
        return cls(card, index, end, represented[0] if represented else None)
