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

**One value per meaning.** A move kind's constructor puts its value in its one
canonical form, as the kind's docstring says (a meld's cards in meld order, every wild
card's reading written once the meld's cards fix it), or refuses it with
:class:`~scala40.InvalidMoveError`, which names what was wrong or missing; so for every
move ``m`` that can be built, ``parse(str(m)) == m`` and ``from_dict(to_dict(m)) == m``,
with equal hashes, and two moves mean the same action exactly when they are equal. What
the canonical form needs to know of a game (its packs' rank orders, the cards it always
treats as wild, whether a set's wild card names a suit) is the kind's
:attr:`~MoveBase.notation`, a :class:`~scala40.melds._spelling.MeldNotation`.

Some spellings only a position can settle: a set's joker with two suits missing, a
lay-off whose end or whose wild card's card the table fixes. The context-free reading
refuses them (:class:`~scala40.MissingReadingError`, naming what is missing), never
reading them as a value no state lists; a state reads them against its legal moves
(``state.parse_move``, which ``apply``, ``is_legal`` and ``in`` use for texts and
dictionaries), and :meth:`MoveBase.spelling_agrees` says when a spelling may be a listed
move.

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
(Discard(card='7H'), 'discard 7H')
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

import contextlib
import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

import attrs
from typing_extensions import Self

import scala40._format.serial as serial
import scala40.movekinds._fields as move_fields
from scala40._cache import HAND_LIMIT, BoundedCache
from scala40._format.fields import slot_setter, written_by_attrs
from scala40._format.serial import (
    expect_header,
    refuse_many_keys,
    rewritten,
    unwritten,
    written_meld,
)
from scala40.cards import CARD_NAMES, JOKER, Card, parse_card
from scala40.checks import describe
from scala40.errors import (
    InvalidCardError,
    InvalidMoveError,
    MissingReadingError,
    SerializationError,
)
from scala40.melds import Extension, Meld, MeldEnd
from scala40.melds._members import SET_END
from scala40.melds._spelling import (
    FRENCH_ACES,
    MeldNotation,
    canonical_meld,
    is_loose,
    kept_readings,
    meld_agrees,
    reading_agrees,
    set_reading,
)
from scala40.movekinds._fields import *  # noqa: F403 (its names are this package's too)
from scala40.movekinds._fields import (
    Codec,
    as_index,
    as_move_card,
    as_move_readings,
    as_optional_move_card,
    as_optional_move_cards,
    as_some_move_cards,
    enum_codec,
    enum_converter,
    format_meld_text,
    parse_index,
    read_meld_readings,
)
from scala40.schema_parts import CARD_PATTERN, header, meld_text, obj

__all__ = [
    "MAX_MOVE_TEXT",
    "CardMove",
    "DealMove",
    "DiscardMove",
    "DrawMove",
    "GameMoves",
    "LayOffMove",
    "MoveBase",
    "MoveSet",
    "PutDownMove",
    "RestockMove",
    "SwapMove",
    "TakeDiscardMove",
    "drawn_pack",
    "no_cards",
    "put_downs",
]
__all__ += move_fields.__all__  # the field codecs and bounds, documented below


MAX_INDEX = move_fields.MAX_INDEX
"""The largest table-meld index or count a move may name: no table holds more melds,
and a bound keeps absurd numbers (thousands of digits) out of the engines."""
MAX_MOVE_CARDS = move_fields.MAX_MOVE_CARDS
"""The most cards one field of a move may name: more than any deck holds (a deal names
the whole deck), and a bound on the work of reading a move sent by a stranger."""
CARD = move_fields.CARD
"""One card, written ``7S``."""
CARDS = move_fields.CARDS
"""Cards in order, written ``7S 8S 9S`` (all the tokens left)."""
OPTIONAL_CARD = move_fields.OPTIONAL_CARD
"""One card or nothing."""
OPTIONAL_CARDS = move_fields.OPTIONAL_CARDS
"""Cards or nothing (a chance step's fixed order)."""
INDEX = move_fields.INDEX
"""A table meld's index, written ``#2``."""
SEAT = move_fields.SEAT
"""A seat, written as its number."""
INT = move_fields.INT
"""A small integer."""
BOOL = move_fields.BOOL
"""Yes or no, written ``yes`` or ``no``."""
MAX_MOVE_TEXT = serial.MAX_MOVE_TEXT
"""The longest move text read (20,000 characters), a reading limit beside the others
(:mod:`scala40._format.serial`): above the text of any move that can be built (the
longest, a split naming :data:`MAX_MOVE_CARDS` added cards and as many in pieces of one
card each, takes about 14,000 characters), so that every move reads back."""


def no_cards(move: Any) -> tuple[Card, ...]:
    """``cards_from_hand`` of a kind that plays no card from the hand (a draw, a take):
    the state's log need not ask such a move."""
    return ()


no_cards.generated = True  # type: ignore[attr-defined]


def _cards_of_field(name: str) -> Callable[[Any], tuple[Card, ...]]:
    """``cards_from_hand`` for a kind whose cards from the hand are in one field."""

    def cards_from_hand(move: Any) -> tuple[Card, ...]:
        value = getattr(move, name)
        if type(value) is int:
            return (value,)
        return tuple(value) if value else ()

    cards_from_hand.__doc__ = MoveBase.cards_from_hand.__doc__
    cards_from_hand.generated = True  # type: ignore[attr-defined]
    return cards_from_hand


def _codec(field: attrs.Attribute[Any]) -> Codec:
    codec = field.metadata.get("codec")
    if not isinstance(codec, Codec):  # pragma: no cover - a programming error in a game
        raise TypeError(f"move field {field.name!r} has no codec in its metadata")
    return codec


_FIELD_STORES: dict[type, dict[str, Callable[[Any, Any], None]]] = {}
"""The setter of each field's slot, by move class (:meth:`MoveBase.unchecked`): the
library's move classes, a fixed few."""


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
    """The set of moves of the game this kind belongs to (set by :class:`MoveSet`); a kind
    several games share (the knock family's) has none: its game's is the state's
    (``state.MOVES``) or the game's (``game.move_set``)."""
    meld_fields: ClassVar[tuple[str, str] | None] = None
    """For a kind that holds one meld in two fields, its cards in meld order and the cards
    they stand for: their names. Its dictionary then writes the meld as the notation does,
    in the first field, each wild card's reading inline (``"cards": "8C 9C JK=10C"``),
    and leaves the second out; both forms are read."""

    usage: ClassVar[str] = ""
    """For a kind that reads its own notation: what the words after the verb must be, for
    :meth:`~scala40.movekinds.MoveBase.usage_error`."""
    notation: ClassVar[MeldNotation] = MeldNotation((FRENCH_ACES,))
    """How the game writes melds (the rank orders of its packs, the cards always wild,
    whether a set's wild card names a suit): what the canonical form of a meld a move
    names follows. By default a French pack, the ace low or high, sets of distinct suits
    (Scala 40's)."""
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
            # The state's log asks every move; most play no card, or one card of one
            # field: a function for that, unless a kind reads them its own way.
            definer = next(kind for kind in cls.__mro__ if "cards_from_hand" in kind.__dict__)
            function = definer.__dict__["cards_from_hand"]
            if definer is MoveBase or getattr(function, "generated", False):
                if not cls.FROM_HAND:
                    function = no_cards
                elif len(cls.FROM_HAND) == 1:
                    function = _cards_of_field(cls.FROM_HAND[0])
                else:
                    function = MoveBase.__dict__["cards_from_hand"]
                setattr(cls, "cards_from_hand", function)  # noqa: B010 - a method set on the class
            # attrs writes a repr of raw fields (cards as numbers); a move's names its cards.
            if written_by_attrs(cls, "__repr__"):
                cls.__repr__ = MoveBase.__dict__["__repr__"]  # type: ignore[method-assign]

    def __repr__(self) -> str:
        """The move as Python that makes it again, its cards by name (each field as its
        dictionary writes it, melds as pairs of cards and what they stand for; a field
        left at its default left out).

        >>> from scala40.games.scala40 import Discard, PutDown
        >>> Discard("AS"), PutDown("5S 5H 5D")
        (Discard(card='AS'), PutDown(cards='5S 5H 5D'))
        >>> PutDown("8C 9C JK", "8C 9C 10C")
        PutDown(cards='8C 9C JK', represented='8C 9C 10C')
        """
        parts = []
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            default = field.default
            if (
                default is not attrs.NOTHING
                and not isinstance(default, attrs.Factory)  # type: ignore[arg-type]
                and value == default
            ):
                continue
            parts.append(f"{field.name}={_codec(field).to_tree(value)!r}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def cards_from_hand(self) -> tuple[Card, ...]:
        """The cards this move plays from its mover's hand (to the table, the discard
        pile, on offer), in its fields' order: a state's log reads from it which cards
        seen to come into a hand have left it (:mod:`scala40.history`).

        >>> from scala40.movekinds import CARD, MoveBase, as_move_card
        >>> import attrs
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
    def unchecked(cls, **fields: Any) -> Self:
        """The move of this kind with ``fields`` set as they are, no converter or check
        run: for an engine listing moves from values in their one form already (a
        :class:`~scala40.melds.Meld`'s cards and readings), whose checks would cost more
        than the rest of the listing. Never call it with values from outside."""
        move = object.__new__(cls)
        # Through each slot's own setter (object.__setattr__ looks the name up at every
        # store), found once a class.
        stores = _FIELD_STORES.get(cls)
        if stores is None:
            fields_of = attrs.fields(cls)  # type: ignore[arg-type]
            stores = {field.name: slot_setter(cls, field.name) for field in fields_of}
            _FIELD_STORES[cls] = stores
        for name, value in fields.items():
            stores[name](move, value)
        return move

    @classmethod
    def spelling_agrees(cls, spelled: Any, listed: Any) -> bool:
        """Whether ``spelled``, a move of this kind read as written (within
        :func:`~scala40.melds._spelling.loose_spelling`), may be the listed move
        ``listed``: every field it gives is the listed move's, a field the state may
        fix (``metadata={"state_fixes": True}``, such as a lay-off's end) may be left
        out, and a meld's cards are the listed meld's in any order, every reading it
        gives being the listed one's."""
        meld_fields = cls.meld_fields or ()
        for field in attrs.fields(cls):  # type: ignore[arg-type]
            name = field.name
            if name in meld_fields:
                continue
            given, wanted = getattr(spelled, name), getattr(listed, name)
            if given is None and field.metadata.get("state_fixes"):
                continue
            agrees = _codec(field).agrees
            if not (given == wanted if agrees is None else agrees(given, wanted, cls.notation)):
                return False
        if meld_fields:
            cards_name, readings_name = meld_fields
            cards = getattr(spelled, cards_name)
            readings = getattr(spelled, readings_name) or (None,) * len(cards)
            return meld_agrees(
                cards,
                readings,
                getattr(listed, cards_name),
                getattr(listed, readings_name),
                cls.notation,
            )
        return True

    def left_to_position(self) -> str | None:
        """What this value leaves for a position to fix, in words (a lay-off's end, the
        card a wild card stands for), or ``None`` when it says all it means. Only a move
        read as written (:func:`~scala40.melds._spelling.loose_spelling`) leaves anything
        out: a kind's constructor refuses such a value, and so the context-free reader
        refuses a text or a dictionary that leaves it out, naming it, which a state
        reads against its legal moves (``state.parse_move``)."""
        return None

    @classmethod
    def usage_error(cls, text: str) -> str:
        """The message for a text whose words after the verb are not :attr:`usage`."""
        return f"'{cls.verb}' {cls.usage}, got {text!r}"

    def _repr_svg_(self) -> str:
        """The move as a picture, which notebooks show (:func:`scala40.drawing.move_svg`)."""
        # The pictures are a tool: loaded when a notebook asks for one.
        from scala40.drawing._values import move_picture

        return move_picture(self, drawn_pack(type(self)) == "spanish")

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
        """This move as a JSON-ready, versioned dictionary, under its game's format.

        :raises InvalidMoveError: the move is of a kind several games share (a knock
            game's), whose dictionary its game's move set writes (``game.move_set``,
            ``state.MOVES``).
        """
        return _own_move_set(type(self)).to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The move :meth:`to_dict` described, which must be of this class.

        :raises SerializationError: the data is malformed or describes another kind.
        :raises InvalidMoveError: the kind is one several games share (see :meth:`to_dict`).
        """
        move = _own_move_set(cls).from_dict(data)
        if not isinstance(move, cls):
            raise SerializationError(
                f"move: expected a {cls.__name__}, got a {type(move).__name__}"
            )
        return move


def _own_move_set(kind: type[MoveBase]) -> MoveSet:
    """The move set ``kind`` belongs to, for a kind of one game."""
    move_set: MoveSet | None = getattr(kind, "move_set", None)
    if move_set is None:
        raise InvalidMoveError(
            f"a {kind.__name__} is a move of several games, whose dictionaries name the "
            "game: write it with the game's move set (game.move_set.to_dict(move), "
            "state.MOVES.to_dict(move))"
        )
    return move_set


def drawn_pack(kind: type) -> str:
    """The pack a move of ``kind`` is drawn in: its game's (its move set's), or, for a
    kind several games share, the pack its notation writes melds in (a close's is
    Spanish)."""
    move_set: MoveSet | None = getattr(kind, "move_set", None)
    if move_set is not None:
        return move_set.pack
    notation: MeldNotation | None = getattr(kind, "notation", None)
    return "french" if notation is None else notation.pack


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


_MAX_KEPT_TEXT = 100
"""The longest move text :meth:`MoveSet.read_written` keeps the move of (the texts a
history repeats are a few words: longer ones are read each time, so that what is kept
stays small whatever is read)."""


class MoveSet:
    """The move kinds of one game: reads and writes any of them, text or dictionary.

    ``format`` and ``version`` head every dictionary (``scala40.move``, 2); dictionaries
    of every version from ``oldest_version`` are read. Each kind names the set as its own
    (``move.to_dict()``), unless the set is ``shared``: its kinds are other games' too
    (the knock family's), and its game's state or record names it.
    """

    def __init__(
        self,
        format: str,
        version: int,
        kinds: Sequence[type[MoveBase]],
        *,
        oldest_version: int | None = None,
        pack: str = "french",
        shared: bool = False,
    ) -> None:
        self.format = format
        self.pack = pack
        """The pack the game's cards are drawn in: ``"french"`` or ``"spanish"``."""
        self.version = version
        self.versions: range = range(oldest_version or version, version + 1)
        """The versions :meth:`from_dict` reads: from ``oldest_version`` to ``version``."""
        self.kinds: tuple[type[MoveBase], ...] = tuple(kinds)
        self.by_verb: dict[str, type[MoveBase]] = {}
        for kind in self.kinds:
            if not kind.verb or kind.verb in self.by_verb:  # pragma: no cover - a game's bug
                raise TypeError(f"move kind {kind.__name__} needs a verb of its own")
            self.by_verb[kind.verb] = kind
            if not shared:
                kind.move_set = self
        self._written: re.Pattern[str] | None = None
        self._texts_read: BoundedCache[str, MoveBase] = BoundedCache(
            f"{format} texts read", limit=HAND_LIMIT
        )
        """The moves of the short texts :meth:`read_written` read, by text: a state's
        history repeats the same few (a draw, the discard of a card), and a server reads
        states again and again."""

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
        """A regular expression matching a text that starts with a verb of the set, then
        anything after a space (:meth:`text_pattern` says how each word is written)."""
        verbs = "|".join(self.by_verb)
        return f"^(?:{verbs})(?: .+)?$"

    def words(self) -> tuple[str, ...]:
        """The words, besides the verbs, cards, table melds and numbers, that a move's
        text writes (the fields' :attr:`~scala40.movekinds.Codec.words`), sorted."""
        found = {
            word
            for kind in self.kinds
            for field in attrs.fields(kind)  # type: ignore[arg-type]
            for word in _codec(field).words
        }
        return tuple(sorted(found))

    def text_pattern(self) -> str:
        """A regular expression matching a move's text as the library writes it
        (``str(move)``), as a saved document holds it (a record's moves, a view's legal
        moves, a state's history): a verb of the set, then its words one space apart,
        each a card by its name and perhaps ``=`` and the card it stands for
        (``JK=10C``), a table meld (``#2``), a number without a leading zero, ``:`` or
        ``/`` (between a close's melds or a split's pieces), or one of :meth:`words`.
        Which words a verb takes, and in which order, is the reader's to say
        (:meth:`parse`); a text people write may spell each word in any way of
        C-NOTATION (``discard 7s``), a document's is written so.

        >>> from scala40.games.chinchon import MOVES
        >>> import re
        >>> pattern = re.compile(MOVES.text_pattern())
        >>> [bool(pattern.match(text)) for text in ("discard 7S", "discard 7s", "DRAW", "close 4C : AS 2S 3S")]
        [True, False, False, True]
        """
        verbs = "|".join(self.by_verb)
        words = "".join(f"|{word}" for word in self.words())
        word = (
            f"(?:{CARD_PATTERN})(?:=(?:{CARD_PATTERN}))?"
            "|#(?:0|[1-9][0-9]{0,4})|-?(?:0|[1-9][0-9]{0,6})|[:/]" + words
        )
        return f"^(?:{verbs})(?: (?:{word}))*$"

    def is_written(self, text: object) -> bool:
        """Whether ``text`` is a move's text as the library writes it
        (:meth:`text_pattern`), at most :data:`MAX_MOVE_TEXT` characters."""
        pattern = self._written
        if pattern is None:
            pattern = self._written = re.compile(self.text_pattern())
        return (
            isinstance(text, str) and len(text) <= MAX_MOVE_TEXT and bool(pattern.fullmatch(text))
        )

    def unwritten(self, text: object) -> str:
        """Why ``text`` is not a move's text as the library writes it (see
        :meth:`is_written`): its verb, or its first word, and how the library writes it.

        >>> from scala40.games.rumino import MOVES
        >>> MOVES.unwritten("Discard 7S"), MOVES.unwritten("discard  7S")
        ("the verb is written 'discard'", 'word 2 is empty: words are written one space apart')
        >>> MOVES.unwritten("discard 7s"), MOVES.unwritten("discard #07")
        ("'7s' at word 2 is written 7S", "'#07' at word 2 is no word of a move's text")
        """
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            return f"expected a move's text of at most {MAX_MOVE_TEXT} characters"
        verb, *words = text.split(" ")
        if verb not in self.by_verb:
            if verb.lower() in self.by_verb:
                return f"the verb is written {verb.lower()!r}"
            return f"unknown verb {describe(verb, 40)}: expected {self._expected()}"
        for position, word in enumerate(words, 2):
            if self.is_written(f"{verb} {word}"):
                continue
            if not word:
                return f"word {position} is empty: words are written one space apart"
            written = word.lower() if word.lower() in self.words() else None
            if written is None:
                with contextlib.suppress(InvalidCardError):
                    written = rewritten(word, meld=True)
            if written is None:
                return f"{describe(word, 40)} at word {position} is no word of a move's text"
            return f"{describe(word, 40)} at word {position} is written {written}"
        return "it is written as the library writes it"  # pragma: no cover - is_written

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

    def read_written(self, text: object) -> MoveBase:
        """The move of a text a saved document holds (a state's history): written as the
        library writes it (:meth:`is_written`), then read by :meth:`parse`.

        :raises InvalidMoveError: the text is not so written (the message says where and
            how the library writes it), or is no move of this game.
        """
        known = self._texts_read.get(text) if type(text) is str else None
        if known is not None:
            return known
        if not self.is_written(text):
            raise InvalidMoveError(f"move text {describe(text, 60)}: {self.unwritten(text)}")
        assert isinstance(text, str)
        move = self.parse(text)
        if len(text) <= _MAX_KEPT_TEXT:
            self._texts_read.put(text, move)
        return move

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
        # A dictionary writes a meld as the library does: its words one space apart.
        if len(text) > MAX_MOVE_TEXT or not written_meld(text):
            problem = "too long" if len(text) > MAX_MOVE_TEXT else unwritten(text, meld=True)
            raise SerializationError(f"move: field {cards_name!r}: {problem}")
        try:
            cards, readings = read_meld_readings(text.split(" "))
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


M = TypeVar("M")
"""The moves of one game (its package's ``Move``)."""


@attrs.frozen(eq=False)
class GameMoves(Generic[M]):
    """One game's move set with its functions typed as the game's moves: what a game's
    ``parse_move``, ``move_to_dict`` and ``move_from_dict`` are.

    >>> from scala40.games.scala40.moves import move_from_dict, move_to_dict, parse_move
    >>> move_to_dict(parse_move("discard 7H"))
    {'format': 'scala40.move', 'version': 2, 'type': 'discard', 'card': '7H'}
    >>> move_from_dict({"type": "discard", "card": "7H"}) == parse_move("discard 7h")
    True
    """

    moves: MoveSet
    """The game's move set, under its own format."""

    def parse_move(self, text: str) -> M:
        """Read a move from its notation (the inverse of ``str(move)``; case-insensitive).

        :raises InvalidMoveError: the text is not a move of this game; the message says why.
        """
        return cast("M", self.moves.parse(text))

    def move_to_dict(self, move: M) -> dict[str, Any]:
        """A JSON-ready, versioned dictionary for ``move``, under the game's format; cards
        are written in notation.

        :raises InvalidMoveError: ``move`` is not a move of this game.
        """
        return self.moves.to_dict(cast("MoveBase", move))

    def move_from_dict(self, data: Mapping[str, Any]) -> M:
        """The move a :meth:`move_to_dict` dictionary describes, every field checked.

        :raises SerializationError: the data is malformed, of another version, or not a
            move of this game.
        """
        return cast("M", self.moves.from_dict(data))


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
class DrawMove(MoveBase):
    """Draw the top card of the stock: ``draw``."""

    verb = "draw"


@attrs.frozen
class CardMove(MoveBase):
    """Play one card from the hand, the kind's verb saying where (``discard 7H``, Skarney's
    ``offer 7H``)."""

    card: Card = attrs.field(converter=as_move_card, metadata={"codec": CARD, "from_hand": True})


@attrs.frozen
class DiscardMove(CardMove):
    """Discard a card from the hand, ending the turn: ``discard 7H``."""

    verb = "discard"


@attrs.frozen
class SwapMove(MoveBase):
    """Put natural ``card`` from the hand in place of the wild card of table meld ``meld``
    that stands for it; the wild card comes to the hand. A game's kind names its verb
    (Scala 40's ``swap 8S #3``, Skarney's ``exchange 8S #3``)."""

    card: Card = attrs.field(converter=as_move_card, metadata={"codec": CARD, "from_hand": True})
    meld: int = attrs.field(converter=as_index, metadata={"codec": INDEX})


@attrs.frozen
class TakeDiscardMove(MoveBase):
    """Take the top card of the discard pile: ``take``."""

    verb = "take"


@attrs.frozen
class PutDownMove(MoveBase):
    """Put a new meld from the hand on the table: ``meld 8C 9C JK=10C``.

    ``cards`` are the meld's cards and ``represented`` what each stands for (C-WILD):
    ``None``, or the card itself, where the meld's cards are to fix it, or left empty for
    all of them.

    One value per meaning: the meld is put in its one form by the kind's
    :attr:`~MoveBase.notation` (:func:`~scala40.melds._spelling.canonical_meld`): a set's
    cards in suit order (♠ ♥ ♦ ♣ of the cards they stand for), a sequence low to high
    (the ace high after the king), every wild card's reading written once the cards fix
    it (by the other cards, or by its place in a sequence written either way), and
    ``represented`` empty when every card stands for itself and none is always wild
    (Skarney's 2s keep ``2S=2S``). Cards that can stand for several things and do not
    say which are refused with :class:`~scala40.MissingReadingError`; a meld of no cards,
    or a ``represented`` of another length, is refused too. Cards that make no meld are
    kept in card order, for the state to refuse.

    >>> from scala40.movekinds import PutDownMove
    >>> import attrs
    >>> @attrs.frozen
    ... class Meld(PutDownMove):
    ...     pass
    >>> [str(Meld(cards)) for cards in ("JK 7S 8S", "8S 7S JK", "7S 8S JK", "9C 9S JK 9H")]
    ['meld JK=6S 7S 8S', 'meld JK=6S 7S 8S', 'meld 7S 8S JK=9S', 'meld 9S 9H JK=9D 9C']
    >>> Meld("8S 9S 10S", "8S 9S 10S") == Meld("10S 9S 8S")
    True
    >>> Meld("9C 9D JK")
    Traceback (most recent call last):
    ...
    scala40.errors.MissingReadingError: JK in 9C 9D JK could stand for 9S or 9H: write JK=9S or JK=9H
    """

    verb = "meld"
    meld_fields: ClassVar[tuple[str, str] | None] = ("cards", "represented")
    cards: tuple[Card, ...] = attrs.field(
        converter=as_some_move_cards, metadata={"codec": CARDS, "from_hand": True}
    )
    represented: tuple[Card, ...] = attrs.field(
        default=(), converter=as_move_readings, metadata={"codec": CARDS}
    )

    def __attrs_post_init__(self) -> None:
        cards = self.cards
        readings: tuple[Card | None, ...] = self.represented
        if not readings:
            readings = (None,) * len(cards)
        elif len(readings) != len(cards):
            raise InvalidMoveError(
                f"a meld of {len(cards)} cards needs {len(cards)} represented cards, "
                f"got {len(readings)}"
            )
        cards, represented = canonical_meld(cards, readings, self.notation)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "represented", represented)

    @classmethod
    def of_meld(cls, meld: Meld) -> Self:
        """The move that puts down ``meld`` (a :class:`~scala40.melds.Meld` of the game's
        rules, in its one form already: the engines' way to list put-downs, which skips
        the constructor's work)."""
        return cls.unchecked(cards=meld.cards, represented=kept_readings(meld, cls.notation))

    def meld_text(self) -> str:
        return format_meld_text(self.cards, self.represented, self.notation.always_wild)

    def notation_args(self) -> list[str]:
        return [self.meld_text()]

    usage = "needs cards"

    @classmethod
    def from_notation_args(cls, args: list[str], text: str) -> Self:
        if not args:
            raise InvalidMoveError(cls.usage_error(text))
        cards, readings = read_meld_readings(args)
        return cls(cards, readings)


P = TypeVar("P", bound=PutDownMove)
"""A game's put-down kind."""


def put_downs(kind: type[P], game: str) -> tuple[Callable[[Meld], P], Callable[[P], Meld | None]]:
    """A game's ``put_down_of`` and ``meld_put_down``: the put-down move of each meld an
    engine lists (of the kind ``kind``), made once and shared, and the meld each such
    move was made for, while it is remembered (else ``None``: the engine's reading of
    its own moves, without reading their cards again).

    A meld is found by its identity (hashing a meld is a method call); an entry keeps
    its meld, so that the meld's id is not another's while the entry lasts. The caches
    are the functions' own variables, and the second function is the cache's ``get``
    itself: the engines call both on every put-down they list or apply.

    >>> from scala40.games.skarney.load import meld_from_spec
    >>> from scala40.games.skarney.moves import meld_put_down, put_down_of
    >>> meld = meld_from_spec("5S 2C 7S")
    >>> move = put_down_of(meld)
    >>> str(move), put_down_of(meld) is move, meld_put_down(move) is meld
    ('meld 5S 2C=6S 7S', True, True)
    """
    moves: BoundedCache[int, tuple[Meld, P]] = BoundedCache(f"{game} put-down moves")
    melds: BoundedCache[P, Meld] = BoundedCache(f"{game} put-down melds")

    def put_down_of(meld: Meld) -> P:
        """The move that puts ``meld`` down as it stands: it names what its wild cards
        stand for where the cards leave it open, and only then (which is also what the
        move's text gives back).

        :raises InvalidMoveError: ``meld`` is no :class:`~scala40.melds.Meld`.
        """
        entry = moves.get(id(meld))
        if entry is not None and entry[0] is meld:
            return entry[1]
        if type(meld) is not Meld:
            raise InvalidMoveError(f"expected a Meld, got {describe(meld)}")
        # A meld's cards are checked cards already, in their one form: the move is made
        # without the constructor's work.
        move = kind.of_meld(meld)
        moves.put(id(meld), (meld, move))
        melds.put(move, meld)
        return move

    return put_down_of, melds.get


_meld_end_converter = enum_converter(MeldEnd, optional=True)


def _meld_end(value: object) -> MeldEnd | None:
    converted: MeldEnd | None = _meld_end_converter(value)
    return converted


@attrs.frozen
class LayOffMove(MoveBase):
    """Add one card from the hand to table meld ``meld``; a game's kind names its verb:
    ``layoff JK=6S #2 low``.

    ``end`` says where (a sequence's low or high end, or into a set); ``represents`` is
    the card a wild card stands for. A move says both: a value, a text or a dictionary
    that leaves out the end, or a wild card's card, which only the table fixes
    (``layoff 9S #0``, ``layoff JK #0 low``), is refused with
    :class:`~scala40.MissingReadingError` naming what is missing; a state reads such a
    text or dictionary against its legal moves (``state.parse_move``).

    One value per meaning: a natural card said to stand for itself is a natural card, and
    ``represents`` is dropped (``layoff 8S=8S #0 high`` is ``layoff 8S #0 high``); a card
    always wild keeps what it stands for, even itself (Skarney's ``extend 2H=2H #0 low``,
    and a card added to a meld of wild cards, ``extend JK=JK #1 set``); any other card
    said to stand for a joker is refused; where a set's wild card names no suit (its
    :attr:`~MoveBase.notation`), a wild card added to a set stands for its rank in ♠
    (``extend JK=5D #0 set`` is ``extend JK=5S #0 set``).

    >>> from scala40.movekinds import LayOffMove, MoveSet
    >>> import attrs
    >>> @attrs.frozen
    ... class LayOff(LayOffMove):
    ...     verb = "layoff"
    >>> LayOff("8S", 0, "low", "8S"), str(LayOff("JK", 2, "low", "6S"))
    (LayOff(card='8S', meld=0, end='low'), 'layoff JK=6S #2 low')
    >>> MoveSet("example.move", 1, (LayOff,)).parse("layoff jk #2 low")
    Traceback (most recent call last):
    ...
    scala40.errors.MissingReadingError: layoff JK #2 low: missing what JK stands for (JK=CARD), which only the position gives: write it, or read the move in its position (state.parse_move)
    """

    card: Card = attrs.field(converter=as_move_card, metadata={"codec": CARD, "from_hand": True})
    meld: int = attrs.field(converter=as_index, metadata={"codec": INDEX})
    end: MeldEnd | None = attrs.field(
        default=None,
        converter=_meld_end,
        metadata={"codec": enum_codec(MeldEnd, optional=True), "state_fixes": True},
    )
    represents: Card | None = attrs.field(
        default=None,
        converter=as_optional_move_card,
        metadata={"codec": OPTIONAL_CARD, "state_fixes": True},
    )

    def __attrs_post_init__(self) -> None:
        represents = self.canonical_reading(self.card, self.end, self.represents)
        if represents != self.represents:
            object.__setattr__(self, "represents", represents)
        if not is_loose():
            missing = self.left_to_position()
            if missing is not None:
                raise MissingReadingError(
                    f"{self}: missing {missing}, which only the position gives: write it, "
                    "or read the move in its position (state.parse_move)"
                )

    @classmethod
    def canonical_reading(
        cls, card: Card, end: MeldEnd | None, represents: Card | None
    ) -> Card | None:
        """What a move adding ``card`` at ``end`` as ``represents`` keeps as its reading
        (the rules above): the engines' listings use it too.

        :raises InvalidMoveError: ``represents`` is a joker.
        """
        if represents is None:
            return None
        notation = cls.notation
        wild = card in notation.wild_cards
        if represents == card:
            # A wild card standing for itself (Skarney's 2 in its place, a card added to
            # a meld of wild cards) keeps it; a natural card says nothing.
            return card if wild else None
        if represents == JOKER:
            raise InvalidMoveError(
                f"{CARD_NAMES[card]}=JK: a card stands for a natural card, never for a joker"
            )
        if end is SET_END and not notation.set_names_suit and wild:
            return set_reading(represents)
        return represents

    def left_to_position(self) -> str | None:
        """The end, where none is given, and a wild card's card, where it is not said
        (see the class)."""
        missing = []
        if self.end is None:
            missing.append("where the card goes (low, high or set)")
        if self.represents is None and self.card in self.notation.wild_cards:
            name = CARD_NAMES[self.card]
            missing.append(f"what {name} stands for ({name}=CARD)")
        return " and ".join(missing) or None

    def extension_among(
        self, extensions: Iterable[Extension]
    ) -> tuple[Extension | None, list[Self]]:
        """The extension of a table meld (one of ``extensions``, the meld's) this move
        names, or ``None``; and then the moves of the extensions its card, end and
        reading may mean (a value that leaves out its end, or a wild card's reading), for
        the state's message: a value is legal only when it names one exactly.

        :raises InvalidMoveError: ``represents`` is a joker (never: refused on
            construction).
        """
        card, end, represents = self.card, self.end, self.represents
        notation = self.notation
        # (canonical_reading, written out: every listed lay-off applied comes here.)
        wild = card in notation.wild_cards
        by_rank = end is SET_END and not notation.set_names_suit and wild
        for ext in extensions:
            if ext.card == card and ext.end is end:
                given: Card | None = ext.represents
                if given == card:
                    given = card if wild else None
                elif by_rank:
                    given = set_reading(ext.represents)
                if given == represents:
                    return ext, []
        reading = self.canonical_reading
        fitting = [ext for ext in extensions if ext.card == card]
        kind = type(self)
        meant = [
            kind.unchecked(
                card=card,
                meld=self.meld,
                end=ext.end,
                represents=reading(card, ext.end, ext.represents),
            )
            for ext in fitting
        ]
        return None, [move for move in meant if kind.spelling_agrees(self, move)]

    @classmethod
    def spelling_agrees(cls, spelled: Any, listed: Any) -> bool:
        if spelled.card != listed.card or spelled.meld != listed.meld:
            return False
        if spelled.end is not None and spelled.end is not listed.end:
            return False
        if spelled.represents is None:
            return True
        wanted = listed.card if listed.represents is None else listed.represents
        in_set = listed.end is SET_END
        return reading_agrees(spelled.represents, wanted, in_set, cls.notation)

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
        # One card and what it stands for: JK=JK is a joker added to a meld of jokers
        # (canonical_reading judges the reading; a meld's words never take it).
        card_text, equals, reading_text = args[0].partition("=")
        card = parse_card(card_text)
        reading = parse_card(reading_text) if equals else None
        index = parse_index(args[1])
        end = args[2] if len(args) == 3 else None
        return cls(card, index, end, reading)
