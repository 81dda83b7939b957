"""The words the command line uses for the knock games: the board, hints, hand ends.

Chinchón and La Conga show the Spanish names of the cards beside the notation (C-DECK:
``JD`` is the sota de oros).

>>> from scala40.cli.text.chinchon import TEXT
>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=4)
>>> print("\\n".join(TEXT.board(state, 0, ["you", "greedy"], unicode=False)))
Hand 1 · dealer P0 · stock 25 cards · discard pile QD (1 card)
Scores (the game ends when a total reaches 100): P0 (you) 0 · P1 (greedy) 0
P1 (greedy): 7 cards
Your hand (7 cards): 7S 7H AD 7D 5C JC KC
  siete de espadas, siete de copas, as de oros, siete de oros, cinco de bastos, sota de bastos, rey de bastos
Best melds: 7S 7H 7D; unmatched 24
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from scala40._wording import (
    card_name,
    card_names,
    cards_count,
    check_state,
    seat_label,
    seat_values,
)
from scala40.cards import CARD_NAMES, spanish_card_name
from scala40.checks import check_flag
from scala40.game import check_meld_value
from scala40.games._knock.analysis import close_cost
from scala40.games._knock.arrange import best_arrangement
from scala40.games._knock.moves import Close, Knock
from scala40.games._knock.phases import HandEnd, HandResult, Phase, Showing
from scala40.games._knock.profile import EndMode
from scala40.games._knock.state import KnockState
from scala40.melds import Meld
from scala40.movekinds import MoveBase
from scala40.texts import GameText

__all__ = ["CLOSE_HELP", "KnockText"]

CLOSE_HELP = """\
  draw                  draw the top card of the stock
  take                  take the top card of the discard pile
  discard KD            discard a card face up, ending your turn
  close KS : AC 2C 3C / 5S 5H JK=5D
                        discard KS face down and show your melds (a joker names its card
                        with =); the cards not in a meld are unmatched: 5 points at most
  reenter / retire      after a hand that put you out: re-enter, or drop out
Cards: oros D (diamonds), copas H (hearts), espadas S (spades), bastos C (clubs);
sota J, caballo Q, rey K."""
"""The command line's help on the moves of a game that closes (Chinchón, La Conga)."""


def meld_text(meld: Meld, unicode: bool) -> str:
    """A meld's cards in order, each wild card followed by ``=`` and its card."""
    check_meld_value(meld)
    check_flag("unicode", unicode)
    wild = meld.rules.wild_cards
    return " ".join(
        card_name(card, unicode)
        if card == rep and card not in wild
        else f"{card_name(card, unicode)}={card_name(rep, unicode)}"
        for card, rep in zip(meld.cards, meld.represented)
    )


_ENDINGS = {
    HandEnd.KNOCK: "knocks",
    HandEnd.GIN: "knocks with every card in melds: gin, ten less (RU-GIN)",
    HandEnd.CLOSE: "closes",
    HandEnd.ALL_MATCHED: "closes with all seven cards in melds (CH-MINUS10)",
    HandEnd.WILD_CHINCHON: "closes with seven in a row holding a wild card (CH-CHINCHON)",
    HandEnd.CHINCHON: "closes with seven in a row of one suit and wins the game (CH-CHINCHON)",
    HandEnd.RUMINO: "holds a Rumino and wins the game (RU-RUMINO)",
    HandEnd.BLOCKED: "plays the hand's last turn under turn_limit: the hand ends blocked, "
    "nobody scores",
}


class KnockText(GameText):
    """The board, hints and announcements of Rumino, Chinchón and La Conga."""

    move_kinds: ClassVar[tuple[type[Any], ...]] = (MoveBase,)

    def __init__(
        self, move_help: str, *, spanish: bool, seven_run: str = "chinchón", game: str = ""
    ) -> None:
        self.move_help = move_help
        self.game = game
        """The name of the game whose states this wording takes (any knock game's if empty)."""
        self.spanish = spanish
        """Whether to print the Spanish names of the cards (Chinchón, La Conga)."""
        self.seven_run = seven_run
        """What the game calls the winning run of seven ("chinchón", "conga")."""

    def _check(self, state: object, *names: object) -> None:
        """Refuse what is not a state of the game, or names that do not name its seats."""
        accepted = isinstance(state, KnockState) and (
            not self.game or state.game_name == self.game
        )
        check_state(state, accepted, f"a state of {self.game or 'a knock game'}", *names)

    def _limit_text(self, state: Any) -> str:
        profile = state.profile
        reach = "reaches" if profile.inclusive else "passes"
        if state.rules.end_mode is EndMode.LOWEST:
            return f"the game ends when a total {reach} {profile.limit}"
        return f"a player whose total {reach} {profile.limit} drops out"

    def board(self, state: Any, seat: int, names: Sequence[str], unicode: bool) -> list[str]:
        """The table as ``seat`` sees it: no other hand is shown until a hand's end."""
        view = self._board_view(state, seat, names, unicode)
        lines = [
            f"Hand {view.hand_number} · dealer P{view.dealer} · {self._pile_words(view, unicode)}",
            f"Scores ({self._limit_text(state)}): {self._seat_scores(view, names, ' (out)')}",
        ]
        for player in range(view.player_count):
            if player != seat and view.active[player]:
                lines.append(
                    f"{seat_label(player, names)}: {cards_count(view.hand_sizes[player])}"
                )
        if not view.active[seat]:
            lines.append("You are out of the game.")
            return lines
        lines.append(self._hand_line(view, unicode))
        if self.spanish and view.hand:
            lines.append("  " + ", ".join(spanish_card_name(card) for card in view.hand))
        if view.hands_shown:
            lines.append("The hand is over: every hand has been shown.")
        elif view.hand:
            best = best_arrangement(view.hand, state.profile)
            melds = " / ".join(meld_text(meld, unicode) for meld in best.melds) or "none"
            lines.append(f"Best melds: {melds}; unmatched {best.value}")
        return lines

    def turn_hint(self, state: Any) -> str:
        """What the player to decide is to do now."""
        self._check(state)
        phase = state.phase
        listed = list(state.legal_moves())
        if phase is Phase.CLAIM:
            card = CARD_NAMES[state.discard[-1]]
            return f"{card} completes your Rumino: 'claim' it and win, or 'pass'."
        if phase is Phase.REENTRY:
            seat = state.pending[0]
            return (
                f"Your total is {state.scores[seat]}: 'reenter' at {state.reentry_total}, "
                "or 'retire' (drop out)."
            )
        if phase is Phase.DRAW:
            text = "Your turn: 'draw' from the stock or 'take' the top discard"
            if any(isinstance(move, Knock) for move in listed):
                text += ", or 'knock' to end the hand now"
            return text + " ('moves' lists the legal moves, 'help' the commands)."
        closes = [move for move in listed if isinstance(move, Close)]
        hand = state.hands[state.turn]
        # The example is a card of the hand: the one drawn last.
        start = f"Discard a card ('discard {CARD_NAMES[hand[-1]]}')" if hand else "Discard a card"
        if not state.discard and not any(state.turns_played):
            # Only the mano's first turn starts the pile (LC-DEAL); a pile emptied by a
            # take is an ordinary turn.
            start = "You hold an eighth card: discard one to start the discard pile (LC-DEAL)"
        if not closes:
            return start + "."
        # The cheapest close for the closer, the one the greedy bot plays.
        best = min(closes, key=lambda move: close_cost(move, hand, state.rules))
        count = "the close" if len(closes) == 1 else f"all {len(closes)} closes"
        return f"{start}, or close: '{best}' is the best; 'moves' lists {count}."

    def _showing(self, seat: int, showing: Showing, points: int, names: Sequence[str]) -> str:
        parts = [
            "melds " + (" / ".join(meld_text(meld, False) for meld in showing.melds) or "none")
        ]
        if showing.layoffs:
            parts.append("lays off " + ", ".join(str(layoff) for layoff in showing.layoffs))
        parts.append(f"unmatched {card_names(showing.unmatched, False)}")
        sign = "+" if points >= 0 else ""
        return f"  {seat_label(seat, names)}: " + "; ".join(parts) + f" ({sign}{points})"

    def _hand_lines(self, result: HandResult, names: Sequence[str]) -> list[str]:
        closer = seat_label(result.closer, names)
        ending = _ENDINGS[result.end]
        if result.end is HandEnd.CHINCHON and self.seven_run != "chinchón":
            ending = ending.replace("and wins", f"(a {self.seven_run}) and wins")
        lines = [f"Hand {result.hand_number}: {closer} {ending}."]
        if result.end is HandEnd.RUMINO:
            hand = result.hands[result.closer]
            taken = "" if result.discard is None else f", claiming {CARD_NAMES[result.discard]}"
            lines[0] = f"Hand {result.hand_number}: {closer} holds a Rumino{taken}: " + (
                f"{card_names(hand, False)}; he wins the game (RU-RUMINO)."
            )
            return lines
        if result.end is HandEnd.BLOCKED:
            return lines
        for seat, showing in enumerate(result.shown):
            if showing is not None:
                lines.append(self._showing(seat, showing, result.points[seat], names))
        return lines

    def events(self, before: Any, after: Any, names: Sequence[str]) -> list[str]:
        """How a hand ended, who re-entered or dropped out, and who won."""
        self._check(before, names)
        self._check(after, names)
        lines: list[str] = []
        in_hand = (Phase.DRAW, Phase.PLAY, Phase.CLAIM, Phase.RESTOCK)
        result = after.last_hand
        ended = before.phase in in_hand and (
            after.phase not in in_hand or after.hand_number != before.hand_number
        )
        if ended and result is not None:
            lines.extend(self._hand_lines(result, names))
        if before.phase is Phase.REENTRY:
            seat = before.pending[0]
            if after.scores[seat] != before.scores[seat]:
                lines.append(
                    f"{seat_label(seat, names)} re-enters at {after.scores[seat]} (LC-REENGANCHE)."
                )
            else:
                lines.append(f"{seat_label(seat, names)} does not re-enter.")
        settled = (ended or before.phase is Phase.REENTRY) and after.phase is not Phase.REENTRY
        if settled and result is not None:
            for seat in result.eliminated:
                lines.append(f"{seat_label(seat, names)} drops out with {after.scores[seat]}.")
            if not after.is_over:
                lines.append(f"Totals: {seat_values(after.scores)}")
        if after.phase is Phase.REENTRY and before.phase is not Phase.REENTRY:
            seats = ", ".join(f"P{seat}" for seat in after.pending)
            lines.append(
                f"{seats} reached the limit and may re-enter at {after.reentry_total} "
                "(LC-REENGANCHE)."
            )
        return lines

    def status(self, state: Any) -> str:
        """The phase and the seat to decide."""
        self._check(state)
        if state.is_chance:
            return self._chance_words(state)
        return f"{state.phase.value}, player {state.current_player} to decide"

    def final(self, state: Any, names: Sequence[str]) -> list[str]:
        """The final totals and the winners."""
        lines = super().final(state, names)
        result = state.last_hand
        if result is not None and result.end is HandEnd.GIN and len(state.winners) == 1:
            streak = state.gins[state.winners[0]]
            if streak and streak == state.rules.gin_streak:
                lines.insert(1, f"Gin in each of the first {streak} hands (RU-GINSTREAK).")
        return lines

    def meld(self, meld: Meld, unicode: bool) -> str:
        """A meld as the knock games write it (:func:`meld_text`)."""
        return meld_text(meld, unicode)
