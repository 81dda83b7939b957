"""Legal-move generation of the knock games (internal): every legal move, each once.

A turn offers few moves: the draws (and a knock), then the discards (and the closes).
The knock and the closes need the hand's arrangements; a quick bound settles most hands
first: the cards that belong to no meld of the hand are unmatched in any arrangement,
and when they alone are worth more than the limit, no knock or close exists and the
search is skipped. A close is listed once for every card discarded and every
arrangement within the limits (CH-CLOSE): the arrangement decides the closer's score and
what the others may lay off.
"""

from __future__ import annotations

from scala40.cards import Card
from scala40.games._knock.arrange import (
    close_arrangements,
    least_unmatched,
    uncovered_cards,
    without,
)
from scala40.games._knock.engine import banned_discard, close_cap_bars
from scala40.games._knock.loose import loose_summary
from scala40.games._knock.phases import CLAIM, DEAL, DRAW, PLAY, REENTRY, RESTOCK
from scala40.games._knock.profile import Ending, KnockRules
from scala40.games._knock.record import KnockRecord

__all__ = ["can_knock", "close_moves", "generate", "loose_cards"]

_CLOSING = Ending.CLOSE
"""A module constant, read at every discard: an enum member costs far more to read
(see :mod:`scala40.games._knock.phases`)."""


def generate(state: KnockRecord) -> list[object]:
    """Every legal move of ``state``, each once (C-IDENTITY)."""
    phase = state.phase
    kinds = state.KINDS
    if phase is PLAY:
        hand = state.hands[state.turn]
        discards = kinds.discards
        moves: list[object]
        if state.taken is None:  # no card is banned (the discard pile's, just taken)
            moves = list(map(discards.__getitem__, dict.fromkeys(hand)))
        else:
            banned = banned_discard(state)
            moves = [discards[card] for card in dict.fromkeys(hand) if card != banned]
        if state.profile.ending is _CLOSING:
            moves.extend(close_moves(state))
        return moves
    if phase is DRAW:
        moves = [kinds.draw_move]
        if state.discard:
            moves.append(kinds.take_move)
        if kinds.knock_move is not None and can_knock(state):
            moves.append(kinds.knock_move)
        return moves
    if phase is CLAIM:
        assert kinds.claim_move is not None
        assert kinds.pass_move is not None
        return [kinds.claim_move, kinds.pass_move]
    if phase is REENTRY:
        return [kinds.reenter_move, kinds.retire_move]
    if phase is DEAL:
        return [kinds.deal_move]
    if phase is RESTOCK:
        return [kinds.restock_move]
    return []


def loose_cards(hand: tuple[Card, ...], profile: KnockRules) -> tuple[int, set[Card]]:
    """Cards of ``hand`` that belong to no meld of it, and their value: they are unmatched
    in every arrangement of the hand or of any of its parts."""
    loose = uncovered_cards(hand, profile.meld_rules)
    return sum(map(profile.values.__getitem__, loose)), set(loose)


def can_knock(state: KnockRecord) -> bool:
    """Whether the player to move may knock (RU-KNOCK): not on his first turn, with at
    least ``knock_min_melded`` cards in melds and ``knock_limit`` or less unmatched."""
    player = state.turn
    if state.turns_played[player] < 1:
        return False
    profile = state.profile
    hand = state.hands[player]
    value, _, loose = loose_summary(hand, profile)
    if value > profile.knock_limit or len(hand) - loose < profile.knock_min_melded:
        return False
    return least_unmatched(hand, profile, profile.knock_min_melded) <= profile.knock_limit


def close_moves(state: KnockRecord) -> list[object]:
    """Every close of the player to move (CH-CLOSE), by card discarded then arrangement."""
    profile = state.profile
    player = state.turn
    if not profile.close_first_round and state.turns_played[player] == 0:
        return []
    close = state.KINDS.close
    assert close is not None
    hand = state.hands[player]
    limit = profile.close_limit
    value, dearest, _ = loose_summary(hand, profile)
    if value - dearest > limit:
        return []
    # A close may exist (a hand in fifty, in random play): which cards are loose.
    value, loose = loose_cards(hand, profile)
    values = profile.values
    banned = banned_discard(state)
    wilds = profile.wild_cards
    moves: list[object] = []
    for card in dict.fromkeys(hand):
        if card == banned:
            continue
        if value - (values[card] if card in loose else 0) > limit:
            continue
        kept = without(hand, (card,))
        assert kept is not None
        if profile.forbid_close_with_two_wilds and sum(1 for c in kept if c in wilds) >= 2:
            continue
        for melds in close_arrangements(kept, profile):
            if profile.close_cap:
                used = sum(len(meld) for meld in melds)
                if used < len(kept):
                    left = without(kept, [c for meld in melds for c in meld.cards])
                    assert left is not None
                    if close_cap_bars(state, sum(values[c] for c in left)):
                        continue
            moves.append(close.of_melds(card, melds))
    return moves
