"""Positions built for the corpus where games between bots seldom go: a stock about to
run out (S40-RESTOCK, S40-V-RESTOCK-FLIP, RU-RESTOCK, CH-RESTOCK), a stock that runs out
with nothing put on the table since it was last rebuilt (S40-STALL), a close in the
first round (S40-FIRST-ROUND), a four of a kind in hand (S40-V-FOURKIND), a lone ace
left in hand (S40-V-LONEACE), a close on the first turn where the rules allow it
(S40-V-FIRSTCLOSE), a chinchón or a conga in hand (CH-CHINCHON), a close that would take
a total to the limit (LC-CLOSECAP), a Skarney hand nobody goes out of that ends tied
(SK-TIE).

Each is a position of a seeded game of the corpus's own, changed as a position's text
may be written by hand: cards moved between the stock, the discard pile and the hands
(every card of the pack still there once), a seat's running total raised, or the flags
of the turns played and of the table since the last rebuild set. The answers
asked about them are the library's, as for every other line; a position the library
does not accept is left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from scala40.cards import JOKER, RANK_OF, SUIT_OF, Card, as_cards
from scala40.errors import IllegalMoveError, Scala40Error
from scala40.game import Game, position_from_text

__all__ = ["Built", "build"]


@attrs.frozen
class Built:
    """What the built positions give a ruleset's corpus."""

    moves: tuple[Any, ...] = ()
    """Positions whose legal moves are asked."""
    refusals: tuple[tuple[Any, str], ...] = ()
    """Positions and a move each refuses."""
    ends: tuple[tuple[Any, Any], ...] = ()
    """Positions and the move that ends their hand."""
    perft: tuple[Any, ...] = ()
    """Positions whose move sequences are counted."""


def _checked(state: Any) -> Any | None:
    """The state read back from its text, or None where the library refuses it."""
    try:
        return position_from_text(state.to_text())
    except Scala40Error:
        return None


def _verbs(state: Any) -> set[str]:
    return {str(move).split(" ", 1)[0] for move in state.legal_moves()}


def _at_draw(played: Sequence[Sequence[tuple[Any, Any]]], skip: int = 10) -> list[Any]:
    """Positions where the player to move draws from the stock, past the first few
    moves of each game."""
    return [
        state
        for game in played
        for state, _ in game[skip:]
        if "draw" in _verbs(state) and getattr(state, "discard", None)
    ]


def _low_stock(state: Any, keep: int, **changes: Any) -> Any | None:
    """``state`` with its stock cut to its top ``keep`` cards, the others put under the
    discard pile (so that the stock runs out within a few moves)."""
    stock = state.stock
    if len(stock) <= keep:
        return None
    return _checked(
        state.copy_with(stock=stock[-keep:], discard=stock[:-keep] + state.discard, **changes)
    )


def _rigged(state: Any, wanted: Sequence[Card]) -> Any | None:
    """``state`` with ``wanted`` in the hand of the player to move: each card missing
    from it swapped with a card of the hand not wanted, from another hand, the stock or
    the discard pile under its top card."""
    seat = state.current_player
    hand = list(state.hands[seat])
    hands = [list(cards) for cards in state.hands]
    stock = list(state.stock)
    discard = list(state.discard)
    need = Counter(wanted) - Counter(hand)
    spare = list((Counter(hand) - Counter(wanted)).elements())
    places: list[list[Card]] = [
        *(cards for other, cards in enumerate(hands) if other != seat),
        stock,
        discard,
    ]
    for card in need.elements():
        if not spare:
            return None
        place = next(
            (cards for cards in places if card in (cards[:-1] if cards is discard else cards)),
            None,
        )
        if place is None:
            return None
        given = spare.pop()
        place[place.index(card)] = given
        hand.remove(given)
        hand.append(card)
    hands[seat] = hand
    return _checked(
        state.copy_with(
            hands=tuple(tuple(sorted(cards)) for cards in hands),
            stock=tuple(stock),
            discard=tuple(discard),
        )
    )


_TRIES = 40
"""The positions tried, at most, for a position to build from."""


def _first(states: Iterator[Any | None]) -> Any | None:
    """The first state that is not None."""
    return next((state for state in states if state is not None), None)


def _refused_if(state: Any, other: Any, most: int = 3) -> list[tuple[Any, str]]:
    """Moves ``other`` (the same position under a rule switched) allows and ``state``
    refuses, each with ``state``."""
    legal = {str(move) for move in state.legal_moves()}
    found = []
    for move in sorted({str(move) for move in other.legal_moves()} - legal):
        try:
            state.apply(move)
        except IllegalMoveError:
            found.append((state, move))
        except Scala40Error:
            continue
        if len(found) == most:
            break
    return found


def _suit_run(rules: Any, length: int) -> list[Card]:
    """The lowest ``length`` natural cards of the pack's first suit, in order."""
    naturals = sorted({card for card in rules.deck.cards if card != JOKER})
    suit = min(SUIT_OF[card] for card in naturals)
    run = sorted(
        (card for card in naturals if SUIT_OF[card] == suit), key=lambda card: RANK_OF[card]
    )
    return run[:length]


def _after(state: Any, verb: str) -> Any | None:
    move = next((move for move in state.legal_moves() if str(move) == verb), None)
    return None if move is None else state.apply(move)


def _scala40(game: Game, rules: Any, played: Sequence[Sequence[tuple[Any, Any]]]) -> Built:
    moves: list[Any] = []
    refusals: list[tuple[Any, str]] = []
    ends: list[tuple[Any, Any]] = []
    perft: list[Any] = []
    drawing = _at_draw(played)
    if drawing:
        base = drawing[0]
        rebuilt = _low_stock(base, 1, melded_since_restock=True)
        stalled = _low_stock(base, 1, melded_since_restock=False)
        perft += [state for state in (rebuilt, stalled) if state is not None]
        drawn = None if stalled is None else _after(stalled, "draw")
        if drawn is not None:
            # Nothing reached the table since the last rebuild: the hand ends blocked.
            discard = next(m for m in drawn.legal_moves() if str(m).startswith("discard"))
            ends.append((drawn, discard))
    first = played[0][0][0] if played and played[0] else None
    if first is not None and not any(first.turns_played):
        # Thirteen cards of a suit on the first turn: melding them all would close.
        rigged = _rigged(first, as_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"))
        drawn = None if rigged is None else _after(rigged, "draw")
        if drawn is not None:
            later = drawn.copy_with(turns_played=(1,) * drawn.player_count)
            refusals += _refused_if(drawn, later, most=1)
        if drawn is not None and rules.close_on_first_turn:
            # Allowed here (S40-V-FIRSTCLOSE): the thirteen put down, the last discarded.
            whole = next((m for m in drawn.legal_moves() if len(str(m).split()) == 14), None)
            melded = None if whole is None else drawn.apply(whole)
            if melded is not None:
                ends += [(melded, next(iter(melded.legal_moves())))]
    if rules.discard_four_of_a_kind:
        opened = [
            state
            for game_moves in played
            for state, _ in game_moves
            if state.current_player is not None
            and state.opened_at_turn_start
            and "discard" in _verbs(state)
            and len(state.hands[state.current_player]) >= 6
        ]
        for state in opened[:1]:
            rigged = _rigged(state, as_cards("7S 7H 7D 7C"))
            if rigged is not None:
                moves.append(rigged)
                perft.append(rigged)
    if rules.lone_ace_scores_one:
        ends += _lone_ace(played)
    return Built(tuple(moves), tuple(refusals), tuple(ends), tuple(perft))


def _lone_ace(played: Sequence[Sequence[tuple[Any, Any]]]) -> list[tuple[Any, Any]]:
    """A closing move whose position leaves another seat one card, that card made an
    ace from the stock."""
    for game_moves in played:
        for state, move in game_moves:
            after = state.apply(move)
            if after.hand_number == state.hand_number and not after.is_over:
                continue
            seat = state.current_player
            for other, hand in enumerate(state.hands):
                if other == seat or len(hand) != 1:
                    continue
                ace = next(
                    (card for card in state.stock if card != JOKER and RANK_OF[card] == 1), None
                )
                if ace is None:
                    continue
                stock = list(state.stock)
                stock[stock.index(ace)] = hand[0]
                hands = list(state.hands)
                hands[other] = (ace,)
                rigged = _checked(state.copy_with(hands=tuple(hands), stock=tuple(stock)))
                if rigged is not None and rigged.is_legal(move):
                    return [(rigged, rigged.parse_move(str(move)))]
    return []


def _knock(game: Game, rules: Any, played: Sequence[Sequence[tuple[Any, Any]]]) -> Built:
    moves: list[Any] = []
    refusals: list[tuple[Any, str]] = []
    ends: list[tuple[Any, Any]] = []
    perft: list[Any] = []
    drawing = _at_draw(played)
    if drawing:
        low = _low_stock(drawing[0], 1)
        if low is not None:
            perft.append(low)
    if game.name in ("chinchon", "laconga"):
        # A run of seven of one suit: the chinchón (La Conga's conga) ends the game.
        rigged = _first(_rigged(state, _suit_run(rules, 7)) for state in drawing[1:_TRIES])
        drawn = None if rigged is None else _after(rigged, "draw")
        if drawn is not None:
            moves.append(drawn)
            chinchon = [
                move
                for move in drawn.legal_moves()
                if str(move).startswith("close") and " / " not in str(move)
                and len(str(move).split(" : ", 1)[-1].split()) == 7
            ]  # fmt: skip
            ends += [(drawn, move) for move in chinchon[:1]]
    if game.name == "laconga" and rules.close_cap:
        # A close that leaves 3 points unmatched, from a total of 3 below the limit:
        # barred (LC-CLOSECAP).
        run = _suit_run(rules, 3)
        naturals = sorted({card for card in rules.deck.cards if card != JOKER})
        fives = [card for card in naturals if RANK_OF[card] == 5][:3]
        three = next(card for card in naturals if RANK_OF[card] == 3 and card not in run)
        rigged = _first(_rigged(state, [*run, *fives, three]) for state in drawing[2:_TRIES])
        if rigged is not None:
            seat = rigged.current_player
            scores = list(rigged.scores)
            scores[seat] = rules.eliminate_at - 3
            raised = _checked(rigged.copy_with(scores=tuple(scores)))
            drawn = None if raised is None else _after(raised, "draw")
            if drawn is not None:
                uncapped = drawn.copy_with(rules=rules.replace(close_cap=False))
                refusals += _refused_if(drawn, uncapped)
                moves.append(drawn)
    return Built(tuple(moves), tuple(refusals), tuple(ends), tuple(perft))


_SKARNEY_TRIES = 200
"""The swaps tried, at most, for a Skarney hand nobody goes out of to end tied."""


def _skarney_cost(card: Card) -> int:
    """A card's cost left in hand (SK-SCORE-HAND), to choose the swaps worth trying;
    whether a swap ties the hand is the library's answer."""
    if card == JOKER:
        return 100
    return {1: 15, 2: 50}.get(RANK_OF[card], 10 if RANK_OF[card] >= 10 else 5)


def _swapped(state: Any, one: tuple[int | None, Card], two: tuple[int | None, Card]) -> Any | None:
    """``state`` with two cards exchanged, each in a seat's hand or (seat None) the stock."""
    hands = [list(hand) for hand in state.hands]
    stock = list(state.stock)
    (seat_a, card_a), (seat_b, card_b) = one, two
    place_a = stock if seat_a is None else hands[seat_a]
    place_b = stock if seat_b is None else hands[seat_b]
    place_a[place_a.index(card_a)] = card_b
    place_b[place_b.index(card_b)] = card_a
    return _checked(
        state.copy_with(hands=tuple(tuple(sorted(hand)) for hand in hands), stock=tuple(stock))
    )


def _skarney(played: Sequence[Sequence[tuple[Any, Any]]]) -> Built:
    """A hand nobody goes out of, whose sides' hand scores are made equal by swapping two
    cards (of a hand and the stock, or of two hands): it does not count (SK-TIE)."""
    tries = 0
    for game_moves in played:
        for state, move in game_moves:
            after = state.apply(move)
            result = after.last_hand if after.hand_number != state.hand_number else None
            if result is None or result.went_out is not None or result.void:
                continue
            if len(result.points) != 2:
                continue
            # The first side's lead in hand score, which the swap must take away.
            lead = (result.meld_points[0] - result.hand_points[0]) - (
                result.meld_points[1] - result.hand_points[1]
            )
            for one, two in _tying_swaps(state, lead):
                tries += 1
                if tries > _SKARNEY_TRIES:
                    return Built()
                rigged = _swapped(state, one, two)
                if rigged is None or not rigged.is_legal(move):
                    continue
                again = rigged.parse_move(str(move))
                ended = rigged.apply(again).last_hand
                if ended is not None and ended.void:
                    return Built(ends=((rigged, again),))
    return Built()


def _tying_swaps(
    state: Any, lead: int
) -> Iterator[tuple[tuple[int | None, Card], tuple[int | None, Card]]]:
    """Swaps that take the first side's ``lead`` away, by the cards' costs."""
    sides = [state.side(seat) for seat in range(len(state.hands))]
    stock = sorted(set(state.stock))
    for seat, hand in enumerate(state.hands):
        sign = 1 if sides[seat] == 0 else -1
        for card in sorted(set(hand)):
            for other in stock:
                if sign * (_skarney_cost(other) - _skarney_cost(card)) == lead:
                    yield (seat, card), (None, other)
            for seat_b, hand_b in enumerate(state.hands):
                if sides[seat_b] == sides[seat] or sides[seat] != 0:
                    continue
                for other in sorted(set(hand_b)):
                    if 2 * (_skarney_cost(card) - _skarney_cost(other)) == -lead:
                        yield (seat, card), (seat_b, other)


def build(game: Game, rules: Any, played: Sequence[Sequence[tuple[Any, Any]]]) -> Built:
    """The positions built for a ruleset's corpus from its seeded games (``played``:
    each game's positions and the move played there)."""
    if game.name == "scala40":
        return _scala40(game, rules, played)
    if game.name in ("rumino", "chinchon", "laconga"):
        return _knock(game, rules, played)
    return _skarney(played)
