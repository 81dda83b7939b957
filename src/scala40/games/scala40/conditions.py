"""The conditions of a Scala 40 turn that decide what may be drawn and how the turn may
end, each written once (internal).

The move handlers, the move generator, the lookahead and the close search all ask
these: one predicate for each condition, so that the rule a handler enforces and the
one the generator lists by cannot drift apart.
"""

from __future__ import annotations

from typing import Protocol

from scala40.cards import Card
from scala40.games.scala40.handling import next_active
from scala40.games.scala40.rules import Ruleset
from scala40.games.scala40.state_record import StateRecord

__all__ = [
    "TurnEnd",
    "bans_bite",
    "card_to_meld",
    "cards_to_keep",
    "closes_by_melding",
    "final_keep",
    "fits_after",
    "opening_unfinished",
    "take_discard_refusal",
    "turn_end",
    "upcard_refusal",
]


class TurnEnd(Protocol):
    """What the conditions of a turn's end read of a position: a state's record, or a
    seat's view (which tells a player how far his hand is from the opening)."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def may_close(self) -> bool: ...


def take_discard_refusal(state: StateRecord) -> tuple[str, str] | None:
    """Why the player to move (in the draw phase) may not take the top of the discard
    pile, as its rule and the reason, before any lookahead: ``None`` if he may try."""
    if not state.discard:
        return "S40-DRAW-DISCARD", "the discard pile is empty"
    if not state.opened[state.turn] and not state.rules.discard_draw_to_open:
        return "S40-DRAW-STOCK", "a player who has not opened may only draw from the stock"
    return None


def upcard_refusal(state: StateRecord) -> tuple[str, str] | None:
    """Why the player to move (in the draw phase) may not take the card turned up at the
    deal (S40-V-UPCARD), as its rule and the reason: ``None`` if he may."""
    if not state.rules.first_player_takes_upcard:
        return "S40-V-UPCARD", "taking the turned-up card is not allowed"
    if (
        any(state.turns_played)
        or state.turn != next_active(state.dealer, state.active)
        or len(state.discard) != 1
    ):
        return "S40-V-UPCARD", "only the first player's first draw may take it"
    return None


def card_to_meld(state: StateRecord) -> Card | None:
    """The card taken from the discard pile that the player to move must still meld this
    turn (S40-DRAW-DISCARD, S40-V-EARLYDISCARD), if any."""
    return state.taken if state.taken_must_use and not state.taken_used else None


def opening_unfinished(state: StateRecord) -> bool:
    """Whether the player to move, who has not opened, has put down part of his opening
    this turn: he may not discard before it reaches the threshold (S40-OPEN)."""
    return not state.opened[state.turn] and state.opening_value > 0


def turn_end(state: StateRecord) -> tuple[int, bool]:
    """What ending this turn asks of the player to move: the cards to keep for the
    discard (:func:`cards_to_keep`), and whether melding every card closes instead
    (:func:`closes_by_melding`), in one call for the hot paths."""
    rules = state.rules
    # The first round is over in nearly every state: that is settled without the seats
    # (no seat has played no turn: ``0 in``, where min() costs a builtin call).
    if rules.close_on_first_turn or 0 not in state.turns_played or state.may_close:
        return 1, rules.close_without_discard
    return 2, False


def cards_to_keep(state: TurnEnd) -> int:
    """Cards the player must keep to end the turn with a discard (S40-CLOSE, S40-FIRST-ROUND)."""
    return 1 if state.may_close else 2


def closes_by_melding(state: TurnEnd) -> bool:
    """Whether the player to move may close by melding every card, with no discard
    (S40-V-NODISCARDCLOSE, after the first round: S40-FIRST-ROUND)."""
    return state.rules.close_without_discard and state.may_close


def final_keep(state: TurnEnd) -> int:
    """The fewest cards a player who has not opened may keep after his opening: none if
    he may close by melding them all, else the cards to keep for the discard."""
    return 0 if closes_by_melding(state) else cards_to_keep(state)


def fits_after(size: int, keep: int, close_by_melding: bool) -> bool:
    """Whether a hand of ``size`` cards still ends the turn: ``keep`` cards left to discard,
    or none when closing by melding is allowed (S40-V-NODISCARDCLOSE)."""
    return size >= keep or (size == 0 and close_by_melding)


def bans_bite(rules: Ruleset) -> bool:
    """Whether a discard ban can stop a turn that has cards to discard: only
    S40-V-PLAYABLE's closing switch. The S40-DISCARD decision lifts every other ban once
    all the cards held are banned (:func:`~scala40.games.scala40.discarding.bans_lifted`),
    so under them a discard always remains; the closing switch's ban on a last card is not
    lifted, and a move that leaves only such a card is a dead end."""
    return rules.ban_playable_discard_closing
