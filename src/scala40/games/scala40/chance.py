"""Scala 40's chance moves: the deal (S40-DEAL) and rebuilding the stock (S40-RESTOCK)
(internal)."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import Any

from scala40._base.engine import deal_hands, deal_order, seats_from
from scala40._rng import shuffle
from scala40.cards import Card
from scala40.games.scala40.handling import (
    illegal,
    need_phase,
)
from scala40.games.scala40.moves import (
    Deal,
    Move,
    Restock,
)
from scala40.games.scala40.phases import DEAL, DRAW, PLAY, RESTOCK
from scala40.games.scala40.rules import RestockMethod
from scala40.games.scala40.state_record import StateRecord

__all__ = [
    "HAND_START",
    "after_last_card",
    "apply_deal",
    "apply_restock",
    "deal",
]


HAND_START: MappingProxyType[str, Any] = MappingProxyType(
    {
        "opening_value": 0,
        "opened_at_turn_start": False,
        "taken": None,
        "taken_must_use": False,
        "taken_used": False,
        "melded_since_restock": True,
    }
)
"""The fields of a turn as every hand starts them: nothing put down towards an opening,
no card taken from the discard pile, and no rebuild of the stock yet to stall
(S40-STALL)."""


# -- chance ------------------------------------------------------------------------------


def deal(
    state: StateRecord, order: tuple[Card, ...] | None, move: Move | None = None
) -> StateRecord:
    """Shuffle (or use ``order``, top card last) and deal a new hand (S40-DEAL)."""
    rules = state.rules
    deck = rules.deck.cards
    order, rng = deal_order(deck, order, state.rng, lambda: move or Deal(order))
    seats = seats_from(state.dealer, state.active)
    hands, position = deal_hands(order, seats, rules.hand_size, state.player_count)
    position -= 1
    upcard = order[position]
    return state.copy_with(
        phase=DRAW,
        turn=seats[0],
        hands=hands,
        stock=order[:position],
        discard=(upcard,),
        table=(),
        opened=(False,) * state.player_count,
        turns_played=(0,) * state.player_count,
        hand_number=state.hand_number + 1,
        rng=rng,
        **HAND_START,
    )


def apply_deal(state: StateRecord, move: Deal) -> StateRecord:
    need_phase(state, DEAL, move)
    return deal(state, move.order, move)


def apply_restock(state: StateRecord, move: Restock) -> StateRecord:
    need_phase(state, RESTOCK, move)
    pile = state.discard
    rng = state.rng
    if move.order is None:
        order, rng = shuffle(pile, rng)
    elif Counter(move.order) != Counter(pile):
        raise illegal(move, "S40-RESTOCK", "the new stock must hold exactly the discard pile")
    else:
        order = move.order
    return state.copy_with(
        stock=order, discard=(), phase=PLAY, rng=rng, melded_since_restock=False
    )


def after_last_card(state: StateRecord) -> StateRecord:
    """The stock has just run out: rebuild it from the discard pile (S40-RESTOCK)."""
    pile = state.discard
    if not pile or not state.melded_since_restock:
        # Nothing to rebuild from (S40-RESTOCK decision), or nothing has reached the table
        # since the last rebuild (S40-STALL): the stock stays empty, and the hand ends
        # blocked after this turn. Without it two players could pass cards for ever.
        return state
    if state.rules.restock is RestockMethod.FLIP:
        # S40-V-RESTOCK-FLIP: turn the pile over; its first card starts the new pile.
        flipped = pile[::-1]
        return state.copy_with(
            stock=flipped[:-1], discard=flipped[-1:], melded_since_restock=False
        )
    if not state.auto_chance:
        return state.copy_with(phase=RESTOCK)
    order, rng = shuffle(pile, state.rng)
    return state.copy_with(stock=order, discard=(), rng=rng, melded_since_restock=False)
