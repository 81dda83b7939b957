"""Scala 40's melding moves (putting down, laying off, swapping a joker, splitting) and the
lookahead that keeps every move free of dead ends: the turn must still be able to end
(S40-TURN, S40-OPEN, S40-DRAW-DISCARD, S40-CLOSE) (internal)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from scala40._engine import one_reading
from scala40._meld_words import why_not_added
from scala40.cards import CARD_NAMES, JOKER, RANK_OF, SUIT_OF, Card
from scala40.errors import (
    AmbiguousMeldError,
    IllegalMoveError,
    InvalidMeldError,
)
from scala40.games.scala40.budget import (
    BOUND_WORK,
    POSITION_WORK,
    TRY_WORK,
    call_budget,
    shared_budget,
)
from scala40.games.scala40.discarding import ban_reasons, end_hand
from scala40.games.scala40.hand.opening import can_open_sorted
from scala40.games.scala40.hand.tables import melds_with_card, sorted_hand_melds
from scala40.games.scala40.handling import (
    cards_to_keep,
    hand_without,
    illegal,
    need_phase,
    replace_item,
    with_card,
)
from scala40.games.scala40.moves import (
    LayOff,
    Move,
    PutDown,
    Split,
    SwapJoker,
    put_down_of,
)
from scala40.games.scala40.phases import Phase
from scala40.games.scala40.record import StateRecord
from scala40.games.scala40.rules import Ruleset
from scala40.games.scala40.table.chains import grown_meld, swapped_meld
from scala40.games.scala40.table.offers import card_mask, jokers_standing, table_info
from scala40.games.scala40.table.splits import one_run, split_moves
from scala40.melds import Meld, MeldEnd, MeldKind, MeldRules, check_meld

__all__ = [
    "apply_lay_off",
    "apply_put_down",
    "apply_split",
    "apply_swap",
    "bans_bite",
    "can_finish",
    "direct_use",
    "fits_after",
    "melding_moves",
    "repeats_a_four_of_a_kind",
    "resolve_meld",
    "searched_moves",
    "try_move",
]


# -- melding -----------------------------------------------------------------------------


def resolve_meld(move: PutDown, rules: Ruleset) -> Meld:
    """The table meld a :class:`PutDown` describes, or an :class:`IllegalMoveError` saying why not."""
    meld_rules = rules.meld_rules
    readings = meld_rules.readings(move.cards)
    if move.represented:
        for meld in readings:
            if meld.cards == move.cards and meld.represented == move.represented:
                return meld
        pairs = sorted(zip(move.cards, move.represented))
        matches = [m for m in readings if sorted(zip(m.cards, m.represented)) == pairs]
        if len(matches) >= 1:
            return matches[0]
        if not readings:
            _raise_meld_error(move, rules)
        raise illegal(
            move,
            "C-WILD",
            "the wild cards cannot stand for those cards; valid readings: "
            + " | ".join(str(m) for m in readings),
        )
    if not readings:
        _raise_meld_error(move, rules)
    return one_reading(move, readings, "each wild card")


def _raise_meld_error(move: PutDown, rules: Ruleset) -> None:
    try:
        check_meld(move.cards, rules.meld_rules)
    except (InvalidMeldError, AmbiguousMeldError) as error:
        raise illegal(move, "S40-SEQ, S40-SET, S40-JOKER", str(error)) from None
    raise illegal(move, "S40-SEQ, S40-SET", "not a meld")  # pragma: no cover


def _place(
    table: tuple[Meld, ...],
    discard: tuple[Card, ...],
    meld: Meld,
    index: int | None,
    rules: Ruleset,
) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """Put ``meld`` on the table (at ``index``, or appended), or on the discard pile
    when it is a four of a kind without jokers (S40-V-FOURKIND)."""
    if (
        rules.discard_four_of_a_kind
        and meld.kind is MeldKind.SET
        and len(meld.cards) == 4
        and meld.cards == meld.represented
    ):
        without = table if index is None else table[:index] + table[index + 1 :]
        return without, discard + meld.cards
    if index is None:
        return (*table, meld), discard
    return replace_item(table, index, meld), discard


def _after_meld(
    state: StateRecord,
    move: Move,
    hand: tuple[Card, ...],
    used: tuple[Card, ...],
    table: tuple[Meld, ...],
    discard: tuple[Card, ...],
    lookahead: bool,
    opening_gain: int = 0,
) -> StateRecord:
    """Common end of every melding move: bookkeeping, the opening, closing, and lookahead."""
    player = state.turn
    taken_used = state.taken_used or (state.taken_must_use and state.taken in used)
    opened = state.opened
    opening_value = state.opening_value
    if not opened[player]:
        opening_value += opening_gain
        if opening_value >= state.rules.opening_threshold:
            if state.taken_must_use and not taken_used:
                raise illegal(
                    move,
                    "S40-V-EARLYDISCARD",
                    f"the card taken from the discard pile ({CARD_NAMES[state.taken or 0]}) "
                    "must be part of the opening",
                )
            opened = replace_item(opened, player, True)
            opening_value = 0
    new: StateRecord = state.setters["melded"](
        state,
        hands=replace_item(state.hands, player, hand),
        table=table,
        discard=discard,
        opened=opened,
        opening_value=opening_value,
        taken_used=taken_used,
        melded_since_restock=True,
    )
    if not hand:
        return _close_by_melding(new, move)
    if lookahead and not can_finish(new):
        raise _dead_end(new, move)
    return new


def _dead_end(state: StateRecord, move: Move) -> IllegalMoveError:
    player = state.turn
    if state.taken_must_use and not state.taken_used and state.taken is not None:
        return illegal(
            move,
            "S40-DRAW-DISCARD",
            f"afterwards {CARD_NAMES[state.taken]}, taken from the discard pile, "
            "can no longer be melded this turn",
        )
    if not state.opened[player] and state.opening_value:
        return illegal(
            move,
            "S40-OPEN",
            f"afterwards the opening ({state.opening_value} so far) can no longer reach "
            f"{state.rules.opening_threshold}",
        )
    if not state.may_close:
        return illegal(
            move, "S40-FIRST-ROUND", "nobody may close in the first round: keep two cards"
        )
    return illegal(move, "S40-CLOSE", "a card must be left to discard")


def _close_by_melding(state: StateRecord, move: Move) -> StateRecord:
    player = state.turn
    if not state.rules.close_without_discard:
        raise illegal(move, "S40-CLOSE", "a player must keep a card to discard")
    if not state.may_close:
        raise illegal(move, "S40-FIRST-ROUND", "nobody may close in the first round")
    if not state.opened[player]:
        raise illegal(move, "S40-OPEN", "the opening is not complete")
    if state.taken_must_use and not state.taken_used:
        raise illegal(move, "S40-DRAW-DISCARD", "the card taken must be melded")
    return end_hand(state, player)


def _need_opened(state: StateRecord, move: Move) -> None:
    if not state.opened[state.turn]:
        raise illegal(
            move, "S40-OPEN", "a player who has not opened may not lay off, swap or split"
        )


def apply_put_down(state: StateRecord, move: PutDown, lookahead: bool) -> StateRecord:
    need_phase(state, Phase.PLAY, move)
    meld = resolve_meld(move, state.rules)
    hand = hand_without(state.hands[state.turn], meld.cards)
    if hand is None:
        raise illegal(move, "S40-TURN", "those cards are not all in the hand")
    table, discard = _place(state.table, state.discard, meld, None, state.rules)
    return _after_meld(state, move, hand, meld.cards, table, discard, lookahead, meld.value)


def _table_meld(state: StateRecord, move: LayOff | SwapJoker | Split) -> Meld:
    if move.meld >= len(state.table):
        raise illegal(move, "S40-AFTER-OPEN", f"there is no table meld #{move.meld}")
    return state.table[move.meld]


def _card_onto_table(
    state: StateRecord, move: LayOff | SwapJoker
) -> tuple[Meld, tuple[Card, ...]]:
    """The table meld a layoff or a swap plays its card on, and the hand without the card;
    the checks they share: the phase, the opening, the meld and the card."""
    need_phase(state, Phase.PLAY, move)
    _need_opened(state, move)
    meld = _table_meld(state, move)
    hand = hand_without(state.hands[state.turn], (move.card,))
    if hand is None:
        raise illegal(move, "S40-TURN", f"{CARD_NAMES[move.card]} is not in the hand")
    return meld, hand


def apply_lay_off(state: StateRecord, move: LayOff, lookahead: bool) -> StateRecord:
    meld, hand = _card_onto_table(state, move)
    wanted = move.represents if move.represents is not None else None
    options = [
        ext
        for ext in meld.extensions()
        if ext.card == move.card
        and (move.end is None or ext.end is move.end)
        and (wanted is None or ext.represents == wanted)
    ]
    if not options:
        rule = "S40-AFTER-OPEN"
        reason = why_not_added(meld, move.card, move.end, move.represents)
        if state.rules.split_sequences and meld.kind is MeldKind.SEQUENCE and len(meld) >= 5:
            rule = "S40-V-SPLIT"
            reason += " (a sequence holds at most 5 cards: split it)"
        elif move.card in state.rules.meld_rules.wild_cards:
            rule = "S40-LAYOFF-JOKER"
        raise illegal(move, rule, reason)
    if len(options) > 1:
        ways = ", ".join(str(ext) for ext in options)
        raise illegal(move, "S40-LAYOFF-JOKER", f"say where and as what: {ways}")
    new_meld = grown_meld(meld, options[0])
    table, discard = _place(state.table, state.discard, new_meld, move.meld, state.rules)
    return _after_meld(state, move, hand, (move.card,), table, discard, lookahead)


def apply_swap(state: StateRecord, move: SwapJoker, lookahead: bool) -> StateRecord:
    meld, hand = _card_onto_table(state, move)
    try:
        new_meld, freed = swapped_meld(meld, move.card)
    except InvalidMeldError:
        raise illegal(
            move, "S40-SWAP", f"{CARD_NAMES[move.card]} does not free a joker in {meld}"
        ) from None
    table, discard = _place(state.table, state.discard, new_meld, move.meld, state.rules)
    hand = with_card(hand, freed)
    return _after_meld(state, move, hand, (move.card,), table, discard, lookahead)


def apply_split(state: StateRecord, move: Split, lookahead: bool) -> StateRecord:
    need_phase(state, Phase.PLAY, move)
    rules = state.rules
    if not rules.split_sequences:
        raise illegal(move, "S40-V-SPLIT", "splitting sequences is not allowed")
    _need_opened(state, move)
    meld = _table_meld(state, move)
    if meld.kind is not MeldKind.SEQUENCE:
        raise illegal(move, "S40-V-SPLIT", "only a sequence can be split")
    if not move.added or len(meld) + len(move.added) <= 5:
        raise illegal(
            move, "S40-V-SPLIT", "a split adds cards to make a sequence longer than 5 cards"
        )
    if len(move.pieces) < 2:
        raise illegal(move, "S40-V-SPLIT", "a split makes two or more sequences")
    hand = hand_without(state.hands[state.turn], move.added)
    if hand is None:
        raise illegal(move, "S40-TURN", "the added cards are not all in the hand")
    pieces: list[Meld] = []
    for cards, represented in move.pieces:
        piece = resolve_meld(PutDown(cards, represented), rules)
        if piece.kind is not MeldKind.SEQUENCE:
            raise illegal(move, "S40-V-SPLIT", f"{piece} is not a sequence")
        pieces.append(piece)
    before = Counter(zip(meld.cards, meld.represented))
    after: Counter[tuple[Card, Card]] = Counter()
    for piece in pieces:
        after.update(zip(piece.cards, piece.represented))
    extra = after - before
    if before - after or Counter(card for card, _ in extra.elements()) != Counter(move.added):
        raise illegal(
            move,
            "S40-V-SPLIT",
            "the pieces must hold the meld's cards, with its jokers standing for the same "
            "cards, plus exactly the added cards",
        )
    if any(card != rep and card not in rules.meld_rules.wild_cards for card, rep in extra):
        raise illegal(move, "S40-V-SPLIT", "an added natural card must stand for itself")
    if not one_run(pieces):
        raise illegal(
            move, "S40-V-SPLIT", "the pieces must come from one unbroken sequence, with no gap"
        )
    for piece in pieces:
        # A piece the added cards could make alone is a new meld, put down with its own
        # move: every piece keeps a card of the split sequence.
        if Counter(zip(piece.cards, piece.represented)) <= extra:
            raise illegal(move, "S40-V-SPLIT", f"{piece} holds no card of the split sequence")
    ordered = tuple(sorted(pieces, key=lambda p: (p.represented, p.cards)))
    table = state.table[: move.meld] + ordered + state.table[move.meld + 1 :]
    return _after_meld(state, move, hand, move.added, table, state.discard, lookahead)


# -- lookahead ---------------------------------------------------------------------------


def bans_bite(rules: Ruleset) -> bool:
    """Whether a player who has opened can be banned from discarding a card he holds
    (beyond the card taken from the pile): only under the S40-V-PLAYABLE switches."""
    return rules.ban_playable_discard_opened or rules.ban_playable_discard_closing


def _strict_discard(state: StateRecord) -> bool:
    """Whether some card can be discarded now without lifting any ban (S40-DISCARD)."""
    hand = state.hands[state.turn]
    if not hand or (len(hand) == 1 and not state.may_close):
        return False
    return len(ban_reasons(state)) < len(set(hand))


def _finish_now(state: StateRecord) -> bool:
    """Whether the turn can end with a discard right now, no ban lifted."""
    player = state.turn
    if state.taken_must_use and not state.taken_used:
        return False
    if not state.opened[player] and state.opening_value:
        return False
    return len(state.hands[player]) >= cards_to_keep(state) and _strict_discard(state)


def can_finish(state: StateRecord) -> bool:
    """Whether the player to move can still end this turn legally (no dead ends).

    The S40-DISCARD decision lifts the discard bans for a player left with only
    banned cards after drawing; a player may not meld his way into that
    position, so the lookahead counts only discards allowed without the lift.
    """
    player = state.turn
    hand = state.hands[player]
    keep = cards_to_keep(state)
    must_use = state.taken_must_use and not state.taken_used
    rules = state.rules
    if state.opened[player]:
        if not must_use and len(hand) >= keep and (not bans_bite(rules) or _strict_discard(state)):
            return True
        if must_use:
            verdict = direct_use(state, hand, state.taken)  # type: ignore[arg-type]
            if verdict is not None:
                return verdict
        return _search_from(state)
    if not must_use and not state.opening_value:
        return len(hand) >= keep
    if bans_bite(rules):
        return _search_from(state)
    closing_keep = 0 if rules.close_without_discard and state.may_close else keep
    return can_open_sorted(
        hand,
        rules.opening_threshold - state.opening_value,
        rules.meld_rules,
        closing_keep,
        state.taken if must_use else None,
    )


def _search_from(state: StateRecord) -> bool:
    """:func:`_search_finish` within the call's budget. The positions of this turn from
    which a search found no way to end it are remembered for the rest of the call: the
    lookahead of every move of a list asks again about the same positions."""
    with shared_budget() as budget:
        turn = (state.hand_number, state.turn, state.turns_played, state.taken)
        failed = budget.memo.setdefault((_FINISH_SEARCH, turn, state.taken_must_use), set())
        finished = budget.memo.setdefault((_FINISHED, turn, state.taken_must_use), set())
        seen: set[Any] = set(failed)
        path: list[Any] = []
        found = _search_finish(state, seen, finished, path)
        if found:
            # The positions on the way found end the turn too; every other one met has
            # no way to end it (the search leaves a position only once it is settled).
            finished.update(path)
            failed.update(seen.difference(path, finished))
        else:
            failed.update(seen)  # every position met has no way to end the turn
        return found


def _search_finish(
    state: StateRecord, seen: set[tuple[Any, ...]], finished: set[Any], path: list[Any]
) -> bool:
    """Search the melding moves for a way to end the turn (exact, and only reached in
    the rare positions the quick answers above cannot settle), within the call's budget
    (:mod:`~scala40.games.scala40.budget`)."""
    budget = call_budget()
    budget.spend(POSITION_WORK, _FINISH_SEARCH)
    player = state.turn
    rules = state.rules
    if (
        state.opened[player]
        and state.taken_must_use
        and not state.taken_used
        and not rules.split_sequences
        and not bans_bite(rules)
    ):
        return _search_taken_use(state, seen)
    if not state.opened[player]:
        if not _opening_reachable(state):
            return False
    elif state.taken_must_use and not state.taken_used:
        # The quick answers hold in every position of the turn, not only at its start:
        # they cut the search short where the card can no longer be melded.
        budget.spend(BOUND_WORK, _FINISH_SEARCH)
        verdict = direct_use(state, state.hands[player], state.taken)  # type: ignore[arg-type]
        if verdict is not None:
            return verdict
    for _, new in melding_moves(state):
        budget.spend(TRY_WORK, _FINISH_SEARCH)
        if new.phase is not Phase.PLAY or new.turn != player:
            return True  # the move closed the hand, which checks every rule itself
        if _finish_now(new):
            return True
        if not new.opened[player] and not _opening_reachable(new):
            continue
        # Melds put down in another order make the same position for this question.
        table = _unordered(new.table)
        key = (new.hands[player], table, new.opened, new.opening_value, new.taken_used)
        if key in finished:
            return True
        if key not in seen:
            seen.add(key)
            path.append(key)
            if _search_finish(new, seen, finished, path):
                return True
            path.pop()
    return False


_FINISH_SEARCH = "the search for a way to end the turn (the lookahead of S40-TURN)"


def _unordered(table: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """The table's melds in one order: whether a turn can end does not depend on the
    order the melds lie in (its moves are the same, at other places)."""
    return tuple(sorted(table, key=_meld_order))


def _meld_order(meld: Meld) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return meld.cards, meld.represented


_FINISHED = "positions of the turn from which the lookahead found a way to end it"


def _search_taken_use(state: StateRecord, seen: set[tuple[Any, ...]]) -> bool:
    """Whether an opened player can still meld the taken card. Only joker swaps (a joker
    comes to the hand) and layoffs (a meld's end moves) can open a way to it: a meld put
    down first adds nothing that a bigger meld of the hand holding the card would not.
    A layoff helps only on a meld the card could join in the end: a sequence of its suit
    or a set of its rank (any meld, for a joker)."""
    budget = call_budget()
    budget.spend(POSITION_WORK, _FINISH_SEARCH)
    taken = state.taken
    assert taken is not None
    player = state.turn
    hand = state.hands[player]
    verdict = direct_use(state, hand, taken)
    if verdict is not None:
        return verdict
    held = set(hand)
    held.discard(taken)
    table = state.table
    info = table_info(table)
    candidates: list[tuple[Callable[[StateRecord, Any, bool], StateRecord], Move]] = []
    for card in held:
        if (info.playable | info.swappable) >> card & 1:
            candidates.extend(
                (apply_lay_off, move)
                for move in info.lay_offs_with(card)
                if taken == JOKER or _may_take(table[move.meld], taken)
            )
            candidates.extend((apply_swap, move) for move in info.swaps_with(card))
    for handler, move in candidates:
        budget.spend(TRY_WORK, _FINISH_SEARCH)
        new = try_move(handler, state, move)
        if new is None or new.phase is not Phase.PLAY or new.turn != player:
            continue
        key = (new.hands[player], new.table)
        if key not in seen:
            seen.add(key)
            if _search_taken_use(new, seen):
                return True
    return False


def _may_take(meld: Meld, card: Card) -> bool:
    """Whether the natural ``card`` could ever join ``meld``: a sequence of its suit or a
    set of its rank."""
    if meld.kind is MeldKind.SEQUENCE:
        return meld.suit == SUIT_OF[card]
    return RANK_OF[meld.represented[0]] == RANK_OF[card]


def _opening_reachable(state: StateRecord) -> bool:
    """Whether the opening in progress can still reach the threshold, bans aside: a
    necessary condition that prunes the search for a player who has not opened."""
    rules = state.rules
    must_use = state.taken_must_use and not state.taken_used
    closing_keep = 0 if rules.close_without_discard and state.may_close else cards_to_keep(state)
    return can_open_sorted(
        state.hands[state.turn],
        rules.opening_threshold - state.opening_value,
        rules.meld_rules,
        closing_keep,
        state.taken if must_use else None,
    )


_JOKER_ONLY = frozenset({JOKER})


def direct_use(state: StateRecord, hand: tuple[Card, ...], taken: Card) -> bool | None:
    """Settle quickly whether an opened player can meld ``taken`` from ``hand`` (which
    holds it) and still end the turn: ``True``/``False``, or ``None`` when only a search
    can tell.

    Under the S40-V-PLAYABLE bans a way to meld the card is not enough (only a search
    can tell whether a card that may be discarded is left), but finding no way at all
    still settles it."""
    rules = state.rules
    # What a way to meld the card settles: the answer, or nothing under the bans.
    found: bool | None = None if bans_bite(rules) else True
    keep = cards_to_keep(state)
    close_by_melding = rules.close_without_discard and state.may_close
    info = table_info(state.table)
    if info.playable >> taken & 1 and fits_after(len(hand) - 1, keep, close_by_melding):
        return found
    for meld in melds_with_card(hand, taken, rules.meld_rules):
        if fits_after(len(hand) - len(meld.cards), keep, close_by_melding):
            return found
    # A swap keeps the hand's size: the taken card goes, the joker comes.
    if info.swappable >> taken & 1 and fits_after(len(hand), keep, close_by_melding):
        return found
    held = card_mask(hand) & ~(1 << taken)
    meld_rules = rules.meld_rules
    swappable = held & info.swappable
    joker_only = meld_rules.wild_cards == _JOKER_ONLY
    if (swappable or rules.split_sequences) and joker_only and taken != JOKER:
        # Freed jokers and splits open ways only a search can follow, but every way ends
        # in a meld of the hand's cards and jokers that holds the card, or on a table
        # sequence of its suit: one whose end the hand's cards and jokers can bring up to
        # it, or, under S40-V-SPLIT, one whose places hold the card's (a split takes a
        # second copy into one of its pieces; every piece of a split is the sequence's own
        # cards and cards of the hand, so a piece reaches past the sequence's ends only
        # as far as the hand's cards and jokers fill the places). A table set takes the
        # card now or never: layoffs only fill it, swaps keep its suits. With neither,
        # the card cannot be melded.
        suits, _ = info.kinds
        # A joker comes to the hand only for a natural card of the hand it stands for
        # (S40-SWAP), and a table joker stands for the same card all turn (layoffs and
        # splits keep it): no more jokers than such cards, card by card.
        standing = info.jokers_standing
        freeable = _freeable_jokers(standing, hand)
        if not (
            suits >> SUIT_OF[taken] & 1
            and _sequence_might_reach(
                state.table,
                hand,
                taken,
                freeable + hand.count(JOKER),
                meld_rules,
                split=rules.split_sequences,
                standing=standing,
            )
        ):
            with_jokers = tuple(sorted((*hand, *([JOKER] * freeable))))
            if not melds_with_card(with_jokers, taken, meld_rules):
                return False
    if swappable and joker_only:
        # The usual way through a freed joker: one swap, then a meld of the card with it.
        while swappable:
            low = swappable & -swappable
            swappable ^= low
            after = with_card(hand_without(hand, (low.bit_length() - 1,)) or (), JOKER)
            for meld in melds_with_card(after, taken, meld_rules):
                if fits_after(len(after) - len(meld.cards), keep, close_by_melding):
                    return found
    if rules.split_sequences or held & info.swappable:
        return None  # splits and freed jokers open ways only a search can follow
    if not held & info.playable:
        return False
    # Layoffs can bring a sequence's end up to the card. Melds put down first add
    # nothing: a meld plus layoffs ending with the card is itself a meld of the hand.
    return found if _chain_reaches(state.table, hand, taken, keep, close_by_melding) else False


def _freeable_jokers(standing: Mapping[Card, int], hand: Counter[Card] | tuple[Card, ...]) -> int:
    """How many of the table jokers (``standing``: how many stand for each card) the
    cards of ``hand`` (a sorted hand, or its counts) could free this turn, at most. A
    joker comes to the hand only for a natural card of the hand it stands for
    (S40-SWAP), and a table joker stands for the same card all turn (layoffs and splits
    keep it): card by card, the fewer of the hand's copies and the jokers standing for
    it."""
    if isinstance(hand, tuple):
        return sum(min(hand.count(card), count) for card, count in standing.items())
    return sum(min(hand[card], count) for card, count in standing.items())


def _sequence_might_reach(
    table: tuple[Meld, ...],
    hand: tuple[Card, ...],
    taken: Card,
    jokers: int,
    rules: MeldRules,
    *,
    split: bool = False,
    standing: Mapping[Card, int] | None = None,
) -> bool:
    """Whether some table sequence of ``taken``'s suit could come to hold it.

    Without S40-V-SPLIT, by its end: the places between its end and the card filled by
    other cards of ``hand`` or by up to ``jokers`` jokers. A bound: how many jokers one
    meld may hold is not checked. With ``split``, the card may also go into a piece of a
    split (:func:`_piece_might_hold`); ``standing`` counts the table's jokers by the card
    each stands for (the table summary's ``jokers_standing``, looked up if not given)."""
    slots = rules.sequence_slots
    longest = rules.sequence_max
    suit = SUIT_OF[taken]
    rank = RANK_OF[taken]
    places = [i for i, r in enumerate(slots) if r == rank]
    held = card_mask(hand) & ~(1 << taken)
    counts: Counter[Card] | None = None
    for meld in table:
        if meld.kind is not MeldKind.SEQUENCE or meld.suit != suit:
            continue
        first = meld.start
        last = first + len(meld.cards) - 1
        if split:
            if counts is None:
                counts = Counter(hand)
                counts[taken] -= 1
                by_card = Counter(
                    table_info(table).jokers_standing if standing is None else standing
                )
                by_place = Counter(
                    {i: counts[suit * 13 + slot - 1] for i, slot in enumerate(slots)}
                )
            # The jokers of this sequence, the hand's, and those the hand can free from
            # other melds.
            own = jokers_standing((meld,))
            pool = counts[JOKER] + _freeable_jokers(by_card - own, counts) + sum(own.values())
            if any(_piece_might_hold(meld, place, by_place, pool, rules) for place in places):
                return True
            continue
        for place in places:
            if place < first:
                gap = range(place + 1, first)
            elif place > last:
                gap = range(last + 1, place)
            else:
                continue  # a place inside the sequence is taken (or held by a joker)
            if longest is not None and len(meld.cards) + len(gap) + 1 > longest:
                continue
            missing = sum(1 for i in gap if not held >> (suit * 13 + slots[i] - 1) & 1)
            if missing <= jokers:
                return True
    return False


def _piece_might_hold(
    meld: Meld, place: int, held: Counter[int], pool: int, rules: MeldRules
) -> bool:
    """Whether table sequence ``meld`` could come to hold a natural card at ``place``
    under S40-V-SPLIT, by layoffs and splits of this turn.

    Whatever the turn does to the sequence, its natural cards keep their places, its
    jokers stand for the same cards (a split keeps them), and every card added is a card
    of the hand or a joker. So the card ends in a sequence of ``sequence_min`` to
    ``sequence_max`` cards (a piece) whose other places are each filled by the
    sequence's natural card there, a card of the hand (``held`` counts them by place) or
    one of ``pool`` jokers. If the sequence's own natural card holds the place, that card
    stays in a second piece, which needs its places filled too. Each piece keeps the
    joker rules, and the sequence's cards beyond the two pieces still need pieces of
    their own. A bound, not an answer: which joker goes where is not checked. At most 78
    pairs of pieces of at most 9 places are tried."""
    first = meld.start
    last = first + len(meld.cards) - 1
    natural = {first + i: card != JOKER for i, card in enumerate(meld.cards)}
    if place in natural and not natural[place]:
        return True  # the card may take the place of the joker, by a swap
    last_slot = len(rules.sequence_slots) - 1
    shortest = rules.sequence_min
    longest = rules.sequence_max or last_slot + 1
    spans = [
        (low, low + size - 1)
        for size in range(shortest, longest + 1)
        for low in range(place - size + 1, place + 1)
        if low >= 0 and low + size - 1 <= last_slot
    ]
    max_wilds = rules.max_wilds
    lead = rules.min_natural_lead

    def valid(naturals: int, wilds: int) -> bool:
        return (max_wilds is None or wilds <= max_wilds) and (
            lead is None or naturals - wilds >= lead
        )

    def rest_fits(low: int, high: int, jokers_left: int, spare: int) -> bool:
        # The sequence's cards below ``low`` and above ``high`` need a piece of their
        # own, which keeps the joker rules: a short or joker-heavy run takes places
        # beyond the sequence's end, each filled by a card of the hand there, a card
        # left over inside the pieces (``spare``) or a joker.
        for run, outward in (
            (range(first, min(low, last + 1)), range(first - 1, -1, -1)),
            (range(max(high, first - 1) + 1, last + 1), range(last + 1, last_slot + 1)),
        ):
            if not run:
                continue
            # A joker of the run gives way to the hand's card it stands for (a swap).
            naturals = sum(1 for at in run if natural[at] or held[at])
            wilds_needed = [
                extra - added
                for extra in range(max(0, shortest - len(run)), longest - len(run) + 1)
                for added in (min(extra, spare + sum(1 for at in outward[:extra] if held[at])),)
                if valid(naturals + added, len(run) - naturals + extra - added)
            ]
            if not wilds_needed or min(wilds_needed) > jokers_left:
                return False
            jokers_left -= min(wilds_needed)
        return True

    if place not in natural:
        for low, high in spans:
            wilds = spare = 0
            for at in range(low, high + 1):
                if at != place:
                    have = natural.get(at, False) + held[at]
                    wilds += not have
                    spare += max(0, have - 1)
            if (
                wilds <= pool
                and valid(high - low + 1 - wilds, wilds)
                and rest_fits(low, high, pool - wilds, spare)
            ):
                return True
        return False
    for index, (low_a, high_a) in enumerate(spans):
        for low_b, high_b in spans[index:]:
            # Each piece has a natural card at the place; count what the others need.
            own_a = own_b = 1
            wild_a = wild_b = either = spare = 0
            for at in range(min(low_a, low_b), max(high_a, high_b) + 1):
                if at == place:
                    continue
                in_a = low_a <= at <= high_a
                in_b = low_b <= at <= high_b
                have = natural.get(at, False) + held[at]
                spare += max(0, have - in_a - in_b)
                if in_a and in_b:
                    if have >= 2:
                        own_a += 1
                        own_b += 1
                    elif have == 1:
                        either += 1  # a natural card for one piece, a joker for the other
                    else:
                        wild_a += 1
                        wild_b += 1
                elif in_a:
                    own_a, wild_a = (own_a + 1, wild_a) if have else (own_a, wild_a + 1)
                else:
                    own_b, wild_b = (own_b + 1, wild_b) if have else (own_b, wild_b + 1)
            used = wild_a + wild_b + either
            if used > pool:
                continue
            if any(
                valid(own_a + given, wild_a + either - given)
                and valid(own_b + either - given, wild_b + given)
                for given in range(either + 1)
            ) and rest_fits(min(low_a, low_b), max(high_a, high_b), pool - used, spare):
                return True
    return False


def _chain_reaches(
    table: tuple[Meld, ...],
    hand: tuple[Card, ...],
    taken: Card,
    keep: int,
    close_by_melding: bool,
) -> bool:
    """Whether cards of ``hand`` laid off one after another at one end of a table
    sequence let ``taken`` follow them, with enough cards left."""
    if taken == JOKER:
        return False  # a joker fits at once or not at all
    for meld in table:
        if meld.kind is not MeldKind.SEQUENCE or meld.suit != SUIT_OF[taken]:
            continue
        for end in (MeldEnd.LOW, MeldEnd.HIGH):
            left = list(hand)
            left.remove(taken)
            current = meld
            while True:
                fits = [x for x in current.extensions() if x.end is end]
                if any(x.card == taken for x in fits):
                    if fits_after(len(left), keep, close_by_melding):
                        return True
                    break
                step = next((x for x in fits if x.card in left and x.card != JOKER), None)
                if step is None:
                    step = next((x for x in fits if x.card == JOKER and JOKER in left), None)
                if step is None:
                    break
                left.remove(step.card)
                current = current.with_extension(step)
    return False


def fits_after(size: int, keep: int, close_by_melding: bool) -> bool:
    """Whether a hand of ``size`` cards still ends the turn: ``keep`` cards left to discard,
    or none when closing by melding is allowed (S40-V-NODISCARDCLOSE)."""
    return size >= keep or (size == 0 and close_by_melding)


def try_move(
    handler: Callable[[StateRecord, Any, bool], StateRecord], state: StateRecord, move: Move
) -> StateRecord | None:
    try:
        return handler(state, move, False)
    except IllegalMoveError:
        return None


def melding_moves(state: StateRecord, splits: bool = True) -> Iterator[tuple[Move, StateRecord]]:
    """Melds, layoffs, swaps and splits (unless ``splits`` is false) that pass every rule
    but the lookahead."""
    player = state.turn
    hand = state.hands[player]
    rules = state.rules
    for meld in sorted_hand_melds(hand, rules.meld_rules):
        move: Move = put_down_of(meld)
        new = try_move(apply_put_down, state, move)
        if new is not None:
            yield move, new
    if not state.opened[player]:
        return
    held = set(hand)
    info = table_info(state.table)
    four_rule = rules.discard_four_of_a_kind
    for card, lay_off in info.lay_offs:
        if card in held and not (four_rule and repeats_a_four_of_a_kind(state.table, lay_off)):
            new = try_move(apply_lay_off, state, lay_off)
            if new is not None:
                yield lay_off, new
    for card, swap in info.swaps:
        if card in held and not (four_rule and repeats_a_four_of_a_kind(state.table, swap)):
            new = try_move(apply_swap, state, swap)
            if new is not None:
                yield swap, new
    if rules.split_sequences and splits:
        budget = call_budget()
        for index, meld in enumerate(state.table):
            if meld.kind is MeldKind.SEQUENCE:
                for split in split_moves(hand, index, meld, rules.meld_rules, budget):
                    new = try_move(apply_split, state, split)
                    if new is not None:
                        yield split, new


def searched_moves(state: StateRecord, splits: bool = True) -> list[Move]:
    """The melding moves (:func:`melding_moves`) after which the turn can still end, each
    one's lookahead searched, all on one budget: how the moves are listed under the
    discard bans of S40-V-PLAYABLE, and for a card taken under S40-V-SPLIT."""
    player = state.turn
    with shared_budget():
        return [
            move
            for move, new in melding_moves(state, splits)
            if new.phase is not Phase.PLAY or new.turn != player or can_finish(new)
        ]


def repeats_a_four_of_a_kind(table: tuple[Meld, ...], move: Move) -> bool:
    """Whether ``move`` completes a four of a kind in a table set equal to an earlier one:
    under S40-V-FOURKIND the completed set leaves the table either way, so both moves
    give one position and only the first is listed (C-IDENTITY)."""
    if not isinstance(move, (LayOff, SwapJoker)):
        return False
    meld = table[move.meld]
    if meld.kind is not MeldKind.SET or meld not in table[: move.meld]:
        return False
    wild = meld.rules.wild_cards
    if isinstance(move, LayOff):
        return len(meld) == 3 and meld.wild_count == 0 and move.card not in wild
    return len(meld) == 4 and meld.wild_count == 1
