"""What one Scala 40 player sees, as numbers and as text, for learning agents.

:data:`OBSERVATION` is the game's :class:`~scala40.game.ObservationEncoding` (the
``observation`` of its :class:`~scala40.game.Game` record): the learning-agent adapters
(:mod:`scala40.adapters`) turn its numbers into arrays. Everything comes from a
:class:`~scala40.games.scala40.view.PlayerView`, so nothing the player may not know can
leak into it. Seats are counted from the viewing player: block ``hand_sizes`` lists the
player's own count first, then the next player's in play order, and so on, so that one
agent can learn every seat.

>>> import scala40
>>> from scala40.games.scala40.observation import OBSERVATION
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
from collections import Counter

import attrs

from scala40._observation import CARD_CODES, UNSEEN, LayoutBase, ObservationBase, card_blocks
from scala40._wording import ints_text, view_heading
from scala40.cards import CARD_NAMES, format_cards
from scala40.game import ObservationField
from scala40.games.scala40.phases import HandResult, Phase
from scala40.games.scala40.rules import MatchFormat, Ruleset
from scala40.games.scala40.view import PlayerView
from scala40.melds import MeldKind

__all__ = ["CARD_CODES", "OBSERVATION", "Scala40Observation", "max_table_melds"]

_KINDS = tuple(MeldKind)
_KIND_INDEX = {kind: index for index, kind in enumerate(_KINDS)}
_PHASES = tuple(Phase)
_PHASE_INDEX = {phase: index for index, phase in enumerate(_PHASES)}
_SCALE_CAP = 4.0
"""Totals and opening values are given as fractions of their target, capped here."""
_COUNT_CAP = 100
"""Turn and hand counters are given as fractions of this, capped at 1."""


def max_table_melds(rules: Ruleset) -> int:
    """The most melds a table can hold: every meld has 3 cards or more (S40-MELDS).

    >>> max_table_melds(Ruleset())
    36
    """
    return rules.deck.size // 3


def _most_copies(rules: Ruleset) -> int:
    return max(Counter(rules.deck.cards).values())


def _target(rules: Ruleset) -> int:
    """The total that totals are measured against."""
    if rules.match_format is MatchFormat.NO_ELIMINATION:
        return rules.no_elimination_limit
    return rules.elimination_score


@attrs.frozen
class _Layout(LayoutBase):
    """What the encoding of one ruleset and number of players needs, computed once."""

    melds: int
    target: int
    threshold: int


class Scala40Observation(ObservationBase[Ruleset, _Layout]):
    """The numbers and the text of a :class:`PlayerView` (see :meth:`fields` for the
    blocks, in order)."""

    def __init__(self) -> None:
        super().__init__()
        self._last_table: tuple[object, object, array[float]] = (None, None, array("f"))

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

    def _blocks(self, rules: Ruleset, player_count: int) -> tuple[ObservationField, ...]:
        n = player_count
        size = float(rules.deck.size)
        melds = max_table_melds(rules)
        seats = (n,)
        return (
            *card_blocks(float(_most_copies(rules)), discard_pile=True),
            ObservationField("table_kind", (melds, len(_KINDS)), "each meld's kind"),
            ObservationField(
                "table_cards", (melds, CARD_CODES), "the cards each meld stands for", 0, 2
            ),
            ObservationField(
                "table_jokers", (melds, CARD_CODES), "the cards its jokers stand for", 0, 2
            ),
            ObservationField("hand_sizes", seats, "cards in each hand", 0, size),
            ObservationField("stock_size", (1,), "cards in the stock", 0, size),
            ObservationField("opened", seats, "who has opened"),
            ObservationField("active", seats, "who is still in the match"),
            ObservationField("scores", seats, "totals over the target", 0, _SCALE_CAP),
            ObservationField("last_points", seats, "last hand's points", 0, _SCALE_CAP),
            ObservationField("winners", seats, "who won the match"),
            ObservationField("to_move", seats, "who is to move"),
            ObservationField("dealer", seats, "who dealt"),
            ObservationField("turns_played", seats, "turns completed this hand"),
            ObservationField("phase", (len(_PHASES),), "the phase"),
            ObservationField("turn", (5,), "facts of the current turn"),
            ObservationField("opening_value", (1,), "value melded to open", 0, _SCALE_CAP),
            ObservationField("hand_number", (1,), "the hand being played"),
        )

    def _encode(self, view: PlayerView, layout: _Layout) -> array[float]:
        n = layout.player_count
        melds = layout.melds
        kinds = len(_KINDS)
        cards_at = 265 + melds * kinds
        jokers_at = cards_at + melds * CARD_CODES
        table = view.table
        known = self._last_table
        if known[0] is layout and known[1] == table:
            base = known[2]
        else:
            # States share a table until a meld changes it: its blocks, and the unseen
            # block without its cards, are written once and copied while it lasts.
            out = layout.start[:]  # zeros, but the unseen block: every card of the deck
            for index, meld in enumerate(table):
                out[265 + index * kinds + _KIND_INDEX[meld.kind]] = 1.0
                row = cards_at + index * CARD_CODES
                jokers = jokers_at + index * CARD_CODES
                for card, represented in zip(meld.cards, meld.represented):
                    out[53 + card] -= 1.0
                    out[row + represented] += 1.0
                    if card != represented:
                        out[jokers + represented] += 1.0
            self._last_table = (layout, table, out)
            base = out
        discard = view.discard
        out = self._with_pile(base, discard, 106)
        me = view.player
        # Card blocks: a card the player sees is not unseen.
        for card in view.hand:
            out[card] += 1.0
            out[53 + card] -= 1.0
        if discard:
            out[159 + discard[-1]] = 1.0
        if view.taken is not None:
            out[212 + view.taken] = 1.0
        # Seat blocks, the viewing player first.
        at = jokers_at + melds * CARD_CODES
        target = layout.target
        last = view.last_hand.points if view.last_hand is not None else None
        to_move = view.current_player
        for offset in range(n):
            seat = (me + offset) % n
            out[at + offset] = view.hand_sizes[seat]
            out[at + n + 1 + offset] = view.opened[seat]
            out[at + 2 * n + 1 + offset] = view.active[seat]
            out[at + 3 * n + 1 + offset] = min(view.scores[seat] / target, _SCALE_CAP)
            if last is not None:
                out[at + 4 * n + 1 + offset] = min(max(last[seat], 0) / target, _SCALE_CAP)
            out[at + 5 * n + 1 + offset] = seat in view.winners
            out[at + 6 * n + 1 + offset] = seat == to_move
            out[at + 7 * n + 1 + offset] = seat == view.dealer
            out[at + 8 * n + 1 + offset] = min(view.turns_played[seat], _COUNT_CAP) / _COUNT_CAP
        out[at + n] = view.stock_size
        at += 9 * n + 1
        out[at + _PHASE_INDEX[view.phase]] = 1.0
        at += len(_PHASES)
        out[at] = view.opened_at_turn_start
        out[at + 1] = view.taken_must_use
        out[at + 2] = view.taken_used
        out[at + 3] = to_move is not None and view.may_close
        out[at + 4] = view.is_my_turn
        out[at + 5] = min(view.opening_value / layout.threshold, _SCALE_CAP)
        out[at + 6] = min(view.hand_number, _COUNT_CAP) / _COUNT_CAP
        return out

    def _new_layout(self, rules: Ruleset, player_count: int) -> _Layout:
        size = sum(field.size for field in self.fields(rules, player_count))
        start = array("f", bytes(4 * size))
        for card, copies in Counter(rules.deck.cards).items():
            start[UNSEEN + card] = copies
        return _Layout(
            rules=rules,
            player_count=player_count,
            start=start,
            melds=max_table_melds(rules),
            target=_target(rules),
            threshold=max(rules.opening_threshold, 1),
        )

    def text(self, view: PlayerView) -> str:
        """Everything ``view`` shows, one line per subject (but the rules: they never
        change in a game); equal views give equal texts, different views different ones."""
        taken = "-" if view.taken is None else CARD_NAMES[view.taken]
        table = "; ".join(f"#{index} {meld}" for index, meld in enumerate(view.table))
        return "\n".join(
            (
                f"{view_heading(view)}, player {view.turn} to move",
                f"hand: {format_cards(view.hand)}",
                f"hand sizes: {ints_text(view.hand_sizes)}; stock: {view.stock_size}",
                f"discard: {format_cards(view.discard)}",
                f"table: {table}",
                f"opened: {ints_text(view.opened)}; active: {ints_text(view.active)}; "
                f"turns: {ints_text(view.turns_played)}",
                f"scores: {ints_text(view.scores)}; winners: {ints_text(view.winners)}",
                f"turn: opening {view.opening_value}, opened at start "
                f"{int(view.opened_at_turn_start)}, taken {taken}, must use "
                f"{int(view.taken_must_use)}, used {int(view.taken_used)}, melded since "
                f"restock {int(view.melded_since_restock)}",
                f"last hand: {self._hand_text(view.last_hand)}",
            )
        )

    def _hand_words(self, last: HandResult) -> str:
        closer = "-" if last.closer is None else str(last.closer)
        return (
            f"{last.hand_number} closer {closer} points {ints_text(last.points)} "
            f"doubled {int(last.doubled)} hands "
            + " / ".join(format_cards(hand) for hand in last.hands)
            + f" out {ints_text(last.eliminated)} back {ints_text(last.reentered)}"
        )


OBSERVATION = Scala40Observation()
"""Scala 40's observation encoding, as the game record carries it."""
