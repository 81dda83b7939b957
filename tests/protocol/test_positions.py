"""Every game's ``from_position`` takes the state's fields by name from their specs: a
promise of every game that has one, checked over every registered game.

A field a position may leave out (its spec gives a usual value) is taken by name, and
given as ``None`` it is its usual value; a name that is no such field (a field every
position sets itself, such as the winners or the generator, a value kept apart from the
fields, or no name of the state's at all) is refused with an error of the library
(:class:`~scala40.errors.InvalidArgumentError`, a :class:`TypeError` too), and with
whatever else the call gives, nothing but an error of the library escapes: an app may
pass on the names a request sends.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from scala40._base.position import named_fields
from scala40.cards import format_cards
from scala40.errors import InvalidArgumentError, Scala40Error
from scala40.game import game_names, load_game

REFUSED = (
    "winners", "rng", "last_hand", "player_count", "move_number", "hand_log",
    "resigned", "_legal", "__class__", "players", "nonsense",
)  # fmt: skip
"""Names no position gives by name: fields every position sets, what the state keeps
apart from its fields, keys of its dictionary and no name at all."""


def _positions() -> list[Any]:
    cases = []
    for name in game_names():
        game = load_game(name)
        state = game.new_game(None, game.default_players, 5)
        if hasattr(type(state), "from_position"):
            cases.append(pytest.param(state, id=name))
    return cases


def _outcome(make: Any, **arguments: Any) -> Any:
    """The state ``make`` builds, or the error it raises (the library's only)."""
    try:
        return make(**arguments)
    except Scala40Error as error:
        return (type(error), str(error))


def _parts(state: Any) -> dict[str, Any]:
    """The parts of a position every ``from_position`` needs: ``state``'s hands, and
    any other part the signature requires, empty."""
    parts: dict[str, Any] = {"hands": [format_cards(hand) for hand in state.hands]}
    for parameter in inspect.signature(type(state).from_position).parameters.values():
        if parameter.kind is parameter.KEYWORD_ONLY and parameter.default is parameter.empty:
            parts.setdefault(parameter.name, "")
    return parts


@pytest.mark.parametrize("state", _positions())
def test_from_position_takes_only_the_fields_its_specs_name(state: Any) -> None:
    make = type(state).from_position
    parts = _parts(state)
    taken = named_fields(type(state))
    assert taken, "every game's state has fields a position may leave out"
    for name in REFUSED:
        if name in taken:
            continue
        with pytest.raises(InvalidArgumentError, match=f"takes no field '{name}'"):
            make(**parts, **{name: 1})
        with pytest.raises(Scala40Error):  # (the hands are refused first)
            make(**{**parts, "hands": "not hands"}, **{name: object()})
    plain = _outcome(make, **parts)
    for name in taken:
        assert _outcome(make, **parts, **{name: None}) == plain, name


@pytest.mark.parametrize("state", _positions())
def test_a_field_given_by_name_is_the_state_s(state: Any) -> None:
    """Each field a position may give, given the value it has in a state of the game,
    is that value in the state built (or the position is refused as a whole, naming
    every problem, as for any value)."""
    make = type(state).from_position
    parts = _parts(state)
    for name in named_fields(type(state)):
        value = getattr(state, name)
        built = _outcome(make, **parts, **{name: value})
        if not isinstance(built, tuple):
            assert getattr(built, name) == value, name
