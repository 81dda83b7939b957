"""Legal moves in the canonical order and perft (:mod:`scala40.perft`), in every game and
preset, the toy game and the example game: the canonical order is the legal moves sorted
by text, for a state and for the view of the seat to decide; perft counts what a plain
walk over every move sequence counts (the brute-force oracle, with no bulk counting at
the last level), its divide adds up to it, a position where nobody decides ends every
sequence, and the node limit stops the count rather than the count running past it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError, InvalidValueError, SearchLimitError
from scala40.game import Game
from scala40.perft import canonical_moves, perft, perft_divide
from tests.protocol.cases import every_game_cases


def _walk(state: Any, depth: int) -> int:
    """The oracle: every sequence of ``depth`` moves, each played out to its end."""
    if depth == 0:
        return 1
    if state.current_player is None:
        return 0
    return sum(_walk(state.apply(move), depth - 1) for move in state.legal_moves())


def _positions(game: Game, preset: str) -> list[Any]:
    """A new game and positions a few random moves into it."""
    rules = game.ruleset_type.preset(preset)
    players = min(max(game.default_players, rules.min_players), rules.max_players)
    state = game.new_game(rules, players=players, seed=11)
    rng = random.Random(11)
    found = [state]
    for _ in range(40):
        if state.current_player is None:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
        found.append(state)
    return found[::8]


@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_perft_counts_what_a_plain_walk_counts(game: Game, preset: str) -> None:
    for state in _positions(game, preset):
        moves = canonical_moves(state)
        assert [str(move) for move in moves] == sorted(str(move) for move in state.legal_moves())
        assert sorted(map(str, moves)) == sorted(map(str, state.legal_moves()))
        view = None if state.current_player is None else state.view(state.current_player)
        if hasattr(view, "legal_moves"):  # the toy game's views list none
            assert list(map(str, canonical_moves(view))) == list(map(str, moves))
        for depth in (1, 2):
            divided = perft_divide(state, depth, node_limit=200_000)
            assert [move for move, _ in divided] == list(moves)
            assert sum(count for _, count in divided) == perft(state, depth, node_limit=200_000)
            assert perft(state, depth, node_limit=200_000) == _walk(state, depth)
        assert perft(state, 0) == 1


@pytest.mark.parametrize(("game", "preset"), every_game_cases()[:1])
def test_perft_refuses_past_its_bounds(game: Game, preset: str) -> None:
    state = game.new_game(game.ruleset_type.preset(preset), players=2, seed=1)
    with pytest.raises(SearchLimitError, match="more than 3 positions"):
        perft(state, 4, node_limit=3)
    with pytest.raises(InvalidValueError, match="depth must be from 0 to 6, got 7"):
        perft(state, 7)
    with pytest.raises(InvalidValueError, match="node_limit"):
        perft(state, 2, node_limit=0)
    with pytest.raises(InvalidArgumentError, match="depth must be an int"):
        perft(state, True)
    with pytest.raises(InvalidArgumentError, match="not a seat's view"):
        perft(state.view(0), 1)
    with pytest.raises(InvalidArgumentError, match="state or view"):
        canonical_moves(object())
