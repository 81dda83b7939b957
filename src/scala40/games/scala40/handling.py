"""What every Scala 40 move handler shares: the phase check and hands as sorted tuples of
cards, with the illegal-move error and the tuple helpers of :mod:`scala40._engine`
(internal)."""

from __future__ import annotations

from bisect import insort

from scala40._engine import illegal, replace_item
from scala40._engine import without as hand_without
from scala40.cards import Card
from scala40.games.scala40.moves import Move
from scala40.games.scala40.phases import Phase
from scala40.games.scala40.record import StateRecord

__all__ = [
    "cards_to_keep",
    "hand_without",
    "illegal",
    "need_phase",
    "next_active",
    "replace_item",
    "with_card",
]


def with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    cards = list(hand)
    insort(cards, card)
    return tuple(cards)


def next_active(player: int, active: tuple[bool, ...]) -> int:
    count = len(active)
    for step in range(1, count + 1):
        candidate = (player + step) % count
        if active[candidate]:
            return candidate
    return player


# What the game is waiting for, in words: said when a move comes at the wrong time.
_NOW = {
    Phase.DEAL: "a hand is to be dealt",
    Phase.DRAW: "the player to move has not drawn yet",
    Phase.PLAY: "the player to move has drawn already",
    Phase.RESTOCK: "the stock is to be rebuilt",
}


def need_phase(state: StateRecord, phase: Phase, move: Move) -> None:
    if state.phase is not phase:
        if state.phase is Phase.OVER:
            raise illegal(move, "S40-ELIM", "the match is over")
        wanted = {
            Phase.DRAW: "only at the start of a turn, before drawing",
            Phase.PLAY: "only after drawing",
            Phase.DEAL: "only when a hand is to be dealt",
            Phase.RESTOCK: "only when the stock is to be rebuilt",
        }[phase]
        raise illegal(move, "S40-TURN", f"this move is allowed {wanted}; {_NOW[state.phase]}")


def cards_to_keep(state: StateRecord) -> int:
    """Cards the player must keep to end the turn with a discard (S40-CLOSE, S40-FIRST-ROUND)."""
    return 1 if state.may_close else 2
