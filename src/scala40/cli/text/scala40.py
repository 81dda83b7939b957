"""The words the command line uses for Scala 40: the board, hints, hand ends, moves.

>>> import scala40
>>> from scala40.cli.text.scala40 import TEXT
>>> state = scala40.new_game("official", players=2, seed=4)
>>> print("\\n".join(TEXT.board(state, 0, ["you", "greedy"], unicode=False)[:3]))
Hand 1 · stock 81 cards · discard pile KH (1 card)
Scores: P0 (you) 0 · P1 (greedy) 0
P1 (greedy): 13 cards
>>> TEXT.turn_hint(state)
"Your turn: draw a card ('moves' lists the legal moves, 'help' the commands)."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from scala40._wording import (
    DRAW_HINT,
    cards_count,
    seat_label,
    seat_values,
)
from scala40.cards import CARD_NAMES
from scala40.checks import check_int, describe
from scala40.errors import InvalidArgumentError
from scala40.game import MAX_MELD_TOTAL
from scala40.games.scala40.moves import MOVES
from scala40.games.scala40.phases import Phase
from scala40.games.scala40.rules import MatchFormat, Ruleset
from scala40.games.scala40.state import GameState
from scala40.melds import Meld
from scala40.texts import GameText

__all__ = ["TEXT", "Scala40Text", "meld_text"]


def meld_text(meld: Meld, unicode: bool) -> str:
    """The cards of a meld in order, each wild card followed by ``=`` and its card.

    >>> from scala40.cli.text.scala40 import meld_text
    >>> import scala40
    >>> meld_text(scala40.check_meld("JK 9C 8C"), unicode=True)
    '8♣ 9♣ JK=10♣'

    :raises InvalidArgumentError: ``meld`` is not a meld, or ``unicode`` not a bool.
    """
    return TEXT.meld(meld, unicode)  # a joker is followed by its card: the common words


class Scala40Text(GameText):
    """Scala 40's board, hints and announcements for the command line."""

    state_type: ClassVar[type[Any]] = GameState
    state_words: ClassVar[str] = "a Scala 40 state"
    move_kinds: ClassVar[tuple[type[Any], ...]] = tuple(MOVES.kinds)
    move_words: ClassVar[str] = "a Scala 40 move"

    move_help = """\
  draw                  draw the top card of the stock
  take                  take the top discard (to meld it this turn)
  upcard                take the turned-up card (first player, where allowed)
  meld 7S 8S 9S         put down a meld; write JK=10C for the card a joker stands for
  layoff 10S #2 high    add a card to table meld #2 (end: low, high or set)
  swap 8S #1            put 8S in place of the joker of meld #1 that stands for it
  split #0 4S : 3S 4S 5S / 6S 7S 8S   (classic rules) extend and split a sequence
  discard KD            discard a card, ending the turn
  meld 7S 8S 9S; meld KD KH KC; discard 2D
                        several moves of your turn at once, checked together"""

    def board(self, state: GameState, seat: int, names: Sequence[str], unicode: bool) -> list[str]:
        """The table as ``seat`` sees it: no other hand is shown."""
        view = self._board_view(state, seat, names, unicode)
        lines = [f"Hand {view.hand_number} · {self._pile_words(view, unicode)}"]
        if state.rules.match_format is not MatchFormat.SINGLE:
            lines.append(f"Scores: {self._seat_scores(view, names)}")
        for player in range(view.player_count):
            if player == seat:
                continue
            if not view.active[player]:
                status = "out of the match"
            else:
                status = cards_count(view.hand_sizes[player]) + (
                    ", opened" if view.opened[player] else ""
                )
            lines.append(f"{seat_label(player, names)}: {status}")
        lines.append("Table:" if view.table else "Table: no melds yet")
        for index, meld in enumerate(view.table):
            lines.append(f"  #{index:<3} {meld_text(meld, unicode)}")
        opened = ", opened" if view.opened[seat] else ""
        lines.append(self._hand_line(view, unicode, opened, none=""))
        return lines

    def turn_hint(self, state: GameState) -> str:
        """What the player to move is to do now."""
        self._check(state)
        if state.phase is Phase.DRAW:
            return DRAW_HINT
        if state.taken_must_use and not state.taken_used and state.taken is not None:
            return f"Meld {CARD_NAMES[state.taken]}, taken from the discard pile, then discard."
        if not state.opened[state.turn] and state.opening_value:
            return (
                f"Opening so far: {state.opening_value} of {state.rules.opening_threshold}; "
                "meld more, then discard."
            )
        return "Meld, lay off or swap as you like, then discard a card."

    def events(self, before: GameState, after: GameState, names: Sequence[str]) -> list[str]:
        """How the hand ended, when a move ended it: who closed, the points, who retires."""
        self._check(before, names)
        self._check(after, names)
        if after.hand_number == before.hand_number and not after.is_over:
            return []
        result = after.last_hand
        if result is None:
            return []
        if result.closer is None:
            lines = [f"Hand {result.hand_number} is blocked: nobody closes (S40-RESTOCK)."]
        else:
            lines = [f"Hand {result.hand_number}: {seat_label(result.closer, names)} closes."]
        if any(result.points):
            doubled = " (doubled)" if result.doubled else ""
            lines.append(f"Points{doubled}: {seat_values(result.points)}")
        for player in result.eliminated:
            lines.append(f"{seat_label(player, names)} retires (S40-ELIM).")
        for player in result.reentered:
            lines.append(f"{seat_label(player, names)} re-enters (S40-V-REENTRY).")
        return lines

    def status(self, state: GameState) -> str:
        """The phase and the player to move."""
        self._check(state)
        if state.phase is Phase.DEAL or state.phase is Phase.RESTOCK:
            return self._chance_words(state)
        return f"{state.phase.value}, player {state.turn} to move"

    def final(self, state: GameState, names: Sequence[str]) -> list[str]:
        """The final scores (unless a single hand was played) and the winners."""
        lines = super().final(state, names)
        return lines[1:] if state.rules.match_format is MatchFormat.SINGLE else lines

    def meld_total(self, total: int, rules: Any) -> list[str]:
        """Whether melds worth ``total`` open a hand under ``rules`` (S40-OPEN)."""
        check_int("total", total, 0, MAX_MELD_TOTAL)
        if not isinstance(rules, Ruleset):
            raise InvalidArgumentError(f"expected a Scala 40 Ruleset, got {describe(rules)}")
        threshold = rules.opening_threshold
        verdict = "reaches" if total >= threshold else "is below"
        return [f"opening: {total} {verdict} the opening threshold of {threshold} (S40-OPEN)"]


TEXT = Scala40Text()
"""The Scala 40 wording, as the game record carries it."""
