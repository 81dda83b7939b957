"""Time is the caller's: every bot that searches, and the belief's update, returns by the
deadline its caller gives (within :data:`~scala40.deadline.CHECK_SLACK`), in every game
and preset, the toy game and the example game.

In a seeded random game, each bot of the game whose ``choose`` takes a deadline
(:func:`~scala40.bots.takes_deadline`) is asked at a few of one seat's turns with a
choice, through :func:`~scala40.bots.choose_move`, under a deadline of a hundredth of a
second on both clocks: the wall clock, which a client waiting for an answer feels, and
the thread's CPU clock. Each bot is made with the largest options a client may name
(:func:`largest_options`: ``search:worlds=10000,particles=10000,...``), so that no option
moves work out of the deadline's reach. The same bot goes on from one decision to the
next, so a bot on a belief updates it over the moves between them. A belief with the
most particles is also updated alone, and draws the most worlds, under the same
deadline. The first decision warms each kind of bot up (imports and tables built once
per process are not the bot's thinking) and is not held to the deadline; every later one
is, on both clocks, and the move chosen is one of the legal moves.
"""

from __future__ import annotations

import gc
import inspect
import random
import time
from typing import Any

import pytest

import scala40._registry
import scala40.deadline
from scala40.bots import bot_factories, bot_options, choose_move, make_bot, takes_deadline
from scala40.bots.belief import MAX_PARTICLES, MAX_REPLAY_MOVES, Belief
from scala40.bots.belief_search import BeliefSearchBot
from scala40.deadline import CHECK_SLACK, Deadline
from scala40.errors import InvalidBotSpecError
from scala40.game import Game
from tests.adapters.toygame import GAME as TOY
from tests.example_game import load_example
from tests.hostile import TIMED, machine_slowdown, machine_wall_slowdown
from tests.protocol.cases import every_game_cases

BUDGET = 0.01
"""The seconds each decision and each update is given, on the wall clock and on the
thread's CPU clock."""
DECISIONS = 3
"""Turns of the seat asked in each game (the first a warm-up)."""
MAX_ACTIONS = 160
"""Moves of each seeded game followed at most."""
LARGEST_TRIED = 10_000_000
"""The largest count an option is tried at when its largest accepted value is sought."""


@pytest.fixture(autouse=True)
def _added_games_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game and the example game registered for each test of this module only
    (the search bots find a game's policy by its name), and forgotten after it."""
    for game in (TOY, load_example().GAME):
        monkeypatch.setitem(scala40._registry._REGISTERED, game.name, game)


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


def _accepts(name: str, option: str, value: object, game: Game) -> bool:
    try:
        make_bot(f"{name}:{option}={value}", game)
    except InvalidBotSpecError:
        return False
    return True


def largest_options(name: str, game: Game) -> str:
    """The specification of bot ``name`` with every option that counts work at the
    largest value :func:`~scala40.bots.make_bot` accepts (found by bisection, so that a
    bound raised later is tried at once), and every yes-or-no option on: the most work a
    client may ask for."""
    factory = bot_factories(game)[name]
    defaults: dict[str, Any] = {}
    for owner in inspect.getmro(factory) if inspect.isclass(factory) else (factory,):
        function = owner.__dict__.get("__init__") if inspect.isclass(owner) else owner
        if function is not None:
            for parameter in inspect.signature(function).parameters.values():
                defaults.setdefault(parameter.name, parameter.default)
    options = []
    for option in bot_options(factory) or ():
        default = defaults.get(option)
        if isinstance(default, bool):
            options.append(f"{option}=true")
        elif isinstance(default, int | float) or default is None:
            low, high = 0, LARGEST_TRIED
            while low < high:
                middle = (low + high + 1) // 2
                if _accepts(name, option, middle, game):
                    low = middle
                else:
                    high = middle - 1
            if low > 0:
                options.append(f"{option}={low}")
    return f"{name}:{','.join(options)}"


def _timed(call: Any, *args: Any, **keywords: Any) -> tuple[Any, float, float]:
    """What ``call(*args, **keywords)`` returns, and the CPU and the wall seconds it took
    with the garbage collector held off: a full collection walks every object of the
    process (the test run's, here: 0.05-0.1 s), which is the caller's heap, not the bot's
    thinking."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        wall, cpu = time.monotonic(), time.thread_time()
        result = call(*args, **keywords)
        return result, time.thread_time() - cpu, time.monotonic() - wall
    finally:
        if enabled:
            gc.enable()


def _by_the_deadline(cpu: float, wall: float) -> bool:
    """Whether ``cpu`` and ``wall`` seconds are within :data:`CHECK_SLACK` of the
    deadline: the slack is the longest step of work between two looks at the clock on the
    machine the bounds are stated for, so a run past it is judged again against how much
    slower this machine runs a fixed reference work at that moment
    (:func:`tests.hostile.machine_slowdown`, on the CPU clock and on the wall clock)."""
    if cpu > BUDGET + CHECK_SLACK and cpu > BUDGET + CHECK_SLACK * machine_slowdown():
        return False
    return wall <= BUDGET + CHECK_SLACK or wall <= BUDGET + CHECK_SLACK * machine_wall_slowdown()


def _deadline() -> Deadline:
    return Deadline.after(BUDGET, cpu_seconds=BUDGET)


def test_the_largest_options_are_what_make_bot_accepts() -> None:
    assert largest_options("search", load_example().GAME).startswith(
        "search:time_limit=600,worlds=10000,candidates=100,particles=10000,"
    )


@pytest.mark.timed
@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_every_thinking_bot_with_the_largest_options_returns_by_its_callers_deadline(
    game: Game, preset: str
) -> None:
    """The defect: a bot drew every world its options named (``search:worlds=10000``: up to
    0.7 s of CPU) before it first read the clock."""
    seat = 1
    states = _decisions(game, preset, 21, seat)
    assert len(states) >= 2, "the seeded game gives the seat too few decisions to ask"
    bots = _thinking_bots(game)
    assert bots, "every game has bots that search"
    for name in bots:
        spec = largest_options(name, game)
        bot = make_bot(spec, game)
        rng = random.Random(5)
        for number, state in enumerate(states):
            legal = list(state.legal_moves())
            view = state.view(seat)
            move, cpu, wall = _timed(choose_move, bot, view, legal, rng, _deadline())
            assert move in legal
            if number > 0 and TIMED:
                assert _by_the_deadline(cpu, wall), (
                    f"{spec} took {cpu:.3f} s of CPU and {wall:.3f} s of wall time at "
                    f"decision {number} under a deadline of {BUDGET} s"
                )


@pytest.mark.timed
@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_a_belief_update_and_its_worlds_return_by_their_callers_deadline(
    game: Game, preset: str
) -> None:
    """The defect: :meth:`~scala40.bots.belief.Belief.worlds` took no deadline, and drew all
    the worlds asked for (10,000 at most) whatever the caller's time."""
    seat = 1
    states = _decisions(game, preset, 22, seat)
    # The most particles, so that the update has more work than the deadline allows.
    belief = Belief(particles=MAX_PARTICLES, replay_moves=MAX_REPLAY_MOVES, seed=3)
    for number, state in enumerate(states):
        _, cpu, wall = _timed(belief.update, state.view(seat), deadline=_deadline())
        if number > 0 and TIMED:
            assert _by_the_deadline(cpu, wall), (
                f"the update took {cpu:.3f} s of CPU and {wall:.3f} s of wall time at "
                f"decision {number} under a deadline of {BUDGET} s"
            )
        # Cut short or not, the belief still gives the seat its view back.
        for world, _ in belief.particles()[:3]:
            assert world.view(seat) == state.view(seat)
        worlds, cpu, wall = _timed(belief.worlds, MAX_PARTICLES, number, deadline=_deadline())
        assert worlds, "a belief always gives one world at least"
        if TIMED:
            assert _by_the_deadline(cpu, wall), (
                f"drawing worlds took {cpu:.3f} s of CPU and {wall:.3f} s of wall time "
                f"under a deadline of {BUDGET} s"
            )


class _RacingClock:
    """A stand-in for the :mod:`time` module under :mod:`scala40.deadline` whose clocks
    jump an hour at every reading: a machine slower than any, or loaded past reason."""

    def __init__(self) -> None:
        self.now = 0.0

    def _tick(self) -> float:
        self.now += 3_600.0
        return self.now

    def monotonic(self) -> float:
        return self._tick()

    def thread_time(self) -> float:
        return self._tick()


@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_search_gives_one_move_for_a_view_and_a_seed_on_any_machine(
    game: Game, preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The defect: ``search`` stopped at a guard of 0.45 s of CPU by default, so that how far
    its search got, and the move, depended on the machine's speed and load. Without a
    deadline or a time limit from its caller, its work alone bounds it."""
    seat = 1
    states = _decisions(game, preset, 23, seat)[1:2]
    # A small budget of work, keeping the default clock (none): the search on a belief,
    # or Scala 40's Monte Carlo search where that is its search.
    on_belief = isinstance(make_bot("search", game), BeliefSearchBot)
    spec = (
        "search:worlds=4,particles=12,candidates=2"
        if on_belief
        else "search:playouts=8,candidates=2"
    )
    for state in states:
        legal = list(state.legal_moves())
        view = state.view(seat)
        calm = make_bot(spec, game)
        expected = calm.choose(view, legal, random.Random(9))
        raced = make_bot(spec, game)
        with monkeypatch.context() as patch:
            patch.setattr(scala40.deadline, "time", _RacingClock())
            move = raced.choose(view, legal, random.Random(9))
        assert move == expected
        for bot in (calm, raced):
            if isinstance(bot, BeliefSearchBot):
                assert bot.belief(view).cut_short == 0  # no update was cut short
