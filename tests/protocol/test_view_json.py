"""A view's JSON (``view.to_dict()``), in every game and preset: what an app sends to a
client.

From states of every phase reached in seeded random games, each seat's view JSON

* is plain JSON that survives ``json.dumps`` and ``json.loads`` unchanged, and reads back
  through :func:`scala40.views.view_from_dict` to the same JSON;
* is the same for a twin state: a sample of the view, which differs from the state only in
  the cards the seat cannot see (so nothing in it leaks a hidden card);
* lists the seat's legal moves exactly when the decision is the seat's, as the state lists
  them (text and dictionary, each read back by the state to the same move);
* shows the last hand's result as the result's own ``to_dict()`` does, in one shape for
  every game;
* carries the state's move number, whose count ``apply`` keeps, and which a stale move is
  refused against.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError, StaleMoveError
from scala40.game import Game, game_names, load_game
from scala40.views import view_from_dict
from tests.protocol.test_samples import _states


def _cases() -> list[Any]:
    return [
        pytest.param(load_game(name), preset, id=f"{name}-{preset}")
        for name in game_names()
        for preset in load_game(name).ruleset_type.preset_names()
    ]


def _check_view_json(state: Any, seat: int) -> None:
    view: Any = state.view(seat)
    data = view.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert view_from_dict(data).to_dict() == data
    assert data["seat"] == seat
    assert data["move_number"] == state.move_number
    assert data["current_player"] == state.current_player
    assert data["is_over"] == state.is_over
    if state.current_player == seat:
        legal = state.legal_moves()
        assert [item["text"] for item in data["legal_moves"]] == [str(move) for move in legal]
        for item, move in zip(data["legal_moves"], legal, strict=True):
            assert state.MOVES.from_dict(item["move"]) == move
    else:
        assert data["legal_moves"] == []
        with pytest.raises(InvalidArgumentError):
            view.legal_moves()
    # Every game's hand result has one JSON shape, the view's.
    last = state.last_hand
    assert data["last_hand"] == (None if last is None else last.to_dict())
    twin = view.sample(seat + 1)
    assert twin.view(seat).to_dict() == data


@pytest.mark.parametrize(("game", "preset"), _cases())
def test_view_json_reads_back_and_leaks_nothing(game: Game, preset: str) -> None:
    for seed in (1, 2):
        for state in _states(game, preset, seed):
            for seat in range(state.player_count):
                _check_view_json(state, seat)


@pytest.mark.parametrize("name", game_names())
def test_move_numbers_count_every_move_and_refuse_stale_ones(name: str) -> None:
    game = load_game(name)
    rules = game.resolve_rules(None)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    state: Any = game.new_game(rules, players, 3, auto_chance=False)
    chooser = random.Random(3)
    for number in range(60):
        if state.is_over:
            break
        assert state.move_number == number
        legal = state.legal_moves()
        move = legal[chooser.randrange(len(legal))]
        if number:
            with pytest.raises(StaleMoveError, match=f"stale move number {number - 1}"):
                state.apply(move, expected_move_number=number - 1)
        with pytest.raises(InvalidArgumentError, match="expected_move_number"):
            state.apply(move, expected_move_number="1")
        state = state.apply(move, expected_move_number=number)
        again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
        assert again.move_number == state.move_number == number + 1
        # Text counts the same as move values.
        if not state.is_over:
            assert state.apply(str(state.legal_moves()[0])).move_number == number + 2


@pytest.mark.parametrize(("game", "preset"), _cases())
def test_default_moves_are_legal_and_the_same_every_time(game: Game, preset: str) -> None:
    """``default_move(seat)``, a server's move for a seat whose time ran out: legal, the
    same on every call, and refused for a seat that does not decide."""
    rules = game.resolve_rules(preset)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    state: Any = game.new_game(rules, players, 5, auto_chance=False)
    chooser = random.Random(5)
    for step in range(200):
        if state.is_over:
            break
        for seat in range(state.player_count):
            if seat != state.current_player:
                with pytest.raises(InvalidArgumentError, match=f"seat {seat} does not decide"):
                    state.default_move(seat)
        if state.is_chance:
            state = state.apply(state.legal_moves()[0])
            continue
        seat = state.current_player
        move = state.default_move(seat)
        assert move in state.legal_moves()
        assert state.default_move(seat) == move
        # Half the moves by default, half at random: default moves from many positions.
        legal = state.legal_moves()
        state = state.apply(move if step % 2 else legal[chooser.randrange(len(legal))])
