"""Checking Skarney states: how a state's fields fit together (the rules of a position:
each field alone is checked, read and written by its spec, in
:mod:`~scala40.games.skarney.state_record`), and reading the melds of a saved table.
"""

from __future__ import annotations

from collections import Counter

from scala40._base.load import deal_problems, last_hand_problems, table_problems, winners_left
from scala40._cache import HAND_LIMIT, BoundedCache
from scala40._format.codecs import MAX_SEATS
from scala40._format.serial import (
    MAX_COUNT,
    MAX_READ_ITEMS,
    card_counts,
    count_problems,
    deck_counts,
    read_meld_text,
)
from scala40.cards import Card
from scala40.games.skarney import engine
from scala40.games.skarney.moves import PutDown, parse_meld_spec
from scala40.games.skarney.phases import HandResult, Phase, is_stop_card, side_of
from scala40.games.skarney.rules import hand_penalty
from scala40.games.skarney.state_record import StateRecord
from scala40.melds import Meld, MeldKind

__all__ = [
    "MAX_PLACED",
    "MAX_SEATS",
    "consistency_problems",
    "meld_from_spec",
]

MAX_PLACED = MAX_READ_ITEMS
"""No position places more cards than this (the largest Skarney deck holds 112)."""


def meld_from_spec(spec: str) -> Meld:
    """Read a table meld written like ``5S 2C=6S 7S`` (each wild card with its card).

    :raises InvalidMoveError, InvalidCardError, IllegalMoveError: ``spec`` is not the text
        of a Skarney meld.
    """
    return read_meld_text(spec, spec, _SPEC_MELDS, _meld)


def _meld(text: str) -> Meld:
    return engine.resolve_meld(PutDown(*parse_meld_spec(text.split())))


_SPEC_MELDS: BoundedCache[str, Meld] = BoundedCache("skarney table melds read", HAND_LIMIT)
"""The melds :func:`meld_from_spec` read, by their text (Skarney's meld rules are fixed)."""


def _not_within(part: tuple[Card, ...], whole: tuple[Card, ...]) -> bool:
    """Whether ``part`` holds a card more times than ``whole`` does (the parts checked are
    a few cards, mostly none: a list walk is cheaper than two counters)."""
    if not part:
        return False
    if len(part) > 16:
        return bool(Counter(part) - Counter(whole))
    left = list(whole)
    for card in part:
        if card not in left:
            return True
        left.remove(card)
    return False


# ---------------------------------------------------------------- validation


def consistency_problems(state: StateRecord) -> list[str]:
    rules = state.rules
    count = state.player_count
    phase = state.phase
    in_play = phase in (Phase.DRAW, Phase.PLAY, Phase.OFFER)
    # Every card of the deck is somewhere, exactly once (C-DECK); between hands, nowhere.
    placed = card_counts(state.stock, *state.hands, *(meld.cards for meld in state.table))
    problems = count_problems(placed, deck_counts(rules.deck)) if in_play else []
    problems.extend(table_problems(state.table, rules.meld_rules, "is not a Skarney meld"))
    for seat in range(count):
        if _not_within(state.known[seat], state.hands[seat]):
            problems.append(f"seat {seat} is known to hold cards it does not hold")
    if state.last_hand is not None:
        problems.extend(_result_problems(state, state.last_hand))
    if not in_play:
        problems.extend(_between_hands_problems(state))
        return problems
    problems.extend(_hand_problems(state))
    return problems


def _between_hands_problems(state: StateRecord) -> list[str]:
    """A game waiting for a deal, or over: no card placed, nothing of a turn left, the
    winners those with the highest total (SK-GAME)."""
    problems: list[str] = []
    rules = state.rules
    phase = state.phase
    if any(state.hands) or state.stock or state.table or any(state.known) or any(state.accepted):
        problems.append(f"cards are placed at the {phase.value} phase")
    if (
        state.owners
        or any(state.contracts)
        or any(state.stopped)
        or state.turn_number
        or state.melded
        or state.contract_now
        or state.progress
        or state.fresh_from
        or state.extended
        or state.offer_card is not None
        or state.offer_to is not None
    ):
        problems.append(f"turn details are set at the {phase.value} phase")
    if phase is Phase.DEAL:
        if state.hand_number >= rules.hands:
            problems.append(
                f"hand {state.hand_number} of {rules.hands} is over: no other hand is dealt"
            )
        problems.extend(deal_problems(state.turn, state.dealer))
        return problems
    if state.hand_number != rules.hands and not state.resigned:
        # Resignations may end a game before its last hand (C-RESIGN).
        problems.append(
            f"the game is over after hand {rules.hands}, but hand_number is {state.hand_number}"
        )
    seats_in = tuple(seat for seat in range(state.player_count) if seat not in state.resigned)
    best = engine.game_winners(state, state.totals)
    best = winners_left(state.winners, state.resigned, seats_in, best)
    if state.winners and state.winners != best:
        problems.append(
            f"the winners are the seats of the highest total {list(best)}, "
            f"not {list(state.winners)} (SK-GAME)"
        )
    return problems


def _hand_problems(state: StateRecord) -> list[str]:
    """A hand in play: the hand number, the turn, the seats, the turn's melds, the
    contract, the offer (SK-TURN, SK-CONTRACT, SK-EXTEND, SK-OFFER, SK-STOP)."""
    hands = state.rules.hands
    if not 1 <= state.hand_number <= hands:
        return [f"hand_number must be from 1 to {hands}, got {state.hand_number}"]
    problems = _seat_problems(state)
    fresh_from = state.fresh_from
    if fresh_from > len(state.table):
        problems.append(f"fresh_from must be from 0 to {len(state.table)}, got {fresh_from}")
        return problems
    problems.extend(_meld_problems(state))
    problems.extend(_contract_problems(state))
    problems.extend(_draw_and_offer_problems(state))
    return problems


def _seat_problems(state: StateRecord) -> list[str]:
    """The turn's number, who holds cards, who is stopped and what each seat accepted
    (SK-LOOP, SK-OFFER, SK-STOP, C-RESIGN)."""
    problems: list[str] = []
    turn = state.turn
    limit = state.rules.turn_limit or MAX_COUNT
    if not 1 <= state.turn_number <= limit:
        problems.append(f"turn_number must be from 1 to {limit}, got {state.turn_number}")
    for seat, hand in enumerate(state.hands):
        if seat in state.resigned:
            if hand or seat == turn or state.offer_to == seat:
                problems.append(f"seat {seat} resigned but plays this hand (C-RESIGN)")
        elif not hand:
            problems.append(f"seat {seat} holds no card, but the hand goes on")
    if state.stopped[turn]:
        problems.append(f"seat {turn} is stopped, but its turn has begun (SK-STOP)")
    for seat in range(state.player_count):
        if seat == turn and state.phase is not Phase.DRAW:
            continue  # cards accepted before the turn may be melded in it
        if _not_within(state.accepted[seat], state.known[seat]):
            problems.append(f"seat {seat} accepted cards that are not known to be in its hand")
        if state.stopped[seat] and not any(map(is_stop_card, state.accepted[seat])):
            problems.append(f"seat {seat} is stopped but accepted no stop card (SK-STOP)")
    return problems


def _meld_problems(state: StateRecord) -> list[str]:
    """The turn's melds and extensions (SK-EXTEND), once ``fresh_from`` is on the table."""
    problems: list[str] = []
    fresh_from = state.fresh_from
    table_size = len(state.table)
    most = state.rules.extend_limit_per_meld
    for index, added in enumerate(state.extended):
        if index >= fresh_from and added:
            problems.append(f"extended counts cards added to meld #{index}, put down this turn")
        elif most is not None and added > most:
            problems.append(f"meld #{index} had {added} cards added this turn, more than {most}")
    for index in range(fresh_from, table_size):
        if state.owners[index] != state.turn:
            problems.append(
                f"table meld #{index} was put down this turn, not by seat {state.turn}"
            )
    if (state.contract_now or fresh_from < table_size or any(state.extended)) and (
        not state.melded
    ):
        problems.append("melds were put down or extended this turn but melded is not set")
    return problems


def _contract_problems(state: StateRecord) -> list[str]:
    """The contract of the side to play (SK-CONTRACT)."""
    rules = state.rules
    if not rules.contract:
        if any(state.contracts) or state.progress or state.contract_now:
            return ["a contract is recorded but the rules ask for none"]
        return []
    problems: list[str] = []
    made = state.contracts[side_of(state.turn, rules.partnership)]
    size = rules.contract_size(state.hand_number)
    if not state.progress < size:
        problems.append(f"progress must be from 0 to {size - 1}, got {state.progress}")
    elif state.progress:
        fresh = state.table[state.fresh_from :]
        if (
            made
            or len(fresh) != state.progress
            or any(len(meld.cards) != 3 or meld.kind is MeldKind.WILD for meld in fresh)
            or len({meld.kind for meld in fresh}) != 1
        ):
            problems.append("the contract in progress is not the turn's 3-card melds")
    if state.contract_now and not made:
        problems.append("contract_now is set but the side has no contract")
    return problems


def _draw_and_offer_problems(state: StateRecord) -> list[str]:
    """What the draw and the offer phases ask (SK-TURN, SK-OFFER, SK-END, SK-LOOP)."""
    problems: list[str] = []
    phase = state.phase
    turn = state.turn
    if phase is Phase.DRAW:
        if not state.stock:
            problems.append("a draw with an empty pile (the hand should have ended)")
        fresh = state.fresh_from != len(state.table)
        if state.melded or state.progress or state.contract_now or fresh:
            problems.append("turn details are set before the draw")
    if phase is Phase.OFFER:
        offered, taker = state.offer_card, state.offer_to
        if offered is None or taker is None or taker == turn:
            problems.append("an offer needs a card and a seat to offer it to")
        elif offered not in state.hands[turn] or offered not in state.known[turn]:
            problems.append("the offered card must be in the offerer's hand, known to all")
        elif is_stop_card(offered) and taker != engine.next_seat(state, turn):
            problems.append("a stop card is offered to the next seat only (SK-OFFER)")
        if state.progress:
            problems.append("an offer is made with the contract half made")
        if len(state.hands[turn]) < 2:
            problems.append("a card is offered by a seat holding one card (SK-OFFER)")
        if engine.is_last_turn(state):
            problems.append("the last turn of a hand makes no offer (SK-END, SK-LOOP)")
    elif state.offer_card is not None or state.offer_to is not None:
        problems.append("an offered card outside the offer phase")
    return problems


def _result_problems(state: StateRecord, result: HandResult) -> list[str]:
    """How the last hand ended, against the state that followed it (SK-SCORE-MELDS,
    SK-SCORE-HAND, SK-BONUS, SK-TIE)."""
    after = state.phase in (Phase.DEAL, Phase.OVER)
    problems = last_hand_problems(result, state.hand_number, after, state.rules.deck)
    sides = len(state.totals)
    penalties = [0] * sides
    for seat, hand in enumerate(result.hands):
        penalties[side_of(seat, state.rules.partnership)] += hand_penalty(hand)
    went_out = result.went_out
    if went_out is not None and result.hands[went_out]:
        problems.append(f"last_hand: seat {went_out} went out but holds cards")
    if result.shutout and went_out is None:
        problems.append("last_hand: a shutout needs a seat that went out")
    if result.void and (went_out is not None or any(result.points)):
        problems.append("last_hand: a void hand is one nobody went out in, and scores nothing")
    if any(value < 0 for value in (*result.meld_points, *result.hand_points, *result.bonus)):
        problems.append("last_hand: meld points, hand points and bonuses are not negative")
    if sum(1 for bonus in result.bonus if bonus) > 1:
        problems.append("last_hand: one side at most earns a bonus")
    for side in range(sides):
        if result.hand_points[side] not in (0, penalties[side]):
            problems.append(
                f"last_hand: side {side} subtracts {result.hand_points[side]}, but its cards "
                f"left are worth {penalties[side]}"
            )
        gained = result.meld_points[side] - result.hand_points[side] + result.bonus[side]
        if not result.void and result.points[side] != gained:
            problems.append(
                f"last_hand: side {side} gains {result.points[side]}, not the {gained} its "
                "melds, cards left and bonus make"
            )
    return problems
