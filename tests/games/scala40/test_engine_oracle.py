"""A brute-force legality oracle for a turn, independent of the engine's move generator.

The oracle models the mover's turn by itself (hand, table, opening, the card taken from
the discard pile) straight from the rules as the library reads them, using only the meld
layer (:func:`scala40.meld_interpretations` and :class:`scala40.Meld`'s extensions and
swaps). For small positions it enumerates every syntactically possible atomic move:

* every meld of every sub-multiset of at least three hand cards, in every reading;
* every layoff of every hand card onto every table meld (and one past the last), at
  every end or none, standing for every card or none (legal only when it names its end
  and a wild card's card: a move has one value, C-IDENTITY);
* every joker swap of every hand card on every meld, every discard of every card code;
* under S40-V-SPLIT, every split of every table sequence by every set of hand cards;
* every draw and chance move.

Then it checks that the moves the engine accepts are exactly the ones the oracle finds
legal, and that the moves the generator lists give exactly the positions the accepted
moves give. Legality includes the no-dead-end rule: a move is legal only if the turn can
still end with a legal discard or a close, which the oracle decides by an exhaustive
depth-first search over its own moves.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import combinations, product

import attrs
import pytest
from hypothesis import assume, given, settings

from scala40 import (
    PRESETS,
    Deal,
    Discard,
    DrawStock,
    GameState,
    IllegalMoveError,
    InvalidMeldError,
    LayOff,
    Meld,
    MeldEnd,
    MeldKind,
    MissingReadingError,
    Move,
    Phase,
    PutDown,
    Restock,
    Ruleset,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
    check_meld,
    meld_interpretations,
    parse_cards,
)
from scala40.cards import JOKER, Card, suit_of
from scala40.games.scala40.discarding import ban_reasons, banned_discards
from scala40.games.scala40.table.offers import table_info
from tests.games.scala40.helpers import engine_positions

# -- the oracle's model of a turn ------------------------------------------------------------


@attrs.frozen
class Turn:
    """What the rules of a turn depend on, for the player to move."""

    rules: Ruleset
    hand: tuple[Card, ...]
    table: tuple[Meld, ...]
    opened: bool
    opening_value: int
    taken: Card | None
    must_use: bool
    taken_used: bool
    may_close: bool


class _End:
    """A move that ends the turn legally (a discard, or melding the last card)."""


ENDS = _End()
Outcome = Turn | _End | None


def turn_of(state: GameState) -> Turn:
    player = state.turn
    return Turn(
        rules=state.rules,
        hand=state.hands[player],
        table=state.table,
        opened=state.opened[player],
        opening_value=state.opening_value,
        taken=state.taken,
        must_use=state.taken_must_use,
        taken_used=state.taken_used,
        may_close=_may_close(state),
    )


def _may_close(state: GameState) -> bool:
    """S40-FIRST-ROUND: every active player has completed a turn (or S40-V-FIRSTCLOSE)."""
    if state.rules.close_on_first_turn:
        return True
    return all(played >= 1 for played, active in zip(state.turns_played, state.active) if active)


def _remove(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    left = Counter(hand)
    left.subtract(Counter(cards))
    if any(count < 0 for count in left.values()):
        return None
    return tuple(sorted(left.elements()))


def _is_wild(rules: Ruleset, card: Card) -> bool:
    return rules.meld_rules.is_wild(card)


def _leaves_table(rules: Ruleset, meld: Meld) -> bool:
    """S40-V-FOURKIND: a four of a kind without wild cards goes to the discard pile."""
    return (
        rules.discard_four_of_a_kind
        and meld.kind is MeldKind.SET
        and len(meld.cards) == 4
        and not any(_is_wild(rules, card) for card in meld.cards)
    )


def _after_melding(
    turn: Turn,
    hand: tuple[Card, ...],
    table: tuple[Meld, ...],
    used: tuple[Card, ...],
    gain: int,
) -> Outcome:
    taken_used = turn.taken_used or (turn.must_use and turn.taken in used)
    opened, value = turn.opened, turn.opening_value
    if not opened:
        value += gain
        if value >= turn.rules.opening_threshold:
            if turn.must_use and not taken_used:
                return None  # S40-V-EARLYDISCARD: the taken card must be in the opening
            opened, value = True, 0
    if not hand:
        # S40-CLOSE / S40-V-NODISCARDCLOSE: melding the last card closes only under the
        # variant, after the first round, with the opening done and the taken card used.
        rules = turn.rules
        if (
            rules.close_without_discard
            and turn.may_close
            and opened
            and (not turn.must_use or taken_used)
        ):
            return ENDS
        return None
    return attrs.evolve(
        turn,
        hand=hand,
        table=table,
        opened=opened,
        opening_value=value,
        taken_used=taken_used,
    )


def _place(turn: Turn, table: tuple[Meld, ...], index: int | None, meld: Meld) -> tuple[Meld, ...]:
    if _leaves_table(turn.rules, meld):
        return table if index is None else table[:index] + table[index + 1 :]
    if index is None:
        return (*table, meld)
    return (*table[:index], meld, *table[index + 1 :])


def raw_bans(turn: Turn) -> set[Card]:
    """S40-DISCARD and S40-V-PLAYABLE: the cards the mover may not discard, before the
    S40-DISCARD decision lifts the bans."""
    rules = turn.rules
    hand = turn.hand
    if len(hand) == 1:
        switch = rules.ban_playable_discard_closing
    elif turn.opened:
        switch = rules.ban_playable_discard_opened
    else:
        switch = rules.ban_playable_discard_unopened
    playable = playable_cards(rules, turn.table) if switch else frozenset()
    found = set()
    for card in set(hand):
        if (
            (card == turn.taken and not turn.taken_used and hand.count(card) < 2)
            or (_is_wild(rules, card) and not turn.opened)
            or card in playable
        ):
            found.add(card)
    return found


def banned(turn: Turn) -> set[Card]:
    """The bans in force: under the S40-DISCARD decision, when every card of the hand is
    banned, none is, but for a closing discard that S40-V-PLAYABLE's closing switch bans."""
    found = raw_bans(turn)
    if found != set(turn.hand):
        return found
    closing_ban = len(turn.hand) == 1 and turn.rules.ban_playable_discard_closing
    if closing_ban and found & playable_cards(turn.rules, turn.table):
        return found
    return set()


@cache
def playable_cards(rules: Ruleset, table: tuple[Meld, ...]) -> frozenset[Card]:
    """S40-DISCARD, S40-V-PLAYABLE: the cards that could extend a meld on the table, read
    as the plays of an opened player holding the card: a layoff of it onto a table meld,
    or, under S40-V-SPLIT, a split of a table sequence adding it alone (every split the
    oracle's own enumeration finds, checked by its own reading of the split's rules)."""
    found = {ext.card for meld in table for ext in meld.extensions()}
    if rules.split_sequences:
        for card in range(53):
            holder = Turn(rules, (card,), table, True, 0, None, False, False, True)
            if any(
                _split_pieces(rules, table[move.meld], move) is not None for move in splits(holder)
            ):
                found.add(card)
    return frozenset(found)


def relaxed(turn: Turn, move: Move) -> Outcome:
    """The turn after ``move`` by every rule except the no-dead-end lookahead: ``None`` if
    the move breaks a rule, ``ENDS`` if it ends the turn."""
    rules = turn.rules
    if isinstance(move, Discard):
        if not turn.opened and turn.opening_value:
            return None
        if turn.must_use and not turn.taken_used:
            return None
        if move.card not in turn.hand:
            return None
        if len(turn.hand) == 1 and not turn.may_close:
            return None
        return None if move.card in banned(turn) else ENDS
    if isinstance(move, PutDown):
        readings = _readings_of(rules, move)
        hand = _remove(turn.hand, move.cards)
        if not readings or hand is None:
            return None
        meld = readings[0]
        table = _place(turn, turn.table, None, meld)
        return _after_melding(turn, hand, table, meld.cards, meld.value)
    if isinstance(move, (LayOff, SwapJoker, Split)) and (
        not turn.opened or move.meld >= len(turn.table)
    ):
        return None
    if isinstance(move, LayOff):
        meld = turn.table[move.meld]
        hand = _remove(turn.hand, (move.card,))
        # A lay-off names its end and a wild card's card exactly (C-IDENTITY): a value
        # leaving them to the table is refused (its text is read by the state).
        options = [
            ext
            for ext in meld.extensions()
            if ext.card == move.card
            and ext.end is move.end
            and (None if ext.represents == ext.card else ext.represents) == move.represents
        ]
        if hand is None or len(options) != 1:
            return None
        grown = meld.extend(move.card, options[0].end, options[0].represents)
        table = _place(turn, turn.table, move.meld, grown)
        return _after_melding(turn, hand, table, (move.card,), 0)
    if isinstance(move, SwapJoker):
        meld = turn.table[move.meld]
        hand = _remove(turn.hand, (move.card,))
        if hand is None:
            return None
        try:
            swapped, freed = meld.swap(move.card)
        except InvalidMeldError:
            return None
        table = _place(turn, turn.table, move.meld, swapped)
        return _after_melding(turn, tuple(sorted((*hand, freed))), table, (move.card,), 0)
    if isinstance(move, Split):
        if not rules.split_sequences:
            return None
        meld = turn.table[move.meld]
        hand = _remove(turn.hand, move.added)
        pieces = _split_pieces(rules, meld, move)
        if hand is None or pieces is None:
            return None
        table = (*turn.table[: move.meld], *pieces, *turn.table[move.meld + 1 :])
        return _after_melding(turn, hand, table, move.added, 0)
    return None  # draws and chance moves belong to other phases


def _readings_of(rules: Ruleset, move: PutDown) -> list[Meld]:
    """The meld a put-down names (C-WILD): the reading with the given represented cards;
    without them, the only reading, or the one whose order the cards are written in."""
    readings = meld_interpretations(move.cards, rules)
    if move.represented:
        pairs = sorted(zip(move.cards, move.represented))
        return [m for m in readings if sorted(zip(m.cards, m.represented)) == pairs][:1]
    if len(readings) == 1:
        return list(readings)
    in_order = [m for m in readings if m.cards in (move.cards, move.cards[::-1])]
    return in_order if len(in_order) == 1 else []


def _split_pieces(rules: Ruleset, meld: Meld, move: Split) -> tuple[Meld, ...] | None:
    """S40-V-SPLIT: the pieces are sequences of at most 5 cards holding the meld's cards
    (wild cards standing for the same cards) plus exactly the added cards."""
    if meld.kind is not MeldKind.SEQUENCE or len(meld) + len(move.added) <= 5:
        return None
    if not move.added or len(move.pieces) < 2:
        return None
    pieces: list[Meld] = []
    for cards, represented in move.pieces:
        found = [
            m
            for m in meld_interpretations(cards, rules)
            if m.kind is MeldKind.SEQUENCE
            and Counter(zip(m.cards, m.represented)) == Counter(zip(cards, represented))
        ]
        if not found:
            return None
        pieces.append(found[0])
    before = Counter(zip(meld.cards, meld.represented))
    after: Counter[tuple[Card, Card]] = Counter()
    for piece in pieces:
        after.update(zip(piece.cards, piece.represented))
    extra = after - before
    if before - after or Counter(card for card, _ in extra.elements()) != Counter(move.added):
        return None
    if any(card != rep and not _is_wild(rules, card) for card, rep in extra.elements()):
        return None
    # The pieces come from one sequence: their places form one unbroken run (overlaps
    # allowed), and no piece is made of added cards alone (that is a plain meld).
    spans = sorted((p.start, p.start + len(p) - 1) for p in pieces)
    reach = spans[0][1]
    for start, end in spans[1:]:
        if start > reach + 1:
            return None
        reach = max(reach, end)
    if any(Counter(zip(p.cards, p.represented)) <= extra for p in pieces):
        return None
    return tuple(sorted(pieces, key=lambda p: (p.represented, p.cards)))


# -- every syntactically possible move -------------------------------------------------------

_DRAWS: tuple[Move, ...] = (DrawStock(), TakeDiscard(), TakeUpcard(), Deal(), Restock())


def _sub_multisets(hand: tuple[Card, ...], smallest: int) -> Iterator[tuple[Card, ...]]:
    for size in range(smallest, len(hand) + 1):
        yield from sorted(set(combinations(hand, size)))


def put_downs(turn: Turn) -> Iterator[PutDown]:
    for cards in _sub_multisets(turn.hand, 3):
        for meld in meld_interpretations(cards, turn.rules):
            yield PutDown(meld.cards, meld.represented)


def lay_offs(turn: Turn) -> Iterator[LayOff]:
    ends = (None, *MeldEnd)
    for card in sorted(set(turn.hand)):
        wild = _is_wild(turn.rules, card)
        represents: tuple[Card | None, ...] = (None, *range(52)) if wild else (None, card)
        for index in range(len(turn.table) + 1):
            for end, rep in product(ends, represents):
                # A value without its end, or a joker's card, is no move (C-WILD).
                with contextlib.suppress(MissingReadingError):
                    yield LayOff(card, index, end, rep)


def swaps(turn: Turn) -> Iterator[SwapJoker]:
    for card in sorted(set(turn.hand)):
        for index in range(len(turn.table) + 1):
            yield SwapJoker(card, index)


def _partitions(
    items: tuple[tuple[Card, Card], ...],
) -> Iterator[tuple[tuple[tuple[Card, Card], ...], ...]]:
    """Every way to cut the items into blocks of 3-5 (each block sorted)."""
    if not items:
        yield ()
        return
    first, rest = items[0], items[1:]
    seen: set[tuple[tuple[Card, Card], ...]] = set()
    for size in (2, 3, 4):
        for others in combinations(range(len(rest)), size):
            block = tuple(sorted((first, *(rest[i] for i in others))))
            left = tuple(item for i, item in enumerate(rest) if i not in others)
            key = (*block, (-1, -1), *sorted(left))
            if key in seen:
                continue
            seen.add(key)
            if len({suit_of(rep) for _, rep in block}) != 1:
                continue
            for tail in _partitions(left):
                yield (block, *tail)


def splits(turn: Turn) -> Iterator[Split]:
    """Every split of every table sequence by hand cards (S40-V-SPLIT), wild cards
    standing for every card of the suit."""
    rules = turn.rules
    for index, meld in enumerate(turn.table):
        if meld.kind is not MeldKind.SEQUENCE:
            continue
        suit = meld.suit
        pool = tuple(c for c in turn.hand if _is_wild(rules, c) or suit_of(c) == suit)
        suit_cards = [suit * 13 + rank - 1 for rank in range(1, 14)]
        for size in range(max(1, 6 - len(meld)), len(pool) + 1):
            for added in sorted(set(combinations(pool, size))):
                wilds = [c for c in added if _is_wild(rules, c)]
                naturals = [(c, c) for c in added if not _is_wild(rules, c)]
                reps_seen: set[tuple[tuple[Card, Card], ...]] = set()
                for reps in product(suit_cards, repeat=len(wilds)):
                    wild_items = tuple(sorted(zip(wilds, reps)))
                    if wild_items in reps_seen:
                        continue
                    reps_seen.add(wild_items)
                    items = tuple(
                        sorted([*zip(meld.cards, meld.represented), *naturals, *wild_items])
                    )
                    yield from _splits_of(rules, index, added, items)


def _splits_of(
    rules: Ruleset, index: int, added: tuple[Card, ...], items: tuple[tuple[Card, Card], ...]
) -> Iterator[Split]:
    for blocks in _partitions(items):
        if len(blocks) < 2:
            continue
        pieces = []
        for block in blocks:
            cards = tuple(card for card, _ in block)
            found = [
                m
                for m in meld_interpretations(cards, rules)
                if m.kind is MeldKind.SEQUENCE
                and sorted(zip(m.cards, m.represented)) == sorted(block)
            ]
            if not found:
                break
            pieces.append((found[0].cards, found[0].represented))
        else:
            yield Split(index, tuple(sorted(added)), tuple(pieces))


def play_candidates(turn: Turn) -> list[Move]:
    """Every syntactically possible atomic move of a turn (PLAY phase)."""
    moves: list[Move] = [*put_downs(turn), *lay_offs(turn), *swaps(turn)]
    if turn.rules.split_sequences:
        moves.extend(splits(turn))
    moves.extend(Discard(card) for card in range(53))
    return moves


def _melding_candidates(turn: Turn) -> Iterator[Move]:
    """The moves the search tries: discards first (cheap), then every melding move."""
    for card in sorted(set(turn.hand)):
        yield Discard(card)
    yield from put_downs(turn)
    if not turn.opened:
        return
    for index, meld in enumerate(turn.table):
        for ext in meld.extensions():
            if ext.card in turn.hand:
                yield LayOff(ext.card, index, ext.end, ext.represents)
        for _, card in meld.joker_swaps():
            if card in turn.hand:
                yield SwapJoker(card, index)
    if turn.rules.split_sequences:
        yield from splits(turn)


@cache
def can_finish(turn: Turn) -> bool:
    """Whether some sequence of moves ends this turn legally (exhaustive search).

    A discard ends it where :func:`banned` allows it: the S40-DISCARD decision lifts the
    bans for a player left with banned cards only, wherever the turn stands, but for a
    closing discard banned by S40-V-PLAYABLE's closing switch.
    """
    for move in _melding_candidates(turn):
        outcome = relaxed(turn, move)
        if outcome is ENDS:
            return True
        if isinstance(outcome, Turn) and can_finish(outcome):
            return True
    return False


def oracle_legal(turn: Turn, move: Move) -> bool:
    outcome = relaxed(turn, move)
    if outcome is None:
        return False
    return outcome is ENDS or (isinstance(outcome, Turn) and can_finish(outcome))


def draw_legal(state: GameState, move: Move) -> bool:
    """The oracle for the DRAW phase."""
    player = state.turn
    rules = state.rules
    if isinstance(move, DrawStock):
        return bool(state.stock)
    if isinstance(move, TakeDiscard):
        if not state.discard or not (state.opened[player] or rules.discard_draw_to_open):
            return False
        top = state.discard[-1]
        turn = Turn(
            rules=rules,
            hand=tuple(sorted((*state.hands[player], top))),
            table=state.table,
            opened=state.opened[player],
            opening_value=0,
            taken=top,
            must_use=True,
            taken_used=False,
            may_close=_may_close(state),
        )
        return can_finish(turn)
    if isinstance(move, TakeUpcard):
        first = next(
            (state.dealer + step) % state.player_count
            for step in range(1, state.player_count + 1)
            if state.active[(state.dealer + step) % state.player_count]
        )
        return (
            rules.first_player_takes_upcard
            and not any(state.turns_played)
            and player == first
            and len(state.discard) == 1
        )
    return False


# -- the checks ---------------------------------------------------------------------------------


def _equal_sets_completed(state: GameState, first: Move, second: Move) -> bool:
    """Whether ``first`` and ``second`` add the same card to equal table sets that the
    addition takes off the table (S40-V-FOURKIND), every meld between them equal too."""
    if not state.rules.discard_four_of_a_kind:
        return False
    if not (isinstance(first, (LayOff, SwapJoker)) and type(second) is type(first)):
        return False
    if first.card != second.card:
        return False
    low, high = sorted((first.meld, second.meld))
    melds = state.table[low : high + 1]
    return melds[0].kind is MeldKind.SET and all(meld == melds[0] for meld in melds)


def check_play_position(state: GameState) -> None:
    """The engine accepts exactly the oracle's legal moves, and the generator lists
    exactly the positions those moves lead to."""
    assert state.phase is Phase.PLAY
    turn = turn_of(state)
    accepted: dict[GameState, Move] = {}
    disagreements = []
    for move in [*play_candidates(turn), *_DRAWS]:
        expected = oracle_legal(turn, move)
        try:
            after = state.apply(move)
        except IllegalMoveError:
            if expected:
                disagreements.append(f"refused, but the oracle finds it legal: {move}")
            continue
        if not expected:
            disagreements.append(f"accepted, but the oracle finds it illegal: {move}")
        accepted.setdefault(after, move)
    assert not disagreements, f"{state}\n" + "\n".join(disagreements[:10])
    listed = list(state.legal_moves())
    assert len(listed) == len(set(listed))
    outcomes: dict[GameState, Move] = {}
    for move in listed:
        after = state.apply(move)
        # C-IDENTITY: two listed moves never lead to the same position, but for the
        # completions of equal sets side by side under S40-V-FOURKIND: each is a move of its
        # own (any table meld may be extended), and either set leaving the table leaves one
        # table.
        assert after not in outcomes or _equal_sets_completed(state, outcomes[after], move), (
            f"{state}\n{outcomes[after]} and {move} give one position"
        )
        outcomes.setdefault(after, move)
    missing = [str(move) for after, move in accepted.items() if after not in outcomes]
    assert not missing, f"{state}\nlegal but not listed: {missing}"
    extra = [str(move) for after, move in outcomes.items() if after not in accepted]
    assert not extra, f"{state}\nlisted but not found by the oracle: {extra}"
    # No dead ends: every listed move that does not end the turn leaves a way to end it.
    for move in listed:
        outcome = relaxed(turn, move)
        assert outcome is not None, move
        if isinstance(outcome, Turn):
            assert can_finish(outcome), move
    assert listed or not can_finish(turn)


def check_draw_position(state: GameState) -> None:
    assert state.phase is Phase.DRAW
    disagreements = []
    hand = state.hands[state.turn]
    others: list[Move] = [Discard(card) for card in sorted(set(hand))]
    if len(hand) >= 3 and JOKER not in hand[:3]:
        others.append(PutDown(hand[:3]))  # a joker's card may take the position to fix
    for move in [*_DRAWS, *others]:
        expected = draw_legal(state, move)
        if state.is_legal(move) != expected:
            disagreements.append(f"{move}: engine {not expected}, oracle {expected}")
        assert (move in state.legal_moves()) is expected or move in (Deal(), Restock())
    assert not disagreements, f"{state}\n" + "\n".join(disagreements)
    listed = {str(move) for move in state.legal_moves()}
    expected_listed = {str(move) for move in _DRAWS if draw_legal(state, move)}
    assert listed == expected_listed


ORACLE_RULES = [PRESETS[name] for name in PRESETS]

#: Variants whose rules reach into a turn: the discard bans of S40-V-PLAYABLE, closing in
#: the first round, four of a kind, several jokers per meld, a higher threshold.
VARIANT_RULES = [
    Ruleset(ban_playable_discard_opened=True),
    Ruleset(ban_playable_discard_closing=True, close_without_discard=True),
    Ruleset(ban_playable_discard_unopened=False, ban_playable_discard_closing=True),
    Ruleset(close_on_first_turn=True, discard_four_of_a_kind=True),
    Ruleset(max_jokers_per_meld=None, opening_threshold=51),
    Ruleset(split_sequences=True, ban_playable_discard_opened=True, discard_draw_to_open=True),
]


@settings(max_examples=75)  # halved for the default run, which must stay within minutes
@given(engine_positions(ORACLE_RULES, min_hand=4, max_hand=8))
def test_oracle_play_positions(state: GameState) -> None:
    check_play_position(state)


@settings(max_examples=30)
@given(engine_positions([PRESETS["classic"]], min_hand=4, max_hand=7))
def test_oracle_play_positions_classic_splits(state: GameState) -> None:
    check_play_position(state)


@settings(max_examples=50)
@given(engine_positions(VARIANT_RULES, min_hand=3, max_hand=7))
def test_oracle_play_positions_variants(state: GameState) -> None:
    check_play_position(state)


@settings(max_examples=60)
@given(engine_positions(ORACLE_RULES + VARIANT_RULES, min_hand=3, max_hand=7, phases=("draw",)))
def test_oracle_draw_positions(state: GameState) -> None:
    check_draw_position(state)


#: Every combination of S40-V-PLAYABLE's three switches, with and without S40-V-SPLIT:
#: where two of them meet (an opened player's ban, lifted once every card is banned, beside
#: the closing ban, never lifted) is where the list of moves once refused a lay-off that
#: leaves two banned cards; under S40-V-SPLIT a card may extend a table sequence by a split
#: alone, where no lay-off takes it (8H onto 3H-7H).
DISCARD_SWITCHES = [
    Ruleset(
        ban_playable_discard_unopened=unopened,
        ban_playable_discard_opened=opened,
        ban_playable_discard_closing=closing,
        split_sequences=split,
    )
    for split, unopened, opened, closing in product((False, True), repeat=4)
]


@settings(max_examples=60)
@given(
    engine_positions(
        [rules for rules in DISCARD_SWITCHES if not rules.split_sequences],
        min_hand=3,
        max_hand=5,
        playable_only=True,
        playable=playable_cards,
    )
)
def test_oracle_play_positions_every_discard_switch(state: GameState) -> None:
    """S40-DISCARD, S40-V-PLAYABLE: hands whose every card extends a table meld."""
    check_play_position(state)


@settings(max_examples=30)
@given(
    engine_positions(
        [rules for rules in DISCARD_SWITCHES if rules.split_sequences],
        min_hand=3,
        max_hand=4,
        playable_only=True,
        playable=playable_cards,
    )
)
def test_oracle_play_positions_every_discard_switch_with_splits(state: GameState) -> None:
    """S40-DISCARD, S40-V-PLAYABLE under S40-V-SPLIT: hands whose every card extends a
    table meld, by a lay-off or a split. The oracle enumerates every split of the hand's
    cards with every card each joker may stand for: hands of at most four cards and one
    joker keep a position to a second or so (three jokers took five)."""
    assume(state.hands[state.turn].count(JOKER) <= 1)
    check_play_position(state)


@settings(max_examples=40)
@given(
    engine_positions(
        DISCARD_SWITCHES,
        min_hand=2,
        max_hand=4,
        playable_only=True,
        playable=playable_cards,
        phases=("draw",),
    )
)
def test_oracle_draw_positions_every_discard_switch(state: GameState) -> None:
    """S40-DISCARD, S40-V-PLAYABLE: a take that leads to a hand of banned cards only."""
    check_draw_position(state)


@settings(max_examples=150)
@given(
    engine_positions(
        ORACLE_RULES + DISCARD_SWITCHES,
        min_hand=2,
        max_hand=7,
        playable_only=True,
        playable=playable_cards,
    )
)
def test_discard_bans_are_the_plays_of_an_opened_player(state: GameState) -> None:
    """S40-DISCARD, S40-V-PLAYABLE, S40-V-SPLIT, under every preset and every combination
    of the switches: a card of a player who has not opened is banned exactly when an
    opened player holding it could play it onto the table, by a lay-off or a split
    (:func:`playable_cards`, the oracle's own reading); the engine's reading of the table
    gives the same cards for every card code, and the S40-DISCARD decision's lift holds."""
    rules = state.rules
    playable = playable_cards(rules, state.table)
    extending = table_info(state.table).extending(rules.split_sequences)
    assert {card for card in range(53) if extending >> card & 1} == playable
    unopened = attrs.evolve(
        state,
        opened=(False, state.opened[1]),
        opening_value=0,
        taken=None,
        taken_must_use=False,
        taken_used=False,
    )
    hand = unopened.hands[0]
    switch = (
        rules.ban_playable_discard_closing
        if len(hand) == 1
        else (rules.ban_playable_discard_unopened)
    )
    expected = {card for card in hand if _is_wild(rules, card) or (switch and card in playable)}
    reasons = ban_reasons(unopened)
    assert set(reasons) == expected
    for card in expected - {JOKER}:
        assert reasons[card].startswith("S40-DISCARD" if len(hand) > 1 else "S40-V-PLAYABLE")
    assert set(banned_discards(unopened)) == banned(turn_of(unopened))


# -- hand-written tricky positions ---------------------------------------------------------------


def _position(**options: object) -> GameState:
    defaults: dict[str, object] = {
        "discard": "2D",
        "opened": [True, True],
        "turns_played": [1, 1],
        "phase": "play",
        "auto_chance": False,
    }
    defaults.update(options)
    return GameState.from_position(**defaults)  # type: ignore[arg-type]


TRICKY_PLAY = {
    # S40-SWAP before S40-DRAW-DISCARD: the taken 6D melds only with the joker 8S frees.
    "swap-then-meld-taken": _position(
        hands=["8S 5D 6D 2C", "3H 4H 5H 9C"],
        table=["7S JK 9S"],
        taken="6D",
        taken_must_use=True,
    ),
    # S40-FIRST-ROUND: two cards must stay, so the taken 9S cannot be melded: a dead end
    # the loaders refuse (no legal move), made here from the same position after the
    # first round, for the engine to refuse every move in it.
    "first-round-two-cards": attrs.evolve(
        _position(
            hands=["7S 8S 9S 2C", "3H 4H 5H 9C"],
            turns_played=[1, 1],
            taken="9S",
            taken_must_use=True,
        ),
        turns_played=(0, 0),
    ),
    # S40-OPEN: an opening in progress (24 so far) must reach 40.
    "opening-in-progress": _position(
        hands=["KH KD KS 2C 3C 4C 5D", "3H 4H 5H 9C"],
        table=["7S 8S 9S"],
        opened=[False, True],
        opening_value=24,
    ),
    # S40-V-EARLYDISCARD: the taken KD must be in the opening, so its meld goes first.
    "early-discard-order": _position(
        hands=["KS KH KD 10S JS QS 2C 5D", "3H 4H 5H 9C"],
        opened=[False, True],
        rules=PRESETS["online"],
        taken="KD",
        taken_must_use=True,
    ),
    # S40-DRAW-DISCARD: 9S joins the table only after 8S is laid off first.
    "layoff-chain-for-taken": _position(
        hands=["8S 9S 2H 2D 5C KD", "3C 4C 5D 6H 7C"],
        discard="JC",
        table=["5S 6S 7S"],
        taken="9S",
        taken_must_use=True,
    ),
    # S40-V-SPLIT: the book example, with the first round keeping two cards.
    "split-book-example": _position(
        hands=["4S 6S 10S KD", "AS KH 7D JK"],
        table=["5S 6S 7S 8S 9S"],
        rules=PRESETS["classic"],
    ),
    # S40-V-NODISCARDCLOSE: closing by melding every card, or by a discard.
    "close-by-melding": _position(
        hands=["6S 7S 8S 4H", "AS KH 7D JK"],
        table=["AH 2H 3H"],
        rules=PRESETS["federation-article"],
    ),
    # S40-FIRST-ROUND with S40-SWAP: the taken 3S can free the table joker (keeping four
    # cards), but melding 4S 5S with the joker first leaves 3S alone, and swapping it then
    # leaves one card, which the first round forbids: those melds are dead ends.
    "swap-after-meld-first-round": _position(
        hands=["3S 4S 5S JK", "7D 8D"],
        table=["AS 2S JK"],
        turns_played=[0, 0],
        taken="3S",
        taken_must_use=True,
    ),
    # S40-DISCARD, S40-V-PLAYABLE: both an opened player's and the closing switch on.
    # Every lay-off leaves two cards that both extend a meld: banned, then lifted for the
    # discard (every card is banned), so each lay-off is legal; a second lay-off leaves one
    # card, the closing discard, whose ban stays: a dead end.
    "every-card-left-banned": _position(
        hands=["4H 8H 9C", "3D 4D 5D"],
        discard="KD",
        table=["5H 6H 7H", "10C JC QC"],
        rules=Ruleset(ban_playable_discard_opened=True, ban_playable_discard_closing=True),
    ),
    # The same hand with 4H taken from the pile: it melds (on 5H 6H 7H), and leaves two
    # banned cards, whose discard the lift allows.
    "every-card-left-banned-after-the-take": _position(
        hands=["4H 8H 9C", "3D 4D 5D"],
        discard="KD",
        table=["5H 6H 7H", "10C JC QC"],
        taken="4H",
        taken_must_use=True,
        rules=Ruleset(ban_playable_discard_opened=True, ban_playable_discard_closing=True),
    ),
    # S40-V-FOURKIND with a swap that completes a natural four of a kind.
    "fourkind-swap": _position(
        hands=["9C 2H 5S 5H", "AS KH 7D 4S"],
        table=["9S 9H 9D JK=9C", "3C 4C 5C"],
        rules=Ruleset(discard_four_of_a_kind=True),
    ),
}


@pytest.mark.parametrize("name", sorted(TRICKY_PLAY))
def test_oracle_tricky_play_positions(name: str) -> None:
    check_play_position(TRICKY_PLAY[name])


TRICKY_DRAW = {
    "swap-then-meld-taken": _position(
        hands=["8S 5D 2C", "3H 4H 5H 9C"], discard="6D", table=["7S JK 9S"], phase="draw"
    ),
    "first-round-two-cards": _position(
        hands=["7S 8S 2C", "3H 4H 5H 9C"], discard="9S", turns_played=[0, 0], phase="draw"
    ),
    "layoff-chain-for-taken": _position(
        hands=["8S 2H 2D 5C KD", "3C 4C 5D 6H 7C"],
        discard="JC 9S",
        table=["5S 6S 7S"],
        phase="draw",
    ),
    "joker-chain-for-taken": _position(
        hands=["JK 2H 2D 5C KD", "3C 4C 5D 6H 7C"],
        discard="JC 9S",
        table=["5S 6S 7S"],
        phase="draw",
    ),
    # S40-DISCARD, S40-V-PLAYABLE: the taken 4H melds, leaving 8H 9C, both banned by the
    # opened player's switch, then lifted: the take is legal.
    "every-card-left-banned": _position(
        hands=["8H 9C", "3D 4D 5D"],
        discard="KD 4H",
        table=["5H 6H 7H", "10C JC QC"],
        phase="draw",
        rules=Ruleset(ban_playable_discard_opened=True, ban_playable_discard_closing=True),
    ),
    "upcard-and-early-discard": _position(
        hands=["KS KH 10S JS QS 2C 5D", "3H 4H 5H 9C"],
        discard="KD",
        opened=[False, False],
        turns_played=[0, 0],
        dealer=1,
        rules=PRESETS["online"],
        phase="draw",
    ),
}


@pytest.mark.parametrize("name", sorted(TRICKY_DRAW))
def test_oracle_tricky_draw_positions(name: str) -> None:
    check_draw_position(TRICKY_DRAW[name])


def test_no_listed_move_leads_to_a_dead_end_when_only_a_swap_uses_the_taken_card() -> None:
    # S40-DRAW-DISCARD, S40-FIRST-ROUND: after "meld JK=3S 4S 5S" the hand is 3S alone; the
    # swap of 3S for a joker would leave one card in the first round: no move is left.
    state = TRICKY_PLAY["swap-after-meld-first-round"]
    assert "swap 3S #0" in [str(move) for move in state.legal_moves()]
    for move in state.legal_moves():
        after = state.apply(move)
        if after.phase is Phase.PLAY:
            assert after.legal_moves(), f"{move} leads to a position without legal moves"


def test_oracle_expectations_of_the_tricky_positions() -> None:
    # The oracle itself, on positions whose answers are known by hand.
    swap = TRICKY_DRAW["swap-then-meld-taken"]
    assert draw_legal(swap, TakeDiscard())
    assert not draw_legal(TRICKY_DRAW["first-round-two-cards"], TakeDiscard())
    assert draw_legal(TRICKY_DRAW["layoff-chain-for-taken"], TakeDiscard())
    assert draw_legal(TRICKY_DRAW["upcard-and-early-discard"], TakeUpcard())
    early = turn_of(TRICKY_PLAY["early-discard-order"])
    assert oracle_legal(early, meld("KS KH KD"))
    assert oracle_legal(early, meld("10S JS QS"))  # 30: the kings with KD complete it
    assert not oracle_legal(early, meld("10S JS QS KS"))  # opens without the taken KD
    assert draw_legal(TRICKY_DRAW["every-card-left-banned"], TakeDiscard())
    banned_left = turn_of(TRICKY_PLAY["every-card-left-banned"])
    assert all(
        oracle_legal(banned_left, LayOff(card, meld_index, end))
        for card, meld_index, end in [
            (parse_cards("9C")[0], 1, MeldEnd.LOW),
            (parse_cards("4H")[0], 0, MeldEnd.LOW),
            (parse_cards("8H")[0], 0, MeldEnd.HIGH),
        ]
    )
    progress = turn_of(TRICKY_PLAY["opening-in-progress"])
    assert oracle_legal(progress, meld("2C 3C 4C"))  # 24 + 9, then the kings: 63
    assert oracle_legal(progress, meld("KS KH KD"))
    short = attrs.evolve(progress, hand=tuple(sorted(parse_cards("2C 3C 4C 5D 9H"))))
    assert not oracle_legal(short, meld("2C 3C 4C"))  # 33 and nothing more to meld
    assert not can_finish(attrs.evolve(short, hand=tuple(sorted(parse_cards("5D 9H")))))


def meld(text: str) -> PutDown:
    found = check_meld(text)
    return PutDown(found.cards, found.represented)
