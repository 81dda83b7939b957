"""The Skarney state's record: its fields and its format, and what follows from the
fields alone (whose turn it is, the sides, the cards). The engine, the move generator and
the views read states through this class only; :class:`~scala40.games.skarney.state.GameState`
adds the rules' API on top of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Protocol

import attrs

from scala40._base.state import GameView
from scala40._base.state_record import Position, RecordBase, TableFields, field_group, order_fields
from scala40._format.codecs import (
    BOOL,
    CARD_LISTS,
    COUNT,
    COUNTS,
    FLAGS,
    OPTIONAL_CARD,
    OPTIONAL_SEAT,
    PER_SIDE,
    SEATS,
    TOTALS,
)
from scala40._format.specs import Usual, spec
from scala40._format.text_fields import LengthOf
from scala40.cards import Card
from scala40.checks import describe, is_int
from scala40.errors import (
    InvalidValueError,
)
from scala40.games.skarney.moves import Deal, Move
from scala40.games.skarney.phases import (
    DRAW,
    OFFER,
    PLAY,
    HandResult,
    Phase,
    side_of,
    side_seats,
)
from scala40.games.skarney.result import HAND_RESULT
from scala40.games.skarney.rules import Ruleset
from scala40.match import singles

__all__ = ["STATE_FORMAT", "STATE_FORMAT_VERSION", "SkarneyFields", "StateRecord"]

STATE_FORMAT = "scala40.skarney.state"
STATE_FORMAT_VERSION = 2


class _Position(Position, Protocol):
    """A Skarney position, as its group's property reads it."""

    @property
    def offer_to(self) -> int | None: ...


@field_group
class SkarneyFields(TableFields):
    """The fields of a Skarney game that every seat sees: its record's and its views'
    (:class:`StateRecord`, :class:`~scala40.games.skarney.view.PlayerView`), each
    declared once with its spec (:mod:`scala40._format.specs`): the table's
    (:class:`~scala40._base.state_record.TableFields`) and these."""

    owners: tuple[int, ...] = attrs.field(
        metadata=spec(
            SEATS.with_per("table"), "the side that owns each meld of the table", place=11
        )
    )
    """The seat that put down each table meld; its side owns it (SK-EXTEND, SK-SCORE-MELDS)."""
    contracts: tuple[bool, ...] = attrs.field(
        metadata=spec(
            FLAGS.with_per(PER_SIDE),
            "whether each side has made its contract (SK-CONTRACT)",
            usual=False,
        )
    )
    """For each side, whether it has made its contract this hand (SK-CONTRACT)."""
    totals: tuple[int, ...] = attrs.field(
        metadata=spec(TOTALS.with_per(PER_SIDE), "each side's total", place=40)
    )
    """Each side's running total (SK-GAME)."""
    stopped: tuple[bool, ...] = attrs.field(
        metadata=spec(FLAGS, "whether each seat has stopped the offers (SK-OFFER)", usual=False)
    )
    """Seats that accepted a stop card and skip their next draw (SK-STOP)."""
    known: tuple[tuple[Card, ...], ...] = attrs.field(
        metadata=spec(CARD_LISTS, "the cards each seat is known to hold", usual=())
    )
    """Cards everyone knows each seat holds: cards it accepted, or offered and kept
    (SK-OFFER), while they stay in its hand."""
    accepted: tuple[tuple[Card, ...], ...] = attrs.field(
        metadata=spec(CARD_LISTS, "the cards each seat accepted from offers", usual=())
    )
    """Cards each seat accepted since its last turn ended (SK-OFFER ``no_offer_back``)."""
    turn_number: int = attrs.field(
        metadata=spec(COUNT, "the turn being played this hand, from 1", usual=1)
    )
    """The turn being played in the hand, from 1 (SK-LOOP)."""
    melded: bool = attrs.field(
        metadata=spec(BOOL, "whether the seat to play has melded this turn", usual=False)
    )
    """Whether the player to move has put down or extended a meld this turn: exchanges come
    before (SK-TURN)."""
    contract_now: bool = attrs.field(
        metadata=spec(BOOL, "whether the contract was made this turn", usual=False)
    )
    """Whether the player to move made his side's contract this turn (SK-TURN)."""
    progress: int = attrs.field(
        metadata=spec(COUNT, "the melds of the contract put down this turn", usual=0)
    )
    """Contract melds put down this turn towards a contract not yet complete (SK-CONTRACT)."""
    fresh_from: int = attrs.field(
        metadata=spec(
            COUNT,
            "the first meld of the table put down this turn",
            usual=Usual(LengthOf("table")),
        )
    )
    """The index of the first table meld put down this turn (SK-EXTEND)."""
    extended: tuple[int, ...] = attrs.field(
        metadata=spec(
            COUNTS.with_per("table"), "the cards laid off on each meld this turn", usual=0
        )
    )
    """Cards added this turn to each table meld (SK-EXTEND)."""
    offer_card: Card | None = attrs.field(
        metadata=spec(OPTIONAL_CARD, "the card on offer (SK-OFFER)", usual=None)
    )
    """The card being offered, in the offer phase (SK-OFFER)."""
    offer_to: int | None = attrs.field(
        metadata=spec(OPTIONAL_SEAT, "the seat the card is offered to", usual=None)
    )
    """The seat the card is offered to, who decides now (SK-OFFER)."""
    winners: tuple[int, ...] = attrs.field(
        metadata=spec(SEATS, "the sides' seats that won the match", usual=())
    )
    """The seats of the side (or sides) that won, once the game is over (SK-GAME)."""

    # What follows from these fields and the common ones, the same for a state and a view.

    @property
    def current_player(self: _Position) -> int | None:
        """The seat that decides now: the player whose turn it is, or the seat a card is
        offered to (SK-OFFER); ``None`` at a deal or the end."""
        if self.phase is OFFER:
            return self.offer_to
        return self.turn if self.phase in (DRAW, PLAY) else None


@attrs.frozen(repr=False, weakref_slot=False, field_transformer=order_fields)
class StateRecord(SkarneyFields, RecordBase[Move, Ruleset, Phase, GameView, HandResult]):
    """The fields of a whole Skarney game at one moment (the base of
    :class:`~scala40.games.skarney.state.GameState`, which is what games are played
    with): :class:`~scala40._base.state_record.RecordBase`'s, where ``turn`` is the player whose
    turn it is (while a card is offered: the player who offered it), an offered card
    stays in its owner's hand until accepted, and the stock is the draw pile; the
    public ones of ``SkarneyFields``. The constructor checks nothing: never call it with
    values from outside."""

    game_name: ClassVar[str] = "skarney"
    """The name of the game in the registry (:func:`scala40.game.load_game`)."""
    FORMAT: ClassVar[str] = STATE_FORMAT
    FORMAT_VERSION: ClassVar[int] = STATE_FORMAT_VERSION
    RULESET = Ruleset
    PHASES = Phase
    CHANCE_MOVES: ClassVar[tuple[type[Deal], ...]] = (Deal,)
    HAND_RESULT = HAND_RESULT
    ABOUT: ClassVar[str] = (
        "A Skarney game at one moment: the rules, every hand, the pile, the table's melds "
        "and their owners, the sides' contracts and totals, the card on offer and the "
        "randomness to come."
    )
    SETTER_FIELDS: ClassVar[Mapping[str, tuple[str, ...]]] = {
        # The commonest moves always change the same fields: these setters take exactly
        # those, and copy the others without looking for them among the changes.
        "drawn": ("phase", "stock", "hands"),
        "put_down": (
            "hands",
            "table",
            "owners",
            "extended",
            "contracts",
            "progress",
            "contract_now",
            "melded",
            "known",
        ),
        "extended": ("hands", "table", "extended", "melded", "known"),
        "offered": ("phase", "offer_card", "offer_to", "known"),
        "declined": ("offer_to",),
        "turn_passed": (
            "hands",
            "known",
            "accepted",
            "stopped",
            "phase",
            "turn",
            "turn_number",
            "melded",
            "contract_now",
            "progress",
            "fresh_from",
            "extended",
            "offer_card",
            "offer_to",
        ),
    }

    # -- what the protocol asks -------------------------------------------------------------

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides: partners sit opposite, seats 0 and 2 against 1 and 3 (SK-PLAYERS).

        >>> from scala40.games.skarney import new_game
        >>> new_game("singles", players=3, seed=1).teams
        ((0,), (1,), (2,))
        """
        if self.rules.partnership:
            return tuple(side_seats(side, self.player_count, True) for side in range(2))
        return singles(self.player_count)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total: its side's (SK-GAME)."""
        partnership = self.rules.partnership
        return tuple(self.totals[side_of(seat, partnership)] for seat in range(self.player_count))

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for (an index of ``totals`` and ``contracts``).

        :raises InvalidValueError: ``seat`` is not a seat of the game.
        """
        if not (is_int(seat) and 0 <= seat < self.player_count):
            raise InvalidValueError(
                f"seat must be from 0 to {self.player_count - 1}, got {describe(seat)}"
            )
        return side_of(seat, self.rules.partnership)

    @classmethod
    def side_count(cls, rules: Ruleset, players: int) -> int:
        """Two sides in a partnership, else one a seat (SK-PLAYERS)."""
        return 2 if rules.partnership else players
