"""Every field of every game's state, as its spec describes it (:mod:`scala40._format.specs`):
refused alone when it is wrong, whether in a value built by hand (``problems()``, the
first step of ``validate`` and of the loaders) or in a dictionary read back (``from_dict``);
and a field a format gained later reads as its usual value from a dictionary that lacks it.

A game's new field is checked here the day it is declared: no test names it. The rules
that span several fields (a phase's own, the cards of the deck) are each game's, tested
with its scenarios.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scala40._format.codecs import ListCodec
from scala40._format.specs import record_format
from scala40.errors import InvalidStateError, SerializationError
from scala40.game import Game, game_names, load_game
from tests import knock_variant
from tests.protocol.tally import TALLY


def _games() -> list[Any]:
    games = [load_game(name) for name in game_names()]
    return [pytest.param(game, id=game.name) for game in [*games, knock_variant.GAME]]


def _states(game: Game) -> list[Any]:
    """A new game, a state in the middle of its first hand, and the first state after a
    hand has ended (its result set), each game's standard rules, seeded random moves."""
    state = game.new_game(None, game.default_players, 5)
    found = [state]
    chooser = random.Random(5)
    for step in range(3000):
        if state.is_over or (step > 6 and len(found) == 1):
            if len(found) == 1:
                found.append(state)
            if state.is_over:
                break
        if getattr(state, "last_hand", None) is not None:
            found.append(state)
            break
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    return found


def _wrong_values(codec: Any, value: object) -> list[Any]:
    """Values a field of ``codec`` never holds: text where it holds no text, and for a
    list kept per seat, side or item, one entry too many."""
    wrong: list[Any] = [object()]
    if isinstance(codec, ListCodec) and codec.per is not None and isinstance(value, tuple):
        wrong.append((*value, value[0] if value else 0))
    return wrong


@pytest.mark.parametrize("game", _games())
def test_each_field_alone_is_named_when_wrong(game: Game) -> None:
    for state in _states(game):
        assert state.problems() == []
        for entry in record_format(type(state)).entries:
            for wrong in _wrong_values(entry.codec, getattr(state, entry.name)):
                spoiled = state.copy_with(**{entry.name: wrong})
                problems = spoiled.problems()
                assert any(line.startswith(entry.name) for line in problems), (
                    entry.name,
                    problems,
                )
                with pytest.raises(InvalidStateError):
                    spoiled.validate()
                TALLY["fields spoiled and named"] += 1


@pytest.mark.parametrize("game", _games())
def test_each_key_alone_is_refused_when_wrong_missing_or_unknown(game: Game) -> None:
    for state in _states(game):
        data = state.to_dict()
        layout = record_format(type(state))
        assert list(data)[3 : 3 + len(layout.keys)] == list(layout.keys), "keys in order"
        for entry in layout.entries:
            key = entry.key
            wrong = {**data, key: {"a mapping": "where no field holds one"}}
            with pytest.raises(SerializationError) as info:
                type(state).from_dict(wrong)
            named = "ruleset" if key == "rules" else key
            assert named in str(info.value), (key, str(info.value))
            lacking = {name: value for name, value in data.items() if name != key}
            if entry.spec.since is None:
                with pytest.raises(SerializationError, match=f"missing fields \\['{key}'\\]"):
                    type(state).from_dict(lacking)
            else:
                # A dictionary written before the field reads it as its usual value.
                fields = {other.name: getattr(state, other.name) for other in layout.entries}
                del fields[entry.name]
                usual = layout.with_usual(fields)[entry.name]
                assert type(state).from_dict(lacking) == state.copy_with(**{entry.name: usual})
            TALLY["dictionary keys spoiled and refused"] += 1
        with pytest.raises(SerializationError, match="unknown fields"):
            type(state).from_dict({**data, "no_such_field": 1})
