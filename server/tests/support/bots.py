"""Bots for the tests of the server: one that thinks for all the time it is given (it
waits until the deadline :func:`scala40.bots.choose_move` hands it, or, given none, its
own ``time_limit``, then plays the game's greedy move: a server that does not hand its
bots the request's deadline is caught by the clock), one that is late past its deadline,
and one that fails at every move."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

import scala40.bots.registry
import scala40.game
from scala40.bots.registry import GameBots, game_bots_of
from scala40.deadline import Deadline
from scala40.errors import InvalidValueError
from scala40.game import load_game

__all__ = ["FailingBot", "LateBot", "PatientBot", "failing_bots", "patient_bots"]


class PatientBot:
    """Thinks until its deadline, then plays as greedy does."""

    name = "patient"

    def __init__(self, time_limit: float | None = None) -> None:
        self.time_limit = time_limit

    def choose(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        deadline: Deadline | None = None,
    ) -> Any:
        own = Deadline.after(self.time_limit if self.time_limit is not None else 5.0)
        end = own if deadline is None else deadline
        while not end.expired():
            time.sleep(min(0.005, max(end.remaining(), 0.0)))
        greedy = game_bots_of(load_game(view.state_type.game_name)).bots["greedy"]()
        return greedy.choose(view, legal, rng)


class LateBot(PatientBot):
    """Thinks until its deadline and then :attr:`LATE` seconds more: a bot the server
    cannot stop at its deadline, the one way a table's bots overspend their budget."""

    name = "late"
    LATE = 0.25

    def choose(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        deadline: Deadline | None = None,
    ) -> Any:
        move = super().choose(view, legal, rng, deadline)
        time.sleep(self.LATE)
        return move


@contextmanager
def patient_bots(monkeypatch: pytest.MonkeyPatch, *games: str) -> Iterator[None]:
    """``games`` with a ``patient`` and a ``late`` bot beside their own, while the block
    runs."""
    for name in games:
        game = load_game(name)
        own = game_bots_of(game)
        patched = GameBots({**own.bots, "patient": PatientBot, "late": LateBot}, own.search_tuning)
        monkeypatch.setitem(scala40.bots.registry._REGISTERED, name, patched)
    yield


class FailingBot:
    """A bot that fails at every move, with a library error."""

    name = "failing"
    MESSAGE = "the failing bot fails at every move"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise InvalidValueError(self.MESSAGE)


@contextmanager
def failing_bots(monkeypatch: pytest.MonkeyPatch, *games: str) -> Iterator[None]:
    """``games`` with a ``failing`` bot beside their own, while the block runs."""
    for name in games:
        game = load_game(name)
        own = game_bots_of(game)
        patched = GameBots({**own.bots, "failing": FailingBot}, own.search_tuning)
        monkeypatch.setitem(scala40.bots.registry._REGISTERED, name, patched)
    yield
