"""Compound turns (``GameState.apply_turn``) and the per-move ``can_…``/``verify_…``
checks of the engine (deprecated for every game's ``can`` and ``verify``, and still
answering as they do). Tests cite the rule IDs they check."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import scala40
from scala40 import (
    PRESETS,
    Discard,
    DrawStock,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    LayOff,
    Move,
    PutDown,
    Split,
    SwapJoker,
    TakeDiscard,
    TakeUpcard,
    new_game,
    parse_cards,
)
from scala40.cards import format_cards
from tests.games.scala40.helpers import make_position, playout, state_fields, unlisted_moves


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


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_draw_checks_s40_draw_stock_s40_draw_discard() -> None:
    state = make_position(
        hands=["7S 8S 2D 5C", "2C 3C 4C 5H"],
        discard="9S",
        opened=[True, True],
        turns_played=[1, 1],
    )
    assert state.can_draw()
    assert state.can_take_discard()  # 7S 8S 9S
    assert not state.can_take_upcard()
    with pytest.raises(IllegalMoveError, match="S40-V-UPCARD"):
        state.verify_take_upcard()
    state.verify_draw()
    state.verify_take_discard()
    after = state.apply("draw")
    assert not after.can_draw()
    with pytest.raises(IllegalMoveError, match=r"\(S40-TURN\)$"):
        after.verify_draw()
    unopened = make_position(
        hands=["7S 8S 2D 5C", "2C 3C 4C 5H"],
        discard="9S",
        opened=[False, True],
        turns_played=[1, 1],
    )
    assert not unopened.can_take_discard()
    with pytest.raises(IllegalMoveError, match="S40-DRAW-STOCK"):
        unopened.verify_take_discard()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_melding_checks_s40_after_open_s40_swap() -> None:
    state = make_position(
        hands=["7S 8S 9S 10H 4H 5D 2C", "2H 3H 5S 5H"],
        discard="JC",
        table=["JK=5H 6H 7H 8H", "4C 4D 4S"],
        opened=[True, True],
        turns_played=[1, 1],
        phase="play",
    )
    assert state.can_put_down("9S 8S 7S")
    assert not state.can_put_down("7S 8S 10H")
    with pytest.raises(IllegalMoveError, match=r"\(S40-SEQ, S40-SET, S40-JOKER\)$"):
        state.verify_put_down("7S 8S 10H")
    assert state.can_lay_off("9S", 1) is False
    assert state.can_lay_off("4H", 1)
    state.verify_lay_off("4H", 1)
    assert not state.can_lay_off("10H", 0, "high")  # 9H is missing
    with pytest.raises(IllegalMoveError, match="S40-AFTER-OPEN"):
        state.verify_lay_off("10H", 0, "high")
    assert not state.can_swap_joker("5D", 0)
    with pytest.raises(IllegalMoveError, match=r"\(S40-SWAP\)$"):
        state.verify_swap_joker("5D", 0)
    assert state.can_discard("2C")
    assert not state.can_discard("KD")
    with pytest.raises(IllegalMoveError, match="S40-DISCARD"):
        state.verify_discard("KD")
    with pytest.raises(InvalidMoveError):
        state.can_discard("ZZ")
    with pytest.raises(InvalidMoveError):
        state.can_lay_off("5D", -1)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
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
    pieces = [("5S 6S 7S", ""), ("7S 8S 9S", "")]
    assert state.can_split(0, "7S", pieces)
    state.verify_split(0, "7S", pieces)
    assert not state.can_split(0, "2D", pieces)
    with pytest.raises(IllegalMoveError):
        state.verify_split(0, "2D", pieces)


def _check_call(state: GameState, move: Move) -> bool:
    """The ``can_…`` method of ``move``'s type, called with the move's fields."""
    if isinstance(move, DrawStock):
        return state.can_draw()
    if isinstance(move, TakeDiscard):
        return state.can_take_discard()
    if isinstance(move, TakeUpcard):
        return state.can_take_upcard()
    if isinstance(move, PutDown):
        return state.can_put_down(move.cards, move.represented)
    if isinstance(move, LayOff):
        return state.can_lay_off(move.card, move.meld, move.end, move.represents)
    if isinstance(move, SwapJoker):
        return state.can_swap_joker(move.card, move.meld)
    if isinstance(move, Split):
        return state.can_split(move.meld, move.added, move.pieces)
    assert isinstance(move, Discard)
    return state.can_discard(move.card)


def _verify_call(state: GameState, move: Move) -> None:
    fields: dict[type, Any] = {
        DrawStock: lambda: state.verify_draw(),
        TakeDiscard: lambda: state.verify_take_discard(),
        TakeUpcard: lambda: state.verify_take_upcard(),
    }
    if type(move) in fields:
        fields[type(move)]()
    elif isinstance(move, PutDown):
        state.verify_put_down(move.cards, move.represented)
    elif isinstance(move, LayOff):
        state.verify_lay_off(move.card, move.meld, move.end, move.represents)
    elif isinstance(move, SwapJoker):
        state.verify_swap_joker(move.card, move.meld)
    elif isinstance(move, Split):
        state.verify_split(move.meld, move.added, move.pieces)
    else:
        assert isinstance(move, Discard)
        state.verify_discard(move.card)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("preset", ["official", "classic", "online"])
def test_each_check_agrees_with_the_legal_moves(preset: str) -> None:
    # Every listed move passes its check; moves not listed fail theirs, naming a rule.
    chooser = random.Random(5)
    start = new_game(PRESETS[preset], players=3, seed=11)
    checked = 0
    for state, _, _ in playout(start, chooser, 160):
        if state.is_chance:
            continue
        for move in state.legal_moves():
            assert _check_call(state, move), move
            _verify_call(state, move)
            checked += 1
        for move in unlisted_moves(state, chooser, limit=5):
            assert not state.is_legal(move), move  # a value the state takes is listed
            if state.is_legal(str(move)):
                # Its text reads as a listed move (a layoff without its end): the checks
                # take their arguments as a text is read.
                assert _check_call(state, move), move
                continue
            if isinstance(
                move, (DrawStock, TakeDiscard, TakeUpcard, PutDown, LayOff, SwapJoker, Discard)
            ):
                assert not _check_call(state, move), move
                with pytest.raises(
                    IllegalMoveError, match=r"\((S40|C)-[A-Z0-9-]+(, S40-[A-Z0-9-]+)*\)$"
                ):
                    _verify_call(state, move)
    assert checked > 500


def test_the_pairs_of_one_kind_of_move_are_deprecated() -> None:
    state = GameState.from_position(
        hands=["7S 8S 9S 2D", "2C 3C 4C 5H"], discard="JC", opened=[True, True],
        turns_played=[1, 1], phase="play",
    )  # fmt: skip
    calls: dict[str, tuple[Callable[[], bool], bool]] = {
        "can_put_down": (lambda: state.can_put_down("7S 8S 9S"), True),
        "can_discard": (lambda: state.can_discard("2D"), True),
        "can_draw": (lambda: state.can_draw(), False),
        "can_lay_off": (lambda: state.can_lay_off("2D", 0), False),
    }
    for name, (call, answer) in calls.items():
        with pytest.deprecated_call(
            match=f"GameState.{name} is deprecated and will be removed in"
        ):
            assert call() is answer
    with pytest.deprecated_call(), pytest.raises(IllegalMoveError):
        state.verify_discard("KD")
    with pytest.warns(DeprecationWarning, match="will be removed in") as caught:
        state.can_draw()
    removal = re.search(r"removed in (\d+)\.(\d+)\.(\d+):", str(caught[0].message))
    assert removal is not None, caught[0].message
    release = re.match(r"(\d+)\.(\d+)\.(\d+)", scala40.__version__)
    assert release is not None
    # The release that removes them is still to come: preparing it fails here until they go.
    assert tuple(map(int, removal.groups())) > tuple(map(int, release.groups()))
    assert state.can("meld 7S 8S 9S")
    assert state.can("discard 2D")
    assert not state.can("draw")
