"""The games a costly test of the server plays: one game in the default run, every
registered game in the soak (``-m slow``), so that the default run stays within minutes
and still reaches every game across the tests, each naming another game."""

from __future__ import annotations

from typing import Any

import pytest

from scala40.game import game_names

__all__ = ["one_game_by_default"]


def one_game_by_default(default: str) -> list[Any]:
    """Every registered game's name as a parameter: ``default``'s in the default run, the
    others' marked ``slow``."""
    names = game_names()
    if default not in names:
        raise ValueError(f"{default!r} is not a registered game")
    return [
        pytest.param(name, id=name, marks=() if name == default else (pytest.mark.slow,))
        for name in names
    ]
