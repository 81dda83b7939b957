"""Skarney rules as pure functions over :class:`~scala40.games.skarney.state.GameState`
(internal).

One function per move type applies it and raises :class:`~scala40.IllegalMoveError`
naming the rule it breaks. Legal-move generation (:mod:`.generate`) proposes candidates
these same functions accept, and the tests check the two against a brute-force oracle.

Only the contract can lead into a dead end: a turn cannot end while a contract is half
made, so a contract meld is legal only if the rest of the hand still completes the
contract (:func:`~scala40.games.skarney.search.can_complete`). Every other move leaves
the turn free to end (with an offer, or ``end``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from scala40._base.engine import (
    deal_hands,
    deal_order,
    illegal,
    out_of_phase,
    replace_item,
    with_card,
)
from scala40.cards import CARD_NAMES, RANK_OF, Card
from scala40.checks import describe
from scala40.errors import AmbiguousMeldError, InvalidMeldError, InvalidMoveError
from scala40.games.skarney.moves import (
    Accept,
    Deal,
    Decline,
    DrawStock,
    EndTurn,
    Exchange,
    Extend,
    Move,
    Offer,
    PutDown,
    meld_put_down,
)
from scala40.games.skarney.phases import (
    DEAL,
    DRAW,
    OFFER,
    OVER,
    PLAY,
    SEAT_SIDES,
    HandResult,
    Phase,
    is_stop_card,
    side_of,
)
from scala40.games.skarney.rules import (
    HAND_SIZE,
    MELD_RULES,
    Ruleset,
    TiedHand,
    hand_penalty,
    meld_points,
)
from scala40.games.skarney.search import can_complete, without
from scala40.games.skarney.state_record import StateRecord
from scala40.match import ScoreOrder, best_seats
from scala40.melds import Meld, check_meld
from scala40.melds._members import SEQUENCE_KIND, SET_KIND, WILD_KIND
from scala40.melds._words import why_not_added

__all__ = [
    "HANDLERS",
    "apply",
    "apply_trusted",
    "deal",
    "exchange_target",
    "exchanges_allowed",
    "is_last_turn",
    "melding_allowed",
    "next_seat",
    "offer_banned",
    "resign",
    "resolve_meld",
    "score_hand",
    "side_has_contract",
]

_WILD: Final = MELD_RULES.wild_cards


def _forget(known: tuple[Card, ...], played: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``known`` (what the others know a hand holds) once the cards
    ``played`` have left that hand: a known card played is no longer known there. Not
    what is left of ``known`` in the hand afterwards: that would tell the others whether
    the hand held a second copy of a known card it played."""
    if not known or not played:
        return known
    kept = list(known)
    for card in played:
        if card in kept:
            kept.remove(card)
    return tuple(kept)


_PHASE_WORDS = {
    DRAW: "only at the start of a turn",
    PLAY: "only during a turn, after the draw",
    OFFER: "only when a card is offered to you",
    DEAL: "only when a hand is to be dealt",
}


# What the game is waiting for in its own phase, in words.
_WAITING = {"OFFER": "a card is on offer"}


def _need_phase(state: StateRecord, phase: Phase, move: Move) -> None:
    if state.phase is not phase:
        over = ("SK-GAME", "the game is over")
        raise out_of_phase(move, state.phase, _PHASE_WORDS[phase], "SK-TURN", over, _WAITING)


# -- what the rules allow now ---------------------------------------------------------------


def next_seat(state: StateRecord, seat: int) -> int:
    """The seat after ``seat`` in play order, skipping the seats that resigned (C-SEAT,
    C-RESIGN)."""
    count = state.player_count
    following = (seat + 1) % count
    resigned = state.resigned
    if resigned:
        while following in resigned:
            following = (following + 1) % count
    return following


def side_has_contract(state: StateRecord, seat: int) -> bool:
    """Whether ``seat``'s side may meld freely: it has made its contract, or the rules
    ask for none (SK-CONTRACT)."""
    rules = state.rules
    return not rules.contract or state.contracts[SEAT_SIDES[rules.partnership][seat]]


def is_last_turn(state: StateRecord) -> bool:
    """Whether the turn being played is the hand's last: its player drew the last card
    of the pile (SK-END), or the turn limit is reached (SK-LOOP). It ends with ``end``,
    and no offer."""
    limit = state.rules.turn_limit
    return not state.stock or (limit is not None and state.turn_number >= limit)


def exchanges_allowed(state: StateRecord) -> bool:
    """Whether the player to move may still exchange: exchanges come before the contract
    and the other melds of the turn (SK-TURN), and before the side's contract only where
    the rules allow it (SK-EXCHANGE)."""
    if state.melded:
        return False
    return state.rules.exchange_before_contract or side_has_contract(state, state.turn)


def melding_allowed(state: StateRecord) -> bool:
    """Whether the player to move may put down melds other than the contract's, and
    extend: his side has its contract (SK-CONTRACT), and unless the rules forbid it,
    even in the turn it was made (SK-TURN)."""
    if not side_has_contract(state, state.turn):
        return False
    return state.rules.melds_with_contract or not state.contract_now


def offer_banned(state: StateRecord) -> frozenset[Card]:
    """Cards the player to move may not offer: under ``no_offer_back``, the cards he
    accepted since his previous turn, unless that leaves nothing to offer (SK-OFFER)."""
    if not state.rules.no_offer_back:
        return frozenset()
    banned = frozenset(state.accepted[state.turn])
    if banned >= set(state.hands[state.turn]):
        return frozenset()
    return banned


def exchange_target(meld: Meld, card: Card) -> Meld | None:
    """``meld`` with natural ``card`` in place of its wild card, if ``card`` is what the
    wild card stands for: in a sequence exactly that card, in a set any card of its rank
    (SK-EXCHANGE, SK-MELDS). ``None`` if it is not."""
    if meld.kind is WILD_KIND or card in _WILD:
        return None
    for index, wild in enumerate(meld.cards):
        if wild not in _WILD:
            continue
        represented = meld.represented[index]
        if meld.kind is SEQUENCE_KIND:
            if represented != card:
                return None
            try:
                swapped, _ = meld.swap(card)
            except InvalidMeldError:  # pragma: no cover - no Skarney sequence holds one
                return None
            return swapped
        if RANK_OF[represented] != RANK_OF[card]:
            return None
        cards = (*meld.cards[:index], card, *meld.cards[index + 1 :])
        for reading in MELD_RULES.readings_of_sorted(tuple(sorted(cards))):
            if reading.kind is SET_KIND:
                return reading
    return None


# -- chance -------------------------------------------------------------------------------


def deal(
    state: StateRecord, order: tuple[Card, ...] | None, move: Move | None = None
) -> StateRecord:
    """Shuffle (or use ``order``, top card last) and deal 11 cards each, one at a time from
    the seat after the dealer, who plays first (SK-DEAL)."""
    rules = state.rules
    deck = rules.deck.cards
    order, rng = deal_order(deck, order, state.rng, lambda: move or Deal(order))
    count = state.player_count
    first = next_seat(state, state.dealer)
    seats = [(first + step) % count for step in range(count)]
    if state.resigned:
        seats = [seat for seat in seats if seat not in state.resigned]  # C-RESIGN
    hands, position = deal_hands(order, seats, HAND_SIZE, count)
    sides = _side_count(rules, count)
    return state.copy_with(
        phase=DRAW,
        hand_number=state.hand_number + 1,
        turn=first,
        hands=hands,
        stock=tuple(order[:position]),
        table=(),
        owners=(),
        contracts=(False,) * sides,
        stopped=(False,) * count,
        known=((),) * count,
        accepted=((),) * count,
        rng=rng,
        **_new_turn_fields(0, 1),
    )


def _side_count(rules: Ruleset, player_count: int) -> int:
    return 2 if rules.partnership else player_count


def _new_turn_fields(table_size: int, turn_number: int) -> dict[str, Any]:
    return {
        "turn_number": turn_number,
        "melded": False,
        "contract_now": False,
        "progress": 0,
        "fresh_from": table_size,
        "extended": (0,) * table_size,
        "offer_card": None,
        "offer_to": None,
    }


def _apply_deal(state: StateRecord, move: Deal) -> StateRecord:
    _need_phase(state, DEAL, move)
    return deal(state, move.order, move)


# -- the turn -------------------------------------------------------------------------------


def _apply_draw(state: StateRecord, move: DrawStock) -> StateRecord:
    _need_phase(state, DRAW, move)
    seat = state.turn
    card = state.stock[-1]
    hands = replace_item(state.hands, seat, with_card(state.hands[seat], card))
    new: StateRecord = state.setters["drawn"](
        state, phase=PLAY, stock=state.stock[:-1], hands=hands
    )
    return new


def _table_meld(state: StateRecord, move: Exchange | Extend, rule: str) -> Meld:
    if move.meld >= len(state.table):
        raise illegal(move, rule, f"there is no table meld #{move.meld}")
    return state.table[move.meld]


def _apply_exchange(state: StateRecord, move: Exchange) -> StateRecord:
    _need_phase(state, PLAY, move)
    rules = state.rules
    seat = state.turn
    if state.melded:
        raise illegal(
            move, "SK-TURN", "exchanges come before the contract and the melds of a turn"
        )
    if not exchanges_allowed(state):
        raise illegal(move, "SK-EXCHANGE", "no exchange before your side has made its contract")
    meld = _table_meld(state, move, "SK-EXCHANGE")
    side = side_of(seat, rules.partnership)
    if side_of(state.owners[move.meld], rules.partnership) == side:
        whose = "your own" if state.owners[move.meld] == seat else "your partner's"
        raise illegal(
            move, "SK-EXCHANGE", f"exchanges take wild cards from opponents' melds, not {whose}"
        )
    if meld.kind is WILD_KIND:
        raise illegal(
            move, "SK-WILDMELD", "the cards of a meld of wild cards only are never exchanged"
        )
    hand = without(state.hands[seat], (move.card,))
    if hand is None:
        raise illegal(move, "SK-EXCHANGE", f"{CARD_NAMES[move.card]} is not in the hand")
    target = exchange_target(meld, move.card)
    if target is None:
        raise illegal(
            move, "SK-EXCHANGE", f"{CARD_NAMES[move.card]} does not free a wild card in {meld}"
        )
    freed = next(card for card in meld.cards if card in _WILD)
    hand = with_card(hand, freed)
    return state.copy_with(
        hands=replace_item(state.hands, seat, hand),
        table=replace_item(state.table, move.meld, target),
        known=replace_item(state.known, seat, _forget(state.known[seat], move.cards_from_hand())),
    )


def resolve_meld(move: PutDown) -> Meld:
    """The table meld a :class:`PutDown` names (its cards and readings in their one form
    already: a set's wild card reads as the meld engine reads it, SK-MELDS), or an
    :class:`IllegalMoveError` saying why not."""
    # The move's cards are checked cards already (its converter's work): sorted, they are
    # the readings' key.
    readings = MELD_RULES.readings_of_sorted(tuple(sorted(move.cards)))
    if not readings:
        try:
            check_meld(move.cards, MELD_RULES)
        except (InvalidMeldError, AmbiguousMeldError) as error:
            raise illegal(move, "SK-MELDS", str(error)) from None
        raise illegal(move, "SK-MELDS", "not a meld")  # pragma: no cover
    represented = move.represented or move.cards
    for meld in readings:
        if meld.cards == move.cards and meld.represented == represented:
            return meld
    raise illegal(
        move,
        "C-WILD",
        "the wild card cannot stand for that card; readings: "
        + " | ".join(str(meld) for meld in readings),
    )


def _apply_put_down(state: StateRecord, move: PutDown, trusted: bool = False) -> StateRecord:
    """Put a meld down; ``trusted`` for a move of the state's legal list, whose contract
    meld the generator listed only if the rest of the hand completes the contract."""
    _need_phase(state, PLAY, move)
    rules = state.rules
    seat = state.turn
    meld = meld_put_down(move) if trusted else None
    if meld is None:
        meld = resolve_meld(move)
    hand = without(state.hands[seat], meld.cards)
    if hand is None:
        raise illegal(move, "SK-MELDS", "those cards are not all in the hand")
    contracts = state.contracts
    progress = state.progress
    contract_now = state.contract_now
    if not side_has_contract(state, seat):
        # SK-CONTRACT: the side's first melds form its contract, 3-card melds of one kind.
        if len(meld.cards) != 3 or meld.kind is WILD_KIND:
            raise illegal(
                move,
                "SK-CONTRACT",
                "until your side has made its contract, the only melds are the contract's "
                "3-card sets or 3-card sequences",
            )
        if progress and meld.kind is not state.table[state.fresh_from].kind:
            raise illegal(move, "SK-CONTRACT", "a contract is all sets or all sequences")
        needed = rules.contract_size(state.hand_number) - progress
        if not trusted and not can_complete(hand, meld.kind, needed - 1):
            raise illegal(
                move,
                "SK-CONTRACT",
                f"the rest of the hand cannot complete the contract of "
                f"{rules.contract_size(state.hand_number)} melds this turn",
            )
        progress += 1
        if progress == rules.contract_size(state.hand_number):
            side = side_of(seat, rules.partnership)
            contracts = replace_item(contracts, side, True)
            progress = 0
            contract_now = True
    elif not melding_allowed(state):
        raise illegal(move, "SK-TURN", "no other meld in the turn the contract is made")
    new: StateRecord = state.setters["put_down"](
        state,
        hands=replace_item(state.hands, seat, hand),
        table=(*state.table, meld),
        owners=(*state.owners, seat),
        extended=(*state.extended, 0),
        contracts=contracts,
        progress=progress,
        contract_now=contract_now,
        melded=True,
        known=replace_item(state.known, seat, _forget(state.known[seat], move.cards_from_hand())),
    )
    return _end_hand(new, seat) if not hand else new


def _apply_extend(state: StateRecord, move: Extend) -> StateRecord:
    _need_phase(state, PLAY, move)
    rules = state.rules
    seat = state.turn
    if not side_has_contract(state, seat):
        raise illegal(move, "SK-CONTRACT", "no extension before your side has made its contract")
    if not melding_allowed(state):
        raise illegal(move, "SK-TURN", "no extension in the turn the contract is made")
    meld = _table_meld(state, move, "SK-EXTEND")
    owner = state.owners[move.meld]
    if side_of(owner, rules.partnership) != side_of(seat, rules.partnership):
        raise illegal(move, "SK-EXTEND", "melds are extended only by their own side")
    limit = rules.extend_limit_per_meld
    if limit is not None and move.meld < state.fresh_from and state.extended[move.meld] >= limit:
        raise illegal(
            move, "SK-EXTEND", f"meld #{move.meld} has had {limit} cards added this turn already"
        )
    hand = without(state.hands[seat], (move.card,))
    if hand is None:
        raise illegal(move, "SK-EXTEND", f"{CARD_NAMES[move.card]} is not in the hand")
    extension, meant = move.extension_among(meld.extensions())
    if extension is None:
        if meant:
            # A value that leaves out what the table fixes is no legal move: its text
            # is (state.parse_move reads it), and the message gives the move to write.
            ways = " or ".join(str(option) for option in meant)
            raise illegal(move, "C-WILD", f"say where and as what: {ways}")
        rule = "SK-WILDMELD" if meld.kind is WILD_KIND else "SK-EXTEND"
        raise illegal(move, rule, why_not_added(meld, move.card, move.end, move.represents))
    extended = state.extended
    if move.meld < state.fresh_from:  # melds put down this turn have no limit (SK-EXTEND)
        extended = replace_item(extended, move.meld, extended[move.meld] + 1)
    new: StateRecord = state.setters["extended"](
        state,
        hands=replace_item(state.hands, seat, hand),
        table=replace_item(state.table, move.meld, meld.with_extension(extension)),
        extended=extended,
        melded=True,
        known=replace_item(state.known, seat, _forget(state.known[seat], move.cards_from_hand())),
    )
    return _end_hand(new, seat) if not hand else new


def _need_no_contract_in_progress(state: StateRecord, move: Move) -> None:
    if state.progress:
        raise illegal(
            move,
            "SK-CONTRACT",
            f"the contract is half made ({state.progress} of "
            f"{state.rules.contract_size(state.hand_number)} melds): complete it first",
        )


def _apply_offer(state: StateRecord, move: Offer) -> StateRecord:
    _need_phase(state, PLAY, move)
    _need_no_contract_in_progress(state, move)
    seat = state.turn
    hand = state.hands[seat]
    if is_last_turn(state):
        rule = "SK-END" if not state.stock else "SK-LOOP"
        raise illegal(move, rule, "the last turn of a hand makes no offer: end it with 'end'")
    if len(hand) < 2:
        raise illegal(move, "SK-OFFER", "with one card left you offer nothing: say 'end'")
    if move.card not in hand:
        raise illegal(move, "SK-OFFER", f"{CARD_NAMES[move.card]} is not in the hand")
    if move.card in offer_banned(state):
        raise illegal(
            move, "SK-OFFER", f"{CARD_NAMES[move.card]} was accepted since your last turn"
        )
    return _offered(state, move)


def _offered(state: StateRecord, move: Offer) -> StateRecord:
    """The state once the player to move offers ``move.card`` (checked, or listed by the
    generator): it stays in his hand, known to all, until someone accepts it."""
    seat = state.turn
    known = state.known[seat]
    if move.card not in known:
        known = with_card(known, move.card)
    new: StateRecord = state.setters["offered"](
        state,
        phase=OFFER,
        offer_card=move.card,
        offer_to=next_seat(state, seat),
        known=replace_item(state.known, seat, known),
    )
    return new


def _apply_end_turn(state: StateRecord, move: EndTurn) -> StateRecord:
    _need_phase(state, PLAY, move)
    _need_no_contract_in_progress(state, move)
    if is_last_turn(state):
        return _end_hand(state, None)
    if len(state.hands[state.turn]) != 1:
        raise illegal(move, "SK-OFFER", "a turn ending with 2 or more cards ends with an offer")
    return _pass_turn(state)


def _apply_accept(state: StateRecord, move: Accept) -> StateRecord:
    _need_phase(state, OFFER, move)
    offerer = state.turn
    taker = state.offer_to
    card = state.offer_card
    assert taker is not None
    assert card is not None
    given = without(state.hands[offerer], (card,))
    assert given is not None
    taken = with_card(state.hands[taker], card)
    # Two seats' items changed in one copy each (lists, where replace_item made two).
    changed = list(state.hands)
    changed[offerer] = given
    changed[taker] = taken
    hands = tuple(changed)
    changed = list(state.known)
    changed[offerer] = _forget(changed[offerer], (card,))
    changed[taker] = with_card(changed[taker], card)
    known = tuple(changed)
    accepted = replace_item(state.accepted, taker, with_card(state.accepted[taker], card))
    stopped = state.stopped
    if is_stop_card(card):
        stopped = replace_item(stopped, taker, True)  # SK-STOP
    return _pass_turn(state, hands, known, accepted, stopped)


def _apply_decline(state: StateRecord, move: Decline) -> StateRecord:
    _need_phase(state, OFFER, move)
    card = state.offer_card
    offer_to = state.offer_to
    assert card is not None
    assert offer_to is not None
    following = next_seat(state, offer_to)
    if is_stop_card(card) or following == state.turn:
        return _pass_turn(state)  # the offerer keeps the card (SK-OFFER)
    new: StateRecord = state.setters["declined"](state, offer_to=following)
    return new


def _pass_turn(
    state: StateRecord,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    known: tuple[tuple[Card, ...], ...] | None = None,
    accepted: tuple[tuple[Card, ...], ...] | None = None,
    stopped: tuple[bool, ...] | None = None,
) -> StateRecord:
    """The turn of the seat after the player whose turn ends (C-SEAT); a player stopped
    by an accepted stop card skips his draw (SK-STOP). ``hands``, ``known``,
    ``accepted`` and ``stopped`` are the state's own unless given (an accepted offer
    changes them): one copy of the state makes both changes."""
    ended = state.turn
    seat = next_seat(state, ended)
    if stopped is None:
        stopped = state.stopped
    phase = DRAW
    if stopped[seat]:
        phase = PLAY
        stopped = replace_item(stopped, seat, False)
    table_size = len(state.table)
    new: StateRecord = state.setters["turn_passed"](
        state,
        hands=state.hands if hands is None else hands,
        known=state.known if known is None else known,
        accepted=replace_item(state.accepted if accepted is None else accepted, ended, ()),
        stopped=stopped,
        phase=phase,
        turn=seat,
        # The fields of a new turn (see _new_turn_fields), written out for the setter.
        turn_number=state.turn_number + 1,
        melded=False,
        contract_now=False,
        progress=0,
        fresh_from=table_size,
        extended=(0,) * table_size,
        offer_card=None,
        offer_to=None,
    )
    return new


# -- the end of a hand ----------------------------------------------------------------------


def score_hand(state: StateRecord, went_out: int | None) -> HandResult:
    """What each side scores for the hand as it stands (SK-SCORE-MELDS, SK-SCORE-HAND,
    SK-BONUS, SK-TIE)."""
    rules = state.rules
    count = state.player_count
    sides = _side_count(rules, count)
    melds = [0] * sides
    for meld, owner in zip(state.table, state.owners):
        melds[side_of(owner, rules.partnership)] += meld_points(meld)
    held = [0] * sides
    for seat, hand in enumerate(state.hands):
        held[side_of(seat, rules.partnership)] += hand_penalty(hand)
    bonus = [0] * sides
    shutout = False
    void = False
    hand_bonus = rules.bonus(state.hand_number)
    if went_out is not None:
        winner = side_of(went_out, rules.partnership)
        subtracted = [0 if side == winner else held[side] for side in range(sides)]
        if rules.contract:
            shutout = not any(made for side, made in enumerate(state.contracts) if side != winner)
        else:
            shutout = all(side_of(owner, rules.partnership) == winner for owner in state.owners)
        bonus[winner] = hand_bonus + (rules.shutout_bonus if shutout else 0)
    else:
        subtracted = held if rules.no_rummy_hand_penalty else [0] * sides
        # A side that resigned takes no further part (C-RESIGN): no bonus either.
        playing = [side for side in range(sides) if not _side_resigned(state, side)]
        scores = [melds[side] - subtracted[side] for side in range(sides)]
        best = max(scores[side] for side in playing)
        leaders = [side for side in playing if scores[side] == best]
        if len(leaders) == 1:
            bonus[leaders[0]] = hand_bonus
        else:
            void = rules.tied_hand is TiedHand.VOID
    points = [melds[side] - subtracted[side] + bonus[side] for side in range(sides)]
    if void:
        points = [0] * sides
    return HandResult(
        hand_number=state.hand_number,
        went_out=went_out,
        meld_points=tuple(melds),
        hand_points=tuple(subtracted),
        bonus=tuple(bonus),
        shutout=shutout,
        void=void,
        points=tuple(points),
        hands=state.hands,
    )


def _end_hand(state: StateRecord, went_out: int | None) -> StateRecord:
    """Score the hand, then deal the next one or end the game (SK-END, SK-GAME)."""
    rules = state.rules
    result = score_hand(state, went_out)
    totals = tuple(total + gained for total, gained in zip(state.totals, result.points))
    cleared = _between_hands(state, result, totals)
    if state.hand_number >= rules.hands:
        return state.copy_with(phase=OVER, winners=game_winners(state, totals), **cleared)
    dealer = next_seat(state, state.dealer)
    new = state.copy_with(phase=DEAL, dealer=dealer, turn=dealer, **cleared)
    return deal(new, None) if state.auto_chance else new


def _between_hands(
    state: StateRecord, result: HandResult, totals: tuple[int, ...]
) -> dict[str, Any]:
    """The fields of a game between two hands, whether the hand ended (SK-END) or was
    abandoned (C-RESIGN): the cards and the turn cleared, the hand's ``result`` and the
    ``totals`` after it kept."""
    count = state.player_count
    return {
        "hands": ((),) * count,
        "stock": (),
        "table": (),
        "owners": (),
        "contracts": (False,) * len(totals),
        "stopped": (False,) * count,
        "known": ((),) * count,
        "accepted": ((),) * count,
        "totals": totals,
        "last_hand": result,
        **_new_turn_fields(0, 0),
    }


def _side_resigned(state: StateRecord, side: int) -> bool:
    partnership = state.rules.partnership
    return any(side_of(seat, partnership) == side for seat in state.resigned)


def game_winners(state: StateRecord, totals: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of the highest total among those still in, once the game's hands are
    played (SK-GAME, C-WINNERS, C-RESIGN)."""
    partnership = state.rules.partnership
    scores = tuple(totals[side_of(seat, partnership)] for seat in range(state.player_count))
    seats = [seat for seat in range(state.player_count) if seat not in state.resigned]
    return best_seats(scores, seats, ScoreOrder.HIGH)


def resign(state: StateRecord, resigned: tuple[int, ...], winners: tuple[int, ...]) -> StateRecord:
    """The game once the seats ``resigned`` are out (C-RESIGN): over, ``winners`` the
    side left, when it is one; else the hand in play abandoned, void (nobody scores,
    SK-TIE's void hand) but counted among the game's hands, and the deal passed on; after
    the last hand the game ends on the totals (SK-GAME). Before a deal the dealer deals,
    or the seat after him if he resigned."""
    in_hand = state.phase in (DRAW, PLAY, OFFER)
    new = state.copy_with(resigned=resigned)
    if in_hand:
        zeros = (0,) * len(state.totals)
        result = HandResult(
            hand_number=state.hand_number,
            went_out=None,
            meld_points=zeros,
            hand_points=zeros,
            bonus=zeros,
            shutout=False,
            void=True,
            points=zeros,
            hands=state.hands,
        )
        new = new.copy_with(phase=DEAL, **_between_hands(state, result, state.totals))
        if not winners and state.hand_number >= state.rules.hands:
            winners = game_winners(new, state.totals)
    if winners:
        return new.copy_with(phase=OVER, winners=winners)
    dealer = state.dealer
    if in_hand or dealer in resigned:
        dealer = next_seat(new, dealer)
    new = new.copy_with(dealer=dealer, turn=dealer)
    return deal(new, None) if in_hand and state.auto_chance else new


# -- dispatch -------------------------------------------------------------------------------

HANDLERS: dict[type, Callable[[StateRecord, Any], StateRecord]] = {
    DrawStock: _apply_draw,
    Exchange: _apply_exchange,
    PutDown: _apply_put_down,
    Extend: _apply_extend,
    Offer: _apply_offer,
    EndTurn: _apply_end_turn,
    Accept: _apply_accept,
    Decline: _apply_decline,
    Deal: _apply_deal,
}


def apply(state: StateRecord, move: Move) -> StateRecord:
    """The state after ``move``; :class:`~scala40.IllegalMoveError` if it is not legal."""
    handler = HANDLERS.get(type(move))
    if handler is None:
        raise InvalidMoveError(f"expected a Skarney move or its text, got {describe(move)}")
    return handler(state, move)


def _put_down_trusted(state: StateRecord, move: PutDown) -> StateRecord:
    return _apply_put_down(state, move, trusted=True)


_TRUSTED: dict[type, Callable[[StateRecord, Any], StateRecord]] = {
    **HANDLERS,
    # The generator lists an offer only when the rules allow one, of a card the hand
    # holds and may offer; and a contract meld only when the rest completes the contract.
    Offer: _offered,
    PutDown: _put_down_trusted,
}


def apply_trusted(state: StateRecord, move: Move) -> StateRecord:
    """:func:`apply` for a move of the state's own legal list: the checks the generator
    made already are skipped."""
    return _TRUSTED[type(move)](state, move)
