"""The move kinds of the knock games, described once: one class per kind, the same in
every game of the family (``chinchon.DrawStock is laconga.DrawStock``). Each game allows
some of them (:data:`KNOCK_KINDS` or :data:`CLOSE_KINDS`), which its package names as one
type alias (``chinchon.Move``) and its state is generic in; its :class:`MoveKinds` reads
and writes them under the game's own :class:`~scala40.movekinds.MoveSet` and format. A
move's text is the same in every game; its dictionary names its game's format, so it is
written by the game's move set (``chinchon.move_to_dict(move)``, ``state.MOVES``).

==================  =====================================  =================================
notation            move                                   rules
==================  =====================================  =================================
``draw``            draw the top card of the stock         RU-TURN, CH-TURN
``take``            take the top card of the discard pile  RU-TURN, CH-TURN
``discard 7H``      discard a card, ending the turn        RU-TURN, CH-TURN
``knock``           end the hand instead of drawing        RU-KNOCK (Rumino)
``close 5C : …``    discard face down and show melds       CH-CLOSE (Chinchón, La Conga)
``claim``/``pass``  take a discard completing a Rumino     RU-RUMINO (``rumino_claim``)
``reenter``         re-enter after reaching the limit      LC-REENGANCHE, CH-END, RU-ELIM
``retire``          drop out instead                       LC-REENGANCHE, CH-END, RU-ELIM
``deal``            chance: shuffle and deal a hand        RU-DEAL, CH-DEAL, LC-DEAL
``restock``         chance: rebuild the stock              RU-RESTOCK, CH-RESTOCK
==================  =====================================  =================================

A close names the card discarded face down and the melds shown, each meld written as
its cards in order, a wild card followed by ``=`` and the card it stands for:
``close KS : 5S 5H JK=5D / AC 2C 3C``. The cards not in a meld are the unmatched ones.

Each close has one value, however it is written (C-IDENTITY): each meld is put in its
one form by the game's notation (:class:`~scala40.movekinds.PutDownMove` says which: a
set in suit order, a sequence low to high, each wild card's reading written once the
cards fix it; a set's wild card names no suit, CH-MELDS), and the melds in card order.

>>> from scala40.games.chinchon import move_to_dict, parse_move
>>> move = parse_move("close KS : 3C 2C AC / 5C 5H JK")
>>> str(move)
'close KS : AC 2C 3C / JK=5S 5H 5C'
>>> move_to_dict(move)["melds"]
['AC 2C 3C', 'JK=5S 5H 5C']
>>> move == parse_move("close ks : ac 2c 3c / 5h jk=5d 5c")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn, TypeAlias, get_args

import attrs
from typing_extensions import Self, TypeVar

from scala40.cards import CARD_NAMES, Card, parse_card
from scala40.checks import describe
from scala40.errors import InvalidCardError, InvalidMoveError
from scala40.melds import Meld
from scala40.melds._spelling import (
    SPANISH_40,
    SPANISH_48,
    MeldNotation,
    canonical_meld,
    is_loose,
    kept_readings,
)
from scala40.movekinds import (
    CARD,
    MAX_MOVE_CARDS,
    DealMove,
    DiscardMove,
    DrawMove,
    GameMoves,
    MoveBase,
    MoveSet,
    RestockMove,
    TakeDiscardMove,
    as_move_card,
    as_move_readings,
    as_some_move_cards,
    format_meld_text,
    melds_codec,
    parse_meld_text,
    read_meld_readings,
)
from scala40.resignation import ResignMove

__all__ = [
    "CLAIM_MOVE",
    "CLOSE_KINDS",
    "DEAL_MOVE",
    "DISCARDS",
    "DRAW_MOVE",
    "KNOCK_KINDS",
    "KNOCK_MOVE",
    "MAX_CLOSE_MELDS",
    "PASS_MOVE",
    "REENTER_MOVE",
    "RESTOCK_MOVE",
    "RETIRE_MOVE",
    "SPANISH_NOTATION",
    "TAKE_MOVE",
    "Claim",
    "Close",
    "CloseMove",
    "Deal",
    "Discard",
    "DrawStock",
    "Knock",
    "KnockMove",
    "MeldSpec",
    "Move",
    "MoveKinds",
    "Pass",
    "Reenter",
    "Resign",
    "Restock",
    "Retire",
    "SharedKind",
    "TakeDiscard",
    "format_meld_spec",
    "meld_spec",
    "parse_meld_spec",
]

SPANISH_NOTATION = MeldNotation((SPANISH_40, SPANISH_48), set_names_suit=False, pack="spanish")
"""How a close writes melds: a Spanish pack of 40 or 48 cards (the jack follows the 7, or
the 9), the ace low only, and a set is "cards of that rank", so that a set's wild card
names no suit (CH-DECK, CH-MELDS). The A of coins, wild under some rules, is written with
its reading when it stands for another card (``AD=7C``). :class:`Close` names it (Rumino
shows no melds in a move; a game that closes plays with the Spanish pack)."""

MeldSpec = tuple[tuple[Card, ...], tuple[Card, ...]]
"""A meld as a move names it: its cards in order, and what each stands for (an empty
tuple when every card stands for itself)."""


def meld_spec(meld: Meld) -> MeldSpec:
    """How a move names ``meld``: its cards, and what they stand for if any card stands
    for another."""
    return (meld.cards, () if meld.represented == meld.cards else meld.represented)


def format_meld_spec(spec: MeldSpec) -> str:
    """A meld's text: ``8C 9C JK=10C``.

    >>> from scala40.games._knock.moves import format_meld_spec
    >>> format_meld_spec(((46, 47, 52), (46, 47, 48)))
    '8C 9C JK=10C'
    """
    return format_meld_text(*spec)


def parse_meld_spec(text: str) -> MeldSpec:
    """Read ``8C 9C JK=10C`` (the inverse of :func:`format_meld_spec`): the cards as
    written, and what they stand for when any card stands for another.

    >>> from scala40.games._knock.moves import parse_meld_spec
    >>> parse_meld_spec("8C 9C JK=10C")
    ((46, 47, 52), (46, 47, 48))
    """
    cards, represented = parse_meld_text(text.replace(",", " ").split())
    if not cards:
        raise InvalidMoveError("a meld needs cards, got none")
    return (cards, () if represented == cards else represented)


MAX_CLOSE_MELDS = 100
"""The most melds a close may name (a hand of eight cards shows two at most)."""


def _as_melds(value: object) -> tuple[MeldSpec, ...]:
    """The converter of a close's melds: a list or tuple of pairs of cards and represented
    cards (or meld texts, or :class:`~scala40.melds.Meld` values), at most
    :data:`MAX_CLOSE_MELDS` melds of at most :data:`~scala40.movekinds.MAX_MOVE_CARDS`
    cards in all, each as its cards and what each is said to stand for (``None``: not
    said); the close puts them in their one form."""
    if not isinstance(value, (list, tuple)):
        raise InvalidMoveError(f"expected a list of melds, got {describe(value)}")
    if len(value) > MAX_CLOSE_MELDS:
        raise InvalidMoveError(f"a close shows at most {MAX_CLOSE_MELDS} melds, got {len(value)}")
    specs: list[tuple[tuple[Card, ...], tuple[Card | None, ...]]] = []
    try:
        for item in value:
            if isinstance(item, Meld):
                specs.append((item.cards, item.represented))
            elif isinstance(item, str):
                specs.append(read_meld_readings(item.replace(",", " ").split()))
            elif isinstance(item, (list, tuple)) and len(item) == 2:
                cards, represented = item
                specs.append((as_some_move_cards(cards), as_move_readings(represented)))
            else:
                raise InvalidMoveError(
                    f"expected melds as (cards, represented) pairs or texts, got {describe(item)}"
                )
    except InvalidCardError as error:
        raise InvalidMoveError(str(error)) from error
    for cards, represented in specs:
        if represented and len(represented) != len(cards):
            raise InvalidMoveError(
                f"a meld of {len(cards)} cards names {len(represented)} represented cards"
            )
    if sum(len(cards) for cards, _ in specs) > MAX_MOVE_CARDS:
        raise InvalidMoveError(f"a close names at most {MAX_MOVE_CARDS} cards in its melds")
    return tuple(specs)  # type: ignore[arg-type]  # readings: put in their form by the close


_MELDS = melds_codec("melds", _as_melds)


# What makes a kind the family's, shared by its games: its move names no game, so it
# writes no dictionary of its own. Its dictionary names its game's format, and its game
# writes it (chinchon.move_to_dict(move), game.move_to_dict(move),
# state.MOVES.to_dict(move)); to_dict and from_dict only refuse, and say so in their
# types. The first base of each kind, before its move base. It has no docstring: a kind
# that adds nothing to its move base's description (Resign) inherits that one, as the
# move schemas and the verbs' tables read it, and not this class's.
class SharedKind:
    __slots__ = ()

    def to_dict(self) -> NoReturn:
        """Refused: the move names no game (see the class).

        :raises InvalidMoveError: always, naming the game's writers.
        """
        raise InvalidMoveError(_shared_refusal(type(self)))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> NoReturn:
        """Refused: a dictionary names its game, whose move set reads it
        (``chinchon.move_from_dict(data)``, ``state.MOVES.from_dict(data)``).

        :raises InvalidMoveError: always, naming the game's readers.
        """
        raise InvalidMoveError(_shared_refusal(cls))


def _shared_refusal(kind: type) -> str:
    return (
        f"a {kind.__name__} is a move of several games, whose dictionaries name the "
        "game: write it with the game's move set (game.move_set.to_dict(move), "
        "state.MOVES.to_dict(move))"
    )


@attrs.frozen
class DrawStock(SharedKind, DrawMove):
    """Draw the top card of the stock (RU-TURN, CH-TURN)."""


@attrs.frozen
class TakeDiscard(SharedKind, TakeDiscardMove):
    """Take the top card of the discard pile (RU-TURN, CH-TURN)."""


@attrs.frozen
class Discard(SharedKind, DiscardMove):
    """Discard a card face up, ending the turn (RU-TURN, CH-TURN; La Conga's first player's
    first turn, LC-DEAL)."""


@attrs.frozen
class Knock(SharedKind, MoveBase):
    """Knock instead of drawing: the hand ends and every hand is scored (RU-KNOCK)."""

    verb = "knock"


@attrs.frozen
class Close(SharedKind, MoveBase):
    """Discard ``card`` face down and show the other cards: ``melds``, the rest unmatched
    (CH-CLOSE). The hand ends.

    One value per meaning: each meld in its one form by the game's
    :attr:`~scala40.movekinds.MoveBase.notation` (as
    :class:`~scala40.movekinds.PutDownMove` puts a meld: a set in suit order, a sequence
    low to high, the La Conga mano's 8-card run too, every wild card's reading written
    once the cards fix it, none when every card stands for itself), the melds in card
    order; a meld whose wild cards the cards do not fix is refused
    (:class:`~scala40.MissingReadingError`), as is a meld of no cards or represented
    cards of another length.
    """

    verb = "close"
    notation = SPANISH_NOTATION
    card: Card = attrs.field(converter=as_move_card, metadata={"codec": CARD, "from_hand": True})
    melds: tuple[MeldSpec, ...] = attrs.field(
        default=(), converter=_as_melds, metadata={"codec": _MELDS}
    )

    def cards_from_hand(self) -> tuple[Card, ...]:
        # The card discarded face down and every card shown in a meld.
        return (self.card, *(card for cards, _ in self.melds for card in cards))

    def __attrs_post_init__(self) -> None:
        notation = self.notation
        melds = tuple(
            canonical_meld(cards, readings or (None,) * len(cards), notation)
            for cards, readings in self.melds
        )
        object.__setattr__(self, "melds", melds if is_loose() else tuple(sorted(melds)))

    @classmethod
    def of_melds(cls, card: Card, melds: Sequence[Meld]) -> Self:
        """The close discarding ``card`` and showing ``melds`` (the game's own melds, in
        their one form already): the engine's way to list closes, which skips the
        constructor's work."""
        shown = tuple(sorted((meld.cards, kept_readings(meld, cls.notation)) for meld in melds))
        return cls.unchecked(card=card, melds=shown)

    def notation_args(self) -> list[str]:
        args = [CARD_NAMES[self.card]]
        if self.melds:
            args += [":", _MELDS.to_text(self.melds)]
        return args

    @classmethod
    def from_notation_args(cls, args: list[str], text: str) -> Self:
        if not args or (len(args) > 1 and args[1] != ":") or len(args) == 2:
            raise InvalidMoveError(
                f"'close' reads 'close CARD' or 'close CARD : MELD / MELD', got {describe(text)}"
            )
        card = parse_card(args[0])
        melds = " ".join(args[2:]).split("/") if len(args) > 2 else []
        if any(not part.strip() for part in melds):
            raise InvalidMoveError(f"an empty meld in {describe(text)}")
        return cls(card, melds)


@attrs.frozen
class Claim(SharedKind, MoveBase):
    """Out of turn: take the discard that completes a Rumino, and win (RU-RUMINO)."""

    verb = "claim"


@attrs.frozen
class Pass(SharedKind, MoveBase):
    """Out of turn: let the discard that would complete a Rumino go (RU-RUMINO)."""

    verb = "pass"


@attrs.frozen
class Reenter(SharedKind, MoveBase):
    """Out of turn, after a hand: re-enter at the highest total still in (RU-ELIM, CH-END,
    LC-REENGANCHE)."""

    verb = "reenter"


@attrs.frozen
class Retire(SharedKind, MoveBase):
    """Out of turn, after a hand: drop out instead of re-entering (RU-ELIM, CH-END,
    LC-REENGANCHE)."""

    verb = "retire"


@attrs.frozen
class Deal(SharedKind, DealMove):
    """Chance: shuffle the deck and deal a hand (RU-DEAL, CH-DEAL, LC-DEAL). ``order`` fixes the
    shuffled deck (top card last); ``None`` draws it from the state's randomness (C-RNG).
    An order of no cards is refused."""


@attrs.frozen
class Restock(SharedKind, RestockMove):
    """Chance: shuffle the discard pile but its top card into a new stock (RU-RESTOCK,
    CH-RESTOCK). ``order`` fixes the new stock (top card last); an order of no cards is
    refused."""


@attrs.frozen
class Resign(SharedKind, ResignMove):
    pass  # described by ResignMove, the same in every game


KnockMove: TypeAlias = (
    DrawStock
    | TakeDiscard
    | Knock
    | Discard
    | Claim
    | Pass
    | Reenter
    | Retire
    | Deal
    | Restock
    | Resign
)
"""A move of a game that knocks, as Rumino does (its package's ``Move``): the kinds it
allows, in the order its notation lists them (RU-TURN, RU-KNOCK, RU-RUMINO, RU-ELIM)."""

CloseMove: TypeAlias = (
    DrawStock | TakeDiscard | Discard | Close | Reenter | Retire | Deal | Restock | Resign
)
"""A move of a game that closes, as Chinchón and La Conga do (its package's ``Move``):
the kinds it allows, in the order its notation lists them (CH-TURN, CH-CLOSE, CH-END)."""

Move: TypeAlias = KnockMove | CloseMove
"""Any move of a knock game; each game allows some of the kinds, which its package names
(``chinchon.Move``)."""

KNOCK_KINDS = frozenset(get_args(KnockMove))
"""The kinds of a game that knocks, as Rumino does (RU-TURN, RU-KNOCK, RU-RUMINO, RU-ELIM)."""

CLOSE_KINDS = frozenset(get_args(CloseMove))
"""The kinds of a game that closes, as Chinchón and La Conga do (CH-TURN, CH-CLOSE,
CH-END)."""

# The moves the engine lists, made once: a move is a value, the same in every game.
DISCARDS = tuple(Discard(card) for card in range(53))
"""The discard of each card code."""
DRAW_MOVE = DrawStock()
TAKE_MOVE = TakeDiscard()
KNOCK_MOVE = Knock()
CLAIM_MOVE = Claim()
PASS_MOVE = Pass()
REENTER_MOVE = Reenter()
RETIRE_MOVE = Retire()
DEAL_MOVE = Deal()
RESTOCK_MOVE = Restock()

M = TypeVar("M", default=Any)
"""The kinds one game allows, as its package names them (``chinchon.Move``)."""


@attrs.frozen(eq=False)
class MoveKinds(GameMoves[M]):
    """One knock game's moves (:meth:`declare`): the family's kinds it allows, and its
    move set, which reads and writes them under the game's format.

    >>> from scala40.games import chinchon
    >>> chinchon.KINDS
    MoveKinds('chinchon', DrawStock, TakeDiscard, Discard, Close, Reenter, Retire, Deal, Restock, Resign)
    """

    game: str
    """The game's registry name, which names its formats."""
    title: str
    """The game's title, for messages."""
    kinds: frozenset[type[MoveBase]] = attrs.field(repr=False)
    """The kinds the game allows."""
    knocks: bool = attrs.field(init=False, repr=False)
    """Whether the game knocks (:data:`KNOCK_KINDS`), or closes: what the generator asks
    at every draw."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "knocks", self.kinds == KNOCK_KINDS)

    def __repr__(self) -> str:
        # The kinds in the order the notation lists them (a frozenset's changes from one
        # process to the next).
        names = ", ".join(kind.__name__ for kind in self.moves.kinds)
        return f"MoveKinds({self.game!r}, {names})"

    @classmethod
    def declare(
        cls, game: str, title: str, kinds: Sequence[type[MoveBase]], *, pack: str = "french"
    ) -> MoveKinds[Any]:
        """The moves of the knock game ``game`` (its registry name; ``title`` for
        messages): ``kinds``, the family's kinds of a game that knocks or of one that
        closes (:data:`KNOCK_KINDS`, :data:`CLOSE_KINDS`), in the order its notation lists
        them; its move set reads and writes them under the format ``scala40.GAME.move``
        (version 2, and version 1 read too); ``pack`` is the pack its cards are drawn in
        (``"french"`` or ``"spanish"``; a game that closes, the Spanish pack, whose order
        its closes write melds in: CH-MELDS).

        :raises TypeError: the kinds are neither set of the family's, or the pack does not
            fit them (a game's bug, found when its package is imported).

        >>> from scala40.games import chinchon
        >>> kinds = chinchon.KINDS
        >>> kinds.moves.to_dict(kinds.moves.parse("discard 7H"))
        {'format': 'scala40.chinchon.move', 'version': 2, 'type': 'discard', 'card': '7H'}
        >>> kinds.moves.verbs
        ('draw', 'take', 'discard', 'close', 'reenter', 'retire', 'deal', 'restock', 'resign')
        """
        allowed = frozenset(kinds)
        if allowed not in (KNOCK_KINDS, CLOSE_KINDS) or len(allowed) != len(kinds):
            raise TypeError(
                f"{game}: the kinds of a game that knocks or of one that closes, each once, "
                f"not {', '.join(kind.__name__ for kind in kinds)}"
            )
        packs = ("spanish",) if Close in allowed else ("french", "spanish")
        if pack not in packs:
            raise TypeError(
                f"{game}: the pack of a game that {'closes' if Close in allowed else 'knocks'}"
                f" is one of {packs} (a close writes melds in the Spanish order), not {pack!r}"
            )
        moves = MoveSet(
            f"scala40.{game}.move", 2, tuple(kinds), oldest_version=1, pack=pack, shared=True
        )
        return cls(moves=moves, game=game, title=title, kinds=allowed)
