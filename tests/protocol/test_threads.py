"""The protocol suite's check of threads: a game played from many threads at once
answers as it does from one, in every game and preset.

A server plays its tables from many threads (``scala40 web`` does), and the library
builds its tables and caches on first use, per meld rules. A table published before it
is filled would be read half-made by another thread: a knock game's loose-card tables
once were, and a seated person's request was answered 500 under a flood. So, for every
registered game and preset and the toy game: the caches are emptied (the next ruleset
read from a dictionary then owns meld rules nobody has used), the thread switch interval
is made as short as the interpreter allows, and eight threads released at once each play
the same seeded game with that ruleset; every thread's legal moves at every decision,
and the moves the game's ``greedy`` and ``careful`` bots choose there (where it has them:
they keep caches of their own), are those of the same game played alone beforehand.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from scala40 import clear_caches
from scala40.bots import bot_factories
from scala40.game import Game, State
from tests.protocol.cases import every_game_cases

THREADS = 8
ACTIONS = 60
"""Decisions per game: enough to cross the draws, melds, lay-offs and closes of a hand."""


def _decisions(game: Game, rules: Any, players: int, seed: int) -> Iterator[State]:
    chooser = random.Random(seed)
    state = game.new_game(rules, players, seed)
    for _ in range(ACTIONS):
        if state.is_over:
            break
        yield state
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])


def _record(game: Game, rules: Any, players: int, seed: int) -> list[tuple[str, ...]]:
    """At each decision of the seeded game: the legal moves' texts, then the bots'
    choices."""
    factories = bot_factories(game)
    bots = [factories[name]() for name in ("greedy", "careful") if name in factories]
    record = []
    for state in _decisions(game, rules, players, seed):
        legal = list(state.legal_moves())
        seat = state.current_player
        assert seat is not None  # a decision: the game is not over
        view = state.view(seat)
        chosen = [str(bot.choose(view, legal, random.Random(seed))) for bot in bots]
        record.append((*map(str, legal), "chosen:", *chosen))
    return record


@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_a_game_played_from_many_threads_at_once_answers_as_from_one(
    game: Game, preset: str
) -> None:
    rules = game.ruleset_type.preset(preset)
    players = max(rules.min_players, min(rules.max_players, game.default_players))
    seed = 2026
    alone = _record(game, rules, players, seed)

    start = threading.Barrier(THREADS)
    answers: list[list[tuple[str, ...]] | BaseException] = [[] for _ in range(THREADS)]

    def play(index: int, fresh: Any) -> None:
        try:
            start.wait()
            answers[index] = _record(game, fresh, players, seed)
        except BaseException as error:  # reported below, with the thread it came from
            answers[index] = error

    interval = sys.getswitchinterval()
    clear_caches()
    fresh = game.ruleset_type.from_dict(rules.to_dict())
    threads = [threading.Thread(target=play, args=(index, fresh)) for index in range(THREADS)]
    sys.setswitchinterval(1e-6)
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    for index, answer in enumerate(answers):
        if isinstance(answer, BaseException):
            raise AssertionError(f"thread {index} raised {answer!r}") from answer
        assert answer == alone, f"thread {index} listed other moves than the game played alone"
