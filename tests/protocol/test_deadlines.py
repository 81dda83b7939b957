"""Time is the caller's: every bot that searches, and the belief's update, returns by the
deadline its caller gives (within :data:`~scala40.deadline.CHECK_SLACK`), in every game
and preset, the toy game and the example game.

In a seeded random game, each bot of the game whose ``choose`` takes a deadline
(:func:`~scala40.bots.takes_deadline`) is asked at several of one seat's turns with a
choice, through :func:`~scala40.bots.choose_move`, under a deadline of a few hundredths of
a second of the thread's CPU time (the CPU clock, so that other processes on the machine
do not count); the same bot goes on from one decision to the next, so a bot on a belief
updates it over the moves between them. A belief is also updated alone under the same
deadline. The first decision warms each kind of bot up (imports and tables built once per
process are not the bot's thinking) and is not held to the deadline; every later one is,
and the move chosen is one of the legal moves.
"""

from __future__ import annotations

import gc
import random
import time
from typing import Any

import pytest

import scala40.game
from scala40.belief import Belief
from scala40.bots import bot_factories, choose_move, make_bot, takes_deadline
from scala40.deadline import CHECK_SLACK, Deadline
from scala40.game import Game
from tests.adapters.toygame import GAME as TOY
from tests.example_game import load_example
from tests.hostile import machine_slowdown
from tests.protocol.cases import every_game_cases

BUDGET = 0.02
"""The CPU seconds each decision and each update is given."""
DECISIONS = 4
"""Turns of the seat asked in each game (the first a warm-up)."""
MAX_ACTIONS = 160
"""Moves of each seeded game followed at most."""


@pytest.fixture(autouse=True)
def _added_games_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game and the example game registered for each test of this module only
    (the search bots find a game's policy by its name), and forgotten after it."""
    for game in (TOY, load_example().GAME):
        monkeypatch.setitem(scala40.game._REGISTERED, game.name, game)


def _decisions(game: Game, preset: str, seed: int, seat: int) -> list[Any]:
    """States of a seeded random game at ``seat``'s turns with more than one legal move,
    spread over the game (every third such turn), at most :data:`DECISIONS`."""
    rules = game.ruleset_type.preset(preset)
    state = game.new_game(rules, max(rules.min_players, 2), seed)
    rng = random.Random(seed)
    turns = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        legal = list(state.legal_moves())
        if not state.is_chance and state.current_player == seat and len(legal) > 1:
            turns.append(state)
        state = state.apply(rng.choice(legal))
    return turns[::3][:DECISIONS]


def _thinking_bots(game: Game) -> list[str]:
    return [name for name in bot_factories(game) if takes_deadline(make_bot(name, game))]


def _cpu_seconds_of(call: Any, *args: Any, **keywords: Any) -> tuple[Any, float]:
    """What ``call(*args, **keywords)`` returns, and the CPU seconds it took with the garbage collector held
    off: a full collection walks every object of the process (the test run's, here:
    0.05-0.1 s), which is the caller's heap, not the bot's thinking."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        started = time.thread_time()
        result = call(*args, **keywords)
        return result, time.thread_time() - started
    finally:
        if enabled:
            gc.enable()


def _by_the_deadline(used: float) -> bool:
    """Whether ``used`` CPU seconds are within :data:`CHECK_SLACK` of the deadline: the
    slack is the longest step of work between two looks at the clock on the machine the
    bounds are stated for, so a run past it is judged again against how much slower this
    machine runs a fixed reference work at that moment (:func:`tests.hostile.machine_slowdown`)."""
    if used <= BUDGET + CHECK_SLACK:
        return True
    return used <= BUDGET + CHECK_SLACK * machine_slowdown()


@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_every_thinking_bot_returns_by_its_callers_deadline(game: Game, preset: str) -> None:
    seat = 1
    states = _decisions(game, preset, 21, seat)
    assert len(states) >= 2, "the seeded game gives the seat too few decisions to ask"
    bots = _thinking_bots(game)
    assert bots, "every game has bots that search"
    for name in bots:
        bot = make_bot(name, game)
        rng = random.Random(5)
        for number, state in enumerate(states):
            legal = list(state.legal_moves())
            view = state.view(seat)
            deadline = Deadline.after(cpu_seconds=BUDGET)
            move, used = _cpu_seconds_of(choose_move, bot, view, legal, rng, deadline)
            assert move in legal
            if number > 0:
                assert _by_the_deadline(used), (
                    f"{name} took {used:.3f} s of CPU at decision {number} "
                    f"under a deadline of {BUDGET} s"
                )


@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_a_belief_update_returns_by_its_callers_deadline(game: Game, preset: str) -> None:
    seat = 1
    states = _decisions(game, preset, 22, seat)
    # Many particles, so that the update has more work than the deadline allows.
    belief = Belief(particles=2_000, seed=3)
    for number, state in enumerate(states):
        deadline = Deadline.after(cpu_seconds=BUDGET)
        _, used = _cpu_seconds_of(belief.update, state.view(seat), deadline=deadline)
        if number > 0:
            assert _by_the_deadline(used), (
                f"the update took {used:.3f} s of CPU at decision {number} "
                f"under a deadline of {BUDGET} s"
            )
        # Cut short or not, the belief still gives the seat its view back.
        for world, _ in belief.particles()[:3]:
            assert world.view(seat) == state.view(seat)
