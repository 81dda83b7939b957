"""Scala 40's discard and the end of a hand: the discards the rules ban, closing, the
scores and the next deal (internal)."""

from __future__ import annotations

from typing import Final

from scala40.cards import CARD_NAMES, JOKER, Card
from scala40.games.scala40.chance import deal
from scala40.games.scala40.conditions import card_to_meld, opening_unfinished
from scala40.games.scala40.handling import (
    hand_without,
    illegal,
    need_phase,
    next_active,
    replace_item,
)
from scala40.games.scala40.moves import (
    Discard,
)
from scala40.games.scala40.phases import DEAL, DRAW, OVER, PLAY, RESTOCK, HandResult
from scala40.games.scala40.rules import MatchFormat, hand_value
from scala40.games.scala40.state_record import StateRecord
from scala40.games.scala40.table.offers import card_mask, table_info
from scala40.match import ScoreOrder, best_seats, highest_below, reached, settle_elimination

__all__ = [
    "apply_discard",
    "ban_reasons",
    "banned_discards",
    "banned_mask",
    "bans_lifted",
    "discard_allowed",
    "end_hand",
    "finish_discard",
    "resign",
]


# -- discarding and the end of a hand ----------------------------------------------------


def banned_discards(state: StateRecord) -> dict[Card, str]:
    """Cards of the mover's hand that may not be discarded now, each with the rule why:
    :func:`ban_reasons`, less what the S40-DISCARD decision lifts (:func:`bans_lifted`)."""
    reasons = ban_reasons(state)
    if reasons and bans_lifted(state, _mask_of(reasons), card_mask(state.hands[state.turn])):
        return {}
    return reasons


def banned_mask(state: StateRecord) -> int:
    """:func:`banned_discards` as a bit mask of cards (bit ``1 << card``): what legal-move
    generation needs, without the reasons."""
    player = state.turn
    hand = state.hands[player]
    opened = state.opened[player]
    ban_playable = _playable_ban(state, hand, opened)
    taken = state.taken if not state.taken_used else None
    if opened and not ban_playable and taken is None:
        return 0  # nothing can be banned: the common case, answered at once
    held = card_mask(hand)
    banned = 0 if opened else held & _JOKER_BIT
    if ban_playable:
        banned |= held & table_info(state.table).extending(state.rules.split_sequences)
    if taken is not None and hand.count(taken) < 2:
        banned |= held & 1 << taken
    return 0 if bans_lifted(state, banned, held) else banned


def bans_lifted(state: StateRecord, banned: int, held: int) -> bool:
    """Whether the S40-DISCARD decision lifts the discard bans of the mover, whose hand
    holds the cards ``held`` and may not discard the cards ``banned`` (bit masks): when
    every card is banned the bans are lifted for that discard, except a closing discard
    that S40-V-PLAYABLE's closing switch bans. The one statement of the lift: the list
    of moves, ``is_legal`` and the lookahead's "can the turn still end" all read it."""
    if banned != held:
        return False
    hand = state.hands[state.turn]
    # One card left is the closing discard (S40-CLOSE): its ban stays when the closing
    # switch made it, and then no discard ends the turn.
    rules = state.rules
    return not (
        len(hand) == 1
        and rules.ban_playable_discard_closing
        and table_info(state.table).extending(rules.split_sequences) & held
    )


def discard_allowed(state: StateRecord) -> bool:
    """Whether the mover may discard some card of his hand now, the bans and their lift
    (:func:`bans_lifted`) considered; the hand's size and the first round aside."""
    hand = state.hands[state.turn]
    return bool(hand) and banned_mask(state) != card_mask(hand)


def _playable_ban(state: StateRecord, hand: tuple[Card, ...], opened: bool) -> bool:
    """Whether S40-V-PLAYABLE's switch for the mover's discard now is on: the closing
    switch for a last card, else the opened or the unopened player's."""
    rules = state.rules
    if len(hand) == 1:
        return rules.ban_playable_discard_closing
    if opened:
        return rules.ban_playable_discard_opened
    return rules.ban_playable_discard_unopened


def _mask_of(cards: dict[Card, str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


_JOKER_BIT: Final = 1 << JOKER


def ban_reasons(state: StateRecord) -> dict[Card, str]:
    """The discard bans on the mover's cards, before the S40-DISCARD decision's lift, each
    with the rule in force: S40-DISCARD's own bans for a player who has not opened (a
    joker, a card that could extend a table meld: by a layoff or, under S40-V-SPLIT, by a
    split, :meth:`~scala40.games.scala40.table.offers.TableInfo.extending`),
    S40-V-PLAYABLE's switches beyond them."""
    player = state.turn
    hand = state.hands[player]
    opened = state.opened[player]
    ban_playable = _playable_ban(state, hand, opened)
    taken_rule = state.taken is not None and not state.taken_used
    if opened and not ban_playable and not taken_rule:
        return {}  # nothing can be banned: the common case, answered at once
    playable = (
        table_info(state.table).extending(state.rules.split_sequences) if ban_playable else 0
    )
    # The unopened player's ban is S40-DISCARD's rule, on by default; a variant's switch
    # turns it off (S40-V-PLAYABLE), and the opened and closing ones are variants.
    playable_reason = (
        "S40-V-PLAYABLE: the card can extend a meld on the table"
        if opened or len(hand) == 1
        else "S40-DISCARD: a player who has not opened may not discard a card that can "
        "extend a meld on the table"
    )
    reasons: dict[Card, str] = {}
    distinct = set(hand)
    for card in distinct:
        if card == state.taken and not state.taken_used and hand.count(card) < 2:
            reasons[card] = "S40-DISCARD: a card taken from the discard pile this turn"
        elif card == JOKER and not opened:
            reasons[card] = "S40-DISCARD: a player who has not opened may not discard a joker"
        elif playable >> card & 1:
            reasons[card] = playable_reason
    return reasons


def apply_discard(state: StateRecord, move: Discard) -> StateRecord:
    need_phase(state, PLAY, move)
    player = state.turn
    if opening_unfinished(state):
        raise illegal(
            move,
            "S40-OPEN",
            f"the melds put down this turn are worth {state.opening_value}, below "
            f"{state.rules.opening_threshold}: the opening must be completed first",
        )
    taken = card_to_meld(state)
    if taken is not None:
        why = f"{CARD_NAMES[taken]}, taken from the discard pile, must be melded first"
        raise illegal(move, "S40-DRAW-DISCARD", why)
    hand = hand_without(state.hands[player], (move.card,))
    if hand is None:
        raise illegal(move, "S40-DISCARD", f"{CARD_NAMES[move.card]} is not in the hand")
    if not hand and not state.may_close:
        raise illegal(move, "S40-FIRST-ROUND", "nobody may close in the first round")
    reason = banned_discards(state).get(move.card)
    if reason is not None:
        rule, text = reason.split(": ", 1)
        raise illegal(move, rule, text)
    return finish_discard(state, move.card, hand)


def finish_discard(
    state: StateRecord, card: Card, hand: tuple[Card, ...] | None = None
) -> StateRecord:
    """The discard itself, once it is known to be legal: the turn ends."""
    player = state.turn
    if hand is None:
        hand = hand_without(state.hands[player], (card,))
        assert hand is not None
    hands = replace_item(state.hands, player, hand)
    discard = (*state.discard, card)
    turns_played = replace_item(state.turns_played, player, state.turns_played[player] + 1)
    limit = state.rules.turn_limit
    if not hand or not state.stock or (limit is not None and sum(turns_played) >= limit):
        new = state.copy_with(hands=hands, discard=discard, turns_played=turns_played)
        # Discarding the last card closes (S40-CLOSE); an empty stock that could not be
        # rebuilt blocks the hand (S40-RESTOCK decision), and so does the turn limit
        # (S40-STALL Decision).
        return end_hand(new, player if not hand else None)
    over: StateRecord = state.setters["turn_over"](
        state,
        hands=hands,
        discard=discard,
        turns_played=turns_played,
        phase=DRAW,
        turn=next_active(player, state.active),
        opening_value=0,
        opened_at_turn_start=False,
        taken=None,
        taken_must_use=False,
        taken_used=False,
    )
    return over


def end_hand(state: StateRecord, closer: int | None) -> StateRecord:
    """Score the hand (S40-SCORE), apply the match format, and deal again or end the match."""
    rules = state.rules
    count = state.player_count
    scores = list(state.scores)
    active = list(state.active)
    points = [0] * count
    doubled = False
    eliminated: list[int] = []
    reentered: list[int] = []
    winners: tuple[int, ...] = ()
    if closer is not None and rules.match_format is not MatchFormat.SINGLE:
        doubled = rules.double_on_open_and_close and not state.opened_at_turn_start
        for player in range(count):
            if not active[player] or player == closer:
                continue
            value = hand_value(state.hands[player], rules)
            never_played = rules.close_on_first_turn and state.turns_played[player] == 0
            if (
                rules.not_opened_penalty is not None
                and not state.opened[player]
                and not never_played
            ):
                value = rules.not_opened_penalty
            points[player] = value * 2 if doubled else value
            scores[player] += points[player]
    if closer is not None:
        fmt = rules.match_format
        target = rules.elimination_score
        seats = [p for p in range(count) if active[p]]
        if fmt is MatchFormat.SINGLE:
            winners = (closer,)
        elif fmt is MatchFormat.NO_ELIMINATION:
            if max(scores) >= rules.no_elimination_limit:
                winners = best_seats(scores, seats, ScoreOrder.LOW)
        else:
            out = reached(scores, seats, target)
            reset = highest_below(scores, seats, target)
            if fmt is MatchFormat.REENTRY and out and len(seats) - len(out) >= 2:
                assert reset is not None
                for player in out:
                    scores[player] = reset
                reentered = list(out)
            else:
                # The closer adds nothing and was below the target: someone stays in.
                settled = settle_elimination(scores, active, target)
                active = list(settled.active)
                eliminated = list(settled.eliminated)
                winners = settled.winners
    result = HandResult(
        hand_number=state.hand_number,
        closer=closer,
        points=tuple(points),
        doubled=doubled,
        hands=state.hands,
        eliminated=tuple(eliminated),
        reentered=tuple(reentered),
    )
    common = {
        "scores": tuple(scores),
        "last_hand": result,
        "opening_value": 0,
        "opened_at_turn_start": False,
        "taken": None,
        "taken_must_use": False,
        "taken_used": False,
    }
    if winners:
        return state.copy_with(phase=OVER, winners=winners, active=tuple(active), **common)
    dealer = next_active(state.dealer, tuple(active))
    new = state.copy_with(phase=DEAL, dealer=dealer, turn=dealer, active=tuple(active), **common)
    return deal(new, None) if state.auto_chance else new


def resign(state: StateRecord, resigned: tuple[int, ...], winners: tuple[int, ...]) -> StateRecord:
    """The match once the seats ``resigned`` are out (C-RESIGN): over, ``winners`` the
    players left, when they are one; else the hand in play abandoned like a blocked hand
    (nobody scores, S40-RESTOCK decision) and the deal passed on, as after any hand. A
    one-hand match (match format ``single``) has played its hand: those still in share
    the win (C-WINNERS). Before a deal no hand is in play: the dealer deals, or the seat
    after him if he resigned."""
    count = state.player_count
    active = tuple(playing and seat not in resigned for seat, playing in enumerate(state.active))
    in_hand = state.phase in (DRAW, PLAY, RESTOCK)
    last_hand = state.last_hand
    if in_hand:
        last_hand = HandResult(
            hand_number=state.hand_number,
            closer=None,
            points=(0,) * count,
            doubled=False,
            hands=state.hands,
        )
    common = {
        "active": active,
        "resigned": resigned,
        "last_hand": last_hand,
        "opening_value": 0,
        "opened_at_turn_start": False,
        "taken": None,
        "taken_must_use": False,
        "taken_used": False,
    }
    if not winners and in_hand and state.rules.match_format is MatchFormat.SINGLE:
        winners = tuple(seat for seat in range(count) if active[seat])
    if winners:
        return state.copy_with(phase=OVER, winners=winners, **common)
    if not in_hand:
        dealer = state.dealer if active[state.dealer] else next_active(state.dealer, active)
        return state.copy_with(dealer=dealer, turn=dealer, **common)
    dealer = next_active(state.dealer, active)
    new = state.copy_with(phase=DEAL, dealer=dealer, turn=dealer, **common)
    return deal(new, None) if state.auto_chance else new
