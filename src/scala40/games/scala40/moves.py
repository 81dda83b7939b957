"""Scala 40 moves: small frozen values with a text notation both ways.

A turn is made of atomic moves (S40-TURN): draw one card, then put down
melds, lay off cards, swap jokers (and, under S40-V-SPLIT, split sequences)
in any order, then discard. Chance events (dealing, reshuffling the discard
pile) are moves too, so that search code can see them; by default the engine
plays them itself from the state's randomness (C-RNG).

Table melds are named by their index in the state's table, ``#0`` first. Each kind is
described once, as a class (see :mod:`scala40.movekinds`); :data:`MOVES` reads and
writes all of them.

Each move has one value, whatever way it is written: a meld's cards are put in meld
order and its joker's card is written out once the cards fix it (C-IDENTITY).

>>> from scala40 import Discard
>>> from scala40.games.scala40.moves import parse_move
>>> move = parse_move("meld JK 9C 8C")
>>> move, str(move)
(PutDown(cards='8C 9C JK', represented='8C 9C 10C'), 'meld 8C 9C JK=10C')
>>> parse_move("meld 8c 9c jk=10c") == parse_move("meld JK=10♣ 9♣ 8♣") == move
True
>>> str(parse_move("layoff jk=6s #2 low"))
'layoff JK=6S #2 low'
>>> parse_move("discard 7H") == Discard(parse_move("discard 7h").card)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeAlias, get_args

import attrs
from typing_extensions import Self

from scala40.cards import CARD_NAMES, Card, parse_card
from scala40.checks import describe
from scala40.errors import InvalidMoveError
from scala40.melds._spelling import (
    FRENCH_ACES,
    MeldNotation,
    canonical_meld,
    is_loose,
)
from scala40.movekinds import (
    CARDS,
    INDEX,
    MAX_MOVE_CARDS,
    DealMove,
    DiscardMove,
    DrawMove,
    GameMoves,
    LayOffMove,
    MoveBase,
    MoveSet,
    PutDownMove,
    RestockMove,
    SwapMove,
    TakeDiscardMove,
    as_index,
    as_move_cards,
    as_move_readings,
    as_some_move_cards,
    format_meld_text,
    melds_codec,
    parse_index,
    parse_meld_text,
    put_downs,
    read_meld_readings,
)
from scala40.resignation import ResignMove

__all__ = [
    "MOVES",
    "MOVE_FORMAT_VERSION",
    "SCALA40_NOTATION",
    "Deal",
    "Discard",
    "DrawStock",
    "LayOff",
    "Move",
    "PutDown",
    "Resign",
    "Restock",
    "Split",
    "SwapJoker",
    "TakeDiscard",
    "TakeUpcard",
    "format_meld_spec",
    "move_from_dict",
    "move_to_dict",
    "parse_meld_spec",
    "parse_move",
    "put_down_of",
]

SCALA40_NOTATION = MeldNotation((FRENCH_ACES,))
"""How Scala 40 writes melds: a French pack, the ace low or high (S40-SEQ), sets of
distinct suits, so that a set's joker stands for one definite card (S40-SET, S40-SWAP);
only the joker is wild (S40-JOKER)."""

MOVE_FORMAT_VERSION = 2
"""Version of the dictionaries of :func:`move_to_dict` (version 1, which wrote a meld's
wild cards' readings in a field of their own, is still read)."""


def format_meld_spec(cards: tuple[Card, ...], represented: tuple[Card, ...]) -> str:
    """Cards of a meld in notation, wild cards written ``JK=10C`` when their card is known.

    >>> from scala40.games.scala40.moves import format_meld_spec
    >>> format_meld_spec((52, 47, 46), (48, 47, 46))
    'JK=10C 9C 8C'

    :raises InvalidMoveError: a card is not a card, or the two lists differ in length.
    """
    cards = as_move_cards(cards)
    represented = as_move_cards(represented)
    if represented and len(represented) != len(cards):
        raise InvalidMoveError(
            f"{len(cards)} cards need {len(cards)} represented cards, got {len(represented)}"
        )
    return format_meld_text(cards, represented)


parse_meld_spec = parse_meld_text
"""Read ``8C 9C JK=10C``: the cards, and what each stands for when any ``=`` is given
(else an empty tuple), as every game reads a meld (:func:`~scala40.movekinds.parse_meld_text`)."""


@attrs.frozen
class DrawStock(DrawMove):
    """Draw the top card of the stock (S40-DRAW-STOCK)."""


@attrs.frozen
class TakeDiscard(TakeDiscardMove):
    """Take the top card of the discard pile, to meld it this turn (S40-DRAW-DISCARD)."""


@attrs.frozen
class TakeUpcard(MoveBase):
    """First player only: take the turned-up card and keep it (S40-V-UPCARD)."""

    verb = "upcard"


@attrs.frozen
class PutDown(PutDownMove):
    """Put a new meld from the hand on the table (S40-OPEN, S40-AFTER-OPEN).

    ``cards`` are the meld's cards and ``represented`` what each stands for (C-WILD),
    ``None`` or left empty where the cards fix it.

    One value per meaning (:class:`~scala40.movekinds.PutDownMove`): a set's cards in
    suit order, ♠ ♥ ♦ ♣ (S40-SET), a sequence low to high, the ace high after the king
    (S40-SEQ), the joker's card written once the cards fix it (S40-JOKER): ``meld JK 7S
    8S`` and ``meld 8S 7S JK`` are ``meld JK=6S 7S 8S``, ``meld 7S 8S JK`` is ``meld 7S
    8S JK=9S``, ``meld 9C 9D 9S JK`` is ``meld 9S JK=9H 9D 9C``; ``represented`` is
    empty when every card stands for itself (``meld 8S=8S 9S 10S`` is ``meld 8S 9S
    10S``). A set's joker with two suits missing is refused
    (:class:`~scala40.MissingReadingError`): the state reads ``meld 9C 9D JK`` against its
    legal moves (``state.parse_move``).

    >>> from scala40 import PutDown
    >>> PutDown("10S 9S 8S", "10S 9S 8S") == PutDown("8S 9S 10S")
    True
    >>> str(PutDown("9C JK 9S 9D"))
    'meld 9S JK=9H 9D 9C'
    """

    notation = SCALA40_NOTATION


put_down_of: Final = put_downs(PutDown, "scala40")[0]
"""The move that puts a meld down as it stands (:func:`~scala40.movekinds.put_downs`),
made once for each meld the engine lists."""


@attrs.frozen
class LayOff(LayOffMove):
    """Add one card from the hand to table meld ``meld`` (S40-AFTER-OPEN, S40-LAYOFF-JOKER).

    ``end`` says where (a sequence's low or high end, or into a set); ``represents`` is
    the card a wild card stands for. The legal moves name both; a text that leaves them
    out (``layoff 9S #0``, ``layoff JK #0 low``) is refused without a position
    (:class:`~scala40.MissingReadingError`) and read by the state (``state.parse_move``,
    which ``apply`` and ``is_legal`` use for texts).

    One value per meaning: a card said to stand for itself (``layoff 8S=8S #0 high``)
    is a natural card, and ``represents`` is dropped.

    >>> from scala40 import LayOff
    >>> LayOff("8S", 0, "low", "8S") == LayOff("8S", 0, "low")
    True
    """

    verb = "layoff"
    notation = SCALA40_NOTATION


@attrs.frozen
class SwapJoker(SwapMove):
    """Put natural ``card`` in place of the joker that stands for it in table meld ``meld``;
    the joker goes to the hand (S40-SWAP)."""

    verb = "swap"


Piece = tuple[tuple[Card, ...], tuple[Card, ...]]
"""A piece of a split: its cards in meld order, and what each stands for."""


def _pieces(value: object) -> tuple[Piece, ...]:
    """The converter of a split's pieces: (cards, represented) pairs, each put in its one
    form (:func:`_piece`), in one order (by what their cards stand for)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)):
        raise InvalidMoveError(
            f"expected split pieces as (cards, represented) pairs, got {describe(value)}"
        )
    if not value:
        raise InvalidMoveError("a split makes at least one piece, got none")
    pieces = []
    total = 0
    for pair in value:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise InvalidMoveError(
                f"expected split pieces as (cards, represented) pairs, got {describe(pair)}"
            )
        cards, readings = as_some_move_cards(pair[0]), as_move_readings(pair[1])
        total += len(cards)
        if total > MAX_MOVE_CARDS:
            raise InvalidMoveError(f"a split names at most {MAX_MOVE_CARDS} cards in its pieces")
        if readings and len(readings) != len(cards):
            raise InvalidMoveError(
                f"a piece of {len(cards)} cards needs {len(cards)} represented cards, "
                f"got {len(readings)}"
            )
        pieces.append(_piece(cards, readings or (None,) * len(cards)))
    if is_loose():
        return tuple(pieces)  # as written, for a state to match
    return tuple(sorted(pieces, key=lambda piece: (piece[1], piece[0])))


def _piece(cards: tuple[Card, ...], readings: tuple[Card | None, ...]) -> Piece:
    """A split's piece in its one form: a sequence low to high, every card's reading
    named (its wild cards' as :class:`PutDown` fixes them)."""
    cards, represented = canonical_meld(cards, readings, SCALA40_NOTATION, sequence_only=True)
    if is_loose():
        return cards, represented
    return cards, represented or cards


_PIECES = melds_codec("pieces", _pieces)


def _added(value: object) -> tuple[Card, ...]:
    """The converter of a split's added cards: in card order (which card comes first
    says nothing)."""
    return tuple(sorted(as_move_cards(value)))


@attrs.frozen
class Split(MoveBase):
    """Add cards from the hand to table sequence ``meld`` and split the result into
    sequences of 3 to 5 cards (S40-V-SPLIT).

    ``added`` are the hand cards used; ``pieces`` the resulting sequences, each
    as ``(cards, represented)``: ``split #0 9S : 5S 6S 7S / 8S 9S JK=10S``.

    One value per meaning: the added cards in card order, each piece a sequence low to
    high naming what every card stands for (its joker's card fixed as :class:`PutDown`
    fixes it: ``8S 9S JK`` is ``8S 9S JK=10S``), the pieces in the order of the cards
    they stand for; no pieces, an empty piece, or a ``represented`` of another length is
    refused.

    >>> from scala40.games.scala40.moves import Split
    >>> str(Split(0, "9S", [("JK 9S 8S", ()), ("7S 6S 5S", ())]))
    'split #0 9S : 5S 6S 7S / 8S 9S JK=10S'
    """

    verb = "split"
    notation = SCALA40_NOTATION
    meld: int = attrs.field(converter=as_index, metadata={"codec": INDEX})
    added: tuple[Card, ...] = attrs.field(
        converter=_added, metadata={"codec": CARDS, "from_hand": True}
    )
    pieces: tuple[Piece, ...] = attrs.field(converter=_pieces, metadata={"codec": _PIECES})

    def notation_args(self) -> list[str]:
        added = " ".join(CARD_NAMES[c] for c in self.added)
        pieces = " / ".join(format_meld_spec(cards, rep) for cards, rep in self.pieces)
        return [f"#{self.meld}", added, ":", pieces]

    @classmethod
    def from_notation_args(cls, args: list[str], text: str) -> Self:
        if ":" not in args or len(args) < 3:
            raise InvalidMoveError(f"'split' reads 'split #N CARDS : PIECE / PIECE', got {text!r}")
        colon = args.index(":")
        index = parse_index(args[0])
        added = tuple(parse_card(t) for t in args[1:colon])
        pieces = [
            read_meld_readings(piece.split()) for piece in " ".join(args[colon + 1 :]).split("/")
        ]
        return cls(index, added, tuple(pieces))


@attrs.frozen
class Discard(DiscardMove):
    """Discard one card, ending the turn; discarding the last card closes (S40-DISCARD,
    S40-CLOSE)."""


@attrs.frozen
class Deal(DealMove):
    """Chance: shuffle the deck and deal a hand (S40-DEAL)."""


@attrs.frozen
class Restock(RestockMove):
    """Chance: shuffle the discard pile into a new stock (S40-RESTOCK)."""


@attrs.frozen
class Resign(ResignMove):
    pass  # described by ResignMove, the same in every game


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
    | Resign
)
"""Any move of a Scala 40 game."""

MOVES = MoveSet("scala40.move", MOVE_FORMAT_VERSION, get_args(Move), oldest_version=1)
"""Every kind of Scala 40 move: reads and writes them as text and as dictionaries."""


_FUNCTIONS = GameMoves[Move](MOVES)
# Each name bound by an assignment of its own, so that a type checker reads its type.
parse_move: Final = _FUNCTIONS.parse_move
move_to_dict: Final = _FUNCTIONS.move_to_dict
move_from_dict: Final = _FUNCTIONS.move_from_dict
