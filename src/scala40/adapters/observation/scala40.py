"""What one Scala 40 player sees, as numbers and as text, for learning agents.

:data:`OBSERVATION` is the game's :class:`~scala40.game.ObservationEncoding` (the
``observation`` of its :class:`~scala40.game.Game` record): the learning-agent adapters
(:mod:`scala40.adapters`) turn its numbers into arrays. Everything comes from a
:class:`~scala40.games.scala40.view.PlayerView`, so nothing the player may not know can
leak into it. Seats are counted from the viewing player: block ``hand_sizes`` lists the
player's own count first, then the next player's in play order, and so on, so that one
agent can learn every seat.

>>> import scala40
>>> from scala40.adapters.observation.scala40 import OBSERVATION
>>> state = scala40.new_game("official", players=2, seed=1)
>>> fields = OBSERVATION.fields(state.rules, 2)
>>> [field.name for field in fields][:4], sum(field.size for field in fields)
(['hand', 'unseen', 'discard', 'discard_top'], 4220)
>>> numbers = OBSERVATION.encode(state.view(0))
>>> len(numbers), sum(numbers[:53]) == len(state.hands[0]), numbers.typecode
(4220, True, 'f')
>>> print(OBSERVATION.text(state.view(0)).splitlines()[1])
hand: AS 6H 6H 8H JH 2D 6D 8D 9D 10D 4C JC KC
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from scala40._wording import ints_text
from scala40.adapters.observation.base import (
    CARD_CODES,
    SEATS,
    Block,
    ObservationBase,
    Row,
    Write,
    card_counts,
    flags_row,
    last_points,
    max_table_melds,
    shared,
)
from scala40.adapters.observation.rows import LayoutBase, flag_rows, float_bytes
from scala40.cards import CARD_NAMES, format_cards
from scala40.game import ObservationField
from scala40.games.scala40.phases import HandResult, Phase
from scala40.games.scala40.rules import MatchFormat, Ruleset
from scala40.games.scala40.view import PlayerView
from scala40.melds import Meld

__all__ = ["CARD_CODES", "OBSERVATION", "Scala40Observation", "max_table_melds"]

_MELD_CARDS = ("melds", "cards")
_FACT_ROWS = flag_rows(5)
"""The ``turn`` block of each set of its five facts."""
_SCALE_CAP = 4.0
"""Totals and opening values are given as fractions of their target, capped here."""
_ZERO = bytes(4)


def _target(rules: Ruleset) -> int:
    """The total that totals are measured against."""
    if rules.match_format is MatchFormat.NO_ELIMINATION:
        return rules.no_elimination_limit
    return rules.elimination_score


@attrs.frozen
class _Layout(LayoutBase):
    """What the encoding of one ruleset and number of players needs, computed once."""

    target: int
    threshold: int


class Scala40Observation(ObservationBase[Ruleset, _Layout]):
    """The numbers and the text of a :class:`PlayerView` (see :meth:`fields` for the
    blocks, in order)."""

    PHASES: ClassVar[tuple[Any, ...]] = tuple(Phase)
    TABLE: ClassVar[tuple[str, str, str] | None] = ("table_kind", "table_cards", "table_jokers")
    BLOCKS: ClassVar[tuple[Block | str, ...]] = (
        "table_kind",
        Block("table_cards", _MELD_CARDS, "the cards each meld stands for", 0, 2),
        Block("table_jokers", _MELD_CARDS, "the cards its jokers stand for", 0, 2),
        "hand_sizes",
        "stock_size",
        Block("opened", SEATS, "who has opened"),
        Block("active", SEATS, "who is still in the match"),
        Block("scores", SEATS, "totals over the target", 0, _SCALE_CAP),
        Block("last_points", SEATS, "last hand's points", 0, _SCALE_CAP),
        shared("winners", "who won the match"),
        shared("to_move", "who is to move"),
        "dealer",
        "turns_played",
        "phase",
        Block("turn", (5,), "facts of the current turn"),
        Block("opening_value", (1,), "value melded to open", 0, _SCALE_CAP),
        "hand_number",
    )

    def fields(self, rules: Ruleset, player_count: int) -> tuple[ObservationField, ...]:
        """The blocks, for ``rules`` and ``player_count`` seats (``n``), in this order:

        * ``hand`` (53): copies of each card code in the player's hand;
        * ``unseen`` (53): copies of each card code the player cannot see (the other hands
          and the stock together);
        * ``discard`` (53): copies of each card code in the discard pile (every card in
          it was seen face up);
        * ``discard_top`` (53): 1 for the top card of the discard pile;
        * ``taken`` (53): 1 for the card the player to move took from the discard pile
          this turn (S40-DRAW-DISCARD), seen by all;
        * ``table_kind`` (M, 3): for each table meld ``#0`` to ``#M-1`` (M is
          ``max_table_melds(rules)``: the deck's size over 3), 1 under its kind: set,
          sequence, wild; zeros for a meld index not in use;
        * ``table_cards`` (M, 53): for each table meld, copies of each card code it
          stands for (a joker counts under the card it represents);
        * ``table_jokers`` (M, 53): for each table meld, how many of its jokers stand
          for each card code (S40-SWAP: the card that can take a joker's place);
        * ``hand_sizes`` (n): cards held by each seat, the player first;
        * ``stock_size`` (1): cards left in the stock;
        * ``opened`` (n): 1 for each seat that has opened this hand (S40-OPEN);
        * ``active`` (n): 1 for each seat still in the match (S40-ELIM);
        * ``scores`` (n): each seat's total as a fraction of the elimination score (of
          the limit under S40-V-NOELIM), capped at 4;
        * ``last_points`` (n): the points each seat took in the previous hand, scaled as
          ``scores``;
        * ``winners`` (n): 1 for each winner, once the match is over;
        * ``to_move`` (n): 1 for the seat to move (none at a chance step or the end);
        * ``dealer`` (n): 1 for the dealer;
        * ``turns_played`` (n): turns each seat has completed this hand, over 100,
          capped at 1 (S40-FIRST-ROUND);
        * ``phase`` (5): 1 for the phase: deal, draw, play, restock, over;
        * ``turn`` (5): 1 or 0 for the turn's facts: the player to move had opened when
          the turn began (S40-V-DOUBLE), the taken card must be melded this turn, it has
          been, the player to move may close (S40-FIRST-ROUND), it is this player's turn;
        * ``opening_value`` (1): the value melded this turn towards an opening, as a
          fraction of the threshold, capped at 4 (S40-OPEN);
        * ``hand_number`` (1): the hand being played, over 100, capped at 1.

        Every block lies between 0 and its ``high``: the most copies of a card in the
        deck for card counts, the deck's size for card totals, 1 or the caps above
        otherwise.
        """
        return self._fields_of(rules, player_count)

    def _own_writes(self) -> tuple[Write, ...]:
        return (
            Row(("opened", "active"), ("opened", "active"), flags_row),
            Row(("scores", "last_points"), ("scores", "last_hand"), _totals, "last_hand"),
            Row("turn", _FACTS, _facts_row),
            Row("opening_value", "opening_value", _opening_row),
        )

    @staticmethod
    def _meld_rows(meld: Meld) -> tuple[array[float], array[float]]:
        """The ``table_cards`` and ``table_jokers`` rows of ``meld``."""
        pairs = zip(meld.cards, meld.represented)
        return card_counts(meld.represented), card_counts(
            [rep for card, rep in pairs if card != rep]
        )

    def _new_layout(self, rules: Ruleset, player_count: int) -> _Layout:
        _, start = self._start(rules, player_count, rules.deck.cards)
        return _Layout(
            **self._common(rules, player_count, start),
            target=_target(rules),
            threshold=max(rules.opening_threshold, 1),
        )

    def _cards_words(self, cards: Sequence[int]) -> str:
        return format_cards(cards)

    def _deciding(self, view: PlayerView) -> str:
        return f", player {view.turn} to move"

    def _own_lines(self, view: PlayerView) -> tuple[str, ...]:
        taken = "-" if view.taken is None else CARD_NAMES[view.taken]
        return (
            f"discard: {format_cards(view.discard)}",
            f"table: {self._table_words(view.table)}",
            f"opened: {ints_text(view.opened)}; active: {ints_text(view.active)}; "
            f"turns: {ints_text(view.turns_played)}",
            f"scores: {ints_text(view.scores)}; winners: {ints_text(view.winners)}",
            f"turn: opening {view.opening_value}, opened at start "
            f"{int(view.opened_at_turn_start)}, taken {taken}, must use "
            f"{int(view.taken_must_use)}, used {int(view.taken_used)}, melded since "
            f"restock {int(view.melded_since_restock)}",
        )

    def _hand_words(self, last: HandResult) -> str:
        closer = "-" if last.closer is None else str(last.closer)
        return (
            f"{last.hand_number} closer {closer} points {ints_text(last.points)} "
            f"doubled {int(last.doubled)} hands {self._seats_cards_words(last.hands)}"
            f" out {ints_text(last.eliminated)} back {ints_text(last.reentered)}"
        )


def _totals(layout: _Layout, me: int, scores: tuple[int, ...], last: HandResult | None) -> bytes:
    """The ``scores`` and ``last_points`` blocks of seat ``me`` (they follow one
    another)."""
    target = layout.target
    seats = layout.seats_from(me)
    numbers = [min(scores[seat] / target, _SCALE_CAP) for seat in seats]
    numbers.extend(
        last_points(last, seats, lambda points: min(max(points, 0) / target, _SCALE_CAP))
    )
    return float_bytes(numbers)


_FACTS = ("opened_at_turn_start", "taken_must_use", "taken_used", "current_player", "may_close")
"""What the ``turn`` block is made from."""


def _facts_row(
    layout: _Layout,
    me: int,
    opened_at_start: bool,
    taken_must_use: bool,
    taken_used: bool,
    to_move: int | None,
    may_close: bool,
) -> bytes:
    """The ``turn`` block: its five facts (see :meth:`Scala40Observation.fields`)."""
    return _FACT_ROWS[
        16 * opened_at_start
        + 8 * taken_must_use
        + 4 * taken_used
        + 2 * (to_move is not None and may_close)
        + (to_move == me)
    ]


def _opening_row(layout: _Layout, me: int, opening: int) -> bytes:
    return float_bytes((min(opening / layout.threshold, _SCALE_CAP),)) if opening else _ZERO


OBSERVATION = Scala40Observation()
"""Scala 40's observation encoding, as the game record carries it."""
