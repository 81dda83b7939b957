"""Compound turns (``GameState.apply_turn``) and the engine's checks of one move at a time
(``can`` and ``verify``). Tests cite the rule IDs they check."""

from __future__ import annotations

import pytest

from scala40 import (
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    PutDown,
    new_game,
    parse_cards,
)
from scala40.cards import format_cards
from tests.games.scala40.helpers import make_position, state_fields


def opening_position() -> GameState:
    return make_position(
        hands=["7S 8S 9S KD KH KC 2D 5C", "2C 3C 4C 5H"],
        discard="JC",
        opened=[False, True],
        turns_played=[1, 1],
        phase="play",
    )


def test_a_compound_opening_equals_its_moves_one_by_one_s40_open() -> None:
    # S40-OPEN: 24 + 30 points reach the threshold together.
    state = opening_position()
    moves = ["meld 7S 8S 9S", "meld KD KH KC", "discard 2D"]
    one_by_one = state
    for move in moves:
        one_by_one = one_by_one.apply(move)
    assert state.apply_turn("; ".join(moves)) == one_by_one
    assert state.apply_turn("\n".join(moves)) == one_by_one
    assert state.apply_turn([PutDown(parse_cards("7S 8S 9S")), *moves[1:]]) == one_by_one
    assert one_by_one.opened == (True, True)
    assert one_by_one.turn == 1


def test_a_compound_turn_may_stop_before_the_discard_once_opened_s40_open() -> None:
    state = opening_position().apply_turn("meld 7S 8S 9S; meld KD KH KC")
    assert state.opened[0]
    assert state.turn == 0
    assert format_cards(state.hands[0]) == "2D 5C"


def test_a_compound_turn_refuses_an_opening_left_short_as_a_whole_s40_open() -> None:
    # S40-OPEN: each meld alone is a legal step towards the opening, but the turn as given
    # ends below 40.
    state = opening_position()
    before = state_fields(state)
    assert state.is_legal("meld 7S 8S 9S")
    with pytest.raises(IllegalMoveError, match=r"worth 24, below 40.*\(S40-OPEN\)$"):
        state.apply_turn("meld 7S 8S 9S")
    assert state_fields(state) == before


def test_a_compound_turn_names_the_move_that_fails() -> None:
    state = opening_position()
    with pytest.raises(IllegalMoveError, match=r"^move 2 of the turn: discard 2D: .*S40-OPEN"):
        state.apply_turn("meld 7S 8S 9S; discard 2D")
    with pytest.raises(InvalidMoveError, match=r"^move 2 of the turn: "):
        state.apply_turn("meld 7S 8S 9S; meld KD KH KX")
    with pytest.raises(IllegalMoveError, match=r"move 4 of the turn \(discard 5C\) comes after"):
        state.apply_turn("meld 7S 8S 9S; meld KD KH KC; discard 2D; discard 5C")


def test_a_compound_turn_from_the_draw_s40_draw_stock() -> None:
    # S40-DRAW-STOCK, S40-DRAW-DISCARD: the turn starts with the draw.
    state = make_position(
        hands=["7S 8S 9S KD KH 2D 5C", "2C 3C 4C 5H"],
        discard="JC",
        stock_top="KC",
        opened=[False, True],
        turns_played=[1, 1],
    )
    after = state.apply_turn("draw; meld KD KH KC; meld 7S 8S 9S; discard 5C")
    assert after.opened[0]
    assert format_cards(after.hands[0]) == "2D"


def test_a_compound_turn_needs_moves_and_a_player_to_move() -> None:
    state = opening_position()
    with pytest.raises(InvalidMoveError, match="at least one move"):
        state.apply_turn([])
    with pytest.raises(InvalidMoveError, match="at least one move"):
        state.apply_turn(" ; ")
    chance = new_game(players=2, seed=1, auto_chance=False)
    with pytest.raises(IllegalMoveError, match="a chance step comes first"):
        chance.apply_turn("draw")


def test_the_draw_checks_s40_draw_stock_s40_draw_discard() -> None:
    state = make_position(
        hands=["7S 8S 2D 5C", "2C 3C 4C 5H"],
        discard="9S",
        opened=[True, True],
        turns_played=[1, 1],
    )
    assert state.can("draw")
    assert state.can("take")  # 7S 8S 9S
    assert not state.can("upcard")
    with pytest.raises(IllegalMoveError, match="S40-V-UPCARD"):
        state.verify("upcard")
    state.verify("draw")
    state.verify("take")
    after = state.apply("draw")
    assert not after.can("draw")
    with pytest.raises(IllegalMoveError, match=r"\(S40-TURN\)$"):
        after.verify("draw")
    unopened = make_position(
        hands=["7S 8S 2D 5C", "2C 3C 4C 5H"],
        discard="9S",
        opened=[False, True],
        turns_played=[1, 1],
    )
    assert not unopened.can("take")
    with pytest.raises(IllegalMoveError, match="S40-DRAW-STOCK"):
        unopened.verify("take")


def test_the_melding_checks_s40_after_open_s40_swap() -> None:
    state = make_position(
        hands=["7S 8S 9S 10H 4H 5D 2C", "2H 3H 5S 5H"],
        discard="JC",
        table=["JK=5H 6H 7H 8H", "4C 4D 4S"],
        opened=[True, True],
        turns_played=[1, 1],
        phase="play",
    )
    assert state.can("meld 9S 8S 7S")
    assert not state.can("meld 7S 8S 10H")
    with pytest.raises(IllegalMoveError, match=r"\(S40-SEQ, S40-SET, S40-JOKER\)$"):
        state.verify("meld 7S 8S 10H")
    assert state.can("layoff 9S #1") is False
    assert state.can("layoff 4H #1")
    state.verify("layoff 4H #1")
    assert not state.can("layoff 10H #0 high")  # 9H is missing
    with pytest.raises(IllegalMoveError, match="S40-AFTER-OPEN"):
        state.verify("layoff 10H #0 high")
    assert not state.can("swap 5D #0")
    with pytest.raises(IllegalMoveError, match=r"\(S40-SWAP\)$"):
        state.verify("swap 5D #0")
    assert state.can("discard 2C")
    assert not state.can("discard KD")
    with pytest.raises(IllegalMoveError, match="S40-DISCARD"):
        state.verify("discard KD")
    with pytest.raises(InvalidMoveError):
        state.can("discard ZZ")
    with pytest.raises(InvalidMoveError):
        state.can("layoff 5D #-1")


def test_the_split_checks_s40_v_split() -> None:
    state = make_position(
        rules="classic",
        hands=["7S 2D 5C", "2H 3H 4H 5H"],
        discard="JC",
        table=["5S 6S 7S 8S 9S"],
        opened=[True, True],
        turns_played=[1, 1],
        phase="play",
    )
    split = "split #0 7S : 5S 6S 7S / 7S 8S 9S"
    assert state.can(split)
    state.verify(split)
    assert not state.can("split #0 2D : 5S 6S 7S / 7S 8S 9S")
    with pytest.raises((IllegalMoveError, InvalidMoveError)):
        state.verify("split #0 2D : 5S 6S 7S / 7S 8S 9S")


def test_the_pairs_of_one_kind_of_move_are_gone() -> None:
    # Deprecated in 0.3.0 and removed in 0.6.0, as the changelog promised: every game's
    # ``can`` and ``verify`` take the same moves.
    state = new_game(players=2, seed=1)
    for name in ("can_draw", "verify_draw", "can_discard", "verify_put_down", "can_split"):
        assert not hasattr(state, name), name
