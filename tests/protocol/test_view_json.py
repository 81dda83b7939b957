"""A view's JSON (``view.to_dict()``), in every game and preset: what an app sends to a
client.

From states of every phase reached in seeded random games, each seat's view JSON

* is plain JSON that survives ``json.dumps`` and ``json.loads`` unchanged, and reads back
  through :func:`scala40.view_json.view_from_dict` to the same JSON;
* is the same for a twin state: a sample of the view, which differs from the state only in
  the cards the seat cannot see (so nothing in it leaks a hidden card);
* lists the seat's legal moves exactly when the decision is the seat's, as the state lists
  them (text and dictionary, each read back by the state to the same move);
* shows the last hand's result as the result's own ``to_dict()`` does, in one shape for
  every game;
* carries the state's move number, whose count ``apply`` keeps, and which a stale move is
  refused against;
* tells a client what the fields leave to be worked out (``own``'s ``refused``, ``public``'s
  ``last_hand_parts``): each move it says is refused is refused by the state, with the
  rule named, and the parts of each seat's (or side's) points of the last hand add up to
  those points;
* keeps apart what every seat may see and what the seat alone may: ``public`` is the same
  in every seat's view of a state, and what differs from seat to seat (the hand, the
  legal moves, ``own``) is outside it.

Finished matches too, in every game and preset: one played to its end and one ended by
a resignation, whose winners are seats and whose scores may be a side's (Skarney's
partnerships).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    SerializationError,
    StaleMoveError,
)
from scala40.game import Game, game_names, load_game
from scala40.view_json import view_from_dict
from tests.protocol.cases import registered_cases
from tests.protocol.test_samples import _states


def _check_view_json(state: Any, seat: int) -> None:
    view: Any = state.view(seat)
    data = view.to_dict()
    assert json.loads(json.dumps(data)) == data
    client = view_from_dict(data)
    assert client.to_dict() == data
    # The value's fields are the JSON's too (its game once read as the last field name
    # checked, "current_player").
    assert (client.game, client.seat, client.current_player) == (
        data["game"],
        data["seat"],
        data["current_player"],
    )
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
    _check_client_facts(state, data)
    twin = view.sample(seat + 1)
    assert twin.view(seat).to_dict() == data


def _check_client_facts(state: Any, data: dict[str, Any]) -> None:
    """The facts the view works out for a client: the moves it refuses, refused by the
    state for the reason given; the last hand's points, part by part."""
    refused = data["own"]["refused"]
    legal = {str(move) for move in state.legal_moves()} if refused else set()
    for item in refused:
        assert item["move"] not in legal
        assert re.search(r"\([A-Z0-9]+-[A-Z0-9-]+\)$", item["why"]), item["why"]
        with pytest.raises(IllegalMoveError, match=re.escape(item["why"])):
            state.apply(item["move"])
    last = state.last_hand
    parts = data["public"]["last_hand_parts"]
    if last is None:
        assert parts == []
    else:
        assert [sum(part["points"] for part in place) for place in parts] == list(last.points)


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_view_json_reads_back_and_leaks_nothing(game: Game, preset: str) -> None:
    for seed in (1, 2):
        for state in _states(game, preset, seed):
            for seat in range(state.player_count):
                _check_view_json(state, seat)
            _check_public_is_everyone_s(state)


def _check_public_is_everyone_s(state: Any) -> None:
    """A view's ``public`` is the same for every seat: a server may show it to the table."""
    views = [state.view(seat).to_dict() for seat in range(state.player_count)]
    assert all(view["public"] == views[0]["public"] for view in views)


MAX_MATCH_MOVES = 20_000
"""Moves a match played to its end takes at most (hands end sooner when the moves that
end them are played when they can be)."""
_ENDING_VERBS = frozenset({"close", "knock", "meld", "layoff", "extend"})


def _finished(game: Game, preset: str, seed: int) -> Any:
    """A seeded match of ``preset`` played to its end, the moves that end hands first."""
    rules = game.resolve_rules(preset)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    state: Any = game.new_game(rules, players, seed)
    chooser = random.Random(seed)
    for _ in range(MAX_MATCH_MOVES):
        if state.is_over:
            return state
        legal = list(state.legal_moves())
        ending = [move for move in legal if str(move).split(" ", 1)[0] in _ENDING_VERBS]
        state = state.apply(chooser.choice(ending or legal))
    raise AssertionError(f"{game.name} {preset}: the match did not end")


@pytest.mark.parametrize(("game", "preset"), registered_cases())
def test_view_json_of_finished_matches_reads_back(game: Game, preset: str) -> None:
    """A finished match's view JSON, for every seat, reads back through
    ``view_from_dict``: winners are seats, scores may be per side (SK-PARTNERS)."""
    played = _finished(game, preset, 1)
    rules = game.resolve_rules(preset)
    players = max(rules.min_players, min(game.default_players, rules.max_players))
    start: Any = game.new_game(rules, players, 2)
    resigned = start.apply(start.resignations()[0])
    while not resigned.is_over:  # more than two sides: the others resign too (C-RESIGN)
        resigned = resigned.apply(resigned.resignations()[0])
    for state in (played, resigned):
        assert state.is_over
        assert state.winners
        for seat in range(state.player_count):
            _check_view_json(state, seat)
            _check_public_is_everyone_s(state)
            assert view_from_dict(state.view(seat).to_dict(), game.name).winners == tuple(
                state.winners
            )


def test_a_view_json_names_winners_and_seats_among_its_seats() -> None:
    """SK-PLAYERS: a partnership's view has a score a side and winners that are seats;
    a winner, a seat or a decider past the player count, or a winner named twice, is
    refused."""
    game = load_game("skarney")
    state: Any = game.new_game("partnership", 4, 1)
    over = state.apply("resign 0")
    data = over.view(1).to_dict()
    assert (data["winners"], len(data["scores"])) == ([1, 3], 2)
    assert view_from_dict(data, "skarney").winners == (1, 3)
    for key, value, wrong in (
        ("winners", [1, 4], r"winners\[1\]: expected a seat below 4"),
        ("winners", [3, 1], "winners: expected distinct seats in increasing order"),
        ("winners", [1, 1], "winners: expected distinct seats in increasing order"),
        ("seat", 4, "seat: expected a seat below the player count, 4"),
    ):
        with pytest.raises(SerializationError, match=wrong):
            view_from_dict({**data, key: value})


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


@pytest.mark.parametrize(("game", "preset"), registered_cases())
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
