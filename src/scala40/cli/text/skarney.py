"""The words the command line uses for Skarney: the board, hints, offers, hand ends.

>>> from scala40.games.skarney import new_game
>>> from scala40.cli.text.skarney import TEXT
>>> state = new_game(seed=4)
>>> names = ["you", "greedy", "greedy", "greedy"]
>>> print("\\n".join(TEXT.board(state, 0, names, unicode=False)[:4]))
Skarney · hand 1 of 7 · contract: three 3-card sets, or three 3-card sequences
Pile: 64 cards · turn 1
Scores: your side (P0 you + P2 greedy) 0 · opponents (P1 greedy + P3 greedy) 0
P1 (greedy): 11 cards
>>> TEXT.turn_hint(state)
"Your turn: draw a card ('moves' lists the legal moves, 'help' the commands)."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from scala40._wording import (
    DRAW_HINT,
    card_name,
    card_names,
    cards_count,
    notation_text,
    seat_label,
)
from scala40.cards import CARD_NAMES
from scala40.checks import check_flag
from scala40.game import check_meld_value
from scala40.games.skarney.engine import is_last_turn, side_has_contract
from scala40.games.skarney.moves import PutDown
from scala40.games.skarney.phases import HandResult, Phase, is_stop_card, side_of, side_seats
from scala40.games.skarney.rules import meld_points
from scala40.games.skarney.state import GameState
from scala40.melds import Meld, MeldKind
from scala40.movekinds import MoveBase
from scala40.texts import GameText

__all__ = ["TEXT", "SkarneyText", "meld_text"]

_NUMBERS = ("no", "one", "two", "three", "four", "five")


def meld_text(meld: Meld, unicode: bool) -> str:
    """The cards of a meld in order, each wild card of a mixed meld followed by ``=`` and
    the card it stands for.

    >>> from scala40.cli.text.skarney import meld_text
    >>> from scala40 import check_meld
    >>> from scala40.games.skarney.rules import MELD_RULES
    >>> meld_text(check_meld("5S 2C 7S", MELD_RULES), unicode=True)
    '5♠ 2♣=6♠ 7♠'
    """
    check_meld_value(meld)
    check_flag("unicode", unicode)
    return notation_text(str(meld), unicode)


def _table_meld_text(meld: Meld, unicode: bool) -> str:
    """A meld as the board shows it: :func:`meld_text`, but a set's wild card followed by
    the rank alone, as the pictures draw it: it stands for a card of that rank, whatever
    the suit its notation names (SK-MELDS, SK-EXCHANGE: any card of the rank frees it)."""
    if meld.kind is not MeldKind.SET or meld.rules.set_suits_distinct:
        return meld_text(meld, unicode)
    words = [word.partition("=") for word in str(meld).split()]
    return notation_text(
        " ".join(own + (f"={reading[:-1]}" if reading else "") for own, _, reading in words),
        unicode,
    )


def _players(state: GameState, side: int, names: Sequence[str]) -> str:
    """The players of a side: ``P0 (you) + P2 (greedy)``."""
    seats = side_seats(side, state.player_count, state.rules.partnership)
    return " + ".join(seat_label(seat, names) for seat in seats)


def _contract_words(state: GameState) -> str:
    size = state.rules.contract_size(max(state.hand_number, 1))
    number = _NUMBERS[size] if size < len(_NUMBERS) else str(size)
    return f"{number} 3-card sets, or {number} 3-card sequences"


class SkarneyText(GameText):
    """Skarney's board, hints and announcements for the command line."""

    state_type: ClassVar[type[Any]] = GameState
    state_words: ClassVar[str] = "a Skarney state"
    move_kinds: ClassVar[tuple[type[Any], ...]] = (MoveBase,)

    move_help = """\
  draw                  draw the top card of the pile
  exchange 6S #2        give 6S for the wild card standing for it in an opponent's
                        meld #2 (before you meld anything this turn)
  meld 5S 5H 5D         put down a meld; until your side has its contract, only the
                        contract's 3-card melds, one after the other; write 2C=6S for
                        the card a wild card stands for (in a set, a card of its rank,
                        whatever the suit)
  extend 8S #0 high     add a card to your side's meld #0 (end: low, high or set);
                        at most 2 cards a meld each turn
  offer KD              end your turn by offering KD to the next player
  end                   end your turn without an offer (one card left, or the last
                        turn of the hand)
  accept, decline       take or refuse the card offered to you
  meld 5S 5H 5D; meld 7C 7D 7H; meld KS KD JK
                        several moves at once (a whole contract in one line)"""

    def board(self, state: GameState, seat: int, names: Sequence[str], unicode: bool) -> list[str]:
        """The table as ``seat`` sees it: no other hand is shown, not even a partner's."""
        view = self._board_view(state, seat, names, unicode)
        rules = state.rules
        lines = [
            f"Skarney · hand {view.hand_number} of {rules.hands} · contract: "
            + (_contract_words(state) if rules.contract else "none (free melding)"),
            f"Pile: {cards_count(view.stock_size)} · turn {view.turn_number}",
            "Scores: " + self._scores(state, seat, names),
        ]
        for other in range(view.player_count):
            if other == seat:
                continue
            partner = ", your partner" if rules.partnership and other % 2 == seat % 2 else ""
            details = [cards_count(view.hand_sizes[other])]
            if view.known[other]:
                details.append("known to hold " + card_names(view.known[other], unicode))
            if view.stopped[other]:
                details.append("skips the next draw")
            lines.append(f"P{other} ({names[other]}{partner}): {', '.join(details)}")
        if rules.contract:
            made = [
                self._side_name(state, side, seat, names, short=True)
                + (" made" if done else " not yet")
                for side, done in enumerate(view.contracts)
            ]
            lines.append("Contracts: " + " · ".join(made))
        lines.extend(self._table(state, seat, names, unicode))
        if view.phase is Phase.OFFER and view.offer_card is not None and view.offer_to != seat:
            lines.append(
                f"{seat_label(view.turn, names)} offers {card_name(view.offer_card, unicode)} "
                f"to {seat_label(view.offer_to or 0, names)}"
            )
        lines.append(self._hand_line(view, unicode))
        return lines

    def _scores(self, state: GameState, seat: int, names: Sequence[str]) -> str:
        return " · ".join(
            f"{self._side_name(state, side, seat, names)} {total}"
            for side, total in enumerate(state.totals)
        )

    @staticmethod
    def _side_name(
        state: GameState, side: int, seat: int, names: Sequence[str], short: bool = False
    ) -> str:
        seats = side_seats(side, state.player_count, state.rules.partnership)
        if not state.rules.partnership:
            return seat_label(seats[0], names)
        name = "your side" if seat in seats else "opponents"
        if short:
            return name
        return f"{name} ({' + '.join(f'P{s} {names[s]}' for s in seats)})"

    def _table(
        self, state: GameState, seat: int, names: Sequence[str], unicode: bool
    ) -> list[str]:
        if not state.table:
            return ["Table: no melds yet"]
        lines = ["Table:"]
        partnership = state.rules.partnership
        sides = sorted(
            {side_of(owner, partnership) for owner in state.owners},
            key=lambda side: (side != side_of(seat, partnership), side),
        )
        for side in sides:
            lines.append(f"  {self._side_name(state, side, seat, names, short=True)}:")
            for index, (meld, owner) in enumerate(zip(state.table, state.owners)):
                if side_of(owner, partnership) == side:
                    shown = _table_meld_text(meld, unicode)
                    lines.append(f"    #{index:<3} {shown:<40} (P{owner})")
        return lines

    def turn_hint(self, state: GameState) -> str:
        """What the seat to decide is to do now."""
        self._check(state)
        if state.phase is Phase.OFFER and state.offer_card is not None:
            stop = (
                " (an ace, a 2 or a joker accepted skips your next draw)"
                if is_stop_card(state.offer_card)
                else ""
            )
            return (
                f"P{state.turn} offers you {CARD_NAMES[state.offer_card]}: "
                f"'accept' or 'decline'{stop}."
            )
        if state.phase is Phase.DRAW:
            return DRAW_HINT
        if state.phase is not Phase.PLAY:
            return "Waiting for the deal."
        rules = state.rules
        size = rules.contract_size(state.hand_number)
        if state.progress:
            return (
                f"Contract: {state.progress} of {size} melds down; put down the next "
                "(all sets or all sequences)."
            )
        ending = "'end' the turn"
        if is_last_turn(state):
            ending = "'end' the hand: it is the last turn, no offer"
        elif len(state.hands[state.turn]) > 1:
            ending = f"offer a card to P{(state.turn + 1) % state.player_count}"
        if not side_has_contract(state, state.turn):
            can = any(isinstance(move, PutDown) for move in state.legal_moves())
            now = "you can make it now ('moves')" if can else "this hand cannot make it yet"
            return (
                f"Your side needs its contract ({_contract_words(state)}): {now}; then {ending}."
            )
        return f"Exchange, meld and extend your side's melds as you like, then {ending}."

    def events(self, before: GameState, after: GameState, names: Sequence[str]) -> list[str]:
        """What a move changed beyond itself: an offer taken or kept, a contract made, a
        hand's end and its scores."""
        self._check(before, names)
        self._check(after, names)
        lines: list[str] = []
        if before.phase is Phase.OFFER and before.offer_card is not None:
            card = CARD_NAMES[before.offer_card]
            taker = before.offer_to
            if taker is not None and len(after.hands[taker]) > len(before.hands[taker]):
                stop = " and skips the next draw" if is_stop_card(before.offer_card) else ""
                lines.append(
                    f"{seat_label(taker, names)} takes {card} from {seat_label(before.turn, names)}{stop}."
                )
            elif after.phase is not Phase.OFFER:
                lines.append(f"Nobody takes {card}: {seat_label(before.turn, names)} keeps it.")
        if after.hand_number == before.hand_number and not after.is_over:
            side = before.side(before.turn)
            if after.contracts[side] and not before.contracts[side]:
                lines.append(f"{seat_label(before.turn, names)} makes the contract for the side.")
            return lines
        result = after.last_hand
        if result is not None:
            lines.extend(self._hand_end(before, result, names))
        return lines

    def _hand_end(self, state: GameState, result: HandResult, names: Sequence[str]) -> list[str]:
        if result.went_out is not None:
            shutout = " (shutout!)" if result.shutout else ""
            lines = [
                f"Hand {result.hand_number}: {seat_label(result.went_out, names)} goes out{shutout}."
            ]
        elif state.stock:
            lines = [f"Hand {result.hand_number} ends: the turn limit is reached (SK-LOOP)."]
        else:
            lines = [f"Hand {result.hand_number} ends: the last card of the pile is drawn."]
        if result.void:
            lines.append("The highest hand scores are equal: the hand does not count (SK-TIE).")
        for side in range(len(result.points)):
            lines.append(
                f"  {_players(state, side, names)}: melds {result.meld_points[side]}, cards left "
                f"{-result.hand_points[side]}, bonus {result.bonus[side]}: "
                f"{result.points[side]:+d}"
            )
        held = [
            f"{seat_label(seat, names)} {card_names(hand, False)}"
            for seat, hand in enumerate(result.hands)
            if hand
        ]
        if held:
            lines.append("  Cards left: " + "; ".join(held))
        return lines

    def status(self, state: GameState) -> str:
        """The hand, the phase and the seat to decide."""
        self._check(state)
        if state.phase is Phase.DEAL:
            return self._chance_words(state)
        if state.phase is Phase.OFFER:
            return f"hand {state.hand_number}, P{state.offer_to} deciding on an offer"
        return f"hand {state.hand_number}, {state.phase.value}, P{state.turn} to play"

    def final(self, state: GameState, names: Sequence[str]) -> list[str]:
        """The final totals of each side and the winners (SK-GAME)."""
        self._check(state, names)
        totals = " · ".join(
            f"{_players(state, side, names)} {total}" for side, total in enumerate(state.totals)
        )
        return [f"Final scores: {totals}", self._winners(state, names)]

    def meld(self, meld: Meld, unicode: bool) -> str:
        """A meld as Skarney writes it (:func:`meld_text`)."""
        return meld_text(meld, unicode)

    def meld_points(self, meld: Meld) -> int:
        """The points a meld's cards score (SK-SCORE-MELDS).

        :raises InvalidArgumentError: ``meld`` is not a meld."""
        check_meld_value(meld)
        return meld_points(meld)


TEXT = SkarneyText()
"""The Skarney wording, as the game record carries it."""
