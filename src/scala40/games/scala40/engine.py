"""Scala 40 rules as pure functions over :class:`~scala40.games.scala40.state.GameState` (internal).

One function per move type applies it and raises :class:`IllegalMoveError`
naming the rule it breaks. Legal-move generation proposes candidates and
keeps those the same functions accept, so the two can never disagree.

A move is only legal if the turn can still end after it (no dead ends): once a handler
has made a melding move, or taken the discard, :func:`apply` asks the lookahead
(:mod:`~scala40.games.scala40.lookahead`), which the handlers themselves never do.

The handlers live by concept: :mod:`~scala40.games.scala40.chance` (deal and restock),
:mod:`~scala40.games.scala40.melding` (melds), :mod:`~scala40.games.scala40.discarding`
(the discard and the end of a hand); the draws and the dispatch are here, with every
name the engine's callers use. What may be drawn and how a turn may end are the
predicates of :mod:`~scala40.games.scala40.conditions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scala40.errors import InvalidMoveError
from scala40.games.scala40.chance import after_last_card, apply_deal, apply_restock, deal
from scala40.games.scala40.conditions import take_discard_refusal, upcard_refusal
from scala40.games.scala40.discarding import (
    apply_discard,
    banned_discards,
    banned_mask,
    finish_discard,
    resign,
)
from scala40.games.scala40.handling import (
    illegal,
    need_phase,
    next_active,
    replace_item,
    with_card,
)
from scala40.games.scala40.lookahead import refuse_dead_end, take_refusal
from scala40.games.scala40.melding import (
    apply_lay_off,
    apply_put_down,
    apply_split,
    apply_swap,
    resolve_meld,
)
from scala40.games.scala40.moves import (
    Deal,
    Discard,
    DrawStock,
    LayOff,
    Move,
    PutDown,
    Restock,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
)
from scala40.games.scala40.phases import DRAW, PLAY
from scala40.games.scala40.state_record import StateRecord

__all__ = [
    "HANDLERS",
    "LOOKAHEAD",
    "apply",
    "apply_trusted",
    "banned_discards",
    "banned_mask",
    "deal",
    "next_active",
    "resign",
    "resolve_meld",
    "with_card",
]


# -- drawing -----------------------------------------------------------------------------


def _turn_start(state: StateRecord, **changes: Any) -> StateRecord:
    return state.copy_with(
        phase=PLAY,
        opening_value=0,
        opened_at_turn_start=state.opened[state.turn],
        **changes,
    )


def _apply_draw_stock(state: StateRecord, move: DrawStock) -> StateRecord:
    need_phase(state, DRAW, move)
    player = state.turn
    card = state.stock[-1]
    stock = state.stock[:-1]
    hands = replace_item(state.hands, player, with_card(state.hands[player], card))
    # The turn details were reset by the discard that ended the previous turn.
    new: StateRecord = state.setters["drawn"](state, phase=PLAY, stock=stock, hands=hands,
        opened_at_turn_start=state.opened[player],
    )  # fmt: skip
    return new if stock else after_last_card(new)


def _apply_take_discard(state: StateRecord, move: TakeDiscard) -> StateRecord:
    need_phase(state, DRAW, move)
    refusal = take_discard_refusal(state)
    if refusal is not None:
        raise illegal(move, *refusal)
    player = state.turn
    card = state.discard[-1]
    hands = replace_item(state.hands, player, with_card(state.hands[player], card))
    return _turn_start(
        state,
        discard=state.discard[:-1],
        hands=hands,
        taken=card,
        taken_must_use=True,
        taken_used=False,
    )


def _apply_take_upcard(state: StateRecord, move: TakeUpcard) -> StateRecord:
    need_phase(state, DRAW, move)
    refusal = upcard_refusal(state)
    if refusal is not None:
        raise illegal(move, *refusal)
    card = state.discard[-1]
    player = state.turn
    hands = replace_item(state.hands, player, with_card(state.hands[player], card))
    return _turn_start(
        state, discard=(), hands=hands, taken=card, taken_must_use=False, taken_used=False
    )


def _refuse_useless_take(state: StateRecord, move: Move, new: StateRecord) -> None:
    """Raise the error of a take of the discard after which the card cannot be used
    (S40-DRAW-DISCARD, S40-V-EARLYDISCARD): the lookahead's :func:`take_refusal`."""
    refusal = take_refusal(state, new)
    if refusal is not None:
        raise illegal(move, *refusal)


# -- dispatch ----------------------------------------------------------------------------

HANDLERS: dict[type, Callable[[StateRecord, Any], StateRecord]] = {
    DrawStock: _apply_draw_stock,
    TakeDiscard: _apply_take_discard,
    TakeUpcard: _apply_take_upcard,
    PutDown: apply_put_down,
    LayOff: apply_lay_off,
    SwapJoker: apply_swap,
    Split: apply_split,
    Discard: apply_discard,
    Deal: apply_deal,
    Restock: apply_restock,
}
"""Each kind of move's handler: it checks the move and makes it, the lookahead aside."""

LOOKAHEAD: dict[type, Callable[[StateRecord, Any, StateRecord], None]] = {
    TakeDiscard: _refuse_useless_take,
    PutDown: refuse_dead_end,
    LayOff: refuse_dead_end,
    SwapJoker: refuse_dead_end,
    Split: refuse_dead_end,
}
"""The lookahead asked of each kind of move once its handler has made it (state before,
move, state after): it raises where the turn could not end afterwards."""


def apply(state: StateRecord, move: Move) -> StateRecord:
    """The state after ``move``; :class:`IllegalMoveError` if it is not legal."""
    handler = HANDLERS.get(type(move))
    if handler is None:
        raise InvalidMoveError(f"expected a move, got {move!r}")
    new = handler(state, move)
    lookahead = LOOKAHEAD.get(type(move))
    if lookahead is not None:
        lookahead(state, move, new)
    return new


def apply_trusted(state: StateRecord, move: Move) -> StateRecord:
    """:func:`apply` for a move generated as legal in this very state: the lookahead and
    the discard checks, already made by the generator, are skipped."""
    if type(move) is Discard:
        return finish_discard(state, move.card)
    return HANDLERS[type(move)](state, move)
