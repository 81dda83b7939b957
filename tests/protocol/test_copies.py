"""Copies of every value survive: ``pickle``, ``copy.copy`` and ``copy.deepcopy`` of
states, views, moves, rules and games' records, in every game.

For every registered game and preset (and the example and knock-variant games), over the
states of a seeded random game (every phase it crosses, and its end): each copy is equal
to the original, hashes the same, writes the same dictionary and lists the same moves,
and the pickle leaves out what the state derived (its list of legal moves): a pickle
taken before and after the moves are listed is the same; a deep copy copies none of
the caches its rules keep. Before, a Skarney state with a
meld on the table lost its hash when unpickled: the meld's rules pickled their caches,
which hold melds that refer back to the rules.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from scala40._cache import BoundedCache
from scala40.errors import SerializationError
from scala40.game import Game, game_names, load_game
from scala40.melds import OwnedTables
from tests.adapters import toygame
from tests.hostile import SOAK
from tests.protocol.test_protocol import CASES, _players, _playout

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}

EVERY = 10 if SOAK else 40
"""Every this many states of a playout are copied (and the last)."""


def _copies_no_cache(value: Any, what: str) -> None:
    """A deep copy of ``value`` copies none of the caches the rules keep: what it costs
    never grows with what the process played before (it once copied the knock games'
    caches, up to their bounds, and took ten times as long late in a test run)."""
    memo: dict[int, Any] = {}
    copy.deepcopy(value, memo)
    copied = sorted(
        type(item).__name__
        for item in memo.values()
        if isinstance(item, BoundedCache | OwnedTables)
    )
    assert not copied, f"a deep copy of {what} copies caches: {copied}"


def _same(value: Any, again: Any, how: str) -> None:
    assert type(again) is type(value), how
    assert again == value, how
    assert hash(again) == hash(value), how


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_states_views_and_moves_survive_copies(game: Game, preset: str) -> None:
    players = _players(game, preset)[-1]
    states = list(_playout(game, preset, players, 5, auto_chance=True))
    for index, (state, _) in enumerate(states):
        if index % EVERY and index != len(states) - 1:
            continue
        loaded = game.state_from_dict(state.to_dict())
        _copies_no_cache(state, "a state")
        if state.current_player is not None:
            _copies_no_cache(state.view(state.current_player), "a view")
        before = pickle.dumps(loaded)
        moves = list(loaded.legal_moves())
        assert pickle.dumps(loaded) == before, "a pickle holds the state's caches"
        for how, make in COPIES.items():
            again = make(state)
            _same(state, again, f"{how} of a state")
            assert again.to_dict() == state.to_dict(), how
            assert list(again.legal_moves()) == moves, how
            assert again.rules == state.rules
            assert hash(again.rules) == hash(state.rules)
            for move in moves[:3]:
                _same(move, make(move), f"{how} of {move}")
            for seat in range(state.player_count):
                view = state.view(seat)
                copied = make(view)
                assert copied == view, f"{how} of seat {seat}'s view"
                if hasattr(view, "to_dict"):  # the library's views (not the example's)
                    assert copied.to_dict() == view.to_dict(), how
            if state.is_over:
                assert again.is_over
                assert again.winners == state.winners


@pytest.mark.parametrize("name", game_names())
def test_games_pickle_as_their_registered_name(name: str) -> None:
    """A game's record pickles as its name and comes back as the registry's record;
    copies are the record itself (it holds functions and classes, and never changes).
    Before, pickling or deep-copying one raised TypeError (its bots' read-only map)."""
    game = load_game(name)
    for make in COPIES.values():
        assert make(game) is game


def test_an_unregistered_game_does_not_pickle() -> None:
    game = toygame.GAME  # never registered
    with pytest.raises(SerializationError, match="not registered"):
        pickle.dumps(game)
    assert copy.deepcopy(game) is game
