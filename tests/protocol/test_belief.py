"""The belief over hidden cards (:mod:`scala40.bots.belief`) in every game and preset, the
toy game and the example game: what a seat's belief holds is what that seat could know.

In seeded random games, a belief of one seat is updated at each of its turns, and

* every particle and every world drawn from it gives that seat its view back (the same
  table, the same hand, the same cards known in the others' hands, the same hand's log)
  and reads back from its own dictionary;
* a twin game (each view replaced by the view of another state that differs only in
  what the seat cannot see) gives the same belief: it never reads a hidden card;
* the same views and seed give the same belief, and the search bot on it the same moves;
* an update's work is bounded by design: the seat model is asked at most ``particles``
  times the new moves plus ``replay_moves`` times (counted, not timed);

and its arguments are checked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from scala40.bots.belief import MAX_PARTICLES, Belief, SoftGreedy
from scala40.bots.belief_search import BeliefSearchBot
from scala40.bots.registry import game_bots_of
from scala40.errors import InvalidArgumentError, InvalidBotSpecError, InvalidValueError
from scala40.game import Game, game_names, load_game
from tests.adapters.toygame import GAME as TOY
from tests.protocol.cases import every_game_cases
from tests.protocol.tally import long_run

MAX_ACTIONS = 400 if long_run() else 120
"""Moves of each seeded game followed."""
PARTICLES = 6


def _views(game: Game, preset: str, seed: int, seat: int) -> list[Any]:
    """The views of ``seat`` at each of its turns in a seeded random game (and the last
    one), as the seat sees them while the game goes on."""
    rules = game.ruleset_type.preset(preset)
    state = game.new_game(rules, max(rules.min_players, 2), seed)
    rng = random.Random(seed)
    views = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        if not state.is_chance and state.current_player == seat:
            views.append(state.view(seat))
        state = state.apply(rng.choice(list(state.legal_moves())))
    views.append(state.view(seat))
    return views


class _Counting:
    """A seat model that counts how often it is asked (a softened greedy inside)."""

    def __init__(self) -> None:
        self.calls = 0
        self.inner = SoftGreedy()

    def probability(self, view: Any, legal: Sequence[Any], move: Any) -> float:
        self.calls += 1
        return self.inner.probability(view, legal, move)


def _moves_since(before: Any, view: Any) -> int:
    history = getattr(view, "history", None)
    if history is None or before is None or before.hand_number != view.hand_number:
        return 0  # the belief starts over: no model is asked
    return len(history) - len(before.history)


@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_every_guess_gives_the_seat_its_view(game: Game, preset: str) -> None:
    seat = 1
    belief = Belief(particles=PARTICLES, seed=3, replay_moves=60)
    for number, view in enumerate(_views(game, preset, 11, seat)):
        belief.update(view)
        particles = belief.particles()
        assert len(particles) == PARTICLES
        assert sum(weight for _, weight in particles) == pytest.approx(1.0)
        for world, _ in particles:
            assert world.view(seat) == view
        for world in belief.worlds(3, seed=number):
            assert world.view(seat) == view
            assert getattr(world.view(seat), "history", None) == getattr(view, "history", None)
            if game is not TOY:  # the toy game reads no dictionaries
                assert game.state_from_dict(world.to_dict()) == world


@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_twin_games_give_the_same_belief(game: Game, preset: str) -> None:
    seat = 1
    views = _views(game, preset, 12, seat)
    # The twin's views: each the view of a state holding other hidden cards.
    twins = [view.sample(900 + number).view(seat) for number, view in enumerate(views)]
    assert twins == views
    first, second = (Belief(particles=PARTICLES, seed=5, replay_moves=60) for _ in range(2))
    for view, twin in zip(views, twins, strict=True):
        first.update(view)
        second.update(twin)
        assert first.particles() == second.particles()
        assert first.worlds(2, seed=1) == second.worlds(2, seed=1)


@pytest.mark.parametrize(("game", "preset"), every_game_cases())
def test_an_updates_work_is_bounded(game: Game, preset: str) -> None:
    seat = 1
    model = _Counting()
    replay_moves = 40
    belief = Belief(particles=PARTICLES, seed=7, model=model, replay_moves=replay_moves)
    before = None
    for view in _views(game, preset, 13, seat):
        model.calls = 0
        belief.update(view)
        assert model.calls <= PARTICLES * _moves_since(before, view) + replay_moves
        before = view


@pytest.mark.parametrize(
    "name", [name for name in game_names() if "greedy" in game_bots_of(name).bots]
)
def test_the_search_on_a_belief_makes_the_same_moves_from_the_same_seed(name: str) -> None:
    game = load_game(name)
    rules = game.ruleset_type.default()
    state = game.new_game(rules, max(rules.min_players, 2), 21)
    rng = random.Random(21)
    bots = [BeliefSearchBot(worlds=4, particles=4, replay_moves=20) for _ in range(2)]
    rngs = [random.Random(1), random.Random(1)]
    chosen = 0
    for _ in range(60):
        if state.is_over or chosen >= 3:
            break
        legal = list(state.legal_moves())
        if not state.is_chance and state.current_player == 1 and len(legal) > 1:
            view = state.view(1)
            moves = [bot.choose(view, legal, generator) for bot, generator in zip(bots, rngs)]
            assert moves[0] == moves[1]
            assert moves[0] in legal
            chosen += 1
        state = state.apply(rng.choice(legal))


def test_a_beliefs_arguments_are_checked() -> None:
    view = load_game("chinchon").new_game(None, 2, 1).view(1)
    cases: list[tuple[dict[str, Any], type[Exception]]] = [
        ({"particles": 0}, InvalidValueError),
        ({"particles": MAX_PARTICLES + 1}, InvalidValueError),
        ({"particles": True}, InvalidValueError),
        ({"replay_moves": -1}, InvalidValueError),
        ({"replay_moves": 1.5}, InvalidValueError),
        ({"seed": "1"}, InvalidArgumentError),
        ({"model": object()}, InvalidArgumentError),
    ]
    for options, error in cases:
        with pytest.raises(error):
            Belief(**options)
    belief = Belief(particles=2)
    with pytest.raises(InvalidArgumentError, match="update it first"):
        belief.worlds(1, seed=0)
    with pytest.raises(InvalidArgumentError):
        belief.update("draw")
    belief.update(view)
    with pytest.raises(InvalidArgumentError, match="follows seat 1"):
        belief.update(load_game("chinchon").new_game(None, 2, 1).view(0))
    for count, seed, error in [
        (-1, 0, InvalidValueError),
        (MAX_PARTICLES + 1, 0, InvalidValueError),
        (1, "0", InvalidArgumentError),
        (1.0, 0, InvalidArgumentError),
    ]:
        with pytest.raises(error):
            belief.worlds(count, seed)  # type: ignore[arg-type]
    for seat, card in [(5, 0), (-1, 0), (0, 999)]:
        with pytest.raises(InvalidValueError):
            belief.card_probability(seat, card)
    wrong: list[tuple[Any, Any]] = [("0", 0), (0, "1"), (0, 1.0)]
    for seat, card in wrong:
        with pytest.raises(InvalidArgumentError):
            belief.card_probability(seat, card)
    with pytest.raises(InvalidValueError):
        SoftGreedy(temperature=0)
    bad: list[dict[str, Any]] = [
        {"worlds": 0},
        {"candidates": -1},
        {"replay_moves": -1},
        {"margin": "1"},
    ]
    for options in bad:
        with pytest.raises(InvalidBotSpecError):
            BeliefSearchBot(**options)
