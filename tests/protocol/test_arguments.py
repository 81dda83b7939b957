"""Every game's bots and text helpers check their arguments: a promise of every game,
checked over every registered game, the game ``examples/add_a_game.py`` adds (its text
helpers are the core's defaults) and the toy game of the adapters' tests.

A bot's ``choose`` refuses what it cannot choose from (no move, a text or a number in
place of the moves, something that is not a seat's view, a generator that is not a
:class:`random.Random`), and a text helper (``board``, ``turn_hint``, ``events``,
``status``, ``final``, ``move``, ``meld``, ``meld_value``, ``meld_total``) refuses what is
not a state, a seat, a list of names, a flag, a move, a meld or a total, each with an
error of the library (:class:`~scala40.errors.InvalidArgumentError` or
:class:`~scala40.errors.InvalidValueError`) that names what was wrong, before any work.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from scala40.bots import bot_factories
from scala40.errors import InvalidArgumentError, InvalidValueError, Scala40Error
from scala40.game import Game, game_names, load_game
from scala40.melds import check_meld
from scala40.texts import text_of
from tests.adapters import toygame
from tests.example_game import load_example
from tests.hostile import HUGE, FailingRepr

WRONG_VALUES: list[Any] = [None, 3, -1, HUGE, 1.5, float("nan"), True, "draw", b"x", [], {}]
"""Values a careless caller passes in place of any argument."""


def _games() -> list[Game]:
    return [load_game(name) for name in game_names()] + [load_example().GAME, toygame.GAME]


def _bots() -> Iterator[Any]:
    for game in _games():
        for name in bot_factories(game):
            yield pytest.param(game, name, id=f"{game.name}-{name}")


def _deciding(game: Game) -> Any:
    """A state of ``game`` whose seat to move has a choice (chance steps played)."""
    state = game.new_game(None, game.default_players, 3)
    while state.current_player is None and not state.is_over:
        state = state.apply(state.legal_moves()[0])
    return state


@pytest.mark.parametrize(("game", "name"), list(_bots()))
def test_a_bots_choose_refuses_what_it_cannot_choose_from(game: Game, name: str) -> None:
    # C-SEAT: a bot decides for the view's seat among that seat's legal moves.
    state = _deciding(game)
    view = state.view(state.current_player)
    legal = list(state.legal_moves())
    bot: Any = bot_factories(game)[name]()  # given wrong arguments on purpose
    rng = random.Random(0)
    with pytest.raises(InvalidValueError, match="none"):
        bot.choose(view, [], rng)
    for wrong in [*WRONG_VALUES, FailingRepr(), state]:
        with pytest.raises(InvalidArgumentError, match="view"):
            bot.choose(wrong, legal, rng)
    for wrong in ["draw", b"draw", 3, None, [*legal, "draw"], [*legal, 7], [None]]:
        with pytest.raises(InvalidArgumentError, match="moves"):
            bot.choose(view, wrong, rng)
    if name in ("random", "playout", "montecarlo", "ismcts"):
        # The searches and the random bot draw on ``rng``; a greedy bot may ignore it.
        for wrong in (None, 7, "seed", random):
            with pytest.raises(InvalidArgumentError):
                bot.choose(view, legal, wrong)


def _helper_calls(game: Game) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each text helper with good arguments, by name."""
    state = _deciding(game)
    names = [f"P{seat}" for seat in range(state.player_count)]
    meld = check_meld("7S 8S 9S")
    move = state.legal_moves()[0]
    yield "board", {"state": state, "seat": 0, "names": names, "unicode": False}
    yield "turn_hint", {"state": state}
    yield "events", {"before": state, "after": state, "names": names}
    yield "status", {"state": state}
    yield "final", {"state": state, "names": names}
    yield "move", {"move": move, "unicode": False}
    yield "meld", {"meld": meld, "unicode": False}
    yield "meld_value", {"meld": meld}
    yield "meld_total", {"total": 40, "rules": state.rules}


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_the_text_helpers_refuse_wrong_arguments(game: Game) -> None:
    # Each argument but ``rules`` (which a game's ``meld_total`` may ignore) replaced by
    # each wrong value: refused with an error of the library, never answered.
    for helper, good in _helper_calls(game):
        call = getattr(text_of(game), helper)
        call(**good)
        for argument in good:
            if argument == "rules":
                continue
            for wrong in [*WRONG_VALUES, FailingRepr()]:
                if (argument in ("seat", "total") and wrong == 3) or (
                    argument == "unicode" and wrong is True
                ):
                    continue  # a seat of a four-seat game, a total, a flag
                with pytest.raises((InvalidArgumentError, InvalidValueError)):
                    call(**{**good, argument: wrong})


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.name)
def test_new_game_refuses_a_number_of_players_the_rules_do_not_allow(game: Game) -> None:
    """C-SEAT: ``new_game`` takes the players the rules allow; a number out of range is a
    bad argument's value (:class:`InvalidValueError`), anything but an integer a bad
    argument (:class:`InvalidArgumentError`), never an invalid state."""
    rules: Any = game.resolve_rules(None)
    for players in (-1, 0, rules.min_players - 1, rules.max_players + 1, HUGE):
        with pytest.raises(InvalidValueError, match="players must be from"):
            game.new_game(rules, players, 1)
    for wrong in ("two", 2.0, True, None, [2]):
        with pytest.raises(InvalidArgumentError, match="players must be an integer"):
            game.new_game(rules, wrong, 1)


@pytest.mark.parametrize("game", _games()[:-1], ids=lambda game: game.name)
def test_a_seat_out_of_range_is_a_value_error_and_a_seat_of_no_integer_a_type_error(
    game: Game,
) -> None:
    """The defect: ``state.view(5)`` raised :class:`InvalidArgumentError`, a
    ``TypeError``, and slipped past the ``except ValueError`` the 0.2.0 changelog says
    still works. One meaning per class: a seat of the right kind but out of range is an
    :class:`InvalidValueError` (a ``ValueError``), anything but an integer an
    :class:`InvalidArgumentError` (a ``TypeError``), for a state's view, a view's view of
    another seat's decision, and the observations' seats (every game on the core: the
    toy game's own checks are a test double's)."""
    state = _deciding(game)
    count = state.player_count
    calls = [state.view]
    observation = getattr(game, "observation", None)
    if observation is not None:
        calls.append(lambda seat: observation.encode(state.view(seat)))
    for call in calls:
        for seat in (-1, count, count + 3, HUGE):
            with pytest.raises(ValueError, match=r"from 0|no seat") as caught:
                call(seat)
            assert isinstance(caught.value, Scala40Error)
            assert not isinstance(caught.value, TypeError)
        for wrong in ("0", 0.0, True, None, [0]):
            with pytest.raises(TypeError) as refused:
                call(wrong)
            assert isinstance(refused.value, Scala40Error)
