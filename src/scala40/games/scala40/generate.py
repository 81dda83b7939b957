"""Scala 40 legal-move generation (internal): every legal move of a state, each once.

Generation proposes candidates and keeps those the engine's own handlers accept and the
lookahead lets through (no move leads to a position without legal moves), asking the
same predicates as the handlers (:mod:`~scala40.games.scala40.conditions`), so the list
and the rules can never disagree; where the hand size alone settles a move's legality,
it is listed without trying it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

import scala40.games.scala40.moves as kinds
from scala40._cache import BoundedCache
from scala40.cards import Card
from scala40.games.scala40.budget import shared_budget
from scala40.games.scala40.conditions import (
    bans_bite,
    card_to_meld,
    fits_after,
    take_discard_refusal,
    turn_end,
    upcard_refusal,
)
from scala40.games.scala40.engine import HANDLERS, banned_mask, with_card
from scala40.games.scala40.hand.opening import opening_starts
from scala40.games.scala40.hand.tables import hand_meld_pieces, sorted_hand_melds
from scala40.games.scala40.lookahead import (
    can_finish,
    direct_use,
    searched_moves,
    take_refusal,
    try_move,
)
from scala40.games.scala40.moves import LayOff, Move, PutDown, SwapJoker, put_down_of
from scala40.games.scala40.phases import DEAL, DRAW, PLAY, RESTOCK
from scala40.games.scala40.state_record import StateRecord
from scala40.games.scala40.table.offers import card_mask, table_info
from scala40.games.scala40.table.splits import split_moves
from scala40.melds import Meld, MeldKind

__all__ = ["barred_moves", "generate"]


# The moves without a choice in them, and every discard, made once; and the handlers the
# generator tries moves with, read from the engine's table once.
_DRAW_STOCK: Final = kinds.DrawStock()
_TAKE_DISCARD: Final = kinds.TakeDiscard()
_TAKE_UPCARD: Final = kinds.TakeUpcard()
_DEAL: Final = kinds.Deal()
_RESTOCK: Final = kinds.Restock()
_DISCARDS: Final = tuple(kinds.Discard(card) for card in range(53))
_TAKE: Final = HANDLERS[kinds.TakeDiscard]
_SPLIT: Final = HANDLERS[kinds.Split]


def generate(state: StateRecord, *, splits: bool = True) -> list[Move]:
    """Every legal move, each once (C-IDENTITY); without the splits of S40-V-SPLIT if
    ``splits`` is false (they come last: a search can list them only when it needs
    them)."""
    phase = state.phase
    if phase is PLAY:
        return _play_moves(state, splits)
    if phase is DRAW:
        moves: list[Move] = [_DRAW_STOCK]
        player = state.turn
        if take_discard_refusal(state) is None:
            verdict = None
            if state.opened[player]:
                card = state.discard[-1]
                verdict = direct_use(state, with_card(state.hands[player], card), card)
            if verdict is None:
                taken = _TAKE(state, _TAKE_DISCARD)
                verdict = take_refusal(state, taken) is None
            if verdict:
                moves.append(_TAKE_DISCARD)
        # The variant is off in most rulesets: asked first, it spares the predicate's call.
        if state.rules.first_player_takes_upcard and upcard_refusal(state) is None:
            moves.append(_TAKE_UPCARD)
        return moves
    if phase is DEAL:
        return [_DEAL]
    if phase is RESTOCK:
        return [_RESTOCK]
    return []


def _play_moves(state: StateRecord, splits: bool = True) -> list[Move]:
    player = state.turn
    opened = state.opened[player]
    must_use = card_to_meld(state) is not None
    rules = state.rules
    hand = state.hands[player]
    # Melding down to no card at all closes the hand; allowed only under S40-V-NODISCARDCLOSE.
    keep, close_by_melding = turn_end(state)
    bans = bans_bite(rules)
    moves: list[Move]
    if opened and not must_use and not bans:
        # The turn can end after any of these as long as enough cards stay to discard:
        # the legality of each move follows from the hand size alone.
        moves = _opened_melding_moves(state, hand, keep, close_by_melding, splits)
    elif not opened and not bans:
        moves = _opening_moves(state, hand, keep, close_by_melding, must_use)
    elif opened and not bans and not rules.split_sequences:
        moves = _taken_card_moves(state, hand, keep, close_by_melding)
    else:
        moves = searched_moves(state, splits)
    if (opened or not state.opening_value) and not must_use:
        if len(hand) == 1 and keep == 2:
            return moves  # nobody may close in the first round (S40-FIRST-ROUND)
        banned = banned_mask(state)
        if banned:
            moves.extend(
                [_DISCARDS[card] for card in dict.fromkeys(hand) if not banned >> card & 1]
            )
        else:
            moves.extend([_DISCARDS[card] for card in dict.fromkeys(hand)])
    return moves


def _put_downs(melds: Iterable[Meld]) -> list[Move]:
    """The put-down move of each meld (:func:`put_down_of`), found by the meld's identity:
    the engine's melds come from its tables, the same objects again and again."""
    by_identity = _PUT_DOWN_BY_IDENTITY
    moves: list[Move] = []
    for meld in melds:
        entry = by_identity.get(id(meld))
        if entry is None or entry[0] is not meld:
            if len(by_identity) >= by_identity.limit:
                by_identity.clear()
            # The entry keeps its meld alive, so that its id is not reused while it is here.
            entry = by_identity[id(meld)] = (meld, put_down_of(meld))
        moves.append(entry[1])
    return moves


_PUT_DOWN_BY_IDENTITY: BoundedCache[int, tuple[Meld, PutDown]] = BoundedCache(
    "scala40 put-down moves by meld identity"
)


def _opened_melding_moves(
    state: StateRecord,
    hand: tuple[Card, ...],
    keep: int,
    close_by_melding: bool,
    splits: bool = True,
) -> list[Move]:
    rules = state.rules
    size = len(hand)
    pieces = hand_meld_pieces(hand, rules.meld_rules)
    moves: list[Move] = []
    longest = 0
    if pieces is not None:
        # The put-down moves of each table of melds, worked out once per table.
        by_identity = _PIECE_PUT_DOWNS
        for piece in pieces:
            entry = by_identity.get(id(piece))
            if entry is None or entry[0] is not piece:
                if len(by_identity) >= by_identity.limit:
                    by_identity.clear()
                # The entry keeps its table alive, so that its id is not reused meanwhile.
                entry = by_identity[id(piece)] = (
                    piece,
                    tuple(_put_downs(piece)),
                    max(len(meld.cards) for meld in piece),
                )
            moves.extend(entry[1])
            if entry[2] > longest:
                longest = entry[2]
        if size - longest < keep:
            moves = _put_downs(
                _short_enough(
                    sorted_hand_melds(hand, rules.meld_rules), size, keep, close_by_melding
                )
            )
    else:
        melds = sorted_hand_melds(hand, rules.meld_rules)
        longest = max(map(len, melds), default=0)
        if size - longest >= keep:
            moves = _put_downs(melds)
        else:
            moves = _put_downs(_short_enough(melds, size, keep, close_by_melding))
    if not state.table:
        return moves
    info = table_info(state.table)
    lay_off_ok = fits_after(size - 1, keep, close_by_melding)
    offered = info.playable | info.swappable
    if card_mask(hand) & offered:
        for card in dict.fromkeys(hand):
            if offered >> card & 1:
                info.add_moves(card, moves, lay_off_ok)
    if rules.split_sequences and splits:
        with shared_budget() as budget:
            for index, meld in enumerate(state.table):
                if meld.kind is MeldKind.SEQUENCE:
                    for split in split_moves(hand, index, meld, rules.meld_rules, budget):
                        fits = fits_after(size - len(split.added), keep, close_by_melding)
                        if fits and try_move(_SPLIT, state, split) is not None:
                            moves.append(split)
    return moves


def _short_enough(
    melds: Iterable[Meld], size: int, keep: int, close_by_melding: bool
) -> Iterator[Meld]:
    """The melds that leave ``keep`` cards of a hand of ``size`` (or none, closing)."""
    for meld in melds:
        count = len(meld.cards)
        if size - count >= keep or (size == count and close_by_melding):
            yield meld


_PIECE_PUT_DOWNS: BoundedCache[int, tuple[tuple[Meld, ...], tuple[Move, ...], int]] = BoundedCache(
    "scala40 put-down moves by meld table"
)


def _taken_card_moves(
    state: StateRecord, hand: tuple[Card, ...], keep: int, close_by_melding: bool
) -> list[Move]:
    """Melding moves of an opened player who must still meld the card taken from the
    discard pile (S40-DRAW-DISCARD). A move that melds it leaves an opened player with no
    duty but the discard: it is legal when enough cards stay, as for any opened player.
    Any other move must leave a way to meld the card, which is checked on the new state.
    """
    taken = state.taken
    player = state.turn
    moves: list[Move] = []
    for move in _opened_melding_moves(state, hand, keep, close_by_melding):
        # Splits are not listed here (S40-V-SPLIT takes the general path).
        assert isinstance(move, (PutDown, LayOff, SwapJoker))
        if taken in move.cards if isinstance(move, PutDown) else move.card == taken:
            moves.append(move)
            continue
        new = try_move(HANDLERS[type(move)], state, move)
        if new is not None and (new.phase is not PLAY or new.turn != player or can_finish(new)):
            moves.append(move)
    return moves


def _opening_moves(
    state: StateRecord, hand: tuple[Card, ...], keep: int, close_by_melding: bool, must_use: bool
) -> list[Move]:
    """Melds of a player who has not opened: each must leave the threshold within reach
    (S40-OPEN), with the taken card in the opening (S40-V-EARLYDISCARD)."""
    rules = state.rules
    needed = rules.opening_threshold - state.opening_value
    final_keep = 0 if close_by_melding else keep
    taken = state.taken if must_use else None
    starts = opening_starts(
        hand, needed, rules.meld_rules, keep, final_keep, close_by_melding, taken
    )
    return _put_downs(starts)


def barred_moves(state: StateRecord) -> dict[str, tuple[str, ...]]:
    """For each kind of move the position's phase allows but its list holds none of
    (:func:`generate`), the IDs of the rules whose conditions keep it off, read from the
    same predicates: asked apart from the list, so listing pays nothing for it.

    * a take of the discard: the refusal of :func:`~.conditions.take_discard_refusal`,
      else the card's use this turn (S40-DRAW-DISCARD; for a player who has not opened,
      S40-V-EARLYDISCARD, and the opening's threshold, S40-OPEN, where a lower one would
      let him take it);
    * the turned-up card: :func:`~.conditions.upcard_refusal` (S40-V-UPCARD);
    * a meld of a player who has not opened, the hand holding one: S40-OPEN;
    * a lay-off of a player who has not opened, a card of the hand fitting a table meld:
      S40-AFTER-OPEN;
    * a move the first round keeps off (a meld down to one card, a close): S40-FIRST-ROUND.
    """
    phase = state.phase
    listed = {type(move) for move in generate(state)}
    found: dict[str, tuple[str, ...]] = {}
    player = state.turn
    if phase is DRAW:
        if kinds.TakeDiscard not in listed:
            refusal = take_discard_refusal(state)
            if refusal is not None:
                found["take"] = (refusal[0],)
            elif state.opened[player]:
                found["take"] = ("S40-DRAW-DISCARD",)
            else:
                # No opening this turn holds the card: the threshold keeps it off where a
                # lower one would not.
                lifted = state.copy_with(rules=state.rules.replace(opening_threshold=0))
                listed_lifted = {type(move) for move in generate(lifted)}
                found["take"] = (
                    ("S40-V-EARLYDISCARD", "S40-OPEN")
                    if kinds.TakeDiscard in listed_lifted
                    else ("S40-V-EARLYDISCARD",)
                )
        if state.rules.first_player_takes_upcard and kinds.TakeUpcard not in listed:
            refusal = upcard_refusal(state)
            found["upcard"] = (refusal[0] if refusal is not None else "S40-V-UPCARD",)
        return found
    if phase is not PLAY:
        return found
    hand = state.hands[player]
    if not state.opened[player]:
        if PutDown not in listed and sorted_hand_melds(
            tuple(sorted(hand)), state.rules.meld_rules
        ):
            found["meld"] = ("S40-OPEN",)
        if state.table and any(meld.accepts(card) for meld in state.table for card in set(hand)):
            found["layoff"] = ("S40-AFTER-OPEN",)
    if not state.may_close:
        later = state.copy_with(turns_played=(1,) * len(state.turns_played))
        if {str(move) for move in generate(later)} - {str(move) for move in generate(state)}:
            found["close"] = ("S40-FIRST-ROUND",)
    return found
