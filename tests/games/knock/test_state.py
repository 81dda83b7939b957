"""States of the knock games: positions, views, JSON, and refusals (C-RNG, C-IDENTITY)."""

from __future__ import annotations

import json

import pytest

from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidStateError,
    SerializationError,
)
from scala40.games import chinchon, laconga, rumino
from scala40.games._knock.phases import Phase
from tests.games.knock.helpers import position


def closed_hand() -> chinchon.GameState:
    state = position(
        chinchon.GameState,
        ["2C 3C 4C 7S 7H 7D AH KS", "5C QS QH QD 3S 3H 2D", "6C KC KD KH JS JH 4S"],
        discard="5H",
        phase="play",
        rules=chinchon.Ruleset(end_mode="elimination", target=20, reentry=1),
    )
    after: chinchon.GameState = state.apply("close KS : 7S 7H 7D / 2C 3C 4C")
    return after


def test_a_hand_result_round_trips_and_every_hand_is_shown_after_it() -> None:
    after = closed_hand()
    assert after.phase is Phase.REENTRY  # P2 reached 20
    data = json.loads(json.dumps(after.to_dict()))
    assert chinchon.GameState.from_dict(data) == after
    view = after.view(1)
    assert view.hands_shown
    sample = view.sample(7)
    assert sample.hands == after.hands
    assert sample.view(1) == view


def test_positions_list_every_problem() -> None:
    with pytest.raises(InvalidStateError) as error:
        position(chinchon.GameState, ["AS 2S", "AS KS QS JS 7S 6S 5S"], phase="play")
    problems = error.value.problems
    assert any("AS: 2 placed" in problem for problem in problems)
    with pytest.raises(InvalidStateError) as error:
        position(rumino.GameState, ["AS 2S", "3S 4S 5S 6S 7S 8S 9S"], turn=5)
    assert any("turn must be a seat" in problem for problem in error.value.problems)


def test_a_kind_the_game_lacks_is_refused() -> None:
    state = chinchon.new_game(players=2, seed=1)
    with pytest.raises(InvalidMoveError, match="expected a Chinchón move"):
        state.apply(rumino.Knock())  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="unknown move 'knock'"):
        state.apply("knock")
    assert rumino.Knock() not in state.legal_moves()
    assert laconga.DrawStock() in state.legal_moves()  # the same move in both games


def test_a_finished_game_takes_no_move_and_the_same_seed_gives_the_same_game() -> None:
    state = chinchon.GameState.from_position(
        hands=["AC 2C 3C 4C 5C 6C 7C KS", "6S 6H 6D 7S 7D 3H QC"],
        discard="KC",
        phase="play",
        turns_played=[1, 1],
    )
    over = state.apply("close KS : AC 2C 3C 4C 5C 6C 7C")
    assert over.is_over
    assert over.current_player is None
    with pytest.raises(IllegalMoveError, match="the game is over"):
        over.apply("draw")
    # C-RNG
    assert rumino.new_game(players=4, seed=9) == rumino.new_game(players=4, seed=9)
    assert rumino.new_game(players=4, seed=9) != rumino.new_game(players=4, seed=10)


def test_broken_dictionaries_are_refused_with_the_field_named() -> None:
    data = closed_hand().to_dict()
    data["last_hand"]["points"] = [1]
    with pytest.raises(SerializationError, match="last_hand: points must be 3 totals"):
        chinchon.GameState.from_dict(data)
    data = closed_hand().to_dict()
    data["last_hand"]["hands"][0] = "AS"
    with pytest.raises(SerializationError, match="hands shown at the end"):
        chinchon.GameState.from_dict(data)
    data = closed_hand().to_dict()
    data["format"] = "scala40.laconga.state"
    with pytest.raises(SerializationError, match=r"expected format 'scala40\.chinchon\.state'"):
        chinchon.GameState.from_dict(data)


def test_a_view_knows_only_its_own_hand() -> None:
    state = laconga.new_game(players=3, seed=5)
    view = state.view(1)
    assert view.hand == state.hands[1]
    assert not hasattr(view, "hands")
    assert not hasattr(view, "stock")
    assert view.stock_size == len(state.stock)
    with pytest.raises(
        InvalidArgumentError,
        match="seat 1 does not decide now: seat 0 does; seat 1 may only resign",
    ):
        view.legal_moves()
    seat = state.current_player
    assert seat is not None
    mover = state.view(seat)
    assert [str(m) for m in mover.legal_moves()] == [str(m) for m in state.legal_moves()]
