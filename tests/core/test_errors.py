"""The exception tree: every error derives from Scala40Error and its matching builtin."""

from __future__ import annotations

import inspect

import pytest

import scala40
from scala40 import errors
from scala40.bots import InvalidBotSpecError


def test_every_error_derives_from_scala40error_and_a_builtin() -> None:
    classes = [
        value
        for value in vars(errors).values()
        if inspect.isclass(value) and issubclass(value, Exception)
    ] + [InvalidBotSpecError]
    assert len(classes) >= 11
    for cls in classes:
        assert issubclass(cls, errors.Scala40Error)
        if cls is not errors.Scala40Error:
            assert issubclass(cls, (ValueError, TypeError, LookupError, IndexError, OSError)), cls
        assert getattr(scala40, cls.__name__, cls) is cls


def test_every_error_is_exported() -> None:
    assert set(errors.__all__) <= set(scala40.__all__)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: scala40.new_game(rules=3), "expected a Ruleset or a preset name, got 3"),  # type: ignore[arg-type]
        (lambda: scala40.new_game(seed="x"), "seed must be an integer or None, got 'x'"),  # type: ignore[arg-type]
        (
            lambda: scala40.GameState.from_position(hands=["7S", "8S"], discard="", rules=4.0),  # type: ignore[arg-type]
            "expected a Ruleset or a preset name, got 4.0",
        ),
        (lambda: scala40.closing_moves("state"), "expected a GameState, got 'state'"),  # type: ignore[arg-type]
        (
            lambda: scala40.min_deadwood("7S 8S 9S", rules="official"),  # type: ignore[arg-type]
            "expected a Ruleset or None, got 'official'",
        ),
    ],
)
def test_arguments_of_the_wrong_kind_raise_invalid_argument_error(
    call: object, message: str
) -> None:
    with pytest.raises(scala40.InvalidArgumentError, match=message) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, TypeError)


def test_from_position_takes_a_preset_name() -> None:
    state = scala40.GameState.from_position(
        hands=["7S 8S 9S 2D", "2C 3C 4C 5H"], discard="JC", rules="classic"
    )
    assert state.rules == scala40.PRESETS["classic"]
    with pytest.raises(scala40.UnknownPresetError):
        scala40.GameState.from_position(hands=["7S", "8S"], discard="", rules="nonesuch")
