"""Skarney moves: small frozen values with a text notation both ways.

A turn is made of atomic moves (SK-TURN): ``draw`` (unless stopped), exchanges, the melds
of the contract and any other melds and extensions, then ``offer CARD`` (or ``end`` with
one card left, or on the last turn of a hand). An offered card is then accepted or
declined, one seat at a time, each an out-of-turn decision of the seat offered
(SK-OFFER). Dealing is a chance move, played by the engine unless asked otherwise.

Table melds are named by their index in the state's table, ``#0`` first.

>>> from scala40.games.skarney.moves import parse_move
>>> parse_move("meld 5S 2C=6S 7S")
PutDown(cards='5S 2C 7S', represented='5S 6S 7S')
>>> str(parse_move("extend jk=8s #2 high")), str(parse_move("exchange 6s 3"))
('extend JK=8S #2 high', 'exchange 6S #3')
>>> [str(parse_move(text)) for text in ("offer 7h", "ACCEPT", "decline", "end", "draw")]
['offer 7H', 'accept', 'decline', 'end', 'draw']
"""

from __future__ import annotations

from typing import ClassVar, Final, TypeAlias, get_args

import attrs

from scala40.cards import JOKER, Card
from scala40.checks import describe
from scala40.games.skarney.rules import MELD_RULES
from scala40.melds import MeldEnd
from scala40.melds._spelling import FRENCH_ACES, MeldNotation
from scala40.movekinds import (
    CardMove,
    DealMove,
    DrawMove,
    GameMoves,
    LayOffMove,
    MoveBase,
    MoveSet,
    PutDownMove,
    SwapMove,
    format_meld_text,
    parse_meld_text,
    put_downs,
)
from scala40.resignation import ResignMove

__all__ = [
    "MOVES",
    "SKARNEY_NOTATION",
    "Accept",
    "Deal",
    "Decline",
    "DrawStock",
    "EndTurn",
    "Exchange",
    "Extend",
    "Move",
    "Offer",
    "PutDown",
    "Resign",
    "extend_of",
    "format_meld_spec",
    "meld_put_down",
    "move_from_dict",
    "move_to_dict",
    "parse_meld_spec",
    "parse_move",
    "put_down_of",
]

_WILD = MELD_RULES.wild_cards


parse_meld_spec = parse_meld_text
"""Read ``5S 2C=6S 7S``: the cards, and what each stands for when any ``=`` is given
(else an empty tuple), as every game reads a meld (:func:`~scala40.movekinds.parse_meld_text`)."""


def format_meld_spec(cards: tuple[Card, ...], represented: tuple[Card, ...]) -> str:
    """Cards of a meld in notation, each wild card written ``2C=6S`` when its card is given
    (even a 2 at its own place, ``2S=2S``: a 2 is always wild, SK-MELDS).

    >>> from scala40.games.skarney.moves import format_meld_spec
    >>> format_meld_spec((4, 40, 6), (4, 5, 6)), format_meld_spec((0, 1, 2), (0, 1, 2))
    ('5S 2C=6S 7S', 'AS 2S=2S 3S')
    """
    return format_meld_text(cards, represented, always=SKARNEY_NOTATION.always_wild)


@attrs.frozen
class DrawStock(DrawMove):
    """Draw the top card of the pile (SK-TURN step 1; skipped when stopped, SK-STOP)."""


@attrs.frozen
class Exchange(SwapMove):
    """Give natural ``card`` from the hand for the wild card of opponents' meld ``meld``
    that stands for it; the wild card comes to the hand (SK-EXCHANGE)."""

    verb = "exchange"


SKARNEY_NOTATION = MeldNotation(
    (FRENCH_ACES,), always_wild=_WILD - {JOKER}, set_names_suit=False, two_aces=True
)
"""How Skarney writes melds: a French pack, A-2-…-K-A with both aces natural in a
14-card sequence, the 2s always wild (a 2 standing for itself keeps ``2S=2S``), and a set
is "cards of that rank", so that its wild card names no suit (SK-MELDS)."""


class _MeldKind:
    """What Skarney's meld kinds add to the shared ones: its notation (SK-MELDS), and its
    messages cut a long text."""

    __slots__ = ()
    notation: ClassVar[MeldNotation] = SKARNEY_NOTATION
    verb: ClassVar[str]
    usage: ClassVar[str]

    @classmethod
    def usage_error(cls, text: str) -> str:
        return f"'{cls.verb}' {cls.usage}, got {describe(text)}"


@attrs.frozen
class PutDown(_MeldKind, PutDownMove):
    """Put a meld from the hand on the table: one of the contract's 3-card melds while the
    side has no contract (SK-CONTRACT), any meld after (SK-MELDS, SK-WILDMELD).

    ``cards`` are the meld's cards and ``represented`` what each stands for (C-WILD),
    ``None`` or left empty where the cards fix it.

    One value per meaning (:class:`~scala40.movekinds.PutDownMove`): a set's cards in
    suit order, a sequence low to high (A-2-…-K-A), a meld of wild cards in card order;
    the wild card's reading written once the cards fix it, a 2 keeping it even standing
    for itself (``meld AS 2S=2S 3S``: a 2 is always wild); a set's wild card stands for
    "a card of that rank", whatever suit is written (``meld 5S 5H 2C=5C`` is ``meld 5S
    5H 2C=5D``, the suit the meld engine gives it, SK-MELDS). ``represented`` is empty
    when every card stands for itself and none is a 2, or for a meld of wild cards only
    (SK-WILDMELD).

    >>> from scala40.games.skarney.moves import PutDown
    >>> PutDown("10S 9S 8S", "10S 9S 8S") == PutDown("8S 9S 10S")
    True
    >>> str(PutDown("AS 2S 3S")), str(PutDown("5S 2C 5H")), str(PutDown("2H 2S 2D"))
    ('meld AS 2S=2S 3S', 'meld 5S 5H 2C=5D', 'meld 2S 2H 2D')
    """


_PUT_DOWNS = put_downs(PutDown, "skarney")
put_down_of: Final = _PUT_DOWNS[0]
meld_put_down: Final = _PUT_DOWNS[1]
"""The move that puts a meld down as it stands, made once for each meld the engine lists;
and the meld such a move was made for, while it is remembered (else ``None``): the
engine's reading of its own moves, without reading their cards again
(:func:`~scala40.movekinds.put_downs`)."""


@attrs.frozen
class Extend(_MeldKind, LayOffMove):
    """Add one card from the hand to the side's table meld ``meld`` (SK-EXTEND).

    ``end`` says where (a sequence's low or high end, or into a set); ``represents`` is
    the card a wild card stands for. The legal moves name both; a text that leaves them
    out (``extend 9S #0``) is refused without a position
    (:class:`~scala40.MissingReadingError`) and read by the state (``state.parse_move``,
    which ``apply`` and ``is_legal`` use for texts).

    One value per meaning (:class:`~scala40.movekinds.LayOffMove`): a natural card said
    to stand for itself (``extend 8S=8S #0 high``) drops ``represents``; a 2 or a joker
    always says what it stands for, even itself (``extend 2S=2S #0 low``; ``extend
    JK=JK #1 set`` adds a joker to a meld of jokers, SK-WILDMELD); a wild card added to a
    set stands for its rank in ♠ (``extend JK=5D #0 set`` is ``extend JK=5S #0 set``: a
    set is "cards of that rank", SK-MELDS).

    >>> from scala40.games.skarney.moves import Extend
    >>> Extend("8S", 0, "low", "8S") == Extend("8S", 0, "low")
    True
    >>> str(Extend("2S", 0, "low", "2S")), str(Extend("JK", 1, "set", "5D"))
    ('extend 2S=2S #0 low', 'extend JK=5S #1 set')
    """

    verb = "extend"
    usage = "takes a card, a table meld and an end"


@attrs.frozen
class Offer(CardMove):
    """End the turn by offering ``card`` to the next seat (SK-OFFER)."""

    verb = "offer"


@attrs.frozen
class EndTurn(MoveBase):
    """End the turn without an offer: with one card left ("1 card"), or on the last turn
    of a hand, which ends it (SK-OFFER, SK-END, SK-LOOP)."""

    verb = "end"


@attrs.frozen
class Accept(MoveBase):
    """Out of turn: take the offered card into the hand (SK-OFFER, SK-STOP)."""

    verb = "accept"


@attrs.frozen
class Decline(MoveBase):
    """Out of turn: refuse the offered card; it goes on to the next seat, or back to the
    player who offered it (SK-OFFER)."""

    verb = "decline"


@attrs.frozen
class Deal(DealMove):
    """Chance: shuffle the deck and deal a hand (SK-DEAL)."""


@attrs.frozen
class Resign(ResignMove):
    pass  # described by ResignMove, the same in every game


Move: TypeAlias = (
    DrawStock | Exchange | PutDown | Extend | Offer | EndTurn | Accept | Decline | Deal | Resign
)
"""Any move of a Skarney game."""

MOVES = MoveSet("scala40.skarney.move", 2, get_args(Move), oldest_version=1)
"""Every kind of Skarney move: reads and writes them as text and as dictionaries."""


_FUNCTIONS = GameMoves[Move](MOVES)
# Each name bound by an assignment of its own, so that a type checker reads its type.
parse_move: Final = _FUNCTIONS.parse_move
move_to_dict: Final = _FUNCTIONS.move_to_dict
move_from_dict: Final = _FUNCTIONS.move_from_dict


def extend_of(card: Card, meld: int, end: MeldEnd, represents: Card) -> Extend:
    """The move adding ``card`` to table meld ``meld`` at ``end``, standing for
    ``represents`` (the card itself for a natural card), as an extension of a table meld
    gives them, in the one form the constructor would give it
    (:meth:`Extend.canonical_reading`)."""
    reading = Extend.canonical_reading(card, end, represents)
    return Extend.unchecked(card=card, meld=meld, end=end, represents=reading)
