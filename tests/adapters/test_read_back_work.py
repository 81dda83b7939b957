"""The work of reading an OpenSpiel state back from text, counted: its history is at most
``MAX_GAME_LENGTH`` actions, each move replayed once through the game's rules, and that
cap is derived from the most costly action measured with room for a slower machine
(:data:`~scala40.adapters.episodes.READ_BACK_MARGIN`). The seconds are judged in the
soak's timed phase (tests/adapters/test_openspiel_text.py). Skipped without the ``rl``
extra."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from scala40.adapters import openspiel  # noqa: E402
from scala40.adapters.episodes import (  # noqa: E402
    CALL_CPU_SECONDS,
    MAX_GAME_LENGTH,
    READ_BACK_ACTION_SECONDS,
    READ_BACK_MARGIN,
)
from scala40.games._knock.moves import Close, Knock  # noqa: E402

LISTED_AT_THE_END = 1
"""The most positions whose legal moves a read-back lists: the state read, for its decision
(none, measured)."""


def test_the_cap_is_what_the_bound_of_a_call_pays_for() -> None:
    assert MAX_GAME_LENGTH * READ_BACK_ACTION_SECONDS * READ_BACK_MARGIN <= CALL_CPU_SECONDS
    assert READ_BACK_MARGIN > 1


def _never_closing(game: Any, seed: int) -> Any:
    """A Chinchón match whose players never close or knock: its first hand goes on to
    the cap, the stock rebuilt again and again (the history that cost the most CPU an
    action to read back, measured)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    encoding = game.encoding
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        legal = list(state.node.state.legal_moves())
        moves = [move for move in legal if not isinstance(move, (Close, Knock))] or legal
        for action in encoding.encode(rng.choice(moves)):
            state.apply_action(action)
    return state


def test_reading_back_the_longest_history_replays_each_move_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = openspiel.load_game("chinchon")
    assert game.max_game_length() == MAX_GAME_LENGTH
    state = _never_closing(game, 1)
    actions = len(state.history())
    assert actions > MAX_GAME_LENGTH - game.episode.longest_step  # stopped by the cap
    text = state.serialize()
    moves = int(text.split("\nmoves=", 1)[1].split("\n", 1)[0])
    kind = type(game.initial_state)
    applied = listed = 0
    apply, legal_moves = kind.apply, kind.legal_moves

    def counted_apply(self: Any, move: Any, **keywords: Any) -> Any:
        nonlocal applied
        applied += 1
        return apply(self, move, **keywords)

    def counted_legal_moves(self: Any) -> Any:
        nonlocal listed
        listed += 1
        return legal_moves(self)

    monkeypatch.setattr(kind, "apply", counted_apply)
    monkeypatch.setattr(kind, "legal_moves", counted_legal_moves)
    again = game.deserialize_state(text)
    assert again.serialize() == text
    # Every move of the history replayed through the game's rules, once; nothing else:
    # no position's legal moves listed on the way (the last one's decision aside), and
    # what each seat observed rebuilt only when an information state asks for it.
    assert applied == moves
    assert listed <= LISTED_AT_THE_END, listed
    assert len(again.history()) == actions <= MAX_GAME_LENGTH
