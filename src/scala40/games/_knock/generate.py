"""Legal-move generation of the knock games (internal): every legal move, each once.

A turn offers few moves: the draws (and a knock), then the discards (and the closes).
The knock and the closes need the hand's arrangements; a quick bound settles most hands
first: the cards that belong to no meld of the hand are unmatched in any arrangement,
and when they alone break a condition of the knock or the close (their value, their
count), none exists and the search is skipped. Every condition is a predicate of
:mod:`~scala40.games._knock.conditions`, which the engine asks too. A close is listed
once for every card discarded and every arrangement the conditions allow (CH-CLOSE):
the arrangement decides the closer's score and what the others may lay off.
"""

from __future__ import annotations

from typing import Any

from scala40.cards import Card
from scala40.games._knock.arrange import (
    close_arrangements,
    knock_allowed,
    uncovered_cards,
    without,
)
from scala40.games._knock.conditions import (
    banned_discard,
    cap_bars_close,
    close_barred_this_turn,
    keeps_two_wilds,
    knock_barred_this_turn,
)
from scala40.games._knock.knocking import KnockingRules
from scala40.games._knock.loose import loose_summary
from scala40.games._knock.moves import (
    CLAIM_MOVE,
    DEAL_MOVE,
    DISCARDS,
    DRAW_MOVE,
    KNOCK_MOVE,
    PASS_MOVE,
    REENTER_MOVE,
    RESTOCK_MOVE,
    RETIRE_MOVE,
    TAKE_MOVE,
    Close,
)
from scala40.games._knock.phases import CLAIM, DEAL, DRAW, PLAY, REENTRY, RESTOCK
from scala40.games._knock.profile import Ending, KnockRules
from scala40.games._knock.spanish import SpanishRules
from scala40.games._knock.state_record import KnockRecord

__all__ = ["barred_moves", "can_knock", "close_moves", "generate", "loose_cards"]

_CLOSING = Ending.CLOSE
"""A module constant, read at every discard: an enum member costs far more to read
(see :mod:`scala40.games._knock.phases`)."""


def barred_moves(state: KnockRecord) -> dict[str, tuple[str, ...]]:
    """For each kind of move the position's phase allows but :func:`generate` lists none
    of, the IDs of the rules whose conditions keep it off: a knock (RU-KNOCK: the first
    turn, the unmatched value, the cards in melds), a close (CH-CLOSE: the first turn, the
    unmatched value and count, two wild cards kept; LC-CLOSECAP where the cap alone keeps
    every close off). Asked apart from the list, so listing pays nothing for it."""
    phase = state.phase
    found: dict[str, tuple[str, ...]] = {}
    if phase is DRAW and state.KINDS.knocks and not can_knock(state):
        found["knock"] = ("RU-KNOCK",)
    if phase is PLAY and state.profile.ending is _CLOSING and not close_moves(state):
        rules = state.rules
        capped = isinstance(rules, SpanishRules) and getattr(rules, "close_cap", False)
        if capped and close_moves(state.copy_with(rules=rules.replace(close_cap=False))):
            found["close"] = ("LC-CLOSECAP",)
        else:
            found["close"] = ("CH-CLOSE",)
    return found


def generate(state: KnockRecord) -> list[Any]:
    """Every legal move of ``state``, each once (C-IDENTITY)."""
    phase = state.phase
    if phase is PLAY:
        hand = state.hands[state.turn]
        moves: list[Any]
        if state.taken is None:  # no card is banned (the discard pile's, just taken)
            moves = [DISCARDS[card] for card in dict.fromkeys(hand)]
        else:
            banned = banned_discard(state)
            moves = [DISCARDS[card] for card in dict.fromkeys(hand) if card != banned]
        if state.profile.ending is _CLOSING:
            moves.extend(close_moves(state))
        return moves
    if phase is DRAW:
        moves = [DRAW_MOVE]
        if state.discard:
            moves.append(TAKE_MOVE)
        if state.KINDS.knocks and can_knock(state):
            moves.append(KNOCK_MOVE)
        return moves
    if phase is CLAIM:
        return [CLAIM_MOVE, PASS_MOVE]
    if phase is REENTRY:
        return [REENTER_MOVE, RETIRE_MOVE]
    if phase is DEAL:
        return [DEAL_MOVE]
    if phase is RESTOCK:
        return [RESTOCK_MOVE]
    return []


def loose_cards(hand: tuple[Card, ...], profile: KnockRules) -> tuple[int, int, set[Card]]:
    """Cards of ``hand`` that belong to no meld of it: their value, their count (each
    copy) and the cards; they are unmatched in every arrangement of the hand or of any of
    its parts."""
    loose = uncovered_cards(hand, profile.meld_rules)
    return sum(map(profile.values.__getitem__, loose)), len(loose), set(loose)


def can_knock(state: KnockRecord) -> bool:
    """Whether the player to move may knock (RU-KNOCK): the knock's conditions
    (:mod:`~scala40.games._knock.conditions`), asked of the loose cards' bound (they
    alone are worth too much, or leave too few cards for the melds: no knock), then of
    the turn and of the search's arrangements."""
    rules = state.rules
    if not isinstance(rules, KnockingRules):
        return False  # a game that closes
    hand = state.hands[state.turn]
    # knock_value_allowed and knock_melded_allowed, read as data: this bound is asked at
    # every draw, so it makes no call.
    value, _, count = loose_summary(hand, rules.profile)
    if value > rules.knock_limit or len(hand) - count < rules.knock_min_melded:
        return False
    return not knock_barred_this_turn(state) and knock_allowed(hand, rules)


def close_moves(state: KnockRecord) -> list[object]:
    """Every close of the player to move (CH-CLOSE), by card discarded then arrangement:
    those the close's conditions allow (:mod:`~scala40.games._knock.conditions`), each
    asked where it first applies: of the loose cards' bound (even with the dearest of
    them discarded, those left break the value's or the count's condition: no close), of
    the turn, of the card discarded and the cards kept, of each arrangement."""
    rules = state.rules
    if not isinstance(rules, SpanishRules):
        return []  # a game that knocks
    profile = rules.profile
    hand = state.hands[state.turn]
    # close_value_allowed and close_count_allowed, read as data: this bound is asked
    # in every state where a close could be listed, so it makes no call.
    limit, most = rules.close_limit, profile.close_most_unmatched
    value, dearest, count = loose_summary(hand, profile)
    if value - dearest > limit or count - 1 > most:
        return []
    if close_barred_this_turn(state):
        return []
    # A close may exist (a hand in fifty, in random play): which cards are loose.
    value, count, loose = loose_cards(hand, profile)
    values = profile.values
    banned = banned_discard(state)
    moves: list[object] = []
    for card in dict.fromkeys(hand):
        if card == banned:
            continue
        # What the close keeps of the loose cards bounds what it leaves unmatched.
        if card in loose:
            least_value, least_count = value - values[card], count - 1
        else:
            least_value, least_count = value, count
        if least_value > limit or least_count > most:
            continue
        kept = without(hand, (card,))
        assert kept is not None
        if keeps_two_wilds(rules, kept):
            continue
        for melds, left_value in close_arrangements(kept, rules):
            if not cap_bars_close(state, left_value):
                moves.append(Close.of_melds(card, melds))
    return moves
