"""The knock games' state record: the fields shared by Rumino, Chinchón and La Conga,
and what follows from them alone. The engine, the move generator and the views read
states through this class only; :class:`~scala40.games._knock.state.KnockState` adds
the rules' API on top of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, TypeAlias

import attrs
from typing_extensions import TypeVar

from scala40._base.state_record import (
    DiscardFields,
    Position,
    RecordBase,
    field_group,
    order_fields,
)
from scala40._format.codecs import COUNTS, SEATS, TOTAL, TOTALS
from scala40._format.specs import spec
from scala40.cards import CARD_NAMES, Card, format_cards
from scala40.games._knock.knocking import KnockingRules
from scala40.games._knock.moves import Deal, MoveKinds, Restock
from scala40.games._knock.phases import CLAIM, DEAL, DRAW, OVER, PLAY, REENTRY, HandResult, Phase
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.spanish import SpanishRules

__all__ = ["FamilyRules", "KnockFields", "KnockRecord"]

FamilyRules: TypeAlias = KnockingRules | SpanishRules
"""A ruleset of a knock game: one that knocks (Rumino's options) or one that closes
(Chinchón's, and La Conga's beside them)."""

M = TypeVar("M", default=Any)
"""The moves of the game (its package's ``Move``); any move of the family where a
function serves every game."""
R = TypeVar("R", bound=FamilyRules, default=FamilyRules, covariant=True)
V = TypeVar("V", default=Any)
"""The game's ruleset class; any of the family's where a function serves every game, so
that an option one kind of game lacks is read only where the ruleset is narrowed to the
kind that has it (``isinstance(state.rules, SpanishRules)``)."""

_HAND_OVER = (REENTRY, OVER)
"""Phases after a hand's scoring: every hand has been shown."""


class _Position(Position, Protocol):
    """A knock game's position, as its group's properties read it."""

    @property
    def pending(self) -> tuple[int, ...]: ...


@field_group
class KnockFields(DiscardFields):
    """The fields of a knock game that every seat sees: its record's and its views'
    (:class:`KnockRecord`, :class:`~scala40.games._knock.view.PlayerView`), each declared
    once with its spec (:mod:`scala40._format.specs`): those of any game with a discard
    pile (:class:`~scala40._base.state_record.DiscardFields`) and these."""

    scores: tuple[int, ...] = attrs.field(metadata=spec(TOTALS, "each seat's total", place=40))
    """Running totals (RU-SCORE, CH-SCORE)."""
    reentries: tuple[int, ...] = attrs.field(
        metadata=spec(COUNTS, "how often each seat has re-entered", usual=0)
    )
    """Re-entries each player has made (LC-REENGANCHE)."""
    gins: tuple[int, ...] = attrs.field(
        metadata=spec(COUNTS, "each seat's gins in a row (RU-GIN)", usual=0)
    )
    """For the player who went gin in every hand so far, how many (RU-GINSTREAK)."""
    pending: tuple[int, ...] = attrs.field(
        metadata=spec(SEATS, "the seats still to decide (a claim, a re-entry)", usual=())
    )
    """The seats still to decide out of turn, first one first: claimants of a discard
    (RU-RUMINO), or players deciding whether to re-enter (LC-REENGANCHE)."""
    reentry_total: int = attrs.field(
        metadata=spec(TOTAL, "the total a seat re-enters with", usual=0)
    )
    """The total a player re-enters at, while re-entries are decided (LC-REENGANCHE)."""

    FIELD_PLACES: ClassVar[Mapping[str, str]] = {
        "scores": "turns_played",
        "taken": "gins",
        "last_hand": "reentry_total",
    }
    """Where the format has the shared fields (:func:`~scala40._base.state_record.order_fields`)."""

    # What follows from these fields and the common ones, the same for a state and a view.

    def _deck(self: _Position) -> tuple[Card, ...]:
        deck: tuple[Card, ...] = self.rules.profile.deck.cards
        return deck

    @property
    def profile(self: _Position) -> KnockRules:
        """What the engine reads from the rules."""
        profile: KnockRules = self.rules.profile
        return profile

    @property
    def current_player(self: _Position) -> int | None:
        """The seat that decides now (out of turn too: a claim, a re-entry), or ``None``
        at a chance step or the end."""
        phase = self.phase
        if phase is DRAW or phase is PLAY:
            return self.turn
        if phase is CLAIM or phase is REENTRY:
            return self.pending[0]
        return None

    @property
    def hands_shown(self: _Position) -> bool:
        """Whether every hand has been shown: after a hand's scoring (and before the next
        deal)."""
        return self.phase in _HAND_OVER or (self.phase is DEAL and self.hand_number > 0)


@attrs.frozen(repr=False, weakref_slot=False, field_transformer=order_fields)
class KnockRecord(KnockFields, RecordBase[M, R, Phase, V, HandResult]):
    """The fields of a whole game of Rumino, Chinchón or La Conga at one moment (the
    base of :class:`~scala40.games._knock.state.KnockState`, which is what games are
    played with): :class:`~scala40._base.state_record.RecordBase`'s, where the seat after the
    dealer plays first (RU-DEAL, CH-DEAL) and at a claim ``turn`` is the discarder; those
    of ``KnockFields``. The constructor checks nothing: never call it with values from
    outside."""

    KINDS: ClassVar[MoveKinds[Any]]
    """The game's move kinds and move set."""
    RULESET: ClassVar[type[KnockingRules] | type[SpanishRules]]
    """The game's ruleset class."""
    PHASES = Phase
    CHANCE_MOVES: ClassVar[tuple[type[Deal | Restock], ...]] = (Deal, Restock)
    ABOUT: ClassVar[str] = (
        "A game at one moment: the rules, every hand, the stock, the discard pile (top card "
        "last), the totals, the last hand's result and the randomness to come."
    )
    SETTER_FIELDS: ClassVar[Mapping[str, tuple[str, ...]]] = {
        # The hottest moves always change the same fields: a setter taking exactly those
        # is faster than the general copy.
        "draw": ("phase", "stock", "hands", "taken"),
        "take": ("phase", "discard", "hands", "taken"),
        "discard": ("hands", "discard", "turns_played", "taken", "phase", "turn"),
    }

    # -- the protocol ------------------------------------------------------------------

    def _restocked(self) -> tuple[Card, ...]:
        """The discard pile but its top card, which stays (RU-RESTOCK, CH-RESTOCK)."""
        return self.discard[:-1]

    def __str__(self) -> str:
        top = CARD_NAMES[self.discard[-1]] if self.discard else "-"
        lines = [
            f"Hand {self.hand_number}, dealer {self.dealer}, {self.phase.value}, "
            f"player {self.turn} to move",
            f"Stock {len(self.stock)} cards; discard pile top {top} ({len(self.discard)} cards)",
        ]
        for player in range(self.player_count):
            status = "" if self.active[player] else " out"
            lines.append(
                f"Player {player} [{self.scores[player]}]{status}: "
                f"{format_cards(self.hands[player])}"
            )
        return "\n".join(lines)
