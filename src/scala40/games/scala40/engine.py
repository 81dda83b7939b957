"""Scala 40 rules as pure functions over :class:`~scala40.games.scala40.state.GameState` (internal).

One function per move type applies it and raises :class:`IllegalMoveError`
naming the rule it breaks. Legal-move generation proposes candidates and
keeps those the same functions accept, so the two can never disagree.

A move is only legal if the turn can still end after it (no dead ends): a
meld of a player who has not opened must leave the opening threshold within
reach (S40-OPEN), a card taken from the discard pile must stay usable
(S40-DRAW-DISCARD), and a card must remain to discard (S40-CLOSE), or two
during the first round (S40-FIRST-ROUND).

The handlers live by concept: :mod:`~scala40.games.scala40.chance` (deal and restock),
:mod:`~scala40.games.scala40.melding` (melds and the lookahead),
:mod:`~scala40.games.scala40.discarding` (the discard and the end of a hand); the draws
and the dispatch are here, with every name the engine's callers use.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from scala40.cards import CARD_NAMES
from scala40.errors import (
    InvalidMoveError,
    SearchLimitError,
)
from scala40.games.scala40.chance import after_last_card, apply_deal, apply_restock, deal
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
from scala40.games.scala40.melding import (
    apply_lay_off,
    apply_put_down,
    apply_split,
    apply_swap,
    bans_bite,
    can_finish,
    direct_use,
    fits_after,
    melding_moves,
    repeats_a_four_of_a_kind,
    resolve_meld,
    searched_moves,
    try_move,
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
from scala40.games.scala40.phases import Phase
from scala40.games.scala40.record import StateRecord

__all__ = [
    "HANDLERS",
    "apply",
    "apply_trusted",
    "banned_discards",
    "banned_mask",
    "bans_bite",
    "can_finish",
    "deal",
    "direct_use",
    "fits_after",
    "melding_moves",
    "next_active",
    "repeats_a_four_of_a_kind",
    "resign",
    "resolve_meld",
    "searched_moves",
    "try_move",
    "with_card",
]


# -- drawing -----------------------------------------------------------------------------


def _turn_start(state: StateRecord, **changes: Any) -> StateRecord:
    return state.copy_with(
        phase=Phase.PLAY,
        opening_value=0,
        opened_at_turn_start=state.opened[state.turn],
        **changes,
    )


def _apply_draw_stock(state: StateRecord, move: DrawStock, lookahead: bool) -> StateRecord:
    need_phase(state, Phase.DRAW, move)
    player = state.turn
    card = state.stock[-1]
    stock = state.stock[:-1]
    hand = list(state.hands[player])
    insort(hand, card)
    hands = replace_item(state.hands, player, tuple(hand))
    # The turn details were reset by the discard that ended the previous turn.
    new: StateRecord = state.setters["drawn"](state, phase=Phase.PLAY, stock=stock, hands=hands,
        opened_at_turn_start=state.opened[player],
    )  # fmt: skip
    return new if stock else after_last_card(new)


def _apply_take_discard(state: StateRecord, move: TakeDiscard, lookahead: bool) -> StateRecord:
    need_phase(state, Phase.DRAW, move)
    player = state.turn
    if not state.discard:
        raise illegal(move, "S40-DRAW-DISCARD", "the discard pile is empty")
    if not state.opened[player] and not state.rules.discard_draw_to_open:
        raise illegal(
            move, "S40-DRAW-STOCK", "a player who has not opened may only draw from the stock"
        )
    card = state.discard[-1]
    hands = replace_item(state.hands, player, with_card(state.hands[player], card))
    new = _turn_start(
        state,
        discard=state.discard[:-1],
        hands=hands,
        taken=card,
        taken_must_use=True,
        taken_used=False,
    )
    if lookahead:
        rule = "S40-DRAW-DISCARD" if state.opened[player] else "S40-V-EARLYDISCARD"
        use = "melded" if state.opened[player] else "part of an opening"
        name = CARD_NAMES[card]
        try:
            # Under the discard bans the moves of the turn after the take are listed with
            # every one's lookahead searched (searched_moves): the take leads on when
            # that list, made within the budget, holds a move, so that no position the
            # game reaches fails to list its moves.
            usable = bool(searched_moves(new)) if bans_bite(state.rules) else can_finish(new)
            why = f"{name} cannot be {use} this turn with a card left to discard"
        except SearchLimitError:
            # The documented bound of the lookahead: a take that cannot be shown to lead
            # on within MAX_SEARCH_WORK is refused, and the player draws from the stock,
            # so that the game never stops at a position whose moves cannot be listed.
            usable = False
            why = (
                f"whether {name} can be {use} this turn with a card left to discard cannot "
                "be settled within the work budget (MAX_SEARCH_WORK)"
            )
        if not usable:
            raise illegal(move, rule, why)
    return new


def _apply_take_upcard(state: StateRecord, move: TakeUpcard, lookahead: bool) -> StateRecord:
    need_phase(state, Phase.DRAW, move)
    if not state.rules.first_player_takes_upcard:
        raise illegal(move, "S40-V-UPCARD", "taking the turned-up card is not allowed")
    first = next_active(state.dealer, state.active)
    if any(state.turns_played) or state.turn != first or len(state.discard) != 1:
        raise illegal(move, "S40-V-UPCARD", "only the first player's first draw may take it")
    card = state.discard[-1]
    player = state.turn
    hands = replace_item(state.hands, player, with_card(state.hands[player], card))
    return _turn_start(
        state, discard=(), hands=hands, taken=card, taken_must_use=False, taken_used=False
    )


# -- dispatch ----------------------------------------------------------------------------

HANDLERS: dict[type, Callable[[StateRecord, Any, bool], StateRecord]] = {
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


def apply(state: StateRecord, move: Move) -> StateRecord:
    """The state after ``move``; :class:`IllegalMoveError` if it is not legal."""
    handler = HANDLERS.get(type(move))
    if handler is None:
        raise InvalidMoveError(f"expected a move, got {move!r}")
    return handler(state, move, True)


def apply_trusted(state: StateRecord, move: Move) -> StateRecord:
    """:func:`apply` for a move generated as legal in this very state: the lookahead and
    the discard checks, already made by the generator, are skipped."""
    if type(move) is Discard:
        return finish_discard(state, move.card)
    return HANDLERS[type(move)](state, move, False)
