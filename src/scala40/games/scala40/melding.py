"""Scala 40's melding moves: putting down, laying off, swapping a joker, splitting
(S40-OPEN, S40-AFTER-OPEN, S40-SWAP, S40-V-SPLIT) (internal).

Each handler checks its move and makes it, nothing more: whether the turn can still end
afterwards is the lookahead's question (:mod:`~scala40.games.scala40.lookahead`), which
the engine asks once a handler has made the move.
"""

from __future__ import annotations

from collections import Counter

from scala40.cards import CARD_NAMES, Card
from scala40.errors import (
    AmbiguousMeldError,
    InvalidMeldError,
)
from scala40.games.scala40.discarding import end_hand
from scala40.games.scala40.handling import (
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
)
from scala40.games.scala40.phases import PLAY
from scala40.games.scala40.rules import Ruleset
from scala40.games.scala40.state_record import StateRecord
from scala40.games.scala40.table.chains import grown_meld, swapped_meld
from scala40.games.scala40.table.splits import named_reading, one_run
from scala40.melds import Meld, MeldKind, check_meld
from scala40.melds._words import why_not_added

__all__ = [
    "apply_lay_off",
    "apply_put_down",
    "apply_split",
    "apply_swap",
    "repeats_a_four_of_a_kind",
    "resolve_meld",
]


# -- melding -----------------------------------------------------------------------------


def resolve_meld(move: PutDown, rules: Ruleset) -> Meld:
    """The table meld a :class:`PutDown` names (its cards and readings, in their one form
    already), or an :class:`IllegalMoveError` saying why not."""
    meld_rules = rules.meld_rules
    meld = named_reading(move.cards, move.represented or move.cards, meld_rules)
    if meld is not None:
        return meld
    readings = meld_rules.readings(move.cards)
    if not readings:
        _raise_meld_error(move, rules)
    raise illegal(
        move,
        "C-WILD",
        "the wild cards cannot stand for those cards; valid readings: "
        + " | ".join(str(m) for m in readings),
    )


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
    opening_gain: int = 0,
) -> StateRecord:
    """Common end of every melding move: bookkeeping, the opening, and closing by melding
    every card. Whether the turn can still end afterwards is the lookahead's to say
    (:mod:`~scala40.games.scala40.lookahead`), which the engine asks once the move is
    made."""
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
    return new


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


def apply_put_down(state: StateRecord, move: PutDown) -> StateRecord:
    need_phase(state, PLAY, move)
    meld = resolve_meld(move, state.rules)
    hand = hand_without(state.hands[state.turn], meld.cards)
    if hand is None:
        raise illegal(move, "S40-TURN", "those cards are not all in the hand")
    table, discard = _place(state.table, state.discard, meld, None, state.rules)
    return _after_meld(state, move, hand, meld.cards, table, discard, meld.value)


def _table_meld(state: StateRecord, move: LayOff | SwapJoker | Split) -> Meld:
    if move.meld >= len(state.table):
        raise illegal(move, "S40-AFTER-OPEN", f"there is no table meld #{move.meld}")
    return state.table[move.meld]


def _card_onto_table(
    state: StateRecord, move: LayOff | SwapJoker
) -> tuple[Meld, tuple[Card, ...]]:
    """The table meld a layoff or a swap plays its card on, and the hand without the card;
    the checks they share: the phase, the opening, the meld and the card."""
    need_phase(state, PLAY, move)
    _need_opened(state, move)
    meld = _table_meld(state, move)
    hand = hand_without(state.hands[state.turn], (move.card,))
    if hand is None:
        raise illegal(move, "S40-TURN", f"{CARD_NAMES[move.card]} is not in the hand")
    return meld, hand


def apply_lay_off(state: StateRecord, move: LayOff) -> StateRecord:
    meld, hand = _card_onto_table(state, move)
    extension, meant = move.extension_among(meld.extensions())
    if extension is None:
        if meant:
            # A value that leaves out what the table fixes is no legal move: its text
            # is (state.parse_move reads it), and the message gives the move to write.
            wild = move.card in state.rules.meld_rules.wild_cards
            what, rule = (
                ("where and as what", "S40-LAYOFF-JOKER") if wild else ("where", "S40-AFTER-OPEN")
            )
            ways = " or ".join(str(option) for option in meant)
            raise illegal(move, rule, f"say {what}: {ways}")
        rule = "S40-AFTER-OPEN"
        reason = why_not_added(meld, move.card, move.end, move.represents)
        if state.rules.split_sequences and meld.kind is MeldKind.SEQUENCE and len(meld) >= 5:
            rule = "S40-V-SPLIT"
            reason += " (a sequence holds at most 5 cards: split it)"
        elif move.card in state.rules.meld_rules.wild_cards:
            rule = "S40-LAYOFF-JOKER"
        raise illegal(move, rule, reason)
    new_meld = grown_meld(meld, extension)
    table, discard = _place(state.table, state.discard, new_meld, move.meld, state.rules)
    return _after_meld(state, move, hand, (move.card,), table, discard)


def apply_swap(state: StateRecord, move: SwapJoker) -> StateRecord:
    meld, hand = _card_onto_table(state, move)
    try:
        new_meld, freed = swapped_meld(meld, move.card)
    except InvalidMeldError:
        raise illegal(
            move, "S40-SWAP", f"{CARD_NAMES[move.card]} does not free a joker in {meld}"
        ) from None
    table, discard = _place(state.table, state.discard, new_meld, move.meld, state.rules)
    hand = with_card(hand, freed)
    return _after_meld(state, move, hand, (move.card,), table, discard)


def apply_split(state: StateRecord, move: Split) -> StateRecord:
    need_phase(state, PLAY, move)
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
        # A split's pieces are in their one form (its constructor's work).
        piece = resolve_meld(PutDown.unchecked(cards=cards, represented=represented), rules)
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
    return _after_meld(state, move, hand, move.added, table, state.discard)


def repeats_a_four_of_a_kind(table: tuple[Meld, ...], move: Move) -> bool:
    """Whether ``move`` completes a four of a kind in a table set equal to an earlier one:
    under S40-V-FOURKIND the completed set leaves the table either way, so both moves
    give one position but for the order of the table's melds. Both are legal and both
    are listed (S40-AFTER-OPEN: any table meld may be extended); a search that keys its
    positions with the melds in any order tries the first alone."""
    if not isinstance(move, (LayOff, SwapJoker)):
        return False
    meld = table[move.meld]
    if meld.kind is not MeldKind.SET or meld not in table[: move.meld]:
        return False
    wild = meld.rules.wild_cards
    if isinstance(move, LayOff):
        return len(meld) == 3 and meld.wild_count == 0 and move.card not in wild
    return len(meld) == 4 and meld.wild_count == 1
