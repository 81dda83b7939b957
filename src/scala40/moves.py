"""Moves: small frozen values with a text notation both ways.

A turn is made of atomic moves (S40-TURN): draw one card, then put down
melds, lay off cards, swap jokers (and, under S40-V-SPLIT, split sequences)
in any order, then discard. Chance events (dealing, reshuffling the discard
pile) are moves too, so that search code can see them; by default the engine
plays them itself from the state's randomness (C-RNG).

Table melds are named by their index in the state's table, ``#0`` first.

>>> from scala40.moves import parse_move
>>> move = parse_move("meld JK 9C 8C")
>>> move
PutDown(cards=(52, 47, 46), represented=())
>>> str(parse_move("layoff jk=6s #2 low"))
'layoff JK=6S #2 low'
>>> parse_move("discard 7H") == Discard(parse_move("discard 7h").card)
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs
from typing_extensions import Self

from scala40._serial import expect_header
from scala40.cards import CARD_NAMES, Card, as_card, as_cards, format_cards, parse_card
from scala40.errors import InvalidCardError, InvalidMoveError, SerializationError
from scala40.melds import MeldEnd

__all__ = [
    "MOVE_FORMAT_VERSION",
    "Deal",
    "Discard",
    "DrawStock",
    "LayOff",
    "Move",
    "PutDown",
    "Restock",
    "Split",
    "SwapJoker",
    "TakeDiscard",
    "TakeUpcard",
    "format_meld_spec",
    "move_from_dict",
    "move_to_dict",
    "parse_move",
]

MOVE_FORMAT_VERSION = 1
"""Version of the dictionaries of :func:`move_to_dict`."""


class _Serialized:
    """``to_dict``/``from_dict`` for every move class."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """This move as a JSON-ready, versioned dictionary (:func:`move_to_dict`)."""
        return move_to_dict(self)  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The move :meth:`to_dict` described, which must be of this class
        (:func:`move_from_dict`)."""
        move = move_from_dict(data)
        if not isinstance(move, cls):
            raise SerializationError(
                f"move: expected a {cls.__name__}, got a {type(move).__name__}"
            )
        return move


def _cards_field(value: object) -> tuple[Card, ...]:
    try:
        return as_cards(value)  # type: ignore[arg-type]
    except InvalidCardError as error:
        raise InvalidMoveError(str(error)) from error


def _card_field(value: object) -> Card:
    try:
        return as_card(value)
    except InvalidCardError as error:
        raise InvalidMoveError(str(error)) from error


def _optional_card(value: object) -> Card | None:
    return None if value is None else _card_field(value)


def _end_field(value: object) -> MeldEnd | None:
    if value is None or isinstance(value, MeldEnd):
        return value
    try:
        return MeldEnd(value)
    except ValueError:
        raise InvalidMoveError(f"expected an end (low, high or set), got {value!r}") from None


def _index_field(value: object) -> int:
    if type(value) is not int or value < 0:
        raise InvalidMoveError(f"expected a table meld index (0 or more), got {value!r}")
    return value


def format_meld_spec(cards: tuple[Card, ...], represented: tuple[Card, ...]) -> str:
    """Cards of a meld in notation, wild cards written ``JK=10C`` when their card is known."""
    if not represented:
        return " ".join(CARD_NAMES[c] for c in cards)
    return " ".join(
        CARD_NAMES[c] if c == r else f"{CARD_NAMES[c]}={CARD_NAMES[r]}"
        for c, r in zip(cards, represented)
    )


@attrs.frozen
class DrawStock(_Serialized):
    """Draw the top card of the stock (S40-DRAW-STOCK)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeDiscard(_Serialized):
    """Take the top card of the discard pile, to meld it this turn (S40-DRAW-DISCARD)."""

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class TakeUpcard(_Serialized):
    """First player only: take the turned-up card and keep it (S40-V-UPCARD)."""

    def __str__(self) -> str:
        return "upcard"


@attrs.frozen
class PutDown(_Serialized):
    """Put a new meld from the hand on the table (S40-OPEN, S40-AFTER-OPEN).

    ``cards`` are in meld order and ``represented`` gives the card each one
    stands for (C-WILD). ``represented`` may be left empty: the meld is then
    read as :func:`scala40.check_meld` reads it (by position, or the unique
    reading) when the move is applied.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_cards_field)
    represented: tuple[Card, ...] = attrs.field(default=(), converter=_cards_field)

    def __attrs_post_init__(self) -> None:
        if self.represented and len(self.represented) != len(self.cards):
            raise InvalidMoveError(
                f"a meld of {len(self.cards)} cards needs {len(self.cards)} represented cards, "
                f"got {len(self.represented)}"
            )

    def __str__(self) -> str:
        return "meld " + format_meld_spec(self.cards, self.represented)


@attrs.frozen
class LayOff(_Serialized):
    """Add one card from the hand to table meld ``meld`` (S40-AFTER-OPEN, S40-LAYOFF-JOKER).

    ``end`` says where (a sequence's low or high end, or into a set);
    ``represents`` is the card a wild card stands for (the card itself when natural).
    """

    card: Card = attrs.field(converter=_card_field)
    meld: int = attrs.field(converter=_index_field)
    end: MeldEnd | None = attrs.field(default=None, converter=_end_field)
    represents: Card | None = attrs.field(default=None, converter=_optional_card)

    def __str__(self) -> str:
        name = CARD_NAMES[self.card]
        if self.represents is not None and self.represents != self.card:
            name += "=" + CARD_NAMES[self.represents]
        end = f" {self.end.value}" if self.end is not None else ""
        return f"layoff {name} #{self.meld}{end}"


@attrs.frozen
class SwapJoker(_Serialized):
    """Put natural ``card`` in place of the joker that stands for it in table meld ``meld``;
    the joker goes to the hand (S40-SWAP)."""

    card: Card = attrs.field(converter=_card_field)
    meld: int = attrs.field(converter=_index_field)

    def __str__(self) -> str:
        return f"swap {CARD_NAMES[self.card]} #{self.meld}"


def _pieces_field(value: object) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]:
    try:
        return tuple((_cards_field(cards), _cards_field(rep)) for cards, rep in value)  # type: ignore[attr-defined]
    except (TypeError, ValueError) as error:
        if isinstance(error, InvalidMoveError):
            raise
        raise InvalidMoveError(
            f"expected split pieces as (cards, represented) pairs, got {value!r}"
        ) from None


def _order_field(value: object) -> tuple[Card, ...] | None:
    return None if value is None else _cards_field(value)


@attrs.frozen
class Split(_Serialized):
    """Add cards from the hand to table sequence ``meld`` and split the result into
    sequences of 3 to 5 cards (S40-V-SPLIT).

    ``added`` are the hand cards used; ``pieces`` the resulting sequences, each
    as ``(cards, represented)`` in meld order.
    """

    meld: int = attrs.field(converter=_index_field)
    added: tuple[Card, ...] = attrs.field(converter=_cards_field)
    pieces: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...] = attrs.field(
        converter=_pieces_field
    )

    def __str__(self) -> str:
        added = " ".join(CARD_NAMES[c] for c in self.added)
        pieces = " / ".join(format_meld_spec(cards, rep) for cards, rep in self.pieces)
        return f"split #{self.meld} {added} : {pieces}"


@attrs.frozen
class Discard(_Serialized):
    """Discard one card, ending the turn; discarding the last card closes (S40-DISCARD,
    S40-CLOSE)."""

    card: Card = attrs.field(converter=_card_field)

    def __str__(self) -> str:
        return f"discard {CARD_NAMES[self.card]}"


@attrs.frozen
class Deal(_Serialized):
    """Chance: shuffle the deck and deal a hand (S40-DEAL).

    ``order`` fixes the shuffled deck (top card last); ``None`` draws it from
    the state's randomness (C-RNG).
    """

    order: tuple[Card, ...] | None = attrs.field(default=None, converter=_order_field)

    def __str__(self) -> str:
        return (
            "deal" if self.order is None else "deal " + " ".join(CARD_NAMES[c] for c in self.order)
        )


@attrs.frozen
class Restock(_Serialized):
    """Chance: shuffle the discard pile into a new stock (S40-RESTOCK).

    ``order`` fixes the new stock (top card last); ``None`` draws it from the
    state's randomness (C-RNG).
    """

    order: tuple[Card, ...] | None = attrs.field(default=None, converter=_order_field)

    def __str__(self) -> str:
        if self.order is None:
            return "restock"
        return "restock " + " ".join(CARD_NAMES[c] for c in self.order)


Move: TypeAlias = (
    DrawStock
    | TakeDiscard
    | TakeUpcard
    | PutDown
    | LayOff
    | SwapJoker
    | Split
    | Discard
    | Deal
    | Restock
)
"""Any move of a Scala 40 game."""

_MELD_INDEX = re.compile(r"#?(\d+)$")


def _parse_spec(tokens: list[str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Parse ``8C 9C JK=10C``: cards, and what they stand for if any ``=`` is given."""
    cards: list[Card] = []
    represented: list[Card] = []
    any_given = False
    for token in tokens:
        if "=" in token:
            card_text, rep_text = token.split("=", 1)
            card, rep = parse_card(card_text), parse_card(rep_text)
            any_given = True
        else:
            card = parse_card(token)
            rep = card
        cards.append(card)
        represented.append(rep)
    return tuple(cards), (tuple(represented) if any_given else ())


def _parse_index(token: str, text: str) -> int:
    match = _MELD_INDEX.match(token)
    if not match:
        raise InvalidMoveError(f"expected a table meld like #2, got {token!r} in {text!r}")
    return int(match.group(1))


def parse_move(text: str) -> Move:
    """Read a move from its notation (the inverse of ``str(move)``; case-insensitive).

    >>> str(parse_move("SWAP 8s 3"))
    'swap 8S #3'
    >>> parse_move("jump")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidMoveError: unknown move 'jump': expected draw, take, upcard, meld, layoff, swap, split, discard, deal or restock
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"expected move text, got {text!r}")
    try:
        return _parse_move(text)
    except InvalidCardError as error:
        raise InvalidMoveError(f"{error} in move {text!r}") from error


def _parse_move(text: str) -> Move:
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise InvalidMoveError("empty move text")
    verb, args = tokens[0].lower(), tokens[1:]
    if verb in ("draw", "take", "upcard"):
        if args:
            raise InvalidMoveError(f"{verb!r} takes no arguments, got {text!r}")
        if verb == "draw":
            return DrawStock()
        return TakeDiscard() if verb == "take" else TakeUpcard()
    if verb in ("deal", "restock"):
        order = tuple(parse_card(t) for t in args) if args else None
        return Deal(order) if verb == "deal" else Restock(order)
    if verb == "meld":
        if not args:
            raise InvalidMoveError(f"'meld' needs cards, got {text!r}")
        cards, represented = _parse_spec(args)
        return PutDown(cards, represented)
    if verb == "discard":
        if len(args) != 1:
            raise InvalidMoveError(f"'discard' takes one card, got {text!r}")
        return Discard(parse_card(args[0]))
    if verb == "swap":
        if len(args) != 2:
            raise InvalidMoveError(f"'swap' takes a card and a table meld, got {text!r}")
        return SwapJoker(parse_card(args[0]), _parse_index(args[1], text))
    if verb == "layoff":
        if len(args) not in (2, 3):
            raise InvalidMoveError(f"'layoff' takes a card, a table meld and an end, got {text!r}")
        (card,), rep = _parse_spec(args[:1])
        end = _end_field(args[2].lower()) if len(args) == 3 else None
        return LayOff(card, _parse_index(args[1], text), end, rep[0] if rep else None)
    if verb == "split":
        if ":" not in args or len(args) < 3:
            raise InvalidMoveError(f"'split' reads 'split #N CARDS : PIECE / PIECE', got {text!r}")
        colon = args.index(":")
        index = _parse_index(args[0], text)
        added = tuple(parse_card(t) for t in args[1:colon])
        pieces_text = " ".join(args[colon + 1 :]).split("/")
        pieces = []
        for piece in pieces_text:
            cards, rep = _parse_spec(piece.split())
            pieces.append((cards, rep or cards))
        return Split(index, added, tuple(pieces))
    raise InvalidMoveError(
        f"unknown move {verb!r}: expected draw, take, upcard, meld, layoff, swap, split, "
        "discard, deal or restock"
    )


# -- dictionaries ------------------------------------------------------------------------

_VERBS: dict[type, str] = {
    DrawStock: "draw",
    TakeDiscard: "take",
    TakeUpcard: "upcard",
    PutDown: "meld",
    LayOff: "layoff",
    SwapJoker: "swap",
    Split: "split",
    Discard: "discard",
    Deal: "deal",
    Restock: "restock",
}

#: The fields each kind of move has in its dictionary, beside format, version and type.
_FIELDS: dict[str, tuple[str, ...]] = {
    "draw": (),
    "take": (),
    "upcard": (),
    "meld": ("cards", "represented"),
    "layoff": ("card", "meld", "end", "represents"),
    "swap": ("card", "meld"),
    "split": ("meld", "added", "pieces"),
    "discard": ("card",),
    "deal": ("order",),
    "restock": ("order",),
}


def move_to_dict(move: Move) -> dict[str, Any]:
    """A JSON-ready, versioned dictionary for ``move``; cards are written in notation.

    >>> move_to_dict(parse_move("layoff JK=6S #2 low"))
    {'format': 'scala40.move', 'version': 1, 'type': 'layoff', 'card': 'JK', 'meld': 2, 'end': 'low', 'represents': '6S'}
    >>> move_from_dict(move_to_dict(parse_move("meld JK 9C 8C"))) == parse_move("meld JK 9C 8C")
    True
    """
    verb = _VERBS.get(type(move))
    if verb is None:
        raise InvalidMoveError(f"expected a move, got {move!r}")
    data: dict[str, Any] = {"format": "scala40.move", "version": MOVE_FORMAT_VERSION, "type": verb}
    if isinstance(move, PutDown):
        data["cards"] = format_cards(move.cards)
        data["represented"] = format_cards(move.represented)
    elif isinstance(move, LayOff):
        data["card"] = CARD_NAMES[move.card]
        data["meld"] = move.meld
        data["end"] = None if move.end is None else move.end.value
        data["represents"] = None if move.represents is None else CARD_NAMES[move.represents]
    elif isinstance(move, SwapJoker):
        data["card"] = CARD_NAMES[move.card]
        data["meld"] = move.meld
    elif isinstance(move, Split):
        data["meld"] = move.meld
        data["added"] = format_cards(move.added)
        data["pieces"] = [[format_cards(cards), format_cards(rep)] for cards, rep in move.pieces]
    elif isinstance(move, Discard):
        data["card"] = CARD_NAMES[move.card]
    elif isinstance(move, (Deal, Restock)):
        data["order"] = None if move.order is None else format_cards(move.order)
    return data


def move_from_dict(data: Mapping[str, Any]) -> Move:
    """The move a :func:`move_to_dict` dictionary describes, every field checked.

    >>> move_from_dict({"format": "scala40.move", "version": 1, "type": "discard", "card": "7Z"})
    Traceback (most recent call last):
    ...
    scala40.errors.SerializationError: move: field 'card': bad card '7Z': expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK)

    :raises SerializationError: the data is malformed, of another version, or not a move.
    """
    data = expect_header(data, "move", MOVE_FORMAT_VERSION)
    verb = data.get("type")
    fields = _FIELDS.get(verb) if isinstance(verb, str) else None
    if fields is None:
        raise SerializationError(
            f"move: unknown type {verb!r}: expected one of {', '.join(_FIELDS)}"
        )
    expected = {"format", "version", "type", *fields}
    if set(data) != expected:
        missing = sorted(expected - set(data))
        unknown = sorted(set(data) - expected)
        raise SerializationError(
            f"move: a {verb!r} move has fields {sorted(fields)}; "
            f"missing {missing}, unknown {unknown}"
        )

    def field(name: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
        value = data[name]
        if value is None and optional:
            return None
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SerializationError(f"move: field {name!r} has the wrong type: {value!r}")
        return value

    def cards(name: str) -> tuple[Card, ...]:
        try:
            return as_cards(field(name, str))
        except InvalidCardError as error:
            raise SerializationError(f"move: field {name!r}: {error}") from None

    def card(name: str, optional: bool = False) -> Card | None:
        text = field(name, str, optional)
        if text is None:
            return None
        try:
            return parse_card(text)
        except InvalidCardError as error:
            raise SerializationError(f"move: field {name!r}: {error}") from None

    try:
        if verb == "draw":
            return DrawStock()
        if verb == "take":
            return TakeDiscard()
        if verb == "upcard":
            return TakeUpcard()
        if verb == "meld":
            return PutDown(cards("cards"), cards("represented"))
        if verb == "layoff":
            return LayOff(
                card("card"), field("meld", int), field("end", str, True), card("represents", True)
            )
        if verb == "swap":
            return SwapJoker(card("card"), field("meld", int))
        if verb == "split":
            pieces = field("pieces", list)
            if not all(isinstance(p, list) and len(p) == 2 for p in pieces):
                raise SerializationError(
                    "move: field 'pieces' must hold [cards, represented] pairs"
                )
            for piece in pieces:
                if not all(isinstance(part, str) for part in piece):
                    raise SerializationError(
                        f"move: field 'pieces': expected card text, got {piece!r}"
                    )
            return Split(
                field("meld", int), cards("added"), [(as_cards(a), as_cards(b)) for a, b in pieces]
            )
        if verb == "discard":
            return Discard(card("card"))
        order = data["order"]
        parsed = None if order is None else cards("order")
        return Deal(parsed) if verb == "deal" else Restock(parsed)
    except (InvalidMoveError, InvalidCardError) as error:
        raise SerializationError(f"move: {error}") from None
