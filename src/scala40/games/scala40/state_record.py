"""The Scala 40 state's record: its fields and its format, and what follows from the
fields alone (whose turn it is, the cards, the chance steps). The engine, the move
generator and the views read states through this class only;
:class:`~scala40.games.scala40.state.GameState` adds the rules' API on top of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import ClassVar, Protocol

import attrs

from scala40._base.state import GameView
from scala40._base.state_record import (
    DiscardFields,
    Position,
    RecordBase,
    TableFields,
    field_group,
    order_fields,
)
from scala40._format.codecs import BOOL, COUNTS, FLAGS, TOTAL
from scala40._format.specs import spec
from scala40.cards import CARD_NAMES, Card, format_cards
from scala40.games.scala40.moves import Deal, Move, Restock
from scala40.games.scala40.phases import DRAW, PLAY, HandResult, Phase, may_close
from scala40.games.scala40.result import HAND_RESULT
from scala40.games.scala40.rules import Ruleset

__all__ = ["STATE_FORMAT", "STATE_FORMAT_VERSION", "Scala40Fields", "StateRecord"]

STATE_FORMAT = "scala40.state"
STATE_FORMAT_VERSION = 2


class _Position(Position, Protocol):
    """A Scala 40 position, as its group's properties read it."""

    @property
    def turns_played(self) -> tuple[int, ...]: ...
    @property
    def active(self) -> tuple[bool, ...]: ...


@field_group
class Scala40Fields(DiscardFields, TableFields):
    """The fields of a Scala 40 match that every seat sees: its record's and its views'
    (:class:`StateRecord`, :class:`~scala40.games.scala40.view.PlayerView`), each declared
    once with its spec (:mod:`scala40._format.specs`): those of any game with a discard
    pile or a table (:class:`~scala40._base.state_record.DiscardFields`,
    :class:`~scala40._base.state_record.TableFields`) and these."""

    opened: tuple[bool, ...] = attrs.field(
        metadata=spec(FLAGS, "whether each seat has opened this hand (S40-OPEN)", usual=False)
    )
    """Who has opened this hand (S40-OPEN)."""
    scores: tuple[int, ...] = attrs.field(
        metadata=spec(COUNTS, "each seat's total (S40-SCORE)", place=40)
    )
    """Running totals (S40-SCORE)."""
    opening_value: int = attrs.field(
        metadata=spec(
            TOTAL, "the points put down so far this turn towards opening (S40-OPEN)", usual=0
        )
    )
    """Value of the melds put down this turn by a player who has not yet opened (its
    sign the turn's checks name: S40-OPEN)."""
    opened_at_turn_start: bool = attrs.field(
        metadata=spec(BOOL, "whether the seat to play had opened when the turn began", usual=False)
    )
    """Whether the player to move had opened when the turn began (S40-V-DOUBLE)."""
    taken_must_use: bool = attrs.field(
        metadata=spec(
            BOOL, "whether that card must be melded this turn (S40-DRAW-DISCARD)", usual=False
        )
    )
    """Whether :attr:`taken` must be melded this turn (S40-DRAW-DISCARD)."""
    taken_used: bool = attrs.field(metadata=spec(BOOL, "whether it has been melded", usual=False))
    """Whether a copy of :attr:`taken` has been melded this turn."""
    melded_since_restock: bool = attrs.field(
        metadata=spec(
            BOOL,
            "whether anything reached the table since the stock was last rebuilt (S40-STALL)",
            usual=True,
            since="0.2.0",
        )
    )
    """Whether a player has put down a meld, laid off or swapped a joker since the stock
    was last rebuilt (true from the deal to the first rebuild, which has no rebuild
    before it): a rebuild without it ends the hand blocked (S40-STALL)."""

    FIELD_PLACES: ClassVar[Mapping[str, str]] = {
        "table": "discard",
        "opened": "table",
        "scores": "turns_played",
        "rng": "winners",
        "auto_chance": "rng",
        "taken": "opened_at_turn_start",
    }
    """Where the format has the shared fields (:func:`~scala40._base.state_record.order_fields`)."""

    # What follows from these fields and the common ones, the same for a state and a view.

    def _face_up(self) -> Iterator[Card]:
        yield from self.discard
        for meld in self.table:
            yield from meld.cards

    @property
    def current_player(self: _Position) -> int | None:
        """The player who must move, or ``None`` at a chance step or when the match is over."""
        return self.turn if self.phase in (DRAW, PLAY) else None

    @property
    def may_close(self: _Position) -> bool:
        """Whether the player to move may close now (S40-FIRST-ROUND, S40-V-FIRSTCLOSE)."""
        return may_close(self.turns_played, self.active, self.rules.close_on_first_turn)


@attrs.frozen(repr=False, weakref_slot=False, field_transformer=order_fields)
class StateRecord(Scala40Fields, RecordBase[Move, Ruleset, Phase, GameView, HandResult]):
    """The fields of a whole Scala 40 match at one moment (the base of
    :class:`~scala40.games.scala40.state.GameState`, which is what matches are played
    with): :class:`~scala40._base.state_record.RecordBase`'s, where ``turn`` is the player to move
    (in chance phases: the player the chance event concerns); those of
    ``Scala40Fields``. The constructor checks nothing (the engine builds states with it):
    never call it with values from outside."""

    game_name: ClassVar[str] = "scala40"
    """The name of the game in the registry (:func:`scala40.game.load_game`)."""
    SETTER_FIELDS: ClassVar[Mapping[str, tuple[str, ...]]] = {
        # The hottest moves always change the same fields: these setters take exactly those.
        "drawn": ("phase", "stock", "hands", "opened_at_turn_start"),
        "melded": (
            "hands",
            "table",
            "discard",
            "opened",
            "opening_value",
            "taken_used",
            "melded_since_restock",
        ),
        "turn_over": (
            "hands",
            "discard",
            "turns_played",
            "phase",
            "turn",
            "opening_value",
            "opened_at_turn_start",
            "taken",
            "taken_must_use",
            "taken_used",
        ),
    }
    FORMAT: ClassVar[str] = STATE_FORMAT
    FORMAT_VERSION: ClassVar[int] = STATE_FORMAT_VERSION
    RULESET = Ruleset
    PHASES = Phase
    CHANCE_MOVES: ClassVar[tuple[type[Deal | Restock], ...]] = (Deal, Restock)
    HAND_RESULT = HAND_RESULT
    ABOUT: ClassVar[str] = (
        "A Scala 40 game at one moment: the rules, every hand, the stock, the discard pile "
        "(top card last), the table's melds, the totals and the randomness to come."
    )
    GAME_WORD: ClassVar[str] = "match"

    # -- views of the state -------------------------------------------------------------

    def _restocked(self) -> tuple[Card, ...]:
        """The whole discard pile (S40-RESTOCK)."""
        return self.discard

    def __str__(self) -> str:
        lines = [
            f"Hand {self.hand_number}, dealer {self.dealer}, "
            f"{self.phase.value}, player {self.turn} to move",
            f"Stock {len(self.stock)} cards; discard pile top "
            f"{CARD_NAMES[self.discard[-1]] if self.discard else '-'} ({len(self.discard)} cards)",
        ]
        for index, meld in enumerate(self.table):
            lines.append(f"  #{index}: {meld}")
        for player in range(self.player_count):
            status = (
                "out" if not self.active[player] else ("opened" if self.opened[player] else "")
            )
            lines.append(
                f"Player {player} [{self.scores[player]}] {status}: {format_cards(self.hands[player])}"
            )
        return "\n".join(lines)
